"""The solitaire variant's moves (sol:phase, sol:basic): pure transitions over the engine's state.

Each function takes a decision already made (by the Mystery Methuselah's policy in
:mod:`checker.solitaire.mystery`, or by a script) and applies it, citing the variant's rules.
Decks are top-first tuples; burned cards go to the bottom of their deck.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from checker.engine import phases, turn_order
from checker.engine.cards import ResourceCard, VampireCard
from checker.engine.context import Ctx
from checker.engine.damage import burn_minion
from checker.engine.decisions import Influence
from checker.engine.decks import Card, draw, has_deck, sync_counts, to_bottom
from checker.engine.state import PHASES, Minion, Retainer, State
from checker.engine.table import pay_pool
from checker.solitaire.decisions import BurnVampires, ReviewCrypt, ReviewResources

IN_PLAY = ("ready", "torpor")


def vampires(state: State, who: str) -> list[Minion]:
    """The vampires a Methuselah controls (ready or in torpor)."""
    return [m for m in state.minions_of(who, "ready", "torpor") if m.is_vampire]


def weapon(state: State, m: Minion) -> ResourceCard | None:
    """The strongest weapon a vampire carries, if any."""
    arms = [c for n, c in state.deck(m.controller).attached if n == m.name and c.damage]
    return max(arms, key=lambda c: (c.damage, c.name)) if arms else None


def strength(state: State, m: Minion) -> int:
    """Damage the vampire's strike inflicts: a weapon's, or its hands' (rb95:8.1.1.damage)."""
    w = weapon(state, m)
    return w.damage if w else 1


def burn_vampire(state: State, name: str, ctx: Ctx) -> State:
    """Burn a vampire: it goes to the crypt's bottom, its cards to the resources' bottom, its blood to the bank."""
    blood = state.minion(name).blood
    state = burn_minion(state, name, ctx, "sol_burn", f"{state.minion(name).controller} no longer wishes to "
                                                      "control it")
    ctx.cite("sol_burn_limit", f"{name}'s equipment and retainers go to the bottom of the resources; its {blood} "
                               "blood goes to the bank")
    return state


def burn_phase(state: State, d: BurnVampires, ctx: Ctx) -> State:
    """Phase 1c: the Methuselah burns the vampires she names (after the untap step)."""
    if not ctx.p("solitaire_automaton"):
        ctx.illegal_param("solitaire_automaton", "burning your own vampires at will is a rule of the solitaire "
                                                 "variant")
    if state.phase != "master":
        ctx.illegal("sol_burn", "vampires are burned in phase 1c, right after the untap step")
    for name in d.vampires:
        if (not state.has_minion(name) or state.minion(name).controller != state.current
                or not state.minion(name).is_vampire or state.minion(name).location not in IN_PLAY):
            ctx.illegal("sol_burn", f"{name} is not a vampire {state.current} controls")
        state = burn_vampire(state, name, ctx)
    return state


def take_control(state: State, who: str, card: VampireCard, ctx: Ctx, *, tapped: bool, source: str) -> State:
    """Fill a vampire from the pool and take control of it; from the influence phase it enters tapped."""
    limit = ctx.p("max_controlled_vampires")
    if limit is not None and len(vampires(state, who)) >= limit:
        ctx.illegal_param("max_controlled_vampires", f"{who} already controls {limit} vampires")
    if state.player(who).pool < card.capacity:
        ctx.illegal("sol_crypt_master", f"{who} has {state.player(who).pool} pool and {card.name} needs "
                                        f"{card.capacity} to fill")
    state = state.move_pool(who, -card.capacity)
    if state.has_minion(card.name):
        state = state.with_minion(card.name, controller=who, location="ready", blood=0, capacity=card.capacity,
                                  bleed=card.bleed, tapped=tapped)
    else:
        state = state.add_minion(Minion(name=card.name, controller=who, kind="vampire", blood=0,
                                        capacity=card.capacity, bleed=card.bleed, tapped=tapped))
    state = replace(state.with_minion(card.name, blood=card.capacity), bank=state.bank - card.capacity)
    ctx.cite(source, f"{who} takes control of {card.name} ({source_text(source)}), moving {card.capacity} pool "
                     "to fill it")
    if tapped:
        ctx.cite_param("control_enters_tapped", f"{card.name} enters play tapped (taken in the influence phase)")
    else:
        ctx.cite("sol_control_untapped", f"{card.name} enters play untapped")
    return sync_counts(state)


def source_text(step: str) -> str:
    return {"sol_crypt_master": "master phase", "sol_review_crypt": "influence phase"}.get(step, step)


def attach(state: State, who: str, card: ResourceCard, vampire: str, ctx: Ctx) -> State:
    """Equipment or a retainer goes on a vampire, tapped or not, without tapping it (sol:basic.5)."""
    state = pay_pool(state, who, card.cost, ctx, "sol_equip_no_tap", card.name)
    m = state.minion(vampire)
    d = state.deck(who)
    state = state.with_deck(who, attached=(*d.attached, (vampire, card)))
    if card.type == "equipment":
        state = state.with_minion(vampire, equipment=(*m.equipment, card.name), bleed=m.bleed + card.bleed)
        ctx.cite("sol_equip_no_tap", f"{card.name} is put on {vampire}"
                 + (" (tapped)" if m.tapped else "") + "; equipping does not tap it"
                 )
    else:
        state = state.add_retainer(vampire, Retainer(card.name, card.life))
        ctx.cite("sol_equip_no_tap", f"the retainer {card.name} is put on {vampire}, with {card.life} life, "
                                     "without tapping it")
    return state


