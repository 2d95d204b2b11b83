"""Tool-call arguments → the Python values a method's hints ask for.

JSON values are checked against the hint (and the constraints its schema carries) and turned
into ints, datetimes, Enum members, dataclasses, ... A value that does not fit raises
``ArgumentError`` with the path and a message a model can act on. Where models are known to
slip (a number as a numeric string, an array or object as JSON text) the value is accepted and
a note says so.
"""

from __future__ import annotations

import collections
import datetime
import enum
import functools
import inspect
import json
import math
import operator
import re
import typing
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from inspector.diagnostics import shown
from inspector.model import MISSING, Json, SchemaType, is_nullable
from inspector.runtime.host import exception_text
from inspector.scan.aliases import applied_alias_value, map_parts
from inspector.scan.hints import TypeMapper, is_union
from inspector.scan.resolution import record_bindings
from inspector.typetable.protocols import generic_stand_in, stand_in
from inspector.typetable.records import struct_convert
from inspector.typetable.scalars import WrongJson, is_date_text, number_row, scalar_for
from inspector.typetable.schema_values import is_multiple
from inspector.typetable.structures import (
    ONE_SHOT,
    Container,
    container_of,
    empty_value_factory,
    has_fields,
    is_typeddict,
    made_from_fields,
    tuple_items,
)
from inspector.typetable.unions import absorbed
from inspector.typetable.values import (
    enum_json,
    enum_member,
    is_flag,
    json_choice,
    literal_json,
)

_ANY: tuple[object, ...] = (typing.Any, object)
"""Compared by identity: a hint may be unhashable (``Annotated[int, {"maximum": 10}]``)."""


class ArgumentError(Exception):
    """An argument that does not fit; ``path`` is like ``items[2].qty``."""

    def __init__(self, path: str, message: str) -> None:
        super().__init__(f"{path}: {message}" if path else message)
        self.path = path
        self.message = message


def json_value(text: str) -> Json:
    """JSON text's value; raises ``ValueError`` for text that is no JSON, and for Python's
    extensions ``NaN``, ``Infinity`` and ``-Infinity``, which no schema's number allows."""
    return typing.cast(Json, json.loads(text, parse_constant=_no_constant))


def _no_constant(name: str) -> typing.NoReturn:
    raise ValueError(f"{name} is not a JSON value")


def every(parts: Iterable[Callable[[], object]]) -> list[object]:
    """The value of each part; when some raise ``ArgumentError``, one error naming every
    problem (``a.x: ...; a.y: ...``), so that a model fixes them all in one retry."""
    values: list[object] = []
    problems: list[ArgumentError] = []
    for part in parts:
        try:
            values.append(part())
        except ArgumentError as error:
            problems.append(error)
    if len(problems) == 1:
        raise problems[0]
    if problems:
        raise ArgumentError("", "; ".join(str(p) for p in problems))
    return values


