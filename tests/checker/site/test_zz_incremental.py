"""After editing a scenario, a hand-written page, a link and a card effect, an incremental rebuild equals a
clean build.

Runs last among the site tests: it edits the session's site.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from checker.site import build
from reference import effectcheck
from reference.graph import build_graph
from reference.knowledge import Reference, reference
from reference.links import Link
from tests.checker.site.conftest import BuiltSite, copy_docs

EXTRA = Link("same_as", "ref14:II.C.2", "sol:phase.3", "Added by the incremental build test.", None,
             "test", None)


@pytest.fixture
def linked(monkeypatch: pytest.MonkeyPatch) -> Iterator[Reference]:
    ref = reference()
    links = (*ref.links, EXTRA)
    edited = Reference(ref.corpus, links, build_graph(ref.corpus, links, ref.errata), ref.errata)
    monkeypatch.setattr(build, "reference", lambda: edited)
    yield edited


PART = ("  - text: Only usable if this minion is blocked, before block resolution.\n"
        "    not_modelled: blocks a card changes\n")
EDITED = PART.replace("blocks a card changes", "an edited reason the engine does not model it")


@pytest.fixture
def recoded(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    """The card encodings read from a copy where the reason Change of Target's first part is not modelled is
    edited: a part no scenario can play (a scenario needs `ignore_text` to name the card), so every scenario
    still loads, whatever real cards the scenarios play."""
    copy = tmp_path / "cards"
    copy.mkdir()
    for path in effectcheck.ENCODINGS_DIR.glob("*.yaml"):
        (copy / path.name).write_text(path.read_text(encoding="utf-8").replace(PART, EDITED), encoding="utf-8")
    assert EDITED in (copy / "library.yaml").read_text(encoding="utf-8")
    monkeypatch.setattr(effectcheck, "ENCODINGS_DIR", copy)
    effectcheck.encodings.cache_clear()
    yield
    effectcheck.encodings.cache_clear()


def _pages(out: Path) -> dict[str, bytes]:
    return {str(p.relative_to(out)): p.read_bytes() for p in out.rglob("*")
            if p.is_file() and "pagefind" not in p.parts and p.name != ".buildinfo"}


def test_incremental_rebuild_equals_clean_build(site: BuiltSite, linked: Reference, recoded: None,
                                                tmp_path: Path) -> None:
    scenario = site.scenarios / "actions" / "bleed-gets-the-edge.yaml"
    scenario.write_text(scenario.read_text(encoding="utf-8").replace(
        "How much pool does Bob", "How much pool, after the edit, does Bob"), encoding="utf-8")
    guide = site.docs / "guide" / "errata.md"
    guide.write_text(guide.read_text(encoding="utf-8") + "\nAn edited closing line.\n", encoding="utf-8")

    build.build_site(site.out, jobs=2, search=False, docs=site.docs, work=site.work, scenario_dirs=[site.scenarios])
    clean = tmp_path / "clean"
    build.build_site(clean / "html", jobs=2, search=False, docs=copy_docs(clean / "docs", site.docs),
                     work=clean / "work", scenario_dirs=[site.scenarios])

    incremental, fresh = _pages(site.out), _pages(clean / "html")
    assert sorted(incremental) == sorted(fresh)
    different = [name for name in fresh if incremental[name] != fresh[name]]
    assert different == []
    assert b"after the edit" in fresh["scenario/actions/bleed-gets-the-edge.html"]
    assert b"sol:phase.3" in fresh["rule/ref14/II.C.2.html"]
    assert b"An edited closing line." in fresh["guide/errata.html"]
    assert b"an edited reason the engine does not model it" in fresh["card/change-of-target.html"]
