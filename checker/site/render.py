"""Turning page fragments into docutils nodes. Every string from data becomes a Text node."""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from docutils import nodes

from checker.site.blocks import Ctx, badge, bullets, literal, para, raw, rubric, table, text
from checker.site.card_models import RulingOnRule
from checker.site.docnames import rule_doc
from checker.site.page_models import (
    CardsPage,
    CoveragePage,
    DocLink,
    EditionsPage,
    ErrataPage,
    HomePage,
    RulePage,
    ScenarioPage,
    ScenarioRuns,
    SchemaPage,
    SourcePage,
    TopicsPage,
)
from checker.site.render_answer import answer_opening, folded, state_table
from checker.site.render_cards import RENDERERS
from checker.site.render_search import filter_span, meta_span, not_indexed, parts_text, search_characters
from reference.describe import Summary


def page(ctx: Ctx, f: dict[str, Any]) -> list[nodes.Node]:
    return {
        **RENDERERS, "rule": rule_page, "source": source_page, "scenario": scenario_page, "coverage": coverage_page,
        "editions": editions_page, "errata": errata_page, "home": home_page, "schema": schema_page,
        "cards": cards_page, "topics": topics_page,
    }[f["kind"]](ctx, f)


def _rel(ctx: Ctx, items: Sequence[Summary], title: str) -> list[nodes.Node]:
    if not items:
        return []
    entries: list[nodes.Node] = []
    for it in items:
        label = it.raw or it.title or it.first_line or ""
        parts: list[nodes.Node | str] = [ctx.link(rule_doc(it.id) if it.type == "rule" else None, it.id)]
        if label:
            parts.append(f" — {label}")
        if it.type == "external":
            parts.append(" (cited, not held)")
        if it.why:
            parts.append(nodes.inline("", f" ({it.why})", classes=["rules-why"]))
        entries.append(para(*parts))
    return [rubric(title), bullets(entries)]


def _runs_table(ctx: Ctx, runs: list[ScenarioRuns]) -> nodes.Node:
    rows: list[list[nodes.Node | str]] = []
    for r in runs:
        marks = nodes.paragraph()
        for ruleset, status in sorted(r.rulesets.items()):
            marks += badge(status)
            marks += text(" ")
            marks += edition(ctx, ruleset)
            marks += text("  ")
        rows.append([ctx.link(r.doc, r.title), marks])
    return table(["scenario", "result per edition"], rows)


def breadcrumbs(ctx: Ctx, page: RulePage) -> list[nodes.Node]:
    """Where the rule sits: its document, then each enclosing section, as links."""
    src = page.rule.source
    crumbs = nodes.paragraph(classes=["rules-breadcrumbs"])
    crumbs += ctx.link(f"source/{src.id}", src.title)
    for t in page.trail:
        crumbs += text(" › ")
        crumbs += ctx.link(t.doc, t.title or t.id)
    return [crumbs]


def previous_next(ctx: Ctx, page: RulePage) -> list[nodes.Node]:
    """The rules before and after this one, in the document's order."""
    nav = nodes.paragraph(classes=["rules-prev-next"])
    for crumb, label in ((page.previous, "← previous rule: "), (page.next, "next rule → ")):
        if crumb:
            if len(nav):
                nav += text("  ·  ")
            nav += text(label)
            nav += ctx.link(crumb.doc, crumb.id)
    return [nav] if len(nav) else []


def edition(ctx: Ctx, name: str) -> nodes.Node:
    """An edition's name, linked to its entry in the glossary (what it is, its date and documents)."""
    return ctx.link("glossary", name, anchor=f"term-{name}")


