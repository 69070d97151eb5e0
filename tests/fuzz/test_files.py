"""Fuzzing what surrounds the inputs: odd file names and odd files where scenarios, caches and the lock go.

Scenario files named with any bytes (not UTF-8, control characters, spaces), and FIFOs, folders and device links
in their place or in place of a cache file: every command ends in a clean answer or a clean error. Never a
traceback, never a hang, never a control character reaching the terminal. The default run tries a few dozen
names; the extended run (``RULES_EXTENDED=1 pytest tests/fuzz``) several hundred.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from checker.cli import app
from checker.scenarios.answer_cache import ENV as ANSWER_CACHE_ENV
from tests.conftest import ROOT
from tests.fuzz.test_inputs import EXTENDED, time_limit

NAMES = 400 if EXTENDED else 20
GOOD = (ROOT / "scenarios/actions/bleed-gets-the-edge.yaml").read_bytes().replace(b"../schema.json", b"schema.json")
KINDS = ("regular", "fifo", "folder", "device link")
runner = CliRunner()

name_bytes = st.binary(min_size=1, max_size=40).filter(lambda b: b"/" not in b and b"\0" not in b
                                                        and b not in (b".", b".."))


def _place(path: bytes, kind: str) -> None:
    if kind == "regular":
        with open(path, "wb") as f:
            f.write(GOOD)
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        os.mkdir(path)
    else:
        os.symlink("/dev/zero", path)


def _clean(out: str) -> None:
    assert "Traceback" not in out and "INTERNALERROR" not in out
    assert "\x1b" not in out and "\x9b" not in out


@pytest.mark.skipif(sys.platform != "linux", reason="file names are bytes on Linux")
@settings(max_examples=NAMES, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(name=name_bytes, kind=st.sampled_from(KINDS), suffix=st.sampled_from([b".yaml", b".yml", b""]))
def test_a_scenario_folder_with_any_file_name_and_kind_ends_cleanly(tmp_path_factory: pytest.TempPathFactory,
                                                                     name: bytes, kind: str, suffix: bytes) -> None:
    folder = tmp_path_factory.mktemp("names")
    (folder / "good.yaml").write_bytes(GOOD)
    odd = os.fsencode(folder) + b"/" + name + suffix
    if os.path.lexists(odd):
        return
    _place(odd, kind)
    event(f"{kind}, {'UTF-8' if _is_utf8(name) else 'not UTF-8'} name")
    with time_limit(120):
        checked = runner.invoke(app, ["check", "--no-cache", str(folder)])
        asked = runner.invoke(app, ["ask", os.fsdecode(odd)])
    for result in (checked, asked):
        _clean(result.stdout + result.stderr)
        assert result.exit_code in (0, 2), result.stdout + result.stderr
    passed = re.search(r"runs: (\d+) passed, 0 failed", checked.stdout)
    assert passed and int(passed.group(1)) >= 3, checked.stdout  # the good file is checked whatever lies beside it


def _is_utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


CACHE_FILES = ("answers.sqlite", "cards-{key}.json", "rulings-{key}.json", "commits")


@pytest.mark.skipif(sys.platform != "linux", reason="FIFOs and device files")
@pytest.mark.parametrize("kind", KINDS[1:])
@pytest.mark.parametrize("where", [*CACHE_FILES, "citations.lock.json"])
def test_an_odd_file_in_place_of_a_cache_or_the_lock_ends_cleanly(tmp_path: Path, where: str, kind: str) -> None:
    """As a real process: the parsed cards and rulings are read once per process, from the cache folder."""
    if not EXTENDED and kind != "fifo":
        pytest.skip("the extended run tries folders and device links too")
    from reference.cards import card_inputs, loaded_card_data
    from reference.rulings import ruling_inputs

    key = {"cards": card_inputs().key()[:24], "rulings": ruling_inputs(loaded_card_data().digest).key()[:24]}
    cache, scenarios = tmp_path / "cache", tmp_path / "tree" / "scenarios"
    cache.mkdir()
    scenarios.mkdir(parents=True)
    (scenarios / "good.yaml").write_bytes(GOOD)
    target = (scenarios / where if where.endswith(".lock.json")
              else cache / where.format(key=key["cards" if where.startswith("cards") else "rulings"]))
    _place(os.fsencode(target), kind)
    env = {**os.environ, "JYHAD_RULES_CACHE": str(cache), ANSWER_CACHE_ENV: "on"}
    for command in (["check", str(scenarios)], ["card", "Dónal O'Connor"], ["cache"]):
        result = subprocess.run([sys.executable, "-m", "checker.cli", *command], cwd=ROOT, env=env,
                                capture_output=True, text=True, timeout=300)
        _clean(result.stdout + result.stderr)
        assert result.returncode == 0, (command, result.stdout + result.stderr)
