"""What an erratum really changes: the rules it touches, and every answer that comes out different."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from checker.scenarios.cardsuse import scenarios_using
from checker.scenarios.load import LoadedScenario
from checker.scenarios.run import Outcome, run
from reference.cards import find_card
from reference.errata import Erratum, apply_errata, card_changes, clashes, in_order, load_errata, read_erratum
from reference.graph import impact_set
from reference.knowledge import Reference
from reference.problems import ProblemsError
from reference.rulesets import Ruleset, base_rulesets


@dataclass(frozen=True)
class Change:
    """One scenario run whose answer differs with the erratum."""

    scenario: str
    ruleset: str
    differences: tuple[str, ...]
    before: str
    after: str

    def to_json(self) -> dict[str, Any]:
        return {"scenario": self.scenario, "ruleset": self.ruleset, "differences": list(self.differences),
                "before": self.before, "after": self.after}


@dataclass(frozen=True)
class Impact:
    erratum: Erratum
    touched: tuple[str, ...]
    downstream: tuple[str, ...]
    citing: tuple[str, ...]
    exercising: tuple[str, ...]
    runs: int
    changes: tuple[Change, ...]
    cards: tuple[str, ...] = ()  # the cards whose text it changes
    rulings: tuple[str, ...] = ()  # rulings stated by a scenario whose answer changes

    def to_json(self) -> dict[str, Any]:
        return {"erratum": self.erratum.id, "title": self.erratum.title, "rulesets": list(self.erratum.targets),
                "extends": self.erratum.new_ruleset.extends if self.erratum.new_ruleset else None,
                "touched": list(self.touched), "downstream": list(self.downstream), "cards": list(self.cards),
                "scenarios_citing": list(self.citing), "scenarios_exercising": list(self.exercising),
                "runs_compared": self.runs, "changes": [c.to_json() for c in self.changes],
                "rulings_changed": list(self.rulings)}


def flatten(value: Any, prefix: str = "") -> dict[str, Any]:
    """``{"players": {"bob": {"pool": 29}}}`` -> ``{"players.bob.pool": 29}``."""
    if isinstance(value, dict):
        out: dict[str, Any] = {}
        for k, v in value.items():
            out.update(flatten(v, f"{prefix}.{k}" if prefix else str(k)))
        return out
    return {prefix: value}


def _summary(o: Outcome) -> str:
    if o.illegal:
        return f"step {o.illegal['step']} illegal ({o.illegal['rule']})"
    return "legal"


def _refusal(rule: str | None) -> str:
    return f"refused ({rule})" if rule else "not refused"


def compare(before: Outcome, after: Outcome) -> Change | None:
    """The differences between two answers to the same scenario, or None.

    The answer is the table at the end, the step that stopped the scenario and the rule it broke, and the
    rule that refused each step expected to be refused.
    """
    a, b = flatten(before.answer), flatten(after.answer)
    diffs = [f"{k}: {a.get(k)} -> {b.get(k)}" for k in sorted(set(a) | set(b)) if a.get(k) != b.get(k)]
    refused_a = {r["step"]: r["rule"] for r in before.refused}
    refused_b = {r["step"]: r["rule"] for r in after.refused}
    diffs[:0] = [f"step {n} {_refusal(refused_a.get(n))} -> {_refusal(refused_b.get(n))}"
                 for n in sorted(set(refused_a) | set(refused_b)) if refused_a.get(n) != refused_b.get(n)]
    if (before.illegal or {}).get("rule") != (after.illegal or {}).get("rule"):
        diffs.insert(0, f"{_summary(before)} -> {_summary(after)}")
    if not diffs:
        return None
    return Change(before.scenario, after.ruleset, tuple(diffs), _summary(before), _summary(after))


@dataclass(frozen=True)
class _Pair:
    """One run of a scenario, played without and with the erratum, both held to the run's expectations."""

    scenario: LoadedScenario
    label: str  # the run (a ruleset or variant) whose expectations both plays are held to
    before: Ruleset
    after: Ruleset


