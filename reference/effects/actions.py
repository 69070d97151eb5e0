"""Effects of actions and of cards in play: a card's bleed, blood and pool moved, locking, control, the actions a
card gives."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Literal

from pydantic import Field, model_validator

from reference.effects.words import Kind, Sect, has


class CardBleed(Kind):
    """An action card's bleed: '(D) Bleed with +1 bleed.', 'Bleed any Methuselah', 'ignore the excess'."""

    plus: int = Field(default=0, ge=0, le=10, description="'with +2 bleed'.")
    any: bool = Field(default=False, description="'Bleed any Methuselah'.")
    predator_or_prey: bool = Field(default=False, description="'Bleed your predator or prey'.")
    max: int | None = Field(default=None, ge=1, le=10,
                            description="'If more than 1 pool is bled with this action, ignore the excess.'")

    def unsaid(self, q: str, text: str) -> Iterator[str]:
        said = [*([f"+{self.plus} bleed"] if self.plus else []), *(["any methuselah"] if self.any else []),
                *(["predator or prey"] if self.predator_or_prey else []),
                *([f"more than {self.max} pool is bled", "ignore the excess"] if self.max else [])]
        if not (has(q, "bleed") or has(q, "bled")) or not all(has(q, w) for w in said):
            yield f"{', '.join(repr(w) for w in said) or 'bleed'} is not all in {text!r}"


class AddBlood(Kind):
    """'Add 3 blood to a younger vampire in your uncontrolled region.', 'Add 4 blood to another vampire.'"""

    amount: int = Field(ge=1, le=10)
    to: Literal["younger_uncontrolled", "another"]

    def unsaid(self, q: str, text: str) -> Iterator[str]:
        words = f"add {self.amount} blood to " + ("a younger vampire in your uncontrolled region"
                                                 if self.to == "younger_uncontrolled" else "another vampire")
        if not has(q, words):
            yield f"{words!r} is not in {text!r}"


class Feed(Kind):
    """Blood from the blood bank to each of the player's vampires of a kind: 'Each of your unlocked vampires gains 1
    blood', 'Each ready Sabbat vampire you control gains 1 blood', 'Each Ventrue antitribu in your uncontrolled
    region gains 1 blood'."""

    amount: int = Field(ge=1, le=10)
    where: Literal["ready", "uncontrolled"] = "ready"
    unlocked: bool = Field(default=False, description="'your unlocked vampires'.")
    sect: Sect | None = None
    clan: str | None = Field(default=None, max_length=40)

    def unsaid(self, q: str, text: str) -> Iterator[str]:
        said = [f"gains {self.amount} blood", *(["unlocked"] if self.unlocked else []),
                *([self.sect] if self.sect else []), *([self.clan] if self.clan else []),
                *(["uncontrolled region"] if self.where == "uncontrolled" else []),
                *(["ready"] if self.where == "ready" and not self.unlocked else [])]
        for words in said:
            if not has(q, words):
                yield f"{words!r} is not in {text!r}"


class LockTarget(Kind):
    """'(D) Lock a ready minion.', 'Lock a minion controlled by your prey.', 'Unlock a younger vampire or an ally.'"""

    unlock: bool = Field(default=False, description="Unlock instead of lock.")
    whose: Literal["any", "prey", "predator_or_prey"] = Field(default="any", description="'controlled by your prey'.")
    ready: bool = Field(default=False, description="'a ready minion'.")
    kind: Literal["minion", "vampire", "younger_vampire_or_ally"] = "minion"

    def unsaid(self, q: str, text: str) -> Iterator[str]:
        noun = {"minion": "minion", "vampire": "vampire", "younger_vampire_or_ally": "a younger vampire or an ally"}
        said = ["unlock" if self.unlock else "lock", noun[self.kind], *(["ready"] if self.ready else []),
                *({"prey": ["controlled by your prey"], "predator_or_prey": ["controlled by your predator or prey"],
                   "any": []}[self.whose])]
        for words in said:
            if not has(q, words):
                yield f"{words!r} is not in {text!r}"
        if not self.unlock and has(q, "unlock"):
            yield f"{text!r} unlocks"


class LockGives(Kind):
    """A location locked for a bonus: 'Lock to give a Gangrel you control +1 stealth.'"""

    stealth: int = Field(default=0, ge=0, le=3)
    intercept: int = Field(default=0, ge=0, le=3)
    clan: str | None = Field(default=None, max_length=40, description="'a Gangrel you control'.")
    current_action: bool = Field(default=False, description="'for the current action'.")

    def unsaid(self, q: str, text: str) -> Iterator[str]:
        said = ["lock", *([f"+{self.stealth} stealth"] if self.stealth else []),
                *([f"+{self.intercept} intercept"] if self.intercept else []), *([self.clan] if self.clan else []),
                *(["current action"] if self.current_action else [])]
        for words in said:
            if not has(q, words):
                yield f"{words!r} is not in {text!r}"


