"""Tool-call arguments → the Python values a method's hints ask for.

JSON values are checked against the hint (and the constraints its schema carries) and turned
into ints, datetimes, Enum members, dataclasses, ... A value that does not fit raises
``ArgumentError`` with the path and a message a model can act on. Where models are known to
slip (a number as a numeric string, an array or object as JSON text) the value is accepted and
a note says so.
"""

from __future__ import annotations

import base64
import binascii
import collections.abc as cabc
import datetime
import decimal
import enum
import ipaddress
import json
import math
import operator
import pathlib
import re
import typing
import uuid
from dataclasses import dataclass, field

from inspector.model import Json
from inspector.scan.hints import TypeMapper, is_union
from inspector.scan.structured import field_rows, has_fields

_ANY: frozenset[object] = frozenset({typing.Any, object})
_SEQUENCES = frozenset({list, cabc.Sequence, cabc.MutableSequence, cabc.Iterable, cabc.Collection})
_SETS = frozenset({set, frozenset, cabc.Set, cabc.MutableSet})
_MAPPINGS = frozenset({dict, cabc.Mapping, cabc.MutableMapping})
_DURATION = re.compile(
    r"P(?:(?P<days>\d+(?:\.\d+)?)D)?(?:T(?:(?P<hours>\d+(?:\.\d+)?)H)?"
    r"(?:(?P<minutes>\d+(?:\.\d+)?)M)?(?:(?P<seconds>\d+(?:\.\d+)?)S)?)?"
)
_PARSERS: dict[object, typing.Callable[[str], object]] = {
    datetime.datetime: datetime.datetime.fromisoformat,
    datetime.date: datetime.date.fromisoformat,
    datetime.time: datetime.time.fromisoformat,
    uuid.UUID: uuid.UUID,
    ipaddress.IPv4Address: ipaddress.IPv4Address,
    ipaddress.IPv6Address: ipaddress.IPv6Address,
}


class ArgumentError(Exception):
    """An argument that does not fit; ``path`` is like ``items[2].qty``."""

    def __init__(self, path: str, message: str) -> None:
        super().__init__(f"{path}: {message}" if path else message)
        self.path = path
        self.message = message


