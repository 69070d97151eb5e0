"""Errata: the impact of flipping a parameter, suspect scenarios, and the graph's history edges."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from checker.scenarios.impact import Impact, impact
from checker.scenarios.lock import LOCK_NAME, read_lock, suspects
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
