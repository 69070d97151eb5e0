"""Equipment found in the library by a card's text (Vast Wealth: 'they can equip with the first equipment you find
in your library as a +1 stealth equip action ... requirements and cost apply as normal'), rb95:12.p1.

The equipment is known only once the action succeeds (nothing is searched for a blocked action). Then, by the
rulings on Vast Wealth: an equipment the minion cannot legally carry is burned without cost (TOM 19950407); one it
can carry is put on it and its cost is not optional: a Methuselah who cannot pay it all pays what she has and is
ousted (RTR 19941109).
"""

from __future__ import annotations

from checker.engine.context import Ctx
from checker.engine.decisions import EquipmentCard
from checker.engine.events import IllegalDecision
from checker.engine.requirements import check_minion_card
from checker.engine.state import State
from checker.engine.table import pay_blood, pay_pool


def found_equipment(state: State, minion: str, card: EquipmentCard, ctx: Ctx) -> State:
    """Put the equipment found on the minion, paying its cost in full or as far as the pool goes."""
    me = state.current
    m = state.minion(minion)
    try:
        check_minion_card(m, card, card.name, ctx)
    except IllegalDecision as why:
        ctx.cite("card_over_rule", f"{card.name}, the first equipment found, cannot be put on {minion} "
                                   f"({why.message}): it is burned, and nothing is paid")
        return state
    pool = state.player(me).pool
    if card.cost.pool > pool:
        ctx.cite("card_over_rule", f"the cost of {card.name}, found in the library, is not optional: {me} pays "
                                   f"all her {pool} pool of its {card.cost.pool}")
        state = pay_pool(state, me, pool, ctx, "card_over_rule", card.name)
    else:
        state = pay_pool(state, me, card.cost.pool, ctx, "card_over_rule", card.name)
    state = pay_blood(state, minion, card.cost.blood, ctx, "card_over_rule", card.name)
    m = state.minion(minion)
    ctx.cite("equip", f"{card.name}, the first equipment found in the library, is put on {minion}")
    return state.with_minion(minion, equipment=(*m.equipment, card.name))
