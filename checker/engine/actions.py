"""Minion actions and how they resolve: tap, modifiers, block attempts, costs, effects (ref14:II.C, III)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from checker.engine import contests, in_play, mandatory_hunt, weapons
from checker.engine.blocking import Declared, resolve_blocks
from checker.engine.combat import begin_combat
from checker.engine.context import Ctx
from checker.engine.control import steal, steal_from
from checker.engine.damage import burn_minion
from checker.engine.decisions import (
    Action,
    ActionCardSpec,
    Bleed,
    BleedReduction,
    Boon,
    Combat,
    Cost,
    Diablerize,
    EmployRetainer,
    Equip,
    Hunt,
    LeaveTorpor,
    MasterCard,
    OutOfTurnMaster,
    PlayAction,
    Reaction,
    RecruitAlly,
    Rescue,
    TakeEquipment,
)
from checker.engine.diablerie import diablerie
from checker.engine.frenzy import frenzy
from checker.engine.phases import out_of_turn_master
from checker.engine.replacing import play_from_hand
from checker.engine.requirements import check_minion_card
from checker.engine.search import found_equipment
from checker.engine.state import Minion, Retainer, State
from checker.engine.table import drain_excess, pay_blood, pay_cost, replace_card
from checker.engine.turn_order import advance_to


@dataclass(frozen=True)
class Plan:
    """What an action is before blocks: its kind, target, base stealth, costs and card."""

    kind: str  # the no_card_action_stealth key, or "card"
    directed_at: str | None  # the Methuselah a directed action targets
    stealth: int
    cost: Cost
    card: str | None  # the name of the card played for the action, if any
    cost_paid_if_blocked: bool = False
    bleeds: bool = False  # the action bleeds a Methuselah: bleed modifiers may be played


def _actor(state: State, a: Action, ctx: Ctx, *, in_torpor: bool = False, card: bool = False) -> Minion:
    if not state.has_minion(a.actor):
        if any(r.name == a.actor for m in state.minions for r in m.retainers):
            ctx.illegal("retainer_no_action", f"{a.actor} is a retainer: retainers cannot take actions")
        ctx.illegal("ready_actor", f"no minion named {a.actor}")
    m = state.minion(a.actor)
    if m.controller != state.current:
        if card:
            ctx.illegal("minion_card_own_turn", f"{m.name} is {m.controller}'s and it is {state.current}'s turn: "
                                                "minion cards are used in their Methuselah's own minion phase")
        ctx.illegal("ready_actor", f"{m.name} is {m.controller}'s, and it is {state.current}'s turn")
    want = "torpor" if in_torpor else "ready"
    if m.location == "new":
        ctx.illegal("new_ally_cannot_act", f"{m.name} was recruited this turn and cannot act yet")
    if m.location != want:
        ctx.illegal("active_region_actor", f"{m.name} is {m.location.replace('_', ' ')}, not {want}")
    if m.tapped:
        ctx.illegal("untapped_actor", f"{m.name} is tapped and cannot act until it untaps")
    if m.contested:
        ctx.illegal("contest_yielded_to", f"{m.name} is contested: it is not controlled until every other "
                                          "Methuselah yields it")
    return m


def begin_action(state: State, a: Action, ctx: Ctx, *, hunting: bool = False, in_torpor: bool = False,
                 card: bool = False) -> tuple[State, Minion]:
    """Tap the acting minion; ``card``: the action is an action card's (rb95:3.2.2.action-cards.note1)."""
    state = advance_to(state, "minion", ctx, f"{a.actor}'s action")
    actor = _actor(state, a, ctx, in_torpor=in_torpor, card=card)
    mandatory_hunt.check_action(state, actor, hunting, ctx)
    if actor.name in state.began_empty:
        state = replace(state, began_empty=tuple(n for n in state.began_empty if n != actor.name))
    state = state.with_minion(actor.name, tapped=True)
    if card:
        ctx.cite("tap_actor_card", f"{actor.name} taps to use the action card")
    else:
        ctx.cite("tap_actor", f"{actor.name} taps to take the action")
    ctx.cite("ready_actor", f"{actor.name} was untapped: any untapped minion may take an action")
    return state, actor


def prey_of_current(state: State, ctx: Ctx) -> str:
    """The current Methuselah's prey: the next one on her left still in the game (ref14:I.A.1, ref14:I.A.2)."""
    me = state.current
    prey = state.prey(me)
    seats = [p.name for p in state.players]
    beside = seats[(seats.index(me) + 1) % len(seats)]
    if prey != beside:
        ctx.cite("new_prey", f"{beside} has left the game: {prey}, now on {me}'s left, is her new prey")
    else:
        ctx.cite("prey", f"{prey}, on {me}'s left, is her prey and the prey of her minions")
    return prey


def needs_card(state: State, ctx: Ctx, step: str, what: str) -> None:
    """An action that requires a card of a kind: refused with an empty hand (ref14:II.C.3 to II.C.5)."""
    if not ctx.p("cards_from_hand"):
        return
    me = state.current
    if state.player(me).hand <= 0:
        ctx.illegal(step, f"{me} has no card in hand: the action requires {what}")
    ctx.cite(step, f"the action requires {what}, played from {me}'s hand")
    ctx.cite("card_required", f"{what} is not an action card: the action needs no action card")


