"""Loading card encodings (reference/data/cards/*.yaml) and checking each against its card's text.

Every part must quote its card verbatim, on a line of its own Discipline level; the parts
together must cover the whole text (nothing left but punctuation and level marks), so no effect
of the card is silently left out; and each number or word of an effect must be in the fragment it
quotes (a strike of 2R damage quotes "2R"; "each combat", "aggravated", "+1 stealth", "(limited)",
"only usable at long range" likewise). Every problem is one line with file, line and field.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Literal

from reference.cards import Card, CardIndex, UnknownCardError
from reference.documents import DATA_DIR, display_path
from reference.effects import SAYS, Encoding, Part, Referendum
from reference.problems import Problem, ProblemsError
from reference.yamlsource import Located, load_items

ENCODINGS_DIR = DATA_DIR / "cards"
LEVEL_MARK = re.compile(r"^\[([a-z]{3}|[A-Z]{3})\]\s*")
Status = Literal["encoded", "not encodable", "not yet encoded"]


@dataclass(frozen=True)
class Encoded:
    """An encoding resolved to its card, remembering where it was written."""

    card: Card
    encoding: Encoding
    file: str
    line: int | None


def squash(text: str) -> str:
    """Whitespace collapsed, for comparing quotes with card text."""
    return " ".join(text.split())


def level_lines(card: Card) -> dict[str, str]:
    """The card's text by level: lines marked [pot] are basic, [POT] superior, the rest any (marks removed)."""
    out: dict[str, list[str]] = {"any": [], "basic": [], "superior": []}
    for line in card.text.splitlines():
        mark = LEVEL_MARK.match(line)
        level = "any" if mark is None else ("superior" if mark.group(1).isupper() else "basic")
        out[level].append(LEVEL_MARK.sub("", line))
    return {k: squash(" ".join(v)) for k, v in out.items()}


def check_encoding(card: Card, enc: Encoding) -> list[tuple[tuple[str | int, ...], str]]:
    """Every way the encoding disagrees with the card's text: (field path, message)."""
    issues: list[tuple[tuple[str | int, ...], str]] = []
    lines = level_lines(card)
    left = dict(lines)
    for i, part in enumerate(enc.parts):
        quote = squash(part.text)
        where = lines.get(part.level, "")
        if quote not in where:
            also = [lvl for lvl, t in lines.items() if quote in t]
            hint = f" (it is in the {also[0]} text)" if also else ""
            issues.append((("parts", i, "text"), f"not in {card.name}'s {part.level} text{hint}: {part.text!r}"))
            continue
        left[part.level] = left[part.level].replace(quote, " ", 1)
        issues += [(("parts", i, field), message) for field, message in _numbers(part, quote.lower())]
    if issues:  # a quote not found leaves its text uncovered: say it once
        return issues
    for level, rest in left.items():
        if re.sub(r"[\s.,;:()]+", "", rest):
            issues.append((("parts",), f"{card.name}'s {level} text is not all encoded: {squash(rest)!r} "
                                       "(add a part for it, with `not_modelled:` naming the mechanic if the "
                                       "engine lacks it)"))
    return issues


NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five"}


def _has(fragment: str, *words: str) -> bool:
    return all(w.lower() in fragment for w in words)


def _numbers(part: Part, q: str) -> Iterable[tuple[str, str]]:
    """The effect's numbers and words that its quoted fragment does not say: what the effect declares it says
    (reference/effects.py ``Says``), or, for an effect made of several fields, what its check below asks."""
    effect = part.effect
    says = SAYS.get(effect)
    if says is not None:
        yield from ((effect, message) for message in says.unsaid(getattr(part, effect), q, part.text))
    yield from _strike(part, q)
    yield from _combat(part, q)
    yield from _inflicts(part, q)
    yield from _in_play(part, q)
    yield from _political(part, q)


