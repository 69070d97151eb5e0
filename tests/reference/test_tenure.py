"""Authorities and their terms: one node per person, every reference checked against its authority's term."""

from __future__ import annotations

from datetime import date

import pytest
from krcg.rulings import RULING_AUTHORS

from reference.corpus import Corpus
from reference.rulingparse import parse_reference_file
from reference.rulings import all_rulings
from reference.tenure import check_references, load_exceptions
from tests.conftest import DATA

BAD = DATA / "bad_rulings"


def test_terms_are_the_ones_krcg_checks(the_corpus: Corpus) -> None:
    """A krcg upgrade that changes a rules director's term shows up here."""
    for code, (name, since, until) in RULING_AUTHORS.items():
        a = the_corpus.authorities[code]
        assert (a.name, a.since, a.until) == (name, since, until), code


def test_legend_authorities_are_the_same_people(the_corpus: Corpus) -> None:
    """ref14's legend and krcg's references name LSJ and TOM: one authority each, with the legend and the term."""
    lsj, tom = the_corpus.authorities["LSJ"], the_corpus.authorities["TOM"]
    assert lsj.legend == "ref14:legend.LSJ" and lsj.since == date(1997, 2, 24)
    assert tom.legend == "ref14:legend.TOM" and tom.until == date(1996, 7, 29)
    assert {"DTR", "FAQ", "RMc", "SFC", "JON", "PIB", "ANK", "RTR", "RBK"} <= set(the_corpus.authorities)


def test_every_reference_of_the_package_is_within_its_term(the_corpus: Corpus) -> None:
    exceptions, lines = load_exceptions()
    assert check_references(all_rulings().references, the_corpus.authorities, exceptions,
                            exception_lines=lines) == []


def test_bad_references_give_one_line_each(the_corpus: Corpus) -> None:
    refs, problems = parse_reference_file((BAD / "references.yaml").read_text(encoding="utf-8"))
    exceptions, lines = load_exceptions(BAD / "tenure_exceptions.yaml")
    problems += check_references(refs, the_corpus.authorities, exceptions,
                                 "tests/data/bad_rulings/tenure_exceptions.yaml", lines)
    assert sorted(str(p) for p in problems) == sorted([
        "krcg cards/references.yaml:3: TOM 19970301: dated 1997-03-01, outside TOM's term (1994-12-15 to 1996-07-29);"
        " allow it in reference/data/tenure_exceptions.yaml with a reason if it is right",
        "krcg cards/references.yaml:5: LSJ 19980231: impossible date 19980231",
        "krcg cards/references.yaml:6: JON 19961120: no URL",
        "krcg cards/references.yaml:7: XYZ 19961120: unknown authority XYZ (not in reference/data/authorities.yaml)",
        "krcg cards/references.yaml:8: RTR combat: no date: expected YYYYMMDD after the authority",
        "krcg cards/references.yaml:9: RBK 19950915: RBK references name a rulebook section, not a day",
        "tests/data/bad_rulings/tenure_exceptions.yaml:3: ANK 20170105: no reference needs this exception "
        "(unknown, or within its authority's term)",
    ])


@pytest.mark.parametrize(("code", "day", "inside"), [
    ("TOM", date(1994, 12, 15), True), ("TOM", date(1996, 7, 28), True), ("TOM", date(1996, 7, 29), False),
    ("TOM", date(1994, 12, 14), False), ("ANK", date(2030, 1, 1), True), ("RTR", date(1990, 1, 1), True),
])
def test_term_bounds(the_corpus: Corpus, code: str, day: date, inside: bool) -> None:
    assert the_corpus.authorities[code].in_tenure(day) is inside
