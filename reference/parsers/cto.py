"""The steal-blood rulings post: the quoted question, the answers, then outline sections V and VI."""

from __future__ import annotations

import re

from reference.model import Kind
from reference.parsers.base import Draft, Parsed, ParseError, finish, split_lines
from reference.parsers.outline import parse_outline

SOURCE = "cto"
_ANSWER = re.compile(r"^(\d+(?: & \d+)*)\)\s")
_SIGNATURE = re.compile(r"^--\s*$")


def parse(body: str) -> Parsed:
    """Rule nodes of the rulings post, in document order."""
    lines = split_lines(body)
    first = next((i for i, ln in enumerate(lines) if re.match(r"^[IVX]+\. [A-Z]{2}", ln)), None)
    if first is None:
        raise ParseError(SOURCE, 1, "no outline section found")
    sig = next((i for i in range(first, len(lines)) if _SIGNATURE.match(lines[i])), len(lines))
    drafts = _post(lines, first)
    drafts += parse_outline(lines, first, sig, SOURCE, parent=f"{SOURCE}:outline")
    if sig < len(lines):
        drafts.append(Draft(id=f"{SOURCE}:signature", parent=None, kind=Kind.META, start=sig,
                            lines=lines[sig:], title="Signature"))
    return finish(SOURCE, drafts)


def _post(lines: list[str], end: int) -> list[Draft]:
    """The question, the numbered answers (with their worked example) and the outline's heading."""
    drafts = [Draft(id=f"{SOURCE}:question", parent=None, kind=Kind.META, start=0,
                    title="Question (quoted)")]
    answer: Draft | None = None
    for i in range(end):
        line = lines[i]
        if m := _ANSWER.match(line):
            answer = Draft(id=f"{SOURCE}:answer.{m[1].replace(' & ', '-')}", parent=None,
                           kind=Kind.RULE, start=i, title=f"Answer {m[1]}")
            drafts.append(answer)
        elif answer and line.startswith("(So, "):
            drafts.append(Draft(id=f"{answer.id}.example1", parent=answer.id, kind=Kind.EXAMPLE,
                                start=i, title="Worked example"))
        elif line.startswith("Here's the Combat Timing Outline"):
            drafts.append(Draft(id=f"{SOURCE}:outline", parent=None, kind=Kind.META, start=i,
                                title=line.strip().rstrip(":")))
        drafts[-1].lines.append(line)
    return drafts
