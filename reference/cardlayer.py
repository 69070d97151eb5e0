"""The cards and rulings the reference holds: the era's cards, the rulings on them, and their links to the rules.

Cards first printed in the documents' era (reference/cards.py ERA_SETS) are held; a card outside the
era that a held ruling names is kept as an external card (``held`` false). Rulings on an era card or
on a group holding one are held, with every reference, the groups they rule on, and the curated
links to the rules (reference/rulinglinks.py). Editions get their date from their documents
(reference/editions.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from pathlib import Path
from types import MappingProxyType

from reference.cards import Card, all_cards
from reference.corpus import Corpus
from reference.rulinglinks import RULING_LINKS_DIR, RulingLink, load_ruling_links
from reference.rulings import CardGroup, Ruling, RulingReference, all_rulings, era_groups, era_rulings


@dataclass(frozen=True)
class CardLayer:
    """Held cards (era and external), groups, rulings, references and ruling links."""

    cards: MappingProxyType[str, Card]  # era cards, then the external cards held rulings name
    era: frozenset[str]
    groups: MappingProxyType[str, CardGroup]
    rulings: MappingProxyType[str, Ruling]
    references: MappingProxyType[str, RulingReference]
    links: tuple[RulingLink, ...]

    def held(self, card_id: str) -> bool:
        """Whether a card is of the era (an external card is named by a ruling but not held)."""
        return card_id in self.era

    def rulings_on(self, card_id: str) -> tuple[Ruling, ...]:
        """The rulings on a card and on the groups it belongs to, oldest first (rulebook-only ones last)."""
        groups = {g.id for g in self.groups.values() if any(m.card == card_id for m in g.members)}
        found = [r for r in self.rulings.values() if r.subject == card_id or r.subject in groups]
        return tuple(sorted(found, key=lambda r: (r.date or date.max, r.id)))

    def links_of(self, ruling_id: str) -> tuple[RulingLink, ...]:
        """The curated links from a ruling to the rules."""
        return tuple(link for link in self.links if link.ruling == ruling_id)


def build_card_layer(corpus: Corpus, links_dir: Path = RULING_LINKS_DIR) -> CardLayer:
    """Cards, rulings and ruling links of the installed krcg package; raises ProblemsError on bad input."""
    cards = all_cards()
    data = all_rulings()
    era_list = [c for c in cards if c.is_era_card]
    era = frozenset(c.id for c in era_list)
    rulings = era_rulings(data, era)
    by_id = {c.id: c for c in cards}
    external = dict.fromkeys(cid for r in rulings for cid in r.cards if cid not in era)
    held = {c.id: c for c in era_list} | {cid: by_id[cid] for cid in external}
    ruling_map = {r.id: r for r in rulings}
    links = load_ruling_links(ruling_map, corpus, links_dir)
    return CardLayer(
        cards=MappingProxyType(held),
        era=era,
        groups=MappingProxyType({g.id: g for g in era_groups(data, era)}),
        rulings=MappingProxyType(ruling_map),
        references=MappingProxyType({r.key: r for r in data.references}),
        links=links,
    )