def run_action(state: State, a: Action, plan: Plan, ctx: Ctx) -> tuple[State, bool]:
    """Modifiers, blocks and costs; returns the state and whether the action resolves."""
    me = state.current
    declared = Declared(actor=a.actor, controller=me, kind=plan.kind, directed_at=plan.directed_at,
                        stealth=plan.stealth, bleeds=plan.kind == "bleed" or plan.bleeds)
    state, blocked, modifier_costs = resolve_blocks(state, a, declared, ctx)
    if blocked:
        ctx.cite("action_blocked", f"the action of {a.actor} was blocked: it does not occur")
        if not plan.cost_paid_if_blocked and (plan.cost.pool or plan.cost.blood):
            if ctx.p("action_costs_paid_if_blocked"):
                state = _pay(state, me, a.actor, plan.cost, ctx, plan.card or "the action")
                ctx.cite_param("action_costs_paid_if_blocked", "the action was blocked: its cost is paid all the same")
            else:
                ctx.cite_param("action_costs_paid_if_blocked", "the action was blocked: its cost is not paid")
        return state, False
    if a.frenzy is not None:  # the action remains unblocked, and is made unsuccessful: its costs are not modelled
        return frenzy(state, a, a.frenzy, ctx), False
    ctx.cite("action_unblocked", f"the action of {a.actor} was not blocked: it is resolved")
    for who, cost, name in modifier_costs:
        state = _pay(state, me, who, cost, ctx, name)
    if not plan.cost_paid_if_blocked:
        m = state.minion(a.actor)
        if plan.cost.blood > m.blood or plan.cost.pool > state.player(me).pool:
            ctx.cite("pay_cost", f"{a.actor}'s action cannot pay its cost and fails")
            return state, False
        state = _pay(state, me, a.actor, plan.cost, ctx, plan.card or "the action")
    ctx.cite("resolve_action", f"the action of {a.actor} is not blocked and resolves")
    return state, True


def _target_reacts(state: State, by: str, reaction: Reaction, target: str, ctx: Ctx) -> State:
    """A ready, unlocked minion of the bled Methuselah plays a reaction: its requirements checked, its cost paid."""
    if not state.has_minion(by) or state.minion(by).controller != target:
        ctx.illegal("card_over_rule", f"{reaction.name} is played by a minion of {target}, the Methuselah bled")
    reacting = state.minion(by)
    if reacting.tapped or reacting.location != "ready":
        ctx.illegal("reaction_untapped", f"{by} must be ready and unlocked to play {reaction.name}")
    check_minion_card(reacting, reaction, reaction.name, ctx)
    return pay_cost(state, target, by, reaction.cost, ctx, reaction.name, "reaction_intercept")


def _reduce_bleed(state: State, cut: BleedReduction, target: str, amount: int, ctx: Ctx) -> tuple[State, int]:
    """A reaction of the bled Methuselah's minion reduces the bleed, before it succeeds (its card's text)."""
    state = _target_reacts(state, cut.by, cut.reaction, target, ctx)
    left = max(amount - cut.amount, 0)
    ctx.cite("card_over_rule", f"{cut.by} plays {cut.reaction.name}: the bleed against {target} is reduced by "
                               f"{cut.amount}, to {left}")
    return play_from_hand(state, target, cut.reaction.name, cut.reaction.replace or "now", ctx), left


def redirect_bleed(state: State, d: Bleed, target: str, ctx: Ctx) -> tuple[State, str, bool]:
    """A reaction of the bled Methuselah sends the bleed to another, who may block it (Deflection's text).

    Returns the state, the new target and whether the bleed still resolves."""
    r = d.redirect
    assert r is not None
    mover = state.minion(d.actor).controller
    if r.to in (target, mover) or not state.has_player(r.to) or state.player(r.to).gone:
        ctx.illegal("card_over_rule", f"{r.reaction.name} sends the bleed to another Methuselah in the game, "
                                      f"neither {target} nor {mover}, the acting minion's controller")
    state = _target_reacts(state, r.by, r.reaction, target, ctx)
    if r.lock:
        state = state.with_minion(r.by, tapped=True)
    ctx.cite("card_over_rule", f"{target} plays {r.reaction.name} with {r.by}"
             + (", who locks" if r.lock else "") + f": the bleed now targets {r.to}, who may attempt to block it")
    state = play_from_hand(state, target, r.reaction.name, r.reaction.replace or "now", ctx)
    declared = Declared(actor=d.actor, controller=state.current, kind="bleed", directed_at=r.to,
                        stealth=ctx.p("no_card_action_stealth")["bleed"], bleeds=True)
    state, blocked, _ = resolve_blocks(state, Bleed(actor=d.actor, blocks=r.blocks), declared, ctx)
    if blocked:
        ctx.cite("action_blocked", f"{r.to} blocked the redirected bleed: it does not occur")
    return state, r.to, not blocked


def own_bleed(actor: Minion, ctx: Ctx) -> int:
    """The acting minion's own bleed: the rule's (1), with what its card adds; an ally's card prints its bleed
    ('0 strength, 3 bleed.'), which is its bleed instead (rb95:12.p1)."""
    if actor.card_bleed is not None:
        ctx.cite("card_over_rule", f"{actor.name}'s card gives it a bleed of {actor.card_bleed}")
        return actor.card_bleed
    if actor.bleed > 1:
        ctx.cite("card_over_rule", f"{actor.name}'s card gives it +{actor.bleed - 1} bleed")
    return int(ctx.p("bleed_amount")) + max(actor.bleed - 1, 0)


def modifier_bleed(a: Action) -> int:
    """The bleed the action modifiers add: before any block attempt, during one, and after them."""
    during = sum(p.modifier.bleed for b in a.blocks for p in b.plays if p.modifier is not None)
    return sum(m.bleed for m in (*a.modifiers, *a.after_blocks)) + during


def _pay(state: State, player: str, minion: str, cost: Cost, ctx: Ctx, what: str) -> State:
    return pay_cost(state, player, minion, cost, ctx, what, "pay_pool_cost", "pay_blood_cost")


def card_played(state: State, ctx: Ctx, name: str, *, stays: bool = False) -> State:
    return replace_card(state, state.current, ctx, name, stays_in_play=stays)