def rule_page(ctx: Ctx, f: dict[str, Any]) -> list[nodes.Node]:
    page = RulePage.model_validate(f)
    d, src = page.rule, page.rule.source
    out: list[nodes.Node] = [*breadcrumbs(ctx, page), raw('<div data-pagefind-body>')]
    out += not_indexed(para(badge(page.status), f"  {d.kind} · ", ctx.link(f"source/{src.id}", src.title, d.id),
                            f" · lines {d.lines.document[0]}–{d.lines.document[1]} ({src.file})"))
    if d.title:
        out.append(para(d.title, classes=["rules-title"]))
    out.append(literal(d.text))
    path = d.id.split(":", 1)[1]
    out.append(raw(f'<p class="rules-keys" data-pagefind-weight="8" data-pagefind-meta="id:{d.id}">'
                   f'Rule {d.id} · section {path}'
                   + filter_span("source", src.id) + filter_span("status", page.status)
                   + meta_span("kind", d.kind) + "</p>"))
    for e in d.errata:
        out.append(rubric(f"Erratum {e.id}"))
        out.append(para(f"{e.title} — {e.date}, {e.authority}"))
        if e.text:
            out.append(literal(e.text))
        if e.parameters:
            out.append(para("Changes " + ", ".join(f"{k} = {v}" for k, v in e.parameters.items())
                            + " in " + ", ".join(e.rulesets)))
    if page.not_testable:
        out.append(para(f"Not testable: {page.not_testable}", classes=["rules-not-testable"]))
    out.append(raw("<div data-pagefind-ignore>"))  # the scenarios are found on their own pages
    out.append(rubric("Scenarios that test it"))
    out.append(_runs_table(ctx, page.tested_by) if page.tested_by else para("None yet."))
    if page.exercised_by:
        out.append(rubric("Scenarios whose answers applied it"))
        out.append(_runs_table(ctx, page.exercised_by))
    if page.rulings:
        out += _rulings(ctx, page.rulings)
    out.append(raw("</div>"))
    out += parts_text(page.parts_text)
    out += search_characters(d.text, *(p.text for p in page.parts_text))
    out.append(raw("</div>"))
    out += _rel(ctx, [d.parent], "Part of")
    out += _rel(ctx, d.children, "Parts")
    cites = [Summary(id=c.target, raw=c.raw, type="rule" if c.held else "external")
             for c in d.citations if c.target and c.kind in ("pocket", "section", "step")]
    out += _rel(ctx, cites, "Cites")
    out += _rel(ctx, d.cited_by, "Cited by")
    out += _rel(ctx, d.corrects, "Corrects")
    out += _rel(ctx, d.ruled_by, "Ruled by")
    out += _rel(ctx, d.supersedes + d.superseded_by, "Superseded by or supersedes")
    out += _rel(ctx, d.same_as, "The same rule elsewhere")
    out += _rel(ctx, d.translates, "Translates")
    out += _rel(ctx, d.translated_by, "Translated by")
    between_rules = [c for c in d.conflicts_with if c.type == "rule"]  # a ruling's show on its own page
    if between_rules:
        out.append(rubric("Conflicts with"))
        for c in between_rules:
            out.append(para(ctx.link(rule_doc(c.id), c.id), f" — {c.why or ''}"))
            out.append(table([d.id, c.id], [[literal(d.text), literal(c.text or "")]], classes=["rules-side-by-side"]))
    if page.engine_steps or page.parameters:
        out.append(rubric("Applied by the engine"))
        items: list[nodes.Node] = [para(f"step {s}: ", nodes.literal(fn, fn)) for s, fn in page.engine_steps]
        items += [para(f"parameter {p} = {v} in {r}") for p, r, v in page.parameters]
        out.append(bullets(items))
    out.append(rubric("Neighbourhood"))
    svg = ctx.graph_svg(page.graph)  # drawn by Graphviz from rule ids only (checker/site/graphs.py)
    if svg is None:
        out.append(nodes.image(uri=f"/_graphs/{page.graph}", alt=f"The rules around {d.id}"))
    else:  # inlined, so each rule in the picture links to its page; it scrolls sideways on a phone
        out.append(raw(f'<div class="rules-graph">{svg}</div>'))  # its <title> names it: "The rules around ..."
    return [*out, *previous_next(ctx, page)]


RULING_KINDS = {"applies": "applies this rule", "extends": "adds to this rule", "conflicts_with": "says otherwise"}


