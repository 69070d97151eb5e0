"""The combat sequence (ref14:V, cto:V, rb95:8): rounds, range, strikes in their order, presses.

A blocked action hands over here (ref14:III.C.3.c); a scenario can also start a combat
directly. Each step cites the rule of the ruleset it is played under.
"""

from __future__ import annotations

from dataclasses import replace

from checker.engine import card_damage, weapons
from checker.engine.combat_decisions import (
    CombatEffect,
    CombatEnder,
    CombatReplace,
    Inflict,
    Prevention,
    Round,
    Strike,
)
from checker.engine.context import Ctx
from checker.engine.damage import CombatLedger, Hit, Shields, apply_hits, drain_to_capacity, to_torpor
from checker.engine.damage import card_damage as non_strike_damage
from checker.engine.diablerie import diablerie
from checker.engine.models import Cost
from checker.engine.replacing import draw_deferred, play_from_hand
from checker.engine.requirements import check_minion_card
from checker.engine.state import Minion, State
from checker.engine.table import pay_cost
from checker.engine.withdrawal import combat_entered

CLASSES = ("first_strike", "other")


class CombatOver(Exception):
    """A strike ended combat at once; carries the state at that moment."""

    def __init__(self, state: State) -> None:
        super().__init__("combat ends")
        self.state = state


def begin_combat(state: State, acting: str, blocking: str, ctx: Ctx,
                 rounds: tuple[Round, ...] = (), diablerize: bool = False, fixed_close: str | None = None,
                 blocked: bool = False, ender: CombatEnder | None = None) -> State:
    """Combat between the acting and the blocking minion; returns the state when it is over. ``blocked``: the
    combat results from a block (not from an action card or a master card's text)."""
    ctx.cite("blocked_to_combat", f"combat begins between {acting} and {blocking}")
    state = combat_entered(state, (acting, blocking), ctx)
    a, b = state.minion(acting), state.minion(blocking)
    torpid = [m for m in (a, b) if m.is_vampire and m.location == "torpor"]
    if torpid:
        if any(r.strikes or r.maneuvers or r.presses or r.additional for r in rounds):
            ctx.illegal("torpor_no_combat", f"{torpid[0].name} is a vampire in torpor: combat does not occur, "
                                            "so there are no strikes")
        return _no_combat(state, a.name, b.name, torpid[0].name, diablerize, ctx)
    if diablerize:
        ctx.illegal("torpor_no_combat", "diablerie in combat needs a vampire in torpor")
    limit = ctx.p("combat_rounds")
    if limit is not None and len(rounds) > limit:
        ctx.illegal_param("combat_rounds", f"this edition has {limit} round of combat; {len(rounds)} were given")
    ledger = CombatLedger(set(), set(), {(m.name, r.name): r.life for m in (a, b) for r in m.retainers},
                          fixed_close=fixed_close)
    if blocked:
        _no_equipment_after_block(a, b, ledger, ctx)
    if ender is not None:
        if rounds:
            ctx.illegal("resolve_combat_ends", f"{ender.name} ends the combat as it begins: it has no round")
        return _end(_ended_by(state, ender, a, b, ctx), acting, blocking, ledger, ctx)
    if fixed_close:
        ctx.cite("card_over_rule", f"{fixed_close}: this combat is at close range; the determine-range step is "
                                   "skipped")
    plan = rounds or (Round(),)
    for n, rnd in enumerate(plan, 1):
        try:
            state, more = _round(state, acting, blocking, rnd, n, ledger, ctx)
        except CombatOver as over:
            state, more = over.state, False
            if rnd.presses or rnd.press_from_card or rnd.additional or n < len(plan):
                ctx.illegal("resolve_combat_ends", "combat has ended: no press, additional strike or round follows")
            state = _end_of_round(state, rnd, n, acting, blocking, ledger, ctx)
        if not more:
            if n < len(plan):
                ctx.illegal("round_ends", f"combat is over after round {n}: no press continued it")
            break
        if n == len(plan):
            ctx.illegal("round_ends", f"a press continues combat after round {n}: "
                                      "the scenario must give the next round")
    return _end(state, acting, blocking, ledger, ctx)


def _no_combat(state: State, a: str, b: str, torpid: str, diablerize: bool, ctx: Ctx) -> State:
    other = b if torpid == a else a
    o = state.minion(other)
    ctx.cite("torpor_no_combat", f"{torpid} is a vampire in torpor: combat does not occur")
    if diablerize:
        if not (o.is_vampire and o.location == "ready"):
            ctx.illegal("torpor_no_combat", f"only a ready vampire may diablerize {torpid}")
        return diablerie(state, other, torpid, True, ctx)
    return state


def _ready(state: State, *names: str) -> bool:
    return all(state.minion(n).location == "ready" for n in names)


