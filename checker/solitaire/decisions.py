"""The solitaire variant's decisions: the Mystery Methuselah's turn and the phases only solitaire has (sol:).

They are registered with the engine, with their handlers, when checker.solitaire is imported.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from checker.engine.models import Name, Strict


class Mystery(Strict):
    """The solitaire variant's Mystery Methuselah plays a phase, or the whole turn, of the current player
    (sol:basic.8)."""

    phase: Literal["untap", "master", "minion", "influence", "turn"] = "turn"


class BurnVampires(Strict):
    """Solitaire phase 1c: burn vampires you no longer wish to control (sol:phase.1.c, sol:basic.1)."""

    vampires: tuple[str, ...] = Field(min_length=1)


class ReviewCrypt(Strict):
    """Solitaire phase 4b: spend an influence point to review the crypt (sol:phase.4.b).

    Three vampires are drawn and only the bottom one is looked at. She takes control of it (tapped) or not; each one
    taken shows the next, and all three taken she reviews again at no cost. The vampires she does not take go to the
    bottom of the crypt, unless she caches the one she looks at, which ends her influence phase.
    """

    take: tuple[str, ...] = Field(default=(), max_length=24,
                                  description="The vampires she takes control of, in the order she looks at them.")
    cache: str | None = Field(default=None, max_length=80,
                              description="The vampire she looks at next and caches instead (sol:basic.3).")


class UsedResource(Strict):
    """A resource used in a resource review: a master card, equipment or a retainer."""

    card: str = Name
    vampire: str | None = Field(default=None, max_length=80,
                                description="The vampire equipment or a retainer goes on, or a master card's blood.")


class ReviewResources(Strict):
    """Solitaire phase 4c: spend an influence point to review the resources (sol:phase.4.c).

    Three resources are drawn and only the bottom one is looked at. She uses it or not; each one used shows the next,
    and all three used she reviews again at no cost. The cards she does not use go to the bottom of the resources,
    unless she caches the one she looks at, which ends her influence phase.
    """

    use: tuple[UsedResource, ...] = Field(default=(), max_length=50,
                                          description="The resources she uses, in the order she looks at them.")
    cache: str | None = Field(default=None, max_length=80,
                              description="The resource she looks at next and caches instead (sol:basic.3).")
