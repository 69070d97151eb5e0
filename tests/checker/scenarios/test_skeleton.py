"""`rules new`: it writes only files `rules ask` reads, each question under a name of its own, never over a file."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from checker.cli import app
from checker.scenarios import suite
from checker.scenarios.skeleton import digest, question_limit, slug
from tests.conftest import ROOT

runner = CliRunner()


@pytest.fixture
def questions(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """`rules new` writes into a scenarios folder of the test's own."""
    monkeypatch.setattr(suite, "SCENARIOS_DIR", tmp_path / "scenarios")
    return tmp_path / "scenarios" / "questions"


def _new(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["new", *args])
    assert "Traceback" not in result.stdout + result.stderr
    return result.exit_code, result.stdout, result.stderr


def _asks(path: Path) -> int:
    result = runner.invoke(app, ["ask", str(path)])
    assert result.exit_code == 0, result.stderr
    return result.exit_code


def test_the_limit_is_the_scenario_models() -> None:
    from checker.scenarios.model import Scenario

    assert question_limit() == next(m.max_length for m in Scenario.model_fields["question"].metadata
                                    if hasattr(m, "max_length"))


def test_a_question_too_long_for_a_scenario_is_refused(questions: Path) -> None:
    limit = question_limit()
    assert limit is not None
    code, _, err = _new("x" * (limit + 1))
    assert code == 2
    assert f"the question is {limit + 1:,} characters long" in err and f"at most {limit:,}" in err
    assert not questions.exists()
    code, out, _ = _new("x" * limit)  # the longest question is written, and read
    assert code == 0, out
    (written,) = questions.iterdir()
    _asks(written)


def test_a_question_that_is_not_utf8_is_refused(questions: Path) -> None:
    code, _, err = _new("Can a \udcff vampire bleed?")  # what Python makes of the byte 0xff in argv
    assert code == 2 and "the question is not UTF-8 (\\xff at character 7)" in err, err
    assert not questions.exists()


def test_a_question_that_is_not_utf8_in_argv(tmp_path: Path) -> None:
    """As a shell passes it: bytes in argv; the file is not written, the message says why."""
    out = tmp_path / "q.yaml"
    result = subprocess.run([sys.executable, "-m", "checker.cli", "new", "-o", str(out),
                             b"Can a \xff vampire bleed?"], cwd=ROOT, capture_output=True, timeout=300)
    err = result.stderr.decode("utf-8")
    assert result.returncode == 2 and "Traceback" not in err
    assert "the question is not UTF-8 (\\xff at character 7)" in err and not out.exists()


def test_every_reason_is_given_at_once(questions: Path) -> None:
    limit = question_limit()
    assert limit is not None
    code, _, err = _new("\udcff\x1b" + "x" * limit)
    assert code == 2
    assert "not UTF-8" in err and "control character (\\x1b" in err and "characters long" in err
    assert "\x1b" not in err


def test_questions_with_no_ascii_words_get_names_of_their_own(questions: Path) -> None:
    first, second = "ヴァンパイアは二回ブリードできますか？", "エッジはいつ移りますか？"
    for q in (first, second):
        code, _, err = _new(q)
        assert code == 0, err
    names = sorted(p.name for p in questions.iterdir())
    assert len(names) == 2 and all(n.startswith("question-") for n in names), names
    assert {slug(first), slug(second)} == {n.removesuffix(".yaml") for n in names}
    for p in questions.iterdir():
        _asks(p)


def test_names_spell_the_question_in_ascii_when_they_can() -> None:
    assert slug("Can a tapped vampire bleed again?") == "can-a-tapped-vampire-bleed-again"
    assert slug("Café au lait?") == "cafe-au-lait"  # accents dropped: the words are all there
    assert slug("Can Ōkami bleed?") == "can-okami-bleed"
    partly = slug("Can エッジ move?")  # words with no ASCII spelling: a digest tells questions apart
    assert partly.startswith("can-move-") and partly != slug("Can ブリード move?")
    long = "Can a vampire bleed " + "again and " * 10
    assert slug(long) != slug(long + "once more") and len(slug(long)) <= 60 + 9


def test_the_same_name_for_another_question_gets_a_digest(questions: Path) -> None:
    assert _new("Can a vampire bleed?")[0] == 0
    code, out, err = _new("Can a vampire bleed!")  # the same ASCII words, another question
    assert code == 0, err
    digested = f"can-a-vampire-bleed-{digest('Can a vampire bleed!')}.yaml"
    assert sorted(p.name for p in questions.iterdir()) == [digested, "can-a-vampire-bleed.yaml"]
    assert f"{digested} (can-a-vampire-bleed.yaml asks another question)" in out
    assert 'question: "Can a vampire bleed?"' in (questions / "can-a-vampire-bleed.yaml").read_text(encoding="utf-8")


def test_the_same_question_twice_is_refused_and_nothing_is_overwritten(questions: Path) -> None:
    assert _new("Can a vampire bleed?")[0] == 0
    path = questions / "can-a-vampire-bleed.yaml"
    path.write_text(path.read_text(encoding="utf-8") + "# my notes\n", encoding="utf-8")
    code, _, err = _new("Can a   vampire bleed?")
    assert code == 2 and "asks this question already" in " ".join(err.split()), err
    assert path.read_text(encoding="utf-8").endswith("# my notes\n")
    assert [p.name for p in questions.iterdir()] == ["can-a-vampire-bleed.yaml"]
    code, _, err = _new("Another question", "-o", str(path))
    assert code == 2 and "already exists" in err
    assert path.read_text(encoding="utf-8").endswith("# my notes\n")


def test_a_control_character_is_refused_and_the_output_name_shown_inertly(tmp_path: Path) -> None:
    code, _, err = _new("Can a vampire\x1bc bleed?", "-o", str(tmp_path / "q.yaml"))
    assert code == 2 and "control character (\\x1b at character 14)" in err and "\x1b" not in err
    named = tmp_path / "q\x1bc.yaml"
    code, out, _ = _new("Can a vampire bleed?", "-o", str(named))
    assert code == 0 and "\x1b" not in out and "q\\x1bc.yaml" in out
    _asks(named)


@pytest.mark.skipif(os.name != "posix", reason="POSIX file names")
def test_what_new_writes_ask_reads(tmp_path: Path) -> None:
    """The generated file passes every check `rules ask` makes: tabs, quotes, YAML syntax and long titles."""
    for n, q in enumerate(["title: a\tquestion: 'with' \"quotes\" # and - [yaml] {syntax}?",
                           "Line one\nline two?", "word " * 390, "\u2028 :x: &anchor *alias"]):
        target = tmp_path / f"q{n}.yaml"
        code, _, err = _new(q, "-o", str(target))
        assert code == 0, (q, err)
        _asks(target)


@pytest.mark.skipif(sys.platform != "linux", reason="needs file names that are bytes (Linux)")
def test_a_file_name_that_is_not_utf8_is_not_written(tmp_path: Path) -> None:
    """`rules ask` refuses such a name: `rules new` does not write one, and says every problem at once."""
    bad = os.fsdecode(os.fsencode(tmp_path) + b"/\xffq.yml.txt")
    code, _, err = _new("Can a vampire\x1b bleed?", "-o", bad)
    assert code == 2 and "\udcff" not in err and "\x1b" not in err
    assert "control character (\\x1b at character 14)" in err
    assert "\\xffq.yml.txt: a scenario file ends in .yaml" in err
    assert "\\xffq.yml.txt: the file name is not UTF-8" in err
    assert list(tmp_path.iterdir()) == []
