"""Real vampires in a scenario's setup: fields from the card, the card's text never silently left out."""

from __future__ import annotations

import pytest

from checker.scenarios.load import load_scenario_from
from checker.scenarios.run import run
from reference.corpus import corpus
from reference.problems import ProblemsError
from reference.rulesets import rulesets
from reference.yamlsource import load_text

TEMPLATE = """\
title: A real vampire
question: What does the card give?
tests: ["ref14:II.C.1.a"]
rulesets: [jyhad-1.4]
setup:
  players: [{{name: alice}}, {{name: bob}}]
  phase: minion
  minions:
    - {minion}
steps:
  - bleed: {{actor: {actor}}}
expect: {{}}
"""


def load(minion: str, actor: str = "Adrianne") -> object:
    located = load_text(TEMPLATE.format(minion=minion, actor=actor), "test.yaml")
    return load_scenario_from(located, "test.yaml", set(corpus().rules), rulesets())


def problems(minion: str, actor: str = "Adrianne") -> list[str]:
    with pytest.raises(ProblemsError) as exc:
        load(minion, actor)
    return [str(p) for p in exc.value.problems]


def test_fields_come_from_the_card() -> None:
    loaded = load("{vampire: Adrianne, controller: alice}")
    m = loaded.scenario.setup.minions[0]  # type: ignore[attr-defined]
    assert (m.name, m.capacity, m.clan, m.bleed, m.vampire) == ("Adrianne", 6, "Toreador", 2, "card:200016")
    assert m.disciplines == {"Auspex": "basic", "Celerity": "basic", "Potence": "basic", "Presence": "basic"}


def test_card_modifiers_decide_the_answer() -> None:
    loaded = load("{vampire: Adrianne, controller: alice}")
    outcome = run(loaded, rulesets()["jyhad-1.4"])  # type: ignore[arg-type]
    assert outcome.answer["players"]["bob"]["pool"] == 28  # "+1 bleed."
    assert any("card gives it +1 bleed" in t.message for t in outcome.trace)


def test_accents_and_a_chosen_name() -> None:
    loaded = load("{name: Donal, vampire: \"Donal O'Connor\", controller: alice, ignore_text: true}", "Donal")
    m = loaded.scenario.setup.minions[0]  # type: ignore[attr-defined]
    assert (m.name, m.card, m.title, m.capacity) == ("Donal", "Dónal O'Connor", "Prince", 8)


def test_text_not_modelled_is_refused_unless_ignored() -> None:
    [line] = problems("{vampire: Aisha, controller: alice}", "Aisha")
    assert line.startswith("test.yaml:9: setup.minions[0].vampire: Aisha's text is not all modelled: 'Once each "
                           "turn, Aisha can burn 1 blood to get +1 intercept for the current action.'")
    assert "ignore_text: true" in line
    loaded = load("{vampire: Aisha, controller: alice, ignore_text: true}", "Aisha")
    assert loaded.scenario.setup.minions[0].vampire is not None  # type: ignore[attr-defined]


def test_a_field_the_card_sets_cannot_be_written_too() -> None:
    [line] = problems("{vampire: Adrianne, controller: alice, capacity: 9}")
    assert "setup.minions[0].capacity: capacity comes from the card Adrianne (card:200016)" in line


def test_unknown_names_and_library_cards() -> None:
    [line] = problems("{vampire: Adriane, controller: alice}", "Adriane")
    assert line.endswith("no card named 'Adriane'; the nearest: Adrianne, Ariane, Ariadne")
    [line] = problems("{vampire: .44 Magnum, controller: alice}", ".44 Magnum")
    assert line.endswith(".44 Magnum (card:100001) is an Equipment card, not a vampire")


STEPS = """\
title: Real library cards
question: What do the cards do?
tests: ["ref14:II.C.1.a"]
rulesets: [jyhad-1.4]
setup:
  players: [{{name: alice}}, {{name: bob}}]
  phase: minion
  minions:
    - {{name: Cassandra, controller: alice, capacity: 5, blood: 3, disciplines: {{Dominate: superior}}}}
steps:
  - bleed: {{actor: Cassandra, modifiers: [{modifier}]}}
expect: {{}}
"""


def step_problems(modifier: str) -> list[str]:
    located = load_text(STEPS.format(modifier=modifier), "steps.yaml")
    with pytest.raises(ProblemsError) as exc:
        load_scenario_from(located, "steps.yaml", set(corpus().rules), rulesets())
    return [str(p) for p in exc.value.problems]


def test_a_library_card_takes_its_effects_and_requirements() -> None:
    located = load_text(STEPS.format(modifier="{card: Bonding, level: superior}"), "steps.yaml")
    loaded = load_scenario_from(located, "steps.yaml", set(corpus().rules), rulesets())
    modifier = loaded.scenario.steps[0]["bleed"]["modifiers"][0]
    assert modifier == {"name": "Bonding", "bleed_only": True, "stealth": 1, "bleed": 1, "limited": True,
                        "discipline": "Dominate", "superior": True}


@pytest.mark.parametrize(("modifier", "expected"), [
    ("{card: Bondng, level: basic}", "steps.yaml:11: steps[0].bleed.modifiers[0].card: no card named 'Bondng'; "
                                     "the nearest: Bonding"),
    ("{card: .44 Magnum}", "steps.yaml:11: steps[0].bleed.modifiers[0].card: .44 Magnum is an Equipment card: it "
                           "cannot be played as a modifier"),
    ("{card: Bonding}", "steps.yaml:11: steps[0].bleed.modifiers[0].level: Bonding has a basic and a superior text: "
                        "say `level: basic` or `level: superior`"),
    ("{card: Bonding, level: basic, bleed: 3}", "steps.yaml:11: steps[0].bleed.modifiers[0].bleed: bleed comes from "
                                                "the card Bonding (1); remove it"),
    ("{card: Lost in Crowds, level: basic}", "steps.yaml:11: steps[0].bleed.modifiers[0].card: Lost in Crowds's "
                                             "basic text is not all modelled: "),
    ("{card: Plasmic Form, level: superior}", "steps.yaml:11: steps[0].bleed.modifiers[0].card: Plasmic Form's "
                                              "superior text is played as [COMBAT], not as a modifier"),
    ("{card: Enhanced Senses, level: basic}", "steps.yaml:11: steps[0].bleed.modifiers[0].card: Enhanced Senses is a "
                                              "Reaction card: it cannot be played as a modifier"),
])
def test_library_card_problems(modifier: str, expected: str) -> None:
    [line] = step_problems(modifier)
    assert line.startswith(expected), line


def test_a_modifier_played_by_another_vampire_must_say_which() -> None:
    [line] = step_problems("{card: Bonding, level: basic, by: Cassandra}")
    assert line.endswith("Bonding's basic text is played by the acting minion, not `by:` another")
