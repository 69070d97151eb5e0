"""``rules site``: answer every scenario, write the page data, build with Sphinx, index with pagefind."""

from __future__ import annotations

import gc
import json
import shutil
import subprocess
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from checker.scenarios.answer_cache import AnswerCache
from checker.scenarios.coverage import coverage
from checker.scenarios.killmatrix import kill_matrix
from checker.scenarios.suite import SCENARIOS_DIR, load_all, run_all, runs
from checker.site import card_pages, docnames, graphs, pages, recovery, searchdata, titles, topics
from checker.site.page_models import dump
from checker.site.schema_doc import schema_fragment
from checker.site.writing import SiteError as SiteError
from checker.site.writing import WriteError, remove_leftovers, writable_folder, write_atomic
from reference.documents import PACKAGE_DIR
from reference.knowledge import reference
from reference.model import SOURCES
from reference.problems import ProblemsError
from reference.rulesets import rulesets

ROOT = PACKAGE_DIR.parent
DOCS = ROOT / "docs"
BUILD = ROOT / "_build"
DATA = BUILD / "site-data"
GENERATED = ("rule", "scenario", "source", *card_pages.GENERATED)  # stub folders under docs/, made by every build
SEARCH_DIR = "pagefind"


@dataclass(frozen=True)
class SiteReport:
    pages: int
    written: int
    removed: int
    outdir: Path
    searchable: bool


def _write_if_changed(path: Path, content: str) -> bool:
    raw = content.encode("utf-8")
    if path.is_file() and path.read_bytes() == raw:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, raw)
    return True


def collect(scenario_dirs: Sequence[Path] = (SCENARIOS_DIR,), answers: AnswerCache | None = None
            ) -> tuple[dict[str, dict[str, Any]], dict[str, str]]:
    """(page data by docname, generated stubs by docname); ``answers``: the answers earlier builds computed."""
    loaded, problems = load_all(list(scenario_dirs))
    if problems:
        raise ProblemsError(problems)
    editions = answers.editions if answers is not None else rulesets()
    pairs = runs(loaded, editions=editions)
    outcomes = tuple(answers.outcomes(pairs) if answers is not None else run_all(pairs))
    ref = reference()
    data = pages.SiteData(ref, tuple(loaded), outcomes, coverage(outcomes), editions,
                          tuple(kill_matrix(loaded, editions, first_only=True, outcomes=outcomes, answers=answers)))
    fragments: dict[str, dict[str, Any]] = {
        "home": dump(pages.home_page(data)), "coverage": dump(pages.coverage_page(data)),
        "editions": dump(pages.editions_page(data)), "errata": dump(pages.errata_page(data)),
        "schema": dump(schema_fragment()), "cards": dump(pages.cards_page(data)),
        "topics": dump(topics.topics_page(loaded, outcomes, docnames.scenario_doc)),
    }
    stubs: dict[str, str] = {}
    for s in SOURCES:
        fragments[f"source/{s}"] = dump(pages.source_page(data, s))
        stubs[f"source/{s}"] = titles.stub(f"source/{s}", ref.corpus.documents[s].title)
    parts = searchdata.parts_text(ref.corpus)
    cards = card_pages.CardSite(data)
    rulings = card_pages.rulings_by_rule(cards)
    for rid in ref.corpus.rules:
        doc = docnames.rule_doc(rid)
        fragments[doc] = dump(pages.rule_page(data, rid, parts.get(rid, []), rulings.get(rid, [])))
        stubs[doc] = titles.stub(doc, titles.rule_title(ref.corpus, rid))
    _refuse_shared_pages([sc.path for sc in loaded])
    for sc in loaded:
        doc = docnames.scenario_doc(sc.path)
        text = (ROOT / sc.path).read_text(encoding="utf-8")
        fragments[doc] = dump(pages.scenario_page(data, sc, text))
        stubs[doc] = titles.stub(doc, titles.scenario_title(sc.scenario.title, sc.scenario.question))
    card_fragments, card_stubs = card_pages.card_site(data, cards)
    fragments.update(card_fragments)
    stubs.update(card_stubs)
    return fragments, stubs


def _refuse_shared_pages(paths: Sequence[str]) -> None:
    """Two scenario files on one page would hide one of them: name every such pair."""
    by_page: dict[str, list[str]] = {}
    for path in paths:
        by_page.setdefault(docnames.scenario_doc(path).casefold(), []).append(path)
    shared = [sorted(ps) for ps in by_page.values() if len(ps) > 1]
    if shared:
        raise SiteError("\n".join(f"{' and '.join(ps)} would share the page {docnames.scenario_doc(ps[0])}: "
                                   "rename one of them" for ps in shared))


def write_sources(fragments: dict[str, dict[str, Any]], stubs: dict[str, str], docs: Path = DOCS,
                  data_dir: Path = DATA) -> tuple[int, int]:
    """Write changed fragments and stubs; remove generated pages that no longer exist."""
    for folder in (data_dir, docs / "_graphs", *(docs / g for g in GENERATED)):
        remove_leftovers(folder)
    written = 0
    for doc, fragment in fragments.items():  # compact: json's C encoder (indented JSON took 0.6 s a build)
        written += _write_if_changed(data_dir / f"{doc}.json",
                                     json.dumps(fragment, ensure_ascii=False, sort_keys=True, separators=(",", ":")))
    for doc, stub in stubs.items():
        written += _write_if_changed(docs / f"{doc}.md", stub)
    removed = 0
    for generated in GENERATED:
        for path in (docs / generated).rglob("*.md") if (docs / generated).exists() else []:
            doc = str(path.relative_to(docs).with_suffix(""))
            if doc not in stubs:
                path.unlink()
                removed += 1
    written += graphs.write_graphs(reference(), docs / "_graphs")
    return written, removed