def _round(state: State, acting: str, blocking: str, rnd: Round, n: int, ledger: CombatLedger,
           ctx: Ctx) -> tuple[State, bool]:
    ledger.inflicted.clear()
    if ctx.p("ranges_used"):  # the round's range starts at close: the maneuvers and strikes go from there
        ctx.cite("combat_round_begins", f"round {n} begins, at close range")
    else:
        ctx.announce("combat_round_begins", f"round {n} begins")
    prevent = Shields(dict(rnd.prevent), dict(rnd.prevent_non_aggravated), set(rnd.prevent_all),
                      set(rnd.aggravated_as_normal))
    plays: Plays = {}
    for card in rnd.prevention:
        if card.by not in (acting, blocking):
            ctx.illegal("combat_outsiders", f"{card.by} is not in this combat and cannot prevent damage in it")
        check_minion_card(state.minion(card.by), card, card.name or "the prevention card", ctx)
        if card.in_play is not None:
            _in_play_prevention(state, card, ledger, ctx)
        state = _pay_play(state, card.by, card.cost, card.name, card.one_play, "prevent", plays, ctx,
                          replaced=card.replace)
        if card.kind == "all":
            prevent.all_damage.add(card.by)
        elif card.kind == "all_round":
            prevent.all_damage_round.add(card.by)
        elif card.kind == "aggravated_as_normal":
            prevent.aggravated_as_normal.add(card.by)
        else:
            shields = prevent.non_aggravated if card.kind == "non_aggravated" else prevent.any
            shields[card.by] = shields.get(card.by, 0) + card.amount
    if rnd.prevent_before_range:
        if ctx.p("prevention_only_in_damage_step"):
            ctx.illegal_param("prevention_only_in_damage_step",
                              "damage prevention cards can only be played in the damage step")
        ctx.cite_param("prevention_only_in_damage_step", "damage prevention is played before range")
        for k, v in rnd.prevent_before_range.items():
            prevent.any[k] = prevent.any.get(k, 0) + v
    late = [e.name or "a combat card" for e in rnd.effects if e.not_first_round]
    late += [s.name or s.weapon or f"{w}'s strike" for w, s in rnd.strikes.items() if s.not_first_round]
    late += [m.weapon or m.granted_by or "a maneuver" for m in rnd.maneuvers if m.not_first_round]
    if n == 1 and late:
        ctx.illegal("card_over_rule", f"{late[0]} is not usable on the first round of combat: its text says so")
    early = [e.name or "a combat card" for e in rnd.effects if e.first_round_only]
    early += [s.name or s.weapon or f"{w}'s strike" for w, s in rnd.strikes.items() if s.first_round_only]
    early += [m.weapon or m.granted_by or "a maneuver" for m in rnd.maneuvers if m.first_round_only]
    early += [p.name or "a press" for p in rnd.presses if p.first_round_only]
    if n > 1 and early:
        ctx.illegal("card_over_rule", f"{early[0]} is only usable on the first round of combat (this is round {n}): "
                                      "its text says so")
    for e in rnd.effects:
        state = _pay_card(state, e.by, e.cost, e.name, ctx, replaced=e.replace)
    bonus = _effects(state, rnd, acting, blocking, n, ledger, ctx)
    state = card_damage.inflict(state, card_damage.due(state, ledger, "before_range", n, acting, blocking), Shields(),
                                "damage_before_range", ctx)  # prevention is played only in the damage step
    if not _ready(state, acting, blocking):
        if rnd.maneuvers or rnd.strikes or rnd.presses or rnd.additional:
            ctx.illegal("combat_ends_not_ready", "combat has ended before range: a combatant is no longer ready")
        ctx.cite("combat_ends_not_ready", "a combatant is no longer ready: combat ends")
        return _end_of_round(state, rnd, n, acting, blocking, ledger, ctx), False
    aggravating = {e.to or e.by for e in rnd.effects if e.hands_aggravated} | ledger.hands_aggravated
    long_range, weapon_maneuvers = _range(state, rnd, acting, blocking, ledger, ctx)
    ledger.long_range = long_range
    for e in rnd.before_strikes:
        check_minion_card(state.minion(e.by), e, e.name or "the combat card", ctx)
        card_damage.play(state, e, "before_strikes", n, acting, blocking, long_range, ledger, ctx)
        state = _pay_card(state, e.by, e.cost, e.name, ctx, replaced=e.replace)
    for m in rnd.maneuvers:
        state = _pay_play(state, m.by, m.cost, m.weapon or m.granted_by, m.one_play, "maneuver", plays, ctx,
                          replaced=m.replace)
    ctx.announce("strikes_phase", "strikes")
    strikes = {w: s.model_copy(update={"plus_damage": s.plus_damage + bonus.get(w, 0)}) if bonus.get(w) else s
               for w, s in rnd.strikes.items()}
    for w in aggravating & {w for w, s in strikes.items() if s.hands}:
        strikes[w] = strikes[w].model_copy(update={"aggravated": True})
        ctx.cite("card_over_rule", f"{w}'s hand strike does aggravated damage this round, by a card's text")
    for who in strikes:
        if who not in (acting, blocking):
            ctx.illegal("combat_outsiders", f"{who} is not in this combat and cannot strike")
    if rnd.grapple is not None:
        g = rnd.grapple
        grapple = g.name or "the grapple"
        if g.by not in (acting, blocking):
            ctx.illegal("combat_outsiders", f"{g.by} is not in this combat and cannot play {grapple}")
        if long_range:
            ctx.illegal("card_over_rule", f"{grapple} is only usable at close range")
        check_minion_card(state.minion(g.by), g, grapple, ctx)
        state = _pay_card(state, g.by, g.cost, g.name, ctx, replaced=g.replace)
        ctx.cite("card_over_rule", f"{g.by} plays {grapple}: no strike but hand strikes this round")
        for who, st in strikes.items():
            if not st.hands:
                ctx.illegal("card_over_rule", f"{grapple}: {who} cannot use {st.name or st.weapon or 'that strike'}"
                                              ", only a hand strike, this round")
    for who, w in weapon_maneuvers.items():
        s = strikes.get(who)
        if s is None and rnd.grapple is not None:
            ctx.cite("card_over_rule", f"{who} maneuvered with {w} but may not strike with it this round: no strike")
            continue
        if s is None or w not in (s.weapon, s.name):
            ctx.illegal_param("maneuver_weapon_first_strike", f"{who} maneuvered with {w} and must strike with it "
                                                             "first this round")
    for who, st in strikes.items():
        state = _pay_play(state, who, st.cost, st.name or st.weapon, st.one_play, "strike", plays, ctx,
                          replaced=st.replace)
    for who in rnd.change_strikes:
        chosen = _describe(strikes[who]) if who in strikes else "no strike"
        ctx.illegal("strike_committed", f"{who} is committed to its strike ({chosen}): it executes it, and cannot "
                                        f"change to {_describe(rnd.change_strikes[who])}")
    blocker_played = False
    for e in rnd.after_strikes:
        if e.by == acting and blocker_played:
            ctx.illegal("no_take_backs", f"{acting}'s Methuselah chose her damage modifiers first and {blocking}'s "
                                         f"have been played: she may not alter her choice with {e.name or 'another'}")
        blocker_played = blocker_played or e.by == blocking
        state = _damage_modifier(state, e, strikes, acting, blocking, ledger, ctx)
    state = _strike_exchange(state, acting, blocking, strikes, prevent, long_range, ledger, ctx, first=True, n=n)
    state = _additional_cards(state, rnd, strikes, acting, blocking, ctx)
    for ex in rnd.additional:
        if not _ready(state, acting, blocking):
            ctx.illegal("combat_ends_not_ready", "combat has ended: a combatant is no longer ready, "
                                                 "so no additional strike follows")
        if not ctx.p("additional_strikes_allowed"):
            ctx.illegal_param("additional_strikes_allowed", "this edition has no additional strikes")
        for who in ex.strikes:
            if who not in (acting, blocking):
                ctx.illegal("combat_outsiders", f"{who} is not in this combat and cannot strike")
            ctx.cite("additional_acting" if who == acting else "additional_blocking",
                     f"{who} takes an additional strike")
            if ex.strikes[who].replace is not None:  # a strike card used for it leaves the hand too
                state = play_from_hand(state, state.minion(who).controller, ex.strikes[who].name or "a strike card",
                                       ex.strikes[who].replace, ctx)
        ctx.cite("resolve_additional", "the additional strikes resolve as the first ones did")
        state = _strike_exchange(state, acting, blocking, dict(ex.strikes), prevent, long_range, ledger, ctx,
                                 first=False, n=n)
    if ledger.stolen_this_round:
        ctx.cite("round_end_effects", "at the end of the round, stolen equipment becomes usable")
    ledger.stolen_this_round.clear()
    if _ready(state, acting, blocking):
        state = card_damage.inflict(state, card_damage.due(state, ledger, "press_step", n, acting, blocking),
                                    Shields(), "damage_press_step", ctx)
        if not _ready(state, acting, blocking):
            ctx.cite("combat_ends_not_ready", "a combatant is no longer ready: combat ends")
    if not _ready(state, acting, blocking):
        if rnd.presses:
            ctx.illegal("combat_ends_not_ready", "combat has ended: a combatant is no longer ready")
        return _end_of_round(state, rnd, n, acting, blocking, ledger, ctx), False
    for p in rnd.presses:
        state = _pay_play(state, p.by, p.cost, p.name, p.one_play, "press", plays, ctx, replaced=p.replace)
    weapons.check_presses(state, rnd.presses, n, (acting, blocking), ctx)
    more = _presses(state, rnd, acting, blocking, ledger, ctx)
    return _end_of_round(state, rnd, n, acting, blocking, ledger, ctx), more


