"""The Japanese overview: top-level headings, ● headings, ○ items, indented sub-headings, • bullets.

Headings get ASCII slugs from structure.yaml; each bullet is a node numbered under its
heading (or under the bullet it is indented beneath), e.g. ``ja23:edge.2``.
"""

from __future__ import annotations

import re

from reference.model import Kind
from reference.parsers.base import Draft, Parsed, ParseError, finish, split_lines
from reference.structure import structure

SOURCE = "ja23"
_MARKED = re.compile(r"^([●○])\s*(.*?)\s*$")
_BULLET = re.compile(r"^( *)• ")
_SUB_HEADING = re.compile(r"^ {2}(\S.*?)\s*$")


def parse(body: str) -> Parsed:
    """Rule nodes of the overview, in document order."""
    hints = structure().ja23
    lines = split_lines(body)
    drafts: list[Draft] = []
    headings: list[tuple[int, Draft]] = []  # open headings by level (1 top, 2 ●, 3 ○, 4 indented)
    bullets: list[tuple[int, Draft]] = []  # open bullets by indentation, under the last heading
    counts: dict[str, int] = {}
    hidden: set[str] = set()  # ids whose subtree is not normative
    current: Draft | None = None

    def heading(i: int, line: str, level: int, text: str) -> Draft:
        nonlocal current
        slug = hints.slugs[text]
        while headings and headings[-1][0] >= level:
            headings.pop()
        parent = headings[-1][1].id if headings else None
        node_id = f"{SOURCE}:{slug}"
        if slug in hints.not_normative or (parent in hidden):
            hidden.add(node_id)
        kind = Kind.RULE if "：" in text and level > 1 else Kind.SECTION
        d = Draft(id=node_id, parent=parent, kind=kind, start=i, lines=[line], title=text,
                  normative=False if node_id in hidden else None)
        drafts.append(d)
        headings.append((level, d))
        bullets.clear()
        current = d
        return d

    for i, line in enumerate(lines):
        bare = line.rstrip("\r\n")
        marked = _MARKED.match(bare)
        sub = _SUB_HEADING.match(bare)
        if i == 0 or (bare and not bare[0].isspace() and bare.strip() in hints.slugs and not marked):
            heading(i, line, 1, bare.strip())
        elif marked:
            if marked[2] not in hints.slugs:
                raise ParseError(SOURCE, i + 1, f"no slug for heading {marked[2]!r} in structure.yaml")
            heading(i, line, 2 if marked[1] == "●" else 3, marked[2])
        elif sub and sub[1] in hints.slugs:
            heading(i, line, 4, sub[1])
        elif b := _BULLET.match(bare):
            indent = len(b[1])
            while bullets and bullets[-1][0] >= indent:
                bullets.pop()
            host = bullets[-1][1] if bullets else headings[-1][1]
            counts[host.id] = counts.get(host.id, 0) + 1
            node_id = f"{host.id}.{counts[host.id]}"
            current = Draft(id=node_id, parent=host.id, kind=Kind.RULE, start=i, lines=[line],
                            normative=False if _hidden(host.id, hidden) else None)
            drafts.append(current)
            bullets.append((indent, current))
        elif bare and not bare[0].isspace() and bare[0] != "※" and current is not None \
                and current.id != f"{SOURCE}:title":
            raise ParseError(SOURCE, i + 1, f"unknown heading {bare.strip()!r}: add a slug in structure.yaml")
        else:
            if current is None:
                raise ParseError(SOURCE, i + 1, "text before the first heading")
            current.lines.append(line)
    by_id = {d.id: d for d in drafts}
    for d in drafts:
        slug = next((a.split(":", 1)[1] for a in _ancestry(d, by_id)
                     if a.split(":", 1)[1] in hints.kinds), None)
        if slug is not None:
            d.kind = hints.kinds[slug]
        elif d.kind is Kind.SECTION and any(ln.strip() for ln in d.lines[1:]):
            d.kind = Kind.RULE  # a heading followed by prose states something itself
    return finish(SOURCE, drafts)


def _ancestry(d: Draft, by_id: dict[str, Draft]) -> list[str]:
    """The node's id and its ancestors' ids, nearest first."""
    out = [d.id]
    while d.parent is not None:
        d = by_id[d.parent]
        out.append(d.id)
    return out


def _hidden(node_id: str, hidden: set[str]) -> bool:
    """Whether a node lies under a heading whose content is background, not rules."""
    return any(node_id == h or node_id.startswith(h + ".") for h in hidden)
