"""Votes: calling a referendum, counting every vote from its source, passing, titles (ref14:IV, rb95:7).

A political action is an action like any other up to its resolution (ref14:III.D.2); its
terms take effect only if the action succeeds and the referendum passes. The blood hunt
after a diablerie is a referendum with no calling card in which no action modifier or
reaction may be played (ref14:IV.C.4.note3).
"""

from __future__ import annotations

from dataclasses import replace

from checker.engine.actions import Plan, begin_action, card_played, run_action
from checker.engine.context import Ctx
from checker.engine.control import move_location
from checker.engine.damage import burn_minion
from checker.engine.decisions import Ballot, BloodHunt, CallVote, ClanVotes, Terms, VoteSpec
from checker.engine.polling import TITLE_STEPS, Polling, title_kind, title_votes
from checker.engine.requirements import check_minion_card, holds_title
from checker.engine.state import Minion, State, VoteRecord


def votes_allowed(ctx: Ctx) -> None:
    if not ctx.p("votes_allowed"):
        ctx.illegal_param("votes_allowed", "there is no voting in this game")


def referendum(state: State, spec: VoteSpec, ctx: Ctx, *, caller: str | None, acting: str | None,
               blood_hunt: bool = False, clan_votes: ClanVotes | None = None) -> tuple[State, bool]:
    """Count the votes cast, burning what they cost; returns the state and whether the referendum passed.

    ``caller`` is the Methuselah whose card called it (its vote is cast), ``acting`` the acting vampire.
    """
    ctx.announce("referendum", "the referendum begins")
    ctx.announce("voting_begins", "voting begins")
    ctx.cite("no_inherent_votes", "Methuselahs have no votes of their own: every vote comes from a card, "
                                  "a title or the Edge")
    tally = {"for": 0, "against": 0}
    if caller is not None:
        tally[spec.calling_vote] += 1
        ctx.cite("calling_card_vote", f"the card that called the referendum gives {caller} 1 vote, cast "
                                      f"{spec.calling_vote}")
    if spec.ballots:
        ctx.announce("votes_gained", "votes are gained from titles, political cards, the Edge and vote cards")
    burned: dict[str, int] = {}
    seen: set[tuple[str, str]] = set()
    used_titles: set[str] = set()
    used_clan: set[str] = set()
    poll = Polling(spec, acting, blood_hunt, burned)
    poll.check(ctx)
    for i, b in enumerate(spec.ballots):
        state, extra = poll.before(state, i, ctx)
        tally = {side: tally[side] + extra[side] for side in tally}
        if poll.canceled:
            break
        state, votes = _ballot(state, b, ctx, acting=acting, blood_hunt=blood_hunt, burned=burned,
                               seen=seen, used_titles=used_titles)
        votes += _clan_votes(state, b, clan_votes, used_clan, ctx)
        tally[b.side] += votes
        state = poll.cast(state, b, votes, ctx)
    if not poll.canceled:
        state, extra = poll.before(state, len(spec.ballots), ctx)
        tally = {side: tally[side] + extra[side] for side in tally}
    if poll.canceled:
        for who, n in burned.items():
            state = _redraw(state, who, n, ctx)
        return replace(state, last_vote=VoteRecord(tally["for"], tally["against"], False, canceled=True,
                                                   bars_repeat=poll.bars_repeat)), False
    voters = {b.player for b in spec.ballots} | {b.player for c in spec.polling for b in c.ballots}
    silent = [p.name for p in state.in_game() if p.name not in voters | {caller}]
    if silent:
        ctx.cite("no_obligation", f"{', '.join(silent)} cast no votes: there is no obligation to vote")
    ctx.announce("voting_closes", "no more votes are cast: voting is closed")
    state = poll.tally(state, tally, ctx)
    for who, n in burned.items():
        state = _redraw(state, who, n, ctx)
    passed = tally["for"] > tally["against"]
    verdict = "passes" if passed else "fails"
    ctx.cite("vote_passes", f"{tally['for']} for, {tally['against']} against: the referendum {verdict}")
    return replace(state, last_vote=VoteRecord(tally["for"], tally["against"], passed)), passed


