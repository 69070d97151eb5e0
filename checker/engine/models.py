"""The base of every decision model: strict (unknown keys refused) and frozen."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

Name = Field(min_length=1, max_length=80, pattern=r"^[^\n\r\t<>`{}\[\]]+$")
Count = Field(default=0, ge=0, le=1000)


class Strict(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Requires(Strict):
    """What a minion card asks of who plays it: a Discipline (at superior level for its boldfaced text), a clan."""

    vampire_only: bool = False
    discipline: str | None = Field(default=None, max_length=40,
                                   description="The Discipline it requires of the minion using it (rb95:3.2).")
    superior: bool = Field(default=False, description="Its superior (boldfaced) text is used: it needs the "
                                                      "Discipline at superior level (rb95:3.1.1.p1).")
    clan: str | None = Field(default=None, max_length=40,
                             description="The clan symbol on it: only vampires of that clan use it (rb95:3.2).")
    sect: str | None = Field(default=None, max_length=40,
                             description="'Requires a Camarilla vampire.': the sect of the vampire playing it.")
    titles: tuple[str, ...] = Field(default=(), max_length=5,
                                    description="'Requires a prince or justicar.': title kinds, any will do.")
    capacity_above: int | None = Field(default=None, ge=1, le=11,
                                       description="'Requires a ... vampire with a capacity above 6.'")
    mentions: tuple[str, ...] = Field(
        default=(), max_length=20, description="Words of the Advanced Game its text uses (intercept, maneuver, ...): "
                                               "the Basic Game removes such cards (rb95:4.2.step3.basic-deck).")


class Cost(Strict):
    """What playing a card costs: pool from the Methuselah, blood from the minion (rb95:3.2.cost-of-playing-cards)."""

    pool: int = Count
    blood: int = Count


class ItemText(Strict):
    """What an equipment card in play does to its bearer outside its strikes, by its text (Talbot's Chainsaw):
    the scenario's real cards fill it (checker/scenarios/realcards.py); an abstract item may say it."""

    cannot_hunt: bool = Field(default=False, description="'The bearer cannot hunt.'")
    unlock_damage: int = Field(default=0, ge=0, le=10,
                               description="'If the bearer is ready during your unlock phase, this weapon inflicts 3 "
                                           "unpreventable damage on a ready minion you control.': the amount.")
    unlock_unpreventable: bool = Field(default=False, description="That damage is unpreventable.")
    mandatory_press: bool = Field(default=False, description="'The bearer gets 1 press (mandatory), only usable to "
                                                             "continue combat during the first round'.")
