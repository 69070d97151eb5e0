"""Search by id, section number and words, English and Japanese."""

from __future__ import annotations

import pytest

from reference.corpus import Corpus
from reference.search import SearchIndex


@pytest.fixture(scope="module")
def index(the_corpus: Corpus) -> SearchIndex:
    return SearchIndex(the_corpus)


@pytest.mark.parametrize(("query", "first"), [
    ("6.3.2", "rb95:6.3.2"),
    ("V.D.5.c", "ref14:V.D.5.c"),
    ("rb95:8.3", "rb95:8.3"),
    ("steal blood", "rb95:8.3.steal-blood"),
    ("first strike", "rb95:8.3.first-strike"),
    ("エッジ", "ja23:edge"),
    ("Edge", "rb95:4.4"),
])
def test_right_rule_first(index: SearchIndex, query: str, first: str) -> None:
    assert index.search(query)[0].rule.id == first


def test_words_find_every_document_that_states_it(index: SearchIndex) -> None:
    found = {h.rule.id for h in index.search("steal blood", limit=10)}
    assert {"ref14:V.D.5.c", "cto:V.D.2.b.iv", "rb95:8.3.steal-blood"} <= found


def test_stemming_and_short_japanese(index: SearchIndex) -> None:
    assert "rb95:6.4.hunt" in {h.rule.id for h in index.search("hunting")}
    assert any(h.rule.source == "ja23" for h in index.search("撤退"))  # two characters


def test_nothing_for_gibberish(index: SearchIndex) -> None:
    assert index.search("zzqxv") == []
    assert index.search("   ") == []
