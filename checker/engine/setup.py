"""The table a scenario starts from: players in seating order, minions, the Edge, whose turn.

``Setup`` is what a scenario file writes; :func:`check_setup` lists every impossible part
of it at once; :func:`initial_state` builds the engine's state; :func:`start_game` plays
the setup of a new game (ref14:I).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Annotated, Any, Literal

from pydantic import Field, model_validator

from checker.engine.cards import DeckSetup
from checker.engine.context import Ctx
from checker.engine.decisions import Name, Strict
from checker.engine.decks import sync_counts
from checker.engine.mandatory_hunt import empty_ready
from checker.engine.models import ItemText
from checker.engine.state import Deck, Location, Minion, Phase, Player, Retainer, State

Small = Field(default=None, ge=0, le=1000)
Word = Annotated[str, Field(min_length=1, max_length=40, pattern=r"^[^\n\r\t<>`{}\[\]]+$")]


class PlayerSetup(Strict):
    """A Methuselah at the table. Seating is the order of the list, clockwise."""

    name: str = Name
    pool: int | None = Field(default=None, le=1000, description="Default: the ruleset's starting pool.")
    vp: int = Field(default=0, ge=0, le=10)
    hand: int | None = Field(default=None, ge=0, le=100, description="Cards in hand. Default: the hand size.")
    library: int = Field(default=50, ge=0, le=1000, description="Cards in the library.")
    crypt: int = Field(default=20, ge=0, le=1000, description="Cards in the crypt.")
    turns: int | None = Field(default=None, ge=0, le=1000,
                              description="Turns this Methuselah has begun. Default: from game_turn and seating.")
    ousted: bool | None = Field(default=None, description="Out of the game. With pool 0 say `false` explicitly "
                                                      "(the solitaire variant plays on at zero pool, sol:basic.7).")
    withdrawing: bool = Field(default=False, description="She announced her withdrawal (ref14:VI.B).")
    ante: int = Field(default=0, ge=0, le=1, description="Library cards she dealt for ante (ref14:I.F): 0 or 1.")
    extra_master_cards: int = Field(default=0, ge=0, le=3,
                                    description="Master cards a card she has in play lets her play each master phase "
                                                "beyond the rules' one (ref14:II.B.1.note1).")
    in_play: tuple[str, ...] = Field(default=(), max_length=40,
                                     description="Her master cards in play, such as locations: [Art Museum].")
    locked: tuple[str, ...] = Field(default=(), max_length=40,
                                    description="Her cards in play that are locked (used): [Art Museum].")
    contested: tuple[str, ...] = Field(default=(), max_length=40,
                                       description="Her unique cards in play that another copy contests "
                                                   "(ref14:II.note1).")


def named_after(data: Any, key: str) -> Any:
    """A setup entry naming a real card under ``key`` and no ``name``: named as written there."""
    if isinstance(data, dict) and "name" not in data and isinstance(data.get(key), str):
        return {**data, "name": data[key]}
    return data


class RetainerSetup(Strict):
    name: str = Name
    life: int = Field(default=1, ge=0, le=50)
    card: str | None = Field(default=None, max_length=80,
                             description="A retainer card by name: its life and what it gives its employer.")
    level: Literal["basic", "superior"] | None = None
    ignore_text: bool = False
    bonus: dict[Literal["intercept", "bleed", "stealth", "strength"], int] = Field(
        default_factory=dict, description="What it gives its employer (+1 intercept), from its card.")
    round_damage: int = Field(default=0, ge=0, le=5, description="Damage it inflicts on the opposing minion each "
                                                                 "round during strike resolution, from its card.")
    round_damage_ranged: bool = Field(default=False, description="That damage reaches long range ('1R').")
    immune_normal: bool = Field(default=False, description="'immune to non-aggravated damage', from its card.")
    no_combat_ends: bool = Field(default=False, description="Minions in combat with its employer cannot strike: "
                                                            "combat ends (its card).")

    @model_validator(mode="before")
    @classmethod
    def _named_after_its_card(cls, data: Any) -> Any:
        return named_after(data, "card")


class MinionSetup(Strict):
    """A vampire or ally on the table: abstract (its fields given), or a real vampire card (``vampire: X``)."""

    name: str = Name
    vampire: str | None = Field(default=None, max_length=80,
                                description="A vampire card by name or id (card:200364): its capacity, clan, "
                                            "Disciplines and title come from the card. Default name: the card's.")
    ally: str | None = Field(default=None, max_length=80,
                             description="An ally card by name or id: its life, strength, bleed and what else its "
                                         "text gives come from the card. Default name: the card's.")
    controller: str = Name
    kind: Literal["vampire", "ally"] = "vampire"
    capacity: int | None = Field(default=None, ge=1, le=20, description="Vampires only.")
    blood: int | None = Field(default=None, ge=0, le=100,
                              description="Vampires. Default: capacity when controlled, 0 when not.")
    life: int | None = Field(default=None, ge=0, le=100, description="Allies only.")
    location: Location = "ready"
    tapped: bool = False
    equipment: tuple[str, ...] = ()
    retainers: tuple[RetainerSetup, ...] = ()
    title: str | None = Field(default=None, max_length=40)
    paralyzed: bool = False
    intercept: int = Field(default=0, ge=0, le=20, description="Intercept it has from cards in play.")
    card: str | None = Field(default=None, max_length=80,
                             description="The unique card this minion is, when two minions share it (contested).")
    contested: bool = Field(default=False, description="The card is contested (ref14:II.A.2.d).")
    title_contested: bool = Field(default=False, description="Its title is contested (ref14:II.A.2.d.ii).")
    bleed: int = Field(default=1, ge=0, le=20, description="Its bleed (the solitaire automaton compares it).")
    strength: int = Field(default=0, ge=-5, le=10, description="Strength added by its card (+1 strength): its hand "
                                                            "strikes do that much more damage.")
    stealth: int = Field(default=0, ge=0, le=10, description="Stealth its card adds to each of its actions.")
    block_cost: int = Field(default=0, ge=0, le=5, description="Blood a vampire blocking it burns (its card).")
    card_strength: int | None = Field(default=None, ge=0, le=10,
                                      description="Allies: its strength as its card prints it ('2 strength'): its hand "
                                                  "strikes do that much. Default: the rule's hand damage.")
    immune_normal: bool = Field(default=False, description="An ally 'immune to non-aggravated damage' (its card).")
    defects_to_richer_prey: bool = Field(
        default=False, description="Its card: 'If your prey has more pool than you do at the beginning of your unlock "
                                   "phase, he or she takes control of' it (Uriah Winter).")
    card_bleed: int | None = Field(default=None, ge=0, le=10,
                                   description="Allies: its bleed as its card prints it ('0 bleed'). Default: the "
                                               "rule's bleed.")
    sets_range: bool = Field(default=False, description="It may set each round's range (its card: Cailean).")
    ignore_text: bool = Field(default=False, description="With `vampire:`: ask about it without the parts of its "
                                                        "card's text the engine does not model (they are listed).")
    borrowed: dict[str, str] = Field(default_factory=dict,
                                     description="Equipment it carries that another Methuselah owns: {card: owner}.")
    clan: Word | None = Field(default=None, description="A vampire's clan (rb95:3.clan).")
    owner: str | None = Field(default=None, max_length=80,
                              description="The Methuselah whose card it is, if another controls it (stolen).")
    sect: Literal["Camarilla", "Sabbat", "Independent", "Laibon", "Anarch"] | None = Field(
        default=None, description="A vampire's sect, as its card says ('Camarilla Prince of Dublin').")
    disciplines: dict[Word, Literal["basic", "superior"]] = Field(
        default_factory=dict, max_length=20,
        description="A vampire's Disciplines and their level: {Dominate: superior} (rb95:3.disciplines, 3.1.1).")

    @model_validator(mode="before")
    @classmethod
    def _named_after_its_card(cls, data: Any) -> Any:
        return named_after(named_after(data, "vampire"), "ally")


class Setup(Strict):
    """The game situation the scenario starts from."""

    players: tuple[PlayerSetup, ...] = Field(min_length=2, max_length=8)
    minions: tuple[MinionSetup, ...] = ()
    turn: str | None = Field(default=None, max_length=80, description="Whose turn it is. Default: the first player.")
    phase: Phase = "untap"
    game_turn: int = Field(default=1, ge=1, le=1000, description="Turns begun in the game so far, this one included.")
    edge: str | None = Field(default=None, max_length=80, description="Who has the Edge. Default: nobody.")
    decks: dict[str, DeckSetup] = Field(
        default_factory=dict, description="Solitaire: each Methuselah's crypt and resources, top card first.")
    equipment_texts: dict[str, ItemText] = Field(
        default_factory=dict, description="What equipment does to its bearer by its text, by name: filled from the "
                                          "real cards the minions carry; abstract equipment may say it.")


Issue = tuple[tuple[str | int, ...], str]  # (path inside the setup, message)


EXPECTATION_KEYS = {
    "game": "`game:` holds what is expected of the game",
    "action": "`action:` holds what is expected of the last action",
    "vote": "`vote:` holds what is expected of the last referendum",
    "illegal": "`illegal:` names the rule a step must break",
    "refused": "`refused:` names the steps refused",
    "allowed": "`allowed:` names the steps allowed",
}
"""The keys of a scenario's expectations that are not names, and what each holds (checker/scenarios/load.py)."""
RESERVED_NAMES = frozenset({"nobody", *EXPECTATION_KEYS})
"""Words the expectation format gives a meaning of its own (`edge: nobody`, `game:`): no player or minion is named
so, or its expectations would be read as the word's."""
IN_PLAY = ("ready", "torpor")


