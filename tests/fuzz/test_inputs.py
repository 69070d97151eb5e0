"""Fuzzing the inputs: mutated scenario, links, rulesets and errata files end in a clean error or a valid run.

Never a traceback, never a hang. The default run tries a few hundred mutations; the
extended run (``RULES_EXTENDED=1 pytest tests/fuzz``) tries several thousand.
"""

from __future__ import annotations

import copy
import os
import re
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import yaml
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from checker.scenarios.load import load_scenario
from checker.scenarios.run import run
from reference.corpus import corpus
from reference.errata import ERRATA_DIR, load_erratum
from reference.links import LINKS_DIR, load_link_file
from reference.problems import ProblemsError
from reference.rulesets import RULESETS_FILE, base_rulesets, load_rulesets, rulesets
from tests.conftest import ROOT

EXTENDED = bool(os.environ.get("RULES_EXTENDED"))
SCENARIO_EXAMPLES = 2500 if EXTENDED else 150
DATA_EXAMPLES = 600 if EXTENDED else 60
SCENARIOS = sorted((ROOT / "scenarios").rglob("*.yaml"))
JUNK = ["", "∅", "🧛" * 50, "\x00\x01\x02", "a" * 5000, "<script>alert(1)</script>", "{eval-rst}", "!!python/none",
        "&anchor", "*alias", "- - -", "[", "{", ":", "? x", "%YAML 1.1", "\ufeff"]
HOSTILE_SCALARS = ["!!int abc", "2024-13-45", "!!bool maybe", "!!timestamp abc", "9" * 4400, "030", ".nan", "-.inf",
                   '"\\e[31mred\\ec"', '"\\x9b2J"', "0x1A", "1:30", "March 1996", "1997-05-01", "'[/]'",
                   "nobody", "!!str 12", "1_000"]
VALUES: list[Any] = [None, True, -1, 0, 10**40, -(10**40), 1.5e308, float("nan"), "", "x", [], {}, [[[[[]]]]],
                     {"a": {"b": {"c": 1}}}, "ref14:II.C.1.a", "nope:1", ["jyhad-1.4"] * 50]
NON_TEXT_KEYS: list[Any] = [1, 0, -7, None, True, False, 1.5, "bleed\x1b[31m", "x\x9b2J", "\x1bc"]
"""Mapping keys a person may write by mistake (`- 1:`, `null:`, `true:`) or that carry a terminal escape."""
HUGE = "9" * 4400
"""A card id past Python's 4,300-digit limit for int()."""
CARD_KEYS = ("card", "weapon", "vampire", "ally", "equipment", "modifiers")
"""Fields naming cards (by name or id), where a huge id is tried."""


@contextmanager
def time_limit(seconds: int) -> Iterator[None]:
    def stop(signum: int, frame: Any) -> None:
        raise TimeoutError(f"hung for more than {seconds} s")

    old = signal.signal(signal.SIGALRM, stop)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*prefix, i))
    return out


def _set(data: Any, path: tuple[Any, ...], new: Any, delete: bool = False) -> Any:
    if not path:
        return new
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    if delete:
        del parent[path[-1]]
    else:
        parent[path[-1]] = new
    return data


@st.composite
def mutated_text(draw: st.DrawFn, files: list[Path]) -> str:
    """A real file, changed in one or more hostile ways."""
    text = draw(st.sampled_from(files)).read_text(encoding="utf-8")
    kind = draw(st.sampled_from(["structure", "structure", "structure", "text", "bytes", "bomb", "nest", "tag",
                                 "scalar", "scalar", "key", "key", "card_id", "card_id"]))
    event(f"mutation: {kind}")
    if kind in ("key", "card_id"):
        return draw(_mutated_keys(yaml.safe_load(text)) if kind == "key" else _huge_card_ids(yaml.safe_load(text)))
    if kind == "scalar":  # a value YAML reads surprisingly, or that must be refused (defect classes of issue 16)
        lines = text.splitlines()
        spots = [i for i, line in enumerate(lines) if re.match(r"^\s*[-\w]+: \S", line)]
        for _ in range(draw(st.integers(1, 3))):
            if not spots:
                break
            i = draw(st.sampled_from(spots))
            key = lines[i].split(":", 1)[0]
            lines[i] = f"{key}: {draw(st.sampled_from(HOSTILE_SCALARS))}"
        return "\n".join(lines)
    if kind == "text":
        lines = text.splitlines()
        i = draw(st.integers(0, max(len(lines) - 1, 0)))
        op = draw(st.sampled_from(["delete", "duplicate", "junk", "truncate"]))
        if op == "delete" and lines:
            del lines[i]
        elif op == "duplicate" and lines:
            lines.insert(i, lines[i])
        elif op == "junk":
            lines.insert(i, draw(st.sampled_from(JUNK)))
        else:
            lines = lines[:i]
        return "\n".join(lines)
    if kind == "bytes":
        return draw(st.binary(max_size=300)).decode("latin-1")
    if kind == "bomb":
        bomb = ['a: &a ["x","x","x","x","x","x","x","x","x"]']
        for n, prev in zip("bcdefghij", "abcdefghi", strict=True):
            bomb.append(f"{n}: &{n} [" + ",".join([f"*{prev}"] * 9) + "]")
        return "\n".join(bomb)
    if kind == "nest":
        depth = draw(st.integers(50, 3000))
        return "steps: " + "[" * depth + "]" * depth
    if kind == "tag":
        return text.replace("title:", "title: !!python/object/apply:os.getcwd []", 1)
    data = yaml.safe_load(text)
    for _ in range(draw(st.integers(1, 4))):
        paths = _paths(data)
        path = draw(st.sampled_from(paths))
        if path and draw(st.booleans()):
            data = _set(data, path, None, delete=True)
        else:
            data = _set(data, path, copy.deepcopy(draw(st.sampled_from(VALUES))))
        if not isinstance(data, dict | list):
            break
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False)


