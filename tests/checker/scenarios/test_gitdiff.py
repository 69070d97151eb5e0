"""``rules diff``'s comparison of two commits' records (checker/scenarios/gitdiff.py)."""

from __future__ import annotations

from typing import Any

from checker.scenarios.gitdiff import diff_records


def _record(answer: dict[str, Any], status: str = "pass") -> dict[str, Any]:
    return {"scenario": "s.yaml", "ruleset": "jyhad-1.4", "status": status, "answer": answer, "illegal": None}


def test_a_field_the_older_engine_did_not_report_is_no_change() -> None:
    base = [_record({"players": {"alice": {"pool": 30}}})]
    head = [_record({"players": {"alice": {"pool": 30, "ante": 0}}})]
    assert diff_records(base, head) == []


def test_a_changed_value_of_a_field_both_report_is_a_change() -> None:
    base = [_record({"players": {"alice": {"pool": 30, "ante": 0}}})]
    head = [_record({"players": {"alice": {"pool": 29, "ante": 0}}})]
    assert diff_records(base, head)[0]["differences"] == ["answer.players.alice.pool: 30 -> 29"]


def test_a_player_new_in_the_answer_is_a_change_of_a_field_both_report() -> None:
    base = [_record({"players": {"alice": {"pool": 30}}})]
    head = [_record({"players": {"alice": {"pool": 30}, "bob": {"pool": 30}}})]
    assert diff_records(base, head)[0]["differences"] == ["answer.players.bob.pool: None -> 30"]
