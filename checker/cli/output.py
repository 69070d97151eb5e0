"""Console output shared by the commands: rich for people, plain JSON for programs."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, NoReturn

import typer
from rich.console import Console
from rich.markup import escape as escape_markup

console = Console(highlight=False, soft_wrap=False)
errors = Console(stderr=True, highlight=False)

EXIT_PROBLEMS = 2


def escape(text: str) -> str:
    """Text from users made inert for the terminal: rich markup escaped, control characters shown as ``\\xNN``."""
    from reference.yamlsource import CONTROL

    return escape_markup(CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", text))


def print_json(data: Any) -> None:
    """Write JSON to standard output, UTF-8, stable key order as given."""
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def fail(lines: list[str], code: int = EXIT_PROBLEMS) -> NoReturn:
    """Print each line to stderr and exit with ``code``."""
    for line in lines:
        errors.print(escape(line), soft_wrap=True)
    raise typer.Exit(code)


@contextmanager
def user_errors() -> Iterator[None]:
    """Turn input problems into messages and exit code 2, never a traceback."""
    from reference.atomic import WriteError
    from reference.describe import UnknownRuleError
    from reference.problems import ProblemsError
    from reference.yamlsource import YamlLoadError

    try:
        yield
    except ProblemsError as exc:
        fail([str(p) for p in exc.problems] + [f"{len(exc.problems)} problem(s)"])
    except YamlLoadError as exc:
        fail([str(p) for p in exc.problems])
    except UnknownRuleError as exc:
        fail([f"error: {exc}"])
    except WriteError as exc:
        fail([f"error: {exc}"])
    except OSError as exc:  # the environment, not the input: a full disk, a read-only folder, a missing program
        fail([f"error: {os_error_text(exc)}"])


def os_error_text(exc: OSError) -> str:
    """An OSError in one line, naming the file it is about."""
    where = exc.filename2 if exc.filename2 is not None else exc.filename
    return f"{where}: {exc.strerror}" if where is not None and exc.strerror else str(exc)


def guarded(fn: Callable[..., None]) -> Callable[..., None]:
    """Decorator form of :func:`user_errors` for command functions."""
    import functools

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> None:
        with user_errors():
            fn(*args, **kwargs)

    return wrapper
