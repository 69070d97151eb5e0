"""Errata as data (``reference/errata/*.yaml``): a rule's new text and the parameters it changes.

An erratum names the rules it amends (held rules or external sections), its new text, the
parameter values it changes, and the rulesets it applies to, or a new ruleset that extends
an old one with it. Applying errata gives the effective rulesets the engine plays; the
original text of every rule stays as the document has it.
"""

from __future__ import annotations

import contextlib
import datetime
import re
from collections.abc import Iterable, Mapping
from dataclasses import replace
from pathlib import Path
from types import MappingProxyType
from typing import Any

from pydantic import Field, field_validator, model_validator

from reference.corpus import Corpus
from reference.documents import PACKAGE_DIR, display_path
from reference.effects import Encoding, Part
from reference.parameters import NAMES, check_value, migrate
from reference.problems import Problem, ProblemsError, suggest
from reference.ruleset_model import Parameter, Ruleset, _Strict
from reference.yamlsource import Located, YamlLoadError, field_path, load_file, load_model

ERRATA_DIR = PACKAGE_DIR / "errata"
Slug = Field(pattern=r"^[a-z0-9][a-z0-9.-]*$", max_length=80)


class Amendment(_Strict):
    """One rule amended, with its new wording if the erratum gives one."""

    rule: str = Field(description="A rule id, or an external section such as ext.pocket:15.3.")
    text: str | None = Field(default=None, max_length=4000)


class CardAmendment(_Strict):
    """A card's text changed by the erratum: the new text verbatim, and its parts as the engine plays them."""

    card: str = Field(min_length=1, max_length=80, description="The card's name or id (card:100001).")
    text: str = Field(min_length=1, max_length=4000, description="The card's new text, as the erratum gives it.")
    parts: tuple[Part, ...] = Field(min_length=1, description="The new text, part by part (reference/effects/).")


class NewRuleset(_Strict):
    """A ruleset the erratum creates by extending another with its changes."""

    name: str = Slug
    extends: str
    title: str = Field(min_length=3, max_length=200)


class Erratum(_Strict):
    """One erratum: what it amends, what it changes, where it applies."""

    id: str = Slug
    title: str = Field(min_length=3, max_length=200)
    date: str = Field(min_length=4, max_length=80, description="YYYY, YYYY-MM or YYYY-MM-DD, then an optional "
                      "note in parentheses: `1996 (after the rulebook it cites)`.")
    authority: str = Field(min_length=1, max_length=120, description="An authority code (LSJ, DTR, ...) or a name.")
    source: str | None = Field(default=None, description="The rule where the erratum is published, if held.")
    why: str = Field(min_length=3, max_length=1000)
    amends: tuple[Amendment, ...] = Field(default=(), description="The rules it amends.")
    cards: tuple[CardAmendment, ...] = Field(default=(), description="The cards whose text it changes.")
    parameters: dict[str, Any] = Field(default_factory=dict, description="Parameter values it changes.")
    rulesets: tuple[str, ...] = Field(default=(), description="Rulesets it applies to.")
    new_ruleset: NewRuleset | None = None

    @field_validator("date")
    @classmethod
    def _dated(cls, v: str) -> str:
        when(v)
        return v

    @property
    def when(self) -> tuple[int, int, int]:
        """The date as (year, month, day), 0 where the erratum is not that precise: errata apply in this order."""
        return when(self.date)

    @model_validator(mode="after")
    def _where(self) -> Erratum:
        if not self.amends and not self.cards:
            raise ValueError("an erratum amends at least one rule (`amends`) or card (`cards`)")
        if self.parameters and not (self.amends or self.source):
            raise ValueError("an erratum that changes parameters amends the rule that owns them")
        if self.cards and not self.rulesets and self.new_ruleset is None:
            raise ValueError("an erratum that changes a card names the rulesets it applies to, or a new_ruleset")
        if self.parameters and not self.rulesets and self.new_ruleset is None:
            raise ValueError("an erratum that changes parameters names the rulesets it applies to, or a new_ruleset")
        if self.rulesets and self.new_ruleset is not None:
            raise ValueError("give rulesets or new_ruleset, not both")
        return self

    @property
    def owner(self) -> str:
        """The rule that owns the values it changes: where it is published, else what it amends."""
        return self.source or (self.amends[0].rule if self.amends else f"erratum:{self.id}")

    @property
    def targets(self) -> tuple[str, ...]:
        """The rulesets whose answers it changes."""
        return (self.new_ruleset.name,) if self.new_ruleset else self.rulesets


