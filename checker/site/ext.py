"""The Sphinx extension of the site: a directive that builds a page from its JSON fragment, and a role.

Every piece of text that comes from a scenario file or a source document becomes a docutils
Text or literal node, so it is escaped by the HTML writer and never parsed as markup (tables are written
straight to HTML from those nodes, escaped the same way: checker/site/blocks.py). A link
to a page that does not exist is a warning with the file and line (``rules.dangling_ref``),
and the site builds with warnings as errors. Pages keep no state between documents, so
parallel and incremental builds are safe.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective, SphinxRole

from checker.site import navigation, render

logger = logging.getLogger(__name__)
DATA_DIR_CONFIG = "rules_site_data"


class RulesPage(SphinxDirective):
    """``{rules-page} rule/ref14/V.D.5.c``: the page built from ``<data>/<that>.json``."""

    required_arguments = 1
    has_content = False
    option_spec: ClassVar[dict[str, Any]] = {"class": directives.class_option}

    def run(self) -> list[nodes.Node]:
        data_dir = Path(self.config[DATA_DIR_CONFIG])
        path = data_dir / f"{self.arguments[0]}.json"
        if not path.exists():
            logger.warning("no page data %s", path, location=self.get_location(), type="rules", subtype="no_data")
            return []
        self.env.note_dependency(str(path))
        fragment = json.loads(path.read_text(encoding="utf-8"))
        if fragment.get("graph"):  # re-read the page when its picture changes, so the new one is copied
            self.env.note_dependency(str(Path(self.env.srcdir) / "_graphs" / fragment["graph"]))
        return render.page(Context(self), fragment)


class Context:
    """What rendering needs: making links from this document, and reporting dangling ones."""

    def __init__(self, directive: SphinxDirective) -> None:
        self.directive = directive
        self.env = directive.env
        self.docname = directive.env.docname

    def graph_svg(self, name: str) -> str | None:
        """The drawn picture ``docs/_graphs/<name>`` as SVG markup to inline (its links then work), or None."""
        path = Path(self.env.srcdir) / "_graphs" / name
        if not path.is_file():
            return None
        svg = path.read_text(encoding="utf-8")
        return svg[svg.find("<svg"):] if "<svg" in svg else None

    def link(self, target_doc: str | None, text: str, anchor: str = "") -> nodes.Node:
        if target_doc is None:
            return nodes.inline(text, text, classes=["rules-unheld"])
        if target_doc not in self.env.found_docs:
            logger.warning("link to a page that does not exist: %s", target_doc,
                           location=self.directive.get_location(), type="rules", subtype="dangling_ref")
            return nodes.inline(text, text)
        uri = self.env.app.builder.get_relative_uri(self.docname, target_doc)
        return nodes.reference(text, text, internal=True, refuri=uri + (f"#{anchor}" if anchor else ""))


class RuleRole(SphinxRole):
    """``{rule}`ref14:V.D.5.c``` in hand-written pages: a link to the rule, checked."""

    def run(self) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        from checker.site.docnames import rule_doc

        rule_id = self.text.strip()
        doc = rule_doc(rule_id) if ":" in rule_id else ""
        if doc not in self.env.found_docs:
            logger.warning("unknown rule id %r", rule_id, location=self.get_location(), type="rules",
                           subtype="dangling_ref")
            return [nodes.literal(rule_id, rule_id)], []
        uri = self.env.app.builder.get_relative_uri(self.env.docname, doc)
        return [nodes.reference(rule_id, "", nodes.literal(rule_id, rule_id), internal=True, refuri=uri)], []


SERIAL_BELOW = 24  # pages to read: under this, forking Sphinx's workers costs more than it saves


def _serial_when_few(app: Sphinx, env: Any, docnames: list[str]) -> None:
    """An incremental build reads a page or two: read and write them in this process. Sphinx forks workers
    whenever ``parallel`` > 1, and for one scenario page that was 0.3 s of a 3 s rebuild (the pages come out
    the same either way: tests/checker/site/test_zz_incremental.py compares them with a parallel clean build)."""
    if len(docnames) < SERIAL_BELOW:
        app.parallel = 1


def _no_builtin_search(app: Sphinx) -> None:
    """The site searches with pagefind (ids, numbers, Japanese); Sphinx's own index is not built."""
    if hasattr(app.builder, "search"):
        app.builder.search = False


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("builder-inited", _no_builtin_search)
    app.connect("env-before-read-docs", _serial_when_few)
    app.add_config_value(DATA_DIR_CONFIG, "", "env", [str])
    app.add_directive("rules-page", RulesPage)
    app.add_role("rule", RuleRole())
    app.add_css_file("rules.css")
    navigation.setup(app)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True, "env_version": 1}
