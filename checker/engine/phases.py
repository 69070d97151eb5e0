"""The turn's phases outside the minion phase: untap, master, influence, discard, end of turn."""

from __future__ import annotations

from dataclasses import replace

from checker.engine import chosen, control, in_play, master_moves
from checker.engine.context import Ctx
from checker.engine.decisions import Discard, Influence, Master, MasterCard, OutOfTurnMaster, Transfer
from checker.engine.ousting import settle_pending_rewards
from checker.engine.requirements import check_master_card, play_discipline_card
from checker.engine.state import Minion, Player, State
from checker.engine.table import drain_excess, pay_pool, replace_card
from checker.engine.turn_order import advance_to


def untap(state: State, ctx: Ctx) -> State:
    """Untap everything but paralyzed vampires in torpor, and any untap pool gain; the untap steps follow."""
    if state.phase != "untap":
        ctx.illegal("untap", f"it is already the {state.phase} phase of {state.current}'s turn")
    me = state.current
    state = control.end_temporary(state, "unlock", ctx)
    state = control.defect_to_richer_prey(state, ctx)
    every_vampire = bool(ctx.p("untap_all_vampires"))

    def untaps(m: Minion) -> bool:
        covered = m.controller == me or (every_vampire and m.is_vampire and m.location in ("ready", "torpor"))
        return covered and not (m.location == "torpor" and m.paralyzed) and m.kept_locked_by is None

    others = [m.name for m in state.minions if m.tapped and m.controller != me and untaps(m)]
    kept = [] if every_vampire else [m.name for m in state.minions if m.tapped and m.controller != me
                                     and m.location in ("ready", "torpor", "new")]
    state = replace(state, minions=tuple(replace(m, tapped=False) if untaps(m) else m for m in state.minions))
    state = state.with_player(me, cards_locked=())  # her locations and other cards in play unlock too
    ctx.cite("untap", f"{me} untaps all her cards")
    if kept:
        ctx.cite("untap_only_own", f"only {me}'s own cards untap: {', '.join(kept)} "
                                   + ("stays" if len(kept) == 1 else "stay") + " tapped")
    if others:
        ctx.cite_param("untap_all_vampires", f"the other Methuselahs' tapped vampires untap too: {', '.join(others)}")
    held = [m.name for m in state.minions if m.location == "torpor" and m.paralyzed
            and (m.controller == me or (every_vampire and m.is_vampire))]
    if held:
        ctx.cite("untap_paralyzed", f"{', '.join(held)}: paralyzed in torpor, stays tapped")
    for m in state.minions:
        if m.tapped and m.kept_locked_by is not None and (m.controller == me or (every_vampire and m.is_vampire)):
            ctx.cite("card_over_rule", f"{m.name} remains in torpor with {m.kept_locked_by} on it and does not "
                                       "unlock as normal, by that card's text")
    gain = ctx.p("untap_pool_gain")
    if gain:
        state = state.move_pool(me, gain)
        ctx.cite_param("untap_pool_gain", f"{me} collects {gain} pool")
    return replace(state, phase="master")


def edge_gain(state: State, ctx: Ctx, *, take: bool = True) -> State:
    """The untap step for the Edge: its holder adds pool from the bank (ref14:II.A.2.b), or, where the
    edition makes it optional, declines it (rb95:6.1.edge)."""
    me = state.current
    if state.edge == me and not take:
        if not ctx.p("edge_untap_optional"):
            ctx.illegal_param("edge_untap_optional", f"{me} has the Edge and must add its pool")
        ctx.cite_param("edge_untap_optional", f"{me} has the Edge and declines its pool")
        return state
    if state.edge == me:
        gain = ctx.p("edge_untap_gain")
        state = state.move_pool(me, gain)
        ctx.cite("edge_untap", f"{me} has the Edge and adds {gain} pool from the bank")
    elif state.edge is not None:  # decided: the Edge pays its holder only in her own untap phase
        ctx.cite("edge_untap", f"{state.edge} has the Edge, not {me}: it gives no pool in {me}'s untap phase")
    return state


def master(state: State, decision: Master, ctx: Ctx) -> State:
    """Play one master card, unless an out-of-turn card took this phase."""
    state = advance_to(state, "master", ctx, "a master card")
    me = state.player(state.current)
    if decision.card is None:
        ctx.cite("master_phase", f"{me.name} plays no master card")
        return state
    _check_master_left(me, ctx)
    ctx.cite("master_action", f"{me.name} uses her master phase action to play {decision.card.name}")
    if me.master_effects:
        ctx.cite("master_any_order", f"{me.name} plays her master card after using {me.master_effects} effect(s) of "
                                     "her cards in play: the steps of the master phase come in any order")
    state = _play_master(state, me.name, decision.card, ctx)
    return state.with_player(me.name, master_played=state.player(me.name).master_played + 1)


