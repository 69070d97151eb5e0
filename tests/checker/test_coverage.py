"""Coverage means an assertion (docs/guide/coverage.md).

Every ``tests:`` id is used by the engine in some run of its scenario (no decorative citations);
announcements exercise nothing, decisions and parameter reads do; and the scenarios exercise
every normative step of the combat outlines (ref14 V, cto V and VI), of votes and withdrawal
(ref14 IV and VI, rb95 7 and 10.1), of contests (ref14 II.A.2.d) and of the solitaire variant (sol).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from checker.cli import app
from checker.scenarios.coverage import Coverage, Statuses, coverage, decorative
from checker.scenarios.load import load_scenario
from checker.scenarios.run import Outcome, TraceLine, run
from checker.scenarios.suite import SCENARIOS_DIR, load_all, run_all, runs
from reference.corpus import Corpus, corpus
from reference.model import SOURCES
from reference.rulesets import rulesets
from reference.untestable import untestable

NOT_MODELLED: dict[str, str] = {}  # rule id -> why the engine does not model it yet (ante, once here, now is)
"""Normative steps of the outlines below that the engine does not model yet, so no run can use them."""


@pytest.fixture(scope="module")
def outcomes() -> list[Outcome]:
    loaded, problems = load_all([SCENARIOS_DIR])
    assert problems == []
    return list(run_all(runs(loaded)))


@pytest.fixture(scope="module")
def cov(outcomes: list[Outcome]) -> Coverage:
    return coverage(outcomes)


def test_no_scenario_names_a_rule_its_runs_never_used(outcomes: list[Outcome]) -> None:
    """A `tests:` id no run exercised is decorative: move it to `cites:` or drop it."""
    assert [f"{scenario}: {rule}" for scenario, rule in decorative(outcomes)] == []


def test_a_decorative_id_is_flagged(tmp_path: Path) -> None:
    source = SCENARIOS_DIR / "withdrawal" / "predator-gets-nothing-when-prey-withdraws.yaml"
    text = source.read_text(encoding="utf-8")
    assert "ref14:VI.D.3" not in text.split("tests:", 1)[1].split("\n", 1)[0]
    path = tmp_path / "scenarios" / "ante.yaml"
    path.parent.mkdir()
    path.write_text(text.replace("tests: [", 'tests: ["ref14:VI.D.3", ', 1), encoding="utf-8")
    loaded = load_scenario(path, set(corpus().rules), rulesets())
    got = decorative([run(loaded, loaded.ruleset_for(label, rulesets())) for label in loaded.labels])
    assert got == [(loaded.path, "ref14:VI.D.3")]


def _outcome(status: str, trace: tuple[TraceLine, ...], tests: tuple[str, ...],
             reads: tuple[tuple[str, str], ...] = ()) -> Outcome:
    return Outcome("s.yaml", "r", status, trace, {}, None, (), tests, (), reads)  # type: ignore[arg-type]


def test_tested_needs_a_passing_expectation_that_used_the_rule() -> None:
    trace = (TraceLine(1, "bleed", "x:1.a", "decided"), TraceLine(1, "bleed", "x:2", "narrated", announce=True),
             TraceLine(2, "hunt", "x:4", "done, then refused", undone=True), TraceLine(2, "hunt", "x:5", "illegal"))
    passing = _outcome("pass", trace, ("x:1", "x:2", "x:3", "x:4", "x:5"), reads=(("hunt_gain", "x:3"),))
    parents = {"x:1.a": "x:1"}
    cov = coverage([passing], parents)
    # x:1 through its part x:1.a, x:3 by a parameter read, x:4 and x:5 by deciding that step 2 is refused
    assert set(cov.tested) == {"x:1", "x:3", "x:4", "x:5"}
    assert set(cov.exercised) == {"x:1", "x:1.a", "x:3", "x:4", "x:5"}
    assert decorative([passing], parents) == [("s.yaml", "x:2")]
    answered = _outcome("answered", trace, ("x:1",))
    assert coverage([answered], parents).tested == {} and coverage([answered], parents).passing_exercised("x:1")
    failing = _outcome("fail", trace, ("x:1",))
    assert coverage([failing], parents).passing_exercised("x:1") == set()


def test_announcements_and_setup_defaults_exercise_nothing() -> None:
    loaded = load_scenario(SCENARIOS_DIR / "politics" / "prince-gives-two-votes.yaml", set(corpus().rules),
                           rulesets())
    o = run(loaded, rulesets()["jyhad-1.4"])
    announced = {t.rule for t in o.trace if t.announce}
    assert {"ref14:IV.D", "ref14:IV.note1"} <= announced  # voting closes; the referendum begins
    assert not announced & set(o.exercised) - {t.rule for t in o.trace if not t.announce}
    assert "ref14:IV.E" in o.exercised  # the count passes or fails the referendum
    assert ("title_votes", "ref14:IV.C.4.c") in o.reads and "ref14:IV.C.4.c" in o.exercised
    assert "starting_pool" not in dict(o.reads)  # the setup's default pools are no rules question
    assert "ref14:I.C" not in o.exercised


def test_ja23_is_tested_when_every_english_rule_it_translates_is(the_corpus: Corpus) -> None:
    ja = next(r.id for r in the_corpus.by_source("ja23") if r.normative)
    run_ = ("s.yaml", "r")
    cov = Coverage(tested={"ref14:I.C": {run_}}, exercised={"ref14:I.C": {run_}, "ref14:I.H": {run_}})
    translations = {ja: ("ref14:I.C", "ref14:I.H")}
    assert Statuses(cov, the_corpus, {}, translations).status(ja) == "exercised"
    cov.tested["ref14:I.H"] = {run_}
    assert Statuses(cov, the_corpus, {}, translations).status(ja) == "tested"
    assert Statuses(Coverage(), the_corpus, {ja: "a reason"}, translations).status(ja) == "not-testable"
    assert Statuses(Coverage(), the_corpus, {}, translations).status(ja) == "untested"


def test_each_normative_rule_is_counted_once(cov: Coverage, the_corpus: Corpus) -> None:
    from checker.scenarios.coverage import statuses

    by_source = statuses(cov).by_source()
    assert [s.source for s in by_source] == list(SOURCES)
    for s in by_source:
        groups = (s.tested, s.exercised_only, s.not_testable, s.untested)
        assert sum(len(g) for g in groups) == s.normative == len({r for g in groups for r in g})
        assert s.normative == sum(1 for r in the_corpus.by_source(s.source) if r.normative)


def test_rules_marked_not_testable_are_not_used(cov: Coverage) -> None:
    """A mark on a rule the engine uses is wrong: the rule is testable."""
    assert [rid for rid in untestable() if cov.passing_exercised(rid)] == []


@pytest.mark.parametrize("prefix", ["ref14:V.", "cto:V.", "cto:VI.", "ref14:IV.", "ref14:VI.", "ref14:II.A.2.d",
                                    "rb95:7.", "rb95:10.1", "sol:"])
def test_every_step_is_exercised_by_a_passing_scenario(cov: Coverage, prefix: str) -> None:
    steps = [r.id for r in corpus().rules.values() if r.id.startswith(prefix) and r.normative]
    marked = untestable()
    assert [s for s in steps if not cov.passing_exercised(s) and s not in marked and s not in NOT_MODELLED] == []


def test_rules_not_modelled_are_still_not_exercised(cov: Coverage) -> None:
    """Once the engine models one, it leaves NOT_MODELLED."""
    assert [rid for rid in NOT_MODELLED if cov.passing_exercised(rid)] == []


def test_check_coverage_prints_the_figures_and_the_lists() -> None:
    runner = CliRunner()
    folder = str(SCENARIOS_DIR / "withdrawal")
    result = runner.invoke(app, ["check", folder, "--coverage", "--json"])
    assert result.exit_code == 0, result.stdout + result.stderr
    data = json.loads(result.stdout)
    assert [s["source"] for s in data["sources"]] == list(SOURCES) and data["decorative"] == []
    ref14 = data["sources"][0]
    assert "ref14:VI.D.5" in ref14["tested"] and "ref14:IV.D" in ref14["not_testable"]
    text = runner.invoke(app, ["check", folder, "--coverage"]).stdout
    assert "Coverage of the normative rules" in text and "exercised only" in text
