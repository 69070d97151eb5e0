"""The committed list of rule ids is the corpus's ids: renumbering shows up as a diff."""

from __future__ import annotations

from reference.corpus import Corpus
from reference.golden import IDS_FILE, id_drift, read_ids


def test_golden_ids_match_the_corpus(the_corpus: Corpus) -> None:
    assert id_drift(the_corpus) == ([], [])
    assert read_ids(IDS_FILE) == list(the_corpus.rules)
