"""Empty vampires hunt first (ref14:II.C.exception1, rb95:6.4.hunt.note1), and the minion phase they make mandatory.

Editions read the rule differently (parameter ``mandatory_hunt``):

- ``phase_start`` (ref14:II.C.exception1): only vampires that *begin* the minion phase ready
  and with zero blood must hunt first; a vampire emptied or made ready in the middle of the
  phase need not (the reference's preface: the FAQ reversed "the part about an empty vampire
  hunting in the middle of a minion phase").
- ``next_action`` (rb95:6.4.hunt.note1): "An untapped vampire in the active region with no
  blood must hunt as his next action", whenever that is.

In both, a vampire with zero blood can take no action but hunting.
"""

from __future__ import annotations

from checker.engine.context import Ctx
from checker.engine.state import Minion, State


def _can_hunt_now(m: Minion, player: str) -> bool:
    """Ready, untapped, controlled by ``player`` and not contested: able to hunt."""
    return (m.is_vampire and m.controller == player and m.location == "ready" and not m.tapped
            and not m.contested)


def empty_ready(state: State, player: str) -> tuple[str, ...]:
    """The player's vampires that are ready, untapped and with zero blood, able to hunt."""
    return tuple(m.name for m in state.minions if _can_hunt_now(m, player) and m.blood == 0)


def waiting(state: State, ctx: Ctx) -> tuple[str, ...]:
    """The current Methuselah's vampires that must still hunt before any other action."""
    me = state.current
    began = [n for n in state.began_empty if state.has_minion(n) and _can_hunt_now(state.minion(n), me)]
    if not began and not empty_ready(state, me):
        return ()  # no vampire could have to hunt, whatever the edition's reading: it is not read
    reading = ctx.p("mandatory_hunt")
    if reading == "next_action":
        return empty_ready(state, me)
    if reading == "phase_start":
        return tuple(began)
    return ()


def check_action(state: State, actor: Minion, hunting: bool, ctx: Ctx) -> None:
    """Refuse an action while an empty vampire must hunt first, or a non-hunt by an empty vampire."""
    if actor.is_vampire and actor.blood == 0 and not hunting:
        ctx.illegal("zero_blood_only_hunts", f"{actor.name} has no blood and can only hunt")
    must = waiting(state, ctx)
    others = [n for n in must if n != actor.name]
    if others and not (hunting and actor.name in must):
        ctx.illegal_param("mandatory_hunt", f"{', '.join(others)} must hunt before any other action")


def check_leaving(state: State, skipping: bool, ctx: Ctx) -> None:
    """The minion phase is mandatory while an empty vampire must hunt (ref14:II.C)."""
    must = empty_ready(state, state.current) if skipping else waiting(state, ctx)
    if must and ctx.p("mandatory_hunt") != "none":
        verb = "skipped" if skipping else "ended"
        ctx.illegal("minion_phase_mandatory", f"the minion phase cannot be {verb}: {', '.join(must)} "
                                              "is ready with zero blood and must hunt")