def _strike(part: Part, q: str) -> Iterable[tuple[str, str]]:
    """A strike's damage, range and what else it does, against the fragment it quotes."""
    s = part.strike
    if s is None:
        return
    if s.damage is not None and not re.search(rf"\b{s.damage}r?\b", q):
        yield "strike", f"damage {s.damage} is not in {part.text!r}"
    if s.strength_plus is not None and not (_has(q, "strength")
                                            and (s.strength_plus == 0 or f"+{s.strength_plus}" in q)):
        yield "strike", f"strength+{s.strength_plus} is not in {part.text!r}"
    if s.ranged != bool(re.search(r"\dr\b|ranged", q)):
        yield "strike", f"ranged is {str(s.ranged).lower()} but the text says {'no ' if s.ranged else ''}R"
    if s.aggravated != _has(q, "aggravated"):
        yield "strike", f"aggravated is {str(s.aggravated).lower()}, not what {part.text!r} says"
    for flag, words in (("first_strike", "first strike"), ("dodge", "dodge"), ("combat_ends", "combat ends")):
        if getattr(s, flag) and not _has(q, words):
            yield "strike", f"{flag} is not in {part.text!r}"
    if s.unpreventable != _has(q, "unpreventable"):
        yield "strike", f"unpreventable is {str(s.unpreventable).lower()}, not what {part.text!r} says"
    if s.steal_blood and not re.search(rf"steal {s.steal_blood} blood", q):
        yield "strike", f"steal {s.steal_blood} blood is not in {part.text!r}"
    if s.hands != bool(re.search(r"\bhand strike|strike: hand\b", q)):
        yield "strike", f"hands is {str(s.hands).lower()}, not what {part.text!r} says"
    if s.melee_weapon != _has(q, "melee weapon strike"):
        yield "strike", f"melee_weapon is {str(s.melee_weapon).lower()}, not what {part.text!r} says"
    if s.plus_damage and f"+{s.plus_damage} damage" not in q:
        yield "strike", f"+{s.plus_damage} damage is not in {part.text!r}"
    if s.destroy_equipment != _has(q, "destroy equipment"):
        yield "strike", f"destroy_equipment is {str(s.destroy_equipment).lower()}, not what {part.text!r} says"
    if s.steal_equipment is not None and not _has(q, f"steal {s.steal_equipment}"):
        yield "strike", f"'steal {s.steal_equipment}' is not in {part.text!r}"
    if s.to_torpor != _has(q, "send the opposing vampire to torpor"):
        yield "strike", f"to_torpor is {str(s.to_torpor).lower()}, not what {part.text!r} says"


def _combat(part: Part, q: str) -> Iterable[tuple[str, str]]:
    """Maneuvers, modifiers, prevention, additional strikes, strength for the combat, an ally's or retainer's own
    numbers, against the fragment they quote."""
    m = part.maneuver
    if m is not None:
        if m.per != "use" and not any(_has(q, f"{w} {m.per}") for w in ("each", "that", "this")):
            yield "maneuver", f"'each {m.per}' is not in {part.text!r}"
        periods = [p for p in ("combat", "round") if any(_has(q, f"{w} {p}") for w in ("each", "that", "this"))]
        if m.per == "use" and periods:
            yield "maneuver", f"per is use but the text says each {periods[0]}: {part.text!r}"
        if not m.optional and _has(q, "optional"):
            yield "maneuver", f"optional is false but the text says optional: {part.text!r}"
        if not _has(q, "maneuver") or (m.count > 1 and not re.search(rf"\b({m.count}|{NUMBER_WORDS[m.count]})\b", q)):
            yield "maneuver", f"{m.count} maneuver(s) is not in {part.text!r}"
    for key, mod in (("modifier", part.modifier), ("employer", part.employer)):
        if mod is None:
            continue
        if key == "employer" and not _has(q, "employer"):
            yield "employer", f"'the employer' is not in {part.text!r}"
        for name in ("stealth", "intercept", "bleed", "strength"):
            n = getattr(mod, name)
            if n and f"{n:+d} {name}" not in q:  # "+1 stealth", "The acting minion gets +1 stealth."
                yield key, f"{n:+d} {name} is not in {part.text!r}"
        if key == "modifier" and mod.limited != _has(q, "(limited)"):
            yield "modifier", f"limited is {str(mod.limited).lower()}, not what {part.text!r} says"
    p = part.prevent
    if p is not None:
        if f"prevent {p.amount}" not in q:
            yield "prevent", f"prevent {p.amount} is not in {part.text!r}"
        if p.kind != "any" and not _has(q, p.kind.replace("_", "-")):
            yield "prevent", f"{p.kind.replace('_', '-')} is not in {part.text!r}"
        if p.per != "use" and not _has(q, f"each {p.per}"):
            yield "prevent", f"'each {p.per}' is not in {part.text!r}"
    a = part.additional_strikes
    if a is not None:
        said = "additional strike" + ("s" if a.count > 1 else "")
        if not _has(q, said) or (a.count > 1 and not re.search(rf"\b({a.count}|{NUMBER_WORDS[a.count]})\b", q)) \
                or a.limited != _has(q, "(limited)"):
            yield "additional_strikes", f"{a.count} {said}{' (limited)' if a.limited else ''} is not what " \
                                        f"{part.text!r} says"
    c = part.combat_strength
    if c is not None:
        lasts = _has(q, "remainder of") or _has(q, "this combat") or q.startswith("but with")
        if f"{c.amount:+d} strength" not in q or not lasts \
                or c.opponent != (_has(q, "opposing minion") or _has(q, "opposing vampire")):
            yield "combat_strength", f"'{'the opposing minion ' if c.opponent else ''}{c.amount:+d} strength for the " \
                                     f"combat' is not what {part.text!r} says"
    yield from _own_numbers(part, q)