@st.composite
def _mutated_keys(draw: st.DrawFn, data: Any) -> str:
    """The document with one to three mapping keys made a number, null, a boolean or text with an escape."""
    for _ in range(draw(st.integers(1, 3))):
        mappings = [p for p in _paths(data) if isinstance(_get(data, p), dict) and _get(data, p)]
        if not mappings:
            break
        path = draw(st.sampled_from(mappings))
        old = _get(data, path)
        key = draw(st.sampled_from(list(old)))
        new = draw(st.sampled_from(NON_TEXT_KEYS))
        if new in old:
            continue
        data = _set(data, path, {(new if k == key else k): v for k, v in old.items()})
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False)


@st.composite
def _huge_card_ids(draw: st.DrawFn, data: Any) -> str:
    """The document with a card field (modifiers, weapon, equipment, ...) naming a 4,400-digit id, quoted (text)
    or not (a number)."""
    setup = data.get("setup") if isinstance(data, dict) else None
    minions = setup.get("minions") if isinstance(setup, dict) else None
    if isinstance(minions, list) and minions and isinstance(minions[0], dict):
        minions[0]["equipment"] = [HUGE]  # a setup's equipment, which most files do not have
    for _ in range(draw(st.integers(0, 2))):
        spots = [p for p in _paths(data) if p and (p[-1] in CARD_KEYS or (len(p) > 1 and p[-2] in CARD_KEYS))]
        if not spots:
            break
        value = draw(st.sampled_from([HUGE, f"card:{HUGE}", [HUGE], {"card": HUGE}]))
        data = _set(data, draw(st.sampled_from(spots)), copy.deepcopy(value))
    text = yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=10**6)
    return text if draw(st.integers(0, 3)) else text.replace(f"'{HUGE}'", HUGE)  # a number: refused as YAML


def _get(data: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        data = data[key]
    return data


FUZZ = settings(max_examples=SCENARIO_EXAMPLES, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@FUZZ
@given(text=mutated_text(SCENARIOS))
def test_mutated_scenarios_end_in_a_clean_error_or_a_run(tmp_path_factory: Any, text: str) -> None:
    path = tmp_path_factory.mktemp("fuzz") / "mutant.yaml"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    rules = set(corpus().rules)
    with time_limit(10):
        try:
            loaded = load_scenario(path, rules, rulesets())
        except ProblemsError as exc:
            assert exc.problems and all(p.file.endswith("mutant.yaml") for p in exc.problems)
            return
        for label in loaded.labels:
            outcome = run(loaded, loaded.ruleset_for(label, rulesets()))
            assert outcome.status in ("pass", "fail", "answered")


DATA = settings(max_examples=DATA_EXAMPLES, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@DATA
@given(text=mutated_text(sorted(LINKS_DIR.glob("*.yaml"))))
def test_mutated_link_files_end_in_a_clean_error_or_links(tmp_path_factory: Any, text: str) -> None:
    path = tmp_path_factory.mktemp("fuzz") / "links.yaml"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    with time_limit(10):
        _, problems = load_link_file(path, corpus())
    assert all(p.file.endswith("links.yaml") for p in problems)


@DATA
@given(text=mutated_text([RULESETS_FILE]))
def test_mutated_rulesets_files_end_in_a_clean_error(tmp_path_factory: Any, text: str) -> None:
    path = tmp_path_factory.mktemp("fuzz") / "rulesets.yaml"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    with time_limit(10):
        try:
            load_rulesets(corpus(), path)
        except ProblemsError as exc:
            assert all(p.file.endswith("rulesets.yaml") for p in exc.problems)


@DATA
@given(text=mutated_text(sorted(ERRATA_DIR.glob("*.yaml"))))
def test_mutated_errata_end_in_a_clean_error(tmp_path_factory: Any, text: str) -> None:
    folder = tmp_path_factory.mktemp("fuzz")
    path = folder / "steal-blood-drained.yaml"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    with time_limit(10):
        try:
            load_erratum(path, corpus(), base_rulesets())
        except ProblemsError as exc:
            assert all(p.file.endswith("steal-blood-drained.yaml") for p in exc.problems)
