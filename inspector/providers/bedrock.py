"""AWS Bedrock Converse: a ``toolConfig`` of ``toolSpec`` entries, ``toolUse`` content blocks and
``toolResult`` answers. Strict mode targets Claude on Bedrock: the template reuses
``anthropic_parameters``, and Anthropic's per-request strict limits apply."""

from __future__ import annotations

from dataclasses import replace

from inspector.files.provider_files import ToolEntry, entries, mapping, text
from inspector.model import Json, JsonObject
from inspector.providers.anthropic import STRICT_LIMITS
from inspector.providers.base import ALNUM_DASH_64, Provider
from inspector.providers.calls import Call, Outcome, call_id, call_name, get, items


def _spec(item: JsonObject, where: str) -> ToolEntry:
    spec = mapping(item.get("toolSpec"), f"{where}.toolSpec")
    schema = mapping(spec.get("inputSchema"), f"{where}.toolSpec.inputSchema")
    return ToolEntry(
        text(spec, "name", f"{where}.toolSpec", required=True),
        text(spec, "description", f"{where}.toolSpec"),
        mapping(schema.get("json"), f"{where}.toolSpec.inputSchema.json"),
    )


def read_tools(document: Json) -> list[ToolEntry]:
    """The ``toolSpec`` entries of a ``toolConfig`` (or of ``{"toolConfig": ...}``); a
    ``cachePoint`` entry marks where a prompt cache ends, not a tool."""
    if isinstance(document, dict) and isinstance(document.get("toolConfig"), dict):
        document = document["toolConfig"]
    listed = document.get("tools") if isinstance(document, dict) else None
    if isinstance(document, dict) and isinstance(listed, list):
        document = {**document, "tools": [t for t in listed if not _is_cache_point(t)]}
    return entries(document, ("tools",), _spec)


def _is_cache_point(entry: Json) -> bool:
    """A ``{"cachePoint": ...}`` member of the ``Tool`` union (no ``toolSpec``)."""
    return isinstance(entry, dict) and "cachePoint" in entry and "toolSpec" not in entry


def read_calls(message: Json) -> list[Call]:
    """The ``toolUse`` blocks of a Converse response's message (or of a message)."""
    output = get(message, "output")
    if isinstance(output, dict):
        message = get(output, "message")
    calls = []
    for block in items(get(message, "content"), "content"):
        use = get(block, "toolUse")
        if isinstance(use, dict):
            identifier = call_id(use, "content: a toolUse block without a toolUseId", "toolUseId")
            calls.append(Call(identifier, call_name(use), get(use, "input")))
    return calls


def _result(outcome: Outcome) -> JsonObject:
    if outcome.error is not None:
        content: list[Json] = [{"text": outcome.error}]
    elif isinstance(outcome.value, dict):
        content = [{"json": outcome.value}]
    else:
        content = [{"text": outcome.text}]
    return {
        "toolResult": {
            "toolUseId": outcome.call.id or "",
            "content": content,
            "status": "error" if outcome.error is not None else "success",
        }
    }


def answer(outcomes: list[Outcome]) -> list[JsonObject]:
    """One user message holding a ``toolResult`` block per call."""
    return [{"role": "user", "content": [_result(o) for o in outcomes]}]


PROVIDER = Provider(
    "bedrock",
    "Bedrock",
    tool_names=ALNUM_DASH_64,
    # toolConfig.tools: "Array Members: Minimum number of 1 item."
    limits=replace(STRICT_LIMITS, refuses_empty=True),
    read_tools=read_tools,
    read_calls=read_calls,
    answer=answer,
)
