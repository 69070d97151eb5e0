"""What the two minions do in a combat: maneuvers, strikes, prevention, additional strikes, presses.

Strike cards are generic, described by their effects (``{damage: 2, ranged: true}``,
``{steal_blood: 1}``, ``dodge``); ``hands`` is a strike with the bare hands.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, field_validator, model_validator

from checker.engine.models import Cost, Name, Requires, Strict

SHORTHANDS = {"hands": {"hands": True}, "dodge": {"dodge": True}, "combat_ends": {"combat_ends": True}}
CombatReplace = Literal["now", "after_combat"]
REPLACE = Field(default=None, description=(
    "How the card played is replaced (ref14:I.H). Unset (an abstract card): the hand is not counted; `now`: a card "
    "from the hand, replaced at once (ref14:I.H.1, rb95:3.2.playing-the-cards.important-rule); `after_combat`: 'Do "
    "not replace until after combat.': the hand is one card short until combat ends (ref14:I.H.2). A card giving "
    "several things in one play (`one_play`) is replaced once."))


class Inflict(Strict):
    """Damage a card inflicts apart from any strike (Weather Control, Thoughts Betrayed, Blood of Acid, Catatonic
    Fear): the documents apply only "damage done by strike" (ref14:V.D.4); the card's text says when, to whom and of
    what kind; damage the minion does not itself inflict is environmental (the rulings of RTR 19970630)."""

    amount: int = Field(default=0, ge=0, le=20)
    to: Literal["opponent", "both"] = Field(default="opponent", description="The opposing minion, or both combatants.")
    retainers: bool = Field(default=False, description="Each retainer on them takes it too.")
    when: Literal["before_range", "strike_resolution", "press_step", "end_of_round", "after_combat"] = Field(
        description="The point of the round where it is inflicted.")
    rounds: Literal["this", "each", "first"] = Field(default="this", description="This round, each round of the "
                                                                                  "combat, or the first round only.")
    by_minion: bool = Field(default=False, description="The minion inflicts it ('this vampire inflicts'); otherwise "
                                                       "it is environmental: no minion inflicts it.")
    unpreventable: bool = False
    aggravated: bool = False
    grows: int = Field(default=0, ge=0, le=5, description="Added in each subsequent round.")
    returned: bool = Field(default=False, description="Equal to the damage the opposing minion successfully "
                                                      "inflicts on this one in each strike resolution (Blood of Acid).")
    close_range_only: bool = Field(default=False, description="Only if the range is close.")


class Strike(Requires):
    """One strike: hands, a weapon or a strike card, by what it does (ref14:V.D, cto:V.D, rb95:8.3)."""

    name: str | None = Field(default=None, max_length=80)
    hands: bool = Field(default=False, description="A bare-handed strike: the hand damage (1) plus `plus_damage`.")
    damage: int = Field(default=0, ge=0, le=50, description="Damage of a weapon or strike card.")
    strength_plus: int | None = Field(default=None, ge=0, le=10,
                                      description="A strike for strength plus this ('strength+1 damage'): the "
                                                  "striker's hand damage and its card's strength, plus this.")
    plus_damage: int = Field(default=0, ge=0, le=50, description="Damage modifiers added to the strike.")
    aggravated: bool = False
    plus_aggravated: int = Field(default=0, ge=0, le=50,
                                 description="Aggravated damage added to a strike that is otherwise normal.")
    ranged: bool = False
    first_strike: bool = False
    dodge: bool = False
    combat_ends: bool = False
    steal_blood: int = Field(default=0, ge=0, le=50)
    unpreventable: bool = Field(default=False, description="'unpreventable damage': no prevention stops it.")
    destroy_equipment: str | None = Field(default=None, max_length=80)
    steal_equipment: str | None = Field(default=None, max_length=80)
    paralyze: bool = False
    weapon: str | None = Field(default=None, max_length=80, description="Equipment the strike is made with.")
    target: str | None = Field(default=None, max_length=80, description="A retainer of the opposing minion.")
    long_range_only: bool = Field(default=False, description="'Only usable at long range'.")
    once_each_combat: bool = Field(default=False, description="'only usable once each combat': the weapon's strike.")
    not_first_round: bool = Field(default=False, description="'Not usable on the first round of combat'.")
    first_round_only: bool = Field(default=False, description="'Only usable on the first round of combat'.")
    close_range_only: bool = Field(default=False, description="'Only usable at close range'.")
    any_range: bool = Field(default=False, description="Destroy or steal equipment at any range, not only close.")
    cost: Cost = Field(default=Cost(), description="What the strike card costs: blood from the striker.")
    one_play: bool = Field(default=False, description="The card also gives a maneuver, press or prevention with "
                                                      "this strike: one play of it, paid once (rb95:3.2).")
    additional: int = Field(default=0, ge=0, le=5, description="Additional strikes the strike card gives "
                                                               "('Strike: dodge, with an additional strike').")
    additional_limited: bool = Field(default=False, description="Those additional strikes are '(limited)'.")
    to_torpor: bool = Field(default=False, description="'Send the opposing vampire to torpor': no damage at all, "
                                                       "and none can be added to it.")
    after_combat: Inflict | None = Field(default=None, description="Damage the strike card inflicts after combat "
                                                                   "ends (Catatonic Fear superior).")
    opponent_gains_blood: int = Field(default=0, ge=0, le=10, description="'Opposing vampire gains 1 blood': after "
                                                                           "combat ends (Mercy for the Weak).")
    more_blood_only: bool = Field(default=False, description="'Only usable if this vampire has more blood than the "
                                                             "opposing vampire.'")
    replace: CombatReplace | None = REPLACE
    only_clan: str | None = Field(default=None, max_length=40, description="'Only usable by Brujah antitribu.': "
                                                                            "the weapon's text limits its users.")
    once_each_round: bool = Field(default=False, description="'only usable once each round': the weapon's strike, "
                                                             "not again by an additional strike that round.")
    burn_after_use: bool = Field(default=False, description="'Burn after use.': the weapon is burned once its strike "
                                                            "is used.")
    user_damage: int = Field(default=0, ge=0, le=20, description="Damage the weapon's strike does to the minion "
                                                                 "using it ('the bearer takes 5 damage as well').")
    user_damage_aggravated: bool = False
    user_damage_close_only: bool = Field(default=False, description="That damage only when used at close range.")
    soul_counters: bool = Field(default=False, description="The weapon gains a soul counter at the end of a round in "
                                                           "which it successfully inflicted damage, and does 1 more "
                                                           "damage each strike for each (The Crimson Sentinel).")
    stakes: int | None = Field(default=None, ge=1, le=5,
                               description="More than this much damage inflicted by the weapon on an opposing "
                                           "vampire in one combat sends it to torpor (Wooden Stake).")
    transfers: bool = Field(default=False, description="Once it sends the opposing vampire to torpor, the weapon is "
                                                       "transferred to that vampire.")
    holds_in_torpor: bool = Field(default=False, description="... which then does not unlock as normal while it "
                                                             "remains in torpor.")

    @model_validator(mode="after")
    def _one_kind(self) -> Strike:
        if self.hands and self.damage:
            raise ValueError("a hand strike does `plus_damage`, not `damage`")
        if self.strength_plus is not None and (self.damage or self.hands):
            raise ValueError("a strike for strength has no `damage` of its own and is not `hands`")
        return self

    @property
    def is_damage(self) -> bool:
        if self.to_torpor:
            return False
        return (self.hands or self.strength_plus is not None or self.damage > 0 or self.plus_damage > 0
                or self.plus_aggravated > 0)


class Maneuver(Requires):
    """A maneuver, and the weapon or strike card it is made with, if any."""

    by: str = Name
    weapon: str | None = Field(default=None, max_length=80, description="A weapon or strike card used to maneuver.")
    granted_by: str | None = Field(default=None, max_length=80,
                                   description="A card giving the maneuver that is neither a weapon nor a strike card "
                                               "(Bum's Rush: 'gets 1 optional maneuver during that combat').")
    cost: Cost = Field(default=Cost(), description="What the card giving the maneuver costs, if played now.")
    each_combat: int | None = Field(default=None, ge=1, le=5,
                                    description="The card gives this many maneuvers each combat ('with 1 optional "
                                                "maneuver each combat'); filled from a real card's text.")
    not_first_round: bool = Field(default=False, description="'Not usable on the first round of combat'.")
    first_round_only: bool = Field(default=False, description="'Only usable on the first round of combat'.")
    one_play: bool = Field(default=False, description="The card gives this maneuver with a strike or press: one "
                                                      "play of it, paid once.")
    replace: CombatReplace | None = REPLACE


class Exchange(Strict):
    """Additional strikes: what each minion with an additional strike does (ref14:V.D.8, ref14:V.D.9, ref14:V.D.10)."""

    strikes: dict[str, Strike]

    @field_validator("strikes", mode="before")
    @classmethod
    def _short(cls, v: Any) -> Any:
        return _expand(v)


class CombatEffect(Requires):
    """A combat card or effect used before range is set, e.g. one adding hand damage (ref14:V.B)."""

    by: str = Name
    name: str | None = Field(default=None, max_length=80)
    plus_damage: int = Field(default=0, ge=0, le=50, description="Damage added to this minion's strikes this round.")
    strength: int | None = Field(default=None, ge=0, le=10,
                                 description="The minion's strength becomes this for the rest of the combat "
                                             "(Torn Signpost: 'gets a strength of 2 this combat').")
    hands_aggravated: bool = Field(default=False, description="'Damage from this vampire's hand strikes is aggravated "
                                                              "this round.'")
    not_first_round: bool = Field(default=False, description="'Not usable on the first round of combat'.")
    first_round_only: bool = Field(default=False, description="'Only usable on the first round of combat'.")
    plus_strength: int = Field(default=0, ge=-5, le=5,
                               description="Strength added for the rest of the combat ('+1 strength for the "
                                           "remainder of the combat'; negative: 'The opposing minion gets -1 "
                                           "strength this combat', with `to` the opposing minion).")
    cost: Cost = Field(default=Cost(), description="What the combat card costs: blood from the minion using it.")
    in_play: bool = Field(default=False, description="The combat effect of a card in play, not a combat card played "
                                                     "(cto V.B: other Methuselahs may use those).")
    to: str | None = Field(default=None, max_length=80,
                           description="The minion in combat whose strikes get `plus_damage` (default: `by`).")
    inflict: Inflict | None = Field(default=None, description="Damage the card inflicts apart from any strike.")
    timing: Literal["before_range", "before_strikes", "end_of_round"] = Field(
        default="before_range", description="When its text says it is played: before range (ref14:V.B), 'before "
                                            "strikes are chosen', 'at the end of a round'.")
    close_range_only: bool = Field(default=False, description="'Only usable at close range'.")
    one_each: Literal["round", "combat"] | None = Field(default=None, description="'A vampire can play only one X "
                                                                                   "each round' (or combat).")
    if_inflicted_more: bool = Field(default=False, description="'during which this minion successfully inflicted "
                                                               "more damage than the opposing vampire'.")
    not_leaving_combat: bool = Field(default=False, description="'Not usable by a minion being burned or going to "
                                                                "torpor.'")
    no_strike_cards: bool = Field(default=False, description="'Opposing minion cannot play any strike cards for the "
                                                             "duration of this combat.'")
    restricts_opponent: bool = Field(default=False, description="The opposing minion cannot maneuver to long range, "
                                                                "press to end combat or use equipment this combat.")
    hands_aggravated_combat: bool = Field(default=False, description="Hand damage aggravated for the rest of the "
                                                                     "combat (Bone Spur superior).")
    replace: CombatReplace | None = REPLACE


class Press(Requires):
    """A press; some presses can only continue or only end combat (ref14:V.E.3.d)."""

    by: str = Name
    only: Literal["continue", "end"] | None = None
    first_round_only: bool = Field(default=False, description="'only usable ... during the first round'.")
    name: str | None = Field(default=None, max_length=80, description="The card giving the press.")
    cost: Cost = Field(default=Cost(), description="What the card giving the press costs.")
    one_play: bool = Field(default=False, description="The card gives this press with a strike, maneuver or "
                                                      "prevention: one play of it, paid once.")
    replace: CombatReplace | None = REPLACE


class Prevention(Requires):
    """A prevention card played in the damage step by a minion in the combat (written out from a real card)."""

    by: str = Name
    name: str | None = Field(default=None, max_length=80)
    amount: int = Field(default=0, ge=0, le=50)
    kind: Literal["any", "non_aggravated", "all", "all_round", "aggravated_as_normal"] = "any"
    cost: Cost = Field(default=Cost(), description="What the card costs.")
    per: Literal["use", "combat", "round"] = Field(default="use", description="How often a card in play prevents: "
                                                                             "'may prevent 1 damage each combat'.")
    in_play: Literal["equipment", "retainer"] | None = Field(
        default=None, description="The card is in play on the minion (Flak Jacket, Resplendent Protector): it must "
                                  "carry or employ it, and pays nothing.")
    one_play: bool = Field(default=False, description="The card gives this prevention with a press or strike: one "
                                                      "play of it, paid once.")
    replace: CombatReplace | None = REPLACE


class AdditionalCard(Requires):
    """A card giving a minion additional strikes this round: 'Additional strike (limited).' (Blur)."""

    by: str = Name
    name: str | None = Field(default=None, max_length=80)
    count: int = Field(default=1, ge=1, le=5)
    limited: bool = False
    cost: Cost = Field(default=Cost(), description="What the card costs.")
    replace: CombatReplace | None = REPLACE


class Grapple(Requires):
    """A combat card played after range, before strikes: no strike but hand strikes this round (Immortal Grapple)."""

    by: str = Name
    name: str | None = Field(default=None, max_length=80)
    cost: Cost = Field(default=Cost(), description="What the card costs.")
    replace: CombatReplace | None = REPLACE


class SetRange(Strict):
    """A minion sets the round's range by its card, before range is determined."""

    by: str = Name
    range: Literal["close", "long"]