@dataclass
class Converter:
    """Converts JSON values by hint; ``notes`` records what leniency accepted. ``loose``: the
    hint being converted was read from a docstring, whose containers of what has no JSON form
    the scan offered as containers of any item (``TypeMapper.map_parameter(loose=True)``)."""

    mapper: TypeMapper = field(default_factory=TypeMapper)
    notes: list[str] = field(default_factory=list)
    loose: bool = False
    _offered: dict[tuple[tuple[object, ...], bool], tuple[object, ...]] = field(
        default_factory=dict, init=False, repr=False
    )

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
                return json_value(text), "JSON text read as the value it holds"
            except ValueError:
                return None
        if text in ("true", "false") and _wants(hint, bool):
            return text == "true", "boolean sent as a string"
        if _wants(hint, datetime.datetime) and is_date_text(text):
            day = datetime.date.fromisoformat(text)
            midnight = datetime.datetime.combine(day, datetime.time())
            return midnight.isoformat(), "a date without a time read as its midnight"
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
        if any(hint is a for a in _ANY) or (
            isinstance(hint, typing.TypeVar) and hint.__bound__ is None
        ):
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
        options = self._offered_members(options)  # as the schema: str | bytes takes the str
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
        """The ``Literal`` option whose JSON form (the schema's enum value) is ``value``."""
        forms = [literal_json(option) for option in allowed]
        found = json_choice(forms, value)
        if found is not None:
            return allowed[found]
        raise ArgumentError(
            path,
            f"invalid value {shown(value)}; allowed: "
            + ", ".join(shown(form) for form in forms if form is not MISSING),
        )

    def _generic(self, value: Json, hint: object, origin: object, path: str) -> object:
        args = typing.get_args(hint)
        if isinstance(origin, type) and has_fields(origin):  # ``Page[User]``, a TypedDict's too
            return self._structured(value, origin, path, record_bindings(origin, args))
        kind = container_of(origin)
        if kind is not None and not self.mapper.map_member(hint, loose=self.loose).json_form:
            # a container of what has no JSON form (``list[Connection]``) has none: its schema
            # takes any value (a method classified true anyway, a record's field), and so does
            # the call, as for the class alone
            return value
        if kind is Container.ARRAY or kind is Container.SET:
            items = self._array(value, path)
            item_hint = args[0] if args else typing.Any
            converted = every(
                functools.partial(self.convert, v, item_hint, f"{path}[{i}]")
                for i, v in enumerate(items)
            )
            if kind is Container.SET:
                return self._set(items, converted, frozenset if origin is frozenset else set, path)
            return iter(converted) if origin in ONE_SHOT else converted
        if kind is Container.TUPLE:
            return self._tuple(value, tuple_items(hint), path)
        if kind is Container.MAPPING:
            mapping = self._object(value, path)
            key_hint, value_hint = args if len(args) == 2 else (str, typing.Any)
            pairs = every(
                functools.partial(self._pair, k, v, key_hint, value_hint, path)
                for k, v in mapping.items()
            )
            made = dict(typing.cast(list[tuple[object, object]], pairs))
            if isinstance(origin, type) and origin is not dict and issubclass(origin, dict):
                return _dict_of_class(made, origin, path, value_hint)
            return made
        alias = applied_alias_value(origin, typing.get_args(hint))
        if alias is None:  # os.PathLike[str]: a Path; SupportsLenAndGetItem[int]: list[int]
            alias = generic_stand_in(origin, typing.get_args(hint))
        if alias is not None:
            return self._strict(value, alias, path)
        return value

    def _pair(
        self, key: str, value: Json, key_hint: object, value_hint: object, path: str
    ) -> tuple[object, object]:
        converted = self._key(key, key_hint, path)
        try:
            hash(converted)
        except TypeError:  # a key the hint makes unhashable: the model's error, no traceback
            raise ArgumentError(_key_path(path, key), "cannot be a key of a dict") from None
        return converted, self.convert(value, value_hint, _key_path(path, key))

    def _set(
        self,
        sent: list[Json],
        items: list[object],
        make: type[set[object]] | type[frozenset[object]],
        path: str,
    ) -> object:
        """A set of the converted items. An item no set holds (a list or an object for a bare
        ``set``, a dataclass that is not frozen) is the model's error, not a ``TypeError`` out
        of the call; duplicates, which the schema's ``uniqueItems`` refuses, are dropped with a
        note, as Python's set drops them."""
        for index, item in enumerate(items):
            try:
                hash(item)
            except TypeError:
                message = f"{shown(sent[index])} cannot be an item of a set"
                raise ArgumentError(f"{path}[{index}]", message) from None
        made = make(items)
        dropped = len(items) - len(made)
        if dropped:
            words = "duplicate item" if dropped == 1 else "duplicate items"
            self.notes.append(f"{path or 'value'}: {dropped} {words} dropped")
        return made

    def _key(self, key: str, hint: object, path: str) -> object:
        """A JSON object key as the key type asks: ``dict[int, X]`` keys arrive as text."""
        if any(hint is a for a in _ANY) or hint is str:
            return key
        where = _key_path(path, key)
        try:
            return self._strict(key, hint, where)
        except ArgumentError as error:
            try:
                parsed = json_value(key)
            except ValueError:
                raise error from None
            return self._strict(parsed, hint, where)

    def _tuple(self, value: Json, expected: tuple[object, ...] | None, path: str) -> object:
        """A tuple of the item types ``tuple_items`` gives (None: any items)."""
        items = self._array(value, path)
        if expected is None:
            return tuple(items)
        if len(expected) == 2 and expected[1] is Ellipsis:
            hint = expected[0]
            return tuple(self.convert(v, hint, f"{path}[{i}]") for i, v in enumerate(items))
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
        """A class: by the type table's row for it, else as an enum, object or container."""
        if issubclass(hint, enum.Enum):
            return self._enum(value, hint, path)
        if has_fields(hint):
            if inspect.isabstract(hint) or not made_from_fields(hint):
                return value  # no argument is made of its fields: the schema said "any value"
            return self._structured(value, hint, path, record_bindings(hint, ()))
        scalar = scalar_for(hint) or number_row(hint)
        if scalar is not None:
            try:
                return scalar.read(value, hint)
            except WrongJson as error:
                message = f"expected {error.expected}, got {shown(value)}"
                raise ArgumentError(path, message) from None
            except _REFUSALS as error:
                # the class refuses a value of the right JSON type: a number past a double's
                # range for ``numpy.float64``, a subclass's own check in its constructor
                message = f"{shown(value)} is no {hint.__name__}: {_raised(error)}"
                raise ArgumentError(path, message) from None
        if container_of(hint) is not None:
            return self._generic(value, hint, hint, path)
        form = stand_in(hint)
        if form is not None:  # a protocol or ABC: the value it travels as
            return self._strict(value, form, path)
        return value  # a class with no JSON form: the schema said "any value"

    def _enum(self, value: Json, hint: type[enum.Enum], path: str) -> object:
        """An Enum member by its value; a Flag from the array of its members' values."""
        if not is_flag(hint):
            return self._member(value, hint, path)
        combined = hint(0)
        for i, item in enumerate(self._array(value, path)):
            combined |= self._member(item, hint, f"{path}[{i}]")  # type: ignore[operator]
        return combined

    def _member(self, value: Json, hint: type[enum.Enum], path: str) -> enum.Enum:
        try:
            return enum_member(hint, value)
        except WrongJson as error:
            allowed = error.expected.removeprefix("one of ")
            raise ArgumentError(path, f"invalid value {shown(value)}; allowed: {allowed}") from None

    def _structured(
        self, value: Json, cls: type, path: str, arguments: dict[object, object] | None = None
    ) -> object:
        """An instance of a class with fields (a TypedDict's dict) from an object, its type
        parameters read as ``arguments`` gives them (``Page[User]``: ``T`` is ``User``)."""
        mapping = self._object(value, path)
        rows = self.mapper.context.resolver.field_rows(cls)
        if arguments:
            rows = [
                (name, map_parts(hint, lambda part, _: arguments.get(part, part)), needed, default)
                for name, hint, needed, default in rows
            ]
        defaulted = [
            name
            for name, hint, required, _ in rows
            if mapping.get(name, 0) is None and not required and not self._accepts_null(hint)
        ]
        for name in defaulted:  # null for a field with a default (strict schemas): the default
            self.notes.append(f"{_key_path(path, name)}: null; the default used")
        mapping = {k: v for k, v in mapping.items() if k not in defaulted}
        known = {name for name, _, _, _ in rows}
        has = f"unexpected property; {cls.__name__} has: {', '.join(sorted(known))}"
        parts: list[Callable[[], object]] = [
            functools.partial(_refuse, _key_path(path, k), has)
            for k in mapping
            if k not in known | _names_by_choice(cls)
        ]
        validate = getattr(cls, "model_validate", None) or struct_convert(cls)
        if callable(validate):  # pydantic, msgspec: their own validation and messages
            if _unknown_dropped_silently(cls):
                every(parts)
            renamed = _validation_keys(cls)
            try:
                return validate({renamed.get(k, k): v for k, v in mapping.items()})
            except ValueError as error:
                raise ArgumentError(path, _pydantic_message(error)) from None
            except _REFUSALS as error:  # a validator's own refusal pydantic passes on
                raise ArgumentError(path, f"{cls.__name__}: {_raised(error)}") from None
        names = [name for name, _, _, _ in rows if name in mapping]
        for name, hint, required, _ in rows:
            where = _key_path(path, name)
            if name in mapping:
                parts.append(functools.partial(self.convert, mapping[name], hint, where))
            elif required:
                parts.append(functools.partial(_refuse, where, "missing required property"))
        values = every(parts)  # every problem of the object at once
        converted = dict(zip(names, values, strict=True))
        if is_typeddict(cls):
            return converted
        try:
            return cls(**converted)
        except _REFUSALS as error:  # a validator refused: attrs', __post_init__, pint's assert
            plain = isinstance(error, TypeError | ValueError) and exception_text(error)
            raise ArgumentError(path, f"{cls.__name__}: {plain or _raised(error)}") from None

    def _accepts_null(self, hint: object) -> bool:
        """Whether the schema of ``hint`` allows null."""
        return is_nullable(self.mapper.map(hint))

    def _offered_members(self, members: tuple[object, ...]) -> tuple[object, ...]:
        """The members of a union its schema offers, worked out once per union and call."""
        key = (members, self.loose)
        try:
            return self._offered[key]
        except KeyError:
            offered = self._offered[key] = _offered_now(members, self.loose)
        except TypeError:  # an unhashable member
            offered = _offered_now(members, self.loose)
        return offered

    def _constraints(self, value: Json, hint: object, path: str) -> None:
        """Check the JSON Schema constraints an ``Annotated`` hint carries."""
        keywords = dict(self.mapper.map(hint).keywords)
        problem = _violation(value, keywords)
        if problem:
            raise ArgumentError(path, problem)


