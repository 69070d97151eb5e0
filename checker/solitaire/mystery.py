"""The Mystery Methuselah: the solitaire variant's automated opponent, as a deterministic policy (sol:basic.8).

Each decision rule of sol:basic.8.1 to sol:basic.8.11 is a function here and is cited in the
trace when it decides. Where the variant leaves a choice open, the reading is written in the
docstring and in docs/guide/solitaire.md; ties are broken by name, so a game is a function
of its decks.
"""

from __future__ import annotations

from checker.engine import phases
from checker.engine.context import Ctx
from checker.engine.state import State
from checker.solitaire import turn
from checker.solitaire.decisions import Mystery
from checker.solitaire.influence_phase import influence
from checker.solitaire.master_phase import master
from checker.solitaire.minion_phase import minion
from checker.solitaire.turn import vampires


def untap(state: State, ctx: Ctx) -> State:
    ctx.announce("sol_untap", f"{state.current}'s untap phase")
    state = phases.edge_gain(phases.untap(state, ctx), ctx)
    for m in vampires(state, state.current):
        if m.location == "ready" and m.blood == 0 and not m.tapped:
            ctx.cite("mm_burn_hunters", f"{m.name} has no blood and would have to hunt: he burns it")
            state = turn.burn_vampire(state, m.name, ctx)
    return state


PHASES = ("untap", "master", "minion", "influence")


def play(state: State, d: Mystery, ctx: Ctx) -> State:
    """The Mystery Methuselah plays the current Methuselah's phase (or whole turn)."""
    if not ctx.p("solitaire_automaton"):
        ctx.illegal_param("solitaire_automaton", "the Mystery Methuselah plays only in the solitaire variant")
    if not any(dk.player == state.current for dk in state.decks):
        ctx.illegal("mm_acts", f"{state.current} has no decks: the solitaire variant plays from decks")
    wanted = PHASES if d.phase == "turn" else (d.phase,)
    ctx.announce("mm_acts", f"the Mystery Methuselah plays {state.current}'s "
                        + ("turn" if d.phase == "turn" else f"{d.phase} phase") + ": he always acts if he can")
    for ph in wanted:
        if state.over:
            break
        if ph == "untap":
            state = untap(state, ctx)
        elif ph == "master":
            state = master(state, ctx)
        elif ph == "minion":
            state = minion(state, ctx)
        else:
            state = influence(state, ctx)
    if d.phase == "turn" and not state.over:
        state = phases.end_turn(state, ctx)
    return state
