"""Deliberately broken scenario files: every problem listed at once, compared with stored snapshots."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from tests.snapshots import BROKEN_SCENARIOS, check_output

CASES = sorted(BROKEN_SCENARIOS.glob("*.yaml"))


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_error_output_matches_snapshot(path: Path) -> None:
    code, err = check_output(path)
    assert code == 2
    assert "Traceback" not in err
    assert err == path.with_suffix(".expected").read_text(encoding="utf-8")


def test_every_line_names_file_and_line() -> None:
    for path in CASES:
        _, err = check_output(path)
        lines = err.strip().splitlines()
        assert "problem(s) in scenario files" in lines[0], lines
        problems = [line.strip() for line in lines[1:]]
        assert problems, path
        for line in problems:
            assert line.startswith(f"tests/data/broken_scenarios/{path.name}:"), line


def test_huge_file_is_refused_quickly(tmp_path: Path) -> None:
    big = tmp_path / "big.yaml"
    big.write_text("title: x\nquestion: '" + "y" * 3_000_000 + "'\n")
    start = time.monotonic()
    code, err = check_output(big)
    assert code == 2 and "larger than" in err
    assert time.monotonic() - start < 5


def test_binary_junk_is_refused(tmp_path: Path) -> None:
    junk = tmp_path / "junk.yaml"
    junk.write_bytes(bytes(range(256)) * 4)
    code, err = check_output(junk)
    assert code == 2 and "junk.yaml" in err and "Traceback" not in err
