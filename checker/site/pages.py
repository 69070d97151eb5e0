"""What each page of the site shows, as plain data (one JSON fragment per page).

``rules site`` writes a fragment and a two-line MyST stub per page; the Sphinx extension
turns fragments into nodes. Text from scenario files only ever travels as data, so it is
shown as text and never parsed as markup. Fragments are rewritten only when they change,
so an incremental build re-reads exactly the pages whose content changed.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from checker.scenarios.coverage import Coverage, Statuses, translations_of
from checker.scenarios.impact import flatten
from checker.scenarios.killmatrix import Mutant
from checker.scenarios.load import LoadedScenario
from checker.scenarios.run import Outcome
from checker.site.card_models import RulingOnRule
from checker.site.docnames import graph_file, rule_doc, scenario_doc
from checker.site.implemented import engine_names
from checker.site.page_models import (
    Amended,
    CardsPage,
    CardStatusRow,
    Clause,
    ConflictPair,
    ConflictTopic,
    CoveragePage,
    CoverageRow,
    Crumb,
    DocLink,
    EditionShown,
    EditionsPage,
    ErrataPage,
    ErratumShown,
    HomePage,
    NotTestable,
    ParameterProof,
    ParameterShown,
    PartText,
    RulePage,
    RunSaid,
    RunShown,
    Said,
    ScenarioPage,
    ScenarioRuns,
    SideBySide,
    SideBySideRow,
    SourceCitation,
    SourceFigures,
    SourcePage,
    SourceRule,
    StepShown,
    TraceShown,
)
from reference.describe import describe
from reference.graph import all_conflicts
from reference.knowledge import Reference
from reference.model import SOURCES
from reference.rulesets import Ruleset


@dataclass(frozen=True)
class SiteData:
    """Everything the pages are made from."""

    ref: Reference
    loaded: tuple[LoadedScenario, ...]
    outcomes: tuple[Outcome, ...]
    coverage: Coverage
    editions: Mapping[str, Ruleset]
    kills: tuple[Mutant, ...] = ()

    @cached_property
    def statuses(self) -> Statuses:
        """Each rule's coverage status (docs/guide/coverage.md), with the project's not-testable marks."""
        from reference.untestable import untestable

        return Statuses(self.coverage, self.ref.corpus, untestable(), translations_of(self.ref.links))

    @cached_property
    def titles(self) -> dict[str, str]:
        """Each scenario's title by its path."""
        return {sc.path: sc.scenario.title for sc in self.loaded}

    @cached_property
    def outcomes_of(self) -> dict[str, list[Outcome]]:
        """Each scenario's runs by its path, in run order."""
        by_path: dict[str, list[Outcome]] = {}
        for o in self.outcomes:
            by_path.setdefault(o.scenario, []).append(o)
        return by_path

    @cached_property
    def reading_order(self) -> dict[str, list[str]]:
        """Each document's rule ids in the order the document reads."""
        return {s: [r.id for r in self.ref.corpus.by_source(s)] for s in SOURCES}


def short_heading(text: str, limit: int = 48) -> str:
    """A rule's first line without its bracketed citations, cut at a word: 'D. Strikes.'"""
    first = re.sub(r"\s*\[[^\]]*\]", "", text.strip().splitlines()[0] if text.strip() else "").strip()
    if len(first) <= limit:
        return first
    return first[:limit].rsplit(" ", 1)[0] + "…"


def trail(data: SiteData, rule_id: str) -> list[Crumb]:
    """The rule's ancestors, outermost first: the breadcrumbs from its document down to it."""
    rules = data.ref.corpus.rules
    chain: list[Crumb] = []
    parent = rules[rule_id].parent
    while parent and parent in rules:
        chain.append(Crumb(id=parent, doc=rule_doc(parent), title=short_heading(rules[parent].text)))
        parent = rules[parent].parent
    return chain[::-1]


def neighbours(data: SiteData, rule_id: str) -> tuple[Crumb | None, Crumb | None]:
    """The rules before and after this one in its document's reading order."""
    order = data.reading_order[rule_id.split(":", 1)[0]]
    i = order.index(rule_id)
    before, after = (Crumb(id=order[j], doc=rule_doc(order[j])) if 0 <= j < len(order) else None
                     for j in (i - 1, i + 1))
    return before, after


