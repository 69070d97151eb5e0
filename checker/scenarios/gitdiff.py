"""Answers at another commit against the working tree: what a pull request that edits rules changes.

The other commit is checked out in a temporary git worktree, in a folder named ``rules-diff-<pid>-*``
under the temporary folder. It is removed when the command ends, by Ctrl-C, SIGTERM or SIGHUP too
(the CLI turns those into SystemExit); a folder left by a killed run (its process is gone) is removed,
and its worktree pruned, by the next run. The other commit's run keeps its caches in a folder of its own
under the cache folder (``commits/<commit>``, the three newest kept): a `rules diff` never replaces the
working tree's answers or parsed cards.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from checker.scenarios.impact import flatten
from reference.cards import CACHE_ENV, cache_dir

Key = tuple[str, str]
RUN_CHECK = "import sys; from checker.cli import main; sys.argv = ['rules', 'check', '--json']; main()"
PREFIX = "rules-diff-"
OWNED = re.compile(rf"{PREFIX}(\d+)-")
TIMEOUT = 1800
COMMITS = "commits"  # the cache folder's subfolder of other commits' caches, one folder each
KEEP_COMMITS = 3


class DiffError(ValueError):
    """The other commit could not be checked out or checked."""


def _git(root: Path, *args: str) -> str:
    try:
        result = subprocess.run(["git", *args], cwd=root, capture_output=True, text=True)
    except FileNotFoundError:
        raise DiffError("`rules diff` needs git, which is not on PATH: install git (Debian: apt-get install git)") \
            from None
    except OSError as exc:
        raise DiffError(f"cannot run git: {exc.strerror or exc}") from exc
    if result.returncode != 0:
        raise DiffError(f"git {' '.join(args)}: {result.stderr.strip() or result.stdout.strip()}")
    return result.stdout


def _is_running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's process
        return True
    return True


def remove_stale_worktrees(root: Path) -> list[Path]:
    """Remove the folders of earlier runs whose process is gone (killed), then prune their worktrees."""
    removed = []
    for folder in Path(tempfile.gettempdir()).glob(f"{PREFIX}*"):
        owner = OWNED.match(folder.name)
        if folder.is_dir() and owner and int(owner.group(1)) != os.getpid() and not _is_running(int(owner.group(1))):
            shutil.rmtree(folder, ignore_errors=True)
            removed.append(folder)
    _git(root, "worktree", "prune")
    return removed


def commit_cache(commit: str) -> Path:
    """The cache folder of another commit's run: its own, so that its code (which may parse cards otherwise, or
    keep another schema of answers) never writes the working tree's caches; only the newest few are kept."""
    folder = cache_dir() / COMMITS / commit
    with contextlib.suppress(OSError):
        others = sorted((p for p in folder.parent.iterdir() if p.is_dir() and not p.is_symlink() and p != folder),
                        key=lambda p: p.stat().st_mtime, reverse=True)
        for old in others[KEEP_COMMITS - 1:]:
            shutil.rmtree(old, ignore_errors=True)
    with contextlib.suppress(OSError):
        folder.mkdir(parents=True, exist_ok=True)
        os.utime(folder)
    return folder


def records_at(root: Path, ref: str) -> list[dict[str, Any]]:
    """`rules check --json` run by the code and data of commit ``ref``, in a temporary worktree."""
    remove_stale_worktrees(root)
    commit = _git(root, "rev-parse", "--verify", f"{ref}^{{commit}}").strip()
    try:
        tmp = Path(tempfile.mkdtemp(prefix=f"{PREFIX}{os.getpid()}-"))
    except OSError as exc:
        raise DiffError(f"cannot make a folder in {tempfile.gettempdir()}: {exc.strerror or exc}; "
                        "set TMPDIR to a writable folder") from exc
    tree = tmp / "tree"
    try:
        _git(root, "worktree", "add", "--detach", str(tree), commit)
        env = {**os.environ, "PYTHONPATH": str(tree), CACHE_ENV: str(commit_cache(commit))}
        try:
            result = subprocess.run([sys.executable, "-c", RUN_CHECK], cwd=tree, env=env,
                                    capture_output=True, text=True, timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            raise DiffError(f"`rules check` at {ref} took more than {TIMEOUT} seconds; stopped it") from None
        if result.returncode not in (0, 1):
            tail = (result.stderr or result.stdout).strip().splitlines()[-3:]
            raise DiffError(f"`rules check` failed at {ref}: " + " / ".join(tail))
        try:
            data = json.loads(result.stdout)
        except json.JSONDecodeError:
            raise DiffError(f"`rules check --json` at {ref} printed no JSON") from None
    finally:
        with contextlib.suppress(DiffError):
            _git(root, "worktree", "remove", "--force", str(tree))
        shutil.rmtree(tmp, ignore_errors=True)
        with contextlib.suppress(DiffError):
            _git(root, "worktree", "prune")
    if not isinstance(data, list):
        raise DiffError(f"`rules check --json` at {ref} printed no list of records")
    return data


def _index(records: Iterable[Mapping[str, Any]]) -> dict[Key, Mapping[str, Any]]:
    return {(str(r["scenario"]), str(r["ruleset"])): r for r in records}


def _flat(record: Mapping[str, Any]) -> dict[str, Any]:
    return flatten({"answer": record.get("answer"), "illegal": record.get("illegal")})


def _field(key: str) -> tuple[str, str]:
    """``answer.players.alice.ante`` -> ``("answer.players", "ante")``: a field of the answer, whoever it is of."""
    head, _, leaf = key.rpartition(".")
    return ".".join(head.split(".")[:2]), leaf


def _reported(records: Mapping[Key, Mapping[str, Any]]) -> set[tuple[str, str]]:
    return {_field(k) for r in records.values() for k in _flat(r)}


def diff_records(base: Iterable[Mapping[str, Any]], head: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Every (scenario, ruleset) added, removed, or whose status or answer changed. A field of the answer that one
    side's engine does not report at all (a Methuselah's ``ante``, added since) is no change in any answer."""
    a, b = _index(base), _index(head)
    both = _reported(a) & _reported(b)
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
        fa, fb = _flat(ra), _flat(rb)
        diffs = [f"{k}: {fa.get(k)} -> {fb.get(k)}" for k in sorted(set(fa) | set(fb))
                 if fa.get(k) != fb.get(k) and (_field(k) in both or (k in fa) == (k in fb)
                                                or not k.startswith("answer."))]
        if ra["status"] != rb["status"] or diffs:
            out.append({**entry, "change": "changed", "status": f"{ra['status']} -> {rb['status']}",
                        "differences": diffs})
    return out
