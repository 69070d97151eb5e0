"""Shared fixtures: the project's corpus and reference, built once per test session."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from checker.scenarios.answer_cache import ENV as ANSWER_CACHE_ENV
from reference.corpus import Corpus, corpus
from reference.knowledge import Reference, reference

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"
SHARED_SOURCES = ROOT.parent / "shared" / "sources"

# Tests exercise the engine: no answer comes from the user's answer cache (nor goes into it), in this process,
# in xdist's workers, nor in the `rules` commands tests start. tests/checker/scenarios/test_answer_cache.py
# turns it on, in a folder of its own.
os.environ[ANSWER_CACHE_ENV] = "off"


@pytest.fixture(scope="session")
def the_corpus() -> Corpus:
    return corpus()


@pytest.fixture(scope="session")
def ref() -> Reference:
    return reference()
