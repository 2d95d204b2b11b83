"""Each provider's tool-call messages: read the calls out of a model's message, and write the
tool-result messages that answer them."""

from __future__ import annotations

import json
import typing
from collections.abc import Callable
from dataclasses import dataclass

from inspector.diagnostics import InspectorError
from inspector.model import Json, JsonObject
from inspector.typetable import values as typetable_values


@dataclass(frozen=True, slots=True)
class Call:
    """One tool call: its id (None when the provider has none), tool name and arguments."""

    id: str | None
    name: str
    arguments: Json


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a call gave: the result as JSON and as text, or the error message."""

    call: Call
    value: Json = None
    text: str = ""
    error: str | None = None
    structured: Json = None


PROVIDERS = (
    "openai",
    "openai-responses",
    "anthropic",
    "gemini",
    "ollama",
    "mistral",
    "bedrock",
    "mcp",
    "cohere",
    "huggingface",
)


def plain(message: object) -> Json:
    """A provider message as plain JSON: dicts as they are, SDK objects through their own
    serializer (pydantic ``model_dump``, ``to_dict``)."""
    if isinstance(message, dict | list):
        return typing.cast(Json, json.loads(json.dumps(message, default=_jsonable)))
    for method in ("model_dump", "to_dict"):
        dump = getattr(message, method, None)
        if callable(dump):
            try:
                data = dump(mode="json", by_alias=True, exclude_none=True)
            except TypeError:
                data = dump()
            return plain(data)
    raise InspectorError(f"cannot read a {type(message).__name__} as a message")


def to_json(value: object) -> Json:
    """A method's result as JSON, in the form the type table gives its type (a timedelta as an
    ISO 8601 duration, a NamedTuple as an object, a generator as an array); raises
    ``NoJsonForm`` (a ``TypeError``) for a value with no JSON form."""
    return typetable_values.to_json(value, consume=True)


def to_text(value: object) -> str:
    """A result as tool-result text: strings as they are, anything else as JSON."""
    if isinstance(value, str):
        return value
    return json.dumps(to_json(value), ensure_ascii=False)


def _jsonable(value: object) -> object:
    """``json.dumps``'s hook for values of other types: their type-table form."""
    return to_json(value)


def _get(data: Json, *keys: str) -> Json:
    """The first of ``keys`` present (camelCase and snake_case spellings)."""
    if isinstance(data, dict):
        for key in keys:
            if key in data:
                return data[key]
    return None


def _items(data: Json, where: str) -> list[JsonObject]:
    if not isinstance(data, list):
        raise InspectorError(f"{where}: expected a list")
    return [item for item in data if isinstance(item, dict)]


def _function_calls(message: Json) -> list[Call]:
    """OpenAI Chat, Mistral, Cohere, Ollama, Hugging Face: ``tool_calls`` of functions."""
    calls = _get(message, "tool_calls", "toolCalls")
    if calls is None:
        return []
    result = []
    for item in _items(calls, "tool_calls"):
        function = _get(item, "function")
        if not isinstance(function, dict):
            raise InspectorError("tool_calls: an entry without a function")
        identifier = _get(item, "id")
        result.append(
            Call(
                identifier if isinstance(identifier, str) else None,
                str(_get(function, "name") or ""),
                _get(function, "arguments"),
            )
        )
    return result


def _responses_calls(message: Json) -> list[Call]:
    items = _get(message, "output") if isinstance(message, dict) else message
    return [
        Call(str(_get(item, "call_id", "callId")), str(_get(item, "name")), _get(item, "arguments"))
        for item in _items(items, "output")
        if _get(item, "type") == "function_call"
    ]


def _anthropic_calls(message: Json) -> list[Call]:
    return [
        Call(str(_get(block, "id")), str(_get(block, "name")), _get(block, "input"))
        for block in _items(_get(message, "content"), "content")
        if _get(block, "type") == "tool_use"
    ]


def _gemini_calls(message: Json) -> list[Call]:
    candidates = _get(message, "candidates")
    if isinstance(candidates, list) and candidates:
        message = _get(candidates[0], "content")
    calls = []
    for part in _items(_get(message, "parts"), "parts"):
        function = _get(part, "functionCall", "function_call")
        if isinstance(function, dict):
            identifier = _get(function, "id")
            calls.append(
                Call(
                    identifier if isinstance(identifier, str) else None,
                    str(_get(function, "name")),
                    _get(function, "args") or {},
                )
            )
    return calls


