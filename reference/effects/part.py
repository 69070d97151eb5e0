"""A card part: the fragment of a card's text it quotes and its one effect; a card's encoding: its parts.

Each effect is a field of the part. A plain effect (a flag, a number, a name) declares the words its quote must
say with ``Says`` (or ``Check``) on its field; an effect made of several fields is a ``Kind`` of its family's
module (combat, actions, politics), which checks its own quote. Nothing else lists the effects: EFFECT_KEYS is
read off this model.
"""

from __future__ import annotations

from collections.abc import Iterator
from types import MappingProxyType
from typing import Annotated, Literal

from pydantic import Field, model_validator

from reference.effects.actions import (
    AbilityAction,
    AddBlood,
    CardBleed,
    Feed,
    LockGives,
    LockTarget,
    PhaseBlood,
    PhasePool,
    TakesControl,
)
from reference.effects.combat import (
    AdditionalStrikes,
    AllyStats,
    BearerDamage,
    CombatStrength,
    EquipmentPress,
    InflictEffect,
    ManeuverEffect,
    Modifier,
    Prevention,
    RoundDamage,
    StrikeEffect,
    UnlockDamage,
)
from reference.effects.politics import Choice, ClanVotes, Referendum, Requirement
from reference.effects.words import Check, Level, Says, Sect, Strict, has

Range = Literal["close", "long", "before_range", "first_round", "not_first_round", "bleed_action",
                "bled_after_blocks", "other_ready_vampire", "announced", "before_strikes", "end_of_round",
                "not_leaving_combat", "not_bleed_action"]

USABLE = {"close": Says(("close range",)), "long": Says(("long range",)), "before_range": Says(("before range is",)),
          "first_round": Says(("first round", "only usable"), never=("after the first round",)),
          "not_first_round": Says(("first round", ("not usable", "only usable after the first round"))),
          "bleed_action": Says(("during a bleed action",)),
          "not_bleed_action": Says(("not usable during a bleed action",)),
          "bled_after_blocks": Says(("bleeding you, after blocks are declined",)),
          "other_ready_vampire": Says(("by a ready vampire other than the acting minion",)),
          "announced": Says(("when the action is announced",)), "before_strikes": Says(("before strikes are chosen",)),
          "end_of_round": Says(("at the end of a round",)),
          "not_leaving_combat": Says(("not usable by a minion being burned or going to torpor",))}
"""What 'Only usable ...' says for each `usable`."""
MOVES_BLOOD = {
    "vampire_to_pool": Says(("move any amount of blood from a vampire you control to your pool",)),
    "each_ready_to_pool": Says(("move 1 blood from each ready vampire you control to your pool",)),
    "pool_to_vampires": Says(("from your pool to 1 or more vampires you control",)),
    "vampire_to_vampires": Says(("move any amount of blood from one of your ready vampires to any combination of "
                                 "your other ready vampires",))}
SOUL_COUNTERS = {
    "add_on_damage": Says(("successfully inflicts damage", "add a soul counter", "end of that round")),
    "damage_each": Says(("one additional point of damage each strike", "for each soul counter")),
    "lost_on_transfer": Says(("remove all soul counters", "another minion gains control"))}
DURATION = {"round": Says(("this round",)), "combat": Says(("this combat",)), "action": Says(("this action",))}
REPLACE = {"after_action": Says((("do not replace until after this action", "do not replace until after the action"),)),
           "after_combat": Says(("do not replace until after combat",)),
           "next_unlock": Says(("do not replace until your next unlock phase",))}
"""'Do not replace until after combat.' for each `replace`."""
LOCK_SELF = {"lock": Says(("lock this reacting vampire",)), "no_lock": Says(("do not lock",))}
BURNS = {"vampire_in_torpor": Says(("burn a vampire in torpor",)), "location": Says(("burn a location",))}
STEALS = {"ally": Says(("steal an ally",)), "retainer": Says(("steal a retainer",)),
          "location": Says(("steal a location",))}


