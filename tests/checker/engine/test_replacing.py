"""Cards played from hand, replaced at once or later: after combat, after the action, at the next unlock phase."""

from __future__ import annotations

from typing import Any

import pytest

from checker.engine.combat_decisions import Round
from checker.engine.context import Ctx
from checker.engine.decisions import Bleed, Combat, EndTurn, PlayAction, Untap
from checker.engine.engine import apply
from checker.engine.events import IllegalDecision
from checker.engine.replacing import draw_deferred, play_from_hand
from checker.engine.setup import Setup, initial_state
from checker.engine.state import State
from reference.rulesets import rulesets

JYHAD = rulesets()["jyhad-1.4"]


def _state(hand: int = 1, library: int = 10, ruleset: str = "jyhad-1.4") -> State:
    setup = Setup.model_validate({
        "players": [{"name": "alice"}, {"name": "bob", "hand": hand, "library": library}], "phase": "minion",
        "minions": [{"name": "Cassandra", "controller": "alice", "capacity": 5, "blood": 5},
                    {"name": "Eliza", "controller": "bob", "capacity": 6, "blood": 6}]})
    return initial_state(setup, Ctx(rulesets()[ruleset]))


def _combat(*rounds: dict[str, Any]) -> Combat:
    return Combat(acting="Cassandra", blocking="Eliza", rounds=tuple(Round.model_validate(r) for r in rounds))


DODGE = {"name": "Dodge", "dodge": True, "replace": "after_combat"}
PRESSED = {"strikes": {"Cassandra": "hands", "Eliza": DODGE}, "presses": ["Cassandra"]}


def test_after_combat_card_leaves_the_hand_until_combat_ends() -> None:
    state, events = apply(_state(), _combat({"strikes": {"Cassandra": "hands", "Eliza": DODGE}}), JYHAD)
    bob = state.player("bob")
    assert (bob.hand, bob.library, bob.ash_heap) == (1, 9, 1)
    assert state.deferred_draws == ()
    messages = [e.message for e in events]
    drawn = messages.index("bob draws a card to replace Dodge now that combat is over")
    assert drawn > messages.index("combat ends")  # drawn once combat is over, not as it is played
    assert events[drawn].rule == "ref14:I.H.2"


def test_a_second_card_finds_the_hand_empty_while_the_first_waits() -> None:
    with pytest.raises(IllegalDecision) as refused:
        apply(_state(), _combat(PRESSED, {"strikes": {"Cassandra": "hands", "Eliza": DODGE}}), JYHAD)
    assert refused.value.rule == "ref14:I.H.1"
    assert "not yet replaced: Dodge (after combat)" in refused.value.message
    now = {**PRESSED, "strikes": {"Cassandra": "hands", "Eliza": {**DODGE, "replace": "now"}}}
    state, _ = apply(_state(), _combat(now, {"strikes": {"Cassandra": "hands", "Eliza": DODGE}}), JYHAD)
    assert (state.player("bob").hand, state.player("bob").library) == (1, 8)


def test_unset_replace_leaves_hand_and_library_as_they_were() -> None:
    state, _ = apply(_state(hand=0), _combat({"strikes": {"Cassandra": "hands", "Eliza": {"dodge": True}}}), JYHAD)
    bob = state.player("bob")
    assert (bob.hand, bob.library, bob.ash_heap) == (0, 10, 0)


def test_an_empty_library_gives_no_draw_after_combat() -> None:
    state, events = apply(_state(library=0), _combat({"strikes": {"Cassandra": "hands", "Eliza": DODGE}}), JYHAD)
    assert (state.player("bob").hand, state.player("bob").library) == (0, 0)
    assert any("library is empty" in e.message for e in events)


def test_a_card_giving_a_maneuver_and_a_strike_is_replaced_once() -> None:
    card = {"name": "Thrown Thing", "damage": 2, "ranged": True, "one_play": True, "replace": "now"}
    rnd = {"maneuvers": [{"by": "Eliza", "weapon": "Thrown Thing", "one_play": True, "replace": "now"}],
           "strikes": {"Eliza": card}}
    state, _ = apply(_state(), _combat(rnd), JYHAD)
    assert (state.player("bob").hand, state.player("bob").library, state.player("bob").ash_heap) == (1, 9, 1)


