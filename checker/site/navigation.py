"""The sidebar's navigation, computed once per folder for the pages no table of contents lists.

Furo draws the whole navigation tree on every page (``context["toctree"](maxdepth=-1, ...)``), and
Sphinx makes it by copying the table of contents of every listed page and resolving it for the page
being written: a third of the cold build's time for our 2,785 pages, almost all of which (rules,
scenarios, cards) are listed in no table of contents. For such a page the tree marks nothing as
current, and its links differ only by where the page sits (they are relative), so every page of a
folder gets the same tree: it is made once per folder and argument set, and reused. Pages that a
table of contents lists, and the root page, are left to Sphinx (their tree marks them).
"""

from __future__ import annotations

import posixpath
from collections.abc import Callable
from typing import Any

from sphinx.application import Sphinx

PRIORITY = 400  # before Furo's html-page-context handler (500), which computes the tree
_SHARED = "_rules_shared_navigation"


def _listed(app: Sphinx) -> set[str]:
    listed: set[str] | None = getattr(app, "_rules_listed", None)
    if listed is None:
        listed = {doc for included in app.env.toctree_includes.values() for doc in included}
        listed.add(app.config.root_doc)
        app._rules_listed = listed  # type: ignore[attr-defined]  # one build's state, like _SHARED
    return listed


def share_navigation(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    """``html-page-context``: wrap ``context["toctree"]`` so that the pages of a folder listed nowhere share it."""
    toctree: Callable[..., str] | None = context.get("toctree")
    if toctree is None or pagename in _listed(app):
        return
    folder = posixpath.dirname(pagename)
    shared: dict[tuple[str, tuple[tuple[str, Any], ...]], str] = getattr(app, _SHARED)

    def navigation(**kwargs: Any) -> str:
        key = (folder, tuple(sorted(kwargs.items())))
        if key not in shared:
            shared[key] = toctree(**kwargs)
        return shared[key]

    context["toctree"] = navigation


def reset(app: Sphinx) -> None:
    """``builder-inited``: a build starts with nothing shared (the tables of contents may have changed)."""
    setattr(app, _SHARED, {})
    app._rules_listed = None  # type: ignore[attr-defined]


def setup(app: Sphinx) -> None:
    app.connect("builder-inited", reset)
    app.connect("html-page-context", share_navigation, priority=PRIORITY)
