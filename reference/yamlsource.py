"""Safe YAML loading that remembers where every value came from.

Curated data and scenario files are written by people; when one is wrong the
message must name the file, the line and the field. PyYAML's composer gives us
the node tree with marks; we build plain Python values from it with the
SafeLoader's constructors only (no tags that build objects) and keep a map from
each value's path to its 1-based line.
"""

from __future__ import annotations

import hashlib
import math
import re
import stat
from collections.abc import Hashable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, TypeVar

import yaml
from pydantic import BaseModel, ValidationError

from reference.problems import Problem, ProblemsError

MAX_BYTES = 2_000_000
_COMPOSER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml when present: same nodes, faster
MAX_NODES = 200_000

Path_ = tuple[str | int, ...]
M = TypeVar("M", bound=BaseModel)


class YamlLoadError(ValueError):
    """A YAML file could not be read; carries every problem found, each with its location."""

    def __init__(self, problem: Problem, *more: Problem, partial: Located | None = None) -> None:
        super().__init__(str(problem))
        self.problem = problem
        self.problems = [problem, *more]
        self.partial = partial  # the document read with each bad value as None, to report its other problems


@dataclass(frozen=True)
class Located:
    """A loaded YAML document with the line of every value, keyed by path."""

    file: str
    data: Any
    lines: dict[Path_, int] = field(default_factory=dict)
    digest: str = ""  # of the text read: what a cache of answers computed from this document is keyed by

    def line_of(self, path: Path_) -> int | None:
        """The line of the value at ``path``, or of its nearest located ancestor."""
        p = tuple(path)
        while p:
            if p in self.lines:
                return self.lines[p]
            p = p[:-1]
        return self.lines.get((), None)

    def problem(self, path: Path_, message: str) -> Problem:
        """A problem located at ``path`` in this file."""
        return Problem(file=self.file, line=self.line_of(path), field=field_path(path), message=message)


def field_path(path: Path_) -> str | None:
    """``("steps", 2, "bleed")`` -> ``steps[2].bleed``; None for the document itself.

    A key is shown inert: a character that is not printable (a control, a zero-width or bidirectional one) as its
    escape, as ``repr`` writes it."""
    out = ""
    for part in path:
        text = str(part) if str(part).isprintable() else repr(str(part))[1:-1]
        out += f"[{part}]" if isinstance(part, int) and not isinstance(part, bool) else (f".{text}" if out else text)
    return out or None


