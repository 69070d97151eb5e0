"""Reading scenario files: every problem in a file at once, each with file, line and field."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from checker.engine.decisions import DECISIONS, Strict
from checker.engine.setup import EXPECTATION_KEYS, check_setup
from checker.scenarios.model import ActionExpect, GameExpect, MinionExpect, PlayerExpect, Scenario, VoteExpect
from checker.scenarios.names import (
    equipment_problems,
    expectation_problems,
    hidden_characters,
    names_in,
    new_names,
    retainer_clashes,
)
from checker.scenarios.realcards import cards_played, consulting, resolve_setup, resolve_steps
from reference.documents import display_path
from reference.inert import inert
from reference.parameters import check_value, migrate
from reference.problems import Problem, ProblemsError, suggest
from reference.rulesets import Ruleset
from reference.yamlsource import Located, YamlLoadError, load_file, shown

SCENARIO_SUFFIXES = (".yaml", ".yml")


@dataclass(frozen=True)
class Expectation:
    """What one ruleset's run must end with (only the fields given are checked)."""

    players: dict[str, PlayerExpect] = field(default_factory=dict)
    minions: dict[str, MinionExpect] = field(default_factory=dict)
    game: GameExpect | None = None
    illegal: str | None = None
    action: ActionExpect | None = None
    vote: VoteExpect | None = None
    refused: dict[int, str] = field(default_factory=dict)  # step number -> the rule its refusal names
    allowed: tuple[int, ...] = ()

    @property
    def empty(self) -> bool:
        return not (self.players or self.minions or self.game or self.illegal or self.action or self.vote
                    or self.refused or self.allowed)


@dataclass(frozen=True)
class Step:
    """A step of the scenario: its position, its key and the decision it makes."""

    index: int
    key: str
    decision: Strict
    line: int | None


@dataclass(frozen=True)
class LoadedScenario:
    """A scenario file that passed every check, ready to run."""

    path: str
    scenario: Scenario
    steps: tuple[Step, ...]
    expectations: dict[str, Expectation]
    notes: tuple[Problem, ...] = ()  # what was read differently from how the file says it (renamed readings)
    source: Located | None = None  # the file as read, to read it again under a ruleset's card errata
    cards: tuple[str, ...] = ()  # ids of the real library cards its steps play (`card:`, a weapon by name)
    consulted: frozenset[str] = frozenset()  # ids of the cards whose encodings reading it looked up

    @property
    def id(self) -> str:
        return self.path

    @property
    def labels(self) -> tuple[str, ...]:
        """The runs: each ruleset, then each variant."""
        return (*self.scenario.rulesets, *self.scenario.variants)

    def base_of(self, label: str) -> str:
        """The ruleset a run label stands for or starts from."""
        v = self.scenario.variants.get(label)
        return v.ruleset if v else label

    def for_ruleset(self, ruleset: Ruleset) -> LoadedScenario:
        """The scenario as a ruleset reads it: real cards with the text the ruleset's card errata give them.

        Raises ProblemsError when a card's new text makes the scenario unplayable (a card no longer
        encoded, a strike that is no longer one).
        """
        if not ruleset.cards or self.source is None:
            return self
        from checker.scenarios.realcards import card_errata
        from reference.corpus import corpus
        from reference.rulesets import rulesets

        with card_errata(ruleset.cards):
            return load_scenario_from(self.source, self.path, set(corpus().rules), rulesets())

    def ruleset_for(self, label: str, editions: Mapping[str, Ruleset]) -> Ruleset:
        """The ruleset a run is played under: a ruleset, or a variant of one."""
        v = self.scenario.variants.get(label)
        if v is None:
            return editions[label]
        return editions[v.ruleset].with_values(label, **v.parameters)


def _errors(located: Located, base: tuple[str | int, ...], exc: ValidationError,
            keep: Callable[[tuple[Any, ...]], bool] = lambda loc: True) -> list[Problem]:
    """Pydantic's errors as located problems (those whose location ``keep`` accepts)."""
    errs = [e for e in exc.errors() if keep(tuple(e["loc"]))]
    locs = [tuple(e["loc"]) for e in errs]

    def echo(e: Any) -> bool:  # "too short" only because its items were invalid: said already
        loc = tuple(e["loc"])
        return e["type"] == "too_short" and any(o[:len(loc)] == loc and len(o) > len(loc) for o in locs)

    def said(e: Any) -> Problem:
        loc = tuple(e["loc"])
        if loc[-1:] == ("[key]",) and len(loc) >= 2:  # a key that is not text (1:, null:, true:): in its mapping,
            key, mapping = e.get("input"), (*base, *loc[:-2])  # on its line
            return replace(located.problem(mapping, f"the key {shown(key)} is not text: a key is a name or a word "
                                                    "(quote it to make it text)"),
                           line=located.line_of((*mapping, str(key))))
        return located.problem((*base, *loc), e["msg"])

    return [said(e) for e in errs if not echo(e)]


