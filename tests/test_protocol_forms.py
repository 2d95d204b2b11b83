"""Protocols and ABCs with a JSON form (``typetable/protocols.py``), and union members that
travel as strings collapsing into plain ``str``: exact schemas, value → JSON → value through
the stand-in, the Toolbox's values, results and stubs."""

from __future__ import annotations

import collections.abc as cabc
import datetime
import decimal
import fractions
import hmac
import importlib
import json
import numbers
import os
import pathlib
import sqlite3
import sys
import types
import typing
import warnings
from collections.abc import Callable
from typing import Any, Literal, Protocol, TypeVar

import pytest
import typing_extensions
from hypothesis import given
from hypothesis import strategies as st

from inspector.catalog import Catalog, CatalogClass
from inspector.model import JsonObject
from inspector.runtime.arguments import ArgumentError, Converter
from inspector.runtime.toolbox import Toolbox
from inspector.scan.hints import TypeMapper
from inspector.stubs.module import build_module, render_stubs
from inspector.typetable.protocols import HASHABLE, PROTOCOLS, ProtocolRow, stand_in
from inspector.typetable.scalars import DECIMAL_PATTERN, FRACTION_PATTERN, NoJsonForm
from inspector.typetable.values import default_json, to_json
from tests.conftest import inspect_class, load, stable_id
from tests.test_typetable import VALUES, _validator, values_for

K = TypeVar("K")
V = TypeVar("V")


class SupportsItems(Protocol[K, V]):
    """Like requests' ``_types.SupportsItems``: only a dict has ``items()``."""

    def items(self) -> cabc.Iterable[tuple[K, V]]: ...


class SupportsKeysAndGetItem(Protocol):
    def keys(self) -> cabc.Iterable[str]: ...

    def __getitem__(self, key: str) -> object: ...


T = TypeVar("T")


class SequenceLike(Protocol[T]):
    """Like typeshed's ``_typeshed.SupportsLenAndGetItem``: what every sequence has."""

    def __len__(self) -> int: ...

    def __getitem__(self, index: int) -> T: ...


class Keyed(Protocol):
    """Mapping-like: ``__getitem__`` takes a key, so not an array (and dicts, lists and strings
    all have these members: no single form)."""

    def __len__(self) -> int: ...

    def __getitem__(self, key: str) -> int: ...

    def __iter__(self) -> cabc.Iterator[str]: ...


class Indexable(Protocol):
    def __index__(self) -> int: ...


class Decodable(Protocol):
    def decode(self, encoding: str) -> str: ...


class SupportsBuffer(Protocol):
    """numpy's ``_Buffer``: the buffer protocol, written out before Python 3.12."""

    def __buffer__(self, flags: int, /) -> memoryview: ...


class Reader(Protocol):
    """A file-like: no JSON type reads."""

    def read(self, size: int) -> bytes: ...


class Nothing(Protocol):
    pass


class SizedIterable(cabc.Iterable[T], cabc.Sized, Protocol[T]):
    """typeshed's ``statistics._SizedIterable``: only what its bases ask for."""


class Rows(cabc.Iterable[tuple[int, str]], cabc.Sized, Protocol):
    """Iterable ABCs that say what they iterate, no type parameter."""


class Pairs(cabc.Iterable[tuple[K, V]], cabc.Sized, Protocol[K, V]):
    """Its type parameters are in what it iterates."""


class Counted(cabc.Sized, Protocol):
    """An iterable ABC that does not say what it iterates."""


class Closeable(cabc.Iterable[int], Protocol):
    """An iterable that asks for more than lists have: no form."""

    def close(self) -> None: ...


STRING = {"type": "string"}
BASE64 = {"type": "string", "contentEncoding": "base64"}
LABEL = {"type": ["string", "number", "boolean", "null"]}
DECIMAL = {"type": ["number", "string"], "pattern": DECIMAL_PATTERN}
FRACTION = {"type": ["number", "string"], "pattern": FRACTION_PATTERN}

