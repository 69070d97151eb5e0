"""What the engine tells: events citing rules, and illegal decisions naming the rule broken."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Event:
    """One applied step of the rules: what happened and the rule that made it happen.

    An ``announce`` event only narrates the procedure (``the referendum begins``): it decides
    nothing and changes nothing, so it does not count as exercising its rule.
    """

    rule: str
    message: str
    announce: bool = False


class IllegalDecision(ValueError):
    """A decision the rules do not allow; names the rule it breaks."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"illegal: {message} ({rule})")
        self.rule = rule
        self.message = message
        self.events: tuple[Event, ...] = ()  # what the refused step did before the refusal; all of it undone


class Trace:
    """The events of one transition, in order; each cites the rule it applied."""

    def __init__(self) -> None:
        self.events: list[Event] = []

    def add(self, rule: str, message: str, *, announce: bool = False) -> None:
        self.events.append(Event(rule, message, announce))
