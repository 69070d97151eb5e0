"""Discipline names and the three-letter codes the VEKN card database uses ("pot" basic, "POT" superior)."""

from __future__ import annotations

from typing import Literal

Level = Literal["basic", "superior"]

DISCIPLINES: dict[str, str] = {
    "abo": "Abombwe", "ani": "Animalism", "aus": "Auspex", "cel": "Celerity", "chi": "Chimerstry",
    "dai": "Daimoinon", "dem": "Dementation", "dom": "Dominate", "for": "Fortitude", "mal": "Maleficia",
    "mel": "Melpominee", "myt": "Mytherceria", "nec": "Necromancy", "obe": "Obeah", "obf": "Obfuscate",
    "obl": "Oblivion", "obt": "Obtenebration", "pot": "Potence", "pre": "Presence", "pro": "Protean",
    "qui": "Quietus", "san": "Sanguinus", "ser": "Serpentis", "spi": "Spiritus", "str": "Striga",
    "tem": "Temporis", "thn": "Thanatosis", "tha": "Thaumaturgy", "val": "Valeren", "vic": "Vicissitude",
    "vis": "Visceratika",
}


def discipline_levels(codes: tuple[str, ...]) -> dict[str, Level]:
    """{Discipline: level} from a crypt card's codes: lower case basic, capitals superior ("-none-" is none).

    Raises KeyError for a code that is not a Discipline.
    """
    out: dict[str, Level] = {}
    for code in codes:
        if code == "-none-":
            continue
        out[DISCIPLINES[code.lower()]] = "superior" if code.isupper() else "basic"
    return out
