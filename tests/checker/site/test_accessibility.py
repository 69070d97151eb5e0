"""axe-core over every kind of page, in light and dark mode, at a desktop's and a phone's width: no serious or
critical violation, contrast included (axe-playwright-python, pinned in pyproject.toml)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.checker.site.conftest import CHROMIUM, BuiltSite

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed; .ci/run installs it")

PAGES = {
    "home": "index.html",
    "rule": "rule/ref14/V.D.5.c.html",
    "document": "source/cto.html",
    "scenario": "scenario/combat/steal-blood-at-capacity-while-hit.html",
    "topics": "topics.html",
    "glossary": "glossary.html",
    "editions": "editions.html",
    "cards": "cards.html",
    "card": "card/bonding.html",
    "authority": "authority/tom.html",
    "rulings": "browse/rulings.html",
    "browse": "browse/cards-by-set.html",
    "search": "search-rules.html",
    "not found": "404.html",
    "guide": "guide/real-cards.html",
}
VIEWS = {"desktop light": (1280, "light"), "desktop dark": (1280, "dark"), "phone light": (390, "light"),
         "phone dark": (390, "dark")}


def _violations(browser: Any, url: str, width: int, scheme: str) -> list[str]:
    from axe_playwright_python.sync_playwright import Axe

    context = browser.new_context(viewport={"width": width, "height": 900}, color_scheme=scheme)
    page = context.new_page()
    try:
        page.goto(url)
        page.wait_for_load_state("networkidle")
        results = Axe().run(page)
    finally:
        context.close()
    return [f"{v['id']} ({v['impact']}): {v['help']} — {n['target']}"
            for v in results.response["violations"] if v["impact"] in ("serious", "critical")
            for n in v["nodes"][:3]]


@pytest.mark.parametrize("view", VIEWS)
@pytest.mark.parametrize("kind", PAGES)
def test_no_serious_or_critical_accessibility_violation(browser: Any, server: str, site: BuiltSite, kind: str,
                                                         view: str) -> None:
    path = PAGES[kind]
    if not (site.out / path).is_file():
        pytest.fail(f"the site has no {kind} page at {path}")
    width, scheme = VIEWS[view]
    assert _violations(browser, f"{server}/{path}", width, scheme) == []


def test_axe_finds_a_contrast_violation_when_there_is_one(browser: Any, server: str) -> None:
    """The check can fail: the same run on a page made unreadable reports it."""
    from axe_playwright_python.sync_playwright import Axe

    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(f"{server}/glossary.html")
    page.add_style_tag(content="article p, article dd { color: #eee !important; background: #fff !important; }")
    results = Axe().run(page)
    context.close()
    assert any(v["id"] == "color-contrast" for v in results.response["violations"])
