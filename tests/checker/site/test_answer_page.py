"""A scenario page opens with its answer: a sentence per edition, what differs, before/after, the trace folded.

The first tests render one page's fragment to HTML with docutils (no Sphinx build); the last ones read
the site built once for the site tests (conftest.py), the hostile scenario included.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from docutils import nodes
from docutils.core import publish_from_doctree
from docutils.utils import new_document

from checker.scenarios.coverage import coverage
from checker.scenarios.load import load_scenario
from checker.scenarios.run import run
from checker.site import pages, render
from checker.site.docnames import scenario_doc
from checker.site.page_models import dump
from reference.corpus import corpus
from reference.knowledge import reference
from reference.rulesets import rulesets
from tests.checker.site.conftest import CHROMIUM, HOSTILE, BuiltSite
from tests.conftest import ROOT

TORPOR = ROOT / "scenarios/combat/dmg-damage-beyond-blood-torpor-or-burned.yaml"
BASIC = "Cassandra loses 1 blood and Eliza is burned."
DIFFERENCE = "Under jyhad-1.4 and vtes-advanced, Eliza loses 2 blood and goes to torpor. Under vtes-basic, Eliza is " \
             "burned."


class _Ctx:
    docname = "scenario/x"

    def link(self, target_doc: str | None, text: str, anchor: str = "") -> nodes.Node:
        return nodes.reference(text, text, refuri=f"/{target_doc}.html")


def _fragment(path: Path) -> dict[str, Any]:
    eds = rulesets()
    loaded = load_scenario(path, set(corpus().rules), eds)
    outcomes = tuple(run(loaded, loaded.ruleset_for(label, eds)) for label in loaded.labels)
    data = pages.SiteData(reference(), (loaded,), outcomes, coverage(outcomes), eds)
    return dump(pages.scenario_page(data, loaded, path.read_text(encoding="utf-8")))


def _html(fragment: dict[str, Any]) -> str:
    doc = new_document("test")
    doc.extend(render.scenario_page(_Ctx(), fragment))
    return publish_from_doctree(doc, writer="html").decode("utf-8")


def test_the_fragment_carries_the_sentences_and_the_table_before_and_after() -> None:
    f = _fragment(TORPOR)
    assert [r["ruleset"] for r in f["said"]["runs"]] == ["jyhad-1.4", "vtes-advanced", "vtes-basic"]
    assert f["said"]["runs"][2]["sentence"] == BASIC and f["said"]["difference"] == DIFFERENCE
    basic = next(r for r in f["runs"] if r["ruleset"] == "vtes-basic")
    assert basic["sentence"] == BASIC and basic["edition"] == "V:TES Basic Game, 1995 rulebook (vtes-basic)"
    assert ["Eliza (Bob)", "2 blood, ready", "0 blood, ash heap"] in basic["state"]
    assert basic["answer"] and basic["trace"]  # the keys the page had keep their meaning


def test_the_page_opens_with_the_answer_then_before_and_after_then_the_folded_trace() -> None:
    html = _html(_fragment(TORPOR))
    answer = html.index('class="rules-answer')
    sentence = html.index(f"(vtes-basic)</strong>: {BASIC}")
    difference = html.index(DIFFERENCE)
    state = html.index("rules-state")
    details = html.index('<details class="rules-steps"><summary>Step by step</summary>')
    trace = html.index("rules-trace")
    assert answer < sentence < difference < state < details < trace < html.index("</details>")
    assert html.count("<details") == 3  # one folded trace per edition
    assert '<tr class="rules-changed' in html


def test_hostile_text_stays_text_around_the_answer(tmp_path: Path) -> None:
    (tmp_path / "hostile.yaml").write_text(HOSTILE, encoding="utf-8")
    html = _html(_fragment(tmp_path / "hostile.yaml"))
    for bad in ("<script>alert", "<img src=x", "<iframe", '<b id="injected"', "<strong>bold"):
        assert bad not in html, bad
    assert "Bob loses 1 pool, Cassandra is tapped and Alice takes the Edge." in html
    assert html.index("Alice takes the Edge.") < html.index("<details")


def test_built_scenario_page_shows_the_sentence_before_the_trace(site: BuiltSite) -> None:
    doc = scenario_doc(str(site.scenarios / "combat" / "dmg-damage-beyond-blood-torpor-or-burned.yaml"))
    html = (site.out / f"{doc}.html").read_text(encoding="utf-8").split("<article", 1)[1]
    assert html.index(BASIC) < html.index(DIFFERENCE) < html.index("<details") < html.index("rules-trace")
    hostile = scenario_doc(str(site.scenarios / "hostile" / "hostile-title.yaml"))
    body = (site.out / f"{hostile}.html").read_text(encoding="utf-8").split("<article", 1)[1]
    assert body.count("<details") == body.count("</details>") == 1 and "<script>alert" not in body


@pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed; .ci/run installs it")
def test_in_the_browser_the_answer_shows_and_the_steps_open_on_a_click(request: pytest.FixtureRequest) -> None:
    chromium, site_url = request.getfixturevalue("browser"), request.getfixturevalue("server")
    context = chromium.new_context(viewport={"width": 390, "height": 844}, color_scheme="dark")
    page = context.new_page()
    page.goto(f"{site_url}/scenario/combat/dmg-damage-beyond-blood-torpor-or-burned.html")
    answer = page.locator(".rules-answer")
    assert answer.is_visible() and BASIC in answer.inner_text() and DIFFERENCE in answer.inner_text()
    trace = page.locator("details.rules-steps table.rules-trace").first
    assert not trace.is_visible()  # folded until asked for
    page.locator("details.rules-steps > summary").first.click()
    assert trace.is_visible()
    assert int(page.evaluate("document.documentElement.scrollWidth - window.innerWidth")) <= 1
    context.close()