def shown(value: object) -> str:
    """A value as the model sent it, shortened."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


@dataclass
class Converter:
    """Converts JSON values by hint; ``notes`` records what leniency accepted."""

    mapper: TypeMapper = field(default_factory=TypeMapper)
    notes: list[str] = field(default_factory=list)

    def convert(self, value: Json, hint: object, path: str) -> object:
        """The Python value for ``hint``; raises ``ArgumentError``."""
        try:
            return self._strict(value, hint, path)
        except ArgumentError as strict_error:
            lenient = self._lenient(value, hint, path)
            if lenient is None:
                raise strict_error from None
            relaxed, note = lenient
            result = self._strict(relaxed, hint, path)
            self.notes.append(f"{path or 'value'}: {note}")
            return result

    def _lenient(self, value: Json, hint: object, path: str) -> tuple[Json, str] | None:
        """A second reading of a value models often send in the wrong form."""
        if not isinstance(value, str):
            return None
        text = value.strip()
        if text[:1] in ("[", "{"):
            try:
                return json.loads(text), "JSON text read as the value it holds"
            except ValueError:
                return None
        if text in ("true", "false") and _wants(hint, bool):
            return text == "true", "boolean sent as a string"
        try:
            number = float(text)
        except ValueError:
            return None
        if not math.isfinite(number) or not (_wants(hint, int) or _wants(hint, float)):
            return None
        as_int = int(number) if number.is_integer() and "." not in text else None
        return (as_int if as_int is not None else number), "number sent as a string"

    def _strict(self, value: Json, hint: object, path: str) -> object:
        origin = typing.get_origin(hint)
        if hint in _ANY or (isinstance(hint, typing.TypeVar) and hint.__bound__ is None):
            return value
        if isinstance(hint, typing.TypeVar):
            return self._strict(value, hint.__bound__, path)
        if isinstance(hint, typing.NewType):
            return self._strict(value, hint.__supertype__, path)
        if origin is typing.Annotated:
            inner = typing.get_args(hint)[0]
            result = self._strict(value, inner, path)
            self._constraints(value, hint, path)
            return result
        if hint is None or hint is type(None):
            if value is not None:
                raise ArgumentError(path, f"expected null, got {shown(value)}")
            return None
        if is_union(hint):
            return self._union(value, typing.get_args(hint), path)
        if origin is typing.Literal:
            return self._literal(value, typing.get_args(hint), path)
        if origin is not None:
            return self._generic(value, hint, origin, path)
        if isinstance(hint, type):
            return self._class(value, hint, path)
        alias = getattr(hint, "__value__", None)
        if alias is not None:
            return self._strict(value, alias, path)
        return value

    def _union(self, value: Json, options: tuple[object, ...], path: str) -> object:
        if value is None and type(None) in options:
            return None
        errors = []
        for option in options:
            if option is type(None):
                continue
            try:
                return self._strict(value, option, path)
            except ArgumentError as error:
                errors.append(error)
        for option in options:
            if option is type(None):
                continue
            lenient = self._lenient(value, option, path)
            if lenient is not None:
                try:
                    result = self._strict(lenient[0], option, path)
                except ArgumentError:
                    continue
                self.notes.append(f"{path or 'value'}: {lenient[1]}")
                return result
        if len(errors) == 1:
            raise errors[0]
        expected = " or ".join(dict.fromkeys(_expected(o) for o in options))
        raise ArgumentError(path, f"expected {expected}, got {shown(value)}")

    def _literal(self, value: Json, allowed: tuple[object, ...], path: str) -> object:
        for option in allowed:
            plain = option.value if isinstance(option, enum.Enum) else option
            if type(plain) is type(value) and plain == value:
                return option
        raise ArgumentError(
            path,
            f"invalid value {shown(value)}; allowed: "
            + ", ".join(shown(o.value if isinstance(o, enum.Enum) else o) for o in allowed),
        )

    def _generic(self, value: Json, hint: object, origin: object, path: str) -> object:
        args = typing.get_args(hint)
        if origin in _SEQUENCES or origin in _SETS:
            items = self._array(value, path)
            item_hint = args[0] if args else typing.Any
            converted = [self.convert(v, item_hint, f"{path}[{i}]") for i, v in enumerate(items)]
            if origin in _SETS:
                return frozenset(converted) if origin is frozenset else set(converted)
            return converted
        if origin is tuple:
            return self._tuple(value, args, path)
        if origin in _MAPPINGS or (isinstance(origin, type) and issubclass(origin, dict)):
            mapping = self._object(value, path)
            value_hint = args[1] if len(args) == 2 else typing.Any
            return {k: self.convert(v, value_hint, _key_path(path, k)) for k, v in mapping.items()}
        if isinstance(origin, type) and has_fields(origin):
            return self._structured(value, origin, path)
        alias = getattr(origin, "__value__", None)
        if alias is not None:
            return self._strict(value, alias, path)
        return value

    def _tuple(self, value: Json, args: tuple[object, ...], path: str) -> object:
        items = self._array(value, path)
        if not args:
            return tuple(items)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(self.convert(v, args[0], f"{path}[{i}]") for i, v in enumerate(items))
        expected = () if args == ((),) else args
        if len(items) != len(expected):
            raise ArgumentError(path, f"expected exactly {len(expected)} items, got {len(items)}")
        return tuple(
            self.convert(v, h, f"{path}[{i}]")
            for i, (v, h) in enumerate(zip(items, expected, strict=True))
        )

    def _array(self, value: Json, path: str) -> list[Json]:
        if not isinstance(value, list):
            raise ArgumentError(path, f"expected array, got {shown(value)}")
        return value

    def _object(self, value: Json, path: str) -> dict[str, Json]:
        if not isinstance(value, dict):
            raise ArgumentError(path, f"expected object, got {shown(value)}")
        return value

    def _class(self, value: Json, hint: type, path: str) -> object:
        if hint is bool:
            if not isinstance(value, bool):
                raise ArgumentError(path, f"expected boolean, got {shown(value)}")
            return value
        if issubclass(hint, enum.Enum):
            return self._literal(value, tuple(hint), path)
        if hint is int or (issubclass(hint, int) and not has_fields(hint)):
            if isinstance(value, float) and value.is_integer():
                return hint(int(value))
            if not isinstance(value, int) or isinstance(value, bool):
                raise ArgumentError(path, f"expected integer, got {shown(value)}")
            return hint(value)
        if hint is float:
            if not isinstance(value, int | float) or isinstance(value, bool):
                raise ArgumentError(path, f"expected number, got {shown(value)}")
            return float(value)
        if hint is decimal.Decimal:
            if isinstance(value, bool) or not isinstance(value, int | float | str):
                raise ArgumentError(path, f"expected number or string, got {shown(value)}")
            try:
                return decimal.Decimal(str(value))
            except decimal.InvalidOperation:
                raise ArgumentError(
                    path, f"expected a decimal number, got {shown(value)}"
                ) from None
        if has_fields(hint):
            return self._structured(value, hint, path)
        if hint in _SEQUENCES or hint in _SETS or hint is tuple:
            return self._generic(value, hint, hint, path)
        if hint in _MAPPINGS:
            return self._object(value, path)
        return self._text(value, hint, path)

    def _text(self, value: Json, hint: type, path: str) -> object:
        """Classes sent as strings: str, dates, UUIDs, paths, bytes, addresses."""
        if hint is datetime.timedelta:
            return self._duration(value, path)
        if not isinstance(value, str):
            raise ArgumentError(path, f"expected {_expected(hint)}, got {shown(value)}")
        if hint is str or (issubclass(hint, str) and not issubclass(hint, enum.Enum)):
            return value if hint is str else hint(value)
        if hint in (bytes, bytearray):
            try:
                return hint(base64.b64decode(value, validate=True))
            except (binascii.Error, ValueError):
                raise ArgumentError(path, f"expected base64 text, got {shown(value)}") from None
        if isinstance(hint, type) and issubclass(hint, pathlib.PurePath):
            return hint(value)
        parser = _PARSERS.get(hint)
        if parser is None:
            return value  # a class with no JSON form: the schema said "any value"
        try:
            return parser(value)
        except ValueError:
            raise ArgumentError(path, f"expected {_expected(hint)}, got {shown(value)}") from None

    def _duration(self, value: Json, path: str) -> datetime.timedelta:
        if isinstance(value, int | float) and not isinstance(value, bool):
            return datetime.timedelta(seconds=value)
        match = _DURATION.fullmatch(value) if isinstance(value, str) else None
        if match is None or not any(match.groupdict().values()):
            raise ArgumentError(
                path, f'expected an ISO 8601 duration such as "PT1H30M", got {shown(value)}'
            )
        parts = {k: float(v) for k, v in match.groupdict().items() if v}
        return datetime.timedelta(**parts)

    def _structured(self, value: Json, cls: type, path: str) -> object:
        mapping = self._object(value, path)
        validate = getattr(cls, "model_validate", None)
        if callable(validate):  # pydantic: its own validation, its own messages
            try:
                return validate(mapping)
            except ValueError as error:
                raise ArgumentError(path, _pydantic_message(error)) from None
        rows = field_rows(cls)
        hints = typing.get_type_hints(cls, include_extras=True) if rows else {}
        known = {name for name, _, _, _ in rows}
        unexpected = [k for k in mapping if k not in known]
        if unexpected:
            raise ArgumentError(
                _key_path(path, unexpected[0]),
                f"unexpected property; {cls.__name__} has: {', '.join(sorted(known))}",
            )
        converted: dict[str, object] = {}
        for name, _, required, _ in rows:
            if name in mapping:
                converted[name] = self.convert(
                    mapping[name], hints.get(name, typing.Any), _key_path(path, name)
                )
            elif required:
                raise ArgumentError(_key_path(path, name), "missing required property")
        if typing.is_typeddict(cls):
            return converted
        return cls(**converted)

    def _constraints(self, value: Json, hint: object, path: str) -> None:
        """Check the JSON Schema constraints an ``Annotated`` hint carries."""
        keywords = dict(self.mapper.map(hint).keywords)
        problem = _violation(value, keywords)
        if problem:
            raise ArgumentError(path, problem)


def _violation(value: Json, keywords: dict[str, Json]) -> str | None:
    """What a value breaks among the constraint keywords of its schema, if anything."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        for key, holds, words in _BOUNDS:
            bound = keywords.get(key)
            numeric = isinstance(bound, int | float) and not isinstance(bound, bool)
            if numeric and not holds(value, typing.cast(float, bound)):
                return f"must be {words} {bound}, got {shown(value)}"
    if isinstance(value, str | list | dict):
        size = len(value)
        unit = "characters" if isinstance(value, str) else "items"
        for key in _LENGTHS:
            bound = keywords.get(key)
            if isinstance(bound, int) and not isinstance(bound, bool):
                holds, words = (
                    (operator.ge, "at least") if key.startswith("min") else (operator.le, "at most")
                )
                if not holds(size, bound):
                    return f"must have {words} {bound} {unit}, got {size}"
    pattern = keywords.get("pattern")
    if isinstance(value, str) and isinstance(pattern, str) and re.search(pattern, value) is None:
        return f"must match the pattern {pattern}, got {shown(value)}"
    return None


