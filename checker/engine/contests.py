"""Contested unique cards and titles (ref14:II.A.2.c, ref14:II.A.2.d, ref14:II.A.3, ref14:II.note1, ref14:II.D.4).

Two minions that are the same unique card (``card``), or two vampires holding the same
title, contest it. At each untap the Methuselah pays to keep contesting (a pool per card,
a blood per title) or yields: a yielded card burns, a yielded title is lost. A contested
card is out of its Methuselah's control until every other one has yielded it.
"""

from __future__ import annotations

from checker.engine.context import Ctx
from checker.engine.damage import burn_minion, to_torpor
from checker.engine.state import Minion, State
from checker.engine.withdrawal import spent

IN_PLAY = ("ready", "torpor")


def rivals(state: State, m: Minion) -> list[Minion]:
    """Other minions in play that are the same unique card."""
    return [o for o in state.minions if o.name != m.name and o.card_name == m.card_name and o.location in IN_PLAY]


def title_rivals(state: State, m: Minion) -> list[Minion]:
    return [o for o in state.minions
            if o.name != m.name and m.title and o.title == m.title and o.location in IN_PLAY]


def on_control(state: State, name: str, ctx: Ctx) -> State:
    """A vampire just became controlled: if its card is already in play, both copies are contested."""
    m = state.minion(name)
    others = rivals(state, m)
    if not others:
        return state
    for o in (m, *others):
        state = state.with_minion(o.name, contested=True)
    ctx.cite("contest_control", f"{m.card_name} is already in play ({', '.join(o.name for o in others)}): "
                                "it is contested")
    ctx.cite("contest_unique", "a second copy of a unique card came into play: it is contested")
    return state


def untap_contests(state: State, yield_cards: tuple[str, ...], yield_titles: tuple[str, ...], ctx: Ctx) -> State:
    """The untap steps for contested cards and titles of the Methuselah whose turn it is."""
    me = state.current
    mine = state.minions_of(me, "ready", "torpor")
    for name in (*yield_cards, *yield_titles):
        if not any(m.name == name for m in mine):
            ctx.illegal("contest_choice", f"{name} is not a minion {me} controls")
    for name in yield_cards:
        if not state.minion(name).contested:
            ctx.illegal("contest_choice", f"{name} is not contested: there is nothing to yield")
    for name in yield_titles:
        if not state.minion(name).title_contested:
            ctx.illegal("contest_choice", f"{name}'s title is not contested: there is nothing to yield")
    for m in mine:
        if m.contested and not any(o.contested for o in rivals(state, m)):
            state = state.with_minion(m.name, contested=False, tapped=False)
            ctx.cite("contest_yielded_to", f"every other Methuselah yielded {m.card_name}: {m.name} is "
                                           f"controlled and untapped")
        if m.title_contested and not any(o.title_contested for o in title_rivals(state, m)):
            state = state.with_minion(m.name, title_contested=False)
            ctx.cite("contest_yielded_to", f"every other vampire yielded {m.title}: {m.name} holds it uncontested")
    for m in [state.minion(x.name) for x in mine]:
        if m.contested:
            state = _card(state, m, m.name in yield_cards, ctx)
    for m in [state.minion(x.name) for x in mine]:
        if m.title_contested and m.location in IN_PLAY:
            state = _title(state, m, m.name in yield_titles, ctx)
    return state


def _card(state: State, m: Minion, yielding: bool, ctx: Ctx) -> State:
    me = m.controller
    if yielding:
        ctx.cite("contest_choice", f"{me} yields {m.card_name}")
        return burn_minion(state, m.name, ctx, "contest_yield_burn", "yielded, with the cards on it; its blood "
                                                                     "returns to the bank")
    return keep_contesting(state, me, m.card_name, ctx)


def keep_contesting(state: State, me: str, card: str, ctx: Ctx) -> State:
    """She keeps contesting a card in her untap phase: 1 pool (ref14:II.A.2.d.i), a cost like any other."""
    if state.player(me).pool < 1:
        ctx.illegal("contest_pay_pool", f"{me} has no pool to keep contesting {card}: yield it")
    ctx.cite("contest_choice", f"{me} contests {card}")
    ctx.cite("contest_pay_pool", f"{me} pays 1 pool to keep contesting {card}")
    return spent(state.move_pool(me, -1), me, f"{me} paid 1 pool to contest {card}", ctx)


