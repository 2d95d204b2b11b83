"""Tool calls and their answers as the providers' modules see them: one call read out of a
model's message, what running it gave, and small readers shared by several message formats."""

from __future__ import annotations

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
    tool that ran (None when the call named no known tool)."""

    call: Call
    value: Json = None
    text: str = ""
    error: str | None = None
    tool: ToolDescriptor | None = None


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


def function_calls(message: Json) -> list[Call]:
    """The ``tool_calls`` of OpenAI Chat's shape (Mistral, Cohere, Ollama, Hugging Face too)."""
    calls = get(message, "tool_calls", "toolCalls")
    if calls is None:
        return []
    result = []
    for item in items(calls, "tool_calls"):
        function = get(item, "function")
        if not isinstance(function, dict):
            raise InspectorError("tool_calls: an entry without a function")
        identifier = get(item, "id")
        result.append(
            Call(
                identifier if isinstance(identifier, str) else None,
                str(get(function, "name") or ""),
                get(function, "arguments"),
            )
        )
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
