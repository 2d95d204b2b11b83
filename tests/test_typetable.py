"""The type registry: for every row, a value → JSON → value round trip, and the JSON validates
(format checking on) against the schema the scanner advertises for the type."""

from __future__ import annotations

import collections
import collections.abc as cabc
import dataclasses
import datetime
import decimal
import enum
import fractions
import functools
import io
import ipaddress
import json
import operator
import os
import pathlib
import time
import types
import typing
import uuid
from typing import Literal, NamedTuple, NotRequired, Optional, TypedDict

import jsonschema
import pydantic
import pytest
from hypothesis import given
from hypothesis import strategies as st

from inspector.model import MISSING, ArrayType, EnumType
from inspector.runtime.arguments import ArgumentError, Converter
from inspector.scan.hints import Mapped, TypeMapper
from inspector.typetable.scalars import (
    FRACTION_PATTERN,
    SCALARS,
    NoJsonForm,
    Scalar,
    WrongJson,
    duration_text,
    scalar_for,
    stub_classes,
)
from inspector.typetable.structures import container_of, has_fields
from inspector.typetable.values import default_json, is_sentinel, to_json, value_json
from tests.conftest import stable_id
from tests.typetable_doc import PAGE, page_with_table, table

_OFFSETS = st.integers(-(23 * 60 + 59), 23 * 60 + 59).map(
    lambda minutes: datetime.timezone(datetime.timedelta(minutes=minutes))
)
"""RFC 3339 offsets are whole minutes."""
_PATH_TEXT = st.text(st.characters(exclude_characters="\x00"), max_size=20)


def _network(version: int) -> st.SearchStrategy[object]:
    cls = ipaddress.IPv4Network if version == 4 else ipaddress.IPv6Network
    bits = 32 if version == 4 else 128
    return st.tuples(st.ip_addresses(v=version), st.integers(0, bits)).map(
        lambda pair: cls(f"{pair[0]}/{pair[1]}", strict=False)
    )


def _interface(version: int) -> st.SearchStrategy[object]:
    cls = ipaddress.IPv4Interface if version == 4 else ipaddress.IPv6Interface
    bits = 32 if version == 4 else 128
    return st.tuples(st.ip_addresses(v=version), st.integers(0, bits)).map(
        lambda pair: cls(f"{pair[0]}/{pair[1]}")
    )


VALUES: dict[type, st.SearchStrategy[typing.Any]] = {
    str: st.text(),
    bool: st.booleans(),
    int: st.integers(),
    float: st.floats(allow_nan=False, allow_infinity=False),
    type(None): st.none(),
    bytes: st.binary(),
    bytearray: st.binary().map(bytearray),
    memoryview: st.binary().map(memoryview),
    datetime.datetime: st.datetimes(timezones=_OFFSETS),
    datetime.date: st.dates(),
    datetime.time: st.times(timezones=_OFFSETS),
    datetime.timedelta: st.timedeltas(),
    uuid.UUID: st.uuids(),
    decimal.Decimal: st.decimals(allow_nan=False, allow_infinity=False),
    # a Fraction leaves as a number: those a double holds exactly, in at most 15 digits
    fractions.Fraction: st.builds(
        lambda n, k: fractions.Fraction(n, 2**k), st.integers(-(2**20), 2**20), st.integers(0, 10)
    ),
    pathlib.PurePath: _PATH_TEXT.map(pathlib.PurePath),
    pathlib.Path: _PATH_TEXT.map(pathlib.Path),
    pathlib.PurePosixPath: _PATH_TEXT.map(pathlib.PurePosixPath),
    pathlib.PureWindowsPath: _PATH_TEXT.map(pathlib.PureWindowsPath),
    pathlib.PosixPath: _PATH_TEXT.map(pathlib.PosixPath),
    ipaddress.IPv4Address: st.ip_addresses(v=4),
    ipaddress.IPv6Address: st.ip_addresses(v=6),
    ipaddress.IPv4Network: _network(4),
    ipaddress.IPv6Network: _network(6),
    ipaddress.IPv4Interface: _interface(4),
    ipaddress.IPv6Interface: _interface(6),
}
"""Values of every class the scalar rows name (``WindowsPath`` cannot exist on this system)."""


