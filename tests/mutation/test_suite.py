"""What kills a mutant (tests/mutation/suite.py), checked on the real engine in the default run."""

from __future__ import annotations

from pathlib import Path

import pytest

from checker.engine.context import Ctx
from checker.scenarios.suite import SCENARIOS_DIR, load_all, run_all, runs
from tests.mutation import suite


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> tuple[set[suite.Run], set[suite.Run]]:
    loaded, problems = load_all([SCENARIOS_DIR])
    assert problems == []
    labels = [(sc.path, label) for sc in loaded for label in sc.labels]
    path = tmp_path_factory.mktemp("mutation") / "baseline.json"
    suite.record_baseline(path, list(zip(labels, run_all(runs(loaded)), strict=True)))
    suite.BASELINE, saved = path, suite.BASELINE
    try:
        got = suite.baseline()
    finally:
        suite.BASELINE = saved
    assert got is not None
    return got


def test_the_real_engine_kills_nothing(recorded: tuple[set[suite.Run], set[suite.Run]]) -> None:
    passing, unused = recorded
    assert len(passing) > 1000 and unused == set()
    assert suite.failing_runs(recorded, first_only=False) == []


def test_a_change_that_keeps_every_answer_but_uses_no_cited_rule_is_killed(
        recorded: tuple[set[suite.Run], set[suite.Run]], monkeypatch: pytest.MonkeyPatch) -> None:
    """Every step cited as a mere announcement: the answers stay, the scenarios test nothing they name."""
    monkeypatch.setattr(Ctx, "cite", Ctx.announce)
    failures = suite.failing_runs(recorded)  # stops after the first scenario with a loss
    assert failures and all(f.endswith("any more (decorative)") for f in failures), failures
    assert len({f.split(":")[0] for f in failures}) == 1


def test_a_run_that_fails_is_killed(recorded: tuple[set[suite.Run], set[suite.Run]], tmp_path: Path,
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(self: Ctx, step: str, message: str) -> None:
        self.illegal(step, message)

    monkeypatch.setattr(Ctx, "cite", refuse)
    failures = suite.failing_runs(recorded)
    assert len(failures) == 1 and "decorative" not in failures[0], failures
