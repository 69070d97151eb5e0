"""Parse krcg's rulings.yaml, groups.yaml and references.yaml into Ruling, CardGroup and RulingReference models.

The files are read from the installed package (never the network). YAML is composed, not loaded, so
each problem names the package file, the line and the key: a ruling on an unknown card, a {Card}
link no card answers to, a reference the references file lacks, a reference with no URL or an
impossible date. Every problem is collected and raised at once as a ProblemsError.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from datetime import date

import yaml
from krcg.rulings import parse_cards, parse_references, parse_symbols

from reference.cardcsv import label, read_package_files
from reference.cards import Card, CardIndex, all_cards, normalize_name
from reference.problems import Problem, ProblemsError
from reference.ruling_model import CardGroup, GroupMember, Ruling, RulingReference

RULINGS, GROUPS, REFERENCES = "rulings.yaml", "groups.yaml", "references.yaml"
SUBJECT = re.compile(r"(?P<code>G\d+|\d+)\|(?P<name>.+)")
REFERENCE_KEY = re.compile(r"(?P<authority>[A-Z]{3}) (?P<rest>\S+)")
DATED = re.compile(r"(?P<day>\d{8})(?:-[0-9A-Za-z-]+)?")
URL = re.compile(r"https?://\S+")

Entry = tuple[int, str, yaml.Node]  # line, key, value node


def parse_rulings() -> tuple[tuple[RulingReference, ...], tuple[CardGroup, ...], tuple[Ruling, ...]]:
    """The references, groups and rulings of the installed krcg package."""
    texts = read_package_files(REFERENCES, GROUPS, RULINGS)
    return parse_texts(texts[RULINGS], texts[GROUPS], texts[REFERENCES], all_cards())


def parse_texts(rulings: str, groups: str, references: str, cards: tuple[Card, ...]
                ) -> tuple[tuple[RulingReference, ...], tuple[CardGroup, ...], tuple[Ruling, ...]]:
    """Parse the three files' texts against a card pool; raises ProblemsError with every problem found."""
    problems: list[Problem] = []
    index = CardIndex.of(cards)
    refs = _references(references, problems)
    known_refs = {r.key: r for r in refs}
    broken = {p.field for p in problems if p.field}  # reported once, in references.yaml
    grps = _groups(groups, index, problems)
    known_groups = {g.code: g for g in grps}
    parsed = _rulings(rulings, index, known_groups, known_refs, broken, problems)
    if problems:
        raise ProblemsError(problems)
    return refs, grps, parsed


def parse_reference_file(text: str) -> tuple[tuple[RulingReference, ...], list[Problem]]:
    """The references of a references.yaml text and the problems of its entries."""
    problems: list[Problem] = []
    return _references(text, problems), problems


def reference_date(key: str) -> date | None:
    """The day a reference key names ("TOM 19951215-1" -> 1995-12-15); None for a section ("RBK combat").

    Raises ValueError for an eight-digit day that does not exist.
    """
    match = REFERENCE_KEY.fullmatch(key)
    dated = DATED.fullmatch(match.group("rest")) if match else None
    if dated is None:
        return None
    day = dated.group("day")
    return date(int(day[:4]), int(day[4:6]), int(day[6:]))


