"""The decisions players make: what a scenario step says and what the engine applies.

Cards are generic, described inline by what they do (a modifier with ``stealth: 1``, an
action card with ``bleed: 2`` and ``cost: {blood: 1}``): there is no card database.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, model_validator

from checker.engine.combat_decisions import BlockCombat, Combat
from checker.engine.models import Cost, Count, ItemText, Name, Requires, Strict
from checker.engine.vote_decisions import Ballot, ClanVotes, Terms, VoteSpec

__all__ = ["Ballot", "BlockCombat", "ClanVotes", "Combat", "Cost", "Count", "Name", "Requires", "Strict", "Terms",
           "VoteSpec"]


class Modifier(Requires):
    """An action modifier card played by the acting minion (ref14:III.D.note1)."""

    name: str = Name
    stealth: int = Field(default=0, ge=0, le=20, description="Stealth it adds.")
    bleed: int = Field(default=0, ge=0, le=20, description="Pool it adds to a bleed.")
    limited: bool = Field(default=False, description="'(limited)': one limited bleed modifier each action.")
    bleed_only: bool = Field(default=False, description="'Only usable during a bleed action'.")
    not_bleed: bool = Field(default=False, description="'Not usable during a bleed action'.")
    when_announced: bool = Field(default=False, description="'Only usable when the action is announced'.")
    close_range_combat: bool = Field(default=False, description="If the action is blocked, the combat is at close "
                                                                "range and the determine-range step is skipped.")
    by: str | None = Field(default=None, max_length=80,
                           description="Another ready vampire of the acting Methuselah playing it, as its card allows "
                                       "('Only usable by a ready vampire other than the acting minion').")
    cost: Cost = Cost()
    location: bool = Field(default=False, description="A card of hers in play (a location), locked to give this, "
                                                      "not a card played from hand ('Lock to give a Gangrel you "
                                                      "control +1 stealth').")
    for_clan: str | None = Field(default=None, max_length=40, description="The minion it is given to must be of this "
                                                                          "clan ('a Gangrel you control').")


class Reaction(Requires):
    """A reaction card played by a blocking minion (ref14:III.C.2.a)."""

    name: str = Name
    intercept: int = Field(default=0, ge=0, le=20, description="Intercept it adds.")
    cost: Cost = Cost()
    bleed_at_you: bool = Field(default=False, description="'Only usable during a bleed action directed at you': at "
                                                          "its player, as the bleed now stands (after a redirection).")
    location: bool = Field(default=False, description="A card of hers in play (a location), locked to give this "
                                                      "intercept, not a card played from hand.")
    for_clan: str | None = Field(default=None, max_length=40, description="The minion must be of this clan.")
    block_any: bool = Field(default=False, description="'This vampire attempts to block the current action, ignoring "
                                                       "the normal prey, predator or target restrictions': played "
                                                       "first in the block attempt it starts.")
    replace: Literal["after_action", "next_unlock"] | None = Field(
        default=None, description="'Do not replace until after this action.' (ref14:I.H.2), 'Do not replace until "
                                  "your next unlock phase.' (its text, rb95:12.p1): the hand is one card short until "
                                  "then; unset: replaced at once (ref14:I.H.1).")


class RetainerIntercept(Strict):
    """A retainer's effect the blocking vampire uses: it burns blood for as much intercept ('Vampire with this
    retainer may burn X blood to get +X intercept for the current action': Corpse Minion)."""

    name: str = Name
    blood: int = Field(ge=1, le=20, description="The blood burned, X: the intercept gained.")


class Play(Strict):
    """One card played during a block attempt: a reaction by the blocker or a modifier by the actor."""

    reaction: Reaction | None = None
    modifier: Modifier | None = None
    retainer: RetainerIntercept | None = Field(default=None, description="A retainer's intercept effect the "
                                                                           "blocker uses.")

    @model_validator(mode="after")
    def _exactly_one(self) -> Play:
        if sum(x is not None for x in (self.reaction, self.modifier, self.retainer)) != 1:
            raise ValueError("give exactly one of reaction, modifier or retainer")
        return self


