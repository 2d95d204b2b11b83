"""Fields of structured classes (dataclass, TypedDict, NamedTuple, pydantic model) and
default values as JSON: what both the scan and the Toolbox's argument conversion read."""

from __future__ import annotations

import dataclasses
import enum
import math
import typing

from inspector.model import MISSING, Json, _Missing

_TYPED_DICT_QUALIFIERS = frozenset(
    q for q in (typing.Required, typing.NotRequired, getattr(typing, "ReadOnly", None)) if q
)
_EMPTY_FACTORIES: frozenset[object] = frozenset({list, dict, set, frozenset, tuple})
"""Dataclass default factories whose value is known without calling user code."""


def to_json_value(value: object) -> Json | _Missing:
    """A default value as JSON (Enum → its value), or MISSING when it has no JSON form."""
    if isinstance(value, enum.Enum):
        value = value.value
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else MISSING
    if isinstance(value, tuple | list):
        items = [to_json_value(v) for v in value]
        return MISSING if any(i is MISSING for i in items) else typing.cast(list[Json], items)
    if isinstance(value, dict) and all(isinstance(k, str) for k in value):
        mapped = {k: to_json_value(v) for k, v in value.items()}
        if any(v is MISSING for v in mapped.values()):
            return MISSING
        return typing.cast(dict[str, Json], mapped)
    return MISSING


def has_fields(cls: type) -> bool:
    return (
        dataclasses.is_dataclass(cls)
        or typing.is_typeddict(cls)
        or (issubclass(cls, tuple) and hasattr(cls, "_fields"))
        or isinstance(getattr(cls, "model_fields", None), dict)
    )


_FieldRow = tuple[str, object, bool, Json | _Missing]


def field_rows(cls: type) -> list[_FieldRow]:
    """(name, hint, required, default) for each field of a structured class."""
    if isinstance(getattr(cls, "model_fields", None), dict):
        return _pydantic_rows(cls)
    hints = typing.get_type_hints(cls, include_extras=True)
    if dataclasses.is_dataclass(cls):
        rows: list[_FieldRow] = []
        for f in dataclasses.fields(cls):
            has_default = f.default is not dataclasses.MISSING
            has_factory = f.default_factory is not dataclasses.MISSING
            default = to_json_value(f.default) if has_default else MISSING
            factory: typing.Any = f.default_factory
            if has_factory and factory in _EMPTY_FACTORIES:
                default = to_json_value(factory())
            rows.append(
                (f.name, hints.get(f.name, typing.Any), not (has_default or has_factory), default)
            )
        return rows
    if typing.is_typeddict(cls):
        required_keys: frozenset[str] = getattr(cls, "__required_keys__", frozenset())
        return [
            (n, _strip_required(h), _typed_dict_required(h, n in required_keys), MISSING)
            for n, h in hints.items()
        ]
    defaults: dict[str, object] = getattr(cls, "_field_defaults", {})
    field_names: tuple[str, ...] = getattr(cls, "_fields", ())
    return [
        (
            n,
            hints.get(n, typing.Any),
            n not in defaults,
            to_json_value(defaults[n]) if n in defaults else MISSING,
        )
        for n in field_names
    ]


def _pydantic_rows(cls: type) -> list[_FieldRow]:
    rows: list[_FieldRow] = []
    model_fields: dict[str, typing.Any] = getattr(cls, "model_fields", {})
    for name, info in model_fields.items():
        hint: object = info.annotation
        metadata = list(info.metadata)
        if info.description:
            metadata.insert(0, info.description)
        if metadata:
            hint = typing.Annotated[(hint, *metadata)]
        required = bool(info.is_required())
        default = MISSING if required or info.default_factory else to_json_value(info.default)
        rows.append((info.alias or name, hint, required, default))
    return rows


def _typed_dict_required(hint: object, by_totality: bool) -> bool:
    """``Required``/``NotRequired`` win; Python 3.11 misses them in ``__required_keys__`` when
    annotations are strings (``from __future__ import annotations``)."""
    origin = typing.get_origin(hint)
    if origin is typing.Annotated:
        return _typed_dict_required(typing.get_args(hint)[0], by_totality)
    if origin is typing.Required:
        return True
    if origin is typing.NotRequired:
        return False
    return by_totality


def _strip_required(hint: object) -> object:
    while typing.get_origin(hint) in _TYPED_DICT_QUALIFIERS:
        hint = typing.get_args(hint)[0]
    if typing.get_origin(hint) is typing.Annotated:
        inner, *metadata = typing.get_args(hint)
        return typing.Annotated[(_strip_required(inner), *metadata)]
    return hint
