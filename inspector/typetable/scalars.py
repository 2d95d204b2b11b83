"""Types sent as one JSON value: str, numbers, dates, durations, UUIDs, paths, addresses, ...

Each ``Scalar`` is one row of the type table. Classes are recognised by module and qualified
name along their MRO (so subclasses count and ``uuid``, ``decimal`` or ``ipaddress`` are only
imported when a value of theirs is read). As a hint, a class registered with the numeric ABCs
instead (``numpy.int64`` is a ``numbers.Integral``, ``numpy.float32`` a ``numbers.Real``) takes
the row of ``int`` or ``float`` (``number_row``), and is made from the JSON number by calling
it.
"""

from __future__ import annotations

import datetime
import enum
import functools
import inspect
import math
import numbers
import pathlib
import re
import sys
import typing
from collections.abc import Callable
from typing import NamedTuple

from inspector.model import (
    AnyOfType,
    BooleanType,
    IntegerType,
    Json,
    NullType,
    NumberType,
    SchemaType,
    StringType,
)


class WrongJson(ValueError):
    """A JSON value that does not fit a type; ``expected`` says what would."""

    def __init__(self, expected: str) -> None:
        super().__init__(expected)
        self.expected = expected


class NoJsonForm(TypeError):
    """A Python value that has no JSON form."""


class Scalar(NamedTuple):
    """One row of the type table: a type sent as one JSON value."""

    name: str
    """The class as a user writes it (``datetime.timedelta``); documentation only."""
    classes: tuple[tuple[str, str], ...]
    """(top-level module, qualified name) of the classes this row covers."""
    schema: SchemaType
    read: Callable[[Json, type], object]
    """JSON → the value of the given class (a subclass of the row's); raises ``WrongJson``."""
    write: Callable[[object], Json]
    """The value → JSON; raises ``NoJsonForm``."""
    stub: tuple[str, str]
    """The stub annotation: (module to import from, or "" for a builtin; name)."""
    example: Callable[[], object]
    """An example value, for the documentation."""

    @property
    def expected(self) -> str:
        """What the row accepts, in words: the message its reader gives a value of no JSON
        type at all (every reader checks the JSON type first), so it is said in one place."""
        try:
            self.read(typing.cast(Json, _NOT_JSON), object)
        except WrongJson as error:
            return error.expected
        raise AssertionError(f"the reader of {self.name} accepted a value of no JSON type")


_NOT_JSON = object()


def _read_bool(value: Json, cls: type) -> object:
    if not isinstance(value, bool):
        raise WrongJson("boolean")
    return value


def _read_int(value: Json, cls: type) -> object:
    if isinstance(value, float) and value.is_integer():
        return cls(int(value))
    if not isinstance(value, int) or isinstance(value, bool):
        raise WrongJson("integer")
    return value if cls is int else cls(value)


_BITS_ALWAYS_WRITTEN = 2000
"""Fewer bits than 640 decimal digits need, the lowest limit ``sys.set_int_max_str_digits``
takes: an integer this short always has a text."""


def _write_int(value: object) -> Json:
    number = int(typing.cast(int, value))
    if number.bit_length() > _BITS_ALWAYS_WRITTEN:
        try:
            str(number)
        except ValueError:  # past the interpreter's limit on integer text: no JSON writes it
            limit = sys.get_int_max_str_digits()
            raise NoJsonForm(f"an integer of more than {limit} digits") from None
    return number


def _read_float(value: Json, cls: type) -> object:
    if not isinstance(value, int | float) or isinstance(value, bool):
        raise WrongJson("number")
    if not math.isfinite(value):  # Python's json reads NaN; no JSON number is one
        raise WrongJson("number")
    if cls is float and isinstance(value, int):
        # an int is what a Python caller passes for ``float`` (PEP 484's numeric tower), and
        # code typed ``float`` may pass it on where only an int goes (PIL's colour tuples)
        return value
    return cls(value)


def _write_float(value: object) -> Json:
    number = float(value)  # type: ignore[arg-type]
    if not math.isfinite(number):
        raise NoJsonForm(f"{number} is not a JSON number")
    return number


def _text(value: Json, expected: str) -> str:
    if not isinstance(value, str):
        raise WrongJson(expected)
    return value


def _read_str(value: Json, cls: type) -> object:
    text = _text(value, "string")
    return text if cls is str else cls(text)


def _read_none(value: Json, cls: type) -> object:
    if value is not None:
        raise WrongJson("null")
    return None


def _read_bytes(value: Json, cls: type) -> object:
    import base64  # here, as in ``_write_bytes``: only a call with bytes needs it

    text = _text(value, "base64 text")
    try:
        return cls(base64.b64decode(text, validate=True))
    except ValueError:  # binascii.Error is one
        raise WrongJson("base64 text") from None


