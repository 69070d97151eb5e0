"""Every parameter can fail a scenario: each other valid value of each parameter breaks some passing answer."""

from __future__ import annotations

from checker.scenarios.killmatrix import kill_matrix, survivors
from checker.scenarios.suite import SCENARIOS_DIR, load_all
from reference.parameters import NAMES
from reference.rulesets import rulesets


def test_every_parameter_value_is_killed_by_some_scenario() -> None:
    loaded, problems = load_all([SCENARIOS_DIR])
    assert problems == []
    matrix = kill_matrix(loaded, rulesets(), first_only=True)
    assert {m.parameter for m in matrix} == NAMES  # every parameter is read by some scenario
    alive = survivors(matrix)
    assert alive == {}, "\n".join(f"{p} = {v} fails no scenario under {[m.ruleset for m in ms]}"
                                  for (p, v), ms in sorted(alive.items()))


def test_the_runs_already_made_give_the_same_matrix() -> None:
    """The site passes the outcomes it has (checker/site/build.py): the matrix is the one running them again gives."""
    from checker.scenarios.suite import run_all, runs

    loaded, _ = load_all([SCENARIOS_DIR])
    outcomes = list(run_all(runs(loaded)))
    assert kill_matrix(loaded, rulesets(), first_only=True, outcomes=outcomes) == kill_matrix(
        loaded, rulesets(), first_only=True)
