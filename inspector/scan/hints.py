"""Python type hints → model types, following DESIGN.md's type table.

``TypeMapper.map`` dispatches on the kind of hint; anything it cannot express becomes
"any value" plus a message the caller turns into a diagnostic.
"""

from __future__ import annotations

import collections.abc as cabc
import contextlib
import dataclasses
import datetime
import enum
import math
import pathlib
import types
import typing
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from inspector.model import (
    MISSING,
    AnyOfType,
    AnyValueType,
    ArrayType,
    BooleanType,
    EnumType,
    Field,
    IntegerType,
    Json,
    Keywords,
    NullType,
    NumberType,
    ObjectType,
    RefType,
    SchemaType,
    StringType,
    _Missing,
    walk,
)
from inspector.scan.docstrings import DocstringStyle, parse_docstring
from inspector.scan.resolution import is_read_only, is_typeddict

_STRING_FORMATS: dict[type, str | None] = {
    str: None,
    datetime.datetime: "date-time",
    datetime.date: "date",
    datetime.time: "time",
    datetime.timedelta: "duration",
    pathlib.PurePath: "path",
    pathlib.Path: "path",
    pathlib.PurePosixPath: "path",
    pathlib.PureWindowsPath: "path",
    pathlib.PosixPath: "path",
    pathlib.WindowsPath: "path",
}
_FORMATS_BY_NAME = {
    ("uuid", "UUID"): "uuid",
    ("ipaddress", "IPv4Address"): "ipv4",
    ("ipaddress", "IPv6Address"): "ipv6",
}
"""Classes recognized by module and name, so that their modules need not be imported here."""
_SEQUENCE_ORIGINS = frozenset(
    {list, cabc.Sequence, cabc.MutableSequence, cabc.Iterable, cabc.Collection, cabc.Iterator}
)
_SET_ORIGINS = frozenset({set, frozenset, cabc.Set, cabc.MutableSet})
_MAPPING_ORIGINS = frozenset({dict, cabc.Mapping, cabc.MutableMapping})
_TYPED_DICT_QUALIFIERS = frozenset(
    q for q in (typing.Required, typing.NotRequired, getattr(typing, "ReadOnly", None)) if q
)
_EMPTY_FACTORIES: frozenset[object] = frozenset({list, dict, set, frozenset, tuple})
"""Dataclass default factories whose value is known without calling user code."""
_ANY_HINTS: frozenset[object] = frozenset({typing.Any, object})
_CONSTRAINTS = {
    "gt": "exclusiveMinimum",
    "ge": "minimum",
    "lt": "exclusiveMaximum",
    "le": "maximum",
    "multiple_of": "multipleOf",
    "pattern": "pattern",
}
_LENGTH_KEYWORDS = {
    StringType: ("minLength", "maxLength"),
    ArrayType: ("minItems", "maxItems"),
    ObjectType: ("minProperties", "maxProperties"),
}


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


