"""The one place that names the site's pages: a rule's, a scenario file's, a card's, an authority's, and the
file of a rule's picture. Every module that links to a page asks here.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Iterable
from functools import cache
from pathlib import PurePosixPath

from reference.cards import Card

SAFE = re.compile(r"[^A-Za-z0-9._-]+")
EXACT = re.compile(r"[a-z0-9_][a-z0-9._-]*")  # a file or folder name a page name can spell as it is


def rule_doc(rule_id: str) -> str:
    """The page of a rule: ``rule/ref14/V.D.5.c``."""
    source, path = rule_id.split(":", 1)
    return f"rule/{source}/{SAFE.sub('-', path)}"


@cache
def scenario_doc(path: str) -> str:
    """The page of a scenario file: ``scenario/combat/steal-blood`` for ``scenarios/combat/steal-blood.yaml``.

    The path under the ``scenarios`` folder, without ``.yaml``, when that spells it exactly (lower-case
    ASCII letters, digits, ``._-``). Any other path (a space, an accent, ``.yml``, capitals) gets a
    readable approximation plus a short hash of that path, so two files never share a page.
    """
    parts = PurePosixPath(path).parts
    rel = parts[parts.index("scenarios") + 1:] if "scenarios" in parts[:-1] else parts
    rel = tuple(p for p in rel if p != "/") or ("x",)
    *folders, name = rel
    stem = PurePosixPath(name).stem
    if name.endswith(".yaml") and all(EXACT.fullmatch(p) for p in (*folders, stem)):
        return "/".join(("scenario", *folders, stem))
    digest = hashlib.sha256("/".join(rel).encode("utf-8", "surrogatepass")).hexdigest()[:8]
    readable = [SAFE.sub("-", p).strip("-.").lower() or "x" for p in (*folders, stem)]
    return "/".join(("scenario", *readable[:-1], f"{readable[-1]}-{digest}"))


def graph_file(rule_id: str) -> str:
    """The file name (no extension) of a rule's picture under docs/_graphs: ``ref14-V.D.5.c``."""
    source, path = rule_id.split(":", 1)
    return f"{source}-{SAFE.sub('-', path)}"


_LIGATURES = str.maketrans({"œ": "oe", "Œ": "Oe", "æ": "ae", "Æ": "Ae", "ß": "ss", "ø": "o", "Ø": "O", "ł": "l",
                            "Ł": "L", "đ": "d", "Đ": "D", "þ": "th", "ð": "d"})


def slug(text: str) -> str:
    """Lower-case ASCII words joined by hyphens: "Sacré-Cœur Cathedral, France" -> "sacre-coeur-cathedral-france"."""
    plain = unicodedata.normalize("NFKD", text.translate(_LIGATURES)).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-")


def card_docs(cards: Iterable[Card]) -> dict[str, str]:
    """Card id -> page: ``card/<slug of the name>``; namesakes get their qualified name, then their id (so does a
    qualified name that happens to spell another card's name)."""
    by_slug: dict[str, list[Card]] = {}
    for card in cards:
        by_slug.setdefault(slug(card.name) or str(card.vekn_id), []).append(card)
    docs: dict[str, str] = {}
    for name, same in by_slug.items():
        if len(same) == 1:
            docs[same[0].id] = f"card/{name}"
            continue
        qualified = {c.id: slug(c.qualified_name) for c in same}
        clash = len(set(qualified.values())) < len(same)
        for c in same:
            docs[c.id] = f"card/{qualified[c.id]}" + (f"-{c.vekn_id}" if clash else "")
    taken: dict[str, int] = {}
    for doc in docs.values():
        taken[doc] = taken.get(doc, 0) + 1
    return {cid: f"{doc}-{cid.rsplit(':', 1)[-1]}" if taken[doc] > 1 else doc for cid, doc in docs.items()}


def authority_doc(code: str) -> str:
    return f"authority/{code.lower()}"