CASES: list[tuple[object, JsonObject]] = [
    (cabc.Hashable, LABEL),
    (typing.Hashable, LABEL),
    (list[cabc.Hashable], {"type": "array", "items": LABEL}),
    (typing.SupportsIndex, {"type": "integer"}),
    (typing_extensions.SupportsIndex, {"type": "integer"}),
    (typing.SupportsInt, {"type": "integer"}),
    (typing.SupportsFloat, {"type": "number"}),
    (typing.SupportsAbs[int], {"type": "number"}),
    (typing.SupportsRound[float], {"type": "number"}),
    (typing.SupportsBytes, BASE64),
    (typing_extensions.Buffer, BASE64),
    (memoryview, BASE64),
    (os.PathLike, {"type": "string", "format": "path"}),
    (os.PathLike[str], {"type": "string", "format": "path"}),
    (numbers.Number, {"type": "number"}),
    (numbers.Complex, {"type": "number"}),
    # a complex parameter takes ints and floats (PEP 484): numpy's ArrayLike ends in
    # _NestedSequence[complex | bytes | str], whose numbers were left out (arrays of strings)
    (complex, {"type": "number"}),
    (list[complex | bytes | str], {"type": "array", "items": {"type": ["number", "string"]}}),
    (numbers.Real, {"type": "number"}),
    (numbers.Integral, {"type": "integer"}),
    (numbers.Rational, {"type": ["number", "string"], "pattern": FRACTION_PATTERN}),
    (cabc.Sized, {"type": "array"}),
    (cabc.Container[int], {"type": "array", "items": {"type": "integer"}}),
    (cabc.Reversible[str], {"type": "array", "items": STRING}),
    (SupportsItems[str, int], {"type": "object"}),
    (SupportsKeysAndGetItem, {"type": "object"}),
    (Indexable, {"type": "integer"}),
    (Decodable, BASE64),
    (SupportsBuffer, BASE64),
    (typing.SupportsIndex | None, {"type": ["integer", "null"]}),
    # members that travel as strings collapse into plain str
    (str | bytes, STRING),
    (bytes | str, STRING),
    (bytes | str | memoryview, STRING),
    (str | bytes | None, {"type": ["string", "null"]}),
    (str | os.PathLike[str], STRING),
    (datetime.date | str, STRING),
    (str | pathlib.Path | int, {"type": ["string", "integer"]}),
    (
        Literal["auto"] | str | bytes,
        {"anyOf": [{"type": "string", "enum": ["auto"]}, STRING]},
    ),
    (bytes | int, {"anyOf": [BASE64, {"type": "integer"}]}),
    (bytes | pathlib.Path, {"anyOf": [BASE64, {"type": "string", "format": "path"}]}),
    # a plain integer or number beside a member that takes every number (its pattern bounds
    # its strings alone): decimal.Context's ``Decimal | int`` is Decimal's number or text
    (decimal.Decimal | int, DECIMAL),
    (int | decimal.Decimal | float, DECIMAL),
    (fractions.Fraction | int, FRACTION),
    (decimal.Decimal | int | None, {"anyOf": [DECIMAL, {"type": "null"}]}),
]


@pytest.mark.parametrize(("hint", "expected"), CASES, ids=[repr(c[0]) for c in CASES])
def test_hint_maps_to_exact_schema(hint: object, expected: JsonObject) -> None:
    mapped = TypeMapper().map_member(hint)
    assert (mapped.schema.to_schema(), mapped.notes, mapped.json_form) == (expected, (), True)


@pytest.mark.parametrize(
    "protocol",
    [Reader, Keyed, Nothing, typing.SupportsComplex],
    ids=lambda p: p.__name__,
)
def test_a_protocol_no_single_json_type_satisfies_has_no_form(protocol: type) -> None:
    mapped = TypeMapper().map_member(protocol)
    assert (mapped.schema.to_schema(), mapped.json_form) == ({}, False)
    assert [note[:2] for note in mapped.notes] == [
        ("TI108", f"type {protocol.__qualname__} has no JSON Schema form; any value accepted")
    ]
    assert stand_in(protocol) is None


