"""Everything known about one rule, as plain data: what ``rules show`` prints and the site renders."""

from __future__ import annotations

import difflib
from typing import Any

from pydantic import BaseModel, ConfigDict

from reference.graph import children, edges_of
from reference.knowledge import Reference


class UnknownRuleError(KeyError):
    """No rule has this id; carries the nearest ids."""

    def __init__(self, rule_id: str, suggestions: list[str]) -> None:
        super().__init__(rule_id)
        self.rule_id = rule_id
        self.suggestions = suggestions

    def __str__(self) -> str:
        hint = f" (did you mean {', '.join(self.suggestions)}?)" if self.suggestions else ""
        return f"unknown rule id {self.rule_id!r}{hint}"


def suggest(ref: Reference, rule_id: str) -> list[str]:
    """The ids closest to a mistyped one."""
    ids = list(ref.corpus.rules)
    lowered = {i.lower(): i for i in ids}
    if rule_id.lower() in lowered:
        return [lowered[rule_id.lower()]]
    by_path = [i for i in ids if i.split(":", 1)[1].lower() == rule_id.lower()]
    return by_path or difflib.get_close_matches(rule_id, ids, n=3, cutoff=0.6)


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    def to_json(self) -> dict[str, Any]:
        """The JSON ``rules show --json`` prints: the keys this node has, no others."""
        return self.model_dump(mode="json", exclude_unset=True)


class Summary(_Model):
    """A short description of any graph node (rule, ruling, authority, external section, document), with what the
    edge that led to it says (``raw``, ``why``, ``topic``, ``detail``) and, for a conflict, the other side's text."""

    id: str
    type: str
    kind: str | None = None
    normative: bool | None = None
    title: str | None = None
    first_line: str | None = None
    held: bool | None = None
    date: str | None = None
    raw: str | None = None
    why: str | None = None
    topic: str | None = None
    detail: str | None = None
    text: str | None = None


class SourceShown(_Model):
    id: str
    title: str
    file: str


class Lines(_Model):
    document: tuple[int, int]
    file: tuple[int, int]


class CitationShown(_Model):
    raw: str
    kind: str
    target: str | None
    detail: str | None
    line: int | None
    held: bool


class ErratumOnRule(_Model):
    id: str
    title: str
    date: str
    authority: str
    source: str | None
    text: str | None
    parameters: dict[str, Any]
    rulesets: list[str]


class Description(_Model):
    """Everything known about one rule: its text, place, structure, citations both ways, links and conflicts."""

    id: str
    source: SourceShown
    kind: str
    normative: bool
    title: str | None
    lines: Lines
    text: str
    parent: Summary
    children: list[Summary]
    citations: list[CitationShown]
    cited_by: list[Summary]
    ruled_by: list[Summary]
    corrects: list[Summary]
    same_as: list[Summary]
    conflicts_with: list[Summary]
    rulings: list[Summary]
    translates: list[Summary]
    translated_by: list[Summary]
    superseded_by: list[Summary]
    supersedes: list[Summary]
    errata: list[ErratumOnRule]


def summary(ref: Reference, node: str, **edge: str) -> Summary:
    """A short description of any graph node: rule, authority, external section or document."""
    g = ref.graph
    data = g.nodes[node]
    out: dict[str, Any] = {"id": node, "type": data.get("type", "rule")}
    if node in ref.corpus.rules:
        r = ref.corpus.rules[node]
        first = r.body.splitlines()[0] if r.body else ""
        out.update(kind=r.kind.value, normative=r.normative, title=r.title, first_line=first)
    elif ref.cards and node in ref.cards.rulings:
        ruling = ref.cards.rulings[node]
        out.update(title=f"{ruling.subject_name}: {ruling.plain}", held=True,
                   date=ruling.date.isoformat() if ruling.date else None)
    else:
        out.update(title=data.get("title", ""), held=data.get("type") not in ("external", "card")
                   or bool(data.get("held")))
    return Summary(**out, **edge)


def describe(ref: Reference, rule_id: str) -> Description:
    """The rule's text, place, structure, citations both ways, links and conflicts."""
    corpus, g = ref.corpus, ref.graph
    if rule_id not in corpus.rules:
        raise UnknownRuleError(rule_id, suggest(ref, rule_id))
    r = corpus.rules[rule_id]
    doc = corpus.documents[r.source]
    edges = edges_of(g, rule_id)

    def related(kind: str, outgoing: bool | None = None) -> list[Summary]:
        out = []
        for e in edges:
            if e.kind != kind or (outgoing is not None and e.outgoing != outgoing):
                continue
            said = {key: e.data[key] for key in ("raw", "why", "topic", "detail") if e.data.get(key)}
            if kind == "conflicts_with" and e.other in corpus.rules:
                said["text"] = corpus.rules[e.other].body
            elif kind == "conflicts_with" and ref.cards and e.other in ref.cards.rulings:
                said["text"] = ref.cards.rulings[e.other].text
            out.append(summary(ref, e.other, **said))
        return out

    return Description(
        id=r.id,
        source=SourceShown(id=doc.id, title=doc.title, file=doc.file),
        kind=r.kind.value,
        normative=r.normative,
        title=r.title,
        lines=Lines(document=(r.line_start, r.line_end), file=(doc.file_line(r.line_start), doc.file_line(r.line_end))),
        text=r.body,
        parent=summary(ref, r.parent or r.source),
        children=[summary(ref, c) for c in children(g, r.id)],
        citations=[CitationShown(raw=c.raw, kind=c.kind.value, target=c.target, detail=c.detail, line=c.line,
                                 held=c.target is not None and not c.target.startswith("ext."))
                   for c in r.citations],
        cited_by=related("cites", outgoing=False) + related("corrects", outgoing=False),
        ruled_by=related("ruled_by", outgoing=True),
        corrects=related("corrects", outgoing=True),
        same_as=related("same_as"),
        conflicts_with=related("conflicts_with"),
        rulings=related("applies", outgoing=False) + related("extends", outgoing=False),
        translates=related("translates", outgoing=True),
        translated_by=related("translates", outgoing=False),
        superseded_by=related("supersedes", outgoing=False),
        supersedes=related("supersedes", outgoing=True),
        errata=[ErratumOnRule(id=e.id, title=e.title, date=e.date, authority=e.authority, source=e.source,
                              text=next(a.text for a in e.amends if a.rule == r.id), parameters=e.parameters,
                              rulesets=list(e.targets))
                for e in ref.errata if any(a.rule == r.id for a in e.amends)],
    )
