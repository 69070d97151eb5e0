"""The citations lock: written atomically, repaired by confirm, safe under concurrent confirms and kills."""

from __future__ import annotations

import json
import multiprocessing
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from checker.cli import app
from checker.scenarios import suite
from checker.scenarios.lock import LOCK_NAME, DamagedLock, read_lock, update_lock, write_lock
from reference.atomic import WriteError
from tests.conftest import ROOT
from tests.fuzz.test_inputs import time_limit

runner = CliRunner()


def _add_many(path: str, who: str, n: int) -> None:
    for i in range(n):
        update_lock(Path(path), lambda lock, i=i: {**lock, f"{who}-{i}.yaml": {"ref14:II.C": "x"}})


def test_concurrent_updates_all_land(tmp_path: Path) -> None:
    lock = tmp_path / LOCK_NAME
    ctx = multiprocessing.get_context("fork")
    procs = [ctx.Process(target=_add_many, args=(str(lock), who, 40)) for who in ("a", "b", "c")]
    for p in procs:
        p.start()
    for p in procs:
        p.join(60)
    assert len(read_lock(lock)) == 120


def test_a_failed_write_keeps_the_old_lock(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    lock = tmp_path / LOCK_NAME
    write_lock(lock, {"a.yaml": {"ref14:II.C": "1"}})

    def boom(*_: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(WriteError, match="No space left on device"):
        write_lock(lock, {"b.yaml": {"ref14:II.C": "2"}})
    assert read_lock(lock) == {"a.yaml": {"ref14:II.C": "1"}}
    assert [p.name for p in tmp_path.iterdir()] == [LOCK_NAME]  # no temporary file left behind


def test_a_damaged_lock_is_reported_by_check_and_rebuilt_by_confirm(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "scenarios"
    (folder / "actions").mkdir(parents=True)
    shutil.copy(ROOT / "scenarios/actions/bleed-gets-the-edge.yaml", folder / "actions")
    (folder / LOCK_NAME).write_text('{"scenarios/actions/bleed-gets-the-ed')  # truncated mid-write
    monkeypatch.setattr(suite, "SCENARIOS_DIR", folder)
    with pytest.raises(DamagedLock):
        read_lock(folder / LOCK_NAME)
    result = runner.invoke(app, ["check", str(folder)])
    assert result.exit_code == 0, result.stdout + result.stderr
    assert "citations lock is damaged" in result.stderr and "rules confirm" in result.stderr
    result = runner.invoke(app, ["confirm"])
    assert result.exit_code == 0, result.stdout + result.stderr
    assert "was damaged" in result.stdout
    assert len(read_lock(folder / LOCK_NAME)) == 1


def test_confirm_refuses_files_outside_scenarios(tmp_path: Path) -> None:
    outside = tmp_path / "mine.yaml"
    shutil.copy(ROOT / "scenarios/actions/bleed-gets-the-edge.yaml", outside)
    before = (ROOT / "scenarios" / LOCK_NAME).read_bytes()
    result = runner.invoke(app, ["confirm", str(outside)])
    assert result.exit_code == 2 and "not under scenarios/" in result.stderr
    assert (ROOT / "scenarios" / LOCK_NAME).read_bytes() == before


def test_a_killed_confirm_leaves_the_old_lock_or_the_new_one(tmp_path: Path) -> None:
    """A real `rules confirm`, on a copy of the project, killed at several moments: the lock always reads."""
    copy = tmp_path / "project"
    for part in ("reference", "checker", "scenarios"):
        shutil.copytree(ROOT / part, copy / part, ignore=shutil.ignore_patterns("__pycache__"))
    lock = copy / "scenarios" / LOCK_NAME
    lock.write_text("{}\n")  # everything unconfirmed: confirm rewrites the whole lock
    env = {**os.environ, "PYTHONPATH": str(copy)}
    for delay in (0.3, 0.6, 0.9, 1.2, 1.5, 2.0):
        proc = subprocess.Popen([sys.executable, "-m", "checker.cli", "confirm"], cwd=copy, env=env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(delay)
        proc.send_signal(signal.SIGKILL)
        proc.wait(30)
        data = json.loads(lock.read_text())  # never truncated
        assert data == {} or len(data) > 300
    result = subprocess.run([sys.executable, "-m", "checker.cli", "confirm"], cwd=copy, env=env,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert not [p.name for p in lock.parent.iterdir() if p.name.endswith(".tmp")]  # stale temporaries swept
    result = subprocess.run([sys.executable, "-m", "checker.cli", "check"], cwd=copy, env=env,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0 and "Traceback" not in result.stderr


def test_a_fifo_in_place_of_the_lock_is_no_hang(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "scenarios"
    (folder / "actions").mkdir(parents=True)
    shutil.copy(ROOT / "scenarios/actions/bleed-gets-the-edge.yaml", folder / "actions")
    os.mkfifo(folder / LOCK_NAME)
    monkeypatch.setattr(suite, "SCENARIOS_DIR", folder)
    with time_limit(120):
        with pytest.raises(DamagedLock, match="not a regular file"):
            read_lock(folder / LOCK_NAME)
        checked = runner.invoke(app, ["check", str(folder)])
        confirmed = runner.invoke(app, ["confirm"])
    assert checked.exit_code == 0, checked.stdout + checked.stderr
    assert "citations lock is damaged (not a regular file)" in " ".join(checked.stderr.split())
    assert confirmed.exit_code == 2 and "Traceback" not in confirmed.stdout + confirmed.stderr
    assert "it is not a regular file" in " ".join(confirmed.stderr.split())
