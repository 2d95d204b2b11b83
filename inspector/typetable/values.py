"""Python values → JSON, by the type table: tool results and defaults leave in the form their
schema declares (timedelta as an ISO 8601 duration, sets as sorted arrays, NamedTuples and
dataclasses as objects, Enum members as their values, Flags as arrays of member values), and
the Enum rules both directions share."""

from __future__ import annotations

import collections.abc as cabc
import dataclasses
import enum
import json

from inspector.model import MISSING, Json, _Missing
from inspector.typetable.protocols import as_stand_in
from inspector.typetable.scalars import NoJsonForm, WrongJson, scalar_for

_PLAIN = frozenset({str, int, bool, type(None)})


def to_json(value: object, *, consume: bool = False) -> Json:
    """The JSON form of a value; raises ``NoJsonForm``. ``consume`` turns any other iterable
    (a generator a tool returned) into an array; defaults never consume."""
    try:
        return _to_json(value, consume)
    except RecursionError:
        raise NoJsonForm("the value contains itself or is nested too deeply") from None


def value_json(value: object) -> Json | _Missing:
    """The JSON form of a value, or MISSING when it has none."""
    try:
        return to_json(value)
    except NoJsonForm:
        return MISSING


def default_json(value: object) -> Json | _Missing:
    """A default as JSON, or MISSING when it has no JSON form or reading it fails."""
    try:
        return to_json(value)
    except Exception:  # user code (a property, __iter__) failed: no default shown
        return MISSING


def is_sentinel(value: object) -> bool:
    """A default that marks "not given" rather than a value: a bare ``object()``,
    ``dataclasses.MISSING``, or the only member of an Enum (pandas ``lib.no_default``)."""
    cls = type(value)
    return (
        cls is object
        or value is dataclasses.MISSING
        or (isinstance(value, enum.Enum) and len(type(value).__members__) == 1)
    )


def field_values(value: object) -> dict[str, object] | None:
    """The fields of a dataclass, NamedTuple or pydantic instance by JSON name; else None."""
    cls = type(value)
    model_fields = getattr(cls, "model_fields", None)
    if isinstance(model_fields, dict):
        return {info.alias or name: getattr(value, name) for name, info in model_fields.items()}
    if dataclasses.is_dataclass(cls):
        return {f.name: getattr(value, f.name) for f in dataclasses.fields(cls)}
    names = getattr(cls, "_fields", None)
    if isinstance(value, tuple) and isinstance(names, tuple):
        return dict(zip(names, value, strict=True))
    return None


def _to_json(value: object, consume: bool) -> Json:
    cls = type(value)
    if cls in _PLAIN:
        return value  # type: ignore[return-value]
    if isinstance(value, enum.Flag):
        return [enum_json(m) for m in type(value) if m in value]
    if isinstance(value, enum.Enum):
        return enum_json(value)
    scalar = scalar_for(cls)
    if scalar is not None:
        return scalar.write(value)
    if isinstance(value, cabc.Mapping):
        return {_key(k): _to_json(v, consume) for k, v in value.items()}
    fields = field_values(value)
    if fields is not None:
        return {k: _to_json(v, consume) for k, v in fields.items()}
    if isinstance(value, list | tuple):
        return [_to_json(v, consume) for v in value]
    if isinstance(value, set | frozenset):
        items = [_to_json(v, consume) for v in value]
        return sorted(items, key=lambda item: json.dumps(item, sort_keys=True))
    if consume and isinstance(value, cabc.Iterable):
        return [_to_json(v, consume) for v in value]
    stand_in = as_stand_in(value)
    if stand_in is not MISSING:
        return _to_json(stand_in, consume)
    raise NoJsonForm(f"{cls.__qualname__} has no JSON form")


def _key(key: object) -> str:
    """A mapping key as JSON object key: text as is, numbers and other scalars as their text."""
    if isinstance(key, str) and not isinstance(key, enum.Enum):
        return key
    if isinstance(key, int | float) and not isinstance(key, bool | enum.Enum):
        return str(key)
    form = _to_json(key, consume=False)
    if isinstance(form, str):
        return form
    if isinstance(form, int) and not isinstance(form, bool):
        return str(form)
    raise NoJsonForm(f"a key {type(key).__qualname__} has no JSON text form")


def enum_json(member: enum.Enum) -> Json:
    """A member as JSON: its value (in JSON form), or its name when the value has none."""
    value = value_json(member.value)
    return member.name if value is MISSING else value


def is_flag(cls: type) -> bool:
    """``Flag`` and ``IntFlag``: values combine members, so they travel as the array of the
    members' values (``[1, 4]`` for ``READ | EXECUTE``)."""
    return issubclass(cls, enum.Flag)


def enum_member(cls: type[enum.Enum], value: Json) -> enum.Enum:
    """The member whose JSON form is ``value`` (type-exact: ``1`` is not ``True``)."""
    for member in cls:
        form = enum_json(member)
        if type(form) is type(value) and form == value:
            return member
    raise WrongJson("one of " + ", ".join(_shown(enum_json(m)) for m in cls))


def literal_json(value: object) -> Json | _Missing:
    """A ``Literal`` value as JSON (an Enum member as its value)."""
    if isinstance(value, enum.Enum):
        return enum_json(value)
    return value_json(value)


def _shown(value: Json) -> str:
    return json.dumps(value, ensure_ascii=False)
