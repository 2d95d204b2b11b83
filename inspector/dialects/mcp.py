"""MCP: ``outputSchema`` from the return annotation, and a display ``title``."""

from __future__ import annotations

import copy

from inspector.dialects.common import object_values, ref_name, used_definitions
from inspector.model import JsonObject, NullType, ToolDescriptor


def mcp_output_schema(tool: ToolDescriptor) -> JsonObject | None:
    """The return type as an object schema: itself when it is an object, else wrapped as
    ``{"result": ...}``; None when the method is not annotated or returns None."""
    if tool.returns.type is None or isinstance(tool.returns.type, NullType):
        return None
    schema = tool.returns.to_schema()
    definitions = object_values(tool.parameters_schema().get("$defs"))
    name = ref_name(schema.get("$ref"))
    if name in definitions:
        rest = {k: v for k, v in schema.items() if k != "$ref"}
        schema = {**copy.deepcopy(definitions[name]), **rest}
    if schema.get("type") != "object":
        schema = {"type": "object", "properties": {"result": schema}, "required": ["result"]}
    needed = used_definitions(schema, definitions)
    if needed:
        schema["$defs"] = needed
    return schema


def mcp_title(tool: ToolDescriptor) -> str:
    """A display name: ``create_task`` → ``Create task``."""
    words = tool.name.replace("_", " ").replace("-", " ").split()
    text = " ".join(words)
    return text[:1].upper() + text[1:]
