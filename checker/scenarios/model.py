"""The scenario file format: a rules question as a game situation, what happens, and the answer.

Unknown keys are errors everywhere. The JSON Schema exported by ``rules schema`` is
generated from these models (``scenarios/schema.json``).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from checker.engine.decisions import Strict
from checker.engine.setup import Setup
from checker.engine.state import Location, Phase

RuleId = Field(pattern=r"^[a-z0-9]+:[A-Za-z0-9][A-Za-z0-9.\-]*$", max_length=120)
Text = Field(min_length=1, max_length=200, pattern=r"^[^\n\r]*$")


class PlayerExpect(Strict):
    """What is expected of a Methuselah afterwards; only the fields given are checked."""

    pool: int | None = None
    vp: int | None = None
    hand: int | None = None
    library: int | None = None
    ash_heap: int | None = None
    crypt: int | None = Field(default=None, description="Cards left in her crypt.")
    transfers: int | None = Field(default=None, description="Transfers she has left this influence phase.")
    ousted: bool | None = None
    withdrawn: bool | None = Field(default=None, description="She withdrew from the game (ref14:VI.D).")
    withdrawing: bool | None = Field(default=None, description="Her attempt to withdraw is still on (ref14:VI.C).")
    ante: int | None = Field(default=None, description="Library cards she dealt for ante (ref14:I.F).")
    in_play: tuple[str, ...] | None = Field(default=None, description="Her master cards in play (locations).")
    locked: tuple[str, ...] | None = Field(default=None, description="Her cards in play that are locked.")
    contested: tuple[str, ...] | None = Field(default=None, description="Her cards in play that are contested.")


class RetainerExpect(Strict):
    """A retainer and its life."""

    name: str = Field(min_length=1, max_length=80)
    life: int = Field(ge=0, le=100)


class MinionExpect(Strict):
    """What is expected of a minion afterwards; only the fields given are checked."""

    blood: int | None = Field(default=None, description="Blood of a vampire.")
    life: int | None = Field(default=None, description="Life of an ally.")
    tapped: bool | None = None
    location: Location | None = None
    controller: str | None = None
    owner: str | None = Field(default=None, description="The Methuselah whose card it is (a stolen minion's "
                                                        "owner is not its controller).")
    equipment: tuple[str, ...] | None = None
    retainers: tuple[str | RetainerExpect, ...] | None = Field(
        default=None, description="Its retainers, by name, or as {name, life} to check their life too.")
    paralyzed: bool | None = None
    title: str | None = Field(default=None, description="Its title; `none` for no title.")
    capacity: int | None = Field(default=None, description="A vampire's capacity (cards raise or lower it).")
    disciplines: dict[str, Literal["none", "basic", "superior"]] | None = Field(
        default=None, description="Levels of the Disciplines named: {Celerity: superior}; `none` if it lacks one.")
    contested: bool | None = Field(default=None, description="Its card is contested.")
    title_contested: bool | None = Field(default=None, description="Its title is contested.")


class GameExpect(Strict):
    """What is expected of the game as a whole."""

    edge: str | None = Field(default=None, description="Who has the Edge; `nobody` for no one.")
    turn: str | None = Field(default=None, description="Whose turn it is.")
    phase: Phase | None = None
    over: bool | None = None
    winners: tuple[str, ...] | None = Field(default=None, description="The Methuselahs with the most VPs.")
    game_turn: int | None = None


class ActionExpect(Strict):
    """What is expected of the last action taken: who acted, who could block, who tried, who blocked."""

    actor: str | None = None
    blocked: bool | None = None
    blocked_by: str | None = Field(default=None, description="The minion that blocked; `nobody` if none did.")
    block_order: tuple[str, ...] | None = Field(
        default=None, description="The Methuselahs who could try to block, in the order they could try.")
    attempts: tuple[str, ...] | None = Field(default=None, description="The minions that tried to block, in order.")


class VoteExpect(Strict):
    """What is expected of the last referendum's count."""

    votes_for: int | None = Field(default=None, alias="for", ge=0, le=1000)
    against: int | None = Field(default=None, ge=0, le=1000)
    passed: bool | None = None
    canceled: bool | None = Field(default=None, description="A card canceled the referendum before it was tallied "
                                                             "(Delaying Tactics): it neither passes nor fails.")


class Variant(Strict):
    """A what-if run: a ruleset with some parameter values changed (a reading of a rule, or an erratum)."""

    ruleset: str = Field(description="The ruleset the variant starts from.")
    parameters: dict[str, Any] = Field(min_length=1, description="Parameter values that differ from the ruleset's.")
    why: str = Field(min_length=3, max_length=300, description="Which reading or change this variant plays.")


class Scenario(Strict):
    """One rules question: title, the question, the rules it tests, a setup, steps and the expected answer."""

    title: str = Text
    question: str = Field(min_length=1, max_length=2000, description="The question, in words.")
    tests: tuple[str, ...] = Field(min_length=1, description="Rule ids this scenario checks (each must exist).")
    cites: tuple[str, ...] = Field(default=(), description="Other rule ids the scenario relies on.")
    rulings: tuple[str, ...] = Field(
        default=(), description="Rulings on cards this scenario states as a question with its answer "
                                "(ruling ids, `rules ruling`); quote each in a comment by the expectation.")
    rulesets: tuple[str, ...] = Field(min_length=1, description="Rulesets the question is asked under.")
    setup: Setup
    steps: tuple[dict[str, Any], ...] = Field(
        default=(), description="What the players do, in order: each step is one key (bleed, hunt, untap, ...).")
    expect: dict[str, Any] = Field(
        default_factory=dict,
        description="Expected answer: player or minion name -> fields; `game` -> game fields; "
                    "`action` -> the last action; `vote` -> the last referendum; "
                    "`illegal` -> the rule id a step must break (the scenario stops there); "
                    "`refused` -> {step number: rule id} steps refused, the scenario going on; "
                    "`allowed` -> [step numbers] that must be allowed.")
    expect_by_ruleset: dict[str, dict[str, Any]] = Field(
        default_factory=dict, description="Per ruleset (or variant), expectations laid over `expect`.")
    variants: dict[str, Variant] = Field(
        default_factory=dict,
        description="Extra runs under a ruleset with some parameters changed, e.g. the other reading of a rule.")
