"""Docstring type phrases: the reader's hints, the schemas a scan gives them, and the Toolbox
converting arguments by them; a property test that any text is read without raising and
that what it returns maps to a schema."""

from __future__ import annotations

import collections
import datetime
import enum
import json
import pathlib
import socket
import types
import typing
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from hypothesis import given
from hypothesis import strategies as st

from inspector.codes import DOCSTRING_TYPE_UNKNOWN
from inspector.model import (
    MISSING,
    AnyOfType,
    AnyValueType,
    EnumType,
    IntegerType,
    Json,
    NullType,
    NumberType,
    SchemaType,
    StringType,
)
from inspector.render.jinja import render_template as render
from inspector.render.options import RenderOptions
from inspector.runtime.toolbox import Toolbox
from inspector.scan.doc_types import (
    NOT_UNDERSTOOD,
    DocType,
    ItemCount,
    documented_default,
    read_doc_type,
    resolve_doc_type,
)
from inspector.scan.hints import TypeMapper
from inspector.scan.scanner import scan
from inspector.scan.typecheck_names import TypeCheckingNames
from inspector.stubs.module import build_module, render_stubs
from tests.conftest import inspect_class, messages
from tests.goldens import RENDERS
from tests.test_providers import CHECKS


class Color(enum.Enum):
    RED = "red"
    BLUE = "blue"


@dataclass
class Point:
    x: int
    y: int


class Frame:
    """A class of live objects: no JSON form (pandas' Series, NumPy's ndarray)."""


SCALAR = str | int | float | bool
NAMES = globals()


