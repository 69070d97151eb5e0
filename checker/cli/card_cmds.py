"""Commands about cards: ``rules card``."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.panel import Panel
from rich.table import Table

from checker.cli.output import EXIT_PROBLEMS, console, escape, fail, guarded, print_json


def register(app: typer.Typer) -> None:
    """Add this module's commands to ``app``."""
    app.command("card")(card)


@guarded
def card(
    name: Annotated[list[str], typer.Argument(
        help='A card name (accents and case ignored, aka names, "Theo Bell (G2 ADV)") or id (card:100001).')],
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of tables.")] = False,
) -> None:
    """Show a card of the VEKN database (from the krcg package): its fields, verbatim text and printings."""
    from reference.cards import UnknownCardError, card_json, find_card, namesakes

    try:
        found = find_card(" ".join(name))
    except UnknownCardError as exc:
        fail([f"error: {exc}"], EXIT_PROBLEMS)
    others = namesakes(found)
    if as_json:
        print_json({**card_json(found), "namesakes": [c.id for c in others]})
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
    console.print(Panel(escape(found.text), title=f"[bold cyan]{escape(found.id)}[/]  {escape(found.qualified_name)}",
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
