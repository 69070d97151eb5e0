"""Rulesets (``reference/data/rulesets.yaml``): editions as data, each value owned by a rule node."""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from reference.corpus import Corpus
from reference.documents import DATA_DIR, display_path
from reference.problems import Problem, ProblemsError
from reference.yamlsource import Located, load_model

RULESETS_FILE = DATA_DIR / "rulesets.yaml"


class _Strict(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Parameter(_Strict):
    """A value an edition can change, and the rule that states it."""

    value: Any
    rule: str


class RulesetSpec(_Strict):
    title: str
    sources: tuple[str, ...] = Field(min_length=1)
    description: str
    extends: str | None = None
    parameters: dict[str, Parameter] = Field(default_factory=dict)
    steps: dict[str, str] = Field(default_factory=dict)


class RulesetsFile(_Strict):
    rulesets: dict[str, RulesetSpec]


@dataclass(frozen=True)
class Ruleset:
    """An edition with its inherited parameters and step citations resolved."""

    name: str
    title: str
    sources: tuple[str, ...]
    description: str
    extends: str | None
    parameters: MappingProxyType[str, Parameter]
    steps: MappingProxyType[str, str]
    own: frozenset[str]  # parameters set by this ruleset itself, not inherited

    def value(self, name: str) -> Any:
        """The value of a parameter; KeyError names the ruleset."""
        try:
            return self.parameters[name].value
        except KeyError:
            raise KeyError(f"ruleset {self.name} has no parameter {name!r}") from None

    def rule(self, name: str) -> str:
        """The rule that owns a parameter."""
        return self.parameters[name].rule

    def step(self, name: str) -> str:
        """The rule a procedural step cites under this edition."""
        try:
            return self.steps[name]
        except KeyError:
            raise KeyError(f"ruleset {self.name} names no rule for step {name!r}") from None

    def with_values(self, name: str | None = None, **values: Any) -> Ruleset:
        """A copy with some parameter values replaced (their owning rules kept), optionally renamed."""
        params = dict(self.parameters)
        for k, v in values.items():
            params[k] = params[k].model_copy(update={"value": v})
        return Ruleset(name or self.name, self.title, self.sources, self.description, self.extends,
                       MappingProxyType(params), self.steps, self.own)


def _resolve(name: str, specs: dict[str, RulesetSpec], stack: tuple[str, ...] = ()) -> tuple[
        dict[str, Parameter], dict[str, str]]:
    spec = specs[name]
    if name in stack:
        raise ValueError(" -> ".join((*stack, name)))
    params: dict[str, Parameter] = {}
    steps: dict[str, str] = {}
    if spec.extends:
        params, steps = _resolve(spec.extends, specs, (*stack, name))
    return {**params, **spec.parameters}, {**steps, **spec.steps}


def _check_rules(located: Located, specs: dict[str, RulesetSpec], corpus: Corpus) -> list[Problem]:
    problems: list[Problem] = []
    known = list(corpus.rules)

    def check(path: tuple[str | int, ...], rid: str) -> None:
        if rid not in corpus.rules:
            close = difflib.get_close_matches(rid, known, n=3, cutoff=0.6)
            hint = f" (did you mean {', '.join(close)}?)" if close else ""
            problems.append(located.problem(path, f"unknown rule id {rid!r}{hint}"))

    for name, spec in specs.items():
        base = ("rulesets", name)
        if spec.extends and spec.extends not in specs:
            problems.append(located.problem((*base, "extends"), f"unknown ruleset {spec.extends!r}"))
        for source in spec.sources:
            if source not in corpus.documents:
                problems.append(located.problem((*base, "sources"), f"unknown source {source!r}"))
        for pname, p in spec.parameters.items():
            check((*base, "parameters", pname, "rule"), p.rule)
        for sname, rid in spec.steps.items():
            check((*base, "steps", sname), rid)
    return problems


def load_rulesets(corpus: Corpus, path: Path = RULESETS_FILE) -> dict[str, Ruleset]:
    """Every ruleset, inheritance resolved; raises :class:`ProblemsError` with every problem."""
    parsed, located = load_model(path, RulesetsFile, display_path(path))
    specs = parsed.rulesets
    problems = _check_rules(located, specs, corpus)
    if problems:
        raise ProblemsError(problems)
    out: dict[str, Ruleset] = {}
    for name, spec in specs.items():
        try:
            params, steps = _resolve(name, specs)
        except ValueError as exc:
            problems.append(located.problem(("rulesets", name, "extends"), f"extends cycle: {exc}"))
            continue
        out[name] = Ruleset(name, spec.title, spec.sources, spec.description, spec.extends,
                            MappingProxyType(params), MappingProxyType(steps), frozenset(spec.parameters))
    if problems:
        raise ProblemsError(problems)
    return out


@cache
def base_rulesets() -> MappingProxyType[str, Ruleset]:
    """The rulesets as ``rulesets.yaml`` defines them, before errata."""
    from reference.corpus import corpus

    return MappingProxyType(load_rulesets(corpus()))


@cache
def rulesets() -> MappingProxyType[str, Ruleset]:
    """The rulesets the engine plays: ``rulesets.yaml`` with the errata of ``reference/errata`` applied."""
    from reference.corpus import corpus
    from reference.errata import apply_errata, load_errata

    base = base_rulesets()
    return MappingProxyType(apply_errata(base, load_errata(corpus(), base)))
