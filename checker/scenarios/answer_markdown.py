"""A scenario's answers as GitHub markdown (`rules ask --format markdown`, the "ask" workflow's job summary).

The question as a heading, one line per edition with its sentence, the difference line, then the
step-by-step trace folded in a ``<details>`` block. Text from scenario files (their names too) is
escaped: it shows as the text it is, never as markdown or HTML, and a control character in it shows as
``\\xNN``, never reaching the terminal or the CI log that shows the markdown.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Sequence

from checker.scenarios.answer import ScenarioAnswer
from checker.scenarios.load import LoadedScenario
from checker.scenarios.run import Outcome
from reference.inert import inert
from reference.problems import Problem

_INLINE = re.compile(r"([\\`*_\[\]#|~])")
RESULT = {"pass": "as expected", "fail": "**NOT as expected**", "answered": "no expectation given"}


def md(text: str) -> str:
    """Text from a file made inert in markdown: one line, control characters shown as ``\\xNN``, HTML escaped,
    markdown punctuation backslashed."""
    one_line = " ".join(inert(str(text)).split())
    return _INLINE.sub(r"\\\1", html.escape(one_line, quote=False))


def _code(text: str) -> str:
    """Text as inline code, or escaped text when it holds a backtick (which would end the code early)."""
    shown = " ".join(inert(text).split())
    return f"`{shown}`" if "`" not in shown and shown else md(text)


def scenario_markdown(loaded: LoadedScenario, outcomes: Sequence[Outcome], answer: ScenarioAnswer) -> str:
    """One scenario: heading, per-edition sentences, difference line, the trace folded."""
    sc = loaded.scenario
    lines = [f"### {md(sc.question)}", "", f"{md(sc.title)} ({_code(loaded.path)})", ""]
    for run, o in zip(answer.runs, outcomes, strict=True):
        lines.append(f"- **{md(run.edition)}**: {md(run.sentence)}"
                     + ("" if o.status == "pass" else f" ({RESULT[o.status]})"))
        lines += [f"  - {md(f)}" for f in o.failures]
    lines += ["", md(answer.difference), "", "<details><summary>Step by step</summary>", ""]
    for run, o in zip(answer.runs, outcomes, strict=True):
        lines += [f"**{md(run.edition)}**", ""]
        lines += [*_trace(o), ""]
    lines += ["</details>", ""]
    return "\n".join(lines)


def _trace(o: Outcome) -> list[str]:
    """The trace as a list per step, each applied rule under its step."""
    out: list[str] = []
    last: object = object()
    for t in o.trace:
        if t.step != last:
            out.append("- setup" if t.step is None else f"- step {t.step}: {md(t.step_key.replace('_', ' '))}")
            last = t.step
        notes = (" (undone: the step is refused)" if t.undone else "") + (f" ({t.fallback})" if t.fallback else "")
        out.append(f"  - {_code(t.rule)} {md(t.message + notes)}")
    return out or ["- no step was played"]


def problems_markdown(problems: Iterable[Problem]) -> str:
    """Files that could not be read, each problem on its line, as the CLI reports them."""
    found = [str(p) for p in problems]
    if not found:
        return ""
    return "\n".join(["### Files that could not be read", "", *(f"- {md(p)}" for p in found), ""])


def document(parts: Iterable[str]) -> str:
    """The answers of several files, one after the other."""
    return "\n".join(p.rstrip("\n") + "\n" for p in parts if p)
