"""Commands for the published site: build it, serve it."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Annotated

import typer

from checker.cli.options import NoCacheFlag
from checker.cli.output import console, errors, escape, fail, guarded


def register(app: typer.Typer) -> None:
    app.command("site")(site)
    app.command("serve")(serve)


@guarded
def site(
    output: Annotated[Path | None, typer.Option("--output", "-o", help="Where to write the HTML.")] = None,
    jobs: Annotated[int, typer.Option("--jobs", "-j", min=1, max=16, help="Sphinx processes.")] = 1,
    no_search: Annotated[bool, typer.Option("--no-search", help="Skip the pagefind search index.")] = False,
    no_cache: NoCacheFlag = False,
) -> None:
    """Answer every scenario, then build the site into _build/html (warnings are errors).

    Answers computed by an earlier run from the same files, code and reference are read from the answer
    cache (`--no-cache` computes them all)."""
    from checker.scenarios.answer_cache import AnswerCache
    from checker.site.build import BUILD, SiteError, build_site
    from reference.cards import cache_dir
    from reference.rulesets import rulesets

    try:
        with AnswerCache.open(cache_dir(), rulesets(), use=not no_cache) as answers:
            report = build_site(output or BUILD / "html", jobs=jobs, search=not no_search, answers=answers)
    except SiteError as exc:
        fail([*str(exc).splitlines(), "the site was not built"])
    for problem in answers.problems:
        errors.print(f"[yellow]warning:[/yellow] {escape(problem)}", soft_wrap=True)
    console.print(f"built {report.pages} pages into {escape(str(report.outdir))} ({report.written} files written, "
                  f"{report.removed} removed){'; search index built' if report.searchable else ''}")


@guarded
def serve(
    port: Annotated[int, typer.Option(min=1024, max=65535)] = 8000,
    directory: Annotated[Path | None, typer.Option("--dir", help="The built site.")] = None,
) -> None:
    """Serve the built site on http://127.0.0.1:PORT for local viewing."""
    import functools
    import http.server

    from checker.site.build import BUILD
    from checker.site.serving import SiteHandler

    root = directory or BUILD / "html"
    if not (root / "index.html").is_file():
        fail([f"no site in {root}: run `rules site` first"])
    handler = functools.partial(SiteHandler, directory=str(root))
    try:
        server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    except OSError as exc:
        fail([f"error: cannot serve on 127.0.0.1:{port}: {exc.strerror or exc}; if another program is using "
              "the port, pick another with --port"])
    with server:
        console.print(f"serving {escape(str(root))} on http://127.0.0.1:{port} (Ctrl-C to stop)")
        with contextlib.suppress(KeyboardInterrupt):
            server.serve_forever()
