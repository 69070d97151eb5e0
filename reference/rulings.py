"""Rulings on cards, from the rulings collection shipped in the ``krcg`` package, read offline.

krcg's ``cards`` package holds ``rulings.yaml`` (rulings by card or card group), ``groups.yaml``
(groups of cards sharing rulings) and ``references.yaml`` (every reference like ``TOM 19951216``
with its URL). reference/rulingparse.py parses them; this module holds the models, the ids and the
cache (keyed by the package files and the parsing code, reference/parsecache.py). Nothing is read at import.

A ruling's id is derived from what it rules on and its references, so it is stable across runs:
``ruling:100540:TOM-19951215-1``; a group ruling uses the group id (``ruling:G00004:LSJ-20050114``);
several references are joined with ``+``; the second ruling with the same subject and references
gets ``.2``.
"""

from __future__ import annotations

import datetime
import importlib.util
from contextlib import suppress
from functools import cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict, TypeAdapter

from reference import provenance
from reference.parsecache import Inputs, Parsed, cached
from reference.ruling_model import CardGroup as CardGroup
from reference.ruling_model import GroupMember as GroupMember
from reference.ruling_model import Ruling as Ruling
from reference.ruling_model import RulingReference as RulingReference

CACHE_FORMAT = 3  # bump when a model of reference/ruling_model.py changes its serialized form
CACHE_KIND = "rulings"  # cache files are rulings-<key>.json (reference/parsecache.py)
PARSER = ("rulings.py", "ruling_model.py", "rulingparse.py", "cards.py", "card_model.py", "cardcsv.py", "problems.py",
          "parsecache.py")  # reference/ files parsing reads
KRCG_PARSER = "krcg.rulings"  # krcg's own code parses the references and card links


class RulingsCache(BaseModel):
    """The parsed rulings collection: references, card groups and rulings."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    references: tuple[RulingReference, ...]
    groups: tuple[CardGroup, ...]
    rulings: tuple[Ruling, ...]


_RULINGS: TypeAdapter[RulingsCache] = TypeAdapter(RulingsCache)


def ruling_inputs(cards_digest: str) -> Inputs:
    """What parsing the rulings reads: the parsers (ours and krcg's), krcg's data files, the cards as parsed."""
    from reference.cards import krcg_version

    krcg = ""
    with suppress(ImportError, ValueError):
        spec = importlib.util.find_spec(KRCG_PARSER)
        if spec is not None and spec.origin:
            krcg = provenance.at_start(Path(spec.origin)).digest()
    return Inputs(PARSER, (f"format {CACHE_FORMAT}", f"krcg {krcg_version()} {krcg}", f"cards {cards_digest}"))


def load_ruling_data(*, folder: Path | None = None) -> Parsed[RulingsCache]:
    """Every ruling, group and reference and the digest of the data, from the cache when sound, else parsed anew.

    Raises ProblemsError when a package file is missing or broken, or a ruling names an unknown card.
    """
    from reference.cards import cache_dir, loaded_card_data
    from reference.rulingparse import parse_rulings

    def parse() -> RulingsCache:
        references, groups, rulings = parse_rulings()
        return RulingsCache(references=references, groups=groups, rulings=rulings)

    inputs = ruling_inputs(loaded_card_data().digest)
    return cached(CACHE_KIND, inputs, folder or cache_dir(), _RULINGS, parse)


def load_rulings(*, folder: Path | None = None) -> RulingsCache:
    """Every ruling, group and reference (see :func:`load_ruling_data`)."""
    return load_ruling_data(folder=folder).value


@cache
def loaded_ruling_data() -> Parsed[RulingsCache]:
    """The whole rulings collection and its digest, loaded once per process."""
    return load_ruling_data()


def all_rulings() -> RulingsCache:
    """The whole rulings collection, loaded once per process."""
    return loaded_ruling_data().value


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