def _check_master_left(me: Player, ctx: Ctx) -> None:
    """One master card a phase (ref14:II.B.1), more if a card in play says so; an out-of-turn master card played in
    lieu of this phase takes it (ref14:II.B), or only one of several (ref14:II.B.1.note1)."""
    limit = ctx.p("master_cards_per_phase") + me.extra_master_cards
    if not me.skip_master:
        if me.master_played >= limit:
            ctx.illegal_param("master_cards_per_phase", f"{me.name} may play only {limit} master card(s) a phase")
        return
    if not me.extra_master_cards:
        ctx.illegal("out_of_turn_skip", f"{me.name} played an out-of-turn master card in lieu of this "
                                        "master phase and must skip it")
    if me.master_played >= limit - 1:
        ctx.illegal("replace_one_master", f"{me.name}'s out-of-turn master card took one of her {limit} master cards "
                                          f"this phase: she may play only {limit - 1}")
    ctx.cite("replace_one_master", f"{me.name}'s out-of-turn master card replaces only one of her {limit} master "
                                   f"cards this phase: she may still play {limit - 1}")


def out_of_turn_master(state: State, decision: OutOfTurnMaster, ctx: Ctx) -> State:
    """An out-of-turn master card costs the player's next master phase (ref14:II.note3)."""
    who = decision.player
    if who == state.current:
        ctx.illegal("out_of_turn_not_own_turn", f"{who} cannot play an out-of-turn master card during her own turn")
    p = state.player(who)
    if p.out_of_turn_pending:
        ctx.illegal("out_of_turn_master", f"{who} already played an out-of-turn master card "
                                          "and cannot play another until after her next turn")
    state = _play_master(state, who, decision.card, ctx)
    ctx.cite("out_of_turn_master", f"{who} will skip her next master phase")
    return state.with_player(who, out_of_turn_pending=True)


def _play_master(state: State, who: str, card: MasterCard, ctx: Ctx) -> State:
    check_master_card(state, who, card, ctx)
    state = pay_pool(state, who, card.cost.pool, ctx, "pay_pool_cost", card.name)
    ctx.cite("master_phase", f"{who} plays the master card {card.name}")
    if card.gain_pool:
        state = state.move_pool(who, card.gain_pool)
        ctx.cite("master_effect", f"{card.name} takes effect at once: {who} gains {card.gain_pool} pool")
    if card.blood_to:
        m = state.minion(card.blood_to)
        state = state.move_blood(m.name, card.blood)
        ctx.cite("master_effect", f"{card.name} takes effect at once: {m.name} gains {card.blood} blood")
        state = drain_excess(state, m.name, ctx)
    if card.discipline is not None:
        state = play_discipline_card(state, who, card, ctx)
    if card.moves is not None:
        state = master_moves.apply_moves(state, who, card, ctx)
    if card.location:
        ctx.cite("location_card", f"{card.name} is a location: it stays in play")
    elif card.in_play:
        ctx.cite("master_effect", f"{card.name} takes effect as it is put in play, and stays there")
    if card.take_control is not None:
        state = control.take_control(state, who, card, ctx)
    if card.location or card.in_play:
        state = chosen.on_play(state, who, card, ctx)
        state = in_play.put_in_play(state, who, card.name, card.unique, ctx)
    return replace_card(state, who, ctx, card.name,
                        stays_in_play=card.location or card.in_play or card.discipline is not None)


def _schedule_param(state: State, player: str, ctx: Ctx) -> tuple[str, int, int]:
    """(the parameter that sets this turn's transfers, the turn counted, the transfers)."""
    schedule = ctx.p("transfer_schedule")
    n = state.player(player).own_turns if schedule["by"] == "own_turn" else state.game_turn
    first = list(schedule["first_turns"])
    if 1 <= n <= len(first):
        return "transfer_schedule", n, int(first[n - 1])
    return "transfers_per_turn", n, int(ctx.p("transfers_per_turn"))


