"""Candidate decisions in a state: what a player could try next (the engine says which are legal).

Used by random playouts and automated players. The list is deterministic for a state, so a
sequence of choices (indexes into it) replays exactly, and shrinks well under hypothesis.
"""

from __future__ import annotations

from typing import Any

from checker.engine.decisions import (
    Bleed,
    Discard,
    EndTurn,
    Equip,
    EquipmentCard,
    Hunt,
    Influence,
    Master,
    MasterCard,
    PlayAction,
    RecruitAlly,
    Strict,
    Transfer,
    Untap,
)
from checker.engine.state import State


def candidates(state: State) -> list[Strict]:
    """Decisions worth trying now, for the Methuselah whose turn it is; each one changes the state if legal."""
    if state.over:
        return []
    me = state.current
    if state.phase == "untap":
        return [Untap()]
    out: list[Strict] = []
    if state.phase == "master":
        out.append(Master(card=MasterCard(name="Blood Doll", cost={"pool": 1}, gain_pool=2)))
    if state.phase in ("master", "minion"):
        for m in state.minions_of(me, "ready"):
            if m.tapped:
                continue
            out.append(Bleed(actor=m.name))
            if m.is_vampire:
                out.append(Hunt(actor=m.name))
                out.append(PlayAction(actor=m.name, card={"name": "Govern", "directed": True, "bleed": 2,
                                                          "cost": {"blood": 1}}))
                out.append(RecruitAlly(actor=m.name, ally={"name": f"{m.name}'s ally {state.game_turn}",
                                                           "life": 2, "cost": {"pool": 1}}))
            out.append(Equip(actor=m.name, equipment=EquipmentCard(name=f"Knife {state.game_turn}")))
            prey = state.prey(me)
            for b in state.minions_of(prey, "ready"):
                if not b.tapped:
                    out.append(Bleed(actor=m.name, blocks=({"by": b.name, "combat": {"rounds": [
                        {"strikes": {m.name: "hands", b.name: "hands"}}]}},)))
                    break
    if state.phase in ("master", "minion", "influence"):
        transfers: list[dict[str, Any]] = []
        for v in state.minions_of(me, "uncontrolled"):
            transfers.append({"pool_to": v.name, "amount": 1})
        if transfers:
            out.append(Influence(transfers=tuple(Transfer(**t) for t in transfers[:1])))
        out.append(Influence(transfers=(Transfer(crypt_move={"name": f"{me} crypt {state.game_turn}",
                                                            "capacity": 3}),)))
    if state.phase != "end":
        out.append(Discard(cards=1))
    out.append(EndTurn())
    return out