def _own_numbers(part: Part, q: str) -> Iterable[tuple[str, str]]:
    """An ally's printed strength and bleed, a retainer's damage each round."""
    if part.ally_stats is not None:
        for name in ("strength", "bleed"):
            n = getattr(part.ally_stats, name)
            if not re.search(rf"(?<![+\-\d]){n} {name}\b", q):  # "1 strength, 0 bleed.", not "+1 strength"
                yield "ally_stats", f"'{n} {name}' is not in {part.text!r}"
    d = part.round_damage
    if d is not None:
        hit = re.search(rf"\b{d.amount}(r?) damage", q)
        if hit is None or not (_has(q, "opposing minion") and _has(q, "strike resolution")):
            yield "round_damage", f"'{d.amount} damage ... the opposing minion ... strike resolution' is not in " \
                                  f"{part.text!r}"
        elif bool(hit.group(1)) != d.ranged or (not d.ranged and not _has(q, "close")):
            close = "" if _has(q, "close") else " and no close range"
            yield "round_damage", f"ranged is {str(d.ranged).lower()}, but {part.text!r} says " \
                                  f"{'R' if hit.group(1) else 'no R'}{close}"


INFLICT_WHEN = {"before_range": "before range is determined", "strike_resolution": "strike resolution",
                "press_step": "press step", "end_of_round": "inflicts", "after_combat": "after combat ends"}


def _inflicts(part: Part, q: str) -> Iterable[tuple[str, str]]:
    """Damage a card inflicts apart from a strike, against the fragment it quotes."""
    d = part.inflicts
    if d is None:
        return
    said = [INFLICT_WHEN[d.when], "damage",
            *([] if d.returned else [f"{d.amount} "]),
            *(["both combatants"] if d.to == "both" else []), *(["each retainer"] if d.retainers else []),
            *(["each round"] if d.rounds == "each" else []), *(["first round"] if d.rounds == "first" else []),
            *(["equal to the amount of damage", "successfully inflict"] if d.returned else []),
            *(["if the range is close"] if d.close_range else [])]
    for words in said:
        if not _has(q, words):
            yield "inflicts", f"{words.strip()!r} is not in {part.text!r}"
    if (d.to == "both") != _has(q, "both combatants"):
        yield "inflicts", f"to is {d.to}, not what {part.text!r} says"
    for flag, words in (("environmental", "environmental"), ("unpreventable", "unpreventable")):
        if getattr(d, flag) != _has(q, words):
            yield "inflicts", f"{flag} is {str(getattr(d, flag)).lower()}, not what {part.text!r} says"
    if d.by_minion != bool(re.search(r"this (vampire|minion) inflicts", q)):
        yield "inflicts", f"by_minion is {str(d.by_minion).lower()}, not what {part.text!r} says"


