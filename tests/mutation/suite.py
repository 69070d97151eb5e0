"""The scenario suite as one test: what mutmut runs against each mutant of ``checker/engine``.

Not collected by the default run (the name does not start with ``test_``): ``engine_mutants.py``
points mutmut at it. Every scenario is loaded and played in-process, about a second for the whole
suite instead of pytest over a thousand items. A mutant is killed when a run that passes on the
unmutated engine (``mutation-baseline.json``, written by ``engine_mutants.py``) fails, no longer
loads, or the engine raises; or when a scenario's ``tests:`` id that its runs used on the unmutated
engine is no longer used by any of them: the default suite's check against decorative citations
(tests/checker/test_coverage.py) then fails, since the scenario no longer tests what it says.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import signal
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any

from checker.scenarios.coverage import decorative
from checker.scenarios.load import load_scenario_from, scenario_files
from checker.scenarios.run import Outcome, run
from checker.scenarios.suite import SCENARIOS_DIR
from reference.corpus import corpus
from reference.documents import display_path
from reference.problems import ProblemsError
from reference.rulesets import rulesets
from reference.yamlsource import Located, YamlLoadError, load_file

BASELINE = Path(__file__).resolve().parent.parent.parent / "mutation-baseline.json"


@cache
def _documents() -> tuple[tuple[str, Located], ...]:
    """Every scenario file read and parsed once: parsing YAML is not the engine, checking it is."""
    found: list[tuple[str, Located]] = []
    for f in scenario_files([SCENARIOS_DIR]):
        try:
            found.append((display_path(f), load_file(f, display_path(f))))
        except YamlLoadError:  # a broken file has no passing run to lose
            continue
    return tuple(found)


Run = tuple[str, str]  # (scenario, ruleset label)


def baseline() -> tuple[set[Run], set[Run]] | None:
    """The (scenario, ruleset label) runs that pass on the unmutated engine, and the (scenario, rule)
    ``tests:`` ids those runs leave unused (none, on a suite that passes its own tests); None when not
    recorded."""
    if not BASELINE.exists():
        return None
    recorded = json.loads(BASELINE.read_text(encoding="utf-8"))
    return {(s, r) for s, r in recorded["passing"]}, {(s, r) for s, r in recorded["decorative"]}


def record_baseline(path: Path, runs: list[tuple[Run, Outcome]]) -> list[Run]:
    """Write what :func:`baseline` reads from every run's outcome on the unmutated engine; return the
    passing runs."""
    passing = sorted(r for r, o in runs if o.status == "pass")
    unused = decorative([o for r, o in runs if o.status == "pass"])
    path.write_text(json.dumps({"passing": passing, "decorative": unused}), encoding="utf-8")
    return passing


def failing_runs(recorded: tuple[set[Run], set[Run]] | None, *, first_only: bool = True) -> list[str]:
    """The runs of the passing ones (every run with expectations if None) that now fail, load no more, or
    raise; and the ``tests:`` ids that the passing runs of their scenario no longer use."""
    rules, names = set(corpus().rules), rulesets()
    passing, unused = recorded if recorded is not None else (None, set())
    failures: list[str] = []
    seen: set[Run] = set()
    for name, located in _documents():
        try:
            loaded = load_scenario_from(located, name, rules, names)
        except ProblemsError:  # its passing runs, if it had any, are reported below as no longer run
            continue
        played: list[Outcome] = []
        for label in loaded.labels:
            if passing is not None and (name, label) not in passing:
                continue
            outcome = run(loaded, loaded.ruleset_for(label, names))
            seen.add((name, label))
            played.append(outcome)
            if outcome.status == "fail" or (passing is not None and outcome.status != "pass"):
                failures.append(f"{name} [{label}]: {'; '.join(outcome.failures) or outcome.status}")
                if first_only:
                    return failures
        failures += [f"{name}: no run uses {rule} any more (decorative)"
                     for _, rule in sorted(set(decorative(played)) - unused)]
        if failures and first_only:
            return failures
    failures += [f"{s} [{r}]: no longer run" for s, r in sorted((passing or set()) - seen)]
    return failures


def test_every_passing_scenario_still_passes() -> None:
    assert failing_runs(baseline()) == []


Observation = dict[tuple[str, str], Any]


def observe() -> Observation:
    """Every run's answer and trace under the active mutant (``MUTANT_UNDER_TEST``), or how it ended."""
    rules, names = set(corpus().rules), rulesets()
    seen: Observation = {}
    for name, located in _documents():
        try:
            loaded = load_scenario_from(located, name, rules, names)
        except Exception as exc:
            seen[(name, "*")] = {"error": repr(exc)}
            continue
        for label in loaded.labels:
            try:
                o = run(loaded, loaded.ruleset_for(label, names))
            except Exception as exc:
                seen[(name, label)] = {"error": repr(exc)}
                continue
            refusals = [o.illegal] if o.illegal else []
            refusals += o.refused
            seen[(name, label)] = {"answer": {**o.answer, "refusals": [(r["step"], r["rule"]) for r in refusals]},
                                   "rules": [(t.rule, t.undone) for t in o.trace],
                                   "messages": [t.message for t in o.trace] + [r["message"] for r in refusals]}
    return seen