def _validator(schema: dict[str, typing.Any]) -> jsonschema.Draft202012Validator:
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(
        schema, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER
    )


@functools.cache
def _mapped(hint: object) -> tuple[Mapped, jsonschema.Draft202012Validator]:
    """A hint's mapping and a validator of its schema, made once per hint rather than once per
    drawn value: mapping a class reads its module's source for attribute docs, and checking a
    schema against the metaschema is slow; neither depends on the value."""
    mapped = TypeMapper().map_member(hint)
    return mapped, _validator(mapped.schema.to_schema())


def test_every_class_of_every_row_has_values() -> None:
    named = {(cls.__module__.partition(".")[0], cls.__qualname__) for cls in VALUES}
    rows = {key for row in SCALARS for key in row.classes}
    assert rows - named == {("pathlib", "WindowsPath")}


def test_the_format_checkers_are_installed() -> None:
    checker = jsonschema.Draft202012Validator.FORMAT_CHECKER
    assert not checker.conforms("1 hour", "duration")
    assert not checker.conforms("2024-05-01 noon", "date-time")
    assert not checker.conforms("noon", "time")
    assert not checker.conforms("not-a-uuid", "uuid")


@pytest.mark.parametrize("cls", list(VALUES), ids=lambda c: c.__qualname__)
@given(data=st.data())
def test_scalar_row_round_trips_and_validates(cls: type, data: st.DataObject) -> None:
    row = scalar_for(cls)
    assert row is not None
    value = data.draw(VALUES[cls])
    as_json = to_json(value)
    assert json.loads(json.dumps(as_json)) == as_json
    mapped, validator = _mapped(cls)
    validator.validate(as_json)
    assert mapped.schema == row.schema
    back = row.read(as_json, cls)
    assert type(back) is type(value)
    assert back == value


@given(st.timedeltas())
def test_a_duration_is_iso_8601(delta: datetime.timedelta) -> None:
    text = duration_text(delta)
    assert text.lstrip("-").startswith("P")
    assert jsonschema.Draft202012Validator.FORMAT_CHECKER.conforms(text, "duration")


@pytest.mark.parametrize(
    ("delta", "text"),
    [
        (datetime.timedelta(0), "PT0S"),
        (datetime.timedelta(hours=1), "PT1H"),
        (datetime.timedelta(days=2, minutes=3, microseconds=500000), "P2DT3M0.5S"),
        (datetime.timedelta(seconds=-90), "-PT1M30S"),
        (datetime.timedelta(days=1), "P1D"),
    ],
)
def test_duration_text(delta: datetime.timedelta, text: str) -> None:
    assert duration_text(delta) == text


@pytest.mark.parametrize(
    ("text", "delta"),
    [
        ("P1W", datetime.timedelta(weeks=1)),
        ("PT1H30M", datetime.timedelta(hours=1, minutes=30)),
        ("PT0.0000015S", datetime.timedelta(microseconds=2)),
        ("P0.5D", datetime.timedelta(hours=12)),
        (90, datetime.timedelta(seconds=90)),
    ],
)
def test_durations_a_model_sends(text: str | int, delta: datetime.timedelta) -> None:
    assert Converter().convert(text, datetime.timedelta, "wait") == delta


def test_naive_date_times_leave_without_an_offset() -> None:
    """No zone is invented; RFC 3339 (JSON Schema's ``date-time``) would want one."""
    naive = datetime.datetime(2024, 5, 1, 12, 30)
    assert to_json(naive) == "2024-05-01T12:30:00"
    assert Converter().convert("2024-05-01T12:30:00", datetime.datetime, "") == naive