def _end_of_round(state: State, rnd: Round, n: int, acting: str, blocking: str, ledger: CombatLedger,
                  ctx: Ctx) -> State:
    """Cards played at the end of the round, after the presses (ref14:V.E.5, cto:V.F.1: 'Apply any end-of-round
    effects'), even when the round ended early (cto:V.D.2.d: 'go to step F')."""
    for e in rnd.end_of_round:
        name = e.name or "the combat card"
        if e.by not in (acting, blocking):
            ctx.illegal("combat_outsiders", f"{e.by} is not in this combat and cannot play {name}")
        opp = card_damage.opponent(e.by, acting, blocking)
        if e.not_leaving_combat and state.minion(e.by).location != "ready":
            ctx.illegal("card_over_rule", f"{name} is not usable by a minion being burned or going to torpor: "
                                          f"{e.by} is no longer ready")
        check_minion_card(state.minion(e.by), e, name, ctx)
        ctx.cite("round_end_effects", f"at the end of the round {e.by} plays {name}")
        if e.if_inflicted_more:
            mine, theirs = ledger.inflicted.get(e.by, 0), ledger.inflicted.get(opp, 0)
            ctx.cite("environmental_damage", f"this round {e.by} successfully inflicted {mine} damage and {opp} "
                                             f"{theirs}: damage no minion inflicted (environmental) counts for neither")
            if mine <= theirs:
                ctx.illegal("card_over_rule", f"{name} is only usable at the end of a round during which {e.by} "
                                              f"successfully inflicted more damage than {opp} ({mine}, not more than "
                                              f"{theirs})")
        card_damage.play(state, e, "end_of_round", n, acting, blocking, ledger.long_range, ledger, ctx)
        state = _pay_card(state, e.by, e.cost, e.name, ctx, replaced=e.replace)
        if e.inflict is not None:
            ledger.lasting.pop()  # inflicted now, once
            hits = card_damage.hits_of(state, e.by, name, e.inflict, 0, acting, blocking)
            state = card_damage.inflict(state, hits, Shields(), "damage_end_of_round", ctx)
    return weapons.end_of_round(state, ledger, ctx)


def _damage_modifier(state: State, e: CombatEffect, strikes: dict[str, Strike], acting: str, blocking: str,
                     ledger: CombatLedger, ctx: Ctx) -> State:
    """A damage modifier played once both strikes are chosen, before they resolve (cto:V.D.1.d: 'Non-ammo Damage
    modifiers must be played now to be effective'): it changes the strike it modifies."""
    name = e.name or "the damage modifier"
    on = e.to or e.by
    if e.by not in (acting, blocking):
        ctx.illegal("combat_outsiders", f"{e.by} is not in this combat and cannot play {name}")
    if not (e.plus_damage or e.hands_aggravated) or e.inflict is not None or e.timing != "before_range":
        ctx.illegal("card_over_rule", f"{name} is no damage modifier: its text says when it is played, and it is "
                                      "not once strikes are chosen")
    if on not in strikes:  # rb95:8.3.plus-n-hand-damage: 'Add N points of damage to a minion's hand or melee ...'
        ctx.illegal("modifier_needs_strike", f"{on} has no strike for {name} to modify")
    check_minion_card(state.minion(e.by), e, name, ctx)
    state = _pay_card(state, e.by, e.cost, e.name, ctx, replaced=e.replace)
    ctx.cite("damage_modifiers", f"{e.by} plays {name} once both strikes are chosen, before they resolve: it "
                                 f"modifies {on}'s strike")
    st = strikes[on]
    if e.plus_damage:
        st = st.model_copy(update={"plus_damage": st.plus_damage + e.plus_damage})
    if e.hands_aggravated and st.hands:
        st = st.model_copy(update={"aggravated": True})
        ctx.cite("card_over_rule", f"{on}'s hand strike does aggravated damage this round, by {name}'s text")
    if e.hands_aggravated_combat:
        ledger.hands_aggravated.add(on)
        ctx.cite("card_over_rule", f"{name}: {on}'s hand damage is aggravated for the rest of this combat")
    strikes[on] = st
    return state


Plays = dict[tuple[str, str], dict[str, int]]
"""One round's plays of cards that give several things at once: (minion, card) -> uses by place."""


def _pay_play(state: State, who: str, cost: Cost, name: str | None, one_play: bool, place: str, plays: Plays,
              ctx: Ctx, *, replaced: CombatReplace | None = None) -> State:
    """A card's cost, paid once for each play of it (rb95:3.2.cost-of-playing-cards): a card giving a strike and,
    with it, a maneuver or press is one play, so its maneuver, strike and press in one round cost it once, and it
    leaves the hand once."""
    if not one_play or not name:
        return _pay_card(state, who, cost, name, ctx, replaced=replaced)
    used = plays.setdefault((who, name), {})
    before = max(used.values(), default=0)
    used[place] = used.get(place, 0) + 1
    if used[place] <= before:
        if cost.blood or cost.pool:
            ctx.announce("card_blood_cost" if cost.blood else "card_pool_cost",
                         f"{name} gives {who} its {place} with what it gave before this round: one play, paid once")
        return state
    return _pay_card(state, who, cost, name, ctx, replaced=replaced)


