"""Commands that run the engine: check, ask, rulesets, schema."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import Progress
from rich.table import Table

from checker.cli.options import JsonFlag, NoCacheFlag
from checker.cli.output import EXIT_PROBLEMS, check_choice, console, errors, escape, fail, guarded, print_json

RulesetOpt = Annotated[str | None, typer.Option("--ruleset", "-r", help="Only this ruleset.")]
SCHEMA_FILE = Path(__file__).resolve().parents[2] / "scenarios" / "schema.json"


def register(app: typer.Typer) -> None:
    app.command("check")(check)
    app.command("ask")(ask)
    app.command("rulesets")(list_rulesets)
    app.command("schema")(schema)
    app.command("new")(new)


def _known_ruleset(name: str | None) -> None:
    from reference.rulesets import rulesets

    check_choice("ruleset", name, rulesets(), option="--ruleset")


@guarded
def check(
    paths: Annotated[list[Path] | None, typer.Argument(help="Scenario files or folders. Default: scenarios/.")] = None,
    ruleset: RulesetOpt = None,
    as_json: JsonFlag = False,
    strict: Annotated[bool, typer.Option("--strict", help="Also exit 1 if a scenario is suspect.")] = False,
    show_coverage: Annotated[bool, typer.Option(
        "--coverage", help="Per source: normative rules tested, exercised only, not testable and untested "
                           "(with --json, the lists instead of the runs).")] = False,
    no_cache: NoCacheFlag = False,
) -> None:
    """Run every scenario under every ruleset it applies to; exit 1 if any fails, 2 on bad files.

    A scenario citing a rule whose text, errata or parameters changed since it was confirmed
    is reported as suspect (`rules confirm` after a look). Answers computed by an earlier run from the
    same files, code and reference are read from the answer cache (`--no-cache` computes them all).
    """
    from checker.scenarios.answer_cache import AnswerCache
    from checker.scenarios.lock import LOCK_NAME, DamagedLock, read_lock, suspects
    from checker.scenarios.suite import SCENARIOS_DIR, load_all, runs
    from reference.cards import cache_dir
    from reference.corpus import corpus
    from reference.rulesets import project_errata, rulesets

    _known_ruleset(ruleset)
    missing = [str(p) for p in paths or [] if not p.exists()]
    if missing:
        fail([f"error: no such file or folder: {m}" for m in missing])
    loaded, problems = load_all(paths or [SCENARIOS_DIR])
    pairs = runs(loaded, ruleset)
    outcomes = []
    detail = as_json or show_coverage  # the text report needs verdicts only: the rest is dropped once judged
    with (AnswerCache.open(cache_dir(), rulesets(), use=not no_cache) as answers,
          Progress(console=errors, transient=True, disable=as_json or len(pairs) < 40) as progress):
        task = progress.add_task("checking scenarios", total=len(pairs))
        for outcome in answers.outcomes(pairs, detail=detail):
            outcomes.append(outcome if detail else outcome.verdict())
            progress.advance(task)
    for problem in answers.problems:
        errors.print(f"[yellow]warning:[/yellow] {escape(problem)}", soft_wrap=True)
    try:
        lock, damaged = read_lock(SCENARIOS_DIR / LOCK_NAME), None
    except DamagedLock as exc:
        lock, damaged = {}, str(exc)
    suspect = suspects(loaded, lock, corpus(), rulesets(), project_errata())  # the rules' texts, not their graph
    tracked = SCENARIOS_DIR.resolve()
    unconfirmed = sorted({s.scenario for s in suspect if s.scenario not in lock
                          and (SCENARIOS_DIR.parent / s.scenario).resolve().is_relative_to(tracked)})
    by_scenario: dict[str, list[str]] = {}
    for s in suspect:
        if s.scenario in lock:
            by_scenario.setdefault(s.scenario, []).append(f"{s.rule} ({s.reason})")
    if as_json and show_coverage:
        print_json(_coverage_json(outcomes))
    elif as_json:
        from checker.scenarios.answer import summary

        print_json([{**o.to_json(), "suspect": by_scenario.get(o.scenario, []),
                     "unconfirmed": o.scenario in unconfirmed, "summary": summary(o)} for o in outcomes])
    else:
        for o in outcomes:
            if o.status == "fail":
                console.print(f"[red]FAIL[/red] {escape(o.scenario)} {escape(f'[{o.ruleset}]')}")
                for f in o.failures:
                    console.print(f"     {escape(f)}")
        _summary(outcomes, len({p.file for p in problems}), answers.hits)
        for scenario, rules in sorted(by_scenario.items()):
            console.print(f"[yellow]SUSPECT[/yellow] {escape(scenario)}: {escape(', '.join(rules))} changed since "
                          "it was confirmed; check it, then `rules confirm`")
        if unconfirmed and not damaged:
            console.print(f"{len(unconfirmed)} new scenario(s) not yet confirmed: once their answers look right, "
                          "`rules confirm " + " ".join(escape(u) for u in unconfirmed[:3])
                          + (" ...`" if len(unconfirmed) > 3 else "`"))
        if show_coverage:
            _coverage_table(outcomes)
    if damaged:
        errors.print(f"[yellow]warning:[/yellow] {escape(damaged)}", soft_wrap=True)
    _print_notes(loaded)
    if problems:
        errors.print(f"\n[bold red]{len(problems)} problem(s) in scenario files[/bold red] (these files were not "
                     "checked):", soft_wrap=True)
    for p in problems:
        errors.print(f"  {escape(str(p))}", soft_wrap=True)
    if problems:
        raise typer.Exit(EXIT_PROBLEMS)
    if any(o.status == "fail" for o in outcomes) or (strict and by_scenario):
        raise typer.Exit(1)


def _print_notes(loaded: list[Any]) -> None:
    """Files read with renamed readings brought up to date: say so, so that their writers can update them."""
    for sc in loaded:
        for note in sc.notes:
            errors.print(f"[yellow]note:[/yellow] {escape(str(note))}", soft_wrap=True)


def _summary(outcomes: list[Any], bad_files: int = 0, cached: int = 0) -> None:
    table = Table(title="Scenarios", title_justify="left", header_style="bold")
    for col in ("ruleset", "pass", "fail", "answered (no expectation)"):
        table.add_column(col, justify="left" if col == "ruleset" else "right")
    per: dict[str, Counter[str]] = {}
    for o in outcomes:
        per.setdefault(o.ruleset, Counter())[o.status] += 1
    for name, c in sorted(per.items()):
        table.add_row(name, str(c["pass"]), f"[red]{c['fail']}[/red]" if c["fail"] else "0", str(c["answered"]))
    total = Counter(o.status for o in outcomes)
    table.add_row("[bold]all[/bold]", str(total["pass"]), str(total["fail"]), str(total["answered"]))
    console.print(table)
    scenarios = len({o.scenario for o in outcomes})
    bad = f"; [bold red]{bad_files} file(s) could not be read[/bold red] (listed below)" if bad_files else ""
    console.print(f"{scenarios} scenarios, {len(outcomes)} runs: {total['pass']} passed, {total['fail']} failed{bad}")
    if cached:
        console.print(f"{cached} of the {len(outcomes)} answers were computed by an earlier run from the same "
                      "files, code and reference (the answer cache); `rules check --no-cache` computes them all")


def _coverage_json(outcomes: list[Any]) -> dict[str, Any]:
    from checker.scenarios.coverage import coverage, decorative, statuses

    return {"sources": [s.to_json() for s in statuses(coverage(outcomes)).by_source()],
            "decorative": [{"scenario": sc, "rule": rule} for sc, rule in decorative(outcomes)]}


def _coverage_table(outcomes: list[Any]) -> None:
    """Per source, how its normative rules are covered (docs/guide/coverage.md says what each column means)."""
    from checker.scenarios.coverage import coverage, decorative, statuses

    table = Table(title="Coverage of the normative rules", title_justify="left", header_style="bold")
    for col in ("source", "normative", "tested", "exercised only", "not testable", "untested"):
        table.add_column(col, justify="left" if col == "source" else "right")
    for s in statuses(coverage(outcomes)).by_source():
        table.add_row(s.source, str(s.normative), str(len(s.tested)), str(len(s.exercised_only)),
                      str(len(s.not_testable)), str(len(s.untested)))
    console.print(table)
    loose = decorative(outcomes)
    if loose:
        console.print(f"[yellow]{len(loose)} `tests:` id(s) that no run of their scenario exercised[/yellow] "
                      "(move each to `cites:`, or drop it):")
        for scenario, rule in loose:
            console.print(f"  {escape(scenario)}: {rule}", soft_wrap=True)


@guarded
def ask(
    files: Annotated[list[Path], typer.Argument(help="Scenario files.", exists=True, dir_okay=False)],
    ruleset: RulesetOpt = None,
    as_json: JsonFlag = False,
    fmt: Annotated[str, typer.Option(
        "--format", help="text (the answer, then step by step), or markdown (the answers per edition, the "
                         "trace folded: what the ask workflow writes to a pull request's summary).")] = "text",
) -> None:
    """Answer scenarios under each of their rulesets: the answer in words first, then step by step with the rules."""
    from checker.scenarios.answer import scenario_answer
    from checker.scenarios.answer_markdown import document, problems_markdown, scenario_markdown
    from checker.scenarios.run import run
    from checker.scenarios.suite import load_one
    from reference.corpus import corpus
    from reference.problems import ProblemsError
    from reference.rulesets import rulesets

    _known_ruleset(ruleset)
    check_choice("format", fmt, ("text", "markdown"), option="--format")
    rules = corpus().rules
    eds = rulesets()
    problems, records, parts, failed = [], [], [], False
    for file in files:
        try:
            loaded = load_one(file, set(rules), eds)
        except ProblemsError as exc:
            problems += exc.problems
            continue
        outcomes = [run(loaded, loaded.ruleset_for(label, eds)) for label in loaded.labels
                    if ruleset is None or ruleset in (label, loaded.base_of(label))]
        failed = failed or any(o.status == "fail" for o in outcomes)
        _print_notes([loaded])
        answer = scenario_answer(outcomes, eds, loaded)
        if as_json:
            records += [{**o.to_json(), "summary": a.sentence, "edition": a.edition, "difference": answer.difference,
                         "before": o.before}
                        for o, a in zip(outcomes, answer.runs, strict=True)]
        elif fmt == "markdown":
            parts.append(scenario_markdown(loaded, outcomes, answer))
        else:
            _print_answer(loaded, outcomes, answer, rules)
    if as_json:
        if records or not problems:
            print_json(records)
    elif fmt == "markdown":
        typer.echo(document([*parts, problems_markdown(problems)]), nl=False)
    if problems:
        fail([str(p) for p in problems] + [f"{len(problems)} problem(s)"])
    if failed:
        raise typer.Exit(1)


def _print_answer(loaded: Any, outcomes: list[Any], answer: Any, rules: Any) -> None:
    sc = loaded.scenario
    console.print(f"[bold]{escape(sc.title)}[/bold]")
    console.print(escape(sc.question.strip()))
    console.print("[bold]the answer[/bold]")
    for a in answer.runs:
        console.print(f"  [cyan]{escape(a.edition)}[/cyan]: {escape(a.sentence)}", soft_wrap=True)
    console.print(f"  {escape(answer.difference)}", soft_wrap=True)
    for o in outcomes:
        console.rule(f"{o.ruleset}")
        last_step = -1
        for t in o.trace:
            if t.step != last_step:
                console.print(f"[bold]step {t.step}: {t.step_key}[/bold]")
                last_step = t.step if t.step is not None else -1
            first = rules[t.rule].body.splitlines()[0] if t.rule in rules else ""
            undone = " [yellow](undone: the step is refused below)[/yellow]" if t.undone else ""
            borrowed = f" [magenta]({escape(t.fallback)}:)[/magenta]" if t.fallback else ""
            console.print(f"  [cyan]{t.rule}[/cyan] {escape(t.message)}{undone}{borrowed}")
            console.print(f"      [dim]{escape(first[:100])}[/dim]")
        console.print(_answer_text(o, loaded))
        mark = {"pass": "[green]as expected[/green]", "fail": "[red]NOT as expected[/red]",
                "answered": "[dim](no expectation given)[/dim]"}[o.status]
        console.print(f"result: {mark}")
        for f in o.failures:
            console.print(f"  [red]{escape(f)}[/red]")


def _answer_text(o: Any, loaded: Any) -> str:
    snap = o.answer
    lines = ["[bold]answer[/bold]"]
    if o.illegal:
        lines.append(f"  step {o.illegal['step']} is illegal: {escape(o.illegal['message'])} ({o.illegal['rule']})")
        lines.append(f"  the table as it was before step {o.illegal['step']}, which changes nothing:")
    for r in o.refused:
        lines.append(f"  step {r['step']} was refused, as expected, and changed nothing: {escape(r['message'])} "
                     f"({r['rule']})")
    for name, p in snap["players"].items():
        lines.append(f"  {escape(name)}: pool {p['pool']}, {p['vp']} VP" + (", ousted" if p["ousted"] else ""))
    for name, m in snap["minions"].items():
        amount = f"{m['blood']} blood" if "blood" in m else f"{m['life']} life"
        extra = ", tapped" if m["tapped"] else ""
        lines.append(f"  {escape(name)} ({escape(m['controller'])}): {amount}, {m['location']}{extra}")
    g = snap["game"]
    lines.append(f"  Edge: {escape(g['edge'])}; turn: {escape(g['turn'])}, {g['phase']} phase"
                 + ("; game over, winners: " + ", ".join(g["winners"]) if g["over"] else ""))
    return "\n".join(lines)


@guarded
def list_rulesets(
    as_json: JsonFlag = False,
    kill_matrix: Annotated[bool, typer.Option(
        "--kill-matrix", help="For each parameter and each other valid value, the scenarios that fail with it; "
                              "exit 1 if a value fails none.")] = False,
) -> None:
    """List the rulesets: date, rulings in force and card pool, each parameter's value and the rule that owns it."""
    from reference.editions import counts, editions
    from reference.knowledge import reference
    from reference.rulesets import rulesets

    eds = rulesets()
    if kill_matrix:
        _kill_matrix(as_json)
        return
    ref = reference()
    layer = ref.cards
    dated = {e.ruleset: e for e in editions(ref.corpus, eds)}
    held = [layer.cards[c] for c in layer.era] if layer else []
    tally = {name: counts(e, layer.rulings.values() if layer else (), held) for name, e in dated.items()}
    if as_json:
        print_json({name: {"title": r.title, "sources": list(r.sources), "extends": r.extends,
                           "description": r.description,
                           "date": dated[name].date.isoformat(), "dated_by": dated[name].document,
                           "date_basis": dated[name].basis, **tally[name].json(),
                           "parameters": {k: {"value": p.value, "rule": p.rule, "inherited": k not in r.own}
                                          for k, p in r.parameters.items()},
                           "fallbacks": dict(r.fallbacks)}
                    for name, r in eds.items()})
        return
    for name, r in eds.items():
        e, n = dated[name], tally[name]
        table = Table(title=f"{name}: {r.title}" + (f" (extends {r.extends})" if r.extends else ""),
                      title_justify="left", header_style="bold",
                      caption=f"dated {e.date.isoformat()} by {e.document}: {e.basis} {n.in_force} rulings in force, "
                              f"{n.later} later; {n.pool} cards of the era in its pool",
                      caption_justify="left")
        table.add_column("parameter")
        table.add_column("value")
        table.add_column("rule", style="cyan")
        for k, p in r.parameters.items():
            style = "" if k in r.own else "dim"
            table.add_row(k, escape(json.dumps(p.value, ensure_ascii=False)), p.rule, style=style)
        console.print(table)
        for rid, why in r.fallbacks.items():
            console.print(f"  borrows [cyan]{rid}[/cyan]: {escape(why)}")


