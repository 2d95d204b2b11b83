"""Hugging Face chat templates: the shape ``transformers.utils.get_json_schema`` produces, where
a null union is written ``nullable: true`` and the return type is a ``return`` entry; calls come
as OpenAI-style ``tool_calls``, answers as ``role: tool`` messages naming the tool."""

from __future__ import annotations

from inspector.model import Json, JsonObject, ToolDescriptor
from inspector.providers.base import Dialect, Provider
from inspector.providers.calls import Outcome, function_calls, result_text
from inspector.providers.openai import read_function_tools
from inspector.providers.schema_walk import (
    SUB_SCHEMA_KEYS,
    DialectResult,
    objects,
)


def huggingface_parameters(tool: ToolDescriptor) -> DialectResult:
    """The parameters with OpenAPI-style ``nullable``."""
    return DialectResult(_nullable_style(tool.parameters_schema()))


def huggingface_return(tool: ToolDescriptor) -> JsonObject | None:
    """The ``return`` entry: the return type and its documented text; None when the method
    returns nothing or nothing is known of it."""
    returns = tool.returns
    if returns.type is None and not returns.description:
        return None
    schema = tool.returns_schema()  # with the ``$defs`` it needs
    if schema.get("type") == "null":
        return None
    return _nullable_style(schema)


_STYLED = SUB_SCHEMA_KEYS | {"enum", "$defs"}
"""A node of a single ``type`` and none of these keys is in the style already."""


def _nullable_style(schema: JsonObject) -> JsonObject:
    """The schema with ``nullable: true`` for each null union: changed nodes are copies."""
    if isinstance(schema.get("type"), str) and _STYLED.isdisjoint(schema):
        return schema
    node = dict(schema)
    declared = node.get("type")
    if isinstance(declared, list) and "null" in declared:
        rest: list[Json] = [t for t in declared if t != "null"]
        node["type"] = rest[0] if len(rest) == 1 else rest
        node["nullable"] = True
    enum = node.get("enum")
    if isinstance(enum, list) and None in enum:
        node["enum"] = [v for v in enum if v is not None]
        node["nullable"] = True
    options = objects(node.get("anyOf"))
    if {"type": "null"} in options:
        kept = [o for o in options if o != {"type": "null"}]
        del node["anyOf"]
        if len(kept) == 1:
            node = {**kept[0], **node}  # the option's own keys are not styled again
        else:
            node["anyOf"] = list[Json](kept)
        node["nullable"] = True
    for key in ("items", "additionalProperties"):
        value = node.get(key)
        if isinstance(value, dict):
            node[key] = _nullable_style(value)
    for key in ("properties", "$defs"):
        value = node.get(key)
        if isinstance(value, dict):
            node[key] = {
                k: _nullable_style(v) if isinstance(v, dict) else v for k, v in value.items()
            }
    for key in ("prefixItems", "anyOf", "oneOf", "allOf"):
        value = node.get(key)
        if isinstance(value, list):
            node[key] = [_nullable_style(v) if isinstance(v, dict) else v for v in value]
    return node


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
