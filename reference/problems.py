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


def suggest(bad: str, known: Iterable[str]) -> str:
    """" (did you mean a, b?)" naming the closest of ``known``, or ""."""
    close = difflib.get_close_matches(bad, list(known), n=3, cutoff=0.6)
    return f" (did you mean {', '.join(close)}?)" if close else ""
