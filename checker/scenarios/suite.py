"""Loading and running many scenarios: every file's problems gathered, outcomes streamed."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from collections.abc import Set as AbstractSet
from pathlib import Path

from checker.scenarios.load import LoadedScenario, load_scenario, scenario_files
from checker.scenarios.run import Outcome, run
from reference.corpus import corpus
from reference.documents import PACKAGE_DIR
from reference.problems import Problem, ProblemsError
from reference.rulesets import Ruleset, rulesets

SCENARIOS_DIR = PACKAGE_DIR.parent / "scenarios"


def load_one(path: Path, rules: AbstractSet[str], names: Mapping[str, Ruleset]) -> LoadedScenario:
    """One scenario file (:func:`load_scenario`, which refuses a name that is not UTF-8 too)."""
    return load_scenario(path, rules, names)


def load_all(paths: Iterable[Path]) -> tuple[list[LoadedScenario], list[Problem]]:
    """Every scenario under ``paths`` that loads, and every problem of those that do not."""
    rules = set(corpus().rules)
    names = rulesets()
    loaded: list[LoadedScenario] = []
    problems: list[Problem] = []
    for f in scenario_files(paths):
        if f.name == "schema.json":
            continue
        try:
            loaded.append(load_one(f, rules, names))
        except ProblemsError as exc:
            problems += exc.problems
    return loaded, problems


def runs(loaded: Iterable[LoadedScenario], only: str | None = None,
         editions: Mapping[str, Ruleset] | None = None) -> list[tuple[LoadedScenario, Ruleset]]:
    """(scenario, ruleset) pairs to run: each scenario under each of its rulesets (or only one)."""
    eds = editions if editions is not None else rulesets()
    return [(sc, sc.ruleset_for(label, eds)) for sc in loaded for label in sc.labels
            if only is None or only in (label, sc.base_of(label))]


def run_all(pairs: Iterable[tuple[LoadedScenario, Ruleset]]) -> Iterator[Outcome]:
    for sc, rs in pairs:
        yield run(sc, rs)
