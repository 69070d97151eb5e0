"""Safe YAML with line numbers: no object tags, no bombs, duplicate keys refused."""

from __future__ import annotations

import time

import pytest

from reference.yamlsource import YamlLoadError, field_path, load_text


def test_lines_of_values_and_keys() -> None:
    doc = load_text("title: x\nsetup:\n  players:\n    - {name: a}\n    - {name: b}\n", "f.yaml")
    assert doc.data["setup"]["players"][1] == {"name": "b"}
    assert doc.line_of(("setup", "players", 1, "name")) == 5
    assert doc.line_of(("setup", "nowhere")) == 2  # nearest located ancestor
    assert doc.problem(("setup", "players", 0), "bad").field == "setup.players[0]"


def test_field_path() -> None:
    assert field_path(("steps", 2, "bleed")) == "steps[2].bleed"
    assert field_path((0, "to", 1)) == "[0].to[1]"
    assert field_path(()) is None


@pytest.mark.parametrize("text", [
    "a: !!python/object/apply:os.system ['echo hi']\n",
    "a: !custom 1\n",
    "a: !!binary aGVsbG8=\n",
])
def test_tags_that_build_objects_are_refused(text: str) -> None:
    with pytest.raises(YamlLoadError) as exc:
        load_text(text, "evil.yaml")
    assert exc.value.problem.file == "evil.yaml" and exc.value.problem.line == 1
    assert "not allowed" in exc.value.problem.message


def test_duplicate_keys_are_refused_with_the_line() -> None:
    with pytest.raises(YamlLoadError) as exc:
        load_text("a: 1\nb: 2\na: 3\n", "dup.yaml")
    assert exc.value.problem.line == 3 and "duplicate key 'a'" in exc.value.problem.message


def test_alias_bomb_is_refused_quickly() -> None:
    bomb = "a: &a ['x','x','x','x','x','x','x','x','x']\n"
    prev = "a"
    for n in "bcdefghij":
        bomb += f"{n}: &{n} [" + ",".join([f"*{prev}"] * 9) + "]\n"
        prev = n
    start = time.monotonic()
    with pytest.raises(YamlLoadError) as exc:
        load_text(bomb, "bomb.yaml")
    assert time.monotonic() - start < 5
    assert "alias bomb" in exc.value.problem.message


def test_huge_input_is_refused() -> None:
    with pytest.raises(YamlLoadError) as exc:
        load_text("a: '" + "x" * 3_000_000 + "'\n", "big.yaml")
    assert "larger than" in exc.value.problem.message


def test_syntax_error_has_a_line() -> None:
    with pytest.raises(YamlLoadError) as exc:
        load_text("a: [1, 2\nb: 3\n", "broken.yaml")
    assert exc.value.problem.line is not None