@pytest.mark.parametrize(
    ("phrase", "hint"),
    [
        ("int", int),
        ("int or None", int | None),
        ("int | None", int | None),
        ("str, int, float", str | int | float),
        ("int and str", int | str),  # never a modifier of the last
        ("Frame/Point", Frame | Point),
        ("{'left', 'right'}", typing.Literal["left", "right"]),
        ('{"a", 1, None, True, 2.5}', typing.Literal["a", 1, True, 2.5] | None),
        ("{None, array_like}", list[typing.Any] | None),  # numpydoc's choices, types among them
        ("{'a', 1} or {'b'}", typing.Literal["a", 1, "b"]),
        ("Scalar", SCALAR),  # a capitalised prose word, when no name is found
        ("Sequence[int]", typing.Sequence[int]),
        ("Mapping", typing.Mapping),  # a name before a prose kind when capitalised
        ("{'index', 'columns'} or int", typing.Literal["index", "columns"] | int),
        ("one of {'a', 'b'}", typing.Literal["a", "b"]),
        ("'all', int or None", typing.Literal["all"] | int | None),
        ("list of str", list[str]),
        ("list of str or None", list[str] | None),
        ("sequence of ints", list[int]),
        ("int or sequence of ints", int | list[int]),
        ("list of labels/Point", list[SCALAR | Point]),
        ("iterable of tuples", list[tuple]),  # type: ignore[type-arg]
        ("set of str", set[str]),
        ("tuple of (int, str)", tuple[int, str]),
        ("tuple of float", tuple[float, ...]),
        ("tuple (rows, columns)", tuple),
        ("list(str)", list[str]),
        ("tuple(int, str)", tuple[int, str]),
        ("Frame(int)", Frame),  # only containers take items
        ("int >= 0", int),
        (":obj:`list` of :obj:`str`", list[str]),
        ("dict of {str: int}", dict[str, int]),
        ("{str: list of int}", dict[str, list[int]]),
        ("mapping of str to float", dict[str, float]),
        ("dict of str -> Point", dict[str, Point]),
        ("dict of Points", dict[str, Point]),
        ("int or list of such", int | list[int]),
        ("str, Point or a sequence of the previous", str | Point | list[str | Point]),
        ("list-like", list[typing.Any]),
        ("array-like", list[typing.Any]),
        ("array_like", list[typing.Any]),
        ("collection", list[typing.Any]),
        ("container of ints", list[int]),
        ("iterator", list[typing.Any]),
        ("generator", list[typing.Any]),  # docker's returns: the Toolbox collects its items
        ("dictionary", dict[str, typing.Any]),
        ("dict-like", dict[str, typing.Any]),
        ("mapping", dict[str, typing.Any]),
        ("scalar", SCALAR),
        ("label", SCALAR),
        ("hashable", SCALAR),
        ("scalar value", SCALAR),
        ("path-like", str),
        ("str or path", str),
        ("callable", Callable),
        ("function or int", Callable | int),
        ("callable f(x, *args)", Callable),  # scipy.optimize: named, with its signature
        ("callable ``func(x,*args)``", Callable),
        ("function f(x) or None", Callable | None),
        ("string", str),
        ("integer", int),
        ("boolean", bool),
        ("number", float),
        ("timestamp", datetime.datetime),
        ("datetime", datetime.datetime),
        ("date", datetime.date),
        ("datetime.time or str", datetime.time | str),
        # openpyxl's ``Worksheet.cell``: ``time`` and ``none`` were not understood (TI122)
        ("numeric or time or string or bool or none", float | datetime.time | str | bool | None),
        ("string or null", str | None),
        ("pathlib.Path", pathlib.Path),
        ("Color or None", Color | None),
        ("Color object", Color),
        ("Frame", Frame),
        ("Frames or ints", Frame | int),
        (":class:`~tests.test_doc_phrases.Point`", Point),
        (":py:class:`Point`", Point),
        ("`int`", int),
        ("L{Point} or C{int}", Point | int),  # Epydoc markup
        ("list[int]", list[int]),
        ("dict[str, list[int]]", dict[str, list[int]]),
        ("Optional[List[int]]", typing.Optional[typing.List[int]]),  # noqa: UP006, UP045
        ("Nullable[str]", str | None),  # dropbox (Stone's SDKs)
        ("Nullable[List[:class:`Point`]]", typing.Optional[typing.List[Point]]),  # noqa: UP006, UP045
        ("Literal['a', 'b'] | None", typing.Literal["a", "b"] | None),
        ("tuple[int, ...]", tuple[int, ...]),
        ("Callable[[int], str]", Callable[[int], str]),
        ("int (a positive count)", int),
        ("positive int", int),
        ("long", int),  # Python 2's names
        ("int or long", int),
        ("unicode", str),
        ("NoneType", type(None)),
        ("str or NoneType", str | None),
        ("array-like of shape (n_samples,)", list[typing.Any]),  # dimensions, no type
        ("array-like of shape (n_samples, n_features)", list[typing.Any]),
        ("list of shape (n,) of float", list[float]),
        ("str like 'rb', 'w'", str),  # examples of the type (fsspec), not an enum of them
        ("str, e.g. 'utf-8'", str),
        ("str such as 'a' or 'b'", str),
        ("str (for example 'x')", str),
        ("int or str like 'x'", int | str),
        ("list of str like 'a', 'b'", list[str]),
        ("{'r', 'w'}, like open's", typing.Literal["r", "w"]),
        ("str like 'a' or None", str | None),  # the examples end where another type follows
        ("str, e.g. 'a', or None", str | None),
        ("str like 'a' or int", str | int),
        ("str For example 'x'", str),
        ("dict mapping str to str", dict[str, str]),  # feedparser's headers
        ("list containing ints", list[int]),
        ("str mapping", dict[str, typing.Any]),  # the last word names the type
        ('string as "%(lat)s, %(lon)s"', str),  # geopy: the form of a value, no enum of it
        ("str formatted as 'x-y'", str),
        ("str in the format 'YYYY-MM-DD'", str),
        ("str, example: 'x'", str),
        ("str ('r' or 'w')", typing.Literal["r", "w"]),  # an aside listing the values
        ("int (0 or 1)", typing.Literal[0, 1]),
        ("str (e.g. 'a' or 'b')", str),
        ("str ('a')", str),  # one value in an aside is an example, not the only one
        ("list of 2 ints", typing.Annotated[list[int], ItemCount(2, 2)]),  # a count: a length
        ("tuple of 2 floats", tuple[float, float]),
        ("list or tuple of 2 items", list | tuple[typing.Any, typing.Any]),
        ("tuple of 2 items of Point", tuple[Point, Point]),
        ("4 floats", typing.Annotated[list[float], ItemCount(4, 4)]),
        ("tuple of 100 ints", tuple[int, ...]),
        ("int, 0 to 100", int),  # a range, not two values
        ('list or "%(lat)s, %(lon)s"', list | str),  # geopy's geocode: a template is a text
        ('str or "{name}-{id}"', str),
        ('int or "auto"', int | typing.Literal["auto"]),  # a value, not a template
        ("int, 10 seconds", int),  # a value with its unit: prose, neither a count nor an enum
        ("str, 2 letter code", str),
        ("int or 0 for all", int),
        ("2 elements", typing.Annotated[list[typing.Any], ItemCount(2, 2)]),
        ("(n,) array of float", list[float]),  # an array's shape first (scipy): no type
        ("(N, 2) array_like or None", list[typing.Any] | None),
        ("(int, str)", int | str),  # types, not dimensions
        # paramiko's ``:param socket sock:`` and Python 2's ``file`` (gcs' ``file_obj (file)``)
        ("socket", socket.socket),  # the module of that name here is no type: the class
        ("socket.socket", socket.socket),
        ("file", typing.BinaryIO),
        ("file or None", typing.BinaryIO | None),
        ("list of files", list[typing.BinaryIO]),
    ],
)
def test_a_phrase_reads_as_a_hint(phrase: str, hint: object) -> None:
    assert read_doc_type(phrase, NAMES) == DocType(hint)


