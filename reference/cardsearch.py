"""Finding cards by name and rulings by words, for ``rules search``.

Players search for cards by name and misspell them: names are compared with accents, case and
punctuation dropped (reference/cards.py normalize_name), aka names and "The X" for "X, The"
included, and a name one typo away still ranks first (difflib's similarity ratio, a well-kept part
of the standard library). Rulings go to an SQLite FTS5 index with the ``porter`` stemmer, like the
rules (reference/search.py).

Scores share the rule search's scale: an exact name (1000) or a name one typo away (300 and up)
ranks above any rule found by words; a name merely containing the words ranks with weak rule hits,
and rulings rank below rules with the same words.
"""

from __future__ import annotations

import difflib
import re
import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass

from reference.cards import Card, name_forms, normalize_name
from reference.rulings import Ruling

_WORD = re.compile(r"[A-Za-z0-9]+")
CLOSE = 0.84  # similarity of a misspelt name: "vast welth" to "vast wealth" is 0.95, one letter in ten ~0.9
TYPO_MIN = 6  # a shorter query one letter off is another word ("hunt", "haunt"), not a misspelt name
RULING_WEIGHT = 0.5  # rulings rank below rules that match the same words


@dataclass(frozen=True)
class CardHit:
    """A card found by name, with why and its score (higher is better)."""

    card: Card
    score: float
    reason: str


@dataclass(frozen=True)
class RulingHit:
    """A ruling found by words."""

    ruling: Ruling
    score: float
    reason: str


class CardSearch:
    """Every card's names and every ruling's words, indexed once."""

    def __init__(self, cards: Iterable[Card], rulings: Iterable[Ruling], era: frozenset[str] = frozenset()) -> None:
        self.era = era
        self.names: list[tuple[str, Card]] = []
        for card in cards:
            self.names += [(key, card) for key in dict.fromkeys(normalize_name(n) for n in name_forms(card)) if key]
        self.rulings = {r.id: r for r in rulings}
        self.db = sqlite3.connect(":memory:")
        self.db.execute("CREATE VIRTUAL TABLE rulings USING fts5(rid UNINDEXED, subject, body, "
                        "tokenize='porter unicode61 remove_diacritics 2')")
        self.db.executemany("INSERT INTO rulings VALUES (?, ?, ?)",
                            [(r.id, r.subject_name, r.plain) for r in self.rulings.values()])

    def cards(self, query: str, limit: int = 10) -> list[CardHit]:
        """Cards by name, best first: exact, one typo away, beginning with or containing the query."""
        key = normalize_name(query)
        if len(key) < 2:
            return []
        best: dict[str, CardHit] = {}
        matcher = difflib.SequenceMatcher(autojunk=False)
        matcher.set_seq2(key)
        for name, card in self.names:
            if name == key:
                score, reason = 1000.0, "name"
            elif len(key) >= 3 and name.startswith(key):
                score, reason = 20.0 + 10 * len(key) / len(name), "name begins so"
            elif len(key) >= 4 and key in name:
                score, reason = 15.0 + 10 * len(key) / len(name), "in the name"
            else:
                matcher.set_seq1(name)
                if matcher.real_quick_ratio() < CLOSE or matcher.quick_ratio() < CLOSE:
                    continue
                ratio = matcher.ratio()
                if ratio < CLOSE:
                    continue
                score = 300.0 + 500 * (ratio - CLOSE) if len(key) >= TYPO_MIN else 10.0 * ratio
                reason = "name, spelt differently"
            if card.id in self.era:
                score += 1  # of namesakes and near-equals, the card of the documents' era first
            old = best.get(card.id)
            if old is None or score > old.score:
                best[card.id] = CardHit(card, score, reason)
        return sorted(best.values(), key=lambda h: (-h.score, h.card.vekn_id))[:limit]

    def rulings_by_words(self, query: str, limit: int = 10) -> list[RulingHit]:
        """Rulings whose text or card holds every word of the query, best first."""
        words = _WORD.findall(query)
        if not words:
            return []
        match = " AND ".join(f'"{w}"' for w in words)
        rows = self.db.execute("SELECT rid, bm25(rulings, 0, 4.0, 1.0) FROM rulings WHERE rulings MATCH ? "
                               "ORDER BY bm25(rulings, 0, 4.0, 1.0) LIMIT ?", (match, limit)).fetchall()
        return [RulingHit(self.rulings[rid], -float(bm25) * RULING_WEIGHT, "words") for rid, bm25 in rows]