def _in_play_prevention(state: State, card: Prevention, ledger: CombatLedger, ctx: Ctx) -> None:
    """A card in play letting its minion prevent damage (Flak Jacket, Resplendent Protector): the minion must carry
    or employ it, and it prevents as often as its text says (rb95:12.p1)."""
    m = state.minion(card.by)
    name = card.name or "the card"
    held = name in m.equipment if card.in_play == "equipment" else name in {r.name for r in m.retainers}
    if not held:
        ctx.illegal("card_over_rule", f"{card.by} {'carries' if card.in_play == 'equipment' else 'employs'} no "
                                      f"{name}: only the minion with it may prevent damage by it")
    if card.per == "combat":
        used = ledger.card_uses.get((card.by, name), 0)
        if used:
            ctx.illegal("card_over_rule", f"{name} lets {card.by} prevent damage once each combat, already used "
                                          "this combat: its text says so")
        ledger.card_uses[(card.by, name)] = used + 1
    ctx.cite("card_over_rule", f"{card.by} prevents damage with {name}, which it "
                               f"{'carries' if card.in_play == 'equipment' else 'employs'}"
                               + (" (once each combat)" if card.per == "combat" else ""))


def _additional_cards(state: State, rnd: Round, strikes: dict[str, Strike], acting: str, blocking: str,
                      ctx: Ctx) -> State:
    """Cards giving additional strikes (ref14:V.D.8, ref14:V.D.9): each minion playing them strikes additionally only
    as often as they say, and plays only one '(limited)' card each round (the cards' text, rb95:12.p1)."""
    granted: dict[str, int] = {}
    limited: dict[str, str] = {}
    for who, st in strikes.items():
        if st.additional:
            granted[who] = granted.get(who, 0) + st.additional
            if st.additional_limited:
                limited[who] = st.name or "its strike card"
    for card in rnd.additional_cards:
        name = card.name or "an additional strike card"
        if card.by not in (acting, blocking):
            ctx.illegal("combat_outsiders", f"{card.by} is not in this combat and cannot gain additional strikes")
        if not _ready(state, card.by):
            ctx.illegal("combat_ends_not_ready", f"{card.by} is no longer ready: combat has ended")
        check_minion_card(state.minion(card.by), card, name, ctx)
        if card.limited and card.by in limited:
            ctx.illegal("card_over_rule", f"{card.by} already used a limited additional strike this round "
                                          f"({limited[card.by]}): {name} is '(limited)' too")
        if card.limited:
            limited[card.by] = name
        state = _pay_card(state, card.by, card.cost, name, ctx, replaced=card.replace)
        granted[card.by] = granted.get(card.by, 0) + card.count
        ctx.cite("additional_acting" if card.by == acting else "additional_blocking",
                 f"{card.by} plays {name}: {card.count} additional strike{'s' if card.count > 1 else ''}")
    used: dict[str, int] = {}
    for ex in rnd.additional:
        for who in ex.strikes:
            used[who] = used.get(who, 0) + 1
    for who, n in used.items():
        if who in granted and n > granted[who]:
            ctx.illegal("additional_acting" if who == acting else "additional_blocking",
                        f"{who}'s cards give it {granted[who]} additional strike{'s' if granted[who] > 1 else ''} "
                        f"this round, not {n}")
    return state


def _pay_card(state: State, who: str, cost: Cost, name: str | None, ctx: Ctx, *,
              replaced: CombatReplace | None = None) -> State:
    """A combat card's cost, paid as it is played: blood from the minion, pool from its Methuselah; a card from the
    hand (``replaced``) leaves it, replaced at once or after combat (replacing.py)."""
    if replaced is not None and state.has_minion(who):
        state = play_from_hand(state, state.minion(who).controller, name or "a combat card", replaced, ctx)
    if not (cost.blood or cost.pool) or not state.has_minion(who):
        return state
    what = name or "a combat card"
    return pay_cost(state, state.minion(who).controller, who, cost, ctx, what, "card_pool_cost", "card_blood_cost")


def _effects(state: State, rnd: Round, acting: str, blocking: str, n: int, ledger: CombatLedger, ctx: Ctx
             ) -> dict[str, int]:
    """Combat effects before range: the acting minion, then the blocking one, repeated (ref14:V.B)."""
    bonus: dict[str, int] = {}
    if not rnd.effects:
        return bonus
    ctx.announce("combat_effects", "combat cards and effects before range")
    for i, e in enumerate(rnd.effects):
        on = e.to or e.by
        if on not in (acting, blocking):
            ctx.illegal("combat_outsiders", f"{on} is not in this combat: no effect can add to its strikes")
        if e.by not in (acting, blocking):
            if not (e.in_play and ctx.p("outsider_effects_in_play")):
                ctx.illegal("combat_outsiders", f"{e.by} is not in this combat and may not interfere with it")
            ctx.cite_param("outsider_effects_in_play", f"{e.by}, not in the combat, uses the combat effect of "
                                                       f"{e.name or 'a card in play'} before range")
        else:
            step = "effects_acting" if e.by == acting else "effects_blocking"
            check_minion_card(state.minion(e.by), e, e.name or "the combat card", ctx)
            ctx.cite(step, f"{e.by} uses {e.name or 'a combat effect'}"
                     + (f" (+{e.plus_damage} damage this round)" if e.plus_damage and on == e.by else ""))
        if _lasting(e):
            card_damage.play(state, e, "before_range", n, acting, blocking, None, ledger, ctx)
        if e.plus_strength:
            ledger.strength_bonus[on] = ledger.strength_bonus.get(on, 0) + e.plus_strength
            ctx.cite("card_over_rule", f"{e.name or 'a combat card'}: {on} gets {e.plus_strength:+d} strength for "
                                       "the rest of this combat")
        if e.strength is not None:
            ledger.strength[on] = e.strength
            ctx.cite("card_over_rule", f"{e.name or 'a combat card'}: {on}'s strength is {e.strength} for the rest "
                                       "of this combat")
        if e.plus_damage and on != e.by:
            ctx.announce("combat_effects", f"{on}'s strikes get +{e.plus_damage} damage this round")
        bonus[on] = bonus.get(on, 0) + e.plus_damage
        if i >= 2:
            ctx.cite("effects_repeat", "combat effects go on until neither minion wishes to use more")
    return bonus


def _lasting(e: CombatEffect) -> bool:
    """A combat card with a lasting or non-strike effect, or a limit on when it is played (card_damage.play)."""
    return bool(e.inflict or e.one_each or e.no_strike_cards or e.restricts_opponent or e.hands_aggravated_combat
                or e.close_range_only or e.timing != "before_range")


