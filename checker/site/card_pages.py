"""What the card, ruling and authority pages show, as typed data dumped to one JSON fragment per page.

A page per era card (``card/<slug-of-name>``) with its text, printings, what the engine makes of it,
its rulings (each anchored by its references: ``#tom-19951109``) and the scenarios using it; a page
per ruling authority (``authority/<code>``); and browsing pages under ``browse/``: cards by first set,
by type and by clan, rulings by date, the authorities. Card and ruling text travels as data and is
rendered as text (checker/site/render_cards.py); a title that goes into a stub is escaped.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from datetime import date
from typing import Any

from checker.scenarios.cardsuse import CardUses
from checker.site.card_models import (
    AuthorityList,
    AuthorityPage,
    BrowsePage,
    CardList,
    CardPage,
    CardSection,
    Citation,
    Entry,
    Model,
    PrintingShown,
    RuleApplied,
    RulingList,
    RulingOnRule,
    RulingRow,
    RulingShown,
    ScenarioUse,
    Standing,
)
from checker.site.docnames import authority_doc, card_docs, rule_doc, scenario_doc, slug
from checker.site.page_models import dump
from checker.site.pages import SiteData
from checker.site.titles import stub
from reference.cardlayer import CardLayer, build_card_layer
from reference.cards import Card, era_cards
from reference.corpus import Authority
from reference.disciplines import DISCIPLINES
from reference.editions import Edition, editions
from reference.effectcheck import encodings, status
from reference.rulings import CardGroup as RulingGroup
from reference.rulings import Ruling

GENERATED = ("card", "authority", "browse")  # the folders under docs/ these pages are made in
BROWSE = "browse/index"
LISTS = {"browse/cards-by-set": "Cards by first set", "browse/cards-by-type": "Cards by type",
         "browse/cards-by-clan": "Cards by clan", "browse/rulings": "Rulings by date",
         "browse/authorities": "Ruling authorities"}


def _day(d: date | None) -> str | None:
    return d.isoformat() if d else None


class CardSite:
    """Everything the card, ruling and authority pages are made from, computed once per build."""

    def __init__(self, data: SiteData) -> None:
        self.data = data
        self.layer: CardLayer = data.ref.cards if data.ref.cards is not None else build_card_layer(data.ref.corpus)
        self.cards = era_cards()
        self.docs = card_docs(self.cards)
        self.named: dict[str, list[Card]] = {}
        for c in self.cards:
            self.named.setdefault(c.name, []).append(c)
        self.editions: tuple[Edition, ...] = editions(data.ref.corpus, data.editions)
        self.uses = CardUses(data.loaded)
        self.results: dict[str, dict[str, str]] = {}
        for o in data.outcomes:
            self.results.setdefault(o.scenario, {})[o.ruleset] = o.status
        self.titles = data.titles
        self.stating: dict[str, list[str]] = {}
        for sc in data.loaded:
            for rid in sc.scenario.rulings:
                self.stating.setdefault(rid, []).append(sc.path)
        members: dict[str, list[str]] = {}
        for g in self.layer.groups.values():
            for m in g.members:
                members.setdefault(m.card, []).append(g.id)
        by_subject: dict[str, list[Ruling]] = {}
        for r in self.layer.rulings.values():
            by_subject.setdefault(r.subject, []).append(r)
        self.on_card = {c.id: sorted((r for s in (c.id, *members.get(c.id, ())) for r in by_subject.get(s, ())),
                                     key=lambda r: (r.date or date.max, r.id)) for c in self.cards}
        self.anchors = {c.id: _anchors(self.on_card[c.id]) for c in self.cards}
        self.home = {r.id: self._home(r) for r in self.layer.rulings.values()}

    def _home(self, ruling: Ruling) -> str:
        """The card whose page a list links a ruling to: its card, or a group's first era member."""
        if ruling.subject in self.docs:
            return ruling.subject
        group = self.layer.groups[ruling.subject]
        return next(m.card for m in group.members if m.card in self.docs)

    def link(self, card_id: str, detail: str = "") -> Entry:
        card = self.layer.cards.get(card_id)
        name = card.name if card else card_id
        return Entry(name=name, doc=self.docs.get(card_id), detail=detail)

    def ruling_link(self, ruling: Ruling, key: str = "") -> Entry:
        """A link to the ruling on its home card's page (at ``key``'s anchor when it has it), named by the card or
        group it rules on."""
        home = self.home[ruling.id]
        anchors = self.anchors[home][ruling.id]
        name = self.layer.cards[home].name if ruling.subject == home else \
            f"{self.layer.groups[ruling.subject].name} (a group, with {self.layer.cards[home].name})"
        return Entry(name=name, doc=self.docs[home], anchor=slug(key) if slug(key) in anchors else anchors[0])

    def scenario_use(self, path: str) -> ScenarioUse:
        return ScenarioUse(title=self.titles.get(path, path), doc=scenario_doc(path),
                           results=dict(sorted(self.results.get(path, {}).items())))

    def authority(self, code: str) -> Authority | None:
        return self.data.ref.corpus.authorities.get(code)

    def authority_name(self, code: str) -> str:
        a = self.authority(code)
        if a is None:
            return code
        if a.name:
            return a.name
        legend = self.data.ref.corpus.rules.get(a.legend or "")
        return legend.title or code if legend else code


