"""Answers computed before, reused across runs: keyed by everything an answer depends on, so never stale.

`rules check` and `rules site` answer 820 scenarios under their rulesets, and the site also runs each
passing scenario again under every other value of every parameter it reads (the kill matrix). Most of
that work gives the same answers as last time: a scenario's answer depends only on

- the scenario file (its path and the exact bytes read, :attr:`reference.yamlsource.Located.digest`),
- the run's label (a ruleset or one of the file's variants) and, for the kill matrix, the parameter
  value tried,
- the code that computes answers (``checker/engine``, ``checker/solitaire``, ``checker/scenarios``) and
  everything the reference is made of (``reference/``: its code, the corpus, errata, rulesets), the card
  and ruling data as parsed from krcg's package, and the versions of Python and of the packages the answer
  passes through,
- the effects of the cards the answer consulted: the encodings that reading the scenario and answering
  it looked up (:func:`checker.scenarios.realcards.encoding_of`, the only way scenarios read encodings,
  records them), including those of names found to have none.

:func:`fingerprint` digests the third and the first two are hashed into each entry's key: change a byte
of any of them and the entry is not found. The code and files are digested as this process loaded them:
each package records its files before loading any (reference/provenance.py), and the cards and rulings by
a digest of the data parsed. A file that changes during a run (an editor saving) may have been loaded
before or after the change, so nothing computed in that run is kept (:func:`changed_during_run`). The
fourth is kept with the entry, card id by card id with a digest of its encoding, and checked when the
entry is read: editing one card's effect answers again the scenarios that consulted that card, and only
them. Nothing is ever invalidated by hand, and only runs under the project's own rulesets are cached (a
proposed erratum's rulesets are not: their content is not in the key).

Entries are JSON in a SQLite file in the user's cache folder (``$JYHAD_RULES_CACHE``, else
``~/.cache/jyhad-rules``); an outcome is kept in two parts, its verdict, and its trace, answer and table as
set up (most of its size, which the text report of `rules check` never reads). JSON, not pickle: reading
the cache builds plain data validated against the outcome's types, it can never run code. An entry that
does not validate is computed again; a cache file that cannot be opened is rebuilt, or the answers are
computed without it (:attr:`AnswerCache.problems` says why), as they are when another run holds the file
for more than LOCK_WAIT seconds. Each save is one SQLite transaction: an interrupted run leaves the
previous cache whole. The cache is bounded, pruned on each save: the answers of the three most recently
used fingerprints are kept (switching between two checkouts or branches does not throw everything away),
none unused for 30 days, and the least recently used go first beyond 256 MB. `rules cache` shows and
clears it.

``JYHAD_RULES_ANSWER_CACHE=off`` turns it off (the test suite does: tests exercise the engine).
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import closing, suppress
from dataclasses import dataclass, field, replace
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from types import TracebackType
from typing import Any

from pydantic import TypeAdapter, ValidationError

from checker.scenarios.cachefiles import ANSWERS_FILE
from checker.scenarios.load import LoadedScenario
from checker.scenarios.realcards import consulting, encoding_digest
from checker.scenarios.run import Outcome, Status, TraceLine, run
from reference import provenance
from reference.documents import PACKAGE_DIR
from reference.rulesets import Ruleset

ENV = "JYHAD_RULES_ANSWER_CACHE"  # "off": compute every answer
FILE_NAME = ANSWERS_FILE
SCHEMA_VERSION = 3  # bump when the tables or the encoding of an entry change: the old file is then rebuilt
KEEP = 3  # fingerprints whose answers are kept (two checkouts or branches switched between, and one more)
MAX_AGE = 30 * 24 * 3600  # seconds: the answers of a fingerprint unused for longer are forgotten
MAX_BYTES = 256 * 2**20  # beyond this size, the answers of the least recently used fingerprints are forgotten
LOCK_WAIT = 1.5  # seconds to wait for another run holding the cache before going on without it
CHECKER_DIR = Path(__file__).resolve().parents[1]
ANSWERING_CODE = ("engine", "solitaire", "scenarios", "__init__.py")  # of checker/: what computes answers
ENCODINGS_PREFIX = "data/cards/"  # of reference/: the card encodings (reference/effectcheck.py ENCODINGS_DIR)
PACKAGES = ("pydantic", "pydantic-core", "PyYAML", "krcg", "networkx")  # what answers pass through
@dataclass(frozen=True)
class _Detail:
    """What a run's verdict (:meth:`Outcome.verdict`) leaves out; the text report of `rules check` never reads it."""

    trace: tuple[TraceLine, ...]
    answer: dict[str, Any]
    before: dict[str, Any] | None


