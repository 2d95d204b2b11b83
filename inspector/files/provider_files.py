"""Read tool definitions back from tools.json or any provider format into a catalog.

Each reader undoes one envelope (a list, ``{"tools": [...]}``, an MCP ``tools/list`` result, a
Gemini ``functionDeclarations`` tool, a Bedrock ``toolConfig``) and one schema dialect (Gemini's
OpenAPI subset); the JSON Schema itself is read by ``schema_parser``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import cast

from inspector.catalog import Catalog, CatalogClass
from inspector.diagnostics import InspectorError
from inspector.files import tools_json
from inspector.files.schemas import parse_fields, parse_schema
from inspector.model import Json, JsonObject, Returns, ToolDescriptor

DEFAULT_CLASS = "Tools"


@dataclass(frozen=True, slots=True)
class _Entry:
    """What every provider format says of one tool."""

    name: str
    description: str
    parameters: JsonObject
    returns: JsonObject | None = None


def _mapping(value: object, where: str) -> JsonObject:
    if not isinstance(value, dict):
        raise InspectorError(f"{where}: expected an object, got {_kind(value)}")
    return value


def _kind(value: object) -> str:
    names = {dict: "an object", list: "an array", str: "a string", type(None): "null"}
    return names.get(type(value), type(value).__name__)


def _text(entry: JsonObject, key: str, where: str, required: bool = False) -> str:
    value = entry.get(key)
    if value is None and not required:
        return ""
    if not isinstance(value, str):
        raise InspectorError(f"{where}: {key!r} must be a string")
    return value


def _list(data: Json, keys: tuple[str, ...], where: str) -> list[Json]:
    """The tool list: the document itself, or the array under one of ``keys``."""
    if isinstance(data, list):
        return data
    if isinstance(data, dict):
        for key in keys:
            if isinstance(data.get(key), list):
                found = data[key]
                assert isinstance(found, list)
                return found
        raise InspectorError(f"{where}: no {' or '.join(repr(k) for k in keys)} array")
    raise InspectorError(f"{where}: expected an array or an object, got {_kind(data)}")


def _entries(
    data: Json, keys: tuple[str, ...], read: Callable[[JsonObject, str], _Entry]
) -> list[_Entry]:
    items = _list(data, keys, "document")
    if not items:
        raise InspectorError("no tools in the document")
    return [read(_mapping(item, f"tool {i}"), f"tool {i}") for i, item in enumerate(items)]


def _openai_chat(item: JsonObject, where: str) -> _Entry:
    function = _mapping(item.get("function"), f"{where}.function")
    name = _text(function, "name", f"{where}.function", required=True)
    returned = function.get("return")
    return _Entry(
        name,
        _text(function, "description", where),
        _mapping(function.get("parameters", {}), f"{where}.parameters"),
        _mapping(returned, f"{where}.return") if returned is not None else None,
    )


def _openai_responses(item: JsonObject, where: str) -> _Entry:
    if item.get("type") != "function" or "function" in item:
        raise InspectorError(f'{where}: expected "type": "function" with a flat "name"')
    return _Entry(
        _text(item, "name", where, required=True),
        _text(item, "description", where),
        _mapping(item.get("parameters") or {}, f"{where}.parameters"),
    )


def _anthropic(item: JsonObject, where: str) -> _Entry:
    return _Entry(
        _text(item, "name", where, required=True),
        _text(item, "description", where),
        _mapping(item.get("input_schema"), f"{where}.input_schema"),
    )


def _mcp(item: JsonObject, where: str) -> _Entry:
    output = item.get("outputSchema")
    returns = _mapping(output, f"{where}.outputSchema") if output is not None else None
    if returns is not None and set(_properties(returns)) == {"result"}:
        result = _properties(returns)["result"]  # a non-object return, wrapped by the renderer
        returns = _mapping(result, f"{where}.outputSchema.properties.result")
    return _Entry(
        _text(item, "name", where, required=True),
        _text(item, "description", where),
        _mapping(item.get("inputSchema"), f"{where}.inputSchema"),
        returns,
    )


def _properties(schema: JsonObject) -> JsonObject:
    properties = schema.get("properties")
    return properties if isinstance(properties, dict) else {}


def _bedrock(item: JsonObject, where: str) -> _Entry:
    spec = _mapping(item.get("toolSpec"), f"{where}.toolSpec")
    schema = _mapping(spec.get("inputSchema"), f"{where}.toolSpec.inputSchema")
    return _Entry(
        _text(spec, "name", f"{where}.toolSpec", required=True),
        _text(spec, "description", f"{where}.toolSpec"),
        _mapping(schema.get("json"), f"{where}.toolSpec.inputSchema.json"),
    )


def _gemini_declarations(data: Json) -> list[Json]:
    """Function declarations from one Tool, a list of Tools, or ``{"tools": [...]}``."""
    tools = data if isinstance(data, list) else [data]
    if isinstance(data, dict) and isinstance(data.get("tools"), list):
        tools = data["tools"]  # type: ignore[assignment]
    declarations: list[Json] = []
    for tool in tools:
        if not isinstance(tool, dict):
            raise InspectorError("expected Tool objects holding functionDeclarations")
        found = tool.get("functionDeclarations", tool.get("function_declarations"))
        if not isinstance(found, list):
            raise InspectorError('no "functionDeclarations" array')
        declarations.extend(found)
    return declarations


def _gemini(item: JsonObject, where: str) -> _Entry:
    if "parametersJsonSchema" in item:
        parameters = _mapping(item["parametersJsonSchema"], f"{where}.parametersJsonSchema")
    else:
        parameters = from_openapi(_mapping(item.get("parameters") or {}, f"{where}.parameters"))
    returns: JsonObject | None = None
    if "responseJsonSchema" in item:
        returns = _mapping(item["responseJsonSchema"], f"{where}.responseJsonSchema")
    elif "response" in item:
        returns = from_openapi(_mapping(item["response"], f"{where}.response"))
    return _Entry(
        _text(item, "name", where, required=True),
        _text(item, "description", where),
        parameters,
        returns,
    )


_OPENAPI_INTEGER_KEYS = frozenset(
    {"minItems", "maxItems", "minLength", "maxLength", "minProperties", "maxProperties"}
)
_OPENAPI_DROPPED = frozenset({"nullable", "propertyOrdering"})


def from_openapi(schema: JsonObject) -> JsonObject:
    """Gemini's OpenAPI subset (``"type": "STRING"``, ``nullable``) as JSON Schema."""
    result: JsonObject = {}
    for key, value in schema.items():
        if key in _OPENAPI_DROPPED or (key == "format" and value == "enum"):
            continue
        if key == "type" and isinstance(value, str):
            result[key] = value.lower()
        elif key == "properties" and isinstance(value, dict):
            result[key] = {
                name: from_openapi(sub) if isinstance(sub, dict) else sub
                for name, sub in value.items()
            }
        elif key == "items" and isinstance(value, dict):
            result[key] = from_openapi(value)
        elif key == "anyOf" and isinstance(value, list):
            result[key] = [from_openapi(sub) if isinstance(sub, dict) else sub for sub in value]
        elif key in _OPENAPI_INTEGER_KEYS and isinstance(value, str) and value.isdigit():
            result[key] = int(value)  # int64 values arrive as strings in REST JSON
        else:
            result[key] = value
    if schema.get("nullable") is True:
        return _nullable(result)
    return result