def _range(state: State, rnd: Round, acting: str, blocking: str, ledger: CombatLedger, ctx: Ctx
           ) -> tuple[bool, dict[str, str]]:
    """Maneuvers in order: the acting minion first, then cancel and re-maneuver by turns."""
    if ctx.p("ranges_used"):
        ctx.cite("establish_range", "establish range: each round begins at close range")
    if rnd.set_range is not None:
        who = rnd.set_range.by
        if who not in (acting, blocking) or not state.minion(who).sets_range:
            ctx.illegal("card_over_rule", f"{who} has no card letting it set the range")
        if ledger.fixed_close:
            ctx.illegal("card_over_rule", f"{ledger.fixed_close} keeps this combat at close range")
        ctx.cite("card_over_rule", f"{who}'s card sets the range for this round: {rnd.set_range.range}; the "
                                   "determine-range step is skipped")
        if rnd.maneuvers:
            ctx.illegal("card_over_rule", f"{who} set the range for this round: no maneuver can change it")
        return rnd.set_range.range == "long", {}
    if not rnd.maneuvers:
        return False, {}
    if ledger.fixed_close:
        ctx.illegal("card_over_rule", f"{ledger.fixed_close} keeps this combat at close range: no maneuver can "
                                      "change it")
    if not ctx.p("maneuvers_allowed"):
        ctx.illegal_param("maneuvers_allowed", "this edition has no maneuvers")
    weapons: dict[str, str] = {}
    previous: str | None = None
    for i, m in enumerate(rnd.maneuvers):
        if m.by not in (acting, blocking):
            ctx.illegal("maneuver", f"{m.by} is not in this combat")
        if m.weapon or m.granted_by:
            check_minion_card(state.minion(m.by), m, m.weapon or m.granted_by or "", ctx)
        if m.by in ledger.restricted and i % 2 == 0:
            ctx.illegal("card_over_rule", f"{ledger.restricted[m.by]}: {m.by} cannot maneuver to long range this "
                                          "combat")
        if m.by in ledger.restricted and m.weapon in state.minion(m.by).equipment:
            ctx.illegal("card_over_rule", f"{ledger.restricted[m.by]}: {m.by} cannot use equipment this combat")
        if m.by in ledger.no_equipment and m.weapon in state.minion(m.by).equipment:
            ctx.illegal("card_over_rule", f"{ledger.no_equipment[m.by]}: {m.by} cannot use equipment in this combat")
        if m.by == previous:
            ctx.illegal("maneuver_again", f"{m.by} cannot maneuver twice in a row: only once its maneuver is "
                                          "canceled may it maneuver again")
        source = m.weapon or m.granted_by
        if source and m.each_combat is not None:
            used = ledger.card_maneuvers.get((m.by, source), 0)
            if used >= m.each_combat:
                ctx.illegal("card_over_rule", f"{source} gives {m.by} {m.each_combat} maneuver each combat, "
                                              "already used: the card's text limits the rule")
            ledger.card_maneuvers[(m.by, source)] = used + 1
            if m.granted_by:
                ctx.cite("card_over_rule", f"{m.by}'s maneuver comes from {m.granted_by}")
        if m.weapon:
            if m.by in weapons and ctx.p("weapon_maneuver_once"):
                ctx.illegal_param("weapon_maneuver_once", f"{m.by} already maneuvered with a weapon or strike card")
            weapons.setdefault(m.by, m.weapon)
        if i == 0:
            step = "maneuver" if m.by == acting else "maneuver_blocking"
            ctx.cite(step, f"{m.by} maneuvers to set the range to long")
            ctx.announce("maneuver_procedure", "the opposing minion may cancel, and so on")
        else:
            ctx.cite("maneuver_cancel" if i % 2 else "maneuver_again",
                     f"{m.by} {'cancels the maneuver' if i % 2 else 'maneuvers again'}")
        previous = m.by
    if len(rnd.maneuvers) > 1:
        ctx.cite("maneuver_repeat", "maneuvers and cancels go on until a minion does not maneuver")
    long_range = len(rnd.maneuvers) % 2 == 1
    ctx.cite("range_long", f"the range is {'long' if long_range else 'close'}")
    return long_range, weapons if ctx.p("maneuver_weapon_first_strike") else {}


def _ended_by(state: State, e: CombatEnder, a: Minion, b: Minion, ctx: Ctx) -> State:
    """A vampire outside the combat ends it as it begins (its card's text, rb95:12.p1): it must be a ready, unlocked
    vampire with one of the titles, whose Methuselah controls a vampire in the combat; it locks and pays; combat
    ends, and each vampire in it goes to torpor. An ally is no vampire and does not go to torpor: it is unaffected
    (ruling on Legacy of Power, RTR 19960112)."""
    if not state.has_minion(e.by):
        ctx.illegal("card_over_rule", f"no minion named {e.by}")
    r = state.minion(e.by)
    if e.by in (a.name, b.name) or not r.is_vampire:
        ctx.illegal("card_over_rule", f"{e.name} is played by another vampire, outside the combat")
    if r.location != "ready" or r.tapped:
        ctx.illegal("card_over_rule", f"{e.by} locks to play {e.name}: it must be ready and unlocked")
    if not any(t in (r.title or "").lower() for t in e.titles):
        ctx.illegal("card_over_rule", f"{e.name} requires a ready {', '.join(e.titles)}: {e.by} is none")
    if not any(m.is_vampire and m.controller == r.controller for m in (a, b)):
        ctx.illegal("card_over_rule", f"{e.name} is only usable when another vampire {r.controller} controls enters "
                                      "combat")
    state = pay_cost(state, r.controller, e.by, e.cost, ctx, e.name, "card_over_rule")
    state = state.with_minion(e.by, tapped=True)
    ctx.cite("card_over_rule", f"{e.by} plays {e.name} and locks: combat ends, and each vampire in it goes to torpor")
    for m in (a, b):
        if m.is_vampire:
            state = to_torpor(state, m.name, ctx, "card_over_rule", f"{e.name}'s text")
        else:
            ctx.cite("card_over_rule", f"{m.name} is not a vampire: {e.name} sends only vampires to torpor, and "
                                       f"{m.name} is unaffected")
    return state


def _no_equipment_after_block(a: Minion, b: Minion, ledger: CombatLedger, ctx: Ctx) -> None:
    """'Minions blocking or blocked by the employer cannot use equipment during the resulting combat' (Spiritual
    Protector's text, rb95:12.p1): only in a combat that follows a block; a combat begun otherwise (an action
    card's, a master card's) is not 'the resulting combat' of a block (ruling on the card, TOM 19951208)."""
    for employer, other in ((a, b), (b, a)):
        barring = [r.name for r in employer.retainers if r.no_equipment_after_block]
        if barring:
            ledger.no_equipment[other.name] = barring[0]
            ctx.cite("card_over_rule", f"{barring[0]}: {other.name}, in combat after a block with {employer.name}, "
                                       "the employer, cannot use equipment during this combat")


