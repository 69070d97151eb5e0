"""The loaded reference: corpus, curated links and the graph built from them."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from reference.cardlayer import CardLayer, build_card_layer
from reference.corpus import Corpus
from reference.corpus import corpus as the_corpus
from reference.errata import Erratum
from reference.graph import Graph, build_graph
from reference.links import Link, load_links
from reference.rulesets import project_errata


@dataclass(frozen=True)
class Reference:
    """Everything the reference holds, ready to query."""

    corpus: Corpus
    links: tuple[Link, ...]
    graph: Graph
    errata: tuple[Erratum, ...] = ()
    cards: CardLayer | None = None


def build_reference() -> Reference:
    """Link the corpus and build the graph; raises ProblemsError on bad input. The corpus and errata are the ones
    the rulesets are composed from (one of each per process)."""
    corpus = the_corpus()
    links = tuple(load_links(corpus))
    errata = project_errata()
    cards = build_card_layer(corpus)
    return Reference(corpus=corpus, links=links, graph=build_graph(corpus, links, errata, cards), errata=errata,
                     cards=cards)


@cache
def reference() -> Reference:
    """The project's reference, built once per process."""
    return build_reference()
