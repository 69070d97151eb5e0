"""Integrity of the reference: every problem at once, each with file and line."""

from __future__ import annotations

from pathlib import Path

import networkx as nx

from reference.cardlayer import CardLayer, build_card_layer
from reference.corpus import Corpus
from reference.corpus import corpus as the_corpus
from reference.documents import display_path
from reference.errata import load_errata
from reference.golden import CARD_IDS_FILE, IDS_FILE, card_id_drift, id_drift
from reference.graph import build_graph
from reference.links import LINKS_DIR, load_links
from reference.problems import Problem, ProblemsError
from reference.rulesets import load_rulesets
from reference.rulinglinks import RULING_LINKS_DIR, missing_applies
from reference.tenure import EXCEPTIONS_FILE, check_references, load_exceptions
from reference.untestable import load_untestable


def _where(corpus: Corpus, rule_id: str, line: int | None = None) -> tuple[str, int]:
    rule = corpus.rules[rule_id]
    doc = corpus.documents[rule.source]
    return doc.file, doc.file_line(line or rule.line_start)


def validate(links_path: Path = LINKS_DIR, ruling_links: Path = RULING_LINKS_DIR) -> list[Problem]:
    """Every integrity problem of the corpus, links, graph, cards, rulings and golden ids."""
    try:
        corpus = the_corpus()
    except ProblemsError as exc:
        return exc.problems
    problems: list[Problem] = []
    for u in corpus.unparsed:
        file, line = _where(corpus, u.rule, u.line)
        problems.append(Problem(file, line, u.rule, f"citation not understood: {u.raw!r}"))
    for rule_id, c in corpus.unresolved:
        file, line = _where(corpus, rule_id, c.line)
        problems.append(Problem(file, line, rule_id, f"citation {c.raw!r} points at unknown {c.target}"))
    for rule in corpus.rules.values():
        if rule.parent is not None and rule.parent not in corpus.rules:
            file, line = _where(corpus, rule.id)
            problems.append(Problem(file, line, rule.id, f"parent {rule.parent} does not exist"))
    for code, a in corpus.authorities.items():
        if a.legend and a.legend not in corpus.rules:
            problems.append(Problem("reference/data/authorities.yaml", None, code,
                                    f"legend node {a.legend} does not exist"))
    try:
        load_errata(corpus, load_rulesets(corpus))
    except ProblemsError as exc:
        problems += exc.problems
    try:
        load_untestable(corpus)
    except ProblemsError as exc:
        problems += exc.problems
    try:
        links = load_links(corpus, links_path)
    except ProblemsError as exc:
        problems += exc.problems
        links = []
    layer: CardLayer | None = None
    try:
        layer = build_card_layer(corpus, ruling_links)
    except ProblemsError as exc:
        problems += exc.problems
    if layer is not None:
        problems += card_problems(corpus, layer, ruling_links)
    g = build_graph(corpus, links, cards=layer)
    part_of: nx.DiGraph[str] = nx.DiGraph(
        [(u, v) for u, v, d in g.edges(data=True) if d["kind"] == "part_of"])
    for cycle in nx.simple_cycles(part_of):
        head = str(cycle[0])
        where: tuple[str, int | None] = _where(corpus, head) if head in corpus.rules else ("reference", None)
        problems.append(Problem(where[0], where[1], head, f"part_of cycle: {' -> '.join(map(str, cycle))}"))
    added, removed = id_drift(corpus)
    ids_file = display_path(IDS_FILE)
    if added or removed:
        sample = ", ".join((added + removed)[:5])
        problems.append(Problem(ids_file, None, None,
                                f"rule ids changed ({len(added)} new, {len(removed)} gone: {sample}); "
                                "review and run `rules ids --write`"))
    return sorted(problems, key=lambda p: (p.file, p.line or 0, p.message))


def card_problems(corpus: Corpus, layer: CardLayer, ruling_links: Path = RULING_LINKS_DIR) -> list[Problem]:
    """References out of their authority's term, early rulings without an applies link, card id drift."""
    problems: list[Problem] = []
    try:
        exceptions, lines = load_exceptions()
        problems += check_references(layer.references.values(), corpus.authorities, exceptions,
                                     display_path(EXCEPTIONS_FILE), lines)
    except ProblemsError as exc:
        problems += exc.problems
    problems += [Problem(display_path(ruling_links), None, rid,
                         "a ruling of 1994-1997 with no applies link to the rule it interprets")
                 for rid in missing_applies(layer.rulings.values(), layer.links)]
    added, removed = card_id_drift(layer)
    if added or removed:
        sample = ", ".join((added + removed)[:5])
        problems.append(Problem(display_path(CARD_IDS_FILE), None, None,
                                f"card and ruling ids changed ({len(added)} new, {len(removed)} gone: {sample}); "
                                "review with `rules ids` and accept with `rules ids --write`"))
    return problems
