"""The solitaire variant's moves (sol:phase, sol:basic): pure transitions over the engine's state.

Each function takes a decision already made (by the Mystery Methuselah's policy in
:mod:`checker.solitaire.mystery`, or by a script) and applies it, citing the variant's rules.
Decks are top-first tuples; burned cards go to the bottom of their deck.
"""

from __future__ import annotations

from dataclasses import replace

from checker.engine.cards import ResourceCard, VampireCard
from checker.engine.context import Ctx
from checker.engine.damage import burn_minion
from checker.engine.decisions import BurnVampires
from checker.engine.decks import sync_counts, to_bottom
from checker.engine.phases import pay_pool
from checker.engine.state import Minion, Retainer, State

IN_PLAY = ("ready", "torpor")


def vampires(state: State, who: str) -> list[Minion]:
    """The vampires a Methuselah controls (ready or in torpor)."""
    return [m for m in state.minions_of(who, "ready", "torpor") if m.is_vampire]


def weapon(state: State, m: Minion) -> ResourceCard | None:
    """The strongest weapon a vampire carries, if any."""
    arms = [c for n, c in state.deck(m.controller).attached if n == m.name and c.damage]
    return max(arms, key=lambda c: (c.damage, c.name)) if arms else None


def strength(state: State, m: Minion) -> int:
    """Damage the vampire's strike inflicts: a weapon's, or its hands' (rb95:8.1.1.damage)."""
    w = weapon(state, m)
    return w.damage if w else 1


def burn_vampire(state: State, name: str, ctx: Ctx) -> State:
    """Burn a vampire: it goes to the crypt's bottom, its cards to the resources' bottom, its blood to the bank."""
    blood = state.minion(name).blood
    state = burn_minion(state, name, ctx, "sol_burn", f"{state.minion(name).controller} no longer wishes to "
                                                      "control it")
    ctx.cite("sol_burn_limit", f"{name}'s equipment and retainers go to the bottom of the resources; its {blood} "
                               "blood goes to the bank")
    return state


def burn_phase(state: State, d: BurnVampires, ctx: Ctx) -> State:
    """Phase 1c: the Methuselah burns the vampires she names (after the untap step)."""
    if not ctx.p("solitaire_automaton"):
        ctx.illegal_param("solitaire_automaton", "burning your own vampires at will is a rule of the solitaire "
                                                 "variant")
    if state.phase != "master":
        ctx.illegal("sol_burn", "vampires are burned in phase 1c, right after the untap step")
    for name in d.vampires:
        if (not state.has_minion(name) or state.minion(name).controller != state.current
                or not state.minion(name).is_vampire or state.minion(name).location not in IN_PLAY):
            ctx.illegal("sol_burn", f"{name} is not a vampire {state.current} controls")
        state = burn_vampire(state, name, ctx)
    return state


def take_control(state: State, who: str, card: VampireCard, ctx: Ctx, *, tapped: bool, source: str) -> State:
    """Fill a vampire from the pool and take control of it; from the influence phase it enters tapped."""
    limit = ctx.p("max_controlled_vampires")
    if len(vampires(state, who)) >= limit:
        ctx.illegal_param("max_controlled_vampires", f"{who} already controls {limit} vampires")
    if state.player(who).pool < card.capacity:
        ctx.illegal("sol_crypt_master", f"{who} has {state.player(who).pool} pool and {card.name} needs "
                                        f"{card.capacity} to fill")
    state = state.move_pool(who, -card.capacity)
    if state.has_minion(card.name):
        state = state.with_minion(card.name, controller=who, location="ready", blood=0, capacity=card.capacity,
                                  bleed=card.bleed, tapped=tapped)
    else:
        state = state.add_minion(Minion(name=card.name, controller=who, kind="vampire", blood=0,
                                        capacity=card.capacity, bleed=card.bleed, tapped=tapped))
    state = replace(state.with_minion(card.name, blood=card.capacity), bank=state.bank - card.capacity)
    ctx.cite(source, f"{who} takes control of {card.name} ({source_text(source)}), moving {card.capacity} pool "
                     "to fill it")
    ctx.cite("sol_control_untapped" if not tapped else "sol_control_tapped",
             f"{card.name} enters play {'tapped' if tapped else 'untapped'}")
    return sync_counts(state)


def source_text(step: str) -> str:
    return {"sol_crypt_master": "master phase", "sol_review_crypt": "influence phase"}.get(step, step)


def attach(state: State, who: str, card: ResourceCard, vampire: str, ctx: Ctx) -> State:
    """Equipment or a retainer goes on a vampire, tapped or not, without tapping it (sol:basic.5)."""
    state = pay_pool(state, who, card.cost, ctx, "sol_equip_no_tap", card.name)
    m = state.minion(vampire)
    d = state.deck(who)
    state = state.with_deck(who, attached=(*d.attached, (vampire, card)))
    if card.type == "equipment":
        state = state.with_minion(vampire, equipment=(*m.equipment, card.name), bleed=m.bleed + card.bleed)
        ctx.cite("sol_equip_no_tap", f"{card.name} is put on {vampire}"
                 + (" (tapped)" if m.tapped else "") + "; equipping does not tap it"
                 )
    else:
        state = state.add_retainer(vampire, Retainer(card.name, card.life))
        ctx.cite("sol_equip_no_tap", f"the retainer {card.name} is put on {vampire}, with {card.life} life, "
                                     "without tapping it")
    return state


def master_card(state: State, who: str, card: ResourceCard, ctx: Ctx, step: str) -> State:
    """A master card: pay its cost, gain its pool, put its blood on the strongest vampire."""
    state = pay_pool(state, who, card.cost, ctx, step, card.name)
    if card.pool:
        state = state.move_pool(who, card.pool)
    ctx.cite(step, f"{who} plays the master card {card.name}" + (f": gains {card.pool} pool" if card.pool else ""))
    if card.blood:
        targets = sorted(vampires(state, who), key=lambda m: (m.blood - m.capacity, m.name))
        if targets and targets[0].blood < targets[0].capacity:
            t = targets[0]
            gain = min(card.blood, t.capacity - t.blood)
            state = state.move_blood(t.name, gain)
            ctx.cite(step, f"{card.name}: {t.name} gains {gain} blood")
    return bury(state, who, card, ctx)


def bury(state: State, who: str, card: ResourceCard, ctx: Ctx) -> State:
    """A used card with no lasting effect is burned to the bottom of the resources (the phase's rule says so)."""
    step = {"minion": "sol_minion", "influence": "sol_review_resources"}.get(state.phase, "sol_resource_master")
    ctx.cite(step, f"{card.name} is burned to the bottom of {who}'s resources")
    return to_bottom(state, who, (card,), crypt=False)