def bleed(state: State, d: Bleed, ctx: Ctx) -> State:
    """Bleed: the target Methuselah burns pool; a bleed for one or more gets the Edge."""
    state, actor = begin_action(state, d, ctx)
    target = d.target or prey_of_current(state, ctx)
    if target == state.current:
        ctx.illegal("bleed_not_self", f"{state.current} cannot bleed herself")
    if not state.has_player(target) or state.player(target).gone:
        ctx.illegal("bleed", f"{target} is not a Methuselah in the game")
    if target != state.prey(state.current):
        ctx.illegal("bleed_prey_only", f"a bleed without a card is directed at the prey, "
                                       f"{state.prey(state.current)}, not {target}")
    ctx.cite("bleed_no_card", f"{actor.name} bleeds without playing an action card")
    plan = Plan("bleed", target, ctx.p("no_card_action_stealth")["bleed"], Cost(), None)
    for cut in d.reductions:  # a reduction may be played before the block attempts (ruling on Telepathic Counter)
        if cut.before_blocks:
            state = _target_reacts(state, cut.by, cut.reaction, target, ctx)
            ctx.cite("card_over_rule", f"{cut.by} plays {cut.reaction.name} before any block attempt: the bleed "
                                       f"against {target} will be reduced by {cut.amount} if it succeeds")
            state = play_from_hand(state, target, cut.reaction.name, cut.reaction.replace or "now", ctx)
    state, ok = run_action(state, d, plan, ctx)
    if not ok:
        return state
    if d.redirect is not None:
        state, target, ok = redirect_bleed(state, d, target, ctx)
        if not ok:
            return state
    from_retainers, giving = state.minion(actor.name).retainer_bonus("bleed")
    for r in actor.retainers:
        if r.name in actor.contested_items and dict(r.bonus).get("bleed"):
            ctx.cite("contest_yielded_to", f"{r.name} is contested: out of {actor.controller}'s control, it gives "
                                           f"{actor.name} no bleed")
    amount = own_bleed(actor, ctx) + modifier_bleed(d) + from_retainers
    if from_retainers:
        ctx.cite("card_over_rule", f"{', '.join(giving)} give{'s' if len(giving) == 1 else ''} {actor.name}, "
                                   f"the employer, +{from_retainers} bleed")
    for cut in d.reductions:
        if cut.before_blocks:
            amount = max(amount - cut.amount, 0)
            ctx.cite("card_over_rule", f"{cut.reaction.name}, played before the block attempts, reduces the bleed "
                                       f"against {target} by {cut.amount}, to {amount}")
            continue
        state, amount = _reduce_bleed(state, cut, target, amount, ctx)
    ctx.cite_param("bleed_amount", f"{actor.name} bleeds {target} for {amount}")
    for i, boon in enumerate(d.boons):
        state, target = _boon(state, boon, actor, target, amount, i > 0, ctx)
    return _bleed_pool(state, target, amount, ctx)


def _boon(state: State, b: Boon, actor: Minion, target: str, amount: int, again: bool,
          ctx: Ctx) -> tuple[State, str]:
    """An out-of-turn master card by which its player burns the bleed's pool instead of the target, the bleed still
    successful (Major Boon's text, rb95:12.p1). The pool she would burn is a card's effect, not a bleed: no second
    such card can take it from her (ruling on Major Boon, RTR 19970630)."""
    if again:
        ctx.illegal("card_over_rule", f"{target} would burn pool through a card's effect, not a bleed: {b.name} "
                                      f"is only usable when another Methuselah is being bled")
    if b.player in (target, actor.controller) or amount < 1:
        ctx.illegal("card_over_rule", f"{b.name} is only usable if another Methuselah is bled for 1 or more by a "
                                      f"minion {b.player} does not control")
    state = out_of_turn_master(state, OutOfTurnMaster(player=b.player, card=MasterCard(name=b.name, cost=b.cost)),
                               ctx)
    ctx.cite("card_over_rule", f"{b.player} plays {b.name}: she burns the pool of the bleed instead of {target}, "
                               "and the bleed is still successful")
    return state, b.player


def _bleed_pool(state: State, target: str, amount: int, ctx: Ctx, edge_step: str = "edge_on_bleed") -> State:
    if amount >= 1 and state.player(target).pool == 0 and ctx.p("oust_when") == "bled_at_zero":
        ctx.cite_param("oust_when", f"{target} is successfully bled at zero pool")
        state = state.with_player(target, lost=True)
    lost = min(amount, state.player(target).pool)
    state = state.move_pool(target, -lost)
    ctx.cite("bleed", f"{target} burns {lost} pool to the blood bank")
    if lost >= 1:
        holder = state.edge
        state = replace(state, edge=state.current)
        ctx.cite(edge_step, f"{state.current} gets the Edge for bleeding {target}")
        if holder is not None and holder != state.current:
            ctx.cite("edge_forfeit", f"there is only one Edge: {holder} forfeits it")
    return state


def hunt(state: State, d: Hunt, ctx: Ctx) -> State:
    """Hunt: a vampire gains blood from the bank; at capacity, by edition, illegal or drained."""
    state, actor = begin_action(state, d, ctx, hunting=True)
    if not actor.is_vampire:
        ctx.illegal("hunt_kindred_only", f"{actor.name} is an ally: only vampires hunt")
    barring = [item for item, text in state.texts_on(actor) if text.cannot_hunt]
    if barring:
        ctx.illegal("card_over_rule", f"{actor.name} carries {barring[0]}: 'The bearer cannot hunt.' (its text)")
    if actor.blood >= actor.capacity and not ctx.p("hunt_at_capacity"):
        ctx.illegal_param("hunt_at_capacity", f"{actor.name} is at capacity ({actor.capacity}) and cannot hunt")
    plan = Plan("hunt", None, ctx.p("no_card_action_stealth")["hunt"], Cost(), None)
    full = d.burned_at_capacity is not None and actor.blood >= actor.capacity
    state, ok = run_action(state, d, plan, ctx)
    if not ok:
        if full:
            ctx.cite("card_over_rule", f"the hunt was blocked: {actor.name} did not hunt, and "
                                       f"{d.burned_at_capacity} does not burn him")
        return state
    gain = ctx.p("hunt_gain")
    state = state.move_blood(actor.name, gain)
    ctx.cite("hunt", f"{actor.name} gains {gain} blood from the blood bank")
    state = drain_excess(state, actor.name, ctx)
    if full:  # the hunt succeeded at full capacity: burned, though the blood gained drained away (TOM 19951212)
        state = burn_minion(state, actor.name, ctx, "card_over_rule",
                            f"hunted at full capacity while suffering {d.burned_at_capacity}")
    return state


