"""Master cards that move counters, burn a card or lock minions at once (rb95:3.2.1): Minion Tap, Tribute to the
Master, Gird Minions, Sermon of Caine, Effective Management, Vulnerability, Unnatural Disaster, Misdirection,
Letter from Vienna.

The card's text decides what moves; the scenario says the amounts and the cards chosen. Every step cites the
master card's effect (rb95:3.2.1 / ref14:II.B); blood over a controlled vampire's capacity drains off.
"""

from __future__ import annotations

from checker.engine import in_play
from checker.engine.context import Ctx
from checker.engine.damage import burn_minion
from checker.engine.decisions import MasterCard, MasterMoves
from checker.engine.state import Minion, State
from checker.engine.table import drain_excess


def apply_moves(state: State, who: str, card: MasterCard, ctx: Ctx) -> State:
    """The master card's move, burn or lock, for the Methuselah ``who`` playing it."""
    mv = card.moves
    assert mv is not None
    if mv.kind in ("vampire_to_pool", "each_ready_to_pool"):
        amounts = mv.amounts if mv.kind == "vampire_to_pool" else {
            m.name: 1 for m in state.minions_of(who, "ready") if m.is_vampire}
        for name, n in amounts.items():
            v = _own_vampire(state, who, name, card, ctx, ready=mv.kind == "each_ready_to_pool")
            n = min(n, v.blood)
            state = state.move_blood(name, -n).move_pool(who, n)
            ctx.cite("master_effect", f"{card.name}: {n} blood from {name} to {who}'s pool")
        return state
    if mv.kind == "pool_to_vampires":
        total = sum(mv.amounts.values())
        if total > state.player(who).pool:
            ctx.illegal("master_effect", f"{card.name}: {who} has only {state.player(who).pool} pool to move")
        for name, n in mv.amounts.items():
            _own_vampire(state, who, name, card, ctx, ready=False)
            state = state.move_pool(who, -n).move_blood(name, n)
            ctx.cite("master_effect", f"{card.name}: {n} pool from {who}'s pool to {name}")
            state = drain_excess(state, name, ctx)
        return state
    if mv.kind == "vampire_to_vampires":
        source = _own_vampire(state, who, mv.source or "", card, ctx, ready=True)
        if sum(mv.amounts.values()) > source.blood:
            ctx.illegal("master_effect", f"{card.name}: {source.name} has only {source.blood} blood")
        for name, n in mv.amounts.items():
            if name == source.name:
                ctx.illegal("master_effect", f"{card.name} moves blood to {who}'s other ready vampires")
            _own_vampire(state, who, name, card, ctx, ready=True)
            state = state.move_blood(source.name, -n).move_blood(name, n)
            ctx.cite("master_effect", f"{card.name}: {n} blood from {source.name} to {name}")
            state = drain_excess(state, name, ctx)
        return state
    return _card_or_minion(state, who, card, mv, ctx)


def _card_or_minion(state: State, who: str, card: MasterCard, mv: MasterMoves, ctx: Ctx) -> State:
    if mv.kind == "crypt_move":
        new = mv.crypt_move
        if new is None or state.has_minion(new.name) or state.player(who).crypt <= 0:
            ctx.illegal("master_effect", f"{card.name} moves the top crypt card: say which vampire it is with "
                                         "`crypt_move: {name, capacity}` (a new name; the crypt not empty)")
        assert new is not None
        state = state.with_player(who, crypt=state.player(who).crypt - 1)
        state = state.add_minion(Minion(name=new.name, controller=who, kind="vampire", blood=0,
                                        capacity=new.capacity, location="uncontrolled"))
        ctx.cite("master_effect", f"{card.name}: {new.name}, the top card of {who}'s crypt, moves to her "
                                  "uncontrolled region")
        return state
    target = mv.target or ""
    if mv.kind == "burn_vampire_in_torpor":
        if not state.has_minion(target) or state.minion(target).location != "torpor" \
                or not state.minion(target).is_vampire:
            ctx.illegal("master_effect", f"{card.name} burns a vampire in torpor; {target or 'nothing'} is not one")
        return burn_minion(state, target, ctx, "master_effect", f"is burned by {card.name}")
    if mv.kind == "burn_location":
        return in_play.burn(state, target, ctx, "master_effect", card.name)
    if mv.kind == "lock":
        if not state.has_minion(target) or state.minion(target).location != "ready":
            ctx.illegal("master_effect", f"{card.name} locks a minion in play; {target or 'nothing'} is not one")
        ctx.cite("master_effect", f"{card.name}: {target} locks")
        return state.with_minion(target, tapped=True)
    for m in state.minions:  # lock_all
        if m.is_vampire and m.clan == mv.clan and m.location == "ready" and not m.tapped:
            state = state.with_minion(m.name, tapped=True)
            ctx.cite("master_effect", f"{card.name}: {m.name}, a ready {mv.clan}, locks")
    return state


def _own_vampire(state: State, who: str, name: str, card: MasterCard, ctx: Ctx, *, ready: bool) -> Minion:
    if not state.has_minion(name):
        ctx.illegal("master_effect", f"{card.name}: no vampire named {name}")
    v = state.minion(name)
    where = ("ready",) if ready else ("ready", "torpor")
    if v.controller != who or not v.is_vampire or v.location not in where:
        ctx.illegal("master_effect", f"{card.name}: {name} is not a{' ready' if ready else ''} vampire {who} "
                                     "controls")
    return v
