"""The scenarios exercise every normative step of the combat outlines (ref14 V, cto V and VI), of votes and
withdrawal (ref14 IV and VI, rb95 7 and 10.1), of contests (ref14 II.A.2.d) and of the solitaire variant (sol)."""

from __future__ import annotations

import pytest

from checker.scenarios.coverage import Coverage, coverage
from checker.scenarios.suite import SCENARIOS_DIR, load_all, run_all, runs
from reference.corpus import corpus


@pytest.fixture(scope="module")
def cov() -> Coverage:
    loaded, problems = load_all([SCENARIOS_DIR])
    assert problems == []
    return coverage(run_all(runs(loaded)))


@pytest.mark.parametrize("prefix", ["ref14:V.", "cto:V.", "cto:VI.", "ref14:IV.", "ref14:VI.", "ref14:II.A.2.d",
                                    "rb95:7.", "rb95:10.1", "sol:"])
def test_every_step_is_exercised_by_a_passing_scenario(cov: Coverage, prefix: str) -> None:
    steps = [r.id for r in corpus().rules.values() if r.id.startswith(prefix) and r.normative]
    assert [s for s in steps if not cov.passing_exercised(s)] == []