@dataclass
class TypeMapper:
    """Maps hints to types; recursive classes end up in ``definitions`` as ``$defs``."""

    docstring_style: DocstringStyle = DocstringStyle.GOOGLE
    definitions: dict[str, SchemaType] = field(default_factory=dict)
    messages: list[str] = field(default_factory=list)
    _in_progress: dict[type, str] = field(default_factory=dict)
    _recursive: set[type] = field(default_factory=set)
    _class_cache: dict[type, SchemaType] = field(default_factory=dict)
    _defined: dict[type, str] = field(default_factory=dict)
    _hint_cache: dict[object, SchemaType] = field(default_factory=dict)
    _handlers: tuple[tuple[Callable[[object], bool], Callable[[object], SchemaType]], ...] = field(
        init=False
    )

    def __post_init__(self) -> None:
        self._handlers = self._dispatch()

    def take(self) -> tuple[dict[str, SchemaType], list[str]]:
        """Definitions and messages gathered since the last call, then reset for the next tool."""
        gathered = (self.definitions, self.messages)
        self.definitions, self.messages = {}, []
        self._defined = {}
        return gathered

    def map(self, hint: object) -> SchemaType:
        """The model type of a hint; a hint mapped before without side effects is reused."""
        try:
            return self._hint_cache[hint]
        except (KeyError, TypeError):  # not seen yet, or unhashable
            pass
        before = (len(self.messages), len(self.definitions), len(self._recursive))
        mapped = self._map(hint)
        if before == (len(self.messages), len(self.definitions), len(self._recursive)):
            with contextlib.suppress(TypeError):
                self._hint_cache[hint] = mapped
        return mapped

    def _map(self, hint: object) -> SchemaType:
        for predicate, handler in self._handlers:
            if predicate(hint):
                return handler(hint)
        return self._unsupported(hint)

    def _dispatch(
        self,
    ) -> tuple[tuple[Callable[[object], bool], Callable[[object], SchemaType]], ...]:
        return (
            (lambda h: h in _ANY_HINTS, lambda h: AnyValueType()),
            (lambda h: h is None or h is type(None), lambda h: NullType()),
            (lambda h: h is typing.LiteralString, lambda h: StringType()),
            (lambda h: typing.get_origin(h) is typing.Annotated, self.map_annotated),
            (is_union, self.map_union),
            (lambda h: typing.get_origin(h) is typing.Literal, self.map_literal),
            (lambda h: isinstance(h, typing.TypeVar), self.map_typevar),
            (lambda h: isinstance(h, typing.NewType), lambda h: self.map(h.__supertype__)),  # type: ignore[attr-defined]
            (lambda h: typing.get_origin(h) is not None, self.map_generic),
            (lambda h: isinstance(h, type), self.map_class),
        )

    def map_annotated(self, hint: object) -> SchemaType:
        """``Annotated[X, ...]``: descriptions and constraints from the metadata."""
        inner, *metadata = typing.get_args(hint)
        mapped = self.map(inner)
        extra: dict[str, Json] = {}
        for item in metadata:
            _read_metadata(item, extra)
        return _apply_metadata(mapped, extra)

    def map_described(self, hint: object) -> tuple[SchemaType, str | None]:
        """The type of a parameter or field hint, and its ``Annotated`` description if any."""
        if typing.get_origin(hint) is not typing.Annotated:
            return self.map(hint), None
        inner, *metadata = typing.get_args(hint)
        extra: dict[str, Json] = {}
        for item in metadata:
            _read_metadata(item, extra)
        description = extra.pop("description", None)
        return _apply_metadata(self.map(inner), extra), (
            description if isinstance(description, str) else None
        )

    def map_union(self, hint: object) -> SchemaType:
        """``X | Y``, ``Optional[X]``: nested unions flattened, ``None`` last."""
        options: list[SchemaType] = []
        has_null = False
        for arg in typing.get_args(hint):
            mapped = self.map(arg)
            parts = (
                mapped.options
                if isinstance(mapped, AnyOfType) and not mapped.keywords
                else (mapped,)
            )
            for part in parts:
                if isinstance(part, NullType) and not part.keywords:
                    has_null = True
                elif part not in options:
                    options.append(part)
        if any(isinstance(o, AnyValueType) and not o.keywords for o in options):
            return AnyValueType()
        options = _merge_enums(options)
        if has_null:
            options.append(NullType())
        return options[0] if len(options) == 1 else AnyOfType(tuple(options))

    def map_literal(self, hint: object) -> SchemaType:
        """``Literal[...]``: an enum of the values (Enum members become their values)."""
        values: list[Json] = []
        seen: set[tuple[type, str]] = set()
        for arg in typing.get_args(hint):
            value = to_json_value(arg)
            if value is MISSING:
                self.messages.append(f"Literal value {arg!r} has no JSON form; left out")
            elif (type(value), repr(value)) not in seen:  # keeps True apart from 1
                seen.add((type(value), repr(value)))
                values.append(value)
        return EnumType(tuple(values))

    def map_typevar(self, hint: object) -> SchemaType:
        """A TypeVar: its bound, its constraints as a union, or any value."""
        assert isinstance(hint, typing.TypeVar)
        if hint.__bound__ is not None:
            return self.map(hint.__bound__)
        if hint.__constraints__:
            return self.map(typing.Union[hint.__constraints__])  # noqa: UP007
        return AnyValueType()

    def map_generic(self, hint: object) -> SchemaType:
        """Parametrized containers: lists, sets, tuples, mappings, ``type X = ...`` aliases."""
        origin = typing.get_origin(hint)
        args = typing.get_args(hint)
        if origin in _SEQUENCE_ORIGINS:
            return ArrayType(items=self._item(args))
        if origin in _SET_ORIGINS:
            return ArrayType(items=self._item(args), unique=True)
        if origin is tuple:
            return self._tuple(args)
        if origin in _MAPPING_ORIGINS or (isinstance(origin, type) and issubclass(origin, dict)):
            return self._mapping(args)
        value = getattr(origin, "__value__", None)
        if value is not None:
            return self.map(value)
        if isinstance(origin, type) and typing.get_origin(hint) is not None and has_fields(origin):
            return self.map_class(origin)
        return self._unsupported(hint)

    def _item(self, args: tuple[object, ...]) -> SchemaType | None:
        if not args or args[0] in _ANY_HINTS:
            return None
        return self.map(args[0])

    def _tuple(self, args: tuple[object, ...]) -> SchemaType:
        if len(args) == 2 and args[1] is Ellipsis:
            return ArrayType(items=self._item(args[:1]))
        if args == ((),):
            return ArrayType(prefix=())
        return ArrayType(prefix=tuple(self.map(a) for a in args))

    def _mapping(self, args: tuple[object, ...]) -> SchemaType:
        if args and args[0] not in (str, *_ANY_HINTS):
            self.messages.append(
                f"mapping keys of type {_hint_name(args[0])} arrive as JSON strings"
            )
        value = self.map(args[1]) if len(args) == 2 else AnyValueType()
        return ObjectType(additional=value)

    def map_class(self, hint: object) -> SchemaType:
        """Plain classes: scalars, enums, containers, and classes with fields."""
        assert isinstance(hint, type)
        if hint is bool:
            return BooleanType()
        if issubclass(hint, enum.Enum):
            return self._enum(hint)
        if hint in _STRING_FORMATS:
            return StringType(_STRING_FORMATS[hint])
        if hint is int:
            return IntegerType()
        if hint is float:
            return NumberType()
        named = (hint.__module__, hint.__qualname__)
        if named in _FORMATS_BY_NAME:
            return StringType(_FORMATS_BY_NAME[named])
        if named == ("decimal", "Decimal"):
            return AnyOfType((NumberType(), StringType()))
        if hint in (bytes, bytearray):
            return StringType(keywords=(("contentEncoding", "base64"),))
        if has_fields(hint):
            return self._structured(hint)
        for base, handler in ((str, StringType), (int, IntegerType), (float, NumberType)):
            if issubclass(hint, base):
                return handler()
        if hint in _SEQUENCE_ORIGINS or hint is tuple:
            return ArrayType()
        if hint in _SET_ORIGINS:
            return ArrayType(unique=True)
        if hint in _MAPPING_ORIGINS:
            return ObjectType(additional=AnyValueType())
        return self._unsupported(hint)

    def _enum(self, hint: type[enum.Enum]) -> SchemaType:
        values: list[Json] = []
        for member in hint:
            value = to_json_value(member.value)
            if value is MISSING:
                self.messages.append(
                    f"{hint.__name__}.{member.name} has no JSON value; its name is used"
                )
                value = member.name
            values.append(value)
        return EnumType(tuple(values))

    def _structured(self, cls: type) -> SchemaType:
        if cls in self._in_progress:
            self._recursive.add(cls)
            return RefType(self._in_progress[cls])
        cached = self._class_cache.get(cls)
        if cached is not None:
            return cached
        if cls in self._defined:
            return RefType(self._defined[cls])
        name = self._definition_name(cls)
        self._in_progress[cls] = name
        try:
            built = ObjectType(
                properties=self._fields_of(cls), title=cls.__name__, keywords=self._class_doc(cls)
            )
        except Exception as error:  # unresolvable field hints, odd classes
            self.messages.append(
                f"fields of {cls.__qualname__} cannot be read ({type(error).__name__}: {error}); "
                "any value accepted"
            )
            return AnyValueType()
        finally:
            del self._in_progress[cls]
        if cls in self._recursive:
            self.definitions[name] = built
            self._defined[cls] = name
            return RefType(name)
        if not any(isinstance(node, RefType) for node in walk(built)):
            self._class_cache[cls] = built
        return built

    def _definition_name(self, cls: type) -> str:
        name = cls.__name__
        taken = set(self._in_progress.values()) | set(self.definitions)
        suffix = 2
        while name in taken:
            name, suffix = f"{cls.__name__}{suffix}", suffix + 1
        return name

    def _class_doc(self, cls: type) -> Keywords:
        doc = _own_doc(cls)
        description = parse_docstring(doc, self.docstring_style).description if doc else ""
        return (("description", description),) if description else ()

    def _fields_of(self, cls: type) -> tuple[Field, ...]:
        doc = _own_doc(cls)
        texts = parse_docstring(doc, self.docstring_style).attributes if doc else {}
        rows = field_rows(cls)
        fields: list[Field] = []
        for name, hint, required, default in rows:
            mapped, explicit = self.map_described(hint)
            if explicit is not None:
                description = explicit
            else:
                description = texts[name].description if name in texts else ""
            fields.append(
                Field(name, mapped, description, required, MISSING if required else default)
            )
        return tuple(fields)

    def _unsupported(self, hint: object) -> SchemaType:
        self.messages.append(f"type {_hint_name(hint)} has no JSON Schema form; any value accepted")
        return AnyValueType()


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


