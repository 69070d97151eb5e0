"""The `rules` command as a user runs it: output, JSON, and exit codes."""

from __future__ import annotations

import contextlib
import errno
import io
import json
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
from tests.conftest import DATA, ROOT

runner = CliRunner()


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_validate_passes_on_the_project() -> None:
    code, out, _ = run("validate")
    assert code == 0 and out.startswith("ok: ")


def test_validate_broken_links_matches_snapshot() -> None:
    code, out, err = run("validate", "--links", str(DATA / "broken_links" / "links.yaml"))
    assert code == 2 and out == ""
    expected = (DATA / "broken_links" / "expected.txt").read_text(encoding="utf-8")
    assert err.replace(str(DATA), "tests/data") == expected
    assert "Traceback" not in err


def test_show_steal_blood_with_correction_conflicts_and_translation() -> None:
    code, out, _ = run("show", "ref14:V.D.5.c", "--json")
    assert code == 0
    d = json.loads(out)
    assert d["text"].startswith("c. Steal Blood.")
    assert [(c["raw"], c["kind"]) for c in d["citations"]] == [("[!15.3]", "corrected")]
    assert d["corrects"][0]["id"] == "ext.pocket:15.3" and d["corrects"][0]["held"] is False
    sources = {c["id"].split(":")[0] for c in d["conflicts_with"]}
    assert {"cto", "rb95"} <= sources
    assert all(c["why"] and c["text"] for c in d["conflicts_with"])
    assert any(t["id"].startswith("ja23:") for t in d["translated_by"])


def test_show_in_rich_text() -> None:
    code, out, _ = run("show", "rb95:6.3.2")
    assert code == 0 and "Blocking an Action" in out and "Parts" in out


def test_show_unknown_id_suggests_and_exits_2() -> None:
    code, _out, err = run("show", "6.3.2")
    assert code == 2 and "unknown rule id '6.3.2'" in err and "rb95:6.3.2" in err
    assert "Traceback" not in err


def test_search_json_and_no_match() -> None:
    code, out, _ = run("search", "steal", "blood", "--json")
    assert code == 0 and json.loads(out)[0]["id"] == "rb95:8.3.steal-blood"
    code, out, _ = run("search", "エッジ", "--json")
    assert json.loads(out)[0]["id"] == "ja23:edge"
    code, _, err = run("search", "zzqxv")
    assert code == 1 and "no rule, card or ruling matches" in err


def test_graph_stats_json() -> None:
    code, out, _ = run("graph", "--stats", "--json")
    s = json.loads(out)
    assert code == 0 and len(s["sources"]) == 5 and s["unparsed_citations"] == 0
    assert s["conflicts_with"] >= 8 and s["ja23_normative_untranslated"] == []


def test_graph_exports(tmp_path: Path) -> None:
    code, out, _ = run("graph", "--format", "json")
    assert code == 0 and len(json.loads(out)["nodes"]) > 700
    target = tmp_path / "g.graphml"
    code, out, _ = run("graph", "--format", "graphml", "--rule", "ref14:V.D.5.c", "-o", str(target))
    assert code == 0 and target.read_text().startswith("<?xml")
    code, _, err = run("graph", "--rule", "nope:1")
    assert code == 2 and "unknown rule id" in err


def test_ids_match_golden() -> None:
    code, out, _ = run("ids")
    assert code == 0 and "match" in out


def test_an_output_file_that_is_a_folder_or_a_device(tmp_path: Path) -> None:
    for args in (("schema",), ("graph", "--rule", "ref14:V.D.5.c")):
        code, _, err = run(*args, "-o", str(tmp_path))
        assert (code, "Traceback" in err) == (2, False), err
        assert f"cannot write {tmp_path}: it is a folder" in err
    if Path("/dev/full").exists():
        code, _, err = run("schema", "-o", "/dev/full")
        assert code == 2 and "/dev/full: it is not a regular file" in err


def test_a_full_disk_keeps_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def full(src: str, dst: str) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), src, None, dst)

    target = tmp_path / "schema.json"
    target.write_text("the old schema\n", encoding="utf-8")
    monkeypatch.setattr(os, "replace", full)
    code, _, err = run("schema", "-o", str(target))
    assert code == 2 and f"cannot write {target}: No space left on device" in err
    assert target.read_text(encoding="utf-8") == "the old schema\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["schema.json"]


def test_diff_without_git(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    code, _, err = run("diff", "--base", "HEAD")
    assert code == 2 and "needs git, which is not on PATH" in err


# `rules diff --base HEAD` in a clone whose last commit makes `rules check` wait when asked to, so that
# the command can be signalled while its worktree exists; the clone runs the working tree's code.
SLOW_CHECK = '\nif __import__("os").environ.get("RULES_TEST_SLOW_CHECK"):\n    __import__("time").sleep(120)\n'


def _git(cwd: Path, *args: str) -> str:
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t",
           "GIT_COMMITTER_EMAIL": "t@t"}
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, text=True, env=env).stdout


