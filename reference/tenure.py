"""Every reference of the rulings collection checked against its authority: known, dated, in its term, with a URL.

A reference dated outside its authority's term (reference/data/authorities.yaml) is a problem unless
reference/data/tenure_exceptions.yaml allows it with a reason; an exception no reference needs is a
problem of that file. Problems name the package file, the line and the reference key, as the rulings
project itself checks its references.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from reference.cardcsv import label
from reference.corpus import Authority
from reference.documents import DATA_DIR, display_path
from reference.problems import Problem, ProblemsError
from reference.rulingparse import REFERENCES
from reference.rulings import RulingReference
from reference.yamlsource import YamlLoadError, load_file

EXCEPTIONS_FILE = DATA_DIR / "tenure_exceptions.yaml"


class TenureException(BaseModel):
    """A reference allowed outside its authority's term, and why."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    reference: str = Field(min_length=5)
    why: str = Field(min_length=10, pattern=r"^[^\n]*$")


def load_exceptions(path: Path = EXCEPTIONS_FILE) -> tuple[dict[str, TenureException], dict[str, int | None]]:
    """The allowed exceptions by reference key, and the line of each; raises ProblemsError."""
    try:
        located = load_file(path, display_path(path))
    except YamlLoadError as exc:
        raise ProblemsError(exc.problems) from None
    try:
        items = TypeAdapter(list[TenureException]).validate_python(located.data or [])
    except ValidationError as exc:
        raise ProblemsError([located.problem(tuple(e["loc"]), e["msg"]) for e in exc.errors()]) from None
    return {e.reference: e for e in items}, {e.reference: located.line_of((i,)) for i, e in enumerate(items)}


def check_references(references: Iterable[RulingReference], authorities: Mapping[str, Authority],
                     exceptions: Mapping[str, TenureException], exceptions_file: str = "",
                     exception_lines: Mapping[str, int | None] | None = None) -> list[Problem]:
    """Every problem of the references against the authorities' terms, and every exception no reference needs."""
    problems: list[Problem] = []
    needed: set[str] = set()
    for ref in references:
        def bad(message: str, ref: RulingReference = ref) -> None:
            problems.append(Problem(label(REFERENCES), ref.line, ref.key, message))

        authority = authorities.get(ref.authority)
        if authority is None:
            bad(f"unknown authority {ref.authority} (not in reference/data/authorities.yaml)")
        elif authority.sections:
            if ref.date is not None:
                bad(f"{ref.authority} references name a rulebook section, not a day")
        elif ref.date is None:
            bad("no date: expected YYYYMMDD after the authority")
        elif not authority.in_tenure(ref.date):
            if ref.key in exceptions:
                needed.add(ref.key)
            else:
                bad(f"dated {ref.date.isoformat()}, outside {ref.authority}'s term ({authority.tenure}); "
                    f"allow it in {display_path(EXCEPTIONS_FILE)} with a reason if it is right")
    lines = exception_lines or {}
    for key in exceptions:
        if key not in needed:
            problems.append(Problem(exceptions_file or display_path(EXCEPTIONS_FILE), lines.get(key), key,
                                    "no reference needs this exception (unknown, or within its authority's term)"))
    return problems
