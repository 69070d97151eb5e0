"""The sidebar's navigation is made once per folder for pages no table of contents lists (checker/site/navigation.py).

That the built pages are the same as when every page makes its own is checked on the whole site by the
incremental-equals-clean test and by bench/site.py; here, that the sharing happens, and only where it may.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from checker.site import navigation


def fake_app() -> Any:
    app = SimpleNamespace(env=SimpleNamespace(toctree_includes={"index": ["guide/ask", "source/ref14"]}),
                          config=SimpleNamespace(root_doc="index"))
    navigation.reset(app)  # type: ignore[arg-type]
    return app


def recording(calls: list[str], name: str, html: str) -> Any:
    def toctree(**kwargs: Any) -> str:
        calls.append(name)
        return html
    return toctree


def page(app: Any, name: str, calls: list[str]) -> str:
    context: dict[str, Any] = {"toctree": recording(calls, name, f"tree for {name}")}
    navigation.share_navigation(app, name, "page.html", context, None)
    return str(context["toctree"](collapse=False, maxdepth=-1))


def test_pages_of_a_folder_listed_nowhere_share_one_tree() -> None:
    app, calls = fake_app(), list[str]()
    first = page(app, "rule/ref14/V.D.5.c", calls)
    assert page(app, "rule/ref14/II.C.1.a", calls) == first  # made once, for the folder
    page(app, "rule/rb95/6.4", calls)  # another folder: its links are relative to another place
    assert calls == ["rule/ref14/V.D.5.c", "rule/rb95/6.4"]


def test_listed_pages_and_the_root_make_their_own() -> None:
    app, calls = fake_app(), list[str]()
    for name in ("guide/ask", "source/ref14", "index", "guide/ask"):
        page(app, name, calls)
    assert calls == ["guide/ask", "source/ref14", "index", "guide/ask"]


def test_another_set_of_arguments_is_another_tree() -> None:
    app, calls = fake_app(), list[str]()
    page(app, "card/a", calls)
    context: dict[str, Any] = {"toctree": recording(calls, "card/b", "other")}
    navigation.share_navigation(app, "card/b", "page.html", context, None)
    assert context["toctree"](maxdepth=1) == "other"
    assert calls == ["card/a", "card/b"]


def test_a_new_build_shares_nothing_from_the_last() -> None:
    app, calls = fake_app(), list[str]()
    page(app, "card/a", calls)
    navigation.reset(app)
    page(app, "card/b", calls)
    assert calls == ["card/a", "card/b"]
