"""`rules cache`: what the cache folder holds, and clearing it."""

from __future__ import annotations

import typer
from rich.table import Table

from checker.cli.options import JsonFlag
from checker.cli.output import console, escape, guarded, print_json

cache_app = typer.Typer(
    name="cache", no_args_is_help=False, add_completion=False, rich_markup_mode="rich",
    help="Show the cache folder (answers, parsed cards and rulings, other commits' caches), or clear it. "
         "A cache only saves time: clearing it changes no answer.")


def register(app: typer.Typer) -> None:
    app.add_typer(cache_app)


@cache_app.callback(invoke_without_command=True)
def cache(ctx: typer.Context, as_json: JsonFlag = False) -> None:
    """Show what the cache folder holds: each file, its size, and the answers kept per fingerprint."""
    if ctx.invoked_subcommand is None:
        show(as_json)


@guarded
def show(as_json: bool) -> None:
    from checker.scenarios.cachefiles import entries
    from reference.cards import cache_dir

    folder = cache_dir()
    found = entries(folder)
    if as_json:
        print_json({"folder": str(folder), "bytes": sum(e.size for e in found), "entries": [
            {"path": str(e.path), "what": e.what, "bytes": e.size, "problem": e.problem or None,
             "fingerprints": [{"fingerprint": f.fingerprint, "answers": f.answers, "used": f.used.isoformat()}
                              for f in e.fingerprints]} for e in found]})
        return
    if not found:
        console.print(f"the cache folder {escape(str(folder))} holds nothing")
        return
    table = Table(title=f"{escape(str(folder))}: {_size(sum(e.size for e in found))}", title_justify="left")
    for column in ("file", "holds", "size"):
        table.add_column(column, justify="right" if column == "size" else "left")
    for e in found:
        holds = e.what
        if e.problem:
            holds += f" ({e.problem})"
        for f in e.fingerprints:
            holds += f"\n  {f.answers:,} answers of {f.fingerprint[:12]}, last used {f.used:%Y-%m-%d %H:%M} UTC"
        table.add_row(escape(e.path.name), escape(holds), _size(e.size))
    console.print(table)
    console.print("`rules cache clear` removes them all; `--no-cache` answers without them")


@cache_app.command("clear")
@guarded
def clear() -> None:
    """Remove the cached answers, parsed cards and rulings and other commits' caches (the next run recomputes)."""
    from checker.scenarios.cachefiles import clear as clear_folder
    from reference.cards import cache_dir

    folder = cache_dir()
    removed = clear_folder(folder)
    console.print(f"removed {len(removed)} cache file(s), {_size(sum(e.size for e in removed))}, from "
                  f"{escape(str(folder))}" if removed else f"the cache folder {escape(str(folder))} held nothing")


def _size(n: int) -> str:
    if n < 1024:
        return f"{n:,} bytes"
    return f"{n / 1024:,.1f} KB" if n < 1024**2 else f"{n / 1024**2:,.1f} MB"