@pytest.mark.parametrize(
    ("phrase", "expected"),
    [
        ("bool, default True", DocType(bool, (), "True")),
        ("int, default: 5", DocType(int, (), "5")),
        ("{'a', 'b'}, default 'a'", DocType(typing.Literal["a", "b"], (), "'a'")),
        ("str, optional", DocType(str)),
        ("str (optional)", DocType(str)),
        ("int, optional, default=3", DocType(int, (), "3")),
        ("int (default 0)", DocType(int, (), "0")),
        ("defaultdict", DocType(NOT_UNDERSTOOD, ("defaultdict",))),
    ],
)
def test_optional_and_default_markers_are_read_apart(phrase: str, expected: DocType) -> None:
    assert read_doc_type(phrase, NAMES) == expected


@pytest.mark.parametrize(
    ("phrase", "expected"),
    [
        ("int or name", DocType(int, ("name",))),
        ("str or tzinfo object or None", DocType(str | None, ("tzinfo object",))),
        ("list of widgets", DocType(list[typing.Any], ("widgets",))),
        ("Grouper, or Point", DocType(Point, ("Grouper",))),
        ("record_call()", DocType(NOT_UNDERSTOOD, ("record_call",))),
        ("optional", DocType(NOT_UNDERSTOOD)),
        ("same type as the caller", DocType(NOT_UNDERSTOOD, ("same type as the caller",))),
        ("{left, right}", DocType(NOT_UNDERSTOOD, ("left", "right"))),
        ("Color['RED']", DocType(Color)),  # an Enum is not subscripted: no member lookup
        ("NAMES", DocType(NOT_UNDERSTOOD, ("NAMES",))),  # a name that is no type
        ("int or Optional", DocType(int)),  # a bare typing form is no type
        # scipy's nnls: ``b : (m,) ndarray, float`` is an array of floats (it was a float)
        ("(m,) ndarray, float", DocType(list[float], ("ndarray",))),
        ("(m, n) ndarray", DocType(list[typing.Any], ("ndarray",))),
        # scikit-learn's ``y``: one shape or another of the same array; the dimensions were
        # named as types not understood (TI122 'n_samples', 'n_outputs')
        ("array-like of shape (n_samples,) or (n_samples, n_outputs)", DocType(list[typing.Any])),
        ("array-like of shape (n,) or (n, m) or None", DocType(list[typing.Any] | None)),
        ("array-like of shape (n,) or int", DocType(list[typing.Any] | int)),
        # names of a tuple's items say how many there are, no type (geopy's ``(latitude,
        # longitude)``: TI122 named 'latitude' and 'longitude')
        ("tuple of (latitude, longitude)", DocType(tuple[typing.Any, typing.Any])),
        ("Point or (lat, lon, alt)", DocType(Point | tuple[typing.Any, typing.Any, typing.Any])),
        ("int or (deprecated)", DocType(int, ("deprecated",))),
        # a bracket standing alone names items only when each word is an identifier and no
        # qualifier: asides are no 2-tuple (review44: ``(keyword-only, advanced)`` was one)
        ("(keyword-only, advanced)", DocType(NOT_UNDERSTOOD, ("keyword-only", "advanced"))),
        ("(read-only, cached)", DocType(NOT_UNDERSTOOD, ("read-only", "cached"))),
        ("(deprecated, unused)", DocType(NOT_UNDERSTOOD, ("deprecated", "unused"))),
        ("(experimental, unstable)", DocType(NOT_UNDERSTOOD, ("experimental", "unstable"))),
        ("(latitude, longitude)", DocType(tuple[typing.Any, typing.Any])),
        # after a container's ``of``, the words name the items whatever they are
        ("list or tuple of (latitude, longitude)", DocType(list | tuple[typing.Any, typing.Any])),
        # a condition is no type, nor a value; ``them`` are the members before (geopy's
        # ``rtype``: ``exactly_one=False`` was a ``Literal[False]`` member)
        ("str, or None if not found", DocType(str | None)),
        ("Point or a list of them, if ``exactly_one=False``", DocType(Point | list[Point])),
        ("int when given (a count), else str", DocType(int | str)),
    ],
)
def test_words_not_understood_are_left_out_and_named(phrase: str, expected: DocType) -> None:
    assert read_doc_type(phrase, NAMES) == expected


