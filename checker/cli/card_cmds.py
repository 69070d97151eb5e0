"""Commands about cards and rulings: ``rules card``, ``rules ruling``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, get_args

import typer
from rich.panel import Panel
from rich.table import Table

from checker.cli.output import EXIT_PROBLEMS, check_choice, console, escape, fail, guarded, markup, print_json

if TYPE_CHECKING:
    from reference.cardview import RulingView
    from reference.corpus import Corpus


def register(app: typer.Typer) -> None:
    """Add this module's commands to ``app``."""
    app.command("card")(card)
    app.command("ruling")(ruling)
    app.command("cards")(cards)


@guarded
def card(
    name: Annotated[list[str], typer.Argument(
        help='A card name (accents and case ignored, aka names, "Theo Bell (G2 ADV)") or id (card:100001).')],
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of tables.")] = False,
) -> None:
    """Show a card (krcg package): text, printings, rulings and their standing per edition, rules applied, scenarios."""
    from checker.scenarios.cardsuse import scenarios_stating, scenarios_using
    from checker.scenarios.suite import SCENARIOS_DIR, load_all
    from reference.cards import UnknownCardError, card_json, find_card, namesakes
    from reference.cardview import view_ruling
    from reference.editions import editions
    from reference.effectcheck import encodings
    from reference.effectcheck import status as card_status
    from reference.knowledge import reference
    from reference.rulesets import rulesets

    try:
        found = find_card(" ".join(name))
    except UnknownCardError as exc:
        fail([f"error: {exc}"], EXIT_PROBLEMS)  # fail makes it inert
    others = namesakes(found)
    ref = reference()
    assert ref.cards is not None
    eds = editions(ref.corpus, rulesets())
    views = [view_ruling(r, ref.cards, ref.corpus, eds) for r in ref.cards.rulings_on(found.id)]
    loaded = load_all([SCENARIOS_DIR])[0]
    used = [s.path for s in scenarios_using(found, loaded)]
    stated = {v.ruling.id: scenarios_stating(v.ruling.id, loaded) for v in views}
    known = encodings()
    state, missing = card_status(found, known)
    encoded = known.get(found.id)
    parts = [{"text": p.text, "level": p.level, "effect": p.effect,
              **({"not_modelled": p.not_modelled} if p.not_modelled else {})}
             for p in (encoded.encoding.parts if encoded else ())]
    if as_json:
        print_json({**card_json(found), "namesakes": [c.id for c in others],
                    "engine": {"status": state, "missing": list(missing), "parts": parts},
                    "in_pool": {e.ruleset: e.in_pool(found) for e in eds},
                    "rulings": [{**v.json(ref.corpus), "scenarios": _stated_json(stated[v.ruling.id])} for v in views],
                    "scenarios": used})
        return
    fields = Table(show_header=False, box=None, pad_edge=False)
    fields.add_column("field", style="dim", no_wrap=True)
    fields.add_column("value")
    cost = ", ".join(f"{v} {what}" for what, v in (("pool", found.pool_cost), ("blood", found.blood_cost),
                                                   ("conviction", found.conviction_cost)) if v is not None)
    rows = [
        ("Also known as", "; ".join(found.aka)),
        ("Type", " / ".join(found.types)),
        ("Clan", found.clan or ""),
        ("Disciplines", found.discipline_requirement or " ".join(found.disciplines)),
        ("Capacity", str(found.capacity) if found.capacity is not None else found.capacity_note or ""),
        ("Group", (found.group or "") + (" (advanced)" if found.advanced else "")),
        ("Title", found.title or ""),
        ("Path", found.path or ""),
        ("Cost", cost),
        ("Burn option", "yes" if found.burn_option else ""),
        ("Banned", str(found.banned) if found.banned else ""),
        ("Legal from", f"{found.legal_from} ({found.first_printing.set_name})" if found.first_printing else "—"),
        ("Era card", "yes" if found.is_era_card else "no"),
    ]
    for field, value in rows:
        if value:
            fields.add_row(field, escape(value))
    console.print(Panel(escape(found.text),
                        title=markup(f"[bold cyan]{escape(found.id)}[/]  {escape(found.qualified_name)}"),
                        title_align="left"))
    console.print(fields)
    console.print()
    printings = Table(title="Printings", title_justify="left", show_header=False, box=None, pad_edge=False)
    printings.add_column("date", style="dim", no_wrap=True)
    printings.add_column("set")
    for p in found.printings:
        printings.add_row(p.release_date.isoformat() if p.release_date else "undated",
                          escape(f"{p.set_name} ({p.set}{':' + p.rarity if p.rarity else ''})"))
    console.print(printings)
    if others:
        console.print()
        console.print("[dim]Same name:[/dim] " + ", ".join(escape(f"{c.id} {c.qualified_name}") for c in others))
    console.print()
    style = {"encoded": "green", "not encodable": "yellow"}.get(state, "dim")
    console.print(f"[dim]The engine:[/dim] [{style}]{state}[/]"
                  + (f" (not modelled: {escape('; '.join(missing))})" if missing else "")
                  + ("; a scenario names it with `card:` (docs/guide/real-cards.md)" if state == "encoded" else ""))
    for part in parts:
        level = f"[{part['level']}] " if part["level"] != "any" else ""
        what = "[yellow]not modelled[/]" if "not_modelled" in part else f"[green]{part['effect']}[/]"
        console.print(f"  {escape(level + part['text'])}  {what}")
    pool = [e.ruleset for e in eds if e.in_pool(found)]
    console.print("[dim]In the card pool of:[/dim] " + (escape(", ".join(pool)) if pool else
                                                         "no edition (printed after every edition's date)"))
    console.print()
    if not views:
        console.print("[dim]No rulings on this card.[/dim]")
    for v in views:
        _print_ruling(v, ref.corpus, stated[v.ruling.id])
    console.print()
    if used:
        console.print(f"[bold]Scenarios that use it[/bold] ({len(used)})")
        for path in used:
            console.print(f"  {escape(path)}")
    else:
        console.print("[dim]No scenario uses this card yet.[/dim]")


