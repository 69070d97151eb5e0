"""An out-of-turn master card on an action that remains unblocked (Brujah Frenzy): the action is unsuccessful and
the acting minion enters combat with a minion the card's player chooses (ref14:II.note3, rb95:12.p1)."""

from __future__ import annotations

from checker.engine.combat import begin_combat
from checker.engine.context import Ctx
from checker.engine.decisions import Action, Frenzy, MasterCard, OutOfTurnMaster
from checker.engine.phases import out_of_turn_master
from checker.engine.state import State


def frenzy(state: State, a: Action, f: Frenzy, ctx: Ctx) -> State:
    """Play the card on the unblocked action: no block occurred, so the chosen minion is not a blocker (it only
    enters combat: a blocker's costs, such as Dónal O'Connor's, do not apply); the card needs a ready, unlocked
    minion to choose, and nothing is played between it and the combat (rulings on Brujah Frenzy)."""
    actor = state.minion(a.actor)
    if f.player == actor.controller:
        ctx.illegal("card_over_rule", f"{f.name} is played on a minion controlled by another Methuselah, "
                                      f"not {f.player}'s own {actor.name}")
    if f.clan is not None and actor.clan != f.clan:
        ctx.illegal("card_over_rule", f"{f.name} is only usable when a {f.clan} takes an action, and {actor.name} "
                                      f"is {actor.clan or 'of no clan'}")
    choices = [m.name for m in state.minions if m.location == "ready" and not m.tapped and not m.contested
               and m.controller != actor.controller]
    if f.minion is None:
        if not choices:
            ctx.illegal("card_over_rule", f"{f.name} must choose a ready, unlocked minion not controlled by "
                                          f"{actor.controller}, and there is none: it cannot be played")
        ctx.illegal("card_over_rule", f"{f.name} must choose a minion: {', '.join(choices)} could be chosen")
    if f.minion not in choices:
        ctx.illegal("card_over_rule", f"{f.name} chooses a ready, unlocked minion in play whose controller is not "
                                      f"{actor.controller}: {f.minion} is not one")
    state = out_of_turn_master(state, OutOfTurnMaster(player=f.player, card=MasterCard(name=f.name, cost=f.cost)),
                               ctx)
    ctx.cite("card_over_rule", f"{f.player} plays {f.name}: {actor.name}'s action is unsuccessful, and "
                               f"{actor.name} enters combat with {f.minion}, who locks; {f.minion} is not blocking")
    if f.then:
        ctx.illegal("modifier_by_actor", f"{f.name} starts combat at once: there is no time to play "
                                         f"{f.then[0].name} before combat begins")
    state = state.with_minion(f.minion, tapped=True)
    fight = f.combat
    return begin_combat(state, actor.name, f.minion, ctx, fight.rounds if fight else (),
                        fight.diablerize if fight else False)
