"""Every recorded disagreement is shown: each conflicts_with link (reference/data/links/conflicts.yaml)
has a scenario naming one of its rules whose answers differ under a run stating each side, or the
link says in ``not_shown`` why the engine cannot show it."""

from __future__ import annotations

from pathlib import Path

import pytest

from checker.scenarios.disagreements import asserted_differences, showing
from checker.scenarios.load import LoadedScenario, load_scenario
from checker.scenarios.run import Outcome, run
from checker.scenarios.suite import SCENARIOS_DIR, load_all
from reference.corpus import Corpus
from reference.links import Link, load_links
from reference.rulesets import Ruleset, rulesets

Played = tuple[list[LoadedScenario], dict[tuple[str, str], Outcome]]


@pytest.fixture(scope="module")
def editions() -> dict[str, Ruleset]:
    return dict(rulesets())


@pytest.fixture(scope="module")
def played(editions: dict[str, Ruleset]) -> Played:
    loaded, _ = load_all([SCENARIOS_DIR])  # files that do not load are reported by `rules check`
    return loaded, {(sc.path, label): run(sc, sc.ruleset_for(label, editions))
                    for sc in loaded for label in sc.labels}


@pytest.fixture(scope="module")
def conflicts(the_corpus: Corpus) -> list[Link]:
    return [link for link in load_links(the_corpus) if link.kind == "conflicts_with"]


def test_every_disagreement_is_shown_by_a_scenario(played: Played, conflicts: list[Link],
                                                    editions: dict[str, Ruleset]) -> None:
    loaded, outcomes = played
    missing = [f"{link.file}:{link.line}: {link.topic}: {link.source} <-> {link.target}"
               for link in conflicts if link.not_shown is None and showing(link, loaded, outcomes, editions) is None]
    assert not missing, (
        f"{len(missing)} conflicts_with link(s) that no scenario shows: write a scenario (or a variant) whose "
        "answers differ under a run stating each side, re-aim or remove the link, or say in `not_shown` why "
        "the engine cannot show it:\n" + "\n".join(missing))


def test_a_disagreement_left_unshown_says_why(conflicts: list[Link]) -> None:
    unshown = [link for link in conflicts if link.not_shown is not None]
    assert unshown  # the Japanese overview is no edition's source: its disagreements cannot be played
    assert all(len(link.not_shown or "") >= 40 for link in unshown), [link.source for link in unshown]


def _scenario(tmp_path: Path, editions: dict[str, Ruleset], the_corpus: Corpus, body: str) -> LoadedScenario:
    f = tmp_path / "s.yaml"
    f.write_text(body)
    return load_scenario(f, set(the_corpus.rules), editions)


BLEED = """\
title: A bleed for one
question: Cassandra bleeds Bob.
tests: ["ref14:II.C.1.a", "rb95:6.4.bleed.step2"]
rulesets: [jyhad-1.4, vtes-basic]
setup:
  players: [{name: alice}, {name: bob}]
  phase: minion
  minions: [{name: Cassandra, controller: alice, capacity: 5, blood: 3}]
steps:
  - bleed: {actor: Cassandra}
  - discard: {cards: 2}
expect:
  bob: {pool: 29}
  illegal: "ref14:II.E"
expect_by_ruleset:
  vtes-basic: {illegal: "rb95:5.step5"}
"""


def test_only_the_rule_cited_changing_is_no_difference(tmp_path: Path, editions: dict[str, Ruleset],
                                                       the_corpus: Corpus) -> None:
    body = BLEED.replace('  - discard: {cards: 2}\n', '  - discard: {cards: 3}\n')
    sc = _scenario(tmp_path, editions, the_corpus, body)
    a, b = (run(sc, editions[name]) for name in ("jyhad-1.4", "vtes-basic"))
    assert a.status == b.status == "pass"
    assert a.illegal and b.illegal and a.illegal["rule"] != b.illegal["rule"]  # both refuse step 2, citing others
    assert asserted_differences(sc, a, b) == ()


def test_a_refusal_in_one_edition_only_is_a_difference(tmp_path: Path, editions: dict[str, Ruleset],
                                                       the_corpus: Corpus) -> None:
    body = BLEED.replace('  vtes-basic: {illegal: "rb95:5.step5"}', '  vtes-basic: {illegal: null, alice: {hand: 7}}')
    sc = _scenario(tmp_path, editions, the_corpus, body)
    a, b = (run(sc, editions[name]) for name in ("jyhad-1.4", "vtes-basic"))
    assert a.status == b.status == "pass"
    assert asserted_differences(sc, a, b) == ("refused steps: (2, ()) -> (None, ())",)