def _check_strike(state: State, who: str, s: Strike, opponent: str, long_range: bool, ledger: CombatLedger,
                  ctx: Ctx) -> None:
    m = state.minion(who)
    if s.weapon and s.weapon not in m.equipment:
        ctx.illegal("strike_announce", f"{who} carries no {s.weapon}")
    if s.name and s.name != s.weapon and who in ledger.no_strike_cards:
        ctx.illegal("card_over_rule", f"{who} cannot play strike cards this combat: {s.name} is one")
    if s.weapon and who in ledger.restricted:
        ctx.illegal("card_over_rule", f"{ledger.restricted[who]}: {who} cannot use equipment this combat")
    if s.weapon and who in ledger.no_equipment:
        ctx.illegal("card_over_rule", f"{ledger.no_equipment[who]}: {who} cannot use equipment in this combat, "
                                      "which follows its block with the employer")
    if s.more_blood_only and m.blood <= state.minion(opponent).blood:
        ctx.illegal("card_over_rule", f"{s.name or 'the strike card'} is only usable if {who} has more blood than "
                                      f"{opponent} ({m.blood}, not more than {state.minion(opponent).blood})")
    if s.to_torpor and s.plus_damage:
        ctx.cite("card_over_rule", f"{s.name or s.weapon or 'the strike'} sends to torpor and does no damage: the "
                                   f"+{s.plus_damage} damage added to it deals none")
    if s.name and s.name != m.card_name and any(not o.is_vampire and o.card_name == s.name for o in state.minions):
        ctx.illegal("card_over_rule", f"{s.name}'s strike is that ally's own (its card's text): {who} cannot use it")
    barring = [r.name for r in state.minion(opponent).retainers if r.no_combat_ends]
    if s.combat_ends and barring:
        ctx.illegal("card_over_rule", f"{who} is in combat with {opponent}, who employs {barring[0]}: it cannot "
                                      "strike: combat ends, by that retainer's text")
    if s.discipline or s.clan or s.vampire_only or s.mentions:
        check_minion_card(m, s, s.name or s.weapon or "the strike card", ctx)
    if s.weapon and s.weapon in m.contested_items:
        ctx.illegal("contest_yielded_to", f"{who}'s {s.weapon} is contested: out of {who}'s control until every "
                                          "other copy is yielded")
    if s.once_each_combat and s.weapon:
        key = (who, f"strike with {s.weapon}")
        if ledger.card_uses.get(key):
            ctx.illegal("card_over_rule", f"{s.weapon}'s strike is only usable once each combat, and {who} used it "
                                          "already: the card's text limits the rule")
        ledger.card_uses[key] = 1
    if s.weapon and (who, s.weapon) in ledger.stolen_this_round:
        ctx.illegal("stolen_equipment_unusable", f"{who} stole {s.weapon} this round and cannot use it yet")
    if s.paralyze and not ctx.p("paralyze_allowed"):
        ctx.illegal_param("paralyze_allowed", "this edition has no paralyze")
    if s.target is not None:
        if s.target not in {r.name for r in state.minion(opponent).retainers}:
            if s.ranged:  # ref14:V.D.1.d: "either the opposing Minion or one of his Retainers"
                ctx.illegal_param("ranged_retainer_range", f"{s.target} is not a retainer of {opponent}: a "
                                                           f"ranged strike targets {opponent} or one of its retainers")
            ctx.illegal("strike_target", f"{s.target} is not a retainer of {opponent}")
        if not ctx.p("ranges_used"):
            ctx.illegal_param("ranges_used", f"this edition has no ranged strikes: a strike can only target {opponent}")
        if not s.ranged:
            ctx.illegal("strike_target", f"a strike that is not ranged can only target {opponent}")
        if ctx.p("ranged_retainer_range") == "long" and not long_range:
            ctx.illegal_param("ranged_retainer_range", f"a ranged strike can target {s.target} only at long range")
        ctx.cite_param("ranged_retainer_range", f"{who}'s ranged strike targets the retainer {s.target}")
    if (s.destroy_equipment or s.steal_equipment) and long_range:
        step = "destroy_equipment" if s.destroy_equipment else "steal_equipment"
        if not s.any_range:
            ctx.illegal(step, "destroying or stealing equipment is only at close range")
        card = s.name or f"{who}'s strike"
        ctx.cite("card_over_rule", f"{card} works at any range by its text: the card takes precedence over "
                                   "the rule of close range")
    if long_range and not s.ranged and (s.hands or s.is_damage or s.steal_blood):
        what = "a hand strike" if s.hands else (s.weapon or s.name or "a strike that is not ranged")
        ctx.illegal("strike_range", f"the range is long: {who} cannot use {what}, which is not ranged; only "
                                    "ranged strikes, or strikes that do no damage (dodge, combat ends), reach it")
    if s.close_range_only and long_range:
        card = s.name or f"{who}'s strike"
        ctx.illegal("strike_range", f"{card} is only usable at close range and the range is long")
    if s.long_range_only and not long_range:
        card = s.name or f"{who}'s strike"
        ctx.illegal("strike_range", f"{card} is only usable at long range and the range is close")


def _strike_exchange(state: State, acting: str, blocking: str, strikes: dict[str, Strike], prevent: Shields,
                     long_range: bool, ledger: CombatLedger, ctx: Ctx, *, first: bool, n: int) -> State:
    """Strikes announced (acting first), then resolved: combat ends, dodge, first strike, the rest."""
    a, b = strikes.get(acting), strikes.get(blocking)
    if first and a is not None and a.combat_ends and b is not None and not ctx.p("strike_after_acting_combat_ends"):
        ctx.illegal_param("strike_after_acting_combat_ends",
                          f"{acting}'s strike ends combat: {blocking} does not choose a strike")
    ctx.announce("announce_strikes", "the minions announce their strikes")
    for who, s in strikes.items():
        opp = blocking if who == acting else acting
        _check_strike(state, who, s, opp, long_range, ledger, ctx)
        weapons.check_use(state, who, s, n, ledger, ctx)
        ctx.cite("strike_announce", f"{who} strikes: {_describe(s)}")
        if s.weapon:
            ctx.cite("strike_weapon", f"{who} strikes with {s.weapon}, one of its weapons")
        elif s.name and s.name == state.minion(who).card_name and not state.minion(who).is_vampire:
            ctx.cite("card_over_rule", f"{who} strikes as its own card says ({s.name}): an ally's text over the rule "
                                       "of hand strikes")
        elif not s.hands and not state.minion(who).is_vampire:
            ctx.cite("ally_strike_card", f"{who}, an ally, uses a strike card" + (f" ({s.name})" if s.name else ""))
        if s.plus_damage:
            ctx.cite("damage_modifiers", f"{who}'s damage modifiers (+{s.plus_damage}) are played as it strikes")
    ctx.announce("resolve_strikes", "resolve strikes")
    ctx.announce("resolve_order", "strikes resolve in order: combat ends, dodge, first strike, the rest")
    enders = [w for w in (acting, blocking) if strikes.get(w) and strikes[w].combat_ends]
    if enders:
        if len(enders) == 2:
            ctx.cite("both_combat_ends", f"both strikes end combat: {acting}'s resolves first")
        ctx.cite("resolve_combat_ends", f"{enders[0]}'s strike ends combat before any damage")
        _after_combat(strikes, enders[0], acting, blocking, ledger, ctx)
        raise CombatOver(state)
    dodgers = [w for w in (acting, blocking) if strikes.get(w) and strikes[w].dodge]  # in the acting-first order
    for w in dodgers:
        ctx.cite("resolve_dodge", f"{w} dodges: the opposing strike has no effect on {w} or its equipment")
    used: list[tuple[str, Strike]] = []
    state = _strike_classes(state, acting, blocking, strikes, dodgers, prevent, long_range, ledger, ctx, first, n,
                            used)
    return weapons.burn_used(state, used, ctx)


