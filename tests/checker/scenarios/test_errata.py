"""Errata: the impact of flipping a parameter, suspect scenarios, and the graph's history edges."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from checker.scenarios.impact import Impact, compare, impact
from checker.scenarios.load import LoadedScenario, load_scenario
from checker.scenarios.lock import LOCK_NAME, read_lock, suspects
from checker.scenarios.run import Outcome
from checker.scenarios.suite import SCENARIOS_DIR, load_all, run_all, runs
from reference.errata import apply_errata, load_errata, load_erratum
from reference.graph import edges_of
from reference.knowledge import reference
from reference.problems import ProblemsError
from reference.rulesets import base_rulesets, rulesets
from tests.conftest import DATA, ROOT

EXAMPLE = DATA / "errata" / "jyhad-steal-blood-drained.yaml"

# Worked by hand from the scenario files: the jyhad-1.4 runs where a vampire steals blood past
# its capacity and is damaged in the same combat. Kept (ref14 V.D.5.c), the excess heals the
# damage; drained first (the erratum, as cto V.D.2.b.iv), it does not.
CHANGED = {
    "scenarios/combat/dmg-rulebook-example-cassandra-vs-eliza.yaml": "minions.Eliza.blood: 4 -> 3",  # 4+3, hit 1
    "scenarios/combat/dmg-steal-two-below-capacity-while-punched.yaml": "minions.Eliza.blood: 4 -> 3",  # 3+2, hit 1
    "scenarios/combat/dmg-stolen-excess-kept-until-end-of-combat.yaml": "minions.Eliza.blood: 4 -> 2",  # 4+2, hit 2
    "scenarios/combat/steal-blood-at-capacity-while-hit.yaml": "minions.Eliza.blood: 4 -> 3",  # 4+1, hit 1
}


@pytest.fixture(scope="module")
def example_impact() -> Impact:
    loaded, problems = load_all([SCENARIOS_DIR])
    assert problems == []
    return impact(EXAMPLE, reference(), loaded, list(run_all(runs(loaded))))


def test_impact_lists_the_rule_and_exactly_the_changed_answers(example_impact: Impact) -> None:
    assert example_impact.touched == ("ref14:V.D.5.c",)
    assert "ref14:V.D.5" in example_impact.downstream or "cto:V.D.2.b.iv" in example_impact.downstream
    assert {c.scenario: c.differences for c in example_impact.changes} == {k: (v,) for k, v in CHANGED.items()}
    assert all(c.ruleset == "jyhad-1.4" for c in example_impact.changes)
    assert set(CHANGED) <= set(example_impact.citing)


def test_applied_erratum_makes_citing_scenarios_suspect() -> None:
    ref = reference()
    base = base_rulesets()
    proposed = load_erratum(EXAMPLE, ref.corpus, base)
    errata = [*load_errata(ref.corpus, base), proposed]
    editions = apply_errata(base, errata)
    loaded, _ = load_all([SCENARIOS_DIR])
    lock = read_lock(SCENARIOS_DIR / LOCK_NAME)
    assert suspects(loaded, lock, ref.corpus, rulesets(), ref.errata) == []  # the lock is up to date
    flagged = {s.scenario for s in suspects(loaded, lock, ref.corpus, editions, errata)}
    citing = {sc.path for sc in loaded if "ref14:V.D.5.c" in (*sc.scenario.tests, *sc.scenario.cites)}
    assert citing and citing <= flagged


def test_the_historical_errata_are_in_the_graph() -> None:
    ref = reference()
    assert {e.id for e in ref.errata} >= {"steal-blood-drained", "corrected-rulebook-7.2.1",
                                          "corrected-rulebook-15.3", "corrected-rulebook-17.1"}
    kinds = {(e.kind, e.other) for e in edges_of(ref.graph, "ref14:V.D.5.c")}
    assert ("supersedes", "cto:answer.2-3") in kinds
    assert ("corrects", "erratum:steal-blood-drained") in kinds
    assert rulesets()["vtes-advanced"].parameters["steal_blood_excess"].rule == "cto:answer.2-3"
    assert base_rulesets()["vtes-advanced"].value("steal_blood_excess") == "kept"  # only the erratum changes it


def test_a_broken_erratum_lists_every_problem(tmp_path: Path) -> None:
    bad = tmp_path / "broken.yaml"
    bad.write_text("id: other\ntitle: Broken\ndate: '1996'\nauthority: me\nwhy: to test\n"
                   "amends: [{rule: 'ref14:V.D.5.x'}]\nparameters: {steal_blood_exces: kept}\n"
                   "rulesets: [jyhad-1.5]\n")
    with pytest.raises(ProblemsError) as exc:
        load_erratum(bad, reference().corpus, base_rulesets())
    text = str(exc.value)
    for fragment in ("id: the id must be the file's name", "amends[0].rule: unknown rule 'ref14:V.D.5.x'",
                     "rulesets[0]: unknown ruleset 'jyhad-1.5'"):
        assert fragment in text


def _git(cwd: Path, *args: str) -> None:
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t",
           "GIT_COMMITTER_EMAIL": "t@t"}
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, env=env)


def test_diff_reports_nothing_for_a_docs_only_commit(tmp_path: Path) -> None:
    clone = tmp_path / "clone"
    _git(ROOT, "clone", "-q", str(ROOT), str(clone))
    (clone / "docs" / "note.md").write_text("# A note\n\nOnly words.\n")
    _git(clone, "add", "docs/note.md")
    _git(clone, "commit", "-q", "-m", "docs only")
    env = {**os.environ, "PYTHONPATH": str(clone)}
    result = subprocess.run([sys.executable, "-m", "checker.cli", "diff", "--base", "HEAD~1"], cwd=clone, env=env,
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no answer or status differs from HEAD~1" in result.stdout


def test_errata_cli() -> None:
    from typer.testing import CliRunner

    from checker.cli import app

    runner = CliRunner()
    listed = runner.invoke(app, ["errata", "list"])
    assert listed.exit_code == 0 and "steal-blood-drained" in listed.stdout
    shown = runner.invoke(app, ["errata", "impact", str(EXAMPLE)])
    assert shown.exit_code == 0 and "4 answers change" in shown.stdout
    show = runner.invoke(app, ["show", "ref14:V.D.5.c"])
    assert "Erratum steal-blood-drained" in show.stdout


CARD_ERRATUM = DATA / "errata" / "card-magnum-three-damage.yaml"
# Worked by hand: the scenarios that shoot with the real .44 Magnum's strike (its card, not an abstract
# "damage: 2") lose one more blood to the 3R of the proposed text; those that name it abstractly do not change.
CARD_CHANGED = {
    "scenarios/cards/magnum-strikes-at-long-range.yaml": "minions.Eliza.blood: 1 -> 0",
    "scenarios/cards/form-of-the-serpent-stealth-and-maneuver.yaml": "minions.Eliza.blood: 2 -> 1",
    "scenarios/cards/swallowed-by-the-night-stealth-and-maneuver.yaml": "minions.Anneke.blood: 4 -> 3",
    # Eliza's Magnum shoots back at the Sawed-Off Shotgun at long range: 3 instead of 2
    "scenarios/cards/combat-more/sawed-off-shotgun-three-at-range-once-each-combat.yaml":
        "minions.Cassandra.blood: 3 -> 2",
    # Cassandra's Magnum shoots twice around Fake Out and Boxed In: 3 each instead of 2
    "scenarios/cards/fake-out-and-boxed-in-are-replaced-after-combat.yaml": "minions.Eliza.blood: 4 -> 2",
}


def test_a_card_erratum_changes_the_answers_of_scenarios_playing_the_card() -> None:
    loaded, problems = load_all([SCENARIOS_DIR])
    assert problems == []
    result = impact(CARD_ERRATUM, reference(), loaded, [])
    assert result.cards == ("card:100001",)
    assert {c.scenario: c.differences for c in result.changes} == {
        k: (v,) for k, v in CARD_CHANGED.items() for _ in ("jyhad-1.4", "vtes-advanced")}
    assert sorted(c.ruleset for c in result.changes) == sorted(["jyhad-1.4", "vtes-advanced"] * len(CARD_CHANGED))
    assert "scenarios/combat/strike-with-a-weapon-she-carries.yaml" in result.citing  # names the Magnum


def test_a_card_erratum_is_checked_against_its_new_text(tmp_path: Path) -> None:
    bad = tmp_path / "card-bad.yaml"
    bad.write_text(CARD_ERRATUM.read_text(encoding="utf-8").replace("id: card-magnum-three-damage", "id: card-bad")
                   .replace("{damage: 3, ranged: true}", "{damage: 4, ranged: true}")
                   .replace("card: .44 Magnum", "card: .44 Magnun"), encoding="utf-8")
    with pytest.raises(ProblemsError) as exc:
        load_erratum(bad, reference().corpus, base_rulesets())
    assert "cards[0].card: no card named '.44 Magnun'; did you mean: .44 Magnum?" in str(exc.value)
    bad.write_text(bad.read_text(encoding="utf-8").replace(".44 Magnun", ".44 Magnum"), encoding="utf-8")
    with pytest.raises(ProblemsError) as exc:
        load_erratum(bad, reference().corpus, base_rulesets())
    assert "cards[0].parts[1].strike: damage 4 is not in 'Strike: 3R damage'" in str(exc.value)


def _made(folder: Path, name: str, extra: str = "") -> Path:
    """An erratum making the ruleset ``name`` from jyhad-1.4, with ``extra`` (parameters) on top."""
    path = folder / f"{name}.yaml"
    path.write_text(f"id: {name}\ntitle: The 1.4 reference, {name}\ndate: '2026-11-29'\nauthority: LSJ\n"
                    "source: 'cto:answer.2-3'\nwhy: To test a ruleset an erratum makes.\n"
                    "amends: [{rule: 'ref14:V.D.5.c', text: 'c. Steal Blood. Reworded.'}]\n"
                    f"new_ruleset: {{name: {name}, extends: jyhad-1.4, title: The 1.4 reference again}}\n{extra}",
                    encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def suite() -> list[LoadedScenario]:
    loaded, problems = load_all([SCENARIOS_DIR])
    assert problems == []
    return loaded


def test_a_ruleset_made_with_no_change_changes_no_answer(suite: list[LoadedScenario], tmp_path: Path) -> None:
    # held to jyhad-1.4's expectations, its expected refusals are refusals again, not stops
    result = impact(_made(tmp_path, "jyhad-same"), reference(), suite, [])
    assert result.runs > 100 and result.changes == ()


def test_a_made_ruleset_is_compared_with_the_one_it_extends(suite: list[LoadedScenario], tmp_path: Path) -> None:
    # jyhad-1.4 made again with the steal-blood ruling changes exactly what amending jyhad-1.4 does (CHANGED)
    path = _made(tmp_path, "jyhad-drained", "parameters: {steal_blood_excess: drained_before_healing}\n")
    result = impact(path, reference(), suite, [])
    assert {c.scenario: c.differences for c in result.changes} == {k: (v,) for k, v in CHANGED.items()}
    assert {c.ruleset for c in result.changes} == {"jyhad-drained"}


def test_a_scenario_naming_the_made_ruleset_is_compared_with_the_one_it_extends(tmp_path: Path) -> None:
    path = _made(tmp_path, "jyhad-drained", "parameters: {steal_blood_excess: drained_before_healing}\n")
    ref = reference()
    editions = apply_errata(base_rulesets(), [*ref.errata, load_erratum(path, ref.corpus, base_rulesets())])
    scenario = tmp_path / "steal.yaml"
    scenario.write_text((SCENARIOS_DIR / "combat" / "steal-blood-at-capacity-while-hit.yaml").read_text(
        encoding="utf-8").replace("rulesets: [jyhad-1.4, vtes-advanced, vtes-basic]",
                                  "rulesets: [jyhad-1.4, jyhad-drained]"), encoding="utf-8")
    loaded = load_scenario(scenario, set(ref.corpus.rules), editions)
    result = impact(path, ref, [loaded], [])
    # its jyhad-drained run (expecting the drained answer, 3) is played under jyhad-1.4 too (4 + 1 - 1)
    assert result.runs == 1
    assert [(c.ruleset, c.differences) for c in result.changes] == [("jyhad-drained",
                                                                      ("minions.Eliza.blood: 4 -> 3",))]


def test_a_step_refused_under_another_rule_is_a_changed_answer() -> None:
    def outcome(refused: tuple[dict[str, Any], ...]) -> Outcome:
        return Outcome("s.yaml", "jyhad-1.4", "pass", (), {"game": {"turn": "alice"}}, None, (), (), refused)

    refusal = {"step": 2, "key": "bleed", "rule": "ref14:II.C.10.a", "message": "tapped"}
    assert compare(outcome((refusal,)), outcome((refusal,))) is None
    change = compare(outcome((refusal,)), outcome(({**refusal, "rule": "ref14:II.C.note1"},)))
    assert change is not None and change.differences == (
        "step 2 refused (ref14:II.C.10.a) -> refused (ref14:II.C.note1)",)
    change = compare(outcome((refusal,)), outcome(()))
    assert change is not None and change.differences == ("step 2 refused (ref14:II.C.10.a) -> not refused",)


def test_an_erratum_clashing_with_a_project_erratum_is_refused_where_it_says_so(tmp_path: Path) -> None:
    # steal-blood-drained, dated 1996, words ref14:V.D.5.c and sets steal_blood_excess in vtes-advanced
    path = tmp_path / "clash.yaml"
    path.write_text("id: clash\ntitle: A clash\ndate: '1996'\nauthority: LSJ\nwhy: To test.\n"
                    "amends: [{rule: 'ref14:V.D.5.c', text: 'c. Steal Blood. Other words.'}]\n"
                    "parameters: {steal_blood_excess: healed_then_banked}\nrulesets: [vtes-advanced]\n",
                    encoding="utf-8")
    with pytest.raises(ProblemsError) as exc:
        impact(path, reference(), [], [])
    text = str(exc.value)
    assert (f"{path}:6: amends[0].text: ref14:V.D.5.c is given another wording by the erratum steal-blood-drained "
            "of the same date at reference/errata/steal-blood-drained.yaml:") in text
    assert f"{path}:7: parameters.steal_blood_excess: the erratum steal-blood-drained" in text
    path.write_text(path.read_text(encoding="utf-8").replace("'1996'", "'1997'"), encoding="utf-8")
    assert impact(path, reference(), [], []).erratum.when == (1997, 0, 0)  # dated apart: the later one holds


def test_a_card_given_new_text_twice_in_one_erratum_is_refused(tmp_path: Path) -> None:
    twice = tmp_path / "card-twice.yaml"
    lines = CARD_ERRATUM.read_text(encoding="utf-8").replace("id: card-magnum-three-damage", "id: card-twice")
    head, cards = lines.split("cards:\n")
    card, rest = cards.split("rulesets:")
    twice.write_text(f"{head}cards:\n{card}{card}rulesets:{rest}", encoding="utf-8")
    with pytest.raises(ProblemsError) as exc:
        load_erratum(twice, reference().corpus, base_rulesets())
    assert [p.field for p in exc.value.problems] == ["cards[1].card"]
    assert ".44 Magnum (card:100001) is amended again here, as at cards[0] (line " in str(exc.value)
