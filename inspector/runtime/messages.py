"""Tool-call messages at run time: a provider's message read as plain JSON, its calls read and
their answers written by the provider's module (``inspector.providers``), results as JSON."""

from __future__ import annotations

import base64
import dataclasses
import datetime
import decimal
import enum
import ipaddress
import json
import pathlib
import typing
import uuid
from collections.abc import Sequence

from inspector.diagnostics import InspectorError
from inspector.model import Json, JsonObject
from inspector.providers.base import Answerer, CallReader
from inspector.providers.calls import Call, Outcome
from inspector.providers.registry import find


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
    """A method's result as JSON: dataclasses, enums, dates, UUIDs, pydantic models handled."""
    return typing.cast(Json, json.loads(json.dumps(value, default=_jsonable, ensure_ascii=False)))


def to_text(value: object) -> str:
    """A result as tool-result text: strings as they are, anything else as JSON."""
    if isinstance(value, str):
        return value
    return json.dumps(value, default=_jsonable, ensure_ascii=False)


def _jsonable(value: object) -> object:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: getattr(value, f.name) for f in dataclasses.fields(value)}
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, datetime.date | datetime.time):
        return value.isoformat()
    if isinstance(value, datetime.timedelta):
        return value.total_seconds()
    if isinstance(value, uuid.UUID | decimal.Decimal | pathlib.PurePath):
        return str(value)
    if isinstance(value, ipaddress.IPv4Address | ipaddress.IPv6Address):
        return str(value)
    if isinstance(value, set | frozenset | tuple):
        return list(value)
    if isinstance(value, bytes):
        return base64.b64encode(value).decode("ascii")
    as_dict = getattr(value, "_asdict", None) or getattr(value, "model_dump", None)
    if callable(as_dict):
        return as_dict()
    raise TypeError(f"{type(value).__name__} has no JSON form")


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
    """The messages (or items) to send back, in the provider's format, in call order."""
    _, answerer = _messages(provider, template_dirs)
    return answerer(outcomes)
