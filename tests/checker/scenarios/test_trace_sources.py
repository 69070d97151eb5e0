"""A trace cites its own edition: every rule a run applies or refuses with is from the ruleset's
``sources``, or a fallback the ruleset declares in ``rulesets.yaml`` (and is shown as borrowed)."""

from __future__ import annotations

import pytest

from checker.scenarios.run import Outcome
from checker.scenarios.suite import SCENARIOS_DIR, load_all, run_all, runs
from reference.rulesets import Ruleset, source_of


@pytest.fixture(scope="module")
def played() -> list[tuple[Outcome, Ruleset]]:
    loaded, _ = load_all([SCENARIOS_DIR])  # files that do not load are reported by `rules check`
    pairs = runs(loaded)
    return list(zip(run_all(pairs), (rs for _, rs in pairs), strict=True))


def test_every_trace_line_cites_its_rulesets_sources_or_a_declared_fallback(
        played: list[tuple[Outcome, Ruleset]]) -> None:
    foreign = [f"{o.scenario} [{o.ruleset}] step {t.step} ({t.step_key}): {t.rule} is not from "
               f"{', '.join(rs.sources)} nor a declared fallback ({t.message})"
               for o, rs in played for t in o.trace if not rs.is_own(t.rule) and t.rule not in rs.fallbacks]
    assert not foreign, f"{len(foreign)} trace line(s) cite another edition's rule:\n" + "\n".join(foreign)


def test_a_borrowed_rule_is_marked_in_the_trace(played: list[tuple[Outcome, Ruleset]]) -> None:
    lines = [(rs, t) for o, rs in played for t in o.trace]
    assert any(t.fallback for _, t in lines)
    for rs, t in lines:
        if rs.is_own(t.rule):
            assert t.fallback is None, (rs.name, t)
        elif t.rule in rs.fallbacks:
            assert t.fallback == f"not stated in {' or '.join(rs.sources)}; {source_of(t.rule)} says", t
