"""What the cache folder holds, and clearing it: the answers, the parsed cards and rulings, other commits' caches.

Light on purpose (no engine, no reference data): `rules cache` only looks at files. The answers' file is
checker/scenarios/answer_cache.py's, the parsed data's reference/parsecache.py's, the commits' folders
checker/scenarios/gitdiff.py's. A cache only ever costs time: clearing it changes no answer.
"""

from __future__ import annotations

import shutil
import sqlite3
from contextlib import closing, suppress
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

ANSWERS_FILE = "answers.sqlite"
SQLITE_COMPANIONS = ("-wal", "-shm", "-journal")
PARSED_KINDS = ("cards", "rulings")  # reference/cards.py and reference/rulings.py CACHE_KIND
COMMITS = "commits"  # checker/scenarios/gitdiff.py: one folder per other commit `rules diff` ran


@dataclass(frozen=True)
class Fingerprint:
    """The answers kept for one fingerprint of the code and data (a checkout, a branch, a version)."""

    fingerprint: str
    answers: int
    used: datetime


@dataclass(frozen=True)
class CacheEntry:
    """One file or folder of the cache folder: what it holds and its size on disk."""

    path: Path
    what: str
    size: int
    fingerprints: tuple[Fingerprint, ...] = ()
    problem: str = ""  # why its content could not be read (it is still listed, and cleared)


def entries(folder: Path) -> list[CacheEntry]:
    """What the cache folder holds (nothing when it does not exist)."""
    if not folder.is_dir():
        return []
    found: list[CacheEntry] = []
    answers = folder / ANSWERS_FILE
    if answers.exists():
        fingerprints, problem = _fingerprints(answers)
        size = sum(_size(answers.with_name(answers.name + s)) for s in ("", *SQLITE_COMPANIONS))
        found.append(CacheEntry(answers, "answers", size, fingerprints, problem))
    for kind in PARSED_KINDS:
        for path in sorted(folder.glob(f"{kind}-*.json")):
            found.append(CacheEntry(path, f"parsed {kind}", _size(path)))
    commits = folder / COMMITS
    if commits.is_dir() and not commits.is_symlink():
        for sub in sorted(p for p in commits.iterdir() if p.is_dir() and not p.is_symlink()):
            found.append(CacheEntry(sub, f"caches of commit {sub.name[:12]} (rules diff)", _tree_size(sub)))
    return found


def clear(folder: Path) -> list[CacheEntry]:
    """Remove everything the cache folder holds (and only that: other files there are left); what was removed."""
    removed = entries(folder)
    for entry in removed:
        if entry.path.is_dir():
            shutil.rmtree(entry.path, ignore_errors=True)
            continue
        for path in (entry.path, *(entry.path.with_name(entry.path.name + s) for s in SQLITE_COMPANIONS)):
            with suppress(FileNotFoundError, IsADirectoryError):
                path.unlink()
    with suppress(OSError):
        (folder / COMMITS).rmdir()
    return removed


def _fingerprints(path: Path) -> tuple[tuple[Fingerprint, ...], str]:
    if not path.is_file():  # a FIFO would make opening it wait forever
        return (), "not a regular file"
    try:
        with closing(sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=1.5)) as db:
            rows = db.execute("SELECT f.fingerprint, f.used, (SELECT count(*) FROM answers a WHERE a.fingerprint = "
                              "f.fingerprint) FROM fingerprints f ORDER BY f.used DESC").fetchall()
    except sqlite3.Error as exc:
        return (), f"cannot be read: {exc}"
    return tuple(Fingerprint(str(fp), int(n), datetime.fromtimestamp(float(used), UTC)) for fp, used, n in rows), ""


def _size(path: Path) -> int:
    try:
        return path.lstat().st_size if path.exists() else 0
    except OSError:
        return 0


def _tree_size(folder: Path) -> int:
    return sum(_size(p) for p in folder.rglob("*") if not p.is_dir())
