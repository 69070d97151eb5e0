"""The Mystery Methuselah's influence phase: reviewing the crypt and the resources, and caching
(sol:phase.4, sol:basic.3).
"""

from __future__ import annotations

from checker.engine import decks, turn_order
from checker.engine.cards import ResourceCard, VampireCard
from checker.engine.context import Ctx
from checker.engine.state import State
from checker.solitaire import turn
from checker.solitaire.spending import room, use
from checker.solitaire.turn import vampires


def influence(state: State, ctx: Ctx) -> State:
    me = state.current
    state = turn_order.advance_to(state, "influence", ctx, "the influence phase")
    points = int(ctx.p("transfers_per_turn"))
    ctx.cite("sol_influence", f"{me} has {points} influence points")
    ended = False
    if points and room(state, me, ctx) and state.deck(me).crypt:
        points -= 1
        ctx.cite("mm_look_crypt", f"{me} controls fewer than {ctx.p('max_controlled_vampires')} vampires and "
                                  "spends 1 influence to review the crypt")
        state, points, ended = _review_crypt(state, points, ctx)
    while points and not ended and state.deck(me).resources and not state.over:
        points -= 1
        ctx.cite("mm_search_resources", f"{me} spends 1 influence to search the resources ({points} left)")
        state, points, ended = _review_resources(state, points, ctx)
    if points and not ended:
        ctx.cite("sol_influence", f"{me}'s {points} remaining influence points are lost")
    return state


def _review_crypt(state: State, points: int, ctx: Ctx) -> tuple[State, int, bool]:
    me = state.current

    def take(state: State, v: decks.Card) -> State | None:
        pool = state.player(me).pool
        if not isinstance(v, VampireCard) or not room(state, me, ctx) or pool - v.capacity < 4:
            return None
        ctx.cite("mm_control_influence", f"{me} takes control of {v.name}: it leaves him {pool - v.capacity} pool")
        tapped = bool(ctx.p("control_enters_tapped"))
        return turn.take_control(state, me, v, ctx, tapped=tapped, source="sol_review_crypt")

    def cache(state: State, v: decks.Card, points: int) -> tuple[State, int, bool]:
        assert isinstance(v, VampireCard)
        return _maybe_cache_vampire(state, v, points, ctx)

    return turn.review(state, points, ctx, crypt=True, take=take, cache=cache, again=lambda s: room(s, me, ctx))


def _maybe_cache_vampire(state: State, v: VampireCard, points: int, ctx: Ctx) -> tuple[State, int, bool]:
    """sol:basic.8.10: cache a vampire he could control leaving 3 pool."""
    if state.player(state.current).pool - v.capacity < 3:
        return state, points, False
    return _cache(state, v, points, ctx, "mm_cache_vampire", "he could control it leaving 3 pool")


def _cache(state: State, card: VampireCard | ResourceCard, points: int, ctx: Ctx, step: str, why: str
           ) -> tuple[State, int, bool]:
    """Cache a card, one of each kind at most (sol:basic.3); a point burns a lesser cached one (sol:basic.8.9)."""
    me = state.current
    d = state.deck(me)
    old: VampireCard | ResourceCard | None = d.cached_vampire if isinstance(card, VampireCard) else d.cached_resource
    if old is not None:
        if points < 1 or card.bleed <= old.bleed:
            ctx.cite("sol_cache_limit", f"{me} already has {old.name} cached and keeps it")
            return state, points, False
        ctx.cite("mm_burn_to_cache", f"{me} burns his cached {old.name} (bleed {old.bleed}) to cache {card.name} "
                                     f"(bleed {card.bleed})")
    ctx.cite(step, f"{me} caches {card.name}: {why}")
    state, points = turn.cache(state, card, points, ctx)
    return state, points, True


def _review_resources(state: State, points: int, ctx: Ctx) -> tuple[State, int, bool]:
    def take(state: State, card: decks.Card) -> State | None:
        assert isinstance(card, ResourceCard)
        return use(state, card, ctx, "sol_review_resources") if card.type != "action" else None

    def cache(state: State, card: decks.Card, points: int) -> tuple[State, int, bool]:
        assert isinstance(card, ResourceCard)
        return _maybe_cache_resource(state, card, points, ctx)

    return turn.review(state, points, ctx, crypt=False, take=take, cache=cache, again=lambda _: True)


def _next_turn_use(state: State, card: ResourceCard) -> bool:
    me = state.current
    if card.type == "master":
        return True
    return card.type == "bleed_modifier" and any(m.location == "ready" for m in vampires(state, me))


def _maybe_cache_resource(state: State, card: ResourceCard, points: int, ctx: Ctx) -> tuple[State, int, bool]:
    """sol:basic.8.11: cache a master card or a bleed modifier he can use next turn."""
    if not _next_turn_use(state, card):
        return state, points, False
    return _cache(state, card, points, ctx, "mm_cache_resource",
                  f"a {card.type.replace('_', ' ')} he can use next turn")
