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
from reference.errata import Erratum, apply_errata, card_changes, clashes, in_order, load_errata, load_erratum
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


def compare(before: Outcome, after: Outcome) -> Change | None:
    """The differences between two answers to the same scenario, or None."""
    a, b = flatten(before.answer), flatten(after.answer)
    diffs = [f"{k}: {a.get(k)} -> {b.get(k)}" for k in sorted(set(a) | set(b)) if a.get(k) != b.get(k)]
    if (before.illegal or {}).get("rule") != (after.illegal or {}).get("rule"):
        diffs.insert(0, f"{_summary(before)} -> {_summary(after)}")
    if not diffs:
        return None
    return Change(before.scenario, after.ruleset, tuple(diffs), _summary(before), _summary(after))


def _pairs(loaded: Iterable[LoadedScenario], e: Erratum, without: Mapping[str, Ruleset],
           with_: Mapping[str, Ruleset]) -> list[tuple[LoadedScenario, Ruleset, Ruleset]]:
    """(scenario, ruleset without, ruleset with) for every run the erratum can change."""
    out = []
    for sc in loaded:
        for label in sc.labels:
            base = sc.base_of(label)
            if e.new_ruleset is not None and base == e.new_ruleset.extends:
                params = dict(sc.scenario.variants[label].parameters) if label in sc.scenario.variants else {}
                after = with_[e.new_ruleset.name].with_values(f"{e.new_ruleset.name}", **params)
                out.append((sc, sc.ruleset_for(label, without), after))
            elif base in e.targets:
                out.append((sc, sc.ruleset_for(label, without), sc.ruleset_for(label, with_)))
    return out


def impact(path: Path, ref: Reference, loaded: list[LoadedScenario], current: Iterable[Outcome]) -> Impact:
    """Load the erratum at ``path`` and compare every answer it can change, with and without it."""
    base = base_rulesets()
    e = load_erratum(path, ref.corpus, base)
    others = [x for x in load_errata(ref.corpus, base) if x.id != e.id]
    problems = clashes([*others, e])
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
    for sc, before_rs, after_rs in pairs:
        try:
            after = run(sc, after_rs)
        except ProblemsError as exc:  # the new text leaves the scenario unplayable: that is a change too
            changes.append(Change(sc.path, after_rs.name, tuple(str(p) for p in exc.problems), "playable",
                                  "unplayable"))
            continue
        change = compare(run(sc, before_rs), after)
        if change is not None:
            changes.append(change)
    changed = {c.scenario for c in changes}
    rulings = sorted({r for sc in loaded if sc.path in changed for r in sc.scenario.rulings})
    return Impact(e, tuple(touched), tuple(sorted(downstream - set(touched))), tuple(citing), tuple(exercising),
                  len(pairs), tuple(changes), cards, tuple(rulings))
