"""Running a scenario under a ruleset: the answer, the trace, and whether it meets the expectations."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from checker.engine.context import Ctx
from checker.engine.engine import apply
from checker.engine.events import IllegalDecision
from checker.engine.ousting import winners
from checker.engine.setup import initial_state
from checker.engine.state import State
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

    @property
    def exercised(self) -> tuple[str, ...]:
        """The rules the engine applied, in first-use order."""
        return tuple(dict.fromkeys(t.rule for t in self.trace))

    def to_json(self) -> dict[str, Any]:
        return {
            "scenario": self.scenario, "ruleset": self.ruleset, "status": self.status,
            "tests": list(self.tests), "exercised": list(self.exercised), "answer": self.answer,
            "illegal": self.illegal, "failures": list(self.failures),
            "trace": [{"step": t.step, "key": t.step_key, "rule": t.rule, "message": t.message}
                      for t in self.trace],
        }


def snapshot(state: State) -> dict[str, Any]:
    """The game as an answer: every Methuselah, every minion (removed ones too), the Edge, whose turn."""
    return {
        "players": {p.name: {"pool": p.pool, "vp": p.vp, "hand": p.hand, "library": p.library,
                             "ash_heap": p.ash_heap, "ousted": p.ousted, "withdrawn": p.withdrawn,
                             "withdrawing": p.withdrawing} for p in state.players},
        "minions": {m.name: {"controller": m.controller, "kind": m.kind,
                             ("blood" if m.is_vampire else "life"): m.blood, "location": m.location,
                             "tapped": m.tapped, "equipment": list(m.equipment),
                             "retainers": [r.name for r in m.retainers], "paralyzed": m.paralyzed,
                             "title": m.title or "none", "contested": m.contested,
                             "title_contested": m.title_contested}
                    for m in state.minions},
        "game": {"edge": state.edge or "nobody", "turn": state.current, "phase": state.phase,
                 "game_turn": state.game_turn, "over": state.over, "winners": winners(state)},
    }


def _compare(exp: Expectation, snap: dict[str, Any]) -> list[str]:
    failures: list[str] = []
    for name, pe in exp.players.items():
        got = snap["players"][name]
        for k, v in pe.model_dump(exclude_none=True).items():
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
            if isinstance(v, tuple):
                v = list(v)
            if have != v:
                failures.append(f"{name}.{k}: expected {v}, got {have}")
    if exp.game is not None:
        for k, v in exp.game.model_dump(exclude_none=True).items():
            have = snap["game"][k]
            if isinstance(v, tuple):
                v, have = sorted(v), sorted(have)
            if have != v:
                failures.append(f"game.{k}: expected {v}, got {have}")
    return failures


def run(loaded: LoadedScenario, ruleset: Ruleset) -> Outcome:
    """Play the scenario's steps under ``ruleset`` and compare the result with its expectations."""
    sc = loaded.scenario
    ctx = Ctx(ruleset)
    state = initial_state(sc.setup, ctx)
    trace: list[TraceLine] = []
    illegal: dict[str, Any] | None = None
    for step in loaded.steps:
        try:
            state, events = apply(state, step.decision, ruleset)
        except IllegalDecision as exc:
            illegal = {"step": step.index + 1, "key": step.key, "rule": exc.rule, "message": exc.message}
            trace.append(TraceLine(step.index + 1, step.key, exc.rule, f"illegal: {exc.message}"))
            break
        trace += [TraceLine(step.index + 1, step.key, e.rule, e.message) for e in events]
    answer = snapshot(state)
    exp = loaded.expectations.get(ruleset.name, Expectation())
    failures: list[str] = []
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
    return Outcome(loaded.path, ruleset.name, status, tuple(trace), answer, illegal, tuple(failures),
                   sc.tests)
