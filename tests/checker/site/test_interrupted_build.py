"""A `rules site` stopped while it writes pages (Ctrl-C, kill -9) is completed by the next `rules site`.

A real `rules site` runs in a copy of the project; it is signalled (with its Sphinx workers) once it
has written some rule pages, and the next build must leave every page whole and every picture there.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from checker.site.build import sphinx_build
from tests.checker.site.conftest import BuiltSite, copy_project

PAGES_BEFORE_SIGNAL = 40
IMAGE = re.compile(r'<img\b[^>]*?\bsrc="([^"]+)"')


def _default_interrupt() -> None:
    """In the child: Ctrl-C interrupts. A test run started in the background of a non-interactive shell (a CI
    script's `cmd &`) ignores SIGINT, and an ignored signal stays ignored across exec: the build would never
    see the Ctrl-C this test sends."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _site(root: Path) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "checker.cli", "site", "--no-search", "-j", "2"], cwd=root,
                            env={**os.environ, "PYTHONPATH": str(root)}, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True,
                            preexec_fn=_default_interrupt)


def _interrupt_while_writing(root: Path, sig: signal.Signals) -> None:
    rules = root / "_build" / "html" / "rule"
    proc = _site(root)
    deadline = time.monotonic() + 300
    while not rules.exists() or sum(1 for _ in rules.rglob("*.html")) < PAGES_BEFORE_SIGNAL:
        assert proc.poll() is None, f"the build ended before it was signalled: {proc.communicate()}"
        assert time.monotonic() < deadline, "the build wrote no pages in time"
        time.sleep(0.05)
    os.killpg(proc.pid, sig)  # the whole group, as Ctrl-C in a terminal or a CI runner's kill does
    proc.communicate(timeout=120)
    assert proc.returncode != 0


def _problems(root: Path) -> list[str]:
    out, docs = root / "_build" / "html", root / "docs"
    problems = [f"no page for {md.relative_to(docs)}" for md in sorted(docs.rglob("*.md"))
                if not (out / md.relative_to(docs)).with_suffix(".html").exists()]
    for page in sorted(out.rglob("*.html")):
        html = page.read_text(encoding="utf-8", errors="replace")
        if not html.rstrip().endswith("</html>"):
            problems.append(f"cut short: {page.relative_to(out)}")
        problems += [f"missing picture {src} on {page.relative_to(out)}" for src in IMAGE.findall(html)
                     if not (page.parent / src).exists()]
    problems += [f"left behind: {p.relative_to(root)}" for p in root.rglob("*.tmp")]
    return problems


def test_an_interrupted_build_is_completed_by_the_next(tmp_path: Path) -> None:
    if shutil.which("dot") is None:
        pytest.skip("Graphviz (dot) is not installed; .ci/run installs it")
    root = copy_project(tmp_path / "project")
    out = root / "_build" / "html"

    _interrupt_while_writing(root, signal.SIGINT)
    rebuilt = subprocess.run([sys.executable, "-m", "checker.cli", "site", "--no-search", "-j", "2"], cwd=root,
                             env={**os.environ, "PYTHONPATH": str(root)}, capture_output=True, text=True)
    assert rebuilt.returncode == 0, rebuilt.stderr
    assert _problems(root) == []

    shutil.rmtree(out / "rule")  # every rule page to write again, so that the next build can be killed doing it
    _interrupt_while_writing(root, signal.SIGKILL)
    rebuilt = subprocess.run([sys.executable, "-m", "checker.cli", "site", "--no-search", "-j", "2"], cwd=root,
                             env={**os.environ, "PYTHONPATH": str(root)}, capture_output=True, text=True)
    assert rebuilt.returncode == 0, rebuilt.stderr
    assert _problems(root) == []
    pages = list((out / "rule").rglob("*.html"))
    assert pages and [p for p in pages if "<svg" not in p.read_text(encoding="utf-8")] == []  # every picture


def test_a_rule_page_inlines_its_picture_and_each_rule_in_it_links_to_its_page(site: BuiltSite) -> None:
    page = site.out / "rule" / "ref14" / "V.D.5.c.html"
    html = page.read_text(encoding="utf-8")
    start = html.index('<div class="rules-graph"')
    picture = html[start:html.index("</svg>", start)]
    links = re.findall(r'<a [^>]*href="([^"]+)"', picture)
    assert links, "the picture links to the rules around it"
    assert all((page.parent / link).resolve().is_file() for link in links), links


def test_a_changed_picture_rewrites_its_page(site: BuiltSite) -> None:
    drawn = site.docs / "_graphs" / "ref14-V.D.5.c.svg"
    before = drawn.read_text(encoding="utf-8")
    drawn.write_text(before.replace("</svg>", "<!-- redrawn --></svg>"), encoding="utf-8")
    try:
        sphinx_build(site.out, site.docs, 1, site.work / "site-data", site.work / "doctrees")
        assert "<!-- redrawn -->" in (site.out / "rule" / "ref14" / "V.D.5.c.html").read_text(encoding="utf-8")
    finally:
        drawn.write_text(before, encoding="utf-8")
        sphinx_build(site.out, site.docs, 1, site.work / "site-data", site.work / "doctrees")
