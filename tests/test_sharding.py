"""The extended run in shares (pytest-split, as .github/workflows/extended.yml runs it): the shares together
run exactly the items of the unsharded run, each once. (pytest-split divides the collected items by their
order and recorded durations alone: no clock, no randomness.)

Collection only (``--collect-only``), under ``RULES_EXTENDED=1``, so the figures are the extended run's items.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.conftest import ROOT

EXTENDED = ("tests/fuzz", "tests/checker/engine", "tests/checker/solitaire")  # the mutation run has its own job
DURATIONS = ("--durations-path", "tests/extended-durations.json")


def collected(*split: str) -> list[str]:
    env = {**os.environ, "RULES_EXTENDED": "1"}
    result = subprocess.run([sys.executable, "-m", "pytest", *EXTENDED, "--collect-only", "-q", "-p",
                             "no:cacheprovider", "-p", "no:xdist", *split],
                            cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    return [line for line in result.stdout.splitlines() if "::" in line and not line.startswith(" ")]


@pytest.fixture(scope="module")
def whole() -> list[str]:
    return collected()


def test_the_extended_run_is_many_items(whole: list[str]) -> None:
    """The long loops are batches of their own (20 per ruleset), so shares can balance."""
    assert len(whole) == len(set(whole))
    assert sum("test_random_playouts_break_no_invariant[" in n for n in whole) == 4 * 20
    assert sum("test_self_play_games_keep_every_invariant[" in n for n in whole) == 3 * 20
    assert sum("test_games_finish_with_a_winner_and_keep_every_invariant[" in n for n in whole) == 20


def test_shares_together_are_the_unsharded_run(whole: list[str]) -> None:
    shares = 2
    groups = [collected("--splits", str(shares), "--group", str(g), *DURATIONS) for g in range(1, shares + 1)]
    assert all(groups)
    together = [n for g in groups for n in g]
    assert sorted(together) == sorted(whole)  # every item, and none twice
