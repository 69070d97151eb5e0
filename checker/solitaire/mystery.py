"""The Mystery Methuselah: the solitaire variant's automated opponent, as a deterministic policy (sol:basic.8).

Each decision rule of sol:basic.8.1 to sol:basic.8.11 is a function here and is cited in the
trace when it decides. Where the variant leaves a choice open, the reading is written in the
docstring and in docs/guide/solitaire.md; ties are broken by name, so a game is a function
of its decks.
"""

from __future__ import annotations

from checker.engine import actions, decks, phases, turn_order
from checker.engine.cards import ResourceCard, VampireCard
from checker.engine.combat_decisions import BlockCombat, Round, Strike
from checker.engine.context import Ctx
from checker.engine.decisions import (
    Action,
    ActionCardSpec,
    Bleed,
    BlockAttempt,
    Diablerize,
    Hunt,
    LeaveTorpor,
    Modifier,
    PlayAction,
)
from checker.engine.ousting import check_ousting
from checker.engine.state import Minion, State
from checker.solitaire import turn
from checker.solitaire.decisions import Mystery
from checker.solitaire.turn import vampires

KEEP = 2
"""sol:basic.8.1: he will not buy anything that leaves him 1 pool (or less)."""


# --- who acts, who blocks -------------------------------------------------------------------------

def actor_order(ms: list[Minion]) -> list[Minion]:
    """sol:basic.8.2: the oldest (highest capacity), then the highest bleed; then by name."""
    return sorted(ms, key=lambda m: (-m.capacity, -m.bleed, m.name))


def can_act(m: Minion) -> bool:
    return m.is_vampire and m.location == "ready" and not m.tapped and not m.contested


def choose_blocker(state: State, defender: str, attacker: Minion) -> Minion | None:
    """sol:basic.8.3: a vampire that survives the damage, lowest bleed then youngest; else lowest bleed, youngest."""
    able = [m for m in vampires(state, defender) if can_act(m)]
    if not able:
        return None
    hit = turn.strength(state, attacker)
    survivors = [m for m in able if m.blood >= hit]
    return min(survivors or able, key=lowest_bleed_youngest)


def lowest_bleed_youngest(m: Minion) -> tuple[int, int, str]:
    """The order of sol:basic.8.3 (and of sol:basic.8.4's first vampire): lowest bleed, then youngest."""
    return (m.bleed, m.capacity, m.name)


def _strike(state: State, m: Minion) -> Strike:
    w = turn.weapon(state, m)
    return Strike(damage=w.damage, weapon=w.name) if w else Strike(hands=True)


def _blocks(state: State, actor: Minion, defender: str, ctx: Ctx) -> tuple[BlockAttempt, ...]:
    b = choose_blocker(state, defender, actor)
    if b is None:
        return ()
    hit = turn.strength(state, actor)
    ctx.cite("mm_blocker", f"{defender} blocks with {b.name} (bleed {b.bleed}, capacity {b.capacity}): "
             + (f"it survives {hit} damage" if b.blood >= hit else "none of his vampires would survive") )
    fight = BlockCombat(rounds=(Round(strikes={actor.name: _strike(state, actor), b.name: _strike(state, b)}),))
    return (BlockAttempt(by=b.name, combat=fight),)


# --- one action, through the engine ----------------------------------------------------------------

def _act(state: State, decision: Action, ctx: Ctx, handler: object) -> State:
    """One action through the engine (which gives the Edge for a bleed or a destroyed vampire, sol:phase.3)."""
    state = handler(state, decision, ctx)  # type: ignore[operator]
    return check_ousting(state, ctx)


def bleed(state: State, actor: Minion, ctx: Ctx, modifier: ResourceCard | None = None) -> State:
    prey = state.prey(state.current)
    mods = (Modifier(name=modifier.name, bleed=modifier.bleed),) if modifier else ()
    d = Bleed(actor=actor.name, modifiers=mods, blocks=_blocks(state, actor, prey, ctx))
    return _act(state, d, ctx, actions.bleed)


