"""The layers run one way (reference -> engine -> solitaire -> scenarios -> site -> CLI) and no modules import
each other in a circle, counting imports made inside functions (the way circles hide).

Read from the source with ``ast``: every ``import`` and ``from ... import`` of a project module, at any depth.
"""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx
import pytest

from tests.conftest import ROOT

PACKAGES = ("reference", "checker")
LAYERS = ("reference", "checker.engine", "checker.solitaire", "checker.scenarios", "checker.site",
          "checker.collector", "checker.pytest_plugin", "checker.cli")
"""Lowest first: a module may import its own layer and those before it, never one after."""


def modules(root: Path, packages: tuple[str, ...] = PACKAGES) -> dict[str, Path]:
    found: dict[str, Path] = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            name = ".".join(path.relative_to(root).with_suffix("").parts)
            found[name.removesuffix(".__init__")] = path
    return found


def import_graph(root: Path, packages: tuple[str, ...] = PACKAGES) -> nx.DiGraph:
    """Module -> the project modules it imports (``from pkg import module`` counts as importing the module)."""
    mods = modules(root, packages)

    def owner(name: str) -> str | None:
        while name and name not in mods:
            name = name.rpartition(".")[0]
        return name or None

    graph = nx.DiGraph()
    for name, path in mods.items():
        graph.add_node(name)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                targets = [f"{node.module}.{a.name}" if f"{node.module}.{a.name}" in mods else node.module
                           for a in node.names]
            for target in targets:
                found = owner(target)
                if found and found != name and found.split(".")[0] in packages:
                    graph.add_edge(name, found, line=node.lineno)
    return graph


def layer(module: str) -> int | None:
    matches = [i for i, prefix in enumerate(LAYERS) if module == prefix or module.startswith(prefix + ".")]
    return max(matches) if matches else None


@pytest.fixture(scope="module")
def graph() -> nx.DiGraph:
    return import_graph(ROOT)


def test_the_engine_imports_nothing_above_it(graph: nx.DiGraph) -> None:
    above = ("checker.solitaire", "checker.scenarios", "checker.site", "checker.cli", "checker.pytest_plugin")
    engine = [m for m in graph if m.startswith("checker.engine")]
    assert len(engine) > 30
    wrong = [f"{m} -> {t} (line {graph.edges[m, t]['line']})" for m in engine for t in graph.successors(m)
             if t.startswith(above)]
    assert wrong == []


def test_layers_run_one_way(graph: nx.DiGraph) -> None:
    unplaced = [m for m in graph if m != "checker" and layer(m) is None]
    assert unplaced == []
    upward = [f"{a} -> {b} (line {data['line']})" for a, b, data in graph.edges(data=True)
              if a != "checker" and (layer(b) or 0) > (layer(a) or 0)]
    assert upward == []


def test_no_module_imports_itself_through_others(graph: nx.DiGraph) -> None:
    assert [" -> ".join(c) for c in nx.simple_cycles(graph)] == []


def test_a_circle_hidden_in_a_function_and_an_upward_import_are_found(tmp_path: Path) -> None:
    pkg = tmp_path / "reference"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from reference import b\n")
    (pkg / "b.py").write_text("def f():\n    from reference.a import x\n    import checker.cli.main\n")
    (tmp_path / "checker" / "cli").mkdir(parents=True)
    for init in ("checker/__init__.py", "checker/cli/__init__.py", "checker/cli/main.py"):
        (tmp_path / init).write_text("")
    found = import_graph(tmp_path)
    assert [sorted(c) for c in nx.simple_cycles(found)] == [["reference.a", "reference.b"]]
    assert found.edges["reference.b", "checker.cli.main"]["line"] == 3
    assert (layer("checker.cli.main") or 0) > (layer("reference.b") or 0)