class ActionEnder(Strict):
    """A card played as the block succeeds that ends the action unsuccessfully, with no combat: the acting minion
    unlocks and 'cannot perform the same action again this turn' (Change of Target, by the acting minion; Obedience,
    by a blocking vampire about to enter combat with a younger acting vampire)."""

    name: str = Name
    blocker_plays: bool = Field(default=False, description="The blocking vampire plays it; otherwise the actor.")
    unlock: bool = Field(default=True, description="The acting minion unlocks (not superior Obedience).")
    younger_only: bool = Field(default=False, description="'an acting younger vampire': lower capacity.")
    cost: Cost = Cost()


class BlockAttempt(Strict):
    """A minion tries to block; the cards played while stealth and intercept are compared, in order."""

    by: str = Name
    plays: tuple[Play, ...] = ()
    combat: BlockCombat | None = Field(default=None, description="The combat if the block succeeds.")
    ends: ActionEnder | None = Field(default=None, description="A card ending the action as the block succeeds, "
                                                               "before combat (Change of Target, Obedience).")


class Frenzy(Strict):
    """An out-of-turn master card played on an action that remains unblocked (Brujah Frenzy): the action is
    unsuccessful and the acting minion enters combat with a chosen ready, unlocked minion of another Methuselah."""

    player: str = Name
    name: str = Name
    cost: Cost = Cost()
    clan: str | None = Field(default=None, max_length=40, description="The acting minion's clan ('a ready Brujah').")
    minion: str | None = Field(default=None, max_length=80, description="The minion chosen; none if none can be.")
    then: tuple[Modifier, ...] = Field(default=(), description="Action modifiers the acting Methuselah tries to play "
                                                               "after the card, before combat begins.")
    combat: BlockCombat | None = Field(default=None, description="The combat that follows.")


class Action(Strict):
    """What every minion action has: the acting minion, modifiers played before blocks, block attempts."""

    actor: str = Name
    modifiers: tuple[Modifier, ...] = Field(default=(), description="Modifiers played before any block attempt.")
    blocks: tuple[BlockAttempt, ...] = Field(default=(), description="Block attempts, in the order they are made.")
    after_blocks: tuple[Modifier, ...] = Field(
        default=(), description="Modifiers played once the block attempts are over, before the action resolves "
                                "(ref14:III.D.note1: 'at any time in the above sequence').")
    frenzy: Frenzy | None = Field(default=None, description="An out-of-turn master card making the unblocked action "
                                                            "unsuccessful and starting a combat (Brujah Frenzy).")


class Redirect(Strict):
    """A reaction changing the target of a bleed, after blocks are declined (Deflection): the new target may block."""

    by: str = Field(min_length=1, max_length=80, description="The reacting vampire, a minion of the bleed's target.")
    reaction: Reaction
    to: str = Field(min_length=1, max_length=80, description="The Methuselah the bleed goes to instead.")
    lock: bool = Field(default=True, description="The reacting vampire locks (Deflection's basic text).")
    blocks: tuple[BlockAttempt, ...] = Field(default=(), description="The new target's block attempts.")


class BleedReduction(Strict):
    """A reaction of the bled Methuselah's minion reducing the bleed (Telepathic Counter), played before the bleed
    succeeds: before or after the block attempts."""

    by: str = Field(min_length=1, max_length=80, description="The reacting vampire, a minion of the bleed's target.")
    reaction: Reaction
    amount: int = Field(ge=1, le=10, description="How much the bleed is reduced.")
    before_blocks: bool = Field(default=False, description="Played before the block attempts: spent even if the "
                                                           "bleed is then blocked.")


class Boon(Strict):
    """An out-of-turn master card by which its player burns the pool of another Methuselah's bleed instead of her,
    the bleed still successful (Major Boon)."""

    player: str = Name
    name: str = Name
    cost: Cost = Cost()


class Bleed(Action):
    """Bleed a Methuselah, by default the prey (ref14:II.C.1, rb95:6.4.bleed)."""

    target: str | None = Field(default=None, max_length=80, description="The Methuselah bled; default: the prey.")
    redirect: Redirect | None = Field(default=None, description="A reaction sending the bleed elsewhere (Deflection).")
    reductions: tuple[BleedReduction, ...] = Field(
        default=(), description="Reactions reducing the bleed (Telepathic Counter), by the target's minions.")
    boons: tuple[Boon, ...] = Field(default=(), max_length=5, description="Cards taking the bleed's pool loss "
                                                                          "(Major Boon), in the order played.")


class Hunt(Action):
    """Hunt: a vampire gains blood from the bank (ref14:II.C.2, rb95:6.4.hunt)."""

    burned_at_capacity: str | None = Field(default=None, max_length=80, description="A card on the hunter: 'If the "
                                                                                    "Ventrue hunts while at full "
                                                                                    "capacity, he or she is burned' "
                                                                                    "(Triole's Revenge).")


