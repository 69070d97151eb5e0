"""What ``rules card`` and ``rules ruling`` show: a ruling with its authority, date, standing per edition and links.

Library code: it returns typed values and JSON-ready data; the CLI prints them.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass

from reference.cardlayer import CardLayer
from reference.corpus import Corpus
from reference.editions import Edition
from reference.rulinglinks import RulingLink
from reference.rulings import Ruling


class UnknownRulingError(ValueError):
    """No held ruling has this id or reference; carries the closest ids."""

    def __init__(self, query: str, suggestions: tuple[str, ...]) -> None:
        self.query = query
        self.suggestions = suggestions
        hint = f"; did you mean: {', '.join(suggestions)}?" if suggestions else ""
        super().__init__(f"no ruling {query!r}{hint}")


@dataclass(frozen=True)
class RulingView:
    """A ruling as shown: its references with URLs, the authorities' names, its standing per edition, its links."""

    ruling: Ruling
    subject_name: str
    references: tuple[tuple[str, str, str], ...]  # (key, authority name, url)
    standing: tuple[tuple[Edition, bool], ...]  # (edition, in force)
    links: tuple[RulingLink, ...]
    named: tuple[tuple[str, str, bool], ...]  # (card id, name, held)

    def json(self, corpus: Corpus) -> dict[str, object]:
        """JSON-ready data."""
        r = self.ruling
        return {
            "id": r.id, "subject": r.subject, "subject_name": self.subject_name, "text": r.text,
            "date": r.date.isoformat() if r.date else None,
            "references": [{"key": k, "authority": a, "url": u} for k, a, u in self.references],
            "symbols": list(r.symbols),
            "cards": [{"id": cid, "name": name, "held": held} for cid, name, held in self.named],
            "editions": {e.ruleset: ("in force" if ok else "later") for e, ok in self.standing},
            "links": [{"kind": link.kind, "rule": link.rule, "why": link.why, "topic": link.topic,
                       "rule_title": _rule_line(corpus, link.rule)} for link in self.links],
        }


def _rule_line(corpus: Corpus, rule_id: str) -> str:
    rule = corpus.rules[rule_id]
    return rule.title or (rule.body.splitlines()[0] if rule.body else "")


def view_ruling(ruling: Ruling, layer: CardLayer, corpus: Corpus, editions: tuple[Edition, ...]) -> RulingView:
    """The ruling with everything shown about it."""
    refs = []
    for key in ruling.references:
        ref = layer.references[key]
        authority = corpus.authorities.get(ref.authority)
        refs.append((key, (authority.name if authority and authority.name else ref.authority), ref.url))
    subject = layer.cards.get(ruling.subject)
    group = layer.groups.get(ruling.subject)
    name = subject.name if subject else group.name if group else ruling.subject_name
    return RulingView(
        ruling=ruling,
        subject_name=name,
        references=tuple(refs),
        standing=tuple((e, e.in_force(ruling)) for e in editions),
        links=layer.links_of(ruling.id),
        named=tuple((cid, layer.cards[cid].name, layer.held(cid)) for cid in ruling.cards),
    )


def find_rulings(query: str, layer: CardLayer) -> tuple[Ruling, ...]:
    """The rulings with this id, or citing this reference ("TOM 19951215-1", "TOM-19951215-1")."""
    q = " ".join(query.split())
    if q in layer.rulings:
        return (layer.rulings[q],)
    if not q.startswith("ruling:") and f"ruling:{q}" in layer.rulings:
        return (layer.rulings[f"ruling:{q}"],)
    key = q.replace("-", " ", 1) if " " not in q else q
    found = tuple(r for r in layer.rulings.values() if key in r.references or q in r.references)
    if found:
        return found
    known = [*layer.rulings, *layer.references]
    raise UnknownRulingError(query, tuple(difflib.get_close_matches(q, known, n=3, cutoff=0.6)))