def _ballot(state: State, b: Ballot, ctx: Ctx, *, acting: str | None, blood_hunt: bool, burned: dict[str, int],
            seen: set[tuple[str, str]], used_titles: set[str]) -> tuple[State, int]:
    if not state.has_player(b.player) or state.player(b.player).gone:
        ctx.illegal("voting_begins", f"{b.player} is not a Methuselah in the game")
    votes = 0
    for name in b.titles:
        votes += _title(state, b.player, name, used_titles, ctx)
    if b.political_cards:
        p = state.player(b.player)
        if b.political_cards > p.hand:
            ctx.illegal("political_card_votes", f"{b.player} has only {p.hand} cards in hand")
        state = state.with_player(b.player, hand=p.hand - b.political_cards, ash_heap=p.ash_heap + b.political_cards)
        burned[b.player] = burned.get(b.player, 0) + b.political_cards
        votes += b.political_cards
        ctx.cite("political_card_votes", f"{b.player} burns {b.political_cards} political card(s) from her hand "
                                         f"for {b.political_cards} vote(s) {b.side}")
    if b.edge:
        if state.edge != b.player:
            ctx.illegal("edge_vote", f"{b.player} does not have the Edge")
        state = replace(state, edge=None)
        votes += 1
        ctx.cite("edge_vote", f"{b.player} burns the Edge for 1 vote {b.side}; the Edge returns to the center")
    for card in b.cards:
        state, n = _vote_card(state, b, card.name, card.by, card.votes, ctx, acting=acting, blood_hunt=blood_hunt,
                              seen=seen, burned=burned)
        votes += n
    if votes:
        ctx.cite("card_votes_cast", f"{b.player} casts {votes} vote(s) {b.side}")
    return state, votes


def _clan_votes(state: State, b: Ballot, given: ClanVotes | None, used: set[str], ctx: Ctx) -> int:
    """Votes the calling card gives each (ready) vampire of a clan, cast by the vampires' Methuselah."""
    if not b.clan:
        return 0
    if given is None:
        ctx.illegal("modifier_votes", "the card calling this referendum gives no clan any votes")
    votes = 0
    for name in b.clan:
        m = state.minion(name) if state.has_minion(name) else None
        if m is None or m.controller != b.player or not m.is_vampire or m.location not in ("ready", "torpor"):
            ctx.illegal("card_over_rule", f"{name} is not a vampire {b.player} controls")
        if name in used:
            ctx.illegal("card_over_rule", f"{name}'s extra vote is already cast")
        used.add(name)
        if m.clan != given.clan:
            ctx.illegal("card_over_rule", f"{name} is {m.clan or 'of no clan'}: the card gives {given.clan} "
                                          "vampires the extra vote")
        if given.ready and m.location != "ready":
            ctx.illegal("card_over_rule", f"{name} is in {m.location}: the card gives only ready {given.clan} "
                                          "vampires the extra vote")
        votes += given.votes
        ctx.cite("card_over_rule", f"{name}, a {given.clan}, gets {given.votes} vote(s) from the calling card, "
                                   f"cast {b.side}")
    return votes


def _title(state: State, player: str, name: str, used: set[str], ctx: Ctx) -> int:
    if not state.has_minion(name) or state.minion(name).controller != player:
        ctx.illegal("title_votes", f"{name} is not a vampire {player} controls")
    if name in used:
        ctx.illegal("title_votes", f"{name}'s title votes are already cast")
    used.add(name)
    m = state.minion(name)
    kind = title_kind(m.title)
    if kind is None:
        ctx.illegal("vote_untitled", f"{name} has no title: other minions provide no votes")
    if m.location != "ready":
        ctx.illegal("title_votes", f"{name} is {m.location}: only ready titled vampires give votes")
    if m.title_contested:
        ctx.cite("contested_title_no_votes", f"{name}'s title {m.title} is contested and provides no votes")
        return 0
    n = title_votes(m, ctx)
    ctx.cite(TITLE_STEPS[kind], f"{name}, a ready {m.title}, provides {n} vote(s)")
    ctx.cite("vampire_votes_both", f"{name}'s votes are cast by both {name} and {player}")
    return n


