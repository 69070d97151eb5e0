"""What a weapon's text does when used (checker/engine/weapons.py): each case fails if its mechanism is removed."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from checker.engine.combat_decisions import Round
from checker.engine.context import Ctx
from checker.engine.decisions import Combat, Hunt, Untap
from checker.engine.engine import apply
from checker.engine.events import IllegalDecision
from checker.engine.setup import Setup, initial_state
from checker.engine.state import State
from reference.rulesets import rulesets

JYHAD = rulesets()["jyhad-1.4"]


def _state(equipment: tuple[str, ...] = (), phase: str = "minion", **setup: Any) -> State:
    data = {"players": [{"name": "alice"}, {"name": "bob"}], "phase": phase,
            "minions": [{"name": "Cassandra", "controller": "alice", "capacity": 6, "blood": 6,
                         "equipment": list(equipment)},
                        {"name": "Eliza", "controller": "bob", "capacity": 10, "blood": 10}], **setup}
    return initial_state(Setup.model_validate(data), Ctx(JYHAD))


def _combat(*rounds: dict[str, Any]) -> Combat:
    return Combat(acting="Cassandra", blocking="Eliza", rounds=tuple(Round.model_validate(r) for r in rounds))


GRENADE = {"weapon": "Grenade", "damage": 3, "ranged": True, "user_damage": 1, "user_damage_close_only": True,
           "burn_after_use": True}


def test_a_grenade_hurts_its_user_at_close_range_only_and_is_burned() -> None:
    close, _ = apply(_state(("Grenade",)), _combat({"strikes": {"Cassandra": GRENADE}}), JYHAD)
    assert close.minion("Cassandra").blood == 5 and close.minion("Eliza").blood == 7
    assert close.minion("Cassandra").equipment == () and close.player("alice").ash_heap == 1
    far, _ = apply(_state(("Grenade",)), _combat({"maneuvers": ["Cassandra"], "strikes": {"Cassandra": GRENADE}}),
                   JYHAD)
    assert far.minion("Cassandra").blood == 6 and far.minion("Eliza").blood == 7


def test_a_weapon_once_each_round_cannot_make_the_additional_strike() -> None:
    gun = {"weapon": "Shotgun", "damage": 3, "ranged": True, "once_each_round": True}
    again = {"strikes": {"Cassandra": gun}, "additional_cards": [{"by": "Cassandra", "count": 1}],
             "additional": [{"strikes": {"Cassandra": gun}}]}
    with pytest.raises(IllegalDecision) as refused:
        apply(_state(("Shotgun",)), _combat(again), JYHAD)
    assert "once each round" in refused.value.message
    next_round = [{"strikes": {"Cassandra": gun}, "presses": ["Cassandra"]}, {"strikes": {"Cassandra": gun}}]
    state, _ = apply(_state(("Shotgun",)), _combat(*next_round), JYHAD)
    assert state.minion("Eliza").blood == 4


def test_soul_counters_come_after_a_wounding_round_and_add_damage() -> None:
    sentinel = {"weapon": "Sentinel", "strength_plus": 1, "soul_counters": True}
    state, _ = apply(_state(("Sentinel",)), _combat({"strikes": {"Cassandra": sentinel}, "presses": ["Cassandra"]},
                                                    {"strikes": {"Cassandra": sentinel}}), JYHAD)
    assert state.minion("Eliza").blood == 10 - 2 - 3
    assert state.minion("Cassandra").souls("Sentinel") == 2


def test_a_stake_sends_to_torpor_after_more_than_one_damage_and_keeps_its_victim_locked() -> None:
    stake = {"weapon": "Stake", "strength_plus": 0, "stakes": 1, "transfers": True, "holds_in_torpor": True}
    one, _ = apply(_state(("Stake",)), _combat({"strikes": {"Cassandra": stake}}), JYHAD)
    assert one.minion("Eliza").location == "ready"
    state, _ = apply(_state(("Stake",)), _combat({"strikes": {"Cassandra": stake}, "presses": ["Cassandra"]},
                                                 {"strikes": {"Cassandra": stake}}), JYHAD)
    eliza = state.minion("Eliza")
    assert (eliza.location, eliza.equipment, eliza.held_in_torpor) == ("torpor", ("Stake",), ("Stake",))
    assert dict(eliza.borrowed) == {"Stake": "alice"}  # still Alice's card
    bob_untap = replace(state.with_minion("Eliza", tapped=True), current="bob", phase="untap")
    after, _ = apply(bob_untap, Untap(), JYHAD)
    assert after.minion("Eliza").tapped
    freed = bob_untap.with_minion("Eliza", equipment=())
    after, _ = apply(freed, Untap(), JYHAD)
    assert not after.minion("Eliza").tapped


CHAINSAW = {"Chainsaw": {"cannot_hunt": True, "unlock_damage": 3, "unlock_unpreventable": True,
                         "mandatory_press": True}}


def test_the_chainsaw_hurts_the_only_ready_minion_at_unlock_and_bars_hunting() -> None:
    state = _state(("Chainsaw",), phase="untap", equipment_texts=CHAINSAW)
    after, _ = apply(state, Untap(), JYHAD)
    assert after.minion("Cassandra").blood == 3
    with pytest.raises(IllegalDecision) as refused:
        apply(after, Hunt(actor="Cassandra"), JYHAD)
    assert "cannot hunt" in refused.value.message


def test_the_chainsaw_press_is_mandatory_in_the_first_round() -> None:
    state = _state(("Chainsaw",), equipment_texts=CHAINSAW)
    saw = {"weapon": "Chainsaw", "damage": 3}
    with pytest.raises(IllegalDecision) as refused:
        apply(state, _combat({"strikes": {"Cassandra": saw}}), JYHAD)
    assert "mandatory" in refused.value.message
    pressed = {"strikes": {"Cassandra": saw}, "presses": [{"by": "Cassandra", "name": "Chainsaw", "only": "continue",
                                                            "first_round_only": True}]}
    after, _ = apply(state, _combat(pressed, {"strikes": {"Cassandra": saw}}), JYHAD)
    assert after.minion("Eliza").blood == 4
