"""A ruleset as the engine plays it: an edition's parameters and step citations, resolved.

reference/rulesets.py loads them from rulesets.yaml; reference/errata.py amends them. Both import this
module, which imports neither.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from pydantic import BaseModel, ConfigDict

from reference.effects import Encoding


def source_of(rule_id: str) -> str:
    """The document a rule id belongs to: ``rb95`` for ``rb95:6.3.2.how-to-block``."""
    return rule_id.split(":", 1)[0]


class MissingStep(KeyError):
    """A ruleset names no rule for a step of the engine: the engine reached a procedure the edition lacks."""


class _Strict(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Parameter(_Strict):
    """A value an edition can change, and the rule that states it."""

    value: Any
    rule: str


@dataclass(frozen=True)
class Ruleset:
    """An edition with its inherited parameters and step citations resolved."""

    name: str
    title: str
    sources: tuple[str, ...]
    description: str
    extends: str | None
    parameters: MappingProxyType[str, Parameter]
    steps: MappingProxyType[str, str]
    own: frozenset[str]  # parameters set by this ruleset itself, not inherited
    fallbacks: MappingProxyType[str, str]  # foreign rule id -> why the sources are silent (declared or inherited)
    cards: MappingProxyType[str, Encoding] = field(  # card id -> its text as a card erratum has it
        default_factory=lambda: MappingProxyType({}))

    def value(self, name: str) -> Any:
        """The value of a parameter; KeyError names the ruleset."""
        try:
            return self.parameters[name].value
        except KeyError:
            raise KeyError(f"ruleset {self.name} has no parameter {name!r}") from None

    def rule(self, name: str) -> str:
        """The rule that owns a parameter."""
        return self.parameters[name].rule

    def step(self, name: str) -> str:
        """The rule a procedural step cites under this edition."""
        try:
            return self.steps[name]
        except KeyError:
            raise MissingStep(f"ruleset {self.name} names no rule for step {name!r}") from None

    def is_own(self, rule: str) -> bool:
        """Whether a rule belongs to one of this ruleset's sources."""
        return source_of(rule) in self.sources

    def borrowed_note(self, rule: str) -> str | None:
        """For a declared fallback, what a reader is told: ``not stated in ref14; rb95 says``; else None."""
        if self.is_own(rule) or rule not in self.fallbacks:
            return None
        return f"not stated in {' or '.join(self.sources)}; {source_of(rule)} says"

    def with_values(self, name: str | None = None, **values: Any) -> Ruleset:
        """A copy with some parameter values replaced (their owning rules kept), optionally renamed."""
        params = dict(self.parameters)
        for k, v in values.items():
            params[k] = params[k].model_copy(update={"value": v})
        return Ruleset(name or self.name, self.title, self.sources, self.description, self.extends,
                       MappingProxyType(params), self.steps, self.own, self.fallbacks, self.cards)
