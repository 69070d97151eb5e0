"""The 1995 V:TES rulebook: numbered sections holding titled paragraphs, steps, notes and examples.

The copy we hold has no blank lines, so a paragraph starts at a section heading, at a
``Title:`` line (``Steal Blood:``, ``Note:``, ``Example:``, ``Important rule:``), at a
numbered step (``1)`` / ``Step 1.``), or at a break restored by hand in structure.yaml.
"""

from __future__ import annotations

import re

from reference.model import Kind
from reference.parsers.base import Draft, Parsed, ParseError, finish, slugify, split_lines
from reference.structure import Rb95Hints, Start, structure

SOURCE = "rb95"
_HEADING = re.compile(r"^(\d+(?:\.\d+)*)\.?\s*([A-Z].{0,55})$")
_PART = re.compile(r"^SECTION (\w+): (.*)$")
_TITLED = re.compile(r"^([A-Z+][A-Za-z0-9 '/+-]{0,50}?)( \([^)]*\))?:(\s|$)")
_STEP = re.compile(r"^(?:(\d+)\)|Step (\d+)\.)\s")
_SENTENCE_END = re.compile(r"[.:!?\")\]]\s*$")
_SUB_TITLES = {"Note": Kind.NOTE, "Example": Kind.EXAMPLE, "Important rule": Kind.RULE}


def _is_successor(number: tuple[int, ...], previous: tuple[int, ...] | None) -> bool:
    """Whether a section number can follow the previous one (child, sibling, or uncle)."""
    if previous is None:
        return number == (1,)
    if number in ((*previous, 1), (*previous, 1, 1)):
        return True
    return any(number == (*previous[:k], previous[k] + 1) for k in range(len(previous)))


def _find(lines: list[str], hint: Start, what: str) -> int:
    hits = [i for i, ln in enumerate(lines) if ln.startswith(hint.start)]
    if len(hits) != 1:
        raise ParseError(SOURCE, 1, f"structure.yaml {what} {hint.start!r} starts "
                         f"{len(hits)} lines, expected exactly one")
    return hits[0]


class _Builder:
    """Walks the lines, keeping the open section, paragraph and sub-paragraph."""

    def __init__(self, hints: Rb95Hints) -> None:
        self.hints = hints
        self.drafts: list[Draft] = []
        self.section: Draft | None = None
        self.section_no: tuple[int, ...] | None = None
        self.paragraph: Draft | None = None  # a paragraph-level node of the section
        self.titled: Draft | None = None  # the open titled paragraph or step, if any
        self.current: Draft | None = None
        self.step_host: Draft | None = None
        self.part: str | None = None
        self.counts: dict[tuple[str, str], int] = {}

    def add(self, draft: Draft, *, step: bool = False) -> Draft:
        """Append a node; numbered steps hang from the last node that is not a step."""
        self.drafts.append(draft)
        self.current = draft
        if not step:
            first_paragraph = self.section is not None and draft.id == f"{self.section.id}.p1"
            self.step_host = self.section if first_paragraph else draft
        return draft

    def unique(self, parent: str, slug: str, numbered: bool = False) -> str:
        key = (parent, slug)
        self.counts[key] = self.counts.get(key, 0) + 1
        n = self.counts[key]
        if numbered:
            return f"{parent}.{slug}{n}"
        return f"{parent}.{slug}" if n == 1 else f"{parent}.{slug}{n}"

    def default_kind(self) -> Kind:
        number = ".".join(str(n) for n in self.section_no or ())
        return Kind.DEFINITION if number in self.hints.definition_sections else Kind.RULE

    def heading(self, i: int, line: str, number: tuple[int, ...], title: str) -> None:
        parent = self.part
        for k in range(len(number) - 1, 0, -1):
            candidate = f"{SOURCE}:{'.'.join(map(str, number[:k]))}"
            if any(d.id == candidate for d in self.drafts):
                parent = candidate
                break
        node_id = f"{SOURCE}:{'.'.join(map(str, number))}"
        self.section = self.add(Draft(id=node_id, parent=parent, kind=Kind.SECTION, start=i,
                                      lines=[line], title=title.strip().rstrip(".")))
        self.section_no = number
        self.paragraph = self.titled = None

    def container(self) -> Draft:
        if self.section is None:
            raise ParseError(SOURCE, len(self.drafts), "paragraph outside a section")
        return self.section

    def paragraph_node(self, i: int, line: str, slug: str, kind: Kind, title: str | None,
                       normative: bool | None = None, numbered: bool = False) -> Draft:
        sec = self.container()
        d = self.add(Draft(id=self.unique(sec.id, slug, numbered), parent=sec.id, kind=kind,
                           start=i, lines=[line], title=title, normative=normative))
        self.paragraph = d
        return d

    def sub_node(self, i: int, line: str, host: Draft, slug: str, kind: Kind, title: str | None,
                 normative: bool | None = None, numbered: bool = False) -> Draft:
        return self.add(Draft(id=self.unique(host.id, slug, numbered), parent=host.id, kind=kind,
                              start=i, lines=[line], title=title, normative=normative))

    def text(self, i: int, line: str) -> None:
        if self.current is None:
            raise ParseError(SOURCE, i + 1, "text before the first node")
        if self.current is self.section:  # untitled text right after a heading
            self.paragraph_node(i, line, "p1", self.default_kind(), None)
            self.titled = None
            return
        self.current.lines.append(line)


