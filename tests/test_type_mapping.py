"""Every row of DESIGN.md's type table: hint → exact canonical JSON Schema."""

from __future__ import annotations

import collections.abc as cabc
import datetime
import decimal
import enum
import pathlib
import threading
import typing
import uuid
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal, NamedTuple, NotRequired, Optional, TypedDict, Union

import annotated_types
import numpy as np
import pydantic
import pytest
import typing_extensions

from inspector.model import JsonObject
from inspector.runtime.toolbox import Toolbox, ToolCallError
from inspector.scan.hints import TypeMapper


class Color(enum.Enum):
    RED = "red"
    GREEN = "green"


class Level(enum.IntEnum):
    LOW = 1
    HIGH = 2


class Mode(enum.StrEnum):
    FAST = "fast"


class Mixed(enum.Enum):
    ONE = 1
    TWO = "two"


@dataclass
class Point:
    """A point.

    Attributes:
        x: Horizontal.
    """

    x: float
    y: float = 0.0
    tags: list[str] = field(default_factory=list)


@dataclass
class Undocumented:
    a: int


class Opaque:
    """A live object (pyarrow's ``RecordBatch``): no JSON form, in a list neither."""

    def __init__(self, handle: object) -> None:
        self.handle = handle


class Movie(TypedDict, total=False):
    title: typing.Required[str]
    year: int


class Film(TypedDict):
    title: str
    year: NotRequired[int]


class Span(NamedTuple):
    start: int
    end: int = -1


class User(pydantic.BaseModel):
    name: str = pydantic.Field(description="Login.", max_length=8)
    age: int = 0


@dataclass
class Node:
    value: int
    next: Node | None = None


@dataclass
class Holder:
    first: Node
    second: Node


POINT: JsonObject = {
    "type": "object",
    "title": "Point",
    "description": "A point.",
    "properties": {
        "x": {"type": "number", "description": "Horizontal."},
        "y": {"type": "number", "default": 0.0},
        "tags": {"type": "array", "items": {"type": "string"}, "default": []},
    },
    "required": ["x"],
}

T = typing.TypeVar("T")

SCALAR = {"type": ["string", "number", "boolean", "null"]}
"""Any hashable value the model can send (``collections.abc.Hashable``'s form)."""

