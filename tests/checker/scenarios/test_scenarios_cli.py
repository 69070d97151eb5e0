"""`rules check`, `rules ask`, `rules rulesets` and `rules schema` as a user runs them."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from checker.cli import app
from reference.corpus import corpus
from tests.conftest import ROOT

runner = CliRunner()
EXAMPLE = str(ROOT / "scenarios/actions/bleed-gets-the-edge.yaml")


def test_check_passes_every_scenario() -> None:
    result = runner.invoke(app, ["check"])
    assert result.exit_code == 0, result.stdout + result.stderr
    assert " 0 failed" in result.stdout


def test_check_json_carries_traces_and_exercised_rules() -> None:
    result = runner.invoke(app, ["check", EXAMPLE, "--json"])
    records = json.loads(result.stdout)
    assert {r["ruleset"] for r in records} == {"jyhad-1.4", "vtes-basic", "vtes-advanced"}
    for r in records:
        assert r["status"] == "pass" and r["trace"] and r["exercised"]
        assert all(t["rule"] in corpus().rules for t in r["trace"])
    basic = next(r for r in records if r["ruleset"] == "vtes-basic")
    assert "rb95:6.4.bleed.important-rule" in basic["exercised"]


def test_check_one_ruleset() -> None:
    result = runner.invoke(app, ["check", EXAMPLE, "--ruleset", "vtes-basic", "--json"])
    assert [r["ruleset"] for r in json.loads(result.stdout)] == ["vtes-basic"]
    result = runner.invoke(app, ["check", EXAMPLE, "--ruleset", "vtes-basik"])
    assert result.exit_code == 2 and "unknown ruleset" in result.stderr


def test_a_failing_expectation_exits_1(tmp_path: Path) -> None:
    text = Path(EXAMPLE).read_text().replace("bob: {pool: 29}", "bob: {pool: 28}")
    (tmp_path / "wrong.yaml").write_text(text)
    result = runner.invoke(app, ["check", str(tmp_path / "wrong.yaml")])
    assert result.exit_code == 1
    assert "bob.pool: expected 28, got 29" in result.stdout


def test_ask_explains_step_by_step_with_rule_ids() -> None:
    result = runner.invoke(app, ["ask", EXAMPLE])
    assert result.exit_code == 0
    out = result.stdout
    for text in ("step 1: bleed", "ref14:II.C.1.b", "rb95:6.4.bleed.important-rule", "as expected", "Edge: alice"):
        assert text in out


def test_ask_without_expectations(tmp_path: Path) -> None:
    text = Path(EXAMPLE).read_text().split("expect:")[0]
    (tmp_path / "q.yaml").write_text(text)
    result = runner.invoke(app, ["ask", str(tmp_path / "q.yaml"), "--json"])
    records = json.loads(result.stdout)
    assert all(r["status"] == "answered" for r in records)
    assert records[0]["answer"]["players"]["bob"]["pool"] == 29


def test_rulesets_list_at_least_twelve_owned_parameters() -> None:
    result = runner.invoke(app, ["rulesets", "--json"])
    data = json.loads(result.stdout)
    assert set(data) == {"jyhad-1.4", "vtes-basic", "vtes-advanced", "solitaire"}
    for name, r in data.items():
        assert len(r["parameters"]) >= 12, name
        assert all(p["rule"] in corpus().rules for p in r["parameters"].values())
    assert data["vtes-basic"]["parameters"]["discard_limit"] == {
        "value": 2, "rule": "rb95:5.step5", "inherited": False}
    table = runner.invoke(app, ["rulesets"]).stdout
    assert "discard_limit" in table and "ref14:II.E" in table


def test_committed_schema_is_current() -> None:
    result = runner.invoke(app, ["schema", "--check"])
    assert result.exit_code == 0, result.stdout + result.stderr
    schema = json.loads((ROOT / "scenarios/schema.json").read_text())
    assert schema["additionalProperties"] is False
    assert "bleed" in json.dumps(schema["properties"]["steps"])
