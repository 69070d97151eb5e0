"""Political effects: who may play a card, what its player chooses, the votes it gives and a referendum's terms."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Literal

from pydantic import Field, model_validator

from reference.effects.words import Kind, Sect, has


class Requirement(Kind):
    """Who may play the card: 'Requires a Camarilla vampire.', 'Requires a prince or justicar.'"""

    sect: Sect | None = None
    titles: tuple[str, ...] = Field(default=(), max_length=5,
                                    description="Title kinds, any of which will do: prince, justicar, ...")
    capacity_above: int | None = Field(default=None, ge=1, le=11, description="'with a capacity above 6'.")

    def unsaid(self, q: str, text: str) -> Iterator[str]:
        for word in ("requires", *([self.sect] if self.sect else []), *self.titles,
                     *([f"capacity above {self.capacity_above}"] if self.capacity_above else [])):
            if not has(q, word):
                yield f"{word!r} is not in {text!r}"


class Choice(Kind):
    """What the card's player chooses when it is played: 'Choose a ready prince.', 'Choose a Methuselah.'"""

    what: Literal["methuselah", "vampire", "location", "clan"]
    another: bool = Field(default=False, description="'Choose another Methuselah': not the card's player.")
    ready: bool = Field(default=False, description="'a ready ...'.")
    title: str | None = Field(default=None, max_length=40, description="A title kind the vampire holds: prince.")
    clan: str | None = Field(default=None, max_length=40, description="The vampire's clan: 'a ready Caitiff'.")
    edge: bool = Field(default=False, description="'Select the Methuselah with the Edge.'")
    sect: Sect | None = Field(default=None, description="'Choose a ready Camarilla Gangrel.'")
    younger: bool = Field(default=False, description="'a ready younger vampire': younger than the acting one.")
    points: int | None = Field(default=None, ge=0, le=10,
                               description="'Allocate 4 points among two or more Methuselahs' (0: X, the number of "
                                           "Methuselahs in the game).")

    def unsaid(self, q: str, text: str) -> Iterator[str]:
        noun = [] if self.title or self.clan else [self.what]  # "Choose a ready prince.": the title names a vampire
        words = [*noun, *(["ready"] if self.ready else []), *([self.title] if self.title else []),
                 *([self.sect] if self.sect else []), *(["younger"] if self.younger else []),
                 *(["another"] if self.another else []), *([self.clan] if self.clan else []),
                 *(["edge"] if self.edge else [])]
        if self.points is not None:
            words = ["allocate", f"{self.points if self.points else 'x'} points among two or more methuselahs"]
        elif not (has(q, "choose") or has(q, "select") or q.startswith("and a")):  # "Choose a location and a ..."
            yield f"'choose' is not in {text!r}"
        for word in words:
            if not has(q, word):
                yield f"{word!r} is not in {text!r}"
        if not self.ready and has(q, "ready"):
            yield f"ready is false, but {text!r} says 'ready'"


class ClanVotes(Kind):
    """'In this referendum, each ready Brujah gets 1 additional vote.'"""

    clan: str = Field(min_length=1, max_length=40)
    ready: bool = False
    votes: int = Field(default=1, ge=1, le=5)

    def unsaid(self, q: str, text: str) -> Iterator[str]:
        said = [self.clan, "vote", "in this referendum", *(["ready"] if self.ready else [])]
        if self.ready != has(q, "ready") or not all(has(q, w) for w in said) or (
                self.votes > 1 and str(self.votes) not in q):
            each = f"each {'ready ' if self.ready else ''}{self.clan} gets {self.votes} vote"
            yield f"'in this referendum, {each}' is not what {text!r} says"