def master_card(state: State, who: str, card: ResourceCard, ctx: Ctx, step: str, *, vampire: str | None = None
                ) -> State:
    """A master card: pay its cost, gain its pool, put its blood on ``vampire`` or else the emptiest vampire."""
    state = pay_pool(state, who, card.cost, ctx, step, card.name)
    if card.pool:
        state = state.move_pool(who, card.pool)
    ctx.cite(step, f"{who} plays the master card {card.name}" + (f": gains {card.pool} pool" if card.pool else ""))
    if card.blood:
        targets = sorted(vampires(state, who), key=lambda m: (m.blood - m.capacity, m.name))
        if vampire is not None:
            targets = [_own_vampire(state, who, vampire, ctx, step)]
        if targets and targets[0].blood < targets[0].capacity:
            t = targets[0]
            gain = min(card.blood, t.capacity - t.blood)
            state = state.move_blood(t.name, gain)
            ctx.cite(step, f"{card.name}: {t.name} gains {gain} blood")
    return bury(state, who, card, ctx)


def bury(state: State, who: str, card: ResourceCard, ctx: Ctx) -> State:
    """A used card with no lasting effect is burned to the bottom of the resources (the phase's rule says so)."""
    step = {"minion": "sol_minion", "influence": "sol_review_resources"}.get(state.phase, "sol_resource_master")
    ctx.cite(step, f"{card.name} is burned to the bottom of {who}'s resources")
    return to_bottom(state, who, (card,), crypt=False)


def _own_vampire(state: State, who: str, name: str, ctx: Ctx, step: str) -> Minion:
    m = next((v for v in vampires(state, who) if v.name == name), None)
    if m is None:
        ctx.illegal(step, f"{name} is not a vampire {who} controls")
    return m


# --- the influence phase's reviews and caching (sol:phase.4.b, sol:phase.4.c, sol:basic.3) --------

Take = Callable[[State, Card], State | None]
Cache = Callable[[State, Card, int], tuple[State, int, bool]]
Again = Callable[[State], bool]


def review(state: State, points: int, ctx: Ctx, *, crypt: bool, take: Take, cache: Cache, again: Again
           ) -> tuple[State, int, bool]:
    """A crypt or resource review: draw three, look only at the bottom one; while one is taken (or used), look at
    the next; all three taken, review again at no cost if ``again``. The first card not taken is cached or goes to
    the bottom with the rest. Returns the state, the points left and whether a card was cached, which ends the
    influence phase (the phase is then over)."""
    me = state.current
    step, what = ("sol_review_crypt", "crypt cards") if crypt else ("sol_review_resources", "resources")
    if not crypt:
        state = state.with_deck(me, resources_reviewed=state.game_turn)
    for _ in range(20):
        state, drawn = draw(state, me, 3, crypt=crypt)
        if not drawn:
            return state, points, False
        ctx.cite(step, f"{me} draws {len(drawn)} {what} and looks only at the bottom one")
        left = list(drawn)
        while left:
            card = left[-1]
            taken = take(state, card)
            if taken is not None:
                state = taken
                left.pop()
                continue
            state, points, cached = cache(state, card, points)
            rest = tuple(c for c in left if c is not card or not cached)
            state = to_bottom(state, me, rest, crypt=crypt)
            if not cached:
                ctx.cite(step, f"{me} does not take {card.name}: the {len(rest)} card(s) go to the bottom")
                return state, points, False
            return _end_by_caching(state, points, step, ctx), 0, True
        if not again(state):
            return state, points, False
        ctx.cite(step, f"{me} took all three and reviews again at no cost")
    return state, points, False


def _end_by_caching(state: State, points: int, step: str, ctx: Ctx) -> State:
    me = state.current
    ctx.cite(step, f"caching ends {me}'s influence phase" + (f": her {points} remaining point(s) are lost"
                                                             if points else ""))
    return turn_order.advance_to(state.with_player(me, transfers=None), "discard", ctx, "caching")


def cache(state: State, card: VampireCard | ResourceCard, points: int, ctx: Ctx) -> tuple[State, int]:
    """Set a reviewed card aside, one of each kind at most (sol:basic.3); a point burns the one cached before.

    Returns the state and the points left.
    """
    me = state.current
    crypt = isinstance(card, VampireCard)
    d = state.deck(me)
    old: VampireCard | ResourceCard | None = d.cached_vampire if crypt else d.cached_resource
    slot, kind = ("cached_vampire", "vampire") if crypt else ("cached_resource", "resource")
    if old is not None:
        if points < 1:
            ctx.illegal("sol_cache_limit", f"{me} already has {old.name} cached and no influence point left to "
                                           f"burn it for {card.name}")
        points -= 1
        ctx.cite("sol_review_crypt" if crypt else "sol_review_resources",
                 f"{me} spends 1 influence to burn the cached {old.name} to the bottom of the deck")
        state = to_bottom(state.with_deck(me, **{slot: None}), me, (old,), crypt=crypt)
    ctx.cite("sol_cache_limit", f"{me} caches {card.name}: one cached {kind} at most")
    return state.with_deck(me, **{slot: card}), points


