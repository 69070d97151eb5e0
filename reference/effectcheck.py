"""Loading card encodings (reference/data/cards/*.yaml) and checking each against its card's text.

Every part must quote its card verbatim, on a line of its own Discipline level; the parts
together must cover the whole text (nothing left but punctuation and level marks), so no effect
of the card is silently left out; and each number or word of an effect must be in the fragment it
quotes (a strike of 2R damage quotes "2R"; "each combat", "aggravated", "+1 stealth", "(limited)",
"only usable at long range" likewise). Every problem is one line with file, line and field.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Literal

from reference.cards import Card, CardIndex, UnknownCardError
from reference.documents import DATA_DIR, display_path
from reference.effects import CHECKS, SAYS, Encoding, Kind, Part
from reference.problems import Problem, ProblemsError
from reference.yamlsource import Located, load_items

ENCODINGS_DIR = DATA_DIR / "cards"
LEVEL_MARK = re.compile(r"^\[([a-z]{3}|[A-Z]{3})\]\s*")
Status = Literal["encoded", "not encodable", "not yet encoded"]


@dataclass(frozen=True)
class Encoded:
    """An encoding resolved to its card, remembering where it was written."""

    card: Card
    encoding: Encoding
    file: str
    line: int | None


def squash(text: str) -> str:
    """Whitespace collapsed, for comparing quotes with card text."""
    return " ".join(text.split())


def level_lines(card: Card) -> dict[str, str]:
    """The card's text by level: lines marked [pot] are basic, [POT] superior, the rest any (marks removed)."""
    out: dict[str, list[str]] = {"any": [], "basic": [], "superior": []}
    for line in card.text.splitlines():
        mark = LEVEL_MARK.match(line)
        level = "any" if mark is None else ("superior" if mark.group(1).isupper() else "basic")
        out[level].append(LEVEL_MARK.sub("", line))
    return {k: squash(" ".join(v)) for k, v in out.items()}


def check_encoding(card: Card, enc: Encoding) -> list[tuple[tuple[str | int, ...], str]]:
    """Every way the encoding disagrees with the card's text: (field path, message)."""
    issues: list[tuple[tuple[str | int, ...], str]] = []
    lines = level_lines(card)
    left = dict(lines)
    for i, part in enumerate(enc.parts):
        quote = squash(part.text)
        where = lines.get(part.level, "")
        if quote not in where:
            also = [lvl for lvl, t in lines.items() if quote in t]
            hint = f" (it is in the {also[0]} text)" if also else ""
            issues.append((("parts", i, "text"), f"not in {card.name}'s {part.level} text{hint}: {part.text!r}"))
            continue
        left[part.level] = left[part.level].replace(quote, " ", 1)
        issues += [(("parts", i, field), message) for field, message in _numbers(part, quote.lower())]
    if issues:  # a quote not found leaves its text uncovered: say it once
        return issues
    for level, rest in left.items():
        if re.sub(r"[\s.,;:()]+", "", rest):
            issues.append((("parts",), f"{card.name}'s {level} text is not all encoded: {squash(rest)!r} "
                                       "(add a part for it, with `not_modelled:` naming the mechanic if the "
                                       "engine lacks it)"))
    return issues


def _numbers(part: Part, q: str) -> Iterable[tuple[str, str]]:
    """The effect's numbers and words that its quoted fragment does not say, as the effect declares them
    (reference/effects: ``Says`` or ``Check`` on a plain effect's field, a ``Kind``'s own ``unsaid``)."""
    effect = part.effect
    value = getattr(part, effect)
    messages: list[Iterable[str]] = []
    if effect in SAYS:
        messages.append(SAYS[effect].unsaid(value, q, part.text))
    if effect in CHECKS:
        messages.append(CHECKS[effect].unsaid(value, q, part.text))
    if isinstance(value, Kind):
        messages.append(value.unsaid(q, part.text))
    return ((effect, message) for found in messages for message in found)


def load_encodings(index: CardIndex, folder: Path = ENCODINGS_DIR) -> MappingProxyType[str, Encoded]:
    """Every card encoding by card id; raises ProblemsError with every problem in every file."""
    problems: list[Problem] = []
    found: dict[str, Encoded] = {}
    for path in sorted(folder.glob("*.yaml")) if folder.is_dir() else [folder]:
        located, items, bad = load_items(path, Encoding, "card encodings", display_path(path))
        problems += bad
        for i, enc in items:
            assert located is not None
            problems += _check_item(located, i, enc, index, found)
    if problems:
        raise ProblemsError(problems)
    return MappingProxyType(found)


def _check_item(located: Located, i: int, enc: Encoding, index: CardIndex, found: dict[str, Encoded]
                ) -> list[Problem]:
    try:
        card = index.find(enc.card)
    except UnknownCardError as exc:
        return [located.problem((i, "card"), str(exc))]
    if card.id in found:
        first = found[card.id]
        return [located.problem((i, "card"), f"{card.name} is encoded twice (first at {first.file}:{first.line})")]
    issues = check_encoding(card, enc)
    if enc.name is not None and enc.name not in (card.name, card.qualified_name):
        issues.append((("name",), f"{enc.card} is {card.qualified_name!r}, not {enc.name!r}"))
    if not issues:
        found[card.id] = Encoded(card, enc, located.file, located.line_of((i,)))
    return [located.problem((i, *path), message) for path, message in issues]


@cache
def encodings() -> MappingProxyType[str, Encoded]:
    """The project's card encodings (read from ENCODINGS_DIR when first asked, so that a bench or a test can
    point it at a copy), loaded once per process; raises ProblemsError on a bad file."""
    from reference.cards import card_index

    return load_encodings(card_index(), ENCODINGS_DIR)


def status(card: Card, encodings: MappingProxyType[str, Encoded]) -> tuple[Status, tuple[str, ...]]:
    """A card's encoding status and, when not encodable, the mechanics the engine lacks."""
    enc = encodings.get(card.id)
    if enc is None:
        return "not yet encoded", ()
    missing = enc.encoding.missing
    return ("not encodable", missing) if missing else ("encoded", ())