class _Builder:
    def __init__(self, file: str) -> None:
        self.file = file
        self.lines: dict[Path_, int] = {}
        self.count = 0
        self.constructor = yaml.SafeLoader("")
        self.problems: list[Problem] = []  # values that could not be read; each read as None meanwhile

    def fail(self, node: yaml.Node, message: str) -> YamlLoadError:
        return YamlLoadError(
            Problem(file=self.file, line=node.start_mark.line + 1, field=None, message=message)
        )

    def build(self, node: yaml.Node, path: Path_) -> Any:
        self.count += 1
        if self.count > MAX_NODES:
            raise self.fail(node, f"too many values (over {MAX_NODES}); refusing (alias bomb?)")
        self.lines.setdefault(path, node.start_mark.line + 1)
        if node.tag not in _SAFE_TAGS:
            raise self.fail(node, f"the tag {node.tag!r} is not allowed")
        if isinstance(node, yaml.MappingNode):
            out: dict[Any, Any] = {}
            for key_node, value_node in node.value:
                if key_node.tag == "tag:yaml.org,2002:merge":
                    raise self.fail(key_node, "merge keys (<<) are not supported")
                try:
                    key = self.build_scalar(key_node)
                except YamlLoadError as exc:  # noted, and the entry left out: nothing else is said of a key unread
                    said = f"the key {shown(key_node.value)}: " if isinstance(key_node, yaml.ScalarNode) else ""
                    self.problems += [replace(p, field=field_path(path), message=said + p.message)
                                      for p in exc.problems]
                    continue
                if not isinstance(key, Hashable):
                    raise self.fail(key_node, "a mapping key must be a plain value")
                if key in out:
                    raise self.fail(key_node, f"duplicate key {key!r}")
                out[key] = self.build(value_node, (*path, str(key)))
                self.lines[(*path, str(key))] = key_node.start_mark.line + 1
            return out
        if isinstance(node, yaml.SequenceNode):
            return [self.build(item, (*path, i)) for i, item in enumerate(node.value)]
        return self.scalar_or_note(node, path)

    def scalar_or_note(self, node: yaml.Node, path: Path_) -> Any:
        """A scalar, or None with the problem noted, so that every bad value of the file is reported at once."""
        try:
            return self.build_scalar(node)
        except YamlLoadError as exc:
            self.problems += [replace(p, field=field_path(path)) for p in exc.problems]
            return None

    def build_scalar(self, node: yaml.Node) -> Any:
        """A plain value, read as YAML 1.2 reads it: ``030`` is 30, ``2024-13-45`` is text.

        Explicit tags other than ``!!str`` are refused; a number that is not finite or has
        more than :data:`MAX_DIGITS` digits is refused with its line.
        """
        if not isinstance(node, yaml.ScalarNode):
            raise self.fail(node, "a mapping key must be a plain value")
        if node.tag == _STR:  # most values: text, resolved or tagged so (both allowed); nothing to construct
            return self._text(node, node.value)
        if node.tag not in _SAFE_TAGS or node.tag.endswith(("map", "seq")):
            raise self.fail(node, f"the tag {node.tag!r} is not allowed")
        plain = not node.style  # libyaml gives "" for a plain scalar, PyYAML None
        implicit = _RESOLVER.resolve(yaml.ScalarNode, node.value, (plain, not plain))  # type: ignore[no-untyped-call]
        if node.tag != implicit and node.tag != _STR:
            raise self.fail(node, f"the tag {_short(node.tag)} is not allowed: write the value without it")
        if node.tag == _INT:
            return self._integer(node)
        if node.tag == _TIMESTAMP:
            return node.value  # a date stays text; the model that wants a date parses and checks it
        value = self.constructor.construct_object(node, deep=False)
        if isinstance(value, float) and not math.isfinite(value):
            raise self.fail(node, f"{node.value!r} is not a finite number")
        return self._text(node, value) if isinstance(value, str) else value

    def _text(self, node: yaml.ScalarNode, value: str) -> str:
        if value.isprintable():  # no control character, nor tab or newline: the search below would find nothing
            return value
        if bad := CONTROL.search(value):
            raise self.fail(node, f"control character U+{ord(bad.group()):04X} is not allowed in text")
        return value

    def _integer(self, node: yaml.ScalarNode) -> int | str:
        text = node.value.replace("_", "") if _DECIMAL.fullmatch(node.value) else ""
        if not text:
            return str(node.value)  # 0x1A, 0o17, 1:30 ...: text, which a model expecting a number refuses
        if len(text.lstrip("+-")) > MAX_DIGITS:
            raise self.fail(node, f"a number of {len(text.lstrip('+-'))} digits is too large (at most {MAX_DIGITS})")
        return int(text, 10)


MAX_DIGITS = 18
CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
"""Characters that could drive a terminal (escape sequences) or hide text; tab and newline are fine."""
INVISIBLE = re.compile("[\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]")
"""Zero-width characters and bidirectional controls: they make two different names look the same, or reorder
text on screen. Text may need them (some scripts join or order letters with them); a name never does."""
SHOWN_LENGTH = 60


def shown(value: object) -> str:
    """A value from a file as a message quotes it: ``null`` / ``true`` / ``false`` as YAML writes them, else its
    ``repr`` (which escapes control and invisible characters: inert), shortened past :data:`SHOWN_LENGTH`
    characters."""
    if value is None or isinstance(value, bool):
        return "null" if value is None else str(value).lower()
    if isinstance(value, int) and value.bit_length() > 4 * SHOWN_LENGTH:  # repr would be long, or refused
        return f"a number of about {int(value.bit_length() * 0.30103)} digits"
    text = repr(value) if isinstance(value, str | int | float) else repr(str(value))
    if len(text) <= SHOWN_LENGTH:
        return text
    size = len(value) if isinstance(value, str) else len(text)
    return f"{text[:SHOWN_LENGTH - 16]}…{text[-8:]} ({size} characters)"


_STR, _INT, _TIMESTAMP = "tag:yaml.org,2002:str", "tag:yaml.org,2002:int", "tag:yaml.org,2002:timestamp"
_DECIMAL = re.compile(r"[-+]?[0-9][0-9_]*")
_RESOLVER = yaml.resolver.Resolver()