class Numpy:
    def frame(self, *, axis, how, labels, values, mapping, data, when, unknown):  # type: ignore[no-untyped-def]
        """Do something.

        Parameters
        ----------
        axis : {'index', 'columns'} or int, default 0
            The axis.
        how : {'left', 'right'}
            How.
        labels : label or list of labels, optional
            Labels.
        values : scalar, sequence, Frame, dict or Frame
            Values.
        mapping : dict of {str: int}
            A mapping.
        data : structured ndarray, iterable of Points, or dict
            Data.
        when : datetime or None
            When.
        unknown : same as the caller
            Unknown.

        Returns
        -------
        Frame or None
            The result.
        """


def test_numpy_style_phrases_give_exact_schemas_and_diagnostics() -> None:
    tools, diagnostics = inspect_class(Numpy)
    tool = tools["frame"]
    scalar: Json = {"type": ["string", "number", "boolean"]}
    each_scalar: list[Json] = [{"type": t} for t in ("string", "number", "boolean")]
    assert tool.parameters_schema()["properties"] == {
        "axis": {
            "anyOf": [{"type": "string", "enum": ["index", "columns"]}, {"type": "integer"}],
            "description": "The axis.",
        },
        "how": {"type": "string", "enum": ["left", "right"], "description": "How."},
        "labels": {
            "anyOf": [*each_scalar, {"type": "array", "items": scalar}],
            "description": "Labels.",
        },
        "values": {
            "anyOf": [*each_scalar, {"type": "array"}, {"type": "object"}],
            "description": "Values.",
        },
        "mapping": {
            "type": "object",
            "additionalProperties": {"type": "integer"},
            "description": "A mapping.",
        },
        "data": {
            "anyOf": [
                {"type": "array", "items": POINT_SCHEMA},
                {"type": "object"},
            ],
            "description": "Data.",
        },
        "when": {"type": ["string", "null"], "format": "date-time", "description": "When."},
        "unknown": {"description": "Unknown."},
    }
    assert tool.returns.type is not None
    # "Series or None": a Series reaches the model in the form read from it: any value
    assert tool.returns.type.to_schema() == {}
    assert dict(tool.type_sources) == dict.fromkeys(
        ["axis", "how", "labels", "values", "mapping", "data", "when", "return"], "docstring"
    )
    assert [m.split(": ", 2)[2] for m in messages(diagnostics)] == [
        "parameter 'values': union member Frame has no JSON Schema form; left out",
        "parameter 'data': docstring type 'structured ndarray' not understood; the rest of the "
        "type kept",
        "parameter 'unknown': docstring type 'same as the caller' not understood; "
        "any value accepted",
        "return value: type Frame has no JSON form; the model gets the form read from the "
        "value (an array, a record's fields, a mapping), else its text",
    ]