_DATE = re.compile(r"(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?(?: \((.+)\))?")


def when(text: str) -> tuple[int, int, int]:
    """``1996``, ``1996-05`` or ``1996-05-01``, with an optional ``(note)``, as (year, month, day)."""
    m = _DATE.fullmatch(text.strip())
    if m is None:
        raise ValueError(f"{text!r} is not a date: write YYYY, YYYY-MM or YYYY-MM-DD, then an optional note in "
                         "parentheses, e.g. 1996-05 (after the rulebook)")
    year, month, day = int(m[1]), int(m[2] or 0), int(m[3] or 0)
    try:
        datetime.date(year, month or 1, day or 1)
    except ValueError as exc:
        raise ValueError(f"{text!r} is not a date: {exc}") from None
    return year, month, day


def load_erratum(path: Path, corpus: Corpus, base: Mapping[str, Ruleset]) -> Erratum:
    """One erratum file, checked against the corpus and the rulesets; every problem at once."""
    return read_erratum(path, corpus, base)[0]


def read_erratum(path: Path, corpus: Corpus, base: Mapping[str, Ruleset]) -> tuple[Erratum, Located]:
    """One erratum file, checked, with the file as read: to locate the problems it has with other errata."""
    e, located = load_model(path, Erratum, display_path(path))
    e = e.model_copy(update={"parameters": migrate(e.parameters)[0]})  # readings renamed since it was written
    problems: list[Problem] = []
    known = set(corpus.rules) | set(corpus.externals)
    if e.id != path.stem:
        problems.append(located.problem(("id",), f"the id must be the file's name, {path.stem!r}"))
    for i, a in enumerate(e.amends):
        if a.rule not in known:
            problems.append(located.problem(("amends", i, "rule"), f"unknown rule {a.rule!r}{suggest(a.rule, known)}"))
    problems += _amended_twice(e, located)
    problems += _card_problems(e, located)
    if e.source is not None and e.source not in corpus.rules:
        problems.append(located.problem(("source",), f"unknown rule {e.source!r}{suggest(e.source, corpus.rules)}"))
    names = list(e.rulesets) + ([e.new_ruleset.extends] if e.new_ruleset else [])
    for i, r in enumerate(names):
        where = ("rulesets", i) if i < len(e.rulesets) else ("new_ruleset", "extends")
        if r not in base:
            problems.append(located.problem(where, f"unknown ruleset {r!r}{suggest(r, base)}"))
            continue
        for p in e.parameters:
            if p not in base[r].parameters:
                problems.append(located.problem(("parameters", p), f"{r} has no parameter {p!r}"
                                                f"{suggest(p, base[r].parameters)}"))
    for p, value in e.parameters.items():
        wrong = check_value(p, value) if p in NAMES else None
        if wrong is not None:
            problems.append(located.problem(("parameters", p), wrong))
    if e.new_ruleset and e.new_ruleset.name in base:
        problems.append(located.problem(("new_ruleset", "name"), f"{e.new_ruleset.name} already exists"))
    if problems:
        raise ProblemsError(problems)
    return e, located


def _place(located: Located, path: tuple[str | int, ...]) -> str:
    """``amends[0] (line 9)``: a place in the file, for a message that names two."""
    line = located.line_of(path)
    return f"{field_path(path)}" + (f" (line {line})" if line is not None else "")


def _twice(what: str, located: Located, key: str, first: int, texts: tuple[str | None, str | None]) -> str:
    if texts[0] != texts[1]:
        return (f"{what} is amended here with another text than at {_place(located, (key, first))}: nothing says "
                "which holds; amend it once")
    return f"{what} is amended again here, as at {_place(located, (key, first))}: amend it once"


