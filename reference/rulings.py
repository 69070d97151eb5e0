"""Rulings on cards, from the rulings collection shipped in the ``krcg`` package, read offline.

krcg's ``cards`` package holds ``rulings.yaml`` (rulings by card or card group), ``groups.yaml``
(groups of cards sharing rulings) and ``references.yaml`` (every reference like ``TOM 19951216``
with its URL). reference/rulingparse.py parses them; this module holds the models, the ids and the
cache. Nothing is read at import.

A ruling's id is derived from what it rules on and its references, so it is stable across runs:
``ruling:100540:TOM-19951215-1``; a group ruling uses the group id (``ruling:G00004:LSJ-20050114``);
several references are joined with ``+``; the second ruling with the same subject and references
gets ``.2``.
"""

from __future__ import annotations

import datetime
from functools import cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict, ValidationError

from reference.ruling_model import CardGroup as CardGroup
from reference.ruling_model import GroupMember as GroupMember
from reference.ruling_model import Ruling as Ruling
from reference.ruling_model import RulingReference as RulingReference

CACHE_FORMAT = 2  # bump when a model of reference/ruling_model.py changes, so older cache files are rebuilt


class RulingsCache(BaseModel):
    """The cache file: the parsed rulings of one krcg version."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    format: int
    krcg: str
    references: tuple[RulingReference, ...]
    groups: tuple[CardGroup, ...]
    rulings: tuple[Ruling, ...]


def load_rulings(*, folder: Path | None = None) -> RulingsCache:
    """Every ruling, group and reference, from the cache of this krcg version when sound, else parsed anew.

    Raises ProblemsError when a package file is missing or broken, or a ruling names an unknown card.
    """
    from reference.atomic import WriteError, write_atomic
    from reference.cards import cache_dir, krcg_version
    from reference.rulingparse import parse_rulings

    version = krcg_version()
    path = (folder or cache_dir()) / f"rulings-{version}.json"
    try:
        cached = RulingsCache.model_validate_json(path.read_bytes())
        if cached.format == CACHE_FORMAT and cached.krcg == version:
            return cached
    except (OSError, ValueError, ValidationError):
        pass
    references, groups, rulings = parse_rulings()
    parsed = RulingsCache(format=CACHE_FORMAT, krcg=version, references=references, groups=groups, rulings=rulings)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, parsed.model_dump_json())
    except (OSError, WriteError):
        pass
    return parsed


@cache
def all_rulings() -> RulingsCache:
    """The whole rulings collection, loaded once per process."""
    return load_rulings()


def era_groups(data: RulingsCache, era: frozenset[str]) -> tuple[CardGroup, ...]:
    """The groups with at least one card of the era among their members."""
    return tuple(g for g in data.groups if any(m.card in era for m in g.members))


def era_rulings(data: RulingsCache, era: frozenset[str]) -> tuple[Ruling, ...]:
    """The rulings on a card of the era or on a group holding one."""
    groups = {g.id for g in era_groups(data, era)}
    return tuple(r for r in data.rulings if r.subject in era or r.subject in groups)


def in_force(ruling: Ruling, edition_date: datetime.date) -> bool:
    """Whether a ruling was made on or before an edition's date (rulebook-only rulings never are)."""
    return ruling.date is not None and ruling.date <= edition_date