CASES: list[tuple[object, JsonObject]] = [
    (str, {"type": "string"}),
    (int, {"type": "integer"}),
    (float, {"type": "number"}),
    (bool, {"type": "boolean"}),
    (None, {"type": "null"}),
    (type(None), {"type": "null"}),
    (bytes, {"type": "string", "contentEncoding": "base64"}),
    (datetime.datetime, {"type": "string", "format": "date-time"}),
    (datetime.date, {"type": "string", "format": "date"}),
    (datetime.time, {"type": "string", "format": "time"}),
    (datetime.timedelta, {"type": "string", "format": "duration"}),
    (uuid.UUID, {"type": "string", "format": "uuid"}),
    (
        decimal.Decimal,
        {"type": ["number", "string"], "pattern": r"^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d{1,9})?$"},
    ),
    (pathlib.Path, {"type": "string", "format": "path"}),
    (Literal["a", "b"], {"type": "string", "enum": ["a", "b"]}),
    (Literal[1, True, "x"], {"type": ["integer", "boolean", "string"], "enum": [1, True, "x"]}),
    (Literal["a", None], {"type": ["string", "null"], "enum": ["a", None]}),
    # Literal[None] is None (PEP 586): sqlglot's overloads give ``fields: Literal[None]``
    (Literal[None], {"type": "null"}),
    (
        list[str] | Literal[None],
        {"anyOf": [{"type": "array", "items": {"type": "string"}}, {"type": "null"}]},
    ),
    (Optional[Literal[None]], {"type": "null"}),  # noqa: UP045
    (Color, {"type": "string", "enum": ["red", "green"]}),
    (Level, {"type": "integer", "enum": [1, 2], "description": "1 = LOW, 2 = HIGH"}),
    (Mode, {"type": "string", "enum": ["fast"]}),
    (
        Mixed,
        {"type": ["integer", "string"], "enum": [1, "two"], "description": '1 = ONE, "two" = TWO'},
    ),
    (Literal[Color.RED], {"type": "string", "enum": ["red"]}),
    (list[int], {"type": "array", "items": {"type": "integer"}}),
    (list, {"type": "array"}),
    (list[Any], {"type": "array"}),
    (cabc.Sequence[str], {"type": "array", "items": {"type": "string"}}),
    (cabc.Iterable[str], {"type": "array", "items": {"type": "string"}}),
    (set[int], {"type": "array", "items": {"type": "integer"}, "uniqueItems": True}),
    (frozenset[str], {"type": "array", "items": {"type": "string"}, "uniqueItems": True}),
    # a set of any item holds what a set can hold: a scalar (a list or a dict from the model
    # was schema-valid, and the Toolbox refused it)
    (set[Any], {"type": "array", "items": SCALAR, "uniqueItems": True}),
    (set, {"type": "array", "items": SCALAR, "uniqueItems": True}),
    (cabc.Set, {"type": "array", "items": SCALAR, "uniqueItems": True}),
    (frozenset[object], {"type": "array", "items": SCALAR, "uniqueItems": True}),
    (set[T], {"type": "array", "items": SCALAR, "uniqueItems": True}),  # unbound: any value
    (set[Optional[Any]], {"type": "array", "items": SCALAR, "uniqueItems": True}),  # noqa: UP045
    (set[Any | int], {"type": "array", "items": SCALAR, "uniqueItems": True}),
    (
        tuple[int, str],
        {
            "type": "array",
            "prefixItems": [{"type": "integer"}, {"type": "string"}],
            "minItems": 2,
            "maxItems": 2,
        },
    ),
    (tuple[int, ...], {"type": "array", "items": {"type": "integer"}}),
    (tuple[()], {"type": "array", "maxItems": 0}),
    (typing.Tuple[()], {"type": "array", "maxItems": 0}),  # noqa: UP006
    # bare: of any items (it was the empty tuple, as typing.get_args gives both nothing)
    (typing.Tuple, {"type": "array"}),  # noqa: UP006
    (tuple, {"type": "array"}),
    (dict[str, int], {"type": "object", "additionalProperties": {"type": "integer"}}),
    (dict, {"type": "object"}),
    (dict[str, Any], {"type": "object"}),
    (
        cabc.Mapping[str, list[bool]],
        {
            "type": "object",
            "additionalProperties": {"type": "array", "items": {"type": "boolean"}},
        },
    ),
    (int | None, {"type": ["integer", "null"]}),
    (Optional[str], {"type": ["string", "null"]}),  # noqa: UP045
    (Union[int, str], {"type": ["integer", "string"]}),  # noqa: UP007
    (datetime.date | None, {"type": ["string", "null"], "format": "date"}),
    (Color | None, {"type": ["string", "null"], "enum": ["red", "green", None]}),
    (
        list[int] | None,
        {"anyOf": [{"type": "array", "items": {"type": "integer"}}, {"type": "null"}]},
    ),
    (int | Union[str, None], {"type": ["integer", "string", "null"]}),  # noqa: UP007
    (int | Any, {}),
    (
        Literal[1] | str | Literal["a", 1],
        {"anyOf": [{"type": ["integer", "string"], "enum": [1, "a"]}, {"type": "string"}]},
    ),
    (Any, {}),
    (object, {}),
    (Point, POINT),
    (
        Undocumented,
        {
            "type": "object",
            "title": "Undocumented",
            "properties": {"a": {"type": "integer"}},
            "required": ["a"],
        },
    ),
    (
        Movie,
        {
            "type": "object",
            "title": "Movie",
            "properties": {"title": {"type": "string"}, "year": {"type": "integer"}},
            "required": ["title"],
        },
    ),
    (
        Film,
        {
            "type": "object",
            "title": "Film",
            "properties": {"title": {"type": "string"}, "year": {"type": "integer"}},
            "required": ["title"],
        },
    ),
    (
        Span,
        {
            "type": "object",
            "title": "Span",
            "properties": {"start": {"type": "integer"}, "end": {"type": "integer", "default": -1}},
            "required": ["start"],
        },
    ),
    (
        User,
        {
            "type": "object",
            "title": "User",
            "properties": {
                "name": {"type": "string", "description": "Login.", "maxLength": 8},
                "age": {"type": "integer", "default": 0},
            },
            "required": ["name"],
        },
    ),
    (
        Annotated[int, annotated_types.Gt(0), annotated_types.Le(9)],
        {"type": "integer", "exclusiveMinimum": 0, "maximum": 9},
    ),
    (
        Annotated[float, annotated_types.Interval(ge=0, lt=1), annotated_types.MultipleOf(0.5)],
        {"type": "number", "minimum": 0, "exclusiveMaximum": 1, "multipleOf": 0.5},
    ),
    (Annotated[str, annotated_types.Len(2, 4)], {"type": "string", "minLength": 2, "maxLength": 4}),
    (
        Annotated[list[int], annotated_types.MinLen(1)],
        {"type": "array", "items": {"type": "integer"}, "minItems": 1},
    ),
    (
        Annotated[dict[str, int], annotated_types.MaxLen(3)],
        {"type": "object", "additionalProperties": {"type": "integer"}, "maxProperties": 3},
    ),
    (Annotated[str, pydantic.StringConstraints(pattern="^a")], {"type": "string", "pattern": "^a"}),
    (Annotated[str, "Inner text."], {"type": "string", "description": "Inner text."}),
    (
        Annotated[str, typing_extensions.Doc("Doc text.")],
        {"type": "string", "description": "Doc text."},
    ),
    (  # FastAPI's style: a triple-quoted, indented block
        Annotated[
            str, typing_extensions.Doc("\n        The path.\n\n          Indented.\n        ")
        ],
        {"type": "string", "description": "The path.\n\n  Indented."},
    ),
    (
        Annotated[int, pydantic.Field(description="\n    Counted.\n    ")],
        {"type": "integer", "description": "Counted."},
    ),
    (
        list[Annotated[int, "An item."]],
        {"type": "array", "items": {"type": "integer", "description": "An item."}},
    ),
    (typing.NewType("UserId", int), {"type": "integer"}),
    (typing.TypeVar("T", bound=str), {"type": "string"}),
    (typing.TypeVar("U", int, str), {"type": ["integer", "string"]}),
    (typing.TypeVar("V"), {}),
    (typing.LiteralString, {"type": "string"}),
    # a container of a type with no JSON form has none either (pyarrow's ``sequence or
    # iterator of RecordBatch``): a union leaves it out, and one of nothing else has none
    (Union[cabc.Sequence, cabc.Iterator[Opaque]], {"type": "array"}),  # noqa: UP007
    (list[Opaque] | list | None, {"anyOf": [{"type": "array"}, {"type": "null"}]}),
    (list[list[Opaque]] | list[list], {"type": "array", "items": {"type": "array"}}),
    (set[Opaque] | list[Opaque], {}),
    (dict[str, Opaque], {}),
    (list[Opaque | None], {}),  # only null left of its items: none either
    (tuple[int, Opaque], {}),
]


