"""What a weapon's own text does when it is used, beyond its strike's damage (rb95:12.p1: the card over the rule).

- 'only usable once each round' (Combat Shotgun): not again by an additional strike in the same round;
- 'Burn after use.' (Grenade, Bomb): the weapon goes to the ash heap once its strike has been used;
- 'the minion with this weapon takes 1 damage' (Grenade at close range, Bomb in any combat): damage to its user,
  inflicted by no minion on an opponent (environmental), resolved with the strike;
- soul counters (The Crimson Sentinel): one added at the end of a round in which its strike successfully inflicted
  damage, +1 damage each strike for each, all removed when another minion gains control of it;
- stakes and transfers (Wooden Stake, Rowan Ring): more than 1 damage inflicted by the weapon on an opposing vampire
  in one combat sends it to torpor; the card then passes to that vampire and keeps it locked in its unlock phases
  while it remains in torpor (checker/engine/phases.py reads `Minion.kept_locked_by`).
"""

from __future__ import annotations

from checker.engine import damage
from checker.engine.combat_decisions import Press, Strike
from checker.engine.context import Ctx
from checker.engine.damage import CombatLedger, Hit, to_ash_heap, to_torpor
from checker.engine.state import State


def check_use(state: State, who: str, s: Strike, n: int, ledger: CombatLedger, ctx: Ctx) -> None:
    """A weapon only some clan may use, or 'only usable once each round', refused otherwise."""
    clan = state.minion(who).clan
    if s.only_clan and clan.casefold() != s.only_clan.casefold():
        ctx.illegal("card_over_rule", f"{s.weapon or s.name} is only usable by {s.only_clan}: {who} is "
                                      f"{clan or 'of no clan'} (the card's text)")
    if not (s.once_each_round and s.weapon):
        return
    key = (who, f"strike with {s.weapon} in round {n}")
    if ledger.card_uses.get(key):
        ctx.illegal("card_over_rule", f"{s.weapon}'s strike is only usable once each round, and {who} used it "
                                      "already this round: the card's text limits the additional strike")
    ledger.card_uses[key] = 1


def with_souls(state: State, who: str, s: Strike, ctx: Ctx) -> Strike:
    """The strike of a weapon with soul counters: one more damage for each counter on it."""
    souls = state.minion(who).souls(s.weapon) if s.soul_counters and s.weapon else 0
    if not souls:
        return s
    ctx.cite("card_over_rule", f"{s.weapon} carries {souls} soul counter{'s' if souls > 1 else ''}: its strike does "
                               f"{souls} more damage, by its text")
    return s.model_copy(update={"plus_damage": s.plus_damage + souls})


def user_hit(who: str, s: Strike, long_range: bool, ctx: Ctx) -> Hit | None:
    """The damage a weapon's strike does to the minion using it, if its text says so at this range."""
    if not s.user_damage:
        return None
    what = s.weapon or s.name or "the weapon"
    if s.user_damage_close_only and long_range:
        ctx.cite("card_over_rule", f"{what} is used at long range: {who} takes no damage from it")
        return None
    ctx.cite("card_over_rule", f"{who} uses {what} and takes {s.user_damage}"
                               f"{' aggravated' if s.user_damage_aggravated else ''} damage from it, by its text")
    return Hit(striker=who, victim=who, normal=s.user_damage, aggravated=s.user_damage_aggravated,
               environmental=True, card=what)


def after_hits(state: State, strikes: dict[str, Strike], before: dict[str, int], opponents: dict[str, str],
               ledger: CombatLedger, ctx: Ctx) -> State:
    """After one class of strikes resolved: what each weapon's text does with the damage it inflicted."""
    for who, s in strikes.items():
        if not s.weapon or s.weapon not in state.minion(who).equipment:
            continue
        opp = opponents[who]
        done = ledger.inflicted.get(who, 0) - before.get(who, 0)
        if s.soul_counters and done > 0:
            ledger.souls_due.add((who, s.weapon))
        victim = state.minion(opp)
        if s.stakes is not None and victim.is_vampire:
            total = ledger.weapon_damage.get((who, s.weapon), 0) + max(done, 0)
            ledger.weapon_damage[(who, s.weapon)] = total
            if total > s.stakes and victim.location in ("ready", "torpor"):
                if victim.location == "ready":
                    state = to_torpor(state, opp, ctx, "card_over_rule",
                                      f"{s.weapon} inflicted {total} damage on it this combat, more than {s.stakes}, "
                                      "by the card's text")
                if s.transfers:
                    state = transfer(state, who, s.weapon, opp, s.holds_in_torpor, ctx)
        elif s.to_torpor and s.transfers and victim.is_vampire and victim.location == "torpor":
            state = transfer(state, who, s.weapon, opp, s.holds_in_torpor, ctx)
    return state


def transfer(state: State, holder: str, item: str, to: str, holds: bool, ctx: Ctx) -> State:
    """'This card is transferred to that vampire': it leaves its bearer for the vampire it sent to torpor; its owner
    does not change (rb95:11.p1), and it may keep that vampire locked while in torpor."""
    h = state.minion(holder)
    owner = dict(h.borrowed).get(item, h.controller)
    state = lose_souls(state.with_minion(holder, equipment=tuple(e for e in h.equipment if e != item),
                                         borrowed=tuple(b for b in h.borrowed if b[0] != item)), holder, item, ctx)
    v = state.minion(to)
    borrowed = v.borrowed if owner == v.controller else (*v.borrowed, (item, owner))
    state = state.with_minion(to, equipment=(*v.equipment, item), borrowed=borrowed,
                              held_in_torpor=(*v.held_in_torpor, item) if holds else v.held_in_torpor)
    ctx.cite("card_over_rule", f"{item} is transferred to {to}, by its text"
             + (f": {to} does not unlock as normal while it remains in torpor" if holds else ""))
    return state