def influence(state: State, decision: Influence, ctx: Ctx) -> State:
    """Spend transfers (ref14:II.D.2); control comes when the phase ends."""
    state = advance_to(state, "influence", ctx, "a transfer")
    me = state.current
    left = state.player(me).transfers
    param, n, allowance = _schedule_param(state, me, ctx)
    if left is None:
        left = allowance
        counted = "her own turn" if ctx.p("transfer_schedule")["by"] == "own_turn" else "the game's turn"
        ctx.cite("influence_transfers", f"{me}'s influence phase: her influence phase actions are transfers")
        ctx.cite_param(param, f"{me} gains {left} transfers ({counted} {n})")
        ctx.cite("transfers_any_table", f"the same transfers with {len(state.in_game())} Methuselahs in the game")
    if len({t.kind for t in decision.transfers}) > 1:
        ctx.cite("transfer_combination", f"{me} spends her transfers on a combination of "
                                         f"{', '.join(dict.fromkeys(t.kind for t in decision.transfers))}")
    for t in decision.transfers:
        state, left = _transfer(state, me, t, left, param, ctx)
    return state.with_player(me, transfers=left)


def _transfer(state: State, me: str, t: Transfer, left: int, allowance: str, ctx: Ctx) -> tuple[State, int]:
    if t.pool_to is not None:
        cost = ctx.p("transfer_cost_pool_to_vampire") * t.amount
        v = _uncontrolled(state, me, t.pool_to, "transfer_cost_pool_to_vampire", ctx)
        _spend(left, cost, "transfer_cost_pool_to_vampire", allowance, ctx)
        if state.player(me).pool < t.amount:
            ctx.illegal_param("transfer_cost_pool_to_vampire", f"{me} has only {state.player(me).pool} pool")
        if v.blood + t.amount > v.capacity and (not ctx.p("uncontrolled_may_exceed_capacity")
                                                 or v.location != "uncontrolled"):
            ctx.illegal_param("uncontrolled_may_exceed_capacity",
                              f"{v.name} cannot hold more blood than its capacity {v.capacity}")
        state = state.with_player(me, pool=state.player(me).pool - t.amount)
        state = state.with_minion(v.name, blood=v.blood + t.amount)
        ctx.cite("transfer_pool_option", f"{me} moves {t.amount} blood counter(s) from her pool to {v.name}")
        ctx.cite("counters_change_kind", f"on {v.name} the {t.amount} counter(s) are blood")
        ctx.cite_param("transfer_cost_pool_to_vampire",
                       f"{me} spends {cost} transfers to move {t.amount} pool to {v.name}")
        return state, left - cost
    if t.blood_to_pool is not None:
        per = ctx.p("transfer_cost_blood_to_pool")
        if per is None:
            ctx.illegal_param("transfer_cost_blood_to_pool", "blood cannot be moved from a vampire to pool")
        cost = per * t.amount
        v = _uncontrolled(state, me, t.blood_to_pool, "transfer_cost_blood_to_pool", ctx)
        _spend(left, cost, "transfer_cost_blood_to_pool", allowance, ctx)
        if v.blood < t.amount:
            ctx.illegal_param("transfer_cost_blood_to_pool", f"{v.name} has only {v.blood} blood")
        state = state.with_minion(v.name, blood=v.blood - t.amount)
        state = state.with_player(me, pool=state.player(me).pool + t.amount)
        ctx.cite("transfer_blood_option", f"{me} takes {t.amount} blood back from {v.name}, which had {v.blood}")
        ctx.cite("counters_change_kind", f"in {me}'s pool the {t.amount} counter(s) are pool")
        ctx.cite_param("transfer_cost_blood_to_pool",
                       f"{me} spends {cost} transfers to move {t.amount} blood from {v.name} to pool")
        return state, left - cost
    assert t.crypt_move is not None
    cost = ctx.p("transfer_cost_crypt_move")
    if cost is None:
        ctx.illegal_param("transfer_cost_crypt_move", f"{me} cannot move a vampire from the crypt: this "
                                                      "edition's influence phase has no crypt move")
    _spend(left, cost, "transfer_cost_crypt_move", allowance, ctx)
    name, capacity = str(t.crypt_move.get("name", "")), t.crypt_move.get("capacity")
    if not name or not isinstance(capacity, int) or not 1 <= capacity <= 20 or state.has_minion(name):
        ctx.illegal_param("transfer_cost_crypt_move",
                          "a crypt move names a new vampire: {name: <unused name>, capacity: 1-20}")
    if state.player(me).crypt <= 0:
        ctx.illegal_param("transfer_cost_crypt_move", f"{me}'s crypt is empty")
    pool_cost = ctx.p("crypt_move_pool_cost")
    state = _pay_pool_param(state, me, pool_cost, "crypt_move_pool_cost", ctx)
    state = state.with_player(me, crypt=state.player(me).crypt - 1)
    state = state.add_minion(Minion(name=name, controller=me, kind="vampire", blood=0, capacity=capacity,
                                    location="uncontrolled"))
    ctx.cite("transfer_crypt_option", f"{name}, the next vampire of {me}'s crypt, moves to her uncontrolled region")
    ctx.cite_param("transfer_cost_crypt_move", f"{me} spends {cost} transfers and {pool_cost} pool to move "
                                               f"{name} from the crypt to the uncontrolled region")
    return state, left - cost