def _write_bytes(value: object) -> Json:
    import base64

    return base64.b64encode(value).decode("ascii")  # type: ignore[arg-type]


def _parsed(expected: str) -> Callable[[Json, type], object]:
    """A reader that parses text with the class itself (``cls.fromisoformat`` or ``cls``)."""

    def read(value: Json, cls: type) -> object:
        text = _text(value, expected)
        parse = getattr(cls, "fromisoformat", cls)
        try:
            return parse(text)
        except ValueError:
            raise WrongJson(expected) from None

    return read


def _clock(expected: str) -> Callable[[Json, type], object]:
    """A reader of date-times or times (as ``_parsed``) that refuses text naming a date alone,
    which ``fromisoformat`` reads as midnight ("2024-05-01") or as a time of day ("20240501":
    20:24:05.01). The schema's format asks for a time, and in a union with ``date`` such text
    is the date's."""
    parse = _parsed(expected)

    def read(value: Json, cls: type) -> object:
        if is_date_text(_text(value, expected)):
            raise WrongJson(expected)
        return parse(value, cls)

    return read


def is_date_text(text: str) -> bool:
    """Whether text is an ISO 8601 date and nothing more."""
    try:
        datetime.date.fromisoformat(text)
    except ValueError:
        return False
    return True


def _write_isoformat(value: object) -> Json:
    return value.isoformat()  # type: ignore[attr-defined,no-any-return]


def _write_str(value: object) -> Json:
    return str(value)


@functools.cache
def _duration() -> re.Pattern[str]:
    """An ISO 8601 duration; compiled when the first one is read (saves start-up)."""
    return re.compile(
        r"(?P<sign>-)?P(?:(?P<weeks>\d+(?:\.\d+)?)W)?(?:(?P<days>\d+(?:\.\d+)?)D)?"
        r"(?:T(?:(?P<hours>\d+(?:\.\d+)?)H)?(?:(?P<minutes>\d+(?:\.\d+)?)M)?"
        r"(?:(?P<seconds>\d+)(?:\.(?P<fraction>\d+))?S)?)?"
    )


DURATION_EXAMPLE = '"PT1H30M"'


def duration_text(delta: datetime.timedelta) -> str:
    """ISO 8601 duration: ``P1DT2H3M4.5S``, ``PT0S``; a negative one starts with ``-``."""
    sign = "-" if delta < datetime.timedelta(0) else ""
    delta = abs(delta)
    hours, rest = divmod(delta.seconds, 3600)
    minutes, seconds = divmod(rest, 60)
    clock = "".join(f"{n}{unit}" for n, unit in ((hours, "H"), (minutes, "M")) if n)
    if delta.microseconds:
        clock += f"{seconds}.{delta.microseconds:06d}".rstrip("0") + "S"
    elif seconds or not (delta.days or clock):
        clock += f"{seconds}S"
    days = f"{delta.days}D" if delta.days else ""
    return f"{sign}P{days}" + (f"T{clock}" if clock else "")


def _read_duration(value: Json, cls: type) -> object:
    expected = f"an ISO 8601 duration such as {DURATION_EXAMPLE}"
    if isinstance(value, int | float) and not isinstance(value, bool):
        try:
            return cls(seconds=value)  # seconds: what models send when they forget the form
        except (OverflowError, ValueError):  # past timedelta's range, or NaN
            raise WrongJson(expected) from None
    match = _duration().fullmatch(_text(value, expected))
    parts = match.groupdict() if match else {}
    if not any(v for k, v in parts.items() if k != "sign"):
        raise WrongJson(expected)
    fraction = parts.pop("fraction") or "0"
    sign = -1 if parts.pop("sign") else 1
    amounts = {k: float(v) for k, v in parts.items() if v}
    whole_seconds = amounts.pop("seconds", 0.0)
    microseconds = round(int(fraction.ljust(7, "0")[:7]) / 10)
    try:
        delta = cls(**amounts, seconds=int(whole_seconds), microseconds=microseconds)
    except OverflowError:
        raise WrongJson(expected) from None
    return delta * sign if sign < 0 else delta


def _write_duration(value: object) -> Json:
    assert isinstance(value, datetime.timedelta)
    return duration_text(value)


def _read_decimal(value: Json, cls: type) -> object:
    import decimal

    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise WrongJson("number or string")
    try:
        number = cls(str(value))
    except decimal.InvalidOperation:
        raise WrongJson("a decimal number") from None
    if not number.is_finite():  # "NaN", "Infinity": text Decimal reads, the schema's pattern not
        raise WrongJson("a decimal number")
    return number


DECIMAL_PATTERN = r"^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d{1,9})?$"
"""Decimal text as ``str(Decimal)`` writes it and ``Decimal(text)`` reads it (finite only)."""