def _short(tag: str) -> str:
    return "!!" + tag.rsplit(":", 1)[-1] if tag.startswith("tag:yaml.org,2002:") else repr(tag)


_SAFE_TAGS = {
    "tag:yaml.org,2002:map",
    "tag:yaml.org,2002:seq",
    "tag:yaml.org,2002:str",
    "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:null",
    "tag:yaml.org,2002:timestamp",
}


def load_text(text: str, file: str) -> Located:
    """Parse YAML text safely, recording lines; raises :class:`YamlLoadError`."""
    raw = text.encode("utf-8", "surrogatepass")
    if len(raw) > MAX_BYTES:
        raise YamlLoadError(
            Problem(file=file, line=None, field=None, message=f"file larger than {MAX_BYTES} bytes")
        )
    try:
        root = yaml.compose(text, Loader=_COMPOSER)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        msg = " ".join(x for x in (exc.context, exc.problem) if x) or "invalid YAML"
        raise YamlLoadError(Problem(file=file, line=line, field=None, message=msg)) from None
    except yaml.YAMLError as exc:
        raise YamlLoadError(Problem(file=file, line=None, field=None, message=str(exc))) from None
    digest = hashlib.blake2b(raw, digest_size=20).hexdigest()
    if root is None:
        return Located(file=file, data=None, lines={}, digest=digest)
    builder = _Builder(file)
    try:
        data = builder.build(root, ())
    except RecursionError:
        raise YamlLoadError(
            Problem(file=file, line=None, field=None, message="nesting too deep")
        ) from None
    except yaml.YAMLError as exc:
        raise YamlLoadError(Problem(file=file, line=None, field=None, message=str(exc))) from None
    if builder.problems:
        raise YamlLoadError(*builder.problems, partial=Located(file=file, data=data, lines=builder.lines,
                                                               digest=digest))
    return Located(file=file, data=data, lines=builder.lines, digest=digest)


def load_file(path: Path, display: str | None = None) -> Located:
    """Read and parse a YAML file; raises :class:`YamlLoadError` on any problem."""
    name = display or str(path)
    try:
        if not stat.S_ISREG(path.stat().st_mode):
            raise YamlLoadError(Problem(file=name, line=None, field=None,
                                        message="not a regular file (a device, pipe or folder); give a .yaml file"))
        with path.open("rb") as f:
            raw = f.read(MAX_BYTES + 1)  # never more, whatever the file claims to be
        if len(raw) > MAX_BYTES:
            raise YamlLoadError(
                Problem(file=name, line=None, field=None, message=f"file larger than {MAX_BYTES} bytes")
            )
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise YamlLoadError(
            Problem(file=name, line=None, field=None, message=f"not UTF-8 text ({exc.reason})")
        ) from None
    except OSError as exc:
        raise YamlLoadError(
            Problem(file=name, line=None, field=None, message=exc.strerror or str(exc))
        ) from None
    return load_text(text, name)


def load_model(path: Path, model: type[M], display: str) -> tuple[M, Located]:
    """Read a YAML file into a pydantic model; every problem, located, in a :class:`ProblemsError`."""
    try:
        located = load_file(path, display)
    except YamlLoadError as exc:
        raise ProblemsError(exc.problems) from None
    try:
        return model.model_validate(located.data), located
    except ValidationError as exc:
        raise ProblemsError([located.problem(tuple(e["loc"]), e["msg"]) for e in exc.errors()]) from None


def load_items(path: Path, model: type[M], what: str, display: str,
               rename: dict[str, str] | None = None) -> tuple[Located | None, list[tuple[int, M]], list[Problem]]:
    """A YAML file holding a list of ``model`` items: the file, each valid item with its index, every problem.

    An empty file is an empty list. ``rename`` maps model field names back to the keys written
    (``from_`` -> ``from``) in problem locations.
    """
    try:
        located = load_file(path, display)
    except YamlLoadError as exc:
        return None, [], exc.problems
    if located.data is None:
        return located, [], []
    if not isinstance(located.data, list):
        return located, [], [located.problem((), f"expected a list of {what}")]
    names = rename or {}
    items: list[tuple[int, M]] = []
    problems: list[Problem] = []
    for i, raw in enumerate(located.data):
        try:
            items.append((i, model.model_validate(raw)))
        except ValidationError as exc:
            problems += [located.problem((i, *(names.get(str(x), x) for x in e["loc"])), e["msg"])
                         for e in exc.errors()]
    return located, items, problems
