"""Bench of `rules check`: throughput against the floor of reading the files, start-up, scaling, parallel pytest.

Side by side in one run, on this machine:

1. throughput: loading, validating and answering every scenario under every ruleset (in-process, the
   reference already built) against the floor of just parsing the same YAML files with libyaml.
   Goal: at most 2x the floor.
2. start-up: `rules --help` as a fresh process (median of 5). Goal: under 0.3 s.
3. scaling: the suite at 1x and at 10x (each file copied ten times by this script into a temporary
   folder). Goal: the 10x suite takes at most 10.5x the time of the 1x suite.
4. parallel: `pytest scenarios/ -n 2` against `-n 0`, at 10x (fresh processes). Goal: at least 1.6x faster.
5. memory: the peak resident memory of `rules check` as a fresh process, the card pool and the card
   encodings loaded (scenarios name real cards), every answer computed and answers read from the answer
   cache. Goal: at most 150 MB.

Throughput is measured twice: every answer computed by the engine, and as a second `rules check` on the
same files runs, the answers read from the answer cache (checker/scenarios/answer_cache.py).

Figures are printed, never asserted: one line per figure, then `check: N/M goals met`.
Run: ``.venv/bin/python bench/check.py``.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from checker.collector import tune  # noqa: E402
from checker.scenarios.answer_cache import ENV, FILE_NAME, AnswerCache  # noqa: E402
from checker.scenarios.suite import load_all, run_all, runs  # noqa: E402
from reference.knowledge import reference  # noqa: E402
from reference.rulesets import rulesets  # noqa: E402

SCENARIOS = ROOT / "scenarios"
results: list[bool] = []


def best(fn: Callable[[], object], repeat: int = 3) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def report(name: str, figures: str, ok: bool, goal: str) -> None:
    results.append(ok)
    print(f"check: {name}  {figures}  goal {goal}  {'OK' if ok else 'MISSED'}")


def check_suite(folder: Path, answers: Path | None = None) -> int:
    """What `rules check` does: load every file, answer every run (from the answer cache in ``answers``, as the
    text report reads them, when given)."""
    loaded, problems = load_all([folder])
    assert not problems, problems[:3]
    if answers is None:
        return len(list(run_all(runs(loaded))))
    with AnswerCache.open(answers, rulesets(), use=True) as cache:
        return len(list(cache.outcomes(runs(loaded), detail=False)))


def floor(folder: Path) -> int:
    files = [f for f in folder.rglob("*.yaml")]
    for f in files:
        yaml.load(f.read_text(encoding="utf-8"), Loader=yaml.CSafeLoader)
    return len(files)


def pytest_time(folder: Path, workers: str) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "pytest", str(folder), "-q", "-p", "no:cacheprovider", "-n", workers,
                    "--rootdir", str(folder.parent)], cwd=ROOT, check=True, capture_output=True)
    return time.perf_counter() - start


def main() -> None:
    tune()  # as `rules` and the pytest plugin do (checker/collector.py)
    reference()
    rulesets()
    check_suite(SCENARIOS)  # warm the caches: the figures are for the work, not the first imports
    full = best(lambda: check_suite(SCENARIOS))
    base = best(lambda: floor(SCENARIOS))
    report("throughput vs reading the YAML, every answer computed", f"check {full:.2f}s  floor {base:.2f}s  "
           f"ratio {full / base:.2f}x", full / base <= 2.0, "<= 2x")
    with tempfile.TemporaryDirectory(prefix="rules-bench-answers-") as answers:
        check_suite(SCENARIOS, Path(answers))  # an earlier run's answers
        warm = best(lambda: check_suite(SCENARIOS, Path(answers)))
    report("throughput vs reading the YAML, answers from an earlier run", f"check {warm:.2f}s  floor {base:.2f}s  "
           f"ratio {warm / base:.2f}x", warm / base <= 2.0, "<= 2x")

    help_times = []
    for _ in range(5):
        start = time.perf_counter()
        subprocess.run([str(ROOT / ".venv" / "bin" / "rules"), "--help"], check=True, capture_output=True)
        help_times.append(time.perf_counter() - start)
    startup = statistics.median(help_times)
    report("start-up of `rules --help`", f"{startup:.3f}s (median of 5)", startup < 0.3, "< 0.3s")

    with tempfile.TemporaryDirectory(prefix="rules-bench-") as tmp:
        big = Path(tmp) / "scenarios"
        for i in range(10):
            shutil.copytree(SCENARIOS, big / f"copy{i}", ignore=shutil.ignore_patterns("*.json"))
        one = best(lambda: check_suite(SCENARIOS))
        ten = best(lambda: check_suite(big), repeat=2)
        report("scaling 1x -> 10x", f"1x {one:.2f}s  10x {ten:.2f}s  ratio {ten / one:.2f}x", ten / one <= 10.5,
               "<= 10.5x")
        serial = pytest_time(big, "0")
        parallel = pytest_time(big, "2")
        report("pytest -n 2 vs -n 0 (10x suite)", f"-n 0 {serial:.1f}s  -n 2 {parallel:.1f}s  speed-up "
               f"{serial / parallel:.2f}x", serial / parallel >= 1.6, ">= 1.6x")
        per_run = one / max(check_suite(SCENARIOS), 1)
        print(f"      one scenario run costs {per_run * 1000:.2f} ms in-process (loading included)")
    with tempfile.TemporaryDirectory(prefix="rules-bench-cache-") as tmp:
        env = fresh_cache(Path(tmp))
        rules = str(ROOT / ".venv" / "bin" / "rules")
        cold_peak, cold = peak_memory([rules, "check", "--no-cache"], env)
        peak_memory([rules, "check"], env)  # fills the answer cache
        warm_peak, warm_run = peak_memory([rules, "check"], env)
    peak = max(cold_peak, warm_peak)
    report("peak memory of `rules check`", f"{peak:.0f} MB (every answer computed {cold_peak:.0f} MB, answers "
           f"from an earlier run {warm_peak:.0f} MB)", peak <= 150, "<= 150 MB")
    print(f"      `rules check` as a fresh process: every answer computed {cold:.2f}s, the answers of an earlier "
          f"run read from the answer cache {warm_run:.2f}s")
    small, large = best(lambda: setup_check(3_600)), best(lambda: setup_check(36_000), repeat=1)
    report("setup checks 3,600 -> 36,000 minions", f"{small:.3f}s -> {large:.3f}s  ratio {large / small:.1f}x",
           large / small <= 12, "<= 12x (linear; it was quadratic, 55 s at 36,000)")
    print(f"check: {sum(results)}/{len(results)} goals met")


def peak_memory(command: list[str], env: dict[str, str] | None = None) -> tuple[float, float]:
    """The peak resident set of ``command`` run alone, in MB, and its wall time (measured by a fresh process that
    only waits for it, so nothing else this bench did counts)."""
    probe = ("import resource, subprocess, sys, time; start = time.perf_counter(); "
             "subprocess.run(sys.argv[1:], check=True, capture_output=True); "
             "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, time.perf_counter() - start)")
    out = subprocess.run([sys.executable, "-c", probe, *command], cwd=ROOT, check=True, capture_output=True,
                         text=True, env=env)
    kilobytes, seconds = out.stdout.split()
    return int(kilobytes) / 1024, float(seconds)  # kilobytes on Linux


def fresh_cache(folder: Path) -> dict[str, str]:
    """An environment whose cache folder holds the parsed card pool (copied) and no answers."""
    from reference.cards import CACHE_ENV, cache_dir

    if cache_dir().is_dir():
        shutil.copytree(cache_dir(), folder, dirs_exist_ok=True, ignore=shutil.ignore_patterns(FILE_NAME + "*"))
    return {**os.environ, CACHE_ENV: str(folder), ENV: "on"}


def setup_check(n: int) -> int:
    """Check a setup of ``n`` minions for impossible parts (duplicate names, controllers)."""
    from checker.engine.setup import Setup, check_setup

    table = Setup.model_validate({"players": [{"name": "alice"}, {"name": "bob"}], "minions": [
        {"name": f"M{i}", "controller": "alice", "capacity": 3} for i in range(n)]})
    return len(check_setup(table))


if __name__ == "__main__":
    main()