def _bedrock_calls(message: Json) -> list[Call]:
    output = _get(message, "output")
    if isinstance(output, dict):
        message = _get(output, "message")
    calls = []
    for block in _items(_get(message, "content"), "content"):
        use = _get(block, "toolUse")
        if isinstance(use, dict):
            calls.append(
                Call(str(_get(use, "toolUseId")), str(_get(use, "name")), _get(use, "input"))
            )
    return calls


def _mcp_calls(message: Json) -> list[Call]:
    if _get(message, "method") != "tools/call":
        raise InspectorError(
            f"expected a tools/call request, got method {_get(message, 'method')!r}"
        )
    params = _get(message, "params")
    request_id = _get(message, "id")
    return [
        Call(json.dumps(request_id), str(_get(params, "name")), _get(params, "arguments") or {})
    ]


_READERS: dict[str, Callable[[Json], list[Call]]] = {
    "openai": _function_calls,
    "mistral": _function_calls,
    "cohere": _function_calls,
    "ollama": _function_calls,
    "huggingface": _function_calls,
    "openai-responses": _responses_calls,
    "anthropic": _anthropic_calls,
    "gemini": _gemini_calls,
    "bedrock": _bedrock_calls,
    "mcp": _mcp_calls,
}


def read_calls(provider: str, message: object) -> list[Call]:
    """The tool calls in a provider's message (an SDK object or its JSON form)."""
    reader = _READERS.get(provider)
    if reader is None:
        raise InspectorError(f"unknown provider {provider!r}; known: {', '.join(PROVIDERS)}")
    return reader(plain(message))


def answer(provider: str, outcomes: list[Outcome]) -> list[JsonObject]:
    """The messages (or items) to send back, in the provider's format, in call order."""
    if provider in ("openai", "cohere"):
        return [
            {"role": "tool", "tool_call_id": o.call.id or "", "content": _text(o)} for o in outcomes
        ]
    if provider == "mistral":
        return [
            {
                "role": "tool",
                "tool_call_id": o.call.id or "",
                "name": o.call.name,
                "content": _text(o),
            }
            for o in outcomes
        ]
    if provider in ("ollama", "huggingface"):
        key = "tool_name" if provider == "ollama" else "name"
        return [{"role": "tool", key: o.call.name, "content": _text(o)} for o in outcomes]
    if provider == "openai-responses":
        return [
            {"type": "function_call_output", "call_id": o.call.id or "", "output": _text(o)}
            for o in outcomes
        ]
    if provider == "anthropic":
        return [{"role": "user", "content": [_anthropic_result(o) for o in outcomes]}]
    if provider == "gemini":
        return [{"role": "user", "parts": [_gemini_response(o) for o in outcomes]}]
    if provider == "bedrock":
        return [{"role": "user", "content": [_bedrock_result(o) for o in outcomes]}]
    return [_mcp_response(o) for o in outcomes]


def _text(outcome: Outcome) -> str:
    return f"Error: {outcome.error}" if outcome.error is not None else outcome.text


def _anthropic_result(outcome: Outcome) -> JsonObject:
    block: JsonObject = {
        "type": "tool_result",
        "tool_use_id": outcome.call.id or "",
        "content": outcome.error if outcome.error is not None else outcome.text,
    }
    if outcome.error is not None:
        block["is_error"] = True
    return block


def _gemini_response(outcome: Outcome) -> JsonObject:
    response: JsonObject = (
        {"error": outcome.error} if outcome.error is not None else {"output": outcome.value}
    )
    function: JsonObject = {"name": outcome.call.name, "response": response}
    if outcome.call.id is not None:
        function = {"id": outcome.call.id, **function}
    return {"functionResponse": function}


def _bedrock_result(outcome: Outcome) -> JsonObject:
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


def _mcp_response(outcome: Outcome) -> JsonObject:
    result: JsonObject = {
        "content": [{"type": "text", "text": outcome.error or outcome.text}],
        "isError": outcome.error is not None,
    }
    if outcome.error is None and outcome.structured is not None:
        result["structuredContent"] = outcome.structured
    return {"jsonrpc": "2.0", "id": json.loads(outcome.call.id or "null"), "result": result}
