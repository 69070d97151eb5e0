"""Card, ruling and authority pages: their data, their escaping, and the built HTML (the session's site)."""

from __future__ import annotations

import functools
import html
import html.parser
import http.server
import re
import shutil
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from docutils import nodes
from docutils.core import publish_from_doctree
from docutils.frontend import get_default_settings
from docutils.parsers.rst import Parser
from docutils.utils import new_document
from docutils.writers.html5_polyglot import Writer

from checker.site import card_pages, render_cards, titles
from checker.site.card_pages import CardSite
from checker.site.docnames import card_docs, slug
from reference.cards import era_cards, find_card
from tests.checker.site.conftest import BuiltSite

HOSTILE = "<script>alert('card')</script> **bold** {rule}`ref14:I.C` [x](javascript:alert(1)) ```{raw} html"


@pytest.fixture(scope="module")
def pages_data() -> Iterator[tuple[CardSite, dict[str, dict[str, Any]], dict[str, str]]]:
    from checker.scenarios.coverage import coverage
    from checker.scenarios.suite import SCENARIOS_DIR, load_all, run_all, runs
    from checker.site.pages import SiteData
    from reference.knowledge import reference
    from reference.rulesets import rulesets

    loaded, problems = load_all([SCENARIOS_DIR])
    assert problems == []
    outcomes = tuple(run_all(runs(loaded)))
    data = SiteData(reference(), tuple(loaded), outcomes, coverage(outcomes), rulesets())
    fragments, stubs = card_pages.card_site(data)
    yield CardSite(data), fragments, stubs


def _doc(name: str) -> str:
    return card_docs(era_cards())[find_card(name).id]


def test_every_era_card_has_its_own_readable_page() -> None:
    docs = card_docs(era_cards())
    assert len(docs) == len(era_cards()) == len(set(docs.values()))
    assert all(re.fullmatch(r"card/[a-z0-9]+(-[a-z0-9]+)*", d) for d in docs.values())
    assert _doc(".44 Magnum") == "card/44-magnum"
    assert _doc("Sacré-Cœur Cathedral, France") == "card/sacre-coeur-cathedral-france"
    assert slug("Bang Nakh — Tiger's Claws") == "bang-nakh-tiger-s-claws"


def test_namesakes_never_share_a_page() -> None:
    theo = find_card("Anson")
    g2 = theo.model_copy(update={"id": "card:299001", "vekn_id": 299001, "group": "2"})
    adv = theo.model_copy(update={"id": "card:299002", "vekn_id": 299002, "advanced": True})
    twin = theo.model_copy(update={"id": "card:299003", "vekn_id": 299003, "advanced": True})
    docs = card_docs([theo, g2])
    assert docs == {theo.id: "card/anson-g1", g2.id: "card/anson-g2"}
    docs = card_docs([theo, adv, twin])
    assert len(set(docs.values())) == 3
    assert docs[adv.id] == "card/anson-g1-adv-299002" and docs[twin.id] == "card/anson-g1-adv-299003"
    spelled = theo.model_copy(update={"id": "card:299004", "vekn_id": 299004, "name": "Anson G1", "kind": "library"})
    docs = card_docs([theo, g2, spelled])
    assert len(set(docs.values())) == 3 and docs[g2.id] == "card/anson-g2"


def test_a_vampire_page_has_its_clan_capacity_and_ruling(pages_data: Any) -> None:
    _, fragments, stubs = pages_data
    f = fragments[_doc("Tereza Rostas")]
    assert f["kind"] == "card" and f["id"] == "card:201355" and f["deck"] == "crypt"
    fields = dict(f["fields"])
    assert fields["Clan"] == "Ravnos" and fields["Capacity"] == "8" and fields["Group"] == "2"
    assert fields["Disciplines"] == "Animalism, Auspex, Potence; superior Chimerstry, Fortitude (ani aus pot CHI FOR)"
    assert fields["First printed"] == "Dark Sovereigns, 1995-12-15"
    ruling = next(r for r in f["rulings"] if r["id"] == "ruling:201355:TOM-19951214-2")
    assert ruling["anchors"][0] == "tom-19951214-2"
    assert [s["doc"] for s in ruling["verified_by"]] == [
        "scenario/rulings/tereza-rostas-cannot-steal-an-uncontrolled-edge"]
    assert set(ruling["verified_by"][0]["results"].values()) == {"pass"}
    assert "# Tereza Rostas\n" in stubs[_doc("Tereza Rostas")]
    assert [(e["doc"], e["anchor"]) for e in f["browse"]] == [
        ("browse/cards-by-set", "dark-sovereigns"), ("browse/cards-by-type", "vampire"),
        ("browse/cards-by-clan", "ravnos")]


