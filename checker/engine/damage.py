"""Applying strikes: steal blood, equipment, paralysis, then damage and what it leaves.

The rules: ref14:V.D.4, ref14:V.D.5, ref14:V.D.6 and cto VI.

One call resolves one class of strikes (combat ends, dodge, first strike, the rest) that
happen together; the ruleset decides when stolen blood over capacity leaves, what
aggravated damage costs, and whether damage beyond blood means torpor or burning.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from checker.engine.context import Ctx
from checker.engine.decks import has_deck, to_crypt_bottom
from checker.engine.state import Minion, State
from checker.engine.table import drain


@dataclass(frozen=True)
class Hit:
    """What one strike does to the opposing minion (or one of its retainers)."""

    striker: str
    victim: str
    retainer: str | None = None
    normal: int = 0
    aggravated: bool = False
    extra_aggravated: int = 0  # aggravated damage added to an otherwise normal strike
    unpreventable: bool = False
    steal_blood: int = 0
    destroy_equipment: str | None = None
    steal_equipment: str | None = None
    paralyze: bool = False
    to_torpor: bool = False  # 'Send the opposing vampire to torpor': no damage (Rowan Ring)
    environmental: bool = False  # no minion inflicts it: a card's damage apart from a strike (RTR 19970630)
    card: str | None = None  # the card inflicting it apart from a strike


@dataclass
class Shields:
    """The damage prevention of one round, per minion: any damage, normal damage only, all of a strike's."""

    any: dict[str, int] = field(default_factory=dict)
    non_aggravated: dict[str, int] = field(default_factory=dict)
    all_damage: set[str] = field(default_factory=set)
    aggravated_as_normal: set[str] = field(default_factory=set)
    all_damage_round: set[str] = field(default_factory=set)  # all damage of the opponent's strikes, all round long


@dataclass
class CombatLedger:
    """What combat remembers between steps: stolen equipment, kept blood, retainers' starting life."""

    stolen_this_round: set[tuple[str, str]]
    kept_excess: set[str]
    retainer_life: dict[tuple[str, str], int]
    card_maneuvers: dict[tuple[str, str], int] = field(default_factory=dict)  # (minion, card) -> maneuvers this combat
    strength: dict[str, int] = field(default_factory=dict)  # minion -> strength set for this combat by a card
    strength_bonus: dict[str, int] = field(default_factory=dict)  # minion -> strength added for this combat by cards
    card_uses: dict[tuple[str, str], int] = field(default_factory=dict)  # (minion, card in play) -> uses this combat
    fixed_close: str | None = None  # the card that keeps this combat at close range (Gang Tactics)
    inflicted: dict[str, int] = field(default_factory=dict)  # minion -> damage it successfully inflicted this round
    lasting: list[tuple[str, str, object, int]] = field(default_factory=list)  # (by, card, Inflict, round played)
    after_combat: list[tuple[str, str, object]] = field(default_factory=list)  # (by, card, Inflict or blood gained)
    played: dict[tuple[str, str], int] = field(default_factory=dict)  # (minion, card) -> round it was last played
    no_strike_cards: set[str] = field(default_factory=set)  # minions barred from strike cards this combat
    restricted: dict[str, str] = field(default_factory=dict)  # minion -> the card barring long range, ends, equipment
    hands_aggravated: set[str] = field(default_factory=set)  # minions whose hand damage is aggravated this combat
    long_range: bool = False  # the range of the last round's strikes
    no_equipment: dict[str, str] = field(default_factory=dict)  # minion -> the retainer barring its equipment
    weapon_damage: dict[tuple[str, str], int] = field(default_factory=dict)  # (minion, weapon) -> inflicted
    souls_due: set[tuple[str, str]] = field(default_factory=set)  # (minion, weapon) gaining a soul counter


def burn_minion(state: State, name: str, ctx: Ctx, step: str, why: str) -> State:
    """Burn a minion: its counters go to the bank, it and the cards on it to the ash heap.

    Burning another Methuselah's vampire in play may give the current Methuselah the Edge.
    """
    m = state.minion(name)
    return edge_for_destroying(_burn(state, m, ctx, step, why), m, ctx)


