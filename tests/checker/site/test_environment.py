"""`rules site` when its environment fails: one clear line, exit 2, no traceback; and no install of its own.

Each command runs as a user runs it, in a copy of the project, with PATH and folders arranged to fail.
"""

from __future__ import annotations

import errno
import os
import subprocess
import sys
from pathlib import Path

import pytest

from checker.site import build
from tests.checker.site.conftest import copy_docs, copy_project


def _rules(root: Path, *args: str, path: str | None = None,
           env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(root), **(env or {})}
    if path is not None:
        env["PATH"] = path
    return subprocess.run([sys.executable, "-m", "checker.cli", *args], cwd=root, env=env, capture_output=True,
                          text=True, timeout=600)


def _fails_cleanly(result: subprocess.CompletedProcess[str], *words: str) -> None:
    assert result.returncode == 2, result.stdout + result.stderr
    assert "Traceback" not in result.stderr, result.stderr
    for word in words:
        assert word in result.stderr, result.stderr


def _program(folder: Path, name: str, script: str) -> None:
    folder.mkdir(exist_ok=True)
    (folder / name).write_text(f"#!/bin/sh\n{script}\n", encoding="utf-8")
    (folder / name).chmod(0o755)


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return copy_project(tmp_path / "project")


def test_without_pagefind_it_says_to_install_the_project_and_installs_nothing(project: Path, tmp_path: Path) -> None:
    for tool in ("pip", "npm"):
        _program(tmp_path / "bin", tool, f"touch {tmp_path / (tool + '-ran')}")
    missing = {"PAGEFIND_BINARY_PATH": str(tmp_path / "no-pagefind")}  # where pagefind's own package looks first
    result = _rules(project, "site", "-o", str(tmp_path / "html"), path=f"{tmp_path / 'bin'}:{os.environ['PATH']}",
                    env=missing)
    _fails_cleanly(result, "pip install -e .", "pagefind[extended]", "--no-search")
    assert not (tmp_path / "pip-ran").exists() and not (tmp_path / "npm-ran").exists()
    assert not (project / "docs" / "rule").exists()  # refused before anything was written


def test_without_dot(project: Path, tmp_path: Path) -> None:
    (tmp_path / "bin").mkdir()
    result = _rules(project, "site", "--no-search", "-o", str(tmp_path / "html"), path=str(tmp_path / "bin"))
    _fails_cleanly(result, "dot", "graphviz", "the site was not built")


def test_when_dot_fails(project: Path, tmp_path: Path) -> None:
    _program(tmp_path / "bin", "dot", "echo 'Error: dot: cannot load the plugins' >&2; exit 3")
    result = _rules(project, "site", "--no-search", "-o", str(tmp_path / "html"), path=str(tmp_path / "bin"))
    _fails_cleanly(result, "`dot`", "exit code 3", "cannot load the plugins")
    assert list((project / "docs" / "_graphs").glob("*.svg")) == []


def test_an_output_folder_that_is_a_file(project: Path, tmp_path: Path) -> None:
    a_file = tmp_path / "a-file"
    a_file.write_text("not a folder\n", encoding="utf-8")
    _fails_cleanly(_rules(project, "site", "--no-search", "-o", str(a_file)), str(a_file), "is a file")
    _fails_cleanly(_rules(project, "site", "--no-search", "-o", str(a_file / "html")), str(a_file), "is a file")
    assert not (project / "docs" / "rule").exists()  # refused before anything was written


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes in read-only folders")
def test_a_read_only_output_folder(project: Path, tmp_path: Path) -> None:
    locked = tmp_path / "locked"
    locked.mkdir(mode=0o555)
    _fails_cleanly(_rules(project, "site", "--no-search", "-o", str(locked)), str(locked))


def test_a_full_disk_names_the_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def full(src: str, dst: str) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), src, None, dst)

    monkeypatch.setattr(os, "replace", full)  # every file of the build is renamed into place
    with pytest.raises(build.SiteError, match=r"cannot write .*: No space left on device"):
        build.build_site(tmp_path / "html", search=False, docs=copy_docs(tmp_path / "docs"), work=tmp_path / "work")
    assert list(tmp_path.rglob("*.tmp")) == []


def test_the_search_index_is_replaced_whole(tmp_path: Path) -> None:
    build.pagefind_binary()  # installed with the project (pagefind[extended] from PyPI): no skipping
    site = tmp_path / "html"
    site.mkdir()
    (site / "index.html").write_text("<html><body><main data-pagefind-body><p>Steal blood</p></main></body></html>",
                                     encoding="utf-8")
    stale = site / "pagefind" / "fragment" / "stale_from_an_old_build.pf_fragment"
    stale.parent.mkdir(parents=True)
    stale.write_bytes(b"old")
    assert build.pagefind(site)
    assert not stale.exists()
    assert (site / "pagefind" / "pagefind.js").exists()
    assert sorted(p.name for p in site.iterdir()) == ["index.html", "pagefind"]
