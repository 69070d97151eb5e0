"""The shapes of the documents', coverage, editions, errata, card-status and home pages' data, typed both ways.

checker/site/pages.py makes them; ``rules site`` writes each as a JSON fragment (:func:`dump`); the renderers
of checker/site/render.py read them back with ``model_validate``. Every string is data, shown as text.
(The card, ruling and authority pages have theirs in checker/site/card_models.py.)
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from checker.site.card_models import Model, RulingOnRule
from reference.describe import Description


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


class DocLink(Model):
    """A rule named by a scenario (``tests``, ``cites``) and its page."""

    id: str
    doc: str


class Clause(Model):
    subject: str
    text: str


class RunSaid(Model):
    """One run's answer in words (checker/scenarios/answer.py)."""

    ruleset: str
    edition: str
    status: str
    sentence: str
    clauses: list[Clause] = Field(default_factory=list)


class Said(Model):
    """Every run's sentence, and the line saying whether and where the editions differ."""

    runs: list[RunSaid]
    difference: str
    differs: bool


class StepShown(Model):
    n: int
    key: str
    line: int | None = None


class TraceShown(Model):
    """One line of a run's trace: the step, the rule it applied, what it did."""

    step: int | None  # None: the setup
    key: str
    rule: str
    doc: str
    message: str
    fallback: str | None = None


class RunShown(Model):
    """One run of a scenario: its result, its answer in words, the table before and after, the trace."""

    ruleset: str
    status: str
    failures: list[str] = Field(default_factory=list)
    illegal: dict[str, Any] | None = None
    answer: list[str] = Field(default_factory=list)
    edition: str
    sentence: str
    state: list[tuple[str, str, str]] = Field(default_factory=list)  # (who, before, after)
    trace: list[TraceShown] = Field(default_factory=list)


class ScenarioPage(Model):
    kind: Literal["scenario"]
    path: str
    doc: str
    title: str
    said: Said
    question: str
    tests: list[DocLink]
    cites: list[DocLink] = Field(default_factory=list)
    source: str
    steps: list[StepShown] = Field(default_factory=list)
    runs: list[RunShown] = Field(default_factory=list)


class ScenarioRuns(Model):
    """A scenario as a rule page lists it: its page, title and result under each ruleset it ran."""

    scenario: str
    doc: str
    title: str
    rulesets: dict[str, str]


class Crumb(Model):
    id: str
    doc: str
    title: str = ""


class PartText(Model):
    """A direct part of a rule, carried on the rule's page so that searching its words finds the section."""

    id: str
    text: str


class RulePage(Model):
    kind: Literal["rule"]
    id: str
    doc: str
    status: str
    rule: Description
    graph: str
    tested_by: list[ScenarioRuns] = Field(default_factory=list)
    exercised_by: list[ScenarioRuns] = Field(default_factory=list)
    not_testable: str | None = None
    engine_steps: list[tuple[str, str]] = Field(default_factory=list)  # (step, engine function)
    parameters: list[tuple[str, str, str]] = Field(default_factory=list)  # (parameter, ruleset, value)
    trail: list[Crumb] = Field(default_factory=list)
    previous: Crumb | None = None
    next: Crumb | None = None
    parts_text: list[PartText] = Field(default_factory=list)
    rulings: list[RulingOnRule] = Field(default_factory=list)


class TopicScenario(Model):
    title: str
    doc: str
    status: str  # "pass", "fail" or "answered"
    editions: int


class Topic(Model):
    id: str
    title: str
    scenarios: list[TopicScenario]


class TopicsPage(Model):
    """The answered questions by topic (checker/site/topics.py)."""

    kind: Literal["topics"]
    topics: list[Topic]


class SchemaField(Model):
    type: str
    description: str = ""


class SchemaModel(Model):
    name: str
    description: str = ""
    fields: dict[str, SchemaField]


class SchemaPage(Model):
    """The scenario format's models and their fields, from the pydantic models themselves."""

    kind: Literal["schema"]
    models: list[SchemaModel]