def _rule_id(located: Located, path: tuple[str | int, ...], value: Any, rules: AbstractSet[str],
             problems: list[Problem]) -> str:
    if not isinstance(value, str) or value not in rules:
        problems.append(located.problem(path, f"unknown rule id {shown(value)}{suggest(value, rules)}"))
    return str(value)


def _step_numbers(located: Located, path: tuple[str | int, ...], values: Iterable[Any], steps: int,
                  problems: list[Problem]) -> list[int]:
    out: list[int] = []
    for v in values:
        if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= steps:
            problems.append(located.problem(path, f"{shown(v)} is not a step number of this scenario (1 to {steps})"))
        else:
            out.append(v)
    return out


def _expectation(located: Located, base: tuple[str | int, ...], raw: Any, players: set[str],
                 minions: set[str], rules: AbstractSet[str], problems: list[Problem], steps: int = 0) -> Expectation:
    if not isinstance(raw, dict):
        problems.append(located.problem(base, "expected a mapping of names to expected values"))
        return Expectation()
    out_p: dict[str, PlayerExpect] = {}
    out_m: dict[str, MinionExpect] = {}
    game: GameExpect | None = None
    illegal: str | None = None
    action: ActionExpect | None = None
    vote: VoteExpect | None = None
    refused: dict[int, str] = {}
    allowed: list[int] = []
    for key, value in raw.items():
        path = (*base, key)
        try:
            if key == "game":
                game = GameExpect.model_validate(value)
                problems += expectation_problems(located, path, game, players, minions)
            elif key == "action":
                action = ActionExpect.model_validate(value)
                problems += expectation_problems(located, path, action, players, minions)
            elif key == "vote":
                vote = VoteExpect.model_validate(value)
            elif key == "illegal":
                illegal = _rule_id(located, path, value, rules, problems)
            elif key == "refused":
                if not isinstance(value, dict):
                    problems.append(located.problem(path, "refused: a mapping of step number to rule id"))
                    continue
                for n, rid in value.items():
                    if _step_numbers(located, (*path, n), [n], steps, problems):
                        refused[n] = _rule_id(located, (*path, n), rid, rules, problems)
            elif key == "allowed":
                allowed = _step_numbers(located, path, value if isinstance(value, list) else [value], steps,
                                        problems)
            elif key in players:
                out_p[key] = PlayerExpect.model_validate(value)
            elif key in minions:
                out_m[key] = MinionExpect.model_validate(value)
                problems += expectation_problems(located, path, out_m[key], players, minions)
            else:
                problems.append(located.problem(path, f"{shown(key)} is neither a player nor a minion of the setup, "
                                                      "nor one of " + ", ".join(f"`{k}`" for k in EXPECT_KEYS)
                                                      + suggest(str(key), players | minions | set(EXPECT_KEYS))))
        except ValidationError as exc:
            problems += _errors(located, path, exc)
    both = set(refused) & set(allowed)
    if both:
        problems.append(located.problem(base, f"step(s) {sorted(both)} cannot be both refused and allowed"))
    return Expectation(out_p, out_m, game, illegal, action, vote, refused, tuple(allowed))


EXPECT_KEYS = tuple(EXPECTATION_KEYS)


def _check_steps(located: Located, raw_steps: list[Any], known: set[str] | None,
                 problems: list[Problem]) -> tuple[list[Step], list[Problem]]:
    """Each step's key and payload; names checked against ``known`` (grown by new minions)."""
    steps: list[Step] = []
    for i, raw in enumerate(raw_steps):
        base: tuple[str | int, ...] = ("steps", i)
        if not isinstance(raw, dict) or len(raw) != 1:
            problems.append(located.problem(base, f"a step has exactly one key, one of: {', '.join(DECISIONS)}"))
            continue
        ((key, payload),) = raw.items()
        if not isinstance(key, str):  # `- 1:`, `- null:`, `- true:`: located at the step, its key shown as written
            problems.append(located.problem(base, f"a step's key is the step's name, not {shown(key)}; steps are: "
                                                  f"{', '.join(DECISIONS)}"))
            continue
        model = DECISIONS.get(key)
        if model is None:
            problems.append(located.problem((*base, key), f"unknown step {key!r}{suggest(key, DECISIONS)}; "
                                                          f"steps are: {', '.join(DECISIONS)}"))
            continue
        try:
            decision = model.model_validate(payload if payload is not None else {})
        except ValidationError as exc:
            problems += _errors(located, (*base, key), exc)
            continue
        if known is not None:
            for where, who in names_in(decision):
                if who not in known:
                    problems.append(located.problem((*base, key, *where),
                                                    f"{who!r} is not a player or minion of the setup"
                                                    f"{suggest(who, known)}"))
            known |= set(new_names(decision))
        steps.append(Step(i, key, decision, located.line_of(base)))
    return steps, problems


