"""Curated links from rulings to the rules they interpret (``reference/data/rulings/*.yaml``).

``applies``: the ruling interprets the rule. ``conflicts_with``: it says otherwise than the edition's
text. ``extends``: it adds what the text does not say. Each link carries a one-line reason, and the
two last a topic. Loading checks every link against the rulings and the corpus and reports every
problem at once with file, line and field. Every ruling of 1994-1997 on a card of the era must have
an ``applies`` link (``missing_applies``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from reference.corpus import Corpus
from reference.documents import DATA_DIR, display_path
from reference.links import RuleIds
from reference.problems import Problem, ProblemsError, suggest
from reference.rulings import Ruling
from reference.yamlsource import Located, load_items

RULING_LINKS_DIR = DATA_DIR / "rulings"
RulingLinkKind = Literal["applies", "conflicts_with", "extends"]
CURATED_UNTIL = 1997  # every ruling dated up to the end of this year has an applies link


class RulingLinkSpec(BaseModel):
    """One curated link as written: from a ruling to one or more rules, with a reason."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    ruling: str = Field(pattern=r"^ruling:", description="The ruling's id, e.g. ruling:100540:TOM-19951215-1.")
    kind: RulingLinkKind
    to: RuleIds = Field(description="The rule(s) it interprets, contradicts or extends.")
    why: str = Field(min_length=10, max_length=300, pattern=r"^[^\n]*$", description="A one-line reason.")
    topic: str | None = Field(default=None, pattern=r"^[a-z0-9][a-z0-9-]*$",
                              description="For conflicts_with and extends: a short name of the matter.")


@dataclass(frozen=True)
class RulingLink:
    """A resolved link from a held ruling to a held rule, remembering where it was written."""

    kind: RulingLinkKind
    ruling: str
    rule: str
    why: str
    topic: str | None
    file: str
    line: int | None


def _check(spec: RulingLinkSpec, rulings: Mapping[str, Ruling], corpus: Corpus, path: tuple[int],
           problem: ProblemAt) -> bool:
    ok = True
    if spec.ruling not in rulings:
        problem((*path, "ruling"), f"unknown ruling {spec.ruling!r}{suggest(spec.ruling, rulings)}")
        ok = False
    for j, rid in enumerate(spec.to):
        if rid not in corpus.rules:
            where = (*path, "to") if len(spec.to) == 1 else (*path, "to", j)
            problem(where, f"unknown rule id {rid!r}{suggest(rid, corpus.rules)}")
            ok = False
    if spec.kind == "applies" and spec.topic:
        problem((*path, "topic"), "an applies link has no topic")
        ok = False
    if spec.kind != "applies" and not spec.topic:
        problem((*path, "topic"), f"{'an' if spec.kind == 'extends' else 'a'} {spec.kind} link needs a topic")
        ok = False
    return ok


class ProblemAt:
    """Collects problems of one file by field path."""

    def __init__(self, located: Located, problems: list[Problem]) -> None:
        self.located = located
        self.problems = problems

    def __call__(self, path: tuple[str | int, ...], message: str) -> None:
        self.problems.append(self.located.problem(path, message))


def load_ruling_link_file(path: Path, rulings: Mapping[str, Ruling], corpus: Corpus
                          ) -> tuple[list[RulingLink], list[Problem]]:
    """The links of one file and every problem in it."""
    located, specs, problems = load_items(path, RulingLinkSpec, "ruling links", display_path(path))
    links: list[RulingLink] = []
    for i, spec in specs:
        assert located is not None
        if _check(spec, rulings, corpus, (i,), ProblemAt(located, problems)):
            line = located.line_of((i,))
            links += [RulingLink(spec.kind, spec.ruling, rid, spec.why, spec.topic, located.file, line)
                      for rid in spec.to]
    return links, sorted(problems, key=lambda p: p.line or 0)  # in file order


def load_ruling_links(rulings: Mapping[str, Ruling], corpus: Corpus, folder: Path = RULING_LINKS_DIR
                      ) -> tuple[RulingLink, ...]:
    """Every curated ruling link; raises ProblemsError listing every problem in every file."""
    links: list[RulingLink] = []
    problems: list[Problem] = []
    seen: dict[tuple[str, str, str, str], RulingLink] = {}
    for path in sorted(folder.glob("*.yaml")) if folder.is_dir() else [folder]:
        got, bad = load_ruling_link_file(path, rulings, corpus)
        problems += bad
        for link in got:
            key = (link.kind, link.ruling, link.rule, link.topic or "")
            if key in seen:
                first = seen[key]
                problems.append(Problem(link.file, link.line, None,
                                        f"duplicate {link.kind} link {link.ruling} -> {link.rule} "
                                        f"(first at {first.file}:{first.line})"))
                continue
            seen[key] = link
            links.append(link)
    if problems:
        raise ProblemsError(problems)
    return tuple(links)


def needs_applies(ruling: Ruling) -> bool:
    """Whether a ruling must have an applies link: one dated 1994-1997 (CURATED_UNTIL)."""
    return ruling.date is not None and ruling.date.year <= CURATED_UNTIL


def missing_applies(rulings: Iterable[Ruling], links: Iterable[RulingLink]) -> list[str]:
    """The rulings of 1994-1997 with no applies link, in order."""
    applied = {link.ruling for link in links if link.kind == "applies"}
    return [r.id for r in rulings if needs_applies(r) and r.id not in applied]
