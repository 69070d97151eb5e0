"""The answer cache gives the answers the engine gives, and never one computed from other inputs."""

from __future__ import annotations

import json
import shutil
import sqlite3
from contextlib import closing
from dataclasses import replace
from pathlib import Path
from types import MappingProxyType

import pytest
from typer.testing import CliRunner

from checker.cli import app
from checker.scenarios import answer_cache, realcards
from checker.scenarios.answer_cache import FILE_NAME, KEEP, AnswerCache, changed_during_run, fingerprint
from checker.scenarios.killmatrix import kill_matrix
from checker.scenarios.run import Outcome
from checker.scenarios.suite import SCENARIOS_DIR, load_all, run_all, runs
from reference import cards, effectcheck, provenance
from reference.cards import cache_dir, find_card
from reference.rulesets import rulesets
from tests.fuzz.test_inputs import time_limit

# Three rulesets; a variant (a run of its own); a step refused as expected; a card with its own numbers; real
# cards with encoded effects (Computer Hacking, twice; Bonding).
FILES = ("actions/bleed-gets-the-edge.yaml", "blocking/leave-torpor-blocked-still-pays.yaml",
         "actions/action-card-needs-its-discipline.yaml", "actions/action-card-directed-bleed.yaml",
         "cards/actions/computer-hacking-bleeds-for-one-more.yaml",
         "cards/actions/computer-hacking-bleeds-only-the-prey.yaml",
         "blocking/bleed-modifier-played-against-a-blocker-counts.yaml")