def _vote_card(state: State, b: Ballot, name: str, by: str, votes: int, ctx: Ctx, *, acting: str | None,
               blood_hunt: bool, seen: set[tuple[str, str]], burned: dict[str, int]) -> tuple[State, int]:
    if blood_hunt:
        ctx.illegal("blood_hunt_no_cards", f"{name}: no action modifier or reaction may be played in a blood hunt")
    if not state.has_minion(by) or state.minion(by).controller != b.player:
        ctx.illegal("modifier_votes", f"{by} is not a minion {b.player} controls")
    m = state.minion(by)
    if (by, name) in seen:
        ctx.illegal("reaction_once" if by != acting else "modifier_once", f"{by} cannot play {name} twice")
    seen.add((by, name))
    if by == acting:
        ctx.cite("modifier_votes", f"the acting vampire {by} plays the action modifier {name} for {votes} vote(s)")
    elif b.player == state.current:
        ctx.illegal("modifier_votes", f"{by} is not the acting vampire: only it may play action modifiers")
    else:
        if m.tapped or m.location != "ready":
            ctx.illegal("reaction_votes_untapped", f"{by} is not an untapped ready minion and cannot play a reaction")
        ctx.cite("reaction_votes", f"{by}, an untapped minion of {b.player}, plays the reaction {name} for "
                                   f"{votes} vote(s)")
        ctx.cite("reaction_no_tap", f"{by} stays untapped: a reaction card does not tap the minion using it")
    p = state.player(b.player)
    if p.hand <= 0:
        ctx.illegal("card_from_hand", f"{b.player} has no card in hand to play {name}")
    state = state.with_player(b.player, hand=p.hand - 1, ash_heap=p.ash_heap + 1)
    burned[b.player] = burned.get(b.player, 0) + 1
    if m.is_vampire:
        ctx.cite("vampire_votes_both", f"the votes of {name} come from both {by} and {b.player}")
    return state, votes


def _redraw(state: State, who: str, n: int, ctx: Ctx) -> State:
    """Cards burned or played during the referendum are replaced only now that it is over."""
    p = state.player(who)
    draw = min(n, p.library)
    ctx.cite("vote_cards_not_replaced", f"the referendum is over: {who} draws {draw} card(s) to replace the "
                                        f"{n} she played or burned for votes")
    ctx.cite("vote_cards_replaced_after_action", f"cards {who} burned for votes are replaced only now, "
                                                 "after the political action")
    return state.with_player(who, hand=p.hand + draw, library=p.library - draw)


def call_vote(state: State, d: CallVote, ctx: Ctx) -> State:
    """A political action: a +1 stealth action; if it succeeds, its terms are set and voted on."""
    votes_allowed(ctx)
    state, actor = begin_action(state, d, ctx, card=True)
    if not actor.is_vampire and ctx.p("call_vote_vampire_only"):
        ctx.illegal_param("call_vote_vampire_only", f"{actor.name} is an ally: a vampire calls a vote with a "
                                                    "political card")
    me = state.current
    if ctx.p("cards_from_hand") and state.player(me).hand <= 0:
        ctx.illegal("call_vote_card", f"{me} has no card in hand: calling a vote requires a political action card")
    ctx.cite("call_vote", f"{actor.name} calls a vote with {d.card.name}")
    check_minion_card(actor, d.card, d.card.name, ctx)
    plan = Plan("call_vote", None, ctx.p("no_card_action_stealth")["call_vote"], d.card.cost, d.card.name)
    state, ok = run_action(state, d, plan, ctx)
    if not ok:
        ctx.cite("terms_on_success", f"the action did not succeed: the terms of {d.card.name} are never set "
                                     "and no referendum is held")
        return card_played(state, ctx, d.card.name)
    ctx.cite("replace_calling_card", f"{me} replaces {d.card.name}, the card that called the referendum")
    terms = d.card.terms
    if terms.title_on_acting:
        terms = terms.model_copy(update={"titled": actor.name, "title_on_acting": False})
    state = card_played(state, ctx, d.card.name, stays=terms.card_stays)
    _check_terms(state, terms, ctx)
    if terms.chosen_younger:
        _check_younger(state, terms, actor, ctx)
    ctx.cite("terms_on_success", f"the action succeeded: the terms of {d.card.name} are set now")
    ctx.announce("vote_terms", f"terms: {describe_terms(terms)}")
    automatic = state.next_vote_passes
    state, passed = referendum(state, d.vote, ctx, caller=me, acting=actor.name, clan_votes=d.card.clan_votes)
    if automatic and state.last_vote is not None and not state.last_vote.canceled:
        ctx.cite("card_over_rule", f"{actor.name}, a vampire, called this referendum: an earlier card makes it pass "
                                   "automatically, whatever the votes")
        passed = True
        state = replace(state, next_vote_passes=False,
                        last_vote=replace(state.last_vote, passed=True))
    last = state.last_vote
    if last is not None and last.canceled:
        ctx.cite("card_over_rule", f"the referendum is canceled: {actor.name} unlocks, and {d.card.name} returns to "
                                   f"{me}'s hand, who discards down to her hand size")
        if terms.card_stays:
            state = state.with_player(me, ash_heap=state.player(me).ash_heap + 1)
        if last.bars_repeat:
            ctx.cite("card_over_rule", f"the minions {me} controls cannot perform the same political action "
                                       f"({d.card.name}) again this turn")
            state = replace(state, barred=(*state.barred, (me, "call_vote", (d.card.name,), state.game_turn)))
        return state.with_minion(actor.name, tapped=False)
    if passed:
        state = apply_terms(state, terms, d.card.name, ctx)
    if passed and terms.card_stays:
        ctx.cite("vote_effects", f"{d.card.name} is put on {terms.titled} to represent the title")
        return state
    if terms.card_stays:
        state = state.with_player(me, ash_heap=state.player(me).ash_heap + 1)
    ctx.cite("burn_action_card", f"{d.card.name} has no lasting effect and is burned")
    return state


