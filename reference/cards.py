"""Cards of the official VEKN card database, as shipped in the ``krcg`` package, read offline.

The crypt and library CSVs and the sets CSV are package data of krcg's top-level ``cards``
package; reference/cardcsv.py parses them. Nothing is read at import: the first call parses the
files (or reads the parsed cards back from a cache file keyed by krcg's data files and the parsing code,
reference/parsecache.py) and keeps them for the rest of the process.
"""

from __future__ import annotations

import difflib
import json
import os
import re
import unicodedata
from dataclasses import dataclass
from datetime import date
from functools import cache
from pathlib import Path

from pydantic import TypeAdapter

from reference.card_model import ERA_SETS as ERA_SETS
from reference.card_model import Card as Card
from reference.card_model import CardKind as CardKind
from reference.card_model import Cost as Cost
from reference.card_model import Printing as Printing
from reference.parsecache import Inputs, Parsed, cached

KRCG = "krcg"
CACHE_FORMAT = 2  # bump when Card or Printing (reference/card_model.py) changes their serialized form
CACHE_ENV = "JYHAD_RULES_CACHE"
CACHE_KIND = "cards"  # cache files are cards-<key>.json (reference/parsecache.py)
PARSER = ("cards.py", "card_model.py", "cardcsv.py", "problems.py", "parsecache.py")  # reference/ files parsing reads
_CARDS: TypeAdapter[tuple[Card, ...]] = TypeAdapter(tuple[Card, ...])


class UnknownCardError(ValueError):
    """No card has this name, aka name or id; carries the closest names."""

    def __init__(self, query: str, suggestions: tuple[str, ...]) -> None:
        self.query = query
        self.suggestions = suggestions
        hint = f"; did you mean: {', '.join(suggestions)}?" if suggestions else ""
        super().__init__(f"no card named {query!r}{hint}")


def krcg_version() -> str:
    """The installed krcg version (with the package's data files, it keys the cache)."""
    from importlib.metadata import version

    return version(KRCG)


def cache_dir() -> Path:
    """Where parsed cards, rulings and answers are cached: $JYHAD_RULES_CACHE, else the user cache folder.

    A relative $XDG_CACHE_HOME is ignored, as the XDG Base Directory specification asks.
    """
    if override := os.environ.get(CACHE_ENV):
        return Path(override).absolute()
    xdg = os.environ.get("XDG_CACHE_HOME", "")
    base = Path(xdg) if xdg and Path(xdg).is_absolute() else Path.home() / ".cache"
    return base / "jyhad-rules"


def card_inputs() -> Inputs:
    """What parsing the cards reads: the parser's files, krcg's data files and version, the cache format."""
    return Inputs(PARSER, (f"format {CACHE_FORMAT}", f"krcg {krcg_version()}"))


def load_card_data(*, folder: Path | None = None) -> Parsed[tuple[Card, ...]]:
    """Every card and the digest of the data, from the cache when it is sound, else parsed and cached anew.

    Raises ProblemsError when a package file is missing or broken.
    """
    from reference.cardcsv import parse_package

    return cached(CACHE_KIND, card_inputs(), folder or cache_dir(), _CARDS, parse_package)


def load_cards(*, folder: Path | None = None) -> tuple[Card, ...]:
    """Every card (see :func:`load_card_data`)."""
    return load_card_data(folder=folder).value


@cache
def loaded_card_data() -> Parsed[tuple[Card, ...]]:
    """The whole card database and its digest, loaded once per process."""
    return load_card_data()


def all_cards() -> tuple[Card, ...]:
    """The whole card database (for cards named outside the era), loaded once per process."""
    return loaded_card_data().value


@cache
def era_cards() -> tuple[Card, ...]:
    """Every card first printed in Jyhad, VTES, Dark Sovereigns, Ancient Hearts or Sabbat (1994-1996)."""
    return tuple(c for c in all_cards() if c.is_era_card)


def normalize_name(text: str) -> str:
    """A name as looked up: accents dropped, case folded, punctuation and extra spaces removed."""
    decomposed = unicodedata.normalize("NFKD", text)
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch)).casefold()
    return " ".join(re.sub(r"[^\w\s]", "", plain.replace("-", " ")).split())