def employ_retainer(state: State, d: EmployRetainer, ctx: Ctx) -> State:
    state, actor = begin_action(state, d, ctx)
    card = d.retainer
    needs_card(state, ctx, "employ_retainer_card", f"a retainer card ({card.name})")
    if card.discipline or card.clan or card.vampire_only or card.mentions or card.sect or card.titles:
        check_minion_card(actor, card, card.name, ctx)  # a Discipline retainer needs it (Raven Spy: Animalism)
    if not actor.is_vampire:
        if ctx.p("retainer_employers") == "vampires":
            ctx.illegal("retainer_by_vampire", f"{actor.name} is an ally: only a vampire employs a retainer")
        ctx.cite_param("retainer_employers", f"{actor.name} is an ally: allies employ retainers too")
    plan = Plan("employ_retainer", None, ctx.p("no_card_action_stealth")["employ_retainer"], card.cost, card.name)
    state, ok = run_action(state, d, plan, ctx)
    if ok:
        state = state.add_retainer(actor.name, Retainer(card.name, card.life, tuple(card.bonus.items()),
                                                        round_damage=card.round_damage,
                                                        round_damage_ranged=card.round_damage_ranged,
                                                        no_combat_ends=card.no_combat_ends,
                                                        no_equipment_after_block=card.no_equipment_after_block))
        life = f" with {card.life} life" if card.life else ""
        ctx.cite("employ_retainer", f"{card.name} is put on {actor.name}{life}")
        if card.unique:
            state = contests.contest_item(state, actor.name, card.name, ctx)
    return card_played(state, ctx, card.name, stays=ok)


def recruit_ally(state: State, d: RecruitAlly, ctx: Ctx) -> State:
    state, actor = begin_action(state, d, ctx)
    card = d.ally
    if not actor.is_vampire and ctx.p("recruit_ally_vampire_only"):
        ctx.illegal_param("recruit_ally_vampire_only", f"{actor.name} is an ally: an ally is brought into play "
                                                       "by a vampire")
    needs_card(state, ctx, "recruit_ally_card", f"an ally card ({card.card or card.name})")
    if card.discipline or card.clan or card.vampire_only or card.mentions or card.sect or card.titles:
        check_minion_card(actor, card, card.card or card.name, ctx)  # Political Ally: the Ventrue clan symbol
    if state.has_minion(card.name):
        ctx.illegal("recruit_ally", f"a minion named {card.name} is already in the game")
    plan = Plan("recruit_ally", None, ctx.p("no_card_action_stealth")["recruit_ally"], card.cost,
                card.card or card.name)
    state, ok = run_action(state, d, plan, ctx)
    if ok:
        state = state.add_minion(Minion(name=card.name, controller=state.current, kind="ally", blood=0,
                                        location="new", card=card.card or "", stealth=card.stealth,
                                        card_strength=card.strength, card_bleed=card.bleed))
        ctx.cite("recruit_ally", f"{card.name} is put in the inactive region: it cannot act this turn")
        state = state.move_blood(card.name, card.life)
        ctx.cite("ally_life", f"{card.name} gets {card.life} life from the blood bank")
        said = [f"{n} {what}" for n, what in ((card.strength, "strength"), (card.bleed, "bleed")) if n is not None]
        said += [f"+{card.stealth} stealth on each of its actions"] if card.stealth else []
        if said:
            ctx.cite("card_over_rule", f"{card.name}'s card gives it {', '.join(said)}")
        state = _unique_ally(state, state.minion(card.name), card.unique, ctx)
    return card_played(state, ctx, card.card or card.name, stays=ok)


def _unique_ally(state: State, m: Minion, unique: bool, ctx: Ctx) -> State:
    """A second copy of a unique ally coming into play contests it with the first (ref14:II.note1)."""
    others = [o for o in state.minions if o.name != m.name and o.card_name == m.card_name
              and o.location in ("ready", "torpor", "new")]
    if not unique or not others:
        return state
    for o in (m, *others):
        state = state.with_minion(o.name, contested=True)
    ctx.cite("contest_unique", f"{m.card_name} is unique and already in play ({', '.join(o.name for o in others)}): "
                               "the second copy is contested")
    return state


def equip(state: State, d: Equip, ctx: Ctx) -> State:
    state, actor = begin_action(state, d, ctx)
    card = d.equipment
    if d.search:  # the card in play's +1 stealth equip action: the equipment is found only if the action succeeds
        ctx.cite("card_over_rule", f"{actor.name} takes the equip action its card gives (+1 stealth, as any equip "
                                   "action), with the first equipment found in the library")
        plan = Plan("equip", None, ctx.p("no_card_action_stealth")["equip"], Cost(), None)
        state, ok = run_action(state, d, plan, ctx)
        return found_equipment(state, actor.name, card, ctx) if ok else state
    needs_card(state, ctx, "equip_card", f"an equipment card ({card.name})")
    if card.discipline or card.clan or card.vampire_only or card.mentions:
        check_minion_card(actor, card, card.name, ctx)
    plan = Plan("equip", None, ctx.p("no_card_action_stealth")["equip"], card.cost, card.name)
    state, ok = run_action(state, d, plan, ctx)
    if ok:
        m = state.minion(actor.name)
        state = state.with_minion(m.name, equipment=(*m.equipment, card.name))
        ctx.cite("equip", f"{card.name} is put on {m.name}")
        if card.text is not None and card.name not in dict(state.item_texts):
            state = replace(state, item_texts=(*state.item_texts, (card.name, card.text)))
        if card.unique:
            state = contests.contest_item(state, m.name, card.name, ctx)
        if m.equipment:
            ctx.cite("equipment_no_limit", f"{m.name} now carries {len(m.equipment) + 1} equipment cards: "
                                           "there is no limit")
    return card_played(state, ctx, card.name, stays=ok)


