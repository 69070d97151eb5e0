"""Commands that read the reference: validate, show, search, graph, ids."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from checker.cli.options import JsonFlag
from checker.cli.output import EXIT_PROBLEMS, check_choice, console, escape, fail, guarded, markup, print_json

if TYPE_CHECKING:
    from reference.describe import Summary


GRAPH_FORMATS = ("json", "graphml")


def register(app: typer.Typer) -> None:
    """Add this module's commands to ``app``."""
    app.command("validate")(validate)
    app.command("show")(show)
    app.command("search")(search)
    app.command("graph")(graph)
    app.command("ids")(ids)


@guarded
def validate(
    links: Annotated[Path | None, typer.Option(
        "--links", exists=True,
        help="Check this links file or folder instead of reference/data/links.")] = None,
    ruling_links: Annotated[Path | None, typer.Option(
        "--ruling-links", exists=True,
        help="Check this ruling links file or folder instead of reference/data/rulings.")] = None,
) -> None:
    """Check the reference: documents, citations, curated links, cards, rulings and their terms, golden ids."""
    from reference.cardlayer import build_card_layer
    from reference.corpus import corpus as the_corpus
    from reference.graph import build_graph
    from reference.links import LINKS_DIR, load_links
    from reference.rulinglinks import RULING_LINKS_DIR
    from reference.validate import validate as run_validation

    links_path = links or LINKS_DIR
    problems = run_validation(links_path, ruling_links or RULING_LINKS_DIR)
    if problems:
        fail([str(p) for p in problems] + [f"{len(problems)} problem(s)"], EXIT_PROBLEMS)
    corpus = the_corpus()  # parsed by the validation already
    loaded = load_links(corpus, links_path)
    layer = build_card_layer(corpus)
    g = build_graph(corpus, loaded, cards=layer)
    console.print(f"[green]ok[/green]: {len(corpus.rules)} rules in {len(corpus.documents)} documents, "
                  f"{len(loaded)} curated links, {len(layer.era)} cards, {len(layer.rulings)} rulings "
                  f"({len(layer.references)} references within their authorities' terms), "
                  f"{len(layer.links)} ruling links, {g.number_of_edges()} edges, 0 unparsed citations")


def _rel_table(title: str, items: Sequence[Summary], show_why: bool = True) -> Table | None:
    if not items:
        return None
    table = Table(title=title, title_justify="left", show_header=False, box=None, pad_edge=False)
    table.add_column("id", style="cyan", no_wrap=True)
    table.add_column("what")
    for it in items:
        label = it.raw or it.title or it.first_line or ""
        if it.type == "external":
            label = f"{label} (not held)"
        if show_why and it.why:
            label = f"{escape(label)}\n[dim]{escape(it.why)}[/dim]" if label else f"[dim]{escape(it.why)}[/dim]"
            table.add_row(escape(it.id), label)
        else:
            table.add_row(escape(it.id), escape(label))
    return table


@guarded
def show(
    rule_id: Annotated[str, typer.Argument(help="A rule id, e.g. ref14:V.D.5.c or rb95:6.3.2.")],
    as_json: JsonFlag = False,
) -> None:
    """Show a rule: its text, where it is, its parts, citations both ways, links and conflicts."""
    from reference.describe import Summary, describe
    from reference.knowledge import reference

    d = describe(reference(), rule_id)
    if as_json:
        print_json(d.to_json())
        return
    lines = d.lines.document
    head = Text.assemble(
        (d.id, "bold cyan"), "  ", (d.kind, "magenta"),
        ("  normative" if d.normative else "  not normative", "green" if d.normative else "dim"),
    )
    file_at = f"{d.source.file}:{d.lines.file[0]}"
    where = f"{d.source.title} — lines {lines[0]}-{lines[1]} ({file_at})"
    console.print(Panel(Text(d.text), title=head, title_align="left"))
    console.print(Text(where, style="dim"))
    console.print()
    citations = [Summary(id=c.target or "—", type="citation",
                         raw=c.raw + ("" if c.held or c.target is None else " (not held)"))
                 for c in d.citations if c.kind in ("pocket", "section", "step")]
    sections: list[tuple[str, list[Summary]]] = [
        ("Part of", [d.parent]),
        ("Parts", d.children),
        ("Cites", citations),
        ("Cited by", d.cited_by),
        ("Corrects (corrected rulebook)", d.corrects),
        ("Ruled by", d.ruled_by),
        ("Same as", d.same_as),
        ("Rulings on cards that apply or extend it", d.rulings),
        ("Translates", d.translates),
        ("Translated by", d.translated_by),
    ]
    for title, items in sections:
        table = _rel_table(title, items)
        if table is not None:
            console.print(table)
            console.print()
    for e in d.errata:
        changes = ", ".join(f"{k} = {v}" for k, v in e.parameters.items())
        body = Text.assemble((f"{e.date} · {e.authority}" + (f" · published in {e.source}" if e.source else "")
                              + "\n", "dim"),
                             e.text or "(no new wording)",
                             (f"\n\nchanges {changes} in {', '.join(e.rulesets)}" if changes else "", "yellow"))
        console.print(Panel(body, title=markup(f"Erratum {escape(e.id)}: {escape(e.title)}"), title_align="left",
                            border_style="blue"))
    for c in d.conflicts_with:
        body = Text.assemble(((c.why or "") + "\n\n", "yellow"), c.text or "")
        console.print(Panel(body, title=markup(f"Conflicts with {escape(c.id)}"), title_align="left",
                            border_style="red"))