def edge_for_destroying(state: State, victim: Minion, ctx: Ctx) -> State:
    """Destroying the other Methuselah's vampire gives the Edge, by edition (sol:phase.3; ref14:II.C.1.b: bleeds)."""
    me = state.current
    if (not victim.is_vampire or victim.controller == me or victim.location not in ("ready", "torpor")
            or not ctx.p("edge_on_vampire_destroyed")):
        return state
    ctx.cite_param("edge_on_vampire_destroyed", f"{me} destroyed {victim.controller}'s vampire {victim.name} "
                                                "and gets the Edge")
    return replace(state, edge=me)


def _burn(state: State, m: Minion, ctx: Ctx, step: str, why: str) -> State:
    name = m.name
    freed = m.counters
    if m.is_vampire and ctx.p("burned_to_deck_bottom") and has_deck(state, m.controller):
        state, on_it = to_crypt_bottom(state, name)
        ctx.cite(step, f"{name} is burned: {why}")
        ctx.cite_param("burned_to_deck_bottom", f"{name} goes to the bottom of {m.controller}'s crypt"
                       + (f", {', '.join(c.name for c in on_it)} to the bottom of the resources" if on_it else "")
                       + (f"; its {freed} blood and life go to the bank" if freed else ""))
        return replace(state, bank=state.bank + freed)
    state = replace(state.with_minion(name, location="ash_heap", blood=0, retainers=(), equipment=(),
                                      tapped=False, paralyzed=False, borrowed=()),
                    bank=state.bank + freed)
    ctx.cite(step, f"{name} is burned: {why}")
    borrowed = dict(m.borrowed)
    cards_on = [*(r.name for r in m.retainers), *(e for e in m.equipment if e not in borrowed)]
    ctx.cite("burned_to_ash_heap", f"{name}{' and ' + ', '.join(cards_on) if cards_on else ''} leave play for "
                                   f"{m.controller}'s ash heap")
    if not m.is_vampire and cards_on:
        ctx.cite("burn_cards_on_ally", f"the cards on the ally {name} are burned with it: {', '.join(cards_on)}")
    state = to_ash_heap(state, m.controller, 1 + len(m.retainers) + len([e for e in m.equipment if e not in borrowed]))
    for owner in borrowed.values():
        state = to_ash_heap(state, owner, 1)
    return state


def to_ash_heap(state: State, player: str, cards: int) -> State:
    """Burned cards go to their owner's ash heap (rb95:2.burn)."""
    return state.with_player(player, ash_heap=state.player(player).ash_heap + cards)


def to_torpor(state: State, name: str, ctx: Ctx, step: str, why: str, *, paralyzed: bool = False) -> State:
    m = state.minion(name)
    state = state.with_minion(name, location="torpor", tapped=m.tapped or paralyzed,
                              paralyzed=m.paralyzed or paralyzed)
    ctx.cite(step, f"{name} goes to torpor: {why}")
    return state


def drain_to_capacity(state: State, name: str, ctx: Ctx, step: str, why: str) -> State:
    """A vampire in play (ready or in torpor) drains what it holds over its capacity."""
    m = state.minion(name)
    return drain(state, name, ctx, why, step=step) if m.is_vampire and m.location in ("ready", "torpor") else state