def take_equipment(state: State, d: TakeEquipment, ctx: Ctx) -> State:
    state, actor = begin_action(state, d, ctx)
    if not state.has_minion(d.source) or d.source == actor.name:
        ctx.illegal("take_equipment_action", f"{d.source} is not another minion")
    src = state.minion(d.source)
    if src.controller != state.current or src.location not in ("ready", "torpor"):
        ctx.illegal("take_equipment_action", f"{src.name} is not controlled by {state.current}")
    missing = [e for e in d.equipment if e not in src.equipment]
    if missing:
        ctx.illegal("take_equipment_same_minion", f"{src.name} does not carry {', '.join(missing)}: "
                                                  "all equipment taken comes from that one minion")
    ctx.cite("take_equipment_action", f"{actor.name} takes equipment from {src.name}, another minion of "
                                      f"{state.current}: an action with no card")
    plan = Plan("take_equipment", None, ctx.p("no_card_action_stealth")["take_equipment"], Cost(), None)
    state, ok = run_action(state, d, plan, ctx)
    if ok:
        src = state.minion(d.source)
        state = state.with_minion(src.name, equipment=tuple(e for e in src.equipment if e not in d.equipment))
        m = state.minion(actor.name)
        state = state.with_minion(m.name, equipment=(*m.equipment, *d.equipment))
        ctx.cite("take_equipment", f"{m.name} takes {', '.join(d.equipment)} from {src.name}")
    return state


def leave_torpor(state: State, d: LeaveTorpor, ctx: Ctx) -> State:
    """Leave torpor: two blood, paid even if the action is blocked (ref14:II.C.7.b)."""
    if not ctx.p("torpor_used"):
        ctx.illegal_param("torpor_used", "this edition has no torpor")
    state, actor = begin_action(state, d, ctx, in_torpor=True)
    ctx.cite_param("torpor_used", f"{actor.name} leaves torpor: an action with no card")
    cost = ctx.p("leave_torpor_cost")
    paid_anyway = bool(ctx.p("leave_torpor_cost_paid_if_blocked"))
    if paid_anyway:
        if actor.blood < cost:
            ctx.illegal_param("leave_torpor_cost", f"{actor.name} has {actor.blood} blood and leaving torpor "
                                                   f"costs {cost}")
        state = state.move_blood(actor.name, -cost)
        ctx.cite_param("leave_torpor_cost_paid_if_blocked",
                       f"{actor.name} pays {cost} blood to leave torpor, paid even if the action is blocked")
    plan = Plan("leave_torpor", None, ctx.p("no_card_action_stealth")["leave_torpor"], Cost(blood=cost), None,
                cost_paid_if_blocked=paid_anyway)
    state, ok = run_action(state, d, plan, ctx)
    if ok:
        state = state.with_minion(actor.name, location="ready", paralyzed=False)
        ctx.cite("leave_torpor", f"{actor.name} leaves torpor and moves to the ready region")
    return state


def _encounter(state: State, d: Action, target_name: str, effect: str,
               ctx: Ctx) -> tuple[State, Minion, Minion, Plan]:
    """Encounter a vampire in torpor (ref14:II.C.8): a vampire acts; directed unless in its own torpor region."""
    if not ctx.p("torpor_used"):
        ctx.illegal_param("torpor_used", "this edition has no torpor")
    state, actor = begin_action(state, d, ctx)
    if not actor.is_vampire:
        ctx.illegal("encounter", f"{actor.name} is an ally: only vampires (Kindred) encounter vampires in torpor")
    if not state.has_minion(target_name) or state.minion(target_name).location != "torpor":
        ctx.illegal("rescue", f"{target_name} is not a vampire in torpor")
    target = state.minion(target_name)
    ctx.cite("encounter", f"{actor.name}, a vampire, encounters {target.name} in torpor: an action with no card")
    ctx.cite("encounter_named", f"{actor.name} names {target.name} and the effect, {effect}, as the action is "
                                "announced")
    own = target.controller == state.current
    if not own:
        ctx.cite("rescue_directed", f"{target.name} is in {target.controller}'s torpor region: a directed action")
    kind = "rescue_own_torpor" if own else "rescue_other_torpor"
    plan = Plan(kind, None if own else target.controller, ctx.p("no_card_action_stealth")[kind], Cost(), None)
    return state, actor, target, plan


def rescue(state: State, d: Rescue, ctx: Ctx) -> State:
    """Rescue a vampire from torpor: two blood from either vampire; free if it is paralyzed."""
    state, actor, target, plan = _encounter(state, d, d.target, "rescue", ctx)
    cost = ctx.p("rescue_paralyzed_cost") if target.paralyzed else ctx.p("rescue_cost")
    pay = d.pay or {actor.name: cost}
    if cost and (sum(pay.values()) != cost or set(pay) - {actor.name, target.name}):
        ctx.illegal_param("rescue_cost", f"rescue costs {cost} blood, paid by {actor.name} or {target.name}")
    state, ok = run_action(state, d, plan, ctx)
    if not ok:
        return state
    for who, amount in (pay.items() if cost else ()):
        state = pay_blood(state, who, amount, ctx, "rescue", f"rescuing {target.name}")
    if target.paralyzed:
        ctx.cite_param("rescue_paralyzed_cost", f"{target.name} is paralyzed: the rescue costs nothing")
    state = state.with_minion(target.name, location="ready", paralyzed=False)
    ctx.cite("rescue", f"{target.name} is rescued and moves to the ready region")
    return state


