"""Decks of the solitaire variant, top card first: drawing, putting cards back, and burned cards' return.

Pure helpers over :class:`~checker.engine.state.State`; they cite nothing (their callers do). In the
variant burned cards go to the bottom of their deck (sol:phase.1.c, sol:phase.2.b), not to an ash heap.
"""

from __future__ import annotations

from checker.engine.cards import ResourceCard, VampireCard
from checker.engine.state import Minion, State

Card = VampireCard | ResourceCard


def has_deck(state: State, who: str) -> bool:
    return any(d.player == who for d in state.decks)


def sync_counts(state: State) -> State:
    """The players' crypt and library counts are the lengths of their decks."""
    for d in state.decks:
        state = state.with_player(d.player, crypt=len(d.crypt), library=len(d.resources))
    return state


def card_of(state: State, m: Minion) -> VampireCard:
    """The crypt card a vampire in play is: its bleed without what its equipment adds."""
    extra = sum(c.bleed for n, c in state.deck(m.controller).attached if n == m.name and c.type == "equipment")
    return VampireCard(name=m.name, capacity=m.capacity, bleed=max(m.bleed - extra, 0))


def cards_on(state: State, m: Minion) -> tuple[ResourceCard, ...]:
    """The resources on a vampire; equipment and retainers given in a scenario's setup count as cards too."""
    carried = {*m.equipment, *(r.name for r in m.retainers)}
    on_it = tuple(c for n, c in state.deck(m.controller).attached if n == m.name and c.name in carried)
    known = {c.name for c in on_it}
    return (on_it + tuple(ResourceCard(name=e, type="equipment") for e in m.equipment if e not in known)
            + tuple(ResourceCard(name=r.name, type="retainer", life=max(r.life, 1)) for r in m.retainers
                    if r.name not in known))


def to_crypt_bottom(state: State, name: str) -> tuple[State, tuple[ResourceCard, ...]]:
    """A burned vampire goes to the bottom of its crypt and the cards on it to the bottom of the resources.

    Its counters are left to the caller. Returns the state and the cards moved.
    """
    m = state.minion(name)
    d = state.deck(m.controller)
    card, on_it = card_of(state, m), cards_on(state, m)
    state = state.with_deck(m.controller, crypt=(*d.crypt, card), resources=(*d.resources, *on_it),
                            attached=tuple(a for a in d.attached if a[0] != name))
    state = state.with_minion(name, location="crypt", blood=0, retainers=(), equipment=(), borrowed=(),
                              tapped=False, paralyzed=False, bleed=card.bleed, title=None)
    return sync_counts(state), on_it


def draw(state: State, who: str, n: int, *, crypt: bool) -> tuple[State, tuple[Card, ...]]:
    """Take the top ``n`` cards of a deck (fewer if it is short)."""
    d = state.deck(who)
    pile = d.crypt if crypt else d.resources
    taken, rest = pile[:n], pile[n:]
    return sync_counts(state.with_deck(who, **{"crypt" if crypt else "resources": rest})), taken


def to_bottom(state: State, who: str, cards: tuple[Card, ...], *, crypt: bool) -> State:
    d = state.deck(who)
    if crypt:
        return sync_counts(state.with_deck(who, crypt=(*d.crypt, *[c for c in cards if isinstance(c, VampireCard)])))
    return sync_counts(state.with_deck(
        who, resources=(*d.resources, *[c for c in cards if isinstance(c, ResourceCard)])))


def to_top(state: State, who: str, card: Card) -> State:
    d = state.deck(who)
    if isinstance(card, VampireCard):
        return sync_counts(state.with_deck(who, crypt=(card, *d.crypt)))
    return sync_counts(state.with_deck(who, resources=(card, *d.resources)))