def shown_path(path: Path) -> str:
    """A path as users see it, made inert: a byte of a name that is not UTF-8, or a control character, written
    ``\\xNN``, so that it prints and can be written to JSON."""
    return inert(display_path(path))


def name_problem(path: Path) -> Problem | None:
    """A problem when the file's path is not UTF-8 (a byte such as 0xff in a name, possible on Linux).

    Scenario paths are shown, recorded in the citations lock and the answer cache, and made page names:
    each needs text, so such a file is refused, named with its bytes shown as ``\\xNN``.
    """
    name = display_path(path)
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return Problem(shown_path(path), None, None, "the file name is not UTF-8 (the bytes shown as \\xNN): "
                                                     "rename the file")
    return None


def load_scenario(path: Path, rules: AbstractSet[str], rulesets: Mapping[str, Ruleset]) -> LoadedScenario:
    """Parse and check one scenario file; raises :class:`ProblemsError` listing every problem (a file whose name is
    not UTF-8 is refused by name: it could be neither shown, nor kept in the lock or the answer cache)."""
    bad_name = name_problem(path)
    if bad_name is not None:
        raise ProblemsError([bad_name])
    name = display_path(path)
    try:
        located = load_file(path, name)
    except YamlLoadError as exc:
        if exc.partial is None:
            raise ProblemsError(exc.problems) from None
        noted = {p.field for p in exc.problems}
        try:  # the file's other problems too, but not again those of the values already refused
            load_scenario_from(exc.partial, name, rules, rulesets)
        except ProblemsError as more:
            raise ProblemsError(exc.problems + [p for p in more.problems if p.field not in noted]) from None
        raise ProblemsError(exc.problems) from None
    return load_scenario_from(located, name, rules, rulesets)


def load_scenario_from(located: Located, name: str, rules: AbstractSet[str], rulesets: Mapping[str, Ruleset]
                       ) -> LoadedScenario:
    """Check one scenario document already read; raises :class:`ProblemsError` listing every problem."""
    with consulting() as seen:
        loaded = _load_scenario_from(located, name, rules, rulesets)
    return replace(loaded, consulted=frozenset(seen))


