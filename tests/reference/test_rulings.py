"""Rulings from the krcg package: counts, stable ids, what each names, and broken package files."""

from __future__ import annotations

from collections import Counter
from datetime import date

import pytest

from reference.cards import Card, all_cards, era_cards
from reference.problems import ProblemsError
from reference.rulingparse import parse_texts, reference_date
from reference.rulings import RulingsCache, all_rulings, era_rulings, in_force, load_rulings

ERA = frozenset(c.id for c in era_cards())


@pytest.fixture(scope="module")
def data() -> RulingsCache:
    return all_rulings()


def test_counts_of_the_era(data: RulingsCache) -> None:
    held = era_rulings(data, ERA)
    on_cards = [r for r in held if r.subject.startswith("card:")]
    on_groups = [r for r in held if r.subject.startswith("group:")]
    assert len(data.rulings) == 2298 and len(data.references) == 1547  # krcg 4.19
    assert len(on_cards) == 696  # the count of card rulings on era cards
    assert len(on_groups) == 163 and all(r.subject.startswith("group:G") for r in on_groups)


def test_ids_are_unique_and_stable(data: RulingsCache) -> None:
    ids = [r.id for r in data.rulings]
    assert len(ids) == len(set(ids))
    again = parse_texts(*_package_texts(), all_cards())[2]
    assert [r.id for r in again] == ids


def test_id_from_card_and_references(data: RulingsCache) -> None:
    by_id = {r.id: r for r in data.rulings}
    magnum = by_id["ruling:100001:LSJ-19980302-2"]
    assert magnum.subject == "card:100001" and magnum.references == ("LSJ 19980302-2",)
    assert magnum.text == "Provides only one maneuver each combat, even if the bearer changes. [LSJ 19980302-2]"
    two = by_id["ruling:100131:PIB-20140122+TOM-19951209"]  # Banishment: both references, in order
    assert two.date == date(1995, 12, 9)  # its earliest reference
    repeated = [i for i in ids_of(data) if i.startswith("ruling:100156:RTR-19941109")]
    assert repeated == ["ruling:100156:RTR-19941109", "ruling:100156:RTR-19941109.2", "ruling:100156:RTR-19941109.3"]


def ids_of(data: RulingsCache) -> list[str]:
    return [r.id for r in data.rulings]


def test_card_links_symbols_and_groups(data: RulingsCache) -> None:
    group = next(r for r in data.rulings if r.id == "ruling:G00024:LSJ-20021028")
    assert group.subject == "group:G00024" and group.cards == ("card:100916",)  # {Hidden Lurker}
    body = next(r for r in data.rulings if r.id == "ruling:100231:LSJ-19970801")  # Body of Sun
    assert body.symbols == ("[pro]",) and body.plain.startswith("[pro] Damage done to the striking minion")
    g24 = next(g for g in data.groups if g.code == "G00024")
    assert "card:100001" in {m.card for m in g24.members}  # .44 Magnum strikes with an optional maneuver


def test_reference_dates() -> None:
    assert reference_date("TOM 19951215-1") == date(1995, 12, 15)
    assert reference_date("LSJ 20090528-2-2") == date(2009, 5, 28)
    assert reference_date("RBK reaction-cards") is None
    with pytest.raises(ValueError):
        reference_date("LSJ 19980231")


def test_in_force_on_and_before_the_day(data: RulingsCache) -> None:
    donal = next(r for r in data.rulings if r.id == "ruling:200364:TOM-19951215-1")
    assert in_force(donal, date(1995, 12, 15)) and not in_force(donal, date(1995, 12, 14))
    rulebook = next(r for r in data.rulings if r.date is None)
    assert not in_force(rulebook, date(2099, 1, 1))  # today's rulebook is later than every edition


def _package_texts() -> tuple[str, str, str]:
    from reference.cardcsv import read_package_file

    return read_package_file("rulings.yaml"), read_package_file("groups.yaml"), read_package_file("references.yaml")


CARD = Card(id="card:100001", vekn_id=100001, name=".44 Magnum", aka=(), kind="library", types=("Equipment",),
            clan=None, disciplines=(), discipline_requirement=None, capacity=None, capacity_note=None, group=None,
            advanced=False, pool_cost=2, blood_cost=None, conviction_cost=None, burn_option=False, title=None,
            path=None, text="Weapon: gun.", flavor_text=None, banned=None, printings=())
