"""Card ids as users type them, hostile ones included: looked up, never converted beyond what an id can be."""

from __future__ import annotations

import pytest

from reference.cards import UnknownCardError, find_card, lookup_card

HUGE = "9" * 4400  # past Python's 4,300-digit limit for int(): int(HUGE) raises ValueError


@pytest.mark.parametrize("query", [HUGE, f"card:{HUGE}", f" {HUGE} "])
def test_an_id_of_thousands_of_digits_is_no_card(query: str) -> None:
    assert lookup_card(query) is None
    with pytest.raises(UnknownCardError) as exc:
        find_card(query)
    assert len(str(exc.value)) < 120 and f"{len(query.strip())} characters" in str(exc.value)  # shortened


def test_leading_zeros_do_not_make_an_id_too_long() -> None:
    assert find_card("card:" + "0" * 4400 + "100001").name == ".44 Magnum"
