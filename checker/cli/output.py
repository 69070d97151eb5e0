"""Console output shared by the commands: rich for people, plain JSON for programs."""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any, NoReturn

import typer
from rich.console import Console
from rich.markup import escape as escape_markup
from rich.text import Text

# No emoji: a `:x:` in a scenario's title or a file name is text, never a picture (rich's default replaces it).
console = Console(highlight=False, soft_wrap=False, emoji=False)
errors = Console(stderr=True, highlight=False, emoji=False)

EXIT_PROBLEMS = 2

_JSON_UNSAFE = re.compile(r"[\x7f-\x9f\ud800-\udfff]")


def escape(text: str) -> str:
    """Text from users made inert for the terminal: rich markup escaped, control characters and bytes that are not
    UTF-8 shown as ``\\xNN`` (:func:`reference.inert.inert`)."""
    from reference.inert import inert

    return escape_markup(inert(text))


def markup(text: str) -> Text:
    """Markup written here (user text in it already escaped) as rich text, emoji codes left as text.

    For the places rich reads markup without the console's settings (a panel's title)."""
    return Text.from_markup(text, emoji=False)


def print_json(data: Any) -> None:
    """Write JSON to standard output, UTF-8, stable key order as given.

    C1 control characters and lone surrogates (a file name that is not UTF-8) are written as ``\\uNNNN``
    escapes: the same JSON value, but nothing a terminal or a CI log acts on, and always valid UTF-8.
    """
    text = json.dumps(data, ensure_ascii=False, indent=2)
    sys.stdout.write(_JSON_UNSAFE.sub(lambda m: f"\\u{ord(m.group()):04x}", text) + "\n")


def fail(lines: list[str], code: int = EXIT_PROBLEMS) -> NoReturn:
    """Print each line to stderr (made inert: give the text as it is, unescaped) and exit with ``code``."""
    for line in lines:
        errors.print(escape(line), soft_wrap=True)
    raise typer.Exit(code)


def check_choice(what: str, value: str | None, allowed: Iterable[str], *, option: str | None = None) -> None:
    """Exit 2 naming the allowed values (and the closest ones) when ``value`` is not one of them.

    For options and arguments whose values are a fixed list: a value outside it would otherwise select
    nothing, silently (an empty table, exit 0).
    """
    from reference.problems import suggest

    choices = list(allowed)
    if value is not None and value not in choices:
        where = f"{option}: " if option else ""
        fail([f"error: {where}unknown {what} {value!r}{suggest(value, choices)}; it is one of: {', '.join(choices)}"])


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
