"""Table primitives every phase and action uses: replacing a card played from hand, paying pool and blood,
blood draining off over a minion's capacity. Each cites the step it applies; none knows which phase it is.
"""

from __future__ import annotations

from checker.engine.context import Ctx
from checker.engine.decisions import Cost
from checker.engine.state import State
from checker.engine.withdrawal import spent


def replace_card(state: State, player: str, ctx: Ctx, what: str, *, stays_in_play: bool = False) -> State:
    """A card was played from hand: draw to replace it while the library lasts.

    A card that stays in play (equipment, a retainer, an ally) does not go to the ash heap.
    """
    if not ctx.p("cards_from_hand"):
        return state
    p = state.player(player)
    if p.hand <= 0:
        ctx.illegal("card_from_hand", f"{player} has no card in hand to play {what}")
    heap = p.ash_heap + (0 if stays_in_play else 1)
    if p.library > 0:
        ctx.cite("replace_card", f"{player} draws a card to replace {what}")
        return state.with_player(player, library=p.library - 1, ash_heap=heap)
    return state.with_player(player, hand=p.hand - 1, ash_heap=heap)


def pay_pool(state: State, player: str, amount: int, ctx: Ctx, step: str, what: str) -> State:
    if amount <= 0:
        return state
    if state.player(player).pool < amount:
        ctx.illegal(step, f"{player} cannot pay {amount} pool for {what}")
    ctx.cite(step, f"{player} pays {amount} pool for {what}")
    return spent(state.move_pool(player, -amount), player, f"{player} spent {amount} pool", ctx)


def pay_cost(state: State, player: str, minion: str, cost: Cost, ctx: Ctx, what: str, pool_step: str,
             blood_step: str | None = None) -> State:
    """A card's cost: its pool from the Methuselah, then its blood from the minion, each citing its step."""
    state = pay_pool(state, player, cost.pool, ctx, pool_step, what)
    return pay_blood(state, minion, cost.blood, ctx, blood_step or pool_step, what)


def pay_blood(state: State, minion: str, amount: int, ctx: Ctx, step: str, what: str) -> State:
    if amount <= 0:
        return state
    if state.minion(minion).blood < amount:
        ctx.illegal(step, f"{minion} cannot pay {amount} blood for {what}")
    ctx.cite(step, f"{minion} pays {amount} blood for {what}")
    who = state.minion(minion).controller
    return spent(state.move_blood(minion, -amount), who, f"{minion} spent {amount} blood", ctx)


def drain(state: State, name: str, ctx: Ctx, why: str, *, step: str = "", param: str = "", what: str = "blood"
          ) -> State:
    """Blood over a minion's capacity goes to the bank, citing ``step``, or the rule owning ``param``: the one way
    blood drains off, whatever made it exceed (a hunt, a transfer, a master card, a diablerie, combat)."""
    m = state.minion(name)
    excess = m.blood - m.capacity
    if excess <= 0:
        return state
    message = f"{excess} {what} over {name}'s capacity {why}"
    if param:
        ctx.cite_param(param, message)
    else:
        ctx.cite(step, message)
    return state.move_blood(name, -excess)


def drain_excess(state: State, minion: str, ctx: Ctx) -> State:
    """Blood over capacity drains off a controlled vampire; an uncontrolled one may hold it."""
    m = state.minion(minion)
    if not m.is_vampire or m.blood <= m.capacity:
        return state
    if m.location == "uncontrolled" and ctx.p("uncontrolled_may_exceed_capacity"):
        return state
    return drain(state, minion, ctx, "drains to the bank", step="uncontrolled_drain")
