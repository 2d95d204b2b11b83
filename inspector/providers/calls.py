"""Tool calls and their answers as the providers' modules see them: one call read out of a
model's message, what running it gave, and small readers shared by several message formats."""

from __future__ import annotations

import json
from dataclasses import dataclass

from inspector.diagnostics import InspectorError
from inspector.model import Json, JsonObject, ToolDescriptor


@dataclass(frozen=True, slots=True)
class Call:
    """One tool call: its id (None when the provider has none), tool name and arguments."""

    id: str | None
    name: str
    arguments: Json


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a call gave: the result as JSON and as text, or the error message; ``tool`` is the
    tool that ran (None when the call named no known tool); ``cut``: the text was cut to the
    size limit, and ``value`` is that text, which no longer matches the tool's return type."""

    call: Call
    value: Json = None
    text: str = ""
    error: str | None = None
    tool: ToolDescriptor | None = None
    cut: bool = False


def get(data: Json, *keys: str) -> Json:
    """The first of ``keys`` present (camelCase and snake_case spellings)."""
    if isinstance(data, dict):
        for key in keys:
            if key in data:
                return data[key]
    return None


def items(data: Json, where: str) -> list[JsonObject]:
    """The object members of a list in a message; anything but a list is an error."""
    if not isinstance(data, list):
        raise InspectorError(f"{where}: expected a list")
    return [item for item in data if isinstance(item, dict)]


def call_id(data: Json, missing: str, *keys: str) -> str:
    """The id of a call whose answer must carry it (the first of ``keys`` present): a call
    without one is a malformed message, refused with ``missing`` before any call runs, as a
    call without a function is; never answered with an empty or ``"None"`` id the provider
    would match to no call."""
    identifier = get(data, *keys)
    if not isinstance(identifier, str):
        raise InspectorError(missing)
    return identifier


def call_name(data: Json) -> str:
    """A call's tool name; "" when it has none (answered as an unknown tool), never ``"None"``."""
    name = get(data, "name")
    return name if isinstance(name, str) else ""


def function_calls(message: Json) -> list[Call]:
    """The ``tool_calls`` of OpenAI Chat's shape (Mistral, Cohere, Ollama, Hugging Face too).
    An id is optional: Ollama and Hugging Face answer by the tool's name, and an
    OpenAI-compatible server that gives none is answered with the id ``""``."""
    calls = get(message, "tool_calls", "toolCalls")
    if calls is None:
        return []
    result: list[Call] = []
    for item in items(calls, "tool_calls"):
        function = get(item, "function")
        if not isinstance(function, dict):
            raise InspectorError("tool_calls: an entry without a function")
        given = get(item, "id")
        # an id of another JSON type (a compatible server's 9) is answered as its text
        identifier = (
            given if isinstance(given, str) else None if given is None else json.dumps(given)
        )
        result.append(Call(identifier, call_name(function), get(function, "arguments")))
    return result


def result_text(outcome: Outcome) -> str:
    """The text answer of a call: its result, or ``Error: ...``."""
    return f"Error: {outcome.error}" if outcome.error is not None else outcome.text


def tool_messages(outcomes: list[Outcome]) -> list[JsonObject]:
    """One ``{"role": "tool", "tool_call_id", "content"}`` message per call (OpenAI Chat)."""
    return [
        {"role": "tool", "tool_call_id": o.call.id or "", "content": result_text(o)}
        for o in outcomes
    ]
