"""Rulesets (``reference/data/rulesets.yaml``): editions as data, each value owned by a rule node."""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Annotated

from pydantic import Field, StringConstraints

from reference.corpus import Corpus
from reference.documents import DATA_DIR, display_path
from reference.errata import Erratum, apply_errata, load_errata
from reference.parameters import NAMES, check_value
from reference.problems import Problem, ProblemsError
from reference.ruleset_model import MissingStep as MissingStep
from reference.ruleset_model import Parameter as Parameter
from reference.ruleset_model import Ruleset as Ruleset
from reference.ruleset_model import _Strict
from reference.ruleset_model import source_of as source_of
from reference.yamlsource import Located, load_model

RULESETS_FILE = DATA_DIR / "rulesets.yaml"


Reason = Annotated[str, StringConstraints(strip_whitespace=True, min_length=10, max_length=300, pattern=r"^[^\n]*$")]
"""One line saying why a ruleset's own sources are silent where it borrows another document's rule."""


class RulesetSpec(_Strict):
    title: str
    sources: tuple[str, ...] = Field(min_length=1)
    description: str
    extends: str | None = None
    parameters: dict[str, Parameter] = Field(default_factory=dict)
    steps: dict[str, str] = Field(default_factory=dict)
    fallbacks: dict[str, Reason] = Field(
        default_factory=dict, description="Rule id of another document -> why this ruleset's sources are silent.")


class RulesetsFile(_Strict):
    rulesets: dict[str, RulesetSpec]


@dataclass(frozen=True)
class _Resolved:
    parameters: dict[str, Parameter]
    steps: dict[str, str]
    fallbacks: dict[str, str]


def _resolve(name: str, specs: dict[str, RulesetSpec], stack: tuple[str, ...] = ()) -> _Resolved:
    spec = specs[name]
    if name in stack:
        raise ValueError(" -> ".join((*stack, name)))
    base = _resolve(spec.extends, specs, (*stack, name)) if spec.extends else _Resolved({}, {}, {})
    # An inherited fallback from a document this ruleset has among its sources is simply its own rule.
    fallbacks = {rid: why for rid, why in {**base.fallbacks, **spec.fallbacks}.items()
                 if source_of(rid) not in spec.sources}
    return _Resolved({**base.parameters, **spec.parameters}, {**base.steps, **spec.steps}, fallbacks)


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
            wrong = check_value(pname, p.value)
            if wrong is not None:
                where = "value" if pname in NAMES else "rule"
                problems.append(located.problem((*base, "parameters", pname, where), wrong))
        for sname, rid in spec.steps.items():
            check((*base, "steps", sname), rid)
        for rid in spec.fallbacks:
            check((*base, "fallbacks", rid), rid)
            if source_of(rid) in spec.sources:
                problems.append(located.problem((*base, "fallbacks", rid), f"{rid} is from one of {name}'s own "
                                                f"sources ({', '.join(spec.sources)}): it is no fallback"))
    return problems


def _check_fallbacks_used(located: Located, name: str, spec: RulesetSpec, resolved: _Resolved,
                          corpus: Corpus) -> list[Problem]:
    """A declared fallback that no step or parameter of the ruleset cites any more is stale."""
    cited = {p.rule for p in resolved.parameters.values()} | set(resolved.steps.values())
    return [located.problem(("rulesets", name, "fallbacks", rid), f"{rid} is cited by no step or parameter of "
                            f"{name}: remove the fallback")
            for rid in spec.fallbacks if rid in corpus.rules and rid not in cited]


def load_rulesets(corpus: Corpus, path: Path = RULESETS_FILE) -> dict[str, Ruleset]:
    """Every ruleset, inheritance resolved; raises :class:`ProblemsError` with every problem."""
    parsed, located = load_model(path, RulesetsFile, display_path(path))
    specs = parsed.rulesets
    problems = _check_rules(located, specs, corpus)
    out: dict[str, Ruleset] = {}
    for name, spec in specs.items():
        try:
            resolved = _resolve(name, specs)
        except KeyError:  # extends an unknown ruleset: reported already
            continue
        except ValueError as exc:
            problems.append(located.problem(("rulesets", name, "extends"), f"extends cycle: {exc}"))
            continue
        problems += _check_fallbacks_used(located, name, spec, resolved, corpus)
        out[name] = Ruleset(name, spec.title, spec.sources, spec.description, spec.extends,
                            MappingProxyType(resolved.parameters), MappingProxyType(resolved.steps),
                            frozenset(spec.parameters), MappingProxyType(resolved.fallbacks))
    if problems:
        raise ProblemsError(problems)
    return out


@cache
def base_rulesets() -> MappingProxyType[str, Ruleset]:
    """The rulesets as ``rulesets.yaml`` defines them, before errata."""
    from reference.corpus import corpus

    return MappingProxyType(load_rulesets(corpus()))


@cache
def project_errata() -> tuple[Erratum, ...]:
    """The errata of ``reference/errata``, read once per process, against the base rulesets and the one corpus."""
    from reference.corpus import corpus

    return tuple(load_errata(corpus(), base_rulesets()))


@cache
def rulesets() -> MappingProxyType[str, Ruleset]:
    """The rulesets the engine plays: ``rulesets.yaml`` with the errata of ``reference/errata`` applied, composed
    once per process, from the same corpus and errata as the reference (reference/knowledge.py)."""
    return MappingProxyType(apply_errata(base_rulesets(), project_errata()))
