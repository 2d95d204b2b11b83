"""Hugging Face chat templates: the shape ``transformers.utils.get_json_schema`` produces, where
a null union is written ``nullable: true`` and the return type is a ``return`` entry; calls come
as OpenAI-style ``tool_calls``, answers as ``role: tool`` messages naming the tool."""

from __future__ import annotations

from inspector.model import Json, JsonObject, ToolDescriptor, shared_parameters_schema
from inspector.providers.base import Dialect, Provider
from inspector.providers.calls import Outcome, function_calls, result_text
from inspector.providers.openai import read_function_tools
from inspector.providers.schema_walk import (
    DialectResult,
    object_values,
    objects,
    used_definitions,
)


def huggingface_parameters(tool: ToolDescriptor) -> DialectResult:
    """The parameters with OpenAPI-style ``nullable``."""
    return DialectResult(_nullable_style(shared_parameters_schema(tool)))


def huggingface_return(tool: ToolDescriptor) -> JsonObject | None:
    """The ``return`` entry: the return type and its documented text; None when the method
    returns nothing or nothing is known of it."""
    returns = tool.returns
    if returns.type is None and not returns.description:
        return None
    schema = returns.to_schema()
    if schema.get("type") == "null":
        return None
    definitions = object_values(shared_parameters_schema(tool).get("$defs"))
    needed = used_definitions(schema, definitions)
    if needed:
        schema["$defs"] = needed
    return _nullable_style(schema)


def _nullable_style(schema: JsonObject) -> JsonObject:
    """The schema with a null union written ``nullable: true``: the schema itself when nothing
    in it changes, else new dicts along the changed paths (it may be shared: never changed)."""
    node = schema
    declared = node.get("type")
    if isinstance(declared, list) and "null" in declared:
        rest: list[Json] = [t for t in declared if t != "null"]
        node = {**node, "type": rest[0] if len(rest) == 1 else rest, "nullable": True}
    enum = node.get("enum")
    if isinstance(enum, list) and None in enum:
        node = {**node, "enum": [v for v in enum if v is not None], "nullable": True}
    options = objects(node.get("anyOf"))
    if {"type": "null"} in options:
        kept = [o for o in options if o != {"type": "null"}]
        others = {k: v for k, v in node.items() if k != "anyOf"}
        node = {**kept[0], **others} if len(kept) == 1 else {**others, "anyOf": list[Json](kept)}
        node["nullable"] = True
    changed = _restyled_children(node)
    return {**node, **changed} if changed else node


def _restyled_children(node: JsonObject) -> JsonObject:
    """The sub-schema containers of a node (``$defs`` too) that ``_nullable_style`` changes."""
    changed: JsonObject = {}
    for key, value in node.items():
        if key in ("items", "additionalProperties") and isinstance(value, dict):
            styled = _nullable_style(value)
            if styled is not value:
                changed[key] = styled
        elif key in ("properties", "$defs") and isinstance(value, dict):
            members = {
                k: _nullable_style(v) if isinstance(v, dict) else v for k, v in value.items()
            }
            if any(members[k] is not v for k, v in value.items()):
                changed[key] = members
        elif key in ("prefixItems", "anyOf", "oneOf", "allOf") and isinstance(value, list):
            items = [_nullable_style(v) if isinstance(v, dict) else v for v in value]
            if any(a is not b for a, b in zip(items, value, strict=True)):
                changed[key] = list[Json](items)
    return changed


def answer(outcomes: list[Outcome]) -> list[JsonObject]:
    """One ``role: tool`` message per call, naming the tool."""
    return [{"role": "tool", "name": o.call.name, "content": result_text(o)} for o in outcomes]


PROVIDER = Provider(
    "huggingface",
    "Hugging Face",
    filters={
        "huggingface_parameters": Dialect(huggingface_parameters, "Hugging Face"),
        "huggingface_return": huggingface_return,
    },
    read_tools=read_function_tools,
    read_calls=function_calls,
    answer=answer,
)
