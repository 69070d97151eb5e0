"""Finding rules by id or by words, in English and Japanese, with SQLite's FTS5.

Ids and section numbers ("6.3.2", "V.D.5.c", "rb95:8.3") are matched against rule paths
first; words go to two full-text indexes: ``porter unicode61`` for English (stemmed,
so "steals" finds "steal") and ``trigram`` for Japanese, which has no spaces to split
on. Titles weigh more than body text, and normative rules more than the rest.
"""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass

from reference.corpus import Corpus
from reference.model import Rule

_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff00-\uffef]")
_PATHLIKE = re.compile(r"^(?:[a-z0-9]+:)?[A-Za-z0-9]+(?:\.[A-Za-z0-9-]+)*$")
_WORD = re.compile(r"[A-Za-z0-9]+")
_IDLIKE = re.compile(r"[.:0-9]|^[IVX]+$")  # a number, a dotted path, an id, or a roman section


@dataclass(frozen=True)
class Hit:
    """A rule found, with why it matched (for display) and its score (higher is better)."""

    rule: Rule
    score: float
    reason: str


class SearchIndex:
    """An in-memory index of every rule's id, title and text."""

    def __init__(self, corpus: Corpus) -> None:
        self.corpus = corpus
        self.db = sqlite3.connect(":memory:")
        self.db.execute("CREATE VIRTUAL TABLE en USING fts5(rid UNINDEXED, title, body, "
                        "tokenize='porter unicode61')")
        self.db.execute("CREATE VIRTUAL TABLE ja USING fts5(rid UNINDEXED, title, body, "
                        "tokenize='trigram')")
        rows = [(r.id, r.title or "", r.body) for r in corpus.rules.values()]
        self.db.executemany("INSERT INTO en VALUES (?, ?, ?)", rows)
        self.db.executemany("INSERT INTO ja VALUES (?, ?, ?)", rows)

    def search(self, query: str, limit: int = 10) -> list[Hit]:
        """Rules matching ``query``, best first."""
        q = query.strip()
        if not q:
            return []
        scores: dict[str, tuple[float, str]] = {}

        def bump(rid: str, score: float, reason: str) -> None:
            old = scores.get(rid)
            if old is None or score > old[0]:
                scores[rid] = (score, reason)

        for rid, score, reason in self._by_id(q):
            bump(rid, score, reason)
        for rid, score, reason in self._by_words(q):
            bump(rid, score, reason)
        ranked = sorted(scores.items(), key=lambda kv: (-kv[1][0], self.corpus.rules[kv[0]].order,
                                                        kv[0]))
        return [Hit(self.corpus.rules[rid], s, why) for rid, (s, why) in ranked[:limit]]

    def _by_id(self, q: str) -> list[tuple[str, float, str]]:
        if not _PATHLIKE.match(q) or not _IDLIKE.search(q):
            return []
        out: list[tuple[str, float, str]] = []
        low = q.lower()
        for r in self.corpus.rules.values():
            rid, path = r.id.lower(), r.path.lower()
            if low == rid:
                out.append((r.id, 1000.0, "id"))
            elif low == path:
                out.append((r.id, 900.0 + (10 if r.normative else 0), "section number"))
            elif ("." in low or ":" in low) and (rid.startswith(low + ".") or path.startswith(low + ".")):
                depth = path.count(".") - low.count(".")
                out.append((r.id, 500.0 - depth, "inside that section"))
        return out

    def _by_words(self, q: str) -> list[tuple[str, float, str]]:
        out: list[tuple[str, float, str]] = []
        if _CJK.search(q):
            terms = q.split()
            if all(len(t) >= 3 for t in terms):
                match = " AND ".join(f'"{t}"' for t in terms)
                sql = ("SELECT rid, bm25(ja, 0, 8.0, 1.0) FROM ja WHERE ja MATCH ? "
                       "ORDER BY bm25(ja, 0, 8.0, 1.0) LIMIT 200")
                rows = self.db.execute(sql, (match,)).fetchall()
            else:  # trigrams need three characters: fall back to substring search
                like = [f"%{t}%" for t in terms]
                where = " AND ".join("(title || ' ' || body) LIKE ?" for _ in like)
                rows = [(rid, -1.0) for (rid,) in
                        self.db.execute(f"SELECT rid FROM ja WHERE {where}", like).fetchall()]
        else:
            words = _WORD.findall(q)
            if not words:
                return out
            match = " AND ".join(f'"{w}"' for w in words)
            sql = ("SELECT rid, bm25(en, 0, 8.0, 1.0) FROM en WHERE en MATCH ? "
                   "ORDER BY bm25(en, 0, 8.0, 1.0) LIMIT 200")
            rows = self.db.execute(sql, (match,)).fetchall()
        phrase = q.lower()
        for rid, bm25 in rows:
            rule = self.corpus.rules[rid]
            score = -float(bm25)  # bm25() is lower-is-better
            reason = "words"
            title = (rule.title or "").lower().strip()
            if title and phrase in title:
                score += 25 + 25 * len(phrase) / len(title)  # the closer the title, the better
                reason = "title"
            elif phrase in " ".join(rule.body.lower().split()):
                score += 10
                reason = "phrase"
            if rule.normative:
                score += 2
            out.append((rid, score, reason))
        return out
