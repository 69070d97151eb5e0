"""Commands for changing rules safely: errata impact, confirm suspect scenarios, diff against a commit."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from checker.cli.options import JsonFlag
from checker.cli.output import console, escape, fail, guarded, print_json

errata_app = typer.Typer(help="Errata: amend a rule and see exactly which answers change.", no_args_is_help=True)


def register(app: typer.Typer) -> None:
    app.add_typer(errata_app, name="errata")
    app.command("confirm")(confirm)
    app.command("diff")(diff)


@errata_app.command("list")
@guarded
def errata_list(as_json: JsonFlag = False) -> None:
    """The errata in reference/errata, oldest first."""
    from reference.knowledge import reference

    errata = reference().errata
    if as_json:
        print_json([e.model_dump() for e in errata])
        return
    table = Table(header_style="bold")
    for col in ("erratum", "date", "authority", "amends", "changes", "rulesets"):
        table.add_column(col, no_wrap=col == "erratum")
    for e in errata:
        table.add_row(e.id, escape(e.date), escape(e.authority),
                      escape(", ".join([*(a.rule for a in e.amends), *(c.card for c in e.cards)])),
                      escape(", ".join(f"{k} = {v}" for k, v in e.parameters.items()) or "text only"),
                      ", ".join(e.targets) or "-")
    console.print(table)


@errata_app.command("impact")
@guarded
def errata_impact(
    file: Annotated[Path, typer.Argument(help="An erratum file (applied or proposed).", exists=True, dir_okay=False)],
    as_json: JsonFlag = False,
) -> None:
    """The rules an erratum touches, what lies downstream, and every answer it changes."""
    from checker.scenarios.impact import impact
    from checker.scenarios.suite import SCENARIOS_DIR, load_all, run_all, runs
    from reference.knowledge import reference

    loaded, problems = load_all([SCENARIOS_DIR])
    if problems:
        fail([str(p) for p in problems] + ["fix the scenario files first"])
    current = list(run_all(runs(loaded)))
    result = impact(file, reference(), loaded, current)
    if as_json:
        print_json(result.to_json())
        return
    e = result.erratum
    console.print(f"[bold]{escape(e.title)}[/bold] ({e.id}; {escape(e.date)}; {escape(e.authority)})")
    if e.new_ruleset is not None:
        console.print(f"makes the ruleset {e.new_ruleset.name}, extending {e.new_ruleset.extends}: each run of "
                      f"{e.new_ruleset.extends} is played under it too, held to the same expectations")
    else:
        console.print(f"applies to: {', '.join(e.targets) or 'no ruleset (text only)'}")
    console.print(f"rules and cards touched: {escape(', '.join(result.touched))}")
    console.print(f"downstream in the graph: {len(result.downstream)} rules")
    console.print(f"scenarios citing them: {len(result.citing)}; scenarios whose runs applied them: "
                  f"{len(result.exercising)}")
    console.print(f"runs compared with and without the erratum: {result.runs}")
    if not result.changes:
        console.print("[green]no answer changes[/green]")
        return
    if result.rulings:
        console.print(f"rulings whose scenarios' answers change: {escape(', '.join(result.rulings))}")
    table = Table(title=f"{len(result.changes)} answers change", title_justify="left", header_style="bold")
    table.add_column("scenario")
    table.add_column("ruleset")
    table.add_column("before → after")
    for c in result.changes:
        table.add_row(escape(c.scenario), c.ruleset, escape("\n".join(c.differences)))
    console.print(table)


@guarded
def confirm(
    paths: Annotated[list[Path] | None, typer.Argument(help="Scenario files or folders. Default: scenarios/.")] = None,
) -> None:
    """Confirm scenarios: record the current fingerprints of the rules they cite (after checking their answers)."""
    from checker.scenarios.lock import LOCK_NAME, confirmed, suspects, update_lock
    from checker.scenarios.suite import SCENARIOS_DIR, load_all
    from reference.knowledge import reference
    from reference.rulesets import rulesets

    root = SCENARIOS_DIR.resolve()
    outside = [str(p) for p in paths or [] if not p.resolve().is_relative_to(root)]
    if outside:
        fail([f"error: {p} is not under scenarios/: only the project's scenarios are recorded in the lock"
              for p in outside])
    loaded, problems = load_all(paths or [SCENARIOS_DIR])
    if problems:
        fail([str(p) for p in problems] + ["fix the scenario files first"])
    ref = reference()
    editions = rulesets()
    counts: list[int] = []

    def change(lock: dict[str, dict[str, str]]) -> dict[str, dict[str, str]]:
        counts.append(len({s.scenario for s in suspects(loaded, lock, ref.corpus, editions, ref.errata)}))
        new = confirmed(loaded, lock, ref.corpus, editions, ref.errata)
        if not paths:
            present = {sc.path for sc in loaded}
            new = {k: v for k, v in new.items() if k in present}
        return new

    if update_lock(SCENARIOS_DIR / LOCK_NAME, change):
        console.print(f"the citations lock was damaged: rebuilt it for the {len(loaded)} scenarios confirmed now")
    console.print(f"confirmed {len(loaded)} scenarios ({counts[0]} were suspect or unconfirmed)")


@guarded
def diff(
    base: Annotated[str, typer.Option("--base", help="A git commit, branch or tag to compare with.")],
    as_json: JsonFlag = False,
) -> None:
    """Every scenario whose answer or status differs between another commit and the working tree."""
    from checker.scenarios.gitdiff import DiffError, diff_records, records_at
    from checker.scenarios.suite import SCENARIOS_DIR, load_all, run_all, runs
    from reference.documents import PACKAGE_DIR

    try:
        before = records_at(PACKAGE_DIR.parent, base)
    except DiffError as exc:
        fail([f"error: {exc}"])
    loaded, problems = load_all([SCENARIOS_DIR])
    if problems:
        fail([str(p) for p in problems] + ["fix the scenario files first"])
    after = [o.to_json() for o in run_all(runs(loaded))]
    changes = diff_records(before, after)
    if as_json:
        print_json(changes)
        return
    if not changes:
        console.print(f"no answer or status differs from {escape(base)} ({len(after)} runs compared)")
        return
    for c in changes:
        console.print(f"[bold]{escape(c['scenario'])}[/bold] {escape('[' + c['ruleset'] + ']')}: {c['change']}"
                      + (f" ({escape(str(c['status']))})" if c.get("status") else ""))
        for d in c.get("differences", []):
            console.print(f"    {escape(d)}")
    console.print(f"{len(changes)} runs differ from {escape(base)}")
