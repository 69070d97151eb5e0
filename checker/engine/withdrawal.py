"""Withdrawing from the game (ref14:VI, rb95:10.1).

A Methuselah with no library left announces her withdrawal in her untap phase. Until her
next untap she must lose no pool and no blood (even if regained) and keep her minions out
of combat; allies and retainers may lose life. At her next untap she leaves the game with
a victory point; her predator gets nothing.
"""

from __future__ import annotations

from dataclasses import replace

from checker.engine.context import Ctx
from checker.engine.ousting import check_game_end, leave_play
from checker.engine.state import State


def announce(state: State, ctx: Ctx) -> State:
    """Announce the withdrawal, if its conditions are met."""
    me = state.player(state.current)
    needs = ctx.p("withdraw_requires")
    if needs.get("library_empty") and me.library > 0:
        ctx.illegal_param("withdraw_requires", f"{me.name} has {me.library} library cards left: only a Methuselah "
                                               "who has run out of library cards may withdraw")
    if needs.get("short_hand") and me.hand >= ctx.p("hand_size"):
        ctx.illegal_param("withdraw_requires", f"{me.name} begins her turn with a full hand: she may not withdraw")
    ctx.cite_param("withdraw_requires", f"{me.name} has run out of library cards and may withdraw")
    ctx.cite("untap_withdraw_announce", f"{me.name} may announce her intention to withdraw in this untap phase")
    ctx.cite("withdraw_announce", f"{me.name} announces her intention to withdraw, in her untap phase")
    ctx.cite("withdraw_conditions", f"until her next untap phase {me.name} must keep all her pool and blood and "
                                    "keep her minions out of combat")
    return state.with_player(me.name, withdrawing=True)


def watch(before: State, after: State, ctx: Ctx) -> State:
    """After each step: an attempt to withdraw fails on any pool or blood lost, even if regained later."""
    for p in after.players:
        if not p.withdrawing or not before.has_player(p.name) or not before.player(p.name).withdrawing:
            continue
        old = before.player(p.name)
        lost: list[str] = []
        if p.pool < old.pool:
            lost.append(f"{old.pool - p.pool} pool")
        ally_or_retainer = False
        for m in before.minions_of(p.name, "ready", "torpor"):
            now = after.minion(m.name)
            if m.is_vampire and now.blood < m.blood:
                lost.append(f"{m.blood - now.blood} blood from {m.name}")
            elif not m.is_vampire and now.blood < m.blood:
                ally_or_retainer = True
            if sum(r.life for r in now.retainers) < sum(r.life for r in m.retainers):
                ally_or_retainer = True
        if ally_or_retainer and ctx.p("withdraw_ally_life_breaks"):
            lost.append("life from her allies or retainers")
            ally_or_retainer = False
        if lost:
            after = fail(after, p.name, ctx, "withdraw_spent" if p.name == after.current else "withdraw_fails_on_loss",
                         f"{p.name} lost {', '.join(lost)}")
        elif ally_or_retainer:
            ctx.cite_param("withdraw_ally_life_breaks", f"{p.name}'s allies or retainers lost life: her attempt to "
                                                  "withdraw goes on")
    return after


def spent(state: State, who: str, why: str, ctx: Ctx) -> State:
    """She paid a cost: spending pool or blood nullifies the attempt, whatever the cost brings back."""
    if state.has_player(who) and state.player(who).withdrawing:
        ctx.cite("spending_burns", f"{why}: counters paid go to the blood bank, burned like any others")
        return fail(state, who, ctx, "withdraw_spent", why)
    return state


def combat_entered(state: State, minions: tuple[str, ...], ctx: Ctx) -> State:
    """A minion of a withdrawing Methuselah enters combat: the attempt fails."""
    for name in minions:
        who = state.minion(name).controller
        if state.player(who).withdrawing:
            state = fail(state, who, ctx, "withdraw_spent", f"{name} entered combat")
    return state


def fail(state: State, who: str, ctx: Ctx, step: str, why: str) -> State:
    ctx.cite(step, f"{why}: {who}'s attempt to withdraw fails, even if she regains it later")
    return state.with_player(who, withdrawing=False)


def withdraw(state: State, ctx: Ctx) -> State:
    """At the start of her next untap phase, the Methuselah withdraws."""
    me = state.current
    ctx.cite("untap_withdraw", f"{me} announced her withdrawal on her prior turn and fulfilled every requirement")
    ctx.cite("withdraw_at_untap", f"{me} kept every condition until her untap phase: she withdraws")
    freed = state.player(me).pool
    state = leave_play(state, me, ctx)
    state = replace(state, bank=state.bank + freed)
    ctx.cite("withdraw_remove_cards", f"all of {me}'s cards in play are removed")
    vp = ctx.p("withdrawal_vp")
    p = state.player(me)
    state = state.with_player(me, vp=p.vp + vp, pool=0, withdrawing=False, withdrawn=True)
    ctx.cite_param("withdrawal_vp", f"{me} gains {vp} victory point for withdrawing")
    if p.ante:
        ctx.cite("withdraw_ante", f"{me} keeps her ante ({p.ante} library card): it is hers, not removed as her cards "
                                  "in play are nor left to the game")
    else:
        ctx.announce("withdraw_ante", f"{me} keeps her ante, if any")
    ctx.cite("withdraw_leave", f"{me} leaves the game")
    ctx.cite("withdraw_predator_nothing", f"{me}'s predator receives no pool and no victory point")
    return check_game_end(state, ctx)