def _entries(name: str, text: str, problems: list[Problem]) -> Iterator[Entry]:
    """The top-level keys of a YAML mapping file, each with its line and value node."""
    try:
        root = yaml.compose(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        problems.append(Problem(label(name), mark.line + 1 if mark else None, None, f"unreadable YAML: {exc}"))
        return
    if root is None:
        problems.append(Problem(label(name), None, None, "the file is empty"))
        return
    if not isinstance(root, yaml.MappingNode):
        problems.append(Problem(label(name), root.start_mark.line + 1, None, "expected a mapping"))
        return
    for key, value in root.value:
        if not isinstance(key, yaml.ScalarNode):
            problems.append(Problem(label(name), key.start_mark.line + 1, None, "expected a text key"))
            continue
        yield key.start_mark.line + 1, str(key.value), value


def _references(text: str, problems: list[Problem]) -> tuple[RulingReference, ...]:
    out: list[RulingReference] = []
    for line, key, node in _entries(REFERENCES, text, problems):
        def bad(message: str, line: int = line, key: str = key) -> None:
            problems.append(Problem(label(REFERENCES), line, key, message))

        match = REFERENCE_KEY.fullmatch(key)
        if match is None:
            bad("not a reference key (an authority code, a space, then a date or section)")
            continue
        url = node.value if isinstance(node, yaml.ScalarNode) else None
        if not url or not URL.fullmatch(str(url).strip()):
            bad(f"no URL (found {url!r})" if url else "no URL")
            continue
        try:
            day = reference_date(key)
        except ValueError:
            bad(f"impossible date {match.group('rest')[:8]}")
            continue
        out.append(RulingReference(key=key, authority=match.group("authority"), date=day, url=str(url).strip(),
                                   line=line))
    return tuple(out)


def _subject(name: str, line: int, key: str, index: CardIndex, problems: list[Problem]) -> tuple[str, str] | None:
    """(id, name) of a card key "100001|.44 Magnum", or a problem."""
    match = SUBJECT.fullmatch(key)
    if match is None or match.group("code").startswith("G"):
        problems.append(Problem(label(name), line, key, "expected <card id>|<card name>"))
        return None
    card = index.by_id.get(f"card:{int(match.group('code'))}")
    if card is None:
        problems.append(Problem(label(name), line, key, f"unknown card id {match.group('code')}"))
        return None
    if normalize_name(card.name) != normalize_name(match.group("name")):
        problems.append(Problem(label(name), line, key, f"card {card.id} is named {card.name!r}"))
        return None
    return card.id, card.name


def _groups(text: str, index: CardIndex, problems: list[Problem]) -> tuple[CardGroup, ...]:
    out: list[CardGroup] = []
    for line, key, node in _entries(GROUPS, text, problems):
        match = SUBJECT.fullmatch(key)
        if match is None or not match.group("code").startswith("G"):
            problems.append(Problem(label(GROUPS), line, key, "expected G<number>|<group name>"))
            continue
        if not isinstance(node, yaml.MappingNode):
            problems.append(Problem(label(GROUPS), line, key, "expected a mapping of cards"))
            continue
        members: list[GroupMember] = []
        for k, v in node.value:
            found = _subject(GROUPS, k.start_mark.line + 1, str(k.value), index, problems)
            if found:
                symbols = str(v.value) if isinstance(v, yaml.ScalarNode) and v.value else ""
                members.append(GroupMember(card=found[0], name=found[1], symbols=symbols))
        code = match.group("code")
        out.append(CardGroup(id=f"group:{code}", code=code, name=match.group("name"), members=tuple(members)))
    return tuple(out)


def _rulings(text: str, index: CardIndex, groups: dict[str, CardGroup], refs: dict[str, RulingReference],
             broken: set[str], problems: list[Problem]) -> tuple[Ruling, ...]:
    out: list[Ruling] = []
    taken: Counter[str] = Counter()
    for line, key, node in _entries(RULINGS, text, problems):
        match = SUBJECT.fullmatch(key)
        if match and match.group("code").startswith("G"):
            group = groups.get(match.group("code"))
            if group is None:
                problems.append(Problem(label(RULINGS), line, key, f"unknown group {match.group('code')} "
                                        f"(not in {GROUPS})"))
                continue
            subject, subject_name, code = group.id, group.name, group.code
        else:
            found = _subject(RULINGS, line, key, index, problems)
            if found is None:
                continue
            (subject, subject_name), code = found, found[0].split(":", 1)[1]
        if not isinstance(node, yaml.SequenceNode):
            problems.append(Problem(label(RULINGS), line, key, "expected a list of rulings"))
            continue
        for item in node.value:
            at = item.start_mark.line + 1
            if not isinstance(item, yaml.ScalarNode) or not str(item.value).strip():
                problems.append(Problem(label(RULINGS), at, key, "expected a ruling's text"))
                continue
            ruling = _ruling(str(item.value), at, key, subject, subject_name, code, index, refs, broken, problems)
            if ruling is None:
                continue
            taken[ruling.id] += 1
            if taken[ruling.id] > 1:
                ruling = ruling.model_copy(update={"id": f"{ruling.id}.{taken[ruling.id]}"})
            out.append(ruling)
    return tuple(out)


def _ruling(text: str, line: int, key: str, subject: str, subject_name: str, code: str, index: CardIndex,
            refs: dict[str, RulingReference], broken: set[str], problems: list[Problem]) -> Ruling | None:
    def bad(message: str) -> None:
        problems.append(Problem(label(RULINGS), line, key, message))

    keys = tuple(dict.fromkeys(ref for _, ref in parse_references(text)))
    if not keys:
        bad(f"a ruling without a reference: {text[:60]!r}")
        return None
    unknown = [k for k in keys if k not in refs]
    for k in unknown:
        if k not in broken:
            bad(f"reference {k!r} is not in {REFERENCES}")
    cards: list[str] = []
    for _, name in parse_cards(text):
        named = index.by_name.get(normalize_name(name))
        if named is None:
            bad(f"names an unknown card {{{name}}}")
            unknown.append(name)
        elif named[0].id not in cards:
            cards.append(named[0].id)
    if unknown:
        return None
    days = [d for d in (refs[k].date for k in keys) if d is not None]
    return Ruling(
        id=f"ruling:{code}:{'+'.join(refs[k].slug for k in keys)}",
        subject=subject,
        subject_name=subject_name,
        text=text,
        cards=tuple(cards),
        symbols=tuple(dict.fromkeys(s for s, _ in parse_symbols(text))),
        references=keys,
        date=min(days) if days else None,
    )