def action_card(state: State, card: ResourceCard, ctx: Ctx) -> State | None:
    """An action card, by the actor sol:basic.8.2 picks; a 'modified action' taps two (sol:basic.8.4)."""
    me = state.current
    ready = actor_order([m for m in vampires(state, me) if can_act(m) and m.blood > 0])
    if not ready:
        return None
    if card.assisted and len(ready) >= 2:
        first = min(ready, key=lowest_bleed_youngest)
        helper = max((m for m in ready if m.name != first.name), key=lowest_bleed_youngest)
        state = state.with_minion(helper.name, tapped=True)
        ctx.cite("mm_modified_action", f"{me} taps {first.name} (lowest bleed) to take {card.name} and "
                                       f"{helper.name} (highest bleed) to add its bleed {helper.bleed}")
        actor, extra = first, helper.bleed
    else:
        actor, extra = ready[0], 0
        ctx.cite("mm_actor", f"{me} acts with {actor.name}, the oldest (capacity {actor.capacity}), "
                             f"then highest bleed ({actor.bleed})")
    prey = state.prey(me)
    spec = ActionCardSpec(name=card.name, directed=bool(card.bleed), target=prey if card.bleed else None,
                          bleed=card.bleed + extra if card.bleed else 0,
                          gain_blood=card.blood)
    blocks = _blocks(state, actor, prey, ctx) if card.bleed else ()
    state = _act(state, PlayAction(actor=actor.name, card=spec, blocks=blocks), ctx, actions.play_action)
    return turn.bury(state, me, card, ctx)


# --- the phases ---------------------------------------------------------------------------------

def untap(state: State, ctx: Ctx) -> State:
    ctx.announce("sol_untap", f"{state.current}'s untap phase")
    state = phases.edge_gain(phases.untap(state, ctx), ctx)
    for m in vampires(state, state.current):
        if m.location == "ready" and m.blood == 0 and not m.tapped:
            ctx.cite("mm_burn_hunters", f"{m.name} has no blood and would have to hunt: he burns it")
            state = turn.burn_vampire(state, m.name, ctx)
    return state


def _affordable(state: State, who: str, cost: int, what: str, ctx: Ctx) -> bool:
    left = state.player(who).pool - cost
    if left < KEEP:
        ctx.cite("mm_no_pool_to_one", f"{who} will not buy {what}: it would leave him {left} pool")
        return False
    return True


def _room(state: State, who: str, ctx: Ctx) -> bool:
    limit = ctx.p("max_controlled_vampires")
    return limit is None or len(vampires(state, who)) < limit


def master(state: State, ctx: Ctx) -> State:
    me = state.current
    state = turn_order.advance_to(state, "master", ctx, "the master phase")
    ctx.announce("sol_master", f"{me}'s master phase")
    for _ in range(30):  # 2a: a cached vampire, or the top of the crypt, while he takes them
        d = state.deck(me)
        if not _room(state, me, ctx):
            ctx.cite_param("max_controlled_vampires", f"{me} controls {ctx.p('max_controlled_vampires')} vampires")
            break
        cached = d.cached_vampire
        if cached is not None and _affordable(state, me, cached.capacity, cached.name, ctx):
            state = state.with_deck(me, cached_vampire=None)
            ctx.cite("sol_use_cached", f"{me} uses his cached vampire {cached.name}")
            state = turn.take_control(state, me, cached, ctx, tapped=False, source="sol_crypt_master")
            continue
        if cached is not None:
            ctx.cite("mm_cache_vampire", f"{me} does not control his cached {cached.name}: he was bled since "
                                         "caching it, and it would leave him too little pool")
        if not d.crypt:
            break
        top = d.crypt[0]
        ctx.cite("sol_crypt_master", f"{me} looks at {top.name} (capacity {top.capacity}) on top of his crypt")
        if not _affordable(state, me, top.capacity, top.name, ctx):
            ctx.cite("sol_crypt_master", f"{top.name} stays on top of the crypt")
            break
        state, _ = decks.draw(state, me, 1, crypt=True)
        state = turn.take_control(state, me, top, ctx, tapped=False, source="sol_crypt_master")
    seen = 0
    while seen < 60:  # 2b: the cached resource, or the top resource, while he uses them
        d = state.deck(me)
        if d.cached_resource is not None and _usable_master(state, d.cached_resource, ctx):
            card = d.cached_resource
            state = state.with_deck(me, cached_resource=None)
            ctx.cite("sol_use_cached", f"{me} uses his cached resource {card.name}")
        elif d.resources:
            card = d.resources[0]
            ctx.cite("sol_resource_master", f"{me} looks at {card.name} ({card.type}) on top of his resources")
            if not _usable_master(state, card, ctx):
                ctx.cite("sol_resource_master", f"{card.name} is returned to the top of the resources")
                break
            state, _ = decks.draw(state, me, 1, crypt=False)
        else:
            break
        seen += 1
        used = _use(state, card, ctx, "sol_resource_master")
        if used is None:
            state = decks.to_top(state, me, card)
            break
        state = used
        if state.over:
            break
    return state


