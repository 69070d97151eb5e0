"""What must hold after every transition, whatever the rules edition: returned as problems, never raised."""

from __future__ import annotations

from checker.engine.decks import has_deck
from checker.engine.state import BANK_START, State


def broken_invariants(state: State) -> list[str]:
    """Counters conserved and never negative, one Edge at most, nothing in play for players out of the game,
    controlled vampires within capacity."""
    problems: list[str] = []
    if state.total_counters() != BANK_START:
        problems.append(f"blood counters not conserved: {state.total_counters()} instead of {BANK_START}")
    if state.bank <= 0:
        problems.append("the blood bank ran out")
    for p in state.players:
        if p.pool < 0 or p.hand < 0 or p.library < 0:
            problems.append(f"{p.name} has a negative pool, hand or library")
        left = ("removed", "ash_heap", "crypt") if has_deck(state, p.name) else ("removed", "ash_heap")
        if p.gone and (p.pool != 0 or any(m.location not in left for m in state.minions_of(p.name))):
            problems.append(f"{p.name} is out of the game but holds pool or cards in play")
    for m in state.minions:
        if m.blood < 0 or any(r.life < 0 for r in m.retainers):
            problems.append(f"{m.name} has negative blood or life")
        if m.is_vampire and m.location in ("ready", "torpor") and m.blood > m.capacity:
            problems.append(f"{m.name} holds more blood than its capacity")
    if state.edge is not None and not state.has_player(state.edge):
        problems.append(f"the Edge is held by {state.edge}, who is not a player")
    return problems
