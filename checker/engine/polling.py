"""Cards and abilities used during the polling step of a referendum, between the ballots (ref14:IV.C, rb95:7).

A polling card is played at a point in the ballots' order (`after`: how many ballots were cast
before it). Its effect then lasts for the rest of the referendum:
- `lock_voters` (Disarming Presence) locks each vampire as it casts its votes, from then on;
- `votes_per_pool` (Business Pressure) lets Methuselahs burn pool for votes, but only during its
  own resolution: the ballots in its `ballots`; no later ballot may burn pool for votes;
- `burn_against` (Scorn of Adonis) makes each Methuselah who cast votes or ballots against, before
  or after it was played, burn that much pool once when results are tallied;
- `cancel` (Delaying Tactics) cancels the referendum: the caller's politics.py unlocks the acting
  vampire and takes the calling card back;
- `abstain` (Pulling Strings) forces a vampire to abstain, canceling the votes it cast;
- `unlock` (Alexandra: 'Once during your turn, you may lock or unlock another ready Toreador')
  unlocks a vampire in the middle of the political action.
`VoteSpec.votes_with` (Astrid Thomas) moves the title votes of the vampires of her clan who did
not abstain to her side when results are tallied; a vampire who casts nothing abstains.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from checker.engine.context import Ctx
from checker.engine.state import Minion, State
from checker.engine.vote_decisions import Ballot, PollingCard, VoteSpec

TITLE_STEPS = {"primogen": "vote_primogen", "prince": "vote_prince", "justicar": "vote_justicar"}


def title_kind(title: str | None) -> str | None:
    """The kind of political position a title is (``Prince of Paris`` is a prince), if any."""
    words = (title or "").lower().replace("-", " ").split()
    return next((kind for kind in TITLE_STEPS if kind in words), None)


def title_votes(m: Minion, ctx: Ctx) -> int:
    """Votes a vampire's title gives: by its kind; none if untitled or contested."""
    kind = title_kind(m.title)
    if kind is None:
        return 0
    return int(ctx.p("title_votes")[kind])