def _amended_twice(e: Erratum, located: Located) -> list[Problem]:
    """A rule the erratum amends twice: two texts for one rule, or the same one said twice."""
    problems: list[Problem] = []
    first: dict[str, int] = {}
    for i, a in enumerate(e.amends):
        j = first.setdefault(a.rule, i)
        if j != i:
            problems.append(located.problem(("amends", i, "rule"),
                                            _twice(a.rule, located, "amends", j, (e.amends[j].text, a.text))))
    return problems


def _card_problems(e: Erratum, located: Located) -> list[Problem]:
    """Each amended card must exist, and its parts must quote and cover the new text as encodings do."""
    from reference.cards import UnknownCardError, find_card
    from reference.effectcheck import check_encoding

    problems: list[Problem] = []
    first: dict[str, int] = {}
    for i, a in enumerate(e.cards):
        try:
            card = find_card(a.card)
        except UnknownCardError as exc:
            problems.append(located.problem(("cards", i, "card"), str(exc)))
            continue
        j = first.setdefault(card.id, i)
        if j != i:
            problems.append(located.problem(("cards", i, "card"), _twice(
                f"{card.name} ({card.id})", located, "cards", j, (e.cards[j].text, a.text))))
        changed = card.model_copy(update={"text": a.text})
        for path, message in check_encoding(changed, Encoding(card=card.id, parts=a.parts)):
            problems.append(located.problem(("cards", i, *path), message.replace(f"{card.name}'s", "the new")))
    return problems


def card_changes(e: Erratum) -> dict[str, Encoding]:
    """Card id -> the encoding of its new text."""
    from reference.cards import find_card

    return {find_card(a.card).id: Encoding(card=find_card(a.card).id, parts=a.parts) for a in e.cards}


def load_errata(corpus: Corpus, base: Mapping[str, Ruleset], folder: Path = ERRATA_DIR) -> list[Erratum]:
    """Every erratum in the folder, in date and id order; every problem of every file at once."""
    found: list[Erratum] = []
    files: dict[str, Located] = {}
    problems: list[Problem] = []
    for path in sorted(folder.glob("*.yaml")) if folder.exists() else []:
        try:
            e, files[path.stem] = read_erratum(path, corpus, base)
        except ProblemsError as exc:
            problems += exc.problems
            continue
        found.append(e)
    problems += clashes(found, files, folder)
    if problems:
        raise ProblemsError(problems)
    return in_order(found)


def in_order(errata: Iterable[Erratum]) -> list[Erratum]:
    """Errata in the order they apply: by date, then id."""
    return sorted(errata, key=lambda e: (e.when, e.id))


class _Places:
    """Where each erratum says what: its file as read, else its file in the folder, read again for the lines."""

    def __init__(self, files: Mapping[str, Located], folder: Path) -> None:
        self.files, self.folder = dict(files), folder

    def problem(self, e: Erratum, path: tuple[str | int, ...], message: str) -> Problem:
        file = self.folder / f"{e.id}.yaml"
        if e.id not in self.files and file.is_file():
            with contextlib.suppress(YamlLoadError):  # unreadable: placed by its file alone
                self.files[e.id] = load_file(file, display_path(file))
        located = self.files.get(e.id)
        if located is not None:
            return located.problem(path, message)
        return Problem(display_path(file), None, field_path(path), message)

    def place(self, e: Erratum, path: tuple[str | int, ...]) -> str:
        """``reference/errata/one.yaml:6 (amends[0].text)``."""
        p = self.problem(e, path, "")
        return f"{p.file}{f':{p.line}' if p.line is not None else ''} ({p.field})"