def test_a_library_card_ruling_has_its_authority_date_standing_and_rules(pages_data: Any) -> None:
    _, fragments, _ = pages_data
    f = fragments["card/bonding"]
    assert f["text"].startswith("Only usable during a bleed action.") and f["engine"] == "encoded"
    assert dict(f["fields"])["Requires the discipline"] == "Dominate"
    r = next(r for r in f["rulings"] if "TOM 19951109" in [c["key"] for c in r["citations"]])
    assert r["anchors"][0] == "tom-19951109" and r["date"] == "1995-11-09"
    (cite,) = r["citations"]
    assert cite == {"key": "TOM 19951109", "authority": "TOM", "authority_name": "Thomas R Wylie",
                    "authority_doc": "authority/tom", "date": "1995-11-09", "url": cite["url"]}
    assert cite["url"].startswith("https://")
    # made after every edition's date (1995-05-01 and 1995-09-15): in force under none
    assert {s["ruleset"]: s["in_force"] for s in r["standing"]} == {
        "jyhad-1.4": False, "vtes-basic": False, "vtes-advanced": False, "solitaire": False}
    assert {"kind": "applies", "rule": "ref14:III.C.2.b", "doc": "rule/ref14/III.C.2.b"}.items() \
        <= next(x for x in r["rules"] if x["rule"] == "ref14:III.C.2.b").items()
    older = next(r for r in f["rulings"] if "RTR 19941109" in [c["key"] for c in r["citations"]])
    assert all(s["in_force"] for s in older["standing"])  # 1994-11-09: before every edition
    assert "scenario/cards/bonding-adds-one-bleed" in [s["doc"] for s in f["scenarios"]]


def test_anchors_are_unique_per_page_and_every_reference_reaches_its_ruling(pages_data: Any) -> None:
    site, fragments, _ = pages_data
    anchors = {}
    for card in site.cards:
        f = fragments[site.docs[card.id]]
        ids = [a for r in f.get("rulings", []) for a in r["anchors"]]
        assert len(ids) == len(set(ids)), card.id
        anchors[site.docs[card.id]] = set(ids)
    rows = fragments["browse/rulings"]["rows"]
    assert len(rows) == len(site.layer.rulings)
    assert all(row["ruling"]["anchor"] in anchors[row["ruling"]["doc"]] for row in rows)
    keys = {k for r in site.layer.rulings.values() for k in r.references}
    reached = {k for k in keys if any(slug(k) in ids for ids in anchors.values())}
    assert reached == keys
    dates = [row["date"] for row in rows if row.get("date")]
    assert dates == sorted(dates)


def test_a_rule_lists_the_rulings_tied_to_it_linked_to_their_place_on_the_card(pages_data: Any) -> None:
    site, fragments, _ = pages_data
    on_rules = {rule: [r.model_dump(exclude_defaults=True) for r in found]
                for rule, found in card_pages.rulings_by_rule(site).items()}
    bonding = next(r for r in on_rules["ref14:III.C.2.b"] if r["references"] == "TOM 19951109")
    assert bonding["ruling"] == {"name": "Bonding", "doc": "card/bonding", "anchor": "tom-19951109"}
    assert bonding["kind"] == "applies" and bonding["date"] == "1995-11-09" and bonding["why"]
    held = [link for link in site.layer.links if link.rule in site.data.ref.corpus.rules]
    assert sum(map(len, on_rules.values())) == len(held)  # every ruling link, once, on its rule
    for rule, found in on_rules.items():
        dates = [r["date"] or "9999" for r in found]
        assert dates == sorted(dates), rule
        for r in found:
            assert r["ruling"]["anchor"] in [a for x in fragments[r["ruling"]["doc"]]["rulings"] for a in x["anchors"]]


