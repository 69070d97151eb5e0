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
from reference.effects import Encoding, Part, Referendum
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
REPLACE_WORDS = {"after_action": ("after this action", "after the action"), "after_combat": ("after combat",),
                 "next_unlock": ("your next unlock phase",)}
"""What a card's text says for each `replace`: 'Do not replace until after combat.'"""


def _has(fragment: str, *words: str) -> bool:
    return all(w.lower() in fragment for w in words)


def _numbers(part: Part, q: str) -> Iterable[tuple[str, str]]:
    """The effect's numbers and words that its quoted fragment does not say."""
    s = part.strike
    if s is not None:
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
    if part.maneuver is not None:
        m = part.maneuver
        if part.maneuver.per != "use" and not any(_has(q, f"{w} {m.per}") for w in ("each", "that", "this")):
            yield "maneuver", f"'each {m.per}' is not in {part.text!r}"
        periods = [p for p in ("combat", "round") if any(_has(q, f"{w} {p}") for w in ("each", "that", "this"))]
        if m.per == "use" and periods:
            yield "maneuver", f"per is use but the text says each {periods[0]}: {part.text!r}"
        if not m.optional and _has(q, "optional"):
            yield "maneuver", f"optional is false but the text says optional: {part.text!r}"
        if not _has(q, "maneuver") or (m.count > 1 and not re.search(rf"\b({m.count}|{NUMBER_WORDS[m.count]})\b", q)):
            yield "maneuver", f"{m.count} maneuver(s) is not in {part.text!r}"
    if part.modifier is not None:
        mod = part.modifier
        for name in ("stealth", "intercept", "bleed", "strength"):
            n = getattr(mod, name)
            if n and f"{n:+d} {name}" not in q:  # "+1 stealth", "The acting minion gets +1 stealth."
                yield "modifier", f"{n:+d} {name} is not in {part.text!r}"
        if mod.limited != _has(q, "(limited)"):
            yield "modifier", f"limited is {str(mod.limited).lower()}, not what {part.text!r} says"
    if part.hands_only_round and not _has(q, "strikes that are not hand strikes cannot be used this round"):
        yield "hands_only_round", f"'strikes that are not hand strikes cannot be used' is not in {part.text!r}"
    if part.one_each_round and not (_has(q, "only one") and _has(q, "each round")):
        yield "one_each_round", f"'only one ... each round' is not in {part.text!r}"
    if part.one_each_combat and not (_has(q, "only one") and _has(q, "each combat")):
        yield "one_each_combat", f"'only one ... each combat' is not in {part.text!r}"
    yield from _inflicts(part, q)
    if part.sets_range and not (_has(q, "set the range") or _has(q, "skip the determine range step")):
        yield "sets_range", f"'set the range' is not in {part.text!r}"
    if part.blocked_combat_close and not (_has(q, "combat is at close range")
                                         or _has(q, "skip the determine range step")):
        yield "blocked_combat_close", f"'combat is at close range' is not in {part.text!r}"
    if part.reduces_bleed is not None and not (_has(q, "reduce a bleed") and f"by {part.reduces_bleed}" in q):
        yield "reduces_bleed", f"'reduce a bleed ... by {part.reduces_bleed}' is not in {part.text!r}"
    if part.employer is not None:
        if not _has(q, "employer"):
            yield "employer", f"'the employer' is not in {part.text!r}"
        for name in ("stealth", "intercept", "bleed", "strength"):
            n = getattr(part.employer, name)
            if n and f"{n:+d} {name}" not in q:
                yield "employer", f"{n:+d} {name} is not in {part.text!r}"
    if part.prevent is not None and f"prevent {part.prevent.amount}" not in q:
        yield "prevent", f"prevent {part.prevent.amount} is not in {part.text!r}"
    if part.prevent is not None and part.prevent.kind != "any" and not _has(q, part.prevent.kind.replace("_", "-")):
        yield "prevent", f"{part.prevent.kind.replace('_', '-')} is not in {part.text!r}"
    if part.prevent is not None and part.prevent.per != "use" and not _has(q, f"each {part.prevent.per}"):
        yield "prevent", f"'each {part.prevent.per}' is not in {part.text!r}"
    if part.prevents_all and not _has(q, "prevent all damage"):
        yield "prevents_all", f"'prevent all damage' is not in {part.text!r}"
    if part.aggravated_as_normal and not _has(q, "aggravated damage as normal damage"):
        yield "aggravated_as_normal", f"'aggravated damage as normal damage' is not in {part.text!r}"
    checks: dict[str, dict[str, str]] = {
        "usable": {"close": "close range", "long": "long range", "before_range": "before range is",
                   "first_round": "first round", "not_first_round": "first round",
                   "bleed_action": "during a bleed action", "not_bleed_action": "not usable during a bleed action",
                   "bled_after_blocks": "bleeding you, after blocks are declined",
                   "other_ready_vampire": "by a ready vampire other than the acting minion",
                   "announced": "when the action is announced", "before_strikes": "before strikes are chosen",
                   "end_of_round": "at the end of a round",
                   "not_leaving_combat": "not usable by a minion being burned or going to torpor"},
        "duration": {"round": "this round", "combat": "this combat", "action": "this action"}}
    for key, phrases in checks.items():
        value = getattr(part, key)
        if value is not None and not _has(q, phrases[value]):
            yield key, f"{phrases[value]!r} is not in {part.text!r}"
    if part.sect and not _has(q, part.sect):
        yield "sect", f"{part.sect} is not in {part.text!r}"
    if part.title and not _has(q, part.title):
        yield "title", f"{part.title} is not in {part.text!r}"
    if part.weapon and part.weapon != "weapon" and not _has(q, part.weapon):
        yield "weapon", f"{part.weapon} is not in {part.text!r}"
    if part.unique and not _has(q, "unique"):
        yield "unique", f"'unique' is not in {part.text!r}"
    if part.same_as_basic and not _has(q, "as above"):
        yield "same_as_basic", f"'as above' is not in {part.text!r}"
    if part.use_as and f"[{part.use_as.lower()}]" not in q:
        yield "use_as", f"[{part.use_as}] is not in {part.text!r}"
    if part.usable == "not_first_round" and not (_has(q, "not usable") or _has(q, "only usable after the first round")):
        yield "usable", f"'not usable ... first round' (or 'only usable after the first round') is not in {part.text!r}"
    if part.usable == "first_round" and not (_has(q, "only usable") and not _has(q, "after the first round")):
        yield "usable", f"'only usable on the first round' is not in {part.text!r}"
    if part.prevents_all_round and not (_has(q, "prevent all damage") and _has(q, "remainder of this round")):
        yield "prevents_all_round", f"'prevent all damage ... for the remainder of this round' is not in {part.text!r}"
    if part.additional_strikes is not None:
        a = part.additional_strikes
        said = "additional strike" + ("s" if a.count > 1 else "")
        if not _has(q, said) or (a.count > 1 and not re.search(rf"\b({a.count}|{NUMBER_WORDS[a.count]})\b", q)) \
                or a.limited != _has(q, "(limited)"):
            yield "additional_strikes", f"{a.count} {said}{' (limited)' if a.limited else ''} is not what " \
                                        f"{part.text!r} says"
    if part.combat_strength is not None:
        c = part.combat_strength
        lasts = _has(q, "remainder of") or _has(q, "this combat") or q.startswith("but with")
        if f"{c.amount:+d} strength" not in q or not lasts \
                or c.opponent != (_has(q, "opposing minion") or _has(q, "opposing vampire")):
            yield "combat_strength", f"'{'the opposing minion ' if c.opponent else ''}{c.amount:+d} strength for the " \
                                     f"combat' is not what {part.text!r} says"
    if part.press is not None and not (_has(q, "press") and (part.press == "any" or _has(q, part.press))):
        yield "press", f"'press' ({part.press}) is not in {part.text!r}"
    if part.hands_aggravated and not ((_has(q, "hand strike") or _has(q, "hand damage")) and _has(q, "aggravated")):
        yield "hands_aggravated", f"'hand strikes ... aggravated' is not in {part.text!r}"
    if part.being is not None and not _has(q, part.being):
        yield "being", f"{part.being} is not in {part.text!r}"
    if part.gain_pool is not None and f"gain {part.gain_pool} pool" not in q:
        yield "gain_pool", f"'gain {part.gain_pool} pool' is not in {part.text!r}"
    if part.gain_blood is not None and not re.search(rf"gains? {part.gain_blood} blood", q):
        yield "gain_blood", f"'gains {part.gain_blood} blood' is not in {part.text!r}"
    if part.master is not None and not (_has(q, part.master) if part.master != "master" else _has(q, "master")):
        yield "master", f"'Master: {part.master}' is not in {part.text!r}"  # a Jyhad card says 'Unique location.'
    yield from _in_play(part, q)
    if part.sets_strength is not None and f"strength of {part.sets_strength}" not in q:
        yield "sets_strength", f"'strength of {part.sets_strength}' is not in {part.text!r}"
    if part.lock_self == "lock" and not _has(q, "lock this reacting vampire"):
        yield "lock_self", f"'lock this reacting vampire' is not in {part.text!r}"
    if part.lock_self == "no_lock" and not _has(q, "do not lock"):
        yield "lock_self", f"'do not lock' is not in {part.text!r}"
    if part.redirects_bleed and not (_has(q, "change the target of the bleed") and _has(q, "can attempt to block")):
        yield "redirects_bleed", f"'change the target of the bleed ... can attempt to block' is not in {part.text!r}"
    if part.directed and "(d)" not in q:
        yield "directed", f"'(D)' is not in {part.text!r}"
    if part.enter_combat and not _has(q, "enter combat"):
        yield "enter_combat", f"'enter combat' is not in {part.text!r}"
    if part.replace and not any(_has(q, "do not replace until " + w) for w in REPLACE_WORDS[part.replace]):
        said = " or ".join(f"'do not replace until {w}'" for w in REPLACE_WORDS[part.replace])
        yield "replace", f"{said} is not in {part.text!r}"
    if part.blocker_burns is not None and not (_has(q, "blocking") and f"burns {part.blocker_burns} blood" in q):
        yield "blocker_burns", f"'blocking ... burns {part.blocker_burns} blood' is not in {part.text!r}"
    if part.life is not None and f"{part.life} life" not in q:
        yield "life", f"{part.life} life is not in {part.text!r}"
    if part.ally_stats is not None:
        for name in ("strength", "bleed"):
            n = getattr(part.ally_stats, name)
            if not re.search(rf"(?<![+\-\d]){n} {name}\b", q):  # "1 strength, 0 bleed.", not "+1 strength"
                yield "ally_stats", f"'{n} {name}' is not in {part.text!r}"
    if part.no_combat_ends_against and not (_has(q, "in combat with the employer")
                                            and _has(q, "cannot strike: combat ends")):
        yield "no_combat_ends_against", f"'in combat with the employer cannot strike: combat ends' is not in " \
                                        f"{part.text!r}"
    if part.round_damage is not None:
        d = part.round_damage
        hit = re.search(rf"\b{d.amount}(r?) damage", q)
        if hit is None or not (_has(q, "opposing minion") and _has(q, "strike resolution")):
            yield "round_damage", f"'{d.amount} damage ... the opposing minion ... strike resolution' is not in " \
                                  f"{part.text!r}"
        elif bool(hit.group(1)) != d.ranged or (not d.ranged and not _has(q, "close")):
            close = "" if _has(q, "close") else " and no close range"
            yield "round_damage", f"ranged is {str(d.ranged).lower()}, but {part.text!r} says " \
                                  f"{'R' if hit.group(1) else 'no R'}{close}"
    if part.clan_trait and not _has(q, part.clan_trait):
        yield "clan_trait", f"{part.clan_trait} is not in {part.text!r}"
    yield from _political(part, q)


