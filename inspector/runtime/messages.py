"""Tool-call messages at run time: a provider's message read as plain JSON, its calls read and
their answers written by the provider's module (``inspector.providers``), results as JSON."""

from __future__ import annotations

import json
import pathlib
import typing
from collections.abc import Sequence

from inspector.diagnostics import InspectorError
from inspector.model import Json, JsonObject
from inspector.providers.base import Answerer, CallReader
from inspector.providers.calls import Call, Outcome
from inspector.providers.registry import find
from inspector.typetable import values as typetable_values


def plain(message: object) -> Json:
    """A provider message as plain JSON: dicts as they are, SDK objects through their own
    serializer (pydantic ``model_dump``, ``to_dict``)."""
    if isinstance(message, dict | list):
        try:
            text = json.dumps(message, default=_jsonable, allow_nan=False)
            return typing.cast(Json, json.loads(text))
        except RecursionError:
            raise InspectorError("the message is nested too deeply to read") from None
        except (TypeError, ValueError) as error:  # a key JSON has no form of, a cycle, an
            # integer past the digit limit, NaN: what no provider sends, so no call of it is run
            raise InspectorError(f"cannot read the message as JSON ({error})") from None
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
    ISO 8601 duration, a NamedTuple as an object, a generator as an array, a NumPy array as
    its list, a live object as its own text); raises ``NoJsonForm`` (a ``TypeError``) only
    for NaN, infinities and a value that contains itself."""
    return typetable_values.result_json(value)


def to_text(value: object) -> str:
    """A result as tool-result text: strings as they are, anything else as JSON."""
    if isinstance(value, str):
        return value
    return json.dumps(to_json(value), ensure_ascii=False)


def _jsonable(value: object) -> object:
    """``json.dumps``'s hook for values of other types: their type-table form."""
    return to_json(value)


def _messages(name: str, template_dirs: Sequence[pathlib.Path]) -> tuple[CallReader, Answerer]:
    provider = find(name, template_dirs).provider
    if provider.read_calls is None or provider.answer is None:
        raise InspectorError(f"provider {name!r} defines no tool-call messages")
    return provider.read_calls, provider.answer


def read_calls(
    provider: str, message: object, template_dirs: Sequence[pathlib.Path] = ()
) -> list[Call]:
    """The tool calls in a provider's message (an SDK object or its JSON form)."""
    reader, _ = _messages(provider, template_dirs)
    data = plain(message)
    try:
        return reader(data)
    except InspectorError:
        raise
    except Exception as error:  # a user's reader: the message is not what it expects
        raise InspectorError(
            f"{provider}: cannot read the tool calls ({type(error).__name__}: {error})"
        ) from None


def answer(
    provider: str, outcomes: list[Outcome], template_dirs: Sequence[pathlib.Path] = ()
) -> list[JsonObject]:
    """The messages (or items) to send back, in the provider's format, in call order; none
    for a message without calls, whatever the provider's module would write for no outcome
    (an empty user message, which Anthropic, Gemini and Bedrock refuse)."""
    _, answerer = _messages(provider, template_dirs)
    if not outcomes:
        return []
    return answerer(outcomes)