def apply_hits(state: State, hits: list[Hit], prevent: Shields, ledger: CombatLedger, ctx: Ctx) -> State:
    """Resolve the effects of strikes that happen together, then damage, then what it leaves."""
    mode = ctx.p("steal_blood_excess") if any(h.steal_blood for h in hits) else None  # read only when it matters
    ctx.announce("apply_effects", "the strikes' effects are applied together")
    stealers: list[str] = []
    for h in hits:
        if h.steal_blood:
            state = _steal_blood(state, h, ctx)
            stealers.append(h.striker)
        if h.destroy_equipment:
            state = _lose_equipment(state, h.victim, h.destroy_equipment, ctx, "destroy_equipment", None)
        if h.steal_equipment:
            state = _lose_equipment(state, h.victim, h.steal_equipment, ctx, "steal_equipment", h.striker)
            ledger.stolen_this_round.add((h.striker, h.steal_equipment))
        if h.paralyze and state.minion(h.victim).location == "ready":
            state = to_torpor(state, h.victim, ctx, "paralyze", "paralyzed, tapped", paralyzed=True)
        if h.to_torpor and state.minion(h.victim).location == "ready":
            if not state.minion(h.victim).is_vampire:
                ctx.illegal("card_over_rule", f"{h.card or 'the strike'} sends a vampire to torpor: {h.victim} is "
                                              "not a vampire")
            what = h.card or f"{h.striker}'s strike"
            state = to_torpor(state, h.victim, ctx, "card_over_rule", f"{what} sends it to torpor, by the card's text")
    for s in dict.fromkeys(stealers):
        if mode == "kept":
            if state.minion(s).blood > state.minion(s).capacity:
                ledger.kept_excess.add(s)
                ctx.cite_param("steal_blood_excess", f"{s} keeps the blood over its capacity until the end "
                                                     "of combat, to heal damage")
        elif mode == "drained_before_healing":
            state = _drain_param(state, s, ctx, "drains off to the bank before damage is healed")
        elif state.minion(s).blood > state.minion(s).capacity:
            ctx.cite_param("steal_blood_excess", f"the blood {s} stole heals its damage at once; what is then "
                                                 "over its capacity goes to the bank")
    state = _stolen_out(state, hits, ctx)
    if any(h.normal > 0 or h.extra_aggravated > 0 for h in hits):
        ctx.cite("resolve_damage", "unprevented damage is resolved")
    for s in dict.fromkeys(stealers):
        if any(h.victim == s and h.retainer is None and (h.normal > 0 or h.extra_aggravated > 0) for h in hits):
            ctx.cite("stolen_blood_heals", f"the blood {s} stole is like any blood: it heals {s}'s damage "
                                           "this same round")
    state = _damage(state, [h for h in hits if not h.environmental], prevent, ctx, ledger.inflicted)
    rest = [h for h in hits if h.environmental]
    if rest:
        state = card_damage(state, rest, prevent, ctx)
    if mode == "healed_then_banked":
        for s in dict.fromkeys(stealers):
            state = _drain_param(state, s, ctx, "goes to the bank, the damage healed")
    ctx.announce("check_torpor", "check for vampires going to torpor and minions or retainers burning")
    return state


def _drain_param(state: State, name: str, ctx: Ctx, why: str) -> State:
    return drain(state, name, ctx, why, param="steal_blood_excess", what="stolen blood")


def _steal_blood(state: State, h: Hit, ctx: Ctx) -> State:
    victim = state.minion(h.victim)
    amount = min(h.steal_blood, victim.blood)
    state = state.with_minion(h.victim, blood=victim.blood - amount)
    striker = state.minion(h.striker)
    state = state.with_minion(h.striker, blood=striker.blood + amount)
    ctx.cite("steal_blood", f"{h.striker} steals {amount} {'blood' if victim.is_vampire else 'life'} from "
                            f"{h.victim}" + (f" (all it has; {h.steal_blood} asked)" if amount < h.steal_blood else ""))
    return state


def _stolen_out(state: State, hits: list[Hit], ctx: Ctx) -> State:
    """A minion whose blood or life was all stolen: burned, by the edition's reading."""
    for h in hits:
        if not h.steal_blood:
            continue
        v = state.minion(h.victim)
        if v.location not in ("ready", "torpor") or v.blood > 0:
            continue
        if not v.is_vampire:
            state = burn_minion(state, v.name, ctx, "burn_ally_retainer", "its last life was stolen")
        elif ctx.p("all_blood_stolen_burns"):
            state = burn_minion(state, v.name, ctx, "steal_blood", "all its blood was stolen")
            ctx.cite_param("all_blood_stolen_burns", f"{v.name} had all its blood stolen")
    return state


def _lose_equipment(state: State, victim: str, item: str, ctx: Ctx, step: str, taker: str | None) -> State:
    v = state.minion(victim)
    if item not in v.equipment:
        ctx.illegal(step, f"{victim} carries no {item}")
    state = state.with_minion(victim, equipment=tuple(e for e in v.equipment if e != item),
                              soul_counters=tuple(c for c in v.soul_counters if c[0] != item))
    if v.souls(item):
        ctx.cite("card_over_rule", f"{item} leaves {victim}: its soul counters are removed, by its text")
    if taker is None:
        ctx.cite(step, f"{item} on {victim} is burned")
        return to_ash_heap(state, dict(v.borrowed).get(item, v.controller), 1)
    owner = dict(v.borrowed).get(item, v.controller)
    state = state.with_minion(victim, borrowed=tuple(b for b in v.borrowed if b[0] != item))
    t = state.minion(taker)
    ctx.cite(step, f"{taker} takes {item} from {victim}")
    ctx.cite("stolen_equipment_unusable", f"{taker} cannot use {item} until the next round")
    borrowed = t.borrowed if owner == t.controller else (*t.borrowed, (item, owner))
    return state.with_minion(taker, equipment=(*t.equipment, item), borrowed=borrowed)