def test_stub_classes_come_from_the_rows() -> None:
    assert stub_classes() == {
        "date-time": ("datetime", "datetime"),
        "date": ("datetime", "date"),
        "time": ("datetime", "time"),
        "duration": ("datetime", "timedelta"),
        "uuid": ("uuid", "UUID"),
        "path": ("pathlib", "Path"),
        "ipv4interface": ("ipaddress", "IPv4Interface"),
        "ipv6interface": ("ipaddress", "IPv6Interface"),
        "ipv4": ("ipaddress", "IPv4Address"),
        "ipv6": ("ipaddress", "IPv6Address"),
        "ipv4network": ("ipaddress", "IPv4Network"),
        "ipv6network": ("ipaddress", "IPv6Network"),
    }


@pytest.mark.parametrize("row", SCALARS, ids=lambda r: r.name)
def test_every_row_says_what_it_expects(row: Scalar) -> None:
    assert row.expected
    example = row.example()
    assert row.read(to_json(example), type(example)) == example


# Structural rows


class Color(enum.Enum):
    RED = "red"
    GREEN = "green"


class Level(enum.IntEnum):
    LOW = 1
    HIGH = 2


class Mode(enum.StrEnum):
    FAST = "fast"


class Perm(enum.Flag):
    READ = 1
    WRITE = 2
    EXECUTE = 4


@dataclasses.dataclass
class Point:
    x: float
    y: float = 0.0
    when: datetime.timedelta | None = None


class Movie(TypedDict):
    title: str
    year: NotRequired[int]


class Span(NamedTuple):
    start: int
    end: datetime.date


class User(pydantic.BaseModel):
    name: str
    joined: datetime.date
    tags: frozenset[str] = frozenset()


HINTS: list[object] = [
    list[int],
    cabc.Sequence[str],
    cabc.Iterable[float],
    cabc.Iterator[int],
    cabc.Generator[datetime.date, None, None],
    set[str],
    frozenset[uuid.UUID],
    cabc.Set[int],
    tuple[int, str],
    tuple[()],
    tuple[datetime.date, ...],
    dict[str, datetime.timedelta],
    cabc.Mapping[str, list[int]],
    dict[int, str],
    dict[uuid.UUID, bool],
    Optional[datetime.time],  # noqa: UP045
    int | str,
    Literal["a", 1, True],
    Literal[b"raw", Color.RED, 2.5],
    Color,
    Level,
    Mode,
    Perm,
    Point,
    Movie,
    Span,
    User,
    list[Point | None],
]