# --- a scripted Methuselah's reviews ------------------------------------------------------------------

def _open_review(state: State, ctx: Ctx, step: str, what: str) -> tuple[State, int]:
    """Begin a scripted review: the influence phase's points, one spent on it. Returns the state and points left."""
    me = state.current
    if not ctx.p("solitaire_automaton"):
        ctx.illegal_param("solitaire_automaton", f"reviewing the {what} is a rule of the solitaire variant")
    if not has_deck(state, me):
        ctx.illegal(step, f"{me} has no decks: the solitaire variant plays from decks")
    if PHASES.index(state.phase) > PHASES.index("influence"):
        ctx.illegal(step, f"{me}'s influence phase is over (caching a card ends it): no more reviews this turn")
    state = phases.influence(state, Influence(), ctx)
    left = state.player(me).transfers or 0
    if left < 1:
        ctx.illegal_param("transfers_per_turn", f"{me} has no influence point left to review the {what}")
    ctx.cite(step, f"{me} spends 1 influence to review the {what} ({left - 1} left)")
    return state, left - 1


def _looked_at(card: Card, name: str, step: str, ctx: Ctx, me: str) -> None:
    if card.name != name:
        ctx.illegal(step, f"{me} looks at {card.name}, not {name}: only the bottom card of a review is looked at, "
                          "then the one above it")


def _set_aside(name: str | None, step: str, ctx: Ctx) -> Cache:
    """Caching for a scripted review: the card named, when it is the one looked at (sol:basic.3); else nothing."""
    def set_aside(state: State, card: Card, points: int) -> tuple[State, int, bool]:
        if name is None:
            return state, points, False
        _looked_at(card, name, step, ctx, state.current)
        return (*cache(state, card, points, ctx), True)

    return set_aside


def _finish(state: State, points: int, cached: bool, wanted: list[str], cache_name: str | None, step: str,
            ctx: Ctx) -> State:
    me = state.current
    missing = [*wanted, *([cache_name] if cache_name and not cached else [])]
    if missing:
        ctx.illegal(step, f"the review ended before {me} looked at {', '.join(missing)}")
    return state if cached else state.with_player(me, transfers=points)


def review_crypt(state: State, d: ReviewCrypt, ctx: Ctx) -> State:
    """Phase 4b, scripted: take the named vampires as they are looked at, then cache one or stop (sol:phase.4.b)."""
    step = "sol_review_crypt"
    state, points = _open_review(state, ctx, step, "crypt")
    me = state.current
    if state.deck(me).resources_reviewed == state.game_turn:
        ctx.illegal(step, f"{me} reviewed her resources this turn and may not return to the crypt review")
    wanted = list(d.take)

    def take(state: State, card: Card) -> State | None:
        if not wanted:
            return None
        _looked_at(card, wanted.pop(0), step, ctx, me)
        assert isinstance(card, VampireCard)
        return take_control(state, me, card, ctx, tapped=bool(ctx.p("control_enters_tapped")), source=step)

    state, points, cached = review(state, points, ctx, crypt=True, take=take, cache=_set_aside(d.cache, step, ctx),
                                   again=lambda _: bool(wanted) or d.cache is not None)
    return _finish(state, points, cached, wanted, d.cache, step, ctx)


def review_resources(state: State, d: ReviewResources, ctx: Ctx) -> State:
    """Phase 4c, scripted: use the named resources as they are looked at, then cache one or stop (sol:phase.4.c)."""
    step = "sol_review_resources"
    state, points = _open_review(state, ctx, step, "resources")
    me = state.current
    wanted = list(d.use)

    def use(state: State, card: Card) -> State | None:
        if not wanted:
            return None
        u = wanted.pop(0)
        _looked_at(card, u.card, step, ctx, me)
        assert isinstance(card, ResourceCard)
        if card.type == "master":
            return master_card(state, me, card, ctx, step, vampire=u.vampire)
        if card.type in ("equipment", "retainer"):
            if u.vampire is None:
                ctx.illegal(step, f"{card.name} ({card.type}) goes on a vampire: name it with `vampire`")
            return attach(state, me, card, _own_vampire(state, me, u.vampire, ctx, step).name, ctx)
        ctx.illegal(step, f"{card.name} ({card.type.replace('_', ' ')}) cannot be used in the influence phase")

    state, points, cached = review(state, points, ctx, crypt=False, take=use, cache=_set_aside(d.cache, step, ctx),
                                   again=lambda _: bool(wanted) or d.cache is not None)
    return _finish(state, points, cached, [u.card for u in wanted], d.cache, step, ctx)
