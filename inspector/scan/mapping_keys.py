"""Mapping keys: JSON object keys are always strings, so a ``dict`` parameter's schema says
which texts the Toolbox reads as its key type (``propertyNames``), and a note says when the
keys are no text (TI113). What no dict can key no set can hold either: ``unhashable`` says
which types neither takes."""

from __future__ import annotations

import enum
import json
import types
import typing

from inspector.model import (
    MISSING,
    BooleanType,
    IntegerType,
    Json,
    JsonObject,
    NumberType,
    SchemaType,
    StringType,
)
from inspector.typetable.protocols import stand_in
from inspector.typetable.scalars import number_row, scalar_for
from inspector.typetable.structures import Container, container_of, field_rows, has_fields
from inspector.typetable.values import enum_json, is_flag, literal_json

NO_KEYS_OF = "no dict is keyed by {}: it is unhashable"
NO_SET_HOLDS = "no set holds {} items: they are unhashable"


def unhashable(hint: object, seen: frozenset[type] = frozenset()) -> bool:
    """Whether a value the Toolbox makes of the hint may be unhashable, so no mapping key or
    set item the schema allows can be sure to be one: a list, a dict or a set (any sequence,
    mapping or mutable set ABC, which the Toolbox makes one of), a TypedDict, a dataclass or
    pydantic model that is not frozen, a tuple, a frozenset or a record (a frozen dataclass, a
    NamedTuple) holding such a member, and a union of such members only (a union with a
    hashable member, pandas' ``Hashable | Sequence[Hashable]`` labels, keeps its form: a JSON
    key is text, and the Toolbox refuses an item that turns out unhashable by name); through
    ``Annotated``, ``NewType``, type variables and ``type`` aliases."""
    hint = _underlying(hint)
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    kind = container_of(origin or hint)
    if kind in (Container.ARRAY, Container.MAPPING):
        return True
    if kind is Container.SET and (origin or hint) is not frozenset:
        return True
    if origin in (typing.Union, types.UnionType):  # a key or item may take a hashable member:
        return all(unhashable(a, seen) for a in args)  # redis' ``Union[bytes, bytearray, str]``
    if kind in (Container.SET, Container.TUPLE):
        return any(unhashable(a, seen) for a in args if a is not Ellipsis)
    cls = origin or hint
    if not isinstance(cls, type):
        return False
    if getattr(cls, "__hash__", None) is None:
        return True
    if cls in seen or not has_fields(cls):
        return False
    try:
        rows = field_rows(cls)
    except Exception:  # fields whose hints cannot be read: the class's own hash decides
        return False
    return any(unhashable(row[1], seen | {cls}) for row in rows)


def _underlying(hint: object) -> object:
    """The hint under ``Annotated``, a ``NewType``, a ``type`` alias or a type variable (its
    bound, or the union of its constraints)."""
    while True:
        if typing.get_origin(hint) is typing.Annotated:
            hint = typing.get_args(hint)[0]
        elif isinstance(hint, typing.NewType):
            hint = hint.__supertype__
        elif isinstance(hint, typing.TypeVar):
            if hint.__constraints__:
                return typing.Union[hint.__constraints__]  # noqa: UP007
            if hint.__bound__ is None:
                return hint
            hint = hint.__bound__
        elif not isinstance(hint, type) and hasattr(hint, "__value__"):  # ``type X = ...``
            hint = hint.__value__
        else:
            return hint


_INTEGER_TEXT = r"^-?(0|[1-9][0-9]*)$"
_NUMBER_TEXT = r"^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]{1,2})?$"
"""A JSON number's text, its exponent of two digits at most: 1e400 is past a double's range."""


