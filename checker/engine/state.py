"""The game state as plain immutable values, with small pure helpers to read and replace parts."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Literal

from checker.engine.cards import ResourceCard, VampireCard
from checker.engine.models import ItemText

Location = Literal["ready", "torpor", "uncontrolled", "new", "crypt", "ash_heap", "removed"]
Phase = Literal["untap", "master", "minion", "influence", "discard", "end"]
PHASES: tuple[Phase, ...] = ("untap", "master", "minion", "influence", "discard", "end")

BANK_START = 10_000
"""The blood bank cannot run out (ref14:I.B.2): we give it more counters than any game uses."""


@dataclass(frozen=True, slots=True)
class Retainer:
    """A retainer on a minion: its life counters."""

    name: str
    life: int
    bonus: tuple[tuple[str, int], ...] = ()  # what it gives its employer: (("intercept", 1),), from its card
    round_damage: int = 0  # damage it inflicts on the opposing minion each round during strike resolution (its card)
    round_damage_ranged: bool = False  # ... at long range too ('1R'); otherwise only at close range
    no_combat_ends: bool = False  # minions in combat with its employer cannot strike: combat ends (Dog Pack)
    no_equipment_after_block: bool = False  # minions blocking or blocked by the employer use no equipment then
    immune_normal: bool = False  # its card: 'immune to non-aggravated damage'


@dataclass(frozen=True, slots=True)
class Minion:
    """A vampire or an ally: blood (life for allies), where it is, what it carries."""

    name: str
    controller: str
    kind: Literal["vampire", "ally"]
    blood: int
    capacity: int = 0
    location: Location = "ready"
    tapped: bool = False
    equipment: tuple[str, ...] = ()
    retainers: tuple[Retainer, ...] = ()
    title: str | None = None
    paralyzed: bool = False
    intercept: int = 0
    card: str = ""
    contested: bool = False
    title_contested: bool = False
    bleed: int = 1
    borrowed: tuple[tuple[str, str], ...] = ()
    clan: str = ""
    disciplines: tuple[tuple[str, str], ...] = ()  # (Discipline, "basic" or "superior"), rb95:3.1.1.p1
    strength: int = 0  # added by its card: "+1 strength"
    stealth: int = 0  # added by its card to each of its actions: "+1 stealth"
    block_cost: int = 0  # blood a vampire blocking it burns: "Any vampire blocking Dónal burns 1 blood"
    sets_range: bool = False  # its card lets it set each round's range before it is determined (Cailean)
    sect: str = ""  # its card's sect: "Camarilla", "Sabbat", ... (empty: the card names none)
    owner: str = ""  # the Methuselah whose card it is, when another controls it (stolen); empty: its controller
    immune_normal: bool = False  # its card: 'immune to non-aggravated damage' (Ambrosius)
    defects_to_richer_prey: bool = False  # its card: the prey takes control of it if richer at its unlock (Uriah)
    contested_items: tuple[str, ...] = ()  # its unique equipment and retainers that another copy contests
    card_strength: int | None = None  # an ally's strength as its card prints it ("2 strength"): its hands do that
    card_bleed: int | None = None  # an ally's bleed as its card prints it ("0 bleed"): it bleeds for that
    soul_counters: tuple[tuple[str, int], ...] = ()  # (equipment, soul counters on it): The Crimson Sentinel
    held_in_torpor: tuple[str, ...] = ()  # equipment on it keeping it locked while in torpor (Rowan Ring, Wooden Stake)

    def souls(self, item: str) -> int:
        """The soul counters on one of its equipment cards."""
        return dict(self.soul_counters).get(item, 0)

    @property
    def kept_locked_by(self) -> str | None:
        """The card on it that keeps it from unlocking as normal while it remains in torpor, if any."""
        if self.location != "torpor":
            return None
        return next((c for c in self.held_in_torpor if c in self.equipment), None)

    @property
    def owned_by(self) -> str:
        """The Methuselah whose card this minion is: cards never change owner (rb95:11.p1)."""
        return self.owner or self.controller

    def retainer_bonus(self, key: str) -> tuple[int, list[str]]:
        """What its retainers give it ("intercept", "bleed", ...): the total, and the retainers giving it."""
        giving = [(r.name, dict(r.bonus).get(key, 0)) for r in self.retainers if dict(r.bonus).get(key)
                  and r.name not in self.contested_items]  # a contested retainer gives nothing (ref14:II.A.2.c)
        return sum(n for _, n in giving), [name for name, _ in giving]

    def discipline(self, name: str) -> str | None:
        """The level at which the vampire has a Discipline: basic, superior, or None."""
        return dict(self.disciplines).get(name)

    @property
    def card_name(self) -> str:
        """The card this minion is (two minions of one unique card contest it); by default its name."""
        return self.card or self.name

    @property
    def is_vampire(self) -> bool:
        return self.kind == "vampire"

    @property
    def counters(self) -> int:
        """Blood or life on the minion and its retainers."""
        return self.blood + sum(r.life for r in self.retainers)


@dataclass(frozen=True, slots=True)
class Player:
    """A Methuselah: pool, victory points, card counts and per-turn bookkeeping."""

    name: str
    pool: int
    vp: int = 0
    hand: int = 7
    library: int = 50
    crypt: int = 20
    ash_heap: int = 0
    ousted: bool = False
    own_turns: int = 0
    master_played: int = 0
    master_effects: int = 0  # effects of her cards in play used in this master phase (ref14:II.B.2)
    extra_master_cards: int = 0  # master cards a card of hers in play lets her play each master phase beyond one
    skip_master: bool = False
    out_of_turn_pending: bool = False
    transfers: int | None = None
    discarded: int = 0
    withdrawing: bool = False
    ante: int = 0  # library cards she dealt for ante (ref14:I.F), set aside from the game
    withdrawn: bool = False
    lost: bool = False
    in_play: tuple[tuple[str, str], ...] = ()  # master cards she controls in play (locations): (card, owner)
    cards_locked: tuple[str, ...] = ()  # her cards in play that are locked (a location used): they unlock at her untap
    cards_contested: tuple[str, ...] = ()  # her unique cards in play that another copy contests (ref14:II.note1)
    cards_chosen: tuple[tuple[str, str, int], ...] = ()  # her cards in play that chose a minion: (card, minion, pool
    # the minion's controller burns during his unlock phase: Betrayer)

    @property
    def gone(self) -> bool:
        """Out of the game: ousted or withdrawn."""
        return self.ousted or self.withdrawn


@dataclass(frozen=True, slots=True)
class Deck:
    """A Methuselah's decks in the solitaire variant, top first; cached cards; cards on her minions."""

    player: str
    crypt: tuple[VampireCard, ...] = ()
    resources: tuple[ResourceCard, ...] = ()
    cached_vampire: VampireCard | None = None
    cached_resource: ResourceCard | None = None
    attached: tuple[tuple[str, ResourceCard], ...] = ()  # (minion, card on it)
    resources_reviewed: int = 0  # the game turn of her last resource review (no crypt review after it)