def _write_decimal(value: object) -> Json:
    text = str(value)
    if re.fullmatch(DECIMAL_PATTERN, text) is None:
        raise NoJsonForm(f"Decimal {text} is not a finite number")
    return text


_DECIMAL_SCHEMA = AnyOfType((NumberType(), StringType()), keywords=(("pattern", DECIMAL_PATTERN),))
"""``{"type": ["number", "string"], "pattern": ...}``: the pattern applies to strings only."""


def _read_fraction(value: Json, cls: type) -> object:
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise WrongJson('number or string such as "3/4"')
    if isinstance(value, str) and re.fullmatch(FRACTION_PATTERN, value) is None:
        raise WrongJson('a fraction such as "3/4" or a decimal number')
    try:  # a float as the model wrote it (0.1 is 1/10, not its binary value)
        return cls(value if isinstance(value, str) else repr(value))
    except (ValueError, ZeroDivisionError, OverflowError):  # NaN, infinity
        raise WrongJson('a fraction such as "3/4" or a decimal number') from None


FRACTION_PATTERN = r"^[+-]?((\d+(\.\d*)?|\.\d+)([eE][+-]?\d{1,4})?|\d+/0*[1-9]\d*)$"
"""Fraction text: ``3/4`` as ``str(Fraction)`` writes it, or a decimal number; ``Fraction(text)``
reads both. The exponent has at most 4 digits: unlike a ``Decimal``, a ``Fraction`` computes
``10**exponent`` whole, and ``1e999999999`` would hold the process for minutes."""


def _write_fraction(value: object) -> Json:
    """A number, as a ``Fraction`` a method returns where its hint says ``float`` or
    ``numbers.Real`` must leave (``1/3`` as ``0.3333333333333333``)."""
    try:
        return float(typing.cast(float, value))
    except OverflowError:
        # not the value in the message: its text may be past int's digit limit
        raise NoJsonForm("a Fraction past a double's range") from None


_FRACTION_SCHEMA = AnyOfType(
    (NumberType(), StringType()), keywords=(("pattern", FRACTION_PATTERN),)
)
"""As ``Decimal``'s: a number, or text that keeps what a number loses (``"1/3"``)."""


def _string(fmt: str | None, expected: str) -> tuple[SchemaType, Callable[[Json, type], object]]:
    return StringType(fmt), _parsed(expected)


def _address(version: int, kind: str) -> Scalar:
    name = f"IPv{version}{kind}"
    fmt = f"ipv{version}" if kind == "Address" else f"ipv{version}{kind.lower()}"
    schema, read = _string(fmt, f"an IPv{version} {kind.lower()}")
    samples = {
        4: {"Address": "192.0.2.1", "Network": "192.0.2.0/24", "Interface": "192.0.2.1/24"},
        6: {"Address": "2001:db8::1", "Network": "2001:db8::/32", "Interface": "2001:db8::1/64"},
    }
    text = samples[version][kind]

    def example() -> object:
        import ipaddress

        return getattr(ipaddress, name)(text)

    return Scalar(
        f"ipaddress.{name}", (("ipaddress", name),), schema, read, _write_str, ("ipaddress", name),
        example,
    )  # fmt: skip


def _uuid_example() -> object:
    import uuid

    return uuid.UUID("12345678-1234-5678-1234-567812345678")


def _decimal_example() -> object:
    import decimal

    return decimal.Decimal("19.99")


def _fraction_example() -> object:
    import fractions

    return fractions.Fraction(3, 4)


_PATHS = tuple(
    ("pathlib", name)
    for name in ("PurePath", "Path", "PurePosixPath", "PureWindowsPath", "PosixPath", "WindowsPath")
)


def _date_example() -> object:
    return datetime.datetime(2024, 5, 1, 12, 30, tzinfo=datetime.UTC)


