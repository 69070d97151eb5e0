"""Which rules the scenarios test (they name them) and exercise (the engine applied them)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from checker.scenarios.run import Outcome


@dataclass
class Coverage:
    """Rule id -> the (scenario, ruleset) runs that test or exercised it, and whether they pass."""

    tested: dict[str, set[tuple[str, str]]] = field(default_factory=dict)
    exercised: dict[str, set[tuple[str, str]]] = field(default_factory=dict)
    failing: set[tuple[str, str]] = field(default_factory=set)

    def passing_exercised(self, rule: str) -> set[tuple[str, str]]:
        return {run for run in self.exercised.get(rule, set()) if run not in self.failing}


def coverage(outcomes: Iterable[Outcome]) -> Coverage:
    cov = Coverage()
    for o in outcomes:
        run = (o.scenario, o.ruleset)
        if o.status == "fail":
            cov.failing.add(run)
        for rule in o.tests:
            cov.tested.setdefault(rule, set()).add(run)
        for rule in o.exercised:
            cov.exercised.setdefault(rule, set()).add(run)
    return cov