@pytest.fixture(autouse=True)
def cache_on(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(answer_cache.ENV, "on")


@pytest.fixture
def suite(tmp_path: Path) -> Path:
    folder = tmp_path / "scenarios"
    for name in FILES:
        source = SCENARIOS_DIR / name
        if not source.is_file():  # keep the test honest if a file is renamed
            pytest.fail(f"{name} is not in scenarios/ any more: pick another")
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(source, folder / name)
    return folder


def answered(folder: Path, cache_dir: Path, *, detail: bool = True) -> tuple[list[Outcome], AnswerCache]:
    loaded, problems = load_all([folder])
    assert problems == []
    with AnswerCache.open(cache_dir, rulesets()) as answers:
        outcomes = list(answers.outcomes(runs(loaded), detail=detail))
    return outcomes, answers


def as_json(outcomes: list[Outcome]) -> str:
    return json.dumps([o.to_json() for o in outcomes] + [o.before for o in outcomes], sort_keys=True)


def test_a_second_run_reads_every_answer_the_first_computed(suite: Path, tmp_path: Path) -> None:
    loaded, _ = load_all([suite])
    engine = list(run_all(runs(loaded)))
    first, cold = answered(suite, tmp_path / "cache")
    second, warm = answered(suite, tmp_path / "cache")
    assert (cold.hits, cold.computed) == (0, len(engine))
    assert (warm.hits, warm.computed) == (len(engine), 0)
    assert second == engine  # the very outcomes the engine gives, trace and table as set up included
    assert as_json(first) == as_json(second) == as_json(engine)


def test_without_detail_only_the_verdicts_are_read(suite: Path, tmp_path: Path) -> None:
    answered(suite, tmp_path / "cache")
    light, warm = answered(suite, tmp_path / "cache", detail=False)
    full, _ = answered(suite, tmp_path / "cache")
    assert warm.hits == len(full)
    assert light == [o.verdict() for o in full]
    assert all(o.trace == () and o.answer == {} and o.before is None for o in light)


def test_an_edited_scenario_is_answered_again(suite: Path, tmp_path: Path) -> None:
    answered(suite, tmp_path / "cache")
    edited = suite / FILES[0]
    text = edited.read_text(encoding="utf-8")
    edited.write_text(text.replace("expect:", "# a comment changes the bytes, so the key\nexpect:", 1),
                      encoding="utf-8")
    outcomes, answers = answered(suite, tmp_path / "cache")
    again = [o for o in outcomes if o.scenario.endswith(FILES[0])]
    assert again and answers.computed == len(again)
    assert answers.hits == len(outcomes) - len(again)


def test_an_edited_expectation_gives_the_new_verdict_not_the_cached_one(suite: Path, tmp_path: Path) -> None:
    first, _ = answered(suite, tmp_path / "cache")
    assert {o.status for o in first} == {"pass"}
    edited = suite / FILES[0]
    text = edited.read_text(encoding="utf-8")
    assert "bob: {pool: 29}" in text  # ref14 II.C.1.a: "Your Prey loses one pool"
    edited.write_text(text.replace("bob: {pool: 29}", "bob: {pool: 28}"), encoding="utf-8")
    outcomes, _ = answered(suite, tmp_path / "cache")
    assert {o.status for o in outcomes if o.scenario.endswith(FILES[0])} == {"fail"}


@pytest.fixture
def copied_code(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    """The answering code and the reference copied, as if this process had loaded them from there."""
    code, ref = tmp_path / "checker", tmp_path / "reference"
    for part in answer_cache.ANSWERING_CODE:
        source = answer_cache.CHECKER_DIR / part
        if source.is_dir():
            shutil.copytree(source, code / part, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy(source, code / part)
    shutil.copytree(answer_cache.PACKAGE_DIR, ref, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(answer_cache, "CHECKER_DIR", code)
    monkeypatch.setattr(answer_cache, "PACKAGE_DIR", ref)
    return code, ref


def restart(monkeypatch: pytest.MonkeyPatch) -> None:
    """As a new process does: the files are recorded again when first asked for."""
    monkeypatch.setattr(provenance, "_AT_START", {})


def test_the_fingerprint_is_of_the_code_as_loaded_and_an_edit_during_the_run_is_seen(
        copied_code: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    code, _ = copied_code
    before = fingerprint()
    assert fingerprint() == before and changed_during_run() == []  # deterministic
    state = code / "engine" / "state.py"
    state.write_text(state.read_text(encoding="utf-8") + "\n# changed\n", encoding="utf-8")
    assert fingerprint() == before  # the code this process runs is the code it loaded
    assert changed_during_run() == ["checker/engine/state.py"]  # so what it computed now is not kept
    restart(monkeypatch)
    assert fingerprint() != before and changed_during_run() == []  # the next process loads the edited code
    monkeypatch.setenv("MUTANT_UNDER_TEST", "checker.engine.x__mutmut_1")
    assert fingerprint() != before  # mutmut's mutants switch code at run time


def test_the_fingerprint_follows_the_reference_but_not_the_card_effects(
        copied_code: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    _, ref = copied_code
    before = fingerprint()
    one = sorted((ref / "data" / "cards").glob("*.yaml"))[0]
    one.write_text(one.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    assert changed_during_run() == [f"reference/data/cards/{one.name}"]  # loaded before or after? not kept
    restart(monkeypatch)
    assert fingerprint() == before  # card effects are kept with each answer, card by card (the next test)
    rulesets_file = ref / "data" / "rulesets.yaml"
    rulesets_file.write_text(rulesets_file.read_text(encoding="utf-8") + "\n# changed\n", encoding="utf-8")
    restart(monkeypatch)
    assert fingerprint() != before


def test_the_fingerprint_follows_the_card_and_ruling_data_as_parsed(monkeypatch: pytest.MonkeyPatch) -> None:
    before = fingerprint()
    parsed = cards.loaded_card_data()
    monkeypatch.setattr(cards, "loaded_card_data", lambda: replace(parsed, digest="other cards"))
    assert fingerprint() != before


def test_answers_computed_while_a_file_changed_are_not_kept(suite: Path, tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(answer_cache, "changed_during_run", lambda: ["checker/engine/state.py"])
    outcomes, answers = answered(suite, tmp_path / "cache")
    assert answers.computed == len(outcomes) > 0
    assert answers.problems == ["checker/engine/state.py changed during this run: its answers were not kept in the "
                                "cache, and some may be of the files as they were before; run again for answers "
                                "of the files as they are now"]
    monkeypatch.undo()
    monkeypatch.setenv(answer_cache.ENV, "on")
    _, again = answered(suite, tmp_path / "cache")
    assert again.hits == 0 and again.computed == len(outcomes)


def test_a_card_effect_edited_answers_again_the_scenarios_that_consulted_it(
        suite: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    loaded, _ = load_all([suite])
    consulted = {sc.path: sc.consulted for sc in loaded}
    hacking = find_card("Computer Hacking").id
    users = {path for path, cards in consulted.items() if hacking in cards}
    assert len(users) == 2 and len(consulted) - len(users) >= 4  # the test has both kinds to tell apart
    first, _ = answered(suite, tmp_path / "cache")
    held = effectcheck.encodings()
    edited = held[hacking].encoding.model_copy(update={"name": "Computer Hacking (edited)"})
    monkeypatch.setattr(realcards, "encodings", lambda: MappingProxyType(
        {**held, hacking: replace(held[hacking], encoding=edited)}))
    again, answers = answered(suite, tmp_path / "cache")
    assert answers.computed == sum(1 for o in first if o.scenario in users)  # both files, every ruleset
    assert answers.hits == sum(1 for o in first if o.scenario not in users)
    assert again == first  # the name is not what plays: the same answers, computed again
    monkeypatch.setattr(realcards, "encodings", lambda: held)
    _, back = answered(suite, tmp_path / "cache")
    assert back.computed == answers.computed  # their entries hold the edited card's digest now: answered again


def test_another_fingerprint_finds_nothing(suite: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    answered(suite, tmp_path / "cache")
    monkeypatch.setattr(answer_cache, "fingerprint", lambda: "another reference")
    _, answers = answered(suite, tmp_path / "cache")
    assert answers.hits == 0 and answers.computed > 0


def test_only_the_most_recent_fingerprints_are_kept(suite: Path, tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    for n in range(KEEP + 2):
        monkeypatch.setattr(answer_cache, "fingerprint", lambda n=n: f"reference {n}")
        answered(suite, tmp_path / "cache")
    with sqlite3.connect(tmp_path / "cache" / FILE_NAME) as db:
        kept = {row[0] for row in db.execute("SELECT DISTINCT fingerprint FROM answers")}
    assert kept == {f"reference {n}" for n in range(2, KEEP + 2)}


def test_a_damaged_cache_file_is_replaced(suite: Path, tmp_path: Path) -> None:
    (tmp_path / "cache").mkdir()
    (tmp_path / "cache" / FILE_NAME).write_bytes(b"not a database at all" * 100)
    outcomes, answers = answered(suite, tmp_path / "cache")
    assert answers.problems == [] and answers.computed == len(outcomes)
    _, again = answered(suite, tmp_path / "cache")
    assert again.hits == len(outcomes)


def test_a_tampered_entry_is_computed_again(suite: Path, tmp_path: Path) -> None:
    first, _ = answered(suite, tmp_path / "cache")
    with sqlite3.connect(tmp_path / "cache" / FILE_NAME) as db:
        db.execute("UPDATE answers SET value = ?", (b'{"scenario": "x", "status": "pass", "__import__": "os"}',))
    outcomes, answers = answered(suite, tmp_path / "cache")
    assert answers.hits == 0 and outcomes == first


def test_a_cache_that_cannot_be_opened_leaves_the_answers_computed(suite: Path, tmp_path: Path) -> None:
    (tmp_path / "cache" / FILE_NAME).mkdir(parents=True)  # a folder where the file goes
    outcomes, answers = answered(suite, tmp_path / "cache")
    assert answers.db is None and answers.computed == len(outcomes) > 0
    assert len(answers.problems) == 1 and FILE_NAME in answers.problems[0]
    assert (tmp_path / "cache" / FILE_NAME).is_dir()  # left alone: not ours to remove


def test_turned_off_it_reads_and_writes_nothing(suite: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(answer_cache.ENV, "off")
    outcomes, answers = answered(suite, tmp_path / "cache")
    assert answers.db is None and answers.computed == len(outcomes) and not (tmp_path / "cache").exists()


def test_other_rulesets_never_use_it(suite: Path, tmp_path: Path) -> None:
    """A proposed erratum's rulesets are not the project's: their content is not in the key."""
    answers = AnswerCache.open(tmp_path / "cache", rulesets())
    assert answers.caches(rulesets())
    assert not answers.caches(dict(rulesets()))
    answers.close()


def test_the_kill_matrix_is_the_same_from_the_cache(suite: Path, tmp_path: Path) -> None:
    loaded, _ = load_all([suite])
    outcomes = list(run_all(runs(loaded)))
    plain = kill_matrix(loaded, rulesets(), first_only=True, outcomes=outcomes)
    assert plain  # the files read parameters, so there are mutants to play
    with AnswerCache.open(tmp_path / "cache", rulesets()) as cold:
        assert kill_matrix(loaded, rulesets(), first_only=True, outcomes=outcomes, answers=cold) == plain
    with AnswerCache.open(tmp_path / "cache", rulesets()) as warm:
        assert kill_matrix(loaded, rulesets(), first_only=True, outcomes=outcomes, answers=warm) == plain
    assert cold.computed > 0 and (warm.hits, warm.computed) == (cold.computed, 0)


def test_rules_check_says_how_many_answers_came_from_the_cache(suite: Path, tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    cards = cache_dir()
    if cards.is_dir():  # the parsed card pool, so that it is not parsed again
        shutil.copytree(cards, tmp_path / "cache", ignore=shutil.ignore_patterns(FILE_NAME + "*"))
    monkeypatch.setenv("JYHAD_RULES_CACHE", str(tmp_path / "cache"))
    runner = CliRunner()
    first = runner.invoke(app, ["check", str(suite)], env={"COLUMNS": "200"})
    assert first.exit_code == 0, first.output
    assert "answer cache" not in first.stdout
    second = runner.invoke(app, ["check", str(suite)], env={"COLUMNS": "200"})
    assert second.exit_code == 0 and "answers were computed by an earlier run" in second.stdout
    fresh = runner.invoke(app, ["check", str(suite), "--no-cache"], env={"COLUMNS": "200"})
    assert fresh.exit_code == 0 and "answer cache" not in fresh.stdout


def test_a_cache_held_by_another_run_costs_a_moment_not_the_run(suite: Path, tmp_path: Path) -> None:
    answered(suite, tmp_path / "cache")
    other = sqlite3.connect(tmp_path / "cache" / FILE_NAME)
    other.execute("BEGIN EXCLUSIVE")  # another run writing, for longer than this one waits
    try:
        with time_limit(round(4 * answer_cache.LOCK_WAIT) + 5):  # not the 30 s per read it was
            outcomes, answers = answered(suite, tmp_path / "cache")
    finally:
        other.rollback()
        other.close()
    assert answers.hits == 0 and answers.computed == len(outcomes) > 0
    assert len(answers.problems) == 1 and "another run is using it" in answers.problems[0]


def test_a_cache_taken_by_another_run_midway_is_let_go(suite: Path, tmp_path: Path) -> None:
    answered(suite, tmp_path / "cache")
    loaded, _ = load_all([suite])
    pairs = runs(loaded)
    other = sqlite3.connect(tmp_path / "cache" / FILE_NAME)
    try:
        with (time_limit(round(4 * answer_cache.LOCK_WAIT) + 5),
              AnswerCache.open(tmp_path / "cache", rulesets()) as answers):
            other.execute("BEGIN EXCLUSIVE")  # after this run opened it: its reads wait once, then go on without
            outcomes = list(answers.outcomes(pairs))
    finally:
        other.rollback()
        other.close()
    assert answers.computed == len(outcomes) == len(pairs) and answers.db is None
    assert any("another run is using it" in p for p in answers.problems)


def test_the_cache_is_bounded_by_age_and_size(suite: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(answer_cache, "fingerprint", lambda: "old")
    answered(suite, tmp_path / "cache")
    with sqlite3.connect(tmp_path / "cache" / FILE_NAME) as db:
        db.execute("UPDATE fingerprints SET used = used - ?", (answer_cache.MAX_AGE + 60,))
    monkeypatch.setattr(answer_cache, "fingerprint", lambda: "recent")
    answered(suite, tmp_path / "cache")

    def kept() -> set[str]:
        with closing(sqlite3.connect(tmp_path / "cache" / FILE_NAME)) as db:
            return {row[0] for row in db.execute("SELECT DISTINCT fingerprint FROM answers")}

    assert kept() == {"recent"}  # unused for longer than MAX_AGE: forgotten
    size = (tmp_path / "cache" / FILE_NAME).stat().st_size
    monkeypatch.setattr(answer_cache, "MAX_BYTES", 1)  # beyond the limit: only the answers in use are kept
    monkeypatch.setattr(answer_cache, "fingerprint", lambda: "now")
    answered(suite, tmp_path / "cache")
    assert kept() == {"now"}
    assert (tmp_path / "cache" / FILE_NAME).stat().st_size <= size * 1.2  # the space is given back
