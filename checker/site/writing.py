"""The folders of a build: checked writable before work starts, and swept of what a killed build left.

Files are written with :func:`reference.atomic.write_atomic` (not synced to disk: the site is made
again from its sources, so surviving a power cut is not worth the cost).
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from reference.atomic import TEMP_SUFFIX, WriteError, write_atomic

__all__ = ["TEMP_SUFFIX", "SiteError", "WriteError", "remove_leftovers", "writable_folder", "write_atomic"]


class SiteError(ValueError):
    """The site could not be built; the message says why (raised by the build and by the pictures it draws)."""

def remove_leftovers(folder: Path) -> int:
    """Remove the temporary files and folders a killed build left under ``folder``; how many there were."""
    if not folder.is_dir():
        return 0
    found = list(folder.rglob(f".*{TEMP_SUFFIX}"))
    for p in found:
        if p.is_dir():
            shutil.rmtree(p, ignore_errors=True)
        else:
            p.unlink(missing_ok=True)
    return len(found)


def writable_folder(folder: Path, what: str) -> None:
    """Make ``folder`` if needed and check a file can be written in it; raise WriteError saying why not."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise WriteError(f"{what} {folder} is a file, not a folder: give a folder") from None
    except NotADirectoryError:
        blocker = next(p for p in folder.parents if p.exists())
        raise WriteError(f"cannot make {what} {folder}: {blocker} is a file, not a folder") from None
    except OSError as exc:
        raise WriteError(f"cannot make {what} {folder}: {exc.strerror or exc}") from exc
    try:
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as exc:
        raise WriteError(f"cannot write in {what} {folder}: {exc.strerror or exc}; give a writable folder") from exc