@pytest.fixture(scope="module")
def clone(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("diff") / "clone"
    _git(ROOT, "clone", "-q", str(ROOT), str(root))
    init = root / "checker" / "cli" / "__init__.py"
    init.write_text(init.read_text(encoding="utf-8") + SLOW_CHECK, encoding="utf-8")
    _git(root, "commit", "-qam", "rules check waits when asked to")
    for folder in ("checker", "reference", "scenarios"):
        shutil.rmtree(root / folder)
        shutil.copytree(ROOT / folder, root / folder, ignore=shutil.ignore_patterns("__pycache__"))
    return root


def _diff(clone: Path, tmp: Path, *, slow: bool) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(clone), "TMPDIR": str(tmp)}
    if slow:
        env["RULES_TEST_SLOW_CHECK"] = "1"
    return subprocess.Popen([sys.executable, "-m", "checker.cli", "diff", "--base", "HEAD"], cwd=clone, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)


def _signal_mid_run(proc: subprocess.Popen[str], tmp: Path, sig: signal.Signals, *, group: bool) -> None:
    deadline = time.monotonic() + 120
    while not list(tmp.glob("rules-diff-*/tree/checker/cli/__init__.py")):
        assert proc.poll() is None, proc.communicate()
        assert time.monotonic() < deadline, "rules diff made no worktree"
        time.sleep(0.05)
    time.sleep(1)  # `rules check` has started in the worktree
    (os.killpg if group else os.kill)(proc.pid, sig)
    proc.communicate(timeout=60)


def _worktrees(clone: Path) -> int:
    return _git(clone, "worktree", "list", "--porcelain").count("worktree ")


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP])
def test_diff_cleans_up_when_terminated(clone: Path, tmp_path: Path, sig: signal.Signals) -> None:
    proc = _diff(clone, tmp_path, slow=True)
    try:
        _signal_mid_run(proc, tmp_path, sig, group=False)
        assert proc.returncode == 128 + sig
        assert list(tmp_path.glob("rules-diff-*")) == []
        assert _worktrees(clone) == 1
        with pytest.raises(ProcessLookupError):  # the `rules check` it started has stopped too
            os.killpg(proc.pid, 0)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)


def test_diff_removes_what_a_killed_run_left(clone: Path, tmp_path: Path) -> None:
    proc = _diff(clone, tmp_path, slow=True)
    _signal_mid_run(proc, tmp_path, signal.SIGKILL, group=True)
    assert len(list(tmp_path.glob("rules-diff-*"))) == 1 and _worktrees(clone) >= 2  # what kill -9 leaves

    again = _diff(clone, tmp_path, slow=False)
    again.communicate(timeout=600)
    assert list(tmp_path.glob("rules-diff-*")) == []
    assert _worktrees(clone) == 1


@pytest.mark.parametrize(("args", "allowed", "close"), [
    (("cards", "--only", "nonsense"), "encoded, not encodable, not yet encoded", None),
    (("cards", "--only", "encodd"), "encoded, not encodable, not yet encoded", "encoded"),
    (("graph", "--format", "jsn"), "json, graphml", "json"),
    (("ask", str(ROOT / "scenarios/actions/bleed-gets-the-edge.yaml"), "--format", "markdwn"), "text, markdown",
     "markdown"),
    (("check", "--ruleset", "jyhad-1.5"), "jyhad-1.4", "jyhad-1.4"),
    (("play", "solitair"), "solitaire", "solitaire"),
])
def test_a_value_outside_a_fixed_list_names_the_list(args: tuple[str, ...], allowed: str, close: str | None) -> None:
    code, out, err = run(*args)
    assert code == 2 and out == "", out
    assert "Traceback" not in err and "it is one of: " + allowed in err, err
    assert (f"(did you mean {close}" in err) if close else ("did you mean" not in err), err


def test_text_given_on_the_command_line_is_shown_as_typed() -> None:
    """Markup and escapes in an argument are shown once, as typed: not read as markup, nor escaped twice."""
    code, _, err = run("search", "[bold]zzqxv\x1b")
    assert code == 1 and "no rule, card or ruling matches '[bold]zzqxv\\x1b'" in err, err
    code, _, err = run("card", "[bold]zzqxv")
    assert code == 2 and "no card named '[bold]zzqxv'" in err, err


def test_json_output_is_utf8_without_terminal_controls() -> None:
    from checker.cli.output import print_json

    with contextlib.redirect_stdout(io.StringIO()) as out:
        print_json({"name": "a\x9b2J\x1bc\udcff.yaml"})
    assert "\x9b" not in out.getvalue() and "\x1b" not in out.getvalue()
    out.getvalue().encode("utf-8")  # no lone surrogate left
    assert json.loads(out.getvalue()) == {"name": "a\x9b2J\x1bc\udcff.yaml"}
