"""Enum value = name pairs for descriptions: docstrings speak of member names, the schema
carries values."""

from __future__ import annotations

import enum
import json

from inspector.model import AnyOfType, EnumType, Json, SchemaType

_MAX_NAMED_MEMBERS = 64
"""Past this many members, the value = name pairs would drown the description."""


def enum_names(hint: type[enum.Enum], values: list[Json]) -> str | None:
    """``0 = NEAREST, 4 = BOX`` when some member's value is not its name (docstrings speak of
    the names); None when every value is its name up to case and punctuation."""
    members = list(hint)
    if len(members) > _MAX_NAMED_MEMBERS:
        return None
    if all(_plain(str(v)) == _plain(m.name) for m, v in zip(members, values, strict=True)):
        return None
    return ", ".join(
        f"{json.dumps(v, ensure_ascii=False)} = {m.name}"
        for m, v in zip(members, values, strict=True)
    )


def _plain(name: str) -> str:
    return "".join(c for c in name.lower() if c.isalnum())


def with_enum_names(description: str, schema_type: SchemaType) -> str:
    """A parameter's description with its enum's value = name pairs added where the
    parameter's description replaces the enum's own: an enum, or an enum or null (written as
    one enum). The options of a real ``anyOf`` keep their own descriptions, so the pairs are
    not said twice (and a stub scanned back does not add them again)."""
    if not description or type(schema_type) not in (EnumType, AnyOfType):
        return description
    options = schema_type.options if isinstance(schema_type, AnyOfType) else (schema_type,)
    names = [
        text
        for option in options
        if isinstance(option, EnumType)
        and isinstance(text := dict(option.keywords).get("description"), str)
        and text not in description  # said already: a stub scanned back, a docstring
    ]
    if not names:  # most unions hold no named enum: not written out to learn so
        return description
    if isinstance(schema_type, AnyOfType) and "anyOf" in schema_type.to_schema():
        return description
    return f"{description} ({'; '.join(names)})"
