"""A site built once for the site tests: the real reference, the real scenarios plus a hostile one."""

from __future__ import annotations

import functools
import http.server
import shutil
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from checker.site.build import DOCS, GENERATED, build_site
from tests.conftest import ROOT

HOSTILE = """\
title: "<script>alert('title')</script> {eval-rst} **bold** [link](http://example.com)"
question: |
  <img src=x onerror="alert('question')">
  ```{raw} html
  <b id="injected">raw html</b>
  ```
  {rule}`ref14:I.C` and <iframe src="javascript:alert(1)"></iframe>
tests: ["ref14:II.C.1.a"]
rulesets: [jyhad-1.4]
setup:
  players: [{name: alice}, {name: bob}]
  phase: minion
  minions:
    - {name: Cassandra, controller: alice, capacity: 5, blood: 3}
steps:
  - bleed: {actor: Cassandra}
expect:
  bob: {pool: 29}
"""


@dataclass(frozen=True)
class BuiltSite:
    docs: Path
    work: Path
    out: Path
    scenarios: Path


def copy_docs(target: Path, source: Path = DOCS) -> Path:
    """The hand-written pages of ``source`` (the generated ones are made by each build)."""
    shutil.copytree(source, target, ignore=shutil.ignore_patterns(*GENERATED, "_graphs"))
    return target


def copy_project(target: Path) -> Path:
    """The code, data and hand-written pages of the project in ``target``: `rules` runs there as in a checkout."""
    for folder in ("checker", "reference", "scenarios"):
        shutil.copytree(ROOT / folder, target / folder, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy2(ROOT / "conf.py", target / "conf.py")
    copy_docs(target / "docs")
    return target


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[BuiltSite]:
    if shutil.which("dot") is None:
        pytest.skip("Graphviz (dot) is not installed; .ci/run installs it")
    base = tmp_path_factory.mktemp("site")
    scenarios = base / "scenarios"
    shutil.copytree(ROOT / "scenarios", scenarios)
    (scenarios / "hostile").mkdir()
    (scenarios / "hostile" / "hostile-title.yaml").write_text(HOSTILE, encoding="utf-8")
    built = BuiltSite(copy_docs(base / "docs"), base / "work", base / "html", scenarios)
    build_site(built.out, jobs=2, search=True, docs=built.docs, work=built.work, scenario_dirs=[scenarios])
    yield built


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def server(site: BuiltSite) -> Iterator[str]:
    """The built site over HTTP, for the browser tests."""
    handler = functools.partial(_QuietHandler, directory=str(site.out))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's Chromium, headless, through Playwright."""
    if CHROMIUM is None:
        pytest.skip("Debian's chromium is not installed; .ci/run installs it")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()
