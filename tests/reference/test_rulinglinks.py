"""Curated links from rulings to rules: every early ruling applied, bad links one line each."""

from __future__ import annotations

from collections import Counter

import pytest

from reference.cardlayer import CardLayer, build_card_layer
from reference.corpus import Corpus
from reference.problems import ProblemsError
from reference.rulinglinks import load_ruling_links, missing_applies, needs_applies
from tests.conftest import DATA


@pytest.fixture(scope="module")
def layer(the_corpus: Corpus) -> CardLayer:
    return build_card_layer(the_corpus)


def test_every_ruling_of_1994_to_1997_applies_a_rule(layer: CardLayer) -> None:
    early = [r for r in layer.rulings.values() if needs_applies(r)]
    on_cards = [r for r in early if r.subject.startswith("card:")]
    def early_by_others(key: str) -> bool:
        ref = layer.references[key]
        return ref.authority != "LSJ" and ref.date is not None and ref.date.year <= 1997

    by_others = [r for r in on_cards if any(early_by_others(k) for k in r.references)]
    assert len(by_others) == 121  # the count: TOM, SFC, JON and RTR rulings of 1994-1997 on era cards
    assert len(on_cards) == 159 and missing_applies(layer.rulings.values(), layer.links) == []


def test_missing_applies_is_reported(layer: CardLayer) -> None:
    dropped = tuple(link for link in layer.links if link.ruling != "ruling:200364:TOM-19951215-1")
    assert missing_applies(layer.rulings.values(), dropped) == ["ruling:200364:TOM-19951215-1"]


def test_links_point_at_blocking_rules_for_donal(layer: CardLayer) -> None:
    rules = {link.rule for link in layer.links_of("ruling:200364:TOM-19951215-1") if link.kind == "applies"}
    assert "ref14:III.C.1" in rules and "rb95:6.3.2.how-to-block" in rules


def test_kinds_and_topics(layer: CardLayer) -> None:
    kinds = Counter(link.kind for link in layer.links)
    assert kinds["applies"] >= 183 and all(link.topic for link in layer.links if link.kind != "applies")
    assert all(len(link.why) >= 10 for link in layer.links)


def test_bad_links_give_one_line_each(layer: CardLayer, the_corpus: Corpus) -> None:
    with pytest.raises(ProblemsError) as exc:
        load_ruling_links(layer.rulings, the_corpus, DATA / "bad_rulings" / "links")
    lines = [str(p).replace(str(DATA), "tests/data") for p in exc.value.problems]
    f = "tests/data/bad_rulings/links/applies.yaml"
    assert lines == [
        f"{f}:6: [1].ruling: unknown ruling 'ruling:200364:TOM-19951215-9' (did you mean "
        "ruling:200364:TOM-19951215-1, ruling:100236:TOM-19951109, ruling:201355:TOM-19951214-2?)",
        f"{f}:12: [2].to[1]: unknown rule id 'ref14:III.Z.9' (did you mean ref14:II.C.9, ref14:III.D.3, "
        "ref14:III.D.2?)",
        f"{f}:14: [3].topic: an extends link needs a topic",
        f"{f}:21: [4].topic: an applies link has no topic",
        f"{f}:24: [5].kind: Input should be 'applies', 'conflicts_with' or 'extends'",
        f"{f}:27: duplicate applies link ruling:200364:TOM-19951215-1 -> ref14:III.C.1 (first at {f}:2)",
    ]
