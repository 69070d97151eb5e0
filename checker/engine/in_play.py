"""Master cards in play acting later: used in their controller's phases, locked and unlocked, contested.

A location or other master card put in play stays there (rb95:3.2.1.locations). Its controller uses it
in the phase its text names: a hunting ground gives a ready vampire blood during her untap phase
(ref14:II.A.2.e, rb95:6.1.untap-effects), a location locks during her influence phase to add blood to an
uncontrolled vampire of a clan. A locked card cannot be used again until her next untap, when all her
cards untap (ref14:II.A.1). A second copy of a unique card in play contests it (ref14:II.note1): a
contested card is out of its Methuselah's control (ref14:II.A.2.c) until the other copies are yielded,
and each untap she pays a pool to keep contesting it or yields it, burning it (ref14:II.A.2.d).
"""

from __future__ import annotations

from checker.engine.chosen import chosen_by
from checker.engine.contests import keep_contesting
from checker.engine.context import Ctx
from checker.engine.decisions import CardUse
from checker.engine.state import Phase, State
from checker.engine.table import drain_excess
from checker.engine.turn_order import advance_to

PHASE_OF = {"unlock": "untap", "master": "master", "influence": "influence"}


def holders(state: State, card: str) -> list[str]:
    """The Methuselahs controlling a copy of ``card`` in play."""
    return [p.name for p in state.players if any(c == card for c, _ in p.in_play)]


def burn(state: State, card: str, ctx: Ctx, step: str, by: str) -> State:
    """A location (or other card) in play is burned by ``by``'s effect: to its owner's ash heap."""
    holding = holders(state, card)
    if not holding:
        ctx.illegal(step, f"{by} burns a location in play; {card or 'nothing'} is not one")
    holder = state.player(holding[0])
    item = next(i for i in holder.in_play if i[0] == card)
    state = state.with_player(holder.name, in_play=tuple(i for i in holder.in_play if i != item))
    state = state.with_player(item[1], ash_heap=state.player(item[1]).ash_heap + 1)
    ctx.cite(step, f"{by}: {card}, {holder.name}'s location, is burned")
    return state


def put_in_play(state: State, who: str, card: str, unique: bool, ctx: Ctx) -> State:
    """The card goes into ``who``'s cards in play; a unique card already in play is contested by both copies."""
    others = holders(state, card)
    state = state.with_player(who, in_play=(*state.player(who).in_play, (card, who)))
    if not unique or not others:
        return state
    for name in (*others, who):
        p = state.player(name)
        if card not in p.cards_contested:
            state = state.with_player(name, cards_contested=(*p.cards_contested, card))
    ctx.cite("contest_unique", f"{card} is unique and already in play ({', '.join(others)}): the second copy "
                               "came into play, and both are contested")
    return state


def untap_card_contests(state: State, yielding: tuple[str, ...], ctx: Ctx) -> State:
    """The untap step for her contested cards in play: uncontested once every other copy is yielded, else pay a
    pool to keep contesting each (ref14:II.A.2.d.i) or yield it, burning it (ref14:II.A.2.d.iii)."""
    me = state.current
    for card in yielding:
        if card not in state.player(me).cards_contested:
            ctx.illegal("contest_choice", f"{card} is not a contested card {me} controls in play")
    for card in state.player(me).cards_contested:
        rivals = [n for n in holders(state, card) if n != me and card in state.player(n).cards_contested]
        p = state.player(me)
        if not rivals:
            state = state.with_player(me, cards_contested=tuple(c for c in p.cards_contested if c != card),
                                      cards_locked=tuple(c for c in p.cards_locked if c != card))
            ctx.cite("contest_yielded_to", f"every other Methuselah yielded {card}: {me} controls it, unlocked")
        elif card in yielding:
            ctx.cite("contest_choice", f"{me} yields {card}")
            i = next(i for i, (c, _) in enumerate(p.in_play) if c == card)
            owner = p.in_play[i][1]
            state = state.with_player(me, in_play=p.in_play[:i] + p.in_play[i + 1:],
                                      cards_contested=tuple(c for c in p.cards_contested if c != card),
                                      cards_locked=tuple(c for c in p.cards_locked if c != card))
            state = state.with_player(owner, ash_heap=state.player(owner).ash_heap + 1)
            ctx.cite("contest_yield_burn", f"{card}, yielded, is burned: it goes to {owner}'s ash heap")
        else:
            state = keep_contesting(state, me, card, ctx)
    return state