def _usable_master(state: State, card: ResourceCard, ctx: Ctx) -> bool:
    me = state.current
    if card.type in ("master", "equipment", "retainer"):
        if card.type != "master" and not vampires(state, me):
            return False
        return card.cost == 0 or _affordable(state, me, card.cost, card.name, ctx)
    if card.type == "action":
        return any(can_act(m) and m.blood > 0 for m in vampires(state, me))
    return False


def _use(state: State, card: ResourceCard, ctx: Ctx, step: str) -> State | None:
    """Use a resource, if he can; None if he cannot."""
    me = state.current
    if card.type == "master":
        if card.cost and not _affordable(state, me, card.cost, card.name, ctx):
            return None
        return turn.master_card(state, me, card, ctx, step)
    if card.type in ("equipment", "retainer"):
        vs = vampires(state, me)
        if not vs or (card.cost and not _affordable(state, me, card.cost, card.name, ctx)):
            return None
        target = actor_order(vs)[0]
        ctx.cite("mm_actor", f"{me} puts {card.name} on {target.name}, his oldest vampire")
        return turn.attach(state, me, card, target.name, ctx)
    if card.type == "action":
        return action_card(state, card, ctx)
    return None


def minion(state: State, ctx: Ctx) -> State:
    me = state.current
    state = turn_order.advance_to(state, "minion", ctx, "the minion phase")
    ctx.announce("sol_minion", f"{me}'s minion phase: master cards cannot be used now")
    state = _hunts_first(state, ctx)
    for _ in range(20):
        if not state.deck(me).resources or state.over:
            break
        state, drawn = decks.draw(state, me, 3, crypt=False)
        ctx.cite("sol_minion", f"{me} draws {len(drawn)} resources and looks only at the last")
        left = list(drawn)
        while left:
            card = left[-1]
            assert isinstance(card, ResourceCard)
            used = _use_in_minion(state, card, ctx) if not state.over else None
            if used is None:
                ctx.cite("sol_minion", f"{me} does not use {card.name}: the {len(left)} unused card(s) go to the "
                                       "bottom of his resources")
                state = decks.to_bottom(state, me, tuple(left), crypt=False)
                break
            state = used
            left.pop()
            if left:
                ctx.cite("sol_minion", f"{me} used {card.name} and looks at the next card")
        if left or state.over:
            break
        ctx.cite("sol_minion", f"{me} used all three cards and begins again")
    if not state.over:
        state = _no_card_actions(state, ctx)
    return state


def _hunts_first(state: State, ctx: Ctx) -> State:
    """Ready vampires with no blood must hunt before any other action (ref14:II.C.exception1)."""
    me = state.current
    for m in actor_order([m for m in vampires(state, me) if can_act(m) and m.blood == 0]):
        if state.over:
            break
        ctx.cite("mm_acts", f"{me} acts with {m.name}: it has no blood, so it hunts first")
        state = _act(state, Hunt(actor=m.name), ctx, actions.hunt)
    return state


