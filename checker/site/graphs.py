"""A small picture of each rule's neighbourhood in the graph, drawn by Graphviz (``dot``)."""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from checker.site.docnames import graph_file, rule_doc
from checker.site.writing import TEMP_SUFFIX, SiteError, write_atomic
from reference.graph import neighbourhood
from reference.knowledge import Reference

COLOURS = {"rule": "#e8eef7", "external": "#f2f2f2", "authority": "#fdf3d7", "document": "#e3f1e3",
           "erratum": "#f7e3e3"}
EDGE_COLOURS = {"conflicts_with": "#c0392b", "same_as": "#2e86c1", "translates": "#8e44ad", "cites": "#555555",
                "corrects": "#d35400", "supersedes": "#d35400", "ruled_by": "#b7950b", "part_of": "#999999"}
MAX_NODES = 18
PAGE_ID = re.compile(r'id="page\d+,\d+_')
STAMP = ".drawn"  # the digest of what every picture in the folder was drawn from (:func:`drawn_from`)


def _quote(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def dot_source(ref: Reference, rule: str) -> str:
    """The picture of a rule's neighbourhood; each other rule in it links to its page (the picture is inlined in the
    rule's page, rule/<source>/<name>.html, so a link climbs two folders to the site's root)."""
    sub = neighbourhood(ref.graph, rule, 1)
    keep = [rule, *sorted((n for n in sub if n != rule), key=lambda n: (sub.nodes[n].get("type") != "rule", n))]
    keep = keep[:MAX_NODES]
    lines = [f"digraph {_quote('The rules around ' + rule)} {{",
             '  graph [rankdir=LR, bgcolor="transparent", fontsize=10];',
             '  node [shape=box, style="rounded,filled", fontname="Helvetica", fontsize=10];',
             '  edge [fontname="Helvetica", fontsize=8];']
    for n in keep:
        kind = sub.nodes[n].get("type", "rule")
        extra = ', penwidth=2, color="#1f4e79"' if n == rule else ""
        if kind == "rule" and n != rule and n in ref.corpus.rules:  # its page, relative to any rule page
            extra += f", URL={_quote('../../' + rule_doc(n) + '.html')}, tooltip={_quote('Open ' + n)}"
        lines.append(f"  {_quote(n)} [fillcolor={_quote(COLOURS.get(kind, '#ffffff'))}{extra}];")
    for u, v, d in sorted(sub.edges(data=True), key=lambda e: (e[0], e[1], e[2]["kind"])):
        if u in keep and v in keep:
            colour = EDGE_COLOURS.get(d["kind"], "#555555")
            lines.append(f"  {_quote(u)} -> {_quote(v)} [label={_quote(d['kind'])}, color={_quote(colour)}, "
                         f"fontcolor={_quote(colour)}];")
    lines.append("}")
    return "\n".join(lines) + "\n"


def drawn_from(ref: Reference) -> str:
    """A digest of everything :func:`dot_source` reads: the graph's nodes and their types, its edges and their
    kinds, the rules held, and the code that writes the sources and names the pages."""
    h = hashlib.blake2b(digest_size=20)
    for here in (Path(__file__), Path(__file__).with_name("docnames.py")):
        h.update(here.read_bytes())
    for node in sorted(ref.graph.nodes):
        h.update(f"{node}\0{ref.graph.nodes[node].get('type')}\0{node in ref.corpus.rules}\1".encode())
    edges = sorted(f"{u}\0{v}\0{data.get('kind')}\1" for u, v, data in ref.graph.edges(data=True))
    h.update("".join(edges).encode())
    return h.hexdigest()


def write_graphs(ref: Reference, folder: Path) -> int:
    """Write an .svg and a .gv per rule, running dot only for the graphs that changed.

    The .gv is the source its .svg was drawn from: it is written only once the .svg is in place,
    so a build stopped half-way draws again every picture it had not finished. Once every picture is
    drawn, the folder's stamp records :func:`drawn_from`; a build finding the same stamp and every
    picture there (an edit of a scenario or a card) skips writing the sources again.
    """
    folder.mkdir(parents=True, exist_ok=True)
    stamp, digest = folder / STAMP, drawn_from(ref)
    names = {rid: graph_file(rid) for rid in ref.corpus.rules}
    if (stamp.is_file() and stamp.read_text(encoding="utf-8") == digest
            and all((folder / f"{n}.svg").is_file() and (folder / f"{n}.gv").is_file() for n in names.values())):
        return 0
    stamp.unlink(missing_ok=True)
    changed: dict[str, str] = {}
    for rid, name in names.items():
        gv, svg = folder / f"{name}.gv", folder / f"{name}.svg"
        text = dot_source(ref, rid)
        if not svg.is_file() or not gv.is_file() or gv.read_bytes() != text.encode("utf-8"):
            changed[name] = text
    if changed:
        with tempfile.TemporaryDirectory(dir=folder, prefix=".dot-", suffix=TEMP_SUFFIX) as tmp:
            _draw(changed, Path(tmp), folder)
    write_atomic(stamp, digest)
    return len(changed)


def _draw(sources: dict[str, str], tmp: Path, folder: Path) -> None:
    dot = shutil.which("dot")
    if dot is None:
        raise SiteError("the rule pictures need Graphviz's `dot`, which is not on PATH "
                        "(Debian: apt-get install graphviz)")
    for name, text in sources.items():
        (tmp / f"{name}.gv").write_text(text, encoding="utf-8")

    def draw(batch: list[str]) -> None:
        try:
            result = subprocess.run([dot, "-Tsvg", "-O", *(str(tmp / f"{n}.gv") for n in batch)],
                                    capture_output=True, text=True)
        except OSError as exc:
            raise SiteError(f"cannot run Graphviz's `dot` ({dot}): {exc.strerror or exc}") from exc
        if result.returncode != 0:
            said = (result.stderr.strip() or result.stdout.strip() or "no message").splitlines()[0]
            raise SiteError(f"Graphviz's `dot` ({dot}) failed with exit code {result.returncode}: {said}; "
                            "check the Graphviz installation (dot -V)")
        for n in batch:  # dot numbers the ids of all but a batch's first graph: make them all alike
            drawn = (tmp / f"{n}.gv.svg").read_text(encoding="utf-8")
            write_atomic(folder / f"{n}.svg", PAGE_ID.sub('id="', drawn))
            write_atomic(folder / f"{n}.gv", sources[n])

    names = sorted(sources)
    workers = os.cpu_count() or 2
    batches = [names[i::workers] for i in range(workers) if names[i::workers]]
    with ThreadPoolExecutor(max_workers=workers) as pool:
        list(pool.map(draw, batches))