def test_a_complex_result_has_no_form() -> None:
    """``1j`` is no JSON number: a result declared ``complex`` says any value, not a number."""
    mapped = TypeMapper().map_result(complex)
    assert mapped.schema.to_schema() == {}
    assert [note[:2] for note in mapped.notes] == [
        (
            "TI132",
            "type complex has no JSON form; the model gets the form read from the value (an "
            "array, a record's fields, a mapping), else its text",
        )
    ]


def test_in_a_union_a_protocol_with_no_form_is_left_out_and_one_with_a_form_kept() -> None:
    mapped = TypeMapper().map_member(Reader | cabc.Hashable)
    assert (mapped.schema.to_schema(), mapped.json_form) == (LABEL, True)
    assert [note[:2] for note in mapped.notes] == [
        ("TI123", "union member Reader has no JSON Schema form; left out")
    ]


def test_the_members_a_union_leaves_out_are_named_in_one_message() -> None:
    mapped = TypeMapper().map_member(Reader | int | typing.Callable[[], int])
    assert mapped.schema.to_schema() == {"type": "integer"}
    assert [note[:2] for note in mapped.notes] == [
        ("TI123", "union members Reader, Callable[[], int] have no JSON Schema form; left out")
    ]


def test_a_union_with_any_value_leaves_nothing_out_and_says_nothing() -> None:
    """scipy's ``ArrayLike = Array | npt.ArrayLike`` with ``Array = Any``: any value is
    accepted, yet TI123 said numpy's ``_SupportsArray`` members were left out (13 notes for
    ``Rotation``)."""
    mapped = TypeMapper().map_member(typing.Union[Any, Reader, int])  # noqa: UP007
    assert (mapped.schema.to_schema(), mapped.notes, mapped.json_form) == ({}, (), True)


def test_members_a_union_leaves_out_that_share_a_name_are_named_by_their_module_too() -> None:
    """google-genai's ``Union[httpx.Client, httpx2.Client]`` was ``union members Client,
    Client``."""
    first = types.new_class("Client")
    second = types.new_class("Client")
    first.__module__, second.__module__ = "httpx", "httpx2"
    mapped = TypeMapper().map_member(typing.Union[first, second, Reader, int])  # noqa: UP007
    assert mapped.schema.to_schema() == {"type": "integer"}
    assert [note[:2] for note in mapped.notes] == [
        (
            "TI123",
            "union members httpx.Client, httpx2.Client, Reader have no JSON Schema form; left out",
        )
    ]


def test_a_sequence_like_protocol_is_an_array_of_its_items() -> None:
    mapper = TypeMapper()
    assert mapper.map(SequenceLike[int]).to_schema() == {
        "type": "array",
        "items": {"type": "integer"},
    }
    assert mapper.map(SequenceLike).to_schema() == {"type": "array"}
    assert Converter().convert(["1", 2], SequenceLike[int], "x") == [1, 2]


PAIR = {
    "type": "array",
    "prefixItems": [{"type": "integer"}, STRING],
    "minItems": 2,
    "maxItems": 2,
}


@pytest.mark.parametrize(
    ("hint", "expected", "given", "converted"),
    [
        (SizedIterable[int], {"type": "array", "items": {"type": "integer"}}, ["1", 2], [1, 2]),
        (SizedIterable, {"type": "array"}, ["1", 2], ["1", 2]),
        (Rows, {"type": "array", "items": PAIR}, [[1, "x"]], [(1, "x")]),
        (Pairs[int, str], {"type": "array", "items": PAIR}, [["1", "x"]], [(1, "x")]),
        (Counted, {"type": "array"}, ["1", 2], ["1", 2]),
    ],
    ids=stable_id,
)
def test_a_protocol_made_of_iterable_abcs_is_an_array_of_what_they_iterate(
    hint: object, expected: JsonObject, given: list[object], converted: list[object]
) -> None:
    """A protocol that adds nothing to ``Iterable[X]`` and ``Sized`` (dicts, lists, strings
    and bytes all have their members) is what its bases say: an array of X, as the type
    table maps ``Iterable[X]``; the Toolbox gives a list."""
    mapped = TypeMapper().map_member(hint)
    assert (mapped.schema.to_schema(), mapped.notes, mapped.json_form) == (expected, (), True)
    assert Converter().convert(given, hint, "x") == converted


