"""Bench of `rules site`: the real site's build against a plain MyST site of the same rules, side by side.

Everything happens in temporary directories (never docs/ nor _build/), with Sphinx on 2 jobs:

1. cold build, real size. (a) ``build_site(search=False)`` from a clean state, into a copy of the hand-written
   docs, with a copy of scenarios/ (answering them, page data, graph pictures, Sphinx). (b) a plain MyST project
   of the same pages' text, no extension: a page per rule (id as title, verbatim text in a code block, links to
   its parent, children, citations, same_as, conflicts_with and translations), per era card (its text and its
   rulings' text), per scenario (title, question, links to the rules it tests, the file in a code block) and
   per source document listing its rules; conf.py has myst_parser and furo only. Goal: (a)/(b) <= 1.5x.
2. incremental rebuild: edit one scenario's question in the copy and time a second ``build_site`` into the same
   directories. Goal: under 3 s. Then edit one card effect in a copy of the card encodings (Acrobatics'
   superior dodge marked not modelled, which changes its card page and the card lists) and time a third.
   Goal: under 5 s. Then a clean build of the edited copies into fresh directories: every HTML file must
   equal the incremental one's. Run right after 1, before the big builds grow the heap (a big heap slows
   every later allocation-heavy step: loading scenarios measured 4x slower after them).
3. cold build, ten times the size. (a) the fragments and stubs of ``collect()`` with every rule and scenario
   page cloned 10 times under suffixed docnames (``rule/ref14/V.D.5.c`` -> ``rule/ref14x3/V.D.5.c``, "doc"
   fields pointing at the same clone, other links at the originals); only ``sphinx_build`` is timed (the
   scenarios are answered once, reported apart). (b) the plain pages cloned the same way. Goal: (a)/(b) <= 1.5x.

Builds 1 and 2 run as `rules site` does, with the answer cache (checker/scenarios/answer_cache.py, in a
temporary folder, empty at the cold build): the scenario edit re-answers that file only; the card effect
edit changes the cache's fingerprint, so every answer is computed again; the clean build of 2 computes
every answer without it, so the equality also checks the cached answers against computed ones.

The phases of ``build_site`` are timed by wrapping the module functions it calls. Figures are printed, never
asserted: one line per figure, then ``site: N/M goals met``. Run: ``.venv/bin/python bench/site.py``.
"""

from __future__ import annotations

import io
import os
import pickle
import posixpath
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import furo  # type: ignore[import-untyped]  # noqa: F401  (imported up front so that neither build pays for it)
import myst_parser  # noqa: F401
from sphinx.application import Sphinx
from sphinx.util.docutils import docutils_namespace

from checker.collector import tune
from checker.scenarios.answer_cache import AnswerCache
from checker.site import build, graphs
from checker.site.docnames import rule_doc
from reference import effectcheck
from reference.rulesets import rulesets

ROOT = build.ROOT

JOBS, COPIES, SPARE = 2, 10, (*build.GENERATED, "_graphs")
DODGE = '  - {"text": "Strike: dodge", "level": "superior", "strike": {"dodge": true}}\n'
results: list[bool] = []


def figure(name: str, detail: str, value: float, goal: float, unit: str) -> None:
    ok = value <= goal if unit == "x" else value < goal
    results.append(ok)
    shown = f"ratio {value:.2f}x  goal <= {goal}x" if unit == "x" else f"{value:.1f}s  goal < {goal:g}s"
    print(f"site: {name}  {detail}{shown}  {'OK' if ok else 'MISSED'}", flush=True)


def note(text: str) -> None:
    print(f"      {text}", flush=True)