@dataclass(frozen=True, slots=True)
class PendingReward:
    """An oust reward held until the end of the turn (when 'same turn' withholds it)."""

    predator: str
    pool: int


@dataclass(frozen=True, slots=True)
class ActionRecord:
    """The last action: who acted, the Methuselahs who could block in their order, the attempts, who blocked."""

    actor: str
    block_order: tuple[str, ...]
    attempts: tuple[str, ...]
    blocked_by: str | None


@dataclass(frozen=True, slots=True)
class VoteRecord:
    """The last referendum's count (ref14:IV.E)."""

    votes_for: int
    votes_against: int
    passed: bool
    canceled: bool = False  # a card canceled the referendum during polling (Delaying Tactics)
    bars_repeat: bool = False  # ... and the acting Methuselah's minions cannot call it again this turn


@dataclass(frozen=True, slots=True)
class State:
    """Everything on the table: players in seating order (clockwise), minions, the Edge, the bank."""

    players: tuple[Player, ...]
    minions: tuple[Minion, ...] = ()
    edge: str | None = None
    bank: int = BANK_START
    current: str = ""
    phase: Phase = "untap"
    game_turn: int = 1
    over: bool = False
    pending_rewards: tuple[PendingReward, ...] = ()
    ousted_this_turn: frozenset[str] = field(default_factory=frozenset)
    blood_hunt_on: str | None = None
    decks: tuple[Deck, ...] = ()
    began_empty: tuple[str, ...] = ()  # vampires that began this minion phase ready with zero blood, yet to hunt
    last_action: ActionRecord | None = None
    barred: tuple[tuple[str, str, tuple[str, ...], int], ...] = ()  # (minion, action kind, targets, game turn) a
    # card ended, which that minion 'cannot perform again this turn' (Change of Target, Obedience); or (Methuselah,
    # ...) for every minion she controls (Delaying Tactics: 'the same political action')
    last_vote: VoteRecord | None = None
    next_vote_passes: bool = False  # the next referendum a vampire calls passes automatically (Charming Lobby)
    item_texts: tuple[tuple[str, ItemText], ...] = ()  # what equipment in play does to its bearer, by name
    temporary_control: tuple[tuple[str, str, str, str], ...] = ()  # (minion, taker, returned to, "unlock" | "end"):
    # control taken until the taker's next unlock phase or the end of her turn (control.py)
    deferred_draws: tuple[tuple[str, str, str], ...] = ()  # (player, card, "combat" | "action" | "unlock"): cards
    # played whose text says 'Do not replace until after combat' (this action, your next unlock phase) (replacing.py)

    # --- reading -------------------------------------------------------------------------
    def player(self, name: str) -> Player:
        for p in self.players:
            if p.name == name:
                return p
        raise KeyError(name)

    def has_player(self, name: str) -> bool:
        return any(p.name == name for p in self.players)

    def minion(self, name: str) -> Minion:
        for m in self.minions:
            if m.name == name:
                return m
        raise KeyError(name)

    def has_minion(self, name: str) -> bool:
        return any(m.name == name for m in self.minions)

    def in_game(self) -> list[Player]:
        """Players not ousted or withdrawn, in seating order."""
        return [p for p in self.players if not p.gone]

    def prey(self, name: str) -> str:
        """The next Methuselah still in the game to the left (clockwise)."""
        alive = [p.name for p in self.in_game()]
        i = alive.index(name)
        return alive[(i + 1) % len(alive)]

    def predator(self, name: str) -> str:
        """The next Methuselah still in the game to the right."""
        alive = [p.name for p in self.in_game()]
        i = alive.index(name)
        return alive[(i - 1) % len(alive)]

    def clockwise_from(self, name: str) -> list[str]:
        """Methuselahs in the game, clockwise, starting with ``name``."""
        alive = [p.name for p in self.in_game()]
        i = alive.index(name)
        return alive[i:] + alive[:i]

    def employer_of(self, retainer: str) -> Minion | None:
        """The minion in play (ready or in torpor) employing a retainer of this name, if any."""
        return next((m for m in self.minions if m.location in ("ready", "torpor")
                     and any(r.name == retainer for r in m.retainers)), None)

    def texts_on(self, m: Minion) -> list[tuple[str, ItemText]]:
        """The equipment the minion carries whose text acts on its bearer (Talbot's Chainsaw), with that text."""
        texts = dict(self.item_texts)
        return [(e, texts[e]) for e in m.equipment if e in texts and e not in m.contested_items]

    def minions_of(self, player: str, *locations: Location) -> list[Minion]:
        return [m for m in self.minions if m.controller == player and (not locations or m.location in locations)]

    def total_counters(self) -> int:
        """Bank + pools + blood and life on cards: constant through the game."""
        on_cards = sum(m.counters for m in self.minions if m.location not in ("removed",))
        return self.bank + sum(p.pool for p in self.players) + on_cards

    # --- replacing -----------------------------------------------------------------------
    def with_player(self, name: str, **changes: object) -> State:
        return replace(self, players=tuple(replace(p, **changes) if p.name == name else p  # type: ignore[arg-type]
                                           for p in self.players))

    def with_minion(self, name: str, **changes: object) -> State:
        return replace(self, minions=tuple(replace(m, **changes) if m.name == name else m  # type: ignore[arg-type]
                                           for m in self.minions))

    def deck(self, player: str) -> Deck:
        for d in self.decks:
            if d.player == player:
                return d
        raise KeyError(player)

    def with_deck(self, player: str, **changes: object) -> State:
        return replace(self, decks=tuple(replace(d, **changes) if d.player == player else d  # type: ignore[arg-type]
                                         for d in self.decks))

    def add_retainer(self, minion: str, retainer: Retainer) -> State:
        """A retainer goes on a minion, its life counters taken from the bank."""
        m = self.minion(minion)
        return replace(self.with_minion(minion, retainers=(*m.retainers, retainer)), bank=self.bank - retainer.life)

    def add_minion(self, minion: Minion) -> State:
        return replace(self, minions=(*self.minions, minion))

    def move_pool(self, name: str, delta: int) -> State:
        """Change a pool by ``delta``, the counters coming from or going to the bank."""
        p = self.player(name)
        return replace(self.with_player(name, pool=p.pool + delta), bank=self.bank - delta)

    def move_blood(self, minion: str, delta: int) -> State:
        """Change a minion's blood (or life) by ``delta`` against the bank."""
        m = self.minion(minion)
        return replace(self.with_minion(minion, blood=m.blood + delta), bank=self.bank - delta)
