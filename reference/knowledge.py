"""The loaded reference: corpus, curated links and the graph built from them."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from reference.cardlayer import CardLayer, build_card_layer
from reference.corpus import Corpus, build_corpus
from reference.errata import Erratum, load_errata
from reference.graph import Graph, build_graph
from reference.links import Link, load_links
from reference.rulesets import base_rulesets


@dataclass(frozen=True)
class Reference:
    """Everything the reference holds, ready to query."""

    corpus: Corpus
    links: tuple[Link, ...]
    graph: Graph
    errata: tuple[Erratum, ...] = ()
    cards: CardLayer | None = None


def build_reference() -> Reference:
    """Parse, link and build the graph; raises ProblemsError on bad input."""
    corpus = build_corpus()
    links = tuple(load_links(corpus))
    errata = tuple(load_errata(corpus, base_rulesets()))
    cards = build_card_layer(corpus)
    return Reference(corpus=corpus, links=links, graph=build_graph(corpus, links, errata, cards), errata=errata,
                     cards=cards)


@cache
def reference() -> Reference:
    """The project's reference, built once per process."""
    return build_reference()