def _strike_classes(state: State, acting: str, blocking: str, strikes: dict[str, Strike], dodgers: list[str],
                    prevent: Shields, long_range: bool, ledger: CombatLedger, ctx: Ctx, first: bool, n: int,
                    used: list[tuple[str, Strike]]) -> State:
    """First strikes, then the rest: each class's hits resolve together; the strikes used are added to ``used``."""
    opponents = {acting: blocking, blocking: acting}
    for cls in CLASSES:
        hits: list[Hit] = []
        resolving: dict[str, Strike] = {}
        if cls == "other" and first:  # 'during normal strike resolution': no strike's, so no dodge stops it
            hits += card_damage.due(state, ledger, "strike_resolution", n, acting, blocking)
            hits += _retainer_damage(state, acting, blocking, long_range, ctx)
            for h in hits:
                if h.victim in dodgers:
                    ctx.cite("resolve_dodge", f"{h.victim}'s dodge cancels the opposing strike only: {h.card}'s "
                                              "damage is no strike's and still lands")
        for who, s in strikes.items():
            if s.dodge or (cls == "first_strike") != s.first_strike:
                continue
            opp = blocking if who == acting else acting
            if state.minion(who).location != "ready" or state.minion(opp).location not in ("ready",):
                continue
            if s.weapon and s.weapon in state.minion(who).equipment:
                used.append((who, s))
                own = weapons.user_hit(who, s, long_range, ctx)
                if own is not None:
                    hits.append(own)
            dodged = opp in dodgers and s.target is None
            if dodged:
                continue
            if s.target is not None and opp in dodgers:
                ctx.cite("retainer_no_dodge", f"{opp}'s dodge does not protect its retainer {s.target}")
            if s.weapon and s.weapon not in state.minion(who).equipment:
                step = "destroy_equipment" if (opp, s.weapon) not in ledger.stolen_this_round else "steal_equipment"
                ctx.cite(step, f"{s.weapon} left {who} before its strike resolved: the strike has no effect")
                continue
            base = ledger.strength.get(who)
            strength = state.minion(who).strength if base is None else base - ctx.p("hand_damage")
            strength += state.minion(who).retainer_bonus("strength")[0] + ledger.strength_bonus.get(who, 0)
            printed = state.minion(who).card_strength if base is None else None  # an ally's card: '2 strength'
            if printed is not None:
                strength += printed - ctx.p("hand_damage")
            s = weapons.with_souls(state, who, s, ctx)
            resolving[who] = s
            hits.append(_hit(who, opp, s, strength, ctx, printed))
        if not hits:
            continue
        ctx.cite("resolve_first_strike" if cls == "first_strike" else "resolve_other",
                 "first strikes resolve" if cls == "first_strike" else "the other strikes resolve")
        before = dict(ledger.inflicted)
        state = apply_hits(state, hits, prevent, ledger, ctx)
        state = weapons.after_hits(state, resolving, before, opponents, ledger, ctx)
        back = card_damage.returned(ledger, before, n, acting, blocking)
        if back:
            state = non_strike_damage(state, back, prevent, ctx)
        if not _ready(state, acting, blocking):
            ctx.cite("combat_ends_not_ready", "a combatant is no longer ready: combat ends")
            return state
    return state


def _retainer_damage(state: State, acting: str, blocking: str, long_range: bool, ctx: Ctx) -> list[Hit]:
    """Retainers that damage the opposing minion each round during normal strike resolution, by their card's text
    (rb95:12.p1): Murder of Crows ('1R damage'), also at long range; Wolf Companion ('if the range is close') only
    at close range. It is no strike: no dodge stops it, and no minion inflicts it (environmental)."""
    hits: list[Hit] = []
    for who in (acting, blocking):
        opp = blocking if who == acting else acting
        if state.minion(who).location != "ready" or state.minion(opp).location != "ready":
            continue
        for r in state.minion(who).retainers:
            if not r.round_damage:
                continue
            if long_range and not r.round_damage_ranged:
                ctx.cite("card_over_rule", f"{r.name} damages the opposing minion only at close range: not this "
                                           "round, at long range")
                continue
            ctx.cite("card_over_rule", f"{r.name}, {who}'s retainer, inflicts {r.round_damage} damage on {opp} "
                                       "during strike resolution, by its card's text")
            hits.append(Hit(striker=who, victim=opp, normal=r.round_damage, environmental=True, card=r.name))
    return hits


def _hit(who: str, opp: str, s: Strike, strength: int, ctx: Ctx, printed: int | None = None) -> Hit:
    hands = max(0, ctx.p("hand_damage") + strength)
    if printed is not None and (s.hands or s.strength_plus is not None):
        ctx.cite("card_over_rule", f"{who}'s card prints its strength, {printed}: its hands do {hands}, not the "
                                   "rule's hand damage")
    if s.strength_plus is not None:
        damage = hands + s.strength_plus + s.plus_damage
        what = s.weapon or s.name or f"{who}'s strike"
        ctx.cite("strike_weapon", f"{what} strikes for strength ({hands}) +{s.strength_plus}: {damage} damage")
    else:
        damage = (hands + s.plus_damage) if s.hands else (s.damage + s.plus_damage if s.is_damage else 0)
    if s.hands:
        ctx.cite_param("hand_damage", f"{who}'s hands do {damage} damage")
        if strength and printed is None:
            ctx.cite("card_over_rule", f"{who}'s card gives it {strength:+d} strength: its hands do {hands}")
        if s.plus_damage:
            ctx.cite("hand_damage_total", f"{who}'s hand damage is the total of its hands and its modifiers "
                                          f"(+{s.plus_damage}): {damage}")
    return Hit(striker=who, victim=opp, retainer=s.target, normal=damage, aggravated=s.aggravated,
               extra_aggravated=s.plus_aggravated, unpreventable=s.unpreventable,
               steal_blood=s.steal_blood, destroy_equipment=s.destroy_equipment,
               steal_equipment=s.steal_equipment, paralyze=s.paralyze, to_torpor=s.to_torpor,
               card=s.name or s.weapon)


