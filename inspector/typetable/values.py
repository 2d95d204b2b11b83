"""Python values → JSON, by the type table: tool results and defaults leave in the form their
schema declares (timedelta as an ISO 8601 duration, sets as sorted arrays, NamedTuples and
dataclasses as objects, Enum members as their values, Flags as arrays of member values), and
the Enum rules both directions share."""

from __future__ import annotations

import collections.abc as cabc
import dataclasses
import enum
import inspect
import io
import json
import numbers
import re
import types
import typing

from inspector.diagnostics import stable_repr
from inspector.model import MISSING, AnyOfType, ArrayType, IntegerType, Json, SchemaType, _Missing
from inspector.typetable.protocols import as_stand_in
from inspector.typetable.records import init_field_names, private_fields, record_fields
from inspector.typetable.scalars import NoJsonForm, WrongJson, scalar_for

_PLAIN = frozenset({str, bool, type(None)})
"""Values that are their own JSON form; an int is not always (see ``scalars._write_int``)."""
_CONSUMED = (cabc.Iterator, cabc.Sequence, cabc.Set, cabc.MappingView)
"""What a result's array form is read from: generators and other iterators, sequences, sets
and dict views; not any iterable (a DataFrame iterates its column names, an HTTP response its
body)."""


def to_json(value: object, *, consume: bool = False) -> Json:
    """The JSON form of a value; raises ``NoJsonForm``. ``consume`` turns any other iterable
    (a generator a tool returned) into an array; defaults never consume."""
    try:
        return _to_json(value, consume)
    except RecursionError:
        raise NoJsonForm("the value contains itself or is nested too deeply") from None


def result_json(value: object) -> Json:
    """A tool's result as JSON: ``to_json`` consuming iterables, where each part with no JSON
    form (a live object) is what ``result_form`` reads from it, else its ``own_text`` (the
    result's schema says any value there), and NaN or an infinity inside it null; raises
    ``NoJsonForm`` for a result that is NaN, an infinity or an integer past the digit limit,
    or contains itself. A complex number is no JSON number: its text (``1j``), as inside."""
    imaginary = isinstance(value, numbers.Complex) and not isinstance(value, numbers.Real)
    if isinstance(value, int) or (
        isinstance(value, numbers.Number)
        and not isinstance(value, numbers.Integral)
        and not imaginary  # numpy's complex64 too, no ``complex``
    ):
        return to_json(value)  # NaN, 10**5000: no number a schema of one allows
    try:
        return _to_json(value, True, as_text=True)
    except RecursionError:
        raise NoJsonForm("the value contains itself or is nested too deeply") from None


def as_declared(value: object, declared: SchemaType | None) -> object:
    """A value in the form the type its method declares gives it, where its own class would
    give another: an ``IntFlag`` value (a Flag that is an ``int``) declared an integer is that
    integer, not the array of its members a Flag leaves as. pyzmq's ``Socket.poll(flags: int
    = POLLIN) -> int`` returns ``POLLIN | POLLOUT``: written as ``[1, 2]`` it broke the
    integer its output schema declares (the call became an error), and its default was left
    out of the schema (TI133).

    Args:
        value: A result or a default.
        declared: The type of the return value or the parameter (None: nothing declared).

    Returns:
        The plain ``int`` for an int Flag whose declared type is an integer (or a union
        holding one and no array); else ``value`` itself.
    """
    if isinstance(value, enum.Flag) and isinstance(value, int) and _says_integer(declared):
        return int(value)
    return value


def _says_integer(declared: SchemaType | None) -> bool:
    """Whether a type takes an integer and no array (where a Flag's own form would fit)."""
    if isinstance(declared, IntegerType):
        return True
    if isinstance(declared, AnyOfType):
        options = declared.options
        return any(isinstance(option, IntegerType) for option in options) and not any(
            isinstance(option, ArrayType) for option in options
        )
    return False


