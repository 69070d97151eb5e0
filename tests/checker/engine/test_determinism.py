"""Answers do not depend on Python's hash seed: the same scenario gives the same trace in every process."""

from __future__ import annotations

import os
import subprocess
import sys

from tests.conftest import ROOT


def _check(seed: str) -> str:
    env = {**os.environ, "PYTHONHASHSEED": seed}
    result = subprocess.run([sys.executable, "-m", "checker.cli", "check", "scenarios/combat", "scenarios/politics",
                             "--json"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert result.returncode in (0, 1), result.stderr
    return result.stdout


def test_traces_are_the_same_under_any_hash_seed() -> None:
    # seeds 0 and 1 ordered a set of two dodging minions differently (combat.py, before the fix)
    assert _check("0") == _check("1")
