"""The parsers: every line in exactly one node, ids as designed, and the special nodes."""

from __future__ import annotations

import pytest

from reference.corpus import PARSERS, Corpus
from reference.documents import load_documents
from reference.model import SOURCES, Kind


@pytest.mark.parametrize("source", SOURCES)
def test_nodes_reassemble_the_document_byte_for_byte(source: str) -> None:
    doc = load_documents()[source]
    parsed = PARSERS[source](doc.body)
    assert "".join(r.text for r in parsed.rules) == doc.body


@pytest.mark.parametrize("source", SOURCES)
def test_every_line_belongs_to_exactly_one_node(source: str) -> None:
    doc = load_documents()[source]
    rules = PARSERS[source](doc.body).rules
    expected = 1
    for r in rules:
        assert r.line_start == expected, r.id
        assert r.line_end >= r.line_start
        expected = r.line_end + 1
    assert expected - 1 == len(doc.body.splitlines())


def test_ids_are_unique_and_parents_exist(the_corpus: Corpus) -> None:
    for r in the_corpus.rules.values():
        assert r.parent is None or r.parent in the_corpus.rules, r.id
        assert r.id.startswith(r.source + ":")


@pytest.mark.parametrize("rule_id", [
    "ref14:II.C.1.a", "ref14:V.D.4.c", "ref14:V.D.5.c", "ref14:II.A.2.d.iii", "ref14:IV.C.4.c.vi",
    "rb95:6.3.2", "rb95:8.3.steal-blood", "rb95:3.1.1", "cto:V.D.2.b.iv", "cto:VI.E.1",
    "sol:phase.2.a", "sol:basic.8.11", "ja23:edge.2",
])
def test_design_ids_exist(the_corpus: Corpus, rule_id: str) -> None:
    assert rule_id in the_corpus.rules


def test_roman_numerals_and_letters_are_told_apart(the_corpus: Corpus) -> None:
    # ref14 II.C.8.e.i is roman (after e.); IV.C.4.c.v is roman v (after iv.)
    assert the_corpus.rules["ref14:II.C.8.e.i"].text.startswith("i. If the Acting Vampire is younger")
    assert the_corpus.rules["ref14:IV.C.4.c.v"].text.startswith("v. If a titled Vampire")
    assert the_corpus.rules["cto:V.D.2.b.v"].text.startswith("v. Paralyze (Jyhad)")


def test_note_and_exception_lines_are_nodes(the_corpus: Corpus) -> None:
    notes = [r for r in the_corpus.rules.values() if r.source in ("ref14", "cto")
             and r.text.startswith(("NOTE:", "EXCEPTION:"))]
    assert all(r.kind in (Kind.NOTE, Kind.EXCEPTION) for r in notes)
    # every NOTE/EXCEPTION line of both outlines starts a node of its own
    for source in ("ref14", "cto"):
        body = load_documents()[source].body
        count = sum(1 for ln in body.splitlines() if ln.startswith(("NOTE:", "EXCEPTION:")))
        assert count == sum(1 for r in notes if r.source == source)
    exc = the_corpus.rules["ref14:II.C.exception1"]
    assert exc.kind is Kind.EXCEPTION and "must be to hunt" in exc.text
    # a NOTE closing a list belongs to the list's owner, not its last item
    assert the_corpus.rules["ref14:II.note2"].text.startswith("NOTE: If your Prey is ousted")
    note = the_corpus.rules["ref14:V.D.4.note1"]
    assert note.text.startswith("NOTE: Damage to Retainers cannot be prevented")


def test_rulebook_titled_paragraphs_are_nodes(the_corpus: Corpus) -> None:
    titled = {r.title for r in the_corpus.by_source("rb95") if r.title}
    for title in ("Bleed", "Hunt", "Employ Retainer", "Recruit Ally", "Equip", "Steal Blood",
                  "First Strike", "Dodge", "Combat Ends", "Destroy Equipment", "Steal Equipment",
                  "Tallying the Votes", "Putting Vampires into Play", "Stealth"):
        assert title in titled, title
    examples = [r for r in the_corpus.by_source("rb95") if r.kind is Kind.EXAMPLE]
    assert {r.id for r in examples} >= {"rb95:8.3.first-strike.example1",
                                         "rb95:8.3.steal-blood.example1", "rb95:8.3.steal-blood.example2"}
    assert not any(r.normative for r in examples)


def test_solitaire_bullets_and_phases(the_corpus: Corpus) -> None:
    mm = [r for r in the_corpus.by_source("sol") if r.parent == "sol:basic.8"]
    assert len(mm) == 11 and all(r.text.startswith(". He will") for r in mm)
    basic = [r for r in the_corpus.by_source("sol") if r.parent == "sol:basic"]
    assert len(basic) == 8 and all(r.text.startswith("* ") for r in basic)
    assert [r.id for r in the_corpus.by_source("sol") if r.parent == "sol:phase.4"] == [
        "sol:phase.4.a", "sol:phase.4.b", "sol:phase.4.c"]


def test_each_japanese_bullet_is_a_node(the_corpus: Corpus) -> None:
    body = load_documents()["ja23"].body
    bullets = sum(1 for ln in body.splitlines() if ln.lstrip(" ").startswith("• "))
    nodes = [r for r in the_corpus.by_source("ja23") if r.text.lstrip(" ").startswith("• ")]
    assert len(nodes) == bullets
    assert the_corpus.rules["ja23:edge.2"].text.startswith("• エッジマーカーはゲーム内に 1つのみ")


def test_normativity_follows_kind(the_corpus: Corpus) -> None:
    for r in the_corpus.rules.values():
        if r.kind in (Kind.EXAMPLE, Kind.FLAVOUR, Kind.LEGEND, Kind.META, Kind.SECTION):
            assert not r.normative, r.id
    assert not the_corpus.rules["ref14:preamble.note1"].normative  # the editor's own note
