"""What every document parser shares: draft nodes, and turning them into frozen rules."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from reference.citations import Context, Unparsed, extract
from reference.model import NORMATIVE_KINDS, Kind, Rule


class ParseError(ValueError):
    """A document does not have the structure its parser expects."""

    def __init__(self, source: str, line: int, message: str) -> None:
        super().__init__(f"{source} line {line}: {message}")
        self.source = source
        self.line = line
        self.message = message


@dataclass
class Draft:
    """A node being built: the lines it owns so far and what it is."""

    id: str
    parent: str | None
    kind: Kind
    start: int  # 0-based index of the first line
    lines: list[str] = field(default_factory=list)
    title: str | None = None
    normative: bool | None = None  # None: decided by kind
    outline_top: str | None = None


@dataclass(frozen=True)
class Parsed:
    """A parsed document: its rules in order, and any citation text nobody understood."""

    rules: tuple[Rule, ...]
    unparsed: tuple[Unparsed, ...]


def split_lines(body: str) -> list[str]:
    """The document's lines, each with its line ending, so that joining them is lossless."""
    return body.splitlines(keepends=True)


def slugify(title: str) -> str:
    """An ASCII id segment from an English title: ``"Steal Blood"`` -> ``steal-blood``."""
    t = re.sub(r"\([^)]*\)", "", title).strip().lower()
    t = re.sub(r"^the\s+", "", t)
    t = t.replace("+", "plus-")
    return re.sub(r"[^a-z0-9]+", "-", t).strip("-")


def finish(source: str, drafts: list[Draft], *, legend_kinds: tuple[Kind, ...] = (Kind.LEGEND,),
           context: Callable[[Draft], Context] | None = None) -> Parsed:
    """Freeze drafts into rules, extracting citations; ids must be unique."""
    seen: dict[str, int] = {}
    rules: list[Rule] = []
    unparsed: list[Unparsed] = []
    for order, d in enumerate(drafts):
        if not d.lines:
            raise ParseError(source, d.start + 1, f"node {d.id} has no lines")
        if d.id in seen:
            raise ParseError(source, d.start + 1, f"duplicate id {d.id} (first at line {seen[d.id]})")
        seen[d.id] = d.start + 1
        text = "".join(d.lines)
        ctx = context(d) if context else Context(
            source=source, outline_top=d.outline_top, legend=d.kind in legend_kinds
        )
        cites, bad = extract(text, d.start + 1, ctx)
        unparsed.extend(bad)
        normative = d.normative if d.normative is not None else d.kind in NORMATIVE_KINDS
        rules.append(
            Rule(
                id=d.id, source=source, parent=d.parent, kind=d.kind, normative=normative,
                title=d.title, text=text, line_start=d.start + 1,
                line_end=d.start + len(d.lines), citations=tuple(cites), order=order,
            )
        )
    return Parsed(rules=tuple(rules), unparsed=tuple(unparsed))