class RetainerCard(Requires):
    name: str = Name
    life: int = Field(default=1, ge=0, le=50)
    cost: Cost = Cost()
    bonus: dict[Literal["intercept", "bleed", "stealth", "strength"], int] = Field(
        default_factory=dict, description="What it gives its employer: 'The employer gets +1 intercept.'")
    round_damage: int = Field(default=0, ge=0, le=5, description="Damage it inflicts on the opposing minion each "
                                                                 "round during strike resolution (Murder of Crows).")
    round_damage_ranged: bool = Field(default=False, description="That damage reaches long range ('1R').")
    no_combat_ends: bool = Field(default=False, description="'Minions in combat with the employer cannot strike: "
                                                            "combat ends.'")
    no_equipment_after_block: bool = Field(default=False, description="'Minions blocking or blocked by the employer "
                                                                      "cannot use equipment during the resulting "
                                                                      "combat.'")
    unique: bool = Field(default=False, description="A unique card: a second copy in play contests it "
                                                    "(ref14:II.note1).")


class EmployRetainer(Action):
    """Employ a retainer (ref14:II.C.3, rb95:6.4.employ-retainer)."""

    retainer: RetainerCard


class AllyCard(Requires):
    name: str = Name
    life: int = Field(default=1, ge=1, le=50)
    cost: Cost = Cost()
    strength: int | None = Field(default=None, ge=0, le=10,
                                 description="Its strength as its card prints it ('1 strength, 0 bleed.'): its hand "
                                             "strikes do that much. Default: the rule's hand damage.")
    bleed: int | None = Field(default=None, ge=0, le=10,
                              description="Its bleed as its card prints it ('0 strength, 3 bleed.'). Default: the "
                                          "rule's bleed of 1.")
    stealth: int = Field(default=0, ge=0, le=5, description="Stealth its card gives each of its actions ('Gypsies "
                                                            "get +1 stealth on each of their actions.').")
    unique: bool = Field(default=False, description="'Unique': a second copy in play is contested (ref14:II.note1).")
    card: str | None = Field(default=None, max_length=80,
                             description="The ally card, when the ally is named otherwise (a second copy).")


class RecruitAlly(Action):
    """Recruit an ally (ref14:II.C.4, rb95:6.4.recruit-ally)."""

    ally: AllyCard


class EquipmentCard(Requires):
    name: str = Name
    cost: Cost = Cost()
    unique: bool = Field(default=False, description="A unique card: a second copy in play contests it "
                                                    "(ref14:II.note1).")
    text: ItemText | None = Field(default=None, description="What it does to its bearer by its text, once in play "
                                                            "(filled from a real card).")


class Equip(Action):
    """Equip the acting minion with an equipment card (ref14:II.C.5, rb95:6.4.equip)."""

    equipment: EquipmentCard
    search: bool = Field(default=False, description="A card in play's +1 stealth equip action with the first "
                                                    "equipment found in the library (Vast Wealth): `equipment` is "
                                                    "the one found, if the action succeeds.")


class TakeEquipment(Action):
    """Take equipment from another minion of the same Methuselah (ref14:II.C.6)."""

    source: str = Field(min_length=1, max_length=80, description="The minion the equipment is taken from.")
    equipment: tuple[str, ...] = Field(min_length=1, description="Names of the equipment taken.")


class LeaveTorpor(Action):
    """A vampire in torpor leaves it (ref14:II.C.7)."""


class Rescue(Action):
    """Rescue a vampire from torpor (ref14:II.C.8.c)."""

    target: str = Name
    pay: dict[str, int] | None = Field(
        default=None, description="Blood paid by each vampire, e.g. {Cassandra: 1, Eliza: 1}; default: the actor pays.")


class SkillCard(Strict):
    """The skill card a younger diablerist's Methuselah finds (ref14:II.C.8.e.i): a Discipline card, placed on the
    diablerist (rb95:3.2.1.disciplines: 'played on a vampire to give her new Disciplines or enhance the
    Disciplines she already knows ... In addition, a Discipline card increases a vampire's blood capacity by one')."""

    discipline: str = Field(max_length=40, description="The Discipline the card gives: Auspex, Thaumaturgy, ...")
    found_in: Literal["hand", "library", "ash_heap"] = Field(
        description="Where she finds it: 'go through his hand, Library, and/or Ash Heap'.")


