"""Which engine functions apply which rule: read from the engine's own source with ``ast``.

An engine function cites rules through its ruleset by step and parameter names
(``ctx.cite("hunt", ...)``, ``ctx.p("hunt_gain")``); each name belongs to a rule per
ruleset, so a rule page can list the functions that apply it.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[1] / "engine"
STEP_CALLS = {"cite", "announce", "illegal", "step"}
PARAM_CALLS = {"p", "prule", "cite_param", "illegal_param"}


@cache
def engine_names() -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """(step name -> functions citing it, parameter name -> functions reading it)."""
    steps: dict[str, set[str]] = {}
    params: dict[str, set[str]] = {}
    for path in sorted(ENGINE.rglob("*.py")):  # subfolders too: the engine may be split into packages
        module = ".".join(("checker", "engine", *path.relative_to(ENGINE).with_suffix("").parts)).removesuffix(
            ".__init__")
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for fn in ast.walk(tree):
            if not isinstance(fn, ast.FunctionDef):
                continue
            where = f"{module}.{fn.name}"
            for call in ast.walk(fn):
                if not isinstance(call, ast.Call) or not call.args:
                    continue
                first = call.args[0]
                name = call.func.attr if isinstance(call.func, ast.Attribute) else ""
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    if name in STEP_CALLS:
                        steps.setdefault(first.value, set()).add(where)
                    elif name in PARAM_CALLS:
                        params.setdefault(first.value, set()).add(where)
                for arg in call.args[1:]:  # helpers taking (…, ctx, "step", …)
                    if isinstance(arg, ast.Constant) and isinstance(arg.value, str) and arg.value.isidentifier():
                        steps.setdefault(arg.value, set()).add(where)
    return steps, params