POINT_SCHEMA: Json = {
    "type": "object",
    "title": "Point",
    "properties": {"x": {"type": "integer"}, "y": {"type": "integer"}},
    "required": ["x", "y"],
}


class Converted:
    def run(self, color, point, when, sizes, how):  # type: ignore[no-untyped-def]
        """Run.

        Args:
            color (Color): A color.
            point (Point): A point.
            when (datetime): When.
            sizes (list of int): Sizes.
            how ({'fast', 'slow'}): How.
        """
        return [color, point, when, sizes, how]


def test_the_toolbox_converts_arguments_by_their_docstring_types() -> None:
    toolbox = Toolbox(Converted())
    result = toolbox.call(
        "run",
        {
            "color": "red",
            "point": {"x": 1, "y": 2},
            "when": "2024-01-02T03:04:05",
            "sizes": [1, 2],
            "how": "fast",
        },
    )
    assert result == [
        Color.RED,
        Point(1, 2),
        datetime.datetime(2024, 1, 2, 3, 4, 5),
        [1, 2],
        "fast",
    ]
    with pytest.raises(Exception, match='invalid value "medium"; allowed: "fast", "slow"'):
        toolbox.call(
            "run",
            {
                "color": "red",
                "point": {"x": 1, "y": 2},
                "when": "2024-01-02",
                "sizes": [],
                "how": "medium",
            },
        )


class Geocoder:
    def reverse(self, query, viewbox=None):  # type: ignore[no-untyped-def]
        """Reverse (geopy's ``Nominatim.reverse``).

        :param query: The coordinates.
        :type query: list or tuple of ``(latitude, longitude)``, or string as
            ``"%(latitude)s, %(longitude)s"``.
        :param viewbox: Area.
        :type viewbox: list or tuple of 2 items of ``float``.
        """
        return [query, viewbox]


def test_example_values_and_counts_in_a_docstring_type_are_no_enum() -> None:
    toolbox = Toolbox(Geocoder())
    properties = toolbox.tools[0].parameters_schema()["properties"]
    assert properties == {
        "query": {
            "anyOf": [
                {"type": "array"},
                {"type": "array", "prefixItems": [{}, {}], "minItems": 2, "maxItems": 2},
                {"type": "string"},
            ],
            "description": "The coordinates.",
        },
        "viewbox": {
            "anyOf": [
                {"type": "array"},
                {
                    "type": "array",
                    "prefixItems": [{"type": "number"}, {"type": "number"}],
                    "minItems": 2,
                    "maxItems": 2,
                },
                {"type": "null"},
            ],
            "description": "Area.",
            "default": None,
        },
    }
    assert toolbox.call("reverse", {"query": "52.5, 13.4"}) == ["52.5, 13.4", None]


class Image:
    def resize(self, size: int, resample=None):  # type: ignore[no-untyped-def]
        """Resize.

        Parameters
        ----------
        size : int
            The size.
        resample : (keyword-only, advanced)
            A filter.
        """
        return resample


def test_qualifiers_in_parentheses_are_no_tuple() -> None:
    """review44: ``(keyword-only, advanced)`` was a fixed 2-tuple, so the model had to send a
    2-array and the method received a tuple; it is a type not understood (any value)."""
    tools, diagnostics = inspect_class(Image)
    assert tools["resize"].parameters_schema()["properties"] == {
        "size": {"type": "integer", "description": "The size."},
        "resample": {"description": "A filter.", "default": None},
    }
    assert messages(diagnostics) == [
        "warning: Image.resize: parameter 'resample': docstring type '(keyword-only, "
        "advanced)' not understood; any value accepted"
    ]
    assert [d.code for d in diagnostics] == [DOCSTRING_TYPE_UNKNOWN]
    assert Toolbox(Image()).call("resize", {"size": 2, "resample": "bicubic"}) == "bicubic"


