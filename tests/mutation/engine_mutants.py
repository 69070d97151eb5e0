"""Mutation testing of ``checker/engine`` against the scenario suite, with mutmut (the extended run).

``python -m tests.mutation.engine_mutants`` (or ``RULES_EXTENDED=1 pytest tests/mutation -s``):

1. starts from an empty ``mutants/`` (git-ignored; mutmut writes its mutated copy there and never
   touches the working tree, so an interrupted run leaves nothing behind but that folder);
2. lists every mutant mutmut makes of ``checker/engine`` and takes a deterministic sample: the
   ``--sample`` names that come first in SHA-256 order, the same sample for the same code;
3. records the runs that pass on the unmutated engine (``mutants/mutation-baseline.json``);
4. runs ``mutmut run`` on the sample, each mutant against ``tests/mutation/suite.py`` (the whole
   scenario suite in-process, see ``[tool.mutmut]`` in pyproject.toml);
5. plays the suite again under each survivor to say what it changes: nothing, only the trace
   (what ``rules ask`` explains), or an answer that no expectation checks;
6. prints the score and the survivors by module, and writes ``mutants/mutation-report.json``.

``mutmut show NAME`` then shows any mutant's diff; ``mutmut browse`` browses them.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import json
import multiprocessing
import os
import shutil
import subprocess
import sys
import time
import tomllib
from collections import Counter, defaultdict
from dataclasses import dataclass
from fnmatch import fnmatch
from pathlib import Path

from checker.scenarios.run import Outcome
from checker.scenarios.suite import SCENARIOS_DIR, load_all, run_all, runs
from reference.atomic import write_atomic
from tests.mutation.suite import record_baseline

ROOT = Path(__file__).resolve().parent.parent.parent
ENGINE = ROOT / "checker" / "engine"
MUTANTS = ROOT / "mutants"
REPORT = MUTANTS / "mutation-report.json"
SAMPLE = 2500
GOAL = 0.80  # the goal, printed with the score
FLOOR = 0.80  # what the extended run fails under: raise it as survivors are killed (81.1% on 2026-12-01)
NO_CHANGE = "no change in any run"
METHOD = "\u01c1"  # the separator in mutmut's names of methods
SALT = "jyhad-rules engine mutants v1"  # changing it draws another sample


@dataclass(frozen=True)
class Verdict:
    name: str
    status: str  # killed, timeout, survived, no tests, suspicious, ...
    change: str = ""  # for a survivor: what it changes when the suite is played under it
    where: str = ""  # the first run where that shows
    diff: str = ""

    @property
    def module(self) -> str:
        return self.name.split(".x")[0]

    @property
    def killed(self) -> bool:
        return self.status in ("killed", "timeout")


def _mutants_of(path: Path) -> list[str]:
    from mutmut.mutation.file_mutation import mutate_file_contents
    from mutmut.utils.format_utils import get_mutant_name

    rel = path.relative_to(ROOT)
    mutated = mutate_file_contents(str(rel), path.read_text(encoding="utf-8"))
    return [get_mutant_name(rel, m) for m in mutated.mutant_names]


def mutated_files() -> list[Path]:
    """The engine's modules that ``[tool.mutmut]`` in pyproject.toml has mutmut mutate."""
    conf = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mutmut"]
    rel = [str(p.relative_to(ROOT)) for p in sorted(ENGINE.rglob("*.py"))]
    return [ROOT / r for r in rel if any(fnmatch(r, pat) for pat in conf.get("only_mutate", ["*"]))
            and not any(fnmatch(r, pat) for pat in conf.get("do_not_mutate", []))]


def all_mutants(jobs: int) -> list[str]:
    """Every mutant mutmut makes of the engine, by the name ``mutmut run``/``show`` use."""
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        return [n for names in pool.map(_mutants_of, mutated_files()) for n in names]