def _anchors(rulings: Iterable[Ruling]) -> dict[str, list[str]]:
    """Per ruling on one page: the slugs of its references not taken by an earlier ruling, then its own id's slug."""
    used: set[str] = set()
    out: dict[str, list[str]] = {}
    for r in rulings:
        mine = [s for s in dict.fromkeys(slug(k) for k in r.references) if s and s not in used]
        used.update(mine)
        out[r.id] = [*mine, slug(r.id)]
    return out


def card_page(site: CardSite, card: Card) -> CardPage:
    state, missing = status(card, encodings())
    layer, corpus = site.layer, site.data.ref.corpus
    rulings = []
    for r in site.on_card[card.id]:
        group = layer.groups.get(r.subject)
        cites = []
        for key in r.references:
            ref = layer.references.get(key)
            code = ref.authority if ref else key.split(" ", 1)[0]
            cites.append(Citation(key=key, authority=code, authority_name=site.authority_name(code),
                                  authority_doc=authority_doc(code) if site.authority(code) else None,
                                  date=_day(ref.date) if ref else None, url=ref.url if ref else ""))
        rules = [RuleApplied(kind=link.kind, rule=link.rule, doc=rule_doc(link.rule),
                             title=_rule_words(corpus.rules[link.rule].title, corpus.rules[link.rule].body),
                             why=link.why) for link in layer.links_of(r.id) if link.rule in corpus.rules]
        rulings.append(RulingShown(
            id=r.id, anchors=site.anchors[card.id][r.id], text=r.plain, date=_day(r.date),
            group=_group_words(group, card.id) if group else None, citations=cites,
            standing=[Standing(ruleset=e.ruleset, date=e.date.isoformat(), in_force=e.in_force(r))
                      for e in site.editions],
            rules=rules, cards=[site.link(cid) for cid in r.cards if cid != card.id],
            verified_by=[site.scenario_use(p) for p in site.stating.get(r.id, [])]))
    namesakes = [c for c in site.named[card.name] if c.id != card.id]
    return CardPage(
        kind="card", id=card.id, name=card.qualified_name, deck=card.kind, text=card.text, fields=_fields(card),
        browse=_browse(card),
        printings=[PrintingShown(set=p.set, set_name=p.set_name, date=_day(p.release_date), rarity=p.rarity)
                   for p in card.printings],
        engine=state, missing=list(missing), in_pool=[e.ruleset for e in site.editions if e.in_pool(card)],
        namesakes=[site.link(c.id, c.qualified_name) for c in namesakes], rulings=rulings,
        scenarios=[site.scenario_use(s.path) for s in site.uses.of(card)])


def _rule_words(title: str | None, body: str, limit: int = 90) -> str:
    """A rule in a few words: its title, else its first sentence, cut at a word when long."""
    words = title or " ".join(body.split())
    sentence = re.match(r"(.{20,}?[.!?])(\s|$)", words)
    words = sentence.group(1) if sentence else words
    return words if len(words) <= limit else words[:limit].rsplit(" ", 1)[0].rstrip(",;:") + "…"


def _group_words(group: RulingGroup, card_id: str) -> str:
    mine = next((m for m in group.members if m.card == card_id), None)
    limit = f", for its uses marked {mine.symbols}" if mine and mine.symbols else ""
    return f"{group.name} ({len(group.members)} cards){limit}"


def _cost(card: Card) -> str:
    return ", ".join(f"{v} {what}" for what, v in (("pool", card.pool_cost), ("blood", card.blood_cost),
                                                   ("conviction", card.conviction_cost)) if v is not None)