def _after_combat(strikes: dict[str, Strike], ender: str, acting: str, blocking: str, ledger: CombatLedger,
                  ctx: Ctx) -> None:
    """What the combat-ends strike card does after combat ends (rb95:8.3.combat-ends: combat ends 'before any damage
    is dealt or a strike card's effects take place'): kept for the end of combat, unless the opposing minion dodged
    (rb95:8.3.dodge: a dodge 'prevents the effect of the opponent's strike that round')."""
    s = strikes[ender]
    if s.after_combat is None and not s.opponent_gains_blood:
        return
    opp = card_damage.opponent(ender, acting, blocking)
    name = s.name or "the strike card"
    if opp in strikes and strikes[opp].dodge:
        ctx.cite("resolve_dodge", f"{opp} dodges: {name}'s effect after combat does not reach it")
        return
    ctx.cite("card_over_rule", f"{name} ends combat; its other effect comes after combat ends, by its text")
    if s.after_combat is not None:
        ledger.after_combat.append((ender, name, s.after_combat))
    if s.opponent_gains_blood:
        ledger.after_combat.append((ender, name, s.opponent_gains_blood))


def _describe(s: Strike) -> str:
    parts = [s.name] if s.name else []
    if s.plus_aggravated:
        parts.append(f"+{s.plus_aggravated} aggravated")
    if s.hands:
        parts.append("hands" + (f" +{s.plus_damage}" if s.plus_damage else ""))
    elif s.strength_plus is not None:
        parts.append(f"strength +{s.strength_plus}")
    elif s.damage:
        parts.append(f"{s.damage + s.plus_damage} damage")
    for flag in ("aggravated", "ranged", "first_strike", "dodge", "combat_ends", "paralyze"):
        if getattr(s, flag):
            parts.append(flag.replace("_", " "))
    if s.steal_blood:
        parts.append(f"steal {s.steal_blood} blood")
    if s.destroy_equipment:
        parts.append(f"destroy {s.destroy_equipment}")
    if s.steal_equipment:
        parts.append(f"steal {s.steal_equipment}")
    if s.target:
        parts.append(f"at {s.target}")
    return ", ".join(parts) or "no effect"


def _presses(state: State, rnd: Round, acting: str, blocking: str, ledger: CombatLedger, ctx: Ctx) -> bool:
    """Presses alternate continue / end; the acting minion may press first; never two in a row."""
    if not rnd.presses and not rnd.press_from_card:
        ctx.cite("press_start", "no press: the round ends and so does combat")
        ctx.announce("round_over", "the round ends")
        return False
    if not ctx.p("presses_allowed"):
        ctx.illegal_param("presses_allowed", "this edition has no presses")
    ctx.announce("presses_phase", "presses, at the end of the round")
    ctx.announce("press_alternation", "presses alternate between continuing and ending combat")
    cont = False
    last: str | None = None
    if rnd.press_from_card:
        cont = True
        ctx.cite("card_press", "a card gives the round a press to continue; neither minion used it")
    used: dict[str, int] = {}
    for i, p in enumerate(rnd.presses):
        who = p.by
        if p.name and who in (acting, blocking):
            check_minion_card(state.minion(who), p, p.name, ctx)
        if who not in (acting, blocking):
            ctx.illegal("press_outsiders", f"{who} is not in this combat and may not press")
        if who == last:
            ctx.illegal("press_not_twice", f"{who} cannot use two presses in a row")
        if i == 0 and not rnd.press_from_card and who == blocking:
            ctx.cite("press_acting_first", f"{acting} had the first opportunity to press and passed")
        kind = "end" if cont else "continue"
        if kind == "end" and who in ledger.restricted:
            ctx.illegal("card_over_rule", f"{ledger.restricted[who]}: {who} cannot use presses to end combat")
        if p.only is not None and p.only != kind:
            ctx.illegal("press_kinds", f"{who}'s press can only {p.only} combat, and this press would {kind} it")
        used[who] = used.get(who, 0) + 1
        if used[who] == 2:
            ctx.cite("press_any_number", f"{who} uses another press")
        cont = not cont
        if i == 0 and not rnd.press_from_card:
            step = "press_first_continue"
        else:
            step = "press_alternate" if not cont else "press_continue_again"
        ctx.cite(step, f"{who} presses to {'continue' if cont else 'end'} combat")
        last = who
    ctx.announce("round_over", "the round ends")
    ctx.cite("round_ends", "combat " + ("continues: the next round begins" if cont else "ends"))
    return cont


def _end(state: State, acting: str, blocking: str, ledger: CombatLedger, ctx: Ctx) -> State:
    """Combat ends: retainers heal; blood kept over capacity drains."""
    for (holder, name), life in ledger.retainer_life.items():
        m = state.minion(holder)
        if m.location not in ("ready", "torpor"):
            continue
        for r in m.retainers:
            if r.name == name and r.life < life:
                gain = life - r.life
                healed = tuple(replace(x, life=life) if x.name == name else x for x in m.retainers)
                state = replace(state.with_minion(holder, retainers=healed), bank=state.bank - gain)
                ctx.cite("retainers_heal", f"the retainer {name} regains {gain} life")
    for name in sorted(ledger.kept_excess):
        state = drain_to_capacity(state, name, ctx, "combat_end", "drains off at the end of combat")
    ctx.announce("combat_end", "combat ends")
    state = draw_deferred(state, "combat", ctx)  # 'Do not replace until after combat' (ref14:I.H.2)
    for by, name, what in ledger.after_combat:
        opp = card_damage.opponent(by, acting, blocking)
        if state.minion(opp).location not in ("ready", "torpor"):
            continue
        if isinstance(what, Inflict):
            if what.close_range_only and ledger.long_range:
                ctx.cite("card_over_rule", f"{name}: the range was long, so it inflicts no damage after combat")
                continue
            hits = card_damage.hits_of(state, by, name, what, 0, acting, blocking)
            state = card_damage.inflict(state, hits, Shields(), "damage_after_combat", ctx)
        elif isinstance(what, int):
            m = state.minion(opp)
            gain = min(what, max(0, m.capacity - m.blood)) if m.is_vampire else what
            state = state.move_blood(opp, gain)
            ctx.cite("damage_after_combat", f"after combat ends, {name}: {opp} gains {gain} blood")
            if gain < what:
                ctx.cite("below_capacity", f"{opp} holds no more blood than its capacity ({m.capacity})")
    return state
