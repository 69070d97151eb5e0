"""`rules cache`: what the cache folder holds, and clearing it (which changes no answer)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from checker.cli import app
from checker.scenarios import answer_cache, gitdiff
from tests.conftest import ROOT

runner = CliRunner()


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    cache = tmp_path / "cache"
    monkeypatch.setenv("JYHAD_RULES_CACHE", str(cache))
    monkeypatch.setenv(answer_cache.ENV, "on")
    return cache


def _check(scenarios: Path) -> str:
    done = subprocess.run([sys.executable, "-m", "checker.cli", "check", "--json", str(scenarios)], cwd=ROOT,
                          env={**os.environ}, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def test_show_then_clear(folder: Path, tmp_path: Path) -> None:
    empty = runner.invoke(app, ["cache"], env={"COLUMNS": "200"})
    assert empty.exit_code == 0 and "holds nothing" in empty.stdout
    scenarios = tmp_path / "scenarios"
    scenarios.mkdir()
    shutil.copy(ROOT / "scenarios/actions/bleed-gets-the-edge.yaml", scenarios)
    first = _check(scenarios)  # a process of its own: this one may have its cards parsed already
    (folder / "notes.txt").write_text("not the cache's", encoding="utf-8")
    shown = runner.invoke(app, ["cache", "--json"])
    assert shown.exit_code == 0
    data = json.loads(shown.stdout)
    kinds = sorted(e["what"] for e in data["entries"])
    assert kinds == ["answers", "parsed cards", "parsed rulings"]
    [answers] = [e for e in data["entries"] if e["what"] == "answers"]
    assert [f["answers"] for f in answers["fingerprints"]] == [3]  # one file, three rulesets
    table = runner.invoke(app, ["cache"], env={"COLUMNS": "200"})
    assert table.exit_code == 0 and "3 answers of" in table.stdout and "answers.sqlite" in table.stdout
    cleared = runner.invoke(app, ["cache", "clear"], env={"COLUMNS": "200"})
    assert cleared.exit_code == 0 and "removed 3 cache file(s)" in cleared.stdout
    assert sorted(p.name for p in folder.iterdir()) == ["notes.txt"]  # only what the cache holds
    assert _check(scenarios) == first  # clearing changes no answer


def test_rules_diff_keeps_each_commits_caches_apart(folder: Path) -> None:
    """Another commit's run writes its own folder: it never replaces the working tree's answers or cards."""
    made = []
    for n in range(gitdiff.KEEP_COMMITS + 2):
        made.append(gitdiff.commit_cache(f"{n:040x}"))
        assert made[-1].parent == folder / "commits" and made[-1].is_dir()
        os.utime(made[-1], (1_000_000 + n, 1_000_000 + n))
    newest = gitdiff.commit_cache("f" * 40)
    kept = sorted(p.name for p in (folder / "commits").iterdir())
    assert kept == sorted([newest.name, *(p.name for p in made[-(gitdiff.KEEP_COMMITS - 1):])])
    shown = json.loads(runner.invoke(app, ["cache", "--json"]).stdout)
    assert len([e for e in shown["entries"] if "rules diff" in e["what"]]) == gitdiff.KEEP_COMMITS