def values_for(hint: object) -> st.SearchStrategy[typing.Any]:
    """Values of a hint of the type table."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is Literal:
        return st.sampled_from(args)
    if origin in (typing.Union, types.UnionType):
        return st.one_of([values_for(a) for a in args])
    if isinstance(hint, type) and issubclass(hint, enum.Flag):
        members = st.sets(st.sampled_from(list(hint)))
        return members.map(lambda chosen: functools.reduce(operator.or_, chosen, hint(0)))
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return st.sampled_from(list(hint))
    if isinstance(hint, type) and has_fields(hint):
        return _instances(hint)
    kind = container_of(origin)
    if kind is not None:
        return _containers(origin, args)
    return VALUES[typing.cast(type, hint)]


def _instances(cls: type) -> st.SearchStrategy[typing.Any]:
    hints = typing.get_type_hints(cls)
    if typing.is_typeddict(cls):
        return st.fixed_dictionaries({"title": values_for(str)}, optional={"year": values_for(int)})
    fields = {n: values_for(h) for n, h in hints.items() if not n.startswith("model_")}
    return st.builds(cls, **fields)


def _containers(origin: object, args: tuple[object, ...]) -> st.SearchStrategy[typing.Any]:
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return st.lists(values_for(args[0]), max_size=4).map(tuple)
        return st.tuples(*(values_for(a) for a in args if a != ()))
    if origin in (dict, cabc.Mapping):
        return st.dictionaries(values_for(args[0]), values_for(args[1]), max_size=4)
    items = st.lists(values_for(args[0]), max_size=4)
    if origin in (set, cabc.Set):
        return items.map(set)
    if origin is frozenset:
        return items.map(frozenset)
    return items


def _comparable(value: object) -> object:
    return list(value) if isinstance(value, cabc.Iterator) else value


@pytest.mark.parametrize("hint", HINTS, ids=stable_id)
@given(data=st.data())
def test_structural_row_round_trips_and_validates(hint: object, data: st.DataObject) -> None:
    value = data.draw(values_for(hint))
    sent = iter(value) if typing.get_origin(hint) in (cabc.Iterator, cabc.Generator) else value
    as_json = to_json(sent, consume=True)
    mapped, validator = _mapped(hint)
    validator.validate(as_json)
    shown = [note.message for note in mapped.notes]
    assert shown in ([], ["mapping keys of type int arrive as JSON strings"]) or (
        shown == ["mapping keys of type UUID arrive as JSON strings"]
    )
    assert _comparable(Converter().convert(as_json, hint, "")) == value


def test_an_iterator_argument_is_checked_like_the_array_it_advertises() -> None:
    assert TypeMapper().map(cabc.Iterator[int]).to_schema() == {
        "type": "array",
        "items": {"type": "integer"},
    }
    with pytest.raises(ArgumentError, match=r'^values\[0\]: expected integer, got "x"$'):
        Converter().convert(["x"], cabc.Iterator[int], "values")
    converted = Converter().convert([1, 2], cabc.Iterator[int], "values")
    assert isinstance(converted, cabc.Iterator)
    assert list(converted) == [1, 2]


def test_mapping_keys_are_read_as_the_key_type() -> None:
    assert Converter().convert({"1": "a"}, dict[int, str], "m") == {1: "a"}
    assert Converter().convert({"red": 1}, dict[Color, int], "m") == {Color.RED: 1}
    with pytest.raises(ArgumentError, match=r'^m\.x: expected integer, got "x"$'):
        Converter().convert({"x": "a"}, dict[int, str], "m")


def test_flags_travel_as_arrays_of_member_values() -> None:
    names = (("description", "1 = READ, 2 = WRITE, 4 = EXECUTE"),)
    assert TypeMapper().map(Perm) == ArrayType(items=EnumType((1, 2, 4), names), unique=True)
    assert to_json(Perm.READ | Perm.EXECUTE) == [1, 4]
    assert Converter().convert([4, 1], Perm, "") == Perm.READ | Perm.EXECUTE
    with pytest.raises(ArgumentError, match=r"^perm\[0\]: invalid value 8; allowed: 1, 2, 4$"):
        Converter().convert([8], Perm, "perm")


def test_results_leave_in_their_schema_form() -> None:
    assert to_json(Span(1, datetime.date(2024, 5, 1))) == {"start": 1, "end": "2024-05-01"}
    # a C struct sequence gives its named fields, read as attributes
    moment = time.struct_time((2024, 5, 1, 12, 30, 0, 2, 122, 0))
    assert to_json(moment) == {
        "tm_year": 2024, "tm_mon": 5, "tm_mday": 1, "tm_hour": 12, "tm_min": 30, "tm_sec": 0,
        "tm_wday": 2, "tm_yday": 122, "tm_isdst": 0,
    }  # fmt: skip
    status = os.stat_result((33188, 1, 2, 1, 0, 0, 10, 5, 6, 7))
    assert to_json(status)["st_size"] == 10  # type: ignore[index]
    assert list(to_json(status))[:2] == ["st_mode", "st_ino"]  # type: ignore[arg-type]
    assert to_json({"b", "a", "c"}) == ["a", "b", "c"]
    assert to_json({1: Color.RED}) == {"1": "red"}
    with pytest.raises(NoJsonForm):
        to_json(x for x in (1, 2))
    assert to_json((x for x in (1, 2)), consume=True) == [1, 2]
    opened = io.StringIO("a\nb\n")
    assert to_json(opened, consume=True) == ["a\n", "b\n"]
    assert opened.closed  # a file result is read, then closed
    with pytest.raises(NoJsonForm):
        to_json(float("nan"))
    loop: list[object] = []
    loop.append(loop)
    with pytest.raises(NoJsonForm, match="contains itself"):
        to_json(loop)


# Defaults


class NoDefault(enum.Enum):
    NO_DEFAULT = "NO_DEFAULT"


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (datetime.date(2024, 5, 1), "2024-05-01"),
        (datetime.datetime(2024, 5, 1, 8, tzinfo=datetime.UTC), "2024-05-01T08:00:00+00:00"),
        (datetime.time(8, 30), "08:30:00"),
        (datetime.timedelta(minutes=5), "PT5M"),
        (uuid.UUID(int=1), "00000000-0000-0000-0000-000000000001"),
        (decimal.Decimal("0.10"), "0.10"),
        (pathlib.PurePosixPath("/tmp/x"), "/tmp/x"),
        (ipaddress.IPv4Address("10.0.0.1"), "10.0.0.1"),
        (Color.RED, "red"),
        ((1, 2), [1, 2]),
        (frozenset({"b", "a"}), ["a", "b"]),
        ({3, 1, 2}, [1, 2, 3]),
        (Point(1.0), {"x": 1.0, "y": 0.0, "when": None}),
        (float("inf"), MISSING),
        (object(), MISSING),
        (lambda: 1, MISSING),
    ],
    ids=stable_id,
)
def test_defaults_keep_their_json_form(value: object, expected: object) -> None:
    assert default_json(value) == expected
    assert value_json(value) == expected


class Exploding(cabc.Mapping[str, int]):
    def __getitem__(self, key: str) -> int:
        raise RuntimeError("boom")

    def __iter__(self) -> cabc.Iterator[str]:
        raise RuntimeError("boom")

    def __len__(self) -> int:
        return 1


class NotGiven:
    """Like openai's ``NOT_GIVEN``: an instance that holds nothing."""

    def __bool__(self) -> bool:
        return False


