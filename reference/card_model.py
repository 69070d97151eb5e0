"""A card of the VEKN database as the project holds it: its fields, printings and what the era makes of it.

reference/cardcsv.py parses them from the krcg package; reference/cards.py loads, caches and finds them.
Both import this module, which imports neither.
"""

from __future__ import annotations

from datetime import date
from typing import Literal

from pydantic import BaseModel, ConfigDict

# The sets of the documents' era (Jyhad rules reference 1.4, the 1995 V:TES rulebook): a card is an era card when
# its first printing is in one of them.
ERA_SETS: tuple[str, ...] = ("Jyhad", "VTES", "DS", "AH", "Sabbat")

CardKind = Literal["crypt", "library"]
Cost = int | Literal["X"]


class Printing(BaseModel):
    """One printing of a card: a set (vtessets.csv) and the rarity or precon code the CSV gives after the colon."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    set: str  # the abbreviation, e.g. "Jyhad", "DS", "Promo-19960101", "POD"
    set_name: str
    release_date: date | None  # None for print-on-demand and undated promos
    rarity: str


class Card(BaseModel):
    """A crypt card (vtescrypt.csv) or library card (vteslib.csv), its fields as the CSV gives them."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str  # "card:<vekn id>", e.g. "card:100001"
    vekn_id: int
    name: str
    aka: tuple[str, ...]
    kind: CardKind
    types: tuple[str, ...]  # "Vampire"; "Action Modifier", "Combat" for "Action Modifier/Combat"
    clan: str | None
    disciplines: tuple[str, ...]  # crypt: "for", "POT" (capitals: superior); library: the names required
    discipline_requirement: str | None  # library, verbatim: "Potence & Presence" (both), "Obeah/Dominate" (either)
    capacity: int | None  # crypt
    capacity_note: str | None  # library, the Capacity column verbatim ("+1")
    group: str | None  # crypt: "1".."7" or "ANY"
    advanced: bool
    pool_cost: Cost | None
    blood_cost: Cost | None
    conviction_cost: Cost | None
    burn_option: bool
    title: str | None
    path: str | None
    text: str  # verbatim card text
    flavor_text: str | None
    banned: int | None  # the year it was banned
    printings: tuple[Printing, ...]

    @property
    def first_printing(self) -> Printing | None:
        """The earliest dated printing (the card's first release)."""
        dated = [(p.release_date, i) for i, p in enumerate(self.printings) if p.release_date is not None]
        return self.printings[min(dated)[1]] if dated else None

    @property
    def legal_from(self) -> date | None:
        """The date the card became legal: its first release."""
        first = self.first_printing
        return first.release_date if first else None

    @property
    def is_era_card(self) -> bool:
        """Whether the card was first printed in one of the documents' era sets (ERA_SETS)."""
        first = self.first_printing
        return first is not None and first.set in ERA_SETS

    @property
    def qualified_name(self) -> str:
        """The name with the crypt group and advanced mark, as players tell namesakes apart: "Theo Bell (G2 ADV)"."""
        if self.kind != "crypt":
            return self.name
        marks = [f"G{self.group}" if self.group and self.group.isdigit() else self.group or ""]
        if self.advanced:
            marks.append("ADV")
        mark = " ".join(m for m in marks if m)
        return f"{self.name} ({mark})" if mark else self.name