def diablerize(state: State, d: Diablerize, ctx: Ctx) -> State:
    """Encounter a vampire in torpor to diablerize it: no blood cost (ref14:II.C.8.e)."""
    state, actor, target, plan = _encounter(state, d, d.target, "diablerie", ctx)
    state, ok = run_action(state, d, plan, ctx)
    if not ok:
        return state
    return diablerie(state, actor.name, target.name, d.skill_card, ctx)


def combat(state: State, d: Combat, ctx: Ctx) -> State:
    """A combat between two minions of different Methuselahs, as if one had blocked the other."""
    for who in (d.acting, d.blocking):
        if not state.has_minion(who):
            ctx.illegal("strike_announce", f"no minion named {who}")
    a, b = state.minion(d.acting), state.minion(d.blocking)
    if a.controller == b.controller:
        ctx.illegal("directed_blockers", f"{a.name} and {b.name} are both {a.controller}'s")
    for m in (a, b):
        if m.location not in ("ready", "torpor"):
            ctx.illegal("strike_announce", f"{m.name} is {m.location} and cannot be in combat")
    return begin_combat(state, d.acting, d.blocking, ctx, d.rounds, d.diablerize)


def play_action(state: State, d: PlayAction, ctx: Ctx) -> State:
    """A generic action card: its target, stealth, cost and effects."""
    card = d.card
    state, actor = begin_action(state, d, ctx, card=card.ability is None)
    if card.ability is not None:
        _own_ability(actor, card, ctx)
    else:
        check_minion_card(actor, card, card.name, ctx)
        ctx.cite("announce_action_card", f"{actor.name}'s action is announced by playing the action card {card.name}")
        if card.replace is not None:  # 'Do not replace until after this action.': replaced when it is finished
            state = play_from_hand(state, state.current, card.name, card.replace, ctx)
    directed_at = None
    if card.steal_edge:
        directed_at = _edge_holder(state, card, ctx)
    elif card.directed and card.steal is not None:
        directed_at = steal_from(state, card, ctx)
    elif card.burn_location:
        holding = in_play.holders(state, card.target or "")
        if not holding:
            ctx.illegal("action_card", f"{card.name} burns a location in play: {card.target or 'nothing'} is not one")
        directed_at = holding[0]
    elif card.directed and card.target is not None and (holder := _retainer_holder(state, card.target)):
        directed_at = holder.controller
    elif card.directed:
        target = card.target or prey_of_current(state, ctx)
        directed_at = state.minion(target).controller if state.has_minion(target) else target
        if not state.has_player(directed_at):
            ctx.illegal("action_card", f"{card.name} is directed at {target}, who is not in the game")
        if state.player(directed_at).ousted:
            ctx.illegal("cards_back_on_oust", f"{card.name} is directed at {target}, but {directed_at} is ousted "
                                              "and her cards have left play")
    if (card.bleed or card.bleed_plus is not None) and directed_at == state.current:
        ctx.illegal("bleed_not_self", f"{state.current} cannot bleed herself")
    if card.bleed_plus is not None and directed_at is not None:
        _bleed_target(state, card, directed_at, ctx)
    if card.enter_combat:
        _combat_target(state, card.name, card.target, ctx)
    if card.lock is not None or card.burn_target:
        _check_target(state, actor, card, ctx)
    plan = Plan("card", directed_at, card.stealth, card.cost, card.name,
                bleeds=card.bleed > 0 or card.bleed_plus is not None)
    state, ok = run_action(state, d, plan, ctx)
    if ok:
        state = _effects(state, d, directed_at, ctx)
        if card.steal_edge and directed_at is not None:
            state = replace(state, edge=state.current)
            ctx.cite("card_over_rule", f"{card.name}: {state.current} takes the Edge from {directed_at}")
        if card.ability is None:
            ctx.cite("burn_action_card", f"{card.name} has no lasting effect and is burned")
    return state if card.ability is not None or card.replace is not None else card_played(state, ctx, card.name)


def _retainer_holder(state: State, name: str) -> Minion | None:
    """The minion employing a retainer of this name, if it is not itself a minion's name."""
    return None if state.has_minion(name) else state.employer_of(name)


def _check_target(state: State, actor: Minion, card: ActionCardSpec, ctx: Ctx) -> None:
    """The minion a card locks, unlocks or burns must be what the card says: whose, ready, what kind."""
    target = card.target
    holder = _retainer_holder(state, target) if target else None
    if target is None or (not state.has_minion(target) and holder is None):
        ctx.illegal("action_card", f"{card.name} names its target: say which minion with `target`")
    me = state.current
    owner = holder.controller if holder is not None else state.minion(target).controller
    allowed = {"any": None, "prey": {state.prey(me)},
               "predator_or_prey": {state.prey(me), state.predator(me)}}[card.target_whose]
    if allowed is not None and owner not in allowed:
        ctx.illegal("action_card", f"{card.name} targets a minion of {' or '.join(sorted(allowed))}; {target} is "
                                   f"{owner}'s")
    if holder is not None:
        if card.target_kind != "ally_or_retainer":
            ctx.illegal("action_card", f"{target} is a retainer: {card.name} targets a minion")
        return
    m = state.minion(target)
    if card.target_ready and m.location != "ready":
        ctx.illegal("action_card", f"{card.name} targets a ready minion; {target} is in {m.location}")
    kind_ok = {"minion": True, "vampire": m.is_vampire, "ally_or_retainer": not m.is_vampire,
               "younger_vampire_or_ally": not m.is_vampire or m.capacity < actor.capacity}[card.target_kind]
    if not kind_ok:
        step = "vampire_age" if card.target_kind == "younger_vampire_or_ally" else "action_card"
        ctx.illegal(step, f"{target} is not {card.target_kind.replace('_', ' ')} as {card.name} needs")
    if card.target_kind == "younger_vampire_or_ally" and m.is_vampire:
        ctx.cite("vampire_age", f"{target}, capacity {m.capacity}, is younger than {actor.name}, capacity "
                                f"{actor.capacity}")


