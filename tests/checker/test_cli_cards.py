"""`rules card`, `rules ruling`, `rules search` and `rules graph --stats` on cards and rulings, as a user runs them."""

from __future__ import annotations

import json
from typing import Any

from typer.testing import CliRunner

from checker.cli import app
from tests.conftest import DATA

runner = CliRunner()


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def card_json(name: str) -> dict[str, Any]:
    code, out, err = run("card", name, "--json")
    assert code == 0, err
    data: dict[str, Any] = json.loads(out)
    return data


def test_magnum_text_printings_and_later_rulings() -> None:
    d = card_json(".44 Magnum")
    assert d["text"].startswith("Weapon: gun.") and len(d["printings"]) == 8
    assert d["printings"][0]["set"] == "Jyhad" and d["printings"][0]["release_date"] == "1994-08-16"
    refs = [r["references"][0]["key"] for r in d["rulings"]]
    assert refs == ["LSJ 19980302-2", "LSJ 20021028"]
    assert all(set(r["editions"].values()) == {"later"} for r in d["rulings"])
    assert all(r["references"][0]["url"].startswith("https://") for r in d["rulings"])
    assert "scenarios/combat/strike-with-a-weapon-she-carries.yaml" in d["scenarios"]


def test_donal_without_the_accent_shows_both_rulings_and_the_blocking_rules() -> None:
    d = card_json("Donal O'Connor")
    assert d["name"] == "Dónal O'Connor"
    by_ref = {r["references"][0]["key"]: r for r in d["rulings"]}
    assert set(by_ref) == {"TOM 19951215-1", "RTR 19960530"}
    tom = by_ref["TOM 19951215-1"]
    # dated 1995-12-15: after every edition's date (the latest, rb95 and cto, is 1995-09-15)
    assert set(tom["editions"]) == {"jyhad-1.4", "vtes-basic", "vtes-advanced", "solitaire"}
    assert set(tom["editions"].values()) == {"later"}
    assert {"ref14:III.C.1", "rb95:6.3.2.how-to-block"} <= {link["rule"] for link in tom["links"]}
    assert {"ref14:III.C.3"} <= {link["rule"] for link in by_ref["RTR 19960530"]["links"]}


def test_card_text_output_shows_standing_and_links() -> None:
    code, out, _ = run("card", "Betrayer")
    assert code == 0 and "ruling:100156:RTR-19941109" in out and "in force" in out and "applies" in out


def test_ruling_by_reference_and_by_id() -> None:
    code, out, _ = run("ruling", "TOM 19951215-1", "--json")
    rulings = json.loads(out)
    assert code == 0 and "ruling:200364:TOM-19951215-1" in [r["id"] for r in rulings]
    code, out, _ = run("ruling", "ruling:200364:RTR-19960530")
    assert code == 0 and "Dónal O'Connor" in out and "RTR 19960530" in out
    code, _, err = run("ruling", "ruling:200364:TOM-19951215-9")
    assert code == 2 and "did you mean: ruling:200364:TOM-19951215-1" in err and "Traceback" not in err


def test_search_finds_misspelt_cards_first() -> None:
    for query, name in (("vast welth", "Vast Wealth"), ("Blisful Agony", "Blissful Agony"),
                        ("donal oconnor", "Dónal O'Connor"), ("Art of Love", "Art of Love, The")):
        code, out, _ = run("search", query, "--json")
        first = json.loads(out)[0]
        assert code == 0 and first["kind"] == "card" and first["name"] == name, (query, first)


def test_search_keeps_rules_first_for_rule_words_and_finds_rulings() -> None:
    code, out, _ = run("search", "hunt", "--json")
    assert code == 0 and json.loads(out)[0]["id"] == "rb95:6.4.hunt"  # not the card Haunt, one letter off
    _, out, _ = run("search", "empty", "blocking", "vampire", "--json")
    assert "ruling:200364:TOM-19951215-1" in [h["id"] for h in json.loads(out) if h["kind"] == "ruling"]


def test_graph_stats_count_cards_rulings_authorities_and_edges() -> None:
    code, out, _ = run("graph", "--stats", "--json")
    s = json.loads(out)
    assert code == 0 and s["cards"] == 1134 and s["card_rulings"] >= 696 and s["group_rulings"] >= 163
    assert s["external_cards"] > 0 and s["card_groups"] > 0
    assert {"TOM", "SFC", "JON", "LSJ", "PIB", "ANK", "RTR", "RBK", "DTR", "FAQ", "RMc"} == set(s["authorities"])
    assert s["edge_kinds"]["applies"] >= 183 and s["edge_kinds"]["rules_on"] == s["rulings"]
    assert {"names", "member_of", "extends"} <= set(s["edge_kinds"])


def test_rulesets_show_dates_and_counts() -> None:
    code, out, _ = run("rulesets", "--json")
    d = json.loads(out)
    assert code == 0 and d["vtes-basic"]["date"] == "1995-09-15" and d["vtes-basic"]["card_pool"] == 442
    assert d["jyhad-1.4"]["rulings_in_force"] + d["jyhad-1.4"]["rulings_later"] >= 859


def test_validate_reports_a_bad_ruling_link_in_one_line() -> None:
    code, out, err = run("validate", "--ruling-links", str(DATA / "bad_rulings" / "links"))
    lines = err.replace(str(DATA), "tests/data").splitlines()
    assert code == 2 and out == "" and "Traceback" not in err
    assert "tests/data/bad_rulings/links/applies.yaml:12: [2].to[1]: unknown rule id 'ref14:III.Z.9'" in err
    assert lines[-1] == f"{len(lines) - 1} problem(s)"


def test_card_id_of_thousands_of_digits_is_a_clean_error() -> None:
    code, out, err = run("card", "9" * 4400)
    assert code == 2 and "Traceback" not in out + err
    assert "no card named" in err and len(err) < 200
