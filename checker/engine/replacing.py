"""Cards replaced later than at once: 'Do not replace until after combat' (this action, your next unlock phase).

A card played from hand is replaced at once (ref14:I.H.1, rb95:3.2.playing-the-cards.important-rule:
"Unless a card says otherwise ..."): :func:`checker.engine.table.replace_card`. A card that says
otherwise leaves its player's hand one card short until combat is over or the action is finished
(ref14:I.H.2), or until her next unlock phase (its text, rb95:12.p1): the draw waits in
``State.deferred_draws`` and is made by :func:`draw_deferred` at that point.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Literal

from checker.engine.context import Ctx
from checker.engine.state import State
from checker.engine.table import replace_card

Replace = Literal["now", "after_combat", "after_action", "next_unlock"]
Until = Literal["combat", "action", "unlock"]
UNTIL: dict[str, Until] = {"after_combat": "combat", "after_action": "action", "next_unlock": "unlock"}
SAID = {"combat": "after combat", "action": "after this action", "unlock": "until your next unlock phase"}


def play_from_hand(state: State, player: str, what: str, when: Replace | None, ctx: Ctx) -> State:
    """``player`` plays the card ``what`` from her hand: replaced at once (``now``), later (its text), or, with
    ``None`` (an abstract card), not counted against her hand at all."""
    if when is None or not ctx.p("cards_from_hand"):
        return state
    p = state.player(player)
    if p.hand <= 0:
        waiting = [f"{card} ({SAID[until]})" for who, card, until in state.deferred_draws if who == player]
        # a hand short of a card not yet replaced is I.H.1's timing; an empty hand, the cards held (rb95:4.2.step5)
        ctx.illegal("replace_card" if waiting else "card_from_hand", f"{player} has no card in hand to play {what}"
                    + (f": not yet replaced: {', '.join(waiting)}" if waiting else ""))
    if when == "now":
        return replace_card(state, player, ctx, what)
    until = UNTIL[when]
    if until == "unlock":
        ctx.cite("card_over_rule", f"{what}: 'Do not replace until your next unlock phase': {player}'s hand is one "
                                   "card short until then, by its text")
    else:
        ctx.cite("replace_deferred", f"{what}: 'Do not replace until {SAID[until]}': {player}'s hand is one card "
                                     "short until then")
    state = state.with_player(player, hand=p.hand - 1, ash_heap=p.ash_heap + 1)
    return replace(state, deferred_draws=(*state.deferred_draws, (player, what, until)))


def draw_deferred(state: State, until: Until, ctx: Ctx, *, player: str | None = None) -> State:
    """The cards waiting for this point (combat over, action finished, ``player``'s unlock phase) are replaced now:
    each draws one card while the library lasts."""
    due = [d for d in state.deferred_draws if d[2] == until and player in (None, d[0])]
    if not due:
        return state
    state = replace(state, deferred_draws=tuple(d for d in state.deferred_draws if d not in due))
    when = {"combat": "now that combat is over", "action": "now that the action is finished",
            "unlock": "at the start of her unlock phase, before anything unlocks"}[until]
    for who, what, _ in due:
        p = state.player(who)
        step = "replace_card" if until == "unlock" else "replace_deferred"
        if p.library <= 0:
            ctx.cite(step, f"{who}'s library is empty: she draws no card to replace {what} {when}")
            continue
        ctx.cite(step, f"{who} draws a card to replace {what} {when}")
        state = state.with_player(who, hand=p.hand + 1, library=p.library - 1)
    return state