def test_an_iterable_protocol_asking_for_more_than_a_list_has_no_form() -> None:
    mapped = TypeMapper().map_member(Closeable)
    assert (mapped.schema.to_schema(), mapped.json_form) == ({}, False)
    assert stand_in(Closeable) is None


def test_sqlite_parameters_take_a_list_or_an_object() -> None:
    """typeshed types them ``SupportsLenAndGetItem[...] | Mapping[str, ...]``: positional ``?``
    parameters need the list."""
    connection = sqlite3.connect(":memory:")
    box = Toolbox(connection, include=["execute"])
    schema = box.tools[0].parameters_schema()["properties"]
    assert schema["parameters"] == {"anyOf": [{"type": "array"}, {"type": "object"}]}
    box.call("execute", {"sql": "create table t(a, b)"})
    box.call("execute", {"sql": "insert into t values (?, ?)", "parameters": [1, "x"]})
    box.call("execute", {"sql": "insert into t values (:a, :b)", "parameters": {"a": 2, "b": "y"}})
    assert connection.execute("select * from t").fetchall() == [(1, "x"), (2, "y")]


def test_a_sized_buffer_of_a_stub_is_bytes() -> None:
    """typeshed's ``_typeshed.SizedBuffer`` (hmac's ``digest(key: SizedBuffer, ...)``) is a
    buffer as ``Buffer`` is: it had no JSON form, and ``digest`` was held back (TI131)."""
    box = Toolbox(hmac, include=["digest"])
    schema = box.tools[0].parameters_schema()["properties"]
    assert (schema["key"], box.tools[0].uncallable) == (BASE64, ())
    answer = box.call("digest", {"key": "aw==", "msg": "bQ==", "digest": "sha256"})
    assert answer == hmac.digest(b"k", b"m", "sha256")


STUB_ONLY = "_typeshed"
"""A module that exists in stub files only: its rows match the classes a stub's names resolve
to (tested through sqlite3 above)."""


def _classes(row: ProtocolRow) -> list[type]:
    """The classes of a row that exist on this Python (``collections.abc.Buffer``: 3.12+;
    ``collections.abc.ByteString``: deprecated in 3.12, gone in 3.14)."""
    found = []
    for module, name in row.classes:
        if module == STUB_ONLY:
            continue
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            cls = getattr(importlib.import_module(module), name, None)
        if isinstance(cls, type):
            found.append(cls)
    return found


PROTOCOL_CLASSES = [cls for row in PROTOCOLS for cls in _classes(row)]


@pytest.mark.parametrize("row", PROTOCOLS, ids=lambda r: r.name)
def test_every_row_names_classes_that_exist_and_a_stand_in_of_the_table(row: ProtocolRow) -> None:
    gone = sys.version_info >= (3, 14) and row.classes == (("collections.abc", "ByteString"),)
    assert _classes(row) or gone or all(module == STUB_ONLY for module, _ in row.classes)
    if row.stand_in is HASHABLE:
        return
    if row.stand_in is list:  # a structure, not a scalar of the table: an array of any items
        assert TypeMapper().map(row.stand_in).to_schema() == {"type": "array"}
        return
    assert isinstance(row.stand_in, type)
    assert row.stand_in in VALUES


def _row_of(cls: type) -> ProtocolRow:
    (row,) = [row for row in PROTOCOLS if cls in _classes(row)]
    return row


@pytest.mark.parametrize("cls", PROTOCOL_CLASSES, ids=lambda c: f"{c.__module__}.{c.__name__}")
@given(data=st.data())
def test_protocol_row_round_trips_through_its_stand_in(cls: type, data: st.DataObject) -> None:
    row = _row_of(cls)
    value = data.draw(values_for(row.stand_in))
    as_json = to_json(value)
    # ensure_ascii=False: escaped, two lone surrogates drawn side by side ("\ud800\udc00")
    # would be read back as the one character they spell, which is JSON's rule, not ours
    assert json.loads(json.dumps(as_json, ensure_ascii=False)) == as_json
    schema = TypeMapper().map(cls)
    assert schema == TypeMapper().map(row.stand_in)
    _validator(schema.to_schema()).validate(as_json)
    back = Converter().convert(as_json, cls, "value")
    assert back == value
    if isinstance(row.stand_in, type):
        assert isinstance(back, row.stand_in)
    if getattr(cls, "_is_runtime_protocol", False) or not getattr(cls, "_is_protocol", False):
        # the method gets a value the protocol accepts (for complex, PEP 484's int or float)
        assert isinstance(back, (int, float) if cls is complex else cls)


