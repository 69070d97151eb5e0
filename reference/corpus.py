"""The whole corpus: every document parsed, citations resolved, authorities and external nodes."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import date
from functools import cache
from pathlib import Path
from types import MappingProxyType

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from reference.citations import AUTHORITIES, Unparsed
from reference.documents import CORPUS_DIR, DATA_DIR, display_path, load_documents
from reference.model import SOURCES, Citation, Document, Rule
from reference.parsers import cto, ja23, rb95, ref14, sol
from reference.parsers.base import Parsed, ParseError
from reference.problems import Problem, ProblemsError
from reference.yamlsource import YamlLoadError, load_file

PARSERS: dict[str, Callable[[str], Parsed]] = {
    "ref14": ref14.parse,
    "rb95": rb95.parse,
    "cto": cto.parse,
    "sol": sol.parse,
    "ja23": ja23.parse,
}

AUTHORITIES_FILE = DATA_DIR / "authorities.yaml"

EXTERNAL_SOURCES = {
    "ext.pocket": "Jyhad pocket rulebook",
    "ext.rb95": "V:TES rulebook (a part not in the copy held here)",
}


class Authority(BaseModel):
    """Who made a ruling: text from the ref14 legend where it has an entry."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    code: str = Field(pattern=r"^[A-Z][A-Za-z]{2}$")
    legend: str | None = Field(default=None, description="The ref14 legend node defining it.")
    name: str | None = Field(default=None, description="Its name, for authorities without a legend entry.")
    since: date | None = Field(default=None, description="First day of its term, for a rules director.")
    until: date | None = Field(default=None, description="The day its successor took over.")
    sections: bool = Field(default=False, description="Its references name a rulebook section, not a day.")
    note: str | None = None

    def in_tenure(self, day: date) -> bool:
        """Whether ``day`` falls within its term (always, for an authority without one)."""
        return (self.since is None or self.since <= day) and (self.until is None or day < self.until)

    @property
    def tenure(self) -> str:
        """Its term as text: "1994-12-15 to 1996-07-29", "from 2016-12-04", or ""."""
        if self.since and self.until:
            return f"{self.since.isoformat()} to {self.until.isoformat()}"
        return f"from {self.since.isoformat()}" if self.since else ""


@dataclass(frozen=True)
class External:
    """A section cited by the corpus but not held in it (shown as cited, not held)."""

    id: str
    title: str


@dataclass(frozen=True)
class UnparsedCitation:
    """Citation text in a held rule that no citation rule understood."""

    rule: str
    raw: str
    line: int


@dataclass(frozen=True)
class Corpus:
    """Everything parsed from the five documents, with citations resolved."""

    documents: MappingProxyType[str, Document]
    rules: MappingProxyType[str, Rule]  # in corpus order: by source, then document order
    authorities: MappingProxyType[str, Authority]
    externals: MappingProxyType[str, External]
    unparsed: tuple[UnparsedCitation, ...]
    unresolved: tuple[tuple[str, Citation], ...]

    def by_source(self, source: str) -> Iterator[Rule]:
        """The rules of one document in its own order."""
        return (r for r in self.rules.values() if r.source == source)

    def authority_text(self, code: str) -> str:
        """The legend's words for an authority, or its curated name."""
        a = self.authorities[code]
        if a.legend and a.legend in self.rules:
            return self.rules[a.legend].body
        return a.name or code


def load_authorities(path: Path = AUTHORITIES_FILE) -> dict[str, Authority]:
    """The ruling authorities; raises :class:`ProblemsError` naming file and line."""
    try:
        located = load_file(path, display_path(path))
    except YamlLoadError as exc:
        raise ProblemsError(exc.problems) from None
    if not isinstance(located.data, list):
        raise ProblemsError([located.problem((), "expected a list of authorities")])
    out: dict[str, Authority] = {}
    problems: list[Problem] = []
    for i, item in enumerate(located.data):
        try:
            a = Authority.model_validate(item)
        except ValidationError as exc:
            problems += [located.problem((i, *e["loc"]), e["msg"]) for e in exc.errors()]
            continue
        out[a.code] = a
    missing = set(AUTHORITIES) - set(out)
    problems += [located.problem((), f"authority {code} is not described") for code in sorted(missing)]
    if problems:
        raise ProblemsError(problems)
    return out


def _external_title(target: str) -> str:
    prefix, path = target.split(":", 1)
    return f"{EXTERNAL_SOURCES[prefix]}, section {path}"


def build_corpus(corpus_dir: Path = CORPUS_DIR) -> Corpus:
    """Parse every document and resolve its citations; raises :class:`ProblemsError`."""
    docs = load_documents(corpus_dir)
    authorities = load_authorities()
    rules: dict[str, Rule] = {}
    unparsed: list[UnparsedCitation] = []
    problems: list[Problem] = []
    for source in SOURCES:
        doc = docs[source]
        try:
            parsed = PARSERS[source](doc.body)
        except ParseError as exc:
            problems.append(Problem(doc.file, doc.file_line(exc.line), None, exc.message))
            continue
        if "".join(r.text for r in parsed.rules) != doc.body:
            problems.append(Problem(doc.file, None, None, "the parsed nodes do not give the document back"))
        for r in parsed.rules:
            rules[r.id] = r
        unparsed += [_locate(parsed.rules, u) for u in parsed.unparsed]
    if problems:
        raise ProblemsError(problems)
    externals: dict[str, External] = {}
    unresolved: list[tuple[str, Citation]] = []
    for rule_id, rule in list(rules.items()):
        fixed: list[Citation] = []
        for c in rule.citations:
            target = c.target
            if target and target.startswith("rb95:") and target not in rules:
                target = "ext." + target
                c = c.model_copy(update={"target": target})
            if target is None:
                pass
            elif target.startswith("ext."):
                externals.setdefault(target, External(target, _external_title(target)))
            elif target.startswith("authority:"):
                if target.split(":", 1)[1] not in authorities:
                    unresolved.append((rule_id, c))
            elif target not in rules:
                unresolved.append((rule_id, c))
            fixed.append(c)
        rules[rule_id] = rule.model_copy(update={"citations": tuple(fixed)})
    return Corpus(
        documents=MappingProxyType(docs),
        rules=MappingProxyType(rules),
        authorities=MappingProxyType(authorities),
        externals=MappingProxyType(dict(sorted(externals.items()))),
        unparsed=tuple(unparsed),
        unresolved=tuple(unresolved),
    )


def _locate(rules: tuple[Rule, ...], u: Unparsed) -> UnparsedCitation:
    owner = next(r.id for r in rules if r.line_start <= u.line <= r.line_end)
    return UnparsedCitation(rule=owner, raw=u.raw, line=u.line)


@cache
def corpus() -> Corpus:
    """The project's corpus, parsed once per process."""
    return build_corpus()
