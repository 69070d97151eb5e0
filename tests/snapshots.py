"""Stored snapshots of the error output for deliberately broken input files.

Regenerate them only on purpose, and review the diff like code:
``python -m tests.snapshots --write``.
"""

from __future__ import annotations

import sys
from pathlib import Path

from typer.testing import CliRunner

from checker.cli import app

DATA = Path(__file__).resolve().parent / "data"
BROKEN_SCENARIOS = DATA / "broken_scenarios"


def check_output(path: Path) -> tuple[int, str]:
    """Exit code and standard error of ``rules check PATH``, with the path made relative."""
    result = CliRunner().invoke(app, ["check", str(path)])
    return result.exit_code, result.stderr.replace(str(DATA), "tests/data")


def main() -> None:
    if "--write" not in sys.argv:
        raise SystemExit("usage: python -m tests.snapshots --write")
    for f in sorted(BROKEN_SCENARIOS.glob("*.yaml")):
        _, err = check_output(f)
        f.with_suffix(".expected").write_text(err, encoding="utf-8")
        print(f"wrote {f.with_suffix('.expected')}")


if __name__ == "__main__":
    main()