def _unknown_dropped_silently(cls: type) -> bool:
    """Whether a pydantic model drops an unknown field only because its ``extra`` was left
    unset (pydantic's default, ``"ignore"``): a misspelt optional field would then give the
    method its default, where the schema (closed in strict dialects) refuses it, so the
    Toolbox refuses it as for any class. A model that sets ``extra`` decides itself."""
    config = getattr(cls, "model_config", None)
    return isinstance(config, dict) and config.get("extra") is None


def _validation_keys(cls: type) -> dict[str, str]:
    """A pydantic model's field names as the schema shows them (alias or name) → the key it
    validates the field from, where that is another (``validation_alias="a_in"``, the first
    text of ``AliasChoices``): pydantic would drop the schema's ``a`` and give the default."""
    keys: dict[str, str] = {}
    for name, info in getattr(cls, "model_fields", {}).items():
        alias = getattr(info, "validation_alias", None)
        choices = getattr(alias, "choices", None)
        if isinstance(choices, list):
            alias = next((c for c in choices if isinstance(c, str)), None)
        shown_as = getattr(info, "alias", None) or name
        if isinstance(alias, str) and alias != shown_as:
            keys[shown_as] = alias
    return keys


def _names_by_choice(cls: type) -> set[str]:
    """The field names a pydantic model takes beside their aliases (``populate_by_name``)."""
    config = getattr(cls, "model_config", None)
    if not isinstance(config, dict):
        return set()
    if not (config.get("populate_by_name") or config.get("validate_by_name")):
        return set()
    return set(getattr(cls, "model_fields", {}))


