"""Real cards in a scenario's setup: a vampire named by its card takes its capacity, clan, Disciplines and title.

The engine plays abstract minions; this module, run when a scenario is loaded, fills a minion's
fields from the card of the VEKN database it names (reference/cards.py). A field the card sets
cannot also be written in the file: the answer must come from the card, not from a number typed
beside it. An unknown name is refused with the three nearest names.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Iterator, Mapping
from contextlib import AbstractContextManager, contextmanager
from contextvars import ContextVar
from types import MappingProxyType
from typing import Any

from checker.engine.context import recording
from checker.engine.models import ItemText
from checker.engine.setup import MinionSetup, Setup
from reference.cards import Card, UnknownCardError, find_card, lookup_card
from reference.disciplines import discipline_levels
from reference.effectcheck import encodings
from reference.effects import Encoding, Part
from reference.yamlsource import shown

Issue = tuple[tuple[str | int, ...], str]
CARD_ERRATA: ContextVar[Mapping[str, Encoding]] = ContextVar("card_errata", default=MappingProxyType({}))
"""Cards whose text an erratum changes, for the ruleset a scenario is being read for (card_errata())."""


CONSULTED: ContextVar[set[str] | None] = ContextVar("consulted_cards", default=None)
"""The card ids whose encodings were looked up, while :func:`consulting` records them."""


def encoding_of(card_id: str) -> Encoding | None:
    """A card's encoding: as a card erratum in force has it, else as reference/data/cards has it.

    The one place scenarios read card encodings: :func:`consulting` records the ids asked for here, so that an
    answer is known to depend on these cards' effects and on no others (checker/scenarios/answer_cache.py)."""
    if (seen := CONSULTED.get()) is not None:
        seen.add(card_id)
    changed = CARD_ERRATA.get().get(card_id)
    if changed is not None:
        return changed
    found = encodings().get(card_id)
    return found.encoding if found else None


def consulting() -> AbstractContextManager[set[str]]:
    """Record the card ids whose encodings the block looks up (also into an enclosing record)."""
    return recording(CONSULTED)


def encoding_digest(card_id: str) -> str:
    """A digest of the card's encoding as reference/data/cards has it ("none" when it has none)."""
    found = encodings().get(card_id)
    text = found.encoding.model_dump_json() if found is not None else "none"
    return hashlib.blake2b(text.encode("utf-8"), digest_size=16).hexdigest()


@contextmanager
def card_errata(changes: Mapping[str, Encoding]) -> Iterator[None]:
    """Read scenarios with these cards' texts changed (a ruleset's card errata)."""
    token = CARD_ERRATA.set(changes)
    try:
        yield
    finally:
        CARD_ERRATA.reset(token)
FROM_CARD = ("capacity", "clan", "disciplines", "title", "kind", "bleed", "intercept", "strength", "stealth",
             "block_cost", "sets_range", "sect", "defects_to_richer_prey")


def resolve_setup(setup: Setup) -> tuple[Setup, list[Issue]]:
    """The setup with every ``vampire:`` minion filled from its card, and every problem found."""
    issues: list[Issue] = []
    minions: list[MinionSetup] = []
    for i, m in enumerate(setup.minions):
        m = _setup_retainers(m, ("minions", i), issues)
        if m.ally is not None:
            minions.append(_setup_ally(m, ("minions", i), issues))
            continue
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
        encoded = encoding_of(card.id)
        missing = [p for p in encoded.parts if p.not_modelled] if encoded else []
        if encoded is None:
            issues.append(((*where, "vampire"), f"{card.name}'s text is not encoded yet, so its effects would be "
                                                "left out; describe an abstract vampire instead"))
        elif missing and not m.ignore_text:
            parts = "; ".join(f"{p.text!r} ({p.not_modelled})" for p in missing)
            issues.append(((*where, "vampire"), f"{card.name}'s text is not all modelled: {parts}. Say "
                                                "`ignore_text: true` to ask about it without those parts"))
        minions.append(m.model_copy(update=vampire_fields(card, m, encoded)))
    texts = {**_item_texts(e for m in minions for e in m.equipment), **setup.equipment_texts}
    return setup.model_copy(update={"minions": tuple(minions), "equipment_texts": texts}), issues


def _item_texts(names: Iterable[str]) -> dict[str, ItemText]:
    """What the real equipment cards named do to their bearer by their text (The bearer cannot hunt, ...)."""
    out: dict[str, ItemText] = {}
    for name in names:
        found = _real(name)
        if found is not None and found[1] is not None and "Equipment" in found[0].types:
            text = item_text(found[1].parts)
            if text is not None:
                out[name] = text
    return out


def item_text(parts: tuple[Part, ...]) -> ItemText | None:
    """An equipment card's effects on its bearer outside its strikes, or None if it has none."""
    fields: dict[str, Any] = {}
    for p in parts:
        if p.bearer_cannot_hunt:
            fields["cannot_hunt"] = True
        if p.unlock_damage is not None:
            fields.update(unlock_damage=p.unlock_damage.amount, unlock_unpreventable=p.unlock_damage.unpreventable)
        if p.equipment_press is not None and p.equipment_press.mandatory:
            fields["mandatory_press"] = True
    return ItemText(**fields) if fields else None


ALLY_FROM_CARD = ("kind", "life", "card_strength", "card_bleed", "stealth", "capacity", "blood", "clan",
                  "disciplines", "vampire")


def _setup_ally(m: MinionSetup, where: tuple[str | int, ...], issues: list[Issue]) -> MinionSetup:
    """An ally named by its card (``ally: Loyal Street Gang``): its life, strength, bleed and stealth from the card's
    text; the minion's name stays what the scenario calls it."""
    fields = _expand({"card": m.ally, "ignore_text": m.ignore_text}, (*where, "ally"), "ally", issues)
    if "life" not in fields:  # the card was refused (reported once)
        return m.model_copy(update={"kind": "ally"})
    for f in (f for f in ALLY_FROM_CARD if f in m.model_fields_set):
        issues.append(((*where, f), f"{f} comes from the card {fields['name']}; remove it, or describe an abstract "
                                    "ally without `ally:`"))
    return m.model_copy(update={"kind": "ally", "life": fields["life"], "card_strength": fields.get("strength"),
                                "card_bleed": fields.get("bleed"), "stealth": fields.get("stealth", 0),
                                "immune_normal": fields.get("immune_normal", False),
                                "card": m.card or fields["name"]})


