"""Hugging Face chat templates: the shape ``transformers.utils.get_json_schema`` produces, where
a null union is written ``nullable: true`` and the return type is a ``return`` entry; calls come
as OpenAI-style ``tool_calls``, answers as ``role: tool`` messages naming the tool."""

from __future__ import annotations

from inspector.model import Json, JsonObject, ToolDescriptor
from inspector.providers.base import Dialect, Provider
from inspector.providers.calls import Outcome, function_calls, result_text
from inspector.providers.openai import read_function_tools
from inspector.providers.schema_walk import (
    DialectResult,
    object_values,
    objects,
    sub_schemas,
    used_definitions,
)


def huggingface_parameters(tool: ToolDescriptor) -> DialectResult:
    """The parameters with OpenAPI-style ``nullable``."""
    schema = tool.parameters_schema()
    _nullable_style(schema)
    return DialectResult(schema)


def huggingface_return(tool: ToolDescriptor) -> JsonObject | None:
    """The ``return`` entry: the return type and its documented text; None when the method
    returns nothing or nothing is known of it."""
    returns = tool.returns
    if returns.type is None and not returns.description:
        return None
    schema = returns.to_schema()
    if schema.get("type") == "null":
        return None
    needed = used_definitions(schema, object_values(tool.parameters_schema().get("$defs")))
    if needed:
        schema["$defs"] = needed
    _nullable_style(schema)
    return schema


def _nullable_style(schema: JsonObject) -> None:
    stack = [schema]
    while stack:
        node = stack.pop()
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
                merged = {**kept[0], **node}
                node.clear()
                node.update(merged)
            else:
                node["anyOf"] = list[Json](kept)
            node["nullable"] = True
        stack.extend(sub_schemas(node))
        stack.extend(d for d in node.get("$defs", {}).values() if isinstance(d, dict))  # type: ignore[union-attr]


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