_WORDS = [
    "int", "str", "None", "or", "of", "to", "list", "dict", "tuple", "set", "Optional",
    "Union", "Literal", "Callable", "ClassVar", "Generic", "Protocol", "TypeVar", "Any",
    "scalar", "array-like", "such", "the", "previous", "default", "optional", "Color",
    "Point", "Frame", "Enum", "NAMES", "pathlib.Path", "datetime.time", "typing.List",
    ",", "|", "/", "(", ")", "[", "]", "{", "}", ":", "->", "...", "'a'", '"b"', "1", "2.5",
    "True", ":class:`", "`", "~", "*", "=", "\n", "as", "items", "e.g", "format", "3",
]  # fmt: skip


@given(
    st.one_of(
        st.text(max_size=80),
        st.lists(st.sampled_from(_WORDS), max_size=25).map(" ".join),
        st.lists(st.sampled_from(_WORDS), max_size=25).map("".join),
    )
)
def test_any_text_reads_without_raising_and_maps_to_a_schema(text: str) -> None:
    read = read_doc_type(text, NAMES)
    assert all(isinstance(word, str) for word in read.dropped)
    if read.hint is not NOT_UNDERSTOOD:
        mapper = TypeMapper()
        schema = mapper.map(read.hint).to_schema()
        assert isinstance(schema, dict)


class Documented:
    def run(self, **kwargs):  # type: ignore[no-untyped-def]
        """Run.

        Parameters
        ----------
        mode : {'a', 'b'}, default 'a'
            Mode.
        size : int, default 3
            Size.
        name : str, default None
            Not a str: no default shown.
        flag : bool, default maybe
            Not a literal: no default shown.
        ratio : float
            Defaults to 2.
        """
        return kwargs


def test_a_documented_default_is_shown_when_the_signature_has_none() -> None:
    tools, _ = inspect_class(Documented)
    assert tools["run"].parameters_schema()["properties"] == {
        "mode": {"type": "string", "enum": ["a", "b"], "description": "Mode.", "default": "a"},
        "size": {"type": "integer", "description": "Size.", "default": 3},
        "name": {"type": "string", "description": "Not a str: no default shown."},
        "flag": {"type": "boolean", "description": "Not a literal: no default shown."},
        "ratio": {"type": "number", "description": "Defaults to 2.", "default": 2},
    }
    toolbox = Toolbox(Documented())
    assert toolbox.call("run", {"size": 4}) == {"size": 4}  # a default shown is never passed


@pytest.mark.parametrize(
    ("text", "schema", "expected"),
    [
        ("0", IntegerType(), 0),
        ("0", NumberType(), 0),
        ("1.5", IntegerType(), MISSING),
        ("'left'", EnumType(("left", "right")), "left"),
        ("'up'", EnumType(("left", "right")), MISSING),
        ("True", EnumType((1, 2)), MISSING),
        ("None", AnyOfType((StringType(), NullType())), None),
        ("[1]", AnyValueType(), MISSING),
        ("__import__('os')", AnyValueType(), MISSING),
        ("x" * 300, AnyValueType(), MISSING),
        ("'a'", AnyValueType(), "a"),
    ],
)
def test_a_documented_default_is_a_plain_literal_the_schema_accepts(
    text: str, schema: SchemaType, expected: object
) -> None:
    assert documented_default(text, schema) == expected


PHRASE_TARGETS = [f"tests.test_doc_phrases:{name}" for name in ("Numpy", "Converted", "Documented")]


def test_phrase_typed_tools_pass_every_provider_check_and_give_stubs_that_compile() -> None:
    catalog, _ = scan(PHRASE_TARGETS)
    tools = [tool for _, tool in catalog.tools()]
    assert [tool.name for tool in tools] == ["frame", "Converted_run", "Documented_run"]
    for file_name, args in RENDERS.items():
        options = RenderOptions(
            strict="--strict" in args, gemini_json_schema="--gemini-json-schema" in args
        )
        text, _ = render(args[1], tools, options)
        CHECKS[file_name.removesuffix(".json")](json.loads(text))
    module, _ = build_module(catalog, "tools.json")
    compile(render_stubs(module, []), "stubs.py", "exec")


class NoneDefaults:
    def run(self, documented=None, annotated: int = None):  # type: ignore[no-untyped-def,assignment]  # noqa: RUF013
        """Run.

        Args:
            documented (int): Typed by the docstring.
            annotated: Typed by the code.
        """
        return [documented, annotated]


