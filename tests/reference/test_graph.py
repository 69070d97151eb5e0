"""The rule graph: typed edges and the queries the rest of the project needs."""

from __future__ import annotations

import io
import json

import networkx as nx

from reference.graph import (
    all_conflicts,
    children,
    cited_by,
    conflicts,
    external_citations,
    impact_set,
    neighbourhood,
    parent,
    stats,
)
from reference.knowledge import Reference
from reference.model import SOURCES


def test_stats_cover_all_sources_with_no_unparsed_citations(ref: Reference) -> None:
    s = stats(ref.graph, ref.corpus)
    assert set(s["sources"]) == set(SOURCES)
    assert all(v["rules"] > 0 for v in s["sources"].values())
    assert s["unparsed_citations"] == 0 and s["unresolved_citations"] == 0
    assert s["conflicts_with"] >= 8
    assert s["ja23_normative"] > 100 and s["ja23_normative_untranslated"] == []
    for kind in ("part_of", "cites", "corrects", "ruled_by", "same_as", "conflicts_with", "translates"):
        assert s["edge_kinds"].get(kind, 0) > 0, kind


def test_design_disagreements_are_recorded(ref: Reference) -> None:
    pairs = {frozenset((u, v)) for u, v, _ in all_conflicts(ref.graph)}
    for a, b in [
        ("ref14:II.E", "rb95:5.step5"),  # discard one vs up to two
        ("ref14:II.D.1.a", "rb95:9.first-turns"),  # first-turn transfers
        ("ref14:V.D.4.c", "cto:VI.C"),  # aggravated damage, first point free
        ("ref14:V.D.6.a", "cto:VI.E.1"),  # burned at blood+2 vs past blood
        ("ref14:V.D.6.c", "rb95:8.1.1.damage"),  # torpor vs burned
        ("ref14:V.D.5.c", "cto:V.D.2.b.iv"),  # stolen blood kept vs burned
        ("ref14:V.D.5.c", "rb95:8.3.steal-blood"),  # kept vs to the bank
        ("ref14:V.D.4.note1", "cto:V.D.2.a.ii.note1"),  # preventing damage to retainers
        ("ref14:V.D.1.d", "cto:V.D.1.c"),  # ranged strikes at retainers
        ("ref14:II.note2", "rb95:10.ousting"),  # same action vs same turn
        ("rb95:8.3.steal-blood", "rb95:8.3.steal-blood.example1"),  # the rulebook against itself
    ]:
        assert frozenset((a, b)) in pairs, (a, b)


def test_parts_and_parent(ref: Reference) -> None:
    assert children(ref.graph, "ref14:V.D.5") == ["ref14:V.D.5.a", "ref14:V.D.5.b",
                                                  "ref14:V.D.5.c", "ref14:V.D.5.d"]
    assert children(ref.graph, "ref14:V.D.5.b") == ["ref14:V.D.5.b.note1"]
    assert parent(ref.graph, "ref14:V.D.5.c") == "ref14:V.D.5"
    assert parent(ref.graph, "ref14:I") == "ref14"


def test_cited_by_runs_both_ways(ref: Reference) -> None:
    citers = {e.other for e in cited_by(ref.graph, "rb95:8.3")}
    assert {"cto:V.D.2.a.i", "cto:V.D.2.b.iv"} <= citers
    lsj = {e.other for e in cited_by(ref.graph, "authority:LSJ")}
    assert {"ref14:V.note1", "ref14:V.E.2", "ref14:VI.C.2"} <= lsj


def test_conflicts_are_symmetric(ref: Reference) -> None:
    assert "ref14:V.D.5.c" in {e.other for e in conflicts(ref.graph, "cto:V.D.2.b.iv")}
    assert "cto:V.D.2.b.iv" in {e.other for e in conflicts(ref.graph, "ref14:V.D.5.c")}


def test_impact_set_reaches_children_citers_and_links(ref: Reference) -> None:
    impact = impact_set(ref.graph, "rb95:8.3")
    assert "rb95:8.3.steal-blood" in impact  # a part of it
    assert "cto:V.D.2.b.iv" in impact  # cites it
    assert "ref14:V.D.5.c" in impact  # conflicts with a part of it
    assert "rb95:8.3" not in impact


def test_external_citations_are_not_held(ref: Reference) -> None:
    ext = external_citations(ref.graph)
    assert ("ref14:II.C.1", "ext.pocket:12.3.1") in ext
    assert all(ref.graph.nodes[v]["type"] == "external" for _, v in ext)


def test_neighbourhood_and_exports_round_trip(ref: Reference) -> None:
    sub = neighbourhood(ref.graph, "ref14:V.D.5.c", 1)
    assert {"ref14:V.D.5", "cto:V.D.2.b.iv", "ext.pocket:15.3"} <= set(sub)
    data = json.loads(json.dumps(nx.node_link_data(sub, edges="edges")))
    assert len(data["nodes"]) == sub.number_of_nodes()
    buf = io.BytesIO()
    nx.write_graphml(sub, buf)
    back = nx.read_graphml(io.BytesIO(buf.getvalue()), force_multigraph=True)
    assert back.number_of_edges() == sub.number_of_edges()


def _linked(ref: Reference, rule_id: str, source: str) -> bool:
    from reference.graph import edges_of

    return any(e.other.startswith(source + ":") for e in edges_of(ref.graph, rule_id, ["same_as", "conflicts_with"]))


def test_every_combat_step_of_ref14_has_its_outline_step(ref: Reference) -> None:
    # V.E.3.b-c (how presses answer each other) have no counterpart in the combat outline.
    only_ref14 = {"ref14:V.E.3.b", "ref14:V.E.3.c"}
    steps = [r.id for r in ref.corpus.by_source("ref14") if r.id.startswith("ref14:V.") and r.normative]
    assert [s for s in steps if s not in only_ref14 and not _linked(ref, s, "cto")] == []


def test_every_basic_game_action_links_its_rulebook_paragraph(ref: Reference) -> None:
    # Leave torpor, encounter (rescue/diablerie) and card-granted actions are not in the Basic Game.
    advanced_only = {"ref14:II.C.7", "ref14:II.C.8", "ref14:II.C.11"}
    actions = [f"ref14:II.C.{n}" for n in range(1, 12)]
    assert [a for a in actions if a not in advanced_only and not _linked(ref, a, "rb95")] == []


def test_every_normative_japanese_bullet_translates(ref: Reference) -> None:
    from reference.graph import edges_of

    for r in ref.corpus.by_source("ja23"):
        if r.normative:
            assert edges_of(ref.graph, r.id, ["translates"]), r.id