def _rulings(ctx: Ctx, found: list[RulingOnRule]) -> list[nodes.Node]:
    """The rulings on cards tied to this rule, each linked to its place on its card's page."""
    items: list[nodes.Node] = []
    for r in found:
        item = para(ctx.link(r.ruling.doc, r.ruling.name, r.ruling.anchor), f" — {r.text}")
        item += nodes.inline("", f" ({r.references}{', ' + r.date if r.date else ''}; "
                                 f"{RULING_KINDS.get(r.kind, r.kind)}: {r.why})", classes=["rules-why"])
        items.append(item)
    return [rubric(f"Rulings on cards ({len(items)})"), bullets(items)]


def source_page(ctx: Ctx, f: dict[str, Any]) -> list[nodes.Node]:
    page = SourcePage.model_validate(f)
    out: list[nodes.Node] = [para(f"{page.author} — {page.date}"), para(page.what),
                             para(f"Kept verbatim in {page.file}.")]
    for r in page.rules:
        block = nodes.container(ids=[r.id], classes=["rules-source-rule", f"rules-depth-{min(r.depth, 5)}"])
        block += para(ctx.link(r.doc, r.id), "  ", badge(r.status), classes=["rules-source-head"])
        block += literal(r.text)
        if r.citations:
            links: list[nodes.Node | str] = ["Cites: "]
            for i, c in enumerate(r.citations):
                links += ([", "] if i else []) + [ctx.link(c.doc, c.raw) if c.doc
                                                  else nodes.inline(c.raw, f"{c.raw} (not held)")]
            block += para(*links, classes=["rules-cites"])
        out.append(block)
    return out


def scenario_page(ctx: Ctx, f: dict[str, Any]) -> list[nodes.Node]:
    page = ScenarioPage.model_validate(f)
    out: list[nodes.Node] = [raw('<div data-pagefind-body>'), para(page.title, classes=["rules-title"]),
                             para(page.question), *answer_opening(page)]
    names = sorted({run.ruleset for run in page.runs} | {"scenario"})
    out.append(raw("".join(f'<span data-pagefind-filter="ruleset" data-pagefind-ignore hidden>{html.escape(n)}</span>'
                           for n in names)
                   + '<span data-pagefind-filter="source" data-pagefind-ignore hidden>scenarios</span>'))
    out.append(para("Tests: ", *_joined(ctx, page.tests)))
    if page.cites:
        out.append(para("Relies on: ", *_joined(ctx, page.cites)))
    for run in page.runs:
        out.append(rubric(f"Under {run.edition or run.ruleset}"))
        out.append(para(badge(run.status)))
        for failure in run.failures:
            out.append(para(failure, classes=["rules-failure"]))
        out.append(state_table(run) if run.state else bullets([para(line) for line in run.answer]))
        rows: list[list[nodes.Node | str]] = []
        for t in run.trace:
            step = f"{t.step}. {t.key.replace('_', ' ')}"
            rule: nodes.Node = ctx.link(t.doc, t.rule)
            if t.fallback:  # borrowed from a document outside the ruleset's sources
                rule = para(rule, nodes.inline("", f" ({t.fallback})", classes=["rules-fallback"]))
            rows.append([step, rule, t.message])
        out += folded("Step by step", table(["step", "rule", "what it did"], rows, classes=["rules-trace"]))
    out.append(raw("</div>"))
    out.append(rubric(f"The file: {page.path}"))
    out.append(literal(page.source))
    return out


def _joined(ctx: Ctx, items: list[DocLink]) -> list[nodes.Node | str]:
    parts: list[nodes.Node | str] = []
    for i, it in enumerate(items):
        parts += ([", "] if i else []) + [ctx.link(it.doc, it.id)]
    return parts