def _reserved(name: str, nobody: str) -> str | None:
    """Why a player or minion cannot be called ``name`` (``nobody`` says what `nobody` means for it), or None."""
    if name not in RESERVED_NAMES:
        return None
    meaning = EXPECTATION_KEYS.get(name, nobody)
    return f"{name!r} is a reserved word of expectations ({meaning}): choose another name"


def check_setup(s: Setup) -> list[Issue]:
    """Every impossible part of a setup (rule ids in the messages)."""
    issues: list[Issue] = []
    players = [p.name for p in s.players]
    seat = {name: i for i, name in reversed(list(enumerate(players)))}  # each name's first seat
    for i, p in enumerate(s.players):
        if (why := _reserved(p.name, "`edge: nobody` means no one holds the Edge")) is not None:
            issues.append((("players", i, "name"), why))
        if seat[p.name] != i:
            issues.append((("players", i, "name"), f"two players are named {p.name!r}"))
        if p.pool is not None and p.pool < 0:
            issues.append((("players", i, "pool"), "a pool cannot be negative"))
        elif p.pool == 0 and p.ousted is None:
            issues.append((("players", i, "pool"), "a Methuselah with no pool is ousted (rb95:10.ousting): "
                                                   "set ousted: true or give her pool"))
        for key, cards in (("locked", p.locked), ("contested", p.contested)):
            for card in cards:
                if card not in p.in_play:
                    issues.append((("players", i, key), f"{card!r} is not one of {p.name}'s cards in play"))
    names: set[str] = set(players)
    for i, m in enumerate(s.minions):
        where = ("minions", i)
        if m.name in names:
            issues.append(((*where, "name"), f"the name {m.name!r} is used twice"))
        elif (why := _reserved(m.name, "`blocked_by: nobody` means no minion blocked")) is not None:
            issues.append(((*where, "name"), why))
        names.add(m.name)
        if m.controller not in seat:
            issues.append(((*where, "controller"), f"{m.controller!r} is not a player of this setup"))
        for item, owner in m.borrowed.items():
            if item not in m.equipment:
                issues.append(((*where, "borrowed", item), f"{m.name} carries no {item}"))
            if owner not in seat or owner == m.controller:
                issues.append(((*where, "borrowed", item), f"{owner!r} is not another player of this setup"))
        if m.title_contested and not m.title:
            issues.append(((*where, "title_contested"), f"{m.name} has no title to contest"))
        if m.kind == "vampire":
            if m.capacity is None:
                issues.append(((*where, "capacity"), "a vampire needs a capacity"))
            if m.life is not None:
                issues.append(((*where, "life"), "vampires have blood, not life"))
            blood = m.blood if m.blood is not None else 0
            if m.capacity is not None and blood > m.capacity and m.location in ("ready", "torpor"):
                issues.append(((*where, "blood"), f"a controlled vampire holds at most its capacity "
                                                  f"({m.capacity}) (rb95:3.blood-capacity)"))
        else:
            if m.capacity is not None or m.blood is not None:
                issues.append(((*where, "kind"), "allies have life, not capacity or blood"))
            if m.clan is not None or m.disciplines:
                issues.append(((*where, "kind"), "allies have no clan or Disciplines: those are a vampire's "
                                                 "(rb95:3.p1)"))
            if m.location in ("torpor", "uncontrolled", "crypt"):
                issues.append(((*where, "location"), f"an ally cannot be {m.location}"))
        if m.kind == "vampire" and (m.card_strength is not None or m.card_bleed is not None or m.ally):
            issues.append(((*where, "kind"), "card_strength, card_bleed and ally: are an ally's"))
    issues += _retainer_names(s, names) + _copies_uncontested(s)
    for key, value in (("turn", s.turn), ("edge", s.edge)):
        if value is not None and value not in seat:
            issues.append(((key,), f"{value!r} is not a player of this setup"))
        elif value is not None and s.players[seat[value]].ousted:
            issues.append(((key,), f"{value} is ousted"))
    for i, m in enumerate(s.minions):
        if m.owner is not None and m.owner not in seat:
            issues.append((("minions", i, "owner"), f"{m.owner!r} is not a player of this setup"))
    for owner in s.decks:
        if owner not in seat:
            issues.append((("decks", owner), f"{owner!r} is not a player of this setup"))
    if s.turn is None and s.players[0].ousted:
        issues.append((("turn",), "the first player is ousted: say whose turn it is"))
    return issues


