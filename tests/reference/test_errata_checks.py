"""Errata files checked one against another: dates as dates, one maker per new ruleset, no undecidable clash."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from checker.cli import app
from reference.corpus import Corpus
from reference.errata import ERRATA_DIR, apply_errata, load_errata, load_erratum, when
from reference.problems import ProblemsError
from reference.rulesets import base_rulesets

HEAD = 'authority: LSJ\nwhy: "A reason."\n'


def _erratum(folder: Path, name: str, body: str) -> None:
    (folder / f"{name}.yaml").write_text(f"id: {name}\ntitle: Erratum {name}\n{HEAD}{body}", encoding="utf-8")


def _problems(the_corpus: Corpus, folder: Path) -> str:
    with pytest.raises(ProblemsError) as exc:
        load_errata(the_corpus, base_rulesets(), folder)
    return str(exc.value)


def test_dates_are_dates_and_order_the_errata(the_corpus: Corpus, tmp_path: Path) -> None:
    assert when("1996") == (1996, 0, 0) and when("1997-05-01 (a note)") == (1997, 5, 1)
    amend = 'amends: [{rule: "ref14:II.E"}]\n'
    _erratum(tmp_path, "later", f'date: "1997-05-01"\n{amend}')
    _erratum(tmp_path, "earlier", f'date: "1996-03"\n{amend}')
    assert [e.id for e in load_errata(the_corpus, base_rulesets(), tmp_path)] == ["earlier", "later"]
    _erratum(tmp_path, "free-text", f'date: "March 1996"\n{amend}')
    _erratum(tmp_path, "unquoted", f"date: 1996-13-45\n{amend}")
    text = _problems(the_corpus, tmp_path)
    assert "free-text.yaml:5: date:" in text and "'March 1996' is not a date" in text
    assert "unquoted.yaml:5: date:" in text and "month must be in 1..12" in text


def test_two_errata_cannot_make_one_ruleset(the_corpus: Corpus, tmp_path: Path) -> None:
    for name in ("one", "two"):
        _erratum(tmp_path, name, 'date: "1996"\namends: [{rule: "ref14:II.E"}]\n'
                                 'new_ruleset: {name: jyhad-house, extends: jyhad-1.4, title: House rules}\n'
                                 f"parameters: {{discard_limit: {2 if name == 'one' else 3}}}\n")
    assert "jyhad-house is already made by the erratum one" in _problems(the_corpus, tmp_path)


def test_a_new_ruleset_with_no_parameters_still_exists(the_corpus: Corpus, tmp_path: Path) -> None:
    _erratum(tmp_path, "same-rules", 'date: "1996"\namends: [{rule: "ref14:II.E", text: "E. Discard."}]\n'
                                     'new_ruleset: {name: jyhad-same, extends: jyhad-1.4, title: The same rules}\n')
    out = apply_errata(base_rulesets(), load_errata(the_corpus, base_rulesets(), tmp_path))
    assert out["jyhad-same"].value("discard_limit") == 1
    result = CliRunner().invoke(app, ["errata", "impact", str(tmp_path / "same-rules.yaml")])
    assert result.exit_code == 0, result.stdout + result.stderr
    assert "makes the ruleset jyhad-same, extending jyhad-1.4" in result.stdout
    assert "no answer changes" in result.stdout  # compared with jyhad-1.4, held to its expectations


def test_two_wordings_or_values_on_one_date_are_refused(the_corpus: Corpus, tmp_path: Path) -> None:
    _erratum(tmp_path, "one-way", 'date: "1996-05"\namends: [{rule: "ref14:II.E", text: "E. Discard one."}]\n'
                              "parameters: {discard_limit: 1}\nrulesets: [jyhad-1.4]\n")
    _erratum(tmp_path, "other-way", 'date: "1996-05"\namends: [{rule: "ref14:II.E", text: "E. Discard two."}]\n'
                             "parameters: {discard_limit: 2}\nrulesets: [jyhad-1.4]\n")
    text = _problems(the_corpus, tmp_path)
    # the problem is in the file read second, naming the place in the first one
    here, there = str(tmp_path / "other-way.yaml"), str(tmp_path / "one-way.yaml")
    assert (f"{here}:6: amends[0].text: ref14:II.E is given another wording by the erratum one-way of the same "
            f"date at {there}:6 (amends[0].text)") in text
    assert (f"{here}:7: parameters.discard_limit: the erratum one-way of the same date sets discard_limit to "
            f"another value in jyhad-1.4 at {there}:7 (parameters.discard_limit)") in text


def test_a_rule_amended_twice_in_one_erratum_is_refused(the_corpus: Corpus, tmp_path: Path) -> None:
    _erratum(tmp_path, "twice", 'date: "1996"\namends:\n'
                                '  - {rule: "ref14:II.E", text: "E. Discard one."}\n'
                                '  - {rule: "rb95:5.step5"}\n'
                                '  - {rule: "ref14:II.E", text: "E. Discard two."}\n'
                                '  - {rule: "rb95:5.step5"}\n')
    file = tmp_path / "twice.yaml"
    with pytest.raises(ProblemsError) as exc:
        load_erratum(file, the_corpus, base_rulesets())
    assert [str(p) for p in exc.value.problems] == [
        f"{file}:9: amends[2].rule: ref14:II.E is amended here with another text than at amends[0] (line 7): "
        "nothing says which holds; amend it once",
        f"{file}:10: amends[3].rule: rb95:5.step5 is amended again here, as at amends[1] (line 8): amend it once"]
    assert "twice.yaml:9: amends[2].rule" in _problems(the_corpus, tmp_path)  # with the folder too


def test_a_parameter_set_twice_in_one_erratum_is_refused(the_corpus: Corpus, tmp_path: Path) -> None:
    _erratum(tmp_path, "values", 'date: "1996"\namends: [{rule: "ref14:II.E"}]\nrulesets: [jyhad-1.4]\n'
                                 "parameters:\n  discard_limit: 1\n  discard_limit: 2\n")
    with pytest.raises(ProblemsError) as exc:
        load_erratum(tmp_path / "values.yaml", the_corpus, base_rulesets())
    assert "values.yaml:10: duplicate key 'discard_limit'" in str(exc.value)  # the YAML reader refuses it


def test_rules_superseding_each_other_in_a_cycle_are_refused(the_corpus: Corpus, tmp_path: Path) -> None:
    _erratum(tmp_path, "a", 'date: "1996"\nsource: "ref14:II.E"\namends: [{rule: "rb95:5.step5"}]\n')
    _erratum(tmp_path, "b", 'date: "1997"\nsource: "rb95:5.step5"\namends: [{rule: "ref14:II.E"}]\n')
    assert "supersede each other in a cycle: rb95:5.step5 -> ref14:II.E -> rb95:5.step5" in _problems(
        the_corpus, tmp_path)


def test_the_project_errata_pass_every_check(the_corpus: Corpus) -> None:
    assert load_errata(the_corpus, base_rulesets(), ERRATA_DIR)


def test_an_erratum_title_with_markup_is_shown_as_text(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from reference import knowledge
    from reference.corpus import corpus as the_corpus

    _erratum(tmp_path, "brackets", 'date: "1996"\namends: [{rule: "ref14:II.E", text: "E. [/] [bold]x"}]\n')
    (tmp_path / "brackets.yaml").write_text((tmp_path / "brackets.yaml").read_text().replace(
        "title: Erratum brackets", 'title: "Closing [/] and [bold] tags"'))
    monkeypatch.setattr(knowledge, "project_errata", lambda: tuple(load_errata(the_corpus(), base_rulesets(),
                                                                                tmp_path)))
    knowledge.reference.cache_clear()
    try:
        result = CliRunner().invoke(app, ["show", "ref14:II.E"])
    finally:
        knowledge.reference.cache_clear()
    assert result.exit_code == 0, result.stdout + result.stderr
    assert "Closing [/] and [bold] tags" in result.stdout
