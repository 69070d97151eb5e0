"""Card, ruling and authority pages as docutils nodes (the data: checker/site/card_models.py).

Every string from the card database or the rulings collection becomes a Text or literal node;
the only raw HTML is our own fixed markup for the search index.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from docutils import nodes

from checker.site.blocks import Ctx, badge, bullets, para, raw, rubric, table
from checker.site.card_models import (
    AuthorityList,
    AuthorityPage,
    BrowsePage,
    CardList,
    CardPage,
    Entry,
    RulingList,
    RulingRow,
    RulingShown,
    ScenarioUse,
)

ENGINE = {"encoded": "The rules engine plays every part of its text; a scenario can name it with card:.",
          "not encodable": "The rules engine cannot play it yet: it lacks ",
          "not yet encoded": "Its text is not encoded for the rules engine yet."}
KINDS = {"applies": "Applies", "conflicts_with": "Says otherwise than", "extends": "Adds to"}
SEARCH_BODY = '<div data-pagefind-body data-pagefind-filter="source:cards">'


def _entry(ctx: Ctx, e: Entry) -> list[nodes.Node | str]:
    parts: list[nodes.Node | str] = [ctx.link(e.doc, e.name, e.anchor)]
    if e.detail:
        parts.append(nodes.inline("", f" {e.detail}", classes=["rules-why"]))
    return parts


def _results(ctx: Ctx, uses: list[ScenarioUse]) -> nodes.Node:
    rows: list[list[nodes.Node | str]] = []
    for s in uses:
        marks = nodes.paragraph()
        for ruleset, result in s.results.items():
            marks += badge(result)
            marks += nodes.Text(f" {ruleset}  ")
        rows.append([ctx.link(s.doc, s.title), marks])
    return table(["scenario", "result per ruleset"], rows)


def _ruling(ctx: Ctx, r: RulingShown) -> nodes.Node:
    block = nodes.container(ids=list(r.anchors), classes=["rules-ruling"])
    block += para(r.text, classes=["rules-ruling-text"])
    for c in r.citations:
        who: nodes.Node = ctx.link(c.authority_doc, c.authority_name)
        when = f", {c.date}" if c.date else ", a section of today's rulebook"
        source: list[nodes.Node | str] = []
        if c.url.startswith(("https://", "http://")):
            source = [" · ", nodes.reference("published", "published", refuri=c.url)]
        block += para(nodes.strong(c.key, c.key), " — ", who, when, *source, classes=["rules-ruling-ref"])
    if r.group:
        block += para(f"A ruling on the group {r.group}.", classes=["rules-why"])
    block += para(_standing(r), classes=["rules-ruling-standing"])
    for rule in r.rules:
        block += para(f"{KINDS.get(rule.kind, rule.kind)} ", ctx.link(rule.doc, rule.title or rule.rule),
                      " ", nodes.literal(rule.rule, rule.rule), nodes.inline("", f" — {rule.why}",
                                                                          classes=["rules-why"]))
    if r.cards:
        names: list[nodes.Node | str] = ["Names "]
        for i, card in enumerate(r.cards):
            names += ([", "] if i else []) + [ctx.link(card.doc, card.name)]
        block += para(*names)
    if r.verified_by:
        block += para("Scenarios that state it:")
        block += _results(ctx, r.verified_by)
    return block


def _standing(r: RulingShown) -> str:
    """Its standing under each edition, in words."""
    if not r.date:
        return "It cites only today's rulebook: in force under no edition of the documents."
    force = [f"{s.ruleset} ({s.date})" for s in r.standing if s.in_force]
    later = [f"{s.ruleset} ({s.date})" for s in r.standing if not s.in_force]
    words = [*(["In force under " + ", ".join(force)] if force else []),
             *([("made after " if force else "Made after ") + ", ".join(later)] if later else [])]
    return "; ".join(words) + "."


def _fields(rows: list[tuple[str, str]]) -> nodes.field_list:
    fields = nodes.field_list(classes=["rules-card-fields"])
    for name, value in rows:
        body = nodes.field_body()
        body += para(value)
        fields += nodes.field("", nodes.field_name(name, name), body)
    return fields


def card_page(ctx: Ctx, f: dict[str, Any]) -> list[nodes.Node]:
    p = CardPage.model_validate(f)
    out: list[nodes.Node] = [raw(SEARCH_BODY)]
    out.append(para(nodes.literal(p.id, p.id), f" · {p.name}, a {p.deck} card", classes=["rules-keys"]))
    block = nodes.literal_block(p.text, p.text, classes=["rules-text", "rules-card-text"])
    block["language"] = "none"
    out.append(block)
    out.append(_fields(p.fields))
    more: list[nodes.Node | str] = ["More cards: "]
    for i, e in enumerate(p.browse):
        more += ([" · "] if i else []) + _entry(ctx, e)
    out.append(para(*more, classes=["rules-card-browse"]))
    out.append(rubric("Printings"))
    out.append(bullets([para(f"{x.date or 'undated'}: {x.set_name}" + (f" ({x.rarity})" if x.rarity else ""))
                        for x in p.printings]))
    if p.namesakes:
        out.append(para("The same name: ", *[x for i, n in enumerate(p.namesakes)
                                             for x in ([", "] if i else []) + _entry(ctx, n)]))
    out.append(rubric("The rules engine"))
    state = nodes.inline(p.engine, p.engine, classes=["rules-badge", f"rules-{p.engine.replace(' ', '-')}"])
    engine: list[nodes.Node | str] = [state, " ", ENGINE.get(p.engine, "")]
    if p.missing:
        engine.append("; ".join(p.missing) + ".")
    out.append(para(*engine))
    out.append(para("In the card pool of: " + (", ".join(p.in_pool) if p.in_pool
                                               else "no edition (printed after every edition's date)") + "."))
    out.append(rubric(f"Rulings ({len(p.rulings)})" if p.rulings else "Rulings"))
    if not p.rulings:
        out.append(para("No ruling of the rulings collection is on this card."))
    out += [_ruling(ctx, r) for r in p.rulings]
    out.append(rubric("Scenarios that use it"))
    out.append(_results(ctx, p.scenarios) if p.scenarios else para("No scenario uses this card yet."))
    out.append(raw("</div>"))
    return out


def card_list(ctx: Ctx, f: dict[str, Any]) -> list[nodes.Node]:
    p = CardList.model_validate(f)
    jump: list[nodes.Node | str] = ["Go to: "]
    for i, g in enumerate(p.groups):
        jump += ([" · "] if i else []) + [ctx.link(ctx.docname, g.title, g.anchor)]
    out: list[nodes.Node] = [raw(SEARCH_BODY), para(p.intro), raw("</div>"), para(*jump, classes=["rules-jump"])]
    for g in p.groups:
        head = nodes.rubric(g.title, g.title, ids=[g.anchor])
        out += [head, para(g.note, classes=["rules-why"])]
        lst = bullets([para(*_entry(ctx, c)) for c in g.cards])
        lst["classes"].append("rules-card-list")
        out.append(lst)
    return out


def _ruling_table(ctx: Ctx, rows: list[RulingRow], show_authority: bool) -> nodes.Node:
    cells: list[list[nodes.Node | str]] = []
    for r in rows:
        line: list[nodes.Node | str] = [r.date or "undated", ctx.link(r.ruling.doc, r.key, r.ruling.anchor),
                                        ctx.link(r.ruling.doc, r.ruling.name)]
        cells.append([*line, r.authorities] if show_authority else line)
    headers = ["date", "reference", "on the card", *(["by"] if show_authority else [])]
    return table(headers, cells, classes=["rules-ruling-list"])


def ruling_list(ctx: Ctx, f: dict[str, Any]) -> list[nodes.Node]:
    p = RulingList.model_validate(f)
    return [raw(SEARCH_BODY), para(p.intro), raw("</div>"), para(f"{len(p.rows)} rulings."),
            _ruling_table(ctx, p.rows, True)]


def authority_page(ctx: Ctx, f: dict[str, Any]) -> list[nodes.Node]:
    p = AuthorityPage.model_validate(f)
    out: list[nodes.Node] = [raw(SEARCH_BODY),
                             para(nodes.literal(p.code, p.code), f" · rulings cited as {p.code} and a date",
                                  classes=["rules-keys"])]
    out.append(para(f"Term: {p.tenure}." if p.tenure else "No term: its references are cited at any date."))
    if p.note:
        out.append(para(p.note))
    if p.legend and p.legend_doc:
        out.append(para("The 1.4 reference's legend says: ", ctx.link(p.legend_doc, p.legend_words or p.legend), " ",
                        nodes.literal(p.legend, p.legend)))
    out.append(raw("</div>"))  # the rulings are found on their cards' pages, not here
    out.append(rubric(f"Rulings by date ({len(p.rows)})"))
    out.append(_ruling_table(ctx, p.rows, False) if p.rows
               else para("No ruling of the rulings collection on a card of the era cites this authority."))
    return out


def authority_list(ctx: Ctx, f: dict[str, Any]) -> list[nodes.Node]:
    p = AuthorityList.model_validate(f)
    return [para("Who made the rulings: the rules directors in turn, each for a term, the rules team as a body, "
                 "and the rulebook. A ruling is cited by its authority and its date, like TOM 19951109."),
            bullets([para(*_entry(ctx, a)) for a in p.authorities])]


def browse_page(ctx: Ctx, f: dict[str, Any]) -> list[nodes.Node]:
    p = BrowsePage.model_validate(f)
    return [para(f"The {p.cards:,} cards of the documents' era (Jyhad to Sabbat, 1994-1996), each on its own page "
                 "with its text, printings, what the rules engine makes of it, its rulings and the scenarios that "
                 f"use it; the {p.rulings} rulings on them, each reachable by its reference (TOM 19951109); "
                 f"and the {p.authorities} authorities who made them."),
            para("Whether the engine plays each card: ", ctx.link("cards", "cards the engine plays"), ".")]


RENDERERS: dict[str, Callable[[Ctx, dict[str, Any]], list[nodes.Node]]] = {
    "card": card_page, "card-list": card_list, "ruling-list": ruling_list, "authority": authority_page,
    "authority-list": authority_list, "browse": browse_page,
}