@guarded
def search(
    words: Annotated[list[str], typer.Argument(
        help="A rule id or section number, words (English or Japanese), a card name (typos allowed).")],
    limit: Annotated[int, typer.Option(min=1, max=200, help="How many results of each kind.")] = 10,
    as_json: JsonFlag = False,
) -> None:
    """Find rules by id ("6.3.2") or words ("steal blood", "エッジ"), cards by name ("vast welth"), rulings by words."""
    from reference.cards import all_cards
    from reference.cardsearch import CardSearch
    from reference.knowledge import reference
    from reference.search import SearchIndex

    query = " ".join(words)
    ref = reference()
    hits = SearchIndex(ref.corpus).search(query, limit=limit)
    layer = ref.cards
    finder = CardSearch(all_cards(), layer.rulings.values() if layer else (), layer.era if layer else frozenset())
    rows: list[dict[str, Any]] = []
    for h in hits:
        first = h.rule.body.splitlines()[0] if h.rule.body else ""
        rows.append({"kind": "rule", "id": h.rule.id, "score": h.score, "match": h.reason, "text": first,
                     "title": h.rule.title, "first_line": first})
    for c in finder.cards(query, limit=limit):
        era = "" if layer and layer.held(c.card.id) else " (not of the era)"
        rows.append({"kind": "card", "id": c.card.id, "score": c.score, "match": c.reason,
                     "text": f"{c.card.qualified_name}{era}: {' / '.join(c.card.types)}", "name": c.card.name})
    for r in finder.rulings_by_words(query, limit=limit):
        rows.append({"kind": "ruling", "id": r.ruling.id, "score": r.score, "match": r.reason,
                     "text": f"{r.ruling.subject_name}: {r.ruling.plain}"})
    rows.sort(key=lambda row: -row["score"])
    if as_json:
        print_json([{**row, "score": round(row["score"], 3)} for row in rows])
        return
    if not rows:
        fail([f"no rule, card or ruling matches {query!r}"], 1)  # fail makes it inert
    table = Table(show_header=True, header_style="bold", box=None)
    table.add_column("#", justify="right", style="dim")
    table.add_column("kind", style="dim")
    table.add_column("id", style="cyan", overflow="fold", max_width=30)
    table.add_column("match", style="dim")
    table.add_column("text")
    for n, row in enumerate(rows, 1):
        table.add_row(str(n), row["kind"], escape(row["id"]), row["match"], escape(row["text"][:90]))
    console.print(table)


