"""Card nodes from the krcg package's VEKN CSVs: era counts, fields against the CSV text, lookup, cache, laziness."""

from __future__ import annotations

import csv
import io
import os
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from dataclasses import replace
from datetime import date
from importlib.resources import files
from pathlib import Path

import pytest
from typer.testing import CliRunner

from checker.cli import app
from reference import cardcsv, cards, parsecache, provenance
from reference.cards import CACHE_ENV, UnknownCardError, era_cards, find_card, load_cards, lookup_card
from reference.problems import ProblemsError
from tests.conftest import ROOT
from tests.fuzz.test_inputs import time_limit


def _clear() -> None:
    for fn in (cards.loaded_card_data, cards.era_cards, cards.card_index):
        fn.cache_clear()


@pytest.fixture(scope="module", autouse=True)
def card_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Cache the parsed cards in a folder of this test run, never the user's cache folder."""
    folder = tmp_path_factory.mktemp("card-cache")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv(CACHE_ENV, str(folder))
        _clear()
        yield folder
        _clear()


def csv_row(name: str, vekn_id: int) -> dict[str, str]:
    """A row of the installed package's CSV, read here independently of the parser."""
    text = (files("cards") / name).read_text(encoding="utf-8")
    return next(r for r in csv.DictReader(io.StringIO(text, newline="")) if r["Id"] == str(vekn_id))


def test_era_counts_per_set() -> None:
    # The figures: 1,134 cards (437 + 5 + 173 + 179 + 340), of 4,149 in the database.
    counts = Counter(c.first_printing.set for c in era_cards() if c.first_printing)
    assert counts == {"Jyhad": 437, "VTES": 5, "DS": 173, "AH": 179, "Sabbat": 340}
    assert len(era_cards()) == 1134 and len(cards.all_cards()) == 4149
    assert len({c.id for c in era_cards()}) == 1134


def test_promos_of_the_era_years_are_not_era_cards() -> None:
    # Dated 1996-01-01 but first printed in a promo, not in one of the five sets.
    murdock = find_card("Dan Murdock")
    assert murdock.legal_from == date(1996, 1, 1) and not murdock.is_era_card


def test_jyhad_vampire_against_the_csv() -> None:
    # vtescrypt.csv: "200016","Adrianne","","Vampire","Toreador","","","1","6","aus cel pot pre","Camarilla: +1 bleed."
    row = csv_row("vtescrypt.csv", 200016)
    card = find_card("Adrianne")
    assert card.id == "card:200016" and card.kind == "crypt" and card.types == ("Vampire",)
    assert card.capacity == int(row["Capacity"]) == 6
    assert card.disciplines == tuple(row["Disciplines"].split()) == ("aus", "cel", "pot", "pre")
    assert card.clan == row["Clan"] == "Toreador" and card.group == "1"
    assert card.text == row["Card Text"] == "Camarilla: +1 bleed."
    assert [p.set for p in card.printings] == ["Jyhad", "VTES", "Tenth"]
    assert card.legal_from == date(1994, 8, 16) and card.is_era_card


def test_ds_prince_title_and_text() -> None:
    row = csv_row("vtescrypt.csv", 200364)
    card = find_card("card:200364")
    assert card.name == "Dónal O'Connor" and card.title == row["Title"] == "prince"
    assert card.disciplines == ("CEL", "DOM", "POT") and card.capacity == 8
    assert card.text == row["Card Text"]
    assert card.first_printing is not None and card.first_printing.set == "DS"
    assert card.legal_from == date(1995, 12, 15)


def test_library_costs_and_printings() -> None:
    magnum = find_card(".44 Magnum")
    row = csv_row("vteslib.csv", 100001)
    assert magnum.pool_cost == int(row["Pool Cost"]) == 2 and magnum.blood_cost is None
    assert magnum.text == row["Card Text"] == "Weapon: gun.\nStrike: 2R damage, with 1 optional maneuver each combat."
    assert len(magnum.printings) == 8 and magnum.legal_from == date(1994, 8, 16)
    agony = find_card("Blissful Agony")
    # vteslib.csv: "100190","Blissful Agony","","Combat","","","Valeren/Animalism","","1", ...
    assert agony.blood_cost == 1 and agony.pool_cost is None
    assert agony.discipline_requirement == "Valeren/Animalism" and agony.disciplines == ("Valeren", "Animalism")


