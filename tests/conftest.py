"""Shared fixtures: the project's corpus and reference, built once per test session."""

from __future__ import annotations

from pathlib import Path

import pytest

from reference.corpus import Corpus, corpus
from reference.knowledge import Reference, reference

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"
SHARED_SOURCES = ROOT.parent / "shared" / "sources"


@pytest.fixture(scope="session")
def the_corpus() -> Corpus:
    return corpus()


@pytest.fixture(scope="session")
def ref() -> Reference:
    return reference()
