"""The files a process computes from, as they were when it started, and whether they changed since.

What a process keeps for later runs (parsed cards and rulings, answers) must be keyed by the code and data it
really loaded, not by what is on disk when it comes to save them: an editor saving a file during a run would
otherwise file answers of the old code under the new code's key. So each package records, when it is first
imported and before any of its modules or data is read, a snapshot of its files (path, size, modification
time, digest of the bytes); keys are digests of those snapshots, and a cache is written only when the files
it depends on are still as they were (:func:`changed_since_start`).

Only the standard library (and reference/atomic.py, which uses only it) is imported here: this module runs
before the rest of the package is loaded.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from reference.atomic import read_regular_stat

Keep = Callable[[str], bool]  # which files of a root (by path relative to it, with "/") a digest covers
SKIPPED_PARTS = ("__pycache__",)
SKIPPED_SUFFIXES = (".pyc", ".pyo")
CARD_PACKAGE = "cards"  # krcg's package of card and ruling data files
CARD_DATA_SUFFIXES = (".csv", ".yaml", ".yml", ".json", ".txt")


@dataclass(frozen=True)
class FileState:
    """One file as it was read: size, modification time and a digest of its bytes ("" when unreadable)."""

    size: int
    mtime_ns: int
    digest: str


@dataclass(frozen=True)
class Snapshot:
    """The files under a root, as they were at one moment."""

    root: Path
    files: Mapping[str, FileState]

    def digest(self, keep: Keep | None = None) -> str:
        """A digest of the kept files' relative paths and contents (not their times: a copy digests the same)."""
        h = hashlib.blake2b(digest_size=20)
        for name in sorted(self.files):
            if keep is None or keep(name):
                h.update(f"{name}\0{self.files[name].digest}\0".encode("utf-8", "surrogateescape"))
        return h.hexdigest()

    def changed(self, now: Snapshot, keep: Keep | None = None) -> list[str]:
        """The kept files added, removed or rewritten between this snapshot and ``now`` (a later one)."""
        names = set(self.files) | set(now.files)
        return sorted(n for n in names if (keep is None or keep(n)) and self.files.get(n) != now.files.get(n))


def take(root: Path, keep: Keep | None = None) -> Snapshot:
    """The files under ``root`` now (a missing root has none); a file that cannot be read is recorded as such."""
    root = root.resolve()
    files: dict[str, FileState] = {}
    for path in _walk(root):
        name = path.relative_to(root).as_posix()
        if keep is not None and not keep(name):
            continue
        files[name] = _state(path)
    return Snapshot(root, files)


def _walk(root: Path) -> Iterable[Path]:
    if root.is_file():
        yield root
        return
    for folder, dirs, names in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d not in SKIPPED_PARTS)
        for name in sorted(names):
            if not name.endswith(SKIPPED_SUFFIXES):
                yield Path(folder) / name


def _state(path: Path) -> FileState:
    """The file's state; a FIFO or a device is not read (that could block forever) but recorded as unreadable."""
    try:
        data, status = read_regular_stat(path)
    except OSError as exc:
        return FileState(-1, 0, f"unreadable: {exc.strerror or exc}")
    return FileState(len(data), status.st_mtime_ns, hashlib.blake2b(data, digest_size=20).hexdigest())


_AT_START: dict[Path, Snapshot] = {}


def begin(root: Path) -> None:
    """Record ``root``'s files as they are now, unless recorded already: call before loading anything from it."""
    at_start(root)


def at_start(root: Path) -> Snapshot:
    """``root``'s files as recorded by :func:`begin` (taken now if it was not called)."""
    root = root.resolve()
    if root not in _AT_START:
        _AT_START[root] = take(root)
    return _AT_START[root]


def changed_since_start(root: Path, keep: Keep | None = None) -> list[str]:
    """The kept files under ``root`` that changed since the process recorded them ([] when none did)."""
    start = at_start(root)
    return start.changed(take(start.root), keep)


def card_package_dir() -> Path | None:
    """The folder of krcg's card data package, found without importing it (None when it is not installed)."""
    spec = importlib.util.find_spec(CARD_PACKAGE)
    locations = list(spec.submodule_search_locations or []) if spec is not None else []
    return Path(locations[0]).resolve() if locations else None


def is_card_data(name: str) -> bool:
    """Whether a file of the card package is data the parsers read (not its Python code)."""
    return name.endswith(CARD_DATA_SUFFIXES)
