"""The parts of a rule page that are there for search (checker/site/searchdata.py says why).

The parts' texts are shown (folded) as literal blocks, so they are escaped like any text from the
documents; the only raw HTML is our own fixed markup, and Japanese characters are HTML-escaped.
"""

from __future__ import annotations

import html

from docutils import nodes

from checker.site.blocks import literal, raw
from checker.site.page_models import PartText
from checker.site.searchdata import cjk_characters

PARTS_WEIGHT = "0.5"  # a section is found by its parts' words, but below the parts themselves


def filter_span(name: str, value: str) -> str:
    """A pagefind filter value kept out of the indexed text and of excerpts."""
    return f'<span data-pagefind-filter="{name}" data-pagefind-ignore hidden>{html.escape(value)}</span>'


def meta_span(name: str, value: str) -> str:
    """A pagefind metadata value (``kind:section``) kept out of the indexed text."""
    return f'<span data-pagefind-meta="{name}:{html.escape(value)}" data-pagefind-ignore hidden></span>'


def parts_text(parts: list[PartText]) -> list[nodes.Node]:
    """The text of each direct part, folded: a section page carries its parts' words."""
    if not parts:
        return []
    label = f"The text of its {len(parts)} part{'s' if len(parts) > 1 else ''}"
    out: list[nodes.Node] = [raw(f'<details class="rules-parts-text" data-pagefind-weight="{PARTS_WEIGHT}">'
                                 f'<summary data-pagefind-ignore>{label}</summary>')]
    for part in parts:
        out.append(literal(part.text))
    out.append(raw("</details>"))
    return out


def search_characters(*texts: str) -> list[nodes.Node]:
    """Each Japanese character once, hidden, for search only: ``血`` finds ``吸血鬼``."""
    chars = cjk_characters(" ".join(texts))
    if not chars:
        return []
    return [raw(f'<p class="rules-search-characters" data-pagefind-weight="0.2" hidden>{html.escape(chars)}</p>')]


def not_indexed(*parts: nodes.Node) -> list[nodes.Node]:
    """Parts of an indexed page that search leaves out (where a rule sits, its line numbers)."""
    return [raw("<div data-pagefind-ignore>"), *parts, raw("</div>")]
