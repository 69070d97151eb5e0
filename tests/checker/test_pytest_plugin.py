"""Scenario files are pytest items: -k, -x, -n and --junitxml work on them."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from xml.etree import ElementTree

from tests.conftest import ROOT


def _pytest(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *args],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)


def test_items_per_ruleset_with_junit(tmp_path: Path) -> None:
    junit = tmp_path / "junit.xml"
    result = _pytest("scenarios/actions/bleed-gets-the-edge.yaml", f"--junitxml={junit}")
    assert result.returncode == 0, result.stdout
    assert "3 passed" in result.stdout
    cases = ElementTree.parse(junit).getroot().iter("testcase")
    assert {c.get("name") for c in cases} == {"jyhad-1.4", "vtes-basic", "vtes-advanced"}


def test_keyword_selection_and_parallel_workers() -> None:
    result = _pytest("scenarios/actions/bleed-gets-the-edge.yaml", "-k", "vtes-basic", "-n", "2", "-x")
    assert result.returncode == 0, result.stdout
    assert "1 passed" in result.stdout


def test_a_broken_file_is_one_failing_item(tmp_path: Path) -> None:
    folder = tmp_path / "scenarios"
    folder.mkdir()
    (folder / "bad.yaml").write_text("title: x\n")
    result = _pytest(str(folder / "bad.yaml"), "--rootdir", str(tmp_path))
    assert result.returncode == 1
    assert "question: Field required" in result.stdout


def test_collecting_reads_only_the_names_and_running_reports_the_problems(tmp_path: Path) -> None:
    """A file whose rulesets read but whose content is wrong (an unknown rule) is collected as its items without
    being loaded; running, its first item fails with the file's problem and the others say where it is."""
    folder = tmp_path / "scenarios"
    folder.mkdir()
    text = (ROOT / "scenarios/actions/bleed-gets-the-edge.yaml").read_text(encoding="utf-8")
    unknown = "ref14:II.C.1" + ".zz"  # built, so that tests/test_cited_ids.py does not read it as a cited id
    (folder / "wrong.yaml").write_text(text.replace('"ref14:II.C.1.a"', f'"{unknown}"'), encoding="utf-8")
    collected = _pytest(str(folder / "wrong.yaml"), "--rootdir", str(tmp_path), "--collect-only", "-q")
    assert collected.returncode == 0, collected.stdout
    assert [line.rsplit("::", 1)[1] for line in collected.stdout.splitlines() if "::" in line] == [
        "jyhad-1.4", "vtes-basic", "vtes-advanced"]
    result = _pytest(str(folder / "wrong.yaml"), "--rootdir", str(tmp_path))
    assert result.returncode == 1
    assert "1 failed, 2 skipped" in result.stdout and unknown in result.stdout


def test_a_file_named_in_bytes_that_are_not_utf8_is_one_failing_item(tmp_path: Path) -> None:
    """The loader itself refuses the name, so pytest (which collects files itself) says why as `rules check` does."""
    import os

    folder = tmp_path / "scenarios"
    folder.mkdir()
    good = (ROOT / "scenarios/actions/bleed-gets-the-edge.yaml").read_bytes().replace(b"../schema.json", b"")
    with open(os.fsencode(folder) + b"/\xffbad.yaml", "wb") as f:
        f.write(good)
    result = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", str(folder), "--rootdir",
                             str(tmp_path)], cwd=ROOT, capture_output=True, text=True, errors="backslashreplace",
                            timeout=300)  # pytest prints the item's name with its byte as it is
    assert result.returncode == 1, result.stdout
    assert "the file name is not UTF-8" in result.stdout and "1 failed" in result.stdout