@dataclass
class Polling:
    """The polling cards of one referendum, and what they need to remember until the tally."""

    spec: VoteSpec
    acting: str | None
    blood_hunt: bool
    burned: dict[str, int]
    lockers: list[PollingCard] = field(default_factory=list)
    scorns: list[PollingCard] = field(default_factory=list)
    against: list[str] = field(default_factory=list)
    used_abilities: set[str] = field(default_factory=set)
    canceled: bool = False
    bars_repeat: bool = False  # the card that canceled it bars the same political action for the rest of the turn
    abstained: set[str] = field(default_factory=set)

    def check(self, ctx: Ctx) -> None:
        for card in self.spec.polling:
            if card.after > len(self.spec.ballots):
                ctx.illegal("voting_closes", f"{card.name} is used after ballot {card.after}, but only "
                                             f"{len(self.spec.ballots)} are cast")
        for b in self.spec.ballots:
            if b.pool:
                ctx.illegal("no_inherent_votes", f"{b.player} cannot burn pool for votes now: burning pool gives "
                                                 "votes only during the resolution of a card that allows it, and "
                                                 "that card gives no ability for the rest of the political action")

    def before(self, state: State, index: int, ctx: Ctx) -> tuple[State, dict[str, int]]:
        """Use the cards played after `index` ballots; return the votes cast during their resolution."""
        votes = {"for": 0, "against": 0}
        for card in self.spec.polling:
            if card.after != index:
                continue
            state = self._play(state, card, ctx)
            if card.lock_voters:
                self.lockers.append(card)
                who = "other Methuselahs' vampires" if card.spare_own else "each vampire"
                ctx.cite("card_over_rule", f"{card.name}: from now on {who} casting votes in this referendum "
                                           "locks as it casts them")
            if card.burn_against:
                self.scorns.append(card)
                ctx.cite("card_over_rule", f"{card.name}: Methuselahs casting votes or ballots against burn "
                                           f"{card.burn_against} pool once results are tallied")
            if card.unlock is not None:
                state = self._unlock(state, card, ctx)
            if card.abstain is not None:
                self._abstain(state, card, index, votes, ctx)
            if card.votes_per_pool:
                state = self._resolve_pool_votes(state, card, votes, ctx)
            if card.cancel:
                self.canceled, self.bars_repeat = True, card.bars_repeat
                ctx.cite("card_over_rule", f"{card.name} cancels the referendum: no more votes are cast and its "
                                           "terms never take place")
                break
        return state, votes

    def cast(self, state: State, b: Ballot, votes: int, ctx: Ctx) -> State:
        """A ballot was cast: remember who voted against; lock the vampires who voted, if a card says so."""
        if b.side == "against" and votes and b.player not in self.against:
            self.against.append(b.player)
        for card in self.lockers:
            owner = state.minion(card.by).controller
            voters = [*b.titles, *(c.by for c in b.cards), *b.clan]
            for name in dict.fromkeys(voters):
                m = state.minion(name)
                if not m.is_vampire or m.tapped or m.location != "ready":
                    continue
                if card.spare_own and m.controller == owner:
                    ctx.cite("card_over_rule", f"{name} votes and stays unlocked: {card.name} spares "
                                               f"{owner}'s vampires")
                    continue
                state = state.with_minion(name, tapped=True)
                ctx.cite("card_over_rule", f"{name} locks as it casts its votes ({card.name})")
        return state

    def tally(self, state: State, tally: dict[str, int], ctx: Ctx) -> State:
        """Results are tallied: votes cast with a vampire (Astrid Thomas), then pool burned for voting against."""
        self._votes_with(state, tally, ctx)
        for card in self.scorns:
            for who in self.against:
                n = min(card.burn_against, state.player(who).pool)
                state = state.move_pool(who, -n)
                ctx.cite("card_over_rule", f"{who} cast votes against: {card.name} makes her burn {n} pool, once "
                                           "however many votes she cast")
        return state

    def _play(self, state: State, card: PollingCard, ctx: Ctx) -> State:
        if not state.has_minion(card.by):
            ctx.illegal("voting_begins", f"{card.by} is not a minion in play")
        m = state.minion(card.by)
        if card.kind == "ability":
            if m.controller != state.current or not m.is_vampire or m.location != "ready":
                ctx.illegal("card_over_rule", f"{card.by} is no ready vampire of {state.current}, whose turn it is")
            if card.once_per_turn and card.by in self.used_abilities:
                ctx.illegal("card_over_rule", f"{card.by}'s ability is usable once during the turn")
            self.used_abilities.add(card.by)
            ctx.cite("card_over_rule", f"{card.by} uses her ability ({card.name}) during the political action")
            return state
        if self.blood_hunt:
            ctx.illegal("blood_hunt_no_cards", f"{card.name}: no action modifier or reaction may be played in a "
                                               "blood hunt")
        if card.kind == "modifier":
            if card.by != self.acting:
                ctx.illegal("modifier_votes", f"{card.by} is not the acting vampire: only it may play action "
                                              "modifiers")
            ctx.cite("modifier_votes", f"the acting vampire {card.by} plays the action modifier {card.name}")
        else:
            if m.controller == state.current:
                ctx.illegal("reaction_votes", f"{card.by} is a minion of the acting Methuselah: it cannot react")
            if m.tapped or m.location != "ready":
                ctx.illegal("reaction_votes_untapped", f"{card.by} is not an untapped ready minion and cannot "
                                                       "play a reaction")
            ctx.cite("reaction_votes", f"{card.by}, an untapped minion of {m.controller}, plays the reaction "
                                       f"{card.name}")
        if card.blood:
            if m.blood < card.blood:
                ctx.illegal("card_blood_cost", f"{card.by} has only {m.blood} blood to pay for {card.name}")
            state = replace(state.with_minion(card.by, blood=m.blood - card.blood), bank=state.bank + card.blood)
            ctx.cite("card_blood_cost", f"{card.by} burns {card.blood} blood for {card.name}")
        p = state.player(m.controller)
        if p.hand <= 0:
            ctx.illegal("card_from_hand", f"{m.controller} has no card in hand to play {card.name}")
        self.burned[m.controller] = self.burned.get(m.controller, 0) + 1
        return state.with_player(m.controller, hand=p.hand - 1, ash_heap=p.ash_heap + 1)

    def _unlock(self, state: State, card: PollingCard, ctx: Ctx) -> State:
        name = card.unlock
        assert name is not None
        if not state.has_minion(name) or name == card.by:
            ctx.illegal("card_over_rule", f"{name} is not another vampire in play")
        m = state.minion(name)
        if not m.is_vampire or m.location != "ready" or (card.unlock_clan and m.clan != card.unlock_clan):
            ctx.illegal("card_over_rule", f"{name} is not a ready {card.unlock_clan or 'vampire'}")
        ctx.cite("card_over_rule", f"{card.name}: {name} unlocks")
        return state.with_minion(name, tapped=False)

    def _abstain(self, state: State, card: PollingCard, index: int, votes: dict[str, int], ctx: Ctx) -> None:
        """A vampire forced to abstain: the votes it cast are canceled, and it casts no more."""

        name = card.abstain
        assert name is not None
        if not state.has_minion(name) or not state.minion(name).is_vampire:
            ctx.illegal("card_over_rule", f"{name} is not a vampire in play")
        m, user = state.minion(name), state.minion(card.by)
        if card.younger and m.capacity >= user.capacity:
            ctx.illegal("vampire_age", f"{name} (capacity {m.capacity}) is not younger than {card.by} "
                                       f"(capacity {user.capacity})")
        self.abstained.add(name)
        for b in self.spec.ballots[index:]:
            if name in b.titles or name in b.clan or any(c.by == name for c in b.cards):
                ctx.illegal("card_over_rule", f"{name} is forced to abstain by {card.name}: it casts no votes")
        for b in self.spec.ballots[:index]:
            if name in b.titles and not m.title_contested:
                n = title_votes(m, ctx)
                votes[b.side] -= n
                ctx.cite("card_over_rule", f"{card.name} forces {name} to abstain: the {n} vote(s) it cast "
                                           f"{b.side} are canceled")
        ctx.cite("card_over_rule", f"{card.name}: {name} abstains")

    def _resolve_pool_votes(self, state: State, card: PollingCard, votes: dict[str, int], ctx: Ctx) -> State:
        ctx.cite("card_over_rule", f"{card.name} is resolved before moving on: Methuselahs may burn pool now for "
                                   f"{card.votes_per_pool} vote(s) each")
        for b in card.ballots:
            if b.titles or b.political_cards or b.edge or b.cards or b.clan:
                ctx.illegal("card_over_rule", f"only pool is burned for votes during the resolution of {card.name}")
            if not state.has_player(b.player) or state.player(b.player).gone:
                ctx.illegal("voting_begins", f"{b.player} is not a Methuselah in the game")
            if b.pool > state.player(b.player).pool:
                ctx.illegal("card_over_rule", f"{b.player} has only {state.player(b.player).pool} pool")
            state = state.move_pool(b.player, -b.pool)
            n = b.pool * card.votes_per_pool
            votes[b.side] += n
            ctx.cite("card_votes_cast", f"{b.player} burns {b.pool} pool for {n} vote(s) {b.side}")
            if b.side == "against" and n and b.player not in self.against:
                self.against.append(b.player)
        return state

    def _votes_with(self, state: State, tally: dict[str, int], ctx: Ctx) -> None:

        leader = self.spec.votes_with
        if leader is None:
            return
        if not state.has_minion(leader):
            ctx.illegal("voting_begins", f"{leader} is not a vampire in play")
        clan = state.minion(leader).clan
        sides = [b.side for b in self.spec.ballots if leader in b.titles]
        if not sides or leader in self.abstained:
            ctx.cite("no_obligation", f"{leader} abstains: the {clan} vote as their Methuselahs choose")
            return
        side = sides[0]
        cast = {name for b in self.spec.ballots for name in b.titles}
        for m in state.minions:
            if m.clan == clan and m.name not in cast and m.location == "ready" and title_votes(m, ctx):
                ctx.cite("no_obligation", f"{m.name}, a {clan} who has not voted, abstains: there is no obligation "
                                          f"to vote, and its votes do not go with {leader}")
        for b in self.spec.ballots:
            for name in b.titles:
                m = state.minion(name)
                if name == leader or m.clan != clan or b.side == side or name in self.abstained:
                    continue
                n = 0 if m.title_contested else title_votes(m, ctx)
                tally[b.side] -= n
                tally[side] += n
                ctx.cite("card_over_rule", f"{name}, a {clan} who did not abstain, casts its {n} vote(s) {side} "
                                           f"with {leader} when results are tallied")
