"""Anthropic Messages API: ``{"name", "input_schema", ...}`` tools, strict tool use with its
per-request limits, ``tool_use`` content blocks and ``tool_result`` answers."""

from __future__ import annotations

from inspector.files.provider_files import ToolEntry, entries, mapping, text
from inspector.model import Json, JsonObject
from inspector.providers.base import ALNUM_DASH_64, Provider, StrictDialect
from inspector.providers.calls import Call, Outcome, call_id, call_name, get, items
from inspector.providers.limits import Limits
from inspector.providers.strict import StrictProfile

STRICT = StrictProfile(
    "Anthropic",
    keywords=frozenset({"pattern", "default", "minItems"}),
    formats=frozenset(
        {
            "date-time",
            "time",
            "date",
            "duration",
            "email",
            "hostname",
            "uri",
            "ipv4",
            "ipv6",
            "uuid",
        }
    ),
    optional_becomes_nullable=False,
    allows_recursion=False,
    max_min_items=1,
)
"""Strict tool use's subset (structured-outputs page)."""
STRICT_LIMITS = Limits(strict_tools=20, strict_optional=24, strict_unions=16)
"""Strict tool use's per-request limits."""


def _tool(item: JsonObject, where: str) -> ToolEntry:
    return ToolEntry(
        text(item, "name", where, required=True),
        text(item, "description", where),
        mapping(item.get("input_schema"), f"{where}.input_schema"),
    )


TOOL_SEARCH_TYPES = ("tool_search_tool_bm25", "tool_search_tool_regex")
"""The type prefixes of Anthropic's tool search tools (dated versions follow them)."""


def _is_tool_search(item: JsonObject) -> bool:
    kind = item.get("type")
    return isinstance(kind, str) and kind.startswith(TOOL_SEARCH_TYPES)


def read_tools(document: Json) -> list[ToolEntry]:
    """``ToolParam`` entries (a list, or ``{"tools": [...]}``); a tool search tool is not one
    of the user's tools."""
    return entries(document, ("tools",), _tool, skip=_is_tool_search)


def read_calls(message: Json) -> list[Call]:
    """The ``tool_use`` blocks of a message's ``content``."""
    return [
        Call(
            call_id(block, "content: a tool_use block without an id", "id"),
            call_name(block),
            get(block, "input"),
        )
        for block in items(get(message, "content"), "content")
        if get(block, "type") == "tool_use"
    ]


def _result(outcome: Outcome) -> JsonObject:
    block: JsonObject = {
        "type": "tool_result",
        "tool_use_id": outcome.call.id or "",
        "content": outcome.error if outcome.error is not None else outcome.text,
    }
    if outcome.error is not None:
        block["is_error"] = True
    return block


def answer(outcomes: list[Outcome]) -> list[JsonObject]:
    """One user message holding a ``tool_result`` block per call."""
    return [{"role": "user", "content": [_result(o) for o in outcomes]}]


PROVIDER = Provider(
    "anthropic",
    "Anthropic",
    tool_names=ALNUM_DASH_64,
    limits=STRICT_LIMITS,
    filters={"anthropic_parameters": StrictDialect(STRICT)},
    read_tools=read_tools,
    read_calls=read_calls,
    answer=answer,
    tool_search=True,
)