def test_null_is_accepted_where_the_default_none_made_the_schema_nullable() -> None:
    toolbox = Toolbox(NoneDefaults())
    properties = toolbox.tools[0].parameters_schema()["properties"]
    assert (
        properties["documented"]["type"]
        == properties["annotated"]["type"]
        == [
            "integer",
            "null",
        ]
    )
    assert toolbox.call("run", {"documented": None, "annotated": None}) == [None, None]
    assert toolbox.call("run", {"documented": 1, "annotated": 2}) == [1, 2]
    with pytest.raises(Exception, match='run: documented: expected integer, got "x"'):
        toolbox.call("run", {"documented": "x"})


class SharedLine:
    def select(self, include, exclude):  # type: ignore[no-untyped-def]
        """Select.

        Parameters
        ----------
        include, exclude : scalar or list-like
            What to keep and what to drop.
        """


def test_names_documented_on_one_line_share_the_type_and_description() -> None:
    tools, diagnostics = inspect_class(SharedLine)
    scalar: list[Json] = [{"type": t} for t in ("string", "number", "boolean")]
    expected = {
        "anyOf": [*scalar, {"type": "array"}],
        "description": "What to keep and what to drop.",
    }
    assert tools["select"].parameters_schema()["properties"] == {
        "include": expected,
        "exclude": expected,
    }
    assert diagnostics == []


class _Exploding(dict[str, object]):
    """Globals whose lookups raise, as a module's ``__getattr__`` may."""

    def __contains__(self, key: object) -> bool:
        raise RuntimeError("boom")


def test_a_name_lookup_that_raises_makes_the_type_not_understood() -> None:
    def plain(x):  # type: ignore[no-untyped-def]
        return x

    function = types.FunctionType(plain.__code__, _Exploding(__name__="exploding"))
    names = TypeCheckingNames()
    assert resolve_doc_type("Widget", function, names) == DocType(NOT_UNDERSTOOD)
    assert resolve_doc_type("int or str", function, names) == DocType(NOT_UNDERSTOOD)


@pytest.mark.parametrize(
    ("phrase", "expected"),
    [
        ("array_like, 1-D or 2-D", DocType(list[typing.Any])),
        ("array_like, 2-D", DocType(list[typing.Any])),
        ("int, 1d", DocType(int)),
        ("array_like, N-D", DocType(list[typing.Any])),
        ("sequence, 3-dimensional", DocType(list[typing.Any])),
        ("1-D", DocType(NOT_UNDERSTOOD)),
        ("2-D or tzinfo", DocType(NOT_UNDERSTOOD, ("tzinfo",))),
    ],
)
def test_an_array_s_dimensions_beside_it_are_no_alternative(phrase: str, expected: DocType) -> None:
    """statsmodels' ``x1 : array_like, 1-D or 2-D``: each count of dimensions was read as a
    type of its own and named as not understood (TI122) in every such parameter."""
    assert read_doc_type(phrase, NAMES) == expected


class TextWhereTheTypeIs:
    """SymPy's ``Matrix.eye``: the parameter's text written where numpydoc puts its type."""

    def eye(self, rows, cols=None, kind: str = "dense", size: int = 1, **kwargs):  # type: ignore[no-untyped-def]
        """Returns an identity matrix.

        Parameters
        ==========

        rows : rows of the matrix
        cols : set of :class:`Cols`, or a list
        kind : the kind of matrix
        size : int, optional

        kwargs
        ======
        cls : class of the returned matrix
        """


