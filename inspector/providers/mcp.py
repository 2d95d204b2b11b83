"""MCP: ``outputSchema`` from the return annotation, and a display ``title``."""

from __future__ import annotations

import copy

from inspector.model import Json, JsonObject, NullType, ToolDescriptor
from inspector.providers.schema_walk import object_values, ref_name, used_definitions


def mcp_output_schema(tool: ToolDescriptor) -> JsonObject | None:
    """The return type as an object schema: itself when it is an object, else wrapped as
    ``{"result": ...}``; None when the method is not annotated or returns None."""
    schema = _resolved_return(tool)
    if schema is None:
        return None
    definitions = object_values(tool.parameters_schema().get("$defs"))
    if _wraps(schema):
        schema = {"type": "object", "properties": {"result": schema}, "required": ["result"]}
    needed = used_definitions(schema, definitions)
    if needed:
        schema["$defs"] = needed
    return schema


def mcp_structured_content(tool: ToolDescriptor, value: Json) -> Json:
    """A result as ``structuredContent``: matches ``mcp_output_schema`` (None when the tool has
    no output schema)."""
    schema = _resolved_return(tool)
    if schema is None:
        return None
    return {"result": value} if _wraps(schema) else value


def _resolved_return(tool: ToolDescriptor) -> JsonObject | None:
    if tool.returns.type is None or isinstance(tool.returns.type, NullType):
        return None
    schema = tool.returns.to_schema()
    definitions = object_values(tool.parameters_schema().get("$defs"))
    name = ref_name(schema.get("$ref"))
    if name in definitions:
        rest = {k: v for k, v in schema.items() if k != "$ref"}
        schema = {**copy.deepcopy(definitions[name]), **rest}
    return schema


def _wraps(return_schema: JsonObject) -> bool:
    """A return that is not an object is carried as ``{"result": ...}``."""
    return return_schema.get("type") != "object"


def mcp_title(tool: ToolDescriptor) -> str:
    """A display name: ``create_task`` → ``Create task``."""
    words = tool.name.replace("_", " ").replace("-", " ").split()
    text = " ".join(words)
    return text[:1].upper() + text[1:]