def read_as_items(value: object) -> typing.TypeGuard[cabc.Iterator[object]]:
    """Whether ``result_json`` writes a result as the array of its items, read once: a
    generator, a ``map``, a cursor; not a file (its lines are read and it is closed), nor an
    iterator that stands for something else (slack_sdk's ``SlackResponse`` iterates its next
    pages without end and is read as its data)."""
    if not isinstance(value, cabc.Iterator) or isinstance(value, io.IOBase | cabc.Mapping):
        return False
    if scalar_for(type(value)) is not None or field_values(value) is not None:
        return False
    return result_form(value) is MISSING


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
    ``dataclasses.MISSING``, the only member of an Enum (pandas ``lib.no_default``), or an
    instance without state of a class with no JSON form (openai's ``NOT_GIVEN``, the
    ``NO_DEFAULT`` of a generated stub)."""
    cls = type(value)
    return (
        cls is object
        or value is dataclasses.MISSING
        or (isinstance(value, enum.Enum) and len(type(value).__members__) == 1)
        or _stateless_marker(value)
    )


def _stateless_marker(value: object) -> bool:
    """An instance that holds nothing: of a class not derived from a built-in one (but
    ``object``), with no attributes and no slots, not callable, of no JSON form."""
    cls = type(value)
    if callable(value) or any(c.__module__ == "builtins" for c in cls.__mro__[:-1]):
        return False
    if getattr(value, "__dict__", None) != {} or any("__slots__" in vars(c) for c in cls.__mro__):
        return False
    return default_json(value) is MISSING


def field_values(value: object, *, public: bool = False) -> dict[str, object] | None:
    """The fields of a dataclass, NamedTuple, pydantic, attrs or msgspec instance by JSON name
    (``public``: without those in private attributes, ``private_fields``); else None."""
    cls = type(value)
    if public and (private := private_fields(cls)):
        fields = field_values(value)
        return None if fields is None else {k: v for k, v in fields.items() if k not in private}
    model_fields = getattr(cls, "model_fields", None)
    if isinstance(model_fields, dict):
        return {info.alias or name: getattr(value, name) for name, info in model_fields.items()}
    if dataclasses.is_dataclass(cls):
        return {name: getattr(value, attribute) for name, attribute in init_field_names(cls)}
    records = record_fields(cls)
    if records is not None:
        return {f.name: getattr(value, f.attribute) for f in records}
    names = getattr(cls, "_fields", None)
    if isinstance(value, tuple) and isinstance(names, tuple):
        return dict(zip(names, value, strict=True))
    names = getattr(cls, "__match_args__", None)
    if isinstance(value, tuple) and hasattr(cls, "n_sequence_fields") and isinstance(names, tuple):
        # a C struct sequence (``os.stat_result``, ``time.struct_time``): its named fields, as
        # attributes (``st_mtime`` a float where the tuple holds whole seconds)
        return {name: getattr(value, name) for name in names if isinstance(name, str)}
    return None


def _to_json(value: object, consume: bool, as_text: bool = False) -> Json:
    cls = type(value)
    if cls in _PLAIN:
        return value  # type: ignore[return-value]
    if isinstance(value, enum.Flag):
        return [enum_json(m) for m in type(value) if m in value]
    if isinstance(value, enum.Enum):
        return enum_json(value)
    scalar = scalar_for(cls)
    if scalar is not None:
        if not as_text:
            return scalar.write(value)
        try:
            return scalar.write(value)
        except NoJsonForm:
            if not isinstance(value, numbers.Number):
                raise
            # NaN or an infinity inside a result (a missing value of a DataFrame, an array):
            # null, as pandas' to_json and JSON.stringify write it; a whole result that is one
            # is refused by ``result_json``, as its schema says a number
            return None
    if isinstance(value, cabc.Mapping):
        pairs = _pairs(value, as_text)
        if pairs is None:
            return own_text(value)
        return {_key(k, as_text): _to_json(v, consume, as_text) for k, v in pairs}
    fields = field_values(value, public=as_text)  # a result's private fields stay private
    if fields is not None:
        return {k: _to_json(v, consume, as_text) for k, v in fields.items()}
    if isinstance(value, list | tuple):
        return [_to_json(v, consume, as_text) for v in value]
    if isinstance(value, set | frozenset):
        items = [_to_json(v, consume, as_text) for v in value]
        return sorted(items, key=lambda item: json.dumps(item, sort_keys=True))
    if as_text:  # before iterating: slack_sdk's SlackResponse iterates its next pages
        record = result_form(value)
        if record is not MISSING:
            return _to_json(record, consume, as_text)
    if consume and isinstance(value, _CONSUMED):
        if isinstance(value, io.IOBase):  # a file's lines, then the file closed: nothing leaks
            with value:
                return [_to_json(v, consume, as_text) for v in value]
        return [_to_json(v, consume, as_text) for v in typing.cast(cabc.Iterable[object], value)]
    stand_in = as_stand_in(value)
    if stand_in is not MISSING:
        return _to_json(stand_in, consume, as_text)
    if as_text:
        return own_text(value)
    raise NoJsonForm(f"{cls.__qualname__} has no JSON form")


def _pairs(
    value: cabc.Mapping[object, object], as_text: bool
) -> cabc.Iterable[tuple[object, object]] | None:
    """A mapping's items; None for a result whose items cannot be read (GitPython's
    ``GitConfigParser`` overrides ``items`` with one that takes a section name, and its
    ``__getitem__`` gives None for a section): read as its text, as a live object is, where
    the call failed with the library's ``TypeError``. For an argument's or default's mapping
    (``as_text`` false) the failure propagates, as any failure of the value's code does."""
    if type(value) is dict:
        return value.items()
    try:
        return list(value.items())
    except Exception:  # the library's own items(): any failure of its code
        if not as_text:
            raise
        return None