def key_texts(hint: object) -> JsonObject | None:
    """``propertyNames`` for keys of a type that is no text: the texts the Toolbox reads as
    its values (``dict[int, X]`` takes ``"1"`` as 1; a UUID key is a UUID's text), where a
    schema can say them; None for other key types. The Toolbox refused any other key
    (``""`` for ``dict[int, X]``) that the schema allowed."""
    members = _listing_members(hint)
    if members is not None:  # ``Literal[1] | Literal[2]``: each member's texts
        listed: list[Json] = []
        for part in map(key_texts, members):
            if part is None or part.keys() != {"enum"} or not isinstance(part["enum"], list):
                return None
            listed.extend(part["enum"])
        return {"enum": list(dict.fromkeys(listed))}
    forms: list[object] | None = None  # Literals and Enums of texts: key_names
    if typing.get_origin(hint) is typing.Literal:
        forms = [literal_json(value) for value in typing.get_args(hint)]
    elif isinstance(hint, type) and issubclass(hint, enum.Enum) and not is_flag(hint):
        forms = [enum_json(member) for member in hint]
    if forms is not None:
        texts = [f if isinstance(f, str) else json.dumps(f) for f in forms if f is not MISSING]
        return {"enum": list(dict.fromkeys(texts))}
    form = stand_in(hint)  # ``complex``, ``SupportsIndex``: read as the type they stand for
    if form is not None and form is not hint:
        return key_texts(form)
    scalar = scalar_for(hint) if isinstance(hint, type) else None
    scalar = scalar or (number_row(hint) if isinstance(hint, type) else None)
    schema = None if scalar is None else scalar.schema
    if isinstance(schema, BooleanType):
        return {"enum": ["true", "false"]}
    if isinstance(schema, IntegerType):
        return {"pattern": _INTEGER_TEXT}
    if isinstance(schema, NumberType):
        return {"pattern": _NUMBER_TEXT}
    if isinstance(schema, StringType) and schema.format:
        return {"format": schema.format}
    return None


def is_text(hint: object) -> bool:
    """Whether values of the hint are plain text (no format): ``str`` under ``Annotated``
    metadata (qdrant's ``StrictStr``, ``Annotated[str, Strict()]``), a ``NewType`` made from
    one, a subclass (multidict's ``istr``). Mapping keys of such a type arrive as they are
    meant, as JSON strings: no note says otherwise."""
    hint = _underlying(hint)
    if not isinstance(hint, type) or not issubclass(hint, str):
        return False
    schema = getattr(scalar_for(hint), "schema", None)
    return isinstance(schema, StringType) and not schema.format and not schema.keywords


def any_text(hint: object) -> bool:
    """Whether a key union takes any text: ``str`` beside Literals or Enums of texts
    (chromadb's ``Union[str, Literal["$and"], Literal["$or"]]``). Its keys arrive as they are
    meant, as JSON strings: no note says otherwise, and no ``propertyNames`` bounds them."""
    if typing.get_origin(hint) not in (typing.Union, types.UnionType):
        return False
    members = typing.get_args(hint)
    return str in members and all(m is str or key_names(m) is not None for m in members)


def text_bounds(schema: SchemaType) -> JsonObject | None:
    """``propertyNames`` for keys of a text type with bounds (``minLength``, ``maxLength``,
    ``pattern``): the Toolbox checks each key by them, so the schema says them; None for
    none."""
    if not isinstance(schema, StringType):
        return None
    bounds = {key: value for key, value in schema.keywords if key in _TEXT_BOUNDS}
    return bounds or None


_TEXT_BOUNDS = frozenset({"minLength", "maxLength", "pattern"})


def key_names(hint: object) -> list[Json] | None:
    """The texts a mapping's keys may be when its key type lists them (``Literal["range",
    "mergeType"]``, an Enum of strings: gspread's ``batch_merge``); None for any other key
    type."""
    members = _listing_members(hint)
    if members is not None:  # chromadb's ``Union[Literal["$contains"], Literal["$regex"]]``
        parts = [key_names(member) for member in members]
        if not all(part is not None for part in parts):
            return None
        return list(dict.fromkeys(name for part in parts if part is not None for name in part))
    if typing.get_origin(hint) is typing.Literal:
        values: list[object] = list(typing.get_args(hint))
    elif isinstance(hint, type) and issubclass(hint, enum.Enum):
        values = [member.value for member in hint]
    else:
        return None
    if not values or not all(isinstance(value, str) for value in values):
        return None
    return list(dict.fromkeys(typing.cast(list[str], values)))


def _listing_members(hint: object) -> tuple[object, ...] | None:
    """The members of a union of types that list their values (Literals, Enums: a ``Literal``
    of one value each, as ``Union`` keeps them apart, or a union of such unions); None for any
    other hint."""
    if typing.get_origin(hint) not in (typing.Union, types.UnionType):
        return None
    members = typing.get_args(hint)
    listing = all(
        typing.get_origin(member) is typing.Literal
        or (isinstance(member, type) and issubclass(member, enum.Enum))
        for member in members
    )
    return members if listing else None
