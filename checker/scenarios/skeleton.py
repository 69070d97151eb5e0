"""A new scenario file to start a rules question from: the question, the likely rules, a table to edit."""

from __future__ import annotations

import os
import re
import unicodedata
from collections.abc import Iterable
from pathlib import Path

import yaml

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


def slug(text: str, limit: int = 60) -> str:
    """A file name from a question: ASCII words joined by hyphens."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    words = re.findall(r"[a-z0-9]+", ascii_text.lower())
    out = "-".join(words)[:limit].rstrip("-")
    return out or "question"


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
