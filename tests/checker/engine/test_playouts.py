"""Random playouts: sequences of decisions chosen at random, the engine judging each, invariants after each step.

Every failure shrinks (hypothesis) to a short list of choices, printed as a scenario file that can be saved
as a regression scenario. The default run plays a few hundred; ``RULES_EXTENDED=1`` plays thousands per ruleset.
"""

from __future__ import annotations

import os
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

from checker.engine.context import Ctx
from checker.engine.decisions import DECISIONS, Strict
from checker.engine.engine import apply
from checker.engine.events import IllegalDecision
from checker.engine.invariants import broken_invariants
from checker.engine.moves import candidates
from checker.engine.setup import Setup, initial_state
from checker.engine.state import State
from reference.corpus import corpus
from reference.rulesets import rulesets

EXTENDED = bool(os.environ.get("RULES_EXTENDED"))
PARTS = 20 if EXTENDED else 1  # test items per ruleset, so the extended run shards evenly (docs/guide/scaling.md)
EXAMPLES = (10_000 if EXTENDED else 60) // PARTS  # per ruleset and part: 10,000 playouts per ruleset extended
KEYS = {model: key for key, model in DECISIONS.items()}

SETUP = Setup.model_validate({
    "players": [{"name": "alice", "pool": 6}, {"name": "bob", "pool": 5}, {"name": "carol", "pool": 7}],
    "minions": [
        {"name": "Cassandra", "controller": "alice", "capacity": 5, "blood": 2},
        {"name": "Eliza", "controller": "bob", "capacity": 4, "blood": 0},
        {"name": "Dom", "controller": "bob", "capacity": 3, "blood": 1, "location": "uncontrolled"},
        {"name": "Tasha", "controller": "carol", "kind": "ally", "life": 2},
        {"name": "Anneke", "controller": "carol", "capacity": 6, "blood": 3},
    ],
})


def check_invariants(state: State) -> None:
    """Counters conserved, none negative, at most one Edge, ousted players hold nothing in play, controlled
    vampires within capacity (checker.engine.invariants, the checks `rules play` makes too)."""
    assert broken_invariants(state) == []


def as_scenario(ruleset: str, steps: list[Strict]) -> str:
    """A failing playout as a scenario file, ready to save as a regression scenario."""
    data: dict[str, Any] = {
        "title": "Regression found by a random playout", "question": "Replays a random playout.",
        "tests": ["ref14:II"], "rulesets": [ruleset], "setup": SETUP.model_dump(exclude_defaults=True),
        "steps": [{KEYS[type(s)]: s.model_dump(exclude_defaults=True, mode="json")} for s in steps],
    }
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True)


PLAY = settings(max_examples=EXAMPLES, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@pytest.mark.parametrize("part", range(PARTS))
@pytest.mark.parametrize("ruleset", ["jyhad-1.4", "vtes-basic", "vtes-advanced", "solitaire"])
@PLAY
@given(choices=st.lists(st.integers(0, 40), max_size=60))
def test_random_playouts_break_no_invariant(ruleset: str, part: int, choices: list[int]) -> None:
    """Each part reads the same drawn choices through its own offset (part 0: as drawn), so the parts play
    different games while Hypothesis stays derandomized (the same games on every machine)."""
    rs = rulesets()[ruleset]
    rules = corpus().rules
    state = initial_state(SETUP, Ctx(rs))
    check_invariants(state)
    played: list[Strict] = []
    for choice in choices:
        options = candidates(state)
        if not options:
            break
        decision = options[(choice + 7 * part) % len(options)]
        try:
            state, events = apply(state, decision, rs)
        except IllegalDecision as exc:
            assert exc.rule in rules
            continue
        played.append(decision)
        note(as_scenario(ruleset, played))
        assert all(e.rule in rules for e in events)
        check_invariants(state)