_OUTCOME = TypeAdapter(Outcome)
_DETAIL = TypeAdapter(_Detail)
_STATUS: TypeAdapter[Status] = TypeAdapter(Status)
_CARDS: TypeAdapter[dict[str, str]] = TypeAdapter(dict[str, str])


def _is_answering(name: str) -> bool:
    """Whether a file of checker/ is of the code that computes answers."""
    return name.split("/", 1)[0] in ANSWERING_CODE


def _is_reference(name: str) -> bool:
    """Whether a file of reference/ keys every answer (card encodings key only the answers that consult them)."""
    return not name.startswith(ENCODINGS_PREFIX)


def fingerprint() -> str:
    """A digest of everything an answer depends on besides its scenario file, its run and the card encodings it
    consults: the answering code and the reference's files as this process loaded them (reference/provenance.py),
    the card and ruling data as parsed, and the versions of Python and of the packages used."""
    from reference.cards import loaded_card_data
    from reference.rulings import loaded_ruling_data

    h = hashlib.blake2b(digest_size=20)
    h.update(f"schema {SCHEMA_VERSION}\0python {sys.version}\0".encode())
    for name in PACKAGES:
        try:
            h.update(f"{name} {version(name)}\0".encode())
        except PackageNotFoundError:
            h.update(f"{name} absent\0".encode())
    h.update(f"mutant {os.environ.get('MUTANT_UNDER_TEST', '')}\0".encode())  # mutmut switches code at run time
    h.update(provenance.at_start(CHECKER_DIR).digest(_is_answering).encode())
    h.update(provenance.at_start(PACKAGE_DIR).digest(_is_reference).encode())
    h.update(f"cards {loaded_card_data().digest}\0rulings {loaded_ruling_data().digest}".encode())
    return h.hexdigest()


def changed_during_run() -> list[str]:
    """The files answers depend on that changed since this process loaded them: its answers may then be of the
    old code or data, or of the new, and must not be kept."""
    cards = provenance.card_package_dir()  # the parsers are files of reference/, read below once
    card_data = ["krcg's card data"] if cards and provenance.changed_since_start(cards, provenance.is_card_data) \
        else []
    return [*(f"checker/{n}" for n in provenance.changed_since_start(CHECKER_DIR, _is_answering)),
            *(f"reference/{n}" for n in provenance.changed_since_start(PACKAGE_DIR)), *card_data]


def enabled() -> bool:
    """Whether answers may come from the cache (``JYHAD_RULES_ANSWER_CACHE=off`` says no)."""
    return os.environ.get(ENV, "").strip().lower() not in ("off", "0", "no", "false")