def _setup_retainers(m: MinionSetup, where: tuple[str | int, ...], issues: list[Issue]) -> MinionSetup:
    """A minion's retainers named by their card take its life and what it gives its employer."""
    if not any(r.card for r in m.retainers):
        return m
    out = []
    for j, r in enumerate(m.retainers):
        if r.card is None:
            out.append(r)
            continue
        spec = {"card": r.card, **({"level": r.level} if r.level else {}), "ignore_text": r.ignore_text}
        fields = _expand(spec, (*where, "retainers", j), "retainer", issues)
        clash = "life" in r.model_fields_set and fields.get("life", r.life) != r.life
        if clash:
            issues.append(((*where, "retainers", j, "life"), f"life comes from the card {r.card}; remove it"))
        out.append(r.model_copy(update={"life": fields.get("life", r.life), "bonus": fields.get("bonus", {}),
                                        "round_damage": fields.get("round_damage", 0),
                                        "round_damage_ranged": fields.get("round_damage_ranged", False),
                                        "no_combat_ends": fields.get("no_combat_ends", False),
                                        "immune_normal": fields.get("immune_normal", False)}))
    return m.model_copy(update={"retainers": tuple(out)})


def vampire_fields(card: Card, m: MinionSetup, encoded: Encoding | None) -> dict[str, object]:
    """The minion fields a vampire card sets; the minion's name stays what the scenario calls it."""
    title = card.title.title() if card.title and not card.title[0].isdigit() else card.title
    fields: dict[str, object] = {
        "kind": "vampire", "capacity": card.capacity, "clan": card.clan,
        "disciplines": discipline_levels(card.disciplines), "title": m.title or title,
        "card": m.card or card.name, "vampire": card.id}
    if encoded is not None:
        for part in encoded.parts:
            if part.sect is not None:
                fields["sect"] = part.sect
            if part.defects_to_richer_prey:
                fields["defects_to_richer_prey"] = True
            if part.blocker_burns is not None:
                fields["block_cost"] = part.blocker_burns
            if part.sets_range:
                fields["sets_range"] = True
            if part.modifier is not None:
                mod = part.modifier
                fields["bleed"] = 1 + mod.bleed if mod.bleed else fields.get("bleed", m.bleed)
                for name in ("intercept", "strength", "stealth"):
                    if getattr(mod, name):
                        fields[name] = getattr(mod, name)
    return fields


def no_card(text: str, exc: UnknownCardError) -> str:
    """The problem of a card name or id no card has: the name shown inert and short, with the nearest names."""
    near = f"; the nearest: {', '.join(exc.suggestions[:3])}" if exc.suggestions else ""
    what = "with id" if re.fullmatch(r"(?:card:)?\d+", text.strip()) else "named"
    return f"no card {what} {shown(text)}{near}"


def _vampire_card(text: str, where: tuple[str | int, ...], issues: list[Issue]) -> Card | None:
    try:
        card = find_card(text)
    except UnknownCardError as exc:
        issues.append((where, no_card(text, exc)))
        return None
    if card.kind != "crypt" or "Vampire" not in card.types:
        kind = " / ".join(card.types)
        issues.append((where, f"{card.name} ({card.id}) is {'an' if kind[0] in 'AEIOU' else 'a'} {kind} card, "
                              "not a vampire"))
        return None
    return card


# --- library cards in steps -------------------------------------------------------------------------------

CONTEXTS = {"grapple": "grapple", "effects": "effect", "modifier": "modifier", "modifiers": "modifier",
            "after_blocks": "modifier",
            "reaction": "reaction", "equipment": "equipment", "retainer": "retainer", "ally": "ally",
            "use_cards": "in_play", "use_card": "in_play", "additional_cards": "additional",
            "before_strikes": "effect", "after_strikes": "effect", "end_of_round": "effect"}
"""The key a card spec is written under, and what it is played as."""
STEP_CARDS = {"action": "action", "master": "master", "out_of_turn_master": "master", "call_vote": "political"}
"""Steps whose `card:` is a card spec: what it is played as."""
LIBRARY_TYPES = {
    "grapple": ("Combat",),
    "maneuver": ("Combat", "Equipment", "Action", "Action Modifier", "Reaction", "Ally"),
    "press": ("Combat", "Equipment"), "prevent": ("Combat", "Equipment", "Retainer"), "master": ("Master",),
    "additional": ("Combat",),
    "effect": ("Combat",), "action": ("Action",), "strike": ("Combat", "Equipment", "Ally"),
    "modifier": ("Action Modifier",),
    "reaction": ("Reaction",), "equipment": ("Equipment",), "retainer": ("Retainer",), "ally": ("Ally",),
    "political": ("Political Action",), "in_play": ("Master",)}


def resolve_steps(steps: tuple[dict[str, Any], ...]) -> tuple[tuple[dict[str, Any], ...], list[Issue]]:
    """The steps with every real library card (``{card: NAME, level: superior}``, or a strike's ``weapon: NAME``)
    written out as the effects its encoding gives, and every problem found."""
    issues: list[Issue] = []
    out = tuple(_walk(step, ("steps", i), None, issues) for i, step in enumerate(steps))
    return out, issues


def cards_played(steps: tuple[dict[str, Any], ...]) -> tuple[str, ...]:
    """The ids of the real cards the steps name (``card: NAME``, a weapon by name), in order, each once."""
    found: dict[str, None] = {}

    def visit(node: Any) -> None:
        if isinstance(node, list):
            for x in node:
                visit(x)
        elif isinstance(node, dict):
            for key in ("card", "weapon"):
                if isinstance(node.get(key), str) and (real := _real(node[key])) is not None:
                    found.setdefault(real[0].id)
            for value in node.values():
                visit(value)

    visit(list(steps))
    return tuple(found)


