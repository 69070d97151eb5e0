"""Page titles in words: what a rule, a scenario or a document is called at the top of its page and in search.

A rule page is titled by the rule's heading words, its document and its section number ("Steal Blood —
Jyhad Rules Reference 1.4, V.D.5.c"); the id itself stays on the page, visible and copyable, but is never
the headline. Titles go into MyST stubs, so :func:`md_heading` makes any text inert there.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from reference.corpus import Corpus
from reference.model import Document, Kind, Rule

SHORT_NAMES = {
    "ref14": "Jyhad Rules Reference 1.4",
    "rb95": "V:TES Rulebook (1995)",
    "cto": "Combat Timing Outline",
    "sol": "Jyhad Solitaire",
    "ja23": "Japanese Overview (2023)",
}
"""How a title names each document; a document not listed is named by its full title."""

MAX_WORDS = 10
MAX_CHARS = 64
MAX_CJK_CHARS = 24
GENERIC = frozenset({"example", "note", "exception", "important rule", "strategy", "purpose", "costs"})
"""Headings that say what a node is but not what it is about: the parent's words go before them."""

_MARKER = re.compile(r"^\s*(?:[•●◆■□・*\-–]+|\(?(?:\d+(?:\.\d+)*|[A-Za-z]|[ivxlcdmIVXLCDM]+)[.)]+|\.)\s+")
_LABEL = re.compile(r"^(NOTE|EXCEPTION|EXAMPLE|IMPORTANT)\s*:\s*", re.IGNORECASE)
_SENTENCE_END = re.compile(r"[.:;!?](?=\s|$)|[。：！？]")
_CJK = re.compile(r"[\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]")
_PUNCTUATION = re.compile(r"([!-/:-@\[-`{-~])")


def source_name(document: Document) -> str:
    """The short name of a document in titles: ``Jyhad Rules Reference 1.4``."""
    return SHORT_NAMES.get(document.id, document.title)


def _first_paragraph(body: str) -> str:
    lines: list[str] = []
    for line in body.splitlines():
        if not line.strip():
            if lines:
                break
            continue
        lines.append(line.strip())
    return " ".join(lines)


def _shortened(text: str) -> str:
    """At most ``MAX_WORDS`` words and ``MAX_CHARS`` characters (``MAX_CJK_CHARS`` for Japanese), cut at a word."""
    if _CJK.search(text):
        return text if len(text) <= MAX_CJK_CHARS else text[:MAX_CJK_CHARS - 1].rstrip() + "…"
    words = text.split()
    if len(words) <= MAX_WORDS and len(text) <= MAX_CHARS:
        return text
    cut = ""
    for word in words[:MAX_WORDS]:
        if len(cut) + len(word) + 1 > MAX_CHARS - 1:
            break
        cut = f"{cut} {word}" if cut else word
    return (cut or text[:MAX_CHARS - 1]).rstrip(",;:-–— ") + "…"


def heading_words(rule: Rule) -> str:
    """What the rule is about, in its own words: its heading, else the start of its first sentence.

    ``c. Steal Blood. Removes blood from ...`` gives ``Steal Blood``; ``NOTE: The Terms are not set ...``
    gives ``Note: The Terms are not set ...``; list markers and numbering are left out.
    """
    if rule.title and rule.title.strip():
        words = _MARKER.sub("", " ".join(rule.title.split()), count=1)
        return _shortened(words.rstrip(" .:：") or rule.title.strip())
    text = _first_paragraph(rule.body)
    text = _MARKER.sub("", text, count=1).strip()
    label = ""
    if found := _LABEL.match(text):
        label = found.group(1).capitalize() + ": "
        text = text[found.end():]
    end = _SENTENCE_END.search(text)
    sentence = text[:end.start()].strip() if end and end.start() > 0 else text
    return label + _shortened(sentence) if sentence else rule.path


def rule_words(corpus: Corpus, rule_id: str) -> str:
    """The heading words, with the parent's before a heading that only says what the node is ("Example")."""
    rule = corpus.rules[rule_id]
    words = heading_words(rule)
    folded = words.casefold()
    generic = folded in GENERIC or (rule.kind == Kind.EXAMPLE and folded.startswith("example"))
    if generic and rule.parent and rule.parent in corpus.rules:
        return f"{heading_words(corpus.rules[rule.parent])}: {words}"
    return words


def rule_title(corpus: Corpus, rule_id: str) -> str:
    """``Steal Blood — Jyhad Rules Reference 1.4, V.D.5.c``."""
    rule = corpus.rules[rule_id]
    return f"{rule_words(corpus, rule_id)} — {source_name(corpus.documents[rule.source])}, {rule.path}"


def scenario_title(title: str, question: str) -> str:
    """A scenario page is titled by its title, else the first line of its question."""
    words = " ".join(title.split())
    return words or _shortened(" ".join(question.split()))


def md_heading(text: str) -> str:
    """Text for a Markdown heading on one line, every ASCII punctuation mark escaped: shown as written,
    never read as markup (MyST roles, HTML, emphasis, links)."""
    return _PUNCTUATION.sub(r"\\\1", " ".join(text.split()))


def stub(doc: str, title: str, toctree: Iterable[str] = ()) -> str:
    """The MyST page of a fragment: its title as an inert heading, the directive that renders the fragment, and
    a table of contents when ``toctree`` lists the pages it leads to (relative names)."""
    tree = "".join(f"{entry}\n" for entry in toctree)
    tail = f"\n```{{toctree}}\n:maxdepth: 1\n\n{tree}```\n" if tree else ""
    return f"---\norphan: true\n---\n\n# {md_heading(title)}\n\n```{{rules-page}} {doc}\n```\n{tail}"