class Tally:
    """A number that only ``numbers.Integral`` knows (as ``numpy.int64`` is)."""

    def __init__(self, count: int) -> None:
        self.count = count

    def __int__(self) -> int:
        return self.count


numbers.Integral.register(Tally)


class Place(os.PathLike[str]):
    def __fspath__(self) -> str:
        return "/data/report.csv"


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (Tally(3), 3),
        (fractions.Fraction(1, 4), 0.25),
        (Place(), "/data/report.csv"),
        (memoryview(b"hi"), "aGk="),
        ([Tally(1), fractions.Fraction(1, 2)], [1, 0.5]),
    ],
    ids=stable_id,
)
def test_values_known_by_an_abc_leave_as_their_stand_in(value: object, expected: object) -> None:
    assert to_json(value) == expected
    assert default_json(value) == expected


class Rotation:
    """A complex number that only ``numbers.Complex`` knows (as ``numpy.complex64`` is)."""

    def __complex__(self) -> complex:
        return 1j

    def __float__(self) -> float:
        return 0.0  # numpy's cast drops the imaginary part: not a JSON form


numbers.Complex.register(Rotation)


@pytest.mark.parametrize("value", [1 + 2j, Rotation()], ids=stable_id)
def test_a_complex_value_has_no_json_form(value: object) -> None:
    with pytest.raises(NoJsonForm):
        to_json(value)


@pytest.mark.parametrize(
    ("sent", "hint", "expected"),
    [
        ("aGk=", bytes | str, "aGk="),
        ("aGk=", str | bytes, "aGk="),
        ("2024-05-01", datetime.date | str, "2024-05-01"),
        ("data/x", pathlib.Path | str, "data/x"),
        ("data/x", os.PathLike[str] | str, "data/x"),
        ("aGk=", bytes | int, b"hi"),
        (7, bytes | str | int, 7),
        ({"a": 1}, SupportsItems[str, int], {"a": 1}),
        ("7", Indexable, 7),
        # a rational is made from what the model wrote (0.1 is 1/10, not the double's value)
        (0.1, numbers.Rational, fractions.Fraction(1, 10)),
        ("-3/4", numbers.Rational, fractions.Fraction(-3, 4)),
        # an int or a float is what a Python caller passes for complex: it stays one (numpy
        # would make a complex array of complex(1))
        (1, complex, 1),
        (2.5, complex, 2.5),
    ],
    ids=stable_id,
)
def test_the_toolbox_passes_the_member_the_schema_offers(
    sent: Any, hint: object, expected: object
) -> None:
    converted = Converter().convert(sent, hint, "value")
    assert converted == expected
    assert type(converted) is type(expected)


@pytest.mark.parametrize(
    ("sent", "hint", "message"),
    [
        (2.5, typing.SupportsIndex, "expected integer, got 2.5"),
        ("x", numbers.Real, 'expected number, got "x"'),
        ("not base64!", typing_extensions.Buffer, 'expected base64 text, got "not base64!"'),
        ([1], cabc.Hashable, "expected string or integer or number or boolean or null, got [1]"),
        ([1], Reader | cabc.Hashable, "expected string or integer or number or boolean or null"),
    ],
    ids=stable_id,
)
def test_the_toolbox_refuses_what_the_schema_refuses(sent: Any, hint: object, message: str) -> None:
    with pytest.raises(ArgumentError, match="^value: " + message.replace("[", r"\[")):
        Converter().convert(sent, hint, "value")


