"""The kill matrix: for each parameter and each other valid value, the scenarios whose answer it breaks.

A parameter that no scenario can fail is decoration: its value could be anything. Each
ruleset's value is replaced by each of its alternatives (:func:`reference.parameters.alternatives`)
and the scenarios that read the parameter under that ruleset are run again; a run that passed
and now fails *kills* the mutant.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

from checker.scenarios.load import LoadedScenario
from checker.scenarios.run import Outcome, Status, run
from reference.parameters import alternatives
from reference.rulesets import MissingStep, Ruleset

if TYPE_CHECKING:
    from checker.scenarios.answer_cache import AnswerCache


class EngineCrash(RuntimeError):
    """The engine failed on a valid parameter value: a defect in the engine, not a killed mutant."""


@dataclass(frozen=True)
class Mutant:
    """One parameter of one ruleset set to another valid value, and the runs it fails."""

    parameter: str
    ruleset: str
    value: Any
    killed_by: tuple[str, ...]  # scenario paths (or path [variant]) whose passing answer now fails

    @property
    def killed(self) -> bool:
        return bool(self.killed_by)

    def to_json(self) -> dict[str, Any]:
        return {"parameter": self.parameter, "ruleset": self.ruleset, "value": self.value,
                "killed_by": list(self.killed_by)}


def _label(sc: LoadedScenario, label: str) -> str:
    return sc.path if label in sc.scenario.rulesets else f"{sc.path} [{label}]"


def reads(loaded: Iterable[LoadedScenario], editions: Mapping[str, Ruleset], outcomes: Iterable[Outcome] | None = None
          ) -> dict[str, list[tuple[LoadedScenario, str, set[str]]]]:
    """Per base ruleset, the passing runs and the parameters each one read: from ``outcomes`` when the caller has
    already run every scenario under every label (in the same order), else by running them."""
    scenarios = list(loaded)
    if outcomes is None:
        outcomes = (run(sc, sc.ruleset_for(label, editions)) for sc in scenarios for label in sc.labels)
    by_path = {sc.path: sc for sc in scenarios}
    out: dict[str, list[tuple[LoadedScenario, str, set[str]]]] = {}
    for outcome in outcomes:
        sc = by_path.get(outcome.scenario)
        if sc is not None and outcome.status == "pass" and outcome.ruleset in sc.labels:
            out.setdefault(sc.base_of(outcome.ruleset), []).append(
                (sc, outcome.ruleset, {param for param, _ in outcome.reads}))
    return out


def kill_matrix(loaded: list[LoadedScenario], editions: Mapping[str, Ruleset], *, first_only: bool = False,
                only: Iterable[str] | None = None, outcomes: Iterable[Outcome] | None = None,
                answers: AnswerCache | None = None) -> list[Mutant]:
    """Every mutant of every ruleset the scenarios use; ``first_only`` stops at the first run that kills each.
    ``outcomes``: every scenario's runs, when the caller has them (spares running them again); ``answers``: the
    mutant runs an earlier build computed from the same files (used only when ``editions`` are its editions)."""
    wanted = set(only) if only is not None else None
    cached = answers if answers is not None and answers.caches(editions) else None
    matrix: list[Mutant] = []
    for name, runs in sorted(reads(loaded, editions, outcomes).items()):
        base = editions[name]
        for param, p in base.parameters.items():
            if wanted is not None and param not in wanted:
                continue
            readers = [(sc, label) for sc, label, used in runs if param in used]
            for value in alternatives(param, p.value):
                killers: list[str] = []
                mutated = {**editions, name: base.with_values(**{param: value})}
                for sc, label in readers:
                    play = partial(_mutant_status, sc, label, mutated,
                                   f"{_label(sc, label)} under {name} with {param} = {value!r}")
                    status = cached.mutant_status(sc, label, name, param, value, play) if cached else play()
                    if status == "fail":
                        killers.append(_label(sc, label))
                        if first_only:
                            break
                matrix.append(Mutant(param, name, value, tuple(killers)))
    return matrix


def _mutant_status(sc: LoadedScenario, label: str, editions: Mapping[str, Ruleset], what: str) -> Status:
    try:
        return run(sc, sc.ruleset_for(label, editions)).status
    except MissingStep:
        return "fail"  # the value calls for steps this edition has no rule for (the variant's)
    except Exception as exc:  # a valid value the engine cannot play: a defect, reported as such
        raise EngineCrash(f"{what}: {type(exc).__name__}: {exc}") from exc


def survivors(matrix: Iterable[Mutant]) -> dict[tuple[str, str], list[Mutant]]:
    """(parameter, value) pairs that no ruleset's scenarios kill, with their mutants."""
    by_value: dict[tuple[str, str], list[Mutant]] = {}
    for m in matrix:
        by_value.setdefault((m.parameter, repr(m.value)), []).append(m)
    return {k: ms for k, ms in by_value.items() if not any(m.killed for m in ms)}
