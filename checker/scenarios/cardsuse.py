"""Which scenarios use a card: the cards a scenario's setup names (equipment, retainers, a minion's card, decks)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from checker.engine.setup import Setup
from checker.scenarios.load import LoadedScenario
from reference.cards import Card, normalize_name


def card_names(setup: Setup) -> Iterator[str]:
    """Every card name a setup mentions, as written."""
    for m in setup.minions:
        yield from m.equipment
        yield from m.borrowed
        yield from (r.name for r in m.retainers)
        if m.card:
            yield m.card
    for deck in setup.decks.values():
        yield from (c.name for c in deck.resources)
        yield from (c.name for c in deck.crypt)
        for cached in (deck.cached_resource, deck.cached_vampire):
            if cached is not None:
                yield cached.name


def scenarios_using(card: Card, loaded: Iterable[LoadedScenario]) -> list[LoadedScenario]:
    """The scenarios whose setup names the card (by its name or an aka name, accents and case ignored)."""
    names = {normalize_name(n) for n in (card.name, *card.aka)}
    return [s for s in loaded if any(normalize_name(n) in names for n in card_names(s.scenario.setup))]
