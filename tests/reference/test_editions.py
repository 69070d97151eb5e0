"""Editions in time: each ruleset dated from its documents' headers, rulings in force or later, the card pool."""

from __future__ import annotations

from datetime import date

import pytest

from reference.cardlayer import CardLayer, build_card_layer
from reference.corpus import Corpus
from reference.editions import Edition, counts, editions
from reference.rulesets import rulesets


@pytest.fixture(scope="module")
def dated(the_corpus: Corpus) -> dict[str, Edition]:
    return {e.ruleset: e for e in editions(the_corpus, rulesets())}


@pytest.fixture(scope="module")
def layer(the_corpus: Corpus) -> CardLayer:
    return build_card_layer(the_corpus)


def test_dates_come_from_the_corpus_headers(the_corpus: Corpus, dated: dict[str, Edition]) -> None:
    assert the_corpus.documents["rb95"].edition_date == date(1995, 9, 15)  # the V:TES release it came with
    assert dated["vtes-basic"].date == date(1995, 9, 15) and dated["vtes-basic"].document == "rb95"
    assert dated["jyhad-1.4"].date == date(1995, 5, 1) and "April 1995 FAQ" in dated["jyhad-1.4"].basis
    # an edition built from several documents exists once all of them do: its latest document dates it
    assert dated["vtes-advanced"].date == max(the_corpus.documents[s].edition_date for s in ("ref14", "cto", "rb95"))


def test_magnum_rulings_are_later_than_every_edition(layer: CardLayer, dated: dict[str, Edition]) -> None:
    rulings = layer.rulings_on("card:100001")
    assert [r.id for r in rulings] == ["ruling:100001:LSJ-19980302-2", "ruling:G00024:LSJ-20021028"]
    assert not any(e.in_force(r) for r in rulings for e in dated.values())


def test_early_ruling_in_force_only_after_its_day(layer: CardLayer, dated: dict[str, Edition]) -> None:
    betrayer = layer.rulings["ruling:100156:RTR-19941109"]  # RTR 1994-11-09, before every edition
    assert all(e.in_force(betrayer) for e in dated.values())
    between = layer.rulings["ruling:100261:TOM-19950829"]  # after ref14 (1995-05-01), before rb95 (1995-09-15)
    assert not dated["jyhad-1.4"].in_force(between) and dated["vtes-basic"].in_force(between)


def test_card_pool_grows_with_the_sets(layer: CardLayer, dated: dict[str, Edition]) -> None:
    era = [layer.cards[c] for c in layer.era]
    jyhad = counts(dated["jyhad-1.4"], layer.rulings.values(), era)
    basic = counts(dated["vtes-basic"], layer.rulings.values(), era)
    assert jyhad.pool == 437 and basic.pool == 437 + 5  # Jyhad; Jyhad and VTES (1995-09-15)
    assert jyhad.in_force + jyhad.later == basic.in_force + basic.later == len(layer.rulings)
    assert basic.in_force > jyhad.in_force
