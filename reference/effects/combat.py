"""Combat effects: strikes and what they do, maneuvers, modifiers, damage, prevention and presses."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Literal

from pydantic import Field, model_validator

from reference.effects.words import NUMBER_WORDS, Kind, has

INFLICT_WHEN = {"before_range": "before range is determined", "strike_resolution": "strike resolution",
                "press_step": "press step", "end_of_round": "inflicts", "after_combat": "after combat ends"}
"""What a card says of when its damage is inflicted, for each `when`."""

class StrikeEffect(Kind):
    """A strike: damage (a number, or the striker's strength plus a number), its kind, what else it does."""

    damage: int | None = Field(default=None, ge=0, le=20, description="Fixed damage: 'Strike: 2R damage' is 2.")
    strength_plus: int | None = Field(default=None, ge=0, le=10,
                                      description="Damage from strength: 'strength+1' is 1, 'strength' is 0.")
    ranged: bool = Field(default=False, description="'R' after the number: usable at long range.")
    aggravated: bool = False
    first_strike: bool = False
    dodge: bool = False
    combat_ends: bool = False
    steal_blood: int = Field(default=0, ge=0, le=10)
    unpreventable: bool = Field(default=False, description="'unpreventable damage'.")
    hands: bool = Field(default=False, description="'Strike: hand strike': a strike with the bare hands.")
    melee_weapon: bool = Field(default=False, description="'or use a melee weapon strike': the striker may use a "
                                                          "melee weapon's strike instead of its hands.")
    plus_damage: int = Field(default=0, ge=0, le=10, description="'at +2 damage', 'This strike is at +1 damage.'")
    destroy_equipment: bool = Field(default=False, description="'Strike: destroy equipment.'")
    steal_equipment: Literal["equipment", "weapon"] | None = Field(
        default=None, description="'Strike: steal weapon.' (or equipment): what it may take.")
    to_torpor: bool = Field(default=False, description="'Strike: Send the opposing vampire to torpor.': no damage.")

    @model_validator(mode="after")
    def _one_damage(self) -> StrikeEffect:
        if self.damage is not None and self.strength_plus is not None:
            raise ValueError("a strike's damage is a number or strength plus a number, not both")
        if self.hands and (self.damage is not None or self.strength_plus is not None):
            raise ValueError("a hand strike does its hand damage, not a number of its own")
        return self

    def unsaid(self, q: str, text: str) -> Iterator[str]:
        if self.damage is not None and not re.search(rf"\b{self.damage}r?\b", q):
            yield f"damage {self.damage} is not in {text!r}"
        if self.strength_plus is not None and not (has(q, "strength")
                                                   and (self.strength_plus == 0 or f"+{self.strength_plus}" in q)):
            yield f"strength+{self.strength_plus} is not in {text!r}"
        if self.ranged != bool(re.search(r"\dr\b|ranged", q)):
            yield f"ranged is {str(self.ranged).lower()} but the text says {'no ' if self.ranged else ''}R"
        for flag, words in (("first_strike", "first strike"), ("dodge", "dodge"), ("combat_ends", "combat ends")):
            if getattr(self, flag) and not has(q, words):
                yield f"{flag} is not in {text!r}"
        for flag, words in (("aggravated", "aggravated"), ("unpreventable", "unpreventable"),
                            ("melee_weapon", "melee weapon strike"), ("destroy_equipment", "destroy equipment"),
                            ("to_torpor", "send the opposing vampire to torpor")):
            if getattr(self, flag) != has(q, words):
                yield f"{flag} is {str(getattr(self, flag)).lower()}, not what {text!r} says"
        if self.steal_blood and not re.search(rf"steal {self.steal_blood} blood", q):
            yield f"steal {self.steal_blood} blood is not in {text!r}"
        if self.hands != bool(re.search(r"\bhand strike|strike: hand\b", q)):
            yield f"hands is {str(self.hands).lower()}, not what {text!r} says"
        if self.plus_damage and f"+{self.plus_damage} damage" not in q:
            yield f"+{self.plus_damage} damage is not in {text!r}"
        if self.steal_equipment is not None and not has(q, f"steal {self.steal_equipment}"):
            yield f"'steal {self.steal_equipment}' is not in {text!r}"


class ManeuverEffect(Kind):
    """Maneuvers the card gives: '1 optional maneuver each combat', 'Maneuver'."""

    count: int = Field(default=1, ge=1, le=5)
    per: Literal["use", "combat", "round"] = Field(default="use", description="How often: each use, combat, round.")
    optional: bool = True

    def unsaid(self, q: str, text: str) -> Iterator[str]:
        if self.per != "use" and not any(has(q, f"{w} {self.per}") for w in ("each", "that", "this")):
            yield f"'each {self.per}' is not in {text!r}"
        periods = [p for p in ("combat", "round") if any(has(q, f"{w} {p}") for w in ("each", "that", "this"))]
        if self.per == "use" and periods:
            yield f"per is use but the text says each {periods[0]}: {text!r}"
        if not self.optional and has(q, "optional"):
            yield f"optional is false but the text says optional: {text!r}"
        if not has(q, "maneuver") or (self.count > 1 and not re.search(
                rf"\b({self.count}|{NUMBER_WORDS[self.count]})\b", q)):
            yield f"{self.count} maneuver(s) is not in {text!r}"


class Modifier(Kind):
    """A number added to the acting or reacting minion for an action, or for as long as it holds the card."""

    stealth: int = Field(default=0, ge=-5, le=5)
    intercept: int = Field(default=0, ge=-5, le=5)
    bleed: int = Field(default=0, ge=-5, le=5)
    strength: int = Field(default=0, ge=-5, le=5)
    limited: bool = Field(default=False, description="'(limited)': one such effect each action.")

    def unsaid(self, q: str, text: str) -> Iterator[str]:
        for name in ("stealth", "intercept", "bleed", "strength"):
            n = getattr(self, name)
            if n and f"{n:+d} {name}" not in q:  # "+1 stealth", "The acting minion gets +1 stealth."
                yield f"{n:+d} {name} is not in {text!r}"
        if self.limited != has(q, "(limited)"):
            yield f"limited is {str(self.limited).lower()}, not what {text!r} says"


class Prevention(Kind):
    """Damage prevented: 'prevent 1 damage each combat'."""

    amount: int = Field(ge=1, le=10)
    per: Literal["use", "combat", "round"] = "use"
    kind: Literal["any", "aggravated", "non_aggravated"] = "any"

    def unsaid(self, q: str, text: str) -> Iterator[str]:
        if f"prevent {self.amount}" not in q:
            yield f"prevent {self.amount} is not in {text!r}"
        if self.kind != "any" and not has(q, self.kind.replace("_", "-")):
            yield f"{self.kind.replace('_', '-')} is not in {text!r}"
        if self.per != "use" and not has(q, f"each {self.per}"):
            yield f"'each {self.per}' is not in {text!r}"


class AdditionalStrikes(Kind):
    """'Additional strike (limited).', '2 additional strikes (limited).'"""

    count: int = Field(default=1, ge=1, le=5)
    limited: bool = Field(default=False, description="'(limited)'.")

    def unsaid(self, q: str, text: str) -> Iterator[str]:
        said = "additional strike" + ("s" if self.count > 1 else "")
        if not has(q, said) or self.limited != has(q, "(limited)") or (
                self.count > 1 and not re.search(rf"\b({self.count}|{NUMBER_WORDS[self.count]})\b", q)):
            yield f"{self.count} {said}{' (limited)' if self.limited else ''} is not what {text!r} says"


class CombatStrength(Kind):
    """'This vampire gets +1 strength for the remainder of the combat.', 'The opposing minion gets -1 strength this
    combat.'"""

    amount: int = Field(ge=-5, le=5)
    opponent: bool = Field(default=False, description="'The opposing minion gets ...'.")

    def unsaid(self, q: str, text: str) -> Iterator[str]:
        lasts = has(q, "remainder of") or has(q, "this combat") or q.startswith("but with")
        if f"{self.amount:+d} strength" not in q or not lasts \
                or self.opponent != (has(q, "opposing minion") or has(q, "opposing vampire")):
            whose = "the opposing minion " if self.opponent else ""
            yield f"'{whose}{self.amount:+d} strength for the combat' is not what {text!r} says"


class InflictEffect(Kind):
    """Damage a card inflicts apart from any strike: 'Both combatants ... take 1 unpreventable environmental damage
    before range is determined each round this combat.', 'this vampire inflicts 1 unpreventable damage on the
    opposing minion' (after combat ends)."""

    amount: int = Field(default=0, ge=0, le=10, description="The damage; 0 with `returned`.")
    to: Literal["opponent", "both"] = Field(default="opponent", description="'Both combatants'.")
    retainers: bool = Field(default=False, description="'and each retainer on them'.")
    when: Literal["before_range", "strike_resolution", "press_step", "end_of_round", "after_combat"] = Field(
        description="When it is inflicted: 'before range is determined', 'during normal strike resolution', 'during "
                    "the press step', at once (a card played at the end of a round), 'after combat ends'.")
    rounds: Literal["this", "each", "first"] = Field(default="this", description="'each round', 'in the first "
                                                                                  "round of combat', or this round.")
    by_minion: bool = Field(default=False, description="'this vampire inflicts': the minion's own damage; otherwise "
                                                       "the minion takes it (environmental: RTR 19970630).")
    environmental: bool = Field(default=False, description="'environmental damage'.")
    unpreventable: bool = False
    returned: bool = Field(default=False, description="'equal to the amount of damage they successfully inflict on "
                                                      "this vampire' (Blood of Acid).")
    close_range: bool = Field(default=False, description="'if the range is close'.")

    def unsaid(self, q: str, text: str) -> Iterator[str]:
        said = [INFLICT_WHEN[self.when], "damage",
                *([] if self.returned else [f"{self.amount} "]),
                *(["both combatants"] if self.to == "both" else []), *(["each retainer"] if self.retainers else []),
                *(["each round"] if self.rounds == "each" else []),
                *(["first round"] if self.rounds == "first" else []),
                *(["equal to the amount of damage", "successfully inflict"] if self.returned else []),
                *(["if the range is close"] if self.close_range else [])]
        for words in said:
            if not has(q, words):
                yield f"{words.strip()!r} is not in {text!r}"
        if (self.to == "both") != has(q, "both combatants"):
            yield f"to is {self.to}, not what {text!r} says"
        for flag, words in (("environmental", "environmental"), ("unpreventable", "unpreventable")):
            if getattr(self, flag) != has(q, words):
                yield f"{flag} is {str(getattr(self, flag)).lower()}, not what {text!r} says"
        if self.by_minion != bool(re.search(r"this (vampire|minion) inflicts", q)):
            yield f"by_minion is {str(self.by_minion).lower()}, not what {text!r} says"


class AllyStats(Kind):
    """An ally's own strength and bleed, as its card prints them: '1 strength, 0 bleed.' (its hand strikes do its
    strength in damage; it bleeds for its bleed)."""

    strength: int = Field(ge=0, le=10)
    bleed: int = Field(ge=0, le=10)

    def unsaid(self, q: str, text: str) -> Iterator[str]:
        for name in ("strength", "bleed"):
            n = getattr(self, name)
            if not re.search(rf"(?<![+\-\d]){n} {name}\b", q):  # "1 strength, 0 bleed.", not "+1 strength"
                yield f"'{n} {name}' is not in {text!r}"


class RoundDamage(Kind):
    """A retainer's damage to the opposing minion each round, during strike resolution and apart from any strike:
    'Murder of Crows inflicts 1R damage on the opposing minion each round of combat during normal strike
    resolution.', '... the opposing minion takes 1 damage during strike resolution (if the range is close).'"""

    amount: int = Field(ge=1, le=5)
    ranged: bool = Field(default=False, description="'1R': at long range too; otherwise only at close range.")

    def unsaid(self, q: str, text: str) -> Iterator[str]:
        hit = re.search(rf"\b{self.amount}(r?) damage", q)
        if hit is None or not (has(q, "opposing minion") and has(q, "strike resolution")):
            yield f"'{self.amount} damage ... the opposing minion ... strike resolution' is not in {text!r}"
        elif bool(hit.group(1)) != self.ranged or (not self.ranged and not has(q, "close")):
            close = "" if has(q, "close") else " and no close range"
            yield f"ranged is {str(self.ranged).lower()}, but {text!r} says {'R' if hit.group(1) else 'no R'}{close}"


class BearerDamage(Kind):
    """'If Grenade is used at close range, the minion with this weapon takes 1 damage.': what the weapon's own
    strike does to the minion using it."""

    amount: int = Field(ge=1, le=10)
    aggravated: bool = False
    close_range: bool = Field(default=False, description="'if ... used at close range'; otherwise at any range.")

    def unsaid(self, q: str, text: str) -> Iterator[str]:
        if self.aggravated != has(q, "aggravated"):
            yield f"aggravated is {str(self.aggravated).lower()}, not what {text!r} says"
        words = (f"takes {self.amount}", "aggravated damage" if self.aggravated else "damage",
                 "used at close range" if self.close_range else "used in combat")
        if not has(q, *words):
            yield f"{' ... '.join(words)!r} is not in {text!r}"


class UnlockDamage(Kind):
    """'If the bearer is ready during your unlock phase, this weapon inflicts 3 unpreventable damage on a ready
    minion you control.'"""

    amount: int = Field(ge=1, le=10)
    unpreventable: bool = False

    def unsaid(self, q: str, text: str) -> Iterator[str]:
        words = ("if the bearer is ready during your unlock phase", f"inflicts {self.amount}",
                 *(["unpreventable"] if self.unpreventable else []), "on a ready minion you control")
        if not has(q, *words):
            yield f"{' ... '.join(words)!r} is not in {text!r}"


class EquipmentPress(Kind):
    """'The bearer gets 1 press (mandatory), only usable to continue combat during the first round'."""

    mandatory: bool = Field(default=False, description="'(mandatory)': the bearer must use it.")
    only: Literal["continue", "end"] | None = None
    first_round: bool = Field(default=False, description="'during the first round'.")

    def unsaid(self, q: str, text: str) -> Iterator[str]:
        words = ("1 press", *(["(mandatory)"] if self.mandatory else []),
                 *([f"only usable to {self.only} combat"] if self.only else []),
                 *(["during the first round"] if self.first_round else []))
        if not has(q, *words):
            yield f"{' ... '.join(words)!r} is not in {text!r}"
