"""Where a blocked action hands over to combat (ref14:III.C.3.c, rb95:8.p1).

The combat sequence itself (ref14 V, cto V-VI, rb95 8) is its own piece of work; until it
lands, combat begins and the action ends here, with the minions as the block left them.
"""

from __future__ import annotations

from checker.engine.context import Ctx
from checker.engine.state import State


def begin_combat(state: State, acting: str, blocking: str, ctx: Ctx) -> State:
    """Combat between the acting and the blocking minion; returns the state after combat."""
    ctx.cite("blocked_to_combat", f"combat begins between {acting} and {blocking}; the action ends")
    return state
