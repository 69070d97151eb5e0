"""The Mystery Methuselah's master phase: which master cards he plays and uses (sol:basic.8)."""

from __future__ import annotations

from checker.engine import decks, turn_order
from checker.engine.cards import ResourceCard
from checker.engine.context import Ctx
from checker.engine.state import State
from checker.solitaire import turn
from checker.solitaire.acting import can_act
from checker.solitaire.spending import affordable, room, use
from checker.solitaire.turn import vampires


def master(state: State, ctx: Ctx) -> State:
    me = state.current
    state = turn_order.advance_to(state, "master", ctx, "the master phase")
    ctx.announce("sol_master", f"{me}'s master phase")
    for _ in range(30):  # 2a: a cached vampire, or the top of the crypt, while he takes them
        d = state.deck(me)
        if not room(state, me, ctx):
            ctx.cite_param("max_controlled_vampires", f"{me} controls {ctx.p('max_controlled_vampires')} vampires")
            break
        cached = d.cached_vampire
        if cached is not None and affordable(state, me, cached.capacity, cached.name, ctx):
            state = state.with_deck(me, cached_vampire=None)
            ctx.cite("sol_use_cached", f"{me} uses his cached vampire {cached.name}")
            state = turn.take_control(state, me, cached, ctx, tapped=False, source="sol_crypt_master")
            continue
        if cached is not None:
            ctx.cite("mm_cache_vampire", f"{me} does not control his cached {cached.name}: he was bled since "
                                         "caching it, and it would leave him too little pool")
        if not d.crypt:
            break
        top = d.crypt[0]
        ctx.cite("sol_crypt_master", f"{me} looks at {top.name} (capacity {top.capacity}) on top of his crypt")
        if not affordable(state, me, top.capacity, top.name, ctx):
            ctx.cite("sol_crypt_master", f"{top.name} stays on top of the crypt")
            break
        state, _ = decks.draw(state, me, 1, crypt=True)
        state = turn.take_control(state, me, top, ctx, tapped=False, source="sol_crypt_master")
    seen = 0
    while seen < 60:  # 2b: the cached resource, or the top resource, while he uses them
        d = state.deck(me)
        if d.cached_resource is not None and _usable_master(state, d.cached_resource, ctx):
            card = d.cached_resource
            state = state.with_deck(me, cached_resource=None)
            ctx.cite("sol_use_cached", f"{me} uses his cached resource {card.name}")
        elif d.resources:
            card = d.resources[0]
            ctx.cite("sol_resource_master", f"{me} looks at {card.name} ({card.type}) on top of his resources")
            if not _usable_master(state, card, ctx):
                ctx.cite("sol_resource_master", f"{card.name} is returned to the top of the resources")
                break
            state, _ = decks.draw(state, me, 1, crypt=False)
        else:
            break
        seen += 1
        used = use(state, card, ctx, "sol_resource_master")
        if used is None:
            state = decks.to_top(state, me, card)
            break
        state = used
        if state.over:
            break
    return state


def _usable_master(state: State, card: ResourceCard, ctx: Ctx) -> bool:
    me = state.current
    if card.type in ("master", "equipment", "retainer"):
        if card.type != "master" and not vampires(state, me):
            return False
        return card.cost == 0 or affordable(state, me, card.cost, card.name, ctx)
    if card.type == "action":
        return any(can_act(m) and m.blood > 0 for m in vampires(state, me))
    return False