INFLICT_WHEN = {"before_range": "before range is determined", "strike_resolution": "strike resolution",
                "press_step": "press step", "end_of_round": "inflicts", "after_combat": "after combat ends"}


def _inflicts(part: Part, q: str) -> Iterable[tuple[str, str]]:
    """Damage a card inflicts apart from a strike, and what changes it at superior, against the fragment they quote."""
    d = part.inflicts
    if d is not None:
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
    if part.inflict_aggravated and not _has(q, "damage is aggravated"):
        yield "inflict_aggravated", f"'the damage is aggravated' is not in {part.text!r}"
    if part.inflict_grows is not None and not _has(q, f"increased by {part.inflict_grows} in each subsequent round"):
        yield "inflict_grows", f"'increased by {part.inflict_grows} in each subsequent round' is not in {part.text!r}"
    for key, phrases in (("if_inflicted_more", ("successfully inflicted more damage than the opposing",)),
                       ("if_more_blood", ("only usable if this vampire has more blood than the opposing",)),
                       ("no_strike_cards", ("cannot play any strike cards", "this combat")),
                       ("restricts_opponent", ("cannot use maneuvers to maneuver to long range",
                                               "cannot use presses to end combat", "cannot use equipment"))):
        if getattr(part, key) and not all(_has(q, w) for w in phrases):
            yield key, f"{' ... '.join(phrases)!r} is not in {part.text!r}"
    if part.opponent_gains_blood is not None and not _has(q, f"opposing vampire gains {part.opponent_gains_blood} "
                                                             "blood"):
        yield "opponent_gains_blood", f"'opposing vampire gains {part.opponent_gains_blood} blood' is not in " \
                                      f"{part.text!r}"
    s = part.strike
    if s is not None and s.to_torpor != _has(q, "send the opposing vampire to torpor"):
        yield "strike", f"to_torpor is {str(s.to_torpor).lower()}, not what {part.text!r} says"