def _load_scenario_from(located: Located, name: str, rules: AbstractSet[str], rulesets: Mapping[str, Ruleset]
                        ) -> LoadedScenario:
    if not isinstance(located.data, dict):
        raise ProblemsError([located.problem((), "a scenario file is a mapping (title, question, tests, ...)")])
    hidden = hidden_characters(located)
    try:
        sc = Scenario.model_validate(located.data)
    except ValidationError as exc:
        raw_steps = located.data.get("steps")
        listed = isinstance(raw_steps, list)  # its steps checked below, a step's key that is not text said there
        found = hidden + _errors(located, (), exc,
                                 keep=lambda loc: not (listed and loc[:1] == ("steps",) and loc[-1:] == ("[key]",)))
        if isinstance(raw_steps, list):  # still report what is wrong in the steps
            found += _check_steps(located, raw_steps, None, [])[1]
        raise ProblemsError(found) from None
    problems: list[Problem] = list(hidden)
    for key in ("tests", "cites"):
        for i, rid in enumerate(getattr(sc, key)):
            if rid not in rules:
                problems.append(located.problem((key, i), f"unknown rule id {rid!r}{suggest(rid, rules)}"))
    if sc.rulings:
        from reference.knowledge import reference

        held = reference().cards
        known_rulings = held.rulings if held else {}
        for i, rid in enumerate(sc.rulings):
            if rid not in known_rulings:
                problems.append(located.problem(("rulings", i), f"unknown ruling {rid!r}"
                                                                f"{suggest(rid, known_rulings)}"))
    for i, r in enumerate(sc.rulesets):
        if r not in rulesets:
            problems.append(located.problem(("rulesets", i), f"unknown ruleset {r!r}{suggest(r, rulesets)}"))
    notes: list[Problem] = []
    migrated = {}
    for vname, v in sc.variants.items():  # readings renamed since the file was written still play
        params, changed = migrate(v.parameters)
        notes += [located.problem(("variants", vname, "parameters"), f"{n} (read as such; update the file)")
                  for n in changed]
        migrated[vname] = v.model_copy(update={"parameters": params})
    sc = sc.model_copy(update={"variants": migrated})
    for vname, v in sc.variants.items():
        base = ("variants", vname)
        if vname in rulesets or not vname.replace("-", "").isalnum():
            problems.append(located.problem(base, f"a variant needs a name of its own (letters, digits, -), "
                                                  f"not {vname!r}"))
        if v.ruleset not in rulesets:
            problems.append(located.problem((*base, "ruleset"), f"unknown ruleset {v.ruleset!r}"
                                                                f"{suggest(v.ruleset, rulesets)}"))
            continue
        for p, value in v.parameters.items():
            if p not in rulesets[v.ruleset].parameters:
                problems.append(located.problem((*base, "parameters", p), f"{v.ruleset} has no parameter {p!r}"
                                                f"{suggest(p, rulesets[v.ruleset].parameters)}"))
            elif (wrong := check_value(p, value)) is not None:
                problems.append(located.problem((*base, "parameters", p), wrong))
    for r in sc.expect_by_ruleset:
        if r not in sc.rulesets and r not in sc.variants:
            problems.append(located.problem(("expect_by_ruleset", r),
                                            f"{r!r} is not one of this scenario's rulesets or variants"))
    setup, card_issues = resolve_setup(sc.setup)  # vampires named by their card take its capacity, clan, ...
    played = cards_played(sc.steps)
    steps_written, step_card_issues = resolve_steps(sc.steps)  # library cards named take their encoded effects
    sc = sc.model_copy(update={"setup": setup, "steps": steps_written})
    problems += [located.problem(p, msg) for p, msg in step_card_issues]
    problems += [located.problem(("setup", *p), msg) for p, msg in card_issues]
    unresolved = {p[:2] for p, _ in card_issues}  # a minion whose card is unknown has no fields to check yet
    problems += [located.problem(("setup", *p), msg) for p, msg in check_setup(sc.setup) if p[:2] not in unresolved]
    problems += [located.problem(("setup", *p), msg) for p, msg in equipment_problems(sc.setup)]
    players = {p.name for p in sc.setup.players}
    minions = {m.name for m in sc.setup.minions}
    retainers = {r.name for m in sc.setup.minions for r in m.retainers}
    in_play = {card for p in sc.setup.players for card in p.in_play}
    known = players | minions | retainers | in_play
    steps, step_problems = _check_steps(located, list(sc.steps), known, [])
    problems += step_problems + retainer_clashes(located, [(st.index, st.key, st.decision) for st in steps], players,
                                                            minions | in_play)
    minions = known - players - retainers
    n = len(sc.steps)
    shared = _expectation(located, ("expect",), sc.expect, players, minions, rules, problems, n)
    for k, layer in sc.expect_by_ruleset.items():  # each layer's own keys, located where the writer wrote them
        _expectation(located, ("expect_by_ruleset", k), {key: v for key, v in layer.items() if v is not None},
                     players, minions, rules, problems, n)
    expectations: dict[str, Expectation] = {}
    for r in (*sc.rulesets, *sc.variants):
        layers = [sc.expect_by_ruleset[k] for k in (getattr(sc.variants.get(r), "ruleset", None), r)
                  if k is not None and k in sc.expect_by_ruleset]
        if not layers:
            expectations[r] = shared
            continue
        merged = sc.expect
        for layer in layers:
            merged = _merge(merged, layer)
        # every problem of the merged expectation was reported above, at the key the writer wrote
        expectations[r] = _expectation(located, ("expect_by_ruleset", r), merged, players, minions, rules, [], n)
    if problems:
        raise ProblemsError(problems)
    return LoadedScenario(name, sc, tuple(steps), expectations, tuple(notes), located, played)


def _merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    """Lay a ruleset's expectations over the shared ones; `key: null` removes a shared key."""
    out = dict(base)
    for k, v in over.items():
        if v is None:
            out.pop(k, None)
        elif isinstance(v, dict) and isinstance(out.get(k), dict):
            out[k] = {**out[k], **v}
        else:
            out[k] = v
    return out


PENDING_RULINGS = "rulings-pending.yaml"
"""The list, beside the scenarios, of the early rulings no scenario states yet (not a scenario itself)."""


def scenario_files(paths: Iterable[Path]) -> list[Path]:
    """Scenario files under the given files and folders, sorted (the JSON schema and the pending list excluded)."""
    found: set[Path] = set()
    for p in paths:
        if p.is_dir():
            found |= {f for f in p.rglob("*") if f.suffix in SCENARIO_SUFFIXES and f.is_file()
                      and f.name != PENDING_RULINGS}
        elif p.suffix in SCENARIO_SUFFIXES or p.exists():
            found.add(p)
    return sorted(found)
