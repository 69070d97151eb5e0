"""Change of control: a card takes an ally, a retainer or a location from another Methuselah (rb95:11.p1).

Stealing changes who controls a card, never who owns it: "cards never change owner for good"
(rb95:11.p1). A stolen ally keeps its owner; a stolen retainer is carried by the acting vampire
with its owner noted; a location moves to the thief's cards in play. When a Methuselah leaves the
game, the cards she owns leave play with her, and others' cards she held go back to their owners'
ash heaps (ousting.leave_play).
"""

from __future__ import annotations

from checker.engine.context import Ctx
from checker.engine.decisions import ActionCardSpec
from checker.engine.state import State


def steal_from(state: State, card: ActionCardSpec, ctx: Ctx) -> str:
    """The Methuselah a steal is directed at: the controller of the ally, retainer or location named."""
    me, target = state.current, card.target
    if target is None:
        ctx.illegal("action_card", f"{card.name} steals a {card.steal}: name it as `target`")
    if card.steal == "ally":
        if not state.has_minion(target) or state.minion(target).is_vampire:
            ctx.illegal("action_card", f"{target} is not an ally in play")
        owner = state.minion(target).controller
    elif card.steal == "retainer":
        holders = [m for m in state.minions if any(r.name == target for r in m.retainers)
                   and m.location in ("ready", "torpor")]
        if not holders:
            ctx.illegal("action_card", f"{target} is not a retainer in play")
        owner = holders[0].controller
    else:
        holders_ = [p.name for p in state.players if any(c == target for c, _ in p.in_play)]
        if not holders_:
            ctx.illegal("action_card", f"{target} is not a location in play")
        owner = holders_[0]
    if card.steal != "retainer" and owner == me:
        ctx.illegal("action_card", f"{target} is already {me}'s: {card.name} steals from another Methuselah")
    return owner


def steal(state: State, actor: str, card: ActionCardSpec, ctx: Ctx) -> State:
    """The action succeeded: the acting Methuselah takes control of the card; its owner does not change."""
    me, target = state.current, card.target
    assert target is not None
    if card.steal == "ally":
        m = state.minion(target)
        state = state.with_minion(target, controller=me, owner="" if m.owned_by == me else m.owned_by)
        ctx.cite("action_card", f"{card.name}: {me} takes control of {target}")
    elif card.steal == "retainer":
        holder = next(m for m in state.minions if any(r.name == target for r in m.retainers))
        if holder.name == actor:
            ctx.illegal("action_card", f"{target} is already {actor}'s retainer")
        retainer = next(r for r in holder.retainers if r.name == target)
        owner = dict(holder.borrowed).get(target, holder.controller)
        state = state.with_minion(holder.name, retainers=tuple(r for r in holder.retainers if r.name != target),
                                  borrowed=tuple(b for b in holder.borrowed if b[0] != target))
        taker = state.minion(actor)
        borrowed = taker.borrowed if owner == me else (*taker.borrowed, (target, owner))
        state = state.with_minion(actor, retainers=(*taker.retainers, retainer), borrowed=borrowed)
        ctx.cite("action_card", f"{card.name}: {target} leaves {holder.name} and is now employed by {actor}")
    else:
        state = move_location(state, target, me, ctx, card.name)
    ctx.cite("borrowed_cards_returned", f"{target} still belongs to its owner: a card never changes owner")
    return state


def move_location(state: State, card: str, to: str, ctx: Ctx, why: str) -> State:
    """A location in play changes controller."""
    holder = next(p for p in state.players if any(c == card for c, _ in p.in_play))
    item = next(i for i in holder.in_play if i[0] == card)
    state = state.with_player(holder.name, in_play=tuple(i for i in holder.in_play if i != item))
    state = state.with_player(to, in_play=(*state.player(to).in_play, item))
    ctx.cite("action_card" if why else "vote_effects", f"{why or 'the referendum'}: {to} takes control of {card}")
    return state
