"""Running a scenario under a ruleset: the answer, the trace, and whether it meets the expectations."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Literal

from checker.engine.context import Ctx, recording_reads
from checker.engine.engine import apply
from checker.engine.events import IllegalDecision
from checker.engine.ousting import winners
from checker.engine.setup import initial_state
from checker.engine.state import ActionRecord, State
from checker.scenarios.load import Expectation, LoadedScenario
from reference.rulesets import Ruleset

Status = Literal["pass", "fail", "answered"]


@dataclass(frozen=True)
class TraceLine:
    """One applied rule: during which step, which rule, and what it did."""

    step: int | None  # None for the setup
    step_key: str
    rule: str
    message: str
    undone: bool = False  # done by a step that was then refused: the refused step changes nothing
    fallback: str | None = None  # a declared fallback of the ruleset: "not stated in ref14; rb95 says"
    announce: bool = False  # narrates the procedure (``ctx.announce``): decides nothing, exercises nothing


@dataclass(frozen=True)
class Outcome:
    """The engine's answer to a scenario under one ruleset, checked against its expectations."""

    scenario: str
    ruleset: str
    status: Status
    trace: tuple[TraceLine, ...]
    answer: dict[str, Any]
    illegal: dict[str, Any] | None
    failures: tuple[str, ...]
    tests: tuple[str, ...]
    refused: tuple[dict[str, Any], ...] = ()  # steps refused as expected, the scenario going on past them
    reads: tuple[tuple[str, str], ...] = ()  # (parameter, the rule owning it here) the steps read, by name
    before: dict[str, Any] | None = None  # the table as set up, before the first step (``snapshot``)

    @property
    def exercised(self) -> tuple[str, ...]:
        """The rules the engine used to decide or change something, in first-use order.

        A trace line counts unless it only narrates the procedure (``announce``). The lines of a
        refused step count too, up to and with the refusal: they changed nothing, but they are how
        the engine decided the step was not allowed (a range made long, then a strike refused for
        it). So does the owner of every parameter the steps read: its value took part in the answer.
        """
        return tuple(dict.fromkeys([*(t.rule for t in self.trace if not t.announce),
                                    *(rule for _, rule in self.reads)]))

    @property
    def read_rules(self) -> frozenset[str]:
        """The rules owning a parameter the steps read: a different value there could change the answer."""
        return frozenset(rule for _, rule in self.reads)

    def verdict(self) -> Outcome:
        """The outcome without its trace, table as set up and answer (most of its size): what a report of passes
        and failures reads (``status``, ``failures``, ``illegal``, ``refused``, ``reads``)."""
        return replace(self, trace=(), answer={}, before=None)

    def to_json(self) -> dict[str, Any]:
        return {
            "scenario": self.scenario, "ruleset": self.ruleset, "status": self.status,
            "tests": list(self.tests), "exercised": list(self.exercised), "answer": self.answer,
            "illegal": self.illegal, "refused": list(self.refused), "failures": list(self.failures),
            "trace": [{"step": t.step, "key": t.step_key, "rule": t.rule, "message": t.message, "undone": t.undone,
                       "fallback": t.fallback, "announce": t.announce}
                      for t in self.trace],
            "reads": {param: rule for param, rule in self.reads},
        }


def snapshot(state: State) -> dict[str, Any]:
    """The game as an answer: every Methuselah, every minion (removed ones too), the Edge, whose turn."""
    return {
        "players": {p.name: {"pool": p.pool, "vp": p.vp, "hand": p.hand, "library": p.library,
                             "ash_heap": p.ash_heap, "crypt": p.crypt, "transfers": p.transfers,
                             "ousted": p.ousted, "withdrawn": p.withdrawn,
                             "withdrawing": p.withdrawing, "ante": p.ante,
                             "in_play": sorted(c for c, _ in p.in_play),
                             "locked": sorted(p.cards_locked), "contested": sorted(p.cards_contested)}
                    for p in state.players},
        "minions": {m.name: {"controller": m.controller, "owner": m.owned_by, "kind": m.kind,
                             ("blood" if m.is_vampire else "life"): m.blood, "location": m.location,
                             "tapped": m.tapped, "equipment": list(m.equipment),
                             "retainers": [r.name for r in m.retainers],
                             "retainer_life": {r.name: r.life for r in m.retainers}, "paralyzed": m.paralyzed,
                             "title": m.title or "none", "contested": m.contested, "capacity": m.capacity,
                             "disciplines": dict(m.disciplines),
                             "title_contested": m.title_contested}
                    for m in state.minions},
        "game": {"edge": state.edge or "nobody", "turn": state.current, "phase": state.phase,
                 "game_turn": state.game_turn, "over": state.over, "winners": winners(state)},
        "action": _action(state.last_action),
        "vote": ({"for": state.last_vote.votes_for, "against": state.last_vote.votes_against,
                  "passed": state.last_vote.passed, "canceled": state.last_vote.canceled}
                 if state.last_vote else None),
    }


def _action(a: ActionRecord | None) -> dict[str, Any] | None:
    if a is None:
        return None
    return {"actor": a.actor, "blocked": a.blocked_by is not None, "blocked_by": a.blocked_by or "nobody",
            "block_order": list(a.block_order), "attempts": list(a.attempts)}


