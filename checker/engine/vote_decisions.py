"""What a referendum is made of: the political card, its terms, and each Methuselah's ballot (ref14:IV, rb95:7).

A vote's sources are spelled out, so the engine can check each one against the rules: the
calling card's vote, titles of ready vampires, political cards burned from hand, the Edge,
and vote cards played by minions (the acting vampire's action modifiers, other
Methuselahs' reactions).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from checker.engine.models import Name, Strict

Side = Literal["for", "against"]


class VoteCard(Strict):
    """A card giving votes, played by a minion: an action modifier by the acting vampire, or a reaction."""

    name: str = Name
    by: str = Field(min_length=1, max_length=80, description="The minion playing it.")
    votes: int = Field(default=1, ge=1, le=20)


class ClanVotes(Strict):
    """'In this referendum, each ready Brujah gets 1 additional vote.': votes the calling card gives a clan."""

    clan: str = Field(min_length=1, max_length=40)
    ready: bool = Field(default=False, description="Only ready vampires of the clan ('each ready Brujah').")
    votes: int = Field(default=1, ge=1, le=5)


class Ballot(Strict):
    """The votes one Methuselah casts on one side, and where each comes from (ref14:IV.C.4)."""

    player: str = Name
    side: Side
    titles: tuple[str, ...] = Field(default=(), description="Her ready titled vampires whose votes she casts.")
    political_cards: int = Field(default=0, ge=0, le=20, description="Political cards burned from hand, 1 vote each.")
    edge: bool = Field(default=False, description="She burns the Edge for one vote.")
    cards: tuple[VoteCard, ...] = Field(default=(), description="Vote cards played by her minions.")
    clan: tuple[str, ...] = Field(default=(), description="Her vampires casting the votes the calling card gives "
                                                          "their clan ('each ready Brujah gets 1 additional vote').")
    pool: int = Field(default=0, ge=0, le=20, description="Pool she burns for votes while a polling card lets "
                                                           "Methuselahs do so (Business Pressure): only in that "
                                                           "card's `ballots`, during its resolution.")


class Terms(Strict):
    """What the referendum does if it passes: fixed when the action succeeds (ref14:IV.B.note1)."""

    gain_pool: dict[str, int] = Field(default_factory=dict, description="Methuselah -> pool gained.")
    burn_pool: dict[str, int] = Field(default_factory=dict, description="Methuselah -> pool burned.")
    title: str | None = Field(default=None, max_length=60, description="A title given to `titled`.")
    titled: str | None = Field(default=None, max_length=80, description="The vampire given `title`.")
    burn: str | None = Field(default=None, max_length=80, description="A minion burned.")
    title_on_acting: bool = Field(default=False, description="`title` goes to the acting vampire ('put this card "
                                                             "on the acting vampire to represent the title').")
    card_stays: bool = Field(default=False, description="The card is put on the titled vampire, not burned.")
    capacity: int = Field(default=0, ge=-3, le=3, description="The titled vampire's capacity changes by this ...")
    capacity_if_clan: str | None = Field(default=None, max_length=40, description="... if it is of this clan.")
    each_pool: int = Field(default=0, ge=-10, le=10,
                           description="Each Methuselah gains (or burns, negative) this much pool ...")
    each_per: Literal["methuselah", "minion", "locked minion"] = Field(
        default="methuselah", description="... once, or for each (locked) minion she controls.")
    edge_pool: int = Field(default=0, ge=-10, le=10, description="The Methuselah with the Edge gains (burns) this.")
    loses_title: str | None = Field(default=None, max_length=80, description="A vampire who loses its title.")
    chosen_ready: bool = Field(default=False, description="The chosen vampire must be ready ('a ready prince').")
    chosen_title: str | None = Field(default=None, max_length=40, description="... must hold this kind of title.")
    chosen_clan: str | None = Field(default=None, max_length=40, description="... must be of this clan.")
    location: str | None = Field(default=None, max_length=80, description="A location in play that changes "
                                                                          "controller ...")
    location_to: str | None = Field(default=None, max_length=80, description="... to this Methuselah.")
    to_uncontrolled: str | None = Field(default=None, max_length=80,
                                        description="A vampire moved to its controller's uncontrolled region, keeping "
                                                    "its blood, title and cards (out of play until controlled).")
    chosen_younger: bool = Field(default=False, description="The chosen vampire must be younger than the acting one.")
    edge_to: str | None = Field(default=None, max_length=80, description="The Methuselah who gets the Edge.")
    lock_clan: str | None = Field(default=None, max_length=40, description="Every ready vampire of this clan locks.")
    each_per_clan: str | None = Field(default=None, max_length=40,
                                      description="`each_pool` for each vampire of this clan she controls ...")
    each_base: int = Field(default=0, ge=-5, le=5, description="... plus this, once ('X+1').")
    allocation_points: int | None = Field(default=None, ge=0, le=20,
                                          description="`burn_pool` is an allocation of this many points among two or "
                                                      "more Methuselahs (0: as many as there are Methuselahs).")
    steal_from_richer: int = Field(default=0, ge=0, le=5, description="The caller's Methuselah steals this much "
                                                                      "from each Methuselah with more pool.")
    burn_bleed_at_least: int | None = Field(default=None, ge=1, le=20,
                                            description="Every vampire whose bleed is at least this is burned.")
    steal_unless_capacity_above: int | None = Field(
        default=None, ge=1, le=20, description="The caller's Methuselah steals 1 pool from each Methuselah who "
                                               "controls no vampire with a capacity above this.")
    swap_with: str | None = Field(default=None, max_length=80,
                                  description="The caller's Methuselah and this one switch seats.")
    chosen_sect: str | None = Field(default=None, max_length=40, description="... must be of this sect.")
    next_passes: bool = Field(default=False, description="'If the referendum passes, then the next referendum "
                                                         "called by any vampire thereafter passes automatically.'")


class PollingCard(Strict):
    """A card or vampire ability used during the polling step, between the ballots (checker/engine/polling.py).

    Described by its effects: Scorn of Adonis is `burn_against: 1`, Disarming Presence `lock_voters`,
    Business Pressure `votes_per_pool` with the ballots cast during its resolution, Alexandra's ability `unlock`.
    """

    name: str = Name
    by: str = Field(min_length=1, max_length=80, description="The minion playing or using it.")
    kind: Literal["modifier", "reaction", "ability"] = Field(
        default="modifier", description="An action modifier of the acting vampire, a reaction of another "
                                        "Methuselah's untapped minion, or the text of a vampire of the acting "
                                        "Methuselah ('once during your turn').")
    after: int = Field(default=0, ge=0, le=20, description="How many ballots were cast before it is used.")
    burn_against: int = Field(default=0, ge=0, le=5, description="Each Methuselah casting votes or ballots against "
                                                                 "burns this much pool once results are tallied.")
    lock_voters: bool = Field(default=False, description="'When a vampire votes in this referendum, lock him or her.'")
    spare_own: bool = Field(default=False, description="... 'but do not lock your vampires'.")
    votes_per_pool: int = Field(default=0, ge=0, le=5, description="Methuselahs burn pool for this many votes "
                                                                   "each, during this card's resolution ...")
    ballots: tuple[Ballot, ...] = Field(default=(), description="... the ballots cast during that resolution.")
    unlock: str | None = Field(default=None, max_length=80, description="A vampire it unlocks.")
    unlock_clan: str | None = Field(default=None, max_length=40, description="... who must be of this clan, "
                                                                            "ready, and not the user.")
    once_per_turn: bool = Field(default=False, description="The ability is usable 'once during your turn'.")
    cancel: bool = Field(default=False, description="'Cancel the referendum. Unlock the acting vampire.' and the "
                                                    "calling card returns to its owner's hand (Delaying Tactics).")
    bars_repeat: bool = Field(default=False, description="... 'Minions controlled by the acting Methuselah cannot "
                                                         "perform the same political action again this turn.'")
    blood: int = Field(default=0, ge=0, le=5, description="The blood it costs the minion playing it.")
    abstain: str | None = Field(default=None, max_length=80,
                                description="'Force a vampire to abstain (this can cancel their votes and ballots).'")
    younger: bool = Field(default=False, description="... a vampire younger than the one playing it (by capacity).")


class VoteSpec(Strict):
    """The referendum: the calling card's vote and the ballots cast, in order."""

    calling_vote: Side = Field(default="for", description="The side the calling card's vote is cast on.")
    ballots: tuple[Ballot, ...] = ()
    polling: tuple[PollingCard, ...] = Field(default=(), description="Cards and abilities used between the ballots.")
    votes_with: str | None = Field(
        default=None, max_length=80,
        description="A vampire whose text makes every vampire of its clan not abstaining cast votes with it when "
                    "results are tallied, unless it abstains (Astrid Thomas).")