def lose_souls(state: State, holder: str, item: str, ctx: Ctx) -> State:
    """Another minion gains control of the weapon: its soul counters are all removed (The Crimson Sentinel)."""
    m = state.minion(holder)
    souls = m.souls(item)
    if not souls:
        return state
    ctx.cite("card_over_rule", f"{item} leaves {holder}: its {souls} soul counter{'s' if souls > 1 else ''} "
                               "are removed, by its text")
    return state.with_minion(holder, soul_counters=tuple(c for c in m.soul_counters if c[0] != item))


def end_of_round(state: State, ledger: CombatLedger, ctx: Ctx) -> State:
    """A soul counter on each weapon whose strike successfully inflicted damage this round."""
    for who, item in sorted(ledger.souls_due):
        m = state.minion(who)
        if item not in m.equipment:
            continue
        count = m.souls(item) + 1
        state = state.with_minion(who, soul_counters=(*(c for c in m.soul_counters if c[0] != item), (item, count)))
        ctx.cite("card_over_rule", f"{item} successfully inflicted damage this round: a soul counter is added to it "
                                   f"at the end of the round ({count} now), by its text")
    ledger.souls_due.clear()
    return state


def burn_used(state: State, used: list[tuple[str, Strike]], ctx: Ctx) -> State:
    """'Burn after use.': each weapon so marked whose strike was used this exchange goes to its owner's ash heap."""
    for who, s in used:
        if s.burn_after_use and s.weapon and state.has_minion(who):
            state = burn_item(state, who, s.weapon, ctx)
    return state


def burn_item(state: State, holder: str, item: str, ctx: Ctx) -> State:
    """Equipment burned after its use, by its text: off its bearer, to its owner's ash heap (rb95:2.burn)."""
    m = state.minion(holder)
    if item not in m.equipment:
        return state
    owner = dict(m.borrowed).get(item, m.controller)
    state = lose_souls(state, holder, item, ctx)
    m = state.minion(holder)
    state = state.with_minion(holder, equipment=tuple(e for e in m.equipment if e != item),
                              borrowed=tuple(b for b in m.borrowed if b[0] != item))
    ctx.cite("card_over_rule", f"{item} was used: it is burned, by its text ('after use')")
    return to_ash_heap(state, owner, 1)


def unlock_damage(state: State, chosen: dict[str, str], ctx: Ctx) -> State:
    """'If the bearer is ready during your unlock phase, this weapon inflicts 3 unpreventable damage on a ready
    minion you control.' (Talbot's Chainsaw): not optional; the Methuselah picks the minion, by default the bearer
    when it is her only ready minion. No minion inflicts it: the weapon does (environmental, rb95:12.p1)."""
    me = state.current
    for bearer in state.minions_of(me, "ready"):
        for item, text in state.texts_on(bearer):
            if not text.unlock_damage or not state.has_minion(bearer.name) \
                    or state.minion(bearer.name).location != "ready":
                continue
            ready = [m.name for m in state.minions_of(me, "ready")]
            target = chosen.get(item) or (ready[0] if len(ready) == 1 else None)
            if target is None:
                ctx.illegal("card_over_rule", f"{item} damages a ready minion {me} controls in her unlock phase: say "
                                              f"which with `item_damage: {{{item}: NAME}}` ({', '.join(ready)})")
            if target not in ready:
                ctx.illegal("card_over_rule", f"{item} damages a ready minion {me} controls: {target} is not one")
            assert target is not None
            ctx.cite("card_over_rule", f"{bearer.name} is ready in {me}'s unlock phase: {item} inflicts "
                                       f"{text.unlock_damage}{' unpreventable' if text.unlock_unpreventable else ''} "
                                       f"damage on {target}, by its text")
            hit = Hit(striker=bearer.name, victim=target, normal=text.unlock_damage,
                      unpreventable=text.unlock_unpreventable, environmental=True, card=item)
            state = damage.card_damage(state, [hit], damage.Shields(), ctx)
    unused = sorted(set(chosen) - {i for m in state.minions_of(me) for i, t in state.texts_on(m) if t.unlock_damage})
    if unused:
        ctx.illegal("card_over_rule", f"{unused[0]} is no equipment of {me}'s ready minions damaging in her unlock "
                                      "phase")
    return state


def check_presses(state: State, presses: tuple[Press, ...], n: int, combatants: tuple[str, str], ctx: Ctx) -> None:
    """A press an equipment card gives its bearer: only the bearer uses it; '(mandatory)' in the first round, the
    bearer must use it unless the other minion already pressed to continue (Talbot's Chainsaw)."""
    texts = dict(state.item_texts)
    for p in presses:
        if p.name in texts and p.name not in state.minion(p.by).equipment:
            ctx.illegal("card_over_rule", f"{p.by} carries no {p.name}: only its bearer uses the press it gives")
    if n != 1:
        return
    for who in combatants:
        m = state.minion(who)
        if m.location != "ready":
            continue
        for item, text in state.texts_on(m):
            used = any(p.by == who and p.name == item for p in presses)
            continued = bool(presses) and presses[0].by != who
            if text.mandatory_press and not used and not continued:
                ctx.illegal("card_over_rule", f"{who} carries {item}: its press to continue in the first round is "
                                              "mandatory, and was not used")
            if text.mandatory_press and used:
                ctx.cite("card_over_rule", f"{who} uses {item}'s press to continue combat: mandatory in the first "
                                           "round, by its text")