REFS = "LSJ 19980302-2: https://example.org/a\n"
GROUPS = "G00024|Strikes with optional maneuver:\n  100001|.44 Magnum: ''\n"


@pytest.mark.parametrize(("rulings", "groups", "refs", "expected"), [
    ("100001|.44 Magnum:\n  - One maneuver. [LSJ 19980302-2]\n  - Names {Nobody Card}. [LSJ 19980302-2]\n",
     GROUPS, REFS, "krcg cards/rulings.yaml:3: 100001|.44 Magnum: names an unknown card {Nobody Card}"),
    ("100999|Ghost:\n  - Text. [LSJ 19980302-2]\n", GROUPS, REFS,
     "krcg cards/rulings.yaml:1: 100999|Ghost: unknown card id 100999"),
    ("100001|.44 Magnum:\n  - Text. [LSJ 19990101]\n", GROUPS, REFS,
     "krcg cards/rulings.yaml:2: 100001|.44 Magnum: reference 'LSJ 19990101' is not in references.yaml"),
    ("100001|.44 Magnum:\n  - No reference at all.\n", GROUPS, REFS,
     "krcg cards/rulings.yaml:2: 100001|.44 Magnum: a ruling without a reference: 'No reference at all.'"),
    ("G00099|Missing group:\n  - Text. [LSJ 19980302-2]\n", GROUPS, REFS,
     "krcg cards/rulings.yaml:1: G00099|Missing group: unknown group G00099 (not in groups.yaml)"),
    ("100001|.44 Magnum:\n  - Text. [LSJ 19980302-2]\n", GROUPS, "LSJ 19980302-2:\n",
     "krcg cards/references.yaml:1: LSJ 19980302-2: no URL"),
    ("100001|.44 Magnum:\n  - Text. [LSJ 19980302-2]\n", GROUPS, REFS + "LSJ 19980231: https://example.org/b\n",
     "krcg cards/references.yaml:2: LSJ 19980231: impossible date 19980231"),
    ("100001|.44 Magnum: [unclosed\n", GROUPS, REFS, "krcg cards/rulings.yaml:2: unreadable YAML"),
    ("- a list\n", GROUPS, REFS, "krcg cards/rulings.yaml:1: expected a mapping"),
])
def test_broken_package_files_give_one_line_each(rulings: str, groups: str, refs: str, expected: str) -> None:
    with pytest.raises(ProblemsError) as exc:
        parse_texts(rulings, groups, refs, (CARD,))
    lines = [str(p) for p in exc.value.problems]
    assert len(lines) == 1 and lines[0].startswith(expected), lines


def test_sound_small_package_parses() -> None:
    refs, groups, rulings = parse_texts("100001|.44 Magnum:\n  - One maneuver. [LSJ 19980302-2]\n", GROUPS, REFS,
                                        (CARD,))
    assert [r.id for r in rulings] == ["ruling:100001:LSJ-19980302-2"] and groups[0].members[0].card == CARD.id
    assert refs[0].line == 1


def test_cache_is_keyed_by_its_inputs_and_rebuilt_when_corrupt(tmp_path: pytest.TempPathFactory) -> None:
    from pathlib import Path

    folder = Path(str(tmp_path))
    first = load_rulings(folder=folder)
    cached = next(folder.glob("rulings-*.json"))
    cached.write_text("{not json", encoding="utf-8")
    assert load_rulings(folder=folder) == first
    assert Counter(r.subject for r in first.rulings)["card:100001"] == 1


def test_the_cache_follows_the_cards_as_parsed_and_a_fifo_is_no_hang(tmp_path: pytest.TempPathFactory) -> None:
    """Rulings name cards: cards parsed otherwise (another parser, other package data) key other rulings."""
    import os
    from pathlib import Path

    from reference.rulings import ruling_inputs
    from tests.fuzz.test_inputs import time_limit

    assert ruling_inputs("cards of one parse").key() != ruling_inputs("cards of another").key()
    folder = Path(str(tmp_path))
    first = load_rulings(folder=folder)
    [cached] = folder.glob("rulings-*.json")
    cached.unlink()
    os.mkfifo(cached)
    with time_limit(60):
        assert load_rulings(folder=folder) == first