def _nullable(schema: JsonObject) -> JsonObject:
    declared = schema.get("type")
    if isinstance(declared, str) and set(schema) <= {"type", "format", "description", "title"}:
        return {**schema, "type": [declared, "null"]}
    if isinstance(schema.get("enum"), list) and isinstance(declared, str):
        values = schema["enum"]
        assert isinstance(values, list)
        return {**schema, "type": [declared, "null"], "enum": [*values, None]}
    description = schema.pop("description", None)
    wrapped: JsonObject = {"anyOf": [schema, {"type": "null"}]}
    if description is not None:
        wrapped["description"] = description
    return wrapped


_READERS: dict[str, Callable[[Json], list[_Entry]]] = {
    "openai": lambda d: _entries(d, ("tools",), _openai_chat),
    "openai-responses": lambda d: _entries(d, ("tools",), _openai_responses),
    "anthropic": lambda d: _entries(d, ("tools",), _anthropic),
    "gemini": lambda d: [
        _gemini(_mapping(item, f"declaration {i}"), f"declaration {i}")
        for i, item in enumerate(_gemini_declarations(d))
    ],
    "mcp": lambda d: _entries(_mcp_result(d), ("tools",), _mcp),
    "bedrock": lambda d: _entries(_bedrock_config(d), ("tools",), _bedrock),
}
_SAME_AS_OPENAI = ("mistral", "ollama", "cohere", "huggingface")
FORMATS = ("tools", *_READERS, *_SAME_AS_OPENAI)
"""Every ``--format`` name; the last four share OpenAI Chat's shape."""


def _mcp_result(data: Json) -> Json:
    """A JSON-RPC response holding a ``tools/list`` result, or the result itself."""
    if isinstance(data, dict) and isinstance(data.get("result"), dict):
        return data["result"]
    return data


def _bedrock_config(data: Json) -> Json:
    if isinstance(data, dict) and isinstance(data.get("toolConfig"), dict):
        return data["toolConfig"]
    return data


def read_catalog(
    document: object, format_name: str = "auto", class_name: str = DEFAULT_CLASS
) -> tuple[Catalog, str]:
    """The catalog of a document in ``format_name`` (or the one format that reads it), and the
    format's name; a document no format reads raises an error listing each format's reason."""
    data = cast(Json, document)
    if format_name in _SAME_AS_OPENAI:
        format_name = "openai"
    if format_name != "auto":
        return _read(data, format_name, class_name), format_name
    reasons = []
    for name in ("tools", *_READERS):
        try:
            return _read(data, name, class_name), name
        except InspectorError as error:
            reasons.append(f"  {name}: {error}")
    raise InspectorError("no supported tool format reads this file:\n" + "\n".join(reasons))


def _read(data: Json, format_name: str, class_name: str) -> Catalog:
    if format_name == "tools":
        return tools_json.from_json(data)
    reader = _READERS.get(format_name)
    if reader is None:
        raise InspectorError(f"unknown format {format_name!r}; known: {', '.join(FORMATS)}")
    tools = tuple(_tool(entry) for entry in reader(data))
    return Catalog((CatalogClass(class_name, "", tools),))


def _tool(entry: _Entry) -> ToolDescriptor:
    try:
        fields, definitions = parse_fields(entry.parameters)
        returns = entry.returns
        description = returns.get("description") if returns else None
        if returns is not None:
            returns = {k: v for k, v in returns.items() if k != "description"}
        return ToolDescriptor(
            name=entry.name,
            description=entry.description,
            parameters=fields,
            returns=Returns(
                parse_schema(returns) if returns else None,
                description if isinstance(description, str) else "",
            ),
            definitions=definitions,
            method_name=entry.name,
        )
    except InspectorError as error:
        raise InspectorError(f"tool {entry.name!r}: {error}") from None