STATUS_BADGE = {"tested": "passing", "exercised": "exercised", "not-testable": "not-testable", "untested": "untested"}


def rule_status(data: SiteData, rule_id: str) -> str:
    """failing (a scenario naming it fails), passing (tested), exercised, not-testable, untested or not-normative."""
    r = data.ref.corpus.rules[rule_id]
    if data.coverage.named.get(rule_id, set()) & data.coverage.failing:
        return "failing"
    status = data.statuses.status(rule_id)
    if not r.normative and status != "tested":
        return "not-normative"
    return STATUS_BADGE[status]


def _runs(data: SiteData, runs: Iterable[tuple[str, str]]) -> list[ScenarioRuns]:
    out: dict[str, ScenarioRuns] = {}
    for scenario, ruleset in sorted(runs):
        entry = out.setdefault(scenario, ScenarioRuns(scenario=scenario, doc=scenario_doc(scenario),
                                                      title=data.titles.get(scenario, scenario), rulesets={}))
        entry.rulesets[ruleset] = "fail" if (scenario, ruleset) in data.coverage.failing else "pass"
    return list(out.values())


def rule_page(data: SiteData, rule_id: str, parts: Sequence[PartText] = (),
              rulings: Sequence[RulingOnRule] = ()) -> RulePage:
    d = describe(data.ref, rule_id)
    cov = data.coverage
    step_fns, param_fns = engine_names()
    keys = sorted({k for rs in data.editions.values() for k, v in rs.steps.items() if v == rule_id})
    params = sorted({(p, name, repr_value(prm.value)) for name, rs in data.editions.items()
                     for p, prm in rs.parameters.items() if prm.rule == rule_id})
    steps = sorted({(k, fn) for k in keys for fn in step_fns.get(k, ())}
                   | {(f"{p} (parameter)", fn) for p, _, _ in params for fn in param_fns.get(p, ())})
    before, after = neighbours(data, rule_id)
    return RulePage(
        kind="rule", id=rule_id, doc=rule_doc(rule_id), status=rule_status(data, rule_id), rule=d,
        graph=f"{graph_file(rule_id)}.svg", tested_by=_runs(data, cov.named.get(rule_id, set())),
        exercised_by=_runs(data, cov.exercised.get(rule_id, set()) - cov.named.get(rule_id, set())),
        not_testable=data.statuses.untestable.get(rule_id), engine_steps=steps, parameters=params,
        trail=trail(data, rule_id), previous=before, next=after, parts_text=list(parts), rulings=list(rulings))


def repr_value(value: Any) -> str:
    import json

    return json.dumps(value, ensure_ascii=False)


def source_page(data: SiteData, source: str) -> SourcePage:
    doc = data.ref.corpus.documents[source]
    rules = [SourceRule(id=r.id, doc=rule_doc(r.id), kind=r.kind.value, status=rule_status(data, r.id), text=r.body,
                        depth=r.path.count("."),
                        citations=[SourceCitation(raw=c.raw, target=c.target,
                                                  doc=rule_doc(c.target) if c.target in data.ref.corpus.rules else None)
                                   for c in r.citations if c.target])
             for r in data.ref.corpus.by_source(source)]
    return SourcePage(kind="source", id=source, title=doc.title, author=doc.author, date=doc.date, what=doc.what,
                      file=doc.file, rules=rules)


def scenario_page(data: SiteData, sc: LoadedScenario, text: str) -> ScenarioPage:
    from checker.scenarios.answer import scenario_answer, state_rows

    outcomes = data.outcomes_of.get(sc.path, [])
    s = sc.scenario
    said = scenario_answer(outcomes, data.editions, sc)  # the answer in words, per edition, and what differs
    return ScenarioPage(
        kind="scenario", path=sc.path, doc=scenario_doc(sc.path), title=s.title,
        said=Said(runs=[RunSaid(ruleset=r.ruleset, edition=r.edition, status=r.status, sentence=r.sentence,
                                clauses=[Clause(subject=c.subject, text=c.text) for c in r.clauses])
                        for r in said.runs], difference=said.difference, differs=said.differs),
        question=s.question, tests=[DocLink(id=t, doc=rule_doc(t)) for t in s.tests],
        cites=[DocLink(id=t, doc=rule_doc(t)) for t in s.cites], source=text,
        steps=[StepShown(n=st.index + 1, key=st.key, line=st.line) for st in sc.steps],
        runs=[RunShown(ruleset=o.ruleset, status=o.status, failures=list(o.failures), illegal=o.illegal,
                       answer=_answer_lines(o.answer), edition=a.edition, sentence=a.sentence,
                       state=state_rows(o.before or o.answer, o.answer),
                       trace=[TraceShown(step=t.step, key=t.step_key, rule=t.rule, doc=rule_doc(t.rule),
                                         message=t.message + (" (undone: this step is refused)" if t.undone else ""),
                                         fallback=t.fallback)
                              for t in o.trace])
              for o, a in zip(outcomes, said.runs, strict=True)])