def _check_terms(state: State, t: Terms, ctx: Ctx) -> None:
    for who in (*t.gain_pool, *t.burn_pool):
        if not state.has_player(who) or state.player(who).gone:
            ctx.illegal("vote_terms", f"{who} is not a Methuselah in the game")
    for m in (t.titled, t.burn):
        if m is not None and (not state.has_minion(m) or state.minion(m).location not in ("ready", "torpor")):
            ctx.illegal("vote_terms", f"{m} is not a minion in play")
    if (t.title is None) != (t.titled is None):
        ctx.illegal("vote_terms", "a title is given with both `title` and `titled`")
    if t.titled is not None and not state.minion(t.titled).is_vampire:
        ctx.illegal("vote_terms", f"{t.titled} is an ally: only vampires hold titles")
    if t.loses_title is not None and (not state.has_minion(t.loses_title) or not state.minion(t.loses_title).title):
        ctx.illegal("vote_terms", f"{t.loses_title} holds no title to lose")
    if t.swap_with is not None and (not state.has_player(t.swap_with) or state.player(t.swap_with).gone
                                    or t.swap_with == state.current):
        ctx.illegal("vote_terms", f"{t.swap_with} is not another Methuselah in the game")
    if t.edge_to is not None and (not state.has_player(t.edge_to) or state.player(t.edge_to).gone):
        ctx.illegal("vote_terms", f"{t.edge_to} is not a Methuselah in the game")
    if t.allocation_points is not None:
        _check_allocation(state, t, ctx)
    if (t.location is None) != (t.location_to is None):
        ctx.illegal("vote_terms", "a location changes control with both `location` and `location_to`")
    if t.location and not any(c == t.location for p in state.players for c, _ in p.in_play):
        ctx.illegal("vote_terms", f"{t.location} is not a location in play")
    if t.location_to and (not state.has_player(t.location_to) or state.player(t.location_to).gone):
        ctx.illegal("vote_terms", f"{t.location_to} is not a Methuselah in the game")
    _check_chosen(state, t, ctx)


def _check_younger(state: State, t: Terms, actor: Minion, ctx: Ctx) -> None:
    """'Choose a ready younger vampire': younger than the acting vampire, by capacity (rb95:3.blood-capacity.age)."""
    chosen = t.to_uncontrolled or t.burn or t.titled or t.loses_title
    if chosen is None:
        return
    m = state.minion(chosen)
    if m.capacity >= actor.capacity:
        ctx.illegal("vampire_age", f"{chosen} (capacity {m.capacity}) is not younger than {actor.name} "
                                   f"(capacity {actor.capacity})")
    ctx.cite("vampire_age", f"{chosen}, capacity {m.capacity}, is younger than {actor.name}, capacity "
                            f"{actor.capacity}")