def _discipline_card_unsaid(value: object, q: str, text: str) -> Iterator[str]:
    """A Discipline master card says 'Discipline.', '+1 level of X and +1 capacity' or what it may not be put on."""
    name = str(value)
    if not (q == "discipline." or has(q, f"cannot be put on a vampire with superior {name}")
            or (has(q, f"+1 level of {name}") and has(q, "+1 capacity"))):
        yield (f"'Discipline.', '+1 level of {name} and +1 capacity' or 'cannot be put on a vampire with superior "
               f"{name}' is not in {text!r}")


class Part(Strict):
    """One fragment of a card's text and the one effect it has."""

    text: str = Field(min_length=1, description="The fragment of the card's text, verbatim.")
    level: Level = Field(default="any", description="Which Discipline level's text: basic [pot], superior [POT].")
    sect: Annotated[Sect | None, Says(("{}",))] = None
    title: Annotated[str | None, Says(("{}",))] = Field(
        default=None, max_length=40, description="A title: Prince, Justicar, Primogen, ...")
    clan_trait: Annotated[Literal["blood cursed"] | None, Says(("{}",))] = None
    weapon: Annotated[Literal["gun", "melee", "weapon"] | None,
                      Says(by_value={"gun": Says(("gun",)), "melee": Says(("melee",))})] = None
    unique: Annotated[bool, Says(("unique",))] = False
    strike: StrikeEffect | None = None
    maneuver: ManeuverEffect | None = None
    modifier: Modifier | None = None
    prevent: Prevention | None = None
    usable: Annotated[Range | None, Says(by_value=USABLE)] = Field(
        default=None, description="'Only usable at long range', 'before range is determined'.")
    duration: Annotated[Literal["round", "combat", "action"] | None, Says(by_value=DURATION)] = Field(
        default=None, description="How long the part's effect lasts: 'this round', 'this combat'.")
    same_as_basic: Annotated[bool, Says(("as above",))] = Field(
        default=False, description="'As above': the superior text repeats the basic one.")
    use_as: Annotated[Literal["ACTION MODIFIER", "COMBAT", "REACTION", "ACTION"] | None, Says(("[{}]",))] = Field(
        default=None, description="A level played as another card type: '[COMBAT]'.")
    life: Annotated[int | None, Says(("{} life",))] = Field(
        default=None, ge=1, le=20, description="A retainer's or ally's life: 'with 1 life'.")
    ally_stats: AllyStats | None = Field(default=None, description="'1 strength, 0 bleed.': an ally's own strength "
                                                                   "and bleed.")
    round_damage: RoundDamage | None = Field(
        default=None, description="A retainer's damage to the opposing minion each round during strike resolution.")
    no_combat_ends_against: Annotated[bool,
                                      Says(("in combat with the employer", "cannot strike: combat ends"))] = Field(
        default=False, description="'Minions in combat with the employer cannot strike: combat ends.' (a retainer).")
    directed: Annotated[bool, Says(("(d)",))] = Field(default=False, description="'(D)': a directed action.")
    enter_combat: Annotated[bool, Says(("enter combat",))] = Field(
        default=False, description="'Enter combat with a minion': the action's effect.")
    replace: Annotated[Literal["after_action", "after_combat", "next_unlock"] | None, Says(by_value=REPLACE)] = Field(
        default=None, description="'Do not replace until after this action' ('after the action'), 'Do not replace "
                                  "until after combat.', 'Do not replace until your next unlock phase.'")
    lock_self: Annotated[Literal["lock", "no_lock"] | None,
                         Says(by_value=LOCK_SELF)] = Field(
        default=None, description="'Lock this reacting vampire', or 'do not lock this vampire'.")
    redirects_bleed: Annotated[bool, Says(("change the target of the bleed", "can attempt to block"))] = Field(
        default=False, description="'Change the target of the bleed to another "
        "Methuselah ... (that Methuselah can attempt to block)'.")
    hands_only_round: Annotated[bool, Says(("strikes that are not hand strikes cannot be used this round",))] = Field(
        default=False, description="'Strikes that are not hand strikes cannot be used "
        "this round (by either combatant).'")
    one_each_round: Annotated[bool, Says(("only one", "each round"))] = Field(
        default=False, description="'A vampire can play only one X each round.'")
    one_each_combat: Annotated[bool, Says(("only one", "each combat"))] = Field(
        default=False, description="'A vampire can play only one X each combat.'")
    inflicts: InflictEffect | None = Field(default=None, description="Damage the card inflicts apart from a strike.")
    inflict_aggravated: Annotated[bool, Says(("damage is aggravated",))] = Field(
        default=False, description="'but the damage is aggravated'.")
    inflict_grows: Annotated[int | None, Says(("increased by {} in each subsequent round",))] = Field(
        default=None, ge=1, le=5,
        description="'the amount of damage inflicted is increased by 1 in each "
        "subsequent round'.")
    if_inflicted_more: Annotated[bool, Says(("successfully inflicted more damage than the opposing",))] = Field(
        default=False, description="'during which this minion successfully inflicted "
        "more damage than the opposing vampire'.")
    if_more_blood: Annotated[bool, Says(("only usable if this vampire has more blood than the opposing",))] = Field(
        default=False, description="'Only usable if this vampire has more blood than the "
        "opposing vampire.'")
    opponent_gains_blood: Annotated[int | None, Says(("opposing vampire gains {} blood",))] = Field(
        default=None, ge=1, le=5, description="'Opposing vampire gains 1 blood "
        "(even at long range).'")
    no_strike_cards: Annotated[bool, Says(("cannot play any strike cards", "this combat"))] = Field(
        default=False, description="'Opposing minion cannot play any strike cards for the "
        "duration of this combat.'")
    restricts_opponent: Annotated[bool,
                                  Says(("cannot use maneuvers to maneuver to long range",
                                         "cannot use presses to end combat", "cannot use equipment"))] = Field(
        default=False, description="'he or she cannot use maneuvers to maneuver to long "
        "range, cannot use presses to end combat and cannot "
        "use equipment'.")
    sets_range: Annotated[bool, Says((("set the range", "skip the determine range step"),))] = Field(
        default=False, description="'Each round of combat, before range is determined, Cailean "
        "can set the range for that round.'")
    blocked_combat_close: Annotated[bool,
                                    Says((("combat is at close range", "skip the determine range step"),))] = Field(
        default=False, description="'If the action is blocked, the resulting combat is at close range ... skip the "
        "determine range step during that combat.'")
    reduces_bleed: Annotated[int | None, Says(("reduce a bleed", "by {}"))] = Field(
        default=None, ge=1, le=10, description="'Reduce a bleed against you by 1.'")
    employer: Annotated[Modifier | None, Says(("employer",))] = Field(
        default=None, description="'The employer gets +1 intercept.': a retainer's bonus to the minion employing it.")
    gain_pool: Annotated[int | None, Says(("gain {} pool",))] = Field(
        default=None, ge=1, le=20, description="'Gain 2 pool.'")
    gain_blood: Annotated[int | None, Says((("gain {} blood", "gains {} blood"),))] = Field(
        default=None, ge=1, le=20, description="'This vampire gains 2 blood.'")
    master: Annotated[Literal["master", "out-of-turn", "location", "unique location", "trifle"] | None,
                      Says(("{}",))] = Field(
        default=None, description="The master card's kind as its text opens: 'Master.', 'Master: location.'")
    press: Annotated[Literal["any", "continue", "end"] | None,
                     Says(("press",), by_value={"continue": Says(("continue",)), "end": Says(("end",))})] = Field(
        default=None, description="'Press.', 'Press, only usable to continue combat.' (or to end it).")
    prevents_all: Annotated[bool, Says(("prevent all damage",))] = Field(
        default=False, description="'Prevent all damage from the opponent's strike.'")
    prevents_all_round: Annotated[bool, Says(("prevent all damage", "remainder of this round"))] = Field(
        default=False, description="'prevent all damage from the opponent's strikes for "
        "the remainder of this round'.")
    additional_strikes: AdditionalStrikes | None = Field(default=None, description="'Additional strike (limited).'")
    combat_strength: CombatStrength | None = Field(
        default=None, description="'+1 strength for the remainder of the combat': strength added for the combat.")
    aggravated_as_normal: Annotated[bool, Says(("aggravated damage as normal damage",))] = Field(
        default=False, description="'treats aggravated damage as normal damage'.")
    hands_aggravated: Annotated[bool, Says((("hand strike", "hand damage"), "aggravated"))] = Field(default=False,
                                   description="'Damage from this vampire's hand strikes is aggravated this round.'")
    being: Annotated[Literal["equipment", "mortal", "animal", "location", "ammo", "grapple", "title",
                   "hunting ground", "ghoul", "mage", "mummy", "wraith", "werewolf", "changeling", "demon",
                   "zombie", "ally", "frenzy", "retainer"] | None, Says(("{}",))] = Field(
        default=None, description="What the card says it is: 'Equipment.', 'mortal', 'Animal', 'Ammo.'")
    sets_strength: Annotated[int | None, Says(("strength of {}",))] = Field(default=None, ge=0, le=10,
                                      description="'gets a strength of 2': the minion's strength becomes this.")
    blocker_burns: Annotated[int | None, Says(("blocking", "burns {} blood"))] = Field(default=None, ge=1, le=5,
                                      description="A vampire blocking this one burns this much blood: 'Any vampire "
                                                  "blocking X burns 1 blood'.")
    requires: Requirement | None = Field(default=None, description="'Requires a Camarilla vampire.'")
    choose: Choice | None = Field(default=None, description="'Choose a ready prince.': a choice made when played.")
    referendum: Referendum | None = Field(default=None, description="'Successful referendum means ...'.")
    clan_votes: ClanVotes | None = Field(default=None, description="Votes the card gives a clan in its referendum.")
    bleeds: CardBleed | None = Field(default=None, description="'(D) Bleed with +1 bleed.': the action's bleed.")
    gain_pool_if_bled: Annotated[int | None, Says(("gain {} pool if the bleed is successful",))] = Field(
        default=None, ge=1, le=10,
        description="'Gain 1 pool if the bleed is successful (for 1 or more).'")
    add_blood: AddBlood | None = None
    feed: Feed | None = Field(default=None, description="'Each of your unlocked vampires gains 1 blood.'")
    crypt_to_uncontrolled: Annotated[bool,
                                     Says(("move the top card from your crypt to your uncontrolled region",))] = Field(
        default=False, description="'Move the top card from your crypt to your "
        "uncontrolled region.'")
    ability_action: AbilityAction | None = Field(default=None, description="An action the vampire's text gives.")
    lock_target: LockTarget | None = Field(default=None, description="'(D) Lock a ready minion.'")
    lock_gives: LockGives | None = Field(default=None, description="'Lock to give a Gangrel you control +1 stealth.'")
    moves_blood: Annotated[Literal["vampire_to_pool", "each_ready_to_pool", "pool_to_vampires",
                                   "vampire_to_vampires"] | None,
                           Says(by_value=MOVES_BLOOD)] = Field(
        default=None, description="A master card moving counters: 'Move any amount of blood from a vampire you "
        "control to your pool.', 'Move 1 blood from each ready vampire you control "
        "to your pool.', from your pool to vampires, between your ready vampires.")
    burns: Annotated[Literal["vampire_in_torpor", "location"] | None,
                     Says(by_value=BURNS)] = Field(
        default=None, description="'Burn a vampire in torpor.', 'Burn a location.'")
    lock_all: Annotated[str | None, Says(("lock all ready {}",))] = Field(
        default=None, max_length=40, description="'Lock all ready Tremere.': the clan.")
    once_each_combat: Annotated[bool, Says(("only usable once each combat",))] = Field(
        default=False, description="A weapon's strike 'only usable once each combat'.")
    once_each_round: Annotated[bool, Says(("only usable once each round",))] = Field(
        default=False, description="A weapon's strike 'only usable once each round'.")
    burn_after_use: Annotated[bool, Says(("burn", "after use"))] = Field(
        default=False, description="'Burn after use.': the weapon is burned once used.")
    bearer_damage: BearerDamage | None = Field(default=None, description="'the minion with this weapon takes 1 "
                                                                         "damage': its strike hurts its user.")
    only_clan: Annotated[str | None, Says(("only usable by {}",))] = Field(
        default=None, max_length=40, description="'Only usable by Brujah antitribu.'")
    soul_counters: Annotated[Literal["add_on_damage", "damage_each", "lost_on_transfer"] | None,
                             Says(by_value=SOUL_COUNTERS)] = Field(
        default=None, description="A weapon gathering counters: 'add a soul counter to it at the end of that round' "
        "when it inflicts damage; 'one additional point of damage each strike for each "
        "soul counter'; 'Remove all soul counters ... if another minion gains control'.")
    stakes: Annotated[int | None, Says(("more than {} damage is inflicted", "sent to torpor"))] = Field(
        default=None, ge=1, le=5, description="'If more than 1 damage is inflicted on an "
        "opposing vampire by this weapon in a given "
        "combat, that vampire is sent to torpor.'")
    transfers_to_victim: Annotated[bool, Says(("this card is transferred to that vampire",))] = Field(
        default=False, description="'this card is transferred to that vampire'.")
    bearer_cannot_hunt: Annotated[bool, Says(("the bearer cannot hunt",))] = Field(
        default=False, description="'The bearer cannot hunt.'")
    unlock_damage: UnlockDamage | None = Field(default=None, description="Damage the weapon inflicts on a ready "
                                                                         "minion you control in your unlock phase.")
    equipment_press: EquipmentPress | None = Field(default=None, description="'The bearer gets 1 press (mandatory), "
                                                                             "only usable to continue combat ...'")
    holds_in_torpor: Annotated[bool, Says(("doesn't unlock as normal", "as long as", "remains in torpor"))] = Field(
        default=False, description="'he or she doesn't unlock as normal during the unlock "
        "phase as long as he or she remains in torpor'.")
    immune_non_aggravated: Annotated[bool, Says(("immune to non-aggravated damage",))] = Field(
        default=False, description="'X is immune to non-aggravated damage.'")
    defects_to_richer_prey: Annotated[bool,
                                      Says(("if your prey has more pool than you do at the beginning of your "
                                             "unlock phase", "takes control"))] = Field(
        default=False, description="'If your prey has more pool than you do at the "
        "beginning of your unlock phase, he or she takes "
        "control of Uriah during your unlock phase.'")
    burn_target: Annotated[Literal["ally_or_retainer"] | None,
                           Says(("burn an ally or retainer controlled by your prey",))] = Field(
        default=None, description="'(D) Burn an ally or retainer controlled by your prey.'")
    target_burns: Annotated[int | None, Says(("burn {} blood or life from the target",))] = Field(
        default=None, ge=1, le=10,
        description="'burn 1 blood or life from the target minion'.")
    steals: Annotated[Literal["ally", "retainer", "location"] | None,
                      Says(by_value=STEALS)] = Field(
        default=None, description="'(D) Steal an ally controlled by another Methuselah.'")
    prey_vampires_burn: Annotated[int | None,
                                  Says(("each ready vampire controlled by your prey burns {} blood",))] = Field(
        default=None, ge=1, le=10, description="'Each ready vampire controlled "
        "by your prey burns 1 blood.'")
    restates_rule: str | None = Field(
        default=None, pattern=r"^[a-z0-9]+:\S+$",
        description="The text reminds of a rule the engine applies anyway ('This could lead to a contested "
                    "title.'): the rule's id.")
    in_play: Annotated[bool, Says((("put this card in play", "put this card into play"),))] = Field(
        default=False, description="'Put this card in play.': a master card that stays in play.")
    takes_control: TakesControl | None = Field(default=None, description="'Take control of an ally controlled by "
                                                                         "another Methuselah until ...'")
    phase_blood: PhaseBlood | None = Field(default=None, description="'During your unlock phase, a ready vampire you "
                                                                     "control can gain 1 blood.'")
    phase_pool: PhasePool | None = Field(default=None, description="'During your unlock phase, if you control the "
                                                                   "Edge, you may lock this card to gain 1 pool.'")
    one_hunting_ground: Annotated[bool, Says(("only one hunting ground",))] = Field(
        default=False, description="'A vampire can gain blood from only one hunting "
        "ground each turn.'")
    discipline_card: Annotated[str | None, Check(_discipline_card_unsaid)] = Field(
        default=None, max_length=40, description="A Discipline master card: 'This vampire gets +1 level of "
                                                 "Animalism [ani] and +1 capacity.'")
    not_modelled: str | None = Field(default=None, min_length=3,
                                     description="The mechanic the engine lacks for this part.")

    @model_validator(mode="after")
    def _one_effect(self) -> Part:
        given = [k for k in EFFECT_KEYS if getattr(self, k) not in (None, False)]
        if len(given) != 1:
            raise ValueError(f"a part has exactly one effect ({', '.join(EFFECT_KEYS)}); found "
                             f"{', '.join(given) or 'none'}")
        return self

    @property
    def effect(self) -> str:
        """Which effect this part has."""
        return next(k for k in EFFECT_KEYS if getattr(self, k) not in (None, False))