def clashes(errata: list[Erratum], files: Mapping[str, Located] | None = None,
            folder: Path = ERRATA_DIR) -> list[Problem]:
    """Problems between errata: one new ruleset made twice, two different texts or values for one thing on
    one date (nothing says which holds), and rules superseding each other in a cycle.

    ``files`` holds the errata files as read, by erratum id, to locate the problems by line; an erratum
    without one is placed at its file in ``folder``. Errata of different dates never clash: they apply
    in date order, the later text or value holding.
    """
    at = _Places(files or {}, folder)
    problems: list[Problem] = []
    made: dict[str, Erratum] = {}
    for e in errata:
        if e.new_ruleset is None:
            continue
        first = made.setdefault(e.new_ruleset.name, e)
        if first is not e:
            problems.append(at.problem(e, ("new_ruleset", "name"), f"{e.new_ruleset.name} is already made by "
                                       f"the erratum {first.id} at {at.place(first, ('new_ruleset', 'name'))}"))
    texts: dict[tuple[str, tuple[int, int, int]], tuple[Erratum, int]] = {}
    values: dict[tuple[str, str, tuple[int, int, int]], Erratum] = {}
    for e in errata:
        for i, a in enumerate(e.amends):
            if a.text is None:
                continue
            other, j = texts.setdefault((a.rule, e.when), (e, i))
            if other is not e and other.amends[j].text != a.text:
                problems.append(at.problem(e, ("amends", i, "text"),
                                           f"{a.rule} is given another wording by the erratum {other.id} of the same "
                                           f"date at {at.place(other, ('amends', j, 'text'))}: nothing says which "
                                           "holds (date them apart)"))
        for name in e.targets:
            for k, v in e.parameters.items():
                first = values.setdefault((name, k, e.when), e)
                if first is not e and first.parameters[k] != v:
                    problems.append(at.problem(e, ("parameters", k),
                                               f"the erratum {first.id} of the same date sets {k} to another value in "
                                               f"{name} at {at.place(first, ('parameters', k))}: nothing says which "
                                               "holds (date them apart)"))
    graph: dict[str, set[str]] = {}
    for e in errata:
        for a in e.amends:
            if e.source and e.source != a.rule:
                graph.setdefault(e.source, set()).add(a.rule)
    cycle = _cycle(graph)
    if cycle:
        problems.append(Problem(display_path(folder), None, None,
                                "rules supersede each other in a cycle: " + " -> ".join(cycle)))
    return problems


def _cycle(graph: dict[str, set[str]]) -> list[str]:
    """A cycle of the graph, as a path that returns to its start, or []."""
    state: dict[str, int] = {}  # 1 on the path, 2 done

    def visit(node: str, path: list[str]) -> list[str]:
        state[node] = 1
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt):], nxt] if nxt in path else [node, nxt]
            if nxt not in state and (found := visit(nxt, [*path, nxt])):
                return found
        state[node] = 2
        return []

    for start in sorted(graph):
        if start not in state and (found := visit(start, [start])):
            return found
    return []


def apply_errata(base: Mapping[str, Ruleset], errata: Iterable[Erratum]) -> dict[str, Ruleset]:
    """The rulesets with the errata's parameter changes, each now owned by the erratum's rule."""
    out = dict(base)
    for e in errata:
        if e.new_ruleset is not None:
            parent = out[e.new_ruleset.extends]
            out[e.new_ruleset.name] = _amended(parent, e, e.new_ruleset.name, e.new_ruleset.title)
        for name in e.rulesets if e.parameters else ():
            out[name] = _amended(out[name], e, name, out[name].title)
        for name in e.targets if e.cards else ():
            out[name] = replace(out[name], cards=MappingProxyType({**out[name].cards, **card_changes(e)}))
    return out


def _amended(rs: Ruleset, e: Erratum, name: str, title: str) -> Ruleset:
    params = dict(rs.parameters)
    for k, v in e.parameters.items():
        params[k] = Parameter(value=v, rule=e.owner)
    return Ruleset(name, title, rs.sources, rs.description if name == rs.name else f"{rs.name} with the erratum "
                   f"{e.id}", rs.extends if name == rs.name else rs.name, MappingProxyType(params), rs.steps,
                   rs.own | frozenset(e.parameters), rs.fallbacks, rs.cards)
