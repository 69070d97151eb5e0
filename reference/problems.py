"""Problems found in input files, reported all at once and formatted by the CLI."""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class Problem:
    """One thing wrong with an input, located as precisely as we can."""

    file: str
    line: int | None
    field: str | None
    message: str

    def __str__(self) -> str:
        where = self.file if self.line is None else f"{self.file}:{self.line}"
        what = f"{self.field}: " if self.field else ""
        return f"{where}: {what}{self.message}"


class ProblemsError(ValueError):
    """Raised when an input has problems; carries every one of them."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = sorted(problems, key=lambda p: (p.file, p.line or 0))
        super().__init__("\n".join(str(p) for p in self.problems))


def suggest(bad: object, known: Iterable[object]) -> str:
    """" (did you mean a, b?)" naming the closest of ``known``, or "".

    Only text is compared: a YAML key or value may be a number, null or a boolean (``- 1:``), which is close
    to no name.
    """
    if not isinstance(bad, str):
        return ""
    close = difflib.get_close_matches(bad, [k for k in known if isinstance(k, str)], n=3, cutoff=0.6)
    shown = [k if k.isprintable() else repr(k)[1:-1] for k in close]  # a hidden character shown as its escape
    return f" (did you mean {', '.join(shown)}?)" if close else ""