def _walk(node: Any, path: tuple[str | int, ...], context: str | None, issues: list[Issue]) -> Any:
    if isinstance(node, list):
        return [_walk(x, (*path, i), context, issues) for i, x in enumerate(node)]
    if not isinstance(node, dict):
        return node
    if context is not None and context != "maneuver" and isinstance(node.get("card"), str):
        return _expand(node, path, context, issues)
    if context == "strike" and isinstance(node.get("weapon"), str) and not ({"damage", "hands", "strength_plus"}
                                                                            & set(node)):
        found = _real(node["weapon"])
        if found is not None and found[1] is not None:
            return _expand({**node, "card": node["weapon"]}, path, context, issues)
    if context == "maneuver" and isinstance(node.get("card"), str):  # {by: X, card: .44 Magnum, level: ...}
        return _maneuver(node, path, issues)
    out: dict[str, Any] = {}
    moved: dict[str, Any] = {}  # prevention by cards, by the round's field for its kind
    for key, value in node.items():
        if key == "presses" and isinstance(value, list):
            out[key] = [_press(x, (*path, key, i), issues) for i, x in enumerate(value)]
        elif key == "prevent" and isinstance(value, dict):
            plain = {who: x for who, x in value.items() if not (isinstance(x, dict) and "card" in x)}
            cards = [_prevention(who, x, (*path, key, who), issues) for who, x in value.items() if who not in plain]
            out[key] = plain
            if cards:
                moved["prevention"] = [*node.get("prevention", []), *cards]
        elif key == "prevent_before_range" and isinstance(value, dict):
            out[key] = {who: _prevention(who, x, (*path, key, who), issues).get("amount", 0)
                        if isinstance(x, dict) else x for who, x in value.items()}
        elif key == "reductions" and isinstance(value, list):
            out[key] = [_reduction(x, (*path, key, i), issues) if isinstance(x, dict) and "card" in x else x
                        for i, x in enumerate(value)]
        elif key == "redirect" and isinstance(value, dict) and isinstance(value.get("card"), str):
            out[key] = _redirect(value, (*path, key), issues)
        elif key in STEP_CARDS and isinstance(value, dict) and isinstance(value.get("card"), dict) \
                and isinstance(value["card"].get("card"), str):
            raw = {k: v if k in ("card", "level", "ignore_text", "choose") else _walk(v, (*path, key, "card", k),
                                                                             CONTEXTS.get(str(k)), issues)
                   for k, v in value["card"].items()}
            spec = _expand(raw, (*path, key, "card"), STEP_CARDS[key], issues)
            out[key] = {**{k: _walk(v, (*path, key, k), CONTEXTS.get(str(k)), issues) for k, v in value.items()},
                        "card": spec}
        elif key == "maneuvers" and isinstance(value, list):
            out[key] = [_walk(m, (*path, key, i), "maneuver", issues) for i, m in enumerate(value)]
        elif key == "strikes" and isinstance(value, dict):
            out[key] = {who: _walk(s, (*path, key, who), "strike", issues) for who, s in value.items()}
        else:
            out[key] = _walk(value, (*path, key), CONTEXTS.get(str(key)), issues)
    out.update(moved)
    return out


def _maneuver(node: dict[str, Any], path: tuple[str | int, ...], issues: list[Issue]) -> dict[str, Any]:
    """A maneuver a card gives: a weapon's or strike card's (``weapon``), or another card's (``granted_by``),
    with how many it gives each combat and the Discipline it needs."""
    spec = _expand({k: node[k] for k in ("card", "level", "ignore_text") if k in node}, path, "maneuver", issues)
    rest = {k: v for k, v in node.items() if k not in ("card", "level", "ignore_text")}
    return {**rest, **spec}


def _press(node: Any, path: tuple[str | int, ...], issues: list[Issue]) -> Any:
    """``{by: X, card: Y}`` in presses: a press the card gives, perhaps only to continue or only to end combat."""
    if not (isinstance(node, dict) and isinstance(node.get("card"), str)):
        return node
    spec = _expand({k: node[k] for k in ("card", "level", "ignore_text") if k in node}, path, "press", issues)
    rest = {k: v for k, v in node.items() if k not in ("card", "level", "ignore_text")}
    return {**rest, **spec}


def _prevention(who: str, node: dict[str, Any], path: tuple[str | int, ...], issues: list[Issue]) -> dict[str, Any]:
    """``prevent: {Cassandra: {card: Y, level: ...}}``: the prevention card, its kind, requirements and cost."""
    spec = _expand(node, path, "prevent", issues)
    return {"by": who, **{k: v for k, v in spec.items() if k != "field"}}


def _reduction(node: dict[str, Any], path: tuple[str | int, ...], issues: list[Issue]) -> dict[str, Any]:
    """``reductions: [{by, card: Telepathic Counter, level}]``: the reaction's card and how much it reduces."""
    spec: dict[str, Any] = {k: node[k] for k in ("card", "level", "ignore_text") if k in node}
    reaction = _expand(spec, path, "reaction", issues)
    found = _real(str(node["card"]))
    amount = 0
    if found is not None and found[1] is not None:
        level = node.get("level", "any")
        parts = found[1].parts_for(level if level in ("basic", "superior") else "any")
        amount = sum(p.reduces_bleed or 0 for p in parts)
        if not amount:
            issues.append(((*path, "card"), f"{found[0].name} does not reduce a bleed"))
    rest = {k: v for k, v in node.items() if k not in spec}
    return {**rest, "reaction": reaction, "amount": max(amount, 1)}


def _redirect(node: dict[str, Any], path: tuple[str | int, ...], issues: list[Issue]) -> dict[str, Any]:
    """``redirect: {by, card: Deflection, level, to, blocks}``: the reaction's card and whether it locks."""
    spec: dict[str, Any] = {k: node[k] for k in ("card", "level", "ignore_text") if k in node}
    reaction = _expand(spec, path, "reaction", issues)
    found = _real(str(node["card"]))
    lock = True
    if found is not None and found[1] is not None:
        level = node.get("level", "any")
        parts = found[1].parts_for(level if level in ("basic", "superior") else "any")
        if not any(p.redirects_bleed for p in parts):
            issues.append(((*path, "card"), f"{found[0].name} does not change the target of a bleed"))
        lock = not any(p.lock_self == "no_lock" for p in parts)
    rest = {k: _walk(v, (*path, k), None, issues) for k, v in node.items() if k not in spec}
    return {**rest, "reaction": reaction, "lock": lock}


def _ability(card: Card, context: str) -> bool:
    """A vampire or equipment whose own text gives an action, named as the card of an `action` step."""
    enc = encoding_of(card.id) if context == "action" and {"Vampire", "Equipment"} & set(card.types) else None
    return enc is not None and any(p.ability_action is not None for p in enc.parts)


def _master_move(parts: tuple[Part, ...]) -> str | None:
    """What a master card moves, burns or locks at once, if anything (checker/engine/master_moves.py)."""
    for p in parts:
        if p.moves_blood is not None:
            return p.moves_blood
        if p.crypt_to_uncontrolled:
            return "crypt_move"
        if p.burns is not None:
            return f"burn_{p.burns}"
        if p.lock_target is not None and not p.lock_target.unlock:
            return "lock"
        if p.lock_all is not None:
            return "lock_all"
    return None