def untap_uses(state: State, uses: tuple[CardUse, ...], ctx: Ctx) -> State:
    """The untap step resolving the effects of her cards in play allowed in the untap phase (ref14:II.A.2.e)."""
    grounds: dict[str, str] = {}
    for use in uses:
        if use.hunting_ground and use.vampire in grounds:
            ctx.illegal("card_over_rule", f"{use.vampire} already gained blood from {grounds[use.vampire]} this turn: "
                                          f"'A vampire can gain blood from only one hunting ground each turn.'")
        state = _use(state, use, "untap", ctx)
        if use.hunting_ground and use.vampire is not None:
            grounds[use.vampire] = use.name
    return state


def use_card(state: State, use: CardUse, ctx: Ctx) -> State:
    """A card in play used in the current phase of its controller's turn (a location in her influence phase)."""
    if use.phase == "unlock":
        ctx.illegal("untap_card_effects", f"{use.name} acts during the untap phase: use it in the untap step "
                                          "(`untap: {use_cards: [...]}`)")
    if use.phase is not None:
        state = advance_to(state, PHASE_OF[use.phase], ctx, f"using {use.name}")  # type: ignore[arg-type]
    return _use(state, use, state.phase, ctx)


def _use(state: State, use: CardUse, phase: Phase, ctx: Ctx) -> State:
    me = state.current
    p = state.player(me)
    step = {"untap": "untap_card_effects", "master": "master_effect"}.get(phase, "card_in_play")
    if not any(c == use.name for c, _ in p.in_play):
        ctx.illegal(step, f"{me} controls no {use.name} in play")
    if use.phase is None or PHASE_OF[use.phase] != phase:
        when = f"during her {use.phase} phase" if use.phase else "in no phase of hers"
        ctx.illegal(step, f"{use.name} is used {when}, not in the {phase} phase")
    if use.name in p.cards_contested:
        ctx.illegal("contest_yielded_to", f"{use.name} is contested: it is out of {me}'s control until every other "
                                          "copy is yielded")
    if use.lock and use.name in p.cards_locked:
        ctx.illegal("card_locked", f"{use.name} is locked: it cannot be locked again before {me}'s next untap")
    if use.if_edge and state.edge != me:
        ctx.illegal("card_over_rule", f"{me} does not control the Edge: {use.name} gives nothing")
    if use.blood:
        state = _blood(state, use, step, ctx)
    if use.pool:
        state = state.move_pool(me, use.pool)
        ctx.cite(step, f"{use.name}: {me} gains {use.pool} pool" + (" (she controls the Edge)" if use.if_edge
                                                                    else ""))
    if not use.blood and not use.pool:
        ctx.illegal(step, f"{use.name} does nothing to use in the {phase} phase")
    if use.lock:
        state = state.with_player(me, cards_locked=(*state.player(me).cards_locked, use.name))
        ctx.cite("card_locked", f"{use.name} locks: it stays locked until {me}'s next untap phase")
    if use.hunting_ground or use.if_edge or use.clan:
        ctx.cite("card_over_rule", f"{use.name}'s text decides what it gives and to whom")
    if phase == "master":
        if p.master_played:
            ctx.cite("master_any_order", f"{me} uses {use.name} after playing her master card: the steps of the "
                                         "master phase come in any order")
        state = state.with_player(me, master_effects=state.player(me).master_effects + 1)
    return state


def _blood(state: State, use: CardUse, step: str, ctx: Ctx) -> State:
    me = state.current
    name = use.vampire
    if name is None or not state.has_minion(name):
        ctx.illegal(step, f"{use.name} gives blood to a vampire: say which (`vampire:`)")
        return state
    v = state.minion(name)
    where = "ready" if use.to == "ready" else "uncontrolled"
    if v.controller != me or not v.is_vampire or v.location != where:
        ctx.illegal("card_over_rule", f"{name} is not a{' ready' if where == 'ready' else 'n uncontrolled'} "
                                      f"vampire of {me}'s, as {use.name} requires")
    if use.chosen and name not in chosen_by(state, me, use.name):
        ctx.illegal("card_over_rule", f"{use.name} chose {' and '.join(chosen_by(state, me, use.name)) or 'no vampire'}"
                                      f" as it was played, not {name}")
    if use.clan and v.clan != use.clan:
        ctx.illegal("card_over_rule", f"{name} is {v.clan or 'of no clan'}, not {use.clan}, as {use.name} requires")
    state = state.move_blood(name, use.blood)
    ctx.cite(step, f"{use.name}: {name} gains {use.blood} blood from the bank")
    if where == "uncontrolled" and v.blood + use.blood > v.capacity:
        if not ctx.p("uncontrolled_may_exceed_capacity"):
            ctx.illegal_param("uncontrolled_may_exceed_capacity",
                              f"{name} cannot hold more blood than its capacity {v.capacity}")
        ctx.cite_param("uncontrolled_may_exceed_capacity", f"{name} is uncontrolled and may hold more blood than "
                                                           f"its capacity {v.capacity}")
        return state
    return drain_excess(state, name, ctx)