def card_damage(state: State, hits: list[Hit], prevent: Shields, ctx: Ctx) -> State:
    """Damage a card inflicts apart from a strike (rb95:12.p1: by its text). Environmental damage is inflicted by no
    minion (ref14:V.D.4 applies only the damage done by strikes; the rulings of RTR 19970630 call such damage
    environmental), so it counts for no one's damage; the minion's own ('this vampire inflicts') is its."""
    for h in hits:
        amount = f"{h.normal}{' aggravated' if h.aggravated else ''}"
        if h.environmental:
            ctx.cite("environmental_damage", f"{h.card or 'a card'}: {h.retainer or h.victim} takes {amount} "
                                             "environmental damage: not a strike's, inflicted by no minion")
        else:
            ctx.cite("card_over_rule", f"{h.card or 'a card'}: {h.striker} inflicts {amount} damage on "
                                       f"{h.retainer or h.victim} by the card's text, not by a strike")
    return _damage(state, hits, prevent, ctx, None)


def _damage(state: State, hits: list[Hit], prevent: Shields, ctx: Ctx,
            inflicted: dict[str, int] | None = None) -> State:
    as_normal = any(h.aggravated or h.extra_aggravated for h in hits) and bool(ctx.p("aggravated_as_normal"))
    per_victim: dict[tuple[str, str | None], list[int]] = {}  # normal, aggravated, unpreventable normal, aggr.
    for h in hits:
        if h.normal <= 0 and h.extra_aggravated <= 0:
            continue
        is_agg = h.aggravated and not as_normal
        if (h.aggravated or h.extra_aggravated) and as_normal:
            ctx.cite_param("aggravated_as_normal", f"{h.striker}'s aggravated damage counts as normal damage")
        slot = per_victim.setdefault((h.victim, h.retainer), [0, 0, 0, 0])
        base = 2 if h.unpreventable else 0
        slot[base + (1 if is_agg else 0)] += h.normal
        slot[base + (0 if as_normal else 1)] += h.extra_aggravated
    for (victim, retainer), (normal, agg, fixed_normal, fixed_agg) in per_victim.items():
        if _immune(state, victim, retainer) and normal + fixed_normal:
            ctx.cite("card_over_rule", f"{retainer or victim} is immune to non-aggravated damage, by its card: the "
                                       f"{normal + fixed_normal} normal damage does nothing")
            normal, fixed_normal = 0, 0
        if retainer is not None:
            state = _damage_retainer(state, victim, retainer, normal + agg, prevent.any.pop(retainer, 0), ctx)
            state = _damage_retainer(state, victim, retainer, fixed_normal + fixed_agg, 0, ctx) \
                if fixed_normal + fixed_agg else state
            continue
        m = state.minion(victim)
        if m.location not in ("ready", "torpor"):
            continue
        if victim in prevent.aggravated_as_normal and agg + fixed_agg:
            ctx.cite("card_over_rule", f"{victim} treats {agg + fixed_agg} aggravated damage as normal, by a "
                                       "card's text")
            normal, agg, fixed_normal, fixed_agg = normal + agg, 0, fixed_normal + fixed_agg, 0
        shield = prevent.any.pop(victim, 0)  # what is not used now is lost, not kept for later strikes
        shield_normal = prevent.non_aggravated.pop(victim, 0)
        if victim in prevent.all_damage_round and normal + agg:
            shield, shield_normal = normal + agg, 0
            ctx.cite("card_over_rule", f"{victim} prevents all the damage of the opposing strikes for the rest of "
                                       "this round, by a card's text")
        elif victim in prevent.all_damage and normal + agg:
            shield, shield_normal = normal + agg, 0
            prevent.all_damage.discard(victim)  # the opponent's strike: not its additional strikes
            ctx.cite("card_over_rule", f"{victim} prevents all the damage of the opposing strike, by a card's text")
        normal_only = min(shield_normal, normal)  # prevention of normal damage goes first where it can
        any_on_normal = min(shield, normal - normal_only)
        blocked_normal = normal_only + any_on_normal
        blocked_agg = min(shield - any_on_normal, agg)
        if blocked_normal or blocked_agg:
            normal, agg = normal - blocked_normal, agg - blocked_agg
            ctx.cite("damage_prevention_step", f"{victim} prevents {blocked_normal + blocked_agg} damage")
            ctx.cite("damage_prevention_played", "damage prevention is played in the damage step")
        if fixed_normal + fixed_agg:
            ctx.cite("card_over_rule", f"{fixed_normal + fixed_agg} damage to {victim} is unpreventable, by the "
                                       "striking card's text")
        normal, agg = normal + fixed_normal, agg + fixed_agg
        if inflicted is not None:  # what each minion successfully inflicted on the other this round
            for h in hits:
                if h.victim == victim and h.retainer is None and not h.environmental:
                    inflicted[h.striker] = inflicted.get(h.striker, 0) + normal + agg
                    break
        if normal or agg:
            ctx.cite("inflict_damage", f"{victim} takes {normal} normal" + (f" and {agg} aggravated" if agg else "")
                     + " damage")
        if m.is_vampire:
            state = _damage_vampire(state, m, normal, agg, ctx)
        else:
            state = _damage_ally(state, m, normal + agg, ctx)
    return state