class Diablerize(Action):
    """Encounter a vampire in torpor to diablerize it (ref14:II.C.8.e)."""

    target: str = Name
    skill_card: bool | SkillCard = Field(
        default=True, description="A younger diablerist's skill card (ref14:II.C.8.e.i): the card found (its "
                                  "Discipline and where), or true (one is found, the game's state not told) or false "
                                  "(none is found).")


class Feed(Strict):
    """Blood from the bank to each of the player's vampires of a kind ('Each of your unlocked vampires gains 1 blood',
    'Each Ventrue antitribu in your uncontrolled region gains 1 blood')."""

    amount: int = Field(ge=1, le=20)
    where: Literal["ready", "uncontrolled"] = "ready"
    unlocked: bool = False
    sect: str | None = Field(default=None, max_length=40)
    clan: str | None = Field(default=None, max_length=40)


class NewVampire(Strict):
    """A vampire that comes out of the crypt: its name in the scenario and its capacity."""

    name: str = Name
    capacity: int = Field(ge=1, le=20)


class ActionCardSpec(Requires):
    """A generic action card, described by its effects (ref14:II.C.10)."""

    name: str = Name
    directed: bool = Field(default=False, description="A (D) action, directed at `target`'s Methuselah.")
    target: str | None = Field(default=None, max_length=80, description="A Methuselah or a minion.")
    stealth: int = Field(default=0, ge=0, le=20)
    cost: Cost = Cost()
    bleed: int = Field(default=0, ge=0, le=100, description="The target Methuselah is bled for this much.")
    gain_blood: int = Field(default=0, ge=0, le=100, description="The acting vampire gains this much blood.")
    gain_pool: int = Field(default=0, ge=0, le=100, description="The acting Methuselah gains this much pool.")
    burn_pool: int = Field(default=0, ge=0, le=100, description="The target Methuselah burns this much pool.")
    burn_blood: int = Field(default=0, ge=0, le=100, description="The target minion burns this much blood.")
    bleed_plus: int | None = Field(default=None, ge=0, le=20,
                                   description="'(D) Bleed with +1 bleed': a bleed for the acting minion's bleed plus "
                                               "this, at `target` (default: the prey).")
    bleed_any: bool = Field(default=False, description="'Bleed any Methuselah': not only the prey.")
    bleed_predator_or_prey: bool = Field(default=False, description="'Bleed your predator or prey'.")
    bleed_max: int | None = Field(default=None, ge=1, le=20,
                                  description="'If more than 1 pool is bled with this action, ignore the excess.'")
    gain_pool_if_bled: int = Field(default=0, ge=0, le=20,
                                   description="'Gain 1 pool if the bleed is successful (for 1 or more).'")
    add_blood: int = Field(default=0, ge=0, le=20, description="Blood added to `blood_to` from the blood bank.")
    blood_to: str | None = Field(default=None, max_length=80, description="The vampire `add_blood` goes to.")
    blood_to_kind: Literal["younger_uncontrolled", "another"] | None = Field(
        default=None, description="What `blood_to` must be: 'a younger vampire in your uncontrolled region', "
                                  "'another vampire'.")
    feed: Feed | None = Field(default=None, description="'Each of your unlocked vampires gains 1 blood.'")
    crypt_move: NewVampire | None = Field(
        default=None, description="'Move the top card from your crypt to your uncontrolled region': the vampire it "
                                  "turns out to be.")
    lock: Literal["lock", "unlock"] | None = Field(default=None, description="The card locks (or unlocks) `target`.")
    target_whose: Literal["any", "prey", "predator_or_prey"] = Field(
        default="any", description="Whose minion `target` must be: 'controlled by your prey'.")
    target_ready: bool = Field(default=False, description="`target` must be ready: 'Lock a ready minion'.")
    target_kind: Literal["minion", "vampire", "younger_vampire_or_ally", "ally_or_retainer"] = Field(
        default="minion", description="What `target` must be.")
    burn_target: bool = Field(default=False, description="`target` (an ally or a retainer) is burned.")
    ability: str | None = Field(default=None, max_length=80,
                                description="The action is the acting vampire's own text (this card's), or the text "
                                            "of equipment it carries, not a card played from hand: nothing is "
                                            "played or replaced.")
    steal_edge: bool = Field(default=False, description="'steal the Edge': from the Methuselah who has it.")
    burn_location: bool = Field(default=False, description="'burn a location': `target` names the location in play.")
    burn_after_use: bool = Field(default=False, description="The equipment giving the action is burned once the "
                                                            "action succeeds ('Burn the Bomb after use.').")
    steal: Literal["ally", "retainer", "location"] | None = Field(
        default=None, description="'(D) Steal an ally controlled by another Methuselah.' (or a retainer employed "
                                  "by another vampire, a location): `target` names it; its owner stays its owner.")
    prey_vampires_burn: int = Field(default=0, ge=0, le=20,
                                    description="'Each ready vampire controlled by your prey burns 1 blood.'")
    enter_combat: bool = Field(default=False, description="If the action succeeds, the acting minion enters combat "
                                                          "with `target`, a minion (ref14:II.C.note2).")
    combat: BlockCombat | None = Field(default=None, description="That combat, round by round.")
    replace: Literal["after_action"] | None = Field(
        default=None, description="'Do not replace until after this action.': the card leaves the hand as it is "
                                  "played and is replaced once the action is finished (ref14:I.H.2); unset: "
                                  "replaced as the action resolves (ref14:I.H.1).")


