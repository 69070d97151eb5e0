"""Who may block an action, in what order, and whether a block succeeds (ref14:III.B, ref14:III.C, rb95:6.3.2)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from checker.engine.combat import begin_combat
from checker.engine.context import Ctx
from checker.engine.decisions import Action, ActionEnder, Cost, Modifier, Reaction, RetainerIntercept
from checker.engine.replacing import play_from_hand
from checker.engine.requirements import check_minion_card
from checker.engine.state import ActionRecord, State
from checker.engine.table import pay_cost, replace_card

DeferredCost = tuple[str, Cost, str]  # (minion paying blood, cost, card name)


@dataclass(frozen=True)
class Declared:
    """The action as announced: who acts, for whom, what kind, at which stealth."""

    actor: str
    controller: str
    kind: str
    directed_at: str | None
    stealth: int
    bleeds: bool = False  # a bleed, or an action card that bleeds: what a bleed modifier needs


def eligible_blockers(state: State, d: Declared, ctx: Ctx) -> list[str]:
    """The Methuselahs who may attempt to block, in the order they may try."""
    if d.directed_at is not None:
        if d.directed_at == d.controller:
            ctx.cite("self_directed_unblockable", "the action is directed at its own Methuselah: nobody may block")
            return []
        ctx.cite("directed_blockers", f"a directed action: only {d.directed_at}'s minions may block")
        return [d.directed_at]
    if not ctx.p("undirected_actions_blockable"):
        ctx.cite_param("undirected_actions_blockable", "an undirected action: it cannot be blocked")
        return []
    order: list[str] = []
    prey, predator = state.prey(d.controller), state.predator(d.controller)
    for who in ctx.p("undirected_block_order"):
        names = {"prey": [prey], "predator": [predator],
                 "others_clockwise": state.clockwise_from(prey)}[who]
        order += [n for n in names if n != d.controller and n not in order]
    if order and order[0] == prey:
        ctx.cite("prey_blocks_first", f"an undirected action: {prey}, the prey, may attempt to block first")
    ctx.cite_param("undirected_block_order", f"an undirected action: {', '.join(order)} may try to block, "
                                             "in that order")
    return order


LIMITED = "(limited)"  # the mark of a limited bleed modifier among the modifiers used this action


def _lock_location(state: State, player: str, name: str, minion: str, clan: str | None, ctx: Ctx) -> State:
    """A location of hers in play locks to give its bonus (rb95:2.tapping): not contested, not locked already, and
    to a minion of the clan its text names."""
    p = state.player(player)
    if not any(c == name for c, _ in p.in_play):
        ctx.illegal("card_over_rule", f"{player} controls no {name} in play")
    if name in p.cards_contested:
        ctx.illegal("contest_yielded_to", f"{name} is contested: it is out of {player}'s control")
    if name in p.cards_locked:
        ctx.illegal("card_locked", f"{name} is locked: it cannot be locked again before {player}'s next untap")
    m = state.minion(minion)
    if clan is not None and m.clan != clan:
        ctx.illegal("card_over_rule", f"{name} gives its bonus to a {clan}, and {minion} is {m.clan or 'of no clan'}")
    ctx.cite("card_locked", f"{player} locks {name} for {minion}: it stays locked until her next untap phase")
    return state.with_player(player, cards_locked=(*p.cards_locked, name))


def _modifier(state: State, m: Modifier, d: Declared, used: set[str], ctx: Ctx,
              deferred: list[DeferredCost]) -> State:
    if m.location:
        if m.name in used:
            ctx.illegal("card_locked", f"{m.name} is locked: it cannot be locked again before the next untap")
        used.add(m.name)
        state = _lock_location(state, d.controller, m.name, d.actor, m.for_clan, ctx)
        ctx.cite("modifier_by_actor", f"{m.name} gives {d.actor} +{m.stealth} stealth")
        return state
    if m.name in used:
        ctx.illegal("modifier_once", f"{d.actor} cannot use the action modifier {m.name} twice in one action")
    used.add(m.name)
    player = d.actor
    if m.by is not None:
        other = state.minion(m.by) if state.has_minion(m.by) else None
        if other is None or other.controller != d.controller or m.by == d.actor or not other.is_vampire \
                or other.location != "ready":
            ctx.illegal("card_over_rule", f"{m.name} is played by a ready vampire of {d.controller}'s other than "
                                          f"{d.actor}, the acting minion")
        ctx.cite("card_over_rule", f"{m.by}, not the acting minion, plays {m.name}: its text allows it"
                 + (", locked as it is" if other.tapped else ""))
        player = m.by
    check_minion_card(state.minion(player), m, m.name, ctx)
    if m.limited and m.bleed:
        if LIMITED in used:
            ctx.illegal("card_over_rule", f"{m.name} is a limited bleed modifier and one was already played this "
                                          "action: its text says '(limited)'")
        used.add(LIMITED)
    if (m.bleed or m.bleed_only) and not d.bleeds:
        ctx.illegal("modifier_by_actor", f"{m.name} is only for a bleed and this action is not a bleed")
    if m.not_bleed and (d.bleeds or d.kind == "bleed"):
        ctx.illegal("card_over_rule", f"{m.name} is not usable during a bleed action, and this action is a bleed")
    if ctx.p("modifier_costs_when_blocked") == "paid":  # the blood is the playing vampire's
        state = pay_cost(state, d.controller, player, m.cost, ctx, m.name, "modifier_by_actor")
    elif m.cost.pool or m.cost.blood:
        deferred.append((player, m.cost, m.name))
    ctx.cite("modifier_by_actor", f"{d.actor} plays the action modifier {m.name}"
             + (f" (+{m.stealth} stealth)" if m.stealth else "") + (f" (+{m.bleed} bleed)" if m.bleed else ""))
    return replace_card(state, d.controller, ctx, m.name)


def _reaction(state: State, r: Reaction, blocker: str, used: set[tuple[str, str]], ctx: Ctx,
              d: Declared) -> State:
    owner = state.minion(blocker).controller
    if r.location:
        state = _lock_location(state, owner, r.name, blocker, r.for_clan, ctx)
        ctx.cite("reaction_intercept", f"{r.name} gives {blocker} +{r.intercept} intercept")
        return state
    if r.bleed_at_you:
        if not (d.kind == "bleed" or d.bleeds) or d.directed_at != owner:
            ctx.illegal("card_over_rule", f"{r.name} is only usable during a bleed action directed at {owner}")
        ctx.cite("card_over_rule", f"the bleed is directed at {owner}: {r.name} may be played")
    if (blocker, r.name) in used:
        ctx.illegal("reaction_once", f"{blocker} cannot use the reaction {r.name} twice in one action")
    used.add((blocker, r.name))
    check_minion_card(state.minion(blocker), r, r.name, ctx)
    if r.intercept and not ctx.p("intercept_allowed"):
        ctx.illegal_param("intercept_allowed", f"{r.name} gives intercept, which this edition does not use")
    state = pay_cost(state, owner, blocker, r.cost, ctx, r.name, "reaction_intercept")
    ctx.cite("reaction_intercept", f"{blocker} plays the reaction {r.name}"
             + (f" (+{r.intercept} intercept)" if r.intercept else ""))
    return play_from_hand(state, owner, r.name, r.replace or "now", ctx)


def same_action_key(a: Action, d: Declared) -> tuple[str, tuple[str, ...]]:
    """What tells two actions apart: the rulebook's actions without a card by their targets, and taking equipment
    from a minion targets the equipment taken, so sharing one equipment makes it the same action (rulings on Change
    of Target and Obedience, RTR 19950509, LSJ 20080710, ANK 20200502); an action card by its card and target."""
    taken = getattr(a, "equipment", None)
    if isinstance(taken, tuple):
        return d.kind, tuple(taken)
    if taken is not None:
        return d.kind, (str(taken.name),)
    card = getattr(a, "card", None)
    if d.kind == "call_vote" and card is not None:  # a political action: by its card
        return d.kind, (str(card.name),)
    kind = str(card.name) if d.kind == "card" and card is not None else d.kind
    target = getattr(card, "target", None) or d.directed_at
    return kind, (str(target),) if target else ()


def _not_barred(state: State, a: Action, d: Declared, ctx: Ctx) -> None:
    kind, targets = same_action_key(a, d)
    for who, k, t, turn in state.barred:  # a minion barred by name, or every minion of a Methuselah
        same = k == kind and (set(t) & set(targets) or t == targets)
        if who in (d.actor, d.controller) and turn == state.game_turn and same:
            what = (f"the political action {', '.join(targets)}" if kind == "call_vote" else
                    f"this {kind} action has the target{'s' if len(targets) > 1 else ''} "
                    f"{', '.join(targets) or '(none)'}")
            ctx.illegal("card_over_rule", f"{d.actor} cannot perform the same action again this turn: {what}, as "
                                          "the one a card ended")


def _end_action(state: State, a: Action, d: Declared, blocker: str, e: ActionEnder, ctx: Ctx) -> State:
    """A card ends the blocked action before combat (its text, rb95:12.p1), played once the action is blocked
    (ref14:III.C.3.d: 'Play any Action modifier or Reaction cards which can be played after an Action is blocked.'):
    the blocker does not lock, the acting minion unlocks (unless the text says not), and it cannot perform the same
    action again this turn."""
    player = blocker if e.blocker_plays else d.actor
    p = state.minion(player)
    if e.younger_only:
        actor = state.minion(d.actor)
        if not (p.is_vampire and actor.is_vampire and actor.capacity < p.capacity):
            ctx.illegal("card_over_rule", f"{e.name} is only usable by a vampire about to enter combat with an "
                                          f"acting younger vampire: {d.actor} is not younger than {player}")
    state = pay_cost(state, p.controller, player, e.cost, ctx, e.name, "card_over_rule")
    state = state.with_minion(blocker, tapped=False)
    if e.unlock:
        state = state.with_minion(d.actor, tapped=False)
    kind, targets = same_action_key(a, d)
    ctx.cite("after_block_cards", f"{player} plays {e.name}: the action ends unsuccessfully, with no combat; "
             + (f"{d.actor} unlocks; " if e.unlock else "") + f"{blocker} does not lock; {d.actor} cannot perform "
             f"the same action ({kind}, target{'s' if len(targets) > 1 else ''} {', '.join(targets) or 'none'}) "
             "again this turn")
    state = replace(state, barred=(*state.barred, (d.actor, kind, targets, state.game_turn)))
    return replace_card(state, p.controller, ctx, e.name)


def _retainer_intercept(state: State, blocker: str, use: RetainerIntercept, stealth: int, intercept: int,
                        ctx: Ctx) -> State:
    """The blocking vampire burns X blood for +X intercept by its retainer's text (Corpse Minion). It is no
    reaction card: the once-per-action limit of ref14:III.D.note2 binds cards played, not this effect, which may be
    used again each time the stealth rises (ruling on Corpse Minion, TOM 19960109)."""
    m = state.minion(blocker)
    if use.name not in {r.name for r in m.retainers}:
        ctx.illegal("card_over_rule", f"{blocker} employs no {use.name}")
    if not m.is_vampire or m.blood < use.blood:
        ctx.illegal("card_over_rule", f"{use.name}: the vampire with this retainer burns {use.blood} blood, and "
                                      f"{blocker} has {m.blood if m.is_vampire else 'none'}")
    if not ctx.p("intercept_allowed"):
        ctx.illegal_param("intercept_allowed", f"{use.name} gives intercept, which this edition does not use")
    if not stealth > intercept:
        ctx.illegal("reaction_intercept", f"{use.name} adds intercept, but {blocker}'s intercept {intercept} already "
                                          f"matches stealth {stealth}")
    ctx.cite("card_over_rule", f"{blocker} burns {use.blood} blood for +{use.blood} intercept by its retainer "
                               f"{use.name}'s text")
    state = state.with_minion(blocker, blood=m.blood - use.blood)
    return replace(state, bank=state.bank + use.blood)


def resolve_blocks(state: State, a: Action, d: Declared, ctx: Ctx) -> tuple[State, bool, list[DeferredCost]]:
    """Play the modifiers and block attempts; returns (state, blocked, modifier costs still to pay)."""
    _not_barred(state, a, d, ctx)
    used_mods: set[str] = set()
    used_reactions: set[tuple[str, str]] = set()
    deferred: list[DeferredCost] = []
    stealth = d.stealth
    from_retainers, giving = state.minion(d.actor).retainer_bonus("stealth")
    if from_retainers:
        stealth += from_retainers
        ctx.cite("card_over_rule", f"{', '.join(giving)} give{'s' if len(giving) == 1 else ''} {d.actor}, the "
                                   f"employer, +{from_retainers} stealth")
    if state.minion(d.actor).stealth:
        stealth += state.minion(d.actor).stealth
        ctx.cite("card_over_rule", f"{d.actor}'s card gives its actions +{state.minion(d.actor).stealth} stealth")
    if a.modifiers or a.blocks:
        ctx.cite("modify_or_block", f"{d.actor}'s action may be modified, and other Methuselahs may try to block it")
    for m in a.modifiers:
        if m.stealth and ctx.p("stealth_only_when_needed"):
            ctx.illegal_param("stealth_only_when_needed",
                              f"{m.name} adds stealth, which can only be played against a blocker's intercept")
        state = _modifier(state, m, d, used_mods, ctx, deferred)
        stealth += m.stealth
    if d.stealth and d.kind in ctx.p("no_card_action_stealth"):
        message = f"{d.actor}'s action is at +{d.stealth} stealth"
        if f"stealth_{d.kind}" in ctx.rs.steps:
            ctx.trace.add(ctx.rs.steps[f"stealth_{d.kind}"], message)
        else:
            ctx.cite_param("no_card_action_stealth", message)
    order = eligible_blockers(state, d, ctx)
    unblockable = stealth > 0 and bool(ctx.p("stealth_makes_unblockable"))
    if unblockable and order:
        ctx.cite_param("stealth_makes_unblockable", "an action with stealth cannot be blocked")
    position = 0
    tried: set[str] = set()
    attempts: list[str] = []

    def record(blocked_by: str | None) -> State:
        return replace(state, last_action=ActionRecord(d.actor, tuple(order), tuple(attempts), blocked_by))

    for attempt in a.blocks:
        first = attempt.plays[0].reaction if attempt.plays else None
        blocker = _check_blocker(state, attempt.by, d, order, position, tried, unblockable, bool(used_mods), ctx,
                                 first.name if first is not None and first.block_any else None)
        owner = state.minion(blocker).controller
        position = order.index(owner) if owner in order else position
        tried.add(blocker)
        attempts.append(blocker)
        intercept = state.minion(blocker).intercept
        from_retainers, giving = state.minion(blocker).retainer_bonus("intercept")
        if from_retainers:
            intercept += from_retainers
            ctx.cite("card_over_rule", f"{', '.join(giving)} give{'s' if len(giving) == 1 else ''} {blocker}, the "
                                       f"employer, +{from_retainers} intercept")
        ctx.cite("pick_blocker", f"{blocker} ({owner}) attempts to block")
        if d.directed_at is not None and owner == d.directed_at:
            ctx.cite("target_may_block", f"the action is directed at {owner} or one of her cards: she may try to "
                                         "block it")
        taps_on_declaring = ctx.p("blocker_taps") == "on_declaring"
        if taps_on_declaring:
            state = state.with_minion(blocker, tapped=True)
            ctx.cite_param("blocker_taps", f"{blocker} taps to declare the block")
        for i, play in enumerate(attempt.plays):
            if i and (play.modifier is None) != (attempt.plays[i - 1].modifier is None):
                ctx.cite("block_plays_repeat", f"{'the acting minion' if play.modifier else 'the blocker'} plays "
                                               "again: cards go back and forth until neither wishes to play one")
            if play.retainer is not None:
                state = _retainer_intercept(state, blocker, play.retainer, stealth, intercept, ctx)
                intercept += play.retainer.blood
                continue
            if play.reaction is not None:
                if play.reaction.intercept and not ctx.p("intercept_allowed"):
                    ctx.illegal_param("intercept_allowed",
                                      f"{play.reaction.name} gives intercept, which this edition does not use")
                if play.reaction.intercept and not stealth > intercept:
                    ctx.illegal("reaction_intercept", f"{play.reaction.name} adds intercept, but {blocker}'s "
                                                      f"intercept {intercept} already matches stealth {stealth}")
                state = _reaction(state, play.reaction, blocker, used_reactions, ctx, d)
                intercept += play.reaction.intercept
            elif play.modifier is not None:
                if play.modifier.when_announced:
                    ctx.illegal("card_over_rule", f"{play.modifier.name} is only usable when the action is "
                                                  "announced, not during a block attempt")
                if play.modifier.stealth and not intercept >= stealth:
                    ctx.illegal("modifier_stealth", f"{play.modifier.name} adds stealth, but stealth {stealth} "
                                                    f"already beats {blocker}'s intercept {intercept}")
                state = _modifier(state, play.modifier, d, used_mods, ctx, deferred)
                stealth += play.modifier.stealth
        if stealth > 0 and ctx.p("stealth_makes_unblockable"):
            ctx.cite_param("stealth_makes_unblockable", f"the action now has stealth: {blocker}'s block fails "
                                                        "and the action cannot be blocked"
                           + (f"; {blocker} stays tapped" if taps_on_declaring else ""))
            unblockable = True
            break
        if intercept >= stealth:
            ctx.cite("block_succeeds", f"{blocker}'s intercept {intercept} is at least the stealth {stealth}: "
                                       "the action is blocked")
            if attempt.ends is not None:
                state = _end_action(record(blocker), a, d, blocker, attempt.ends, ctx)
                return state, True, deferred
            if not taps_on_declaring:
                state = state.with_minion(blocker, tapped=True)
                ctx.cite("tap_blocker", f"{blocker} taps to block")
            cost = state.minion(d.actor).block_cost
            if cost and state.minion(blocker).is_vampire:
                paid = min(cost, state.minion(blocker).blood)
                state = state.with_minion(blocker, blood=state.minion(blocker).blood - paid)
                state = replace(state, bank=state.bank + paid)
                ctx.cite("card_over_rule", f"{d.actor}'s card: a vampire blocking it burns {cost} blood; {blocker} "
                                           f"burns {paid}" + (" (all it has)" if paid < cost else "")
                         + ", before combat begins")
            if d.kind in ("card", "call_vote"):
                ctx.cite("burn_blocked_card", "the action card is burned")
            if deferred:
                ctx.cite_param("modifier_costs_when_blocked", "the costs of the modifiers played are ignored")
            if a.after_blocks:
                ctx.illegal("modifier_by_actor", f"{blocker} blocked the action: it does not resolve, so no "
                                                 f"modifier ({a.after_blocks[0].name}) follows the block attempts")
            fight = attempt.combat
            state = record(blocker)
            close = next((m.name for m in a.modifiers if m.close_range_combat), None)
            state = begin_combat(state, d.actor, blocker, ctx, fight.rounds if fight else (),
                                 fight.diablerize if fight else False, close, blocked=True,
                                 ender=fight.ended_by if fight else None)
            return state, True, deferred
        ctx.cite("block_fails", f"stealth {stealth} beats {blocker}'s intercept {intercept}: the block fails")
    for m in a.after_blocks:  # the block attempts are over: modifiers may still be played before resolution
        if m.stealth and ctx.p("stealth_only_when_needed"):
            ctx.illegal_param("stealth_only_when_needed", f"{m.name} adds stealth, and no block attempt is left "
                                                          "for it to beat")
        if m.when_announced:
            ctx.illegal("card_over_rule", f"{m.name} is only usable when the action is announced")
        state = _modifier(state, m, d, used_mods, ctx, deferred)
    return record(None), False, deferred


def _check_blocker(state: State, name: str, d: Declared, order: list[str], position: int,
                   tried: set[str], unblockable: bool, modified: bool, ctx: Ctx, any_who: str | None = None) -> str:
    """The blocker, if this attempt is allowed; otherwise the rule that forbids it.

    ``modified``: an action modifier has been played on the action, which does not give a
    Methuselah who passed a new chance to block (rb95:6.3.2.rules-of-thumb.step2).
    """
    if not state.has_minion(name):
        ctx.illegal("untapped_blocker", f"no minion named {name}")
    m = state.minion(name)
    if m.controller == d.controller:
        if d.directed_at == d.controller:
            ctx.illegal("self_directed_unblockable", f"the action is directed at {d.controller} herself: "
                                                     "no minion may block it")
        ctx.illegal("directed_blockers", f"{name} belongs to the acting Methuselah and cannot block")
    if d.directed_at is None and not ctx.p("undirected_actions_blockable"):
        ctx.illegal_param("undirected_actions_blockable", f"{name} cannot block an undirected action")
    if unblockable:
        ctx.illegal_param("stealth_makes_unblockable", f"the action has stealth: {name} cannot block it")
    if any_who is not None and m.controller not in order:
        ctx.cite("card_over_rule", f"{name} plays {any_who} and attempts to block, ignoring the prey, predator and "
                                   "target restrictions: every other limit on blocking still holds")
    elif m.controller not in order:
        ctx.illegal("directed_blockers", f"{name} is {m.controller}'s: only {d.directed_at}'s minions "
                                         "may block this directed action")
    if m.controller in order and order.index(m.controller) < position:
        step = "others_clockwise" if order.index(m.controller) >= 2 else "passed_block"
        if modified:
            ctx.illegal(f"{step}_modified", f"{m.controller} passed her chance to block and cannot block later, "
                                            "even though an action modifier has been played on the action")
        ctx.illegal(step, f"{m.controller} passed her chance to block and cannot block later")
    if name in tried:
        ctx.illegal("block_fails", f"{name} already attempted to block this action")
    if m.location != "ready":
        ctx.illegal("ready_blocker", f"{name} is {m.location}: only a ready minion, in the active region, may block")
    if m.tapped:
        ctx.illegal("untapped_blocker", f"{name} must be ready and untapped to block")
    if m.contested:
        ctx.illegal("contest_yielded_to", f"{name} is contested and not controlled: it cannot block")
    return name