def _first_difference(a: Any, b: Any, path: str = "") -> str:
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b), key=str):
            if a.get(k) != b.get(k):
                return _first_difference(a.get(k), b.get(k), f"{path}.{k}" if path else str(k))
    return f"{path}: {a!r} -> {b!r}"[:200]


def change(base: Observation, now: Observation) -> dict[str, str]:
    """The strongest change from ``base`` to ``now``: an answer, the rules cited, the messages, or nothing."""
    for kind, keys in (("answer no expectation checks", ("error", "answer")), ("cited rules only", ("rules",)),
                       ("trace messages only", ("messages",))):
        for run_key in sorted(set(base) | set(now)):
            b, n = base.get(run_key, {}), now.get(run_key, {})
            if any(b.get(k) != n.get(k) for k in keys):
                what = _first_difference({k: b.get(k) for k in keys}, {k: n.get(k) for k in keys})
                return {"change": kind, "where": f"{run_key[0]} [{run_key[1]}] {what}"}
    return {"change": "no change in any run", "where": ""}


@contextmanager
def _under(name: str) -> Iterator[None]:
    """Play under the mutant ``name`` (mutmut's trampolines read ``MUTANT_UNDER_TEST``) for at most
    ``HANG_SECONDS``, after which :class:`TimeoutError` is raised."""
    def hung(signum: int, frame: Any) -> None:
        raise TimeoutError

    os.environ["MUTANT_UNDER_TEST"] = name
    signal.signal(signal.SIGALRM, hung)
    signal.alarm(HANG_SECONDS)
    try:
        yield
    finally:
        signal.alarm(0)
        os.environ["MUTANT_UNDER_TEST"] = ""


def _classify_one(name: str) -> tuple[str, dict[str, str]]:
    try:
        with _under(name):
            return name, change(_BASE, observe())
    except TimeoutError:  # a run that only hangs where no expectation is written
        return name, {"change": "answer no expectation checks", "where": f"hangs for more than {HANG_SECONDS} s"}


def _recheck_one(name: str) -> tuple[str, str]:
    try:
        with _under(name):
            return name, "killed" if failing_runs(baseline()) else "survived"
    except TimeoutError:
        return name, "timeout"
    except Exception:  # the engine raised where no run catches it: what the suite's test reports as a failure
        return name, "killed"


def recheck(todo: Path, found: Path, jobs: int) -> None:
    """Whether the suite as it is now kills each mutant named in ``todo`` (``killed``, ``survived`` or
    ``timeout``), written to ``found``; run inside ``mutants/``, after the baseline is recorded again."""
    os.environ["MUTANT_UNDER_TEST"] = ""
    _documents()  # parsed once, before the workers fork
    names = json.loads(todo.read_text(encoding="utf-8"))
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        result = dict(pool.imap(_recheck_one, names))
    found.write_text(json.dumps(result, indent=1), encoding="utf-8")


_BASE: Observation = {}
HANG_SECONDS = 60


def classify(todo: Path, found: Path, jobs: int) -> None:
    """What each mutant named in ``todo`` changes, written to ``found``; run inside ``mutants/``."""
    global _BASE
    os.environ["MUTANT_UNDER_TEST"] = ""
    _BASE = observe()
    names = json.loads(todo.read_text(encoding="utf-8"))
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        result = dict(pool.imap(_classify_one, names))
    found.write_text(json.dumps(result, indent=1), encoding="utf-8")


if __name__ == "__main__" and sys.argv[1:2] == ["classify"]:
    classify(Path(sys.argv[2]), Path(sys.argv[3]), int(sys.argv[4]))
if __name__ == "__main__" and sys.argv[1:2] == ["recheck"]:
    recheck(Path(sys.argv[2]), Path(sys.argv[3]), int(sys.argv[4]))
