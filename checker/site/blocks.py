"""The docutils building blocks every page renderer uses: paragraphs, tables, badges, our own fixed HTML.

Every string from data becomes a Text node (``text``, ``para``); ``raw`` takes only the renderers' own HTML.
"""

from __future__ import annotations

from typing import Any, Protocol

from docutils import nodes

BADGES = {
    "passing": "tested, passing",
    "failing": "failing",
    "exercised": "exercised by passing scenarios",
    "untested": "untested",
    "not-testable": "not testable",
    "not-normative": "not normative",
    "pass": "pass",
    "fail": "FAIL",
    "answered": "answered",
}


class Ctx(Protocol):
    docname: str

    def link(self, target_doc: str | None, text: str, anchor: str = "") -> nodes.Node: ...

    def graph_svg(self, name: str) -> str | None: ...


def text(s: Any) -> nodes.Text:
    return nodes.Text(str(s))


def para(*parts: nodes.Node | str, classes: list[str] | None = None) -> nodes.paragraph:
    p = nodes.paragraph(classes=classes or [])
    for part in parts:
        p += text(part) if isinstance(part, str) else part
    return p


def rubric(title: str) -> nodes.rubric:
    return nodes.rubric(title, title)


def badge(status: str) -> nodes.inline:
    label = BADGES.get(status, status)
    return nodes.inline(label, label, classes=["rules-badge", f"rules-{status}"])


def literal(s: str) -> nodes.literal_block:
    block = nodes.literal_block(s, s, classes=["rules-text"])
    block["language"] = "none"
    return block


def raw(html: str) -> nodes.raw:
    """Our own fixed HTML (pagefind attributes); never text from data."""
    return nodes.raw("", html, format="html")


def bullets(items: list[nodes.Node]) -> nodes.bullet_list:
    lst = nodes.bullet_list()
    for item in items:
        li = nodes.list_item()
        li += item if isinstance(item, nodes.paragraph) else para(item)
        lst += li
    return lst


def table(headers: list[str], rows: list[list[nodes.Node | str]], classes: list[str] | None = None) -> nodes.table:
    tbl = nodes.table(classes=["rules-table", *(classes or [])])
    group = nodes.tgroup(cols=len(headers))
    tbl += group
    for _ in headers:
        group += nodes.colspec(colwidth=1)
    head = nodes.thead()
    group += head
    row = nodes.row()
    for h in headers:
        entry = nodes.entry()
        entry += para(h)
        row += entry
    head += row
    body = nodes.tbody()
    group += body
    for r in rows:
        row = nodes.row()
        for cell in r:
            entry = nodes.entry()
            entry += cell if isinstance(cell, nodes.Element) and not isinstance(cell, nodes.inline | nodes.reference) \
                else para(cell)
            row += entry
        body += row
    return tbl