def _lock_gives(card: Card, context: str) -> bool:
    """A location locked for stealth or intercept, named where a modifier or reaction is played."""
    enc = encoding_of(card.id) if context in ("modifier", "reaction") and "Master" in card.types else None
    return enc is not None and any(p.lock_gives is not None for p in enc.parts)


def _real(name: str) -> tuple[Card, Encoding | None] | None:
    card = lookup_card(name)  # an abstract card's name is no error here: no suggestions looked for
    return (card, encoding_of(card.id)) if card is not None else None


NAME_LENGTH = 80
"""The longest name a step's decision takes (checker/engine/models.py ``Name``)."""


def _expand(node: dict[str, Any], path: tuple[str | int, ...], context: str, issues: list[Issue]) -> Any:
    name = str(node["card"])
    where = (*path, "card")
    failed = {**{k: v for k, v in node.items() if k not in ("card", "level", "ignore_text")},
              "name": name[:NAME_LENGTH]}  # the name said once, not again as too long by the step checks
    try:
        card = find_card(name)
    except UnknownCardError as exc:
        issues.append((where, no_card(name, exc)))
        return failed  # reported once, not again by the step checks
    if not set(card.types) & set(LIBRARY_TYPES[context]) and not _ability(card, context) \
            and not _lock_gives(card, context):
        kind = " / ".join(card.types)
        issues.append((where, f"{card.name} is {'an' if kind[0] in 'AEIOU' else 'a'} {kind} card: it cannot be "
                              f"played as a {context}"))
        return failed  # reported once, not again by the step checks
    encoded = encoding_of(card.id)
    if encoded is None:
        issues.append((where, f"{card.name}'s text is not encoded yet, so its effects would be left out; describe "
                              "the card by its effects instead (`name:` and the effect fields)"))
        return failed  # reported once, not again by the step checks
    level = node.get("level", "any")
    levels = {p.level for p in encoded.parts} - {"any"}
    if levels and level not in ("basic", "superior"):
        issues.append(((*path, "level"), f"{card.name} has a basic and a superior text: say `level: basic` or "
                                         "`level: superior`"))
        return failed  # reported once, not again by the step checks
    if not levels:
        level = "any"
    parts = encoded.parts_for(level)
    missing = [p for p in parts if p.not_modelled]
    if missing and not node.get("ignore_text"):
        said = "; ".join(f"{p.text!r} ({p.not_modelled})" for p in missing)
        issues.append((where, f"{card.name}'s {level} text is not all modelled: {said}. Say `ignore_text: true` "
                              "to ask without those parts"))
        return failed  # reported once, not again by the step checks
    wrong = _misplayed(card, parts, context, level)
    other = any(p.usable == "other_ready_vampire" for p in parts)
    if context == "modifier" and other != ("by" in node):
        wrong = wrong or (f"{card.name}'s {level} text is played by a ready vampire other than the acting minion: "
                          "say `by:` which" if other else f"{card.name}'s {level} text is played by the acting minion, "
                          "not `by:` another")
    if wrong:
        issues.append((where, wrong))
        return failed
    fields = _fields(card, parts, context, level)
    if fields.get("weapon") == card.name:
        fields["weapon"] = name  # as the scenario calls it in the minion's equipment ("The Crimson Sentinel")
    if context == "strike":
        fields = _strike_card(card, parts, node, fields, path, issues)
    if context == "effect" and any(p.combat_strength is not None and p.combat_strength.opponent for p in parts) \
            and (not isinstance(node.get("to"), str) or node.get("to") == node.get("by")):
        issues.append((where, f"{card.name} changes the opposing minion's strength: say which with `to:`"))
    if context == "political":
        fields["terms"] = _terms(card, parts, node.get("choose"), (*path, "choose"), issues)
        given = [p.clan_votes.model_dump() for p in parts if p.clan_votes is not None]
        if given:
            fields["clan_votes"] = given[0]
    if context == "master" and isinstance(fields.get("moves"), dict):  # the text's kind, the scenario's choices
        fields["moves"] = {**(node.get("moves") or {}), **fields["moves"]}
    clash = sorted(k for k in fields if k in node and k not in ("name", "weapon", "moves") and node[k] != fields[k])
    for k in clash:
        issues.append(((*path, k), f"{k} comes from the card {card.name} ({fields[k]!r}); remove it"))
    if context == "ally" and isinstance(node.get("name"), str) and node["name"] != card.name:
        fields.update(name=node["name"], card=card.name)  # another copy of the card, named otherwise
    rest = {k: v for k, v in node.items() if k not in ("card", "level", "ignore_text", "choose")}
    return {**rest, **fields}


def _in_play_use(parts: tuple[Part, ...]) -> dict[str, Any]:
    """What a card in play does when used: blood to a vampire, pool, in which phase, locking it."""
    fields: dict[str, Any] = {}
    for p in parts:
        if p.phase_blood is not None:
            b = p.phase_blood
            fields.update(phase=b.phase, blood=b.amount, to=b.to, lock=b.lock, **({"clan": b.clan} if b.clan else {}))
        if p.phase_pool is not None:
            fields.update(phase=p.phase_pool.phase, pool=p.phase_pool.amount, lock=p.phase_pool.lock,
                          if_edge=p.phase_pool.edge)
        if p.being == "hunting ground" or p.one_hunting_ground:
            fields["hunting_ground"] = True
    return fields


