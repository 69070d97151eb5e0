"""Curated links between rules (``reference/data/links/*.yaml``): same_as, conflicts_with, translates.

Each link carries a one-line reason. Loading checks every link against the corpus and
reports every problem at once, each with its file, line and field.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field

from reference.corpus import Corpus
from reference.documents import DATA_DIR, display_path
from reference.problems import Problem, ProblemsError, suggest
from reference.yamlsource import Located, load_items

LINKS_DIR = DATA_DIR / "links"
LinkKind = Literal["same_as", "conflicts_with", "translates"]
RuleIds = Annotated[tuple[str, ...], BeforeValidator(lambda v: (v,) if isinstance(v, str) else v), Field(min_length=1)]
"""One rule id or a list of them, as a link's ``to`` is written."""


class LinkSpec(BaseModel):
    """One curated link as written: from one rule to one or more rules, with a reason."""

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)

    kind: LinkKind
    from_: str = Field(alias="from", description="The rule the link starts at.")
    to: RuleIds = Field(description="The rule(s) it points at.")
    why: str = Field(min_length=3, description="A one-line reason a reader can check.")
    topic: str | None = Field(default=None, pattern=r"^[a-z0-9][a-z0-9-]*$",
                              description="For conflicts: a short name of the disagreement.")
    not_shown: str | None = Field(default=None, min_length=3,
                                  description="For conflicts no scenario can show: why the engine cannot play "
                                              "one side (tests/checker/scenarios/test_disagreements.py).")


@dataclass(frozen=True)
class Link:
    """A resolved link between two held rules, remembering where it was written."""

    kind: LinkKind
    source: str
    target: str
    why: str
    topic: str | None
    file: str
    line: int | None
    not_shown: str | None = None  # a conflict no scenario can show, and why


def _check(spec: LinkSpec, corpus: Corpus, located: Located, i: int) -> list[Problem]:
    problems: list[Problem] = []
    for field, ids in (("from", (spec.from_,)), ("to", spec.to)):
        for j, rid in enumerate(ids):
            path = (i, field) if field == "from" or len(ids) == 1 else (i, field, j)
            if rid not in corpus.rules:
                hint = suggest(rid, corpus.rules)
                problems.append(located.problem(path, f"unknown rule id {rid!r}{hint}"))
    if problems:
        return problems
    src = corpus.rules[spec.from_]
    for j, rid in enumerate(spec.to):
        dst = corpus.rules[rid]
        path = (i, "to") if len(spec.to) == 1 else (i, "to", j)
        if rid == spec.from_:
            problems.append(located.problem(path, "a link cannot point at its own rule"))
        elif spec.kind == "translates" and (src.source != "ja23" or dst.source == "ja23"):
            problems.append(located.problem(path, "translates goes from a ja23 rule to an English rule"))
        elif spec.kind == "same_as" and src.source == dst.source:
            problems.append(located.problem(path, "same_as links rules of two different documents"))
    if spec.topic and spec.kind != "conflicts_with":
        problems.append(located.problem((i, "topic"), "only conflicts_with links have a topic"))
    if spec.not_shown and spec.kind != "conflicts_with":
        problems.append(located.problem((i, "not_shown"), "only conflicts_with links are shown by scenarios"))
    return problems


def load_link_file(path: Path, corpus: Corpus) -> tuple[list[Link], list[Problem]]:
    """The links of one file and every problem in it."""
    located, specs, problems = load_items(path, LinkSpec, "links", display_path(path), {"from_": "from"})
    links: list[Link] = []
    for i, spec in specs:
        assert located is not None
        found = _check(spec, corpus, located, i)
        problems += found
        if found:
            continue
        line = located.line_of((i,))
        links += [Link(spec.kind, spec.from_, t, spec.why, spec.topic, located.file, line, spec.not_shown)
                  for t in spec.to]
    return links, sorted(problems, key=lambda p: p.line or 0)  # in file order


def link_files(path: Path = LINKS_DIR) -> list[Path]:
    """The link files at ``path``: every ``*.yaml`` of a directory, or the file itself."""
    return sorted(path.glob("*.yaml")) if path.is_dir() else [path]


def load_links(corpus: Corpus, links_path: Path = LINKS_DIR) -> list[Link]:
    """Every curated link; raises :class:`ProblemsError` listing every problem in every file."""
    links: list[Link] = []
    problems: list[Problem] = []
    seen: dict[tuple[str, ...], Link] = {}
    for path in link_files(links_path):
        got, bad = load_link_file(path, corpus)
        problems += bad
        for link in got:
            key = (link.kind, *sorted((link.source, link.target)))
            if link.kind == "translates":
                key = (link.kind, link.source, link.target)
            elif link.kind == "conflicts_with":  # two rules may disagree on two topics
                key = (*key, link.topic or "")
            if key in seen:
                first = seen[key]
                problems.append(Problem(link.file, link.line, None,
                                        f"duplicate {link.kind} link {link.source} -> {link.target} "
                                        f"(first at {first.file}:{first.line})"))
                continue
            seen[key] = link
            links.append(link)
    kinds: dict[tuple[str, ...], Link] = {}
    for link in links:
        if link.kind in ("same_as", "conflicts_with"):
            pair = tuple(sorted((link.source, link.target)))
            other = kinds.setdefault(pair, link)
            if other.kind != link.kind:
                problems.append(Problem(link.file, link.line, None,
                                        f"{link.source} and {link.target} cannot be both same_as and conflicts_with "
                                        f"(the other link is at {other.file}:{other.line})"))
    if problems:
        raise ProblemsError(problems)
    return links
