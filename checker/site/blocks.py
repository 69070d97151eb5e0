"""The docutils building blocks every page renderer uses: paragraphs, tables, badges, our own fixed HTML.

Every string from data becomes a Text node (``text``, ``para``); ``raw`` takes only the renderers' own HTML. A
``table`` is written straight to HTML from such nodes, escaped exactly as the HTML writer escapes them
(tests/checker/site/test_blocks.py compares the two).
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


def table(headers: list[str], rows: list[list[nodes.Node | str]], classes: list[str] | None = None,
          row_classes: list[list[str]] | None = None) -> nodes.Node:
    """A table; ``row_classes``: extra classes of each body row.

    Written straight to the HTML Sphinx's writer would make of it (one raw node instead of a dozen nodes a
    row: every later transform walks every node, and tables were most of the nodes of the site), whenever
    each cell holds only what :func:`_cell_html` writes; otherwise built of docutils nodes. Text in a cell is
    escaped as the writer escapes it: data never becomes markup.
    """
    cells = [[_cell(c) for c in r] for r in rows]
    extra = row_classes or [[] for _ in rows]
    written = [[_cell_html(c) for c in r] for r in cells]
    if any(h is None for r in written for h in r):
        return _node_table(headers, cells, classes, extra)
    names = " ".join(["rules-table", *(classes or [])])
    out = [f'<div class="table-wrapper {names} docutils container">\n<table class="{names} docutils align-default">\n'
           '<thead>\n<tr class="row-odd">',
           "\n".join(f'<th class="head"><p>{_escape(h)}</p></th>' for h in headers), "\n</tr>\n</thead>\n<tbody>\n"]
    for i, (r, more) in enumerate(zip(written, extra, strict=True)):
        out.append(f'<tr class="{" ".join([*more, "row-even" if i % 2 == 0 else "row-odd"])}">')
        out.append("\n".join(f"<td>{h}</td>" for h in r))
        out.append("\n</tr>\n")
    out.append("</tbody>\n</table>\n</div>\n")
    return nodes.raw("", "".join(out), format="html")


def _cell(cell: nodes.Node | str) -> nodes.Element:
    """What a table entry holds: a block as it is, text or an inline element in a paragraph."""
    if isinstance(cell, nodes.Element) and not isinstance(cell, nodes.inline | nodes.reference):
        return cell
    return para(cell)


_ESCAPE = {ord("&"): "&amp;", ord("<"): "&lt;", ord('"'): "&quot;", ord(">"): "&gt;", ord("@"): "&#64;"}


def _escape(s: str) -> str:
    """As docutils' HTML writer encodes text and attribute values."""
    return s.translate(_ESCAPE)


def _cell_html(node: nodes.Node) -> str | None:
    """The HTML Sphinx's writer makes of the few node kinds table cells hold (text, links, spans, paragraphs, our
    own raw HTML); None for anything else, or for an element with ids."""
    if isinstance(node, nodes.Text):
        return _escape(str(node))
    if isinstance(node, nodes.raw):
        return node.astext() if node.get("format") == "html" else None
    if not isinstance(node, nodes.Element) or node.get("ids"):
        return None
    inner = [_cell_html(child) for child in node.children]
    if any(h is None for h in inner):
        return None
    body = "".join(h for h in inner if h is not None)
    classes: list[str] = node.get("classes", [])
    if isinstance(node, nodes.reference):
        if not node.get("internal") or "refuri" not in node or classes:
            return None
        return f'<a class="reference internal" href="{_escape(node["refuri"])}">{body}</a>'
    if type(node) is nodes.inline and classes:
        return f'<span class="{_escape(" ".join(classes))}">{body}</span>'
    if type(node) is nodes.strong and not classes:
        return f"<strong>{body}</strong>"
    if type(node) is nodes.paragraph:
        return f'<p class="{_escape(" ".join(classes))}">{body}</p>' if classes else f"<p>{body}</p>"
    return None


def _node_table(headers: list[str], rows: list[list[nodes.Element]], classes: list[str] | None,
                row_classes: list[list[str]]) -> nodes.table:
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
    for r, more in zip(rows, row_classes, strict=True):
        row = nodes.row(classes=list(more))
        for cell in r:
            entry = nodes.entry()
            entry += cell
            row += entry
        body += row
    return tbl
