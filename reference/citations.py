"""Reading citations out of rule text: ``[12.3.1 p22]``, ``[!7.2.1]``, ``[DTR]``, ``(8.1)``, ...

Each citation is classified; what cannot be understood is returned as *unparsed* so a
test can insist that nothing in the corpus is left unread.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from reference.model import Citation, CitationKind

AUTHORITIES = ("LSJ", "TOM", "DTR", "FAQ", "RMc", "RTR")

_BRACKET = re.compile(r"\[([^\[\]]*)\]")
_SECTION_NO = r"\d+(?:\.\d+)*"
_POCKET = re.compile(rf"^({_SECTION_NO})(?:\s+(p\d+|Item \d+\)))?$")
_CORRECTED = re.compile(rf"^!({_SECTION_NO})$")
_AUTHORITY = re.compile(rf"^({'|'.join(AUTHORITIES)})$")
_PRECEDENT = re.compile(rf"^(precedent set by .*?)\s*-({'|'.join(AUTHORITIES)})$", re.S)
_PLACEHOLDER = re.compile(r"^!?#\.#$")
_PROSE = re.compile(r"^[A-Za-z][A-Za-z ,.'-]*$")
_PAREN_SECTION = re.compile(rf"\((:?)({_SECTION_NO})\)")
_GOTO = re.compile(r"\(Go to step ([A-Z])\)")
_PROSE_SECTION = re.compile(rf"\bSection ({_SECTION_NO})")
_APPENDIX = re.compile(r"\bAppendix ([A-Z])\b")
_SEE_SECTION = re.compile(r"\b[Ss]ee section ([IVX]+)\b")
_OUTLINE_REF = re.compile(r"\b(?:step|section) ((?:[IVX]+\.)?[A-G]\.\d+(?:\.[a-z]+)*)")


@dataclass(frozen=True)
class Unparsed:
    """Citation-like text that no rule understood."""

    raw: str
    line: int


@dataclass(frozen=True)
class Context:
    """Where the text comes from, for citations whose meaning depends on it."""

    source: str
    outline_top: str | None = None  # the roman section a "(Go to step F)" stays in
    legend: bool = False  # the legend's own entries define, not cite


def _line_at(text: str, offset: int, first_line: int) -> int:
    return first_line + text.count("\n", 0, offset)


def _bracket(inner: str, ctx: Context) -> tuple[CitationKind, str | None, str | None] | None:
    flat = " ".join(inner.split())
    if _PLACEHOLDER.match(flat):
        return CitationKind.LEGEND, None, "legend placeholder"
    if m := _CORRECTED.match(flat):
        return CitationKind.CORRECTED, f"ext.pocket:{m[1]}", None
    if m := _POCKET.match(flat):
        return CitationKind.POCKET, f"ext.pocket:{m[1]}", m[2]
    if m := _AUTHORITY.match(flat):
        if ctx.legend:
            return CitationKind.LEGEND, f"authority:{m[1]}", "legend entry"
        return CitationKind.AUTHORITY, f"authority:{m[1]}", None
    if m := _PRECEDENT.match(flat):
        return CitationKind.AUTHORITY, f"authority:{m[2]}", m[1]
    if _PROSE.match(flat) and " " in flat:
        return CitationKind.ASIDE, None, "bracketed prose, not a reference"
    return None


def extract(text: str, first_line: int, ctx: Context) -> tuple[list[Citation], list[Unparsed]]:
    """Every citation in ``text`` (which starts at document line ``first_line``)."""
    found: list[tuple[int, Citation]] = []
    unparsed: list[Unparsed] = []

    def add(offset: int, raw: str, kind: CitationKind, target: str | None, detail: str | None) -> None:
        line = _line_at(text, offset, first_line)
        found.append(
            (offset, Citation(raw=raw, kind=kind, target=target, detail=detail, line=line))
        )

    for m in _BRACKET.finditer(text):
        got = _bracket(m[1], ctx)
        if got is None:
            unparsed.append(Unparsed(m[0], _line_at(text, m.start(), first_line)))
        else:
            add(m.start(), m[0], *got)
    if ctx.source == "cto":
        for m in _PAREN_SECTION.finditer(text):
            detail = "written with a stray colon" if m[1] else None
            add(m.start(), m[0], CitationKind.SECTION, f"rb95:{m[2]}", detail)
        for m in _OUTLINE_REF.finditer(text):
            path = m[1] if re.match(r"^[IVX]+\.", m[1]) else f"{ctx.outline_top}.{m[1]}"
            add(m.start(), m[0], CitationKind.STEP, f"cto:{path}", None)
        if ctx.outline_top:
            for m in _GOTO.finditer(text):
                add(m.start(), m[0], CitationKind.STEP, f"cto:{ctx.outline_top}.{m[1]}", None)
    if ctx.source == "rb95":
        for m in _PROSE_SECTION.finditer(text):
            add(m.start(), m[0], CitationKind.SECTION, f"rb95:{m[1]}", None)
        for m in _APPENDIX.finditer(text):
            add(m.start(), m[0], CitationKind.SECTION, f"ext.rb95:appendix-{m[1]}", None)
    if ctx.source in ("ref14", "cto"):
        for m in _SEE_SECTION.finditer(text):
            add(m.start(), m[0], CitationKind.SECTION, f"{ctx.source}:{m[1]}", None)
    found.sort(key=lambda pair: pair[0])
    return [c for _, c in found], unparsed