@contextmanager
def phases() -> Iterator[dict[str, float]]:
    """Time the functions build_site calls (looked up as module attributes, so they can be wrapped)."""
    times: dict[str, float] = {}
    saved: list[tuple[Any, str, Any]] = [(mod, name, getattr(mod, name)) for mod, name in [
        (build, "load_all"), (build, "run_all"), (AnswerCache, "outcomes"), (build, "kill_matrix"),
        (build, "collect"), (build, "write_sources"), (graphs, "write_graphs"), (build, "sphinx_build"),
        (build, "pagefind")]]

    def wrap(name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        def timed(*args: Any, **kwargs: Any) -> Any:
            start = time.perf_counter()
            result = fn(*args, **kwargs)
            if name in ("run_all", "outcomes"):  # a generator: time answering, not creating it
                result = tuple(result)
            times[name] = times.get(name, 0.0) + time.perf_counter() - start
            return result
        return timed

    for mod, name, fn in saved:
        setattr(mod, name, wrap(name, fn))
    try:
        yield times
    finally:
        for mod, name, fn in saved:
            setattr(mod, name, fn)


def phase_line(t: dict[str, float]) -> str:
    answer, kills = t.get("run_all", 0.0) + t.get("outcomes", 0.0), t.get("kill_matrix", 0.0)
    return (f"collect {t['collect']:.1f}s (load scenarios {t['load_all']:.1f}s, answer them {answer:.1f}s, "
            f"kill matrix {kills:.1f}s, page data {t['collect'] - t['load_all'] - answer - kills:.1f}s) | "
            f"write_sources {t['write_sources']:.1f}s (graphs incl. dot {t.get('write_graphs', 0.0):.1f}s) | "
            f"sphinx {t['sphinx_build']:.1f}s")


def clock(fn: Callable[[], Any]) -> tuple[float, Any]:
    start = time.perf_counter()
    result = fn()
    return time.perf_counter() - start, result


def clone_doc(doc: str, k: int) -> str:
    """``rule/ref14/V.D.5.c`` -> ``rule/ref14x3/V.D.5.c``; copy 0 is the original."""
    if not k:
        return doc
    parts = doc.split("/")
    parts[1] += f"x{k}"
    return "/".join(parts)


def retarget(value: Any, k: int) -> Any:
    """A fragment whose rule and scenario "doc" links point at clone k (other links go to the originals)."""
    if isinstance(value, dict):
        return {key: clone_doc(v, k) if key == "doc" and isinstance(v, str) and v.startswith(("rule/", "scenario/"))
                else retarget(v, k) for key, v in value.items()}
    if isinstance(value, list):
        return [retarget(v, k) for v in value]
    return value


def cloned(fragments: dict[str, Any], stubs: dict[str, str]) -> tuple[dict[str, Any], dict[str, str]]:
    frags, docs = dict(fragments), dict(stubs)
    for doc in [d for d in stubs if d.startswith(("rule/", "scenario/", "card/"))]:
        for k in range(1, COPIES):
            new = clone_doc(doc, k)
            frags[new] = retarget(fragments[doc], k)
            docs[new] = stubs[doc].replace(f"{{rules-page}} {doc}\n", f"{{rules-page}} {new}\n")
    return frags, docs


def copy_docs(dest: Path) -> Path:
    shutil.copytree(ROOT / "docs", dest, ignore=lambda d, names: SPARE if Path(d) == ROOT / "docs" else [])
    return dest


def plain_project(src: Path, copies: int) -> int:
    """Write the plain MyST project; return its number of pages."""
    from reference.describe import describe
    from reference.knowledge import reference

    ref = reference()
    src.mkdir(parents=True)
    (src / "conf.py").write_text('project = "plain"\nextensions = ["myst_parser"]\nhtml_theme = "furo"\n')
    sources = list(ref.corpus.documents)
    toc = "\n".join(f"source/{s}" for s in sources)
    pages = {"index": f"# Plain MyST rules\n\n```{{toctree}}\n:maxdepth: 1\n\n{toc}\n```\n"}

    def md(text: str) -> str:
        return re.sub(r"([\[\]\\*_`<>{}#])", r"\\\1", " ".join(text.split()))

    def link(here: str, target: str, text: str) -> str:
        return f"[{md(text)}]({posixpath.relpath(target, posixpath.dirname(here))}.md)"

    for k in range(copies):
        for rid in ref.corpus.rules:
            d, here = describe(ref, rid), clone_doc(rule_doc(rid), k)
            fence = "`" * max(3, 1 + max((len(m) for m in re.findall(r"`+", d.text)), default=0))
            body = [f"---\norphan: true\n---\n\n# {rid}\n",
                    link(here, f"source/{d.source.id}", d.source.title) + "\n",
                    f"{fence}none\n{d.text}\n{fence}\n"]
            cites = [c.target for c in d.citations if c.target and c.held]
            for title, items in (("Part of", [d.parent.id]), ("Parts", [c.id for c in d.children]),
                                 ("Cites", cites), ("The same rule elsewhere", [c.id for c in d.same_as]),
                                 ("Conflicts with", [c.id for c in d.conflicts_with]),
                                 ("Translates", [c.id for c in d.translates + d.translated_by])):
                held = [i for i in items if i in ref.corpus.rules]
                if held:
                    body.append(f"## {title}\n\n" + "".join(f"- {link(here, clone_doc(rule_doc(i), k), i)}\n"
                                                            for i in held))
            pages[here] = "\n".join(body)
    from checker.site.docnames import card_docs
    from reference.cards import era_cards

    cards = era_cards()
    docs = card_docs(cards)
    on_card: dict[str, list[str]] = {}
    for ruling in (ref.cards.rulings.values() if ref.cards else ()):
        on_card.setdefault(ruling.subject, []).append(f"- {md(ruling.plain)} ({', '.join(ruling.references)})\n")
    for k in range(copies):  # a page per era card: its name, its text and its rulings' text
        for card in cards:
            here = clone_doc(docs[card.id], k)
            rulings = "".join(on_card.get(card.id, []))
            pages[here] = (f"---\norphan: true\n---\n\n# {card.name}\n\n```none\n{card.text}\n```\n"
                           + (f"\n## Rulings\n\n{rulings}" if rulings else ""))
    from checker.scenarios.suite import SCENARIOS_DIR, load_all
    from checker.site.docnames import scenario_doc

    loaded, _ = load_all([SCENARIOS_DIR])
    for k in range(copies):  # a page per scenario: its question, the rules it tests, its file
        for sc in loaded:
            here = clone_doc(scenario_doc(sc.path), k)
            text = (ROOT / sc.path).read_text(encoding="utf-8")
            fence = "`" * max(3, 1 + max((len(m) for m in re.findall(r"`+", text)), default=0))
            tests = "".join(f"- {link(here, clone_doc(rule_doc(r), k), r)}\n" for r in sc.scenario.tests)
            pages[here] = (f"---\norphan: true\n---\n\n# {md(sc.scenario.title)}\n\n{md(sc.scenario.question)}\n\n"
                           f"## Tests\n\n{tests}\n{fence}yaml\n{text}\n{fence}\n")
    for s in sources:
        here = f"source/{s}"
        rules = "".join(f"- {link(here, rule_doc(r.id), r.id)}\n" for r in ref.corpus.by_source(s))
        pages[here] = f"# {ref.corpus.documents[s].title}\n\n{rules}"
    for doc, text in pages.items():
        (src / f"{doc}.md").parent.mkdir(parents=True, exist_ok=True)
        (src / f"{doc}.md").write_text(text, encoding="utf-8")
    return len(pages)


def plain_build(src: Path, out: Path) -> None:
    warnings = io.StringIO()
    with docutils_namespace():
        app = Sphinx(str(src), str(src), str(out / "html"), str(out / "doctrees"), "html", status=None,
                     warning=warnings, parallel=JOBS)
        app.build()
    problems = [line for line in warnings.getvalue().splitlines() if line.strip()]
    if problems or app.statuscode:
        note(f"the plain build warned {len(problems)} times, first: {problems[:3]}")


def nodes_per_page(doctrees: Path) -> str:
    """Docutils nodes per page by top folder: what Sphinx's transforms and HTML writer walk."""
    pages: dict[str, list[int]] = {}
    for path in doctrees.rglob("*.doctree"):
        rel = path.relative_to(doctrees)
        count = pages.setdefault(rel.parts[0] if len(rel.parts) > 1 else "top", [0, 0])
        count[0] += 1
        count[1] += sum(1 for _ in pickle.loads(path.read_bytes()).findall())
    total = [sum(c[i] for c in pages.values()) for i in (0, 1)]
    return f"{total[1] // total[0]} nodes a page (" + ", ".join(f"{k} {n // p}" for k, (p, n) in pages.items()) + ")"


def page_weight(out: Path, page: str) -> tuple[int, list[str]]:
    """A page and the local stylesheets, scripts and pictures it loads, gzipped (the search index excluded): bytes,
    and what was counted."""
    import gzip
    from urllib.parse import urlsplit

    html = (out / page).read_text(encoding="utf-8")
    assets = re.findall(r'<(?:link[^>]+href|script[^>]+src|img[^>]+src)="([^"]+)"', html)
    counted, total = [page], len(gzip.compress((out / page).read_bytes()))
    for ref in dict.fromkeys(assets):
        path = urlsplit(ref).path
        if not path or urlsplit(ref).scheme or "pagefind" in path:
            continue
        local = (out / page).parent / path
        if local.is_file() and local.suffix in (".css", ".js", ".svg", ".png", ".woff2"):
            total += len(gzip.compress(local.read_bytes()))
            counted.append(posixpath.normpath(posixpath.join(posixpath.dirname(page), path)))
    return total, counted


def startup() -> float:
    """What a fresh process (``rules site``) pays before building and the in-process rebuild does not."""
    code = "import checker.site.build; from reference.knowledge import reference; reference()"
    return clock(lambda: subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True))[0]