def _refuse(path: str, message: str) -> object:
    raise ArgumentError(path, message)


def _offered_now(members: tuple[object, ...], loose: bool) -> tuple[object, ...]:
    """The members with a JSON form (all when none has), less the forms ``str`` absorbs
    (``bytes`` in ``str | bytes``): those the scan's ``map_union`` kept."""
    mapper = TypeMapper()
    forms: list[SchemaType | None] = []
    for member in members:
        mapped = mapper.map_member(member, loose=loose)
        forms.append(mapped.schema if mapped.json_form else None)
    kept = [form for form in forms if form is not None]
    pairs = zip(members, forms, strict=True)
    offered = tuple(m for m, form in pairs if form is not None and not absorbed(form, kept))
    return offered or members


def _violation(value: Json, keywords: dict[str, Json]) -> str | None:
    """What a value breaks among the constraint keywords of its schema, if anything."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        for key, holds, words in _BOUNDS:
            bound = keywords.get(key)
            numeric = isinstance(bound, int | float) and not isinstance(bound, bool)
            if numeric and not holds(value, typing.cast(float, bound)):
                return f"must be {words} {bound}, got {shown(value)}"
        step = keywords.get("multipleOf")
        step_ok = isinstance(step, int | float) and not isinstance(step, bool) and step > 0
        if step_ok and not is_multiple(value, typing.cast(float, step)):
            return f"must be a multiple of {step}, got {shown(value)}"
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


def _declared_value(cls: type, value_hint: object) -> object:
    """The value type of a mapping class: the hint's, else the one its class declares among
    its bases (``class Lists(defaultdict[str, list[int]])`` used bare: ``list[int]``)."""
    if value_hint is not typing.Any:
        return value_hint
    for klass in cls.__mro__:
        for base in vars(klass).get("__orig_bases__", ()):
            origin, arguments = typing.get_origin(base), typing.get_args(base)
            if isinstance(origin, type) and issubclass(origin, dict) and len(arguments) == 2:
                return arguments[1]
    return value_hint


def _takes_factory(cls: type) -> bool:
    """Whether a ``defaultdict`` class's constructor takes a factory first, as
    ``defaultdict``'s does: its own, or one whose first parameter passes everything on
    (``*args``) or is named for it (``default_factory``). One that takes something else
    first (``name``) or nothing sets its own factory (``class Tree(defaultdict)`` calling
    ``super().__init__(Tree)``)."""
    if getattr(cls, "__init__", None) is collections.defaultdict.__init__:
        return True
    try:
        parameters = list(inspect.signature(cls).parameters.values())
    except (TypeError, ValueError):  # a signature inspect cannot read: as ``defaultdict``'s
        return True
    first = parameters[0] if parameters else None
    return first is not None and (
        first.kind is inspect.Parameter.VAR_POSITIONAL or first.name == "default_factory"
    )


_REFUSALS = (TypeError, ValueError, ArithmeticError, AssertionError, LookupError)
"""How a class's own code refuses a value (its constructor, a validator; a ``KeyError`` of a
value looked up and not found): an argument error the model can act on. Any other exception
is a failure of that code (a ``RuntimeError`` of a connection made in ``__post_init__``): the
Toolbox reports it as the method's failure, masked under ``errors="mask"``, since its text is
no advice to the model and may hold secrets."""


def _dict_of_class(
    converted: dict[object, object], cls: type, path: str, value_hint: object
) -> object:
    """The ``dict`` subclass a hint names (datasets' ``Features``, ``OrderedDict``,
    ``Counter``) made from the converted pairs: a plain dict has none of its methods and
    attributes (``Dataset.flatten_indices(features={})`` failed on ``dict.type``). A
    ``defaultdict`` (its factory comes first) is made empty, with the factory its value type
    names (``empty_value_factory``), and filled; one whose constructor takes no factory
    (``_takes_factory``) is made with no argument, then filled. A class that refuses
    the pairs refuses the argument (filling it past its constructor would skip what the
    constructor checks); one whose constructor takes something else first, so that what it
    made does not hold them (``Named(name, ...)``), gives way to the plain dict, as before."""
    made: object
    try:
        if issubclass(cls, collections.defaultdict):
            factory = empty_value_factory(_declared_value(cls, value_hint))
            filled: collections.defaultdict[object, object] = (
                cls(factory) if _takes_factory(cls) else cls()
            )
            filled.update(converted)
            made = filled
        else:
            made = typing.cast(Callable[[object], object], cls)(converted)
    except _REFUSALS as error:
        raise ArgumentError(path, f"{cls.__name__}: {_raised(error)}") from None
    return made if made == converted else converted  # its constructor took them otherwise


def _raised(error: Exception) -> str:
    """An exception as a model reads it: its type, and its text when it has one (a bare
    ``assert`` has none)."""
    text = exception_text(error)
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


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
    """Whether a hint (or an option of it) is ``kind`` (int counts for float too), or a
    ``Literal`` or an enum of such values (Gemini sends every enum value as text)."""
    while typing.get_origin(hint) is typing.Annotated:
        hint = typing.get_args(hint)[0]
    if typing.get_origin(hint) is typing.Literal:
        return _any_of_kind(typing.get_args(hint), kind)
    if isinstance(hint, type) and issubclass(hint, enum.Enum) and not issubclass(hint, kind):
        return _any_of_kind([member.value for member in hint], kind)
    hint = stand_in(hint) or hint
    if is_union(hint):
        return any(_wants(o, kind) for o in typing.get_args(hint))
    if kind is bool:
        return hint is bool
    if hint is bool or not isinstance(hint, type):
        return False
    return issubclass(hint, kind)


def _any_of_kind(values: typing.Iterable[object], kind: type) -> bool:
    """Whether a ``Literal``'s or an enum's values hold one of ``kind`` (bool apart)."""
    if kind is bool:
        return any(isinstance(v, bool) for v in values)
    return any(isinstance(v, kind) and not isinstance(v, bool | enum.Enum) for v in values)


def _expected(hint: object) -> str:
    """What a hint expects, in the words of the messages."""
    if hint is None:
        return "null"
    hint = stand_in(typing.get_origin(hint) or hint) or hint
    if is_union(hint):  # Hashable: any JSON scalar
        return " or ".join(dict.fromkeys(_expected(option) for option in typing.get_args(hint)))
    origin = typing.get_origin(hint) or hint
    if typing.get_origin(hint) is typing.Literal:
        forms = (literal_json(v) for v in typing.get_args(hint))
        return "one of " + ", ".join(shown(form) for form in forms if form is not MISSING)
    if isinstance(origin, type) and issubclass(origin, enum.Enum):
        if is_flag(origin):
            return "array"
        return "one of " + ", ".join(shown(enum_json(m)) for m in origin)
    if isinstance(origin, type) and has_fields(origin):
        return "object"
    kind = container_of(origin)
    if kind is not None:
        return "object" if kind is Container.MAPPING else "array"
    scalar = (scalar_for(origin) or number_row(origin)) if isinstance(origin, type) else None
    if scalar is not None:
        return scalar.expected
    return getattr(hint, "__name__", str(hint))