def test_a_phrase_not_read_as_a_type_is_the_text_of_a_parameter_without_one() -> None:
    """The phrase was lost (and the model told nothing of ``rows``) when it was not read as a
    type; a phrase read wholly (``int, optional``) is still only the type. The underline of
    SymPy's ``kwargs`` title names no argument (it was one, ``'======'``, TI203)."""
    tools, diagnostics = inspect_class(TextWhereTheTypeIs)
    assert tools["eye"].parameters_schema()["properties"] == {
        "rows": {"description": "rows of the matrix"},
        "cols": {
            "anyOf": [
                {
                    "type": "array",
                    "items": {"type": ["string", "number", "boolean", "null"]},
                    "uniqueItems": True,
                },
                {"type": "array"},
                {"type": "null"},
            ],
            "description": "set of `Cols`, or a list",
            "default": None,
        },
        "kind": {"type": "string", "description": "the kind of matrix", "default": "dense"},
        "size": {"type": "integer", "default": 1},
        "cls": {"description": "class of the returned matrix"},
    }
    assert messages(diagnostics) == [
        "warning: TextWhereTheTypeIs.eye: parameter 'rows': docstring type 'rows of the matrix' "
        "not understood; any value accepted",
        "warning: TextWhereTheTypeIs.eye: parameter 'cols': docstring type 'Cols' not "
        "understood; the rest of the type kept",
        "warning: TextWhereTheTypeIs.eye: parameter 'cls': docstring type 'class of the "
        "returned matrix' not understood; any value accepted",
    ]


class SentenceAfterTheType:
    """tqdm's shape: the text written after the type, on the entry's line."""

    def reset(self, total=None, pos=None, depth=None, count=None):  # type: ignore[no-untyped-def]
        """Reset.

        Parameters
        ----------
        total  : int or float, optional. Total to use for the new bar.
        pos  : int, optional. Position to `moveto`
          (default: `abs(self.pos)`).
        depth : e.g. int
        count : int, optional. Default is 5.
        """

    def format_meter(self, n):  # type: ignore[no-untyped-def]
        """Return a string-based progress bar.

        Parameters
        ----------
        n  : int
            Number of finished iterations.

        Returns
        -------
        out  : Formatted meter and stats, ready to display.
        """

    def size(self):  # type: ignore[no-untyped-def]
        """The size.

        Returns
        -------
        int. The number of items.
        """


def test_a_sentence_after_an_entry_s_type_is_its_text() -> None:
    """The sentence was read as part of the type: its words were named as types not understood
    (TI122: ``'Total'``, ``'use for the new bar'``) and, below ``pos``'s own line of text,
    lost. A return value's text written where its type goes (``out : Formatted meter ...``)
    was lost too; it is the return value's description, and still TI107."""
    tools, diagnostics = inspect_class(SentenceAfterTheType)
    assert tools["reset"].parameters_schema()["properties"] == {
        "total": {
            "type": ["number", "null"],
            "description": "Total to use for the new bar.",
            "default": None,
        },
        "pos": {
            "type": ["integer", "null"],
            "description": "Position to `moveto`\n(default: `abs(self.pos)`).",
            "default": None,
        },
        "depth": {"type": ["integer", "null"], "default": None},  # no sentence: no capital
        "count": {"type": ["integer", "null"], "default": None},
    }
    assert tools["format_meter"].returns.to_schema() == {
        "description": "Formatted meter and stats, ready to display."
    }
    assert tools["size"].returns.to_schema() == {
        "type": "integer",
        "description": "The number of items.",
    }
    assert messages(diagnostics) == [
        "warning: SentenceAfterTheType.format_meter: return value: docstring type 'Formatted "
        "meter and stats, ready to display.' not understood; any value accepted",
    ]


def test_a_name_opened_by_a_dot_is_found_as_sphinx_finds_it() -> None:
    """paramiko documents ``pkey`` as ``.PKey``: Sphinx looks the name up from the current
    module outwards. It was read as ``'.PKey'``, not understood, and ``pkey`` took any value
    (a model cannot give a key object: it is now left out, TI130)."""

    def plain(x):  # type: ignore[no-untyped-def]
        return x

    module = {"__name__": "collections.abc", "Point": Point}  # a package's submodule
    function = types.FunctionType(plain.__code__, module)
    names = TypeCheckingNames()
    assert resolve_doc_type(".Point", function, names) == DocType(Point)
    assert resolve_doc_type("list of :class:`.OrderedDict`", function, names) == DocType(
        list[collections.OrderedDict]  # the package's, not imported by the module
    )
    assert resolve_doc_type(".Widget or int", function, names) == DocType(int, ("Widget",))
    assert resolve_doc_type("float, e.g. .5", function, names) == DocType(float)