def _in_play(part: Part, q: str) -> Iterable[tuple[str, str]]:
    """A master card in play and what it does in its controller's phases, against the fragment it quotes."""
    if part.in_play and not re.search(r"put this card (in|into) play", q):
        yield "in_play", f"'Put this card in play' is not in {part.text!r}"
    t = part.takes_control
    if t is not None and not (_has(q, "take control of") and (_has(q, "ally") if t.kind == "ally" else
                                                               _has(q, f"a ready {t.clan or 'vampire'}"))
                              and _has(q, "until the end of your turn" if t.until == "end"
                                       else "until your next unlock phase")):
        yield "takes_control", f"control of {t.clan or t.kind} until {t.until} is not what {part.text!r} says"
    if part.one_hunting_ground and not _has(q, "only one hunting ground"):
        yield "one_hunting_ground", f"'only one hunting ground' is not in {part.text!r}"
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
    if part.referendum is not None:
        yield from (("referendum", m) for m in _terms_unsaid(part.referendum, q, part.text))
    name = part.discipline_card
    if name is not None and not (q == "discipline." or _has(q, f"cannot be put on a vampire with superior {name}")
                                 or (_has(q, f"+1 level of {name}") and _has(q, "+1 capacity"))):
        yield "discipline_card", (f"'Discipline.', '+1 level of {name} and +1 capacity' or 'cannot be put on a "
                                  f"vampire with superior {name}' is not in {part.text!r}")