class PlayAction(Action):
    """Play an action card (ref14:II.C.10)."""

    card: ActionCardSpec


class PoliticalCard(Requires):
    """The political action card that calls a referendum (ref14:II.C.9, rb95:7)."""

    name: str = Name
    cost: Cost = Cost()
    terms: Terms = Terms()
    clan_votes: ClanVotes | None = Field(default=None, description="Votes the card gives a clan in its referendum.")


class CallVote(Action):
    """Call a referendum with a political card (ref14:II.C.9, ref14:IV, rb95:7)."""

    card: PoliticalCard
    vote: VoteSpec = VoteSpec()


class BloodHunt(Strict):
    """The blood hunt vote any Methuselah may call right after a diablerie (ref14:II.C.8.e.ii)."""

    called_by: str = Name
    vote: VoteSpec = VoteSpec()


class MasterMoves(Strict):
    """What a master card moves or burns, at once (rb95:3.2.1): the text's kind, and the scenario's choices."""

    kind: Literal["vampire_to_pool", "each_ready_to_pool", "pool_to_vampires", "vampire_to_vampires", "crypt_move",
                  "burn_vampire_in_torpor", "burn_location", "lock", "lock_all"]
    source: str | None = Field(default=None, max_length=80, description="The vampire the blood comes from.")
    amounts: dict[str, int] = Field(default_factory=dict, description="Blood moved: {vampire: n} to or from them.")
    target: str | None = Field(default=None, max_length=80, description="The vampire, location or minion.")
    clan: str | None = Field(default=None, max_length=40, description="'Lock all ready Tremere.'")
    crypt_move: NewVampire | None = None


class MasterCard(Strict):
    """A generic master card: its pool cost and simple effects."""

    name: str = Name
    cost: Cost = Cost()
    gain_pool: int = Field(default=0, ge=0, le=100)
    blood_to: str | None = Field(default=None, max_length=80, description="A minion that gains `blood` blood.")
    blood: int = Field(default=0, ge=0, le=100)
    clan: str | None = Field(default=None, max_length=40,
                             description="Its clan symbol: playable only with a ready vampire of that clan (rb95:3.2).")
    location: bool = Field(default=False, description="A location: it stays in play (rb95:3.2.1.locations).")
    discipline: str | None = Field(default=None, max_length=40,
                                   description="A Discipline card giving this Discipline (rb95:3.2.1.disciplines).")
    vampire: str | None = Field(default=None, max_length=80, description="The vampire a Discipline card is played on.")
    in_play: bool = Field(default=False, description="'Put this card in play.': it stays in play (rb95:3.2.1.p1).")
    unique: bool = Field(default=False, description="A unique card: a second copy in play contests it "
                                                    "(ref14:II.note1).")
    choose: str | None = Field(default=None, max_length=80, description="The ready vampire she controls the card "
                                                                        "chooses as it is played (The Rack).")
    names: str | None = Field(default=None, max_length=80,
                              description="Another Methuselah's vampire, also in her uncontrolled region, the card "
                                          "names (Betrayer); its controller burns `unlock_burn` pool each unlock.")
    unlock_burn: int = Field(default=0, ge=0, le=10)
    moves: MasterMoves | None = Field(default=None, description="Counters a master card moves, as its text says.")
    take_control: Literal["ally", "vampire"] | None = Field(
        default=None, description="'Take control of an ally controlled by another Methuselah': `target` names it.")
    target: str | None = Field(default=None, max_length=80)
    target_clan: str | None = Field(default=None, max_length=40, description="'a ready Malkavian': its clan.")
    until: Literal["end", "unlock"] = Field(default="end", description="Control lasts 'until the end of your turn' "
                                                                       "or 'until your next unlock phase'.")

    @model_validator(mode="after")
    def _discipline_on(self) -> MasterCard:
        if (self.discipline is None) != (self.vampire is None):
            raise ValueError("a Discipline card names both `discipline` and the `vampire` it is played on")
        return self