def _retainer_names(s: Setup, others: set[str]) -> list[Issue]:
    """A retainer named like a player or a minion, or like another retainer: steps and expectations name it, and
    could not tell which is meant."""
    issues: list[Issue] = []
    seen: set[str] = set()
    for i, m in enumerate(s.minions):
        for j, r in enumerate(m.retainers):
            where = ("minions", i, "retainers", j, "name")
            if r.name in others:
                kind = "player" if any(p.name == r.name for p in s.players) else "minion"
                issues.append((where, f"the retainer {r.name!r} has the name of a {kind}: choose another"))
            elif r.name in seen:
                issues.append((where, f"two retainers are named {r.name!r}: name each its own (a second copy of a "
                                      "unique retainer is employed by a step, and contested)"))
            seen.add(r.name)
    return issues


def copies_in_play(minions: tuple[MinionSetup, ...]) -> dict[str, list[int]]:
    """The vampires in play (ready or in torpor) that are copies of one card (``card:`` or ``vampire:``), by card:
    the index of each copy, for the cards with more than one."""
    by_card: dict[str, list[int]] = {}
    for i, m in enumerate(minions):
        if m.kind == "vampire" and m.location in IN_PLAY:
            by_card.setdefault(m.card or m.name, []).append(i)
    return {card: found for card, found in by_card.items() if len(found) > 1}