@dataclass
class AnswerCache:
    """The answers of the project's rulesets, from the cache file when it holds them, else computed and kept.

    Use it as a context manager (``with AnswerCache.open(folder, rulesets()) as answers``): what was computed
    is saved when the block ends without an error. Without a database (turned off, or it could not be
    opened) every answer is computed.
    """

    editions: Mapping[str, Ruleset]
    key: str = ""
    db: sqlite3.Connection | None = None
    problems: list[str] = field(default_factory=list)  # why the cache is not used, or was not saved
    hits: int = 0
    computed: int = 0
    _new: dict[str, tuple[str, bytes, bytes]] = field(default_factory=dict)
    _cards: dict[str, str] = field(default_factory=dict)  # card id -> digest of its encoding, this run

    @classmethod
    def open(cls, folder: Path, editions: Mapping[str, Ruleset], *, use: bool = True) -> AnswerCache:
        """The cache in ``folder`` (made if missing); a damaged file is replaced by an empty one."""
        if not use or not enabled():
            return cls(editions)
        path = folder / FILE_NAME
        try:
            folder.mkdir(parents=True, exist_ok=True)
            try:
                db = _connect(path)
            except _Damaged:  # not a database, or of another schema: it only held answers
                for leftover in (path, *(path.with_name(path.name + s) for s in ("-wal", "-shm", "-journal"))):
                    with suppress(FileNotFoundError):
                        leftover.unlink()
                db = _connect(path)
            return cls(editions, fingerprint(), db)
        except (OSError, sqlite3.Error) as exc:
            why = _why(exc) if isinstance(exc, sqlite3.Error) else str(exc)
            return cls(editions, problems=[f"the answer cache {path} cannot be used ({why}); every answer is "
                                           "computed"])

    def __enter__(self) -> AnswerCache:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
                 ) -> None:
        if kind is None:
            self.save()
        self.close()

    # --- answers ---------------------------------------------------------------------------
    def outcomes(self, pairs: Iterable[tuple[LoadedScenario, Ruleset]], *, detail: bool = True
                 ) -> Iterator[Outcome]:
        """``run`` of each (scenario, ruleset) pair, as :func:`checker.scenarios.suite.runs` makes them from this
        cache's editions (the ruleset's name is the run's label). Without ``detail`` they are verdicts
        (:meth:`Outcome.verdict`), which spares reading and holding most of each answer.
        """
        for sc, rs in pairs:
            key = self._key("outcome", sc, rs.name)
            cached = self._cached_outcome(key, detail)
            if cached is not None and cached.scenario == sc.path and cached.ruleset == rs.name:
                self.hits += 1
                yield cached
                continue
            with consulting() as seen:
                outcome = run(sc, rs)
            self.computed += 1
            if key is not None:  # encoded only to be kept
                self._put(key, sc, seen, _OUTCOME.dump_json(outcome.verdict()),
                          _DETAIL.dump_json(_Detail(outcome.trace, outcome.answer, outcome.before)))
            yield outcome if detail else outcome.verdict()

    def _cached_outcome(self, key: str | None, detail: bool) -> Outcome | None:
        if key is None or self.db is None:
            return None
        try:
            row = self.db.execute(f"SELECT cards, value{', detail' if detail else ''} FROM answers WHERE key = ?",
                                  (key,)).fetchone()
            if row is None or not self._same_cards(row[0]):
                return None
            verdict = _OUTCOME.validate_json(row[1])
            if not detail:
                return verdict
            more = _DETAIL.validate_json(row[2])
            return replace(verdict, trace=more.trace, answer=more.answer, before=more.before)
        except sqlite3.OperationalError as exc:
            self._give_up(exc)
            return None
        except (sqlite3.Error, ValidationError, TypeError):
            return None  # computed again, and the entry replaced

    def mutant_status(self, sc: LoadedScenario, label: str, base: str, parameter: str, value: Any,
                      compute: Callable[[], Status]) -> Status:
        """The status of ``sc``'s run ``label`` when ``base``'s ``parameter`` is ``value`` (the kill matrix)."""
        mutation = json.dumps([base, parameter, value], sort_keys=True, default=repr)
        key = self._key("mutant", sc, label, mutation)
        cached: Status | None = self._get(key, _STATUS)
        if cached is not None:
            self.hits += 1
            return cached
        with consulting() as seen:
            status = compute()
        self.computed += 1
        if key is not None:
            self._put(key, sc, seen, _STATUS.dump_json(status))
        return status

    def caches(self, editions: Mapping[str, Ruleset]) -> bool:
        """Whether runs under ``editions`` may use this cache: they must be the ones it was opened with."""
        return self.db is not None and editions is self.editions

    # --- storage ---------------------------------------------------------------------------
    def _key(self, kind: str, sc: LoadedScenario, *parts: str) -> str | None:
        digest = sc.source.digest if sc.source is not None else ""
        if self.db is None or not digest:
            return None
        text = "\0".join((kind, self.key, sc.path, digest, *parts))
        return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=20).hexdigest()

    def _get(self, key: str | None, adapter: TypeAdapter[Any]) -> Any:
        if key is None or self.db is None:
            return None
        try:
            row = self.db.execute("SELECT cards, value FROM answers WHERE key = ?", (key,)).fetchone()
            return adapter.validate_json(row[1]) if row is not None and self._same_cards(row[0]) else None
        except sqlite3.OperationalError as exc:
            self._give_up(exc)
            return None
        except (sqlite3.Error, ValidationError, TypeError):
            return None  # computed again, and the entry replaced

    def _give_up(self, exc: sqlite3.Error) -> None:
        """Go on without the cache (locked by another run too long, the disk gone): every answer is computed."""
        self.problems.append(f"the answer cache cannot be read ({_why(exc)}); the remaining answers are computed")
        self.close()

    def _same_cards(self, cards: str) -> bool:
        """Whether every card the entry's answer consulted has the encoding it had then."""
        try:
            then = _CARDS.validate_json(cards)
        except ValidationError:
            return False
        return all(self._card(card_id) == digest for card_id, digest in then.items())

    def _card(self, card_id: str) -> str:
        if card_id not in self._cards:
            self._cards[card_id] = encoding_digest(card_id)
        return self._cards[card_id]

    def _put(self, key: str, sc: LoadedScenario, seen: set[str], value: bytes, detail: bytes = b"") -> None:
        """Keep a computed answer with the encodings of the cards reading the scenario and answering consulted."""
        cards = {card_id: self._card(card_id) for card_id in sorted(seen | sc.consulted)}
        self._new[key] = (_CARDS.dump_json(cards).decode(), value, detail)

    def save(self) -> None:
        """Keep what was computed, in one transaction, unless a file answers depend on changed during the run;
        forget the answers of fingerprints no longer used, or too old, or beyond the size limit."""
        if self.db is None:
            return
        changed = changed_during_run() if self._new else []
        if changed:
            shown = ", ".join(changed[:3]) + (f" and {len(changed) - 3} more" if len(changed) > 3 else "")
            self.problems.append(f"{shown} changed during this run: its answers were not kept in the cache, and "
                                 "some may be of the files as they were before; run again for answers of the files "
                                 "as they are now")
            self._new.clear()
            return
        try:
            with self.db:
                self.db.executemany("INSERT OR REPLACE INTO answers (key, fingerprint, cards, value, detail) "
                                    "VALUES (?, ?, ?, ?, ?)", [(k, self.key, *v) for k, v in self._new.items()])
                self.db.execute("INSERT OR REPLACE INTO fingerprints (fingerprint, used) VALUES (?, ?)",
                                (self.key, time.time()))
                _prune(self.db, self.key)
            self._new.clear()
        except sqlite3.Error as exc:
            self.problems.append(f"the answers computed could not be kept in the cache ({_why(exc)}); they will "
                                 "be computed again next time")

    def close(self) -> None:
        if self.db is not None:
            with suppress(sqlite3.Error):
                self.db.close()
            self.db = None


