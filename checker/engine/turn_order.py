"""Moving through a turn's phases in order: the optional ones passed over end as they would (ref14:II), and
ending the influence phase brings uncontrolled vampires at capacity under control (ref14:II.D.4).
"""

from __future__ import annotations

from dataclasses import replace

from checker.engine import mandatory_hunt
from checker.engine.contests import on_control
from checker.engine.context import Ctx
from checker.engine.state import PHASES, Phase, State
from checker.engine.table import drain_excess


def advance_to(state: State, phase: Phase, ctx: Ctx, step: str) -> State:
    """Move forward to ``phase``, ending the optional phases passed over; untap cannot be skipped."""
    have, want = PHASES.index(state.phase), PHASES.index(phase)
    if want < have:
        ctx.illegal("phase_order", f"{step} belongs to the {phase} phase, but it is the "
                                   f"{state.phase} phase of {state.current}'s turn")
    if have == 0 and want > 0:
        ctx.illegal("untap_mandatory", f"the untap phase of {state.current} is mandatory: untap before {step}")
    minion = PHASES.index("minion")
    if have <= minion < want:
        mandatory_hunt.check_leaving(state, have < minion, ctx)
    if have < minion <= want:
        state = replace(state, began_empty=mandatory_hunt.empty_ready(state, state.current))
    elif minion < want:
        state = replace(state, began_empty=())
    if have < PHASES.index("influence") < want:
        ctx.cite("influence_phase", f"the influence phase is optional: {state.current} passes over it")
    if have <= PHASES.index("influence") < want:
        state = end_influence(state, ctx)
    return replace(state, phase=phase)


def end_influence(state: State, ctx: Ctx) -> State:
    """Transfers left are lost; uncontrolled vampires at capacity become controlled (ref14:II.D.4)."""
    me = state.current
    p = state.player(me)
    if p.transfers:
        ctx.cite("transfers_lost", f"{me}'s {p.transfers} remaining transfers are lost")
    state = state.with_player(me, transfers=None)
    limit = ctx.p("max_controlled_vampires")
    for v in state.minions_of(me, "uncontrolled"):
        if v.blood < v.capacity:
            ctx.cite("below_capacity", f"{v.name} has {v.blood} blood, less than its capacity {v.capacity}: "
                                       "it stays uncontrolled")
            continue
        controlled = len([m for m in state.minions_of(me, "ready", "torpor") if m.is_vampire])
        if limit is not None and controlled >= limit:
            ctx.cite_param("max_controlled_vampires", f"{v.name} stays uncontrolled: {me} already controls "
                                                      f"{limit} vampires")
            continue
        tapped = bool(ctx.p("control_enters_tapped"))
        state = state.with_minion(v.name, location="ready", tapped=tapped)
        ctx.cite("control", f"{v.name} has {v.blood} blood, at least its capacity "
                                            f"{v.capacity}, and becomes controlled"
                       + (" (tapped)" if tapped else " and ready, untapped"))
        if tapped:
            ctx.cite_param("control_enters_tapped", f"{v.name} enters play tapped")
        state = drain_excess(state, v.name, ctx)
        state = on_control(state, v.name, ctx)
    return state
