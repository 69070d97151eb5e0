"""Real cards named in steps: when a card played from hand is replaced, as its encoding says (ref14:I.H)."""

from __future__ import annotations

from typing import Any

from checker.scenarios.realcards import resolve_steps


def _round(**rnd: Any) -> dict[str, Any]:
    steps, issues = resolve_steps(({"combat": {"acting": "A", "blocking": "B", "rounds": [rnd]}},))
    assert issues == []
    round_: dict[str, Any] = steps[0]["combat"]["rounds"][0]
    return round_


def test_combat_cards_from_hand_are_replaced_now_or_after_combat() -> None:
    rnd = _round(strikes={"A": {"card": "Dodge"}, "B": {"card": "Lucky Blow"}},
                 effects=[{"by": "A", "card": "Torn Signpost", "level": "basic"}],
                 maneuvers=[{"by": "B", "card": "Fake Out"}], presses=[{"by": "A", "card": "Boxed In"}])
    assert rnd["strikes"]["A"]["replace"] == "after_combat"
    assert rnd["strikes"]["B"] == {"name": "Lucky Blow", "hands": True, "plus_damage": 1, "replace": "after_combat"}
    assert rnd["effects"][0]["replace"] == "now"
    assert rnd["maneuvers"][0]["replace"] == "after_combat"
    assert rnd["presses"][0]["replace"] == "after_combat"


def test_cards_in_play_are_not_played_from_hand() -> None:
    rnd = _round(strikes={"A": {"weapon": ".44 Magnum"}}, maneuvers=[{"by": "A", "card": ".44 Magnum"}])
    assert "replace" not in rnd["strikes"]["A"]
    assert "replace" not in rnd["maneuvers"][0]


def test_action_and_reaction_cards_say_when_they_wait() -> None:
    steps, issues = resolve_steps((
        {"action": {"actor": "A", "card": {"card": "Bum's Rush", "target": "B"}}},
        {"bleed": {"actor": "A", "blocks": [{"by": "B", "plays": [
            {"reaction": {"card": "Elder Intervention", "ignore_text": True}}]}]}},
    ))
    assert issues == []
    assert steps[0]["action"]["card"]["replace"] == "after_action"
    assert steps[1]["bleed"]["blocks"][0]["plays"][0]["reaction"]["replace"] == "after_action"
