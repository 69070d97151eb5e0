"""Curated structure hints for the parsers (``reference/data/structure.yaml``), validated."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from reference.documents import DATA_DIR, display_path
from reference.model import Kind
from reference.yamlsource import load_model

STRUCTURE_FILE = DATA_DIR / "structure.yaml"

Slug = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")


class _Strict(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Start(_Strict):
    """A node that begins at the line starting with ``start``."""

    start: str = Field(min_length=1)
    slug: str = Slug
    kind: Kind | None = None
    title: str | None = None
    parent: str | None = None
    level: Literal["paragraph", "sub"] = "paragraph"
    normative: bool | None = None


class Rb95Hints(_Strict):
    front: tuple[Start, ...]
    trailer: Start
    definition_sections: tuple[str, ...]
    not_titles: tuple[str, ...]
    title_slugs: dict[str, str]
    breaks: tuple[Start, ...]


class Ja23Hints(_Strict):
    slugs: dict[str, str]
    not_normative: tuple[str, ...]
    kinds: dict[str, Kind]


class Structure(_Strict):
    rb95: Rb95Hints
    ja23: Ja23Hints


def load_structure(path: Path = STRUCTURE_FILE) -> Structure:
    """The validated hints; raises :class:`ProblemsError` naming file, line and field."""
    return load_model(path, Structure, display_path(path))[0]


@cache
def structure() -> Structure:
    """The project's structure hints, loaded once."""
    return load_structure()