def _in_play(part: Part, q: str) -> Iterable[tuple[str, str]]:
    """A master card in play and what it does in its controller's phases, against the fragment it quotes."""
    t = part.takes_control
    if t is not None and not (_has(q, "take control of") and (_has(q, "ally") if t.kind == "ally" else
                                                               _has(q, f"a ready {t.clan or 'vampire'}"))
                              and _has(q, "until the end of your turn" if t.until == "end"
                                       else "until your next unlock phase")):
        yield "takes_control", f"control of {t.clan or t.kind} until {t.until} is not what {part.text!r} says"
    for key, effect in (("phase_blood", part.phase_blood), ("phase_pool", part.phase_pool)):
        if effect is None:
            continue
        if f"your {effect.phase} phase" not in q:
            yield key, f"'during your {effect.phase} phase' is not in {part.text!r}"
        if effect.lock != bool(re.search(r"\block\b", q)):  # not the 'unlock' of 'unlock phase'
            yield key, f"lock is {str(effect.lock).lower()}, not what {part.text!r} says"
    b = part.phase_blood
    if b is not None:
        if not re.search(rf"(gain|add|move) {b.amount} blood", q):
            yield "phase_blood", f"'{b.amount} blood' is not in {part.text!r}"
        if b.to == "ready" and not _has(q, "ready vampire you control"):
            yield "phase_blood", f"'a ready vampire you control' is not in {part.text!r}"
        if b.to == "uncontrolled" and not _has(q, "in your uncontrolled region"):
            yield "phase_blood", f"'in your uncontrolled region' is not in {part.text!r}"
        if b.clan is not None and not re.search(rf"\ba {re.escape(b.clan.lower())} in your", q):
            yield "phase_blood", f"the clan {b.clan} is not what {part.text!r} says"
    p = part.phase_pool
    if p is not None:
        if f"gain {p.amount} pool" not in q:
            yield "phase_pool", f"'gain {p.amount} pool' is not in {part.text!r}"
        if p.edge != _has(q, "the edge"):
            yield "phase_pool", f"edge is {str(p.edge).lower()}, not what {part.text!r} says"


def _political(part: Part, q: str) -> Iterable[tuple[str, str]]:
    """A political card's requirement, choice and terms, and a Discipline card, against the fragment they quote."""
    if part.requires is not None:
        r = part.requires
        for word in ("requires", *([r.sect] if r.sect else []), *r.titles,
                     *([f"capacity above {r.capacity_above}"] if r.capacity_above else [])):
            if not _has(q, word):
                yield "requires", f"{word!r} is not in {part.text!r}"
    if part.choose is not None:
        c = part.choose
        noun = [] if c.title or c.clan else [c.what]  # "Choose a ready prince.": the title names a vampire
        words = [*noun, *(["ready"] if c.ready else []), *([c.title] if c.title else []), *([c.sect] if c.sect else []),
                 *(["younger"] if c.younger else []), *(["another"] if c.another else []),
                 *([c.clan] if c.clan else []), *(["edge"] if c.edge else [])]
        if c.points is not None:
            words = ["allocate", f"{c.points if c.points else 'x'} points among two or more methuselahs"]
        elif not (_has(q, "choose") or _has(q, "select") or q.startswith("and a")):  # "Choose a location and a ..."
            yield "choose", f"'choose' is not in {part.text!r}"
        for word in words:
            if not _has(q, word):
                yield "choose", f"{word!r} is not in {part.text!r}"
        if not c.ready and _has(q, "ready"):
            yield "choose", f"ready is false, but {part.text!r} says 'ready'"
    if part.clan_votes is not None:
        v = part.clan_votes
        said = [v.clan, "vote", "in this referendum", *(["ready"] if v.ready else [])]
        if v.ready != _has(q, "ready") or not all(_has(q, w) for w in said) or (v.votes > 1 and str(v.votes) not in q):
            each = f"each {'ready ' if v.ready else ''}{v.clan} gets {v.votes} vote"
            yield "clan_votes", f"'in this referendum, {each}' is not what {part.text!r} says"
    yield from _action_effects(part, q)
    yield from _weapon_use(part, q)
    if part.referendum is not None:
        yield from (("referendum", m) for m in _terms_unsaid(part.referendum, q, part.text))
    name = part.discipline_card
    if name is not None and not (q == "discipline." or _has(q, f"cannot be put on a vampire with superior {name}")
                                 or (_has(q, f"+1 level of {name}") and _has(q, "+1 capacity"))):
        yield "discipline_card", (f"'Discipline.', '+1 level of {name} and +1 capacity' or 'cannot be put on a "
                                  f"vampire with superior {name}' is not in {part.text!r}")