@pytest.mark.parametrize(("hint", "expected"), CASES, ids=[repr(c[0]) for c in CASES])
def test_hint_maps_to_exact_schema(hint: object, expected: JsonObject) -> None:
    mapper = TypeMapper()
    assert mapper.map(hint).to_schema() == expected
    assert mapper.definitions == {}


def test_recursive_class_becomes_a_definition_and_references() -> None:
    mapper = TypeMapper()
    mapped = mapper.map_parameter(Node)
    assert (mapped.schema.to_schema(), mapped.notes) == ({"$ref": "#/$defs/Node"}, ())
    definitions = mapper.take_definitions()
    assert {k: v.to_schema() for k, v in definitions.items()} == {
        "Node": {
            "type": "object",
            "title": "Node",
            "properties": {
                "value": {"type": "integer"},
                "next": {"anyOf": [{"$ref": "#/$defs/Node"}, {"type": "null"}], "default": None},
            },
            "required": ["value"],
        }
    }


def test_recursive_class_used_twice_is_defined_once() -> None:
    mapper = TypeMapper()
    holder = mapper.map(Holder).to_schema()
    assert holder["properties"] == {
        "first": {"$ref": "#/$defs/Node"},
        "second": {"$ref": "#/$defs/Node"},
    }
    assert list(mapper.definitions) == ["Node"]