@dataclass(frozen=True)
class CardIndex:
    """Cards by id and by every normalized form of their names."""

    by_id: dict[str, Card]
    by_name: dict[str, tuple[Card, ...]]
    display: dict[str, str]  # normalized key -> a name to suggest
    ID_DIGITS = 18  # an id longer than this is no card's (VEKN ids have 6 digits): not read as a number

    @classmethod
    def of(cls, cards: tuple[Card, ...]) -> CardIndex:
        by_name: dict[str, list[Card]] = {}
        display: dict[str, str] = {}
        for card in cards:
            for shown in name_forms(card):
                key = normalize_name(shown)
                if key and card not in by_name.setdefault(key, []):
                    by_name[key].append(card)
                    display.setdefault(key, shown)
        ordered = {k: tuple(sorted(v, key=_earliest_first)) for k, v in by_name.items()}
        return cls(by_id={c.id: c for c in cards}, by_name=ordered, display=display)

    def find(self, text: str) -> Card:
        """The card with this id, name, aka name or qualified name; of namesakes, the one printed first.
        Raises UnknownCardError with the closest names (a fuzzy search of every name: use ``get`` to only ask)."""
        card = self.get(text)
        if card is not None:
            return card
        query = text.strip()
        if re.fullmatch(r"(?:card:)?(\d+)", query):  # shown shortened: the id may have thousands of digits
            raise UnknownCardError(query if len(query) <= 40 else f"{query[:24]}…{query[-8:]} ({len(query)} "
                                                                  "characters)", ())
        close = difflib.get_close_matches(normalize_name(query), list(self.by_name), n=5, cutoff=0.6)
        raise UnknownCardError(query, tuple(dict.fromkeys(self.display[k] for k in close)))

    def get(self, text: str) -> Card | None:
        """The card ``find`` gives, or None, without looking for names close to it."""
        query = text.strip()
        if match := re.fullmatch(r"(?:card:)?(\d+)", query):
            digits = match.group(1).lstrip("0") or "0"
            if len(digits) > self.ID_DIGITS:  # no card has such an id (and int() refuses over 4,300 digits)
                return None
            return self.by_id.get(f"card:{int(digits)}")
        found = self.by_name.get(normalize_name(query))
        return found[0] if found else None

    def namesakes(self, card: Card) -> tuple[Card, ...]:
        """The other cards with the same name (crypt cards of other groups, advanced versions)."""
        return tuple(c for c in self.by_name.get(normalize_name(card.name), ()) if c.id != card.id)


def name_forms(card: Card) -> list[str]:
    """Every name a card is looked up by: its name, aka names, qualified names, and "The X" or "X" for "X, The"."""
    names = [card.name, *card.aka, card.qualified_name]
    if card.kind == "crypt":
        names += [f"{card.name} (ADV)" if card.advanced else "", f"{card.name} (G{card.group})" if card.group else ""]
    names += [v for n in names if n.endswith(", The") for v in (f"The {n[:-5]}", n[:-5])]
    return [n for n in names if n]


def _earliest_first(card: Card) -> tuple[date, int]:
    return (card.legal_from or date.max, card.vekn_id)


@cache
def card_index() -> CardIndex:
    """The index of every card, built once per process."""
    return CardIndex.of(all_cards())


def find_card(text: str) -> Card:
    """The card named ``text`` (accents and case ignored, aka names, "The X" for "X, The") or with id ``text``.

    Of namesakes the one printed first is returned (``namesakes`` gives the others); raises UnknownCardError
    with the closest names when nothing matches.
    """
    return card_index().find(text)


def lookup_card(text: str) -> Card | None:
    """The card ``find_card`` gives, or None when there is none (no suggestions looked for)."""
    return card_index().get(text)


def namesakes(card: Card) -> tuple[Card, ...]:
    """The other cards with ``card``'s name."""
    return card_index().namesakes(card)


def card_json(card: Card) -> dict[str, object]:
    """The card as JSON-ready data, with its first release and era membership."""
    data: dict[str, object] = json.loads(card.model_dump_json())
    first = card.first_printing
    data["legal_from"] = card.legal_from.isoformat() if card.legal_from else None
    data["first_set"] = first.set if first else None
    data["era_card"] = card.is_era_card
    return data