def _action_effects(part: Part, q: str) -> Iterable[tuple[str, str]]:
    """An action card's bleed, the blood it moves, what it locks or gives, against the fragment they quote."""
    b = part.bleeds
    if b is not None:
        said = [*([f"+{b.plus} bleed"] if b.plus else []), *(["any methuselah"] if b.any else []),
                *(["predator or prey"] if b.predator_or_prey else []),
                *([f"more than {b.max} pool is bled", "ignore the excess"] if b.max else [])]
        if not (_has(q, "bleed") or _has(q, "bled")) or not all(_has(q, w) for w in said):
            yield "bleeds", f"{', '.join(repr(w) for w in said) or 'bleed'} is not all in {part.text!r}"
    ab = part.add_blood
    if ab is not None:
        words = f"add {ab.amount} blood to " + ("a younger vampire in your uncontrolled region"
                                               if ab.to == "younger_uncontrolled" else "another vampire")
        if not _has(q, words):
            yield "add_blood", f"{words!r} is not in {part.text!r}"
    f = part.feed
    if f is not None:
        said = [f"gains {f.amount} blood", *(["unlocked"] if f.unlocked else []), *([f.sect] if f.sect else []),
                *([f.clan] if f.clan else []), *(["uncontrolled region"] if f.where == "uncontrolled" else []),
                *(["ready"] if f.where == "ready" and not f.unlocked else [])]
        for words in said:
            if not _has(q, words):
                yield "feed", f"{words!r} is not in {part.text!r}"
    lg = part.lock_gives
    if lg is not None:
        said = ["lock", *([f"+{lg.stealth} stealth"] if lg.stealth else []),
                *([f"+{lg.intercept} intercept"] if lg.intercept else []), *([lg.clan] if lg.clan else []),
                *(["current action"] if lg.current_action else [])]
        for words in said:
            if not _has(q, words):
                yield "lock_gives", f"{words!r} is not in {part.text!r}"
    lt = part.lock_target
    if lt is not None:
        noun = {"minion": "minion", "vampire": "vampire", "younger_vampire_or_ally": "a younger vampire or an ally"}
        said = ["unlock" if lt.unlock else "lock", noun[lt.kind], *(["ready"] if lt.ready else []),
                *({"prey": ["controlled by your prey"], "predator_or_prey": ["controlled by your predator or prey"],
                   "any": []}[lt.whose])]
        for words in said:
            if not _has(q, words):
                yield "lock_target", f"{words!r} is not in {part.text!r}"
        if not lt.unlock and _has(q, "unlock"):
            yield "lock_target", f"{part.text!r} unlocks"
    a = part.ability_action
    if a is not None:
        kind = f"steal the {a.steals}" if a.steals else f"burn a {a.burns}" if a.burns else "enter combat with a minion"
        said = [kind, *([f"+{a.stealth} stealth"] if a.stealth else []), *(["(d) action"] if a.directed else []),
                *([f"costs {a.cost_blood} blood"] if a.cost_blood else [])]
        for words in said:
            if words not in q:
                yield "ability_action", f"{words!r} is not in {part.text!r}"


def _weapon_use(part: Part, q: str) -> Iterable[tuple[str, str]]:
    """What a weapon's use does to its user, and the damage and press it gives, against the fragment they quote."""
    said: list[tuple[str, tuple[str, ...]]] = []
    u = part.unlock_damage
    if u is not None:
        said.append(("unlock_damage", ("if the bearer is ready during your unlock phase", f"inflicts {u.amount}",
                                       *(["unpreventable"] if u.unpreventable else []),
                                       "on a ready minion you control")))
    ep = part.equipment_press
    if ep is not None:
        said.append(("equipment_press", ("1 press", *(["(mandatory)"] if ep.mandatory else []),
                                         *([f"only usable to {ep.only} combat"] if ep.only else []),
                                         *(["during the first round"] if ep.first_round else []))))
    b = part.bearer_damage
    if b is not None:
        said.append(("bearer_damage", (f"takes {b.amount}", *(["aggravated damage"] if b.aggravated else ["damage"]),
                                       *(["used at close range"] if b.close_range else ["used in combat"]))))
        if b.aggravated != _has(q, "aggravated"):
            yield "bearer_damage", f"aggravated is {str(b.aggravated).lower()}, not what {part.text!r} says"
    for key, words in said:
        if not _has(q, *words):
            yield key, f"{' ... '.join(words)!r} is not in {part.text!r}"