def _lock_or_burn(state: State, card: ActionCardSpec, ctx: Ctx) -> State:
    """The action succeeded: its target is locked, unlocked or burned."""
    target = card.target
    assert target is not None
    holder = _retainer_holder(state, target)
    if card.burn_target and holder is not None:
        life = next(r.life for r in holder.retainers if r.name == target)
        state = state.with_minion(holder.name, retainers=tuple(r for r in holder.retainers if r.name != target))
        state = replace(state, bank=state.bank + life)  # its life counters go back to the blood bank (rb95:2.burn)
        ctx.cite("action_card", f"{card.name}: {target}, {holder.name}'s retainer, is burned")
        return state.with_player(holder.controller, ash_heap=state.player(holder.controller).ash_heap + 1)
    if card.burn_target:
        return burn_minion(state, target, ctx, "action_card", f"is burned by {card.name}")
    m = state.minion(target)
    if m.location != "ready":
        return state
    state = state.with_minion(target, tapped=card.lock == "lock")
    ctx.cite("action_card", f"{card.name}: {target} {'locks' if card.lock == 'lock' else 'unlocks'}")
    return state


def _own_ability(actor: Minion, card: ActionCardSpec, ctx: Ctx) -> None:
    """An action a vampire's own card text gives, or equipment it carries: only that minion takes it, and no card is
    played (ref14:II.C.11: 'Other actions as allowed by cards already in play (NO card).'; rb95:12.p1)."""
    if card.ability in actor.equipment:
        if card.ability in actor.contested_items:
            ctx.illegal("contest_yielded_to", f"{actor.name}'s {card.ability} is contested: out of its control")
        ctx.cite("in_play_action", f"{actor.name} carries {card.ability}, whose text gives it this action: no card "
                                   "is played")
        return
    if actor.card_name.casefold() != (card.ability or "").casefold():
        ctx.illegal("card_over_rule", f"{card.name} is the text of {card.ability}, which {actor.name} neither is nor "
                                      "carries")
    ctx.cite("in_play_action", f"{actor.name}'s card gives it this action ({card.name}): no card is played")



def _edge_holder(state: State, card: ActionCardSpec, ctx: Ctx) -> str:
    """'Steal the Edge': from the Methuselah who has it; an Edge nobody holds cannot be stolen."""
    if state.edge is None:
        ctx.illegal("card_over_rule", f"{card.name}: nobody has the Edge, so there is no Edge to steal")
    if state.edge == state.current:
        ctx.illegal("card_over_rule", f"{card.name}: {state.current} already has the Edge")
    ctx.cite("card_over_rule", f"{card.name} is directed at {state.edge}, who has the Edge")
    return state.edge

def _bleed_target(state: State, card: ActionCardSpec, target: str, ctx: Ctx) -> None:
    """A card's bleed goes to the prey, unless the card says 'any Methuselah' or 'your predator or prey'."""
    me = state.current
    if card.bleed_any:
        ctx.cite("card_over_rule", f"{card.name} may bleed any Methuselah: {target}")
        return
    allowed = {state.prey(me)} | ({state.predator(me)} if card.bleed_predator_or_prey else set())
    if target not in allowed:
        ctx.illegal("bleed_prey_only", f"{card.name} bleeds {' or '.join(sorted(allowed))}, not {target}")
    ctx.cite("bleed_prey_only", f"{card.name} bleeds {target}")


def _card_bleed(state: State, d: PlayAction, target: str, ctx: Ctx) -> State:
    """'(D) Bleed with +1 bleed': the acting minion's bleed and the card's, capped where the card says."""
    card, actor = d.card, state.minion(d.actor)
    assert card.bleed_plus is not None
    from_retainers, _ = actor.retainer_bonus("bleed")
    amount = own_bleed(actor, ctx) + from_retainers + card.bleed_plus + modifier_bleed(d)
    ctx.cite_param("bleed_amount", f"{card.name}: {actor.name} bleeds {target} for {amount}"
                   + (f" (the card's +{card.bleed_plus})" if card.bleed_plus else ""))
    if card.bleed_max is not None and amount > card.bleed_max:
        ctx.cite("card_over_rule", f"{card.name}: only {card.bleed_max} of the {amount} pool bled counts; the "
                                   "excess is ignored")
        amount = card.bleed_max
    before = state.player(target).pool
    state = _bleed_pool(state, target, amount, ctx, "edge_on_card_bleed")
    if card.gain_pool_if_bled and amount >= 1 and state.player(target).pool < before:
        state = state.move_pool(state.current, card.gain_pool_if_bled)
        ctx.cite("card_over_rule", f"{card.name}: the bleed succeeded, {state.current} gains "
                                   f"{card.gain_pool_if_bled} pool")
    return state


def _add_blood(state: State, d: PlayAction, ctx: Ctx) -> State:
    """'Add 3 blood to a younger vampire in your uncontrolled region.', 'Add 4 blood to another vampire.'"""
    card, me = d.card, state.current
    to = card.blood_to
    if to is None or not state.has_minion(to) or not state.minion(to).is_vampire:
        ctx.illegal("action_card", f"{card.name} adds blood to a vampire: name it with `blood_to`")
    m, actor = state.minion(to), state.minion(d.actor)
    if card.blood_to_kind == "younger_uncontrolled":
        if m.controller != me or m.location != "uncontrolled":
            ctx.illegal("action_card", f"{to} is not a vampire in {me}'s uncontrolled region")
        if m.capacity >= actor.capacity:
            ctx.illegal("vampire_age", f"{to} (capacity {m.capacity}) is not younger than {actor.name} "
                                       f"(capacity {actor.capacity})")
        ctx.cite("vampire_age", f"{to}, capacity {m.capacity}, is younger than {actor.name}, capacity "
                                f"{actor.capacity}")
    elif card.blood_to_kind == "another" and to == d.actor:
        ctx.illegal("action_card", f"{card.name} adds blood to another vampire, not to {to}, the acting one")
    state = state.move_blood(to, card.add_blood)
    ctx.cite("action_card", f"{card.name}: {card.add_blood} blood from the blood bank to {to}")
    return drain_excess(state, to, ctx)