def _copies_uncontested(s: Setup) -> list[Issue]:
    """ref14:II.D.4: "If the Vampire is already controlled or Contested, it is Contested."; ref14:II.note1: "Any
    time a second copy of a Unique card comes into play, it is Contested." A setup with two copies of one vampire
    in play has both contested (:func:`initial_state` marks them): one said not to be is impossible."""
    issues: list[Issue] = []
    for card, found in copies_in_play(s.minions).items():
        for i in found:
            m = s.minions[i]
            if "contested" in m.model_fields_set and not m.contested:
                named = [s.minions[j].name for j in found]
                copies = f"{', '.join(named[:-1])} and {named[-1]}"
                issues.append((("minions", i, "contested"),
                               f"{copies} are copies of {card} in play: every copy of a vampire in play is contested "
                               "(ref14:II.D.4, ref14:II.note1); remove `contested: false`"))
    return issues


def _own_turns(s: Setup, seat: int, current: str) -> int:
    """Turns begun by the player in ``seat``, counting from the first player with no one ousted."""
    p = s.players[seat]
    if p.turns is not None:
        return p.turns
    n = len(s.players)
    counted = sum(1 for t in range(1, s.game_turn + 1) if (t - 1) % n == seat)
    if p.name == current:
        return max(counted, 1)
    return counted


