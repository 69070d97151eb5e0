"""Search that lands, on the built site: each example query puts the right page first, in headless Chromium
(Playwright), the order never depends on earlier searches, results read as words, and the search page reads in
the light and the dark theme. Also the titles in words on the pages themselves."""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from checker.site import titles
from checker.site.docnames import rule_doc
from reference.corpus import corpus
from tests.checker.site.conftest import CHROMIUM, BuiltSite

needs_chromium = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed; .ci/run installs it")
STATUS = ".rules-search-status"
RESULT = ".rules-search-result"
FILTER_WORDS = re.compile(r"(ref14|rb95|cto|sol|ja23|scenarios|cards)(passing|failing|exercised|untested|not-)"
                          r"|(jyhad-1\.4|vtes-basic|vtes-advanced|solitaire|scenario)(jyhad|vtes|solitaire|scenario)")


@pytest.fixture
def search(browser: Any, server: str) -> Iterator[Callable[[str], list[dict[str, str]]]]:
    """Type a query on one search page (kept open across queries) and read the results as shown."""
    page = browser.new_page()
    page.goto(f"{server}/search-rules.html")

    def run(query: str) -> list[dict[str, str]]:
        page.fill(".rules-search-input", query)
        page.wait_for_function("q => { const s = document.querySelector('.rules-search-status').textContent; "
                               "return s.includes(q) && !s.startsWith('Searching'); }", arg=query, timeout=30000)
        page.wait_for_function(f"() => !document.querySelector('{STATUS}').textContent.startsWith('No') "
                               f"? document.querySelectorAll('{RESULT}').length > 0 : true", timeout=30000)
        return _results(page)

    yield run
    page.close()


def _results(page: Any) -> list[dict[str, str]]:
    return [dict(r) for r in page.evaluate("""() => Array.from(document.querySelectorAll('.rules-search-result'))
        .map(li => ({href: new URL(li.querySelector('a').getAttribute('href'), location.href).pathname,
                     title: li.querySelector('a').textContent, kind: li.querySelector('.rules-search-kind').textContent,
                     excerpt: (li.querySelector('.rules-search-excerpt') || {textContent: ''}).textContent,
                     status: document.querySelector('.rules-search-status').textContent}))""")]


def _rule_at(href: str) -> str | None:
    """The rule whose page is at ``href`` (``/rule/ref14/V.D.5.c.html``)."""
    pages = {f"/{rule_doc(rid)}.html": rid for rid in corpus().rules}
    return pages.get(href)


def _has_card_pages(site: BuiltSite) -> bool:
    return (site.out / "card").is_dir()


def _ruling_anchor(site: BuiltSite, reference: str) -> Path | None:
    anchor = f'id="{reference.lower().replace(" ", "-")}"'
    return next((p for p in sorted((site.out / "card").glob("*.html")) if anchor in p.read_text(encoding="utf-8")),
                None) if _has_card_pages(site) else None


def _text_of(rule_id: str | None) -> str:
    return corpus().rules[rule_id].body.lower() if rule_id else ""


def _words_of(rule_id: str | None) -> str:
    return titles.rule_words(corpus(), rule_id).lower() if rule_id else ""


# query -> what the first result must be (a description for the failure message, and the check)
LANDS: dict[str, tuple[str, Callable[[dict[str, str]], bool]]] = {
    "V.D.5.c": ("ref14:V.D.5.c", lambda r: r["href"] == "/rule/ref14/V.D.5.c.html"),
    "6.3.2": ("rb95:6.3.2", lambda r: r["href"] == "/rule/rb95/6.3.2.html"),
    "torpor": ("a rule about torpor", lambda r: "torpor" in _words_of(_rule_at(r["href"]))),
    "diablery": ("a rule on diablerie", lambda r: "diableri" in _text_of(_rule_at(r["href"]))),
    "first strike": ("the First Strike rule", lambda r: _words_of(_rule_at(r["href"])) == "first strike"),
    "bleed": ("the Bleed rule", lambda r: _words_of(_rule_at(r["href"])) == "bleed"),
    "steal blood": ("a Steal Blood rule", lambda r: _words_of(_rule_at(r["href"])) == "steal blood"),
    "血": ("a Japanese rule with 血", lambda r: "血" in _text_of(_rule_at(r["href"]))),
    "君臨": ("a Japanese rule with 君臨 inside its text", lambda r: "君臨" in _text_of(_rule_at(r["href"]))),
    "エッジ": ("a Japanese rule on the Edge", lambda r: _words_of(_rule_at(r["href"])).startswith("エッジ")),
}
CARDS: dict[str, str] = {".44 magnum": "/card/44-magnum.html", "vast welth": "/card/vast-wealth.html"}


@needs_chromium
@pytest.mark.parametrize("query", list(LANDS))
def test_the_right_rule_comes_first(search: Callable[[str], list[dict[str, str]]], query: str) -> None:
    what, check = LANDS[query]
    results = search(query)
    assert results and check(results[0]), (what, results[:5])