def _pairs(loaded: Iterable[LoadedScenario], e: Erratum, without: Mapping[str, Ruleset],
           with_: Mapping[str, Ruleset]) -> list[_Pair]:
    """Every run the erratum can change.

    A ruleset the erratum makes is compared with the one it extends: each run of that one (a variant
    too) is played again under the new ruleset, held to the same expectations, so an answer changes
    only where the new ruleset answers differently (a variant's run under it is named ``<variant> on
    <ruleset>``). A scenario naming the new ruleset itself (the
    erratum already applied) is compared the other way: its runs of it played under the one it extends.
    """
    made = e.new_ruleset
    out = []
    for sc in loaded:
        names_made = made is not None and any(sc.base_of(label) == made.name for label in sc.labels)
        for label in sc.labels:
            base = sc.base_of(label)
            if made is not None and base == made.extends and not names_made:
                after = sc.ruleset_for(label, {**with_, made.extends: with_[made.name]})
                name = made.name if label == base else f"{label} on {made.name}"
                out.append(_Pair(sc, label, sc.ruleset_for(label, without), after.with_values(name)))
            elif made is not None and base == made.name:
                before = sc.ruleset_for(label, {**without, made.name: without[made.extends]})
                out.append(_Pair(sc, label, before, sc.ruleset_for(label, with_)))
            elif base in e.rulesets:
                out.append(_Pair(sc, label, sc.ruleset_for(label, without), sc.ruleset_for(label, with_)))
    return out


def impact(path: Path, ref: Reference, loaded: list[LoadedScenario], current: Iterable[Outcome]) -> Impact:
    """Load the erratum at ``path`` and compare every answer it can change, with and without it."""
    base = base_rulesets()
    e, located = read_erratum(path, ref.corpus, base)
    others = [x for x in load_errata(ref.corpus, base) if x.id != e.id]
    problems = clashes([*others, e], {e.id: located})  # the project's errata agree: a clash is in this file
    if problems:
        raise ProblemsError(problems)
    without, with_ = apply_errata(base, others), apply_errata(base, in_order([*others, e]))
    touched = [a.rule for a in e.amends]
    for name in e.rulesets or ((e.new_ruleset.extends,) if e.new_ruleset else ()):
        touched += [without[name].parameters[p].rule for p in e.parameters]
    cards = tuple(card_changes(e))
    touched += list(cards)
    touched = list(dict.fromkeys(t for t in touched))
    downstream: set[str] = set()
    for t in touched:
        if t in ref.graph:
            downstream |= impact_set(ref.graph, t)
    rules = set(touched) | downstream
    citing = sorted({sc.path for sc in loaded if rules & set((*sc.scenario.tests, *sc.scenario.cites))})
    exercising = sorted({o.scenario for o in current if rules & set(o.exercised)})
    if cards:
        using = {sc.path for sc in loaded for c in cards if scenarios_using(find_card(c), [sc])}
        citing = sorted(set(citing) | using)
    pairs = _pairs(loaded, e, without, with_)
    changes = []
    for pair in pairs:
        sc = pair.scenario
        try:
            after = run(sc, pair.after, expect_as=pair.label)
        except ProblemsError as exc:  # the new text leaves the scenario unplayable: that is a change too
            changes.append(Change(sc.path, pair.after.name, tuple(str(p) for p in exc.problems), "playable",
                                  "unplayable"))
            continue
        change = compare(run(sc, pair.before, expect_as=pair.label), after)
        if change is not None:
            changes.append(change)
    changed = {c.scenario for c in changes}
    rulings = sorted({r for sc in loaded if sc.path in changed for r in sc.scenario.rulings})
    return Impact(e, tuple(touched), tuple(sorted(downstream - set(touched))), tuple(citing), tuple(exercising),
                  len(pairs), tuple(changes), cards, tuple(rulings))
