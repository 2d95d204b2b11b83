"""Model Context Protocol: ``tools/list`` entries with an ``outputSchema`` from the return
annotation and a display ``title``; ``tools/call`` requests and their JSON-RPC responses."""

from __future__ import annotations

import copy
import json
import re

from inspector.diagnostics import InspectorError
from inspector.files.provider_files import ToolEntry, entries, mapping, properties_of, text
from inspector.model import Json, JsonObject, NullType, SchemaType, ToolDescriptor
from inspector.providers.base import NameRule, Provider
from inspector.providers.calls import Call, Outcome, call_name, get
from inspector.providers.schema_walk import (
    object_values,
    ref_name,
    sub_schemas,
    used_definitions,
)
from inspector.typetable.schema_values import value_problem


def mcp_output_schema(tool: ToolDescriptor) -> JsonObject | None:
    """The return type as an object schema: itself when it is an object, else wrapped as
    ``{"result": ...}``; None when the method is not annotated, returns None, or its type is
    read from its docstring only (see ``_contracted_return``)."""
    if _contracted_return(tool) is None:
        return None
    schema = written_forms(tool.returns_schema())
    definitions = object_values(schema.pop("$defs", None))
    schema = _resolved(schema, definitions)
    if _wraps(schema):
        schema = {"type": "object", "properties": {"result": schema}, "required": ["result"]}
    if definitions:  # at the top, where ``#/$defs/...`` points, once the result is wrapped
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


_CLOCK = r"\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?$"
"""A time of day as ``isoformat`` writes it, its UTC offset optional."""

WRITTEN_FORMS: dict[str, str] = {
    "date-time": r"^\d{4}-\d{2}-\d{2}T" + _CLOCK,
    "time": "^" + _CLOCK,
    "duration": r"^-?P(\d+D)?(T(\d+H)?(\d+M)?(\d+(\.\d+)?S)?)?$",
}
"""The text a result of these formats is written as, as the pattern an ``outputSchema`` gives
instead of the format. A client that checks formats (the TypeScript SDK's Ajv with its formats:
Claude Desktop, Cursor) refuses structured content that breaks them, and Python writes values
the formats do not allow: a naive ``datetime`` or ``time`` has no UTC offset, which RFC 3339
requires; a ``timedelta`` may be negative (``-P1D``, as XML Schema writes it) or hold fractions
of a second, which RFC 3339's durations do not. Arguments keep the formats (the Toolbox reads
these forms too)."""

_FORMS_BY_PATTERN = {pattern: form for form, pattern in WRITTEN_FORMS.items()}


def written_forms(schema: JsonObject) -> JsonObject:
    """The schema (changed in place) with every string format of ``WRITTEN_FORMS`` given as
    the pattern of what a result of it is written as."""
    return _swapped(schema, "format", "pattern", WRITTEN_FORMS)


def _read_forms(schema: JsonObject) -> JsonObject:
    """``written_forms`` undone (in place): an ``outputSchema`` read back (``stubs``) gives the
    type it was made from."""
    return _swapped(schema, "pattern", "format", _FORMS_BY_PATTERN)


def _swapped(schema: JsonObject, key: str, into: str, values: dict[str, str]) -> JsonObject:
    """The schema (changed in place) with each node's ``key`` that ``values`` maps given as
    ``into`` instead, in ``$defs`` and mapping keys too, where the node has no ``into``."""
    stack = [schema, *object_values(schema.get("$defs")).values()]
    while stack:
        node = stack.pop()
        value = node.get(key)
        if isinstance(value, str) and value in values and into not in node:
            del node[key]
            node[into] = values[value]
        stack.extend(_with_key_names(node))
    return schema


def _with_key_names(node: JsonObject) -> list[JsonObject]:
    """A node's sub-schemas and its ``propertyNames`` (a ``dict[datetime, X]``'s keys are
    written as the values are)."""
    names = node.get("propertyNames")
    found = sub_schemas(node)
    return [*found, names] if isinstance(names, dict) else found


def _resolved_return(tool: ToolDescriptor) -> JsonObject | None:
    returned = _contracted_return(tool)
    return None if returned is None else _resolved(returned.to_schema(), _definitions(tool))


def _contracted_return(tool: ToolDescriptor) -> SchemaType | None:
    """The return type an ``outputSchema`` promises: every result MUST then validate against
    it, or an MCP client refuses the answer. A type read from the docstring alone (``dict: the
    record, or None when missing``) is prose the code need not keep, so it promises nothing
    (the description still says it); None also for no type and for None."""
    returned = tool.returns.type
    if returned is None or isinstance(returned, NullType):
        return None
    if ("return", "docstring") in tool.type_sources:
        return None
    return returned


def _resolved(schema: JsonObject, definitions: dict[str, JsonObject]) -> JsonObject:
    """A schema that is a reference to one of ``definitions`` written out (its siblings kept):
    an output schema's top must say its type."""
    name = ref_name(schema.get("$ref"))
    if name is not None and name in definitions:
        rest = {k: v for k, v in schema.items() if k != "$ref"}
        return {**definitions[name], **rest}
    return schema


