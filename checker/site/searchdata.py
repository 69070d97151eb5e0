"""What the search page knows besides pagefind's index, written next to it at build time.

- exact ids, section numbers, card names and ruling references, so ``V.D.5.c``, ``.44 magnum`` or
  ``TOM 19951109`` lands on its page first;
- the words of the rules and of the cards, with their counts, to correct a mistyped word (``diablery``,
  ``vast welth``): pagefind matches prefixes, not misspellings;
- related words for questions asked in today's words or the other way round (``tapped`` / ``untapped``,
  today's ``lock`` for the documents' ``tap``).

Also the two things a rule page adds for search: the text of its parts (a section is found by its
parts' words) and its Japanese characters one by one (``血`` is found inside ``吸血鬼``: pagefind
matches the start of a word, and the Japanese text has no spaces).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from checker.site.blocks import BADGES
from checker.site.docnames import rule_doc, slug
from checker.site.page_models import PartText
from checker.site.titles import SHORT_NAMES, rule_title
from reference.corpus import Corpus
from reference.model import SOURCES

TERMS_FILE = "rules-terms.json"
"""Written into the pagefind bundle folder, so it is replaced with the index it belongs to."""

RELATED: Mapping[str, tuple[str, ...]] = {
    "tapped": ("untapped",), "untapped": ("tapped",), "tap": ("untap",), "untap": ("tap",),
    "lock": ("tap",), "locked": ("tapped",), "unlock": ("untap",), "unlocked": ("untapped",),
    "vampire": ("minion",), "vampires": ("minions",), "ally": ("minion",), "allies": ("minions",),
    "player": ("methuselah",), "players": ("methuselahs",), "crypt": ("vampire",),
    "uncontrolled": ("inactive",), "controlled": ("active",), "library": ("deck",),
}
"""Words a question may use for what the documents call otherwise (``lock`` is today's ``tap``)."""

_WORD = re.compile(r"[a-z0-9]+")
_QUALIFIER = re.compile(r"\s*\([^()]*\)$")
_CJK_CHAR = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u3041-\u3096\u30a1-\u30fa\u30fc]")


@dataclass(frozen=True)
class Target:
    """A page (``rule/ref14/V.D.5.c``) and the title the search page shows for it."""

    doc: str
    title: str

    suffix: str = ".html"

    def as_json(self) -> list[str]:
        return [f"{self.doc}{self.suffix}", self.title]


def words(text: str) -> list[str]:
    """Lower-case words as the search page splits them (apostrophes dropped: ``Cameron's`` -> ``camerons``)."""
    return _WORD.findall(text.lower().replace("'", "").replace("’", ""))


def name_key(text: str) -> str:
    """How a typed name is compared with a card's: ``.44 Magnum`` and ``44 magnum`` are the same."""
    return " ".join(words(text))


def cjk_characters(text: str) -> str:
    """Each Japanese or Chinese character of ``text`` once, in order of first use, separated by spaces."""
    return " ".join(dict.fromkeys(_CJK_CHAR.findall(text)))


def parts_text(corpus: Corpus) -> dict[str, list[PartText]]:
    """Per rule with parts: each direct part's id and text, in document order."""
    out: dict[str, list[PartText]] = {}
    for rule in sorted(corpus.rules.values(), key=lambda r: (SOURCES.index(r.source), r.order)):
        if rule.parent and rule.parent in corpus.rules and rule.body.strip():
            out.setdefault(rule.parent, []).append(PartText(id=rule.id, text=rule.body))
    return out


def _plain_name(name: str) -> str:
    """A card's name without its qualifier: ``Aaron Duggan, Cameron's Toady (G2)`` -> ``Aaron Duggan, ...``."""
    return _QUALIFIER.sub("", name)


def search_terms(corpus: Corpus, fragments: Mapping[str, Mapping[str, Any]]) -> dict[str, object]:
    """The search page's extra knowledge, as JSON-ready data (see the module's docstring), from the reference and
    the site's page data (card pages with their rulings, scenario pages).

    ``pages`` lists ``[url, title]`` once each; ``ids`` (lower-case rule ids, section numbers and ruling
    references) and ``names`` (card names as :func:`name_key` spells them) point into it.
    """
    pages: list[list[str]] = []
    ids: dict[str, list[int]] = {}
    names: dict[str, list[int]] = {}

    def add(index: dict[str, list[int]], keys: Iterable[str], target: Target) -> None:
        pages.append(target.as_json())
        for key in dict.fromkeys(keys):
            index.setdefault(key, []).append(len(pages) - 1)

    vocabulary: Counter[str] = Counter()
    for source in SOURCES:
        for rule in corpus.by_source(source):
            add(ids, (rule.id.lower(), rule.path.lower()), Target(rule_doc(rule.id), rule_title(corpus, rule.id)))
            vocabulary.update(words(f"{rule.title or ''} {rule.body}"))
    for doc, f in sorted(fragments.items()):
        if f.get("kind") == "card":
            name = str(f.get("name", ""))
            add(names, (name_key(name), name_key(_plain_name(name))), Target(doc, name))
            vocabulary.update(words(f"{name} {f.get('text', '')}"))
            for ruling in f.get("rulings", []):
                vocabulary.update(words(str(ruling.get("text", ""))))
                anchors = list(ruling.get("anchors", []))
                for cite in ruling.get("citations", []):
                    key = str(cite.get("key", ""))
                    anchor = card_anchor(key, anchors)
                    if key and anchor:
                        add(ids, (key.lower(),), Target(f"{doc}.html#{anchor}", f"{key}: a ruling on {name}", ""))
        elif f.get("kind") == "scenario":
            vocabulary.update(words(f"{f.get('title', '')} {f.get('question', '')}"))
    known = {w: n for w, n in sorted(vocabulary.items()) if len(w) >= 3 and not w.isdigit()}
    labels = {"source": {**{s: SHORT_NAMES.get(s, s) for s in SOURCES}, "cards": "Cards and rulings",
                         "scenarios": "Scenarios (answered questions)"},
              "status": dict(BADGES)}
    return {"pages": pages, "ids": ids, "names": names, "words": known,
            "related": {k: list(v) for k, v in RELATED.items()}, "labels": labels}


def card_anchor(key: str, anchors: list[str]) -> str:
    """Where a ruling's reference lands on its card's page: its own anchor (``#tom-19951109``), else the ruling's."""
    own = slug(key)  # as checker/site/card_pages.py made the anchors
    return own if own in anchors else (anchors[0] if anchors else "")


def terms_json(terms: Mapping[str, object]) -> bytes:
    return json.dumps(terms, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode("utf-8")


def site_terms(fragments: Mapping[str, Mapping[str, Any]]) -> bytes:
    """The terms of the reference and of the site's pages, as the search page reads them."""
    from reference.knowledge import reference

    return terms_json(search_terms(reference().corpus, fragments))