SCALARS: tuple[Scalar, ...] = (
    Scalar("str", (("builtins", "str"),), StringType(), _read_str, _write_str, ("", "str"),
           lambda: "text"),
    Scalar("bool", (("builtins", "bool"),), BooleanType(), _read_bool, bool, ("", "bool"),
           lambda: True),
    Scalar("int", (("builtins", "int"),), IntegerType(), _read_int, _write_int, ("", "int"),
           lambda: 42),
    Scalar("float", (("builtins", "float"),), NumberType(), _read_float, _write_float,
           ("", "float"), lambda: 2.5),
    Scalar("None", (("builtins", "NoneType"),), NullType(), _read_none, lambda v: None,
           ("", "None"), lambda: None),
    Scalar("bytes, bytearray, memoryview",
           (("builtins", "bytes"), ("builtins", "bytearray"), ("builtins", "memoryview")),
           StringType(keywords=(("contentEncoding", "base64"),)), _read_bytes, _write_bytes,
           ("", "bytes"), lambda: b"hi"),
    Scalar("datetime.datetime", (("datetime", "datetime"),), StringType("date-time"),
           _clock('a date-time such as "2024-05-01T12:00:00"'),
           _write_isoformat, ("datetime", "datetime"), _date_example),
    Scalar("datetime.date", (("datetime", "date"),),
           *_string("date", 'a date such as "2024-05-01"'), _write_isoformat,
           ("datetime", "date"), lambda: datetime.date(2024, 5, 1)),
    Scalar("datetime.time", (("datetime", "time"),), StringType("time"),
           _clock('a time such as "12:00:00"'), _write_isoformat,
           ("datetime", "time"), lambda: datetime.time(12, 30, tzinfo=datetime.UTC)),
    Scalar("datetime.timedelta", (("datetime", "timedelta"),), StringType("duration"),
           _read_duration, _write_duration, ("datetime", "timedelta"),
           lambda: datetime.timedelta(hours=1, minutes=30)),
    Scalar("uuid.UUID", (("uuid", "UUID"),), *_string("uuid", "a UUID"), _write_str,
           ("uuid", "UUID"), _uuid_example),
    Scalar("decimal.Decimal", (("decimal", "Decimal"),), _DECIMAL_SCHEMA,
           _read_decimal, _write_decimal, ("decimal", "Decimal"), _decimal_example),
    Scalar("fractions.Fraction", (("fractions", "Fraction"),), _FRACTION_SCHEMA,
           _read_fraction, _write_fraction, ("fractions", "Fraction"), _fraction_example),
    Scalar("pathlib.Path, pathlib.PurePath", _PATHS, *_string("path", "a path"), _write_str,
           ("pathlib", "Path"), lambda: pathlib.PurePosixPath("data/report.csv")),
    *(_address(v, kind) for kind in ("Interface", "Address", "Network") for v in (4, 6)),
)  # fmt: skip
"""In lookup order: a subclass row (IPv4Interface is an IPv4Address) before its base."""

_BY_CLASS = {key: scalar for scalar in SCALARS for key in scalar.classes}


def scalar_for(cls: type) -> Scalar | None:
    """The row of a class or of its nearest listed base (enums excluded: see ``enum_json``)."""
    if issubclass(cls, enum.Enum):
        return None
    for base in cls.__mro__:
        found = _BY_CLASS.get((base.__module__.partition(".")[0], base.__qualname__))
        if found is not None:
            return found
    return None


def number_row(cls: type) -> Scalar | None:
    """For a hint: the row of ``int`` or ``float`` for a class registered as a
    ``numbers.Integral`` or ``numbers.Real`` that is neither (numpy's ``int64``, ``uint8``,
    ``float32``), which the JSON number is made into by calling it; None for any other class,
    for one no number makes (``numbers.Integral`` itself, numpy's abstract ``integer`` and
    ``floating``), and for a rational class (``Fraction`` has a row of its own): made from a
    JSON number it would be the number's binary value (0.1 is 3602879701896397/36028797018963968),
    not what the model wrote.
    Results and defaults keep their own forms (a ``timedelta64`` is a duration)."""
    if inspect.isabstract(cls) or not issubclass(cls, numbers.Real):
        return None
    if issubclass(cls, numbers.Integral):
        row = _BY_CLASS[("builtins", "int")]
    elif issubclass(cls, numbers.Rational):
        return None
    else:
        row = _BY_CLASS[("builtins", "float")]
    try:  # an abstract C base raises ("cannot create 'numpy.integer' instances")
        typing.cast(Callable[[int], object], cls)(0)
    except Exception:  # any refusal: no number makes one
        return None
    return row


def _stub_rows() -> dict[type, list[Scalar]]:
    """The rows ``row_of_schema`` can give, by the class of their schema."""
    rows: dict[type, list[Scalar]] = {}
    for row in SCALARS:
        if row.schema.keywords or isinstance(row.schema, AnyOfType):
            rows.setdefault(type(row.schema), []).append(row)
    return rows


_STUB_ROWS = _stub_rows()


def row_of_schema(schema: SchemaType) -> Scalar | None:
    """The row whose schema is exactly ``schema``, for rows no other type shares (``Decimal``,
    ``bytes``): a stub names their class. Only rows of the schema's own class are compared
    (a dataclass equals only its own class)."""
    for row in _STUB_ROWS.get(type(schema), ()):
        if row.schema == schema:
            return row
    return None


def stub_classes() -> dict[str, tuple[str, str]]:
    """String format → the (module, class) a stub writes for it."""
    return {
        s.schema.format: s.stub
        for s in SCALARS
        if isinstance(s.schema, StringType) and s.schema.format and s.stub[0]
    }
