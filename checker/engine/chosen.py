"""Master cards in play that chose or named a minion as they were played (The Rack, Betrayer).

A card put in play takes effect on what it chooses as it is played (ref14:II.B.2, rb95:3.2.1.p1) and
keeps that choice: The Rack gives its chosen vampire blood in its controller's unlock phase, and a
contest it falls out of is no change of controller, so no new vampire is chosen
(ruling:101536:RTR-19960112). Betrayer names another Methuselah's vampire that is also in its
player's uncontrolled region; in each unlock phase of that vampire's controller, he burns pool for it
and may pay a pool more to guess the vampire: a right guess burns that Betrayer (ref14:II.A.2.e,
rb95:6.1.untap-effects). Each copy acts on its own (ruling:100156:RTR-19941109.2), and a contested
vampire suspends the card until the contest ends (ruling:100156:RTR-19941109.3).
"""

from __future__ import annotations

from checker.engine.context import Ctx
from checker.engine.decisions import Guess, MasterCard
from checker.engine.state import State
from checker.engine.withdrawal import spent

GUESS_COST = 1  # Betrayer: "He or she can burn an additional pool to attempt to guess the name of the vampire."


def on_play(state: State, who: str, card: MasterCard, ctx: Ctx) -> State:
    """Check and record the minion the card chooses (a ready vampire she controls) or names (another's vampire
    whose copy is in her uncontrolled region)."""
    if card.choose is not None:
        name = card.choose
        if (not state.has_minion(name) or not (m := state.minion(name)).is_vampire or m.controller != who
                or m.location != "ready"):
            ctx.illegal("card_over_rule", f"{card.name} chooses a ready vampire {who} controls: {name} is not one")
        ctx.cite("master_effect", f"{card.name} chooses {name}")
        return _record(state, who, card.name, name, 0)
    if card.names is not None:
        name = card.names
        if (not state.has_minion(name) or not (m := state.minion(name)).is_vampire or m.controller == who
                or m.location not in ("ready", "torpor")):
            ctx.illegal("card_over_rule", f"{card.name} names a vampire another Methuselah controls: {name} is not "
                                          "one")
        m = state.minion(name)
        if not any(u.card_name == m.card_name for u in state.minions_of(who, "uncontrolled")):
            ctx.illegal("card_over_rule", f"{name} is not also in {who}'s uncontrolled region, as {card.name} "
                                          "requires")
        ctx.cite("master_effect", f"{card.name} names {m.controller}, who controls {name}, also in {who}'s "
                                  "uncontrolled region")
        return _record(state, who, card.name, name, card.unlock_burn)
    return state


def _record(state: State, who: str, card: str, minion: str, burn: int) -> State:
    p = state.player(who)
    return state.with_player(who, cards_chosen=(*p.cards_chosen, (card, minion, burn)))


def chosen_by(state: State, who: str, card: str) -> list[str]:
    """The minions ``who``'s copies of ``card`` in play chose."""
    return [m for c, m, _ in state.player(who).cards_chosen if c == card]


def untap_named(state: State, guesses: tuple[Guess, ...], ctx: Ctx) -> State:
    """Her untap step for cards in play naming a vampire she controls: burn pool for each, then guesses."""
    me = state.current
    active: list[tuple[str, str, str]] = []  # (card's controller, card, minion)
    for p in state.players:
        for card, minion, burn in p.cards_chosen:
            if not burn or not state.has_minion(minion):
                continue
            m = state.minion(minion)
            if m.controller != me or m.location not in ("ready", "torpor"):
                continue
            if m.contested:
                ctx.cite("contest_choice", f"{minion}, which {p.name}'s {card} names, is contested: {card} does "
                                           "nothing until the contest ends")
                continue
            state = spent(state.move_pool(me, -burn), me, f"{me} burned {burn} pool to {card}", ctx)
            ctx.cite("untap_card_effects", f"{p.name}'s {card}: {me} controls {minion} and burns {burn} pool")
            active.append((p.name, card, minion))
    for g in guesses:
        copies = [a for a in active if a[0] == g.of and a[1] == g.name]
        if not copies:
            ctx.illegal("card_over_rule", f"no {g.name} of {g.of}'s names a vampire {me} controls this unlock phase "
                                          "(or each was already guessed)")
        state = spent(state.move_pool(me, -GUESS_COST), me, f"{me} burned {GUESS_COST} pool to guess", ctx)
        right = next((a for a in copies if a[2] == g.vampire), None)
        ctx.cite("untap_card_effects", f"{me} burns {GUESS_COST} pool more to guess that {g.of}'s {g.name} names "
                                       f"{g.vampire}")
        if right is None:
            active.remove(copies[0])
            ctx.cite("card_over_rule", f"the guess is wrong: {g.of}'s {g.name} stays in play")
            continue
        active.remove(right)
        state = burn_chosen(state, g.of, g.name, g.vampire)
        ctx.cite("card_over_rule", f"the guess is right: {g.of}'s {g.name} naming {g.vampire} is burned")
    return state


def burn_chosen(state: State, who: str, card: str, minion: str) -> State:
    """One copy of ``card`` in ``who``'s play, the one that chose ``minion``, is burned to its owner's ash heap."""
    p = state.player(who)
    i = p.cards_chosen.index(next(x for x in p.cards_chosen if x[0] == card and x[1] == minion))
    j = next(j for j, (c, _) in enumerate(p.in_play) if c == card)
    owner = p.in_play[j][1]
    state = state.with_player(who, cards_chosen=p.cards_chosen[:i] + p.cards_chosen[i + 1:],
                              in_play=p.in_play[:j] + p.in_play[j + 1:])
    return state.with_player(owner, ash_heap=state.player(owner).ash_heap + 1)
