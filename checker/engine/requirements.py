"""What a card asks of who plays it, and Discipline cards (rb95:3.2, rb95:3.1.1, rb95:3.2.1.disciplines).

A minion card may require a Discipline (at superior level for its boldfaced text) or a clan,
and is then for vampires only; a master card with a clan symbol needs a ready vampire of that
clan. A Discipline card gives a vampire a Discipline, or raises it to superior, and one capacity.
"""

from __future__ import annotations

from checker.engine.context import Ctx
from checker.engine.decisions import MasterCard
from checker.engine.models import Requires
from checker.engine.state import Minion, State


def check_minion_card(actor: Minion, card: Requires, name: str, ctx: Ctx) -> None:
    """Refuse a minion card its user cannot use; cite what lets it use one."""
    if card.mentions and ctx.p("advanced_words_removed"):
        ctx.illegal_param("advanced_words_removed", f"{name} says {', '.join(repr(w) for w in card.mentions)}: "
                                                    "the Basic Game's deck leaves such cards out")
    needs = [f"{card.discipline}" if card.discipline else "", f"the {card.clan} clan" if card.clan else ""]
    needs = [n for n in needs if n]
    if (card.vampire_only or needs) and not actor.is_vampire:
        why = f"it requires {' and '.join(needs)}" if needs else "it is for vampires only"
        ctx.illegal("vampire_only_cards", f"{actor.name} is an ally and cannot use {name}: {why}")
    if card.discipline:
        level = actor.discipline(card.discipline)
        if level is None:
            ctx.illegal("discipline_required", f"{name} requires {card.discipline}, which {actor.name} "
                                               "does not have")
        if card.superior and level != "superior":
            ctx.illegal("superior_text", f"{actor.name} has basic {card.discipline}: she can use the plain text of "
                                         f"{name}, not its superior text")
        ctx.cite("discipline_used", f"{actor.name} has {card.discipline}, the Discipline on {name}: "
                                    "she can use the card")
        if card.superior:
            ctx.cite("superior_text", f"{actor.name} has superior {card.discipline}: she uses the superior text "
                                      f"of {name}")
    if card.sect:
        if actor.sect != card.sect:
            ctx.illegal("card_over_rule", f"{name} requires a {card.sect} vampire and {actor.name} is "
                                          f"{actor.sect or 'of no sect its card names'}")
        ctx.cite("card_over_rule", f"{actor.name} is {card.sect}, as {name} requires")
    if card.capacity_above is not None:
        if actor.capacity <= card.capacity_above:
            ctx.illegal("card_over_rule", f"{name} requires a vampire with a capacity above {card.capacity_above}; "
                                          f"{actor.name}'s is {actor.capacity}")
        ctx.cite("card_over_rule", f"{actor.name}'s capacity, {actor.capacity}, is above {card.capacity_above}")
    if card.titles:
        held = holds_title(actor, card.titles)
        if held is None:
            ctx.illegal("card_over_rule", f"{name} requires a {' or '.join(card.titles)}, and {actor.name} "
                                          f"{'is ' + actor.title if actor.title else 'holds no title'}")
        ctx.cite("card_over_rule", f"{actor.name} is a {held}, as {name} requires")
    if card.clan:
        if actor.clan != card.clan:
            ctx.illegal("clan_symbol", f"{name} has the {card.clan} clan symbol and {actor.name} is "
                                       f"{actor.clan or 'of no clan'}: only {card.clan} vampires use it")
        ctx.cite("clan_symbol", f"{actor.name} is {card.clan}, the clan on {name}")


def check_master_card(state: State, who: str, card: MasterCard, ctx: Ctx) -> None:
    """A master card with a clan symbol needs a ready vampire of that clan."""
    if not card.clan:
        return
    mine = [m for m in state.minions_of(who, "ready", "torpor") if m.is_vampire and m.clan == card.clan
            and not m.contested]
    ready = [m.name for m in mine if m.location == "ready"]
    if not mine:
        ctx.illegal("clan_controlled", f"{who} controls no {card.clan} vampire and cannot play {card.name}")
    if not ready:
        ctx.illegal("clan_symbol", f"{who}'s {card.clan} vampires are not ready: she cannot play {card.name}")
    ctx.cite("clan_symbol", f"{who} has a ready {card.clan} vampire ({', '.join(ready)}): she may play {card.name}")


def play_discipline_card(state: State, who: str, card: MasterCard, ctx: Ctx) -> State:
    """The vampire gains the Discipline (basic, or superior if she had basic) and one capacity, not blood."""
    assert card.discipline is not None and card.vampire is not None
    name, discipline = card.vampire, card.discipline
    if not state.has_minion(name):
        ctx.illegal("discipline_card", f"no vampire named {name}")
    m = state.minion(name)
    if not m.is_vampire or m.controller != who or m.location not in ("ready", "torpor"):
        ctx.illegal("discipline_card", f"{name} is not a vampire {who} controls")
    return gain_discipline(state, name, discipline, card.name, ctx)


def gain_discipline(state: State, name: str, discipline: str, card: str, ctx: Ctx) -> State:
    """A Discipline card on the vampire: she gains the Discipline (basic, or superior if she had basic) and one
    capacity, not blood; none on a vampire with superior in it (rb95:3.2.1.disciplines)."""
    m = state.minion(name)
    level = m.discipline(discipline)
    if level == "superior":
        ctx.illegal("discipline_card", f"{name} already has superior {discipline}: no Discipline card for it "
                                       "may be played on that vampire")
    new = "superior" if level == "basic" else "basic"
    disciplines = (*((d, lv) for d, lv in m.disciplines if d != discipline), (discipline, new))
    state = state.with_minion(name, disciplines=disciplines, capacity=m.capacity + 1)
    ctx.cite("discipline_card", f"{card}: {name} gains {new} {discipline} and her capacity rises to "
                                f"{m.capacity + 1}; her blood stays {m.blood} until she hunts")
    return state


def holds_title(m: Minion, kinds: tuple[str, ...]) -> str | None:
    """Which of these title kinds the vampire's title is (``Prince of Paris`` is a prince), if any."""
    words = (m.title or "").lower().replace("-", " ")
    return next((k for k in kinds if k.lower() in words.split() or (" " in k and k.lower() in words)), None)
