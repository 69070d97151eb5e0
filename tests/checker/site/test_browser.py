"""The built site in headless Chromium (Playwright): search lands on rules, pages show their tests and traces,
dark mode and a phone's width render without overflow."""

from __future__ import annotations

import re
from typing import Any

import pytest

from checker.site.docnames import rule_doc
from tests.checker.site.conftest import CHROMIUM

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed; .ci/run installs it")


def _first_result(browser: Any, server: str, query: str) -> str:
    page = browser.new_page()
    page.goto(f"{server}/search-rules.html")
    page.fill(".pagefind-ui__search-input", query)
    page.wait_for_selector(".pagefind-ui__result-link", timeout=15000)
    href = page.locator(".pagefind-ui__result-link").first.get_attribute("href")
    page.locator(".pagefind-ui__result-link").first.click()
    page.wait_for_load_state()
    heading = page.locator("h1").first.inner_text()
    page.close()
    return f"{href} {heading}"


@pytest.mark.parametrize(("query", "rule"), [
    ("6.3.2", "rb95:6.3.2"),
    ("steal blood", "rb95:8.3.steal-blood"),
    ("エッジ", "ja23:edge"),
])
def test_search_lands_on_the_rule(browser: Any, server: str, query: str, rule: str) -> None:
    landed = _first_result(browser, server, query)
    assert f"/{rule_doc(rule)}.html " in landed, landed  # titles are words now: the page, not its id


def test_sidebar_search_goes_to_the_search_page(browser: Any, server: str) -> None:
    page = browser.new_page()
    page.goto(f"{server}/rule/ref14/V.D.5.c.html")
    page.fill("input[name=q]", "6.3.2")
    page.press("input[name=q]", "Enter")
    page.wait_for_selector(".pagefind-ui__result-link", timeout=15000)
    assert "search-rules.html" in page.url
    page.close()


def test_rule_page_shows_its_passing_scenario(browser: Any, server: str) -> None:
    page = browser.new_page()
    page.goto(f"{server}/rule/ref14/V.D.5.c.html")
    table = page.locator("table.rules-table").first
    assert table.locator(".rules-pass").count() > 0
    table.locator("a").first.click()
    page.wait_for_load_state()
    assert page.locator("table.rules-trace").count() > 0
    page.close()


def test_scenario_page_shows_its_trace_linked_to_rules(browser: Any, server: str) -> None:
    page = browser.new_page()
    page.goto(f"{server}/scenario/combat/steal-blood-at-capacity-while-hit.html")
    rows = page.locator("table.rules-trace tbody tr")
    assert rows.count() > 5
    assert page.locator("table.rules-trace a[href*='rule/cto/V.D.2.b.iv.html']").count() > 0
    page.close()


def _overflow(page: Any) -> int:
    return int(page.evaluate("document.documentElement.scrollWidth - window.innerWidth"))


@pytest.mark.parametrize("path", ["index.html", "rule/ref14/V.D.5.c.html", "scenario/combat/"
                                  "steal-blood-at-capacity-while-hit.html", "source/rb95.html", "editions.html"])
def test_phone_width_and_dark_mode_render_without_overflow(browser: Any, server: str, path: str) -> None:
    context = browser.new_context(viewport={"width": 375, "height": 812}, color_scheme="dark")
    page = context.new_page()
    page.goto(f"{server}/{path}")
    page.wait_for_load_state()
    assert _overflow(page) <= 1, path
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    red, green, blue = (int(x) for x in re.findall(r"\d+", background)[:3])
    assert red + green + blue < 200, background  # the dark theme is in force
    heading = page.locator("h1").first.bounding_box()
    assert heading is not None and heading["x"] >= 0 and heading["x"] + heading["width"] <= 376
    context.close()