def _prune(db: sqlite3.Connection, current: str) -> None:
    """Forget the answers of all but the KEEP most recently used fingerprints, of those unused for MAX_AGE, and of
    the least recently used others while the file is larger than MAX_BYTES (the current one is always kept)."""
    db.execute("DELETE FROM fingerprints WHERE fingerprint != ? AND (used < ? OR fingerprint NOT IN (SELECT "
               "fingerprint FROM fingerprints ORDER BY used DESC LIMIT ?))", (current, time.time() - MAX_AGE, KEEP))
    db.execute("DELETE FROM answers WHERE fingerprint NOT IN (SELECT fingerprint FROM fingerprints)")
    while _size(db) > MAX_BYTES:
        oldest = db.execute("SELECT fingerprint FROM fingerprints WHERE fingerprint != ? ORDER BY used LIMIT 1",
                            (current,)).fetchone()
        if oldest is None:
            return
        db.execute("DELETE FROM fingerprints WHERE fingerprint = ?", oldest)
        db.execute("DELETE FROM answers WHERE fingerprint = ?", oldest)


def _size(db: sqlite3.Connection) -> int:
    """The bytes the database's pages hold (freed pages are given back to the disk: auto_vacuum)."""
    pages = db.execute("PRAGMA page_count").fetchone()[0] - db.execute("PRAGMA freelist_count").fetchone()[0]
    return int(pages) * int(db.execute("PRAGMA page_size").fetchone()[0])


def _why(exc: sqlite3.Error) -> str:
    """What went wrong, said for people: a locked database is another run using it."""
    if "locked" in str(exc) or "busy" in str(exc):
        return f"another run is using it, and did not let go within {LOCK_WAIT:g} s"
    return str(exc)


class _Damaged(sqlite3.DatabaseError):
    """The file is not an answer cache of this schema (another file, a damaged one, an older schema)."""


def _connect(path: Path) -> sqlite3.Connection:
    """The cache file, its tables made; raises _Damaged for a file to replace, sqlite3.Error when it is only
    unusable now (locked by another run for too long, a folder in its place, no permission)."""
    if path.exists() and not path.is_file():  # a folder, a FIFO (opening one could wait forever), a device
        raise sqlite3.OperationalError("not a regular file")
    db = sqlite3.connect(path, timeout=LOCK_WAIT)
    try:
        try:
            found = db.execute("PRAGMA user_version").fetchone()[0]
        except sqlite3.DatabaseError as exc:
            if type(exc) is sqlite3.DatabaseError:  # "file is not a database", "disk image is malformed"
                raise _Damaged(str(exc)) from exc
            raise
        with closing(db.cursor()) as cur:
            if found not in (0, SCHEMA_VERSION):
                raise _Damaged(f"schema {found}, not {SCHEMA_VERSION}")
            if found == 0:
                cur.execute("PRAGMA auto_vacuum = FULL")  # a new file: deleted answers give their space back
            cur.execute("CREATE TABLE IF NOT EXISTS answers (key TEXT PRIMARY KEY, fingerprint TEXT NOT NULL, "
                        "cards TEXT NOT NULL, value BLOB NOT NULL, detail BLOB NOT NULL) WITHOUT ROWID")
            cur.execute("CREATE TABLE IF NOT EXISTS fingerprints (fingerprint TEXT PRIMARY KEY, used REAL NOT NULL)")
            cur.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        db.commit()
        return db
    except sqlite3.Error:
        db.close()
        raise