_BOUNDS: tuple[tuple[str, typing.Callable[[float, float], bool], str], ...] = (
    ("minimum", operator.ge, "at least"),
    ("maximum", operator.le, "at most"),
    ("exclusiveMinimum", operator.gt, "greater than"),
    ("exclusiveMaximum", operator.lt, "less than"),
)
_LENGTHS = ("minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties")


def _pydantic_message(error: ValueError) -> str:
    errors = getattr(error, "errors", None)
    if callable(errors):
        parts = []
        for item in errors():
            where = ".".join(str(p) for p in item.get("loc", ()))
            parts.append(f"{where}: {item.get('msg')}" if where else str(item.get("msg")))
        return "; ".join(parts)
    return str(error)


def _key_path(path: str, key: str) -> str:
    if key.isidentifier():
        return f"{path}.{key}" if path else key
    return f"{path}[{json.dumps(key)}]"


def _wants(hint: object, kind: type) -> bool:
    """Whether a hint (or an option of it) is ``kind`` (int counts for float too)."""
    while typing.get_origin(hint) is typing.Annotated:
        hint = typing.get_args(hint)[0]
    if is_union(hint):
        return any(_wants(o, kind) for o in typing.get_args(hint))
    if kind is bool:
        return hint is bool
    if hint is bool or not isinstance(hint, type):
        return False
    return issubclass(hint, kind) or (kind is float and hint is decimal.Decimal)


def _expected(hint: object) -> str:
    """The JSON name of what a hint expects, for messages."""
    names = {
        str: "string",
        int: "integer",
        float: "number",
        bool: "boolean",
        type(None): "null",
        datetime.datetime: 'a date-time such as "2024-05-01T12:00:00"',
        datetime.date: 'a date such as "2024-05-01"',
        datetime.time: 'a time such as "12:00:00"',
        uuid.UUID: "a UUID",
        ipaddress.IPv4Address: "an IPv4 address",
        ipaddress.IPv6Address: "an IPv6 address",
    }
    if hint in names:
        return names[hint]
    origin = typing.get_origin(hint) or hint
    if origin in _SEQUENCES or origin in _SETS or origin is tuple:
        return "array"
    if origin in _MAPPINGS or (isinstance(origin, type) and has_fields(origin)):
        return "object"
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return "one of " + ", ".join(shown(m.value) for m in hint)
    if typing.get_origin(hint) is typing.Literal:
        return "one of " + ", ".join(shown(v) for v in typing.get_args(hint))
    return getattr(hint, "__name__", str(hint))