def _answer_lines(answer: Mapping[str, Any]) -> list[str]:
    lines = []
    for name, p in answer["players"].items():
        lines.append(f"{name}: pool {p['pool']}, {p['vp']} VP" + (", ousted" if p["ousted"] else ""))
    for name, m in answer["minions"].items():
        amount = f"{m['blood']} blood" if "blood" in m else f"{m['life']} life"
        lines.append(f"{name} ({m['controller']}): {amount}, {m['location']}" + (", tapped" if m["tapped"] else ""))
    g = answer["game"]
    lines.append(f"Edge: {g['edge']}; turn: {g['turn']}, {g['phase']} phase"
                 + (f"; game over, winners: {', '.join(g['winners'])}" if g["over"] else ""))
    return lines


def coverage_page(data: SiteData) -> CoveragePage:
    """Per source, the figures `rules check --coverage` prints, the untested rules and the not testable ones."""
    corpus = data.ref.corpus
    marks = data.statuses.untestable
    rows = []
    for s in data.statuses.by_source():
        failing = [r.id for r in corpus.by_source(s.source)
                   if r.normative and data.coverage.named.get(r.id, set()) & data.coverage.failing]
        rows.append(CoverageRow(source=s.source, title=corpus.documents[s.source].title, normative=s.normative,
                                tested=len(s.tested), exercised=len(s.exercised_only),
                                not_testable=len(s.not_testable), untested=len(s.untested),
                                untested_ids=list(s.untested), failing_ids=failing,
                                not_testable_ids=[NotTestable(id=rid, why=marks[rid]) for rid in s.not_testable]))
    return CoveragePage(kind="coverage", rows=rows)


def editions_page(data: SiteData) -> EditionsPage:
    pairs: dict[str, list[ConflictPair]] = {}
    involved: dict[str, set[str]] = {}
    corpus = data.ref.corpus
    for u, v, d in all_conflicts(data.ref.graph):
        topic = d.get("topic") or "other"
        pairs.setdefault(topic, []).append(ConflictPair(a=u, b=v, why=d.get("why", ""), a_text=corpus.rules[u].body,
                                                        b_text=corpus.rules[v].body, a_doc=rule_doc(u),
                                                        b_doc=rule_doc(v)))
        involved.setdefault(topic, set()).update((u, v))
    cited = {sc.path: {*sc.scenario.tests, *sc.scenario.cites} for sc in data.loaded if len(sc.labels) > 1}
    shown: dict[str, SideBySide] = {}  # a scenario shown under several topics is laid out once

    def side_by_side(sc: LoadedScenario) -> SideBySide:
        if sc.path not in shown:
            shown[sc.path] = _side_by_side(sc, data.outcomes_of.get(sc.path, []))
        return shown[sc.path]

    out = []
    for topic in sorted(pairs):
        demos = [side_by_side(sc) for sc in data.loaded if sc.path in cited and involved[topic] & cited[sc.path]]
        out.append(ConflictTopic(topic=topic, pairs=pairs[topic],
                                 scenarios=[x for x in demos if x.differs][:6] or demos[:3]))
    editions = [EditionShown(name=r.name, title=r.title, description=r.description, sources=list(r.sources))
                for r in data.editions.values()]
    return EditionsPage(kind="editions", editions=editions, topics=out, parameters=_parameter_proofs(data))


