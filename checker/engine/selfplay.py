"""Whole games played by simple automated players: deterministic for a seed.

Each player tries the candidate decisions in a fixed order of preference (bleed first, then
the other actions, then passing), shuffled among equals by the seed; the engine refuses what
is illegal. A game ends when one Methuselah is left or after a number of decisions.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from checker.engine.context import Ctx
from checker.engine.decisions import Bleed, Discard, EndTurn, Hunt, Influence, Master, PlayAction, Strict, Untap
from checker.engine.engine import apply
from checker.engine.events import Event, IllegalDecision
from checker.engine.moves import candidates
from checker.engine.setup import Setup, initial_state
from checker.engine.state import State
from reference.rulesets import Ruleset

PREFERENCE: list[type[Strict]] = [Untap, Hunt, Bleed, PlayAction, Master, Influence, Discard, EndTurn]


@dataclass(frozen=True)
class Game:
    """The end of a game and every step it took."""

    final: State
    decisions: int
    events: tuple[Event, ...]


def _rank(decision: Strict) -> int:
    kind = type(decision)
    return PREFERENCE.index(kind) if kind in PREFERENCE else len(PREFERENCE) - 1


def play(setup: Setup, ruleset: Ruleset, seed: int, max_decisions: int = 600,
         check: object = None) -> Game:
    """Play until the game is over or ``max_decisions`` decisions were applied."""
    rnd = random.Random(seed)
    state = initial_state(setup, Ctx(ruleset))
    events: list[Event] = []
    applied = 0
    while not state.over and applied < max_decisions:
        options = candidates(state)
        rnd.shuffle(options)
        options.sort(key=_rank)
        for decision in options:
            try:
                state, new = apply(state, decision, ruleset)
            except IllegalDecision:
                continue
            events += new
            applied += 1
            if callable(check):
                check(state)
            break
        else:
            break
    return Game(state, applied, tuple(events))