def _browse(card: Card) -> list[Entry]:
    """Where the card is listed: its first set's, its types' and its clans' groups of the browsing pages."""
    first = card.first_printing
    sets = [Entry(name=first.set_name, doc="browse/cards-by-set", anchor=slug(first.set_name), detail="(first set)")
            ] if first and first.release_date else []
    return [*sets, *(Entry(name=t, doc="browse/cards-by-type", anchor=slug(t)) for t in card.types),
            *(Entry(name=c, doc="browse/cards-by-clan", anchor=slug(c)) for c in (card.clan or "").split("/") if c)]


def _disciplines(codes: tuple[str, ...]) -> str:
    """In words, then the codes: "Animalism, Auspex; superior Chimerstry (ani aus CHI)"."""
    named = [c for c in codes if c.lower() in DISCIPLINES]
    basic = [DISCIPLINES[c] for c in named if not c.isupper()]
    superior = [DISCIPLINES[c.lower()] for c in named if c.isupper()]
    words = "; ".join(x for x in (", ".join(basic), "superior " + ", ".join(superior) if superior else "") if x)
    return f"{words} ({' '.join(codes)})" if words else " ".join(codes)


def _fields(card: Card) -> list[tuple[str, str]]:
    """(label, value) in words, only those the card has."""
    vampire = card.kind == "crypt"
    rows = [
        ("Type", " / ".join(card.types)),
        ("Also known as", "; ".join(card.aka)),
        ("Clan" if vampire else "Requires the clan", card.clan or ""),
        ("Disciplines" if vampire else "Requires the discipline",
         _disciplines(card.disciplines) if vampire else card.discipline_requirement or " / ".join(card.disciplines)),
        ("Capacity", str(card.capacity) if card.capacity is not None else card.capacity_note or ""),
        ("Group", (f"{card.group}" if card.group else "") + (" (advanced)" if card.advanced else "")),
        ("Title" if vampire else "Requires the title", card.title or ""),
        ("Path", card.path or ""),
        ("Cost", _cost(card)),
        ("Burn option", "yes" if card.burn_option else ""),
        ("Banned", str(card.banned) if card.banned else ""),
    ]
    first = card.first_printing
    if first:
        rows.append(("First printed", f"{first.set_name}, {_day(first.release_date)}"))
    return [(k, v) for k, v in rows if v]


def ruling_rows(site: CardSite, rulings: Iterable[Ruling], authority: str | None = None) -> list[RulingRow]:
    """Rulings by date (then reference): one row per ruling, or per reference of ``authority``."""
    rows = []
    for r in rulings:
        for key in r.references if authority else r.references[:1]:
            ref = site.layer.references.get(key)
            if authority and (ref is None or ref.authority != authority):
                continue
            day = ref.date if authority and ref else r.date
            rows.append((day or date.max, key, RulingRow(
                date=_day(day), key=key if authority else ", ".join(r.references), ruling=site.ruling_link(r, key),
                authorities=", ".join(site.authority_name(a) for a in r.authorities))))
    return [row for _, _, row in sorted(rows, key=lambda x: (x[0], x[1], x[2].ruling.name))]


