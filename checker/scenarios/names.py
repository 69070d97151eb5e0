"""The names a scenario gives and uses, checked when it is loaded: each problem located where it is written.

A name must say one thing: no character in it hidden (a zero-width or bidirectional one), an equipment name
either a real card's or an abstract item's unlike any card's, a retainer employed by a step not named like a
player or minion, and every name an expectation gives (who holds the Edge, who blocked) one of the setup's.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Iterable, Iterator
from collections.abc import Set as AbstractSet
from functools import cache
from typing import Any

from pydantic import BaseModel

from checker.engine.setup import Issue, Setup
from checker.scenarios.model import ActionExpect, GameExpect, MinionExpect
from reference.cards import card_index, lookup_card, normalize_name
from reference.problems import Problem, suggest
from reference.yamlsource import INVISIBLE, Located, shown

NAMED = ("setup", "steps", "expect", "expect_by_ruleset")
"""The parts of a scenario made of names (players, minions, cards, rule ids): the title and question are prose."""
BIDI = re.compile("[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def hidden_characters(located: Located) -> list[Problem]:
    """Every name (a key or a value under :data:`NAMED`) holding a zero-width or bidirectional character: two names
    that look the same would be different, or text would be reordered on screen."""
    if not isinstance(located.data, dict):
        return []
    problems: list[Problem] = []
    for root in NAMED:
        for path, text in _texts(located.data.get(root), (root,)):
            if found := INVISIBLE.search(text):
                char = found.group()
                what = unicodedata.name(char, "a format character")
                harm = "it reorders text on screen" if BIDI.match(char) else "two different names would look the same"
                problems.append(located.problem(path, f"{shown(text)} holds U+{ord(char):04X} ({what}), which is not "
                                                      f"allowed in a name: {harm}"))
    return problems


def _texts(value: Any, path: tuple[str | int, ...]) -> Iterator[tuple[tuple[str | int, ...], str]]:
    """Every text in a document part with its path: keys (at the key) and values."""
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, dict):
        for k, v in value.items():
            if isinstance(k, str):
                yield (*path, k), k
            yield from _texts(v, (*path, str(k)))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _texts(v, (*path, i))


NEAR_MISS = 0.8
"""How alike (difflib's ratio of the names as looked up) an abstract item's name and a card's may be: closer is
a misspelt card (`Flak Jaket`), not an item of its own (`Shotgun` beside Combat Shotgun is 0.67)."""
ID = re.compile(r"(?:card:)?\d+")


@cache
def _equipment_names() -> dict[str, str]:
    """Every name an equipment card is looked up by, normalized, with the name to suggest."""
    index = card_index()
    return {key: index.display[key] for key, cards in index.by_name.items()
            if any("Equipment" in c.types for c in cards)}


def unknown_equipment(name: str) -> str | None:
    """Why an equipment name that is no card's cannot be an abstract item's, or None.

    An id is always a card's; a name close to an equipment card's is that card misspelt: the item would
    silently lose the card's text (docs/guide/real-cards.md)."""
    if lookup_card(name) is not None:
        return None
    if ID.fullmatch(name.strip()):
        return f"no card with id {shown(name)}"
    names = _equipment_names()
    close = difflib.get_close_matches(normalize_name(name), list(names), n=3, cutoff=NEAR_MISS)
    if not close:
        return None
    near = ", ".join(dict.fromkeys(names[k] for k in close))
    return (f"no card named {shown(name)} (did you mean {near}?); an abstract item needs a name unlike any "
            "equipment card's")


def equipment_problems(setup: Setup) -> list[Issue]:
    """Every equipment name of the setup's minions that is a misspelt card or an unknown id."""
    issues: list[Issue] = []
    for i, m in enumerate(setup.minions):
        for j, item in enumerate(m.equipment):
            if (why := unknown_equipment(item)) is not None:
                issues.append((("minions", i, "equipment", j), why))
    return issues


def employed_retainer_clash(decision: Any, players: AbstractSet[str], minions: AbstractSet[str]) -> str | None:
    """Why the retainer a step employs cannot have its name (a player's or a minion's), or None.

    A retainer named like another retainer is a second copy of its card (contested, ref14:II.note1): that is
    allowed."""
    retainer = getattr(decision, "retainer", None)
    name = getattr(retainer, "name", None)
    if not isinstance(name, str) or (name not in players and name not in minions):
        return None
    return f"the retainer {shown(name)} has the name of a {'player' if name in players else 'minion'}: choose another"


def names_in(decision: BaseModel) -> Iterator[tuple[tuple[str | int, ...], str]]:
    """Every (field path, name) a decision refers to: actors, blockers, targets, sources."""
    data = decision.model_dump()
    keys = {"actor", "by", "target", "source", "pool_to", "blood_to_pool", "player", "blood_to", "vampire"}

    def walk(value: Any, path: tuple[str | int, ...]) -> Iterator[tuple[tuple[str | int, ...], str]]:
        if isinstance(value, dict):
            for k, v in value.items():
                if k in keys and isinstance(v, str):
                    yield (*path, k), v
                elif k == "pay" and isinstance(v, dict):
                    for who in v:
                        yield (*path, k), str(who)
                else:
                    yield from walk(v, (*path, k))
        elif isinstance(value, list | tuple):
            for i, v in enumerate(value):
                yield from walk(v, (*path, i))

    yield from walk(data, ())


def new_names(decision: BaseModel) -> list[str]:
    """Minions a decision brings into the game (so later steps may name them)."""
    data = decision.model_dump()
    found: list[str] = []
    if isinstance(data.get("ally"), dict):
        found.append(str(data["ally"]["name"]))
    if isinstance(data.get("retainer"), dict):
        found.append(str(data["retainer"]["name"]))
    found += [str(n) for n in data.get("take", ()) or ()]  # vampires a crypt review brings into play
    for t in data.get("transfers", ()) or ():
        if isinstance(t, dict) and isinstance(t.get("crypt_move"), dict) and "name" in t["crypt_move"]:
            found.append(str(t["crypt_move"]["name"]))
    card = data.get("card")
    if isinstance(card, dict) and isinstance(card.get("crypt_move"), dict):  # Kindred Intelligence
        found.append(str(card["crypt_move"]["name"]))
    return found


def retainer_clashes(located: Located, steps: Iterable[tuple[int, str, BaseModel]], players: AbstractSet[str],
                     minions: AbstractSet[str]) -> list[Problem]:
    """Each retainer a step (number, key, decision) employs under the name of a player, or of a minion of the setup
    or brought in by an earlier step."""
    problems: list[Problem] = []
    named = set(minions)
    for index, key, decision in steps:
        if (why := employed_retainer_clash(decision, players, named)) is not None:
            problems.append(located.problem(("steps", index, key, "retainer", "name"), why))
        retainer = getattr(getattr(decision, "retainer", None), "name", None)
        named |= set(new_names(decision)) - {retainer}
    return problems


def expectation_problems(located: Located, path: tuple[str | int, ...],
                         expected: GameExpect | ActionExpect | MinionExpect, players: AbstractSet[str],
                         minions: AbstractSet[str]) -> list[Problem]:
    """Every name an expectation gives that is not a player (or minion) of the scenario, with the nearest names.

    Found at load time, not as a failed run: `edge: bob` when no bob is seated can never be met."""
    nobody = {"nobody"}
    who: list[tuple[str, Any, AbstractSet[str], str]] = []  # field, value, the names allowed, what it must be
    if isinstance(expected, GameExpect):
        who = [("edge", expected.edge, players | nobody, "a player of this scenario, nor `nobody`"),
               ("turn", expected.turn, players, "a player of this scenario"),
               *((f"winners[{i}]", w, players, "a player of this scenario")
                 for i, w in enumerate(expected.winners or ()))]
    elif isinstance(expected, ActionExpect):
        who = [("actor", expected.actor, minions, "a minion of this scenario"),
               ("blocked_by", expected.blocked_by, minions | nobody,
                "a minion of this scenario, nor `nobody`"),
               *((f"block_order[{i}]", p, players, "a player of this scenario")
                 for i, p in enumerate(expected.block_order or ())),
               *((f"attempts[{i}]", m, minions, "a minion of this scenario")
                 for i, m in enumerate(expected.attempts or ()))]
    else:
        who = [("controller", expected.controller, players, "a player of this scenario"),
               ("owner", expected.owner, players, "a player of this scenario")]
    problems: list[Problem] = []
    for field, value, allowed, what in who:
        if value is not None and value not in allowed:
            key, _, index = field.partition("[")
            at = (*path, key, int(index[:-1])) if index else (*path, key)
            problems.append(located.problem(at, f"{shown(value)} is not {what}{suggest(value, allowed)}"))
    return problems