def _strike_card(card: Card, parts: tuple[Part, ...], node: dict[str, Any], fields: dict[str, Any],
                 path: tuple[str | int, ...], issues: list[Issue]) -> dict[str, Any]:
    """A strike card's fields with what the scenario names: the melee weapon a 'hand strike or use a melee weapon
    strike' card is used with, the equipment it destroys or the weapon it steals (rb95:8.3.destroy-equipment: 'the
    player controlling the destroying minion chooses which one')."""
    strikes = [p.strike for p in parts if p.strike is not None]
    weapon = node.get("weapon")
    if isinstance(weapon, str) and fields.get("hands"):
        found = _real(weapon)
        if not any(s.melee_weapon for s in strikes):
            issues.append(((*path, "weapon"), f"{card.name} is a hand strike: it is not made with {weapon}"))
        elif found is None or found[1] is None or not any(p.weapon == "melee" for p in found[1].parts):
            issues.append(((*path, "weapon"), f"{card.name} may use a melee weapon's strike: {weapon} must be a real "
                                              "melee weapon card (its text: 'Weapon: melee.')"))
        else:
            own = _expand({"card": weapon}, (*path, "weapon"), "strike", issues)
            out = {k: v for k, v in own.items() if k not in ("name", "cost", "mentions", "discipline", "superior",
                                                              "clan")}
            out.update({k: v for k, v in fields.items() if k != "hands"})
            out["plus_damage"] = own.get("plus_damage", 0) + fields.get("plus_damage", 0)
            return out
    for key, says in (("destroy_equipment", any(s.destroy_equipment for s in strikes)),
                      ("steal_equipment", any(s.steal_equipment for s in strikes))):
        given = node.get(key)
        if says and not isinstance(given, str):
            issues.append(((*path, "card"), f"{card.name}'s strike does {key.replace('_', ' ')}: say which with "
                                            f"`{key}: NAME`"))
        elif given is not None and not says:
            issues.append(((*path, key), f"{card.name}'s strike does not {key.split('_')[0]} equipment"))
    stolen = node.get("steal_equipment")
    if any(s.steal_equipment == "weapon" for s in strikes) and isinstance(stolen, str):
        found = _real(stolen)
        if found is None or found[1] is None or not any(p.weapon for p in found[1].parts):
            issues.append(((*path, "steal_equipment"), f"{card.name} steals a weapon: {stolen} must be a real weapon "
                                                       "card"))
    return fields


def _terms(card: Card, parts: tuple[Part, ...], chosen: Any, where: tuple[str | int, ...],
           issues: list[Issue]) -> dict[str, Any]:
    """A political card's terms from its text, with the choice the scenario makes (``choose:``)."""
    choices = [p.choose for p in parts if p.choose is not None and not p.choose.edge]
    choice = next((c for c in choices if c.what != "location"), None)
    if not choices and chosen is not None:
        issues.append((where, f"{card.name} makes no choice: remove `choose`"))
    wanted = " and ".join(c.what for c in choices)
    points_total = next((c.points for c in choices if c.points is not None), None)
    if points_total is not None:  # "Allocate 4 points among ...": choose: {bob: 2, carol: 2}
        if not (isinstance(chosen, dict) and all(isinstance(n, int) for n in chosen.values())):
            issues.append((where, f"{card.name} allocates points: say how many each Methuselah gets with "
                                  "`choose: {bob: 2, carol: 2}`"))
            chosen = {}
        choices, chosen, picked_points = [], None, dict(chosen)
    else:
        picked_points = {}
    several = len(choices) > 1
    if choices and not (isinstance(chosen, dict) and set(chosen) == {c.what for c in choices} if several
                        else isinstance(chosen, str)):
        said = f"`choose: {{{', '.join(f'{c.what}: ...' for c in choices)}}}`" if several else "`choose:`"
        issues.append((where, f"{card.name} chooses a {wanted}: say which with {said}"))
        chosen = None
    picked: dict[str, Any] = dict(chosen) if isinstance(chosen, dict) else picked_points
    if isinstance(chosen, dict):
        chosen = picked.get(choice.what) if choice is not None else None
    terms: dict[str, Any] = {}
    if choice is not None and choice.what == "vampire":
        terms.update({k: v for k, v in (("chosen_ready", choice.ready), ("chosen_title", choice.title),
                                         ("chosen_clan", choice.clan), ("chosen_sect", choice.sect),
                                         ("chosen_younger", choice.younger)) if v})
    titled = any(p.being == "title" for p in parts)
    for r in (p.referendum for p in parts if p.referendum is not None):
        if r.title:
            terms.update(title=r.title, card_stays=titled)
            terms.update(title_on_acting=True) if r.to == "acting" else terms.update(titled=chosen)
        if r.capacity:
            terms.update(capacity=r.capacity, **({"capacity_if_clan": r.if_clan} if r.if_clan else {}))
        if r.who == "each":
            terms.update(each_pool=r.pool, each_per=r.per or "methuselah")
        elif r.who == "edge":
            terms["edge_pool"] = r.pool
        elif r.who == "chosen" and chosen is not None:
            terms["gain_pool" if r.pool > 0 else "burn_pool"] = {chosen: abs(r.pool)}
        if r.loses_title:
            terms["loses_title"] = chosen
        if r.burn:
            terms["burn"] = chosen
        if r.control_location:
            terms.update(location=picked.get("location"), location_to=chosen)
        if r.edge:
            terms["edge_to"] = chosen
        if r.to_uncontrolled and "to_uncontrolled" not in terms:
            terms["to_uncontrolled"] = chosen
        if r.lock_clan:
            terms["lock_clan"] = chosen
        if r.per_clan or r.base:
            terms.update(each_per_clan=r.per_clan, each_base=r.base)
        if r.chosen_extra and chosen is not None:
            terms["burn_pool" if r.chosen_extra < 0 else "gain_pool"] = {chosen: abs(r.chosen_extra)}
        if r.allocate:
            terms.update(burn_pool=dict(picked), each_pool=0, each_per="methuselah",
                         allocation_points=points_total or 0)
        if r.steal_from_richer:
            terms["steal_from_richer"] = r.steal_from_richer
        if r.burn_bleed_at_least:
            terms["burn_bleed_at_least"] = r.burn_bleed_at_least
        if r.steal_unless_capacity_above:
            terms["steal_unless_capacity_above"] = r.steal_unless_capacity_above
        if r.swap_seats:
            terms["swap_with"] = chosen
    return terms


PLAYED_AS = {"ACTION MODIFIER": {"modifier"}, "COMBAT": {"strike", "effect", "maneuver", "press", "prevent"},
             "REACTION": {"reaction"}, "ACTION": {"action"}}
"""A level marked [COMBAT] (or another type) is played only where that type of card is."""
def _gives(context: str, p: Part) -> bool | None:
    """Whether a part gives what a card played in this place must give (None: any part will do)."""
    return {
        "strike": p.strike is not None, "maneuver": p.maneuver is not None,
        "press": p.press is not None or p.equipment_press is not None,
        "prevent": p.prevent is not None or p.prevents_all or p.prevents_all_round or p.aggravated_as_normal,
        "effect": p.sets_strength is not None or p.hands_aggravated or p.combat_strength is not None
        or (p.inflicts is not None and p.inflicts.when != "after_combat") or p.no_strike_cards,
        "grapple": p.hands_only_round, "additional": p.additional_strikes is not None,
        "modifier": (p.modifier is not None and bool(p.modifier.stealth or p.modifier.bleed))
        or p.blocked_combat_close or (p.lock_gives is not None and bool(p.lock_gives.stealth)),
        "reaction": (p.modifier is not None and bool(p.modifier.intercept)) or p.redirects_bleed
        or p.reduces_bleed is not None or (p.lock_gives is not None and bool(p.lock_gives.intercept)),
    }.get(context)

