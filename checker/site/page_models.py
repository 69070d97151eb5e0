"""The shapes of the documents', coverage, editions, errata, card-status and home pages' data, typed both ways.

checker/site/pages.py makes them; ``rules site`` writes each as a JSON fragment (:func:`dump`); the renderers
of checker/site/render.py read them back with ``model_validate``. Every string is data, shown as text.
(The card, ruling and authority pages have theirs in checker/site/card_models.py.)
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from checker.site.card_models import Model


def dump(page: Model, *, compact: bool = False) -> dict[str, Any]:
    """A page's fragment, as JSON data; ``compact`` leaves defaults out (the 1,100-odd card pages' files)."""
    return page.model_dump(mode="json", exclude_defaults=compact)


class SourceCitation(Model):
    raw: str
    target: str
    doc: str | None = None  # None: a section the reference does not hold


class SourceRule(Model):
    """A rule as its document's page lists it, in reading order."""

    id: str
    doc: str
    kind: str
    status: str
    text: str
    depth: int
    citations: list[SourceCitation] = Field(default_factory=list)


class SourcePage(Model):
    kind: Literal["source"]
    id: str
    title: str
    author: str
    date: str
    what: str
    file: str
    rules: list[SourceRule]


class NotTestable(Model):
    id: str
    why: str


class CoverageRow(Model):
    """One document's normative rules by coverage status (docs/guide/coverage.md)."""

    source: str
    title: str
    normative: int
    tested: int
    exercised: int
    not_testable: int
    untested: int
    untested_ids: list[str] = Field(default_factory=list)
    failing_ids: list[str] = Field(default_factory=list)
    not_testable_ids: list[NotTestable] = Field(default_factory=list)


class CoveragePage(Model):
    kind: Literal["coverage"]
    rows: list[CoverageRow]


class Amended(Model):
    rule: str
    text: str | None = None
    doc: str | None = None


class ErratumShown(Model):
    id: str
    title: str
    date: str
    authority: str
    source: str | None = None
    source_doc: str | None = None
    why: str
    amends: list[Amended] = Field(default_factory=list)
    parameters: dict[str, Any] = Field(default_factory=dict)
    rulesets: list[str] = Field(default_factory=list)
    new_ruleset: str | None = None  # the name of the ruleset it creates


class ErrataPage(Model):
    kind: Literal["errata"]
    errata: list[ErratumShown]


class CardStatusRow(Model):
    """An era card, whether the engine plays its text, and the scenarios that use it (their pages)."""

    id: str
    name: str
    types: str
    status: str
    missing: list[str] = Field(default_factory=list)
    scenarios: list[str] = Field(default_factory=list)
    doc: str


class CardsPage(Model):
    kind: Literal["cards"]
    counts: dict[str, int]
    cards: list[CardStatusRow]


class SourceFigures(Model):
    id: str
    title: str
    date: str
    rules: int
    normative: int


class HomePage(Model):
    """The figures of the home page: the documents, and how much of them the engine checks."""

    kind: Literal["home"]
    sources: list[SourceFigures]
    scenarios: int
    runs: int
    passing: int
    failing: int
    rules_tested: int
    rules_failing: int
    rules_exercised: int
    rules_untested: int
    rules_not_testable: int
    conflicts: int
    errata: int


class EditionShown(Model):
    name: str
    title: str
    description: str
    sources: list[str]


class ConflictPair(Model):
    """Two rules that disagree, side by side, and why."""

    a: str
    b: str
    why: str = ""
    a_text: str
    b_text: str
    a_doc: str
    b_doc: str


class SideBySideRow(Model):
    ruleset: str
    status: str
    values: dict[str, str] = Field(default_factory=dict)


class SideBySide(Model):
    """A scenario asked under several editions: the answers' fields that differ between them."""

    scenario: str
    doc: str
    title: str
    keys: list[str] = Field(default_factory=list)
    rows: list[SideBySideRow] = Field(default_factory=list)
    differs: bool = False


class ConflictTopic(Model):
    topic: str
    pairs: list[ConflictPair]
    scenarios: list[SideBySide] = Field(default_factory=list)


class ParameterProof(Model):
    """A parameter under one edition: its value, the rule stating it, and the scenario a change of it fails."""

    ruleset: str
    value: str
    rule: str
    rule_doc: str
    changed_to: str = ""
    scenario: str = ""
    doc: str = ""


class ParameterShown(Model):
    name: str
    rows: list[ParameterProof]


class EditionsPage(Model):
    kind: Literal["editions"]
    editions: list[EditionShown]
    topics: list[ConflictTopic]
    parameters: list[ParameterShown]