def _check_allocation(state: State, t: Terms, ctx: Ctx) -> None:
    """'Allocate X points among two or more Methuselahs': all the points, to two or more of them."""
    points = t.allocation_points or len(state.in_game())
    given = sum(t.burn_pool.values())
    if given != points or len([n for n in t.burn_pool.values() if n > 0]) < 2:
        ctx.illegal("vote_terms", f"the card allocates {points} points among two or more Methuselahs; the terms "
                                  f"give {given} to {len(t.burn_pool)}")
    ctx.cite("vote_terms", f"{points} points allocated among {', '.join(t.burn_pool)}")


def _check_chosen(state: State, t: Terms, ctx: Ctx) -> None:
    """The vampire the card's player chose must be what the card says: 'Choose a ready prince.'"""
    chosen = next((m for m in (t.loses_title, t.burn, t.to_uncontrolled, None if t.title_on_acting else t.titled)
                   if m), None)
    if chosen is None or not (t.chosen_ready or t.chosen_title or t.chosen_clan or t.chosen_sect):
        return
    m = state.minion(chosen)
    if t.chosen_ready and m.location != "ready":
        ctx.illegal("vote_terms", f"the card chooses a ready vampire, and {chosen} is in {m.location}")
    if t.chosen_title and holds_title(m, (t.chosen_title,)) is None:
        ctx.illegal("vote_terms", f"the card chooses a {t.chosen_title}, and {chosen} is "
                                  f"{m.title or 'untitled'}")
    if t.chosen_sect and m.sect != t.chosen_sect:
        ctx.illegal("vote_terms", f"the card chooses a {t.chosen_sect} vampire, and {chosen} is "
                                  f"{m.sect or 'of no sect its card names'}")
    if t.chosen_clan and m.clan != t.chosen_clan:
        ctx.illegal("vote_terms", f"the card chooses a {t.chosen_clan}, and {chosen} is {m.clan or 'of no clan'}")
    ctx.cite("vote_terms", f"{chosen} may be chosen: the card's terms name such a vampire")


def describe_terms(t: Terms) -> str:
    """The terms in words, for the trace."""
    def pool(n: int) -> str:
        return f"{'gains' if n > 0 else 'burns'} {abs(n)} pool"

    per = "" if t.each_per == "methuselah" else f" for each {t.each_per} she controls"
    clan = f" for each {t.each_per_clan} she controls" if t.each_per_clan else ""
    said = [
        *(f"{who} gains {n} pool" for who, n in t.gain_pool.items()),
        *(f"{who} burns {n} pool" for who, n in t.burn_pool.items()),
        f"{t.titled} becomes {t.title}" if t.title and t.titled else "",
        f"{t.burn} is burned" if t.burn else "",
        (f"the new title holder's capacity changes by {t.capacity:+d}"
         + (f" if {t.capacity_if_clan}" if t.capacity_if_clan else "")) if t.capacity else "",
        f"each Methuselah {pool(t.each_pool)}{per}{clan}" if t.each_pool else "",
        f"each Methuselah {pool(t.each_base)} more" if t.each_base else "",
        f"the Methuselah with the Edge {pool(t.edge_pool)}" if t.edge_pool else "",
        f"{t.loses_title} loses its title" if t.loses_title else "",
        f"{t.edge_to} gets the Edge" if t.edge_to else "",
        f"every ready {t.lock_clan} locks" if t.lock_clan else "",
        (f"the caller's Methuselah steals {t.steal_from_richer} pool from each richer one"
         if t.steal_from_richer else ""),
        f"every vampire with a bleed of {t.burn_bleed_at_least} or more is burned" if t.burn_bleed_at_least else "",
        f"{t.location_to} takes control of {t.location}" if t.location else "",
        f"{t.to_uncontrolled} goes to the uncontrolled region" if t.to_uncontrolled else "",
        "the next referendum called by a vampire passes automatically" if t.next_passes else "",
    ]
    return "; ".join(p for p in said if p) or "no effect the engine models"


