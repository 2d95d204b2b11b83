"""OpenAI Responses API: flat ``{"type": "function", "name", ...}`` tools with ``strict`` always
explicit (the templates reuse ``openai_parameters``), ``function_call`` output items and
``function_call_output`` answers."""

from __future__ import annotations

from dataclasses import replace

from inspector.diagnostics import InspectorError
from inspector.files.provider_files import ToolEntry, entries, mapping, text
from inspector.model import Json, JsonObject
from inspector.providers import openai
from inspector.providers.base import Provider
from inspector.providers.calls import Call, Outcome, call_id, call_name, get, items, result_text


def _flat(item: JsonObject, where: str) -> ToolEntry:
    if item.get("type") != "function" or "function" in item:
        raise InspectorError(f'{where}: expected "type": "function" with a flat "name"')
    return ToolEntry(
        text(item, "name", where, required=True),
        text(item, "description", where),
        mapping(item.get("parameters") or {}, f"{where}.parameters"),
    )


def read_tools(document: Json) -> list[ToolEntry]:
    """Flat function tools (a list, or ``{"tools": [...]}``); the ``tool_search`` tool is not
    one of the user's tools."""
    return entries(document, ("tools",), _flat, skip=lambda item: item.get("type") == "tool_search")


def read_calls(message: Json) -> list[Call]:
    """The ``function_call`` items of a response's ``output`` (or of a list of items)."""
    found = get(message, "output") if isinstance(message, dict) else message
    return [
        Call(
            call_id(item, "output: a function_call item without a call_id", "call_id", "callId"),
            call_name(item),
            get(item, "arguments"),
        )
        for item in items(found, "output")
        if get(item, "type") == "function_call"
    ]


def answer(outcomes: list[Outcome]) -> list[JsonObject]:
    """One ``function_call_output`` item per call."""
    return [
        {"type": "function_call_output", "call_id": o.call.id or "", "output": result_text(o)}
        for o in outcomes
    ]


PROVIDER = Provider(
    "openai-responses",
    "OpenAI",
    tool_names=openai.PROVIDER.tool_names,
    # the Responses API: no refusal of `tools: []` is documented or reported
    limits=replace(openai.LIMITS, refuses_empty=False),
    read_tools=read_tools,
    read_calls=read_calls,
    answer=answer,
    tool_search=True,
)
