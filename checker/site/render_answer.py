"""The answer first on a scenario page: a sentence per edition, what differs, the table before and after,
and the step-by-step trace folded in a ``<details>`` block.

The fragment's words (``said``, each run's ``state``) come from ``checker.scenarios.answer``. Every
string from data becomes a Text node; raw HTML is only our own fixed ``<details>``/``<summary>`` tags.
"""

from __future__ import annotations

import html

from docutils import nodes

from checker.site.blocks import badge, bullets, para, raw, rubric, table
from checker.site.page_models import RunShown, ScenarioPage


def answer_opening(page: ScenarioPage) -> list[nodes.Node]:
    """The answer in words, one sentence per edition, then the line saying whether the editions differ."""
    said = page.said
    if not said.runs:
        return []
    items: list[nodes.Node] = []
    for r in said.runs:
        parts: list[nodes.Node | str] = [nodes.strong(r.edition, r.edition), ": ", r.sentence]
        if r.status == "fail":
            parts += [" ", badge("fail")]
        items.append(para(*parts, classes=["rules-sentence"]))
    out = nodes.container(classes=["rules-answer"])
    out += rubric("The answer")
    out += bullets(items)
    out += para(said.difference, classes=["rules-difference"])
    return [out]


def state_table(run: RunShown) -> nodes.Node:
    """Who had what before the first step and at the end; the rows that changed are marked."""
    rows: list[list[nodes.Node | str]] = [[who, before or "-", after or "-"] for who, before, after in run.state]
    changed = [["rules-changed"] if before != after else [] for _, before, after in run.state]
    return table(["at the table", "before", "after"], rows, classes=["rules-state"], row_classes=changed)


def folded(summary: str, *content: nodes.Node) -> list[nodes.Node]:
    """Content in a collapsed ``<details>`` block whose ``<summary>`` is our own fixed words."""
    opening = raw(f'<details class="rules-steps"><summary>{html.escape(summary)}</summary>')
    return [opening, *content, raw("</details>")]