def sphinx_build(outdir: Path, docs: Path = DOCS, jobs: int = 1, data_dir: Path = DATA,
                 doctrees: Path = BUILD / "doctrees") -> None:
    """Build the HTML with warnings as errors; raise SiteError listing them."""
    import io

    from sphinx.application import Sphinx
    from sphinx.errors import SphinxError
    from sphinx.util.docutils import docutils_namespace

    warnings = io.StringIO()
    outdir.mkdir(parents=True, exist_ok=True)
    remove_leftovers(outdir)
    for page in recovery.unfinished_pages(outdir):
        page.unlink()
    try:
        with docutils_namespace(), recovery.marked_unfinished(outdir):
            with _collector_paused():  # unpickling the saved environment: 0.2 s of a rebuild's 3 s was collection
                app = Sphinx(str(docs), str(ROOT), str(outdir), str(doctrees), "html", status=None,
                             warning=warnings, freshenv=False, warningiserror=False, parallel=jobs,
                             confoverrides={"rules_site_data": str(data_dir)})
            app.build()
            found = set(app.env.found_docs)
    except SphinxError as exc:
        raise SiteError(f"the Sphinx build failed: {exc}") from exc
    _remove_stale_pages(outdir, found)
    problems = [line for line in warnings.getvalue().splitlines() if line.strip()]
    if problems or app.statuscode:
        raise SiteError("\n".join(problems) or "the Sphinx build failed")


@contextmanager
def _collector_paused() -> Iterator[None]:
    """The cyclic garbage collector off while a large, freshly made object graph is read (it creates no garbage)."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def _remove_stale_pages(outdir: Path, found: set[str]) -> None:
    """Sphinx leaves the HTML of deleted pages behind; a rebuild must equal a clean build."""
    for page in outdir.rglob("*.html"):
        rel = page.relative_to(outdir)
        if rel.parts[0] in ("_static", "_images", "_sources", "pagefind") or rel.name in ("genindex.html",
                                                                                        "search.html"):
            continue
        if str(rel.with_suffix("")) not in found:
            page.unlink()


def pagefind_binary() -> Path:
    """The pagefind command: the extended build (it segments Japanese) from PyPI, ``pagefind[extended]`` in the
    project's dependencies; never installed by the build."""
    from pagefind.service import get_executable

    binary = get_executable()
    if binary is None or not binary.is_file():
        raise SiteError(f"search needs pagefind, which is not installed: run `pip install -e .` in {ROOT} "
                        "(it installs pagefind[extended] from PyPI), or build without search: "
                        "`rules site --no-search`")
    return binary


PAGEFIND_OPTIONS = ("--exclude-selectors", ".headerlink")  # no pilcrow in the titles of search results


def pagefind(outdir: Path, terms: bytes | None = None) -> bool:
    """Index the built site for search, replacing the previous index as a whole (no stale files).

    ``terms`` (checker/site/searchdata.py) is written into the new index's folder, so it is replaced with it.
    """
    binary = pagefind_binary()
    fresh, old, index = outdir / f".{SEARCH_DIR}-new", outdir / f".{SEARCH_DIR}-old", outdir / SEARCH_DIR
    for leftover in (fresh, old):
        shutil.rmtree(leftover, ignore_errors=True)
    try:
        result = subprocess.run([str(binary), "--site", str(outdir), "--output-subdir", fresh.name,
                                 *PAGEFIND_OPTIONS], cwd=ROOT, capture_output=True, text=True)
    except OSError as exc:
        raise SiteError(f"cannot run pagefind ({binary}): {exc.strerror or exc}; run `pip install -e .` "
                        "again") from exc
    if result.returncode != 0:
        shutil.rmtree(fresh, ignore_errors=True)
        raise SiteError(f"pagefind failed: {result.stderr.strip() or result.stdout.strip()}")
    if terms is not None:
        write_atomic(fresh / searchdata.TERMS_FILE, terms)
    if index.exists():
        index.rename(old)
    fresh.rename(index)
    shutil.rmtree(old, ignore_errors=True)
    return True


def build_site(outdir: Path = BUILD / "html", jobs: int = 1, search: bool = True, *, docs: Path = DOCS,
               work: Path = BUILD, scenario_dirs: Sequence[Path] = (SCENARIOS_DIR,),
               answers: AnswerCache | None = None) -> SiteReport:
    """The whole pipeline; ``docs`` and ``work`` let tests and benches build elsewhere, ``answers`` reuses the
    answers and kill-matrix runs that earlier builds computed from the same files (the caller saves it).

    What the build needs from its environment (folders it can write, pagefind) is checked first;
    a file that cannot be written or read later (a full disk) is a SiteError naming it.
    """
    try:
        writable_folder(outdir, "the output folder")
        writable_folder(work, "the work folder")
        if search:
            pagefind_binary()
        fragments, stubs = collect(scenario_dirs, answers)
        written, removed = write_sources(fragments, stubs, docs, work / "site-data")
        sphinx_build(outdir, docs, jobs, work / "site-data", work / "doctrees")
        searchable = pagefind(outdir, searchdata.site_terms(fragments)) if search else False
    except WriteError as exc:
        raise SiteError(str(exc)) from exc
    except OSError as exc:
        raise SiteError(f"{exc.filename or 'the site'}: {exc.strerror or exc}") from exc
    return SiteReport(len(fragments), written, removed, outdir, searchable)