"""What a card's text must give to be played in each place."""


def _misplayed(card: Card, parts: tuple[Part, ...], context: str, level: str) -> str | None:
    """Why the card's text at this level cannot be played here, or None."""
    marks = {p.use_as for p in parts if p.use_as}
    if marks and not any(context in PLAYED_AS[m] for m in marks):
        return (f"{card.name}'s {level} text is played as {' / '.join(f'[{m}]' for m in sorted(marks))}, "
                f"not as a {context}")
    if parts and _gives(context, parts[0]) is not None and not any(_gives(context, p) for p in parts):
        return f"{card.name}'s {level} text gives no {context}"
    return None


ADVANCED_WORDS = (
    # rb95:4.2.step3.basic-deck: "Remove cards that use these words or phrases: intercept, maneuver, additional
    # strike, press, torpor, diablerie, paralyze, and ante. You should also remove any cards that say "Only usable
    # at long range" or "Not usable in the first round of combat."" and "remove any cards that affect or inflict
    # aggravated damage".
    ("intercept", r"\bintercept"), ("maneuver", r"\bmaneuver"), ("additional strike", r"additional strike"),
    ("press", r"\bpress\b"), ("torpor", r"\btorpor"), ("diablerie", r"\bdiablerie"), ("paralyze", r"\bparalyz"),
    ("ante", r"\bante\b"), ("only usable at long range", r"only usable at long range"),
    ("not usable in the first round of combat", r"not usable (?:in|on|during) the first round"),
    ("aggravated", r"\baggravated"),
)


def advanced_words(text: str) -> tuple[str, ...]:
    """The Advanced Game's words a card's text uses, as rb95 4.2 lists them."""
    low = text.lower()
    return tuple(word for word, pattern in ADVANCED_WORDS if re.search(pattern, low))


REQUIRES = ("modifier", "reaction", "effect", "action", "maneuver", "press", "strike", "equipment", "retainer",
            "prevent", "grapple", "political", "additional", "ally")
"""Where the card's Discipline and clan are asked of the minion using it."""


COMBAT_PLACES = ("strike", "maneuver", "press", "prevent")
COMBAT_CONTEXTS = (*COMBAT_PLACES, "effect", "grapple", "additional")
"""Where a combat card is played from the hand during combat (a card in play's strike or maneuver is not)."""


def _replaced(parts: tuple[Part, ...], later: str, otherwise: str | None) -> str | None:
    """When the card played is replaced: ``later`` if its text says 'Do not replace until ...' so, else
    ``otherwise``."""
    return later if any(p.replace == later for p in parts) else otherwise


def _one_play(parts: tuple[Part, ...]) -> bool:
    """Whether one play of the card gives things in several places of a round ('Strike: 1R damage, with an optional
    maneuver', 'Maneuver, with an optional press'): then its cost is paid once for all of them (rb95:3.2). A card
    giving one thing *or* another ('Maneuver or press.') is played for one of them each time."""
    places = {c for p in parts for c in COMBAT_PLACES if _gives(c, p)}
    alternatives = any(p.text.strip().lower().startswith("or ") or " or press" in p.text.lower()
                       for p in parts if any(_gives(c, p) for c in COMBAT_PLACES))
    return len(places) > 1 and not alternatives


def _inflict(part: Part, parts: tuple[Part, ...]) -> dict[str, Any]:
    """Damage a card inflicts apart from a strike, with what its superior text adds ('but the damage is aggravated',
    'increased by 1 in each subsequent round')."""
    d = part.inflicts
    assert d is not None
    out: dict[str, Any] = {"amount": d.amount, "to": d.to, "retainers": d.retainers, "when": d.when,
                           "rounds": d.rounds, "by_minion": d.by_minion, "unpreventable": d.unpreventable,
                           "returned": d.returned, "close_range_only": d.close_range}
    if any(p.inflict_aggravated for p in parts):
        out["aggravated"] = True
    grows = [p.inflict_grows for p in parts if p.inflict_grows]
    if grows:
        out["grows"] = grows[0]
    return out


def _effect_fields(parts: tuple[Part, ...]) -> dict[str, Any]:
    """A combat card's timing, limits and lasting effects (Weather Control, Blood of Acid, Pulled Fangs, ...)."""
    fields: dict[str, Any] = {}
    for p in parts:
        if p.inflicts is not None and p.inflicts.when != "after_combat":
            fields["inflict"] = _inflict(p, parts)
        if p.usable in ("before_strikes", "end_of_round"):
            fields["timing"] = p.usable
        if p.usable == "close":
            fields["close_range_only"] = True
        if p.usable == "not_leaving_combat":
            fields["not_leaving_combat"] = True
        if p.one_each_round or p.one_each_combat:
            fields["one_each"] = "round" if p.one_each_round else "combat"
        for key in ("if_inflicted_more", "no_strike_cards", "restricts_opponent"):
            if getattr(p, key):
                fields[key] = True
    if any(p.hands_aggravated for p in parts) and any(p.duration == "combat" for p in parts):
        fields["hands_aggravated_combat"] = True  # "As above, but for the remainder of this combat"
    return fields


def _weapon_fields(p: Part) -> dict[str, Any]:
    """A weapon's limits and what its use does (checker/engine/weapons.py), from one part of its text."""
    fields: dict[str, Any] = {}
    if p.once_each_round:
        fields["once_each_round"] = True
    if p.burn_after_use:
        fields["burn_after_use"] = True
    if p.bearer_damage is not None:
        fields.update(user_damage=p.bearer_damage.amount, user_damage_aggravated=p.bearer_damage.aggravated,
                      user_damage_close_only=p.bearer_damage.close_range)
    if p.only_clan is not None:
        fields["only_clan"] = p.only_clan  # 'Only usable by Brujah antitribu.': asked of the minion striking
    if p.soul_counters is not None:
        fields["soul_counters"] = True
    if p.stakes is not None:
        fields["stakes"] = p.stakes
    if p.transfers_to_victim:
        fields["transfers"] = True
    if p.holds_in_torpor:
        fields["holds_in_torpor"] = True
    return fields