class CardUse(Strict):
    """A card she controls in play used for what it does in one of her phases (the step `use_card`, in the
    influence phase; `untap: {use_cards: [...]}` in the untap phase): a hunting ground giving a ready
    vampire blood in her unlock phase, a location locked in her influence phase to add blood to an uncontrolled
    vampire of a clan, a card locked for pool while she has the Edge."""

    name: str = Name
    vampire: str | None = Field(default=None, max_length=80, description="The vampire that gains the blood.")
    phase: Literal["unlock", "master", "influence"] | None = Field(default=None,
                                                                   description="The phase it is used in.")
    blood: int = Field(default=0, ge=0, le=10, description="Blood the vampire gains from the bank.")
    to: Literal["ready", "uncontrolled"] | None = Field(
        default=None, description="Where the vampire must be: ready and controlled, or in her uncontrolled region.")
    clan: str | None = Field(default=None, max_length=40, description="The clan the vampire must be of.")
    pool: int = Field(default=0, ge=0, le=10, description="Pool she gains.")
    if_edge: bool = Field(default=False, description="Only while she controls the Edge.")
    lock: bool = Field(default=False, description="The card locks to be used.")
    hunting_ground: bool = Field(default=False, description="A hunting ground: a vampire gains blood from only one "
                                                            "each turn, as the card says.")
    chosen: bool = Field(default=False, description="Only the vampire the card chose as it was played (The Rack).")


class Guess(Strict):
    """A guess at the vampire a card in play names (Betrayer), paid for with pool in the unlock phase."""

    name: str = Name
    of: str = Field(max_length=80, description="The Methuselah controlling the card.")
    vampire: str = Field(max_length=80, description="The vampire guessed.")


UntapStep = Literal["edge", "contests", "cards", "withdraw"]
UNTAP_STEPS: tuple[UntapStep, ...] = ("edge", "contests", "cards", "withdraw")


class Untap(Strict):
    """Perform the untap phase of the Methuselah whose turn it is (ref14:II.A).

    Contested cards and titles not named in ``yield_`` are contested (paid for) again.
    """

    yield_: tuple[str, ...] = Field(default=(), alias="yield",
                                    description="Minions whose contested card she yields (ref14:II.A.2.d.iii).")
    yield_titles: tuple[str, ...] = Field(default=(), description="Vampires whose contested title she yields.")
    yield_items: tuple[str, ...] = Field(default=(), description="Her contested unique equipment and retainers "
                                                                 "she yields (burned).")
    yield_cards: tuple[str, ...] = Field(default=(), description="Her contested cards in play (locations, master "
                                                                 "cards) she yields (ref14:II.A.2.d.iii).")
    item_damage: dict[str, str] = Field(default_factory=dict, max_length=10,
                                        description="Equipment whose text damages a ready minion you control in your "
                                                    "unlock phase, and the minion it damages: {Talbot's Chainsaw: X}. "
                                                    "Default: the bearer, when it is your only ready minion.")
    use_cards: tuple[CardUse, ...] = Field(default=(), max_length=20,
                                           description="Her cards in play used in the untap phase (ref14:II.A.2.e): "
                                                       "[{card: Zoo Hunting Ground, vampire: X}].")
    guesses: tuple[Guess, ...] = Field(default=(), max_length=10,
                                       description="Guesses at cards in play naming her vampire (Betrayer).")
    withdraw: bool = Field(default=False, description="Announce her intention to withdraw (ref14:II.A.2.f).")
    edge_pool: bool = Field(default=True, description="With the Edge, take its pool; false declines it, where the "
                                                      "edition makes it optional (rb95:6.1.edge).")
    order: tuple[UntapStep, ...] = Field(
        default=UNTAP_STEPS, min_length=1, max_length=4,
        description="The order of the untap steps, taken after untapping in any order (ref14:II.A.2): `edge` "
                    "(II.A.2.b), `contests` (II.A.2.c and d), `cards` (II.A.2.e, the cards in `use_cards`), `withdraw` "
                    "(II.A.2.f). Steps left out follow in this default order.")

    @model_validator(mode="after")
    def _once_each(self) -> Untap:
        if len(set(self.order)) != len(self.order):
            raise ValueError("each untap step may be named once in `order`")
        return self

    @property
    def steps(self) -> tuple[UntapStep, ...]:
        """Every untap step, in the order asked for."""
        return (*self.order, *(s for s in UNTAP_STEPS if s not in self.order))


