"""Parsed package data kept between runs (the cards, the rulings), never stale and never trusted blindly.

A cache file is named and headed by a key: a digest of everything the parse read, the package's data files
and the parsing code, as this process loaded them (reference/provenance.py). Another checkout with another
parser, or a package whose data changed under the same version, has another key and so another file. The
file's first line also holds a digest of the rest: a file that was damaged or edited is parsed again, even
when it would still validate. What is returned carries the digest of the data as parsed, which keys the
answers computed from it.

A parse is written only if the files it read are still as they were when the process started (an edit in
between could have been half read); files of other keys are pruned on write, all but the newest few.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Generic, TypeVar

from pydantic import TypeAdapter, ValidationError

from reference import provenance
from reference.atomic import WriteError, read_regular, write_atomic

T = TypeVar("T")
KEEP = 3  # cache files of other keys kept per kind (other checkouts, branches, package versions)
REFERENCE_DIR = Path(__file__).resolve().parent


@dataclass(frozen=True)
class Parsed(Generic[T]):
    """Parsed data and the digest of its serialized form (what keys answers computed from it)."""

    value: T
    digest: str


@dataclass(frozen=True)
class Inputs:
    """What one parse reads: files of the reference package (the parser), package data, and other digests."""

    parser: tuple[str, ...]  # paths relative to reference/
    extra: tuple[str, ...] = ()  # versions, formats, digests of data parsed first

    def key(self) -> str:
        """A digest of the inputs as this process loaded them."""
        h = hashlib.blake2b(digest_size=20)
        h.update(provenance.at_start(REFERENCE_DIR).digest(self._is_parser).encode())
        cards = provenance.card_package_dir()
        h.update((provenance.at_start(cards).digest(provenance.is_card_data) if cards else "no package").encode())
        for item in self.extra:
            h.update(f"\0{item}".encode("utf-8", "surrogateescape"))
        return h.hexdigest()

    def unchanged(self) -> bool:
        """Whether the parser and the package data are still as the process loaded them."""
        cards = provenance.card_package_dir()
        return not provenance.changed_since_start(REFERENCE_DIR, self._is_parser) and (
            cards is None or not provenance.changed_since_start(cards, provenance.is_card_data))

    def _is_parser(self, name: str) -> bool:
        return name in self.parser


def _digest(payload: bytes) -> str:
    return hashlib.blake2b(payload, digest_size=20).hexdigest()


def cached(kind: str, inputs: Inputs, folder: Path, adapter: TypeAdapter[T], parse: Callable[[], T]) -> Parsed[T]:
    """``parse()``'s value, from ``folder``'s cache file for these inputs when it is sound, else parsed and kept.

    A cache file that is missing, unreadable (or a FIFO, a folder), damaged or of other inputs is parsed again;
    one that cannot be written is skipped. Raises what ``parse`` raises.
    """
    key = inputs.key()
    path = folder / f"{kind}-{key[:24]}.json"
    with suppress(OSError, ValueError, ValidationError):
        header, _, payload = read_regular(path).partition(b"\n")
        if json.loads(header) == {"key": key, "digest": _digest(payload)}:
            return Parsed(adapter.validate_json(payload), _digest(payload))
    value = parse()
    payload = adapter.dump_json(value)
    digest = _digest(payload)
    if inputs.unchanged():
        with suppress(OSError, WriteError):
            folder.mkdir(parents=True, exist_ok=True)
            write_atomic(path, json.dumps({"key": key, "digest": digest}).encode() + b"\n" + payload)
            prune(files_of(kind, folder), keep=path)
    return Parsed(value, digest)


def files_of(kind: str, folder: Path) -> list[Path]:
    """The cache files of one kind in ``folder`` (of any key, older formats included)."""
    return sorted(p for p in folder.glob(f"{kind}-*.json") if not p.is_symlink() and p.is_file())


def prune(files: Iterable[Path], *, keep: Path) -> None:
    """Remove all but ``keep`` and the newest KEEP others."""
    def mtime(p: Path) -> float:
        try:
            return p.stat().st_mtime
        except OSError:
            return 0.0

    others = sorted((p for p in files if p != keep), key=mtime, reverse=True)
    for old in others[KEEP:]:
        with suppress(OSError):
            old.unlink()