@needs_chromium
@pytest.mark.parametrize("query", list(CARDS))
def test_a_card_lands_on_its_page_even_misspelled(site: BuiltSite, search: Callable[[str], list[dict[str, str]]],
                                                    query: str) -> None:
    if not _has_card_pages(site):
        pytest.skip("no card pages in this build")
    results = search(query)
    assert results and results[0]["href"] == CARDS[query], results[:5]
    if query == "vast welth":
        assert "vast wealth" in results[0]["status"].lower()  # it says what it searched for


@needs_chromium
def test_a_ruling_lands_on_its_card_by_its_reference(site: BuiltSite, browser: Any, server: str) -> None:
    card = _ruling_anchor(site, "TOM 19951109")
    if card is None:
        pytest.skip("no card page holds the ruling TOM 19951109 in this build")
    page = browser.new_page()
    page.goto(f"{server}/search-rules.html?q=TOM%2019951109")
    page.wait_for_selector(RESULT, timeout=30000)
    first = page.locator(f"{RESULT} a").first
    assert first.get_attribute("href").endswith(f"card/{card.name}#tom-19951109")
    first.click()
    page.wait_for_load_state()
    assert page.url.endswith(f"card/{card.name}#tom-19951109")
    assert page.locator("[id='tom-19951109']").count() == 1
    page.close()


@needs_chromium
def test_a_question_finds_the_rule_in_the_documents_words(search: Callable[[str], list[dict[str, str]]]) -> None:
    results = search("can I block with a tapped vampire")
    top = [_rule_at(r["href"]) for r in results[:5]]
    assert {"rb95:6.3.2.how-to-block", "rb95:6.3.2"} & set(top), results[:5]  # it says "untapped minions"


@needs_chromium
def test_rules_and_cards_before_scenarios(browser: Any, server: str) -> None:
    page = browser.new_page()
    page.goto(f"{server}/search-rules.html?q=diablerie")
    page.wait_for_selector(RESULT, timeout=30000)
    while page.locator(".rules-search-more").is_visible():  # every result, twenty at a time
        shown = page.locator(RESULT).count()
        page.click(".rules-search-more")
        page.wait_for_function(f"n => document.querySelectorAll('{RESULT}').length > n", arg=shown, timeout=30000)
    kinds = ["scenario" if r["href"].startswith("/scenario/") else "other" for r in _results(page)]
    page.close()
    assert kinds.count("scenario") >= 3 and kinds.count("other") >= 3, kinds
    assert kinds == sorted(kinds, key=lambda k: k == "scenario"), kinds


@needs_chromium
def test_the_order_never_depends_on_earlier_searches(browser: Any, server: str,
                                                      search: Callable[[str], list[dict[str, str]]]) -> None:
    fresh = browser.new_page()
    fresh.goto(f"{server}/search-rules.html?q=bleed")
    fresh.wait_for_selector(RESULT, timeout=30000)
    first_time = [r["href"] for r in _results(fresh)]
    fresh.close()
    again = [r["href"] for r in search("bleed")]
    search("steal blood")
    search("血")
    after_others = [r["href"] for r in search("bleed")]
    twice = [r["href"] for r in search("bleed")]
    assert len(first_time) >= 10
    assert first_time == again == after_others == twice


@needs_chromium
@pytest.mark.parametrize("query", ["bleed", "steal blood", "torpor", "血"])
def test_results_read_as_words(search: Callable[[str], list[dict[str, str]]], query: str) -> None:
    for r in search(query):
        assert "¶" not in r["title"] and "¶" not in r["excerpt"], r
        assert not FILTER_WORDS.search(r["excerpt"].replace(" ", "")), r  # no hidden filter values in excerpts
        assert not re.fullmatch(r"[a-z0-9]+:[\w.-]+", r["title"]), r  # a title in words, not an id


@needs_chromium
def test_text_from_scenarios_stays_text_in_results(browser: Any, server: str) -> None:
    page = browser.new_page()
    page.goto(f"{server}/search-rules.html")
    page.wait_for_selector(".rules-search-select[name=source]", timeout=30000)
    page.select_option(".rules-search-select[name=source]", "scenarios")  # the document filter
    page.fill(".rules-search-input", "bold link")
    page.wait_for_selector(RESULT, timeout=30000)
    assert {r["href"].split("/")[1] for r in _results(page)} == {"scenario"}
    titles_shown = [r["title"] for r in _results(page)]
    assert "<script>alert('title')</script> {eval-rst} **bold** [link](http://example.com)" in titles_shown
    assert page.evaluate("document.querySelectorAll('.rules-search-results script, .rules-search-results img, "
                         ".rules-search-results iframe, #injected').length") == 0
    page.close()