def _fields(card: Card, parts: tuple[Any, ...], context: str, level: str) -> dict[str, Any]:
    """The abstract fields of a spec from a card's encoded parts."""
    fields: dict[str, Any] = {"name": card.name}
    for p in parts:
        if p.strike is not None and context == "strike":
            s = p.strike
            if s.strength_plus is not None:
                fields["strength_plus"] = s.strength_plus
            elif s.damage:
                fields["damage"] = s.damage
            for flag in ("ranged", "aggravated", "first_strike", "dodge", "combat_ends"):
                if getattr(s, flag):
                    fields[flag] = True
            if s.steal_blood:
                fields["steal_blood"] = s.steal_blood
            if s.unpreventable:
                fields["unpreventable"] = True
            if s.hands:
                fields["hands"] = True
            if s.plus_damage:
                fields["plus_damage"] = fields.get("plus_damage", 0) + s.plus_damage
            if s.ranged and (s.destroy_equipment or s.steal_equipment):
                fields["any_range"] = True  # 'Strike: ranged; destroy equipment': the card over "only at close range"
            if s.to_torpor:
                fields["to_torpor"] = True
        if context == "strike" and p.inflicts is not None and p.inflicts.when == "after_combat":
            fields["after_combat"] = _inflict(p, parts)
        if context == "strike" and p.opponent_gains_blood is not None:
            fields["opponent_gains_blood"] = p.opponent_gains_blood
        if context == "strike" and p.if_more_blood:
            fields["more_blood_only"] = True
        if p.additional_strikes is not None and context == "strike":
            fields["additional"] = fields.get("additional", 0) + p.additional_strikes.count
            if p.additional_strikes.limited:
                fields["additional_limited"] = True
        if p.usable == "long" and context == "strike":
            fields["long_range_only"] = True
        if p.once_each_combat and context == "strike":
            fields["once_each_combat"] = True
        if context == "strike":
            fields.update(_weapon_fields(p))
        if p.usable == "close" and context == "strike":
            fields["close_range_only"] = True
        if p.usable == "bleed_action" and context == "modifier":
            fields["bleed_only"] = True
        if p.usable == "not_bleed_action" and context == "modifier":
            fields["not_bleed"] = True
        if p.usable == "announced" and context == "modifier":
            fields["when_announced"] = True
        if p.blocked_combat_close and context == "modifier":
            fields["close_range_combat"] = True
        if p.modifier is not None:
            for key in {"modifier": ("stealth", "bleed"), "reaction": ("intercept",)}.get(context, ()):
                if getattr(p.modifier, key):
                    fields[key] = fields.get(key, 0) + getattr(p.modifier, key)
            if p.modifier.limited and context == "modifier":
                fields["limited"] = True
        if p.life is not None and context in ("retainer", "ally"):
            fields["life"] = p.life
        if context == "retainer" and p.round_damage is not None:
            fields.update(round_damage=p.round_damage.amount, round_damage_ranged=p.round_damage.ranged)
        if context == "retainer" and p.no_combat_ends_against:
            fields["no_combat_ends"] = True
        if context == "equipment" and (text := item_text((p,))) is not None:
            fields["text"] = {**fields.get("text", {}), **text.model_dump(exclude_defaults=True)}
        if context in ("equipment", "retainer") and p.unique:
            fields["unique"] = True
        if context in ("ally", "retainer") and p.immune_non_aggravated:
            fields["immune_normal"] = True
        if context == "ally" and p.ally_stats is not None:
            fields.update(strength=p.ally_stats.strength, bleed=p.ally_stats.bleed)
        if context == "ally" and p.unique:
            fields["unique"] = True
        if context == "ally" and p.modifier is not None and p.modifier.stealth:
            fields["stealth"] = fields.get("stealth", 0) + p.modifier.stealth  # 'get +1 stealth on each of ...'
        if p.employer is not None and context == "retainer":
            bonus = fields.setdefault("bonus", {})
            for key in ("intercept", "bleed", "stealth", "strength"):
                if getattr(p.employer, key):
                    bonus[key] = bonus.get(key, 0) + getattr(p.employer, key)
    if context == "strike" and "Equipment" in card.types:
        fields["weapon"] = card.name
    if context == "effect":
        for p in parts:
            if p.sets_strength is not None:
                fields["strength"] = p.sets_strength
            if p.hands_aggravated:
                fields["hands_aggravated"] = True
        fields.update(_effect_fields(parts))
    if context == "effect":
        strength = [p for p in parts if p.combat_strength is not None]
        if strength:  # "As above, but with +2 strength": the superior number replaces the basic one
            chosen = next((p for p in strength if p.level == "superior"), strength[0])
            fields["plus_strength"] = chosen.combat_strength.amount
    if context == "additional":
        given = [p.additional_strikes for p in parts if p.additional_strikes is not None]
        fields["count"] = sum(a.count for a in given)
        fields["limited"] = any(a.limited for a in given)
    if context in ("effect", "strike"):
        for p in parts:
            if p.usable == "not_first_round":
                fields["not_first_round"] = True
            if p.usable == "first_round":
                fields["first_round_only"] = True
    if context == "grapple":
        fields = {"name": card.name}
    if context == "press":
        fields["name"] = card.name
        for p in parts:
            if p.press in ("continue", "end"):
                fields["only"] = p.press
            if p.equipment_press is not None:
                fields.update({k: v for k, v in (("only", p.equipment_press.only),
                                                 ("first_round_only", p.equipment_press.first_round)) if v})
    if context == "maneuver":
        strikes = any(p.strike is not None for p in parts)
        weapon = "Equipment" in card.types and any(p.weapon for p in parts)  # IR Goggles' maneuver is no weapon's
        strikes = strikes and "Ally" not in card.types  # Outcast Mage's maneuver each combat is not its strike's
        fields = {"weapon" if weapon or strikes else "granted_by": card.name}
        per_combat = [p.maneuver.count for p in parts if p.maneuver is not None and p.maneuver.per == "combat"]
        if per_combat:
            fields["each_combat"] = per_combat[0]
        for p in parts:
            if p.usable in ("first_round", "not_first_round"):
                fields["first_round_only" if p.usable == "first_round" else "not_first_round"] = True
    if context == "prevent":
        fields = {"name": card.name, "amount": sum(p.prevent.amount for p in parts if p.prevent is not None)}
        if "Equipment" in card.types or "Retainer" in card.types:
            fields["in_play"] = "equipment" if "Equipment" in card.types else "retainer"
        per = [p.prevent.per for p in parts if p.prevent is not None and p.prevent.per != "use"]
        if per:
            fields["per"] = per[0]
        if any(p.prevents_all_round for p in parts):
            fields["kind"] = "all_round"
        elif any(p.prevents_all for p in parts):
            fields["kind"] = "all"
        elif any(p.aggravated_as_normal for p in parts):
            fields["kind"] = "aggravated_as_normal"
        elif any(p.prevent is not None and p.prevent.kind == "non_aggravated" for p in parts):
            fields["kind"] = "non_aggravated"
    if context == "action":
        for p in parts:
            if p.directed:
                fields["directed"] = True
            if p.enter_combat:
                fields["enter_combat"] = True
            if p.modifier is not None and p.modifier.stealth:
                fields["stealth"] = p.modifier.stealth
            if p.gain_blood is not None:
                fields["gain_blood"] = p.gain_blood
            if p.bleeds is not None:
                fields["bleed_plus"] = fields.get("bleed_plus", 0) + p.bleeds.plus
                fields.update({k: v for k, v in (("bleed_any", p.bleeds.any), ("bleed_max", p.bleeds.max),
                                                 ("bleed_predator_or_prey", p.bleeds.predator_or_prey)) if v})
            if p.gain_pool_if_bled is not None:
                fields["gain_pool_if_bled"] = p.gain_pool_if_bled
            if p.add_blood is not None:
                fields.update(add_blood=p.add_blood.amount, blood_to_kind=p.add_blood.to)
            if p.feed is not None:
                fields["feed"] = p.feed.model_dump(exclude_defaults=True)
            if p.prey_vampires_burn is not None:
                fields["prey_vampires_burn"] = p.prey_vampires_burn
            if p.steals is not None:
                fields["steal"] = p.steals
            if p.lock_target is not None:
                lt = p.lock_target
                fields.update(lock="unlock" if lt.unlock else "lock", target_whose=lt.whose, target_kind=lt.kind,
                              **({"target_ready": True} if lt.ready else {}))
            if p.burn_target is not None:
                fields.update(burn_target=True, target_kind=p.burn_target, target_whose="prey")
            if p.target_burns is not None:
                fields["burn_blood"] = p.target_burns
            if p.ability_action is not None:
                a = p.ability_action
                fields.update(ability=card.name, name=f"{card.name}'s ability", steal_edge=a.steals == "edge",
                              directed=a.directed, **({"cost": {"blood": a.cost_blood}} if a.cost_blood else {}),
                              **({"burn_location": True} if a.burns == "location" else {}),
                              **({"enter_combat": True, "stealth": a.stealth} if a.enters_combat else {}),
                              **({"burn_after_use": True} if any(q.burn_after_use for q in parts) else {}))
    for p in parts:
        if p.lock_gives is not None and context in ("modifier", "reaction"):
            key = "stealth" if context == "modifier" else "intercept"
            fields = {"name": card.name, key: getattr(p.lock_gives, key), "location": True,
                      **({"for_clan": p.lock_gives.clan} if p.lock_gives.clan else {})}
            return fields  # a card in play: no cost, no Discipline or clan symbol asked of the minion
    if context in ("action", "master"):
        for p in parts:
            if p.gain_pool is not None:
                fields["gain_pool"] = p.gain_pool
    if context == "master":
        for p in parts:
            if p.discipline_card is not None:
                fields["discipline"] = p.discipline_card
            if p.master in ("location", "unique location"):
                fields["location"] = True
            if p.in_play:
                fields["in_play"] = True
            if p.takes_control is not None:
                fields.update(take_control=p.takes_control.kind, until=p.takes_control.until,
                              **({"target_clan": p.takes_control.clan} if p.takes_control.clan else {}))
            if (p.master or "").startswith("unique") or p.unique:
                fields["unique"] = True
        kind = _master_move(parts)
        if kind is not None:
            fields["moves"] = {"kind": kind, **({"clan": next(p.lock_all for p in parts if p.lock_all)}
                                                if kind == "lock_all" else {})}
    if context == "in_play":
        fields.update(_in_play_use(parts))
    for p in parts:
        if p.requires is not None and context in ("political", "action"):
            fields.update({k: v for k, v in (("sect", p.requires.sect), ("titles", list(p.requires.titles)),
                                             ("capacity_above", p.requires.capacity_above)) if v})
    cost = {k: v for k, v in (("pool", card.pool_cost), ("blood", card.blood_cost)) if isinstance(v, int) and v}
    in_play = bool({"Equipment", "Retainer", "Ally"} & set(card.types)) and context in ("strike", "maneuver",
                                                                                        "press", "prevent")
    in_play = in_play or "ability" in fields  # an action its card in play gives: the card was paid for already
    if cost and not in_play and context in ("modifier", "reaction", "equipment", "retainer", "ally", "action",
                                            "political", "master", "strike", "effect", "maneuver", "press", "prevent",
                                            "grapple", "additional"):
        fields["cost"] = cost  # equipment used in combat was paid for when it was equipped
    if context in ("strike", "maneuver", "press", "prevent") and _one_play(parts):
        fields["one_play"] = True
    if context in COMBAT_CONTEXTS and not in_play and ("Combat" in card.types or any(p.use_as == "COMBAT"
                                                                                     for p in parts)):
        fields["replace"] = _replaced(parts, "after_combat", "now")  # played from the hand (ref14:I.H)
    if context == "action" and "ability" not in fields and (later := _replaced(parts, "after_action", None)):
        fields["replace"] = later
    if context == "reaction" and (later := _replaced(parts, "after_action", None)
                                  or _replaced(parts, "next_unlock", None)):
        fields["replace"] = later
    if card.discipline_requirement and context in REQUIRES:
        fields["discipline"] = card.disciplines[0] if len(card.disciplines) == 1 else card.discipline_requirement
        fields["superior"] = level == "superior"
    if card.clan and context in REQUIRES and not ("Ally" in card.types and context != "ally"):
        fields["clan"] = card.clan  # an ally's clan symbol is asked of its recruiter, not of the ally striking
    if card.clan and context == "master":
        fields["clan"] = card.clan  # a clan symbol: played only with a ready vampire of that clan (rb95:3.2)
    if context in REQUIRES and (words := advanced_words(card.text)):
        fields["mentions"] = list(words)
    return fields
