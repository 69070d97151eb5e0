"""Every scenario file has a page of its own, and a rule links to the page of each file that tests it."""

from __future__ import annotations

from pathlib import Path

import pytest

from checker.site.build import SiteError, collect
from checker.site.docnames import rule_doc, scenario_doc

RULE = "ref14:II.C.1.a"
SCENARIO = """\
title: {title}
question: Does the bleed of {title} cost Bob a pool?
tests: ["{rule}"]
rulesets: [jyhad-1.4]
setup:
  players: [{{name: alice}}, {{name: bob}}]
  phase: minion
  minions:
    - {{name: Cassandra, controller: alice, capacity: 5, blood: 3}}
steps:
  - bleed: {{actor: Cassandra}}
expect:
  bob: {{pool: 29}}
"""
# Seven files that used to make four pages: a space and a hyphen, .yml and .yaml, names with no ASCII letter.
NAMES = ["a b.yaml", "a-b.yaml", "x.yml", "x.yaml", "エッジ.yaml", "ブロック.yaml", "Ωμέγα.yaml"]


def _write(folder: Path, names: list[str]) -> None:
    folder.mkdir(parents=True)
    for n, name in enumerate(names):
        (folder / name).write_text(SCENARIO.format(title=f"file {n}", rule=RULE), encoding="utf-8")


def test_files_whose_names_differ_get_different_pages(tmp_path: Path) -> None:
    _write(tmp_path / "scenarios", NAMES)
    fragments, stubs = collect([tmp_path / "scenarios"])
    shown = {doc: f["path"] for doc, f in fragments.items() if f["kind"] == "scenario"}
    assert sorted(Path(p).name for p in shown.values()) == sorted(NAMES)
    assert set(shown) <= set(stubs)
    tested_by = fragments[rule_doc(RULE)]["tested_by"]
    assert len(tested_by) == len(NAMES)
    assert [t["scenario"] for t in tested_by if shown.get(t["doc"]) != t["scenario"]] == []


def test_a_name_spelled_exactly_keeps_its_page_and_others_get_a_stable_hash() -> None:
    assert scenario_doc("scenarios/combat/steal-blood.yaml") == "scenario/combat/steal-blood"
    assert scenario_doc("/tmp/x/scenarios/combat/steal-blood.yaml") == "scenario/combat/steal-blood"
    docs = {scenario_doc(f"scenarios/{name}") for name in [*NAMES, "A-b.yaml", "sub/scenarios/a-b.yaml"]}
    assert len(docs) == len(NAMES) + 2
    assert scenario_doc("scenarios/a b.yaml") == scenario_doc("/elsewhere/scenarios/a b.yaml")
    assert scenario_doc("scenarios/a b.yaml").startswith("scenario/a-b-")


def test_two_files_on_one_page_are_refused_with_both_names(tmp_path: Path) -> None:
    _write(tmp_path / "one" / "scenarios", ["same.yaml"])
    _write(tmp_path / "two" / "scenarios", ["same.yaml"])
    with pytest.raises(SiteError) as exc:
        collect([tmp_path / "one" / "scenarios", tmp_path / "two" / "scenarios"])
    assert str(tmp_path / "one" / "scenarios" / "same.yaml") in str(exc.value)
    assert str(tmp_path / "two" / "scenarios" / "same.yaml") in str(exc.value)
    assert "would share the page scenario/same" in str(exc.value)