def test_authority_pages_give_the_tenure_and_rulings_by_date(pages_data: Any) -> None:
    _, fragments, stubs = pages_data
    tom = fragments["authority/tom"]
    assert tom["name"] == "Thomas R Wylie" and tom["tenure"] == "1994-12-15 to 1996-07-29"
    assert tom["legend_doc"] == "rule/ref14/legend.TOM" and "Tom Wylie" in tom["legend_words"]
    rows = [(r["date"], r["key"], r["ruling"]["doc"], r["ruling"]["anchor"]) for r in tom["rows"]]
    assert ("1995-11-09", "TOM 19951109", "card/bonding", "tom-19951109") in rows
    assert [r[0] for r in rows] == sorted(r[0] for r in rows) and all(k.startswith("TOM ") for _, k, _, _ in rows)
    assert "# Thomas R Wylie\n" in stubs["authority/tom"]
    assert {f"authority/{c}" for c in ("tom", "sfc", "jon", "lsj", "rtr", "rbk")} <= set(fragments)


def test_browse_pages_list_the_card_by_set_type_and_clan(pages_data: Any) -> None:
    _, fragments, stubs = pages_data

    def group(doc: str, title: str) -> list[str]:
        return [c["doc"] for g in fragments[doc]["groups"] if g["title"] == title for c in g["cards"]]

    assert "card/bonding" in group("browse/cards-by-set", "Jyhad")
    assert "card/bonding" in group("browse/cards-by-type", "Action Modifier")
    assert _doc("Tereza Rostas") in group("browse/cards-by-clan", "Ravnos")
    assert _doc("Tereza Rostas") in group("browse/cards-by-set", "Dark Sovereigns")
    titles = [g["title"] for g in fragments["browse/cards-by-set"]["groups"]]
    assert titles == ["Jyhad", "Vampire: The Eternal Struggle", "Dark Sovereigns", "Ancient Hearts", "Sabbat"]
    assert sum(len(g["cards"]) for g in fragments["browse/cards-by-set"]["groups"]) == len(era_cards())
    assert "cards-by-set\ncards-by-type\ncards-by-clan\nrulings\nauthorities\n" in stubs["browse/index"]


@pytest.mark.parametrize("title", [HOSTILE, ".44 Magnum", "Sacré-Cœur Cathedral, France", "# heading \\ & ` *x*"])
def test_a_title_in_a_stub_is_never_markup(title: str) -> None:
    from markdown_it.renderer import RendererHTML
    from myst_parser.config.main import MdParserConfig
    from myst_parser.parsers.mdit import create_md_parser

    md = create_md_parser(MdParserConfig(enable_extensions={"colon_fence"}), RendererHTML)
    heading = titles.stub("card/x", title).split("\n# ", 1)[1].split("\n", 1)[0]
    rendered = md.render(f"# {heading}")
    assert rendered.startswith("<h1>") and rendered.endswith("</h1>\n")
    inner = rendered[4:-6]
    assert "<" not in inner and html.unescape(inner) == title


class _Ctx:
    docname = "card/x"

    def link(self, target_doc: str | None, text: str, anchor: str = "") -> nodes.Node:
        return nodes.reference(text, text, refuri=f"{target_doc}.html#{anchor}")

    def graph_svg(self, name: str) -> str | None:
        return None


def _html(out: list[nodes.Node]) -> str:
    document = new_document("<card>", get_default_settings(Parser))
    document.extend(out)
    return bytes(publish_from_doctree(document, writer=Writer())).decode("utf-8")


def test_card_and_ruling_text_render_as_text(pages_data: Any) -> None:
    _, fragments, _ = pages_data
    f = dict(fragments["card/bonding"])
    f["text"] = HOSTILE
    f["rulings"] = [{**f["rulings"][0], "text": HOSTILE,
                     "citations": [{**f["rulings"][0]["citations"][0], "url": "javascript:alert(1)"}]}]
    page = _html(render_cards.card_page(_Ctx(), f))
    body = page.split("<body>", 1)[1]
    for bad in ("<script>", "<strong>bold", 'href="javascript:'):
        assert bad not in body, bad
    assert body.count("&lt;script&gt;alert(") == 2 and "{rule}`ref14:I.C`" in body
    assert 'id="lsj-19980824"' in body


def _built(site: BuiltSite, doc: str) -> str:
    return (site.out / f"{doc}.html").read_text(encoding="utf-8")