def _pay_pool_param(state: State, me: str, amount: int, param: str, ctx: Ctx) -> State:
    if state.player(me).pool < amount:
        ctx.illegal_param(param, f"{me} cannot pay {amount} pool")
    return state.move_pool(me, -amount)


def _spend(left: int, cost: int, unit: str, allowance: str, ctx: Ctx) -> None:
    """Refuse a transfer the turn cannot pay: by its price if one costs more than is left, else by the allowance."""
    if cost > left:
        param = unit if ctx.p(unit) > left > 0 else allowance
        ctx.illegal_param(param, f"this needs {cost} transfers and only {left} are left this turn")


def _uncontrolled(state: State, me: str, name: str, param: str, ctx: Ctx) -> Minion:
    """The uncontrolled vampire a transfer moves counters to or from (the rule stating the transfer)."""
    if not state.has_minion(name):
        ctx.illegal_param(param, f"no minion named {name}")
    v = state.minion(name)
    if ctx.p("transfer_to_controlled"):
        if v.controller != me or not v.is_vampire or v.location not in ("ready", "torpor"):
            ctx.illegal_param("transfer_to_controlled", f"{name} is not a vampire {me} controls")
        return v
    if v.controller != me or v.location != "uncontrolled":
        ctx.illegal_param(param, f"{name} is not one of {me}'s uncontrolled vampires")
    return v


def discard(state: State, decision: Discard, ctx: Ctx) -> State:
    """Discard up to the ruleset's limit and draw to replace."""
    state = advance_to(state, "discard", ctx, "a discard")
    me = state.player(state.current)
    limit = ctx.p("discard_limit")
    if me.discarded + decision.cards > limit:
        ctx.illegal_param("discard_limit", f"{me.name} may discard at most {limit} card(s) in the discard phase")
    if decision.cards > me.hand:
        ctx.illegal_param("discard_limit", f"{me.name} has only {me.hand} cards in hand")
    draw = min(decision.cards, me.library)
    state = state.with_player(me.name, discarded=me.discarded + decision.cards, ash_heap=me.ash_heap + decision.cards,
                              hand=me.hand - decision.cards + draw, library=me.library - draw)
    ctx.cite_param("discard_limit", f"{me.name} discards {decision.cards} card(s) and draws {draw}")
    if decision.cards:
        ctx.cite("discard_to_ash_heap", f"the discarded card(s) go face up to {me.name}'s ash heap")
    return state


def end_turn(state: State, ctx: Ctx) -> State:
    """New allies become ready; the next Methuselah in the game, clockwise, begins her turn."""
    state = advance_to(state, "end", ctx, "the end of the turn")
    me = state.current
    for m in state.minions_of(me, "new"):
        state = state.with_minion(m.name, location="ready")
        ctx.cite("end_turn_allies", f"{m.name}, recruited this turn, moves to the ready region")
    state = settle_pending_rewards(state, ctx)
    state = control.end_temporary(state, "end", ctx)
    p = state.player(me)
    state = state.with_player(me, master_played=0, master_effects=0, discarded=0, transfers=None, skip_master=False,
                              out_of_turn_pending=p.out_of_turn_pending and not p.skip_master)
    new = next_turn(state, me)
    if not new.over:
        seats = [q.name for q in state.players]
        beside = seats[(seats.index(me) + 1) % len(seats)]
        if new.current != beside:
            ctx.cite("new_prey", f"{beside} has left the game: the seating has changed and {new.current}, "
                                 f"now on {me}'s left, plays next")
        ctx.cite("turn_order", f"play passes clockwise, from {me} to {new.current}")
    return new


def next_turn(state: State, me: str) -> State:
    """The next Methuselah in the game, clockwise from ``me``, begins her turn."""
    if state.over:
        return state
    nxt = state.clockwise_from(me)[1] if not state.player(me).gone else _next_after(state, me)
    q = state.player(nxt)
    state = state.with_player(nxt, own_turns=q.own_turns + 1, skip_master=q.out_of_turn_pending)
    return replace(state, current=nxt, phase="untap", game_turn=state.game_turn + 1)


def _next_after(state: State, me: str) -> str:
    names = [p.name for p in state.players]
    i = names.index(me)
    for k in range(1, len(names) + 1):
        cand = state.players[(i + k) % len(names)]
        if not cand.gone:
            return cand.name
    return me