def initial_state(s: Setup, ctx: Ctx) -> State:
    """The engine's state for a setup that :func:`check_setup` accepted."""
    current = s.turn or s.players[0].name
    players = tuple(
        Player(name=p.name, pool=p.pool if p.pool is not None else (0 if p.ousted else ctx.p("starting_pool")),
               vp=p.vp, hand=p.hand if p.hand is not None else ctx.p("hand_size"), library=p.library,
               crypt=p.crypt, ousted=bool(p.ousted), own_turns=_own_turns(s, i, current), withdrawing=p.withdrawing,
               ante=p.ante, extra_master_cards=p.extra_master_cards,
               in_play=tuple((card, p.name) for card in p.in_play), cards_locked=p.locked,
               cards_contested=p.contested)
        for i, p in enumerate(s.players))
    copies = copies_in_play(s.minions)
    contested = {i for found in copies.values() for i in found}
    minions = tuple(_minion(m, contested=m.contested or i in contested) for i, m in enumerate(s.minions))
    for card, found in copies.items():
        ctx.cite("contest_unique", f"{' and '.join(s.minions[i].name for i in found)} are copies of {card} in play: "
                                   "each is contested")
    decks = tuple(Deck(player=p, crypt=d.crypt, resources=d.resources, cached_vampire=d.cached_vampire,
                       cached_resource=d.cached_resource) for p, d in s.decks.items())
    state = sync_counts(State(players=players, minions=minions, edge=s.edge, current=current, phase=s.phase,
                              game_turn=s.game_turn, decks=decks,
                              item_texts=tuple(sorted(s.equipment_texts.items()))))
    if s.phase == "minion":  # a scenario set in the minion phase starts at its beginning
        state = replace(state, began_empty=empty_ready(state, current))
    return replace(state, bank=state.bank - (state.total_counters() - state.bank))


def _minion(m: MinionSetup, *, contested: bool) -> Minion:
    if m.kind == "ally":
        blood = m.life if m.life is not None else 1
        capacity = 0
    else:
        capacity = m.capacity or 1
        blood = m.blood if m.blood is not None else (capacity if m.location in ("ready", "torpor") else 0)
    return Minion(name=m.name, controller=m.controller, kind=m.kind, blood=blood, capacity=capacity,
                  location=m.location, tapped=m.tapped, equipment=m.equipment,
                  retainers=tuple(Retainer(r.name, r.life, tuple(r.bonus.items()), round_damage=r.round_damage,
                                           round_damage_ranged=r.round_damage_ranged,
                                           no_combat_ends=r.no_combat_ends, immune_normal=r.immune_normal)
                                 for r in m.retainers),
                  title=m.title,
                  paralyzed=m.paralyzed, intercept=m.intercept, card=m.card or "", contested=contested,
                  title_contested=m.title_contested, bleed=m.bleed, borrowed=tuple(m.borrowed.items()),
                  strength=m.strength, stealth=m.stealth, block_cost=m.block_cost, sets_range=m.sets_range,
                  clan=m.clan or "", disciplines=tuple(m.disciplines.items()), sect=m.sect or "",
                  owner=m.owner if m.owner and m.owner != m.controller else "",
                  card_strength=m.card_strength, card_bleed=m.card_bleed, immune_normal=m.immune_normal,
                  defects_to_richer_prey=m.defects_to_richer_prey)