class Round(Strict):
    """One round of combat, in its order: effects, range, strikes, prevention, more strikes, presses."""

    effects: tuple[CombatEffect, ...] = Field(default=(), description="Combat effects before range, in order.")
    maneuvers: tuple[Maneuver, ...] = Field(default=(), description="Maneuvers, in the order they are used.")
    strikes: dict[str, Strike] = Field(default_factory=dict, description="Each minion's strike.")
    prevent: dict[str, int] = Field(default_factory=dict,
                                    description="Damage prevention played in the damage step, per minion or retainer.")
    prevent_non_aggravated: dict[str, int] = Field(
        default_factory=dict, description="Prevention of normal damage only ('Prevent 3 non-aggravated damage').")
    prevent_all: tuple[str, ...] = Field(
        default=(), description="Minions preventing all damage from the opposing strike ('Prevent all damage "
                                "from the opponent's strike').")
    aggravated_as_normal: tuple[str, ...] = Field(
        default=(), description="Minions treating aggravated damage as normal this round (Skin of Night).")
    grapple: Grapple | None = Field(default=None, description="A card barring all but hand strikes this round, "
                                                              "played at close range before strikes.")
    set_range: SetRange | None = Field(default=None, description="A minion whose card lets it set the round's "
                                                                "range sets it (Cailean); maneuvers are skipped.")
    prevention: tuple[Prevention, ...] = Field(
        default=(), description="Prevention cards played, with their requirements and costs (from `prevent:` "
                                "naming real cards).")
    additional: tuple[Exchange, ...] = ()
    additional_cards: tuple[AdditionalCard, ...] = Field(
        default=(), description="Cards giving additional strikes this round (`{by: X, card: Blur, level: basic}`): "
                                "a minion that plays one strikes additionally only as often as its cards say.")
    presses: tuple[Press, ...] = Field(default=(), description="Minions using a press, in order.")
    press_from_card: bool = Field(default=False, description="A card gives this round a press (ref14:V.E.2).")
    prevent_before_range: dict[str, int] = Field(
        default_factory=dict, description="Damage prevention played before range (refused: only in the damage step).")
    change_strikes: dict[str, Strike] = Field(
        default_factory=dict, description="A strike chosen anew once both are announced (refused: rb95:8.1.1's "
                                          "'Once you've committed a minion to performing a particular strike, you "
                                          "cannot change your mind.').")
    before_strikes: tuple[CombatEffect, ...] = Field(
        default=(), description="Combat cards played after range is determined, before strikes are chosen (Blood of "
                                "Acid: 'Only usable at close range before strikes are chosen').")
    after_strikes: tuple[CombatEffect, ...] = Field(
        default=(), description="Damage modifiers played once both strikes are chosen, before they resolve "
                                "(cto:V.D.1.d).")
    end_of_round: tuple[CombatEffect, ...] = Field(
        default=(), description="Combat cards played at the end of the round, after the presses (Pulled Fangs).")

    @field_validator("strikes", "change_strikes", mode="before")
    @classmethod
    def _short(cls, v: Any) -> Any:
        return _expand(v)

    @field_validator("maneuvers", "presses", mode="before")
    @classmethod
    def _names(cls, v: Any) -> Any:
        if isinstance(v, list | tuple):
            return tuple({"by": x} if isinstance(x, str) else x for x in v)
        return v


def _expand(v: Any) -> Any:
    if isinstance(v, dict):
        return {k: SHORTHANDS.get(s, s) if isinstance(s, str) else s for k, s in v.items()}
    return v


class Combat(Strict):
    """A combat between an acting and a blocking minion, round by round (ref14:V, cto:V)."""

    acting: str = Name
    blocking: str = Name
    rounds: tuple[Round, ...] = ()
    diablerize: bool = Field(default=False, description="With a vampire in torpor: the ready vampire diablerizes.")


class CombatEnder(Strict):
    """A reaction by a vampire outside the combat, played as another vampire its Methuselah controls enters combat:
    it locks, combat ends and each vampire in the combat goes to torpor (Legacy of Power's text)."""

    by: str = Name
    name: str = Name
    cost: Cost = Cost()
    titles: tuple[str, ...] = Field(default=("prince", "justicar", "inner circle"),
                                    description="'Requires a ready prince, justicar or Inner Circle member.'")


class BlockCombat(Strict):
    """The combat that follows a successful block (acting and blocking minions are known)."""

    rounds: tuple[Round, ...] = ()
    diablerize: bool = False
    ended_by: CombatEnder | None = Field(default=None, description="A reaction ending the combat as it begins.")