def test_no_hand_counted_where_cards_are_not_played_from_hand() -> None:
    solitaire = rulesets()["solitaire"]
    state = _state(hand=0, ruleset="solitaire")
    after = play_from_hand(state, "bob", "Dodge", "after_combat", Ctx(solitaire))
    assert after == state


def test_after_action_card_is_replaced_once_the_action_is_finished() -> None:
    state = _state().with_player("alice", hand=1, library=10)
    action = PlayAction.model_validate({"actor": "Cassandra", "card": {
        "name": "Bum's Rush", "directed": True, "enter_combat": True, "target": "Eliza", "replace": "after_action",
        "combat": {"rounds": [{"strikes": {"Cassandra": {"name": "Dodge", "dodge": True, "replace": "now"}}}]}}})
    with pytest.raises(IllegalDecision, match="not yet replaced: Bum's Rush"):
        apply(state, action, JYHAD)  # the combat is part of the action: the hand is still empty
    punch = action.model_copy(update={"card": action.card.model_copy(update={"combat": None})})
    state, events = apply(state, punch, JYHAD)
    alice = state.player("alice")
    assert (alice.hand, alice.library, alice.ash_heap) == (1, 9, 1)
    drawn = [e for e in events if e.message == "alice draws a card to replace Bum's Rush now that the action is "
                                                 "finished"]
    assert [e.rule for e in drawn] == ["ref14:I.H.2"]


def test_next_unlock_card_is_drawn_at_its_players_unlock_before_anything_unlocks() -> None:
    ctx = Ctx(JYHAD)
    state = play_from_hand(_state(), "bob", "Wake with Evening's Freshness", "next_unlock", ctx)
    assert state.player("bob").hand == 0
    assert draw_deferred(state, "combat", ctx) == state and draw_deferred(state, "action", ctx) == state
    state, events = apply(state, EndTurn(), JYHAD)  # alice's turn ends: nothing drawn at her unlock
    assert state.current == "bob" and state.player("bob").hand == 0
    state, events = apply(state, Untap(), JYHAD)
    bob = state.player("bob")
    assert (bob.hand, bob.library, bob.ash_heap) == (1, 9, 1) and state.deferred_draws == ()
    assert events[0].rule == "ref14:I.H.1" and "Wake with Evening's Freshness" in events[0].message


def test_next_unlock_waits_for_the_players_own_unlock() -> None:
    ctx = Ctx(JYHAD)
    state = play_from_hand(_state(), "bob", "Wake with Evening's Freshness", "next_unlock", ctx)
    assert draw_deferred(state, "unlock", ctx, player="alice") == state


def test_a_reaction_waiting_for_the_end_of_the_action_empties_the_hand_for_the_combat() -> None:
    elder = {"name": "Elder Intervention", "intercept": 2, "replace": "after_action"}
    block: dict[str, Any] = {"by": "Eliza", "plays": [{"reaction": elder}],
                             "combat": {"rounds": [{"strikes": {"Eliza": {"name": "Dodge", "dodge": True,
                                                                           "replace": "now"}}}]}}
    sneaky = _state().with_minion("Cassandra", stealth=1)  # +1 stealth: Eliza needs the intercept to block
    with pytest.raises(IllegalDecision, match="not yet replaced: Elder Intervention"):
        apply(sneaky, Bleed.model_validate({"actor": "Cassandra", "blocks": [block]}), JYHAD)
    block["combat"] = {"rounds": [{"strikes": {"Cassandra": "hands", "Eliza": "hands"}}]}
    state, _ = apply(sneaky, Bleed.model_validate({"actor": "Cassandra", "blocks": [block]}), JYHAD)
    bob = state.player("bob")
    assert (bob.hand, bob.library, bob.ash_heap) == (1, 9, 1) and state.last_action is not None
    assert state.last_action.blocked_by == "Eliza"
