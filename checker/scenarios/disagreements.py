"""Where the documents disagree, shown by the scenarios.

A ``conflicts_with`` link (``reference/data/links/conflicts.yaml``) is *shown* by a scenario that
names one of its two rules (in ``tests`` or ``cites``) and whose answers under a run stating each
side differ in what the scenario asserts: a checked value, or the step that is refused. A run
states a side when the rule is from its ruleset's sources, or when it is a variant whose ``why``
names the rule. A difference in the cited rule id alone is no difference of answer.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from itertools import permutations

from checker.scenarios.impact import flatten
from checker.scenarios.load import Expectation, LoadedScenario
from checker.scenarios.run import Outcome
from reference.links import Link
from reference.rulesets import Ruleset, source_of


@dataclass(frozen=True)
class Shown:
    """A scenario showing a disagreement: the run stating each side and what they answer differently."""

    scenario: str
    runs: tuple[str, str]
    differences: tuple[str, ...]


def asserted_keys(exp: Expectation) -> set[str]:
    """The paths of the answer (as :func:`flatten` names them) that an expectation checks."""
    keys: set[str] = set()
    for name, p in exp.players.items():
        keys |= {f"players.{name}.{k}" for k in p.model_dump(exclude_none=True)}
    for name, m in exp.minions.items():
        for k, v in m.model_dump(exclude_none=True).items():
            if k in ("blood", "life"):  # the answer names it after the minion's kind
                keys |= {f"minions.{name}.blood", f"minions.{name}.life"}
            elif k == "retainers":
                keys.add(f"minions.{name}.retainers")
                keys |= {f"minions.{name}.retainer_life.{r['name']}" for r in v if isinstance(r, dict)}
            else:
                keys.add(f"minions.{name}.{k}")
    for section, model in (("game", exp.game), ("action", exp.action), ("vote", exp.vote)):
        if model is not None:
            keys |= {f"{section}.{k}" for k in model.model_dump(exclude_none=True, by_alias=True)}
    return keys


def _stops(o: Outcome) -> tuple[int | None, tuple[int, ...]]:
    """Where a run was refused: the step it stopped at, and the steps refused on the way (rule ids aside)."""
    return (o.illegal["step"] if o.illegal else None), tuple(r["step"] for r in o.refused)


def asserted_differences(sc: LoadedScenario, a: Outcome, b: Outcome) -> tuple[str, ...]:
    """What two passing runs of a scenario answer differently, among what both expectations check.

    The step a run stops at, or the steps it has refused, count too: in a passing run every refusal
    was expected. Runs that fail or have no expectation show nothing.
    """
    if a.status != "pass" or b.status != "pass":
        return ()
    out: list[str] = []
    if _stops(a) != _stops(b):
        out.append(f"refused steps: {_stops(a)} -> {_stops(b)}")
    fa, fb = flatten(a.answer), flatten(b.answer)
    keys = asserted_keys(sc.expectations[a.ruleset]) & asserted_keys(sc.expectations[b.ruleset])
    out += [f"{k}: {fa.get(k)} -> {fb.get(k)}" for k in sorted(keys) if fa.get(k) != fb.get(k)]
    return tuple(out)


def states(sc: LoadedScenario, label: str, rule: str, editions: Mapping[str, Ruleset]) -> bool:
    """Whether a run of the scenario states this rule's side: its ruleset's sources hold the rule,
    or the run is a variant whose ``why`` names it."""
    return _names(sc, label, rule) or source_of(rule) in editions[sc.base_of(label)].sources


def _names(sc: LoadedScenario, label: str, rule: str) -> bool:
    """The run is a variant whose ``why`` names this rule id (not merely one that begins with it)."""
    variant = sc.scenario.variants.get(label)
    return variant is not None and re.search(re.escape(rule) + r"(?![\w\-]|\.\w)", variant.why) is not None


def showing(link: Link, loaded: Iterable[LoadedScenario], outcomes: Mapping[tuple[str, str], Outcome],
            editions: Mapping[str, Ruleset]) -> Shown | None:
    """A scenario showing a conflicts_with link, or None: one testing either rule if any does, else one
    citing it. ``outcomes`` by (scenario, run label)."""
    pair = {link.source, link.target}
    same_document = source_of(link.source) == source_of(link.target)
    naming = [sc for sc in loaded if pair & {*sc.scenario.tests, *sc.scenario.cites}]
    naming.sort(key=lambda sc: not pair & set(sc.scenario.tests))
    for sc in naming:
        for x, y in permutations(sc.labels, 2):
            a, b = outcomes.get((sc.path, x)), outcomes.get((sc.path, y))
            if a is None or b is None:
                continue
            if not (states(sc, x, link.source, editions) and states(sc, y, link.target, editions)):
                continue
            if same_document and not (_names(sc, x, link.source) or _names(sc, y, link.target)):
                continue  # two places of one document: only a variant playing one of them tells them apart
            if diff := asserted_differences(sc, a, b):
                return Shown(sc.path, (x, y), diff)
    return None