def sample(names: list[str], size: int) -> list[str]:
    """The ``size`` names first in SHA-256 order: the same sample every run of the same code."""
    ranked = sorted(names, key=lambda n: hashlib.sha256(f"{SALT}:{n}".encode()).hexdigest())
    return sorted(ranked[:size])


def passing_runs() -> tuple[list[tuple[tuple[str, str], Outcome]], dict[str, set[int]]]:
    """Every (scenario, ruleset label) run with its outcome on the engine as it is, and the engine's
    statements the runs execute (by file name)."""
    import coverage

    cov = coverage.Coverage(data_file=None, include=[str(ENGINE / "*.py"), str(ENGINE / "**" / "*.py")])
    cov.start()
    try:
        loaded, _ = load_all([SCENARIOS_DIR])
        labels = [(sc.path, label) for sc in loaded for label in sc.labels]
        outcomes = list(run_all(runs(loaded)))
    finally:
        cov.stop()
    assert len(outcomes) == len(labels)
    executed: dict[str, set[int]] = {}
    for path in ENGINE.rglob("*.py"):
        _, statements, _, missing, _ = cov.analysis2(str(path))
        name = path.relative_to(ENGINE).as_posix()
        executed[name] = set(statements) - set(missing) | {-1}  # -1: a line before the first statement
        executed[name + ":statements"] = set(statements)
    return list(zip(labels, outcomes, strict=True)), executed


def is_executed(name: str, diff: str, executed: dict[str, set[int]]) -> bool:
    """Whether the statement a mutant changes is one the scenario suite executes."""
    module, _, mangled = name.rpartition(".")
    path = ROOT / (module.replace(".", "/") + ".py")  # checker.engine.x.y: checker/engine/x/y.py
    if not path.exists():  # a package's own module: checker/engine/x/__init__.py
        path = ROOT / module.replace(".", "/") / "__init__.py"
    func = mangled.partition("__mutmut_")[0]
    if func.startswith("x" + METHOD):  # a method: xǁClassǁname
        cls, _, func = func[2:].partition(METHOD)
    else:
        cls, func = "", func.removeprefix("x_")
    tree = ast.parse(path.read_text(encoding="utf-8"))
    scope: list[ast.stmt] = tree.body
    if cls:
        scope = next((n.body for n in tree.body if isinstance(n, ast.ClassDef) and n.name == cls), [])
    node = next((n for n in scope if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef) and n.name == func), None)
    removed = next((line[1:].strip() for line in diff.splitlines() if line.startswith("-")), None)
    if node is None or removed is None:
        return True  # cannot tell: do not claim it is unexecuted
    lines = path.read_text(encoding="utf-8").splitlines()
    at = next((i for i in range(node.lineno, (node.end_lineno or node.lineno) + 1)
               if lines[i - 1].strip() == removed), None)
    if at is None:
        return True
    name = path.relative_to(ENGINE).as_posix()
    start = max((s for s in executed[name + ":statements"] if s <= at), default=-1)
    return start in executed[name]


def _env() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k != "MUTANT_UNDER_TEST" and not k.startswith("PYTEST_")}


def run_mutmut(names: list[str], jobs: int, log: Path) -> None:
    mutmut = Path(sys.executable).with_name("mutmut")
    with log.open("w", encoding="utf-8") as out:
        done = subprocess.run([str(mutmut), "run", "--max-children", str(jobs), *names], cwd=ROOT, env=_env(),
                              stdout=out, stderr=subprocess.STDOUT, check=False)
    if done.returncode != 0:
        tail = log.read_text(encoding="utf-8", errors="replace").replace("\r", "\n")[-3000:]
        raise RuntimeError(f"mutmut run exited {done.returncode}; the end of {log}:\n{tail}")


