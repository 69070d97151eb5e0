"""Diablerie (ref14:II.C.8.e): the diablerist takes the blood and equipment of a vampire in torpor."""

from __future__ import annotations

from dataclasses import replace

from checker.engine.context import Ctx
from checker.engine.damage import burn_minion
from checker.engine.state import State
from checker.engine.table import drain


def diablerie(state: State, diablerist: str, victim: str, skill_card: bool, ctx: Ctx) -> State:
    """The victim and its cards burn; its blood (excess draining first) and equipment go to the diablerist."""
    d, v = state.minion(diablerist), state.minion(victim)
    state = state.with_minion(diablerist, blood=d.blood + v.blood, equipment=(*d.equipment, *v.equipment))
    ctx.cite("diablerie", f"{diablerist} diablerizes {victim}, taking its {v.blood} blood"
             + (f" and {', '.join(v.equipment)}" if v.equipment else ""))
    state = state.with_minion(victim, blood=0, equipment=())
    state = burn_minion(state, victim, ctx, "diablerie", "diablerized, with the cards on it")
    state = drain(state, diablerist, ctx, "drains off", step="diablerie_drain")
    if d.capacity < v.capacity and skill_card:
        ctx.cite("diablerie_skill", f"{diablerist} is younger than {victim}: its Methuselah puts a skill card on it")
    return blood_hunt(state, diablerist, ctx)


def blood_hunt(state: State, diablerist: str, ctx: Ctx) -> State:
    """After a diablerie any Methuselah may call a blood hunt vote on the diablerist (ref14:II.C.8.e.ii).

    The next step may be that vote (the ``blood_hunt`` step, :func:`checker.engine.politics.blood_hunt`).
    """
    if not ctx.p("votes_allowed"):
        return state
    ctx.cite("blood_hunt", f"any Methuselah may now call a blood hunt on {diablerist}: a vote, which "
                           "burns the diablerist if it passes")
    return replace(state, blood_hunt_on=diablerist)