def _immune(state: State, victim: str, retainer: str | None) -> bool:
    """Whether the minion (or its retainer) hit is immune to non-aggravated damage by its card."""
    m = state.minion(victim)
    if retainer is None:
        return m.immune_normal
    return any(r.name == retainer and r.immune_normal for r in m.retainers)


def _damage_retainer(state: State, holder: str, name: str, amount: int, prevented: int, ctx: Ctx) -> State:
    m = state.minion(holder)
    if prevented:
        if not ctx.p("retainer_damage_preventable"):
            ctx.illegal_param("retainer_damage_preventable", f"damage to the retainer {name} cannot be prevented")
        amount = max(0, amount - prevented)
        ctx.cite_param("retainer_damage_preventable", f"{prevented} damage to {name} is prevented")
    kept = []
    for r in m.retainers:
        if r.name != name:
            kept.append(r)
            continue
        lost = min(amount, r.life)
        state = replace(state, bank=state.bank + lost)
        ctx.cite("ally_damage", f"the retainer {name} loses {lost} life")
        if r.life - lost <= 0:
            ctx.cite("burn_ally_retainer", f"the retainer {name} has lost its last life and is burned")
            state = to_ash_heap(state, m.controller, 1)
        else:
            kept.append(replace(r, life=r.life - lost))
    return state.with_minion(holder, retainers=tuple(kept))


def _damage_ally(state: State, m: Minion, amount: int, ctx: Ctx) -> State:
    lost = min(amount, m.blood)
    state = state.move_blood(m.name, -lost)
    ctx.cite("ally_damage", f"{m.name} loses {lost} life")
    if state.minion(m.name).blood <= 0:
        state = burn_minion(state, m.name, ctx, "burn_ally_retainer", "it has lost its last life")
    return state


def _damage_vampire(state: State, m: Minion, normal: int, agg: int, ctx: Ctx) -> State:
    name = m.name
    if normal and agg:
        ctx.cite("normal_before_aggravated", "normal damage is resolved before aggravated damage")
    healed = min(normal, state.minion(name).blood)
    if healed:
        state = state.move_blood(name, -healed)
        ctx.cite("heal_normal", f"{name} burns {healed} blood to heal {healed} normal damage")
    unhealed = normal - healed
    if unhealed:
        ctx.cite("cannot_heal", f"{name} cannot heal {unhealed} damage")
    if agg:
        free = min(agg, ctx.p("aggravated_free_points"))
        cost = agg - free
        blood = state.minion(name).blood
        if free:
            ctx.cite_param("aggravated_free_points",
                           f"the first {free} point of aggravated damage costs {name} no blood")
        if cost > blood:
            state = state.move_blood(name, -blood)
            return burn_minion(state, name, ctx, "aggravated_burn",
                               f"{cost} blood is needed for the aggravated damage and it has {blood}")
        if cost:
            state = state.move_blood(name, -cost)
            ctx.cite("heal_aggravated", f"{name} burns {cost} blood against the aggravated damage")
        if state.minion(name).location == "ready":
            state = to_torpor(state, name, ctx, "aggravated_torpor", "it took aggravated damage")
    if unhealed and state.minion(name).location != "ash_heap":
        if ctx.p("damage_overflow") == "burn":
            return burn_minion(state, name, ctx, "overflow", f"{unhealed} damage more than its blood")
        if state.minion(name).location == "ready":
            state = to_torpor(state, name, ctx, "overflow", f"{unhealed} damage it could not heal; no blood left")
    return state
