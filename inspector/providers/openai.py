"""OpenAI Chat Completions: ``{"type": "function", "function": {...}}`` tools, Structured
Outputs as strict mode, ``tool_calls`` in the assistant message, ``role: tool`` answers."""

from __future__ import annotations

from inspector.files.provider_files import ToolEntry, entries, mapping, text
from inspector.model import Json, JsonObject
from inspector.providers.base import ALNUM_DASH_64, Provider, StrictDialect
from inspector.providers.calls import function_calls, tool_messages
from inspector.providers.limits import Limits
from inspector.providers.strict import StrictProfile

STRICT = StrictProfile(
    "OpenAI",
    keywords=frozenset(
        {
            "pattern",
            "minimum",
            "maximum",
            "exclusiveMinimum",
            "exclusiveMaximum",
            "multipleOf",
            "minItems",
            "maxItems",
        }
    ),
    formats=frozenset(
        {"date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"}
    ),
    optional_becomes_nullable=True,
    allows_recursion=True,
    max_nesting=10,
    max_enum_values=1000,
    max_properties=5000,
)
"""Structured Outputs' subset; past its per-schema limits a tool is not strict."""

LIMITS = Limits(
    max_tools=128,
    refuses_empty=True,  # "Invalid 'tools': empty array. Expected an array with minimum length 1"
    max_description=1024,
    strict_properties=STRICT.max_properties,  # across all strict schemas of a request
    strict_enum_values=STRICT.max_enum_values,
)


def _function(item: JsonObject, where: str) -> ToolEntry:
    function = mapping(item.get("function"), f"{where}.function")
    returned = function.get("return")
    return ToolEntry(
        text(function, "name", f"{where}.function", required=True),
        text(function, "description", where),
        mapping(function.get("parameters", {}), f"{where}.parameters"),
        mapping(returned, f"{where}.return") if returned is not None else None,
    )


def read_function_tools(document: Json) -> list[ToolEntry]:
    """Tools of OpenAI Chat's shape (a list, or ``{"tools": [...]}``); a Hugging Face
    ``return`` schema is read too."""
    return entries(document, ("tools",), _function)


PROVIDER = Provider(
    "openai",
    "OpenAI",
    tool_names=ALNUM_DASH_64,
    limits=LIMITS,
    filters={"openai_parameters": StrictDialect(STRICT)},
    read_tools=read_function_tools,
    read_calls=function_calls,
    answer=tool_messages,
)
