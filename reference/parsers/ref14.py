"""The Jyhad Complete Rules Reference 1.4: a header, the outline I-VI, and the authorities legend."""

from __future__ import annotations

import re

from reference.model import Kind
from reference.parsers.base import Draft, Parsed, ParseError, finish, split_lines
from reference.parsers.outline import parse_outline

SOURCE = "ref14"
_LEGEND = re.compile(r"^\[(!?#\.#|[A-Za-z]+)\]\s")
_LEGEND_NAMES = {"#.#": "pocket", "!#.#": "corrected"}
_UNDERLINE = re.compile(r"^=+\s*$")


def parse(body: str) -> Parsed:
    """Rule nodes of ref14, in document order."""
    lines = split_lines(body)
    first = next((i for i, ln in enumerate(lines) if ln.startswith("I. ")), None)
    if first is None:
        raise ParseError(SOURCE, 1, "no 'I.' section found")
    legend = next((i for i in range(first, len(lines)) if _LEGEND.match(lines[i])), len(lines))
    drafts = _preamble(lines, first)
    drafts += parse_outline(lines, first, legend, SOURCE)
    for i in range(legend, len(lines)):
        m = _LEGEND.match(lines[i])
        if not m:
            drafts[-1].lines.append(lines[i])
            continue
        name = _LEGEND_NAMES.get(m[1], m[1])
        drafts.append(Draft(id=f"{SOURCE}:legend.{name}", parent=None, kind=Kind.LEGEND,
                            start=i, lines=[lines[i]], title=f"[{m[1]}]"))
    return finish(SOURCE, drafts)


def _preamble(lines: list[str], end: int) -> list[Draft]:
    """The editor's header: the author line, his note, and the document's title block."""
    drafts = [Draft(id=f"{SOURCE}:preamble", parent=None, kind=Kind.META, start=0, title="Header")]
    for i in range(end):
        line = lines[i]
        if line.startswith("NOTE:"):
            drafts.append(Draft(id=f"{SOURCE}:preamble.note1", parent=f"{SOURCE}:preamble",
                                kind=Kind.NOTE, start=i, normative=False, title="Editor's note"))
        elif i + 1 < end and _UNDERLINE.match(lines[i + 1]):
            drafts.append(Draft(id=f"{SOURCE}:title", parent=None, kind=Kind.META, start=i,
                                title=line.strip()))
        drafts[-1].lines.append(line)
    return drafts