@needs_chromium
def test_hidden_filter_values_are_not_indexed_as_text(browser: Any, server: str) -> None:
    page = browser.new_page()
    page.goto(f"{server}/search-rules.html")
    found = page.evaluate("""async () => { const pf = await import('/pagefind/pagefind.js');
        const r = await pf.search('steal blood'); const out = [];
        for (const x of r.results.slice(0, 40)) { const d = await x.data(); out.push([d.url, d.content, d.filters]); }
        return out; }""")
    page.close()
    rules = [(url, content, filters) for url, content, filters in found if url.startswith("/rule/")]
    assert len(rules) >= 5
    for url, content, filters in rules:
        assert filters["status"] and filters["source"], url
        for value in (*filters["status"], *filters["source"]):  # "passing", "ref14": in filters, not in the text
            assert not re.search(rf"(^|\s){re.escape(value)}[.,]?(\s|$)", content), (url, value, content[:300])


def _luminance(rgb: tuple[float, float, float]) -> float:
    def channel(c: float) -> float:
        c = c / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(foreground: tuple[float, float, float], background: tuple[float, float, float]) -> float:
    """WCAG contrast ratio, 1 to 21."""
    hi, lo = sorted((_luminance(foreground), _luminance(background)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


COLOURS = """sel => { const el = document.querySelector(sel);
  const rgba = s => (s.match(/[\\d.]+/g) || []).map(Number);
  let fg = rgba(getComputedStyle(el).color), node = el, bg = [0, 0, 0, 0];
  while (node && (bg.length < 3 || bg[3] === 0)) {
    bg = rgba(getComputedStyle(node).backgroundColor); if (bg.length === 3) bg.push(1); node = node.parentElement; }
  return [fg.slice(0, 3), bg.slice(0, 3)]; }"""


def test_contrast_of_colours() -> None:
    assert contrast((0, 0, 0), (255, 255, 255)) == pytest.approx(21)
    assert contrast((255, 255, 255), (255, 255, 255)) == pytest.approx(1)


@needs_chromium
@pytest.mark.parametrize("scheme", ["dark", "light"])
def test_the_search_page_reads_in_both_themes(browser: Any, server: str, scheme: str) -> None:
    context = browser.new_context(color_scheme=scheme, viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(f"{server}/search-rules.html")
    page.fill(".rules-search-input", "torpor")
    page.wait_for_selector(f"{RESULT} .rules-search-excerpt mark", timeout=30000)
    body = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert (sum(int(x) for x in re.findall(r"\d+", body)[:3]) < 200) == (scheme == "dark"), body
    for part in (".rules-search-input", ".rules-search-select", f"{RESULT} a", f"{RESULT} .rules-search-kind",
                 f"{RESULT} .rules-search-excerpt", f"{RESULT} .rules-search-excerpt mark", STATUS):
        fg, bg = page.evaluate(COLOURS, part)
        assert contrast(tuple(fg), tuple(bg)) >= 4.5, (scheme, part, fg, bg)
    assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 1
    context.close()


def test_pages_are_titled_in_words_and_keep_their_ids(site: BuiltSite) -> None:
    def h1(doc: str) -> str:
        text = (site.out / f"{doc}.html").read_text(encoding="utf-8")
        found = re.search(r"<h1>(.*?)<a class=\"headerlink\"", text, re.S)
        assert found, doc
        return found.group(1)

    rule = (site.out / "rule/ref14/V.D.5.c.html").read_text(encoding="utf-8")
    assert h1("rule/ref14/V.D.5.c") == "Steal Blood — Jyhad Rules Reference 1.4, V.D.5.c"
    assert "Rule ref14:V.D.5.c · section V.D.5.c" in rule  # the id, visible and copyable as text
    assert "<title>Steal Blood — Jyhad Rules Reference 1.4, V.D.5.c" in rule
    assert h1("scenario/actions/bleed-gets-the-edge") != "bleed-gets-the-edge"
    assert h1("source/ref14") == "Jyhad Complete Rules Reference, version 1.4"
    hostile = h1("scenario/hostile/hostile-title")  # shown as the text it is, never as markup
    assert "<" not in hostile and html.unescape(hostile) == \
        "<script>alert('title')</script> {eval-rst} **bold** [link](http://example.com)", hostile


def test_sections_carry_their_parts_and_hidden_values_stay_out_of_the_index(site: BuiltSite) -> None:
    section = (site.out / "rule/rb95/6.3.2.html").read_text(encoding="utf-8")
    assert "rules-parts-text" in section and "untapped minions" in section
    japanese = (site.out / "rule/ja23/vampire.1.html").read_text(encoding="utf-8")
    assert re.search(r'class="rules-search-characters"[^>]*hidden>[^<]*血', japanese)
    for page in (section, japanese):
        for span in re.findall(r"<span data-pagefind-filter[^>]*>", page):
            assert "data-pagefind-ignore" in span, span
    assert (site.out / "pagefind" / "rules-terms.json").is_file()