def _kill_matrix(as_json: bool) -> None:
    from checker.scenarios.killmatrix import kill_matrix, survivors
    from checker.scenarios.suite import SCENARIOS_DIR, load_all
    from reference.rulesets import rulesets

    loaded, problems = load_all([SCENARIOS_DIR])
    if problems:
        fail([str(p) for p in problems] + ["fix the scenario files first"])
    matrix = kill_matrix(loaded, rulesets())
    alive = survivors(matrix)
    if as_json:
        print_json([m.to_json() for m in matrix])
    else:
        table = Table(title="Kill matrix: each parameter set to another valid value", title_justify="left",
                      header_style="bold")
        for col in ("parameter", "ruleset", "value", "scenarios that fail"):
            table.add_column(col)
        for m in matrix:
            first = (escape(m.killed_by[0]) + (f" (+{len(m.killed_by) - 1})" if len(m.killed_by) > 1 else "")
                     if m.killed else "[red]none[/red]")
            table.add_row(m.parameter, m.ruleset, escape(json.dumps(m.value, ensure_ascii=False)), first)
        console.print(table)
        killed = sum(m.killed for m in matrix)
        console.print(f"{killed} of {len(matrix)} mutants killed; {len(alive)} parameter values fail no scenario "
                      "under any ruleset")
        for (param, value), _ in sorted(alive.items()):
            console.print(f"  [red]survives[/red] {param} = {escape(value)}")
    if alive:
        raise typer.Exit(1)