def _action_effects(part: Part, q: str) -> Iterable[tuple[str, str]]:
    """An action card's bleed and the blood it moves, against the fragment they quote."""
    b = part.bleeds
    if b is not None:
        said = [*([f"+{b.plus} bleed"] if b.plus else []), *(["any methuselah"] if b.any else []),
                *(["predator or prey"] if b.predator_or_prey else []),
                *([f"more than {b.max} pool is bled", "ignore the excess"] if b.max else [])]
        if not (_has(q, "bleed") or _has(q, "bled")) or not all(_has(q, w) for w in said):
            yield "bleeds", f"{', '.join(repr(w) for w in said) or 'bleed'} is not all in {part.text!r}"
    checks = (
        ("gain_pool_if_bled", part.gain_pool_if_bled, "gain {} pool if the bleed is successful"),
        ("prey_vampires_burn", part.prey_vampires_burn, "each ready vampire controlled by your prey burns {} blood"),
        ("add_blood", part.add_blood and part.add_blood.amount, "add {} blood to "
         + ("a younger vampire in your uncontrolled region" if part.add_blood and part.add_blood.to ==
            "younger_uncontrolled" else "another vampire")),
    )
    f = part.feed
    if f is not None:
        said = [f"gains {f.amount} blood", *(["unlocked"] if f.unlocked else []), *([f.sect] if f.sect else []),
                *([f.clan] if f.clan else []), *(["uncontrolled region"] if f.where == "uncontrolled" else []),
                *(["ready"] if f.where == "ready" and not f.unlocked else [])]
        for words in said:
            if not _has(q, words):
                yield "feed", f"{words!r} is not in {part.text!r}"
    if part.crypt_to_uncontrolled and not _has(q, "move the top card from your crypt to your uncontrolled region"):
        yield "crypt_to_uncontrolled", f"'move the top card from your crypt ...' is not in {part.text!r}"
    moves = {"vampire_to_pool": "move any amount of blood from a vampire you control to your pool",
             "each_ready_to_pool": "move 1 blood from each ready vampire you control to your pool",
             "pool_to_vampires": "from your pool to 1 or more vampires you control",
             "vampire_to_vampires": "move any amount of blood from one of your ready vampires to any combination of "
                                    "your other ready vampires"}
    if part.moves_blood is not None and not _has(q, moves[part.moves_blood]):
        yield "moves_blood", f"{moves[part.moves_blood]!r} is not in {part.text!r}"
    if part.burns is not None and not _has(q, {"vampire_in_torpor": "burn a vampire in torpor",
                                                "location": "burn a location"}[part.burns]):
        yield "burns", f"'burn a {part.burns.replace('_', ' ')}' is not in {part.text!r}"
    if part.defects_to_richer_prey and not (_has(q, "if your prey has more pool than you do at the beginning of your "
                                                    "unlock phase") and _has(q, "takes control")):
        yield "defects_to_richer_prey", f"'if your prey has more pool ... takes control' is not in {part.text!r}"
    if part.immune_non_aggravated and not _has(q, "immune to non-aggravated damage"):
        yield "immune_non_aggravated", f"'immune to non-aggravated damage' is not in {part.text!r}"
    if part.once_each_combat and not _has(q, "only usable once each combat"):
        yield "once_each_combat", f"'only usable once each combat' is not in {part.text!r}"
    yield from _weapon_use(part, q)
    if part.lock_all is not None and not _has(q, f"lock all ready {part.lock_all}"):
        yield "lock_all", f"'lock all ready {part.lock_all}' is not in {part.text!r}"
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
    if part.burn_target is not None and not _has(q, "burn an ally or retainer controlled by your prey"):
        yield "burn_target", f"'burn an ally or retainer controlled by your prey' is not in {part.text!r}"
    if part.target_burns is not None and not _has(q, f"burn {part.target_burns} blood or life from the target"):
        yield "target_burns", f"'burn {part.target_burns} blood or life from the target' is not in {part.text!r}"
    a = part.ability_action
    if a is not None:
        kind = f"steal the {a.steals}" if a.steals else f"burn a {a.burns}" if a.burns else "enter combat with a minion"
        said = [kind, *([f"+{a.stealth} stealth"] if a.stealth else []), *(["(d) action"] if a.directed else []),
                *([f"costs {a.cost_blood} blood"] if a.cost_blood else [])]
        for words in said:
            if words not in q:
                yield "ability_action", f"{words!r} is not in {part.text!r}"
    if part.steals is not None and not _has(q, f"steal a{'n' if part.steals[0] in 'aeiou' else ''} {part.steals}"):
        yield "steals", f"'steal a {part.steals}' is not in {part.text!r}"
    for field, n, words in checks:
        if n and not _has(q, words.format(n)):
            yield field, f"{words.format(n)!r} is not in {part.text!r}"