def _stated_json(stated: list[tuple[str, str]]) -> list[dict[str, str]]:
    return [{"path": path, "status": status} for path, status in stated]


def _print_ruling(v: RulingView, corpus: Corpus, stated: list[tuple[str, str]]) -> None:
    r = v.ruling
    when = r.date.isoformat() if r.date else "undated (today's rulebook)"
    who = ", ".join(dict.fromkeys(a for _, a, _ in v.references))
    on = "" if r.subject.startswith("card:") else f" (on the group {v.subject_name})"
    console.print(f"[bold cyan]{escape(r.id)}[/]  {escape(who)}, {when}{escape(on)}")
    console.print("  " + escape(r.text))
    standing = "; ".join(f"{e.ruleset} ({e.date.isoformat()}): " + ("[green]in force[/]" if ok else "[yellow]later[/]")
                         for e, ok in v.standing)
    console.print(f"  {standing}")
    for link in v.links:
        topic = f" [{link.topic}]" if link.topic else ""
        console.print(f"  [dim]{link.kind}{escape(topic)}[/dim] [cyan]{escape(link.rule)}[/]  "
                      f"{escape(link.why)}")
    for path, status in stated:
        mark = "[green]passes[/]" if status == "pass" else "[red]fails[/]"
        console.print(f"  [dim]stated by[/dim] {escape(path)} {mark}")
    for key, _, url in v.references:
        console.print(f"  [dim]{escape(key)}:[/dim] {escape(url)}")
    console.print()


@guarded
def ruling(
    query: Annotated[list[str], typer.Argument(
        help='A ruling id (ruling:200364:TOM-19951215-1) or a reference ("TOM 19951215-1").')],
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of text.")] = False,
) -> None:
    """Show a ruling: its verbatim text, card, authority, date, standing per edition, the rules it applies, URL."""
    from checker.scenarios.cardsuse import scenarios_stating
    from checker.scenarios.suite import SCENARIOS_DIR, load_all
    from reference.cardview import UnknownRulingError, find_rulings, view_ruling
    from reference.editions import editions
    from reference.knowledge import reference
    from reference.rulesets import rulesets

    ref = reference()
    assert ref.cards is not None
    try:
        found = find_rulings(" ".join(query), ref.cards)
    except UnknownRulingError as exc:
        fail([f"error: {exc}"], EXIT_PROBLEMS)
    eds = editions(ref.corpus, rulesets())
    views = [view_ruling(r, ref.cards, ref.corpus, eds) for r in found]
    loaded = load_all([SCENARIOS_DIR])[0]
    stated = {v.ruling.id: scenarios_stating(v.ruling.id, loaded) for v in views}
    if as_json:
        print_json([{**v.json(ref.corpus), "scenarios": _stated_json(stated[v.ruling.id])} for v in views])
        return
    for v in views:
        console.print(f"[dim]On[/dim] {escape(v.subject_name)} [dim]({escape(v.ruling.subject)})[/dim]")
        _print_ruling(v, ref.corpus, stated[v.ruling.id])


@guarded
def cards(
    status: Annotated[bool, typer.Option("--status", help="Each era card's encoding status (the default).")] = True,
    only: Annotated[str | None, typer.Option(
        "--only", help='Only cards with this status: "encoded", "not encodable", "not yet encoded".')] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of tables.")] = False,
) -> None:
    """The era's cards and whether the engine can play them: encoded, not encodable (the mechanic named), or not yet."""
    from collections import Counter

    from checker.scenarios.cardsuse import CardUses
    from checker.scenarios.suite import SCENARIOS_DIR, load_all
    from reference.cards import era_cards
    from reference.effectcheck import Status, encodings
    from reference.effectcheck import status as card_status

    check_choice("status", only, get_args(Status), option="--only")
    known = encodings()
    uses = CardUses(load_all([SCENARIOS_DIR])[0])
    rows: list[dict[str, Any]] = []
    for c in era_cards():
        state, missing = card_status(c, known)
        if only is None or state == only:
            rows.append({"id": c.id, "name": c.qualified_name, "types": list(c.types), "status": state,
                         "missing": list(missing), "scenarios": len(uses.of(c))})
    counts = Counter(r["status"] for r in rows)
    library = [r for r in rows if "Vampire" not in r["types"]]
    used = {"library_encoded": sum(r["status"] == "encoded" for r in library),
            "library_encoded_in_a_scenario": sum(r["status"] == "encoded" and r["scenarios"] > 0 for r in library)}
    if as_json:
        print_json({"counts": dict(counts), **used, "cards": rows})
        return
    table = Table(header_style="bold", box=None)
    for col in ("card", "type", "status", "scenarios", "not modelled"):
        table.add_column(col)
    for r in rows:
        style = {"encoded": "green", "not encodable": "yellow"}.get(str(r["status"]), "dim")
        table.add_row(escape(f"{r['id']} {r['name']}"), escape(" / ".join(r["types"])), f"[{style}]{r['status']}[/]",
                      str(r["scenarios"] or ""), escape("; ".join(r["missing"])))
    console.print(table)
    console.print(", ".join(f"{n} {k}" for k, n in sorted(counts.items())) + f" of {len(rows)} cards; "
                  f"{used['library_encoded']} library cards encoded, {used['library_encoded_in_a_scenario']} of "
                  "them played in a scenario")