def _blood_for_each(state: State, d: PlayAction, ctx: Ctx) -> State:
    """'Each of your unlocked vampires gains 1 blood.'; 'Each ready vampire controlled by your prey burns 1 blood.'"""
    card, me = d.card, state.current
    if card.feed is not None:
        f = card.feed
        for m in state.minions_of(me, f.where):
            if m.is_vampire and not (f.unlocked and m.tapped) and f.sect in (None, m.sect) and f.clan in (None, m.clan):
                state = state.move_blood(m.name, f.amount)
                ctx.cite("action_card", f"{card.name}: {m.name} gains {f.amount} blood from the blood bank")
                state = drain_excess(state, m.name, ctx)
    if card.crypt_move:
        state = _from_crypt(state, card, ctx)
    if card.prey_vampires_burn:
        prey = state.prey(me)
        for m in state.minions_of(prey, "ready"):
            if m.is_vampire:
                lost = min(card.prey_vampires_burn, m.blood)
                state = state.move_blood(m.name, -lost)
                ctx.cite("action_card", f"{card.name}: {m.name}, {prey}'s ready vampire, burns {lost} blood")
    return state


def _from_crypt(state: State, card: ActionCardSpec, ctx: Ctx) -> State:
    """'Move the top card from your crypt to your uncontrolled region': the vampire it turns out to be."""
    me, spec = state.current, card.crypt_move
    assert spec is not None
    name, capacity = spec.name, spec.capacity
    if state.has_minion(name):
        ctx.illegal("action_card", f"{card.name} moves a vampire from the crypt: {name} is already in the game")
    if state.player(me).crypt <= 0:
        ctx.illegal("action_card", f"{me}'s crypt is empty")
    state = state.with_player(me, crypt=state.player(me).crypt - 1)
    state = state.add_minion(Minion(name=name, controller=me, kind="vampire", blood=0, capacity=capacity,
                                    location="uncontrolled"))
    ctx.cite("action_card", f"{card.name}: {name}, the top card of {me}'s crypt, moves to her uncontrolled region")
    return state


def _combat_target(state: State, card: str, target: str | None, ctx: Ctx) -> None:
    """An action that begins combat: never with a vampire in torpor (ref14:II.C.note2)."""
    if target is None or not state.has_minion(target) or state.minion(target).controller == state.current:
        ctx.illegal("action_card", f"{card} begins combat with a minion of another Methuselah: name it as target")
    foe = state.minion(target)
    if foe.location not in ("ready", "torpor"):
        ctx.illegal("action_card", f"{foe.name} is {foe.location} and cannot enter combat")
    if foe.is_vampire and foe.location == "torpor":
        ctx.illegal("combat_not_torpor", f"{foe.name} is in torpor: an action cannot begin combat with it")
    ctx.cite("combat_not_torpor", f"{foe.name} is not a vampire in torpor: {card} may begin combat with it")


def _effects(state: State, d: PlayAction, directed_at: str | None, ctx: Ctx) -> State:
    card, me = d.card, state.current
    if card.enter_combat and card.target is not None:
        fight = card.combat
        state = begin_combat(state, d.actor, card.target, ctx, fight.rounds if fight else ())
    if card.bleed_plus is not None and directed_at:
        state = _card_bleed(state, d, directed_at, ctx)
    if card.add_blood:
        state = _add_blood(state, d, ctx)
    if card.steal is not None:
        state = steal(state, d.actor, card, ctx)
    if card.lock is not None or card.burn_target:
        state = _lock_or_burn(state, card, ctx)
    state = _blood_for_each(state, d, ctx)
    if card.bleed and directed_at:
        amount = card.bleed + modifier_bleed(d)
        ctx.cite("action_card", f"{card.name}: {d.actor} bleeds {directed_at} for {amount}")
        state = _bleed_pool(state, directed_at, amount, ctx, "edge_on_card_bleed")
    if card.burn_location and card.target is not None:
        state = in_play.burn(state, card.target, ctx, "action_card", card.name)
    if card.burn_after_use and card.ability is not None:
        state = weapons.burn_item(state, d.actor, card.ability, ctx)
    if card.burn_pool and directed_at:
        lost = min(card.burn_pool, state.player(directed_at).pool)
        state = state.move_pool(directed_at, -lost)
        ctx.cite("action_card", f"{card.name}: {directed_at} burns {lost} pool")
        if not card.bleed:
            ctx.cite("edge_on_card_bleed", f"{card.name} burns pool but is not a bleed: no Edge")
    if card.gain_pool:
        state = state.move_pool(me, card.gain_pool)
        ctx.cite("action_card", f"{card.name}: {me} gains {card.gain_pool} pool")
    if card.gain_blood:
        state = state.move_blood(d.actor, card.gain_blood)
        ctx.cite("action_card", f"{card.name}: {d.actor} gains {card.gain_blood} blood")
        state = drain_excess(state, d.actor, ctx)
    if card.burn_blood and card.target and state.has_minion(card.target):
        m = state.minion(card.target)
        lost = min(card.burn_blood, m.blood)
        state = state.move_blood(m.name, -lost)
        ctx.cite("action_card", f"{card.name}: {m.name} burns {lost} blood")
    return state
