"""Hints a stub file gives that the scan must not lose: a sentinel's ``NewType`` in a union,
positional-only parameters the stub names otherwise, protocols only the stub defines."""

from __future__ import annotations

import typing
from collections.abc import Callable

import pytest

from inspector.diagnostics import Diagnostic
from inspector.model import ToolDescriptor
from inspector.runtime.toolbox import Toolbox
from inspector.scan.hints import TypeMapper
from inspector.scan.methods import NOT_INSPECTED
from inspector.scan.scanner import scan
from tests.conftest import inspect_class, load, messages


def scanned(target: str) -> tuple[dict[str, ToolDescriptor], list[Diagnostic]]:
    """The tools of a scan target (a module's functions too) by name, and the diagnostics."""
    catalog, diagnostics = scan([target])
    return {tool.name: tool for _, tool in catalog.tools()}, diagnostics


SENTINEL_CODE = """
    class Paths:
        def real(self, filename, *, strict=False):
            '''Resolve.

            Args:
                filename: A path.
                strict: Whether a missing part fails.
            '''

        def mark(self, marker=None):
            '''Optional, of the sentinel's type only.

            Args:
                marker: A marker.
            '''

        def need(self, marker):
            '''Required, of the sentinel's type only.

            Args:
                marker: A marker.
            '''
"""

SENTINEL_STUB = """
    from typing import NewType

    _AllowMissingType = NewType("_AllowMissingType", object)

    class Paths:
        def real(self, filename: str, *, strict: bool | _AllowMissingType = False) -> str: ...
        def mark(self, marker: _AllowMissingType = ...) -> None: ...
        def need(self, marker: _AllowMissingType) -> None: ...
"""

REAL_SCHEMA = {
    "type": "object",
    "properties": {
        "filename": {"type": "string", "description": "A path."},
        "strict": {
            "type": "boolean",
            "description": "Whether a missing part fails.",
            "default": False,
        },
    },
    "required": ["filename"],
}


def test_a_new_type_of_object_in_a_stub_union_is_left_out_as_having_no_form(
    modules: Callable[..., None],
) -> None:
    """typeshed's ``realpath(..., strict: bool | _AllowMissingType = False)``: the sentinel's
    type is ``NewType(..., object)``; only the values made with it are of it, so it has no
    JSON form (TI123 in a union, TI130/TI131 alone) rather than making the union any value."""
    modules(**{"sentinel_stub.py": SENTINEL_CODE, "sentinel_stub.pyi": SENTINEL_STUB})
    tools, diagnostics = inspect_class(load("sentinel_stub").Paths)
    assert tools["real"].parameters_schema() == REAL_SCHEMA
    assert tools["mark"].parameters_schema() == {"type": "object", "properties": {}}
    assert tools["need"].uncallable == (("marker", "_AllowMissingType"),)
    assert messages(diagnostics) == [
        "info: Paths.real: parameter 'strict': union member _AllowMissingType has no JSON "
        "Schema form; left out",
        "info: Paths.mark: parameter 'marker': type _AllowMissingType has no JSON form; left out",
        "warning: Paths.need: parameter 'marker': required, and type _AllowMissingType has no "
        "JSON form: a model cannot call this method (a new classification entry excludes it; "
        "set true, any value is accepted)",
    ]


_AllowMissingType = typing.NewType("_AllowMissingType", object)


class Coded:
    def real(self, filename: str, *, strict: bool | _AllowMissingType = False) -> str:
        """Resolve.

        Args:
            filename: A path.
            strict: Whether a missing part fails.
        """
        return filename


def test_a_new_type_of_object_in_code_is_read_as_the_stub_reads_it() -> None:
    tools, diagnostics = inspect_class(Coded)
    assert tools["real"].parameters_schema() == REAL_SCHEMA
    assert messages(diagnostics) == [
        "info: Coded.real: parameter 'strict': union member _AllowMissingType has no JSON "
        "Schema form; left out",
    ]


def test_a_new_type_of_another_type_is_that_type() -> None:
    mapped = TypeMapper().map_member(typing.NewType("Flag", bool) | None)
    assert (mapped.schema.to_schema(), mapped.notes) == ({"type": ["boolean", "null"]}, ())


