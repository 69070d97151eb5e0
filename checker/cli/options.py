"""Options several commands share, spelled and explained once."""

from __future__ import annotations

from typing import Annotated

import typer

JsonFlag = Annotated[bool, typer.Option("--json", help="Print JSON instead of tables.")]
NoCacheFlag = Annotated[bool, typer.Option(
    "--no-cache", help="Compute every answer, even those an earlier run computed from the same files, code and "
                       "reference (kept in the answer cache).")]
