"""How the forms of a union's members combine into the union's schema: members that travel as
strings collapse into a plain ``str`` member, a plain integer or number into a member that takes
every number, and enums merge into one."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from inspector.model import (
    AnyOfType,
    AnyValueType,
    ArrayType,
    BooleanType,
    EnumType,
    IntegerType,
    Json,
    NumberType,
    SchemaType,
    StringType,
)

PLAIN_TEXT = StringType()
PLAIN_NUMBER = NumberType()
PLAIN_INTEGER = IntegerType()


def absorbed(member: SchemaType, union: Sequence[SchemaType]) -> bool:
    """Whether a member's string form is left out because plain text, another member, takes
    every string it would: ``str | bytes | os.PathLike[str]`` is one ``{"type": "string"}``,
    and the Toolbox passes the str."""
    return isinstance(member, StringType) and member != PLAIN_TEXT and PLAIN_TEXT in union


def union_forms(options: list[SchemaType]) -> list[SchemaType]:
    """The forms a union offers: absorbed string forms left out, enums merged, and a plain
    integer or number left out beside another member that takes every number (``int |
    float``, typeshed's ``SupportsFloat | SupportsIndex``: ``{"type": "number"}``; the
    standard library's ``Decimal | int`` of ``decimal.Context``: ``Decimal``'s number or
    text). The Toolbox still reads the union member by member, so a whole number reaches the
    method as the ``int``. Booleans named one by one are a boolean (``as_booleans``)."""
    return as_booleans(
        _merge_enums(
            [
                option
                for option in distinct_forms(options)
                if not absorbed(option, options) and not _numbers_taken(option, options)
            ]
        )
    )


_STRING_KEYWORDS = frozenset({"pattern", "minLength", "maxLength", "format", "contentEncoding"})
"""Keywords that bound a schema's strings alone: a JSON number passes them."""


def _numbers_taken(member: SchemaType, union: Sequence[SchemaType]) -> bool:
    """Whether a plain integer or number member is left out because another member of the
    union takes every number."""
    return member in (PLAIN_INTEGER, PLAIN_NUMBER) and any(
        other != member and _takes_every_number(other) for other in union
    )


def _takes_every_number(member: SchemaType) -> bool:
    """The plain number, or a union of forms holding it whose keywords bound only its strings
    (``Decimal``'s and ``Fraction``'s number or text, ``{"type": ["number", "string"],
    "pattern": ...}``)."""
    if member == PLAIN_NUMBER:
        return True
    return (
        isinstance(member, AnyOfType)
        and PLAIN_NUMBER in member.options
        and all(key in _STRING_KEYWORDS for key, _ in member.keywords)
    )


def distinct_forms(options: Sequence[SchemaType]) -> list[SchemaType]:
    """Each member once, where "any item" is read as no ``items`` at all: pyarrow's ``sequence
    or iterator of RecordBatch`` (``Sequence | Iterator[RecordBatch]``, the class with no
    form) is one array, not ``{"type": "array"}`` beside ``{"type": "array", "items": {}}``
    (which a stub writes ``list[Any] | list[Any]``). The first of equal members is kept."""
    seen: list[SchemaType] = []
    kept: list[SchemaType] = []
    for option in options:
        plain = _plain(option)
        if plain not in seen:
            seen.append(plain)
            kept.append(option)
    return kept


def _plain(option: SchemaType) -> SchemaType:
    """An array's "any item" as no ``items``, at any depth (``list[list[Opaque]]`` beside
    ``list[list]``)."""
    if isinstance(option, ArrayType) and option.items is not None:
        items = None if option.items == AnyValueType() else _plain(option.items)
        return replace(option, items=items)
    return option


def as_booleans(options: list[SchemaType]) -> list[SchemaType]:
    """The forms with booleans named one by one written as the boolean they are: an enum of
    booleans beside a plain boolean left out, an enum of both booleans a boolean (lmdb's stub
    overloads ``keyfixed: Literal[False]`` and ``Literal[True]`` merged into ``{"type":
    "boolean", "enum": [false, true]}``, and ``values: Literal[True] | bool`` into an
    ``anyOf`` of that enum and a boolean)."""
    plain = BooleanType()
    kept: list[SchemaType] = []
    for option in options:
        if not _only_booleans(option):
            kept.append(option)
        elif plain not in options:  # beside the plain boolean, it adds nothing
            assert isinstance(option, EnumType)
            kept.append(plain if set(option.values) == {True, False} else option)
    return kept


def _only_booleans(option: SchemaType) -> bool:
    """An enum, with no keywords of its own, of booleans alone."""
    return (
        isinstance(option, EnumType)
        and not option.keywords
        and bool(option.values)
        and all(type(value) is bool for value in option.values)
    )


def _merge_enums(options: list[SchemaType]) -> list[SchemaType]:
    """``Literal[1] | Literal[2] | str`` → one enum of 1 and 2, then str."""
    enums = [o for o in options if isinstance(o, EnumType) and not o.keywords]
    if len(enums) < 2:
        return options
    values: list[Json] = []
    seen: set[tuple[type, str]] = set()
    for enum_type in enums:
        for value in enum_type.values:
            if (type(value), repr(value)) not in seen:
                seen.add((type(value), repr(value)))
                values.append(value)
    first = options.index(enums[0])
    rest = [o for o in options if o not in enums]
    return [*rest[:first], EnumType(tuple(values)), *rest[first:]]