def coverage_page(ctx: Ctx, f: dict[str, Any]) -> list[nodes.Node]:
    page = CoveragePage.model_validate(f)
    rows: list[list[nodes.Node | str]] = [
        [ctx.link(f"source/{r.source}", r.source), str(r.normative), str(r.tested), str(r.exercised),
         str(r.not_testable), str(r.untested)] for r in page.rows]
    out: list[nodes.Node] = [
        para("The normative rules of each source, each counted once: tested (a passing scenario with an "
             "expectation names it in tests: and the engine used it), exercised only (the engine used it "
             "while answering, but no scenario tests it), not testable (nothing at the table the engine "
             "plays could show it), or untested. ", ctx.link("guide/coverage", "The coverage guide"),
             " gives the exact definitions."),
        table(["source", "normative", "tested", "exercised only", "not testable", "untested"], rows)]
    for r in page.rows:
        if not (r.untested_ids or r.failing_ids or r.not_testable_ids):
            continue
        out.append(rubric(f"{r.source}: {r.title}"))
        for label, ids in (("Untested", r.untested_ids), ("Named by a failing scenario", r.failing_ids)):
            if ids:
                out.append(para(f"{label} ({len(ids)}): ",
                                *_joined(ctx, [DocLink(id=i, doc=rule_doc(i)) for i in ids])))
        if r.not_testable_ids:
            out.append(para("Not testable:"))
            out.append(bullets([para(ctx.link(rule_doc(m.id), m.id), f" — {m.why}") for m in r.not_testable_ids]))
    return out


def section(anchor: str, title: str, children: Sequence[nodes.Node]) -> nodes.section:
    """A titled part of a page: it gets a heading, an anchor, and a line in the page's table of contents."""
    sec = nodes.section(ids=[nodes.make_id(anchor)])
    sec += nodes.title(title, title)
    for child in children:
        sec += child
    return sec


def editions_page(ctx: Ctx, f: dict[str, Any]) -> list[nodes.Node]:
    page = EditionsPage.model_validate(f)
    intro: list[nodes.Node] = [
        para("The engine answers each question under the editions of the rules it belongs to. Each edition is a "
             "date, the documents it follows, and the values of a few rule parameters; the words are in the ",
             ctx.link("glossary", "glossary"), ".")]
    intro.append(table(["edition", "what it is", "documents"],
                       [[para(edition(ctx, e.name)), para(f"{e.title}: {e.description}"), ", ".join(e.sources)]
                        for e in page.editions]))
    out: list[nodes.Node] = [section("the-editions", "The editions", intro)]
    disagreements: list[nodes.Node] = [para("Every recorded disagreement between the documents, with the scenarios "
                                            "that ask the question under each edition, side by side.")]
    for t in page.topics:
        part: list[nodes.Node] = []
        for p in t.pairs:
            part.append(para(ctx.link(p.a_doc, p.a), " against ", ctx.link(p.b_doc, p.b), f": {p.why}"))
            part.append(table([p.a, p.b], [[literal(p.a_text), literal(p.b_text)]], classes=["rules-side-by-side"]))
        for s in t.scenarios:
            part.append(para("Scenario: ", ctx.link(s.doc, s.title)))
            if s.keys:
                rows: list[list[nodes.Node | str]] = [[r.ruleset, badge(r.status), *[r.values[k] for k in s.keys]]
                                                      for r in s.rows]
                part.append(table(["ruleset", "", *s.keys], rows))
            else:
                part.append(para("The same answer under every edition it is asked in."))
        topic = t.topic.replace("-", " ")
        disagreements.append(section(f"topic-{t.topic}", topic[:1].upper() + topic[1:], part))
    out.append(section("where-the-documents-disagree", "Where the documents disagree", disagreements))
    values: list[nodes.Node] = [para("Every value an edition can change, the rule that states it, and a scenario "
                                     "whose answer fails if the value is changed (rules rulesets --kill-matrix lists "
                                     "them all).")]
    for prm in page.parameters:
        proofs: list[list[nodes.Node | str]] = [
            [r.ruleset, r.value, ctx.link(r.rule_doc, r.rule),
             (ctx.link(r.doc, r.scenario) if r.doc else "no scenario reads it under this edition")
             if not r.changed_to else para(f"set to {r.changed_to}, ", ctx.link(r.doc, r.scenario), " fails")]
            for r in prm.rows]
        values.append(section(f"parameter-{prm.name}", prm.name.replace("_", " "),
                              [table(["ruleset", "value", "stated by", "proved by"], proofs)]))
    out.append(section("what-each-edition-sets", "What each edition sets, and the scenario that proves it", values))
    return out