POSITIONAL_CODE = """
    class Fit:
        def regress(self, x, y, /, *, proportional=False):
            '''Fit a line.

            Args:
                x: Inputs.
                y: Outputs.
                proportional: Through the origin.
            '''
            return [list(x), list(y)]

        def named(self, a, b):
            '''Keyword-capable parameters are matched by name only.

            Args:
                a: First.
                b: Second.
            '''

        @staticmethod
        def scale(f, /):
            '''A static method: no self in the stub either.

            Args:
                f: A factor.
            '''

        @classmethod
        def make(cls, n, /):
            '''A class method: cls in the stub.

            Args:
                n: A size.
            '''

        def broken(self, q, /):
            '''The stub's hint names nothing.

            Args:
                q: Anything.
            '''


    class _Engine:
        def spin(self, turns, /):
            '''Spin.

            Args:
                turns: How many.
            '''
            return turns


    spin = _Engine().spin
"""

POSITIONAL_STUB = """
    from collections.abc import Iterable, Sized
    from typing import Protocol, SupportsIndex, TypeVar

    _T_co = TypeVar("_T_co", covariant=True)

    class _SizedIterable(Iterable[_T_co], Sized, Protocol[_T_co]):{body}

    class _Indexable(SupportsIndex, Protocol): ...

    class Fit:
        def regress(
            self,
            regressor: _SizedIterable[float],
            dependent_variable: _SizedIterable[int],
            /,
            *,
            proportional: bool = False,
        ) -> list[list[float]]: ...
        def named(self, first: int, second: str) -> None: ...
        @staticmethod
        def scale(factor: float, /) -> float: ...
        @classmethod
        def make(cls, size: _Indexable, /) -> Fit: ...
        def broken(self, value: NoSuchName, /) -> None: ...

    class _Engine:
        def spin(self, count: int, /) -> int: ...
"""


@pytest.mark.parametrize(
    "body",
    [" ...", '\n        """Sized and iterable: read from the whole file (a docstring)."""'],
    ids=["outlined", "parsed-whole"],
)
def test_positional_only_parameters_take_the_stub_hint_at_their_place(
    modules: Callable[..., None], body: str
) -> None:
    """typeshed's ``linear_regression(regressor: _SizedIterable[_Number], ...,  /)`` is the
    run time's ``linear_regression(x, y, /)``: a positional-only parameter is found by its
    place (after ``self``/``cls`` where the stub has one), a keyword-capable one by name; a
    protocol only the stub defines, adding nothing to ``Iterable[T]`` and ``Sized``, is an
    array of T."""
    modules(
        **{
            "positional_stub.py": POSITIONAL_CODE,
            "positional_stub.pyi": POSITIONAL_STUB.replace("{body}", body),
        }
    )
    module = load("positional_stub")
    tools, diagnostics = inspect_class(module.Fit)
    assert tools["regress"].parameters_schema() == {
        "type": "object",
        "properties": {
            "x": {"type": "array", "items": {"type": "number"}, "description": "Inputs."},
            "y": {"type": "array", "items": {"type": "integer"}, "description": "Outputs."},
            "proportional": {
                "type": "boolean",
                "description": "Through the origin.",
                "default": False,
            },
        },
        "required": ["x", "y"],
    }
    assert tools["regress"].type_sources == (
        ("x", "stub"),
        ("y", "stub"),
        ("proportional", "stub"),
        ("return", "stub"),
    )
    assert tools["named"].parameters_schema()["properties"] == {
        "a": {"description": "First."},
        "b": {"description": "Second."},
    }
    assert tools["scale"].parameters_schema()["properties"] == {
        "f": {"type": "number", "description": "A factor."}
    }
    assert tools["make"].parameters_schema()["properties"] == {
        "n": {"type": "integer", "description": "A size."}
    }
    assert messages(diagnostics) == [
        "warning: Fit.named: parameter 'a': no type hint; any value accepted",
        "warning: Fit.named: parameter 'b': no type hint; any value accepted",
        "info: Fit.make: return value: type Fit has no JSON form; the model gets the form read "
        "from the value (an array, a record's fields, a mapping), else its text",
        "warning: Fit.broken: parameter 'q': stub hint 'NoSuchName' unresolved (NameError: "
        "name 'NoSuchName' is not defined)",
    ]
    box = Toolbox(module.Fit(), include=["regress"])
    assert box.call("regress", {"x": [1, 2.5], "y": [3, "4"]}) == [[1.0, 2.5], [3, 4]]
    functions, diagnostics = scanned("positional_stub")
    assert functions["spin"].parameters_schema()["properties"] == {
        "turns": {"type": "integer", "description": "How many."}
    }
    assert [m for m in messages(diagnostics) if "spin" in m] == []


