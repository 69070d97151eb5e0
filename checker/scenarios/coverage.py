"""Which rules the scenarios test, which they only exercise, and which no scenario can test.

The definitions (docs/guide/coverage.md):

- a run *exercises* a rule when the engine used it to decide or change something: a trace line
  that is not a mere announcement (``ctx.announce``), a refused step's lines included (they
  decided that it is not allowed), or the owner of a parameter the run's steps read
  (:attr:`Outcome.exercised`);
  a rule is used through its parts, so exercising one also exercises the rules it is part of
  (the heading ref14:V.D, "Strikes", when a strike's damage is resolved under ref14:V.D.4);
- a run *tests* a rule when it passes, has an expectation, names the rule in ``tests:`` and
  exercised it;
- a rule is *not testable* when ``reference/data/untestable.yaml`` says so;
- a Japanese overview rule (ja23) is tested when every English rule it translates is tested.

A ``tests:`` id that none of its scenario's runs exercised is *decorative*: no expectation can
depend on it (:func:`decorative`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from checker.scenarios.run import Outcome
from reference.corpus import Corpus
from reference.links import Link
from reference.model import SOURCES

Run = tuple[str, str]  # (scenario path, ruleset or variant)
Status = Literal["tested", "exercised", "not-testable", "untested"]


@dataclass
class Coverage:
    """Rule id -> the runs that name, test or exercised it; and which runs fail."""

    named: dict[str, set[Run]] = field(default_factory=dict)  # runs whose scenario names the rule in tests:
    tested: dict[str, set[Run]] = field(default_factory=dict)  # passing runs that name it and exercised it
    exercised: dict[str, set[Run]] = field(default_factory=dict)  # runs that exercised it, whatever their status
    failing: set[Run] = field(default_factory=set)

    def passing_exercised(self, rule: str) -> set[Run]:
        """The runs that exercised the rule and do not fail."""
        return {run for run in self.exercised.get(rule, set()) if run not in self.failing}


def exercised_by(o: Outcome, parents: Mapping[str, str | None]) -> set[str]:
    """The rules a run exercised, with every rule they are part of."""
    out: set[str] = set()
    for used in o.exercised:
        rule: str | None = used
        while rule is not None and rule not in out:
            out.add(rule)
            rule = parents.get(rule)
    return out


def _parents() -> dict[str, str | None]:
    from reference.corpus import corpus

    return {r.id: r.parent for r in corpus().rules.values()}


def coverage(outcomes: Iterable[Outcome], parents: Mapping[str, str | None] | None = None) -> Coverage:
    """Who names, tests and exercised each rule; ``parents`` (rule -> the rule it is part of): the corpus's."""
    parts = _parents() if parents is None else parents
    cov = Coverage()
    for o in outcomes:
        run = (o.scenario, o.ruleset)
        if o.status == "fail":
            cov.failing.add(run)
        exercised = exercised_by(o, parts)
        for rule in exercised:
            cov.exercised.setdefault(rule, set()).add(run)
        for rule in o.tests:
            cov.named.setdefault(rule, set()).add(run)
            if o.status == "pass" and rule in exercised:
                cov.tested.setdefault(rule, set()).add(run)
    return cov


def decorative(outcomes: Iterable[Outcome], parents: Mapping[str, str | None] | None = None
               ) -> list[tuple[str, str]]:
    """(scenario, rule) for every ``tests:`` id that none of the scenario's runs exercised.

    Reading a parameter the rule owns counts as exercising it: a different value could have
    changed the answer.
    """
    parts = _parents() if parents is None else parents
    used: dict[str, set[str]] = {}
    named: dict[str, tuple[str, ...]] = {}
    for o in outcomes:
        used.setdefault(o.scenario, set()).update(exercised_by(o, parts))
        named[o.scenario] = o.tests
    return [(scenario, rule) for scenario, tests in sorted(named.items()) for rule in tests
            if rule not in used[scenario]]


@dataclass(frozen=True)
class SourceCoverage:
    """One document's normative rules, each in exactly one of four groups."""

    source: str
    normative: int
    tested: tuple[str, ...]
    exercised_only: tuple[str, ...]
    not_testable: tuple[str, ...]
    untested: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {"source": self.source, "normative": self.normative, "tested": list(self.tested),
                "exercised_only": list(self.exercised_only), "not_testable": list(self.not_testable),
                "untested": list(self.untested)}


class Statuses:
    """Each normative rule's coverage status, by the definitions above."""

    def __init__(self, cov: Coverage, corpus: Corpus, untestable: Mapping[str, str],
                 translations: Mapping[str, tuple[str, ...]]) -> None:
        self.cov = cov
        self.corpus = corpus
        self.untestable = untestable
        self.translations = translations  # ja23 rule -> the English rules it translates

    def _own(self, rule: str) -> Status | None:
        if self.cov.tested.get(rule):
            return "tested"
        if self.cov.passing_exercised(rule):
            return "exercised"
        return None

    def status(self, rule: str) -> Status:
        """tested, exercised (only), not-testable or untested."""
        english = self.translations.get(rule, ()) if self.corpus.rules[rule].source == "ja23" else ()
        if english:
            own = [self._own(r) for r in english]
            if all(s == "tested" for s in own):
                return "tested"
            if all(s is not None for s in own):
                return "exercised"
        else:
            found = self._own(rule)
            if found is not None:
                return found
        return "not-testable" if rule in self.untestable else "untested"

    def by_source(self) -> list[SourceCoverage]:
        out = []
        for source in SOURCES:
            groups: dict[Status, list[str]] = {"tested": [], "exercised": [], "not-testable": [], "untested": []}
            for r in self.corpus.by_source(source):
                if r.normative:
                    groups[self.status(r.id)].append(r.id)
            out.append(SourceCoverage(source, sum(len(g) for g in groups.values()), tuple(groups["tested"]),
                                      tuple(groups["exercised"]), tuple(groups["not-testable"]),
                                      tuple(groups["untested"])))
        return out


def translations_of(links: Iterable[Link]) -> dict[str, tuple[str, ...]]:
    """ja23 rule -> the English rules it translates, from the curated ``translates`` links."""
    out: dict[str, list[str]] = {}
    for link in links:
        if link.kind == "translates":
            out.setdefault(link.source, []).append(link.target)
    return {k: tuple(v) for k, v in out.items()}


def statuses(cov: Coverage) -> Statuses:
    """The project's statuses: its corpus, its translations and its untestable marks."""
    from reference.knowledge import reference
    from reference.untestable import untestable

    ref = reference()
    return Statuses(cov, ref.corpus, untestable(), translations_of(ref.links))
