"""The entry points set the garbage collector for answering (checker/collector.py)."""

from __future__ import annotations

import gc

import pytest

import checker.cli
from checker.collector import THRESHOLDS


def test_the_pytest_plugin_sets_it() -> None:
    assert gc.get_threshold() == THRESHOLDS


def test_the_rules_command_sets_it(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[tuple[int, ...]] = []
    saved = gc.get_threshold()
    gc.set_threshold(700, 10, 10)  # CPython's defaults
    monkeypatch.setattr(checker.cli, "app", lambda: seen.append(gc.get_threshold()))
    try:
        checker.cli.main()
    finally:
        gc.set_threshold(*saved)
    assert seen == [THRESHOLDS]