def test_the_standard_library_cases_come_out_typed() -> None:
    """The cases a first-time user met: ``os.path.realpath``'s ``strict`` and
    ``statistics.linear_regression``'s ``x`` and ``y`` (``float | Decimal | Fraction``), typed
    from typeshed's stubs; the plain number adds nothing beside Decimal's and Fraction's number
    or text."""
    paths, _ = scanned("os.path")
    assert paths["realpath"].parameters_schema()["properties"]["strict"] == {
        "type": "boolean",
        "default": False,
    }
    functions, diagnostics = scanned("statistics")
    number = {
        "anyOf": [
            {
                "type": ["number", "string"],
                "pattern": r"^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d{1,9})?$",
            },
            {
                "type": ["number", "string"],
                "pattern": r"^[+-]?((\d+(\.\d*)?|\.\d+)([eE][+-]?\d{1,4})?|\d+/0*[1-9]\d*)$",
            },
        ]
    }
    assert functions["linear_regression"].parameters_schema() == {
        "type": "object",
        "properties": {
            "x": {"type": "array", "items": number},
            "y": {"type": "array", "items": number},
            "proportional": {"type": "boolean", "default": False},
        },
        "required": ["x", "y"],
    }
    assert [m for m in messages(diagnostics) if "linear_regression" in m] == [
        "warning: statistics.linear_regression: parameters 'x', 'y' and 'proportional' are not "
        "documented",
    ]


NATIVE_CODE = """
    class Native:
        def repeat(self, *args):
            '''Repeat a text.

            Args:
                text: What.
                times: How often.
            '''
            text, times = args
            return text * times

        repeat.__signature__ = "none"  # as a C method: inspect.signature cannot read it
"""

NATIVE_STUB = """
    class Native:
        def repeat(self, text: str, times: int, /) -> str: ...
"""


def test_a_method_without_a_signature_takes_its_stub_and_the_toolbox_converts_by_it(
    modules: Callable[..., None],
) -> None:
    """The parameters come from the stub, ``self`` first: the Toolbox's method is bound, so
    its positional-only parameters are counted after it, as the scan counts them."""
    modules(**{"native_stub.py": NATIVE_CODE, "native_stub.pyi": NATIVE_STUB})
    native = load("native_stub").Native
    tools, diagnostics = inspect_class(native)
    assert tools["repeat"].parameters_schema() == {
        "type": "object",
        "properties": {
            "text": {"type": "string", "description": "What."},
            "times": {"type": "integer", "description": "How often."},
        },
        "required": ["text", "times"],
    }
    assert messages(diagnostics) == []
    box = Toolbox(native(), include=["repeat"])
    assert box.call("repeat", {"text": "ab", "times": "2"}) == "abab"


LIBRARY_PROTOCOL_CODE = """
    from typing import Protocol

    made = []


    class Measured(Protocol):
        def __init_subclass__(cls, **options):
            made.append(cls.__name__)  # a library's code: making a subclass would run it
            super().__init_subclass__(**options)

        def __len__(self) -> int: ...


    class Box:
        def fill(self, items, /):
            '''Fill.

            Args:
                items: What.
            '''
"""

LIBRARY_PROTOCOL_STUB = """
    from typing import Protocol

    class Measured(Protocol):
        def __len__(self) -> int: ...

    class _Counted(Measured, Protocol): ...

    class Box:
        def fill(self, items: _Counted, /) -> None: ...
"""


def test_a_stub_only_protocol_is_made_only_of_standard_protocols(
    modules: Callable[..., None],
) -> None:
    """Making a subclass runs its bases' ``__init_subclass__``: a stub-only protocol over a
    library's own protocol is not made (nothing of the library runs to read a type), and has
    no JSON form, as before."""
    modules(
        **{
            "library_protocol.py": LIBRARY_PROTOCOL_CODE,
            "library_protocol.pyi": LIBRARY_PROTOCOL_STUB,
        }
    )
    module = load("library_protocol")
    tools, diagnostics = inspect_class(module.Box)
    assert tools["fill"].uncallable == (("items", "_Counted"),)
    assert messages(diagnostics) == [
        "warning: Box.fill: parameter 'items': required, and type _Counted has no JSON form: a "
        "model cannot call this method (a new classification entry excludes it; set true, any "
        "value is accepted)"
    ]
    assert module.made == []


