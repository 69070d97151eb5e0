"""What each edition parameter may be: one typed model, every reading named.

Rulesets (``reference/data/rulesets.yaml``), errata and scenario ``variants`` give parameter
values; each is checked here, with the file, line and field of the value. An unknown
reading is refused, listing the valid ones. Types are strict: ``"2"`` is not a number and
``1`` is not ``true``.
"""

from __future__ import annotations

from functools import cache
from types import UnionType
from typing import Annotated, Any, Literal, Union, get_args, get_origin

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, TypeAdapter, ValidationError

Count = Annotated[StrictInt, Field(ge=0, le=100)]
Positive = Annotated[StrictInt, Field(ge=1, le=100)]
Pool = Annotated[StrictInt, Field(ge=1, le=1000)]
CardCount = Annotated[StrictInt, Field(ge=0, le=1000)]

ActionKind = Literal["hunt", "employ_retainer", "recruit_ally", "equip", "take_equipment", "leave_torpor",
                     "rescue_own_torpor", "rescue_other_torpor", "call_vote", "bleed"]
BlockRight = Literal["prey", "predator", "others_clockwise"]
Title = Literal["primogen", "prince", "justicar"]


class _Strict(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class TransferSchedule(_Strict):
    """Transfers in the first turns: counted by each Methuselah's own turns or by the game's turns."""

    by: Literal["own_turn", "game_turn"]
    first_turns: tuple[Annotated[StrictInt, Field(ge=0, le=20)], ...] = Field(max_length=10)


class WithdrawRequires(_Strict):
    """What a Methuselah needs to announce a withdrawal."""

    library_empty: StrictBool
    short_hand: StrictBool


class ParameterTypes(_Strict):
    """Every parameter an edition can set, with the values it may take."""

    # setup (ref14:I, rb95:4.2)
    starting_pool: Pool
    hand_size: Count
    starting_uncontrolled: Count
    library_min: CardCount
    library_extra_per_player: CardCount
    library_max: CardCount | None = Field(description="None: no limit.")
    crypt_min: CardCount
    crypt_max: CardCount | None = Field(description="None: no limit.")
    cards_from_hand: StrictBool
    # untap (ref14:II.A)
    edge_untap_gain: Count
    edge_untap_optional: StrictBool = Field(description="The Edge's holder may decline its pool in her untap phase.")
    untap_pool_gain: Count
    untap_all_vampires: StrictBool = Field(description="Every tapped vampire untaps, not only the active player's.")
    # master (ref14:II.B)
    master_cards_per_phase: Positive
    # minion phase and actions (ref14:II.C)
    mandatory_hunt: Literal["phase_start", "next_action", "none"] = Field(
        description="phase_start: vampires that begin the minion phase ready with no blood hunt first; "
                    "next_action: any ready vampire with no blood hunts next; none: no forced hunt.")
    bleed_amount: Count
    hunt_gain: Count
    hunt_at_capacity: StrictBool
    recruit_ally_vampire_only: StrictBool = Field(description="Only a vampire may recruit an ally, not an ally.")
    call_vote_vampire_only: StrictBool = Field(description="Only a vampire may call a vote, not an ally.")
    no_card_action_stealth: dict[ActionKind, Annotated[StrictInt, Field(ge=0, le=10)]]
    retainer_employers: Literal["minions", "vampires"] = Field(
        description="Who may employ a retainer: any minion (ref14:II.C.3.b, rb95:6.4.employ-retainer.step2), or "
                    "only a vampire (rb95:6.4.employ-retainer.step1 read alone: 'Tap a vampire').")
    leave_torpor_cost: Count
    leave_torpor_cost_paid_if_blocked: StrictBool
    rescue_cost: Count
    rescue_paralyzed_cost: Count
    torpor_used: StrictBool
    votes_allowed: StrictBool
    political_cards_allowed: StrictBool
    edge_on_vampire_destroyed: StrictBool
    # influence (ref14:II.D)
    uncontrolled_may_exceed_capacity: StrictBool
    transfer_schedule: TransferSchedule
    transfers_per_turn: Count
    transfer_cost_pool_to_vampire: Positive
    transfer_cost_blood_to_pool: Positive | None = Field(description="None: blood cannot be moved to pool.")
    transfer_cost_crypt_move: Positive | None = Field(description="None: no crypt move.")
    crypt_move_pool_cost: Count
    transfer_to_controlled: StrictBool
    control_enters_tapped: StrictBool
    max_controlled_vampires: Positive | None = Field(description="None: no limit.")
    # discard (ref14:II.E)
    discard_limit: Count
    # blocks (ref14:III)
    undirected_block_order: tuple[BlockRight, ...] = Field(min_length=1, max_length=3)
    undirected_actions_blockable: StrictBool
    stealth_makes_unblockable: StrictBool
    blocker_taps: Literal["on_success", "on_declaring"]
    stealth_only_when_needed: StrictBool
    intercept_allowed: StrictBool
    action_costs_paid_if_blocked: StrictBool
    modifier_costs_when_blocked: Literal["paid", "ignored"]
    # ousting and winning (ref14:II.note2, rb95:10)
    oust_vp: Count
    oust_pool_reward: Count
    oust_reward_withheld_if_predator_ousted: Literal["same_time", "same_turn"] = Field(
        description="same_time: the six pool are paid when the prey is ousted, unless the predator is ousted at "
                    "the same time (by the same step); a predator ousted later loses them with the rest of her "
                    "pool (ref14:II.note2 'during the same action', and rb95:10.ousting read literally: 'When "
                    "this occurs ... gains six pool'); same_turn: they are held until the end of the turn (or of "
                    "the game) and lost if the predator is ousted before (the other reading of rb95:10.ousting).")
    oust_when: Literal["no_pool", "bled_at_zero"]
    last_standing_vp: Count
    withdrawal_vp: Count
    withdraw_requires: WithdrawRequires
    withdraw_ally_life_breaks: StrictBool
    # combat (ref14:V, cto)
    combat_rounds: Positive | None = Field(description="None: rounds go on while presses continue.")
    maneuvers_allowed: StrictBool
    weapon_maneuver_once: StrictBool
    outsider_effects_in_play: StrictBool  # other Methuselahs may use combat effects of their cards in play
    advanced_words_removed: StrictBool  # the Basic Game's deck leaves out cards using the Advanced Game's words
    maneuver_weapon_first_strike: StrictBool
    ranges_used: StrictBool
    ranged_retainer_range: Literal["any", "long"]
    strike_after_acting_combat_ends: StrictBool
    hand_damage: Count
    additional_strikes_allowed: StrictBool
    presses_allowed: StrictBool
    paralyze_allowed: StrictBool
    steal_blood_excess: Literal["kept", "drained_before_healing", "healed_then_banked"] = Field(
        description="kept: stolen blood over capacity stays until the end of combat to heal damage "
                    "(ref14:V.D.5.c); drained_before_healing: the excess goes to the bank before damage is healed "
                    "(rb95:8.3.steal-blood, cto:answer.2-3); healed_then_banked: the stolen blood heals the damage "
                    "dealt with it at once, and what is then over capacity goes to the bank (a reading of "
                    "rb95:8.3.steal-blood.healing).")
    all_blood_stolen_burns: StrictBool
    aggravated_as_normal: StrictBool
    aggravated_free_points: Count
    damage_overflow: Literal["torpor", "burn"]
    retainer_damage_preventable: StrictBool
    prevention_only_in_damage_step: StrictBool
    # politics (ref14:IV)
    title_votes: dict[Title, Annotated[StrictInt, Field(ge=0, le=10)]]
    # cards leaving play, the solitaire variant
    burned_to_deck_bottom: StrictBool
    solitaire_automaton: StrictBool


NAMES: frozenset[str] = frozenset(ParameterTypes.model_fields)

RENAMED_READINGS: dict[str, dict[Any, Any]] = {
    # old value -> the reading that plays as it did
    "mandatory_hunt": {True: "next_action", False: "none"},
    "steal_blood_excess": {"bank_heal_at_once": "drained_before_healing"},
    "oust_reward_withheld_if_predator_ousted": {"same_action": "same_time"},
}
"""Readings renamed since files were written with them: a file giving the old one keeps working."""

REMOVED: dict[str, str] = {
    "control_threshold": "control always comes at the vampire's capacity (ref14:II.D.4): the parameter was removed",
}
"""Parameters removed since files were written with them, and why a file may drop them."""


def migrate(parameters: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """Parameter values as files written before a rename give them, brought up to date; and what was changed."""
    out: dict[str, Any] = {}
    notes: list[str] = []
    for name, value in parameters.items():
        if name in REMOVED:
            notes.append(f"{name} is ignored: {REMOVED[name]}")
            continue
        renamed = RENAMED_READINGS.get(name, {})
        if isinstance(value, str | bool) and value in renamed:
            notes.append(f"{name}: {value!r} is now called {renamed[value]!r}")
            value = renamed[value]
        out[name] = value
    return out, notes


@cache
def _adapter(name: str) -> TypeAdapter[Any]:
    info = ParameterTypes.model_fields[name]
    kind: Any = Annotated[info.annotation, *info.metadata] if info.metadata else info.annotation
    return TypeAdapter(kind)


def check_value(name: str, value: Any) -> str | None:
    """Why ``value`` is not a valid value of the parameter ``name``, or None if it is."""
    if name not in NAMES:
        return f"unknown parameter {name!r}"
    try:
        _adapter(name).validate_python(value)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(x) for x in first["loc"])
        return f"{name}{'.' + where if where else ''}: {first['msg']} (got {value!r})"
    return None


def describe(name: str) -> str:
    """The values a parameter may take, in words."""
    info = ParameterTypes.model_fields[name]
    return info.description or str(info.annotation).replace("typing.", "")


def alternatives(name: str, value: Any) -> list[Any]:
    """The other valid values worth trying for a parameter: the other readings, a flipped switch, one more or
    one less, each part of a mapping changed in turn. Each is a mutant the scenarios should kill."""
    info = ParameterTypes.model_fields[name]
    out = [v for v in _others(info.annotation, info.metadata, value) if v != value]
    unique: list[Any] = []
    for v in out:
        if v not in unique and check_value(name, v) is None:
            unique.append(v)
    return unique


def _others(kind: Any, metadata: list[Any], value: Any) -> list[Any]:
    origin, args = get_origin(kind), get_args(kind)
    if origin is Annotated:
        return _others(args[0], [*args[1:], *metadata], value)
    if origin in (UnionType, Union):
        inner = next(a for a in args if a is not type(None))
        return [1, 2] if value is None else [None, *_others(inner, metadata, value)]
    if origin is Literal:
        return list(args)
    if kind is bool or kind is StrictBool or isinstance(value, bool):
        return [not value]
    if isinstance(value, int):
        return [value + 1, value - 1]
    if isinstance(value, dict) and isinstance(kind, type) and issubclass(kind, BaseModel):
        out = []
        for key, field in kind.model_fields.items():
            for v in _others(field.annotation, field.metadata, value[key]):
                out.append({**value, key: v})
        if kind is TransferSchedule and not value["first_turns"]:  # no first turns: what counts them is moot
            out = [v for v in out if v["by"] == value["by"]]
        return out
    if isinstance(value, dict):
        return [{**value, k: v + 1} for k, v in value.items()] + [{**value, k: max(v - 1, 0)} for k, v in value.items()]
    if isinstance(value, list | tuple):
        items = list(value)
        shorter = [items[:i] + items[i + 1:] for i in range(len(items))] if len(items) > 1 else [[]]
        longer = [[*items, 1]] if not items or isinstance(items[-1], int) else []
        return [list(reversed(items)), *shorter, *longer]
    return []
