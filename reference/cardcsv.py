"""Parse the VEKN card CSVs shipped in krcg's ``cards`` package into Card models, offline.

krcg's own loaders fetch the CSVs from the web unless told otherwise, so we read the package files
ourselves. Every problem (a missing file or column, a bad row) is collected with the file and line and
raised at once as a ProblemsError.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator
from datetime import date, datetime

from reference.card_model import Card, CardKind, Cost, Printing
from reference.problems import Problem, ProblemsError

PACKAGE = "cards"  # krcg's top-level data package
CRYPT, LIBRARY, SETS = "vtescrypt.csv", "vteslib.csv", "vtessets.csv"
SET_COLUMNS = ("Id", "Abbrev", "Release Date", "Full Name")
COMMON_COLUMNS = ("Id", "Name", "Aka", "Type", "Clan", "Path", "Card Text", "Set", "Banned")
CRYPT_COLUMNS = (*COMMON_COLUMNS, "Adv", "Group", "Capacity", "Disciplines", "Title")
LIBRARY_COLUMNS = (*COMMON_COLUMNS, "Discipline", "Pool Cost", "Blood Cost", "Conviction Cost", "Burn Option",
                   "Flavor Text", "Capacity")
UNDATED_SETS = {"POD": "Print on Demand", "Promo": "Promo"}
PRINTING = re.compile(r"(?P<abbrev>[A-Za-z0-9-]+)(?::(?P<rarity>[^:,]+))?")
DATED_PROMO = re.compile(r"Promo-(\d{8})")


class RowError(ValueError):
    """One field of one row is wrong."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


def label(name: str) -> str:
    """How a package file is named in problems: "krcg cards/vtescrypt.csv"."""
    return f"krcg {PACKAGE}/{name}"


def read_package_file(name: str) -> str:
    """The text of one file of krcg's ``cards`` package; ProblemsError when it is missing or unreadable."""
    from importlib.resources import files

    try:
        return (files(PACKAGE) / name).read_text(encoding="utf-8-sig")
    except (OSError, ModuleNotFoundError, UnicodeDecodeError) as exc:
        raise ProblemsError([Problem(label(name), None, None, f"cannot read the installed package file: {exc}")]
                            ) from exc


def read_package_files(*names: str) -> dict[str, str]:
    """The texts of several package files; one ProblemsError naming every file that cannot be read."""
    problems: list[Problem] = []
    texts: dict[str, str] = {}
    for name in names:
        try:
            texts[name] = read_package_file(name)
        except ProblemsError as exc:
            problems += exc.problems
    if problems:
        raise ProblemsError(problems)
    return texts


def parse_package() -> tuple[Card, ...]:
    """Every card of the installed krcg package, crypt then library, in CSV order."""
    texts = read_package_files(SETS, CRYPT, LIBRARY)
    return parse_cards(texts[CRYPT], texts[LIBRARY], texts[SETS])


def parse_cards(crypt: str, library: str, sets: str) -> tuple[Card, ...]:
    """Cards from the three CSV texts; raises ProblemsError with every problem found."""
    problems: list[Problem] = []
    known = parse_sets(sets, problems)
    cards: list[Card] = []
    seen: dict[int, str] = {}
    files: tuple[tuple[str, str, CardKind], ...] = ((CRYPT, crypt, "crypt"), (LIBRARY, library, "library"))
    for name, text, kind in files:
        for line, row in _rows(name, text, CRYPT_COLUMNS if kind == "crypt" else LIBRARY_COLUMNS, problems):
            try:
                card = _card(row, kind, known)
            except RowError as exc:
                problems.append(Problem(label(name), line, exc.field, str(exc)))
                continue
            if card.vekn_id in seen:
                problems.append(Problem(label(name), line, "Id", f"already used in {seen[card.vekn_id]}"))
                continue
            seen[card.vekn_id] = f"{name}:{line}"
            cards.append(card)
    if problems:
        raise ProblemsError(problems)
    return tuple(cards)


def parse_sets(text: str, problems: list[Problem]) -> dict[str, tuple[str, date]]:
    """Set abbreviation -> (full name, release date), from vtessets.csv."""
    known: dict[str, tuple[str, date]] = {}
    for line, row in _rows(SETS, text, SET_COLUMNS, problems):
        try:
            released = _date(row["Release Date"], "Release Date")
        except RowError as exc:
            problems.append(Problem(label(SETS), line, exc.field, str(exc)))
            continue
        if not row["Abbrev"]:
            problems.append(Problem(label(SETS), line, "Abbrev", "empty set abbreviation"))
            continue
        known[row["Abbrev"]] = (row["Full Name"], released)
    return known


