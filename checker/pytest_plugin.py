"""A pytest plugin: every scenario file under a ``scenarios`` folder is a test item per ruleset.

``pytest scenarios/`` then works with ``-k``, ``-x``, ``-n auto`` and ``--junitxml``.

Collecting reads only each file's ``rulesets`` and ``variants`` (the item names); the file is loaded
and checked in full by the first of its items to run, once per process. With ``-n``, every worker
collects every file but loads only those it runs, so the workers share the loading as they share
the answering. A broken file is one failing item listing every problem: the ``load`` item when its item
names cannot be read (it is loaded at once), else its first item (the others are skipped, saying where).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from checker.scenarios.load import LoadedScenario
    from reference.problems import ProblemsError

SUFFIXES = (".yaml", ".yml")


@cache
def _known() -> frozenset[str]:
    from reference.corpus import corpus

    return frozenset(corpus().rules)


def pytest_configure(config: pytest.Config) -> None:
    from checker.collector import tune

    tune()  # fewer needless passes of the cyclic garbage collector (checker/collector.py)


def pytest_collect_file(parent: pytest.Collector, file_path: Path) -> pytest.Collector | None:
    if file_path.suffix in SUFFIXES and "scenarios" in file_path.parts:
        from checker.scenarios.load import PENDING_RULINGS  # a list beside the scenarios, not a scenario

        if file_path.name != PENDING_RULINGS:
            return ScenarioFile.from_parent(parent, path=file_path)
    return None


class ScenarioError(Exception):
    """A scenario file that does not load, or whose answer is not the expected one."""


class ScenarioFile(pytest.File):
    _loaded: LoadedScenario | ProblemsError | None = None

    def collect(self) -> Iterator[pytest.Item]:
        labels = _labels(self.path)
        if labels is None:  # not even the names: load now, so that a broken file is one item with its problems
            from reference.problems import ProblemsError

            try:
                labels = self.loaded().labels
            except ProblemsError as exc:
                yield BrokenScenario.from_parent(self, name="load", problems=[str(p) for p in exc.problems])
                return
        for label in labels:
            yield ScenarioItem.from_parent(self, name=label, ruleset=label, first=labels[0])

    def loaded(self) -> LoadedScenario:
        """The file loaded and checked in full (a LoadedScenario), once; raises ProblemsError (the same each time)."""
        if self._loaded is None:
            from checker.scenarios.load import load_scenario
            from reference.problems import ProblemsError
            from reference.rulesets import rulesets

            try:
                self._loaded = load_scenario(self.path, _known(), rulesets())
            except ProblemsError as exc:
                self._loaded = exc
        if isinstance(self._loaded, Exception):
            raise self._loaded
        return self._loaded


def _labels(path: Path) -> tuple[str, ...] | None:
    """The item names, read cheaply (libyaml's composer: nodes, no values built, at most the size a scenario file
    may have): its ``rulesets`` then its ``variants``; None when they are not there to read as plain names (the
    full load then says why)."""
    import yaml

    from reference.yamlsource import MAX_BYTES

    try:
        with path.open("rb") as f:
            raw = f.read(MAX_BYTES + 1)
        if len(raw) > MAX_BYTES:
            return None
        root = yaml.compose(raw, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except Exception:  # whatever stops this quick look, the full load reports with its line
        return None
    if not isinstance(root, yaml.MappingNode):
        return None
    top = {k.value: v for k, v in root.value if isinstance(k, yaml.ScalarNode)}
    names, variants = top.get("rulesets"), top.get("variants")
    if not isinstance(names, yaml.SequenceNode) or not names.value:
        return None
    if variants is not None and not isinstance(variants, yaml.MappingNode):
        return None
    nodes = [*names.value, *(k for k, _ in (variants.value if variants is not None else []))]
    if not all(isinstance(n, yaml.ScalarNode) and n.tag == "tag:yaml.org,2002:str" and n.value for n in nodes):
        return None
    labels = tuple(str(n.value) for n in nodes)
    return labels if len(set(labels)) == len(labels) else None


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
    def __init__(self, *, ruleset: str, first: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.ruleset = ruleset
        self.first = first  # the file's first item: the one that reports the file's problems, if it does not load
        self.title = self.name

    def runtest(self) -> None:
        from checker.scenarios.run import run
        from reference.problems import ProblemsError
        from reference.rulesets import rulesets

        assert isinstance(self.parent, ScenarioFile)
        try:
            loaded = self.parent.loaded()
        except ProblemsError as exc:  # a broken file is one failing item, whichever worker runs which item
            if self.ruleset != self.first:
                pytest.skip(f"{self.path.name} does not load: its problems are reported under [{self.first}]")
            raise ScenarioError("\n".join(str(p) for p in exc.problems)) from None
        self.title = loaded.scenario.title
        if self.ruleset not in loaded.labels:  # read otherwise by the full load than by the quick one
            raise ScenarioError(f"{self.ruleset!r} is not one of the file's rulesets or variants: "
                                f"{', '.join(loaded.labels)}")
        outcome = run(loaded, loaded.ruleset_for(self.ruleset, rulesets()))
        if outcome.status == "fail":
            raise ScenarioError("\n".join(outcome.failures))

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        if isinstance(excinfo.value, ScenarioError):
            return f"{self.title} [{self.ruleset}]\n{excinfo.value}"
        return str(super().repr_failure(excinfo))

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, 0, f"{self.path.name} [{self.ruleset}]"
