"""A table is written straight to HTML (checker/site/blocks.py): it must be the HTML Sphinx's writer makes of the
same table built of docutils nodes, with the site's theme, byte for byte; and text in it stays text."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective, docutils_namespace

from checker.site import blocks

TRICKY = 'Alice\'s <b>bold</b> & "quoted" mail@example.org'


def _cells() -> tuple[list[str], list[list[nodes.Node | str]], list[list[str]]]:
    link = nodes.reference("ref14:V.D.5.c", "ref14:V.D.5.c", internal=True, refuri="rule/ref14/V.D.5.c.html#x&y")
    rows: list[list[nodes.Node | str]] = [
        ["1. bleed", link, TRICKY],
        [blocks.badge("pass"), blocks.para(link, nodes.inline("", " (rb95 says)", classes=["rules-fallback"])),
         blocks.para(nodes.strong("Jyhad", "Jyhad"), ": ", "it passes", classes=["rules-sentence"])],
        ["", blocks.raw('<span data-pagefind-filter="x" hidden>y</span>'), "-"],
    ]
    return ["step", "rule <&>", ""], rows, [[], ["rules-changed"], []]


class Both(SphinxDirective):
    """The same table twice: written straight to HTML, and built of nodes."""

    def run(self) -> list[nodes.Node]:
        headers, rows, extra = _cells()
        cells = [[blocks._cell(c) for c in r] for r in _cells()[1]]
        straight = blocks.table(headers, rows, classes=["rules-trace"], row_classes=extra)
        assert isinstance(straight, nodes.raw)
        return [blocks.raw("<!--straight-->"), straight, blocks.raw("<!--nodes-->"),
                blocks._node_table(headers, cells, ["rules-trace"], extra), blocks.raw("<!--end-->")]


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("both-tables", Both)
    return {"parallel_read_safe": True}


def test_a_table_written_straight_is_the_html_sphinx_writes_of_its_nodes(tmp_path: Path) -> None:
    src = tmp_path / "src"
    src.mkdir()
    (src / "conf.py").write_text('extensions = ["myst_parser", "tests.checker.site.test_blocks"]\n'
                                 'html_theme = "furo"\nsmartquotes = False\n', encoding="utf-8")
    (src / "index.md").write_text("# Tables\n\n```{both-tables}\n```\n", encoding="utf-8")
    with docutils_namespace():
        app = Sphinx(str(src), str(src), str(tmp_path / "out"), str(tmp_path / "doctrees"), "html",
                     status=io.StringIO(), warning=io.StringIO(), freshenv=True)
        app.build()
    page = (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    straight = page.split("<!--straight-->", 1)[1].split("<!--nodes-->", 1)[0]
    built = page.split("<!--nodes-->", 1)[1].split("<!--end-->", 1)[0]
    assert "<table" in built and straight == built
    assert "&lt;b&gt;bold&lt;/b&gt; &amp; &quot;quoted&quot; mail&#64;example.org" in straight
    assert "<b>" not in re.sub(r"<!--.*?-->", "", straight)


def test_a_cell_it_cannot_write_keeps_the_table_of_nodes() -> None:
    table = blocks.table(["a"], [[blocks.literal("x = 1")]])
    assert isinstance(table, nodes.table)
