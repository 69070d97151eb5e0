"""Editions as data: every parameter and step the engine reads is defined, owned, and changes answers."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from checker.engine.setup import Setup
from checker.scenarios.load import load_scenario
from checker.scenarios.run import run
from reference.corpus import corpus
from reference.problems import ProblemsError
from reference.rulesets import RULESETS_FILE, load_rulesets, rulesets
from tests.conftest import ROOT

ENGINE = ROOT / "checker" / "engine"
PARAM_USE = re.compile(r'(?:ctx\.p|ctx\.prule|cite_param|illegal_param)\(\s*"([a-z_]+)"|\bparam="([a-z_]+)"')
STEP_USE = re.compile(r'(?:ctx\.cite|ctx\.illegal|ctx\.step)\(\s*"([a-z_]+)"|ctx, "([a-z_]+)"|\bstep="([a-z_]+)"')


def _used(pattern: re.Pattern[str]) -> set[str]:
    found: set[str] = set()
    for f in ENGINE.rglob("*.py"):
        for m in pattern.finditer(f.read_text()):
            found |= {g for g in m.groups() if g}
    return found


def test_every_parameter_the_engine_reads_is_defined_by_every_ruleset() -> None:
    used = _used(PARAM_USE)
    assert len(used) >= 12
    for name, rs in rulesets().items():
        assert sorted(used - set(rs.parameters)) == [], name


def test_every_step_the_engine_cites_has_a_rule_in_every_ruleset() -> None:
    used = _used(STEP_USE)
    for name, rs in rulesets().items():
        assert sorted(used - set(rs.steps)) == [], name


def test_parameters_and_steps_are_owned_by_existing_rules() -> None:
    rules = corpus().rules
    for rs in rulesets().values():
        assert all(p.rule in rules for p in rs.parameters.values())
        assert all(r in rules for r in rs.steps.values())


def test_editions_differ_only_in_data() -> None:
    code = "\n".join(f.read_text() for f in ENGINE.rglob("*.py"))
    for name in rulesets():
        assert f'"{name}"' not in code, f"the engine names the ruleset {name}"


DISCARD_TWO = """
title: Discarding two cards
question: May Alice discard two cards in her discard phase?
tests: ["ref14:II.E"]
rulesets: [jyhad-1.4]
setup:
  players: [{name: alice}, {name: bob}]
  phase: discard
steps:
  - discard: {cards: 2}
expect:
  illegal: "ref14:II.E"
"""


def test_changing_a_value_in_the_reference_data_changes_the_answer(tmp_path: Path) -> None:
    scenario = tmp_path / "discard.yaml"
    scenario.write_text(DISCARD_TWO)
    rules = set(corpus().rules)
    loaded = load_scenario(scenario, rules, rulesets())
    before = run(loaded, rulesets()["jyhad-1.4"])
    assert before.status == "pass" and before.illegal and before.illegal["rule"] == "ref14:II.E"

    data = yaml.safe_load(RULESETS_FILE.read_text())
    data["rulesets"]["jyhad-1.4"]["parameters"]["discard_limit"]["value"] = 2
    edited = tmp_path / "rulesets.yaml"
    edited.write_text(yaml.safe_dump(data, allow_unicode=True))
    after = run(loaded, load_rulesets(corpus(), edited)["jyhad-1.4"])
    assert after.illegal is None and after.status == "fail"
    assert after.answer["players"]["alice"]["ash_heap"] == 2


def test_a_broken_rulesets_file_names_file_line_and_field(tmp_path: Path) -> None:
    text = RULESETS_FILE.read_text().replace('rule: "ref14:II.E"}', 'rule: "ref14:II.Z"}')
    text = text.replace("extends: jyhad-1.4\n    parameters:\n      starting_pool: {value: 15",
                        "extends: jyhad-9\n    parameters:\n      starting_pool: {value: 15")
    bad = tmp_path / "rulesets.yaml"
    bad.write_text(text)
    with pytest.raises(ProblemsError) as exc:
        load_rulesets(corpus(), bad)
    messages = [str(p) for p in exc.value.problems]
    assert any("parameters.discard_limit.rule: unknown rule id 'ref14:II.Z'" in m for m in messages)
    assert any("solitaire.extends: unknown ruleset 'jyhad-9'" in m for m in messages)
    assert all(re.match(r".*rulesets\.yaml:\d+: ", m) for m in messages)


def test_setup_model_is_strict() -> None:
    with pytest.raises(ValueError):
        Setup.model_validate({"players": [{"name": "a"}, {"name": "b"}], "colour": "red"})


def test_fallbacks_are_foreign_existing_and_used(tmp_path: Path) -> None:
    data = yaml.safe_load(RULESETS_FILE.read_text())
    data["rulesets"]["jyhad-1.4"]["fallbacks"].update({
        "ref14:II.E": "a rule of ref14 itself cannot be a fallback of jyhad-1.4",
        "rb95:6.4.bleeed": "a misspelt rule id is refused with a suggestion",
        "rb95:6.4.hunt.step2": "a fallback that no step or parameter cites is stale"})
    bad = tmp_path / "rulesets.yaml"
    bad.write_text(yaml.safe_dump(data, allow_unicode=True))
    with pytest.raises(ProblemsError) as exc:
        load_rulesets(corpus(), bad)
    messages = [str(p) for p in exc.value.problems]
    assert any("ref14:II.E is from one of jyhad-1.4's own sources" in m for m in messages), messages
    assert any("unknown rule id 'rb95:6.4.bleeed' (did you mean" in m for m in messages), messages
    assert any("rb95:6.4.hunt.step2 is cited by no step or parameter of jyhad-1.4: remove the fallback" in m
               for m in messages), messages
    assert len(messages) == 3 and all(".fallbacks." in m for m in messages), messages


def test_fallbacks_are_inherited_while_foreign() -> None:
    eds = rulesets()
    assert "rb95:8.1.1.damage" in eds["jyhad-1.4"].fallbacks
    assert "rb95:8.1.1.damage" in eds["solitaire"].fallbacks  # sources sol, ref14: still borrowed
    assert "rb95:8.1.1.damage" not in eds["vtes-basic"].fallbacks  # rb95 is its own source
    assert eds["jyhad-1.4"].borrowed_note("rb95:8.1.1.damage") == "not stated in ref14; rb95 says"
    assert eds["solitaire"].borrowed_note("rb95:8.1.1.damage") == "not stated in sol or ref14; rb95 says"
    assert eds["jyhad-1.4"].borrowed_note("ref14:II.E") is None
