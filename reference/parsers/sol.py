"""The solitaire variant: setup items, basic-rule bullets (the Mystery Methuselah's under one), phases."""

from __future__ import annotations

import re

from reference.model import Kind
from reference.parsers.base import Draft, Parsed, ParseError, finish, split_lines

SOURCE = "sol"
_HEADINGS = {
    "Setup": ("setup", Kind.SECTION),
    "Basic Rules": ("basic", Kind.SECTION),
    "Turn Phases": ("phase", Kind.SECTION),
    "PREMISE": ("premise", Kind.FLAVOUR),
    "Notice": ("notice", Kind.META),
}
_HEADING = re.compile(rf"^({'|'.join(_HEADINGS)}):\s*$")
_BULLET = re.compile(r"^\* ")
_SUB_BULLET = re.compile(r"^\. ")
_PHASE = re.compile(r"^(\d+)\) ")
_STEP = re.compile(r"^([a-z])\. ")


def parse(body: str) -> Parsed:
    """Rule nodes of the solitaire rules, in document order."""
    lines = split_lines(body)
    if not lines:
        raise ParseError(SOURCE, 1, "empty document")
    drafts = [Draft(id=f"{SOURCE}:title", parent=None, kind=Kind.META, start=0,
                    lines=[lines[0]], title=lines[0].strip())]
    section: Draft | None = None
    host: Draft | None = None  # the bullet or phase that sub-items hang from
    current = drafts[0]
    counts: dict[str, int] = {}

    def add(draft: Draft) -> Draft:
        nonlocal current
        drafts.append(draft)
        current = draft
        return draft

    def child(parent: Draft, i: int, line: str, kind: Kind = Kind.RULE,
              token: str | None = None) -> Draft:
        counts[parent.id] = counts.get(parent.id, 0) + 1
        return add(Draft(id=f"{parent.id}.{token or counts[parent.id]}", parent=parent.id,
                         kind=kind, start=i, lines=[line]))

    for i, line in enumerate(lines[1:], start=1):
        blank = not line.strip()
        if m := _HEADING.match(line):
            slug, kind = _HEADINGS[m[1]]
            section = host = add(Draft(id=f"{SOURCE}:{slug}", parent=None, kind=kind, start=i,
                                       lines=[line], title=m[1].title()))
        elif blank or (section is None and current.id != f"{SOURCE}:title"):
            current.lines.append(line)
        elif section is None:
            add(Draft(id=f"{SOURCE}:intro", parent=None, kind=Kind.META, start=i, lines=[line],
                      title="Introduction"))
        elif section.kind is not Kind.SECTION:
            current.lines.append(line)
        elif section.id == f"{SOURCE}:setup":
            child(section, i, line)
        elif _BULLET.match(line):
            host = child(section, i, line)
        elif _SUB_BULLET.match(line) and host is not None and host is not section:
            child(host, i, line)
        elif m := _PHASE.match(line):
            host = child(section, i, line, token=m[1])
            host.title = line[m.end():].strip().rstrip(".")
        elif (m := _STEP.match(line)) and host is not None and host is not section:
            child(host, i, line, token=m[1])
        else:
            current.lines.append(line)
    return finish(SOURCE, drafts)