def _title(state: State, m: Minion, yielding: bool, ctx: Ctx) -> State:
    if m.location == "torpor":
        ctx.cite("contest_pay_blood", f"{m.name} is in torpor and must yield {m.title}")
        ctx.cite("torpor_yields_title", f"{m.name} is in torpor still contesting {m.title}, and yields it")
        return _lose_title(state, m, ctx)
    if yielding:
        ctx.cite("contest_choice", f"{m.name} yields the title {m.title}")
        return _lose_title(state, m, ctx)
    if m.blood < 1:
        state = to_torpor(state, m.name, ctx, "contest_pay_blood", f"it has no blood to pay for {m.title}")
        ctx.cite("torpor_yields_title", f"{m.name} is in torpor while contesting {m.title}, and yields it")
        return _lose_title(state, m, ctx)
    ctx.cite("contest_choice", f"{m.name} contests the title {m.title}")
    ctx.cite("contest_pay_blood", f"{m.name} pays 1 blood to keep contesting {m.title}")
    return spent(state.move_blood(m.name, -1), m.controller, f"{m.name} paid 1 blood to contest {m.title}", ctx)


def _lose_title(state: State, m: Minion, ctx: Ctx) -> State:
    ctx.cite("contest_choice", f"{m.name} no longer holds {m.title}")
    return state.with_minion(m.name, title=None, title_contested=False)


def torpor_yields(state: State, ctx: Ctx) -> State:
    """After the untap steps, a vampire in torpor still contesting a title yields it (ref14:II.A.3)."""
    for m in state.minions_of(state.current, "torpor"):
        if m.title_contested:
            ctx.cite("torpor_yields_title", f"{m.name} is in torpor still contesting {m.title}, and yields it")
            state = state.with_minion(m.name, title=None, title_contested=False)
    return state


def holders_of(state: State, item: str) -> list[Minion]:
    """The minions in play carrying (or employing) a card of this name."""
    return [m for m in state.minions if m.location in IN_PLAY
            and (item in m.equipment or any(r.name == item for r in m.retainers))]


def contest_item(state: State, taker: str, item: str, ctx: Ctx) -> State:
    """A second copy of a unique equipment or retainer comes into play: every copy is contested (ref14:II.note1)."""
    others = [m for m in holders_of(state, item) if m.name != taker]
    if not others:
        return state
    for m in [*others, state.minion(taker)]:
        if item not in m.contested_items:
            state = state.with_minion(m.name, contested_items=(*m.contested_items, item))
    ctx.cite("contest_unique", f"{item} is unique and already in play ({', '.join(m.name for m in others)}): the "
                               "second copy came into play, and every copy is contested")
    return state


def untap_item_contests(state: State, yielding: tuple[str, ...], ctx: Ctx) -> State:
    """Her contested unique equipment and retainers: uncontested once every other copy is yielded, else a pool
    each to keep contesting (ref14:II.A.2.d.i) or yielded and burned (ref14:II.A.2.d.iii)."""
    me = state.current
    mine = [m for m in state.minions_of(me, "ready", "torpor") if m.contested_items]
    for item in yielding:
        if not any(item in m.contested_items for m in mine):
            ctx.illegal("contest_choice", f"{item} is not a contested card {me}'s minions carry")
    for m in mine:
        for item in m.contested_items:
            m = state.minion(m.name)
            rivals = [o for o in holders_of(state, item) if o.name != m.name and item in o.contested_items]
            if not rivals:
                state = state.with_minion(m.name, contested_items=tuple(i for i in m.contested_items if i != item))
                ctx.cite("contest_yielded_to", f"every other copy of {item} was yielded: {m.name}'s is uncontested")
            elif item in yielding:
                ctx.cite("contest_choice", f"{me} yields {item}")
                state = state.with_minion(m.name, contested_items=tuple(i for i in m.contested_items if i != item),
                                          equipment=tuple(e for e in m.equipment if e != item),
                                          retainers=tuple(r for r in m.retainers if r.name != item))
                state = state.with_player(me, ash_heap=state.player(me).ash_heap + 1)
                ctx.cite("contest_yield_burn", f"{item}, yielded, is burned")
            else:
                state = keep_contesting(state, me, item, ctx)
    return state
