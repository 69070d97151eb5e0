"""Honest labels (issue 28): a part marked ``not_modelled`` must not be a text that another card's encoding models.

A ``not_modelled`` part says the engine's vocabulary lacks what its text does. If another card quotes the same text,
or text of the same shape, and gives it an effect, the vocabulary has it: the part is mislabelled and takes that
effect, adjusted to its own numbers and names (reference/effectcheck.py checks them against its quote). Where the
same text truly cannot be encoded the same way on this card (the engine plays the effect for another kind of card,
or in another place), the part stays ``not_modelled`` and its reason begins with ``differs:`` and says why.

Two texts have the same shape when they are equal once each has these replaced (whitespace collapsed first):

- a Discipline level mark, ``[pot]`` or ``[POT]``, by ``[discipline]``;
- a Discipline's name (reference/disciplines.py) by ``<discipline>``;
- a vampire clan's name (the clans of the crypt's vampires, singular or plural) by ``<clan>``;
- a sect's name (the sects the vocabulary knows) by ``<sect>``;
- a title (the titles crypt cards hold, with "member": "Inner Circle member") by ``<title>``;
- a run of digits by ``<n>`` (a sign stays: "+1 stealth" and "-1 stealth" differ);
- and, as a second shape of the same text, the card's own name (before any comma, and a vampire's first name) by
  ``<name>`` where the text says more than the name: "Aurora can strike: 1R damage." is shaped like "Nephandus can
  strike: 1R damage.", while "Frenzy." on the card Frenzy matches only "Frenzy." (not "Contract." on Contract).

Each of these is a value the vocabulary takes as a parameter (a sect, a clan, a title, a number, a Discipline by its
card's requirement), so text of one shape is encoded with the same effect. Other words (kinds of card, minion or
action, "ready", "locked") are kept: they change what the text does.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable
from functools import cache
from typing import get_args

from reference.cards import Card, card_index, find_card
from reference.disciplines import DISCIPLINES
from reference.effectcheck import Encoded, encodings, squash
from reference.effects import Part, Sect

DIFFERS = "differs:"
"""How a ``not_modelled`` reason says why the text cannot take the effect another card gives the same text."""


def _words(names: Iterable[str], plural: str = "") -> str:
    longest_first = sorted(set(names), key=len, reverse=True)
    return r"\b(?:" + "|".join(re.escape(n) for n in longest_first) + rf"){plural}\b"


@cache
def _patterns() -> tuple[tuple[re.Pattern[str], str], ...]:
    cards = card_index().by_id.values()
    clans = {c.clan for c in cards if c.clan and "Vampire" in c.types and "/" not in c.clan}
    titles = {c.title for c in cards if c.title and not c.title[0].isdigit()}
    return (
        (re.compile(r"\[(?:[a-z]{3}|[A-Z]{3})\]"), "[discipline]"),
        (re.compile(_words(DISCIPLINES.values())), "<discipline>"),
        (re.compile(_words(clans, "s?")), "<clan>"),
        (re.compile(_words(get_args(Sect))), "<sect>"),
        (re.compile(_words(titles, r"(?: member)?s?"), re.IGNORECASE), "<title>"),
        (re.compile(r"\d+"), "<n>"),
    )


def shapes(text: str, card: Card) -> frozenset[str]:
    """The shapes of a part's text on this card: the text normalised as the module says, with and without the
    card's own name replaced."""
    out = squash(text)
    for pattern, mark in _patterns():
        out = pattern.sub(mark, out)
    name = card.name.split(",")[0].strip()
    own = {name, name.split()[0]} if card.kind == "crypt" else {name}
    named = re.sub(_words(own), "<name>", out)
    return frozenset({out, named} if re.search(r"\w", named.replace("<name>", "")) else {out})


