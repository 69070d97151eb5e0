"""Curated links: every problem in a broken file reported at once, each with file:line."""

from __future__ import annotations

from pathlib import Path

import pytest

from reference.corpus import Corpus
from reference.links import load_link_file, load_links
from reference.problems import ProblemsError
from tests.conftest import DATA


def test_project_links_load_and_carry_reasons(the_corpus: Corpus) -> None:
    links = load_links(the_corpus)
    assert links and all(len(link.why) >= 3 for link in links)
    assert all(link.topic for link in links if link.kind == "conflicts_with")


def test_broken_links_file_lists_every_problem(the_corpus: Corpus) -> None:
    links, problems = load_link_file(DATA / "broken_links" / "links.yaml", the_corpus)
    assert links == []
    got = [(p.line, p.field, p.message.split(" (")[0]) for p in problems]
    assert got == [
        (2, "[0].to", "unknown rule id 'rb95:6.4.bleeed'"),
        (3, "[1].kind", "Input should be 'same_as', 'conflicts_with' or 'translates'"),
        (4, "[2].to", "translates goes from a ja23 rule to an English rule"),
        (5, "[3].to", "same_as links rules of two different documents"),
        (6, "[4].from", "unknown rule id 'nowhere:1'"),
        (6, "[4].to[1]", "unknown rule id 'rb95:5.stepp5'"),
        (7, "[5].why", "Field required"),
        (8, "[6].colour", "Extra inputs are not permitted"),
    ]
    assert "did you mean rb95:6.4.bleed" in problems[0].message


def test_duplicate_links_are_refused(the_corpus: Corpus, tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text(
        '- {kind: same_as, from: "ref14:II.C.2", to: "rb95:6.4.hunt", why: "Hunt."}\n'
        '- {kind: same_as, from: "rb95:6.4.hunt", to: "ref14:II.C.2", why: "Hunt again."}\n')
    with pytest.raises(ProblemsError) as exc:
        load_links(the_corpus, tmp_path)
    assert "duplicate same_as link" in str(exc.value)


def test_a_pair_cannot_be_both_the_same_and_in_conflict(the_corpus: Corpus, tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text(
        '- {kind: same_as, from: "ref14:II.C.2", to: "rb95:6.4.hunt", why: "Hunt."}\n')
    (tmp_path / "b.yaml").write_text(
        '- {kind: conflicts_with, from: "rb95:6.4.hunt", to: "ref14:II.C.2", why: "They differ.", topic: hunt}\n')
    with pytest.raises(ProblemsError) as exc:
        load_links(the_corpus, tmp_path)
    assert "cannot be both same_as and conflicts_with" in str(exc.value)
    assert "a.yaml:1" in str(exc.value)


def test_two_rules_may_disagree_on_two_topics_but_not_twice_on_one(the_corpus: Corpus, tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text(
        '- {kind: conflicts_with, from: "ref14:V.D.5.c", to: "rb95:8.3.steal-blood", why: "Excess.", topic: excess}\n'
        '- {kind: conflicts_with, from: "rb95:8.3.steal-blood", to: "ref14:V.D.5.c", why: "Burn.", topic: burn}\n')
    links = load_links(the_corpus, tmp_path)
    assert [link.topic for link in links] == ["excess", "burn"]
    (tmp_path / "a.yaml").write_text(
        '- {kind: conflicts_with, from: "ref14:V.D.5.c", to: "rb95:8.3.steal-blood", why: "Excess.", topic: excess}\n'
        '- {kind: conflicts_with, from: "rb95:8.3.steal-blood", to: "ref14:V.D.5.c", why: "Again.", topic: excess}\n')
    with pytest.raises(ProblemsError) as exc:
        load_links(the_corpus, tmp_path)
    assert "duplicate conflicts_with link" in str(exc.value)


def test_only_a_conflict_can_be_left_unshown(the_corpus: Corpus, tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text(
        '- {kind: same_as, from: "ref14:II.C.2", to: "rb95:6.4.hunt", why: "Hunt.", not_shown: "No reason here."}\n'
        '- {kind: conflicts_with, from: "ja23:vampire.7", to: "ref14:II.C.exception1", why: "Torpor.", topic: z,'
        ' not_shown: "ja23 is no edition\'s source."}\n')
    links, problems = load_link_file(tmp_path / "a.yaml", the_corpus)
    assert [(p.line, p.field, p.message) for p in problems] == [
        (1, "[0].not_shown", "only conflicts_with links are shown by scenarios")]
    assert [link.not_shown for link in links] == ["ja23 is no edition's source."]