def _use_in_minion(state: State, card: ResourceCard, ctx: Ctx) -> State | None:
    if card.type == "bleed_modifier":
        me = state.current
        ready = actor_order([m for m in vampires(state, me) if can_act(m) and m.blood > 0])
        if not ready:
            return None
        ctx.cite("mm_actor", f"{me} bleeds with {ready[0].name}, the oldest, then highest bleed")
        state = bleed(state, ready[0], ctx, modifier=card)
        return turn.bury(state, me, card, ctx)
    if card.type in ("master", "reaction", "combat"):
        return None
    return _use(state, card, ctx, "sol_minion")


def _no_card_actions(state: State, ctx: Ctx) -> State:
    """sol:basic.8: he always acts if he can: each untapped vampire, oldest first, hunts, rescues or bleeds."""
    me = state.current
    ctx.announce("mm_acts", f"{me} acts with every vampire that can act")
    for _ in range(12):
        if state.over:
            break
        ready = actor_order([m for m in vampires(state, me) if can_act(m)])
        torpid = [m for m in vampires(state, me) if m.location == "torpor" and not m.tapped and m.blood >= 2]
        if torpid:
            m = actor_order(torpid)[0]
            state = _act(state, LeaveTorpor(actor=m.name), ctx, actions.leave_torpor)
            continue
        if not ready:
            break
        m = ready[0]
        ctx.cite("mm_actor", f"{me} acts with {m.name}, the oldest (capacity {m.capacity}), then highest bleed")
        if m.blood == 0:
            state = _act(state, Hunt(actor=m.name), ctx, actions.hunt)
            continue
        foe_torpid = [v for v in state.minions if v.controller != me and v.is_vampire and v.location == "torpor"]
        if foe_torpid:
            target = actor_order(foe_torpid)[0]
            state = _act(state, Diablerize(actor=m.name, target=target.name,
                                           blocks=_blocks(state, m, target.controller, ctx)), ctx, actions.diablerize)
            continue
        cached = state.deck(me).cached_resource
        if cached is not None and cached.type == "bleed_modifier":
            state = state.with_deck(me, cached_resource=None)
            ctx.cite("sol_use_cached", f"{me} plays his cached {cached.name} on {m.name}'s bleed")
            state = turn.bury(bleed(state, m, ctx, modifier=cached), me, cached, ctx)
            continue
        state = bleed(state, m, ctx)
    return state


def influence(state: State, ctx: Ctx) -> State:
    me = state.current
    state = turn_order.advance_to(state, "influence", ctx, "the influence phase")
    points = int(ctx.p("transfers_per_turn"))
    ctx.cite("sol_influence", f"{me} has {points} influence points")
    ended = False
    if points and _room(state, me, ctx) and state.deck(me).crypt:
        points -= 1
        ctx.cite("mm_look_crypt", f"{me} controls fewer than {ctx.p('max_controlled_vampires')} vampires and "
                                  "spends 1 influence to review the crypt")
        state, points, ended = _review_crypt(state, points, ctx)
    while points and not ended and state.deck(me).resources and not state.over:
        points -= 1
        ctx.cite("mm_search_resources", f"{me} spends 1 influence to search the resources ({points} left)")
        state, points, ended = _review_resources(state, points, ctx)
    if points and not ended:
        ctx.cite("sol_influence", f"{me}'s {points} remaining influence points are lost")
    return state


def _review_crypt(state: State, points: int, ctx: Ctx) -> tuple[State, int, bool]:
    me = state.current

    def take(state: State, v: decks.Card) -> State | None:
        pool = state.player(me).pool
        if not isinstance(v, VampireCard) or not _room(state, me, ctx) or pool - v.capacity < 4:
            return None
        ctx.cite("mm_control_influence", f"{me} takes control of {v.name}: it leaves him {pool - v.capacity} pool")
        tapped = bool(ctx.p("control_enters_tapped"))
        return turn.take_control(state, me, v, ctx, tapped=tapped, source="sol_review_crypt")

    def cache(state: State, v: decks.Card, points: int) -> tuple[State, int, bool]:
        assert isinstance(v, VampireCard)
        return _maybe_cache_vampire(state, v, points, ctx)

    return turn.review(state, points, ctx, crypt=True, take=take, cache=cache, again=lambda s: _room(s, me, ctx))