def _compare(exp: Expectation, snap: dict[str, Any]) -> list[str]:
    failures: list[str] = []
    for name, pe in exp.players.items():
        got = snap["players"][name]
        for k, v in pe.model_dump(exclude_none=True).items():
            if isinstance(v, tuple):
                v = sorted(v)
            if got[k] != v:
                failures.append(f"{name}.{k}: expected {v}, got {got[k]}")
    for name, me in exp.minions.items():
        got = snap["minions"].get(name)
        want = me.model_dump(exclude_none=True)
        if got is None:
            failures.append(f"{name}: expected {want}, but it is no longer in the game")
            continue
        for k, v in want.items():
            key = k if k in got else ("blood" if k == "life" else "life" if k == "blood" else k)
            have = got.get(key)
            if k == "retainers" and any(isinstance(r, dict) for r in v):
                have = [{"name": r, "life": got["retainer_life"][r]} for r in got["retainers"]]
                v = [r if isinstance(r, dict) else {"name": r, "life": got["retainer_life"].get(r)} for r in v]
            if isinstance(v, tuple):
                v = list(v)
            if k == "disciplines":  # only the Disciplines named are checked; `none` for one it lacks
                have = {d: have.get(d, "none") for d in v}
            if have != v:
                failures.append(f"{name}.{k}: expected {v}, got {have}")
    if exp.game is not None:
        for k, v in exp.game.model_dump(exclude_none=True).items():
            have = snap["game"][k]
            if isinstance(v, tuple):
                v, have = sorted(v), sorted(have)
            if have != v:
                failures.append(f"game.{k}: expected {v}, got {have}")
    for section, model in (("action", exp.action), ("vote", exp.vote)):
        if model is None:
            continue
        got = snap[section]
        if got is None:
            failures.append(f"{section}: expected {model.model_dump(exclude_none=True, by_alias=True)}, but there "
                            f"was no {'action' if section == 'action' else 'referendum'}")
            continue
        for k, v in model.model_dump(exclude_none=True, by_alias=True).items():
            v = list(v) if isinstance(v, tuple) else v
            if got[k] != v:
                failures.append(f"{section}.{k}: expected {v}, got {got[k]}")
    return failures


def run(loaded: LoadedScenario, ruleset: Ruleset, *, expect_as: str | None = None) -> Outcome:
    """Play the scenario's steps under ``ruleset`` and compare the result with its expectations.

    The expectations are those of the run ``expect_as`` (a ruleset or variant of the scenario), by default
    of the ruleset's own name: a ruleset an erratum makes is held to the expectations of the one it extends.
    """
    loaded = loaded.for_ruleset(ruleset)  # the cards as the ruleset's card errata have them
    sc = loaded.scenario
    ctx = Ctx(ruleset)
    state = initial_state(sc.setup, ctx)
    before = snapshot(state)
    trace: list[TraceLine] = []
    illegal: dict[str, Any] | None = None
    exp = loaded.expectations.get(expect_as or ruleset.name, Expectation())
    refusals: dict[int, dict[str, Any]] = {}
    applied: set[int] = set()
    with recording_reads() as read:  # the steps' reads only: the setup's defaults decide no rules question
        for step in loaded.steps:
            n = step.index + 1
            try:
                state, events = apply(state, step.decision, ruleset)
            except IllegalDecision as exc:
                refusal = {"step": n, "key": step.key, "rule": exc.rule, "message": exc.message}
                trace += [TraceLine(n, step.key, e.rule, e.message, undone=True, announce=e.announce)
                          for e in exc.events]
                trace.append(TraceLine(n, step.key, exc.rule, f"illegal: {exc.message}"))
                if n in exp.refused:  # an expected refusal: the step changes nothing and the scenario goes on
                    refusals[n] = refusal
                    continue
                illegal = refusal
                break
            applied.add(n)
            trace += [TraceLine(n, step.key, e.rule, e.message, announce=e.announce) for e in events]
    answer = snapshot(state)
    failures: list[str] = []
    for n, rule in sorted(exp.refused.items()):
        got = refusals.get(n)
        if got is None:
            failures.append(f"expected step {n} to be refused under {rule}, but it was "
                            + ("allowed" if n in applied else "never reached"))
        elif got["rule"] != rule:
            failures.append(f"expected step {n} to be refused under {rule}, but it was refused under "
                            f"{got['rule']}: {got['message']}")
    for n in exp.allowed:
        if n not in applied:
            failures.append(f"expected step {n} to be allowed, but it was "
                            + ("refused" if illegal and illegal["step"] == n else "never reached"))
    if exp.illegal is not None:
        if illegal is None:
            failures.append(f"expected a step to break {exp.illegal}, but every step was legal")
        elif illegal["rule"] != exp.illegal:
            failures.append(f"expected a step to break {exp.illegal}, but step {illegal['step']} broke "
                            f"{illegal['rule']}: {illegal['message']}")
    elif illegal is not None:
        failures.append(f"step {illegal['step']} ({illegal['key']}) is illegal: {illegal['message']} "
                        f"({illegal['rule']})")
    if illegal is None or exp.illegal is not None:
        failures += _compare(exp, answer)
    status: Status = "answered" if exp.empty else ("fail" if failures else "pass")
    trace = [replace(t, fallback=ruleset.borrowed_note(t.rule)) for t in trace]
    return Outcome(loaded.path, ruleset.name, status, tuple(trace), answer, illegal, tuple(failures),
                   sc.tests, tuple(refusals.values()), tuple((p, ruleset.rule(p)) for p in sorted(read)), before)
