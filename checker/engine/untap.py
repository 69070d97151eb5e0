"""The untap phase in full: a withdrawal taking effect, untapping, then the untap steps in any order (ref14:II.A)."""

from __future__ import annotations

from checker.engine import chosen, contests, in_play, phases, replacing, weapons, withdrawal
from checker.engine.context import Ctx
from checker.engine.decisions import Untap
from checker.engine.state import State


def untap_phase(state: State, d: Untap, ctx: Ctx) -> State:
    if state.phase == "untap" and state.player(state.current).withdrawing:
        me = state.current
        state = withdrawal.withdraw(state, ctx)
        return phases.next_turn(state, me)
    if state.phase == "untap":  # 'Do not replace until your next unlock phase': replaced before anything unlocks
        # (ruling:G00025:ANK-20200129+LSJ-20091208+RTR-19951017)
        state = replacing.draw_deferred(state, "unlock", ctx, player=state.current)
    state = phases.untap(state, ctx)
    if ("order" in d.model_fields_set or d.withdraw or state.player(state.current).cards_contested
            or any(m.contested or m.title_contested or m.contested_items for m in state.minions_of(state.current))):
        ctx.cite("untap_steps", "after untapping, the untap steps are taken in the order "
                                f"{', '.join(d.steps)}")
    for step in d.steps:
        if step == "edge":
            state = phases.edge_gain(state, ctx, take=d.edge_pool)
        elif step == "contests":
            state = contests.untap_contests(state, d.yield_, d.yield_titles, ctx)
            state = in_play.untap_card_contests(state, d.yield_cards, ctx)
            state = contests.untap_item_contests(state, d.yield_items, ctx)
        elif step == "cards":
            state = in_play.untap_uses(state, d.use_cards, ctx)
            state = weapons.unlock_damage(state, d.item_damage, ctx)
            state = chosen.untap_named(state, d.guesses, ctx)
        elif d.withdraw:
            state = withdrawal.announce(state, ctx)
    return contests.torpor_yields(state, ctx)
