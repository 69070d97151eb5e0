"""``apply(state, decision, ruleset) -> (state, events)``: the one door into the engine."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from checker.engine import actions, basic_game, in_play, phases, politics, replacing, untap, withdrawal
from checker.engine.context import Ctx
from checker.engine.decisions import (
    DECISIONS,
    BasicRedraw,
    Bleed,
    BloodHunt,
    CallVote,
    CardUse,
    Combat,
    Diablerize,
    Discard,
    EmployRetainer,
    EndTurn,
    Equip,
    Hunt,
    Influence,
    LeaveTorpor,
    Master,
    OutOfTurnMaster,
    PlayAction,
    RecruitAlly,
    Rescue,
    StartGame,
    Strict,
    TakeEquipment,
    Untap,
)
from checker.engine.events import Event, IllegalDecision
from checker.engine.ousting import check_ousting
from checker.engine.setup import start_game
from checker.engine.state import State
from reference.rulesets import Ruleset

Handler = Callable[[State, Any, Ctx], State]

HANDLERS: dict[type[Strict], Handler] = {
    StartGame: lambda s, d, c: start_game(s, c, d.ante),
    Untap: untap.untap_phase,
    Master: phases.master,
    OutOfTurnMaster: phases.out_of_turn_master,
    CardUse: in_play.use_card,
    Bleed: actions.bleed,
    Hunt: actions.hunt,
    EmployRetainer: actions.employ_retainer,
    RecruitAlly: actions.recruit_ally,
    Equip: actions.equip,
    TakeEquipment: actions.take_equipment,
    LeaveTorpor: actions.leave_torpor,
    Rescue: actions.rescue,
    Diablerize: actions.diablerize,
    Combat: actions.combat,
    PlayAction: actions.play_action,
    CallVote: politics.call_vote,
    BloodHunt: politics.blood_hunt,
    Influence: phases.influence,
    Discard: phases.discard,
    BasicRedraw: basic_game.redraw,
    EndTurn: lambda s, d, c: phases.end_turn(s, c),
}
"""The decision each kind of decision is handled by: the core game's here, a variant's added by ``register``."""


def register(key: str, decision: type[Strict], handler: Handler) -> None:
    """A variant's decision, under its step name in scenario files, and its handler: registered from above, so
    that the engine imports nothing of its variants (checker/solitaire/__init__.py registers the solitaire ones)."""
    if DECISIONS.get(key, decision) is not decision or HANDLERS.get(decision, handler) is not handler:
        raise ValueError(f"the step {key!r} ({decision.__name__}) is already registered otherwise")
    DECISIONS[key] = decision
    HANDLERS[decision] = handler


def apply(state: State, decision: Strict, ruleset: Ruleset) -> tuple[State, tuple[Event, ...]]:
    """Apply one decision under ``ruleset``; raises :class:`IllegalDecision` naming the rule broken."""
    ctx = Ctx(ruleset)
    if state.over:
        step = "game_over_two_players" if len(state.players) == 2 else "game_over"
        raise IllegalDecision(ruleset.step(step), "the game is over")
    handler = HANDLERS.get(type(decision))
    if handler is None:
        raise TypeError(f"not a decision of the game nor of a registered variant: {type(decision).__name__}")
    if state.blood_hunt_on is not None and not isinstance(decision, BloodHunt):
        state = replace(state, blood_hunt_on=None)
    try:
        new = handler(state, decision, ctx)
        new = replacing.draw_deferred(new, "action", ctx)  # an action is one decision: it is finished (ref14:I.H.2)
        new = withdrawal.watch(state, new, ctx)
        new = check_ousting(new, ctx)
    except IllegalDecision as exc:
        exc.events = tuple(ctx.trace.events)
        raise
    return new, tuple(ctx.trace.events)
