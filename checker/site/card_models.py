"""The shapes of the card, ruling and authority pages' data: one JSON fragment per page, typed both ways.

checker/site/card_pages.py makes them from the reference; checker/site/render_cards.py reads them back
(``model_validate``) and turns them into docutils nodes. Every string is data, shown as text.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict


class Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Entry(Model):
    """A page as listed (a card, a ruling on its card's page, an authority): its name, its page (None for a card
    outside the era), an anchor on it and a few words about it."""

    name: str
    doc: str | None
    anchor: str = ""
    detail: str = ""


class ScenarioUse(Model):
    """A scenario with its result under each ruleset it is asked under ("pass" or "fail")."""

    title: str
    doc: str
    results: dict[str, str]


class Citation(Model):
    """One reference of a ruling: "TOM 19951109", who made it, when, and where it was published."""

    key: str
    authority: str
    authority_name: str
    authority_doc: str | None
    date: str | None
    url: str


class Standing(Model):
    ruleset: str
    date: str
    in_force: bool


class RuleApplied(Model):
    """A curated link from a ruling to a rule (applies, conflicts_with, extends) with its reason."""

    kind: str
    rule: str
    doc: str
    title: str
    why: str


class RulingShown(Model):
    """A ruling on a card page: anchored by its reference slugs, then by its id."""

    id: str
    anchors: list[str]
    text: str
    group: str | None
    date: str | None
    citations: list[Citation]
    standing: list[Standing]
    rules: list[RuleApplied]
    cards: list[Entry]
    verified_by: list[ScenarioUse]


class RulingOnRule(Model):
    """A ruling as a rule's page lists it: how it bears on the rule and why, linked to it on its card's page."""

    kind: str
    why: str
    ruling: Entry
    text: str
    date: str | None
    references: str


class PrintingShown(Model):
    set: str
    set_name: str
    date: str | None
    rarity: str


class CardPage(Model):
    kind: Literal["card"]
    id: str
    name: str
    deck: Literal["crypt", "library"]
    text: str
    fields: list[tuple[str, str]]
    browse: list[Entry]  # the lists it is on: its first set, its types, its clans
    printings: list[PrintingShown]
    engine: str
    missing: list[str]
    in_pool: list[str]
    namesakes: list[Entry]
    rulings: list[RulingShown]
    scenarios: list[ScenarioUse]


class CardSection(Model):
    title: str
    anchor: str
    note: str
    cards: list[Entry]


class CardList(Model):
    kind: Literal["card-list"]
    intro: str
    groups: list[CardSection]


class RulingRow(Model):
    """A ruling in a list: when, by which reference, on which card, by whom; the link goes to its anchor."""

    date: str | None
    key: str
    ruling: Entry
    authorities: str


class RulingList(Model):
    kind: Literal["ruling-list"]
    intro: str
    rows: list[RulingRow]


class AuthorityPage(Model):
    kind: Literal["authority"]
    code: str
    name: str
    tenure: str
    note: str
    legend: str | None
    legend_doc: str | None
    legend_words: str = ""
    rows: list[RulingRow]


class AuthorityList(Model):
    kind: Literal["authority-list"]
    authorities: list[Entry]


class BrowsePage(Model):
    kind: Literal["browse"]
    cards: int
    rulings: int
    authorities: int
