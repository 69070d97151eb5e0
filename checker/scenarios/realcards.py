"""Real cards in a scenario's setup: a vampire named by its card takes its capacity, clan, Disciplines and title.

The engine plays abstract minions; this module, run when a scenario is loaded, fills a minion's
fields from the card of the VEKN database it names (reference/cards.py). A field the card sets
cannot also be written in the file: the answer must come from the card, not from a number typed
beside it. An unknown name is refused with the three nearest names.
"""

from __future__ import annotations

from checker.engine.setup import MinionSetup, Setup
from reference.cards import Card, UnknownCardError, find_card
from reference.disciplines import discipline_levels
from reference.effectcheck import Encoded, encodings

Issue = tuple[tuple[str | int, ...], str]
FROM_CARD = ("capacity", "clan", "disciplines", "title", "kind", "bleed", "intercept", "strength", "stealth")


def resolve_setup(setup: Setup) -> tuple[Setup, list[Issue]]:
    """The setup with every ``vampire:`` minion filled from its card, and every problem found."""
    issues: list[Issue] = []
    minions: list[MinionSetup] = []
    for i, m in enumerate(setup.minions):
        if m.vampire is None:
            minions.append(m)
            continue
        where: tuple[str | int, ...] = ("minions", i)
        card = _vampire_card(m.vampire, (*where, "vampire"), issues)
        if card is None:
            minions.append(m)
            continue
        clash = [f for f in FROM_CARD if f in m.model_fields_set]
        for f in clash:
            issues.append(((*where, f), f"{f} comes from the card {card.name} ({card.id}); remove it, or describe "
                                        "an abstract vampire without `vampire:`"))
        encoded = encodings().get(card.id)
        missing = [p for p in encoded.encoding.parts if p.not_modelled] if encoded else []
        if encoded is None:
            issues.append(((*where, "vampire"), f"{card.name}'s text is not encoded yet, so its effects would be "
                                                "left out; describe an abstract vampire instead"))
        elif missing and not m.ignore_text:
            parts = "; ".join(f"{p.text!r} ({p.not_modelled})" for p in missing)
            issues.append(((*where, "vampire"), f"{card.name}'s text is not all modelled: {parts}. Say "
                                                "`ignore_text: true` to ask about it without those parts"))
        minions.append(m.model_copy(update=vampire_fields(card, m, encoded)))
    return setup.model_copy(update={"minions": tuple(minions)}), issues


def vampire_fields(card: Card, m: MinionSetup, encoded: Encoded | None) -> dict[str, object]:
    """The minion fields a vampire card sets; the minion's name stays what the scenario calls it."""
    title = card.title.title() if card.title and not card.title[0].isdigit() else card.title
    fields: dict[str, object] = {
        "kind": "vampire", "capacity": card.capacity, "clan": card.clan,
        "disciplines": discipline_levels(card.disciplines), "title": m.title or title,
        "card": m.card or card.name, "vampire": card.id}
    if encoded is not None:
        for part in encoded.encoding.parts:
            if part.modifier is not None:
                mod = part.modifier
                fields["bleed"] = 1 + mod.bleed if mod.bleed else fields.get("bleed", m.bleed)
                for name in ("intercept", "strength", "stealth"):
                    if getattr(mod, name):
                        fields[name] = getattr(mod, name)
    return fields


def _vampire_card(text: str, where: tuple[str | int, ...], issues: list[Issue]) -> Card | None:
    try:
        card = find_card(text)
    except UnknownCardError as exc:
        near = f"; the nearest: {', '.join(exc.suggestions[:3])}" if exc.suggestions else ""
        issues.append((where, f"no card named {text!r}{near}"))
        return None
    if card.kind != "crypt" or "Vampire" not in card.types:
        kind = " / ".join(card.types)
        issues.append((where, f"{card.name} ({card.id}) is {'an' if kind[0] in 'AEIOU' else 'a'} {kind} card, "
                              "not a vampire"))
        return None
    return card
