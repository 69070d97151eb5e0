"""The Basic Game's own redraw (rb95:4.2.step3): the cards of the Advanced Game a Methuselah meets during play.

rb95:4.2.step3.basic-draw: "When you play under the basic rules, if you draw a library card that has one of these
words or phrases, you may set it aside and draw to replace it." rb95:4.2.step3.confusing-cards: "If you encounter one
of these cards during play, you may discard it and draw a new card." The engine keeps no card's identity in a hand:
the Methuselah says which card it is, and the step counts the cards.
"""

from __future__ import annotations

from checker.engine.context import Ctx
from checker.engine.decisions import BasicRedraw
from checker.engine.state import State


def redraw(state: State, d: BasicRedraw, ctx: Ctx) -> State:
    """Set the card aside (or discard it) and draw one to replace it."""
    if not ctx.p("advanced_words_removed"):
        ctx.illegal_param("advanced_words_removed", f"{d.card}: only in the Basic Game is a card set aside or "
                                                    "discarded this way, outside the discard phase")
    step, verb = ("basic_discard", "discards") if d.discard else ("basic_set_aside", "sets aside")
    if d.player not in {p.name for p in state.players} or state.player(d.player).ousted:
        ctx.illegal(step, f"{d.player} is not a Methuselah in the game")
    p = state.player(d.player)
    if p.hand < 1:
        ctx.illegal(step, f"{d.player} holds no card: {d.card} is not in her hand")
    draw = min(1, p.library)
    state = state.with_player(d.player, hand=p.hand - 1 + draw, library=p.library - draw,
                              ash_heap=p.ash_heap + (1 if d.discard else 0))
    ctx.cite(step, f"{d.player} {verb} {d.card}" + (" and draws a card to replace it" if draw else
                                                    ": her library is empty, nothing is drawn"))
    return state
