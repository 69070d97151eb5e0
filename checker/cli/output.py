"""Console output shared by the commands: rich for people, plain JSON for programs."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, NoReturn

import typer
from rich.console import Console
from rich.markup import escape

console = Console(highlight=False, soft_wrap=False)
errors = Console(stderr=True, highlight=False)

EXIT_PROBLEMS = 2


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
    from reference.describe import UnknownRuleError
    from reference.problems import ProblemsError
    from reference.yamlsource import YamlLoadError

    try:
        yield
    except ProblemsError as exc:
        fail([str(p) for p in exc.problems] + [f"{len(exc.problems)} problem(s)"])
    except YamlLoadError as exc:
        fail([str(exc.problem)])
    except UnknownRuleError as exc:
        fail([f"error: {exc}"])


def guarded(fn: Callable[..., None]) -> Callable[..., None]:
    """Decorator form of :func:`user_errors` for command functions."""
    import functools

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> None:
        with user_errors():
            fn(*args, **kwargs)

    return wrapper
