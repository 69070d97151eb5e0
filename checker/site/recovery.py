"""What a build that did not finish left behind in the HTML, so that the next build writes it again.

Sphinx writes pages in place and copies their pictures only once every page is written, and a
page it finds on disk is a page it does not write again. So a build stopped while writing leaves
pages that are cut short, or whose pictures were never copied, and without help every later build
keeps them. Each build marks the output folder as unfinished until Sphinx returns; the next build
removes every page written since that mark, and every page showing a picture that is missing, and
Sphinx writes those pages (and copies their pictures) again.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from checker.site.writing import write_atomic

MARKER = ".rules-build-unfinished"
IMAGE = re.compile(r'<img\b[^>]*?\bsrc="([^"]+)"')
NOT_PAGES = ("_static", "_images", "_sources", "pagefind")


def _pictures(page: Path) -> list[str]:
    return [src for src in IMAGE.findall(page.read_text(encoding="utf-8", errors="replace"))
            if ":" not in src and not src.startswith("/")]


def missing_pictures(outdir: Path) -> dict[Path, list[str]]:
    """Pages of ``outdir`` showing a local picture that is not there, with those pictures."""
    out: dict[Path, list[str]] = {}
    for page in sorted(outdir.rglob("*.html")):
        if page.relative_to(outdir).parts[0] in NOT_PAGES:
            continue
        missing = [src for src in _pictures(page) if not (page.parent / src.split("#")[0]).exists()]
        if missing:
            out[page] = missing
    return out


def unfinished_pages(outdir: Path) -> list[Path]:
    """Pages to write again after an unfinished build (its mark is there): those written since the mark, and those
    showing a missing picture. Without the mark the last build finished, pictures copied: nothing to redo."""
    marker = outdir / MARKER
    if not marker.exists():
        return []
    since = marker.stat().st_mtime_ns
    redo = set(missing_pictures(outdir))
    redo |= {p for p in outdir.rglob("*.html") if p.stat().st_mtime_ns >= since}
    return sorted(redo)


@contextmanager
def marked_unfinished(outdir: Path) -> Iterator[None]:
    """Mark ``outdir`` as being written; the mark stays if the build is interrupted or fails."""
    write_atomic(outdir / MARKER, "a build of the site was writing here and did not finish\n")
    yield
    (outdir / MARKER).unlink(missing_ok=True)
