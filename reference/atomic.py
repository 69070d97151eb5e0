"""Writing files so that an interruption leaves either the old file or the new one, never half of one.

Each file is written to a temporary file in its own folder and renamed over the target. A killed
process cannot remove its temporary file, so those are named ``.<name>.<random>.tmp`` and whoever
writes there next may remove them. ``durable`` also syncs the data to disk before the rename, for
files that are not made again from sources (the citations lock).
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path

TEMP_SUFFIX = ".tmp"


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


FILE_MODE = 0o666 & ~_umask()  # what open() would give a new file; read once, before any thread starts


class WriteError(ValueError):
    """A file or folder could not be written; the message names it and says what to do."""


def write_atomic(path: Path, data: str | bytes, *, durable: bool = False) -> None:
    """Replace ``path`` with ``data`` in one step; refuse a folder or a device in its place."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    if path.is_dir():
        raise WriteError(f"cannot write {path}: it is a folder; give a file name")
    if path.exists() and not path.is_file():
        raise WriteError(f"cannot write {path}: it is not a regular file")
    if not path.parent.is_dir():
        what = "is not a folder" if path.parent.exists() else "does not exist"
        raise WriteError(f"cannot write {path}: {path.parent} {what}")
    try:
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=TEMP_SUFFIX)
    except OSError as exc:
        raise WriteError(f"cannot write {path}: {exc.strerror or exc}") from exc
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(raw)
            if durable:
                f.flush()
                os.fsync(f.fileno())
        os.chmod(tmp, stat.S_IMODE(path.stat().st_mode) if path.exists() else FILE_MODE)
        os.replace(tmp, path)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise WriteError(f"cannot write {path}: {exc.strerror or exc}") from exc
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def read_regular_stat(path: Path) -> tuple[bytes, os.stat_result]:
    """The bytes of a regular file and its status; OSError for anything else in its place (a FIFO or a device,
    which a plain read could wait on forever, a folder)."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    with os.fdopen(fd, "rb") as f:
        status = os.fstat(fd)
        if not stat.S_ISREG(status.st_mode):
            raise OSError(errno.EINVAL, "not a regular file", str(path))
        return f.read(), status


def read_regular(path: Path) -> bytes:
    """The bytes of a regular file; OSError when something else is in its place (see :func:`read_regular_stat`)."""
    return read_regular_stat(path)[0]


@contextlib.contextmanager
def locked(folder: Path) -> Iterator[None]:
    """Hold an exclusive lock on ``folder`` (advisory, released on exit or when the process dies)."""
    fd = os.open(folder, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)