@guarded
def graph(
    fmt: Annotated[str, typer.Option("--format", help="Export format: json or graphml.")] = "json",
    output: Annotated[Path | None, typer.Option(
        "--output", "-o", help="Write to a file instead of stdout.")] = None,
    stats: Annotated[bool, typer.Option("--stats", help="Print counts instead of the graph.")] = False,
    rule: Annotated[str | None, typer.Option(
        "--rule", help="Export only the neighbourhood of this rule, card or ruling.")] = None,
    radius: Annotated[int, typer.Option(min=1, max=5, help="Neighbourhood radius for --rule.")] = 1,
    as_json: JsonFlag = False,
) -> None:
    """Export the rule graph (JSON or GraphML), or print its statistics with --stats."""
    import io
    import json

    import networkx as nx

    from reference.describe import UnknownRuleError, suggest
    from reference.graph import neighbourhood
    from reference.graph import stats as graph_stats
    from reference.knowledge import reference

    check_choice("format", fmt, GRAPH_FORMATS, option="--format")
    ref = reference()
    if stats:
        data = graph_stats(ref.graph, ref.corpus)
        if as_json:
            print_json(data)
        else:
            _print_stats(data)
        return
    g = ref.graph
    if rule is not None:
        if rule not in ref.graph:  # a rule, card, ruling or authority
            raise UnknownRuleError(rule, suggest(ref, rule))
        g = neighbourhood(g, rule, radius)
    if fmt == "json":
        text = json.dumps(nx.node_link_data(g, edges="edges"), ensure_ascii=False, indent=1) + "\n"
    else:
        buf = io.BytesIO()
        nx.write_graphml(g, buf)
        text = buf.getvalue().decode("utf-8")
    if output is None:
        typer.echo(text, nl=False)
    else:
        from reference.atomic import write_atomic

        write_atomic(output, text)
        console.print(f"wrote {g.number_of_nodes()} nodes and {g.number_of_edges()} edges to {escape(str(output))}")


def _print_stats(data: dict[str, Any]) -> None:
    table = Table(title="Rules per source", title_justify="left", header_style="bold")
    table.add_column("source")
    table.add_column("rules", justify="right")
    table.add_column("normative", justify="right")
    table.add_column("kinds")
    for source, s in data["sources"].items():
        kinds = ", ".join(f"{k} {n}" for k, n in s["kinds"].items())
        table.add_row(source, str(s["rules"]), str(s["normative"]), kinds)
    console.print(table)
    edges = Table(title="Edges per kind", title_justify="left", header_style="bold")
    edges.add_column("kind")
    edges.add_column("count", justify="right")
    for kind, n in data["edge_kinds"].items():
        edges.add_row(kind, str(n))
    console.print(edges)
    console.print(
        f"{data['nodes']} nodes, {data['edges']} edges; {data['cards']} cards of the era and "
        f"{data['external_cards']} named outside it; {data['rulings']} rulings ({data['card_rulings']} on cards, "
        f"{data['group_rulings']} on {data['card_groups']} groups); "
        f"{len(data['authorities'])} authorities ({', '.join(data['authorities'])}); "
        f"{data['externals']} external sections cited {data['external_citations']} times (not held); "
        f"unparsed citations: {data['unparsed_citations']}; unresolved: {data['unresolved_citations']}; "
        f"normative ja23 rules without a translation: {len(data['ja23_normative_untranslated'])}"
    )


@guarded
def ids(
    write: Annotated[bool, typer.Option(
        "--write", help="Accept the current ids: regenerate reference/ids.txt and reference/card-ids.txt.")] = False,
) -> None:
    """Compare rule, card and ruling ids with the golden lists (reference/ids.txt, card-ids.txt); --write accepts."""
    from reference.atomic import write_atomic
    from reference.cardlayer import build_card_layer
    from reference.corpus import build_corpus
    from reference.golden import CARD_IDS_FILE, IDS_FILE, card_id_drift, card_ids, id_drift, render_card_ids, render_ids

    corpus = build_corpus()
    layer = build_card_layer(corpus)
    if write:
        write_atomic(IDS_FILE, render_ids(corpus))
        write_atomic(CARD_IDS_FILE, render_card_ids(layer))
        console.print(f"wrote {len(corpus.rules)} ids to {IDS_FILE.name} and {len(card_ids(layer))} to "
                      f"{CARD_IDS_FILE.name}")
        return
    lines: list[str] = []
    for (added, removed), file in ((id_drift(corpus), IDS_FILE), (card_id_drift(layer), CARD_IDS_FILE)):
        if added or removed:
            lines += [f"+ {i}" for i in added] + [f"- {i}" for i in removed]
            lines.append(f"{len(added)} new and {len(removed)} gone against reference/{file.name}")
    if lines:
        fail([*lines, "review, then accept with `rules ids --write`"])
    console.print(f"[green]ok[/green]: {len(corpus.rules)} rule ids match reference/ids.txt, "
                  f"{len(card_ids(layer))} card and ruling ids match reference/card-ids.txt")