def errata_page(ctx: Ctx, f: dict[str, Any]) -> list[nodes.Node]:
    out: list[nodes.Node] = [para("The errata applied to the reference, oldest first. The documents keep their "
                                  "original words; each erratum records what changed and where.")]
    for e in ErrataPage.model_validate(f).errata:
        out.append(rubric(e.title))
        out.append(para(f"{e.id} · {e.date} · {e.authority}"))
        if e.source_doc:
            out.append(para("Published in ", ctx.link(e.source_doc, e.source or e.source_doc)))
        out.append(para(e.why))
        for a in e.amends:
            out.append(para("Amends ", ctx.link(a.doc, a.rule)))
            if a.text:
                out.append(literal(a.text))
        if e.parameters:
            out.append(para("Changes " + ", ".join(f"{k} = {v}" for k, v in e.parameters.items())
                            + " in " + ", ".join(e.rulesets or [e.new_ruleset or ""])))
    return out


def cards_page(ctx: Ctx, f: dict[str, Any]) -> list[nodes.Node]:
    page = CardsPage.model_validate(f)
    counts = ", ".join(f"{n} {k}" for k, n in sorted(page.counts.items()))
    out: list[nodes.Node] = [para(
        "Each card of the era (Jyhad to Sabbat) and whether the rules engine plays its text: encoded (every "
        "part of its text is played), not encodable (the mechanics it lacks are named), or not yet encoded. "
        f"{counts}. A scenario can name an encoded card; `rules cards --status` prints the same table.")]
    rows: list[list[nodes.Node | str]] = []
    for c in page.cards:
        used: list[nodes.Node | str] = [ctx.link(doc, doc.rsplit("/", 1)[-1]) for doc in c.scenarios[:3]]
        more = len(c.scenarios) - 3
        cell = para(*[x for i, link in enumerate(used) for x in ((", ", link) if i else (link,))],
                    *([f" (+{more})"] if more > 0 else []))
        rows.append([para(ctx.link(c.doc, c.name), f" ({c.id})"), c.types, c.status, "; ".join(c.missing), cell])
    out.append(table(["card", "type", "status", "not modelled", "scenarios"], rows))
    return out


def home_page(ctx: Ctx, f: dict[str, Any]) -> list[nodes.Node]:
    h = HomePage.model_validate(f)
    rows: list[list[nodes.Node | str]] = [[ctx.link(f"source/{s.id}", s.title), s.date, str(s.rules),
                                           str(s.normative)] for s in h.sources]
    figures = [
        f"{h.scenarios} scenarios, {h.runs} runs: {h.passing} passing, {h.failing} failing",
        f"{h.rules_tested} rules tested by a passing scenario, {h.rules_exercised} more exercised, "
        f"{h.rules_failing} failing, {h.rules_untested} normative rules untested, {h.rules_not_testable} not testable",
        f"{h.conflicts} recorded disagreements between the documents; {h.errata} errata",
    ]
    return [raw('<div id="rules-search" class="rules-search"></div>'),
            rubric("The documents"),
            table(["document", "written", "rules", "of which normative"], rows),
            rubric("How much the engine checks"),
            bullets([para(x) for x in figures])]


def topics_page(ctx: Ctx, f: dict[str, Any]) -> list[nodes.Node]:
    """The answered questions by topic, each title linked to its scenario page with its status."""
    out: list[nodes.Node] = []
    for t in TopicsPage.model_validate(f).topics:
        section = nodes.section(ids=[f"topic-{t.id.replace('/', '-')}"])
        section += nodes.title(t.title, t.title)
        section += bullets([para(ctx.link(s.doc, s.title), " ", badge(s.status)) for s in t.scenarios])
        out.append(section)
    return out


def schema_page(ctx: Ctx, f: dict[str, Any]) -> list[nodes.Node]:
    out: list[nodes.Node] = [para("Generated from the pydantic models the checker validates scenario files with. "
                                  "Unknown keys are errors everywhere.")]
    for m in SchemaPage.model_validate(f).models:
        out.append(rubric(m.name))
        if m.description:
            out.append(para(m.description))
        rows: list[list[nodes.Node | str]] = [[k, v.type, v.description] for k, v in m.fields.items()]
        out.append(table(["field", "type", "meaning"], rows))
    return out