def browse_pages(site: CardSite) -> dict[str, Model]:
    """The lists: cards by first set, type and clan; rulings by date; authorities."""
    by_set: dict[tuple[date, str], list[Card]] = {}
    by_type: dict[str, list[Card]] = {}
    by_clan: dict[str, list[Card]] = {}
    for c in site.cards:
        first = c.first_printing
        if first and first.release_date:
            by_set.setdefault((first.release_date, first.set_name), []).append(c)
        for t in c.types:
            by_type.setdefault(t, []).append(c)
        for clan in (c.clan or "").split("/"):
            if clan:
                by_clan.setdefault(clan, []).append(c)

    def listed(cards: list[Card], detail: Mapping[str, str]) -> list[Entry]:
        ordered = sorted(cards, key=lambda c: (c.kind != "crypt", slug(c.name), c.vekn_id))
        return [Entry(name=c.qualified_name if c.kind == "crypt" else c.name, doc=site.docs[c.id],
                      detail=detail.get(c.id, "")) for c in ordered]

    types = {c.id: " / ".join(c.types) for c in site.cards}
    clan_detail = {c.id: f"vampire, capacity {c.capacity}" if c.kind == "crypt" else types[c.id] for c in site.cards}
    pages: dict[str, Model] = {
        "browse/cards-by-set": CardList(
            kind="card-list",
            intro="Every card of the era, by the set it was first printed in, oldest set first.",
            groups=[CardSection(title=name, anchor=slug(name), note=f"{len(cs)} cards, released {day.isoformat()}",
                                cards=listed(cs, types)) for (day, name), cs in sorted(by_set.items())]),
        "browse/cards-by-type": CardList(
            kind="card-list",
            intro="Every card of the era by its type; a card of two types (Action Modifier / Combat) is under both.",
            groups=[CardSection(title=t, anchor=slug(t), note=f"{len(cs)} cards", cards=listed(cs, {}))
                    for t, cs in sorted(by_type.items(), key=lambda x: (x[0] != "Vampire", x[0]))]),
        "browse/cards-by-clan": CardList(
            kind="card-list",
            intro="The vampires of each clan, then the library cards that require the clan. Cards without a "
                  "clan are listed by type.",
            groups=[CardSection(title=clan, anchor=slug(clan), note=_clan_note(cs), cards=listed(cs, clan_detail))
                    for clan, cs in sorted(by_clan.items())]),
        "browse/rulings": RulingList(
            kind="ruling-list",
            intro="Every ruling on a card of the era, oldest first, from the rulings collection of the krcg "
                  "package. Each links to the ruling on its card's page, where its text, its standing under each "
                  "edition, the rules it applies and the scenarios that verify it are shown.",
            rows=ruling_rows(site, site.layer.rulings.values())),
        "browse/authorities": AuthorityList(kind="authority-list", authorities=[
            Entry(name=site.authority_name(code), doc=authority_doc(code),
                  detail=" · ".join(x for x in (code, a.tenure) if x))
            for code, a in site.data.ref.corpus.authorities.items()]),
        BROWSE: BrowsePage(kind="browse", cards=len(site.cards), rulings=len(site.layer.rulings),
                           authorities=len(site.data.ref.corpus.authorities)),
    }
    return pages


def _clan_note(cards: list[Card]) -> str:
    vampires = sum(c.kind == "crypt" for c in cards)
    return f"{vampires} vampires, {len(cards) - vampires} library cards"


def authority_page(site: CardSite, code: str, a: Authority) -> AuthorityPage:
    mine = [r for r in site.layer.rulings.values() if code in r.authorities]
    corpus = site.data.ref.corpus
    legend = a.legend if a.legend in corpus.rules else None
    return AuthorityPage(kind="authority", code=code, name=site.authority_name(code), tenure=a.tenure,
                         note=a.note or "", legend=legend, legend_doc=rule_doc(legend) if legend else None,
                         legend_words=_rule_words(None, corpus.rules[legend].body, 200)
                         if legend else "",
                         rows=ruling_rows(site, mine, authority=code))


def rulings_by_rule(site: CardSite) -> dict[str, list[RulingOnRule]]:
    """Per rule, the rulings the ruling links tie to it (applying it, adding to it, saying otherwise), by date."""
    found: dict[str, list[tuple[date, str, RulingOnRule]]] = {}
    for link in site.layer.links:
        ruling = site.layer.rulings.get(link.ruling)
        if ruling is None or link.rule not in site.data.ref.corpus.rules:
            continue
        found.setdefault(link.rule, []).append((ruling.date or date.max, ruling.id, RulingOnRule(
            kind=link.kind, why=link.why, ruling=site.ruling_link(ruling), text=ruling.plain, date=_day(ruling.date),
            references=", ".join(ruling.references))))
    return {rule: [r for _, _, r in sorted(items, key=lambda x: x[:2])] for rule, items in found.items()}


def card_site(data: SiteData, site: CardSite | None = None) -> tuple[dict[str, dict[str, Any]], dict[str, str]]:
    """(fragments, stubs) of every card, authority and browsing page."""
    site = site or CardSite(data)
    fragments: dict[str, dict[str, Any]] = {}
    stubs: dict[str, str] = {}
    for card in site.cards:
        doc = site.docs[card.id]
        fragments[doc] = dump(card_page(site, card), compact=True)
        stubs[doc] = stub(doc, card.qualified_name if len(site.named[card.name]) > 1 else card.name)
    for code, a in data.ref.corpus.authorities.items():
        doc = authority_doc(code)
        fragments[doc] = dump(authority_page(site, code, a), compact=True)
        stubs[doc] = stub(doc, site.authority_name(code))
    for doc, page in browse_pages(site).items():
        fragments[doc] = dump(page, compact=True)
        stubs[doc] = stub(doc, LISTS.get(doc, "Cards, rulings and authorities"),
                          [d.removeprefix("browse/") for d in LISTS] if doc == BROWSE else ())
    return fragments, stubs