def parse(body: str) -> Parsed:
    """Rule nodes of the rulebook, in document order."""
    hints = structure().rb95
    lines = split_lines(body)
    fronts = {_find(lines, h, "front"): h for h in hints.front}
    breaks = {_find(lines, h, "break"): h for h in hints.breaks}
    trailer = _find(lines, hints.trailer, "trailer")
    b = _Builder(hints)
    for i, line in enumerate(lines):
        prev = lines[i - 1] if i else ""
        if i in fronts or i == trailer:
            h = fronts.get(i, hints.trailer)
            parent = f"{SOURCE}:{h.parent}" if h.parent else None
            b.add(Draft(id=f"{SOURCE}:{h.slug}", parent=parent, kind=h.kind or Kind.META,
                        start=i, lines=[line], title=h.title or line.strip()))
            continue
        if i > trailer or (b.section is None and b.part is None and not _PART.match(line)):
            b.text(i, line)
            continue
        if m := _PART.match(line):
            b.part = f"{SOURCE}:section-{m[1].lower()}"
            b.add(Draft(id=b.part, parent=None, kind=Kind.SECTION, start=i, lines=[line],
                        title=f"Section {m[1].title()}: {m[2].strip()}"))
            b.section, b.paragraph, b.titled = b.current, None, None
            continue
        if (m := _HEADING.match(line)) and not _STEP.match(line):
            number = tuple(int(x) for x in m[1].split("."))
            if _is_successor(number, b.section_no):
                b.heading(i, line, number, m[2])
                continue
        if i in breaks:
            h = breaks[i]
            kind = h.kind or b.default_kind()
            if h.level == "sub" and (host := b.titled or b.paragraph):
                b.sub_node(i, line, host, h.slug, kind, None, h.normative)
            else:
                b.paragraph_node(i, line, h.slug, kind, None, h.normative)
                b.titled = None
            continue
        if m := _STEP.match(line):
            n = m[1] or m[2]
            if m[2]:  # "Step 1." paragraphs of 4.2 are paragraphs of their own
                b.titled = b.paragraph_node(i, line, f"step{n}", Kind.RULE, f"Step {n}")
                continue
            host = b.step_host or b.container()
            b.add(Draft(id=f"{host.id}.step{n}", parent=host.id, kind=Kind.RULE, start=i,
                        lines=[line]), step=True)
            continue
        m = _TITLED.match(line)
        prev_ok = _SENTENCE_END.search(prev) is not None or (b.current is b.section)
        if m and prev_ok and m[1] not in hints.not_titles:
            title = m[1]
            if title in _SUB_TITLES:
                kind = _SUB_TITLES[title]
                slug = slugify(title)
                numbered = kind is not Kind.RULE
                if b.titled is not None:
                    b.sub_node(i, line, b.titled, slug, kind, title, numbered=numbered)
                else:
                    b.paragraph_node(i, line, slug, kind, title, numbered=numbered)
                    b.titled = None
            else:
                slug = hints.title_slugs.get(title) or slugify(title)
                b.titled = b.paragraph_node(i, line, slug, b.default_kind(), title)
            continue
        b.text(i, line)
    return finish(SOURCE, b.drafts)