def apply_terms(state: State, t: Terms, card: str, ctx: Ctx) -> State:
    """The referendum passed: the card's terms take place."""
    ctx.cite("vote_effects", f"the referendum passed: the terms of {card} take place")
    for who, n in t.gain_pool.items():
        state = state.move_pool(who, n)
        ctx.cite("vote_effects", f"{who} gains {n} pool")
    for who, n in t.burn_pool.items():
        lost = min(n, state.player(who).pool)
        state = state.move_pool(who, -lost)
        ctx.cite("vote_effects", f"{who} burns {lost} pool")
    if t.title and t.titled:
        state = give_title(state, t.titled, t.title, ctx)
        state = _title_capacity(state, t, ctx)
    state = _pool_terms(state, t, ctx)
    state = _table_terms(state, t, ctx)
    if t.loses_title and state.minion(t.loses_title).title:
        ctx.cite("vote_effects", f"{t.loses_title} loses the title {state.minion(t.loses_title).title}")
        state = state.with_minion(t.loses_title, title=None, title_contested=False)
    if t.location and t.location_to:
        state = move_location(state, t.location, t.location_to, ctx, "")
    if t.burn and state.minion(t.burn).location in ("ready", "torpor"):
        state = burn_minion(state, t.burn, ctx, "vote_effects", "is burned")
    if t.next_passes:
        state = replace(state, next_vote_passes=True)
        ctx.cite("vote_effects", "the next referendum called by any vampire will pass automatically")
    return state


def _title_capacity(state: State, t: Terms, ctx: Ctx) -> State:
    """'If the prince is Tremere, his or her capacity increases by 1.'"""
    assert t.titled is not None
    m = state.minion(t.titled)
    if not t.capacity or (t.capacity_if_clan and m.clan != t.capacity_if_clan):
        if t.capacity:
            ctx.cite("vote_effects", f"{m.name} is {m.clan or 'of no clan'}, not {t.capacity_if_clan}: "
                                     f"her capacity stays {m.capacity}")
        return state
    capacity = max(m.capacity + t.capacity, 1)
    ctx.cite("vote_effects", f"{m.name}'s capacity becomes {capacity}")
    return state.with_minion(m.name, capacity=capacity)


def _pool_terms(state: State, t: Terms, ctx: Ctx) -> State:
    """Pool every Methuselah gains or burns (once, or for each (locked) minion she controls), and the Edge's."""
    changes: list[tuple[str, int]] = []
    if t.each_pool or t.each_base:
        for p in state.in_game():
            mine = [m for m in state.minions_of(p.name, "ready", "torpor")
                    if (t.each_per != "locked minion" or m.tapped)
                    and (t.each_per_clan is None or (m.is_vampire and m.clan == t.each_per_clan))]
            count = 1 if t.each_per == "methuselah" and t.each_per_clan is None else len(mine)
            changes.append((p.name, t.each_pool * count + t.each_base))
    if t.edge_pool and state.edge is not None:
        changes.append((state.edge, t.edge_pool))
    for who, n in changes:
        if n < 0:
            n = -min(-n, state.player(who).pool)
        state = state.move_pool(who, n)
        ctx.cite("vote_effects", f"{who} {'gains' if n >= 0 else 'burns'} {abs(n)} pool")
    return state


