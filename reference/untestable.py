"""Rules no scenario can test (``reference/data/untestable.yaml``): rule id -> a one-line reason.

Shuffling, cutting a deck, a vote's time limit: what the engine never decides because it
happens at the table, not in the game's state. The coverage figures count these apart from
the untested rules. Each source may mark at most :data:`MAX_SHARE` of its normative rules,
so the file cannot quietly absorb what scenarios should test.
"""

from __future__ import annotations

import difflib
from functools import cache
from pathlib import Path
from types import MappingProxyType

from reference.corpus import Corpus
from reference.documents import DATA_DIR, display_path
from reference.problems import Problem, ProblemsError
from reference.yamlsource import YamlLoadError, load_file

UNTESTABLE_FILE = DATA_DIR / "untestable.yaml"
MAX_SHARE = 0.10
"""At most this share of a source's normative rules may be marked not testable."""

REASON_LENGTH = (10, 300)
"""A reason is one line of this many characters."""


def check_untestable(marked: dict[str, str], corpus: Corpus, file: str,
                     line_of: dict[str, int | None] | None = None) -> list[Problem]:
    """Every problem of the marks: unknown or non-normative ids, and sources over their share."""
    lines = line_of or {}
    problems: list[Problem] = []
    per_source: dict[str, list[str]] = {}
    for rid in marked:
        rule = corpus.rules.get(rid)
        if rule is None:
            close = difflib.get_close_matches(rid, list(corpus.rules), n=3, cutoff=0.6)
            hint = f" (did you mean {', '.join(close)}?)" if close else ""
            problems.append(Problem(file, lines.get(rid), rid, f"unknown rule id {rid!r}{hint}"))
        elif not rule.normative:
            problems.append(Problem(file, lines.get(rid), rid, f"{rid} is not normative: no scenario tests it "
                                    "anyway, so it needs no mark"))
        else:
            per_source.setdefault(rule.source, []).append(rid)
    for source, ids in sorted(per_source.items()):
        normative = sum(1 for r in corpus.by_source(source) if r.normative)
        allowed = int(normative * MAX_SHARE)
        if len(ids) > allowed:
            problems.append(Problem(file, lines.get(ids[allowed]), None,
                                    f"{len(ids)} {source} rules marked not testable, more than "
                                    f"{MAX_SHARE:.0%} of its {normative} normative rules (at most {allowed})"))
    return problems


def load_untestable(corpus: Corpus, path: Path = UNTESTABLE_FILE) -> MappingProxyType[str, str]:
    """The marks, checked against the corpus; raises :class:`ProblemsError` with every problem."""
    try:
        located = load_file(path, display_path(path))
    except YamlLoadError as exc:
        raise ProblemsError(exc.problems) from None
    data = {} if located.data is None else located.data
    if not isinstance(data, dict):
        raise ProblemsError([located.problem((), "expected a mapping: rule id -> why no scenario can test it")])
    problems: list[Problem] = []
    marked: dict[str, str] = {}
    low, high = REASON_LENGTH
    for key, why in data.items():
        rid = str(key)
        reason = why.strip() if isinstance(why, str) else ""
        if "\n" in reason or not low <= len(reason) <= high:
            problems.append(located.problem((rid,), f"the reason must be one line of {low} to {high} characters"))
        marked[rid] = reason
    problems += check_untestable(marked, corpus, located.file, {rid: located.line_of((rid,)) for rid in marked})
    if problems:
        raise ProblemsError(problems)
    return MappingProxyType(dict(marked))


@cache
def untestable() -> MappingProxyType[str, str]:
    """The project's marks, loaded once per process."""
    from reference.corpus import corpus

    return load_untestable(corpus())
