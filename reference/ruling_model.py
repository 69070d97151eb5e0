"""A ruling of the rulings collection as the project holds it: its text, subject, references and date.

reference/rulingparse.py parses them from the krcg package; reference/rulings.py loads and caches them.
Both import this module, which imports neither.
"""

from __future__ import annotations

import datetime

from pydantic import BaseModel, ConfigDict


class RulingReference(BaseModel):
    """One entry of references.yaml: who ruled, when, and where it was published."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    key: str  # as written: "TOM 19951215-1", "RBK reaction-cards"
    authority: str  # "TOM"
    date: datetime.date | None  # None for rulebook references, which name a section, not a day
    url: str
    line: int | None = None  # in references.yaml

    @property
    def slug(self) -> str:
        """The key as it appears in ruling ids: "TOM-19951215-1"."""
        return self.key.replace(" ", "-")


class GroupMember(BaseModel):
    """A card of a group, with the symbol that limits which of its uses the group's rulings cover."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    card: str  # "card:100096"
    name: str
    symbols: str  # verbatim, often empty: "[DOM]"


class CardGroup(BaseModel):
    """A named group of cards that share rulings (groups.yaml)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str  # "group:G00001"
    code: str  # "G00001"
    name: str
    members: tuple[GroupMember, ...]


class Ruling(BaseModel):
    """One ruling line, verbatim, with what it rules on, the cards it names and its references."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    subject: str  # "card:100540" or "group:G00001"
    subject_name: str  # the name the rulings file gives the subject
    text: str  # the line verbatim, symbols, {card} links and [references] included
    cards: tuple[str, ...]  # ids of the cards its {Card} links name, in order, once each
    symbols: tuple[str, ...]  # "[pot]", "[ACTION]", ... as written
    references: tuple[str, ...]  # reference keys in order: "TOM 19951215-1"
    date: datetime.date | None  # its earliest dated reference; None when only the rulebook is cited

    @property
    def plain(self) -> str:
        """The text without its trailing references, braces removed from card names: for reading and search."""
        body = self.text
        for key in self.references:
            body = body.replace(f"[{key}]", "")
        return " ".join(body.replace("{", "").replace("}", "").split())

    @property
    def authorities(self) -> tuple[str, ...]:
        """The authorities of its references, in order, once each."""
        return tuple(dict.fromkeys(key.split(" ", 1)[0] for key in self.references))