def result_form(value: object) -> object:
    """What a result of a class the type table does not know stands for, read by duck typing
    (no library is imported): ``tolist()`` or ``to_list()`` of an array or array scalar
    (NumPy, pandas, polars: what has a ``dtype``), ``to_pylist()`` or ``as_py()`` (pyarrow's
    tables, arrays and scalars), the fields of an attrs or msgspec record,
    ``model_dump()`` or ``to_dict()`` when it gives a mapping, the ``data`` a class that is
    read like a mapping stores (slack_sdk's ``SlackResponse``; a ``data`` property, which
    pyarrow's ``ChunkedArray`` deprecates with a warning, is not run), the items of a
    mapping-like class (``keys`` and ``__getitem__``); MISSING for none of these, or when
    reading it fails."""
    cls = type(value)
    try:
        if _class_has(cls, "dtype"):
            # NumPy and pandas spell it ``tolist``, polars ``to_list``: a polars
            # frame's ``to_dict()`` gives one such Series per column
            for method in ("tolist", "to_list"):
                listed = getattr(value, method, None) if _class_has(cls, method) else None
                if callable(listed):
                    return listed()
        for method in ("to_pylist", "as_py"):  # pyarrow: tables, batches, arrays; a scalar
            converted = getattr(value, method, None) if _class_has(cls, method) else None
            if callable(converted):
                return converted()
        attrs_fields = getattr(cls, "__attrs_attrs__", None)
        if isinstance(attrs_fields, tuple):
            return {a.name: getattr(value, a.name) for a in attrs_fields}
        struct_fields = getattr(cls, "__struct_fields__", None)
        if isinstance(struct_fields, tuple):
            return {name: getattr(value, name) for name in struct_fields}
        for method in ("model_dump", "to_dict"):
            dump = getattr(value, method, None) if _class_has(cls, method) else None
            if callable(dump):
                dumped = dump()
                if isinstance(dumped, cabc.Mapping):
                    return dumped
        if callable(getattr(cls, "__getitem__", None)):
            data = inspect.getattr_static(value, "data", None)  # stored: a property is code
            if isinstance(data, types.MemberDescriptorType):  # stored in a __slots__ slot
                data = getattr(value, "data", None)
            if isinstance(data, cabc.Mapping | list):
                return data
            keys = getattr(value, "keys", None) if _class_has(cls, "keys") else None
            if callable(keys):
                return {key: typing.cast(typing.Any, value)[key] for key in keys()}
    except Exception:  # user code (a property, a dump method) failed: the value's text
        return MISSING
    return MISSING


