"""Self-play: whole games under each ruleset, no invariant broken, the same game for the same seed.

The default run plays a few games per ruleset; ``RULES_EXTENDED=1`` plays 500 per ruleset, in 20 batches
(one test item each, every 20th seed), so the extended run shards evenly (docs/guide/scaling.md).
"""

from __future__ import annotations

import os

import pytest

from checker.engine.selfplay import play
from reference.corpus import corpus
from reference.rulesets import rulesets
from tests.checker.engine.test_playouts import SETUP, check_invariants

EXTENDED = bool(os.environ.get("RULES_EXTENDED"))
GAMES = 500 if EXTENDED else 8
BATCHES = 20 if EXTENDED else 1


# Solitaire plays from decks, which these generic players cannot do: its whole games are played by the
# Mystery Methuselah in tests/checker/solitaire/test_game.py.
@pytest.mark.parametrize("batch", range(BATCHES))
@pytest.mark.parametrize("ruleset", ["jyhad-1.4", "vtes-basic", "vtes-advanced"])
def test_self_play_games_keep_every_invariant(ruleset: str, batch: int) -> None:
    rs = rulesets()[ruleset]
    rules = corpus().rules
    finished = 0
    for seed in range(batch, GAMES, BATCHES):
        game = play(SETUP, rs, seed, check=check_invariants)
        assert all(e.rule in rules for e in game.events)
        finished += game.final.over
    assert finished > 0, "no game reached its end"


def test_the_same_seed_plays_the_same_game() -> None:
    rs = rulesets()["jyhad-1.4"]
    a, b = play(SETUP, rs, 7), play(SETUP, rs, 7)
    assert a.final == b.final and a.events == b.events
    assert len({play(SETUP, rs, seed).events for seed in range(10)}) > 1  # the seed does choose