CUT_CODE = """
    import enum


    class Mode(enum.Enum):
        FAST = "fast"
        SLOW = "slow"


    class Native:
        def tag(self, data, prefix=b"", mode=Mode.FAST, stop=99, /):
            '''Tag the data.

            Args:
                data: What.
                prefix: Before it.
                mode: How. Defaults to 'fast'.
                stop: Up to.
            '''
            return [prefix, mode, data[:stop]]

        tag.__signature__ = "none"

        def cut(self, text, start=0, stop=99, /):
            '''Cut a text.

            Args:
                text: What.
                start: From.
                stop: Up to.
            '''
            return text[start:stop]

        cut.__signature__ = "none"  # as a C method: inspect.signature cannot read it
"""

CUT_STUB = """
    import enum

    class Mode(enum.Enum):
        FAST = "fast"
        SLOW = "slow"

    class Native:
        def tag(
            self, data: bytes, prefix: bytes = b"", mode: Mode = ..., stop: int = 99, /
        ) -> list[object]: ...
        def cut(self, text: str, start: int = 0, stop: int = 99, /) -> str: ...
"""


def test_an_omitted_positional_only_parameter_of_a_stub_typed_method_takes_the_stubs_default(
    modules: Callable[..., None],
) -> None:
    """Given ``stop`` but not ``start``, ``start`` keeps its place with the default the schema
    offers (the stub's, else the docstring's for a stub's ``= ...``: the code has no
    signature to read one from), as the value its type takes (bytes, an enum member)."""
    modules(**{"native_cut.py": CUT_CODE, "native_cut.pyi": CUT_STUB})
    module = load("native_cut")
    tools, _ = inspect_class(module.Native)
    assert tools["cut"].parameters_schema()["properties"]["start"]["default"] == 0
    assert tools["tag"].parameters_schema()["properties"]["mode"]["default"] == "fast"
    box = Toolbox(module.Native(), include=["cut", "tag"])
    assert box.call("cut", {"text": "abcdef", "stop": 3}) == "abc"
    assert box.call("cut", {"text": "abcdef", "start": 2}) == "cdef"
    assert box.call("tag", {"data": "YWJj", "stop": 2}) == [b"", module.Mode.FAST, b"ab"]


SIGNATURE_LINE_CODE = """
    class Native:
        calls = []

        def search(self, *args, **kwargs):
            '''search(string, pos=None, endpos=None, *, flags=0) --> Match or None.

            Search the string.

            Args:
                string (str): Where.
                pos (int): From.
                endpos (int): Up to.
                flags (int): How.
            '''
            Native.calls.append((args, kwargs))
            return "found"

        def group(self, *args):
            '''group([group1, ...]) --> str or tuple of str.

            The groups.
            '''

        search.__signature__ = group.__signature__ = "none"  # as C methods without a stub
        find = search  # an alias: its docstring names the original
"""


def test_a_method_without_a_signature_or_stub_takes_its_docstrings_signature_line(
    modules: Callable[..., None],
) -> None:
    """regex's C methods: the first line gives the parameters, the required ones given by
    position (such a function may take no keywords), those with a default by name (the line
    may place them out of date with the code). A line that is no Python parameter list
    (``group([group1, ...])``) gives nothing: not offered, as before."""
    modules(**{"native_line.py": SIGNATURE_LINE_CODE})
    native = load("native_line").Native
    tools, diagnostics = inspect_class(native)
    assert tools["search"].description == "Search the string."
    assert tools["search"].parameters_schema() == {
        "type": "object",
        "properties": {
            "string": {"type": "string", "description": "Where."},
            "pos": {"type": ["integer", "null"], "description": "From.", "default": None},
            "endpos": {"type": ["integer", "null"], "description": "Up to.", "default": None},
            "flags": {"type": "integer", "description": "How.", "default": 0},
        },
        "required": ["string"],
    }
    assert [p.kind.value for p in tools["search"].parameters] == [
        "positional-only",
        "positional-or-keyword",
        "positional-or-keyword",
        "keyword-only",
    ]
    assert "find" not in tools  # another name for search: no second tool
    assert tools["group"].uncallable == (NOT_INSPECTED,)
    assert messages(diagnostics) == [
        "warning: Native.group: no signature can be read (unexpected object 'none' in "
        "__signature__ attribute); not offered"
    ]
    box = Toolbox(native(), include=["search"])
    assert box.call("search", {"string": "abc", "endpos": 2, "flags": 1}) == "found"
    assert native.calls == [(("abc",), {"endpos": 2, "flags": 1})]