class Stateful:
    """An object that holds a value: an ordinary default of no JSON form."""

    def __init__(self) -> None:
        self.value = 1


class Slotted:
    """An object whose state is in slots."""

    __slots__ = ("value",)


@dataclasses.dataclass
class EmptyData:
    """A dataclass without fields: its JSON form is ``{}``."""


def test_a_default_whose_code_fails_has_no_json_form() -> None:
    with pytest.raises(RuntimeError):
        to_json(Exploding())
    assert default_json(Exploding()) is MISSING


@pytest.mark.parametrize(
    ("value", "sentinel"),
    [
        (object(), True),
        (dataclasses.MISSING, True),
        (NoDefault.NO_DEFAULT, True),
        (Color.RED, False),
        (None, False),
        (0, False),
        (NotGiven(), True),
        (Stateful(), False),
        (Slotted(), False),
        (len, False),
        (NotGiven, False),
        (EmptyData(), False),
        (collections.OrderedDict(), False),
    ],
    ids=stable_id,
)
def test_sentinels(value: object, sentinel: bool) -> None:
    assert is_sentinel(value) is sentinel


def test_the_documentation_table_matches_the_registry() -> None:
    page = PAGE.read_text("utf-8")
    assert page_with_table(page) == page, "run: python tests/typetable_doc.py"
    assert table() in page


FRACTION = scalar_for(fractions.Fraction)


@given(st.from_regex(FRACTION_PATTERN, fullmatch=True))
def test_every_text_the_fraction_pattern_allows_is_read(text: str) -> None:
    """The schema and the reader agree (past Python's 4,300 digits an integer's text is refused,
    fast), and no allowed text takes long: a Fraction computes ``10**exponent`` whole, so the
    pattern bounds the exponent."""
    assert FRACTION is not None
    assert FRACTION.read(text, fractions.Fraction) == fractions.Fraction(text)


def test_a_fraction_exponent_past_the_pattern_is_refused_not_computed() -> None:
    assert FRACTION is not None
    for text in ("1e999999999", "1e-999999999", "2.5E10000"):
        with pytest.raises(WrongJson):
            FRACTION.read(text, fractions.Fraction)


def test_a_fraction_past_a_doubles_range_has_no_json_form() -> None:
    with pytest.raises(NoJsonForm, match=r"^a Fraction past a double's range$"):
        to_json(fractions.Fraction(10**5000, 3))