def test_unsupported_type_is_any_with_a_message() -> None:
    class Opaque:
        pass

    mapped = TypeMapper().map_parameter(Opaque)
    assert (mapped.schema.to_schema(), mapped.json_form) == ({}, False)
    assert [note[:2] for note in mapped.notes] == [
        (
            "TI108",
            "type test_unsupported_type_is_any_with_a_message.<locals>.Opaque has no JSON "
            "Schema form; any value accepted",
        )
    ]


_T = typing.TypeVar("_T")


class _Box(typing.Generic[_T]):
    pass


@pytest.mark.parametrize(
    ("module", "shown"),
    [
        # numpy's ArrayLike names numpy._typing._array_like._SupportsArray[...]: the name
        # was shown as numpy.__array_like._SupportsArray, and numpy.typing.X as numpy.X
        ("lib._typing._array_like", "lib._typing._array_like._Box[int]"),
        ("lib.typing", "lib.typing._Box[int]"),
        ("mytyping", "mytyping._Box[int]"),
    ],
)
def test_a_generic_class_is_named_by_its_whole_module(
    module: str, shown: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(_Box, "__module__", module)
    mapped = TypeMapper().map_parameter(_Box[int])
    assert [note[:2] for note in mapped.notes] == [
        ("TI108", f"type {shown} has no JSON Schema form; any value accepted")
    ]


def test_non_string_mapping_keys_are_reported() -> None:
    mapped = TypeMapper().map_parameter(dict[int, str])
    assert mapped.schema.to_schema() == {
        "type": "object",
        "additionalProperties": {"type": "string"},
        "propertyNames": {"pattern": "^-?(0|[1-9][0-9]*)$"},  # the texts read as keys
    }
    assert mapped.json_form
    assert [note[:2] for note in mapped.notes] == [
        ("TI113", "mapping keys of type int arrive as JSON strings")
    ]


class CaseInsensitive(str):
    """multidict's ``istr``: text, as a key or a value."""


UserName = typing.NewType("UserName", str)


def test_mapping_keys_of_a_text_type_need_no_note() -> None:
    """qdrant's ``dict[StrictStr, ...]`` (``Annotated[str, Strict()]``), aiohttp's ``istr``
    keys and a ``NewType`` of ``str`` arrive as they are meant, as JSON strings: TI113 said
    otherwise. Bounds of the key's text are said in ``propertyNames``, where the Toolbox
    checks each key by them (the schema allowed ``""`` for ``MinLen(1)`` keys, and the Toolbox
    refused it)."""
    strict = Annotated[str, pydantic.Strict()]
    for key in (strict, CaseInsensitive, UserName):
        mapped = TypeMapper().map_parameter(dict[key, int])  # type: ignore[valid-type]
        assert mapped.schema.to_schema() == {
            "type": "object",
            "additionalProperties": {"type": "integer"},
        }
        assert list(mapped.notes) == []
    bounded = TypeMapper().map_parameter(dict[Annotated[str, annotated_types.MinLen(1)], int])
    assert bounded.schema.to_schema() == {
        "type": "object",
        "additionalProperties": {"type": "integer"},
        "propertyNames": {"minLength": 1},
    }
    assert list(bounded.notes) == []

    class Index:
        def put(self, points: dict[Annotated[str, annotated_types.MinLen(1)], int]) -> int:
            """Store points."""
            return len(points)

    toolbox = Toolbox(Index())
    assert toolbox.call("put", {"points": {"a": 1, "b": 2}}) == 2
    with pytest.raises(ToolCallError):
        toolbox.call("put", {"points": {"": 1}})


class Side(enum.Enum):
    LEFT = "left"
    RIGHT = "right"


def test_mapping_keys_a_literal_or_an_enum_lists_are_named_in_the_schema() -> None:
    """gspread's ``batch_merge`` takes ``dict[Literal["range", "mergeType"], ...]``: the schema
    allowed any key and the Toolbox refused all but those two (``invalid value "k"``)."""
    mapped = TypeMapper().map_parameter(dict[Literal["range", "mergeType"], str])
    assert mapped.schema.to_schema() == {
        "type": "object",
        "additionalProperties": {"type": "string"},
        "propertyNames": {"enum": ["range", "mergeType"]},
    }
    assert (mapped.json_form, list(mapped.notes)) == (True, [])
    assert TypeMapper().map_parameter(dict[Side, int]).schema.to_schema() == {
        "type": "object",
        "additionalProperties": {"type": "integer"},
        "propertyNames": {"enum": ["left", "right"]},
    }
    numbered = TypeMapper().map_parameter(dict[Literal[1, 2], int])  # keys arrive as text
    assert numbered.schema.to_schema() == {
        "type": "object",
        "additionalProperties": {"type": "integer"},
        "propertyNames": {"enum": ["1", "2"]},
    }
    assert [note[:2] for note in numbered.notes] == [
        ("TI113", "mapping keys of type Literal[1, 2] arrive as JSON strings")
    ]


_Logical = Union[Literal["$and"], Literal["$or"]]  # noqa: UP007 (as chromadb writes it)


def test_mapping_keys_of_a_union_of_literals_are_named_in_the_schema() -> None:
    """chromadb's ``WhereDocument = Dict[Union[Literal["$contains"], ..., LogicalOperator],
    ...]``: a union of one-value Literals (and of such unions) lists its keys as one Literal
    does. The schema allowed any key, with a TI113 note that the keys arrive as strings, and
    the Toolbox refused all but those (``where_document.k: expected one of "$contains"``)."""
    operators = Union[Literal["$contains"], Literal["$regex"], _Logical]  # noqa: UP007
    mapped = TypeMapper().map_parameter(dict[operators, str])  # type: ignore[valid-type]
    assert mapped.schema.to_schema() == {
        "type": "object",
        "additionalProperties": {"type": "string"},
        "propertyNames": {"enum": ["$contains", "$regex", "$and", "$or"]},
    }
    assert (mapped.json_form, list(mapped.notes)) == (True, [])
    assert TypeMapper().map_parameter(dict[Literal["up"] | Side, int]).schema.to_schema() == {
        "type": "object",
        "additionalProperties": {"type": "integer"},
        "propertyNames": {"enum": ["up", "left", "right"]},
    }
    numbered = TypeMapper().map_parameter(dict[Literal[1] | Literal[2], int])
    assert numbered.schema.to_schema() == {
        "type": "object",
        "additionalProperties": {"type": "integer"},
        "propertyNames": {"enum": ["1", "2"]},
    }
    assert [note[1] for note in numbered.notes] == [
        "mapping keys of type Union[Literal[1], Literal[2]] arrive as JSON strings"
    ]
    mixed = TypeMapper().map_parameter(dict[Literal["a"] | int, int])  # not a listing
    assert "propertyNames" not in mixed.schema.to_schema()

    class Notes:
        def find(self, where: dict[operators, str]) -> list[str]:  # type: ignore[valid-type]
            """Find notes."""
            return sorted(where)

    toolbox = Toolbox(Notes())
    assert toolbox.call("find", {"where": {"$or": "a", "$regex": "b"}}) == ["$or", "$regex"]


def test_mapping_keys_of_str_beside_literals_are_any_text_without_a_note() -> None:
    """chromadb's ``Where = Dict[Union[str, LogicalOperator], ...]``: any text is a key, and
    TI113 warned that the keys "arrive as JSON strings", as if they were no text."""
    mapped = TypeMapper().map_parameter(dict[Union[str, _Logical], int])  # noqa: UP007
    assert mapped.schema.to_schema() == {
        "type": "object",
        "additionalProperties": {"type": "integer"},
    }
    assert (mapped.json_form, list(mapped.notes)) == (True, [])
    numbered = TypeMapper().map_parameter(dict[str | int, int])  # an int key is no text
    assert [note[1] for note in numbered.notes] == [
        "mapping keys of type str | int arrive as JSON strings"
    ]

    class Filters:
        def where(self, where: dict[str | _Logical, int]) -> list[str]:  # type: ignore[valid-type]
            """Filter."""
            return sorted(where)

    toolbox = Toolbox(Filters())
    assert toolbox.call("where", {"where": {"$and": 1, "age": 2}}) == ["$and", "age"]


def test_the_toolbox_takes_the_keys_a_mapping_s_schema_names_and_refuses_others() -> None:
    class Sheet:
        def merge(self, merge: dict[Literal["range", "mergeType"], str]) -> list[str]:
            """Merge cells."""
            return sorted(merge)

    toolbox = Toolbox(Sheet())
    properties = toolbox.definitions("openai")[0]["function"]["parameters"]["properties"]
    names = properties["merge"]["propertyNames"]["enum"]
    assert toolbox.call("merge", {"merge": dict.fromkeys(names, "A1")}) == ["mergeType", "range"]
    with pytest.raises(ToolCallError) as refused:
        toolbox.call("merge", {"merge": {"rows": "A1"}})
    assert refused.value.message == (
        'merge: merge.rows: invalid value "rows"; allowed: "range", "mergeType"'
    )


def test_annotated_description_is_split_off_for_fields() -> None:
    mapped = TypeMapper().map_parameter(Annotated[int, "Count.", annotated_types.Ge(0)])
    assert (mapped.schema.to_schema(), mapped.description) == (
        {"type": "integer", "minimum": 0},
        "Count.",
    )


class _Socketish:
    """A class with no JSON form."""


@dataclass
class _HoldsOne:
    handle: _Socketish


@pytest.mark.parametrize(
    "hint",
    [
        Optional[_Socketish],  # noqa: UP045
        Union[int, _Socketish],  # noqa: UP007
        list[_Socketish],
        dict[str, Union[_Socketish, None]],  # noqa: UP007
        Union[_Socketish, cabc.Callable[[], int]],  # noqa: UP007
    ],
)
def test_a_hint_mapped_again_gives_the_same_type_and_notes(hint: object) -> None:
    """A hint whose mapping only noted something notes it again each time it is mapped, as a
    parameter and as a result alike; a class built while mapping tells its notes once."""
    mapper = TypeMapper()
    for _ in range(3):
        assert mapper.map_parameter(hint) == TypeMapper().map_parameter(hint)
        assert mapper.map_result(hint) == TypeMapper().map_result(hint)
    first = mapper.map_parameter(Optional[_HoldsOne])  # noqa: UP045
    assert first.notes
    assert not mapper.map_parameter(Optional[_HoldsOne]).notes  # noqa: UP045


@pytest.mark.parametrize(
    ("key", "pattern"),
    [
        (complex, r"^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]{1,2})?$"),
        (typing.SupportsIndex, r"^-?(0|[1-9][0-9]*)$"),
        (np.int64, r"^-?(0|[1-9][0-9]*)$"),
    ],
)
def test_keys_of_a_type_that_stands_for_a_number_say_their_texts(key: type, pattern: str) -> None:
    """``dict[complex, str]``: the Toolbox reads each key as the number ``complex`` stands for
    (a float), and refused ``"abc"``, which the schema allowed; a numpy integer is an int."""
    assert TypeMapper().map_parameter(dict[key, str]).schema.to_schema() == {  # type: ignore[valid-type]
        "type": "object",
        "additionalProperties": {"type": "string"},
        "propertyNames": {"pattern": pattern},
    }


def test_booleans_named_one_by_one_are_a_boolean() -> None:
    """lmdb's stub overloads merge ``keyfixed: Literal[False]`` and ``Literal[True]`` into
    ``{"type": "boolean", "enum": [false, true]}``, and ``values: Literal[True] | bool`` into
    an ``anyOf`` of that enum and a boolean: each is a boolean. One boolean alone, or beside
    other values, is still the value it names."""

    def schema(hint: object) -> JsonObject:
        return TypeMapper().map_parameter(hint).schema.to_schema()

    assert schema(Literal[False] | Literal[True]) == {"type": "boolean"}
    assert schema(Literal[True, False]) == {"type": "boolean"}
    assert schema(Literal[True] | bool) == {"type": "boolean"}
    assert schema(Literal[False, True] | None) == {"type": ["boolean", "null"]}
    assert schema(Literal[True] | int) == {
        "anyOf": [{"type": "boolean", "enum": [True]}, {"type": "integer"}]
    }
    assert schema(Literal[True]) == {"type": "boolean", "enum": [True]}
    assert schema(Literal[True, "auto"]) == {"type": ["boolean", "string"], "enum": [True, "auto"]}

    class Store:
        def begin(self, buffers: Literal[False] | Literal[True] = False) -> bool:
            """Begin."""
            return buffers

    toolbox = Toolbox(Store())
    assert toolbox.call("begin", {"buffers": True}) is True
    with pytest.raises(ToolCallError, match="buffers"):
        toolbox.call("begin", {"buffers": "maybe"})


_Field = typing.TypeVar("_Field")
_Named = typing.TypeVar("_Named", bound=str)
_Texted = typing.TypeVar("_Texted", bound="str")  # a bound written as text
_Keyed = typing.TypeVar("_Keyed", str, int)


def test_mapping_keys_of_a_type_variable_are_read_as_its_bound() -> None:
    """typeshed's ``csv.DictWriter(Generic[_T])`` types ``writerow(rowdict: Mapping[_T,
    Any])``: TI113 said that "keys of type ~_T arrive as JSON strings", where an unbound type
    variable takes any key (as it takes any value). A bound or constraints are the keys'."""
    free = TypeMapper().map_parameter(typing.Mapping[_Field, int])
    assert free.schema.to_schema() == {
        "type": "object",
        "additionalProperties": {"type": "integer"},
    }
    assert list(free.notes) == []
    named = TypeMapper().map_parameter(dict[_Named, int])
    assert named.schema.to_schema() == {
        "type": "object",
        "additionalProperties": {"type": "integer"},
    }
    assert list(named.notes) == []
    texted = TypeMapper().map_parameter(dict[_Texted, int])
    assert texted.schema == named.schema
    assert list(texted.notes) == []
    keyed = TypeMapper().map_parameter(dict[_Keyed, int])
    assert [note[1] for note in keyed.notes] == [
        "mapping keys of type str | int arrive as JSON strings"
    ]

    class Writer(typing.Generic[_Field]):
        def writerow(self, rowdict: typing.Mapping[_Field, typing.Any]) -> int:
            """Write a row.

            Args:
                rowdict: The row's values by field name.
            """
            return len(rowdict)

    assert Toolbox(Writer[str]()).call("writerow", {"rowdict": {"a": 1, "b": 2}}) == 2


@dataclass
class Tracked:
    """rich's ``progress.Task``: private fields, two with defaults."""

    id: int
    _get_time: typing.Callable[[], float]
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _label: str = ""


@dataclass
class Row:
    id: int
    _seen: list[int] = field(default_factory=list)


class Table:
    def add(self, row: Row) -> list[object]:
        """Add a row.

        Args:
            row: The row.
        """
        return [row.id, row._seen]


def test_a_private_field_with_a_default_is_no_property_of_an_argument() -> None:
    """``Task._lock`` (a lock its ``default_factory`` makes) was a property of any value with
    a TI108 warning that ``<function RLock>`` has no JSON Schema form: a field of the class's
    own state, which its default makes, as such a private parameter is internal (TI117). A
    private field without a default stays (no value is made without it), and so does one
    whose default JSON says (``_label = ""``: it may be data, a document's ``_id``)."""
    mapped = TypeMapper().map_parameter(Tracked)
    assert mapped.schema.to_schema() == {
        "type": "object",
        "title": "Tracked",
        "description": "rich's `progress.Task`: private fields, two with defaults.",
        "properties": {
            "id": {"type": "integer"},
            "_get_time": {},
            "_label": {"type": "string", "default": ""},
        },
        "required": ["id", "_get_time"],
    }
    assert [note[1] for note in mapped.notes] == [
        "type Callable[[], float] has no JSON Schema form; any value accepted"
    ]
    toolbox = Toolbox(Table())
    assert toolbox.call("add", {"row": {"id": 3}}) == [3, []]  # the field's default
