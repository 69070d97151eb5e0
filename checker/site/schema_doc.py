"""The scenario format's reference, generated from the pydantic models (for the guide)."""

from __future__ import annotations

import inspect
import re
from typing import Any

from pydantic import BaseModel

from checker.engine import combat_decisions, decisions, setup
from checker.scenarios import model
from checker.site.page_models import SchemaField, SchemaModel, SchemaPage


def _type(annotation: Any) -> str:
    text = str(annotation).replace("typing.", "")
    text = re.sub(r"<class '([^']+)'>", r"\1", text)
    return re.sub(r"\b[a-z_]+(?:\.[a-z_]+)+\.([A-Z]\w*)", r"\1", text)


def _models() -> list[type[BaseModel]]:
    out: list[type[BaseModel]] = []
    for module in (model, setup, decisions, combat_decisions):
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if issubclass(cls, BaseModel) and cls.__module__ == module.__name__ and cls.model_fields:
                out.append(cls)
    return out


def schema_fragment() -> SchemaPage:
    steps = {v.__name__: k for k, v in decisions.DECISIONS.items()}
    models = []
    for cls in _models():
        name = cls.__name__ + (f" (step `{steps[cls.__name__]}`)" if cls.__name__ in steps else "")
        fields = {k: SchemaField(type=_type(f.annotation), description=f.description or "")
                  for k, f in cls.model_fields.items()}
        models.append(SchemaModel(name=name, description=(cls.__doc__ or "").strip().splitlines()[0]
                                  if cls.__doc__ else "", fields=fields))
    return SchemaPage(kind="schema", models=models)
