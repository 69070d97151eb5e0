"""Citations: every bracket understood, and each kind resolved to the right node."""

from __future__ import annotations

import re

from reference.citations import Context, extract
from reference.corpus import Corpus
from reference.model import CitationKind


def test_no_citation_text_is_left_unparsed(the_corpus: Corpus) -> None:
    assert [(u.rule, u.raw) for u in the_corpus.unparsed] == []
    assert the_corpus.unresolved == ()


def test_every_bracket_in_the_corpus_is_classified(the_corpus: Corpus) -> None:
    for r in the_corpus.rules.values():
        brackets = re.findall(r"\[[^\[\]]*\]", r.text)
        raws = [c.raw for c in r.citations]
        for b in brackets:
            assert b in raws, f"{r.id}: {b}"


def test_pocket_rulebook_with_page() -> None:
    (c,), bad = extract("1. (D) Bleed Prey Methuselah (NO card). [12.3.1 p21]", 83, Context("ref14"))
    assert not bad
    assert (c.kind, c.target, c.detail, c.line) == (CitationKind.POCKET, "ext.pocket:12.3.1", "p21", 83)


def test_corrected_rulebook_and_authorities(the_corpus: Corpus) -> None:
    c = the_corpus.rules["ref14:V.D.5.c"].citations
    assert [(x.kind, x.target) for x in c] == [(CitationKind.CORRECTED, "ext.pocket:15.3")]
    kinds = {(x.kind, x.target) for x in the_corpus.rules["ref14:II.note2"].citations}
    assert (CitationKind.AUTHORITY, "authority:FAQ") in kinds


def test_precedent_is_an_lsj_ruling_across_lines(the_corpus: Corpus) -> None:
    (c,) = the_corpus.rules["ref14:V.note1"].citations
    assert c.kind is CitationKind.AUTHORITY and c.target == "authority:LSJ"
    assert c.detail and c.detail.startswith("precedent set by blocking a 'Leave Torpor' action")


def test_outline_parentheses_resolve_to_the_rulebook_or_outside(the_corpus: Corpus) -> None:
    targets = {c.raw: c.target for c in the_corpus.rules["cto:V.D"].citations}
    assert targets == {"(8.1)": "rb95:8.1", "[15.1]": "ext.pocket:15.1"}
    assert {c.target for c in the_corpus.rules["cto:V.D.2.a.i"].citations} == {"rb95:8.3", "cto:V.F"}
    assert [c.target for c in the_corpus.rules["cto:VI.E.1"].citations] == ["ext.rb95:21"]
    odd = the_corpus.rules["cto:V.A"].citations[0]
    assert (odd.raw, odd.target, odd.detail) == ("(:21)", "ext.rb95:21", "written with a stray colon")
    assert "ext.rb95:20.1" in the_corpus.externals


def test_bracketed_prose_is_an_aside() -> None:
    (c,), bad = extract("[Necromancy, Chimerstry, Serpentis, and Quietus.]", 1, Context("rb95"))
    assert c.kind is CitationKind.ASIDE and c.target is None and not bad


def test_unknown_bracket_is_reported() -> None:
    cites, bad = extract("see [12.x3]", 7, Context("ref14"))
    assert cites == [] and [(u.raw, u.line) for u in bad] == [("[12.x3]", 7)]