def _class_has(cls: type, name: str) -> bool:
    """Whether the class (or a base) defines ``name``: an attribute that a ``__getattr__``
    makes up for any name is not what duck typing looks for (peewee's ``Function``, a SQL
    expression, answers ``tolist`` with another expression, and that one too, without end)."""
    return any(name in vars(base) for base in cls.__mro__)


_ANY_ADDRESS = re.compile(r"\s+at 0x([0-9a-fA-F]+)|(?<=object) @ 0x[0-9a-fA-F]+")
"""`` at 0x7f...`` anywhere in a text a class writes itself, or hashlib's ``object @ 0x7f...``
(not any `` @ 0x...``: a register map's ``GPIOA @ 0x40020000`` is the data)."""
_POINTER_DIGITS = 9
"""An address of this many hex digits or more, written `` at 0x...``, is a 64-bit memory
address (CPython's objects live at ``0x55...`` or ``0x7f...``, twelve digits); a shorter one
may be the data (a debugger's ``<Breakpoint at 0x401000 hits=3>``), unless it is the value's
own ``id``."""


def own_text(value: object) -> str:
    """A value's text when nothing else stands for it: its class's own ``__str__`` when it
    defines one, else ``stable_repr``; never a memory address, even one a class's own text
    writes before more text (paramiko's ``<paramiko.Transport at 0x7f... (unconnected)>``):
    the value's own ``id``, or one as long as a 64-bit address (an object's inside it)."""
    own = id(value)

    def unaddressed(match: re.Match[str]) -> str:
        digits = match[1]
        if digits is None or len(digits) >= _POINTER_DIGITS or int(digits, 16) == own:
            return ""
        return match[0]

    if type(value).__str__ is not object.__str__:
        try:
            return _ANY_ADDRESS.sub(unaddressed, str(value))
        except Exception:  # a hostile __str__: the repr instead
            pass
    text = stable_repr(value)
    return (
        _ANY_ADDRESS.sub(unaddressed, text) if type(value).__repr__ is not object.__repr__ else text
    )


def _key(key: object, as_text: bool = False) -> str:
    """A mapping key as JSON object key: text as is, numbers and other scalars as their text."""
    if isinstance(key, str) and not isinstance(key, enum.Enum):
        return key
    if isinstance(key, int | float) and not isinstance(key, bool | enum.Enum):
        return str(key)
    form = _to_json(key, False, as_text)
    if isinstance(form, str):
        return form
    if form is None or isinstance(form, int | float):  # bools too: the JSON text the Toolbox
        return json.dumps(form)  # reads back, and the schema's propertyNames allows ("true")
    if as_text:
        return stable_repr(key)
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
    """The member whose JSON form is ``value``, as ``json_choice`` finds it."""
    members = list(cls)
    found = json_choice([enum_json(m) for m in members], value)
    if found is None:
        raise WrongJson("one of " + ", ".join(_shown(enum_json(m)) for m in cls))
    return members[found]


def json_choice(forms: cabc.Sequence[Json | _Missing], value: Json) -> int | None:
    """The index of the form (an ``enum`` value of a schema) that ``value`` is, or None.
    JSON compares numbers by value, as a schema's ``enum`` does (``1.0`` is ``1``, ``2`` is
    ``2.0``), but a boolean is no number (``1`` is not ``True``); a form of the value's own
    type wins (``Literal[1, 1.0]``)."""
    for index, form in enumerate(forms):
        if type(form) is type(value) and form == value:
            return index
    if isinstance(value, int | float) and not isinstance(value, bool):
        for index, form in enumerate(forms):
            if isinstance(form, int | float) and not isinstance(form, bool) and form == value:
                return index
    return None


def literal_json(value: object) -> Json | _Missing:
    """A ``Literal`` value as JSON (an Enum member as its value)."""
    if isinstance(value, enum.Enum):
        return enum_json(value)
    return value_json(value)


def _shown(value: Json) -> str:
    return json.dumps(value, ensure_ascii=False)
