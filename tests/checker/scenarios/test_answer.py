"""The answer in words: one sentence per edition from the engine's answer, and what differs between editions.

Each expected sentence is what the rules say (the rule quoted beside it); the sentence itself is
computed from the run, so a change in the engine's answer changes it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from checker.cli import app
from checker.scenarios.answer import SAME, ScenarioAnswer, changes, scenario_answer, state_rows, summary
from checker.scenarios.load import LoadedScenario, load_scenario
from checker.scenarios.run import Outcome, run
from reference.corpus import corpus
from reference.rulesets import rulesets
from tests.conftest import ROOT

runner = CliRunner()
BLEED = ROOT / "scenarios/actions/bleed-gets-the-edge.yaml"
TAPPED = ROOT / "scenarios/actions/tapped-minion-cannot-act.yaml"
TORPOR = ROOT / "scenarios/combat/dmg-damage-beyond-blood-torpor-or-burned.yaml"
RESCUE = ROOT / "scenarios/actions/rescue-wrong-cost-illegal.yaml"
TRANSFERS = ROOT / "scenarios/phases/transfers-three-players-game-turn-3.yaml"
VARIANT = ROOT / "scenarios/actions/ally-employs-a-retainer.yaml"


def _answered(path: Path) -> tuple[LoadedScenario, list[Outcome], ScenarioAnswer]:
    eds = rulesets()
    loaded = load_scenario(path, set(corpus().rules), eds)
    outcomes = [run(loaded, loaded.ruleset_for(label, eds)) for label in loaded.labels]
    return loaded, outcomes, scenario_answer(outcomes, eds, loaded)


def _sentences(path: Path) -> dict[str, str]:
    return {r.ruleset: r.sentence for r in _answered(path)[2].runs}


def test_an_unblocked_bleed_costs_the_prey_a_pool_and_gives_the_edge() -> None:
    # ref14 II.C.1.a "Your Prey loses one pool"; II.C.1.b "You get the Edge if you bleed for one or more pool";
    # III.A "Acting Minion is tapped". Carol had the Edge in the setup.
    said = _answered(BLEED)[2]
    assert {r.ruleset: r.sentence for r in said.runs} == dict.fromkeys(
        ("jyhad-1.4", "vtes-basic", "vtes-advanced"),
        "Bob loses 1 pool, Cassandra is tapped and Alice takes the Edge from Carol.")
    assert said.difference == SAME and not said.differs


def test_the_editions_are_named_in_words_with_their_ids() -> None:
    editions = [r.edition for r in _answered(BLEED)[2].runs]
    assert editions == ["Jyhad Complete Rules Reference 1.4 (jyhad-1.4)",
                        "V:TES Basic Game, 1995 rulebook (vtes-basic)",
                        "V:TES advanced rules, 1.4 reference with the combat timing outline (vtes-advanced)"]


def test_damage_beyond_blood_sends_to_torpor_or_burns_and_the_difference_is_said() -> None:
    # ref14 V.D.6.c / cto VI.E.3: "placed in Torpor with no blood"; rb95 8.1.1: "he is burned".
    # Eliza's hand strike still hits Cassandra for 1 (rb95 8.1.1: damage is simultaneous).
    said = _answered(TORPOR)[2]
    sentences = {r.ruleset: r.sentence for r in said.runs}
    assert sentences["jyhad-1.4"] == sentences["vtes-advanced"] == \
        "Cassandra loses 1 blood; Eliza loses 2 blood and goes to torpor."
    assert sentences["vtes-basic"] == "Cassandra loses 1 blood and Eliza is burned."
    assert said.differs
    assert said.difference == ("Under jyhad-1.4 and vtes-advanced, Eliza loses 2 blood and goes to torpor. "
                               "Under vtes-basic, Eliza is burned.")


def test_a_refused_step_names_the_rule_that_refused_it_and_the_editions_still_agree() -> None:
    # ref14 II.C note: "Any untapped Minion may take any one of the following actions"; rb95 2: a tapped card
    # "cannot be used again until it is untapped". Each edition cites its own document: the same answer.
    said = _answered(TAPPED)[2]
    sentences = {r.ruleset: r.sentence for r in said.runs}
    first = "Bob loses 1 pool, Cassandra is tapped and Alice takes the Edge. "
    assert sentences["jyhad-1.4"] == first + ("Step 2 (bleed) is refused: Cassandra is tapped and cannot act "
                                              "until it untaps (rule ref14:II.C.note1).")
    assert sentences["vtes-basic"].endswith("(rule rb95:2.tapping).")
    assert said.difference == SAME


def test_an_illegal_first_step_changes_nothing() -> None:
    # ref14 II.C.8.c: "When used to Rescue, this Action costs two blood."
    assert set(_sentences(RESCUE).values()) == {
        "Step 1 (rescue) is illegal: rescue costs 2 blood, paid by Cassandra or Dom (rule ref14:II.C.8.c), "
        "so nothing changes."}


def test_an_illegal_later_step_stops_the_scenario_and_the_editions_part_on_it() -> None:
    # ref14 II.D.1.a: 1 transfer on carol's first turn; rb95 9: 3 on game turn 3 of a three-player game.
    said = _answered(TRANSFERS)[2]
    sentences = {r.ruleset: r.sentence for r in said.runs}
    assert sentences["jyhad-1.4"] == (
        "Carol loses 1 pool and Cyrus gains 1 blood. Step 2 (influence) is illegal: this needs 2 transfers and only "
        "0 are left this turn (rule ref14:II.D.1.a), and the scenario stops there.")
    assert sentences["vtes-basic"].startswith("Carol loses 3 pool and Cyrus gains 3 blood. Step 3 (influence)")
    assert said.difference.startswith("Under jyhad-1.4 and vtes-advanced, step 2 (influence) is illegal")
    assert "step 3 is never reached" in said.difference
    assert "Under vtes-basic, step 2 is allowed; step 3 (influence) is illegal" in said.difference


def test_a_variant_is_named_as_its_edition_read_another_way() -> None:
    said = _answered(VARIANT)[2]
    variant = next(r for r in said.runs if r.ruleset == "step1-reading")
    assert variant.edition == ('V:TES Basic Game, 1995 rulebook, read with retainer_employers = "vampires" '
                               "(step1-reading, a variant of vtes-basic)")
    assert variant.sentence.startswith("Step 1 (employ retainer) is illegal: Tasha is an ally")
    assert said.difference.endswith("Alice is unchanged; Tasha is unchanged.")


def test_the_sentence_follows_the_engines_answer_not_the_file() -> None:
    outcome = _answered(BLEED)[1][0]
    assert outcome.before is not None and outcome.before["players"]["bob"]["pool"] == 30
    moved = json.loads(json.dumps(outcome.answer))
    moved["players"]["bob"]["pool"] = 27
    moved["game"]["edge"] = "nobody"
    words = [c.text for c in changes(outcome.before, moved)]
    assert words == ["Bob loses 3 pool", "Cassandra is tapped", "Carol loses the Edge"]
    assert changes(outcome.before, outcome.before) == []


def test_before_and_after_in_words() -> None:
    outcome = _answered(TORPOR)[1][0]
    rows = {who: (before, after) for who, before, after in state_rows(outcome.before or {}, outcome.answer)}
    assert rows["Eliza (Bob)"] == ("2 blood, ready", "0 blood, torpor")
    assert rows["Bob"][0] == rows["Bob"][1]


def test_a_question_without_expectations_is_answered_in_words(tmp_path: Path) -> None:
    (tmp_path / "q.yaml").write_text(BLEED.read_text(encoding="utf-8").split("expect:")[0], encoding="utf-8")
    _, outcomes, said = _answered(tmp_path / "q.yaml")
    assert all(o.status == "answered" for o in outcomes)
    assert said.runs[0].sentence.startswith("Bob loses 1 pool")
    nothing = tmp_path / "nothing.yaml"
    nothing.write_text((tmp_path / "q.yaml").read_text().split("steps:")[0], encoding="utf-8")
    assert {r.sentence for r in _answered(nothing)[2].runs} == {"Nothing changes."}


def test_ask_prints_the_answer_before_the_trace() -> None:
    result = runner.invoke(app, ["ask", str(TORPOR)])
    assert result.exit_code == 0, result.stdout + result.stderr
    out = " ".join(result.stdout.split())  # the terminal wraps long lines
    answer = out.index("V:TES Basic Game, 1995 rulebook (vtes-basic): Cassandra loses 1 blood and Eliza is burned.")
    assert answer < out.index("Under vtes-basic, Eliza is burned.") < out.index("step 1: combat")
    assert "Eliza (bob): 0 blood, torpor" in out  # the state list after the trace is still there


def test_check_and_ask_json_carry_the_sentence() -> None:
    records = json.loads(runner.invoke(app, ["check", str(TAPPED), "--json"]).stdout)
    assert [r["summary"] for r in records] == [summary(o) for o in _answered(TAPPED)[1]]
    assert all(r["summary"].startswith("Bob loses 1 pool") and "trace" in r for r in records)
    asked = json.loads(runner.invoke(app, ["ask", str(TORPOR), "--json"]).stdout)
    basic = next(r for r in asked if r["ruleset"] == "vtes-basic")
    assert basic["summary"] == "Cassandra loses 1 blood and Eliza is burned."
    assert basic["difference"].startswith("Under jyhad-1.4 and vtes-advanced") and basic["answer"]


def test_ask_markdown_lists_the_answers_and_folds_the_trace() -> None:
    result = runner.invoke(app, ["ask", "--format", "markdown", str(TORPOR), str(BLEED)])
    assert result.exit_code == 0, result.stderr
    md = result.stdout
    assert md.startswith("### Eliza has 2 blood and takes 3 normal damage from Cassandra's strike. What happens to "
                         "her?\n")
    assert ("- **V:TES Basic Game, 1995 rulebook (vtes-basic)**: Cassandra loses 1 blood and Eliza is burned.\n"
            in md)
    assert "\nUnder jyhad-1.4 and vtes-advanced, Eliza loses 2 blood and goes to torpor. Under vtes-basic, Eliza " \
           "is burned.\n" in md
    details = md.index("<details><summary>Step by step</summary>")
    assert md.index("Eliza is burned.") < details < md.index("  - `rb95:8.1.1.damage`") < md.index("</details>")
    assert md.count("<details>") == 2 and "\n### Alice's Cassandra bleeds Bob" in md and f"\n{SAME}\n" in md


def test_markdown_keeps_scenario_text_inert(tmp_path: Path) -> None:
    from tests.checker.site.conftest import HOSTILE

    (tmp_path / "hostile.yaml").write_text(HOSTILE, encoding="utf-8")
    result = runner.invoke(app, ["ask", "--format", "markdown", str(tmp_path / "hostile.yaml")])
    assert result.exit_code == 0, result.stderr
    md = result.stdout
    for bad in ("<script>", "<img", "<iframe", "<b id", "**bold**", "[link](http"):
        assert bad not in md, bad
    assert "&lt;script&gt;" in md and r"\*\*bold\*\* \[link\]" in md


@pytest.mark.parametrize("fmt", ["markdown", "text"])
def test_ask_reports_unreadable_files_and_answers_the_others(tmp_path: Path, fmt: str) -> None:
    (tmp_path / "bad.yaml").write_text("title: x\n", encoding="utf-8")
    result = runner.invoke(app, ["ask", "--format", fmt, str(BLEED), str(tmp_path / "bad.yaml")])
    assert result.exit_code == 2
    assert "Alice takes the Edge from Carol" in " ".join(result.stdout.split())
    assert "bad.yaml:1: question: Field required" in result.stderr
    if fmt == "markdown":
        assert "### Files that could not be read" in result.stdout
