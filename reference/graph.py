"""The rule graph: a networkx MultiDiGraph of documents, rules, authorities and external sections.

Edges carry a ``kind``: part_of, cites, corrects, ruled_by, defines, same_as,
conflicts_with, translates (and, as the engine and errata land, tested_by,
exercised_by, implemented_by, supersedes). Symmetric kinds (same_as,
conflicts_with) are stored once, from the link's ``from`` side, and read both ways.

Cards and rulings (reference/cardlayer.py) add card, card_group and ruling nodes, with
rules_on (ruling -> the card or group it rules on), names (ruling -> a card its text links),
member_of (card -> group), ruled_by (ruling -> authority), and the curated applies,
conflicts_with and extends (ruling -> rule).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, TypeAlias

import networkx as nx

from reference.cardlayer import CardLayer
from reference.corpus import Corpus
from reference.errata import Erratum
from reference.links import Link
from reference.model import CitationKind

SYMMETRIC = frozenset({"same_as", "conflicts_with"})
CITATION_EDGES = {
    CitationKind.POCKET: "cites",
    CitationKind.SECTION: "cites",
    CitationKind.STEP: "cites",
    CitationKind.CORRECTED: "corrects",
    CitationKind.AUTHORITY: "ruled_by",
}
IMPACT_KINDS = frozenset(
    {"cites", "corrects", "part_of", "same_as", "conflicts_with", "translates", "tested_by", "exercised_by"}
)
"""Edge kinds a change flows along: to children, citers, linked rules, and scenarios."""

Graph: TypeAlias = "nx.MultiDiGraph[str]"


def build_graph(corpus: Corpus, links: Iterable[Link], errata: Iterable[Erratum] = (),
                cards: CardLayer | None = None) -> Graph:
    """Documents, rules, authorities, externals and errata with every typed edge; cards and rulings if given."""
    g: Graph = nx.MultiDiGraph()
    for doc in corpus.documents.values():
        g.add_node(doc.id, type="document", title=doc.title, source=doc.id)
    for code in corpus.authorities:
        g.add_node(f"authority:{code}", type="authority", title=corpus.authority_text(code),
                   source="authority")
    for ext in corpus.externals.values():
        g.add_node(ext.id, type="external", title=ext.title, source=ext.id.split(":", 1)[0])
    for r in corpus.rules.values():
        g.add_node(r.id, type="rule", source=r.source, kind=r.kind.value, normative=r.normative,
                   title=r.title or "", line_start=r.line_start, line_end=r.line_end)
    for r in corpus.rules.values():
        g.add_edge(r.id, r.parent or r.source, key="part_of", kind="part_of")
        for c in r.citations:
            if c.kind is CitationKind.LEGEND and c.target:
                g.add_edge(r.id, c.target, key="defines", kind="defines")
            edge = CITATION_EDGES.get(c.kind)
            if edge and c.target and c.target in g:
                key = f"{edge}:{c.raw}:{c.line}"
                g.add_edge(r.id, c.target, key=key, kind=edge, raw=c.raw, line=c.line,
                           detail=c.detail or "")
    for link in links:
        g.add_edge(link.source, link.target, key=f"{link.kind}:{link.topic}" if link.topic else link.kind,
                   kind=link.kind, why=link.why,
                   topic=link.topic or "", file=link.file, line=link.line or 0)
    for e in errata:
        node = f"erratum:{e.id}"
        g.add_node(node, type="erratum", title=e.title, source="erratum", date=e.date)
        for a in e.amends:
            g.add_edge(node, a.rule, key="corrects", kind="corrects", why=e.title)
            if e.source and e.source != a.rule:
                g.add_edge(e.source, a.rule, key="supersedes", kind="supersedes", why=e.title, erratum=e.id)
    if cards is not None:
        add_card_layer(g, cards)
    return g


def add_card_layer(g: Graph, layer: CardLayer) -> None:
    """Card, group and ruling nodes with their edges to each other, to authorities and to rules."""
    for card in layer.cards.values():
        g.add_node(card.id, type="card", title=card.name, source="card", held=layer.held(card.id),
                   card_type="/".join(card.types))
    for group in layer.groups.values():
        g.add_node(group.id, type="card_group", title=group.name, source="card_group")
        for m in group.members:
            if m.card in layer.cards:
                g.add_edge(m.card, group.id, key="member_of", kind="member_of", symbols=m.symbols)
    for r in layer.rulings.values():
        g.add_node(r.id, type="ruling", title=r.plain, source="ruling", date=r.date.isoformat() if r.date else "")
        g.add_edge(r.id, r.subject, key="rules_on", kind="rules_on")
        for cid in r.cards:
            g.add_edge(r.id, cid, key="names", kind="names")
        for code in r.authorities:
            if f"authority:{code}" in g:
                g.add_edge(r.id, f"authority:{code}", key="ruled_by", kind="ruled_by")
    for link in layer.links:
        g.add_edge(link.ruling, link.rule, key=f"{link.kind}:{link.topic}" if link.topic else link.kind,
                   kind=link.kind, why=link.why, topic=link.topic or "", file=link.file, line=link.line or 0)


@dataclass(frozen=True)
class Edge:
    """An edge as seen from one node: the other end and which way it points."""

    kind: str
    other: str
    outgoing: bool
    data: dict[str, Any]


def edges_of(g: Graph, node: str, kinds: Iterable[str] | None = None) -> list[Edge]:
    """Every edge touching ``node`` (optionally of the given kinds), both directions."""
    wanted = set(kinds) if kinds is not None else None
    out: list[Edge] = []
    for _, v, data in g.out_edges(node, data=True):
        if wanted is None or data["kind"] in wanted:
            out.append(Edge(data["kind"], v, True, dict(data)))
    for u, _, data in g.in_edges(node, data=True):
        if wanted is None or data["kind"] in wanted:
            out.append(Edge(data["kind"], u, False, dict(data)))
    return out


def children(g: Graph, node: str) -> list[str]:
    """The nodes that are part of ``node``, in document order."""
    kids = [e.other for e in edges_of(g, node, ["part_of"]) if not e.outgoing]
    return sorted(kids, key=lambda n: g.nodes[n].get("line_start", 0))


def parent(g: Graph, node: str) -> str | None:
    """What ``node`` is part of."""
    ups = [e.other for e in edges_of(g, node, ["part_of"]) if e.outgoing]
    return ups[0] if ups else None


def cited_by(g: Graph, node: str) -> list[Edge]:
    """Rules that cite, correct or are ruled by ``node``."""
    return [e for e in edges_of(g, node, ["cites", "corrects", "ruled_by"]) if not e.outgoing]


def conflicts(g: Graph, node: str) -> list[Edge]:
    """Rules that disagree with ``node``."""
    return edges_of(g, node, ["conflicts_with"])


def all_conflicts(g: Graph) -> list[tuple[str, str, dict[str, Any]]]:
    """Every conflicts_with edge between two rules, once (a ruling's conflicts are edges of the ruling)."""
    return [(u, v, dict(d)) for u, v, d in g.edges(data=True)
            if d["kind"] == "conflicts_with" and g.nodes[u].get("type") == "rule"]


def neighbourhood(g: Graph, node: str, radius: int = 1) -> Graph:
    """The subgraph within ``radius`` edges of ``node``, ignoring direction."""
    undirected = g.to_undirected(as_view=True)
    nodes = nx.single_source_shortest_path_length(undirected, node, cutoff=radius)
    sub: Graph = g.subgraph(nodes).copy()
    return sub


def impact_set(g: Graph, node: str) -> set[str]:
    """Everything a change to ``node`` can reach: parts, citers, linked rules, scenarios."""
    seen = {node}
    frontier = [node]
    while frontier:
        current = frontier.pop()
        for e in edges_of(g, current, IMPACT_KINDS):
            follows = (
                (e.kind == "part_of" and not e.outgoing)  # its children
                or (e.kind in ("cites", "corrects") and not e.outgoing)  # rules citing it
                or (e.kind == "translates" and not e.outgoing)  # its translations
                or e.kind in SYMMETRIC
                or (e.kind in ("tested_by", "exercised_by") and e.outgoing)
            )
            if follows and e.other not in seen:
                seen.add(e.other)
                frontier.append(e.other)
    seen.discard(node)
    return seen


def external_citations(g: Graph) -> list[tuple[str, str]]:
    """(rule, external node) for every citation of a section the corpus does not hold."""
    return [(u, v) for u, v, d in g.edges(data=True)
            if d["kind"] in ("cites", "corrects") and g.nodes[v].get("type") == "external"]


def stats(g: Graph, corpus: Corpus) -> dict[str, Any]:
    """Counts for ``rules graph --stats``."""
    per_source: dict[str, Counter[str]] = {}
    for r in corpus.rules.values():
        per_source.setdefault(r.source, Counter())[r.kind.value] += 1
    edges = Counter(d["kind"] for _, _, d in g.edges(data=True))
    ja_normative = [r.id for r in corpus.by_source("ja23") if r.normative]
    translated = {u for u, _, d in g.edges(data=True) if d["kind"] == "translates"}
    return {
        "nodes": g.number_of_nodes(),
        "edges": g.number_of_edges(),
        "rules": len(corpus.rules),
        "sources": {
            s: {"rules": sum(k.values()), "normative": sum(1 for r in corpus.by_source(s) if r.normative),
                "kinds": dict(sorted(k.items()))}
            for s, k in per_source.items()
        },
        "edge_kinds": dict(sorted(edges.items())),
        "authorities": sorted(corpus.authorities),
        "externals": len(corpus.externals),
        "external_citations": len(external_citations(g)),
        "unparsed_citations": len(corpus.unparsed),
        "unresolved_citations": len(corpus.unresolved),
        "conflicts_with": len(all_conflicts(g)),
        "cards": _count(g, "card", held=True),
        "external_cards": _count(g, "card", held=False),
        "card_groups": _count(g, "card_group"),
        "rulings": _count(g, "ruling"),
        "card_rulings": sum(1 for u, v, d in g.edges(data=True)
                            if d["kind"] == "rules_on" and g.nodes[v].get("type") == "card"),
        "group_rulings": sum(1 for u, v, d in g.edges(data=True)
                             if d["kind"] == "rules_on" and g.nodes[v].get("type") == "card_group"),
        "ja23_normative": len(ja_normative),
        "ja23_normative_untranslated": sorted(set(ja_normative) - translated),
    }


def _count(g: Graph, node_type: str, **attrs: object) -> int:
    return sum(1 for _, d in g.nodes(data=True)
               if d.get("type") == node_type and all(d.get(k) == v for k, v in attrs.items()))
