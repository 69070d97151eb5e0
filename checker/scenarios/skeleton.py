"""A new scenario file to start from a rules question: the question, the likely rules, a table to edit.

``rules new`` writes only what ``rules ask`` reads: :func:`question_problems` says why a question cannot be
asked in a file (the limits are the scenario model's own), and :func:`skeleton_problems` checks the text
written as ``rules ask`` would. File names come from the question's words; a question whose words do not spell
it in full in ASCII (Japanese, a long question) also gets a short digest of it, so two questions never share
a name (:func:`scenario_path`).
"""

from __future__ import annotations

import hashlib
import os
import re
import unicodedata
from collections.abc import Iterable, Mapping
from collections.abc import Set as AbstractSet
from pathlib import Path

import yaml

from checker.scenarios.model import Scenario
from reference.problems import Problem, ProblemsError
from reference.rulesets import Ruleset
from reference.yamlsource import CONTROL, YamlLoadError, load_file, load_text

SKELETON_SETUP = """\
setup:
  players: [{name: alice}, {name: bob}]   # seating order, clockwise: bob is alice's prey
  phase: minion
  minions:
    - {name: Cassandra, controller: alice, capacity: 5, blood: 3}
    - {name: Eliza, controller: bob, capacity: 4, blood: 2}
steps:
  - bleed: {actor: Cassandra}      # what the players do, in order (docs/guide/scenarios.md lists the steps)
expect: {}                         # the answer the rules give, each line quoting the rule that decides it
"""
DIGEST_LENGTH = 8
_SURROGATE = re.compile(r"[\ud800-\udfff]")


def question_limit() -> int | None:
    """The longest question a scenario file may ask: the ``question`` field's limit in :class:`Scenario`."""
    limits = [getattr(m, "max_length", None) for m in Scenario.model_fields["question"].metadata]
    return next((n for n in limits if isinstance(n, int)), None)


def question_problems(question: str) -> list[str]:
    """Every reason a scenario file asking ``question`` would be refused by ``rules ask`` (none: an empty list).

    A lone surrogate is how Python holds a byte of an argument that is not UTF-8: no file can hold it as text.
    """
    from reference.inert import inert

    text = question.strip()
    reasons: list[str] = []
    if not text:
        reasons.append("the question is empty: give it in words")
    if bad := _SURROGATE.search(text):
        reasons.append(f"the question is not UTF-8 ({inert(bad.group())} at character {bad.start() + 1}): "
                       "give it in words, as UTF-8 text")
    if bad := CONTROL.search(text):
        reasons.append(f"the question holds a control character ({inert(bad.group())} at character "
                       f"{bad.start() + 1}): give it in words")
    limit = question_limit()
    if limit is not None and len(text) > limit:
        reasons.append(f"the question is {len(text):,} characters long; a scenario's question holds at most "
                       f"{limit:,} (the `question` field of scenario files): shorten it, and put the details in "
                       "the setup and steps")
    return reasons


def _key(question: str) -> str:
    """The question as the file asks it, spacing and Unicode forms aside: what tells two questions apart."""
    return unicodedata.normalize("NFC", " ".join(question.split()))


def digest(question: str) -> str:
    """A short digest of the question, the same however it is spaced."""
    raw = _key(question).encode("utf-8", "surrogatepass")
    return hashlib.blake2b(raw, digest_size=16).hexdigest()[:DIGEST_LENGTH]


def _spelt_in_ascii(char: str) -> bool:
    return any(c.isascii() and c.isalnum() for c in unicodedata.normalize("NFKD", char))


def slug(text: str, limit: int = 60) -> str:
    """A file name from a question: its words in ASCII (accents dropped) joined by hyphens.

    When those words are not the whole question (a letter with no ASCII spelling, as in Japanese; words
    past ``limit``), a digest of the question follows, so two such questions get two names:
    ``question-3f9a0c12`` for a question with no ASCII word at all.
    """
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    words = "-".join(re.findall(r"[a-z0-9]+", ascii_text.lower()))
    out = words[:limit].rstrip("-")
    whole = out == words and all(_spelt_in_ascii(c) for c in text if c.isalnum())
    if out and whole:
        return out
    return f"{out or 'question'}-{digest(text)}"


def _asks(path: Path, question: str) -> bool:
    """Whether the scenario file at ``path`` asks ``question`` (False when it cannot be read)."""
    try:
        data = load_file(path).data
    except (YamlLoadError, OSError):
        return False
    asked = data.get("question") if isinstance(data, dict) else None
    return isinstance(asked, str) and _key(asked) == _key(question)


class QuestionExistsError(ValueError):
    """A file asking the question exists already: ``rules new`` does not write it again."""

    def __init__(self, path: Path) -> None:
        self.path = path
        super().__init__(f"{path} asks this question already: edit it, or choose another name with -o")


def scenario_path(question: str, folder: Path) -> Path:
    """Where ``rules new`` writes a new file asking ``question``: ``folder/<slug>.yaml``.

    When that name is taken by a file asking another question (one spelt the same in ASCII words), the name
    gets the question's digest. Raises :class:`QuestionExistsError` when a file asks this question already.
    """
    plain = folder / f"{slug(question)}.yaml"
    if not plain.exists():
        return plain
    if _asks(plain, question):
        raise QuestionExistsError(plain)
    digested = folder / f"{slug(question)}-{digest(question)}.yaml"
    if digested.exists():
        raise QuestionExistsError(digested)
    return digested


def _scalar(value: str) -> str:
    dumped = yaml.safe_dump(value, allow_unicode=True, default_style='"', width=10_000)
    return dumped.strip().removesuffix("...").strip()


def skeleton(question: str, *, path: Path, schema: Path, rulesets: Iterable[str], rules: Iterable[str]) -> str:
    """The text of a new scenario asking ``question``; ``rules`` are suggested ids for ``tests``."""
    title = " ".join(question.split())
    title = title if len(title) <= 200 else title[:197] + "..."
    modeline = os.path.relpath(schema, path.parent)
    suggested = list(rules)
    tests = ", ".join(_scalar(r) for r in suggested) if suggested else '"ref14:II.C"'
    return (f"# yaml-language-server: $schema={modeline}\n"
            f"title: {_scalar(title)}\n"
            f"question: {_scalar(question.strip())}\n"
            f"tests: [{tests}]   # suggested by `rules search`: keep the rules the answer depends on\n"
            f"rulesets: [{', '.join(rulesets)}]\n"
            + SKELETON_SETUP)


def skeleton_problems(text: str, name: str, rules: AbstractSet[str], rulesets: Mapping[str, Ruleset]
                      ) -> list[Problem]:
    """What ``rules ask`` would refuse in the file ``text`` (named ``name``), were it written: every problem."""
    from checker.scenarios.load import load_scenario_from

    try:
        load_scenario_from(load_text(text, name), name, rules, rulesets)
    except YamlLoadError as exc:
        return list(exc.problems)
    except ProblemsError as exc:
        return exc.problems
    return []