def _definitions(tool: ToolDescriptor) -> dict[str, JsonObject]:
    """The tool's definitions as schemas (new dicts), as its parameter schema's ``$defs``."""
    return {name: definition.to_schema() for name, definition in tool.definitions}


def _wraps(return_schema: JsonObject) -> bool:
    """A return that is not an object is carried as ``{"result": ...}``."""
    return return_schema.get("type") != "object"


def mcp_title(tool: ToolDescriptor) -> str:
    """A display name: ``create_task`` → ``Create task``."""
    words = tool.name.replace("_", " ").replace("-", " ").split()
    text = " ".join(words)
    return text[:1].upper() + text[1:]


def _tool(item: JsonObject, where: str) -> ToolEntry:
    output = item.get("outputSchema")
    returns = mapping(output, f"{where}.outputSchema") if output is not None else None
    if returns is not None:
        returns = _read_forms(copy.deepcopy(returns))
    if returns is not None and set(properties_of(returns)) == {"result"}:
        result = properties_of(returns)["result"]  # a non-object return, wrapped when rendered
        returns = mapping(result, f"{where}.outputSchema.properties.result")
    return ToolEntry(
        text(item, "name", where, required=True),
        text(item, "description", where),
        mapping(item.get("inputSchema"), f"{where}.inputSchema"),
        returns,
    )


def read_tools(document: Json) -> list[ToolEntry]:
    """The tools of a ``tools/list`` result (or of the JSON-RPC response holding one)."""
    if isinstance(document, dict) and isinstance(document.get("result"), dict):
        document = document["result"]
    return entries(document, ("tools",), _tool)


def read_calls(message: Json) -> list[Call]:
    """The one call of a ``tools/call`` request; its id is the request id as JSON text. A
    JSON-RPC message without an id is a notification, which gets no response; MCP defines no
    ``tools/call`` notification, so it runs nothing either, as an MCP server (``serve``) drops
    it. A request without its JSON-RPC envelope (no ``jsonrpc``, no id), and an id that is not
    a string or an integer (null included: MCP forbids it), are refused."""
    method = get(message, "method")
    if method != "tools/call":
        raise InspectorError(f"expected a tools/call request, got method {method!r}")
    if not isinstance(message, dict) or "id" not in message:
        if isinstance(message, dict) and "jsonrpc" in message:
            return []  # a notification
        # a request object without its envelope (the SDK's ``CallToolRequest``): its answer
        # could carry no id, so it is refused rather than dropped as if a notification
        raise InspectorError(
            "tools/call: a request without an id: give the JSON-RPC request (jsonrpc, id, "
            "method, params), as a client sends it"
        )
    identifier = message["id"]
    if not isinstance(identifier, str | int) or isinstance(identifier, bool):
        raise InspectorError(
            f"tools/call: the id must be a string or an integer, got {json.dumps(identifier)}"
        )
    params = get(message, "params")
    # no arguments (None) are none; ``[]``, ``0`` or ``false`` are refused as not an object
    return [Call(json.dumps(identifier), call_name(params), get(params, "arguments"))]


def _response(outcome: Outcome) -> JsonObject:
    error, tool = outcome.error, outcome.tool
    if error is None and outcome.cut and tool is not None and _contracted_return(tool) is not None:
        # the cut text no longer matches the outputSchema, which MCP requires of a success (a
        # client refuses a success without structuredContent): an error, with the same text
        error = outcome.text
    elif error is None and tool is not None and not outcome.cut:
        error = _return_mismatch(outcome.call.name, tool, outcome.value)
    result: JsonObject = {
        "content": [{"type": "text", "text": error or outcome.text}],
        "isError": error is not None,
    }
    structured = None
    if error is None and tool is not None and not outcome.cut:
        structured = mcp_structured_content(tool, outcome.value)
    if structured is not None:
        result["structuredContent"] = structured
    return {"jsonrpc": "2.0", "id": json.loads(outcome.call.id or "null"), "result": result}


def _return_mismatch(called: str, tool: ToolDescriptor, value: Json) -> str | None:
    """Why a result is not one the tool's ``outputSchema`` allows (a method whose annotation
    says ``int`` returned text), or None: a client rejects a success whose structured content
    breaks the schema, so such a result is answered as an error."""
    returned = _contracted_return(tool)
    if returned is None:
        return None
    found = value_problem(value, returned, dict(tool.definitions), "result")
    if found is None:
        return None
    return f"{called} returned a value that does not match its declared return type: {found}"


def answer(outcomes: list[Outcome]) -> list[JsonObject]:
    """One JSON-RPC response per call, with ``structuredContent`` when the tool has an
    ``outputSchema``."""
    return [_response(o) for o in outcomes]


PROVIDER = Provider(
    "mcp",
    "MCP",
    tool_names=NameRule(
        re.compile(r"[A-Za-z0-9._-]{1,128}"), "1-128 characters of A-Z, a-z, 0-9, '_', '-' and '.'"
    ),
    filters={"mcp_output_schema": mcp_output_schema, "mcp_title": mcp_title},
    read_tools=read_tools,
    read_calls=read_calls,
    answer=answer,
)
