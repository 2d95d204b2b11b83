"""Ollama ``/api/chat``: OpenAI Chat's tool shape, ``tool_calls`` in the message and
``role: tool`` answers naming the tool.

The Python client keeps only ``type``, ``items``, ``description`` and ``enum`` of each
parameter (and ``$defs``, ``required``, ``properties`` at the top); everything else it drops
silently, so it moves into the description here."""

from __future__ import annotations

from inspector.model import Json, JsonObject, ToolDescriptor
from inspector.providers.base import Dialect, Provider
from inspector.providers.calls import Outcome, function_calls, result_text
from inspector.providers.openai import read_function_tools
from inspector.providers.schema_walk import (
    DialectResult,
    Rewrite,
    nullable,
    object_values,
    objects,
    tuple_as_items,
    types_of,
)

_PROPERTY_KEYS = frozenset({"type", "items", "description", "enum"})
_STRUCTURE_KEYS = ("properties", "required", "additionalProperties", "title", "$ref", "anyOf")


def ollama_parameters(tool: ToolDescriptor) -> DialectResult:
    """Parameters whose every key survives ``ollama.Tool``: the canonical schema when every one
    does, else a copy whose changed properties are new dicts."""
    canonical = tool.parameters_schema()
    result = DialectResult(canonical)
    rewrite = Rewrite(result)
    flattened: JsonObject = {}
    for name, prop in object_values(canonical.get("properties")).items():
        if not prop.keys() <= _PROPERTY_KEYS:  # else nothing of it changes
            flattened[name] = own = dict(prop)
            _flatten(own, name, rewrite)
    if flattened:
        properties = canonical["properties"]
        assert isinstance(properties, dict)
        result.schema = {**canonical, "properties": {**properties, **flattened}}
    return result


def _flatten(prop: JsonObject, path: str, rewrite: Rewrite) -> JsonObject:
    """The property (a copy, changed in place) with only the keys the client keeps."""
    single = _nullable_option(prop)
    if single is not None:  # ``X | None``: X, null among its types, the union's keywords on it
        rest = {k: v for k, v in prop.items() if k != "anyOf"}
        prop.clear()
        prop.update(nullable(single))
        prop.update(rest)
    if "prefixItems" in prop:
        tuple_as_items(prop, path, rewrite, _PROPERTY_KEYS)
    options = objects(prop.get("anyOf"))
    if options and all(set(o) == {"type"} and isinstance(o["type"], str) for o in options):
        prop.pop("anyOf")
        prop["type"] = list[Json](o["type"] for o in options)
    structure = {k: prop.pop(k) for k in _STRUCTURE_KEYS if k in prop}
    if structure:
        kinds = sorted({t for o in options for t in types_of(o)}) or (
            ["object"] if "properties" in structure or "additionalProperties" in structure else []
        )
        if kinds and "type" not in prop:
            prop["type"] = kinds[0] if len(kinds) == 1 else list[Json](kinds)
        rewrite.note_schema(prop, path, "JSON schema:", structure)
        rewrite.result.problems.append(
            f"parameter {path!r}: Ollama's client drops nested schemas; the structure is "
            "described in the text instead"
        )
    rewrite.keep_only(prop, path, _PROPERTY_KEYS)
    return prop


def _nullable_option(prop: JsonObject) -> JsonObject | None:
    """X of a union of X (a typed schema) and null; None for any other property."""
    options = objects(prop.get("anyOf"))
    if len(options) != 2 or {"type": "null"} not in options:
        return None
    single = options[0] if options[1] == {"type": "null"} else options[1]
    return single if isinstance(single.get("type"), str | list) else None


def answer(outcomes: list[Outcome]) -> list[JsonObject]:
    """One ``role: tool`` message per call, naming the tool."""
    return [{"role": "tool", "tool_name": o.call.name, "content": result_text(o)} for o in outcomes]


PROVIDER = Provider(
    "ollama",
    "Ollama",
    filters={"ollama_parameters": Dialect(ollama_parameters, "Ollama")},
    read_tools=read_function_tools,
    read_calls=function_calls,
    answer=answer,
)
