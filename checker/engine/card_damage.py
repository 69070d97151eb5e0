"""Damage that is not a strike's: what combat cards inflict before range, during strike resolution, in the press
step, at the end of a round and after combat ends.

The documents apply only the damage done by strikes (ref14:V.D.4, cto:V.D.2.b.i, rb95:8.1.1.damage); a card
that inflicts damage otherwise does so by its text (rb95:12.p1), at the point of the round its text names.
Such damage is of one of two kinds:

- the minion's own ("this vampire inflicts 1 damage": Catatonic Fear, Pulled Fangs), which counts as damage
  that minion inflicted;
- environmental ("takes 1 damage", "environmental damage": Weather Control, Thoughts Betrayed, Drawing Out the
  Beast, Blood of Acid), which no minion inflicts (the Rules Team's rulings of 1997-06-30), so it never counts
  as damage the opposing minion inflicted (Blood of Acid, Pulled Fangs).

Neither is a strike: a dodge, which cancels the opposing *strike* (ref14:V.D.3.b, rb95:8.3.dodge), does not stop
it; damage prevention stops it unless the text says "unpreventable"; a combat that has ended (combat ends,
a combatant no longer ready: ref14:V.D.7) inflicts nothing more in strike resolution or the press step.
"""

from __future__ import annotations

from checker.engine.combat_decisions import CombatEffect, Inflict
from checker.engine.context import Ctx
from checker.engine.damage import CombatLedger, Hit, Shields, card_damage
from checker.engine.state import State

WHEN = {"before_range": "before range is determined", "strike_resolution": "during normal strike resolution",
        "press_step": "during the press step", "end_of_round": "at the end of the round",
        "after_combat": "after combat ends"}


def opponent(who: str, acting: str, blocking: str) -> str:
    return blocking if who == acting else acting


def play(state: State, e: CombatEffect, slot: str, n: int, acting: str, blocking: str, long_range: bool | None,
         ledger: CombatLedger, ctx: Ctx) -> None:
    """Check that a combat card with a lasting or non-strike effect is played where and when its text allows, and
    record what it does for the rest of the round or combat (rb95:12.p1: the card's text over the rules)."""
    name = e.name or "the combat card"
    if e.by not in (acting, blocking):
        ctx.illegal("combat_outsiders", f"{e.by} is not in this combat and cannot play {name}")
    if e.timing != slot:
        said = {"before_range": "before range is determined", "before_strikes": "after range, before strikes are "
                "chosen", "end_of_round": "at the end of a round"}
        ctx.illegal("card_over_rule", f"{name} is played {said[e.timing]} by its text, not {said[slot]}")
    if e.close_range_only and long_range:
        ctx.illegal("card_over_rule", f"{name} is only usable at close range and the range is long")
    if e.one_each is not None:
        last = ledger.played.get((e.by, name))
        if last is not None and (e.one_each == "combat" or last == n):
            ctx.illegal("card_over_rule", f"{e.by} already played {name} this {e.one_each}: a vampire can play only "
                                          f"one {name} each {e.one_each}, by its text")
    ledger.played[(e.by, name)] = n
    opp = opponent(e.by, acting, blocking)
    if e.inflict is not None:
        ledger.lasting.append((e.by, name, e.inflict, n))
        d = e.inflict
        whom = "both combatants" if d.to == "both" else opp
        ctx.cite("card_over_rule", f"{e.by} plays {name}: {whom} take{'' if d.to == 'both' else 's'} damage "
                                   f"{WHEN[d.when]}" + (" each round of this combat" if d.rounds == "each" else ""))
    if e.no_strike_cards:
        ledger.no_strike_cards.add(opp)
        ctx.cite("card_over_rule", f"{name}: {opp} cannot play strike cards for the rest of this combat")
    if e.restricts_opponent:
        ledger.restricted[opp] = name
        ctx.cite("card_over_rule", f"{name}: for the rest of this combat {opp} cannot maneuver to long range, press "
                                   "to end combat or use equipment")
    if e.hands_aggravated_combat:
        ledger.hands_aggravated.add(e.to or e.by)
        ctx.cite("card_over_rule", f"{name}: {e.to or e.by}'s hand damage is aggravated for the rest of this combat")


def _active(d: Inflict, played: int, n: int) -> bool:
    return (d.rounds == "each" and n >= played) or (d.rounds == "first" and n == 1 == played) \
        or (d.rounds == "this" and n == played)


def due(state: State, ledger: CombatLedger, when: str, n: int, acting: str, blocking: str) -> list[Hit]:
    """The hits the cards played so far inflict at this point of round ``n`` (not Blood of Acid's, which answer
    the damage of each strike resolution)."""
    hits: list[Hit] = []
    for by, name, d, played in ledger.lasting:
        assert isinstance(d, Inflict)
        if d.when == when and not d.returned and _active(d, played, n):
            hits += hits_of(state, by, name, d, n - played, acting, blocking)
    return hits


def hits_of(state: State, by: str, name: str, d: Inflict, later: int, acting: str, blocking: str) -> list[Hit]:
    """What one card inflicts, ``later`` rounds after the one it was played in (the damage may grow each round)."""
    amount = d.amount + d.grows * later
    hits: list[Hit] = []
    victims = [by, opponent(by, acting, blocking)] if d.to == "both" else [opponent(by, acting, blocking)]
    for v in victims:
        if state.minion(v).location not in ("ready", "torpor"):
            continue
        hits.append(Hit(striker=by, victim=v, normal=amount, aggravated=d.aggravated,
                        unpreventable=d.unpreventable, environmental=not d.by_minion, card=name))
        if d.retainers:
            hits += [Hit(striker=by, victim=v, retainer=r.name, normal=amount, aggravated=d.aggravated,
                         unpreventable=d.unpreventable, environmental=not d.by_minion, card=name)
                     for r in state.minion(v).retainers]
    return hits


def returned(ledger: CombatLedger, before: dict[str, int], n: int, acting: str, blocking: str) -> list[Hit]:
    """Blood of Acid: the opposing minion takes environmental damage equal to the damage it successfully inflicted
    on the card's vampire in this strike resolution; environmental damage is not counted (RTR 19970630)."""
    hits: list[Hit] = []
    for by, name, d, played in ledger.lasting:
        assert isinstance(d, Inflict)
        if not d.returned or not _active(d, played, n):
            continue
        opp = opponent(by, acting, blocking)
        amount = ledger.inflicted.get(opp, 0) - before.get(opp, 0)
        if amount > 0:
            hits.append(Hit(striker=by, victim=opp, normal=amount, aggravated=d.aggravated,
                            unpreventable=d.unpreventable, environmental=True, card=name))
    return hits


def inflict(state: State, hits: list[Hit], prevent: Shields, step: str, ctx: Ctx) -> State:
    """Damage outside strike resolution (before range, the press step, the end of a round, after combat)."""
    if not hits:
        return state
    ctx.cite(step, f"{', '.join(dict.fromkeys(h.card or 'a card' for h in hits))} inflict"
                   f"{'s' if len({h.card for h in hits}) == 1 else ''} damage {WHEN[_when(step)]}")
    state = card_damage(state, hits, prevent, ctx)
    ctx.announce("check_torpor", "check for vampires going to torpor and minions or retainers burning")
    return state


def _when(step: str) -> str:
    return {"damage_before_range": "before_range", "damage_press_step": "press_step",
            "damage_end_of_round": "end_of_round", "damage_after_combat": "after_combat"}[step]
