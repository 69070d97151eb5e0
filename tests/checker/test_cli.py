"""The `rules` command as a user runs it: output, JSON, and exit codes."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from checker.cli import app
from tests.conftest import DATA

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
    assert code == 1 and "no rule matches" in err


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
