"""The Mystery Methuselah's minion phase: hunts first, then his cards and actions (sol:basic.8)."""

from __future__ import annotations

from checker.engine import actions, decks, turn_order
from checker.engine.cards import ResourceCard
from checker.engine.context import Ctx
from checker.engine.decisions import Diablerize, Hunt, LeaveTorpor
from checker.engine.state import State
from checker.solitaire import turn
from checker.solitaire.acting import act, actor_order, bleed, block_attempts, can_act
from checker.solitaire.spending import use
from checker.solitaire.turn import vampires


def minion(state: State, ctx: Ctx) -> State:
    me = state.current
    state = turn_order.advance_to(state, "minion", ctx, "the minion phase")
    ctx.announce("sol_minion", f"{me}'s minion phase: master cards cannot be used now")
    state = _hunts_first(state, ctx)
    for _ in range(20):
        if not state.deck(me).resources or state.over:
            break
        state, drawn = decks.draw(state, me, 3, crypt=False)
        ctx.cite("sol_minion", f"{me} draws {len(drawn)} resources and looks only at the last")
        left = list(drawn)
        while left:
            card = left[-1]
            assert isinstance(card, ResourceCard)
            used = _use_in_minion(state, card, ctx) if not state.over else None
            if used is None:
                ctx.cite("sol_minion", f"{me} does not use {card.name}: the {len(left)} unused card(s) go to the "
                                       "bottom of his resources")
                state = decks.to_bottom(state, me, tuple(left), crypt=False)
                break
            state = used
            left.pop()
            if left:
                ctx.cite("sol_minion", f"{me} used {card.name} and looks at the next card")
        if left or state.over:
            break
        ctx.cite("sol_minion", f"{me} used all three cards and begins again")
    if not state.over:
        state = _no_card_actions(state, ctx)
    return state


def _hunts_first(state: State, ctx: Ctx) -> State:
    """Ready vampires with no blood must hunt before any other action (ref14:II.C.exception1)."""
    me = state.current
    for m in actor_order([m for m in vampires(state, me) if can_act(m) and m.blood == 0]):
        if state.over:
            break
        ctx.cite("mm_acts", f"{me} acts with {m.name}: it has no blood, so it hunts first")
        state = act(state, Hunt(actor=m.name), ctx, actions.hunt)
    return state


def _use_in_minion(state: State, card: ResourceCard, ctx: Ctx) -> State | None:
    if card.type == "bleed_modifier":
        me = state.current
        ready = actor_order([m for m in vampires(state, me) if can_act(m) and m.blood > 0])
        if not ready:
            return None
        ctx.cite("mm_actor", f"{me} bleeds with {ready[0].name}, the oldest, then highest bleed")
        state = bleed(state, ready[0], ctx, modifier=card)
        return turn.bury(state, me, card, ctx)
    if card.type in ("master", "reaction", "combat"):
        return None
    return use(state, card, ctx, "sol_minion")


def _no_card_actions(state: State, ctx: Ctx) -> State:
    """sol:basic.8: he always acts if he can: each untapped vampire, oldest first, hunts, rescues or bleeds."""
    me = state.current
    ctx.announce("mm_acts", f"{me} acts with every vampire that can act")
    for _ in range(12):
        if state.over:
            break
        ready = actor_order([m for m in vampires(state, me) if can_act(m)])
        torpid = [m for m in vampires(state, me) if m.location == "torpor" and not m.tapped and m.blood >= 2]
        if torpid:
            m = actor_order(torpid)[0]
            state = act(state, LeaveTorpor(actor=m.name), ctx, actions.leave_torpor)
            continue
        if not ready:
            break
        m = ready[0]
        ctx.cite("mm_actor", f"{me} acts with {m.name}, the oldest (capacity {m.capacity}), then highest bleed")
        if m.blood == 0:
            state = act(state, Hunt(actor=m.name), ctx, actions.hunt)
            continue
        foe_torpid = [v for v in state.minions if v.controller != me and v.is_vampire and v.location == "torpor"]
        if foe_torpid:
            target = actor_order(foe_torpid)[0]
            attempts = block_attempts(state, m, target.controller, ctx)
            state = act(state, Diablerize(actor=m.name, target=target.name, blocks=attempts), ctx,
                        actions.diablerize)
            continue
        cached = state.deck(me).cached_resource
        if cached is not None and cached.type == "bleed_modifier":
            state = state.with_deck(me, cached_resource=None)
            ctx.cite("sol_use_cached", f"{me} plays his cached {cached.name} on {m.name}'s bleed")
            state = turn.bury(bleed(state, m, ctx, modifier=cached), me, cached, ctx)
            continue
        state = bleed(state, m, ctx)
    return state
