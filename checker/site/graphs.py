"""A small picture of each rule's neighbourhood in the graph, drawn by Graphviz (``dot``)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from reference.graph import neighbourhood
from reference.knowledge import Reference

COLOURS = {"rule": "#e8eef7", "external": "#f2f2f2", "authority": "#fdf3d7", "document": "#e3f1e3",
           "erratum": "#f7e3e3"}
EDGE_COLOURS = {"conflicts_with": "#c0392b", "same_as": "#2e86c1", "translates": "#8e44ad", "cites": "#555555",
                "corrects": "#d35400", "supersedes": "#d35400", "ruled_by": "#b7950b", "part_of": "#999999"}
MAX_NODES = 18
PAGE_ID = re.compile(r'id="page\d+,\d+_')


def _quote(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def dot_source(ref: Reference, rule: str) -> str:
    sub = neighbourhood(ref.graph, rule, 1)
    keep = [rule, *sorted((n for n in sub if n != rule), key=lambda n: (sub.nodes[n].get("type") != "rule", n))]
    keep = keep[:MAX_NODES]
    lines = ["digraph G {", '  graph [rankdir=LR, bgcolor="transparent", fontsize=10];',
             '  node [shape=box, style="rounded,filled", fontname="Helvetica", fontsize=10];',
             '  edge [fontname="Helvetica", fontsize=8];']
    for n in keep:
        kind = sub.nodes[n].get("type", "rule")
        extra = ', penwidth=2, color="#1f4e79"' if n == rule else ""
        lines.append(f"  {_quote(n)} [fillcolor={_quote(COLOURS.get(kind, '#ffffff'))}{extra}];")
    for u, v, d in sorted(sub.edges(data=True), key=lambda e: (e[0], e[1], e[2]["kind"])):
        if u in keep and v in keep:
            colour = EDGE_COLOURS.get(d["kind"], "#555555")
            lines.append(f"  {_quote(u)} -> {_quote(v)} [label={_quote(d['kind'])}, color={_quote(colour)}, "
                         f"fontcolor={_quote(colour)}];")
    lines.append("}")
    return "\n".join(lines) + "\n"


def write_graphs(ref: Reference, folder: Path) -> int:
    """Write a .gv and an .svg per rule, running dot only for the graphs that changed."""
    from checker.site.pages import SAFE

    folder.mkdir(parents=True, exist_ok=True)
    changed: list[Path] = []
    for rid in ref.corpus.rules:
        source, path = rid.split(":", 1)
        gv = folder / f"{source}-{SAFE.sub('-', path)}.gv"
        text = dot_source(ref, rid)
        svg = gv.with_suffix(".svg")
        if not gv.exists() or gv.read_text(encoding="utf-8") != text or not svg.exists():
            gv.write_text(text, encoding="utf-8")
            changed.append(gv)
    if changed:
        dot = shutil.which("dot")
        if dot is None:
            from checker.site.build import SiteError

            raise SiteError("the rule pictures need Graphviz's `dot` (Debian: apt-get install graphviz)")
        def draw(batch: list[Path]) -> None:
            subprocess.run([dot, "-Tsvg", "-O", *map(str, batch)], check=True, capture_output=True)
            for gv in batch:  # dot numbers the ids of all but a batch's first graph: make them all alike
                svg = Path(f"{gv}.svg")
                gv.with_suffix(".svg").write_text(PAGE_ID.sub('id="', svg.read_text(encoding="utf-8")),
                                                  encoding="utf-8")
                svg.unlink()

        workers = os.cpu_count() or 2
        batches = [changed[i::workers] for i in range(workers) if changed[i::workers]]
        with ThreadPoolExecutor(max_workers=workers) as pool:
            list(pool.map(draw, batches))
    return len(changed)
