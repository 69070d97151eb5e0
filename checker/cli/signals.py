"""SIGTERM and SIGHUP end a command the way Ctrl-C does: ``finally`` blocks run, temporary files go."""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

SIGNALS = tuple(s for s in (getattr(signal, "SIGTERM", None), getattr(signal, "SIGHUP", None)) if s is not None)


def _exit(signum: int, frame: FrameType | None) -> None:
    for s in SIGNALS:  # a second signal must not cut the clean-up short
        signal.signal(s, signal.SIG_IGN)
    raise SystemExit(128 + signum)


@contextmanager
def clean_exit_on_termination() -> Iterator[None]:
    """Within the block, SIGTERM and SIGHUP raise SystemExit(128 + signal number)."""
    old = {s: signal.signal(s, _exit) for s in SIGNALS}
    try:
        yield
    finally:
        for s, handler in old.items():
            signal.signal(s, handler)