class AbilityAction(Kind):
    """An action a card's own text gives its minion: 'Tereza can steal the Edge as a (D) action that costs 2
    blood.', 'The minion with this weapon may burn a location as a (D) action.'"""

    steals: Literal["edge"] | None = None
    burns: Literal["location"] | None = Field(default=None, description="'burn a location'.")
    enters_combat: bool = Field(default=False, description="'enter combat with a minion'.")
    stealth: int = Field(default=0, ge=0, le=5, description="'as a +1 stealth (D) action'.")
    directed: bool = Field(default=False, description="'as a (D) action'.")
    cost_blood: int = Field(default=0, ge=0, le=10, description="'that costs 2 blood'.")

    @model_validator(mode="after")
    def _one_kind(self) -> AbilityAction:
        if [self.steals is not None, self.burns is not None, self.enters_combat].count(True) != 1:
            raise ValueError("an ability action `steals`, `burns` or `enters_combat`: one of them")
        return self

    def unsaid(self, q: str, text: str) -> Iterator[str]:
        kind = (f"steal the {self.steals}" if self.steals else f"burn a {self.burns}" if self.burns
                else "enter combat with a minion")
        said = [kind, *([f"+{self.stealth} stealth"] if self.stealth else []),
                *(["(d) action"] if self.directed else []), *([f"costs {self.cost_blood} blood"] if self.cost_blood
                                                               else [])]
        for words in said:
            if words not in q:
                yield f"{words!r} is not in {text!r}"


class PhaseEffect(Kind):
    """What a card in play does in one of its controller's phases, and whether it locks to do it."""

    phase: Literal["unlock", "influence"]
    lock: bool = Field(default=False, description="The card locks to do it.")

    def unsaid(self, q: str, text: str) -> Iterator[str]:
        if f"your {self.phase} phase" not in q:
            yield f"'during your {self.phase} phase' is not in {text!r}"
        if self.lock != bool(re.search(r"\block\b", q)):  # not the 'unlock' of 'unlock phase'
            yield f"lock is {str(self.lock).lower()}, not what {text!r} says"


class PhaseBlood(PhaseEffect):
    """A card in play moving blood to a vampire in one of its controller's phases: 'During your unlock phase, a
    ready vampire you control can gain 1 blood.', 'Lock during your influence phase to add 1 blood to a Gangrel in
    your uncontrolled region.'"""

    amount: int = Field(ge=1, le=10)
    to: Literal["ready", "uncontrolled"] = Field(description="'a ready vampire you control', or 'a ... in your "
                                                             "uncontrolled region'.")
    clan: str | None = Field(default=None, max_length=40, description="The vampire's clan: 'a Tremere'.")

    def unsaid(self, q: str, text: str) -> Iterator[str]:
        yield from super().unsaid(q, text)
        if not re.search(rf"(gain|add|move) {self.amount} blood", q):
            yield f"'{self.amount} blood' is not in {text!r}"
        if self.to == "ready" and not has(q, "ready vampire you control"):
            yield f"'a ready vampire you control' is not in {text!r}"
        if self.to == "uncontrolled" and not has(q, "in your uncontrolled region"):
            yield f"'in your uncontrolled region' is not in {text!r}"
        if self.clan is not None and not re.search(rf"\ba {re.escape(self.clan.lower())} in your", q):
            yield f"the clan {self.clan} is not what {text!r} says"


class PhasePool(PhaseEffect):
    """A card in play gaining its controller pool in one of her phases: 'During your unlock phase, if you control
    the Edge, you may lock this card to gain 1 pool.'"""

    phase: Literal["unlock"]
    amount: int = Field(ge=1, le=10)
    edge: bool = Field(default=False, description="Only if she controls the Edge.")

    def unsaid(self, q: str, text: str) -> Iterator[str]:
        yield from super().unsaid(q, text)
        if f"gain {self.amount} pool" not in q:
            yield f"'gain {self.amount} pool' is not in {text!r}"
        if self.edge != has(q, "the edge"):
            yield f"edge is {str(self.edge).lower()}, not what {text!r} says"


class TakesControl(Kind):
    """'Take control of an ally controlled by another Methuselah until the end of your turn.', 'Take control of a
    ready Malkavian that another Methuselah controls until your next unlock phase.'"""

    kind: Literal["ally", "vampire"]
    clan: str | None = Field(default=None, max_length=40, description="'a ready Malkavian': a ready vampire of it.")
    until: Literal["end", "unlock"] = Field(description="'until the end of your turn', 'until your next unlock "
                                                        "phase'.")

    def unsaid(self, q: str, text: str) -> Iterator[str]:
        whom = has(q, "ally") if self.kind == "ally" else has(q, f"a ready {self.clan or 'vampire'}")
        until = "until the end of your turn" if self.until == "end" else "until your next unlock phase"
        if not (has(q, "take control of") and whom and has(q, until)):
            yield f"control of {self.clan or self.kind} until {self.until} is not what {text!r} says"