def _parameter_proofs(data: SiteData) -> list[ParameterShown]:
    """Per parameter: its value and owning rule under each edition, and the scenario that fails if it changes."""
    proof: dict[tuple[str, str], Mutant] = {}
    for m in data.kills:
        if m.killed:
            proof.setdefault((m.parameter, m.ruleset), m)
    out = []
    for name in sorted({p for rs in data.editions.values() for p in rs.parameters}):
        rows = []
        for ed, rs in data.editions.items():
            prm = rs.parameters[name]
            killer = proof.get((name, ed))
            path = killer.killed_by[0].split(" [")[0] if killer else ""
            rows.append(ParameterProof(ruleset=ed, value=repr_value(prm.value), rule=prm.rule,
                                       rule_doc=rule_doc(prm.rule),
                                       changed_to=repr_value(killer.value) if killer else "", scenario=path,
                                       doc=scenario_doc(path) if path else ""))
        out.append(ParameterShown(name=name, rows=rows))
    return out


def _side_by_side(sc: LoadedScenario, outcomes: list[Outcome]) -> SideBySide:
    flat = {o.ruleset: flatten({"answer": o.answer, "illegal": (o.illegal or {}).get("rule")}) for o in outcomes}
    keys = sorted({k for f in flat.values() for k in f})
    differing = [k for k in keys if len({repr(f.get(k)) for f in flat.values()}) > 1]
    rows = [SideBySideRow(ruleset=o.ruleset, status=o.status,
                          values={k: repr_value(flat[o.ruleset].get(k)) for k in differing}) for o in outcomes]
    return SideBySide(scenario=sc.path, doc=scenario_doc(sc.path), title=sc.scenario.title, keys=differing,
                      rows=rows, differs=bool(differing))


def errata_page(data: SiteData) -> ErrataPage:
    return ErrataPage(kind="errata", errata=[
        ErratumShown(id=e.id, title=e.title, date=e.date, authority=e.authority, source=e.source,
                     source_doc=rule_doc(e.source) if e.source else None, why=e.why,
                     amends=[Amended(rule=a.rule, text=a.text,
                                     doc=rule_doc(a.rule) if a.rule in data.ref.corpus.rules else None)
                             for a in e.amends],
                     parameters=e.parameters, rulesets=list(e.rulesets),
                     new_ruleset=e.new_ruleset.name if e.new_ruleset else None)
        for e in data.ref.errata])


def cards_page(data: SiteData) -> CardsPage:
    """Each era card's encoding status (rules cards --status) and the scenarios that use it."""
    from checker.scenarios.cardsuse import CardUses
    from checker.site.docnames import card_docs
    from reference.cards import era_cards
    from reference.effectcheck import encodings, status

    known = encodings()
    uses = CardUses(data.loaded)
    docs = card_docs(era_cards())
    rows = []
    for card in era_cards():
        state, missing = status(card, known)
        used = [scenario_doc(s.path) for s in uses.of(card)]
        rows.append(CardStatusRow(id=card.id, name=card.qualified_name, types=" / ".join(card.types), status=state,
                                  missing=list(missing), scenarios=used, doc=docs[card.id]))
    counts: dict[str, int] = {}
    for r in rows:
        counts[r.status] = counts.get(r.status, 0) + 1
    return CardsPage(kind="cards", counts=counts, cards=rows)


def home_page(data: SiteData) -> HomePage:
    corpus = data.ref.corpus
    statuses = [rule_status(data, r) for r in corpus.rules]
    return HomePage(
        kind="home",
        sources=[SourceFigures(id=s, title=corpus.documents[s].title, date=corpus.documents[s].date,
                               rules=sum(1 for _ in corpus.by_source(s)),
                               normative=sum(1 for r in corpus.by_source(s) if r.normative)) for s in SOURCES],
        scenarios=len(data.loaded), runs=len(data.outcomes),
        passing=sum(1 for o in data.outcomes if o.status == "pass"),
        failing=sum(1 for o in data.outcomes if o.status == "fail"),
        rules_tested=statuses.count("passing"), rules_failing=statuses.count("failing"),
        rules_exercised=statuses.count("exercised"), rules_untested=statuses.count("untested"),
        rules_not_testable=statuses.count("not-testable"),
        conflicts=len(all_conflicts(data.ref.graph)), errata=len(data.ref.errata))