def _terms_unsaid(t: Referendum, q: str, text: str) -> Iterable[str]:
    # a part adding to the terms (a capacity clause) says only its own words
    main = bool(t.title or t.pool or t.loses_title or t.burn or t.control_location or t.edge or t.lock_clan
                or (t.to_uncontrolled and "cards and counters" not in q) or t.steal_unless_capacity_above
                or t.swap_seats
                or t.allocate or t.steal_from_richer or t.burn_bleed_at_least or t.base)
    if main and not (_has(q, "successful") or _has(q, "passes")):
        yield f"'successful referendum' is not in {text!r}"
    said = [*([t.title, f"on the {t.to}"] if t.title else []), *([t.if_clan] if t.if_clan else [])]
    if t.capacity:
        said.append(f"capacity {'increases' if t.capacity > 0 else 'decreases'} by {abs(t.capacity)}")
    if t.pool and t.base:  # "burns X+1 pool, where X is the number of ..."
        said += ["burns x+1 pool" if t.pool < 0 else "gains x+1 pool"]
    elif t.pool:
        said += [f"{'gains' if t.pool > 0 else 'burns'} {abs(t.pool)}", "pool",
                 {"each": "each methuselah", "chosen": "chosen methuselah", "edge": "that methuselah"}[t.who or "each"]]
    if t.per:
        said.append(f"for each {t.per}")
    if t.loses_title:
        said.append("loses his or her title")
    if t.burn:
        said.append("burn")
    if t.control_location:
        said.append("takes control of the chosen location")
    said += [w for w, on in (("gets the edge", t.edge), ("uncontrolled", t.to_uncontrolled),
                             ("locks all vampires of that clan", t.lock_clan),
                             (f"number of {t.per_clan}", t.per_clan), (f"x+{abs(t.base)}", t.base),
                             ("chosen methuselah burns an additional", t.chosen_extra == -1),
                             ("for each point allocated", t.allocate),
                             (f"steal {t.steal_from_richer} pool from each methuselah who has more pool",
                              t.steal_from_richer),
                             (f"current bleed of {t.burn_bleed_at_least} or more", t.burn_bleed_at_least),
                             (f"does not control a vampire with a capacity above {t.steal_unless_capacity_above}",
                              t.steal_unless_capacity_above),
                             ("switch places", t.swap_seats)) if on]
    for words in said:
        if not _has(q, words):
            yield f"{words!r} is not in {text!r}"


def load_encodings(index: CardIndex, folder: Path = ENCODINGS_DIR) -> MappingProxyType[str, Encoded]:
    """Every card encoding by card id; raises ProblemsError with every problem in every file."""
    problems: list[Problem] = []
    found: dict[str, Encoded] = {}
    for path in sorted(folder.glob("*.yaml")) if folder.is_dir() else [folder]:
        located, items, bad = load_items(path, Encoding, "card encodings", display_path(path))
        problems += bad
        for i, enc in items:
            assert located is not None
            problems += _check_item(located, i, enc, index, found)
    if problems:
        raise ProblemsError(problems)
    return MappingProxyType(found)


def _check_item(located: Located, i: int, enc: Encoding, index: CardIndex, found: dict[str, Encoded]
                ) -> list[Problem]:
    try:
        card = index.find(enc.card)
    except UnknownCardError as exc:
        return [located.problem((i, "card"), str(exc))]
    if card.id in found:
        first = found[card.id]
        return [located.problem((i, "card"), f"{card.name} is encoded twice (first at {first.file}:{first.line})")]
    issues = check_encoding(card, enc)
    if enc.name is not None and enc.name not in (card.name, card.qualified_name):
        issues.append((("name",), f"{enc.card} is {card.qualified_name!r}, not {enc.name!r}"))
    if not issues:
        found[card.id] = Encoded(card, enc, located.file, located.line_of((i,)))
    return [located.problem((i, *path), message) for path, message in issues]


@cache
def encodings() -> MappingProxyType[str, Encoded]:
    """The project's card encodings (read from ENCODINGS_DIR when first asked, so that a bench or a test can
    point it at a copy), loaded once per process; raises ProblemsError on a bad file."""
    from reference.cards import card_index

    return load_encodings(card_index(), ENCODINGS_DIR)


def status(card: Card, encodings: MappingProxyType[str, Encoded]) -> tuple[Status, tuple[str, ...]]:
    """A card's encoding status and, when not encodable, the mechanics the engine lacks."""
    enc = encodings.get(card.id)
    if enc is None:
        return "not yet encoded", ()
    missing = enc.encoding.missing
    return ("not encodable", missing) if missing else ("encoded", ())