@pytest.mark.parametrize(("query", "expected"), [
    ("donal o'connor", "card:200364"),  # accent not typed; the era card of two namesakes
    ("DÓNAL O’CONNOR", "card:200364"),
    ("Dónal O'Connor (G6)", "card:201695"),
    ("Raven", "card:200240"),  # aka name
    ("The Admonitions", "card:100023"),  # "Admonitions, The"
    ("100001", "card:100001"),
    ("card:100001", "card:100001"),
])
def test_lookup(query: str, expected: str) -> None:
    assert find_card(query).id == expected
    assert lookup_card(query) == find_card(query)


@pytest.mark.parametrize("query", ["Blisful Agony", "card:999999", "999999", "Bribes of an abstract card"])
def test_only_asking_finds_nothing_and_suggests_nothing(query: str) -> None:
    assert lookup_card(query) is None
    with pytest.raises(UnknownCardError):
        find_card(query)


@pytest.mark.parametrize(("query", "first"), [("Blisful Agony", "Blissful Agony"), ("vast welth", "Vast Wealth")])
def test_misspelt_name_suggests_the_closest(query: str, first: str) -> None:
    with pytest.raises(UnknownCardError) as exc:
        find_card(query)
    assert exc.value.suggestions[0] == first


def test_unknown_id() -> None:
    with pytest.raises(UnknownCardError):
        find_card("card:999999")