QUOTE_FIELDS = ("text", "level")
"""What a part says of its quote; every other field of a part is one of its effects."""
EFFECT_KEYS = tuple(name for name in Part.model_fields if name not in QUOTE_FIELDS)
"""The effects a part may have, in the order `Part` declares them: read off the model, never listed by hand."""
SAYS = MappingProxyType({name: says for name in EFFECT_KEYS for says in Part.model_fields[name].metadata
                         if isinstance(says, Says)})
"""What the quote of each plain effect declaring it must say."""
CHECKS = MappingProxyType({name: check for name in EFFECT_KEYS for check in Part.model_fields[name].metadata
                           if isinstance(check, Check)})
"""The computed checks of the plain effects declaring one."""



class Encoding(Strict):
    """A card's text as parts, each with its effect."""

    card: str = Field(min_length=1, description="The card's name or id (card:100001).")
    name: str | None = Field(default=None, description="With an id: the card's name, for readers (checked).")
    parts: tuple[Part, ...] = Field(description="The card's text, part by part (reference/effectcheck.py).")

    @property
    def missing(self) -> tuple[str, ...]:
        """The mechanics not modelled, in order; empty when the card is fully encoded."""
        return tuple(dict.fromkeys(p.not_modelled for p in self.parts if p.not_modelled))

    def parts_for(self, level: Level) -> tuple[Part, ...]:
        """The parts in effect for a use at ``level``: the unmarked text, then the level's own lines (a superior
        text saying "As above" repeats the basic one)."""
        wanted = {"any"}
        if level == "basic":
            wanted.add("basic")
        elif level == "superior":
            wanted.add("superior")
            superior = [p for p in self.parts if p.level == "superior"]
            if not superior or any(p.same_as_basic for p in superior):
                wanted.add("basic")
        return tuple(p for p in self.parts if p.level in wanted)