def _table_terms(state: State, t: Terms, ctx: Ctx) -> State:
    """The Edge given, a clan locked, pool stolen from richer Methuselahs, vampires with a high bleed burned, a
    vampire banished to the uncontrolled region."""
    if t.to_uncontrolled and state.minion(t.to_uncontrolled).location == "ready":
        state = state.with_minion(t.to_uncontrolled, location="uncontrolled", tapped=False)
        ctx.cite("vote_effects", f"{t.to_uncontrolled} is moved to its controller's uncontrolled region, with its "
                                 "blood, title and cards, out of play while it is uncontrolled")
    if t.edge_to:
        state = replace(state, edge=t.edge_to)
        ctx.cite("vote_effects", f"{t.edge_to} gets the Edge")
    if t.lock_clan:
        for m in state.minions:
            if m.is_vampire and m.clan == t.lock_clan and m.location == "ready" and not m.tapped:
                state = state.with_minion(m.name, tapped=True)
                ctx.cite("vote_effects", f"{m.name}, a {t.lock_clan}, locks")
    if t.steal_from_richer and state.current is not None:
        me = state.current
        for p in [p for p in state.in_game() if p.name != me and p.pool > state.player(me).pool]:
            n = min(t.steal_from_richer, state.player(p.name).pool)
            state = state.move_pool(p.name, -n).move_pool(me, n)
            ctx.cite("vote_effects", f"{me} steals {n} pool from {p.name}, who had more pool")
    if t.steal_unless_capacity_above is not None and state.current is not None:
        me, cap = state.current, t.steal_unless_capacity_above
        for p in [p for p in state.in_game() if p.name != me]:
            if any(m.is_vampire and m.capacity > cap for m in state.minions_of(p.name, "ready", "torpor")):
                continue
            n = min(1, state.player(p.name).pool)
            state = state.move_pool(p.name, -n).move_pool(me, n)
            ctx.cite("vote_effects", f"{p.name} controls no vampire with a capacity above {cap}: {me} steals {n} "
                                     "pool")
    if t.swap_with and state.current is not None:
        seats = [p.name for p in state.players]
        i, j = seats.index(state.current), seats.index(t.swap_with)
        players = list(state.players)
        players[i], players[j] = players[j], players[i]
        state = replace(state, players=tuple(players))
        seating = ", ".join(p.name for p in players)
        ctx.cite("vote_effects", f"{state.current} and {t.swap_with} switch places: the seating is {seating}")
    if t.burn_bleed_at_least:
        for m in list(state.minions):
            bleed = m.bleed + m.retainer_bonus("bleed")[0]
            if m.is_vampire and m.location == "ready" and bleed >= t.burn_bleed_at_least:
                ctx.cite("vote_effects", f"{m.name}'s bleed is {bleed}")
                state = burn_minion(state, m.name, ctx, "vote_effects", "is burned")
    return state


def give_title(state: State, name: str, title: str, ctx: Ctx) -> State:
    """A vampire gains a title: its old one is lost; a title another vampire holds becomes contested."""
    m = state.minion(name)
    if m.title and m.title != title:
        ctx.cite("title_replaced", f"{name} loses the title {m.title}: a vampire holds one title at a time")
    state = state.with_minion(name, title=title, title_contested=False)
    ctx.cite("vote_effects", f"{name} is now {title}")
    holders = [o for o in state.minions if o.name != name and o.title == title and o.location in ("ready", "torpor")]
    for o in holders:
        state = state.with_minion(o.name, title_contested=True)
    if holders:
        state = state.with_minion(name, title_contested=True)
        ctx.cite("contest_choice", f"{', '.join(o.name for o in holders)} already holds {title}: the title is "
                                   "contested")
    return state


def blood_hunt(state: State, d: BloodHunt, ctx: Ctx) -> State:
    """The blood hunt right after a diablerie: no card calls it; a pass burns the diablerist."""
    votes_allowed(ctx)
    target = state.blood_hunt_on
    if target is None:
        ctx.illegal("blood_hunt", "a blood hunt may be called only immediately after a diablerie")
    if not state.has_player(d.called_by) or state.player(d.called_by).gone:
        ctx.illegal("blood_hunt", f"{d.called_by} is not a Methuselah in the game")
    state = replace(state, blood_hunt_on=None)
    ctx.cite("blood_hunt", f"{d.called_by} calls a blood hunt on {target}: not an action, it cannot be blocked")
    ctx.announce("blood_hunt_no_cards", "no action modifier or reaction may be played in this referendum")
    if state.next_vote_passes:
        ctx.cite("blood_hunt", "a Methuselah, not a vampire, calls this referendum: it does not pass automatically, "
                               "and the next referendum a vampire calls still will")
    state, passed = referendum(state, d.vote, ctx, caller=None, acting=None, blood_hunt=True)
    if passed and state.minion(target).location in ("ready", "torpor"):
        state = burn_minion(state, target, ctx, "blood_hunt", "is burned by the blood hunt")
    return state