def test_cache_is_reused_and_rebuilt_when_corrupt(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = load_cards(folder=tmp_path)
    [path] = tmp_path.glob("cards-*.json")
    assert path.name == f"cards-{cards.card_inputs().key()[:24]}.json"

    def no_parsing() -> tuple[cards.Card, ...]:
        raise AssertionError("parsed the CSVs despite a sound cache")

    with monkeypatch.context() as mp:
        mp.setattr(cardcsv, "parse_package", no_parsing)
        assert load_cards(folder=tmp_path) == first
    sound = path.read_bytes()
    path.write_bytes(sound[: len(sound) // 2])  # cut short
    assert load_cards(folder=tmp_path) == first and path.read_bytes() == sound
    # Still valid JSON of valid cards, but not what was parsed: the digest in its first line tells.
    path.write_bytes(sound.replace(b'"Abbot"', b'"Abbess"', 1))
    assert b'"Abbess"' in path.read_bytes()
    assert load_cards(folder=tmp_path) == first and path.read_bytes() == sound


def test_a_fifo_in_place_of_the_cache_is_no_hang(tmp_path: Path) -> None:
    path = tmp_path / f"cards-{cards.card_inputs().key()[:24]}.json"
    os.mkfifo(path)
    with time_limit(60):
        assert len(load_cards(folder=tmp_path)) == 4149
    assert path.is_fifo()  # not ours to replace: the parse is not kept


def test_the_cache_is_keyed_by_the_package_data_and_the_parser(monkeypatch: pytest.MonkeyPatch) -> None:
    key = cards.card_inputs().key()
    monkeypatch.setattr(provenance, "_AT_START", {})  # as a new process: the files recorded again
    assert cards.card_inputs().key() == key
    real = provenance.take

    def edited(root: Path, keep: provenance.Keep | None = None) -> provenance.Snapshot:
        snap = real(root, keep)
        name = "cardcsv.py" if root == parsecache.REFERENCE_DIR else "vteslib.csv"
        if name not in snap.files:
            return snap
        return replace(snap, files={**snap.files, name: replace(snap.files[name], digest="edited")})

    for edited_root in (parsecache.REFERENCE_DIR, provenance.card_package_dir()):
        monkeypatch.setattr(provenance, "_AT_START", {})
        monkeypatch.setattr(provenance, "take", lambda root, keep=None, r=edited_root: (
            edited(root, keep) if root == r else real(root, keep)))
        assert cards.card_inputs().key() != key, edited_root
        monkeypatch.setattr(provenance, "take", real)


def test_a_parse_is_not_kept_when_its_files_changed_during_the_process(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(parsecache.Inputs, "unchanged", lambda self: False)
    assert len(load_cards(folder=tmp_path)) == 4149
    assert list(tmp_path.iterdir()) == []


def test_other_keys_files_are_pruned_on_write(tmp_path: Path) -> None:
    for n in range(parsecache.KEEP + 3):
        old = tmp_path / f"cards-{n:024d}.json"
        old.write_text("{}", encoding="utf-8")
        os.utime(old, (1_000_000 + n, 1_000_000 + n))
    (tmp_path / "notes.txt").write_text("mine", encoding="utf-8")
    load_cards(folder=tmp_path)
    kept = sorted(p.name for p in tmp_path.glob("cards-*.json"))
    newest = [f"cards-{n:024d}.json" for n in range(3, parsecache.KEEP + 3)]
    assert kept == sorted([f"cards-{cards.card_inputs().key()[:24]}.json", *newest])
    assert (tmp_path / "notes.txt").read_text(encoding="utf-8") == "mine"


def test_a_relative_xdg_cache_home_is_ignored(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv(CACHE_ENV)
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/cache")
    assert cards.cache_dir() == tmp_path / ".cache" / "jyhad-rules"
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cards.cache_dir() == tmp_path / "xdg" / "jyhad-rules"


def test_unwritable_cache_is_skipped(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    assert len(load_cards(folder=blocker / "cache")) == 4149


SETS = '"Id","Abbrev","Release Date","Full Name","Company"\n"300001","Jyhad","19940816","Jyhad","WotC"\n'
CRYPT_HEADER = ('"Id","Name","Aka","Type","Clan","Path","Adv","Group","Capacity","Disciplines","Card Text","Set",'
                '"Title","Banned","Artist"\n')
LIB_HEADER = ('"Id","Name","Aka","Type","Clan","Path","Discipline","Pool Cost","Blood Cost","Conviction Cost",'
              '"Burn Option","Card Text","Flavor Text","Set","Banned","Artist","Capacity"\n')


def test_broken_rows_name_the_file_line_and_field() -> None:
    crypt = (CRYPT_HEADER + '"200016","Adrianne","","Vampire","Toreador","","","1","six","aus","Camarilla:\n'
             '+1 bleed.","Jyhad:V","","",""\n"200017","X","","Vampire","","","","1","4","","","Nowhere:V","","",""\n')
    library = LIB_HEADER + '"100001",".44 Magnum","","Equipment","","","","2","","","","Text","","Jyhad:C","",""\n'
    with pytest.raises(ProblemsError) as exc:
        cardcsv.parse_cards(crypt, library, SETS)
    assert [str(p) for p in exc.value.problems] == [
        "krcg cards/vtescrypt.csv:2: Capacity: not a number: 'six'",
        "krcg cards/vtescrypt.csv:4: Set: unknown set 'Nowhere' (not in vtessets.csv)",
        "krcg cards/vteslib.csv:2: 16 fields where the header has 17",
    ]


def test_missing_column() -> None:
    with pytest.raises(ProblemsError) as exc:
        cardcsv.parse_cards(CRYPT_HEADER.replace('"Capacity",', ""), LIB_HEADER, SETS)
    assert [str(p) for p in exc.value.problems] == ["krcg cards/vtescrypt.csv:1: Capacity: missing column"]


def test_cli_reports_a_broken_package_file_without_traceback(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    texts = {"vtessets.csv": SETS, "vtescrypt.csv": CRYPT_HEADER.replace('"Capacity",', ""), "vteslib.csv": LIB_HEADER}
    monkeypatch.setattr(cardcsv, "read_package_file", texts.__getitem__)
    monkeypatch.setenv(CACHE_ENV, str(tmp_path))
    monkeypatch.setattr(cards, "krcg_version", lambda: "0-broken")
    _clear()
    try:
        result = CliRunner().invoke(app, ["card", "Adrianne"])
    finally:
        _clear()
    assert result.exit_code == 2 and "Traceback" not in result.stderr
    assert result.stderr.splitlines()[0] == "krcg cards/vtescrypt.csv:1: Capacity: missing column"


def test_cli_card_shows_fields_and_text() -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["card", "Donal O'Connor"])
    assert result.exit_code == 0
    assert "card:200364" in result.stdout and "blocking Dónal burns 1 blood" in result.stdout
    assert "1995-12-15" in result.stdout and "card:201695" in result.stdout
    missing = runner.invoke(app, ["card", "Blisful", "Agony"])
    assert missing.exit_code == 2 and "did you mean: Blissful Agony" in missing.stderr


NO_CSV_READ = """
import sys
opened = []
sys.addaudithook(lambda event, args: opened.append(str(args[0])) if event == "open" else None)
{action}
read = [p for p in opened
        if p.endswith((".csv", "rulings.yaml", "references.yaml")) or "cards-" in p or "rulings-" in p]
assert not read, read
assert "reference.cardcsv" not in sys.modules and "krcg" not in sys.modules
"""


@pytest.mark.parametrize("action", [
    "import reference.cards",
    "from checker.cli import app\ntry:\n    app(['--help'])\nexcept SystemExit:\n    pass",
])
def test_import_and_help_read_no_card_file(action: str) -> None:
    done = subprocess.run([sys.executable, "-c", NO_CSV_READ.format(action=action)], cwd=ROOT,
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
