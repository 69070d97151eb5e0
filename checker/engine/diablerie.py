"""Diablerie (ref14:II.C.8.e): the diablerist takes the blood and equipment of a vampire in torpor."""

from __future__ import annotations

from dataclasses import replace

from checker.engine.context import Ctx
from checker.engine.damage import burn_minion
from checker.engine.decisions import SkillCard
from checker.engine.requirements import gain_discipline
from checker.engine.state import State
from checker.engine.table import drain


def diablerie(state: State, diablerist: str, victim: str, skill_card: bool | SkillCard, ctx: Ctx) -> State:
    """The victim and its cards burn; its blood (excess draining first) and equipment go to the diablerist; a younger
    diablerist gets a skill card."""
    d, v = state.minion(diablerist), state.minion(victim)
    state = state.with_minion(diablerist, blood=d.blood + v.blood, equipment=(*d.equipment, *v.equipment))
    ctx.cite("diablerie", f"{diablerist} diablerizes {victim}, taking its {v.blood} blood"
             + (f" and {', '.join(v.equipment)}" if v.equipment else ""))
    state = state.with_minion(victim, blood=0, equipment=())
    state = burn_minion(state, victim, ctx, "diablerie", "diablerized, with the cards on it")
    state = drain(state, diablerist, ctx, "drains off", step="diablerie_drain")
    if isinstance(skill_card, SkillCard):
        state = _skill_card(state, diablerist, victim, skill_card, d.capacity < v.capacity, ctx)
    elif d.capacity < v.capacity and skill_card:
        ctx.cite("diablerie_skill", f"{diablerist} is younger than {victim}: its Methuselah puts a skill card on it")
    return blood_hunt(state, diablerist, ctx)


def _skill_card(state: State, diablerist: str, victim: str, card: SkillCard, younger: bool, ctx: Ctx) -> State:
    """ref14:II.C.8.e.i: 'If the Acting Vampire is younger than the Diablerized Vampire, the controlling Methuselah
    must go through his hand, Library, and/or Ash Heap to find a Skill card to place on the Acting Vampire.' Excess
    blood has drained first ('before step i'). The card is placed, not played: none is drawn to replace it."""
    if not younger:
        ctx.illegal("diablerie_skill", f"{diablerist} is not younger than {victim}: no skill card is placed on it")
    me = state.minion(diablerist).controller
    pile = {"hand": "hand", "library": "library", "ash_heap": "ash heap"}[card.found_in]
    if getattr(state.player(me), card.found_in) < 1:
        ctx.illegal("diablerie_skill", f"{me}'s {pile} is empty: no skill card can be found there")
    state = state.with_player(me, **{card.found_in: getattr(state.player(me), card.found_in) - 1})
    ctx.cite("diablerie_skill", f"{diablerist} is younger than {victim}: {me} finds a {card.discipline} skill card "
                                f"in her {pile} and places it on {diablerist}")
    return gain_discipline(state, diablerist, card.discipline, f"the {card.discipline} skill card", ctx)


def blood_hunt(state: State, diablerist: str, ctx: Ctx) -> State:
    """After a diablerie any Methuselah may call a blood hunt vote on the diablerist (ref14:II.C.8.e.ii).

    The next step may be that vote (the ``blood_hunt`` step, :func:`checker.engine.politics.blood_hunt`).
    """
    if not ctx.p("votes_allowed"):
        return state
    ctx.cite("blood_hunt", f"any Methuselah may now call a blood hunt on {diablerist}: a vote, which "
                           "burns the diablerist if it passes")
    return replace(state, blood_hunt_on=diablerist)
