"""The built site: a page per rule, scenarios linked from their rules, text shown as text, dangling links fail."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from checker.site.build import SiteError, sphinx_build
from checker.site.docnames import rule_doc, scenario_doc
from reference.corpus import corpus
from tests.checker.site.conftest import BuiltSite


def _html(site: BuiltSite, doc: str) -> str:
    return (site.out / f"{doc}.html").read_text(encoding="utf-8")


def test_every_rule_has_a_page_at_a_stable_url(site: BuiltSite) -> None:
    missing = [rid for rid in corpus().rules if not (site.out / f"{rule_doc(rid)}.html").exists()]
    assert missing == []
    assert (site.out / "rule" / "ref14" / "V.D.5.c.html").exists()
    for page in ("index", "editions", "coverage", "errata", "search-rules", "guide/scenarios", "guide/schema",
                 "source/ref14", "source/ja23"):
        assert (site.out / f"{page}.html").exists(), page


def test_every_scenario_is_linked_from_every_rule_it_tests(site: BuiltSite) -> None:
    from checker.scenarios.suite import load_all

    loaded, problems = load_all([site.scenarios])
    assert problems == []
    for sc in loaded:
        target = scenario_doc(sc.path).rsplit("/", 1)[-1] + ".html"
        for rid in sc.scenario.tests:
            assert target in _html(site, rule_doc(rid)), (sc.path, rid)


def test_source_pages_have_an_anchor_and_badge_per_rule(site: BuiltSite) -> None:
    html = _html(site, "source/rb95")
    assert 'id="rb95:6.3.2"' in html and 'id="rb95:8.3.steal-blood"' in html
    assert "rules-badge" in html and "(not held)" in _html(site, "source/ref14")


def test_scenario_page_has_trace_with_rule_links(site: BuiltSite) -> None:
    html = _html(site, scenario_doc(str(site.scenarios / "actions" / "bleed-gets-the-edge.yaml")))
    assert "rules-trace" in html and 'href="../../rule/ref14/II.C.1.b.html"' in html


def test_hostile_scenario_text_renders_inert(site: BuiltSite) -> None:
    html = _html(site, scenario_doc(str(site.scenarios / "hostile" / "hostile-title.yaml")))
    body = html.split('<article', 1)[1]
    for bad in ("<script>alert", "<img src=x", "<iframe", '<b id="injected"', "<strong>bold"):
        assert bad not in body, bad
    assert "&lt;script&gt;alert(&#x27;title&#x27;)&lt;/script&gt;" in body or "&lt;script&gt;" in body
    assert "{eval-rst}" in body and "```{raw} html" in body  # shown as the text it is


def test_figures_on_the_home_page(site: BuiltSite) -> None:
    html = _html(site, "index")
    assert re.search(r"\d+ scenarios, \d+ runs: \d+ passing, 0 failing", html)
    assert "normative rules untested" in html and 'id="rules-search"' in html


def test_editions_page_shows_answers_side_by_side(site: BuiltSite) -> None:
    html = _html(site, "editions")
    assert "steal blood excess" in html and "discard limit" in html
    assert "jyhad-1.4" in html and "vtes-basic" in html


def test_a_dangling_rule_link_fails_the_build_with_file_and_line(site: BuiltSite) -> None:
    page = site.docs / "guide" / "broken.md"
    page.write_text("---\norphan: true\n---\n\n# Broken\n\nSee {rule}`ref14:NOPE.1`.\n", encoding="utf-8")
    try:
        with pytest.raises(SiteError) as exc:
            sphinx_build(site.out, site.docs, 1, site.work / "site-data", site.work / "doctrees")
        assert re.search(r"broken\.md:7: WARNING: unknown rule id 'ref14:NOPE.1'", str(exc.value))
    finally:
        page.unlink()
        sphinx_build(site.out, site.docs, 1, site.work / "site-data", site.work / "doctrees")


def test_search_index_was_built(site: BuiltSite) -> None:
    assert (site.out / "pagefind" / "pagefind.js").exists()
    assert Path(site.out / "pagefind" / "pagefind-ui.js").exists()


def test_coverage_page_shows_the_figures_per_source_and_the_untested_rules(site: BuiltSite) -> None:
    html = _html(site, "coverage")
    for column in ("normative", "tested", "exercised only", "not testable", "untested"):
        assert f"<p>{column}</p>" in html, column
    assert "fifteen-second wait" in html and 'href="rule/ref14/IV.D.html"' in html  # a not testable rule, and why
    assert "Not testable: A fifteen-second wait" in _html(site, rule_doc("ref14:IV.D"))