def _rows(name: str, text: str, columns: tuple[str, ...], problems: list[Problem]
          ) -> Iterator[tuple[int, dict[str, str]]]:
    """Each row with the line it starts on; rows of the wrong width and missing columns become problems."""
    reader = csv.reader(io.StringIO(text, newline=""))
    try:
        header = next(reader)
    except StopIteration:
        problems.append(Problem(label(name), None, None, "the file is empty"))
        return
    except csv.Error as exc:
        problems.append(Problem(label(name), 1, None, f"unreadable CSV: {exc}"))
        return
    missing = [c for c in columns if c not in header]
    for column in missing:
        problems.append(Problem(label(name), 1, column, "missing column"))
    if missing:
        return
    start = reader.line_num + 1
    while True:
        try:
            values = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            problems.append(Problem(label(name), start, None, f"unreadable CSV: {exc}"))
            return
        if values:
            if len(values) != len(header):
                problems.append(Problem(label(name), start, None,
                                        f"{len(values)} fields where the header has {len(header)}"))
            else:
                yield start, dict(zip(header, values, strict=True))
        start = reader.line_num + 1


def _card(row: dict[str, str], kind: CardKind, sets: dict[str, tuple[str, date]]) -> Card:
    vekn_id = _int(row["Id"], "Id")
    name = row["Name"].strip()
    if not name:
        raise RowError("Name", "empty card name")
    crypt = kind == "crypt"
    if crypt:
        disciplines = tuple(row["Disciplines"].split())
        requirement = None
    else:
        requirement = row["Discipline"].strip() or None
        disciplines = tuple(d.strip() for d in re.split(r"[/&]", requirement or "") if d.strip())
    return Card(
        id=f"card:{vekn_id}",
        vekn_id=vekn_id,
        name=name,
        aka=tuple(a.strip() for a in row["Aka"].split(";") if a.strip()),
        kind=kind,
        types=tuple(t.strip() for t in row["Type"].split("/") if t.strip()),
        clan=row["Clan"].strip() or None,
        disciplines=disciplines,
        discipline_requirement=requirement,
        capacity=_int(row["Capacity"], "Capacity") if crypt else None,
        capacity_note=None if crypt else row["Capacity"].strip() or None,
        group=row["Group"].strip() or None if crypt else None,
        advanced=crypt and row["Adv"].strip() == "Advanced",
        pool_cost=None if crypt else _cost(row["Pool Cost"], "Pool Cost"),
        blood_cost=None if crypt else _cost(row["Blood Cost"], "Blood Cost"),
        conviction_cost=None if crypt else _cost(row["Conviction Cost"], "Conviction Cost"),
        burn_option=not crypt and row["Burn Option"].strip() in ("Y", "Yes"),
        title=row["Title"].strip() or None if crypt else None,
        path=row["Path"].strip() or None,
        text=row["Card Text"],
        flavor_text=None if crypt else row["Flavor Text"] or None,
        banned=_int(row["Banned"], "Banned") if row["Banned"].strip() else None,
        printings=_printings(row["Set"], sets),
    )


def _printings(text: str, sets: dict[str, tuple[str, date]]) -> tuple[Printing, ...]:
    entries = [e.strip() for e in text.split(",") if e.strip()]
    if not entries:
        raise RowError("Set", "no printing")
    printings: list[Printing] = []
    for entry in entries:
        match = PRINTING.fullmatch(entry)
        if match is None:
            raise RowError("Set", f"cannot read the printing {entry!r}")
        abbrev, rarity = match.group("abbrev"), match.group("rarity") or ""
        if abbrev in sets:
            set_name, released = sets[abbrev]
            printings.append(Printing(set=abbrev, set_name=set_name, release_date=released, rarity=rarity))
        elif promo := DATED_PROMO.fullmatch(abbrev):
            released = _date(promo.group(1), "Set")
            printings.append(Printing(set=abbrev, set_name=f"Promo ({released.isoformat()})",
                                      release_date=released, rarity=rarity))
        elif abbrev in UNDATED_SETS:
            # Since 2024 a promo may carry its date as the rarity: "Promo:202309301" (date, then count).
            dated = abbrev == "Promo" and re.match(r"\d{8}", rarity)
            printings.append(Printing(set=abbrev, set_name=UNDATED_SETS[abbrev],
                                      release_date=_date(rarity[:8], "Set") if dated else None, rarity=rarity))
        else:
            raise RowError("Set", f"unknown set {abbrev!r} (not in {SETS})")
    return tuple(printings)


def _int(text: str, field: str) -> int:
    try:
        return int(text.strip())
    except ValueError:
        raise RowError(field, f"not a number: {text!r}") from None


def _cost(text: str, field: str) -> Cost | None:
    text = text.strip()
    if not text:
        return None
    return "X" if text == "X" else _int(text, field)


def _date(text: str, field: str) -> date:
    try:
        return datetime.strptime(text.strip(), "%Y%m%d").date()
    except ValueError:
        raise RowError(field, f"not a date (YYYYMMDD): {text!r}") from None
