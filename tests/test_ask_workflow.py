"""The ask workflow (.github/workflows/ask.yml) run here as GitHub runs it: its answering step, taken from the
workflow file, in a repository where the last commit adds a scenario and edits the list of pending rulings; the
job summary gets the question and its answer under each edition, the pending list is left out."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

from tests.conftest import ROOT

QUESTION = ROOT / "scenarios" / "politics" / "delaying-tactics-cancels-the-referendum.yaml"


def _answering_step() -> str:
    workflow = yaml.safe_load((ROOT / ".github" / "workflows" / "ask.yml").read_text(encoding="utf-8"))
    steps = workflow["jobs"]["answer"]["steps"]
    return str(next(s["run"] for s in steps if s.get("name") == "Answer the changed scenarios"))


def _git(repo: Path, *args: str) -> None:
    subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@example.org", *args], cwd=repo, check=True,
                   capture_output=True)


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
def test_a_pull_request_adding_a_scenario_gets_its_answers_in_the_summary(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    (repo / "scenarios" / "politics").mkdir(parents=True)
    (repo / ".venv").symlink_to(ROOT / ".venv")
    (repo / "scenarios" / "rulings-pending.yaml").write_text("[]\n", encoding="utf-8")
    _git(repo, "init", "-q")
    _git(repo, "add", "scenarios")
    _git(repo, "commit", "-q", "-m", "base")
    shutil.copy(QUESTION, repo / "scenarios" / "politics" / QUESTION.name)
    (repo / "scenarios" / "rulings-pending.yaml").write_text("[]\n# edited\n", encoding="utf-8")
    _git(repo, "add", "scenarios")
    _git(repo, "commit", "-q", "-m", "a question")
    summary = tmp_path / "summary.md"
    done = subprocess.run(["bash", "-c", _answering_step()], cwd=repo, capture_output=True, text=True, timeout=300,
                          env={**os.environ, "GITHUB_STEP_SUMMARY": str(summary)})
    assert done.returncode == 0, done.stderr
    said = summary.read_text(encoding="utf-8")
    assert said.startswith("## The answers")
    assert "Delaying Tactics cancels a referendum" in said
    assert "The referendum is canceled before it is tallied" in said
    assert "vtes-advanced" in said and "jyhad-1.4" in said
    assert "rulings-pending" not in said


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
def test_a_pull_request_changing_no_scenario_says_so(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    (repo / "scenarios").mkdir(parents=True)
    (repo / ".venv").symlink_to(ROOT / ".venv")
    (repo / "README.md").write_text("x\n", encoding="utf-8")
    _git(repo, "init", "-q")
    _git(repo, "add", "README.md")
    _git(repo, "commit", "-q", "-m", "base")
    (repo / "README.md").write_text("y\n", encoding="utf-8")
    _git(repo, "commit", "-q", "-am", "no question")
    summary = tmp_path / "summary.md"
    done = subprocess.run(["bash", "-c", _answering_step()], cwd=repo, capture_output=True, text=True, timeout=300,
                          env={**os.environ, "GITHUB_STEP_SUMMARY": str(summary)})
    assert done.returncode == 0, done.stderr
    assert summary.read_text(encoding="utf-8") == "No scenario file was added or changed.\n"