def statuses(names: list[str]) -> dict[str, str]:
    from mutmut.stats import status_by_exit_code

    codes: dict[str, int | None] = {}
    for meta in MUTANTS.joinpath("checker", "engine").glob("*.py.meta"):
        codes.update(json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"])
    return {n: status_by_exit_code[codes.get(n)] for n in names}


def classify(survivors: list[str], jobs: int) -> dict[str, dict[str, str]]:
    """What each survivor changes in the suite's runs (``suite.py classify``, run inside ``mutants/``)."""
    if not survivors:
        return {}
    todo, found = MUTANTS / "survivors.json", MUTANTS / "survivors-classified.json"
    todo.write_text(json.dumps(survivors), encoding="utf-8")
    subprocess.run([sys.executable, "-m", "tests.mutation.suite", "classify", str(todo), str(found), str(jobs)],
                   cwd=MUTANTS, env=_env(), check=True)
    result: dict[str, dict[str, str]] = json.loads(found.read_text(encoding="utf-8"))
    return result


def diff_of(name: str) -> str:
    """The lines a mutant changes, as ``-``/``+`` lines."""
    from mutmut.mutation.diff_apply import get_diff_for_mutant

    path = Path("checker", "engine", name.split(".")[2] + ".py")
    cwd = Path.cwd()
    os.chdir(ROOT)
    try:
        diff = get_diff_for_mutant(name, path=path)
    except Exception as exc:  # a diff is only an aid to the reader
        return f"(no diff: {exc})"
    finally:
        os.chdir(cwd)
    return "\n".join(line for line in diff.splitlines()
                     if line[:1] in "+-" and not line.startswith(("+++", "---")))


def report(verdicts: list[Verdict], total: int, seconds: float) -> str:
    counts = Counter(v.status for v in verdicts)
    killed = sum(v.killed for v in verdicts)
    lines = [f"mutation score of checker/engine: {killed}/{len(verdicts)} killed = {killed / len(verdicts):.1%} "
             f"(goal {GOAL:.0%}; a sample of {len(verdicts)} of {total} mutants; {seconds / 60:.1f} min)",
             "  " + ", ".join(f"{k}: {n}" for k, n in sorted(counts.items())),
             "  survivors by what they change: "
             + ", ".join(f"{k}: {n}" for k, n in Counter(v.change for v in verdicts if not v.killed).most_common()),
             "", "survivors by module:"]
    by_module: dict[str, list[Verdict]] = defaultdict(list)
    for v in verdicts:
        by_module[v.module].append(v)
    for module, vs in sorted(by_module.items()):
        alive = [v for v in vs if not v.killed]
        lines.append(f"  {module}: {len(alive)} of {len(vs)} survive")
        for v in alive:
            lines.append(f"    {v.name.rpartition('.')[2]} [{v.status}; {v.change}{'; ' + v.where if v.where else ''}]")
            lines += [f"        {d}" for d in v.diff.splitlines()]
    return "\n".join(lines)


def source_digest() -> str:
    """A digest of what the suite plays the scenarios with, as mutmut copied it into ``mutants/``: the engine,
    the scenario loader and the reference. A recheck is valid only while it is unchanged (the same mutants, the
    same loader); the site and the command line are not played."""
    h = hashlib.sha256()
    for top in ("checker/engine", "checker/scenarios", "checker/solitaire", "reference"):
        for f in sorted((ROOT / top).rglob("*")):
            if f.is_file() and "__pycache__" not in f.parts:
                h.update(str(f.relative_to(ROOT)).encode() + b"\0" + f.read_bytes() + b"\0")
    return h.hexdigest()


def finish(status: dict[str, str], total: int, executed: dict[str, set[int]], start: float, jobs: int,
           kept: dict[str, Verdict] | None = None) -> float:
    """Classify the survivors among ``status``, print the report with ``kept`` (verdicts carried over from
    an earlier run), write it; return the score."""
    survivors = [n for n, s in status.items() if s not in ("killed", "timeout")]
    found = classify([n for n in survivors if status[n] != "no tests"], jobs)
    diffs = {n: diff_of(n) for n in survivors}
    for n, seen in found.items():
        if seen["change"] == NO_CHANGE:
            seen["change"] += ": executed" if is_executed(n, diffs[n], executed) else ": never executed"
    verdicts = [Verdict(n, s, **(found.get(n, {"change": "not reached by any scenario"} if s == "no tests" else {})),
                        diff=diffs.get(n, ""))
                for n, s in status.items()]
    verdicts = sorted([*verdicts, *(kept or {}).values()], key=lambda v: v.name)
    seconds = time.monotonic() - start
    text = report(verdicts, total, seconds)
    print(text)
    # atomic: a later --recheck reads it, and an interrupted write must not leave half a report
    write_atomic(REPORT, json.dumps({"total": total, "seconds": round(seconds), "source": source_digest(),
                                     "mutants": [v.__dict__ for v in verdicts]}, indent=1))
    return sum(v.killed for v in verdicts) / len(verdicts)


def recheck(jobs: int) -> float:
    """Play the last run's survivors again against the scenarios as they are now, without mutmut: minutes
    instead of the whole sample, while the code and the reference are those of that run."""
    start = time.monotonic()
    if not REPORT.exists():
        raise SystemExit(f"no {REPORT.relative_to(ROOT)}: run the sample first (without --recheck)")
    try:
        last = json.loads(REPORT.read_text(encoding="utf-8"))
    except json.JSONDecodeError:
        raise SystemExit(f"{REPORT.relative_to(ROOT)} is not a report: run the sample again") from None
    if last.get("source") != source_digest():
        raise SystemExit("checker/ or reference/ changed since the last run, so its mutants are not today's: "
                         "run the sample again (without --recheck)")
    earlier = [Verdict(**m) for m in last["mutants"]]
    kept = {v.name: v for v in earlier if v.killed}
    todo = [v.name for v in earlier if not v.killed]
    shutil.rmtree(MUTANTS / "scenarios")
    shutil.copytree(SCENARIOS_DIR, MUTANTS / "scenarios")
    played, executed = passing_runs()
    baseline = record_baseline(MUTANTS / "mutation-baseline.json", played)
    print(f"{len(todo)} survivors of the last run played again; {len(baseline)} passing runs", flush=True)
    asked, answered = MUTANTS / "recheck.json", MUTANTS / "rechecked.json"
    asked.write_text(json.dumps(todo), encoding="utf-8")
    subprocess.run([sys.executable, "-m", "tests.mutation.suite", "recheck", str(asked), str(answered), str(jobs)],
                   cwd=MUTANTS, env=_env(), check=True)
    status: dict[str, str] = json.loads(answered.read_text(encoding="utf-8"))
    return finish(status, last["total"], executed, start, jobs, kept)


def main(argv: list[str] | None = None) -> float:
    """Run the sample and print the report; returns the score."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sample", type=int, default=SAMPLE, help=f"how many mutants (default {SAMPLE})")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2, help="mutants tested at once")
    parser.add_argument("--recheck", action="store_true",
                        help="only play the last run's survivors again, against the scenarios as they are now")
    args = parser.parse_args(argv)
    if args.recheck:
        return recheck(args.jobs)
    start = time.monotonic()
    shutil.rmtree(MUTANTS, ignore_errors=True)  # a fresh copy: stale scenarios or stats never count
    MUTANTS.mkdir()
    names = all_mutants(args.jobs)
    chosen = sample(names, args.sample)
    played, executed = passing_runs()
    baseline = record_baseline(MUTANTS / "mutation-baseline.json", played)
    print(f"{len(names)} mutants of checker/engine, {len(chosen)} sampled; {len(baseline)} passing runs", flush=True)
    run_mutmut(chosen, args.jobs, MUTANTS / "mutmut-run.log")
    return finish(statuses(chosen), len(names), executed, start, args.jobs)


if __name__ == "__main__":
    sys.exit(0 if main() >= FLOOR else 1)
