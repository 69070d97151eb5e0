"""Answers at another commit against the working tree: what a pull request that edits rules changes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from checker.scenarios.impact import flatten

Key = tuple[str, str]
RUN_CHECK = "import sys; from checker.cli import main; sys.argv = ['rules', 'check', '--json']; main()"


class DiffError(ValueError):
    """The other commit could not be checked out or checked."""


def _git(root: Path, *args: str) -> str:
    result = subprocess.run(["git", *args], cwd=root, capture_output=True, text=True)
    if result.returncode != 0:
        raise DiffError(f"git {' '.join(args)}: {result.stderr.strip() or result.stdout.strip()}")
    return result.stdout


def records_at(root: Path, ref: str) -> list[dict[str, Any]]:
    """`rules check --json` run by the code and data of commit ``ref``, in a temporary worktree."""
    commit = _git(root, "rev-parse", "--verify", f"{ref}^{{commit}}").strip()
    with tempfile.TemporaryDirectory(prefix="rules-diff-") as tmp:
        tree = Path(tmp) / "tree"
        _git(root, "worktree", "add", "--detach", str(tree), commit)
        try:
            env = {**os.environ, "PYTHONPATH": str(tree)}
            result = subprocess.run([sys.executable, "-c", RUN_CHECK], cwd=tree, env=env,
                                    capture_output=True, text=True, timeout=1800)
            if result.returncode not in (0, 1):
                tail = (result.stderr or result.stdout).strip().splitlines()[-3:]
                raise DiffError(f"`rules check` failed at {ref}: " + " / ".join(tail))
            try:
                data = json.loads(result.stdout)
            except json.JSONDecodeError:
                raise DiffError(f"`rules check --json` at {ref} printed no JSON") from None
        finally:
            _git(root, "worktree", "remove", "--force", str(tree))
    if not isinstance(data, list):
        raise DiffError(f"`rules check --json` at {ref} printed no list of records")
    return data


def _index(records: Iterable[Mapping[str, Any]]) -> dict[Key, Mapping[str, Any]]:
    return {(str(r["scenario"]), str(r["ruleset"])): r for r in records}


def diff_records(base: Iterable[Mapping[str, Any]], head: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Every (scenario, ruleset) added, removed, or whose status or answer changed."""
    a, b = _index(base), _index(head)
    out: list[dict[str, Any]] = []
    for key in sorted(set(a) | set(b)):
        ra, rb = a.get(key), b.get(key)
        entry: dict[str, Any] = {"scenario": key[0], "ruleset": key[1]}
        if ra is None:
            out.append({**entry, "change": "added", "status": rb["status"] if rb else None})
            continue
        if rb is None:
            out.append({**entry, "change": "removed", "status": ra["status"]})
            continue
        fa = flatten({"answer": ra.get("answer"), "illegal": ra.get("illegal")})
        fb = flatten({"answer": rb.get("answer"), "illegal": rb.get("illegal")})
        diffs = [f"{k}: {fa.get(k)} -> {fb.get(k)}" for k in sorted(set(fa) | set(fb)) if fa.get(k) != fb.get(k)]
        if ra["status"] != rb["status"] or diffs:
            out.append({**entry, "change": "changed", "status": f"{ra['status']} -> {rb['status']}",
                        "differences": diffs})
    return out
