"""The base of every decision model: strict (unknown keys refused) and frozen."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

Name = Field(min_length=1, max_length=80, pattern=r"^[^\n\r\t<>`{}\[\]]+$")
Count = Field(default=0, ge=0, le=1000)


class Strict(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
