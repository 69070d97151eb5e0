"""Ousting, the oust reward, victory points and the end of the game (ref14:II.note2, rb95:10.ousting)."""

from __future__ import annotations

from dataclasses import replace

from checker.engine.context import Ctx
from checker.engine.state import PendingReward, State


def check_ousting(state: State, ctx: Ctx) -> State:
    """Oust every Methuselah left without pool, at once; reward predators; end the game if one is left."""
    if state.over:
        return state
    if not any(p.lost or p.pool <= 0 for p in state.in_game()):
        return state  # nobody could be ousted, however the edition ousts: its parameter is not read
    if ctx.p("oust_when") == "bled_at_zero":
        ousted = [p.name for p in state.in_game() if p.lost]
    else:
        ousted = [p.name for p in state.in_game() if p.pool <= 0]
    if not ousted:
        return state
    predators = {name: state.predator(name) for name in ousted}
    for name in ousted:
        state = _remove(state, name, ctx)
    withheld = ctx.p("oust_reward_withheld_if_predator_ousted")
    for name in ousted:
        q = predators[name]
        if q == name:
            continue
        vp = ctx.p("oust_vp")
        state = state.with_player(q, vp=state.player(q).vp + vp)
        ctx.cite_param("oust_vp", f"{q} gains {vp} victory point for ousting {name}")
        reward = ctx.p("oust_pool_reward")
        if q in ousted:
            ctx.cite_param("oust_reward_withheld_if_predator_ousted",
                           f"{q} is ousted at the same time and gains no pool")
        elif withheld == "same_turn":
            state = replace(state, pending_rewards=(*state.pending_rewards, PendingReward(q, reward)))
            ctx.cite_param("oust_reward_withheld_if_predator_ousted",
                           f"{q}'s {reward} pool is withheld until the end of the turn, "
                           f"lost if {q} is ousted this turn")
        else:
            state = state.move_pool(q, reward)
            ctx.cite_param("oust_pool_reward", f"{q} gains {reward} pool from the bank")
    state = replace(state, ousted_this_turn=state.ousted_this_turn | frozenset(ousted),
                    pending_rewards=tuple(r for r in state.pending_rewards if r.predator not in ousted))
    return check_game_end(state, ctx)


def _remove(state: State, name: str, ctx: Ctx) -> State:
    """The Methuselah leaves the game with every card she started with; counters go to the bank."""
    p = state.player(name)
    state = replace(state, bank=state.bank + max(p.pool, 0))
    state = state.with_player(name, ousted=True, pool=0)
    if p.lost:
        ctx.cite_param("oust_when", f"{name} was bled at zero pool and loses the game")
    else:
        ctx.cite("ousting", f"{name} has no pool left and is ousted")
    state = leave_play(state, name, ctx)
    ctx.cite("cards_back_on_oust", f"{name}'s cards leave play with her")
    return state


def leave_play(state: State, name: str, ctx: Ctx) -> State:
    """Every card a leaving Methuselah owns leaves play; others' cards she held go to their owners' ash heaps.

    The golden rule of card ownership (rb95:11.p1): cards never change owner for good.
    """
    freed = sum(m.counters for m in state.minions_of(name) if m.location != "removed")
    returned: list[tuple[str, str]] = []
    minions = []
    for m in state.minions:
        if m.controller == name:
            returned += [(item, owner) for item, owner in m.borrowed if owner != name]
            if m.owned_by != name and m.location != "removed":
                returned.append((m.card_name, m.owned_by))
            minions.append(replace(m, location="removed", blood=0, retainers=(), equipment=(), borrowed=()))
            continue
        if m.owned_by == name and m.location != "removed":
            ctx.cite("cards_back_on_oust", f"{m.name} is {name}'s card, controlled by {m.controller}: it leaves play "
                                           "with her")
            freed += m.counters
            minions.append(replace(m, location="removed", blood=0, retainers=(), equipment=(), borrowed=()))
            continue
        mine = {item for item, owner in m.borrowed if owner == name}
        if mine:
            ctx.cite("cards_back_on_oust", f"{', '.join(sorted(mine))} on {m.name} is {name}'s and goes back to her")
            m = replace(m, equipment=tuple(e for e in m.equipment if e not in mine),
                        retainers=tuple(r for r in m.retainers if r.name not in mine),
                        borrowed=tuple(b for b in m.borrowed if b[0] not in mine))
        minions.append(m)
    state = replace(state, minions=tuple(minions), bank=state.bank + freed)
    for p in state.players:
        if p.name == name:
            returned += [(card, owner) for card, owner in p.in_play if owner != name]
            state = state.with_player(name, in_play=())
        elif any(owner == name for _, owner in p.in_play):
            ctx.cite("cards_back_on_oust", f"{name}'s cards that {p.name} controls leave play with her")
            state = state.with_player(p.name, in_play=tuple(c for c in p.in_play if c[1] != name))
    for item, owner in returned:
        state = state.with_player(owner, ash_heap=state.player(owner).ash_heap + 1)
        ctx.cite("borrowed_cards_returned", f"{item} is {owner}'s: it goes to {owner}'s ash heap")
    return state


def settle_pending_rewards(state: State, ctx: Ctx) -> State:
    """At the end of a turn, pay the oust rewards withheld until then to predators still in."""
    for r in state.pending_rewards:
        if not state.player(r.predator).ousted:
            state = state.move_pool(r.predator, r.pool)
            ctx.cite_param("oust_pool_reward", f"{r.predator} gains {r.pool} pool at the end of the turn")
    return replace(state, pending_rewards=(), ousted_this_turn=frozenset())


def check_game_end(state: State, ctx: Ctx) -> State:
    """With one Methuselah left (or none), the game is over; the last one standing gains a VP.

    The end of the game ends the turn: an oust reward held until then is paid to its predator.
    """
    alive = state.in_game()
    if len(alive) > 1:
        return state
    for r in state.pending_rewards:
        if not state.player(r.predator).ousted:
            state = state.move_pool(r.predator, r.pool)
            ctx.cite_param("oust_reward_withheld_if_predator_ousted",
                           f"the game is over, which ends the turn: {r.predator} gains her {r.pool} pool")
    state = replace(state, pending_rewards=())
    if alive:
        vp = ctx.p("last_standing_vp")
        state = state.with_player(alive[0].name, vp=alive[0].vp + vp)
        ctx.cite_param("last_standing_vp", f"{alive[0].name} is the last Methuselah in the game and gains "
                                           f"{vp} victory point")
    best = winners(state)
    ctx.cite("winner", f"the game is over: {' and '.join(best)} "
                       f"{'has' if len(best) == 1 else 'have'} the most victory points and "
                       f"{'wins' if len(best) == 1 else 'share the win'}")
    return replace(state, over=True)


def winners(state: State) -> list[str]:
    """The Methuselahs with the most victory points."""
    best = max(p.vp for p in state.players)
    return [p.name for p in state.players if p.vp == best]