def test_built_card_page_shows_its_text_rulings_and_scenarios(site: BuiltSite) -> None:
    page = _built(site, "card/bonding")
    assert "<h1>Bonding<" in page and "card:100236" in page
    assert "Only usable during a bleed action.\n[dom] +1 bleed (limited)." in page
    assert 'id="tom-19951109"' in page and "<strong>TOM 19951109</strong>" in page
    assert 'href="../authority/tom.html"' in page and 'href="../rule/ref14/III.C.2.b.html"' in page
    assert 'href="../browse/cards-by-type.html#action-modifier"' in page
    for scenario in ("scenario/rulings/bonding-stealth-only-when-needed", "scenario/cards/bonding-adds-one-bleed"):
        assert f'href="../{scenario}.html"' in page
        assert (site.out / f"{scenario}.html").is_file()
    assert "rules-pass" in page and "In the card pool of: jyhad-1.4" in page
    assert re.search(r"<div data-pagefind-body[^>]*>.*TOM 19951109.*</div>", page, re.S)


def test_built_ruling_reference_is_reachable_from_the_lists(site: BuiltSite) -> None:
    link = 'href="../card/bonding.html#tom-19951109"'
    assert link in _built(site, "browse/rulings") and link in _built(site, "authority/tom")
    tom = _built(site, "authority/tom")
    assert "Thomas R Wylie" in tom and "1994-12-15 to 1996-07-29" in tom
    assert 'href="../authority/tom.html"' in _built(site, "browse/authorities")


class _IgnoredLinks(html.parser.HTMLParser):
    """The links of a page, each with whether it sits inside an element search does not index."""

    VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"})

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[bool] = []
        self.links: dict[str, bool] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        ignored = bool(self.stack and self.stack[-1]) or any(k == "data-pagefind-ignore" for k, _ in attrs)
        href = dict(attrs).get("href")
        if tag == "a" and href:
            self.links[href] = ignored
        if tag not in self.VOID:
            self.stack.append(ignored)

    def handle_endtag(self, tag: str) -> None:
        if tag not in self.VOID and self.stack:
            self.stack.pop()


def test_built_rule_page_lists_its_rulings(site: BuiltSite) -> None:
    page = _built(site, "rule/ref14/III.C.2.b")
    assert "Rulings on cards (" in page
    links = _IgnoredLinks()
    links.feed(page)
    assert links.links["../../card/bonding.html#tom-19951109"] is True  # found on the card's page, not the rule's
    assert links.links["III.C.2.html"] is False  # the parent rule, indexed


def test_built_browse_pages_list_the_card(site: BuiltSite) -> None:
    for doc in ("browse/cards-by-set", "browse/cards-by-type"):
        assert 'href="../card/bonding.html"' in _built(site, doc), doc
    assert 'href="../card/tereza-rostas.html"' in _built(site, "browse/cards-by-clan")
    assert 'href="card/bonding.html"' in _built(site, "cards")  # the status table's names
    index = _built(site, "browse/index")
    for doc in ("cards-by-set", "cards-by-type", "cards-by-clan", "rulings", "authorities"):
        assert f'href="{doc}.html"' in index, doc
    assert 'href="browse/index.html"' in _built(site, "index")


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
needs_chromium = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed; .ci/run installs it")


@pytest.fixture(scope="module")
def card_browser(site: BuiltSite) -> Iterator[tuple[Any, str]]:
    """Chromium on the session's site, served on a free port."""
    from playwright.sync_api import sync_playwright

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, format: str, *args: Any) -> None:
            pass

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(site.out)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
            yield browser, f"http://127.0.0.1:{httpd.server_address[1]}"
            browser.close()
    finally:
        httpd.shutdown()


@needs_chromium
def test_a_ruling_reference_is_found_and_its_anchor_lands(card_browser: tuple[Any, str]) -> None:
    browser, server = card_browser
    page = browser.new_page(viewport={"width": 390, "height": 800})
    page.goto(f"{server}/index.html")
    found = page.evaluate("""async (q) => { const pf = await import('/pagefind/pagefind.js');
        const r = await pf.search(q); return r.results.length ? (await r.results[0].data()).url : ''; }""",
                          "TOM 19951109")
    assert found.endswith("/card/bonding.html")
    page.goto(f"{server}/browse/rulings.html")
    page.locator('a[href="../card/bonding.html#tom-19951109"]').first.click()
    page.wait_for_load_state()
    ruling = page.locator("#tom-19951109")
    assert "Cannot be used if you do not need the stealth" in ruling.inner_text()
    assert ruling.evaluate("e => e.matches(':target')")
    # scrolled to the ruling (smoothly: the theme animates the scroll)
    page.wait_for_function("""() => { const top = document.getElementById('tom-19951109').getBoundingClientRect().top;
        return top >= 0 && top < innerHeight / 2; }""", timeout=5000)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # no sideways scrolling on a phone
    page.close()
