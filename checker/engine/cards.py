"""Cards of the solitaire variant, which plays from decks rather than a hand (sol:phase.2.a, sol:phase.3).

There is no card database: a vampire is its name, capacity and bleed; a resource is its type
and the numbers that matter to the engine and the Mystery Methuselah's decisions.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from checker.engine.models import Name, Strict

ResourceType = Literal["master", "action", "bleed_modifier", "equipment", "retainer", "reaction", "combat",
                       "political"]


class VampireCard(Strict):
    """A crypt card: its capacity (age) and bleed (sol:basic.8.2 compares both)."""

    name: str = Name
    capacity: int = Field(ge=1, le=11)
    bleed: int = Field(default=1, ge=0, le=5)


class ResourceCard(Strict):
    """A library ("Resources") card, by type and effect."""

    name: str = Name
    type: ResourceType
    cost: int = Field(default=0, ge=0, le=10, description="Pool it costs.")
    pool: int = Field(default=0, ge=0, le=10, description="Master: pool gained.")
    blood: int = Field(default=0, ge=0, le=10, description="Master or action: blood a vampire gains.")
    bleed: int = Field(default=0, ge=0, le=10, description="Action: bleed; bleed modifier or equipment: +bleed.")
    damage: int = Field(default=0, ge=0, le=10, description="Equipment: a weapon's damage.")
    life: int = Field(default=1, ge=1, le=10, description="Retainer: its life.")
    assisted: bool = Field(default=False, description="Action: a second vampire may tap to add its bleed "
                                                      "(a 'modified action', sol:basic.8.4).")


class DeckSetup(Strict):
    """A Methuselah's decks, top card first, and her cached cards (sol:basic.3)."""

    crypt: tuple[VampireCard, ...] = Field(default=(), max_length=200)
    resources: tuple[ResourceCard, ...] = Field(default=(), max_length=400)
    cached_vampire: VampireCard | None = None
    cached_resource: ResourceCard | None = None