def _weapon_use(part: Part, q: str) -> Iterable[tuple[str, str]]:
    """A weapon's limits and what its use does: once each round, burned after use, the user hurt, soul counters,
    a stake's torpor and the card passing to its victim."""
    said: list[tuple[str, bool, tuple[str, ...]]] = [
        ("once_each_round", part.once_each_round, ("only usable once each round",)),
        ("burn_after_use", part.burn_after_use, ("burn", "after use")),
        ("only_clan", part.only_clan is not None, (f"only usable by {part.only_clan}",)),
        ("transfers_to_victim", part.transfers_to_victim, ("this card is transferred to that vampire",)),
        ("holds_in_torpor", part.holds_in_torpor, ("doesn't unlock as normal", "as long as", "remains in torpor")),
        ("stakes", part.stakes is not None, (f"more than {part.stakes} damage is inflicted", "sent to torpor")),
        ("soul_counters", part.soul_counters == "add_on_damage", ("successfully inflicts damage",
                                                                  "add a soul counter", "end of that round")),
        ("soul_counters", part.soul_counters == "damage_each", ("one additional point of damage each strike",
                                                                "for each soul counter")),
        ("soul_counters", part.soul_counters == "lost_on_transfer", ("remove all soul counters",
                                                                     "another minion gains control")),
    ]
    said.append(("bearer_cannot_hunt", part.bearer_cannot_hunt, ("the bearer cannot hunt",)))
    u = part.unlock_damage
    if u is not None:
        said.append(("unlock_damage", True, ("if the bearer is ready during your unlock phase", f"inflicts {u.amount}",
                                             *(["unpreventable"] if u.unpreventable else []),
                                             "on a ready minion you control")))
    ep = part.equipment_press
    if ep is not None:
        said.append(("equipment_press", True, ("1 press", *(["(mandatory)"] if ep.mandatory else []),
                                               *([f"only usable to {ep.only} combat"] if ep.only else []),
                                               *(["during the first round"] if ep.first_round else []))))
    b = part.bearer_damage
    if b is not None:
        said.append(("bearer_damage", True, (f"takes {b.amount}", *(["aggravated damage"] if b.aggravated else
                                                                    ["damage"]),
                                             *(["used at close range"] if b.close_range else ["used in combat"]))))
    if b is not None and b.aggravated != _has(q, "aggravated"):
        yield "bearer_damage", f"aggravated is {str(b.aggravated).lower()}, not what {part.text!r} says"
    for field, given, words in said:
        if given and not _has(q, *words):
            yield field, f"{' ... '.join(words)!r} is not in {part.text!r}"


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