class Master(Strict):
    """The master phase: play a master card or pass (ref14:II.B)."""

    card: MasterCard | None = None


class OutOfTurnMaster(Strict):
    """A Methuselah plays an out-of-turn master card during another's turn (ref14:II.note3)."""

    player: str = Name
    card: MasterCard


class Transfer(Strict):
    """One use of transfers (ref14:II.D.2): pool to a vampire, blood back to pool, or a crypt move."""

    pool_to: str | None = Field(default=None, max_length=80)
    blood_to_pool: str | None = Field(default=None, max_length=80)
    amount: int = Field(default=1, ge=1, le=100)
    crypt_move: dict[str, Any] | None = Field(
        default=None, description="The vampire moved from the crypt: {name: X, capacity: N}.")

    @model_validator(mode="after")
    def _exactly_one(self) -> Transfer:
        given = [x for x in (self.pool_to, self.blood_to_pool, self.crypt_move) if x is not None]
        if len(given) != 1:
            raise ValueError("give exactly one of pool_to, blood_to_pool or crypt_move")
        return self

    @property
    def kind(self) -> str:
        """Which use of transfers this is (ref14:II.D.2.a, b or c)."""
        return "pool to a vampire" if self.pool_to else "blood to pool" if self.blood_to_pool else "a crypt move"


class Influence(Strict):
    """The influence phase: spend transfers, then uncontrolled vampires at capacity become controlled."""

    transfers: tuple[Transfer, ...] = ()


class Discard(Strict):
    """The discard phase: discard cards and draw to replace them (ref14:II.E, rb95:5.step5)."""

    cards: int = Field(default=0, ge=0, le=100)


class BasicRedraw(Strict):
    """In the Basic Game, a card of the Advanced Game drawn is set aside and replaced (rb95:4.2.step3.basic-draw), or
    one that seems not to work under the basic rules is discarded and replaced (rb95:4.2.step3.confusing-cards)."""

    player: str = Name
    card: str = Name  # the card, as the Methuselah names it: the engine keeps no hand
    discard: bool = Field(default=False, description="Discard it (to the ash heap) rather than set it aside.")


class EndTurn(Strict):
    """End the turn: new allies become ready, the next Methuselah's turn begins (ref14:II.F)."""


class StartGame(Strict):
    """Set the game up: check deck sizes, fill pools, deal hands and uncontrolled vampires (ref14:I)."""

    ante: tuple[str, ...] = Field(default=(), max_length=10,
                                  description="The Methuselahs who deal one library card for ante (ref14:I.F, "
                                              "optional).")


DECISIONS: dict[str, type[Strict]] = {
    "start_game": StartGame,
    "untap": Untap,
    "master": Master,
    "out_of_turn_master": OutOfTurnMaster,
    "use_card": CardUse,
    "bleed": Bleed,
    "hunt": Hunt,
    "employ_retainer": EmployRetainer,
    "recruit_ally": RecruitAlly,
    "equip": Equip,
    "take_equipment": TakeEquipment,
    "leave_torpor": LeaveTorpor,
    "rescue": Rescue,
    "diablerize": Diablerize,
    "combat": Combat,
    "call_vote": CallVote,
    "blood_hunt": BloodHunt,
    "action": PlayAction,
    "influence": Influence,
    "discard": Discard,
    "basic_redraw": BasicRedraw,
    "end_turn": EndTurn,
}
"""Step names in scenario files and the decision each one is; a variant adds its own from above
(checker/engine/engine.py ``register``: the solitaire variant's on importing checker.solitaire)."""
