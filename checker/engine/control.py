"""Change of control: a card takes an ally, a retainer or a location from another Methuselah (rb95:11.p1).

Stealing changes who controls a card, never who owns it: "cards never change owner for good"
(rb95:11.p1). A stolen ally keeps its owner; a stolen retainer is carried by the acting vampire
with its owner noted; a location moves to the thief's cards in play. When a Methuselah leaves the
game, the cards she owns leave play with her, and others' cards she held go back to their owners'
ash heaps (ousting.leave_play).
"""

from __future__ import annotations

from dataclasses import replace

from checker.engine import in_play
from checker.engine.context import Ctx
from checker.engine.decisions import ActionCardSpec, MasterCard
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
        employer = state.employer_of(target)
        if employer is None:
            ctx.illegal("action_card", f"{target} is not a retainer in play")
        assert employer is not None
        owner = employer.controller
    else:
        holding = in_play.holders(state, target)
        if not holding:
            ctx.illegal("action_card", f"{target} is not a location in play")
        owner = holding[0]
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
        holder = state.employer_of(target)
        assert holder is not None  # steal_from checked it
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
    holder = state.player(in_play.holders(state, card)[0])
    item = next(i for i in holder.in_play if i[0] == card)
    state = state.with_player(holder.name, in_play=tuple(i for i in holder.in_play if i != item))
    state = state.with_player(to, in_play=(*state.player(to).in_play, item))
    ctx.cite("action_card" if why else "vote_effects", f"{why or 'the referendum'}: {to} takes control of {card}")
    return state


def take_control(state: State, who: str, card: MasterCard, ctx: Ctx) -> State:
    """A master card takes control of another Methuselah's ally or ready vampire for a while (Malkavian Dementia:
    'until your next unlock phase'; The Art of Love: 'until the end of your turn'); its owner does not change."""
    name, kind = card.target, card.take_control
    if name is None or not state.has_minion(name):
        ctx.illegal("master_effect", f"{card.name} takes control of a minion: name it as `target`")
    m = state.minion(name)
    if (m.is_vampire != (kind == "vampire") or m.controller == who
            or m.location not in (("ready",) if kind == "vampire" else ("ready", "torpor"))):
        ctx.illegal("card_over_rule", f"{name} is not {'a ready vampire' if kind == 'vampire' else 'an ally'} "
                                      f"another Methuselah controls, as {card.name} requires")
    if card.target_clan and m.clan != card.target_clan:
        ctx.illegal("card_over_rule", f"{name} is not {card.target_clan}, as {card.name} requires")
    back = m.controller
    state = state.with_minion(name, controller=who, owner="" if m.owned_by == who else m.owned_by)
    state = replace(state, temporary_control=(*state.temporary_control, (name, who, back, card.until)))
    ctx.cite("master_effect", f"{card.name}: {who} takes control of {name} until "
                              + ("the end of her turn" if card.until == "end" else "her next unlock phase"))
    return state


def end_temporary(state: State, when: str, ctx: Ctx) -> State:
    """Control taken for a while ends: at the start of the taker's unlock phase, before anything untaps
    (ruling:101150:ANK-20200129+LSJ-20091208+RTR-19951017), or at the end of her turn."""
    me = state.current
    for entry in state.temporary_control:
        name, taker, back, until = entry
        if taker != me or until != when:
            continue
        state = replace(state, temporary_control=tuple(e for e in state.temporary_control if e != entry))
        if not state.has_minion(name) or state.minion(name).controller != taker:
            continue
        m = state.minion(name)
        if m.location in ("ready", "torpor", "new"):
            state = state.with_minion(name, controller=back, owner="" if m.owned_by == back else m.owned_by)
        if when == "unlock":
            ctx.cite("untap", f"{taker}'s control of {name} ends as her unlock phase begins, before anything untaps: "
                              f"{name} returns to {back}" + (" still locked" if m.tapped else ""))
        else:
            ctx.cite("master_effect", f"{taker}'s turn ends: {name} returns to {back}")
    return state


def defect_to_richer_prey(state: State, ctx: Ctx) -> State:
    """'If your prey has more pool than you do at the beginning of your unlock phase, he or she takes control of
    Uriah during your unlock phase.' (Uriah Winter): checked as the phase begins, in torpor too; the owner stays."""
    me = state.current
    prey = state.prey(me)
    richer = state.player(prey).pool > state.player(me).pool
    for m in state.minions_of(me, "ready", "torpor"):
        if not m.defects_to_richer_prey:
            continue
        if not richer:
            ctx.cite("card_over_rule", f"{prey}, {me}'s prey, has no more pool than {me}: {m.name} stays")
            continue
        state = state.with_minion(m.name, controller=prey, owner="" if m.owned_by == prey else m.owned_by)
        ctx.cite("card_over_rule", f"{prey}, {me}'s prey, has more pool ({state.player(prey).pool} to "
                                   f"{state.player(me).pool}): {prey} takes control of {m.name}, in "
                                   f"{'torpor' if m.location == 'torpor' else 'the ready region'} as he is")
    return state