def cached_build(out: Path, docs: Path, work: Path, scenarios: Path, answers: Path) -> build.SiteReport:
    """``build_site`` as `rules site` runs it: with the answer cache (in ``answers``, empty at the cold build)."""
    with AnswerCache.open(answers, rulesets(), use=True) as cache:
        return build.build_site(out, JOBS, False, docs=docs, work=work, scenario_dirs=[scenarios], answers=cache)


def html_files(out: Path) -> dict[str, bytes]:
    return {str(p.relative_to(out)): p.read_bytes() for p in out.rglob("*.html")}


def mtimes(folder: Path, pattern: str) -> dict[str, int]:
    return {str(p.relative_to(folder)): p.stat().st_mtime_ns for p in folder.rglob(pattern)}


def main() -> None:
    tune()  # as `rules site` does (checker/collector.py)
    tmp, load = Path(tempfile.mkdtemp(prefix="bench-site-")), os.getloadavg()[0]
    try:
        run(tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    note(f"load average {load:.1f} at the start, {os.getloadavg()[0]:.1f} at the end, on {os.cpu_count()} cores: "
         "other processes running meanwhile slow the figures down, unevenly")
    print(f"site: {sum(results)}/{len(results)} goals met")


def run(tmp: Path) -> None:
    # 1. cold build at real size
    scenarios, cards = tmp / "scenarios", tmp / "cards"
    shutil.copytree(ROOT / "scenarios", scenarios)
    shutil.copytree(effectcheck.ENCODINGS_DIR, cards)
    effectcheck.ENCODINGS_DIR = cards
    effectcheck.encodings.cache_clear()
    docs, work, out, answers = copy_docs(tmp / "docs"), tmp / "work", tmp / "html", tmp / "answer-cache"
    with phases() as cold_phases:
        real, report = clock(lambda: cached_build(out, docs, work, scenarios, answers))
    plain_pages = plain_project(tmp / "plain", 1)
    plain, _ = clock(lambda: plain_build(tmp / "plain", tmp / "plain-out"))
    figure("cold build real vs plain MyST", f"real {real:.1f}s  plain {plain:.1f}s  ", real / plain, 1.5, "x")
    note(f"real: {report.pages} pages; {phase_line(cold_phases)}")
    note(f"plain: {plain_pages} pages, Sphinx only")
    note(f"docutils nodes: real {nodes_per_page(work / 'doctrees')}; "
         f"plain {nodes_per_page(tmp / 'plain-out' / 'doctrees')}")
    search, _ = clock(lambda: build.pagefind(out))
    note(f"pagefind (not in the figure, search=False): {search:.1f}s")
    weight, counted = page_weight(out, "rule/ref14/V.D.5.c.html")
    results.append(weight <= 40 * 1024)
    print(f"site: a rule page with its assets, gzipped  {weight / 1024:.1f} KB  goal <= 40 KB  "
          f"{'OK' if weight <= 40 * 1024 else 'MISSED'}", flush=True)
    note(f"counted: {', '.join(counted)}")

    # 2. incremental rebuild into the cold build's directories (see the docstring for why it runs second)
    edited = next(p for p in sorted(scenarios.rglob("*.yaml")) if "\nquestion: >\n  " in p.read_text())
    edited.write_text(edited.read_text().replace("\nquestion: >\n  ", "\nquestion: >\n  Edited by the bench. ", 1))
    doctrees, html_before = mtimes(work / "doctrees", "*.doctree"), mtimes(out, "*.html")
    with phases() as inc_phases:
        inc, report = clock(lambda: cached_build(out, docs, work, scenarios, answers))
    reread = sorted(d for d, t in mtimes(work / "doctrees", "*.doctree").items() if doctrees.get(d) != t)
    rewritten = sorted(h for h, t in mtimes(out, "*.html").items() if html_before.get(h) != t)
    figure("incremental rebuild (one scenario question edited)", "", inc, 3, "s")
    note(f"edited {edited.relative_to(scenarios)}; {report.written} files written; {phase_line(inc_phases)}")
    note(f"re-read {len(reread)} page(s): {', '.join(d.removesuffix('.doctree')[:70] for d in reread[:5])}"
         f"{' ...' if len(reread) > 5 else ''}; HTML rewritten: {', '.join(rewritten[:5])}")
    note(f"in-process, with imports and the reference already built; a fresh process adds {startup():.1f}s")

    library = cards / "library.yaml"
    library.write_text(library.read_text(encoding="utf-8").replace(DODGE, DODGE.replace(
        '"strike": {"dodge": true}', '"not_modelled": "an effect the vocabulary lacks"'), 1), encoding="utf-8")
    effectcheck.encodings.cache_clear()
    doctrees, html_before = mtimes(work / "doctrees", "*.doctree"), mtimes(out, "*.html")
    with phases() as card_phases:
        inc, report = clock(lambda: cached_build(out, docs, work, scenarios, answers))
    reread = sorted(d for d, t in mtimes(work / "doctrees", "*.doctree").items() if doctrees.get(d) != t)
    figure("incremental rebuild (one card effect edited)", "", inc, 5, "s")
    note(f"edited Acrobatics in {library.name}; {report.written} files written; {phase_line(card_phases)}")
    note(f"re-read {len(reread)} page(s): {', '.join(d.removesuffix('.doctree')[:70] for d in reread[:5])}"
         f"{' ...' if len(reread) > 5 else ''}")
    build.build_site(tmp / "clean-html", JOBS, False, docs=copy_docs(tmp / "clean-docs"), work=tmp / "clean-work",
                     scenario_dirs=[scenarios])  # every answer computed: the cached ones must give the same pages
    incremental, clean = html_files(out), html_files(tmp / "clean-html")
    differ = sorted(n for n in incremental.keys() | clean.keys() if incremental.get(n) != clean.get(n))
    results.append(not differ)
    print(f"site: incremental build after both edits equal to a clean build  {len(clean)} HTML files, "
          f"{len(differ)} differ{': ' + ', '.join(differ[:5]) if differ else ''}  {'OK' if not differ else 'MISSED'}",
          flush=True)

    # 3. ten times the size
    with phases() as big_phases:
        fragments, stubs = build.collect()
    frags10, stubs10 = cloned(fragments, stubs)
    docs10, work10 = copy_docs(tmp / "docs10"), tmp / "work10"
    shutil.copytree(docs / "_graphs", docs10 / "_graphs")  # the pictures are the same; spare running dot
    build.write_sources(frags10, stubs10, docs10, work10 / "site-data")
    real10, _ = clock(lambda: build.sphinx_build(tmp / "html10", docs10, JOBS, work10 / "site-data",
                                                 work10 / "doctrees"))
    plain10_pages = plain_project(tmp / "plain10", COPIES)
    plain10, _ = clock(lambda: plain_build(tmp / "plain10", tmp / "plain10-out"))
    figure(f"{COPIES}x build real vs plain MyST", f"real {real10:.1f}s  plain {plain10:.1f}s  ",
           real10 / plain10, 1.5, "x")
    note(f"real: {len(frags10)} pages, sphinx_build only: answering the scenarios is excluded "
         f"(collect took {big_phases['collect']:.1f}s, of which answering {big_phases['run_all']:.1f}s, once)")
    note(f"plain: {plain10_pages} pages")


if __name__ == "__main__":
    main()
