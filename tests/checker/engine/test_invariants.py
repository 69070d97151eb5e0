"""Every scenario under every ruleset: counters conserved, none negative, each event cites a real rule."""

from __future__ import annotations

from copy import deepcopy

from checker.engine.context import Ctx
from checker.engine.engine import apply
from checker.engine.events import IllegalDecision
from checker.engine.setup import initial_state
from checker.engine.state import BANK_START, State
from checker.scenarios.suite import SCENARIOS_DIR, load_all
from reference.corpus import corpus
from reference.rulesets import rulesets


def _check(state: State) -> None:
    assert state.total_counters() == BANK_START
    assert state.bank > 0
    assert all(p.pool >= 0 and p.hand >= 0 and p.library >= 0 for p in state.players)
    assert all(m.blood >= 0 for m in state.minions)
    assert state.edge is None or state.has_player(state.edge)


def test_invariants_hold_through_every_scenario() -> None:
    loaded, problems = load_all([SCENARIOS_DIR])
    assert problems == []
    rules = corpus().rules
    eds = rulesets()
    steps = 0
    for sc in loaded:
        for name in sc.scenario.rulesets:
            rs = eds[name]
            state = initial_state(sc.scenario.setup, Ctx(rs))
            _check(state)
            for step in sc.steps:
                before, copy = state, deepcopy(state)
                try:
                    state, events = apply(state, step.decision, rs)
                except IllegalDecision as exc:
                    assert exc.rule in rules
                    break
                assert before == copy  # pure: applying left the old state as it was
                assert all(e.rule in rules for e in events)
                _check(state)
                steps += 1
    assert steps > 0


def test_apply_is_deterministic() -> None:
    loaded, _ = load_all([SCENARIOS_DIR])
    rs = rulesets()["jyhad-1.4"]
    for sc in loaded[:20]:
        if "jyhad-1.4" not in sc.scenario.rulesets or not sc.steps:
            continue
        state = initial_state(sc.scenario.setup, Ctx(rs))
        try:
            a = apply(state, sc.steps[0].decision, rs)
            b = apply(state, sc.steps[0].decision, rs)
        except IllegalDecision:
            continue
        assert a == b
