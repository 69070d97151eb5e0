"""Allies named by their card in a scenario's setup: life, strength, bleed and stealth come from the card."""

from __future__ import annotations

from checker.scenarios.run import run
from reference.rulesets import rulesets
from tests.checker.scenarios.test_realcards import load, problems  # one minion bleeding, from its card


def test_an_ally_card_gives_life_strength_bleed_and_stealth() -> None:
    loaded = load("{ally: Gypsies, controller: alice}", "Gypsies")
    m = loaded.scenario.setup.minions[0]  # type: ignore[attr-defined]
    assert (m.name, m.kind, m.life, m.card_strength, m.card_bleed, m.stealth, m.card) == (
        "Gypsies", "ally", 1, 1, 1, 1, "Gypsies")


def test_the_ally_bleeds_for_its_cards_bleed() -> None:
    loaded = load("{name: PA, ally: Political Ally, controller: alice}", "PA")  # "0 strength, 3 bleed."
    outcome = run(loaded, rulesets()["jyhad-1.4"])  # type: ignore[arg-type]
    assert outcome.answer["players"]["bob"]["pool"] == 27
    assert any("gives it a bleed of 3" in t.message for t in outcome.trace)
    loaded = load("{name: Gang, ally: Loyal Street Gang, controller: alice}", "Gang")  # "1 strength, 0 bleed."
    outcome = run(loaded, rulesets()["jyhad-1.4"])  # type: ignore[arg-type]
    assert outcome.answer["players"]["bob"]["pool"] == 30


def test_a_field_the_card_sets_cannot_be_written_beside_it() -> None:
    said = problems("{ally: Loyal Street Gang, controller: alice, life: 3}", "Loyal Street Gang")
    assert any("life comes from the card Loyal Street Gang" in p for p in said)


def test_only_an_ally_card_and_all_of_its_text() -> None:
    said = problems("{ally: Raven Spy, controller: alice}", "Raven Spy")
    assert any("Raven Spy is a Retainer card" in p for p in said)
    said = problems("{ally: Arms Dealer, controller: alice}", "Arms Dealer")
    assert any("Arms Dealer's any text is not all modelled" in p for p in said)