def is_union(hint: object) -> bool:
    origin = typing.get_origin(hint)
    return origin is typing.Union or origin is types.UnionType


def _hint_name(hint: object) -> str:
    if isinstance(hint, type):
        return hint.__qualname__
    return repr(hint).replace("typing.", "")


def _own_doc(cls: type) -> str | None:
    """The class docstring, unless it is the signature dataclasses write for undocumented ones."""
    doc = cls.__dict__.get("__doc__")
    if not isinstance(doc, str) or doc.startswith(f"{cls.__name__}("):
        return None
    return doc


def has_fields(cls: type) -> bool:
    return (
        dataclasses.is_dataclass(cls)
        or is_typeddict(cls)
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
    if is_typeddict(cls):
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
    if origin is typing.Annotated or is_read_only(hint):
        return _typed_dict_required(typing.get_args(hint)[0], by_totality)
    if origin is typing.Required:
        return True
    if origin is typing.NotRequired:
        return False
    return by_totality


def _strip_required(hint: object) -> object:
    while typing.get_origin(hint) in _TYPED_DICT_QUALIFIERS or is_read_only(hint):
        hint = typing.get_args(hint)[0]
    if typing.get_origin(hint) is typing.Annotated:
        inner, *metadata = typing.get_args(hint)
        return typing.Annotated[(_strip_required(inner), *metadata)]
    return hint


def _read_metadata(item: object, extra: dict[str, Json]) -> None:
    """Collect description and constraints from one ``Annotated`` metadata item."""
    if isinstance(item, str):
        extra["description"] = item
        return
    keywords = item if isinstance(item, dict) else getattr(item, "json_schema_extra", None)
    if isinstance(keywords, dict):  # JSON Schema keywords, as they should appear
        extra.update((k, v) for k, v in keywords.items() if isinstance(k, str))
        if isinstance(item, dict):
            return
    documentation = getattr(item, "documentation", None)
    if isinstance(documentation, str):
        extra["description"] = documentation
        return
    nested = getattr(item, "metadata", None)
    if isinstance(nested, list):  # pydantic FieldInfo
        for sub in nested:
            _read_metadata(sub, extra)
        description = getattr(item, "description", None)
        if isinstance(description, str):
            extra["description"] = description
        return
    if isinstance(item, cabc.Iterable) and not isinstance(item, bytes | dict):
        for sub in item:  # annotated-types GroupedMetadata, pydantic StringConstraints
            _read_metadata(sub, extra)
        return
    for attribute, keyword_name in _CONSTRAINTS.items():
        value = getattr(item, attribute, None)
        if isinstance(value, int | float | str) and not isinstance(value, bool):
            extra[keyword_name] = value
    for attribute in ("min_length", "max_length"):
        value = getattr(item, attribute, None)
        if isinstance(value, int) and not isinstance(value, bool):
            extra[attribute] = value


def _apply_metadata(mapped: SchemaType, extra: dict[str, Json]) -> SchemaType:
    """Attach collected keywords; length constraints get the name that fits the type."""
    if not extra:
        return mapped
    lengths = _LENGTH_KEYWORDS.get(type(mapped), ("minLength", "maxLength"))
    renamed = {"min_length": lengths[0], "max_length": lengths[1]}
    keywords = dict(mapped.keywords)
    for key, value in extra.items():
        keywords[renamed.get(key, key)] = value
    return replace(mapped, keywords=tuple(keywords.items()))