def start_game(state: State, ctx: Ctx, ante: tuple[str, ...] = ()) -> State:
    """Check every deck, fill the pools, deal the ante cards, the hands and the first uncontrolled vampires."""
    if state.game_turn != 1 or state.phase != "untap":
        ctx.illegal("setup_seating", "the game is set up before its first turn")
    n = len(state.players)
    lib_min, extra, lib_max = ctx.p("library_min"), ctx.p("library_extra_per_player"), ctx.p("library_max")
    top = lib_min + extra * n if lib_max is None else min(lib_max, lib_min + extra * n)
    crypt_min, crypt_max = ctx.p("crypt_min"), ctx.p("crypt_max")
    for p in state.players:
        if not lib_min <= p.library <= top:
            ctx.illegal_param("library_max" if lib_max is not None and p.library > lib_max else "library_min",
                              f"{p.name}'s library has {p.library} cards; with {n} players it must have "
                              f"{lib_min} to {top}")
        if p.crypt < crypt_min or (crypt_max is not None and p.crypt > crypt_max):
            ctx.illegal_param("crypt_max" if crypt_max is not None and p.crypt > crypt_max else "crypt_min",
                              f"{p.name}'s crypt has {p.crypt} cards; it must have at least {crypt_min}"
                              + (f" and at most {crypt_max}" if crypt_max is not None else ""))
    ctx.cite_param("library_min", f"every library has {lib_min} to {top} cards")
    if lib_max is not None:
        ctx.cite_param("library_max", f"no library has more than {lib_max} cards")
    ctx.cite_param("crypt_min", f"every crypt has at least {crypt_min} cards")
    if crypt_max is not None:
        ctx.cite_param("crypt_max", f"no crypt has more than {crypt_max} cards")
    ctx.cite("deck_playable", "every deck has the right number of cards: it is playable")
    if not ctx.p("political_cards_allowed"):
        for d in state.decks:
            political = [c.name for c in d.resources if c.type == "political"]
            if political:
                ctx.illegal_param("political_cards_allowed", f"{d.player}'s resources hold strictly political "
                                                             f"cards: {', '.join(political)}")
        ctx.cite_param("political_cards_allowed", "no deck holds a strictly political card")
    ctx.cite("edge_start", "the Edge starts the game in the central area, uncontrolled")
    order = ", ".join(f"{p.name} (prey {state.prey(p.name)})" for p in state.players)
    ctx.cite("setup_seating", f"seating, clockwise: {order}")
    state = _deal_ante(state, ante, ctx)
    pool, hand, deal = ctx.p("starting_pool"), ctx.p("hand_size"), ctx.p("starting_uncontrolled")
    for p in state.players:
        state = state.move_pool(p.name, pool - p.pool)
        state = state.with_player(p.name, hand=hand, library=p.library - hand)
        dealt = [m for m in state.minions_of(p.name, "crypt")][:deal]
        for m in dealt:
            state = state.with_minion(m.name, location="uncontrolled", blood=0)
        state = state.with_player(p.name, crypt=state.player(p.name).crypt - deal)
    ctx.cite_param("starting_pool", f"every Methuselah puts {pool} pool in her blood pool")
    ctx.cite_param("hand_size", f"every Methuselah draws {hand} cards")
    ctx.cite_param("starting_uncontrolled", f"every Methuselah deals {deal} vampires to her uncontrolled region")
    first = state.players[0].name
    return replace(state.with_player(first, own_turns=1), current=first)


def _deal_ante(state: State, ante: tuple[str, ...], ctx: Ctx) -> State:
    """ref14:I.F: 'Deal one Library card for ante (optional).', before the vampires and the hand are dealt; the Basic
    Game plays without ante (rb95:4.2.step3.basic-deck removes the cards that speak of it)."""
    if ante and ctx.p("advanced_words_removed"):
        ctx.illegal_param("advanced_words_removed", "the Basic Game plays without ante")
    seated = {p.name for p in state.players}
    for name in ante:
        if name not in seated:
            ctx.illegal("ante_deal", f"no Methuselah named {name} is at the table")
        if ante.count(name) > 1:
            ctx.illegal("ante_deal", f"{name} deals one library card for ante, not {ante.count(name)}")
    for name in dict.fromkeys(ante):
        p = state.player(name)
        state = state.with_player(name, library=p.library - 1, ante=p.ante + 1)
        ctx.cite("ante_deal", f"{name} deals one library card for ante")
    return state
