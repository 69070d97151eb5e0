"""Typed parameters: every value in rulesets, errata and scenario variants checked against one model."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from checker.cli import app
from reference.corpus import Corpus
from reference.errata import load_erratum
from reference.parameters import NAMES, check_value
from reference.problems import ProblemsError
from reference.rulesets import RULESETS_FILE, base_rulesets, load_rulesets, rulesets
from tests.conftest import ROOT


def test_every_ruleset_sets_exactly_the_declared_parameters() -> None:
    for name, rs in rulesets().items():
        assert set(rs.parameters) == NAMES, name


@pytest.mark.parametrize(("name", "value", "says"), [
    ("steal_blood_excess", "kpet", "'kept', 'drained_before_healing' or 'healed_then_banked'"),
    ("discard_limit", "two", "valid integer"),
    ("hand_size", -7, "greater than or equal to 0"),
    ("starting_pool", 0, "greater than or equal to 1"),
    ("starting_pool", float("nan"), "valid integer"),
    ("hunt_at_capacity", 1, "valid boolean"),
    ("transfer_schedule", {"by": "own", "first_turns": []}, "'own_turn' or 'game_turn'"),
    ("no_card_action_stealth", {"hunt": 1, "fly": 1}, "Input should be"),
    ("bleed_amonut", 1, "unknown parameter"),
])
def test_bad_values_are_refused_with_the_valid_ones(name: str, value: object, says: str) -> None:
    wrong = check_value(name, value)
    assert wrong is not None and says in wrong


def test_a_misspelt_reading_in_a_variant_is_one_line_and_exit_2(tmp_path: Path) -> None:
    source = (ROOT / "scenarios/actions/bleed-gets-the-edge.yaml").read_text()
    bad = tmp_path / "variant.yaml"
    bad.write_text(source + "variants:\n  other-reading:\n    ruleset: jyhad-1.4\n"
                   "    parameters: {steal_blood_excess: kpet}\n    why: A misspelt reading.\n")
    result = CliRunner().invoke(app, ["ask", str(bad)])
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 2 and "variants.other-reading.parameters.steal_blood_excess" in lines[0]
    assert "'kept', 'drained_before_healing' or 'healed_then_banked'" in lines[0]


def test_a_bad_value_in_the_rulesets_file_names_its_line(the_corpus: Corpus, tmp_path: Path) -> None:
    for old, new, says in (
            ("discard_limit: {value: 1,", 'discard_limit: {value: "two",',
             "rulesets.jyhad-1.4.parameters.discard_limit.value: discard_limit: Input should be a valid integer"),
            ("starting_pool: {value: 15,", "starting_pool: {value: .nan,", "'.nan' is not a finite number")):
        path = tmp_path / "rulesets.yaml"
        path.write_text(RULESETS_FILE.read_text().replace(old, new, 1))
        with pytest.raises(ProblemsError) as exc:
            load_rulesets(the_corpus, path)
        assert says in str(exc.value)


def test_a_bad_value_in_an_erratum_is_refused(the_corpus: Corpus, tmp_path: Path) -> None:
    path = tmp_path / "house.yaml"
    path.write_text('id: house\ntitle: House rule\ndate: "1996"\nauthority: LSJ\nwhy: "A reason."\n'
                    'amends: [{rule: "ref14:II.E"}]\nparameters: {discard_limit: -1}\nrulesets: [jyhad-1.4]\n')
    with pytest.raises(ProblemsError) as exc:
        load_erratum(path, the_corpus, base_rulesets())
    assert "house.yaml:7: parameters.discard_limit" in str(exc.value)


def test_files_written_with_renamed_readings_still_play_and_are_told(tmp_path: Path) -> None:
    """Scenario files are users' files: a reading renamed since they were written is read as its new name."""
    old = tmp_path / "old.yaml"
    old.write_text((ROOT / "scenarios/actions/bleed-gets-the-edge.yaml").read_text()
                   + "variants:\n  old:\n    ruleset: vtes-basic\n    parameters: {steal_blood_excess: "
                     "bank_heal_at_once, mandatory_hunt: true, oust_reward_withheld_if_predator_ousted: "
                     "same_action, control_threshold: capacity}\n    why: Written before the renames.\n")
    result = CliRunner().invoke(app, ["check", str(old)])
    assert result.exit_code == 0, result.stdout + result.stderr
    assert "4 runs: 4 passed" in result.stdout
    for said in ("'bank_heal_at_once' is now called 'drained_before_healing'", "True is now called 'next_action'",
                 "'same_action' is now called 'same_time'", "control_threshold is ignored"):
        assert said in result.stderr