class Files:
    """Methods whose hints are protocols and ABCs."""

    def save(self, path: os.PathLike[str], data: typing_extensions.Buffer) -> str:
        """Save data.

        Args:
            path: Where to.
            data: What.
        """
        return f"{type(path).__name__} {type(data).__name__} {os.fspath(path)} {bytes(data)!r}"

    def pick(self, label: cabc.Hashable, at: typing.SupportsIndex) -> str:
        """Pick a label."""
        return f"{label!r} {type(label).__name__} {at.__index__()}"

    def ratio(self, name: str | bytes) -> numbers.Real:
        """A ratio."""
        return fractions.Fraction(len(name), 4)

    def count(self) -> numbers.Integral:
        """A count."""
        return typing.cast(numbers.Integral, Tally(2))


def test_the_toolbox_calls_methods_with_protocol_hints() -> None:
    toolbox = Toolbox(Files())
    definitions: Any = toolbox.definitions("openai")
    tools = {tool["function"]["name"]: tool["function"] for tool in definitions}
    assert tools["save"]["parameters"]["properties"] == {
        "path": {"type": "string", "format": "path", "description": "Where to."},
        "data": {"type": "string", "contentEncoding": "base64", "description": "What."},
    }
    assert tools["pick"]["parameters"]["properties"] == {"label": LABEL, "at": {"type": "integer"}}
    assert tools["ratio"]["parameters"]["properties"] == {"name": STRING}
    assert toolbox.call("save", {"path": "out/a.bin", "data": "aGk="}) == (
        "PosixPath bytes out/a.bin b'hi'"
    )
    assert toolbox.call("pick", {"label": 3, "at": 2}) == "3 int 2"
    assert toolbox.call("pick", {"label": None, "at": 0}) == "None NoneType 0"
    assert toolbox.call("ratio", {"name": "aGk="}) == fractions.Fraction(1)
    assert to_json(toolbox.call("count")) == 2


def test_a_byte_string_hint_is_bytes() -> None:
    # typing.ByteString (collections.abc.ByteString), which stubs of compiled modules still
    # write (zstandard's ``compress(data: ByteString)``): no JSON form before
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        hints = [getattr(m, "ByteString", None) for m in (typing, cabc)]
    for hint in [h for h in hints if h is not None]:
        mapped = TypeMapper().map_member(hint)
        assert (mapped.schema.to_schema(), mapped.json_form) == (BASE64, True)
        assert Converter().convert("aGk=", hint, "data") == b"hi"
    assert to_json(bytearray(b"hi")) == "aGk="


def test_stubs_write_the_stand_in() -> None:
    tools, diagnostics = inspect_class(Files)
    assert [d.message for d in diagnostics if d.code.startswith("TI1")] == []
    catalog = Catalog((CatalogClass("Files", "x.py:Files", tuple(tools.values())),))
    module, _ = build_module(catalog, "tools.json")
    text = render_stubs(module, [])
    assert "def save(self, path: Path, data: bytes) -> str:" in text
    # a JSON number takes every integer: Hashable's int is within its float
    assert "def pick(self, label: str | float | bool | None, at: int) -> str:" in text
    assert "def ratio(self, name: str) -> float:" in text
    assert "def count(self) -> int:" in text


def test_the_toolbox_converts_with_a_stub_files_protocol_hints(
    modules: Callable[..., None],
) -> None:
    """The code has no hints; the ``.pyi`` beside it names protocols: the schema and the
    values the Toolbox passes follow their stand-ins."""
    modules(
        **{
            "stubbed_store.py": """
                class Store:
                    def put(self, key, data, at):
                        return f"{key!r} {data!r} {at!r}"
            """,
            "stubbed_store.pyi": """
                from collections.abc import Hashable
                from typing import SupportsIndex
                from typing_extensions import Buffer

                class Store:
                    def put(self, key: Hashable, data: Buffer, at: SupportsIndex) -> str: ...
            """,
        }
    )
    toolbox = Toolbox(load("stubbed_store").Store())
    definitions: Any = toolbox.definitions("openai")
    assert definitions[0]["function"]["parameters"]["properties"] == {
        "key": LABEL,
        "data": BASE64,
        "at": {"type": "integer"},
    }
    assert toolbox.call("put", {"key": 1.5, "data": "aGk=", "at": "3"}) == "1.5 b'hi' 3"
    assert toolbox.last_notes == ["at: number sent as a string"]
