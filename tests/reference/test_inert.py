"""User text made inert for terminals and plain-text output (reference/inert.py)."""

from __future__ import annotations

import os

from hypothesis import given
from hypothesis import strategies as st

from reference.inert import inert


def test_controls_bidi_and_undecodable_bytes_are_shown_not_sent() -> None:
    assert inert("a\x1bcb\x9b2J") == "a\\x1bcb\\x9b2J"
    # Trojan Source: a right-to-left override reorders what follows on screen.
    assert inert("admin\u202e\u2066 // check later\u2069\u2066") == "admin\\u202e\\u2066 // check later\\u2069\\u2066"
    assert inert(os.fsdecode(b"\xffbad.yaml")) == "\\xffbad.yaml"
    assert inert("tab\tand\nnewline stay, and a joiner: \u0646\u200c\u0645") == (
        "tab\tand\nnewline stay, and a joiner: \u0646\u200c\u0645")


@given(st.text())
def test_inert_text_is_unchanged_by_a_second_pass_and_holds_no_control(text: str) -> None:
    once = inert(text)
    assert inert(once) == once
    assert not any((ord(c) < 32 and c not in "\t\n") or 0x7F <= ord(c) <= 0x9F or 0xD800 <= ord(c) <= 0xDFFF
                   or c in "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069" for c in once)
