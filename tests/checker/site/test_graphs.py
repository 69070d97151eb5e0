"""The rule pictures are drawn again exactly when what they show changes (checker/site/graphs.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from checker.site import graphs
from checker.site.writing import SiteError
from reference.graph import build_graph
from reference.knowledge import Reference, reference
from reference.links import Link


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[set[str]]:
    """What each call of write_graphs drew; dot itself is replaced by a copy of the source."""
    calls: list[set[str]] = []

    def draw(sources: dict[str, str], tmp: Path, folder: Path) -> None:
        calls.append(set(sources))
        for name, text in sources.items():
            (folder / f"{name}.svg").write_text(f"<svg>{text}</svg>", encoding="utf-8")
            (folder / f"{name}.gv").write_text(text, encoding="utf-8")

    monkeypatch.setattr(graphs, "_draw", draw)
    return calls


def test_a_picture_is_drawn_again_only_when_its_neighbourhood_or_file_changes(
        tmp_path: Path, drawn: list[set[str]], monkeypatch: pytest.MonkeyPatch) -> None:
    ref = reference()
    assert graphs.write_graphs(ref, tmp_path) == len(ref.corpus.rules)
    assert (tmp_path / graphs.STAMP).read_text(encoding="utf-8") == graphs.drawn_from(ref)

    def unread(ref: Reference, rule: str) -> str:
        raise AssertionError("the stamp says every picture is drawn from this graph")

    with monkeypatch.context() as m:
        m.setattr(graphs, "dot_source", unread)
        assert graphs.write_graphs(ref, tmp_path) == 0

    (tmp_path / "ref14-V.D.5.c.svg").unlink()
    assert graphs.write_graphs(ref, tmp_path) == 1 and drawn[-1] == {"ref14-V.D.5.c"}

    link = Link("same_as", "ref14:II.C.2", "sol:phase.3", "Added by the test.", None, "test", None)
    links = (*ref.links, link)
    linked = Reference(ref.corpus, links, build_graph(ref.corpus, links, ref.errata), ref.errata)
    assert graphs.drawn_from(linked) != graphs.drawn_from(ref)
    graphs.write_graphs(linked, tmp_path)
    assert {"ref14-II.C.2", "sol-phase.3"} <= drawn[-1]
    assert "sol:phase.3" in (tmp_path / "ref14-II.C.2.gv").read_text(encoding="utf-8")


def test_an_unfinished_drawing_leaves_no_stamp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def fails(sources: dict[str, str], tmp: Path, folder: Path) -> None:
        raise SiteError("dot failed")

    monkeypatch.setattr(graphs, "_draw", fails)
    with pytest.raises(SiteError):
        graphs.write_graphs(reference(), tmp_path)
    assert not (tmp_path / graphs.STAMP).exists()
