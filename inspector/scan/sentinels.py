"""Sentinel defaults: a default that says "not given" (``object()``, ``dataclasses.MISSING``,
httpx's ``USE_CLIENT_DEFAULT``, twilio's ``values.unset``) is no value a model can send, so its
type leaves the parameter's hint and the parameter has no default in the schema."""

from __future__ import annotations

import enum
import math
import typing

from inspector.model import MISSING
from inspector.scan.aliases import alias_value, applied_alias_value
from inspector.scan.fields import NO_DEFAULT
from inspector.scan.hints import is_union
from inspector.typetable.protocols import stand_in
from inspector.typetable.scalars import number_row, scalar_for
from inspector.typetable.values import default_json, field_values, is_sentinel

_PLAIN_DEFAULTS: frozenset[type] = frozenset({str, int, bool, type(None)})


def without_sentinel_type(hint: object, default: object, required: bool) -> tuple[object, bool]:
    """The hint without the type of a sentinel default, and whether the default is one."""
    if not required and default is not NO_DEFAULT:
        stripped = without_sentinel(hint, default)
        if stripped is not None:
            return stripped, True
    return hint, False


def without_sentinel(hint: object, default: object) -> object | None:
    """The hint of a parameter whose default is a sentinel, with the sentinel's type (or a
    ``Literal`` of it) left out of the union; None when the default is an ordinary value.

    Sentinels: ``object()``, ``dataclasses.MISSING``, the only member of an Enum (unless the
    hint asks for that Enum itself), and a default of no JSON form, or a record without fields
    (its ``{}`` says nothing), whose own class is a member of the union (httpx ``timeout:
    TimeoutTypes | UseClientDefault = USE_CLIENT_DEFAULT``; mistralai's generated ``expiry:
    OptionalNullable[int] = UNSET``, ``UNSET`` a pydantic model without fields, was offered as
    an integer, null or an empty ``Unset`` object, with the default ``{}``). A type alias is
    read as its value.
    ``object`` beside other members is an ``object()``'s type too (twilio's ``Union[str,
    object] = values.unset``); alone, it says any value is taken."""
    if type(default) in _PLAIN_DEFAULTS:  # most defaults: never a sentinel, always JSON
        return None
    if type(default) is float and math.isfinite(default):  # JSON, so no sentinel either
        return None
    if scalar_for(type(default)) or number_row(type(default)) or stand_in(type(default)):
        return None  # a type with a form (``x: complex | None = 1j``): TI110 drops the value
    if typing.get_origin(hint) is typing.Annotated:
        inner, *metadata = typing.get_args(hint)
        stripped = without_sentinel(inner, default)
        return None if stripped is None else typing.Annotated[(stripped, *metadata)]
    value = alias_value(hint)
    if value is None and typing.get_origin(hint) is not None:
        value = applied_alias_value(typing.get_origin(hint), typing.get_args(hint))
    if value is not None:  # an alias's union: Speakeasy's ``OptionalNullable[int] = UNSET``
        return without_sentinel(value, default)
    if is_sentinel(default):
        if _names_sentinel(hint, default):
            return None if isinstance(default, enum.Enum) else hint
    elif not (
        is_union(hint)
        and type(default) in typing.get_args(hint)
        and (default_json(default) is MISSING or field_values(default) == {})
    ):
        return None
    if not is_union(hint):
        return hint
    kept = [a for a in typing.get_args(hint) if not _names_sentinel(a, default)]
    if type(default) is object and object in kept and len(kept) > 1:
        # ``Union[str, object] = unset``: ``object`` is there for the bare ``object()`` only
        # (twilio types every optional parameter so); beside it the others say what is taken
        kept.remove(object)
    return typing.Union[tuple(kept)] if kept else typing.Any  # noqa: UP007


def _names_sentinel(hint: object, sentinel: object) -> bool:
    if hint is type(sentinel) and hint is not object:
        return True
    return typing.get_origin(hint) is typing.Literal and typing.get_args(hint) == (sentinel,)