def _maybe_cache_vampire(state: State, v: VampireCard, points: int, ctx: Ctx) -> tuple[State, int, bool]:
    """sol:basic.8.10: cache a vampire he could control leaving 3 pool."""
    if state.player(state.current).pool - v.capacity < 3:
        return state, points, False
    return _cache(state, v, points, ctx, "mm_cache_vampire", "he could control it leaving 3 pool")


def _cache(state: State, card: VampireCard | ResourceCard, points: int, ctx: Ctx, step: str, why: str
           ) -> tuple[State, int, bool]:
    """Cache a card, one of each kind at most (sol:basic.3); a point burns a lesser cached one (sol:basic.8.9)."""
    me = state.current
    d = state.deck(me)
    old: VampireCard | ResourceCard | None = d.cached_vampire if isinstance(card, VampireCard) else d.cached_resource
    if old is not None:
        if points < 1 or card.bleed <= old.bleed:
            ctx.cite("sol_cache_limit", f"{me} already has {old.name} cached and keeps it")
            return state, points, False
        ctx.cite("mm_burn_to_cache", f"{me} burns his cached {old.name} (bleed {old.bleed}) to cache {card.name} "
                                     f"(bleed {card.bleed})")
    ctx.cite(step, f"{me} caches {card.name}: {why}")
    state, points = turn.cache(state, card, points, ctx)
    return state, points, True


def _review_resources(state: State, points: int, ctx: Ctx) -> tuple[State, int, bool]:
    def take(state: State, card: decks.Card) -> State | None:
        assert isinstance(card, ResourceCard)
        return _use(state, card, ctx, "sol_review_resources") if card.type != "action" else None

    def cache(state: State, card: decks.Card, points: int) -> tuple[State, int, bool]:
        assert isinstance(card, ResourceCard)
        return _maybe_cache_resource(state, card, points, ctx)

    return turn.review(state, points, ctx, crypt=False, take=take, cache=cache, again=lambda _: True)


def _next_turn_use(state: State, card: ResourceCard) -> bool:
    me = state.current
    if card.type == "master":
        return True
    return card.type == "bleed_modifier" and any(m.location == "ready" for m in vampires(state, me))


def _maybe_cache_resource(state: State, card: ResourceCard, points: int, ctx: Ctx) -> tuple[State, int, bool]:
    """sol:basic.8.11: cache a master card or a bleed modifier he can use next turn."""
    if not _next_turn_use(state, card):
        return state, points, False
    return _cache(state, card, points, ctx, "mm_cache_resource",
                  f"a {card.type.replace('_', ' ')} he can use next turn")


PHASES = ("untap", "master", "minion", "influence")


def play(state: State, d: Mystery, ctx: Ctx) -> State:
    """The Mystery Methuselah plays the current Methuselah's phase (or whole turn)."""
    if not ctx.p("solitaire_automaton"):
        ctx.illegal_param("solitaire_automaton", "the Mystery Methuselah plays only in the solitaire variant")
    if not any(dk.player == state.current for dk in state.decks):
        ctx.illegal("mm_acts", f"{state.current} has no decks: the solitaire variant plays from decks")
    wanted = PHASES if d.phase == "turn" else (d.phase,)
    ctx.announce("mm_acts", f"the Mystery Methuselah plays {state.current}'s "
                        + ("turn" if d.phase == "turn" else f"{d.phase} phase") + ": he always acts if he can")
    for ph in wanted:
        if state.over:
            break
        if ph == "untap":
            state = untap(state, ctx)
        elif ph == "master":
            state = master(state, ctx)
        elif ph == "minion":
            state = minion(state, ctx)
        else:
            state = influence(state, ctx)
    if d.phase == "turn" and not state.over:
        state = phases.end_turn(state, ctx)
    return state
