"""The ruleset and trace one transition works with: every citation goes through here."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any, NoReturn

from checker.engine.events import IllegalDecision, Trace
from reference.rulesets import Ruleset

READS: ContextVar[set[str] | None] = ContextVar("parameter_reads", default=None)
"""While set, the names of the parameters the engine reads (the kill matrix re-runs only what read one)."""


@contextmanager
def recording(into: ContextVar[set[str] | None]) -> Iterator[set[str]]:
    """The names added to ``into`` inside the block; an enclosing recording of it sees them too."""
    outer = into.get()
    inner: set[str] = set()
    token = into.set(inner)
    try:
        yield inner
    finally:
        into.reset(token)
        if outer is not None:
            outer |= inner


def recording_reads() -> AbstractContextManager[set[str]]:
    """The parameters read inside the block; an enclosing recording sees them too."""
    return recording(READS)


@dataclass
class Ctx:
    """Reads parameters and step rules from the ruleset, and records what was applied."""

    rs: Ruleset
    trace: Trace = field(default_factory=Trace)

    def p(self, name: str) -> Any:
        """A parameter's value under this ruleset."""
        reads = READS.get()
        if reads is not None:
            reads.add(name)
        return self.rs.value(name)

    def prule(self, name: str) -> str:
        """The rule that owns a parameter."""
        return self.rs.rule(name)

    def step(self, name: str) -> str:
        """The rule a procedural step cites under this ruleset."""
        return self.rs.step(name)

    def cite(self, step: str, message: str) -> None:
        """Record a step of the procedure that changed the game or decided what is allowed, citing its rule."""
        self.trace.add(self.rs.step(step), message)

    def announce(self, step: str, message: str) -> None:
        """Narrate a step of the procedure that decides nothing (``the referendum begins``), citing its rule.

        Shown in the trace like any other line, but it does not count as exercising the rule.
        """
        self.trace.add(self.rs.step(step), message, announce=True)

    def cite_param(self, name: str, message: str) -> None:
        """Record a step decided by a parameter, citing the rule that owns it."""
        self.trace.add(self.rs.rule(name), message)

    def illegal(self, step: str, message: str) -> NoReturn:
        raise IllegalDecision(self.rs.step(step), message)

    def illegal_param(self, name: str, message: str) -> NoReturn:
        raise IllegalDecision(self.rs.rule(name), message)
