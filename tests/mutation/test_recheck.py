"""``engine_mutants --recheck`` plays only the last run's survivors again, and only for the code that run mutated."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.mutation import engine_mutants


def test_a_recheck_needs_a_last_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(engine_mutants, "REPORT", tmp_path / "mutation-report.json")
    monkeypatch.setattr(engine_mutants, "ROOT", tmp_path)
    with pytest.raises(SystemExit, match="run the sample first"):
        engine_mutants.recheck(1)


def test_a_recheck_refuses_the_report_of_other_code(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    report = tmp_path / "mutation-report.json"
    report.write_text(json.dumps({"total": 1, "source": "0" * 64, "mutants": []}), encoding="utf-8")
    monkeypatch.setattr(engine_mutants, "REPORT", report)
    with pytest.raises(SystemExit, match="changed since the last run"):
        engine_mutants.recheck(1)


def test_the_digest_follows_the_reference(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for top in ("checker/engine", "checker/scenarios", "checker/solitaire", "reference"):
        (tmp_path / top).mkdir(parents=True)
        (tmp_path / top / "a.py").write_text("x = 1\n", encoding="utf-8")
    monkeypatch.setattr(engine_mutants, "ROOT", tmp_path)
    before = engine_mutants.source_digest()
    (tmp_path / "reference" / "a.py").write_text("x = 2\n", encoding="utf-8")
    assert engine_mutants.source_digest() != before
