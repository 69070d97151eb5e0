"""The rules marked not testable: ids that exist and are normative, one-line reasons, at most 10% a source."""

from __future__ import annotations

from pathlib import Path

import pytest

from reference.corpus import Corpus
from reference.problems import ProblemsError
from reference.untestable import MAX_SHARE, check_untestable, load_untestable


def test_project_marks_load(the_corpus: Corpus) -> None:
    marks = load_untestable(the_corpus)
    assert "ref14:IV.D" in marks and all("\n" not in why for why in marks.values())


def test_every_problem_is_reported_with_its_line(the_corpus: Corpus, tmp_path: Path) -> None:
    path = tmp_path / "untestable.yaml"
    path.write_text('"ref14:IV.DD": "A typo in the id of a rule that does exist"\n'
                    '"ref14:V.D.3.a.example1": "Another id that no document holds"\n'
                    '"ref14:I.E": "two\\nlines"\n', encoding="utf-8")
    with pytest.raises(ProblemsError) as exc:
        load_untestable(the_corpus, path)
    got = [(p.line, p.field, p.message.split(" (")[0]) for p in exc.value.problems]
    assert got == [(1, "ref14:IV.DD", "unknown rule id 'ref14:IV.DD'"),
                   (2, "ref14:V.D.3.a.example1", "unknown rule id 'ref14:V.D.3.a.example1'"),
                   (3, "ref14:I.E", "the reason must be one line of 10 to 300 characters")]


def test_a_non_normative_rule_needs_no_mark(the_corpus: Corpus) -> None:
    example = next(r.id for r in the_corpus.by_source("ref14") if not r.normative)
    problems = check_untestable({example: "It is only an example of the rule"}, the_corpus, "u.yaml")
    assert [p.message.split(" is ")[0] for p in problems] == [example] and "not normative" in problems[0].message


def test_no_source_may_mark_more_than_its_share(the_corpus: Corpus) -> None:
    normative = [r.id for r in the_corpus.by_source("cto") if r.normative]
    allowed = int(len(normative) * MAX_SHARE)
    assert check_untestable(dict.fromkeys(normative[:allowed], "Marked for the test"), the_corpus, "u.yaml") == []
    problems = check_untestable(dict.fromkeys(normative[:allowed + 1], "Marked for the test"), the_corpus, "u.yaml")
    assert [p.message for p in problems] == [f"{allowed + 1} cto rules marked not testable, more than 10% of its "
                                             f"{len(normative)} normative rules (at most {allowed})"]