def _modelled() -> dict[str, list[tuple[Encoded, Part]]]:
    by_shape: dict[str, list[tuple[Encoded, Part]]] = defaultdict(list)
    for enc in encodings().values():
        for part in enc.encoding.parts:
            if part.not_modelled is None:
                for shape in shapes(part.text, enc.card):
                    by_shape[shape].append((enc, part))
    return by_shape


def twins(enc: Encoded, part: Part, modelled: dict[str, list[tuple[Encoded, Part]]]) -> list[tuple[Encoded, Part]]:
    """The parts other cards model whose text has a shape of this part's text."""
    found = {(e.card.id, id(p)): (e, p) for shape in sorted(shapes(part.text, enc.card))
             for e, p in modelled.get(shape, []) if e.card.id != enc.card.id}
    return list(found.values())


def mislabels() -> list[str]:
    """Every ``not_modelled`` part whose text another card models, unless its reason says why it differs."""
    modelled = _modelled()
    out = []
    for enc in encodings().values():
        for i, part in enumerate(enc.encoding.parts):
            if part.not_modelled is None or part.not_modelled.startswith(DIFFERS):
                continue
            found = twins(enc, part, modelled)
            if found:
                other, twin = found[0]
                out.append(f"{enc.file}:{enc.line}: {enc.card.name} parts[{i}] {part.text!r} is not_modelled "
                           f"({part.not_modelled}), but {other.card.name} models {twin.text!r} as `{twin.effect}`")
    return out


def test_a_not_modelled_part_is_no_text_another_card_models() -> None:
    found = mislabels()
    assert not found, (f"{len(found)} part(s) marked not_modelled have the text (or its shape) of a part another "
                       "card models: give each that effect, or say `not_modelled: 'differs: ...'` why it cannot be "
                       "encoded the same way here\n" + "\n".join(found))


def test_a_part_saying_it_differs_has_a_twin() -> None:
    """A 'differs:' reason answers a modelled twin; with no twin left it says nothing true."""
    modelled = _modelled()
    stale = [f"{enc.file}:{enc.line}: {enc.card.name} parts[{i}] {part.text!r}"
             for enc in encodings().values() for i, part in enumerate(enc.encoding.parts)
             if (part.not_modelled or "").startswith(DIFFERS) and not twins(enc, part, modelled)]
    assert not stale, "a part says it differs, but no other card models its text:\n" + "\n".join(stale)


def test_a_differs_reason_says_why() -> None:
    """'differs:' alone, or a word or two, does not say what the engine does otherwise."""
    bare = [f"{enc.file}:{enc.line}: {enc.card.name} {part.text!r}" for enc in encodings().values()
            for part in enc.encoding.parts
            if (reason := part.not_modelled or "").startswith(DIFFERS) and len(reason[len(DIFFERS):].split()) < 5]
    assert not bare, "a 'differs:' reason names what differs, in a few words at least:\n" + "\n".join(bare)


def test_shapes_normalise_parameters_the_vocabulary_takes() -> None:
    brujah, aurora = find_card("Brujah Justicar"), find_card("Aurora Van Brande, Paladin (G2)")
    assert shapes("Requires a Sabbat vampire.", brujah) == shapes("Requires a Camarilla vampire.", brujah)
    assert shapes("Choose a ready Malkavian.", brujah) == shapes("Choose a ready Brujah.", brujah)
    assert shapes("Requires a justicar or Inner Circle member.", brujah) == shapes("Requires a prince or baron.",
                                                                                    brujah)
    assert shapes("[pot] Strike: hand strike at +1 damage.", brujah) == shapes("[POT] Strike: hand strike at "
                                                                                "+2 damage.", brujah)
    assert shapes("+1 stealth.", brujah) != shapes("-1 stealth.", brujah)
    assert "<name> can strike: <n>R damage." in shapes("Aurora can strike: 1R damage.", aurora)
    assert "Aurora can strike: <n>R damage." in shapes("Aurora can strike: 1R damage.", aurora)
    assert shapes("Frenzy.", find_card("Frenzy")) == {"Frenzy."}
