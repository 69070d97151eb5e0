"""Card effects as data: each encoded card's text, part by part, mapped to the engine's effect vocabulary.

An encoding (``reference/data/cards/*.yaml``) lists a card's parts. Each part quotes the fragment
of the card's text it encodes (``text``), says which Discipline level's text it belongs to
(``level``: a ``[pot]`` line is basic, a ``[POT]`` line superior), and gives exactly one effect:
a sect or title, a strike, a maneuver, a modifier (+stealth, +bleed, +intercept), a weapon's
kind, a limit ("each combat", "only usable ..."), or ``not_modelled`` naming the mechanic the
engine lacks. The parts must cover the whole text (reference/effectcheck.py checks the quotes
and the numbers against the card); a card with a ``not_modelled`` part is *not encodable* and a
scenario may use it only by saying it ignores those parts.

The card text is today's official text in today's terms (lock/unlock for tap/untap); the parts
quote it verbatim.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

Level = Literal["any", "basic", "superior"]
Sect = Literal["Camarilla", "Sabbat", "Independent", "Laibon", "Anarch"]
Range = Literal["close", "long", "before_range", "first_round", "not_first_round", "bleed_action",
                "bled_after_blocks", "other_ready_vampire", "announced", "before_strikes", "end_of_round",
                "not_leaving_combat", "not_bleed_action"]


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


class _Strict(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class StrikeEffect(_Strict):
    """A strike: damage (a number, or the striker's strength plus a number), its kind, what else it does."""

    damage: int | None = Field(default=None, ge=0, le=20, description="Fixed damage: 'Strike: 2R damage' is 2.")
    strength_plus: int | None = Field(default=None, ge=0, le=10,
                                      description="Damage from strength: 'strength+1' is 1, 'strength' is 0.")
    ranged: bool = Field(default=False, description="'R' after the number: usable at long range.")
    aggravated: bool = False
    first_strike: bool = False
    dodge: bool = False
    combat_ends: bool = False
    steal_blood: int = Field(default=0, ge=0, le=10)
    unpreventable: bool = Field(default=False, description="'unpreventable damage'.")
    hands: bool = Field(default=False, description="'Strike: hand strike': a strike with the bare hands.")
    melee_weapon: bool = Field(default=False, description="'or use a melee weapon strike': the striker may use a "
                                                          "melee weapon's strike instead of its hands.")
    plus_damage: int = Field(default=0, ge=0, le=10, description="'at +2 damage', 'This strike is at +1 damage.'")
    destroy_equipment: bool = Field(default=False, description="'Strike: destroy equipment.'")
    steal_equipment: Literal["equipment", "weapon"] | None = Field(
        default=None, description="'Strike: steal weapon.' (or equipment): what it may take.")
    to_torpor: bool = Field(default=False, description="'Strike: Send the opposing vampire to torpor.': no damage.")

    @model_validator(mode="after")
    def _one_damage(self) -> StrikeEffect:
        if self.damage is not None and self.strength_plus is not None:
            raise ValueError("a strike's damage is a number or strength plus a number, not both")
        if self.hands and (self.damage is not None or self.strength_plus is not None):
            raise ValueError("a hand strike does its hand damage, not a number of its own")
        return self


class ManeuverEffect(_Strict):
    """Maneuvers the card gives: '1 optional maneuver each combat', 'Maneuver'."""

    count: int = Field(default=1, ge=1, le=5)
    per: Literal["use", "combat", "round"] = Field(default="use", description="How often: each use, combat, round.")
    optional: bool = True


class Modifier(_Strict):
    """A number added to the acting or reacting minion for an action, or for as long as it holds the card."""

    stealth: int = Field(default=0, ge=-5, le=5)
    intercept: int = Field(default=0, ge=-5, le=5)
    bleed: int = Field(default=0, ge=-5, le=5)
    strength: int = Field(default=0, ge=-5, le=5)
    limited: bool = Field(default=False, description="'(limited)': one such effect each action.")


class Prevention(_Strict):
    """Damage prevented: 'prevent 1 damage each combat'."""

    amount: int = Field(ge=1, le=10)
    per: Literal["use", "combat", "round"] = "use"
    kind: Literal["any", "aggravated", "non_aggravated"] = "any"


class AdditionalStrikes(_Strict):
    """'Additional strike (limited).', '2 additional strikes (limited).'"""

    count: int = Field(default=1, ge=1, le=5)
    limited: bool = Field(default=False, description="'(limited)'.")


class AllyStats(_Strict):
    """An ally's own strength and bleed, as its card prints them: '1 strength, 0 bleed.' (its hand strikes do its
    strength in damage; it bleeds for its bleed)."""

    strength: int = Field(ge=0, le=10)
    bleed: int = Field(ge=0, le=10)


class RoundDamage(_Strict):
    """A retainer's damage to the opposing minion each round, during strike resolution and apart from any strike:
    'Murder of Crows inflicts 1R damage on the opposing minion each round of combat during normal strike
    resolution.', '... the opposing minion takes 1 damage during strike resolution (if the range is close).'"""

    amount: int = Field(ge=1, le=5)
    ranged: bool = Field(default=False, description="'1R': at long range too; otherwise only at close range.")


class CombatStrength(_Strict):
    """'This vampire gets +1 strength for the remainder of the combat.', 'The opposing minion gets -1 strength this
    combat.'"""

    amount: int = Field(ge=-5, le=5)
    opponent: bool = Field(default=False, description="'The opposing minion gets ...'.")


class InflictEffect(_Strict):
    """Damage a card inflicts apart from any strike: 'Both combatants ... take 1 unpreventable environmental damage
    before range is determined each round this combat.', 'this vampire inflicts 1 unpreventable damage on the
    opposing minion' (after combat ends)."""

    amount: int = Field(default=0, ge=0, le=10, description="The damage; 0 with `returned`.")
    to: Literal["opponent", "both"] = Field(default="opponent", description="'Both combatants'.")
    retainers: bool = Field(default=False, description="'and each retainer on them'.")
    when: Literal["before_range", "strike_resolution", "press_step", "end_of_round", "after_combat"] = Field(
        description="When it is inflicted: 'before range is determined', 'during normal strike resolution', 'during "
                    "the press step', at once (a card played at the end of a round), 'after combat ends'.")
    rounds: Literal["this", "each", "first"] = Field(default="this", description="'each round', 'in the first "
                                                                                  "round of combat', or this round.")
    by_minion: bool = Field(default=False, description="'this vampire inflicts': the minion's own damage; otherwise "
                                                       "the minion takes it (environmental: RTR 19970630).")
    environmental: bool = Field(default=False, description="'environmental damage'.")
    unpreventable: bool = False
    returned: bool = Field(default=False, description="'equal to the amount of damage they successfully inflict on "
                                                      "this vampire' (Blood of Acid).")
    close_range: bool = Field(default=False, description="'if the range is close'.")


class Requirement(_Strict):
    """Who may play the card: 'Requires a Camarilla vampire.', 'Requires a prince or justicar.'"""

    sect: Sect | None = None
    titles: tuple[str, ...] = Field(default=(), max_length=5,
                                    description="Title kinds, any of which will do: prince, justicar, ...")
    capacity_above: int | None = Field(default=None, ge=1, le=11, description="'with a capacity above 6'.")


class Choice(_Strict):
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


class CardBleed(_Strict):
    """An action card's bleed: '(D) Bleed with +1 bleed.', 'Bleed any Methuselah', 'ignore the excess'."""

    plus: int = Field(default=0, ge=0, le=10, description="'with +2 bleed'.")
    any: bool = Field(default=False, description="'Bleed any Methuselah'.")
    predator_or_prey: bool = Field(default=False, description="'Bleed your predator or prey'.")
    max: int | None = Field(default=None, ge=1, le=10,
                            description="'If more than 1 pool is bled with this action, ignore the excess.'")


class PhaseBlood(_Strict):
    """A card in play moving blood to a vampire in one of its controller's phases: 'During your unlock phase, a
    ready vampire you control can gain 1 blood.', 'Lock during your influence phase to add 1 blood to a Gangrel in
    your uncontrolled region.'"""

    phase: Literal["unlock", "influence"]
    amount: int = Field(ge=1, le=10)
    to: Literal["ready", "uncontrolled"] = Field(description="'a ready vampire you control', or 'a ... in your "
                                                             "uncontrolled region'.")
    clan: str | None = Field(default=None, max_length=40, description="The vampire's clan: 'a Tremere'.")
    lock: bool = Field(default=False, description="The card locks to do it.")


class PhasePool(_Strict):
    """A card in play gaining its controller pool in one of her phases: 'During your unlock phase, if you control
    the Edge, you may lock this card to gain 1 pool.'"""

    phase: Literal["unlock"]
    amount: int = Field(ge=1, le=10)
    lock: bool = Field(default=False, description="The card locks to do it.")
    edge: bool = Field(default=False, description="Only if she controls the Edge.")


class AddBlood(_Strict):
    """'Add 3 blood to a younger vampire in your uncontrolled region.', 'Add 4 blood to another vampire.'"""

    amount: int = Field(ge=1, le=10)
    to: Literal["younger_uncontrolled", "another"]


class AbilityAction(_Strict):
    """An action a card's own text gives its minion: 'Tereza can steal the Edge as a (D) action that costs 2
    blood.', 'The minion with this weapon may burn a location as a (D) action.'"""

    steals: Literal["edge"] | None = None
    burns: Literal["location"] | None = Field(default=None, description="'burn a location'.")
    enters_combat: bool = Field(default=False, description="'enter combat with a minion'.")
    stealth: int = Field(default=0, ge=0, le=5, description="'as a +1 stealth (D) action'.")
    directed: bool = Field(default=False, description="'as a (D) action'.")
    cost_blood: int = Field(default=0, ge=0, le=10, description="'that costs 2 blood'.")

    @model_validator(mode="after")
    def _one_kind(self) -> AbilityAction:
        if [self.steals is not None, self.burns is not None, self.enters_combat].count(True) != 1:
            raise ValueError("an ability action `steals`, `burns` or `enters_combat`: one of them")
        return self


class UnlockDamage(_Strict):
    """'If the bearer is ready during your unlock phase, this weapon inflicts 3 unpreventable damage on a ready
    minion you control.'"""

    amount: int = Field(ge=1, le=10)
    unpreventable: bool = False


class EquipmentPress(_Strict):
    """'The bearer gets 1 press (mandatory), only usable to continue combat during the first round'."""

    mandatory: bool = Field(default=False, description="'(mandatory)': the bearer must use it.")
    only: Literal["continue", "end"] | None = None
    first_round: bool = Field(default=False, description="'during the first round'.")


class BearerDamage(_Strict):
    """'If Grenade is used at close range, the minion with this weapon takes 1 damage.': what the weapon's own
    strike does to the minion using it."""

    amount: int = Field(ge=1, le=10)
    aggravated: bool = False
    close_range: bool = Field(default=False, description="'if ... used at close range'; otherwise at any range.")


class LockTarget(_Strict):
    """'(D) Lock a ready minion.', 'Lock a minion controlled by your prey.', 'Unlock a younger vampire or an ally.'"""

    unlock: bool = Field(default=False, description="Unlock instead of lock.")
    whose: Literal["any", "prey", "predator_or_prey"] = Field(default="any", description="'controlled by your prey'.")
    ready: bool = Field(default=False, description="'a ready minion'.")
    kind: Literal["minion", "vampire", "younger_vampire_or_ally"] = "minion"


class Feed(_Strict):
    """Blood from the blood bank to each of the player's vampires of a kind: 'Each of your unlocked vampires gains 1
    blood', 'Each ready Sabbat vampire you control gains 1 blood', 'Each Ventrue antitribu in your uncontrolled
    region gains 1 blood'."""

    amount: int = Field(ge=1, le=10)
    where: Literal["ready", "uncontrolled"] = "ready"
    unlocked: bool = Field(default=False, description="'your unlocked vampires'.")
    sect: Sect | None = None
    clan: str | None = Field(default=None, max_length=40)


class TakesControl(_Strict):
    """'Take control of an ally controlled by another Methuselah until the end of your turn.', 'Take control of a
    ready Malkavian that another Methuselah controls until your next unlock phase.'"""

    kind: Literal["ally", "vampire"]
    clan: str | None = Field(default=None, max_length=40, description="'a ready Malkavian': a ready vampire of it.")
    until: Literal["end", "unlock"] = Field(description="'until the end of your turn', 'until your next unlock "
                                                        "phase'.")


class LockGives(_Strict):
    """A location locked for a bonus: 'Lock to give a Gangrel you control +1 stealth.'"""

    stealth: int = Field(default=0, ge=0, le=3)
    intercept: int = Field(default=0, ge=0, le=3)
    clan: str | None = Field(default=None, max_length=40, description="'a Gangrel you control'.")
    current_action: bool = Field(default=False, description="'for the current action'.")


class ClanVotes(_Strict):
    """'In this referendum, each ready Brujah gets 1 additional vote.'"""

    clan: str = Field(min_length=1, max_length=40)
    ready: bool = False
    votes: int = Field(default=1, ge=1, le=5)


class Referendum(_Strict):
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


class Part(_Strict):
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
    employer: Modifier | None = Field(default=None, description="'The employer gets +1 intercept.': a retainer's "
                                                                 "bonus to the minion employing it.")
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
    discipline_card: str | None = Field(
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
"""What the quote of each effect declaring it must say."""


class Encoding(_Strict):
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
