"""The JSON Schema of scenario files, generated from the pydantic models."""

from __future__ import annotations

from typing import Any

from checker.engine.decisions import DECISIONS
from checker.scenarios.model import Scenario


def scenario_schema() -> dict[str, Any]:
    """The schema editors validate scenario files against; each step key's own schema included."""
    schema = Scenario.model_json_schema()
    defs = schema.setdefault("$defs", {})
    variants = []
    for key, model in DECISIONS.items():
        sub = model.model_json_schema(ref_template="#/$defs/{model}")
        defs.update(sub.pop("$defs", {}))
        defs[model.__name__] = sub
        variants.append({"type": "object", "additionalProperties": False, "required": [key],
                         "properties": {key: {"anyOf": [{"$ref": f"#/$defs/{model.__name__}"}, {"type": "null"}]}}})
    schema["properties"]["steps"]["items"] = {"oneOf": variants}
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "Jyhad / V:TES rules scenario"
    return schema