class Referendum(Kind):
    """What a successful referendum does (a political action card's terms)."""

    title: str | None = Field(default=None, max_length=60,
                              description="'put this card on the acting vampire to represent the ... title of X'.")
    to: Literal["acting", "chosen"] = Field(default="acting", description="Who the title or burn is for.")
    capacity: int = Field(default=0, ge=-3, le=3, description="'his or her capacity increases by 1'.")
    if_clan: str | None = Field(default=None, max_length=40, description="'If the prince is Tremere, ...'.")
    pool: int = Field(default=0, ge=-10, le=10, description="Pool gained (or burned, negative).")
    who: Literal["each", "chosen", "edge"] | None = Field(default=None, description="Who gains or burns the pool.")
    per: Literal["minion", "locked minion", "point allocated"] | None = Field(
        default=None, description="'for each minion they control'.")
    loses_title: bool = Field(default=False, description="'the prince loses his or her title'.")
    burn: bool = Field(default=False, description="'burn that Caitiff': the chosen vampire is burned.")
    control_location: bool = Field(default=False, description="'the chosen Methuselah takes control of the chosen "
                                                              "location'.")
    edge: bool = Field(default=False, description="'the chosen Methuselah gets the Edge'.")
    to_uncontrolled: bool = Field(default=False, description="'the chosen vampire is moved to the uncontrolled "
                                                             "region', its cards and counters staying with it.")
    lock_clan: bool = Field(default=False, description="'locks all vampires of that clan' (the chosen clan).")
    per_clan: str | None = Field(default=None, max_length=40,
                                 description="'X is the number of Assamites he or she controls': pool per vampire.")
    base: int = Field(default=0, ge=-5, le=5, description="'X+1': a fixed amount besides the count (negative: burns).")
    chosen_extra: int = Field(default=0, ge=-5, le=5,
                              description="'and the chosen Methuselah burns an additional pool' (negative: burns).")
    allocate: bool = Field(default=False, description="'each Methuselah burns 1 pool for each point allocated'.")
    steal_from_richer: int = Field(default=0, ge=0, le=5, description="'you steal 1 pool from each Methuselah who "
                                                                      "has more pool than you do'.")
    burn_bleed_at_least: int | None = Field(default=None, ge=1, le=10,
                                            description="'burns all vampires with a current bleed of 3 or more'.")
    steal_unless_capacity_above: int | None = Field(
        default=None, ge=1, le=11, description="'you steal 1 pool from each Methuselah who does not control a "
                                               "vampire with a capacity above 6'.")
    swap_seats: bool = Field(default=False, description="'you switch places with that Methuselah'.")

    @model_validator(mode="after")
    def _whose_pool(self) -> Referendum:
        if bool(self.pool or self.base) != (self.who is not None):
            raise ValueError("a referendum's pool says `who` gains or burns it, and `who` goes with a `pool`")
        return self

    def unsaid(self, q: str, text: str) -> Iterator[str]:
        # a part adding to the terms (a capacity clause) says only its own words
        main = bool(self.title or self.pool or self.loses_title or self.burn or self.control_location or self.edge
                    or self.lock_clan
                    or (self.to_uncontrolled and "cards and counters" not in q) or self.steal_unless_capacity_above
                    or self.swap_seats
                    or self.allocate or self.steal_from_richer or self.burn_bleed_at_least or self.base)
        if main and not (has(q, "successful") or has(q, "passes")):
            yield f"'successful referendum' is not in {text!r}"
        said = [*([self.title, f"on the {self.to}"] if self.title else []), *([self.if_clan] if self.if_clan else [])]
        if self.capacity:
            said.append(f"capacity {'increases' if self.capacity > 0 else 'decreases'} by {abs(self.capacity)}")
        if self.pool and self.base:  # "burns X+1 pool, where X is the number of ..."
            said += ["burns x+1 pool" if self.pool < 0 else "gains x+1 pool"]
        elif self.pool:
            whose = {"each": "each methuselah", "chosen": "chosen methuselah", "edge": "that methuselah"}
            said += [f"{'gains' if self.pool > 0 else 'burns'} {abs(self.pool)}", "pool", whose[self.who or "each"]]
        if self.per:
            said.append(f"for each {self.per}")
        if self.loses_title:
            said.append("loses his or her title")
        if self.burn:
            said.append("burn")
        if self.control_location:
            said.append("takes control of the chosen location")
        said += [w for w, on in (("gets the edge", self.edge), ("uncontrolled", self.to_uncontrolled),
                                 ("locks all vampires of that clan", self.lock_clan),
                                 (f"number of {self.per_clan}", self.per_clan), (f"x+{abs(self.base)}", self.base),
                                 ("chosen methuselah burns an additional", self.chosen_extra == -1),
                                 ("for each point allocated", self.allocate),
                                 (f"steal {self.steal_from_richer} pool from each methuselah who has more pool",
                                  self.steal_from_richer),
                                 (f"current bleed of {self.burn_bleed_at_least} or more", self.burn_bleed_at_least),
                                 ("does not control a vampire with a capacity above "
                                  f"{self.steal_unless_capacity_above}", self.steal_unless_capacity_above),
                                 ("switch places", self.swap_seats)) if on]
        for words in said:
            if not has(q, words):
                yield f"{words!r} is not in {text!r}"
