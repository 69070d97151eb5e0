"""Editions in time: each ruleset dated by its documents, the rulings in force for it and its card pool.

A ruleset's date is the latest edition date of its source documents (an edition exists once all its
parts do; each document's date and its basis are in its corpus header). A ruling is in force for an
edition when dated on or before it, later otherwise (a ruling citing only today's rulebook is later
than every edition); a card is in an edition's pool when it was printed by then.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date

from reference.cards import Card
from reference.corpus import Corpus
from reference.rulesets import Ruleset
from reference.rulings import Ruling, in_force


@dataclass(frozen=True)
class Edition:
    """A ruleset's date, the document that fixes it, and why that day."""

    ruleset: str
    title: str
    date: date
    document: str
    basis: str

    def in_force(self, ruling: Ruling) -> bool:
        """Whether the ruling was made on or before this edition."""
        return in_force(ruling, self.date)

    def in_pool(self, card: Card) -> bool:
        """Whether the card was printed by this edition's date."""
        return card.legal_from is not None and card.legal_from <= self.date


def editions(corpus: Corpus, rulesets: Mapping[str, Ruleset]) -> tuple[Edition, ...]:
    """Every ruleset with its date, in the rulesets' order."""
    out: list[Edition] = []
    for name, rs in rulesets.items():
        docs = [corpus.documents[s] for s in rs.sources]
        latest = max(docs, key=lambda d: d.edition_date)
        out.append(Edition(name, rs.title, latest.edition_date, latest.id, latest.edition_date_basis))
    return tuple(out)


def status(ruling: Ruling, eds: Iterable[Edition]) -> dict[str, bool]:
    """Ruleset -> whether the ruling is in force for it."""
    return {e.ruleset: e.in_force(ruling) for e in eds}


@dataclass(frozen=True)
class EditionCounts:
    """How many held rulings are in force for an edition, how many came later, and its card pool."""

    in_force: int
    later: int
    pool: int

    def json(self) -> dict[str, int]:
        return {"rulings_in_force": self.in_force, "rulings_later": self.later, "card_pool": self.pool}


def counts(edition: Edition, rulings: Iterable[Ruling], cards: Iterable[Card]) -> EditionCounts:
    """The rulings in force and later for an edition, and the cards printed by its date."""
    standing = [edition.in_force(r) for r in rulings]
    return EditionCounts(sum(standing), len(standing) - sum(standing), sum(1 for c in cards if edition.in_pool(c)))
