"""The hostile scenario corpus (tests/data/broken_scenarios) through every command that reads scenario files.

Each file ends in a clean, located message and exit code 2: no traceback, no hang, nothing
from the file reaching the terminal as a control sequence.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from checker.cli import app
from reference.yamlsource import INVISIBLE
from tests.conftest import ROOT
from tests.snapshots import BROKEN_SCENARIOS

CASES = sorted(BROKEN_SCENARIOS.glob("*.yaml"))
runner = CliRunner()


def _clean(out: str) -> None:
    assert "Traceback" not in out and "INTERNALERROR" not in out
    assert "\x1b" not in out and "\x9b" not in out
    assert not INVISIBLE.search(out)  # a zero-width or bidirectional character from a file is shown escaped


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_ask_refuses_each_hostile_file_cleanly(path: Path) -> None:
    result = runner.invoke(app, ["ask", str(path)])
    assert result.exit_code == 2, result.stdout
    _clean(result.stdout + result.stderr)
    assert path.name in result.stderr


def test_check_reports_every_hostile_file_and_still_runs_the_good_ones(tmp_path: Path) -> None:
    for p in CASES:
        (tmp_path / p.name).write_bytes(p.read_bytes())
    good = ROOT / "scenarios/actions/bleed-gets-the-edge.yaml"
    (tmp_path / "good.yaml").write_bytes(good.read_bytes().replace(b"../schema.json", b"schema.json"))
    result = runner.invoke(app, ["check", str(tmp_path)])
    assert result.exit_code == 2
    _clean(result.stdout + result.stderr)
    assert "1 scenarios, 3 runs: 3 passed" in result.stdout  # one bad file does not stop the others
    assert f"{len(CASES)} file(s) could not be read" in result.stdout
    for p in CASES:
        assert p.name in result.stderr, p.name


def test_pytest_collects_each_hostile_file_as_one_failing_item(tmp_path: Path) -> None:
    folder = tmp_path / "scenarios"
    folder.mkdir()
    for p in CASES:
        (folder / p.name).write_bytes(p.read_bytes())
    result = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", str(folder),
                             "--rootdir", str(tmp_path)], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert result.returncode == 1
    _clean(result.stdout + result.stderr)
    assert f"{len(CASES)} failed" in result.stdout


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_devices_and_pipes_are_refused_without_reading(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    for target in ("/dev/zero", str(fifo)):
        for command in (["check", target], ["ask", target]):
            result = subprocess.run([sys.executable, "-m", "checker.cli", *command], cwd=ROOT, capture_output=True,
                                    text=True, timeout=60)
            assert result.returncode == 2, (command, result.stdout, result.stderr)
            assert "not a regular file" in result.stderr
            _clean(result.stdout + result.stderr)


def test_yaml_11_octal_and_sexagesimal_read_as_a_person_means(tmp_path: Path) -> None:
    f = tmp_path / "pool.yaml"
    f.write_text('title: x\nquestion: q\ntests: ["ref14:II.C"]\nrulesets: [jyhad-1.4]\n'
                 "setup:\n  players: [{name: alice, pool: 030}, {name: bob, pool: 1:30}]\n")
    result = runner.invoke(app, ["ask", str(f), "--json"])
    assert result.exit_code == 2  # 1:30 is not a number of pool
    assert "setup.players[1].pool" in result.stderr and "players[0]" not in result.stderr
    f.write_text(f.read_text().replace("1:30", "12"))
    result = runner.invoke(app, ["ask", str(f), "--json"])
    assert result.exit_code == 0, result.stderr
    assert '"pool": 30' in result.stdout  # not 24, as YAML 1.1 reads 030


def test_user_text_reaching_the_terminal_is_inert(tmp_path: Path) -> None:
    named = tmp_path / "x\x1bc.yaml"  # an escape sequence in a file name
    named.write_text("title: x\n")
    result = runner.invoke(app, ["check", str(named)])
    assert result.exit_code == 2
    _clean(result.stdout + result.stderr)
    assert "\\x1b" in result.stderr


def _good_scenario() -> bytes:
    return (ROOT / "scenarios/actions/bleed-gets-the-edge.yaml").read_bytes().replace(b"../schema.json",
                                                                                      b"schema.json")


@pytest.mark.skipif(sys.platform != "linux", reason="needs file names that are bytes (Linux)")
@pytest.mark.parametrize("no_cache", [False, True], ids=["cache", "no-cache"])
def test_a_file_name_that_is_not_utf8_is_refused_and_the_others_checked(tmp_path: Path, no_cache: bool) -> None:
    folder = tmp_path / "scenarios"
    folder.mkdir()
    with open(os.fsencode(folder) + b"/\xffbad.yaml", "wb") as f:
        f.write(_good_scenario())
    (folder / "good.yaml").write_bytes(_good_scenario())
    result = runner.invoke(app, ["check", str(folder), *(["--no-cache"] if no_cache else [])])
    _clean(result.stdout + result.stderr)
    assert result.exit_code == 2, result.stdout + result.stderr
    assert "1 scenarios, 3 runs: 3 passed" in result.stdout  # the other file is checked
    assert "1 file(s) could not be read" in result.stdout
    assert "\\xffbad.yaml: the file name is not UTF-8" in result.stderr
    assert "\udcff" not in result.stdout + result.stderr


@pytest.mark.skipif(sys.platform != "linux", reason="needs file names that are bytes (Linux)")
@pytest.mark.parametrize("fmt", [[], ["--json"], ["--format", "markdown"]], ids=["text", "json", "markdown"])
def test_ask_refuses_a_file_name_that_is_not_utf8(tmp_path: Path, fmt: list[str]) -> None:
    bad = os.fsencode(tmp_path) + b"/\xffbad\x1bc.yaml"
    with open(bad, "wb") as f:
        f.write(_good_scenario())
    result = runner.invoke(app, ["ask", os.fsdecode(bad), *fmt])
    _clean(result.stdout + result.stderr)
    assert result.exit_code == 2
    assert "\\xffbad\\x1bc.yaml: the file name is not UTF-8" in result.stderr
    assert "\udcff" not in result.stdout + result.stderr and "\xff" not in result.stdout


@pytest.mark.skipif(sys.platform != "linux", reason="needs file names that are bytes (Linux)")
def test_a_file_name_that_is_not_utf8_run_as_a_program(tmp_path: Path) -> None:
    """As a shell runs it: the name reaches `rules` as bytes in argv, and its output is bytes too."""
    bad = os.fsencode(tmp_path) + b"/\xffbad.yaml"
    with open(bad, "wb") as f:
        f.write(_good_scenario())
    for command in ([b"check", "--no-cache", bad], [b"ask", bad], [b"ask", b"--json", bad]):
        result = subprocess.run([sys.executable, "-m", "checker.cli", *command], cwd=ROOT, capture_output=True,
                                timeout=300)
        out = (result.stdout + result.stderr).decode("utf-8")  # valid UTF-8: no raw 0xff byte
        assert result.returncode == 2, (command, out)
        _clean(out)
        assert "\\xffbad.yaml: the file name is not UTF-8" in out


@pytest.mark.skipif(sys.platform != "linux", reason="needs file names that are bytes (Linux)")
def test_the_site_refuses_a_file_name_that_is_not_utf8(tmp_path: Path) -> None:
    from checker.scenarios.answer_cache import AnswerCache
    from checker.site.build import build_site
    from reference.problems import ProblemsError
    from reference.rulesets import rulesets

    folder = tmp_path / "scenarios"
    folder.mkdir()
    with open(os.fsencode(folder) + b"/\xffbad.yaml", "wb") as f:
        f.write(_good_scenario())
    with (pytest.raises(ProblemsError) as refused,
          AnswerCache.open(tmp_path / "cache", rulesets(), use=False) as answers):
        build_site(tmp_path / "html", search=False, docs=tmp_path / "docs", work=tmp_path / "work",
                   scenario_dirs=[folder], answers=answers)
    assert [str(p) for p in refused.value.problems] == [
        f"{folder}/\\xffbad.yaml: the file name is not UTF-8 (the bytes shown as \\xNN): rename the file"]


def test_ask_markdown_and_json_show_a_file_name_inertly(tmp_path: Path) -> None:
    named = tmp_path / "x\x1bc\x9b2J.yaml"  # ESC c resets a terminal; CSI 2 J clears it
    named.write_bytes(_good_scenario())
    result = runner.invoke(app, ["ask", str(named), "--format", "markdown"])
    assert result.exit_code == 0, result.stderr
    _clean(result.stdout + result.stderr)
    assert "x\\x1bc\\x9b2J.yaml" in result.stdout
    result = runner.invoke(app, ["ask", str(named), "--json"])
    assert result.exit_code == 0, result.stderr
    _clean(result.stdout + result.stderr)
    assert {r["scenario"] for r in json.loads(result.stdout)} == {str(named)}  # the same value, escaped in JSON


def test_emoji_codes_in_user_text_are_printed_as_written(tmp_path: Path) -> None:
    f = tmp_path / ":thumbs_up:.yaml"
    f.write_bytes(_good_scenario().replace(b"title: An unblocked", b"title: ':x: :smile: An unblocked"
                                           ).replace(b"the Edge\n", b"the Edge'\n", 1))
    result = runner.invoke(app, ["ask", str(f)])
    assert result.exit_code == 0, result.stderr
    assert ":x: :smile: An unblocked" in result.stdout
    assert "\u274c" not in result.stdout and "\U0001f604" not in result.stdout  # no emoji for :x: or :smile:
    result = runner.invoke(app, ["check", str(tmp_path / "no-such:x:")])
    assert result.exit_code == 2 and "no-such:x:" in result.stderr and "\u274c" not in result.stderr
