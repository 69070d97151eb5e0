"""The committed list of rule ids is the corpus's ids: renumbering shows up as a diff."""

from __future__ import annotations

from pathlib import Path

from reference.cardlayer import build_card_layer
from reference.corpus import Corpus
from reference.golden import CARD_IDS_FILE, IDS_FILE, card_id_drift, card_ids, id_drift, read_ids, render_card_ids


def test_golden_ids_match_the_corpus(the_corpus: Corpus) -> None:
    assert id_drift(the_corpus) == ([], [])
    assert read_ids(IDS_FILE) == list(the_corpus.rules)


def test_golden_card_and_ruling_ids_match_the_package(the_corpus: Corpus) -> None:
    layer = build_card_layer(the_corpus)
    assert card_id_drift(layer) == ([], [])
    assert read_ids(CARD_IDS_FILE) == card_ids(layer)


def test_a_renumbered_or_dropped_ruling_shows_up(the_corpus: Corpus, tmp_path: Path) -> None:
    layer = build_card_layer(the_corpus)
    golden = tmp_path / "card-ids.txt"
    golden.write_text(render_card_ids(layer).replace("ruling:200364:TOM-19951215-1\n", "ruling:200364:TOM-1995\n"),
                      encoding="utf-8")
    assert card_id_drift(layer, golden) == (["ruling:200364:TOM-19951215-1"], ["ruling:200364:TOM-1995"])
