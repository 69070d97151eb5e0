"""The outline format shared by ref14 and the combat outline: ``I.`` / ``A.`` / ``1.`` / ``a.`` / ``i.``.

Indentation was lost in these documents, so the level of a line comes from its marker
alone; ``i``, ``v`` and ``x`` are letters or roman numerals depending on what is open.
NOTE and EXCEPTION lines are nodes of their own, attached to the item they follow, or
to that item's parent when they close its list (the next marker is shallower).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from reference.model import Kind
from reference.parsers.base import Draft, ParseError

ROMANS = ("i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x")

_L1 = re.compile(r"^([IVX]+)\.\s+(?=[A-Z][A-Z])")
_L2 = re.compile(r"^([A-Z])\.\s+")
_L3 = re.compile(r"^(\d+)\.\s+")
_L4 = re.compile(r"^([a-z])\.\s+")
_L5 = re.compile(rf"^({'|'.join(sorted(ROMANS, key=len, reverse=True))})\.\s+")
_REMARK = re.compile(r"^(NOTE|EXCEPTION):")
_UPPER_TITLE = re.compile(r"^([A-Z][A-Z '\-/]+[A-Z])\b")


@dataclass
class _Open:
    level: int
    token: str
    draft: Draft


def _level(line: str, stack: list[_Open]) -> tuple[int, str] | None:
    """The outline level and token of a marker line, or None for other lines."""
    if m := _L1.match(line):
        return 1, m[1]
    if m := _L2.match(line):
        return 2, m[1]
    if m := _L3.match(line):
        return 3, m[1]
    m4, m5 = _L4.match(line), _L5.match(line)
    if m5 and (not m4 or m5[1] != m4[1]):
        return 5, m5[1]
    if m4 and m5:  # i, v or x: a letter after h/u/w, or a roman numeral
        tok = m4[1]
        l4 = next((o for o in reversed(stack) if o.level == 4), None)
        l5 = stack[-1] if stack and stack[-1].level == 5 else None
        if l5 and ROMANS.index(l5.token) + 1 < len(ROMANS) and ROMANS[ROMANS.index(l5.token) + 1] == tok:
            return 5, tok
        if l4 and chr(ord(l4.token) + 1) == tok:
            return 4, tok
        if l4 and tok == "i":
            return 5, tok
        return 4, tok
    if m4:
        return 4, m4[1]
    return None


def _title(line: str, marker_len: int) -> str | None:
    m = _UPPER_TITLE.match(line[marker_len:].strip())
    return m[1].strip() if m and len(m[1]) > 2 else None


def parse_outline(lines: list[str], start: int, end: int, source: str,
                  parent: str | None = None) -> list[Draft]:
    """Drafts for ``lines[start:end]``, which must begin with a level-1 marker line."""
    drafts: list[Draft] = []
    stack: list[_Open] = []
    remarks: dict[tuple[str, str], int] = {}
    current: Draft | None = None
    for i in range(start, end):
        line = lines[i]
        found = _level(line, stack)
        if found:
            level, token = found
            while stack and stack[-1].level >= level:
                stack.pop()
            if level > 1 and not stack:
                raise ParseError(source, i + 1, f"outline item {token}. outside a section")
            parent_id = stack[-1].draft.id if stack else parent
            node_id = f"{stack[-1].draft.id}.{token}" if stack else f"{source}:{token}"
            marker = re.match(r"^\S+\.\s+", line)
            current = Draft(
                id=node_id, parent=parent_id, kind=Kind.SECTION if level == 1 else Kind.RULE,
                start=i, lines=[line], title=_title(line, marker.end() if marker else 0),
                outline_top=(stack[0].token if stack else token),
            )
            drafts.append(current)
            stack.append(_Open(level, token, current))
            continue
        remark = _REMARK.match(line)
        if remark and stack:
            host = _remark_host(lines, i + 1, end, stack)
            kind = Kind.NOTE if remark[1] == "NOTE" else Kind.EXCEPTION
            key = (host.id, kind.value)
            remarks[key] = remarks.get(key, 0) + 1
            current = Draft(
                id=f"{host.id}.{kind.value}{remarks[key]}", parent=host.id, kind=kind, start=i,
                lines=[line], outline_top=stack[0].token,
            )
            drafts.append(current)
            continue
        if current is None:
            raise ParseError(source, i + 1, "text before the first outline section")
        current.lines.append(line)
    return drafts


def _remark_host(lines: list[str], after: int, end: int, stack: list[_Open]) -> Draft:
    """The node a NOTE/EXCEPTION belongs to: the open item, or its parent if its list ends."""
    deepest = stack[-1]
    next_level: int | None = None
    for j in range(after, end):
        found = _level(lines[j], stack)
        if found:
            next_level = found[0]
            break
    if len(stack) > 1 and (next_level is None or next_level < deepest.level):
        return stack[-2].draft
    return deepest.draft
