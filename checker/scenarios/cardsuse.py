"""Which scenarios use a card (its name in a setup, real vampires included, or played by `card:` in a step) or
state a ruling, and do they pass."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from checker.engine.setup import Setup
from checker.scenarios.load import LoadedScenario
from checker.scenarios.suite import run_all, runs
from reference.cards import Card, normalize_name


def scenarios_stating(ruling_id: str, loaded: Iterable[LoadedScenario]) -> list[tuple[str, str]]:
    """(scenario path, status) for each scenario stating the ruling: "pass" when it passes under every
    ruleset it is asked under, else "fail" (run now, so the status is today's)."""
    stating = [s for s in loaded if ruling_id in s.scenario.rulings]
    out = []
    for s in stating:
        statuses = {o.status for o in run_all(runs([s]))}
        out.append((s.path, "pass" if statuses == {"pass"} else "fail"))
    return out


def card_names(setup: Setup) -> Iterator[str]:
    """Every card name a setup mentions, as written."""
    for m in setup.minions:
        if m.vampire:
            yield m.card or m.name
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
    """The scenarios whose setup names the card (by its name or an aka name, accents and case ignored) or whose
    steps play it."""
    return CardUses(loaded).of(card)


class CardUses:
    """The scenarios naming each card, read once: for asking about many cards (the site's card table)."""

    def __init__(self, loaded: Iterable[LoadedScenario]) -> None:
        self.by_name: dict[str, list[LoadedScenario]] = {}
        self.by_id: dict[str, list[LoadedScenario]] = {}
        self.position: dict[str, int] = {}
        for s in loaded:
            self.position.setdefault(s.path, len(self.position))
            for key in dict.fromkeys(normalize_name(n) for n in card_names(s.scenario.setup)):
                self.by_name.setdefault(key, []).append(s)
            for card_id in s.cards:
                self.by_id.setdefault(card_id, []).append(s)

    def of(self, card: Card) -> list[LoadedScenario]:
        """The scenarios naming the card, in the order they were read, each once."""
        found: dict[str, LoadedScenario] = {}
        for name in (card.name, *card.aka):
            for s in self.by_name.get(normalize_name(name), []):
                found.setdefault(s.path, s)
        for s in self.by_id.get(card.id, []):
            found.setdefault(s.path, s)
        return sorted(found.values(), key=lambda s: self.position[s.path])
