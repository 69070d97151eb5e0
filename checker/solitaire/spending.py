"""What the Mystery Methuselah will pay for and where a resource goes: he keeps 2 pool (sol:basic.8.1),
controls no more vampires than the edition allows, and uses a resource on his oldest vampire.
"""

from __future__ import annotations

from checker.engine.cards import ResourceCard
from checker.engine.context import Ctx
from checker.engine.state import State
from checker.solitaire import turn
from checker.solitaire.acting import action_card, actor_order
from checker.solitaire.turn import vampires

KEEP = 2
"""sol:basic.8.1: he will not buy anything that leaves him 1 pool (or less)."""


def affordable(state: State, who: str, cost: int, what: str, ctx: Ctx) -> bool:
    left = state.player(who).pool - cost
    if left < KEEP:
        ctx.cite("mm_no_pool_to_one", f"{who} will not buy {what}: it would leave him {left} pool")
        return False
    return True


def room(state: State, who: str, ctx: Ctx) -> bool:
    limit = ctx.p("max_controlled_vampires")
    return limit is None or len(vampires(state, who)) < limit


def use(state: State, card: ResourceCard, ctx: Ctx, step: str) -> State | None:
    """Use a resource, if he can; None if he cannot."""
    me = state.current
    if card.type == "master":
        if card.cost and not affordable(state, me, card.cost, card.name, ctx):
            return None
        return turn.master_card(state, me, card, ctx, step)
    if card.type in ("equipment", "retainer"):
        vs = vampires(state, me)
        if not vs or (card.cost and not affordable(state, me, card.cost, card.name, ctx)):
            return None
        target = actor_order(vs)[0]
        ctx.cite("mm_actor", f"{me} puts {card.name} on {target.name}, his oldest vampire")
        return turn.attach(state, me, card, target.name, ctx)
    if card.type == "action":
        return action_card(state, card, ctx)
    return None