@guarded
def schema(
    output: Annotated[Path | None, typer.Option("--output", "-o", help="Write the schema to this file.")] = None,
    check_file: Annotated[bool, typer.Option(
        "--check", help="Exit 1 if scenarios/schema.json is out of date.")] = False,
) -> None:
    """Print the JSON Schema of scenario files (editors validate with it: scenarios/schema.json)."""
    from checker.scenarios.schema import scenario_schema

    text = json.dumps(scenario_schema(), indent=2, ensure_ascii=False) + "\n"
    if check_file:
        if not SCHEMA_FILE.exists() or SCHEMA_FILE.read_text(encoding="utf-8") != text:
            fail(["scenarios/schema.json is out of date: run `rules schema -o scenarios/schema.json`"], 1)
        console.print("scenarios/schema.json is up to date")
        return
    if output is None:
        typer.echo(text, nl=False)
    else:
        from reference.atomic import write_atomic

        write_atomic(output, text)
        console.print(f"wrote {escape(str(output))}")


@guarded
def new(
    question: Annotated[str, typer.Argument(help="The rules question, in words.")],
    output: Annotated[Path | None, typer.Option("--output", "-o", help="The file to write. Default: "
                                                "scenarios/questions/<words of the question>.yaml")] = None,
) -> None:
    """Start a scenario file for a rules question: the schema line for editors, the rulesets, likely rules.

    Writes only a file that `rules ask` reads, and never over an existing file."""
    from checker.scenarios.load import name_problem, shown_path
    from checker.scenarios.skeleton import (
        QuestionExistsError,
        question_problems,
        scenario_path,
        skeleton,
        skeleton_problems,
        slug,
    )
    from checker.scenarios.suite import SCENARIOS_DIR
    from reference.atomic import write_atomic
    from reference.knowledge import reference
    from reference.rulesets import rulesets
    from reference.search import SearchIndex

    problems = [f"error: {r}" for r in question_problems(question)]
    path = output
    if path is None and not problems:
        try:
            path = scenario_path(question, SCENARIOS_DIR / "questions")
        except QuestionExistsError as exc:
            problems.append(f"error: {exc}")
    if path is not None:
        if path.exists():
            problems.append(f"error: {path} already exists: choose another name with -o")
        if path.suffix not in (".yaml", ".yml"):
            problems.append(f"error: {path}: a scenario file ends in .yaml")
        if (bad_name := name_problem(path)) is not None:
            problems.append(f"error: {bad_name}")
    if problems or path is None:
        fail(problems)
    ref = reference()
    hits = SearchIndex(ref.corpus).search(question, limit=12)
    eds = rulesets()
    editions = [name for name, rs in eds.items() if not rs.value("solitaire_automaton")]
    text = skeleton(question, path=path.resolve(), schema=SCHEMA_FILE, rulesets=editions,
                    rules=[h.rule.id for h in hits if h.rule.normative][:3])
    refused = skeleton_problems(text, shown_path(path), set(ref.corpus.rules), eds)
    if refused:  # what the checks above missed: never write a file `rules ask` refuses
        fail([str(p) for p in refused] + ["error: `rules ask` would refuse this file: it was not written"])
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, text)  # a folder that cannot be written is reported by `guarded`
    plain = SCENARIOS_DIR / "questions" / f"{slug(question)}.yaml"
    taken = f" ({escape(plain.name)} asks another question)" if output is None and path != plain else ""
    console.print(f"wrote {escape(str(path))}{taken}: edit the setup, steps and expect, then "
                  f"`rules ask {escape(str(path))}`", soft_wrap=True)  # paths unbroken, to copy
