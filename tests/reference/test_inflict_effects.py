"""Damage a card inflicts apart from a strike: its encoding must say what the card's text says."""

from __future__ import annotations

from reference.cards import find_card
from reference.effectcheck import check_encoding
from reference.effects import Encoding


def _issues(name: str, parts: list[dict[str, object]]) -> list[str]:
    card = find_card(name)
    return [m for _, m in check_encoding(card, Encoding.model_validate({"card": card.id, "parts": parts}))]


WEATHER = (
    "Both combatants and each retainer on them take 1 unpreventable environmental damage before range is "
    "determined each round this combat."
)
REST: list[dict[str, object]] = [
    {"text": "Only usable before range is determined during the first round.", "usable": "first_round"},
    {"text": "A vampire can play only one Weather Control each combat.", "one_each_combat": True},
    {"text": "As above", "level": "superior", "same_as_basic": True},
    {
        "text": "but the amount of damage inflicted is increased by 1 in each subsequent round",
        "level": "superior",
        "inflict_grows": 1,
    },
]


def test_environmental_damage_is_checked_against_the_text() -> None:
    right: dict[str, object] = {
        "amount": 1,
        "to": "both",
        "retainers": True,
        "when": "before_range",
        "rounds": "each",
        "environmental": True,
        "unpreventable": True,
    }
    assert _issues("Weather Control", [*REST, {"text": WEATHER, "level": "basic", "inflicts": right}]) == []
    for wrong in (
        {**right, "amount": 2},
        {**right, "environmental": False},
        {**right, "to": "opponent"},
        {**right, "when": "press_step"},
        {**right, "by_minion": True},
        {**right, "unpreventable": False},
    ):
        issues = _issues("Weather Control", [*REST, {"text": WEATHER, "level": "basic", "inflicts": wrong}])
        assert issues, wrong


def test_damage_the_vampire_inflicts_after_combat_is_its_own() -> None:
    parts: list[dict[str, object]] = [
        {"text": "Strike: combat ends.", "level": "basic", "strike": {"combat_ends": True}},
        {"text": "As above", "level": "superior", "same_as_basic": True},
    ]
    text = (
        "and after combat ends, if the range is close, this vampire inflicts 1 unpreventable damage on the "
        "opposing minion"
    )
    own: dict[str, object] = {
        "amount": 1,
        "when": "after_combat",
        "by_minion": True,
        "unpreventable": True,
        "close_range": True,
    }
    assert _issues("Catatonic Fear", [*parts, {"text": text, "level": "superior", "inflicts": own}]) == []
    env = {**own, "by_minion": False}
    assert any(
        "by_minion" in m
        for m in _issues("Catatonic Fear", [*parts, {"text": text, "level": "superior", "inflicts": env}])
    )
