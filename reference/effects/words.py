"""The building blocks of effects: what a part's quote must say, and the base of every effect kind.

An effect declares the words its quote must say where it is declared: a plain effect (a flag, a number, a name)
with ``Says`` on its field of the part; an effect made of several fields (a strike, a referendum) as a ``Kind``
whose ``unsaid`` reads its own fields against the quote. reference/effectcheck.py only asks them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Literal

from pydantic import BaseModel, ConfigDict

Level = Literal["any", "basic", "superior"]
Sect = Literal["Camarilla", "Sabbat", "Independent", "Laibon", "Anarch"]
NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five"}


def has(quote: str, *words: str) -> bool:
    """Whether the lower-cased ``quote`` says every one of ``words`` (in any case)."""
    return all(w.lower() in quote for w in words)


Phrase = str | tuple[str, ...]
"""Words a quote says, in lower case ("{}" stands for the effect's value); a tuple: any one of its phrases."""


@dataclass(frozen=True)
class Says:
    """What a part's quote must say for the part to have this effect, declared with the effect (``Annotated``): the
    text check reads it off the model (reference/effectcheck.py), so an effect's words are written once.

    Every phrase must be in the quote, none of ``never``; ``by_value`` adds the phrases of a literal's value.
    """

    phrases: tuple[Phrase, ...] = ()
    never: tuple[str, ...] = ()
    by_value: Mapping[str, Says] = field(default_factory=dict)

    def unsaid(self, value: object, quote: str, text: str) -> Iterator[str]:
        """What the lower-cased ``quote`` of ``text`` does not say (or says but must not) of ``value``."""
        shown = str(value).lower()
        for phrase in self.phrases:
            options = [p.replace("{}", shown) for p in ((phrase,) if isinstance(phrase, str) else phrase)]
            if not any(o in quote for o in options):
                yield f"{' or '.join(repr(o) for o in options)} is not in {text!r}"
        for word in self.never:
            if word in quote:
                yield f"{word!r} is in {text!r}, which contradicts this effect"
        if isinstance(value, str) and value in self.by_value:
            yield from self.by_value[value].unsaid(value, quote, text)


@dataclass(frozen=True)
class Check:
    """A computed check of a plain effect's quote, declared with the effect where ``Says`` cannot say it:
    ``unsaid(value, quote, text)`` gives what the lower-cased quote does not say."""

    unsaid: Callable[[object, str, str], Iterator[str]]


class Strict(BaseModel):
    """A model of the card data: frozen, and no key it does not know."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class Kind(Strict):
    """An effect made of several fields; it checks its own quote."""

    def unsaid(self, q: str, text: str) -> Iterator[str]:
        """What the lower-cased quote ``q`` of ``text`` does not say of this effect (one message each)."""
        return iter(())
