"""A cache only ever costs time, never changes an answer: `rules check` answers from its caches as `--no-cache` does.

Each input of an answer is changed in turn: the engine's code, a ruleset, an erratum, a card's encoding, the
card parser, krcg's card data, and the checkout sharing the cache folder. Between two runs the next run must
answer as `--no-cache`; during a run (a file saved while `rules check` loads or answers, as an editor does), the
next run must too, and so must a run after the file is put back. Each edit is checked to change some answer,
so that a cache ignoring that input fails here.

The runs are real `rules check --json` processes over a copy of the project (checker/, reference/, scenarios/)
and of krcg's data package, so that the files can be edited. The default run edits three inputs between runs
and two during a run, at moments that left wrong answers in the cache before it was fixed; the extended run
(``RULES_EXTENDED=1``) edits every input between runs, and during a run at several moments.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from checker.scenarios.answer_cache import ENV as ANSWER_CACHE_ENV
from tests.conftest import ROOT

EXTENDED = bool(os.environ.get("RULES_EXTENDED"))
RUN = "import sys; from checker.cli import main; sys.argv = ['rules', *sys.argv[1:]]; main()"
# Answers the edits below change: a bleed (the engine's code, starting pool), Computer Hacking (its encoding, its
# Discipline from the parser or the package), stolen blood under vtes-advanced (the erratum); and others.
SCENARIOS = ("actions/bleed-gets-the-edge.yaml", "cards/actions/computer-hacking-bleeds-for-one-more.yaml",
             "cards/actions/computer-hacking-bleeds-only-the-prey.yaml",
             "combat/steal-blood-at-capacity-while-hit.yaml", "combat/dmg-stolen-excess-kept-until-end-of-combat.yaml",
             "combat/dmg-steal-two-below-capacity-while-punched.yaml",
             "blocking/leave-torpor-blocked-still-pays.yaml", "actions/action-card-needs-its-discipline.yaml")


NO_CHANGE = ("the edit changes no answer, even with --no-cache: the parsed cards or rulings were read from a stale "
             "cache, or the edit does nothing (then pick one that changes an answer)")


@dataclass(frozen=True)
class Edit:
    """One input of an answer changed: ``old`` replaced by ``new`` in a file of the copy (``site/`` is krcg's)."""

    path: str
    old: str
    new: str


EDITS = {
    "engine code": Edit("tree/checker/engine/actions.py",
                        "amount = own_bleed(actor, ctx) + modifier_bleed(d) + from_retainers\n",
                        "amount = own_bleed(actor, ctx) + modifier_bleed(d) + from_retainers + 1\n"),
    "ruleset": Edit("tree/reference/data/rulesets.yaml", 'starting_pool: {value: 30, rule: "ref14:I.C"}',
                    'starting_pool: {value: 31, rule: "ref14:I.C"}'),
    "erratum": Edit("tree/reference/errata/steal-blood-drained.yaml", "steal_blood_excess: drained_before_healing",
                    "steal_blood_excess: kept"),
    "card encoding": Edit("tree/reference/data/cards/actions.yaml",
                          "  - text: Bleed with +1 bleed.\n    bleeds:\n      plus: 1\n- card: card:100413",
                          "  - text: Bleed with +1 bleed.\n    not_modelled: conditions on when a card is played\n"
                          "- card: card:100413"),
    "card parser": Edit("tree/reference/cardcsv.py", 'requirement = row["Discipline"].strip() or None',
                        'requirement = row["Discipline"].strip() or ("Dominate" if row["Id"] == "100390" else None)'),
    "card package data": Edit("site/cards/vteslib.csv", '"100390","Computer Hacking","","Action","","",""',
                              '"100390","Computer Hacking","","Action","","","Dominate"'),
}


@dataclass(frozen=True)
class Answers:
    """What `rules check --json` said: the exit code, every record, and the problems (stderr, warnings apart)."""

    code: int
    records: list[dict[str, Any]]
    problems: list[str]
    warnings: list[str]

    def same(self, other: Answers) -> bool:
        return (self.code, self.records, self.problems) == (other.code, other.records, other.problems)


@dataclass(frozen=True)
class Project:
    """A copy of the project and of krcg's card data, with its own cache folder."""

    root: Path

    @property
    def cache(self) -> Path:
        return self.root / "cache"

    def check(self, *extra: str, tree: str = "tree") -> Answers:
        return self._answers(subprocess.run(self._command(*extra), cwd=self.root / tree, env=self._env(tree),
                                            capture_output=True, text=True, timeout=600))

    def start(self, *extra: str) -> subprocess.Popen[str]:
        return subprocess.Popen(self._command(*extra), cwd=self.root / "tree", env=self._env("tree"),
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

    def finish(self, process: subprocess.Popen[str]) -> Answers:
        out, err = process.communicate(timeout=600)
        return self._answers(subprocess.CompletedProcess(process.args, process.returncode, out, err))

    def edit(self, edit: Edit, *, undo: bool = False) -> None:
        path = self.root / edit.path
        text = path.read_text(encoding="utf-8")
        old, new = (edit.new, edit.old) if undo else (edit.old, edit.new)
        assert text.count(old) == 1, f"{edit.path} no longer holds {old!r} once: pick another edit"
        path.write_text(text.replace(old, new), encoding="utf-8")

    def forget_answers(self) -> None:
        for path in self.cache.glob("answers.sqlite*"):
            path.unlink()

    def _command(self, *extra: str) -> list[str]:
        return [sys.executable, "-c", RUN, "check", "--json", "scenarios/equivalence", *extra]

    def _env(self, tree: str) -> dict[str, str]:
        return {**os.environ, "PYTHONPATH": os.pathsep.join((str(self.root / tree), str(self.root / "site"))),
                "JYHAD_RULES_CACHE": str(self.cache), ANSWER_CACHE_ENV: "on", "PYTHONDONTWRITEBYTECODE": "1"}

    @staticmethod
    def _answers(result: subprocess.CompletedProcess[str]) -> Answers:
        assert result.returncode in (0, 1, 2), result.stderr[-3000:]  # 2: a scenario cannot be read
        assert "Traceback" not in result.stderr, result.stderr[-3000:]
        lines = [line for line in result.stderr.splitlines() if line.strip()]
        warnings = [line for line in lines if line.startswith("warning:")]
        return Answers(result.returncode, json.loads(result.stdout), [x for x in lines if x not in warnings], warnings)


def _copy_tree(root: Path, name: str) -> None:
    tree = root / name
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for part in ("checker", "reference"):
        shutil.copytree(ROOT / part, tree / part, ignore=ignore)
    (tree / "scenarios" / "equivalence").mkdir(parents=True)
    for name_ in ("citations.lock.json", "schema.json"):
        shutil.copy(ROOT / "scenarios" / name_, tree / "scenarios" / name_)
    for scenario in SCENARIOS:
        target = tree / "scenarios" / "equivalence" / scenario.replace("/", "--")
        target.write_bytes((ROOT / "scenarios" / scenario).read_bytes())


@pytest.fixture
def project(tmp_path: Path) -> Project:
    spec = importlib.util.find_spec("cards")  # krcg's card data package
    assert spec is not None and spec.submodule_search_locations
    package = Path(next(iter(spec.submodule_search_locations)))
    _copy_tree(tmp_path, "tree")
    shutil.copytree(package, tmp_path / "site" / "cards", ignore=shutil.ignore_patterns("__pycache__"))
    return Project(tmp_path)


def _between(project: Project, edit: Edit) -> None:
    before = project.check()
    assert before.records and before.problems == [] and before.code == 0, before
    project.edit(edit)
    cached, fresh = project.check(), project.check("--no-cache")
    assert cached.same(fresh), "the answer cache served answers of the files before the edit"
    assert not fresh.same(before), NO_CHANGE
    project.edit(edit, undo=True)
    assert project.check().same(before)


BETWEEN = list(EDITS) if EXTENDED else ["engine code", "card parser", "card package data"]


@pytest.mark.parametrize("what", BETWEEN)
def test_an_input_changed_between_runs_is_answered_as_without_the_cache(project: Project, what: str) -> None:
    _between(project, EDITS[what])


DURING = {"engine code": (0.7, 1.1), "ruleset": (1.0,)} if not EXTENDED else {
    what: (0.1, 0.3, 0.5, 0.7, 0.9, 1.1, 1.3, 1.6) for what in EDITS}


@pytest.mark.parametrize(("what", "delay"), [(w, d) for w, delays in DURING.items() for d in delays])
def test_an_input_changed_during_a_run_never_reaches_the_next_runs(project: Project, what: str, delay: float
                                                                    ) -> None:
    edit = EDITS[what]
    before = project.check()
    project.forget_answers()  # the run below computes its answers, and would keep them
    running = project.start()
    time.sleep(delay)
    project.edit(edit)
    project.finish(running)
    cached, fresh = project.check(), project.check("--no-cache")
    assert cached.same(fresh), f"an edit {delay} s into a run left a wrong answer in the cache"
    assert not fresh.same(before), NO_CHANGE
    project.edit(edit, undo=True)
    assert project.check().same(before)


def test_two_checkouts_with_other_parsers_share_a_cache_folder(project: Project) -> None:
    """A checkout whose parser reads the cards otherwise keeps its parsed cards apart from the other's."""
    _copy_tree(project.root, "other")
    edit = EDITS["card parser"]
    project.edit(Edit(edit.path.replace("tree/", "other/", 1), edit.old, edit.new))
    mine = project.check("--no-cache")
    theirs = project.check("--no-cache", tree="other")
    assert not theirs.same(mine), NO_CHANGE
    for tree, expected in (("other", theirs), ("tree", mine)):
        assert project.check(tree=tree).same(expected)
        assert project.check("--no-cache", tree=tree).same(expected)
