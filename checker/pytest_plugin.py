"""A pytest plugin: every scenario file under a ``scenarios`` folder is a test item per ruleset.

``pytest scenarios/`` then works with ``-k``, ``-x``, ``-n auto`` and ``--junitxml``.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest

SUFFIXES = (".yaml", ".yml")


@cache
def _known() -> frozenset[str]:
    from reference.corpus import corpus

    return frozenset(corpus().rules)


def pytest_collect_file(parent: pytest.Collector, file_path: Path) -> pytest.Collector | None:
    if file_path.suffix in SUFFIXES and "scenarios" in file_path.parts:
        from checker.scenarios.load import PENDING_RULINGS  # a list beside the scenarios, not a scenario

        if file_path.name != PENDING_RULINGS:
            return ScenarioFile.from_parent(parent, path=file_path)
    return None


class ScenarioError(Exception):
    """A scenario file that does not load, or whose answer is not the expected one."""


class ScenarioFile(pytest.File):
    def collect(self) -> Iterator[pytest.Item]:
        from checker.scenarios.load import load_scenario
        from reference.problems import ProblemsError
        from reference.rulesets import rulesets

        try:
            loaded = load_scenario(self.path, set(_known()), rulesets())
        except ProblemsError as exc:
            yield BrokenScenario.from_parent(self, name="load", problems=[str(p) for p in exc.problems])
            return
        for label in loaded.labels:
            yield ScenarioItem.from_parent(self, name=label, loaded=loaded, ruleset=label)


class BrokenScenario(pytest.Item):
    def __init__(self, *, problems: list[str], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.problems = problems

    def runtest(self) -> None:
        raise ScenarioError("\n".join(self.problems))

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        return str(excinfo.value)

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, 0, f"scenario file {self.path.name}"


class ScenarioItem(pytest.Item):
    def __init__(self, *, loaded: Any, ruleset: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.loaded = loaded
        self.ruleset = ruleset

    def runtest(self) -> None:
        from checker.scenarios.run import run
        from reference.rulesets import rulesets

        outcome = run(self.loaded, self.loaded.ruleset_for(self.ruleset, rulesets()))
        if outcome.status == "fail":
            raise ScenarioError("\n".join(outcome.failures))

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        if isinstance(excinfo.value, ScenarioError):
            return f"{self.loaded.scenario.title} [{self.ruleset}]\n{excinfo.value}"
        return str(super().repr_failure(excinfo))

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, 0, f"{self.path.name} [{self.ruleset}]"
