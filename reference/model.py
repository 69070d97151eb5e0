"""The rule node and its parts: what every parser produces and every consumer reads."""

from __future__ import annotations

import datetime
import re
from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field

SOURCES = ("ref14", "rb95", "cto", "sol", "ja23")
"""The corpus, in the order the site and listings present it."""

ID_RE = re.compile(r"^[a-z][a-z0-9.-]*:[A-Za-z0-9][A-Za-z0-9.\-]*$")
"""Rule ids are ASCII and typeable: ``<source>:<path>``."""

_DECORATION = re.compile(r"^[\s\-=_*~]*$")


class Kind(StrEnum):
    """What a node is. ``meta`` (titles, headers, signatures) is ours: the documents have it."""

    SECTION = "section"
    RULE = "rule"
    NOTE = "note"
    EXCEPTION = "exception"
    EXAMPLE = "example"
    DEFINITION = "definition"
    FLAVOUR = "flavour"
    LEGEND = "legend"
    META = "meta"


NORMATIVE_KINDS = frozenset({Kind.RULE, Kind.NOTE, Kind.EXCEPTION, Kind.DEFINITION})


class CitationKind(StrEnum):
    """How a piece of citation text was understood."""

    POCKET = "pocket"  # [12.3.1 p22]: the Jyhad pocket rulebook
    CORRECTED = "corrected"  # [!7.2.1]: the corrected rulebook
    AUTHORITY = "authority"  # [DTR], [LSJ], ... and [precedent ... -LSJ]
    SECTION = "section"  # (8.1), "Section 6.3", "See section VI": a section of a document
    STEP = "step"  # (Go to step F): a step of the same outline
    ASIDE = "aside"  # bracketed prose that is not a reference
    LEGEND = "legend"  # the legend's own [LSJ] ... definitions


class Citation(BaseModel):
    """One citation as written in a rule's text, with what it was understood to mean."""

    model_config = ConfigDict(frozen=True)

    raw: str = Field(description="The citation exactly as written, brackets included.")
    kind: CitationKind
    target: str | None = Field(
        default=None,
        description="The node it points at: a rule id, `authority:LSJ`, or an external id "
        "such as `ext.pocket:12.3.1`. None for asides and legend entries.",
    )
    detail: str | None = Field(default=None, description="Page, item or remark kept from the raw text.")
    line: int = Field(description="1-based line of the document where the citation starts.")


class Rule(BaseModel):
    """A node of a source document: a section, rule, note, example, ...

    Every line of a document belongs to exactly one node; ``text`` is those lines
    verbatim, so joining the nodes' texts in order gives the document back byte for byte.
    """

    model_config = ConfigDict(frozen=True)

    id: str = Field(pattern=ID_RE.pattern)
    source: str
    parent: str | None
    kind: Kind
    normative: bool
    title: str | None = Field(default=None, description="A heading or paragraph title, if any.")
    text: str
    line_start: int = Field(ge=1, description="First line in the document (1-based).")
    line_end: int = Field(ge=1, description="Last line in the document (inclusive).")
    citations: tuple[Citation, ...] = ()
    order: int = Field(ge=0, description="Position in the document.")

    @property
    def path(self) -> str:
        """The part of the id after the source."""
        return self.id.split(":", 1)[1]

    @property
    def body(self) -> str:
        """The text without trailing blank or separator lines."""
        lines = self.text.splitlines()
        while lines and _DECORATION.match(lines[-1]):
            lines.pop()
        return "\n".join(lines)


class Document(BaseModel):
    """A source document as kept in ``reference/corpus``: its header and verbatim body."""

    model_config = ConfigDict(frozen=True)

    id: str
    title: str
    author: str
    date: str
    edition_date: datetime.date = Field(
        description="The day the document is taken to date from, for rulings in force and the card pool: "
                    "its own date, else the earliest day it can have.")
    edition_date_basis: str = Field(min_length=3, description="Why that day.")
    what: str
    origin: str
    sha256: str
    file: str = Field(description="Path of the corpus file, relative to the project.")
    body: str
    header_lines: int = Field(description="Lines before the body in the corpus file.")

    def file_line(self, line: int) -> int:
        """The line in the corpus file of the document's line ``line``."""
        return line + self.header_lines
