"""The Mystery Methuselah's minions: which acts first, which blocks, and one action played through the
engine (sol:basic.8).
"""

from __future__ import annotations

from checker.engine import actions
from checker.engine.cards import ResourceCard
from checker.engine.combat_decisions import BlockCombat, Round, Strike
from checker.engine.context import Ctx
from checker.engine.decisions import (
    Action,
    ActionCardSpec,
    Bleed,
    BlockAttempt,
    Modifier,
    PlayAction,
)
from checker.engine.ousting import check_ousting
from checker.engine.state import Minion, State
from checker.solitaire import turn
from checker.solitaire.turn import vampires


def actor_order(ms: list[Minion]) -> list[Minion]:
    """sol:basic.8.2: the oldest (highest capacity), then the highest bleed; then by name."""
    return sorted(ms, key=lambda m: (-m.capacity, -m.bleed, m.name))


def can_act(m: Minion) -> bool:
    return m.is_vampire and m.location == "ready" and not m.tapped and not m.contested


def choose_blocker(state: State, defender: str, attacker: Minion) -> Minion | None:
    """sol:basic.8.3: a vampire that survives the damage, lowest bleed then youngest; else lowest bleed, youngest."""
    able = [m for m in vampires(state, defender) if can_act(m)]
    if not able:
        return None
    hit = turn.strength(state, attacker)
    survivors = [m for m in able if m.blood >= hit]
    return min(survivors or able, key=lowest_bleed_youngest)


def lowest_bleed_youngest(m: Minion) -> tuple[int, int, str]:
    """The order of sol:basic.8.3 (and of sol:basic.8.4's first vampire): lowest bleed, then youngest."""
    return (m.bleed, m.capacity, m.name)


def _strike(state: State, m: Minion) -> Strike:
    w = turn.weapon(state, m)
    return Strike(damage=w.damage, weapon=w.name) if w else Strike(hands=True)


def block_attempts(state: State, actor: Minion, defender: str, ctx: Ctx) -> tuple[BlockAttempt, ...]:
    b = choose_blocker(state, defender, actor)
    if b is None:
        return ()
    hit = turn.strength(state, actor)
    ctx.cite("mm_blocker", f"{defender} blocks with {b.name} (bleed {b.bleed}, capacity {b.capacity}): "
             + (f"it survives {hit} damage" if b.blood >= hit else "none of his vampires would survive") )
    fight = BlockCombat(rounds=(Round(strikes={actor.name: _strike(state, actor), b.name: _strike(state, b)}),))
    return (BlockAttempt(by=b.name, combat=fight),)


def act(state: State, decision: Action, ctx: Ctx, handler: object) -> State:
    """One action through the engine (which gives the Edge for a bleed or a destroyed vampire, sol:phase.3)."""
    state = handler(state, decision, ctx)  # type: ignore[operator]
    return check_ousting(state, ctx)


def bleed(state: State, actor: Minion, ctx: Ctx, modifier: ResourceCard | None = None) -> State:
    prey = state.prey(state.current)
    mods = (Modifier(name=modifier.name, bleed=modifier.bleed),) if modifier else ()
    d = Bleed(actor=actor.name, modifiers=mods, blocks=block_attempts(state, actor, prey, ctx))
    return act(state, d, ctx, actions.bleed)


def action_card(state: State, card: ResourceCard, ctx: Ctx) -> State | None:
    """An action card, by the actor sol:basic.8.2 picks; a 'modified action' taps two (sol:basic.8.4)."""
    me = state.current
    ready = actor_order([m for m in vampires(state, me) if can_act(m) and m.blood > 0])
    if not ready:
        return None
    if card.assisted and len(ready) >= 2:
        first = min(ready, key=lowest_bleed_youngest)
        helper = max((m for m in ready if m.name != first.name), key=lowest_bleed_youngest)
        state = state.with_minion(helper.name, tapped=True)
        ctx.cite("mm_modified_action", f"{me} taps {first.name} (lowest bleed) to take {card.name} and "
                                       f"{helper.name} (highest bleed) to add its bleed {helper.bleed}")
        actor, extra = first, helper.bleed
    else:
        actor, extra = ready[0], 0
        ctx.cite("mm_actor", f"{me} acts with {actor.name}, the oldest (capacity {actor.capacity}), "
                             f"then highest bleed ({actor.bleed})")
    prey = state.prey(me)
    spec = ActionCardSpec(name=card.name, directed=bool(card.bleed), target=prey if card.bleed else None,
                          bleed=card.bleed + extra if card.bleed else 0,
                          gain_blood=card.blood)
    blocks = block_attempts(state, actor, prey, ctx) if card.bleed else ()
    state = act(state, PlayAction(actor=actor.name, card=spec, blocks=blocks), ctx, actions.play_action)
    return turn.bury(state, me, card, ctx)
