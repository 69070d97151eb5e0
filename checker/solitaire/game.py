"""Whole solitaire games: decks dealt from a seed, the Mystery Methuselah playing both sides (sol:basic.8).

``play(seed)`` is deterministic: the same seed deals the same decks and gives the same log.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from checker.engine.cards import DeckSetup, ResourceCard, VampireCard
from checker.engine.context import Ctx
from checker.engine.decisions import StartGame, Strict
from checker.engine.engine import apply
from checker.engine.events import Event
from checker.engine.ousting import winners
from checker.engine.setup import Setup, initial_state
from checker.engine.state import State
from checker.solitaire.decisions import Mystery
from reference.rulesets import Ruleset

NAMES = ("Anneke", "Baron Dieudonne", "Cassandra", "Dmitra Ilyanova", "Eliza", "Feo Ramos", "Gratiano",
         "Hesha Ruhadze", "Ilse Dukat", "Jost Werner", "Kallista", "Lucian", "Marguerite Foucault",
         "Nikolai", "Ozmo", "Perpetua", "Quentin King", "Rafael de Corazon", "Sascha Vykos", "Tatiana Romanova",
         "Ulrike Rothbart", "Victor Donaldson", "Wendell Delburton", "Xaviar", "Yseult", "Zoe")

RESOURCES: tuple[tuple[ResourceCard, int], ...] = (
    (ResourceCard(name="Minion Tap", type="master", pool=2), 5),
    (ResourceCard(name="Blood Doll", type="master", blood=2), 4),
    (ResourceCard(name="Govern the Unaligned", type="action", bleed=2), 6),
    (ResourceCard(name="Conditioning", type="action", bleed=2, assisted=True), 4),
    (ResourceCard(name="Feed", type="action", blood=2), 4),
    (ResourceCard(name="Bonding", type="bleed_modifier", bleed=1), 6),
    (ResourceCard(name="Daring the Dawn", type="bleed_modifier", bleed=2), 3),
    (ResourceCard(name="Ivory Bow", type="equipment", damage=2, cost=1), 3),
    (ResourceCard(name="Sport Bike", type="equipment", bleed=1, cost=1), 3),
    (ResourceCard(name="Ghoul Retainer", type="retainer", life=2, cost=1), 3),
    (ResourceCard(name="Wake with Evening's Freshness", type="reaction"), 3),
    (ResourceCard(name="Torn Signpost", type="combat"), 2),
)


def deal(rnd: random.Random, owner: str) -> DeckSetup:
    """A legal solitaire deck: a crypt of 12 to 24 vampires, a library of 40 to 50 resources, no politics."""
    crypt_size = rnd.randint(12, 24)
    crypt = tuple(VampireCard(name=f"{NAMES[i % len(NAMES)]} ({owner}{'' if i < len(NAMES) else i})",
                              capacity=rnd.randint(1, 8), bleed=2 if rnd.random() < 0.15 else 1)
                  for i in range(crypt_size))
    pile = [card for card, n in RESOURCES for _ in range(n)]
    rnd.shuffle(pile)
    resources = tuple(pile[: rnd.randint(40, min(50, len(pile)))])
    return DeckSetup(crypt=tuple(rnd.sample(crypt, len(crypt))), resources=resources)


def setup(seed: int, names: tuple[str, str] = ("mystery", "shadow")) -> Setup:
    rnd = random.Random(seed)
    return Setup(players=tuple({"name": n} for n in names),
                 decks={n: deal(rnd, n) for n in names})


@dataclass(frozen=True)
class Game:
    final: State
    turns: int
    log: tuple[tuple[int, str, Event], ...]  # (game turn, Methuselah, event)

    @property
    def winners(self) -> list[str]:
        return winners(self.final) if self.final.over else []


def play(seed: int, ruleset: Ruleset, max_turns: int = 400, check: object = None) -> Game:
    """The automaton plays both sides until one Methuselah loses (or ``max_turns`` pass)."""
    state = initial_state(setup(seed), Ctx(ruleset))
    log: list[tuple[int, str, Event]] = []
    decision: Strict = StartGame()
    while True:
        turn, who = state.game_turn, state.current
        state, events = apply(state, decision, ruleset)
        log += [(turn, who, e) for e in events]
        if callable(check):
            check(state)
        if state.over or state.game_turn > max_turns:
            break
        decision = Mystery(phase="turn")
    return Game(state, state.game_turn, tuple(log))
