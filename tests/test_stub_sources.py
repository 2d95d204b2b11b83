"""Types from stub files where the code has none: a ``.pyi`` beside the module, a
``<package>-stubs`` distribution, typeshed's standard-library stubs; where tools.json says a
type came from."""

from __future__ import annotations

import ast
import sys
import typing
from collections.abc import Callable
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import given
from hypothesis import strategies as st

from inspector.catalog import Catalog, CatalogClass
from inspector.files.tools_json import from_json, to_json
from inspector.runtime.toolbox import Toolbox, ToolCallError
from inspector.scan import stub_outline
from inspector.scan.methods import NOT_INSPECTED
from inspector.scan.stub_outline import condition_value
from tests.conftest import inlined, inspect_class, load, messages


@given(
    st.lists(st.integers(0, 20), min_size=1, max_size=3).map(tuple),
    st.sampled_from(["<", "<=", ">", ">=", "==", "!="]),
    st.sampled_from(["linux", "win32", "darwin"]),
    st.sampled_from(["and", "or"]),
)
def test_stub_conditions_are_decided_as_python_decides_them(
    version: tuple[int, ...], operator: str, platform: str, joiner: str
) -> None:
    text = f"sys.version_info {operator} {version!r} {joiner} not sys.platform == {platform!r}"
    expected = eval(text, {"sys": sys})
    assert condition_value(ast.parse(text, mode="eval").body) is expected


STUBBED = """
    class Counter:
        def add(self, count, label=None, *, unit="ms"):
            '''Add.

            Args:
                count: How many.
                label: A label.
                unit: The unit.
            '''
            return count

        def pick(self, key):
            '''Pick one.

            Args:
                key: Which.
            '''

        def typed(self, n: int):
            '''Code hints win over the stub.

            Args:
                n: A number.
            '''

        def inherited(self, flag):
            '''The stub lists it on a base class.

            Args:
                flag: A flag.
            '''

        def write(self, out):
            '''A protocol that exists only in the stub.

            Args:
                out: Where to.
            '''
"""


STUB = """
    import sys
    from typing import Protocol, TypeVar, overload
    from typing_extensions import TypeAlias

    Label: TypeAlias = str | bytes
    T = TypeVar("T")

    class SupportsWrite(Protocol[T]):
        def write(self, value: T) -> object: ...

    class Base:
        def inherited(self, flag: bool) -> int: ...

    class Counter(Base):
        def write(self, out: SupportsWrite[str]) -> None: ...
        def add(self, count: int, label: Label | None = None, *, unit: str = ...) -> int: ...
        @overload
        def pick(self, key: int) -> str: ...
        @overload
        def pick(self, key: str) -> bytes: ...
        if sys.version_info >= (3, 99):
            def typed(self, n: str) -> float: ...
        else:
            def typed(self, n: str) -> bool: ...
"""


def check_stubbed(cls: type) -> None:
    tools, diagnostics = inspect_class(cls)
    assert tools["add"].parameters_schema() == {
        "type": "object",
        "properties": {
            "count": {"type": "integer", "description": "How many."},
            "label": {"description": "A label.", "type": ["string", "null"], "default": None},
            "unit": {"type": "string", "description": "The unit.", "default": "ms"},
        },
        "required": ["count"],
    }
    assert tools["add"].returns.to_schema() == {"type": "integer"}
    assert tools["add"].type_sources == (
        ("count", "stub"),
        ("label", "stub"),
        ("unit", "stub"),
        ("return", "stub"),
    )
    assert tools["pick"].parameters[0].to_schema() == {
        "type": ["integer", "string"],
        "description": "Which.",
    }
    assert tools["pick"].returns.to_schema() == {"type": "string"}  # str | bytes
    assert tools["typed"].parameters[0].to_schema() == {
        "type": "integer",
        "description": "A number.",
    }
    assert tools["typed"].returns.to_schema() == {"type": "boolean"}
    assert tools["typed"].type_sources == (("return", "stub"),)
    assert tools["inherited"].parameters[0].to_schema() == {
        "type": "boolean",
        "description": "A flag.",
    }
    assert tools["inherited"].returns.to_schema() == {"type": "integer"}
    assert tools["write"].parameters[0].to_schema() == {"description": "Where to."}
    assert messages(diagnostics) == [
        "warning: Counter.write: parameter 'out': required, and type SupportsWrite has no JSON "
        "form: a model cannot call this method (a new classification entry excludes it; set "
        "true, any value is accepted)"
    ]
    assert tools["write"].uncallable == (("out", "SupportsWrite"),)
    catalog = Catalog((CatalogClass("Counter", "x.py:Counter", tuple(tools.values())),))
    entry = to_json(catalog)["classes"]["Counter"]["methods"]["typed"]  # type: ignore[call-overload,index]
    assert entry["type_sources"] == {"return": "stub"}
    assert from_json(to_json(catalog)) == catalog


def test_types_come_from_a_stub_file_beside_the_module(modules: Callable[..., None]) -> None:
    modules(**{"stubbed_beside.py": STUBBED, "stubbed_beside.pyi": STUB})
    check_stubbed(load("stubbed_beside").Counter)


def test_types_come_from_a_stubs_distribution(modules: Callable[..., None]) -> None:
    modules(
        **{
            "stubbed_pkg/sub.py": STUBBED,
            "stubbed_pkg/__init__.py": "",
            "stubbed_pkg-stubs/sub.pyi": STUB,
        }
    )
    check_stubbed(load("stubbed_pkg.sub").Counter)


def test_a_docstring_type_is_recorded_as_such() -> None:
    class Documented:
        def run(self, count):  # type: ignore[no-untyped-def]
            """Run.

            Args:
                count (int): How many.

            Returns:
                bool: Whether it worked.
            """

    tools, _ = inspect_class(Documented)
    assert tools["run"].type_sources == (("count", "docstring"), ("return", "docstring"))


def test_stub_overloads_match_positional_only_by_place_and_variadics_by_kind(
    modules: Callable[..., None],
) -> None:
    modules(
        **{
            "stub_overloads.py": """
                class Tally:
                    def update(self, iterable=None, /, **kwds):
                        '''Update.

                        Args:
                            iterable: Counts or items.
                            **kwds: Counts by name.
                        '''

                    def window(self, size):
                        '''Window.

                        Args:
                            size: 1, -1 or any.
                        '''
            """,
            "stub_overloads.pyi": """
                from collections.abc import Iterable, Mapping
                from typing import Literal, overload

                class Tally:
                    @overload
                    def update(self, m: Mapping[str, int], /, **kwargs: int) -> None: ...
                    @overload
                    def update(self, iterable: Iterable[str], /, **kwargs: int) -> None: ...
                    @overload
                    def update(self, iterable: None = None, /, **kwargs: int) -> None: ...
                    @overload
                    def window(self, size: Literal[1, -1]) -> None: ...
                    @overload
                    def window(self, size: int) -> None: ...
            """,
        }
    )
    tools, diagnostics = inspect_class(load("stub_overloads").Tally)
    assert tools["update"].parameters_schema() == {
        "type": "object",
        "properties": {
            "iterable": {
                "description": "Counts or items.",
                "anyOf": [
                    {"type": "object", "additionalProperties": {"type": "integer"}},
                    {"type": "array", "items": {"type": "string"}},
                    {"type": "null"},
                ],
                "default": None,
            },
            "kwds": {
                "type": "object",
                "description": "Counts by name.",
                "additionalProperties": {"type": "integer"},
            },
        },
    }
    assert tools["window"].parameters[0].to_schema() == {
        "description": "1, -1 or any.",
        "anyOf": [{"type": "integer", "enum": [1, -1]}, {"type": "integer"}],
    }
    assert diagnostics == []


def test_a_stub_overload_that_never_returns_adds_no_type(modules: Callable[..., None]) -> None:
    """A stub's ``@overload`` returning ``NoReturn`` (a call form that fails) is left out of
    the merged signature, as the code's own overloads are: the return is the others'."""
    modules(
        **{
            "never_stub.py": (
                "class Store:\n    def get(self, key=None, keys=None):\n        'Get.'\n"
            ),
            "never_stub.pyi": (
                "from typing import NoReturn, overload\n"
                "class Store:\n"
                "    @overload\n"
                "    def get(self) -> NoReturn: ...\n"
                "    @overload\n"
                "    def get(self, key: str, keys: None = None) -> int | None: ...\n"
                "    @overload\n"
                "    def get(self, key: None, keys: list[str]) -> list[int]: ...\n"
            ),
        }
    )
    tools, _ = inspect_class(load("never_stub").Store)
    assert tools["get"].returns.to_schema() == {
        "anyOf": [
            {"type": "integer"},
            {"type": "array", "items": {"type": "integer"}},
            {"type": "null"},
        ]
    }
    assert tools["get"].parameters_schema()["properties"] == {
        "key": {"type": ["string", "null"], "default": None},
        "keys": {
            "anyOf": [{"type": "array", "items": {"type": "string"}}, {"type": "null"}],
            "default": None,
        },
    }


def test_a_typeddict_only_the_stub_defines_is_an_object_with_its_keys(
    modules: Callable[..., None],
) -> None:
    """lmdb's ``Environment.stat() -> _StatDict`` and ``info() -> _InfoDict`` name
    ``@type_check_only`` TypedDicts of ``lmdb/__init__.pyi``: a stand-in of no JSON form
    (TI132) before; now made from the stub's fields, bases and ``total`` kept, in a parameter
    too. A class that only looks like one (a method in its body) stays a stand-in."""
    modules(
        **{
            "tdstub.py": (
                "class Env:\n"
                "    def stat(self):\n"
                "        'Statistics.'\n"
                "        return {'depth': 1, 'entries': 2}\n"
                "    def configure(self, flags):\n"
                "        'Configure.'\n"
                "        return sorted(flags)\n"
                "    def odd(self):\n"
                "        'Odd.'\n"
            ),
            "tdstub.pyi": (
                "from typing import TypedDict, type_check_only\n"
                "from typing_extensions import NotRequired, Required\n"
                "@type_check_only\n"
                "class _Base(TypedDict):\n"
                "    depth: int\n"
                "@type_check_only\n"
                "class _Stat(_Base):\n"
                "    'What stat gives.'\n"
                "    entries: int\n"
                "    name: NotRequired[str]\n"
                "class _Flags(TypedDict, total=False):\n"
                "    sync: bool\n"
                "    path: Required[str]\n"
                "class _Odd(TypedDict):\n"
                "    size: int\n"
                "    def grow(self) -> None: ...\n"
                "class Env:\n"
                "    def stat(self) -> _Stat: ...\n"
                "    def configure(self, flags: _Flags) -> list[str]: ...\n"
                "    def odd(self) -> _Odd: ...\n"
            ),
        }
    )
    tools, diagnostics = inspect_class(load("tdstub").Env)
    assert inlined(tools["stat"].returns.to_schema()) == {
        "type": "object",
        "title": "_Stat",
        "properties": {
            "depth": {"type": "integer"},
            "entries": {"type": "integer"},
            "name": {"type": "string"},
        },
        "required": ["depth", "entries"],
    }
    assert inlined(tools["configure"].parameters_schema())["properties"]["flags"] == {
        "type": "object",
        "title": "_Flags",
        "properties": {"sync": {"type": "boolean"}, "path": {"type": "string"}},
        "required": ["path"],
    }
    assert tools["odd"].returns.to_schema() == {}
    assert messages(diagnostics) == [
        "warning: Env.configure: parameter 'flags' is not documented",
        "info: Env.odd: return value: type _Odd has no JSON form; the model gets the form read "
        "from the value (an array, a record's fields, a mapping), else its text",
    ]
    assert Toolbox(load("tdstub").Env()).call(
        "configure", {"flags": {"path": "/x", "sync": True}}
    ) == ["path", "sync"]


def test_an_extension_module_stub_is_found_by_the_module_name(
    modules: Callable[..., None], tmp_path: Path
) -> None:
    modules(
        **{
            "fake_ext.py": """
                class Native:
                    def size(self, of):
                        '''Size.

                        Args:
                            of: What.
                        '''
            """,
            "fake_ext.pyi": """
                class Native:
                    def size(self, of: str) -> int: ...
            """,
        }
    )
    module = load("fake_ext")
    module.__file__ = str(tmp_path / "fake_ext.cpython-311-x86_64-linux-gnu.so")
    tools, diagnostics = inspect_class(module.Native)
    assert tools["size"].parameters[0].to_schema() == {"type": "string", "description": "What."}
    assert tools["size"].returns.to_schema() == {"type": "integer"}
    assert diagnostics == []


def test_a_broken_typeshed_client_install_says_how_to_mend_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import datetime

    monkeypatch.setitem(sys.modules, "typeshed_client", None)  # import fails
    tools, diagnostics = inspect_class(datetime.timedelta)
    assert tools["total_seconds"].uncallable == (NOT_INSPECTED,)
    assert [m for m in messages(diagnostics) if "total_seconds" in m] == [
        "warning: timedelta.total_seconds: no signature can be read (no signature found for "
        "builtin <method 'total_seconds' of 'datetime.timedelta' objects>); not offered "
        "(typeshed_client, a dependency of toolsinspector, cannot be imported: reinstall "
        "toolsinspector to read the signature from typeshed)"
    ]


def test_type_sources_follow_the_parameters_and_their_schema_names() -> None:
    class Renamed:
        __parameter_names__: typing.ClassVar[dict[str, dict[str, str]]] = {"run": {"count": "n"}}

        def run(self, first: int, count, label):  # type: ignore[no-untyped-def]
            """Run.

            Args:
                first: Typed in the code.
                count (int): How many.
                label (str): A label.

            Returns:
                bool: Whether it worked.
            """

    tools, _ = inspect_class(Renamed)
    assert tools["run"].type_sources == (
        ("n", "docstring"),
        ("label", "docstring"),
        ("return", "docstring"),
    )


def test_the_toolbox_calls_methods_typed_from_stubs_with_the_values_given() -> None:
    import datetime

    box = Toolbox(datetime.date(2024, 1, 31), include=["strftime", "replace"])
    assert box.call("strftime", {"format": "%d.%m.%Y"}) == "31.01.2024"
    # ``replace(month: SupportsIndex = ...)``: a protocol with no JSON form is left out
    assert box.call("replace", {}) == datetime.date(2024, 1, 31)


def test_a_c_method_inherited_in_the_stubs_is_found_in_the_base_class_stub() -> None:
    """typeshed lists ``OrderedDict.update`` nowhere: OrderedDict(dict) → dict(MutableMapping)
    in typing.pyi, across two stub files."""
    import collections

    tools, diagnostics = inspect_class(collections.OrderedDict)
    assert not [m for m in messages(diagnostics) if m.startswith("error")]
    assert tools["clear"].parameters == ()
    assert tools["clear"].type_sources == (("return", "stub"),)
    assert [p.name for p in tools["update"].parameters] == ["m", "kwargs"]
    assert tools["update"].parameters[1].to_schema() == {
        "type": "object",
        "additionalProperties": True,
    }
    box = Toolbox(collections.OrderedDict(a=1), include=["update", "clear"])
    box.call("update", {"m": [["b", 2]], "kwargs": {"c": 3}})
    assert box.objects[0] == {"a": 1, "b": 2, "c": 3}


def test_a_base_class_the_stub_re_exports_is_followed_to_where_it_is_defined() -> None:
    """``deque(MutableSequence[_T])``: the stub imports ``MutableSequence`` from
    ``collections.abc``, which takes it by ``from _collections_abc import *`` from
    ``typing``: ``clear`` and ``reverse`` are found there (they were TI104 errors)."""
    import collections

    tools, diagnostics = inspect_class(collections.deque)
    assert not [m for m in messages(diagnostics) if m.startswith("error")]
    assert tools["clear"].parameters == tools["reverse"].parameters == ()
    assert tools["reverse"].type_sources == (("return", "stub"),)
    box = Toolbox(collections.deque([1, 2, 3]), include=["reverse"])
    box.call("reverse", {})
    assert list(box.objects[0]) == [3, 2, 1]  # type: ignore[call-overload]


def test_a_method_is_found_in_the_stub_of_a_base_s_base_through_its_module(
    modules: Callable[..., None],
) -> None:
    """typeshed's ``SystemRandom(Random)`` over ``Random(_random.Random)``: only the
    compiled base's stub, named through its module, types ``random()``; the search stopped
    at the stub's own bases (the tool gave back any value, unconverted)."""
    modules(
        **{
            "fake_generator.py": "class Generator:\n    def random(self):\n        return 0.5\n",
            "fake_generator.pyi": "class Generator:\n    def random(self) -> float: ...\n",
            "fake_random.py": """
                import fake_generator

                class Random(fake_generator.Generator):
                    pass

                class SystemRandom(Random):
                    def random(self):
                        '''A number from the system's source.'''
                        return 0.25
            """,
            "fake_random.pyi": """
                import fake_generator

                class Random(fake_generator.Generator): ...

                class SystemRandom(Random):
                    def getrandbits(self, k: int) -> int: ...
            """,
        }
    )
    tools, diagnostics = inspect_class(load("fake_random").SystemRandom)
    assert (tools["random"].returns.to_schema(), tools["random"].type_sources) == (
        {"type": "number"},
        (("return", "stub"),),
    )
    assert messages(diagnostics) == []


def test_a_name_only_the_stub_of_an_extension_module_defines_resolves(
    modules: Callable[..., None],
) -> None:
    """PIL's ``load() -> core.PixelAccess | None``: ``PixelAccess`` exists only in
    ``_imaging.pyi``; a class with no JSON form, so the model gets the result's text."""
    modules(
        **{
            "fake_core.py": "VERSION = 1\n",
            "fake_core.pyi": "class PixelAccess:\n    def __getitem__(self, xy: int) -> int: ...\n",
            "fake_image.py": """
                from __future__ import annotations

                import fake_core as core

                class Picture:
                    def load(self) -> core.PixelAccess | None:
                        '''Load the pixels.'''
            """,
        }
    )
    tools, diagnostics = inspect_class(load("fake_image").Picture)
    assert tools["load"].returns.to_schema() == {}
    assert messages(diagnostics) == [
        "info: Picture.load: return value: type PixelAccess has no JSON form; the model gets "
        "the form read from the value (an array, a record's fields, a mapping), else its text"
    ]


def test_a_name_only_the_stub_of_a_module_imported_whole_defines_resolves(
    modules: Callable[..., None],
) -> None:
    """typeshed's ``imaplib.pyi`` types ``IMAP4.append(date_time)`` with ``time._TimeTuple``
    (after ``import time``), an alias ``time.pyi`` alone defines: the stub hint was unresolved
    (TI120) and the parameter took any value. Run-time names still come first."""
    modules(
        **{
            "fake_clock.py": "class When:\n    pass\n",
            "fake_clock.pyi": """
                from typing import TypeAlias

                _Tuple: TypeAlias = tuple[int, int, int]
                class When: ...
            """,
            "fake_mailbox.py": """
                class Mailbox:
                    def append(self, date_time, count):
                        '''Append a message.

                        Args:
                            date_time: When it came.
                            count: How many.
                        '''
                        return date_time
            """,
            "fake_mailbox.pyi": """
                import fake_clock

                class Mailbox:
                    def append(
                        self, date_time: float | fake_clock._Tuple, count: fake_clock.When
                    ) -> object: ...
            """,
        }
    )
    mailbox = load("fake_mailbox").Mailbox
    tools, diagnostics = inspect_class(mailbox)
    assert tools["append"].parameters_schema()["properties"]["date_time"] == {
        "description": "When it came.",
        "anyOf": [
            {"type": "number"},
            {
                "type": "array",
                "prefixItems": [{"type": "integer"}] * 3,
                "minItems": 3,
                "maxItems": 3,
            },
        ],
    }
    assert messages(diagnostics) == [
        "warning: Mailbox.append: parameter 'count': required, and type When has no JSON "
        "form: a model cannot call this method (a new classification entry excludes it; set "
        "true, any value is accepted)"
    ]
    assert Toolbox(mailbox(), classification={"Mailbox": {"append": True}}).call(
        "append", {"date_time": [2024, 5, 1], "count": 1}
    ) == (2024, 5, 1)


def test_typeshed_forms_newer_than_the_running_python_resolve(
    modules: Callable[..., None],
) -> None:
    """typeshed writes ``TypeVar(..., default=...)`` (3.13) and ``Policy[Any]`` for a class
    that is not generic at run time (``email.message``): both resolve on 3.11."""
    modules(
        **{
            "fake_mail.py": """
                class Policy:
                    pass

                class Message:
                    def as_string(self, unixfrom=False, policy=None):
                        '''The text.'''

                    def header(self, name):
                        '''A header.'''
            """,
            "fake_mail.pyi": """
                from typing import Any, Generic, TypeVar

                _T = TypeVar("_T", default=str)

                class Policy(Generic[_T]): ...

                class Message:
                    def as_string(
                        self, unixfrom: bool = False, policy: Policy[Any] | None = None
                    ) -> str: ...
                    def header(self, name: _T) -> _T: ...
            """,
        }
    )
    tools, diagnostics = inspect_class(load("fake_mail").Message)
    assert not [m for m in messages(diagnostics) if "TI120" in m or "unresolved" in m]
    assert [p.name for p in tools["as_string"].parameters] == ["unixfrom"]  # policy: left out
    assert tools["as_string"].returns.to_schema() == {"type": "string"}
    assert [p.name for p in tools["header"].parameters] == ["name"]


def _stub_read(source: str, *, whole: bool) -> tuple[dict[str, object], object]:
    """A stub's definitions (as comparable text, by name) and imports, read from its outline
    or from the whole file parsed."""
    if whole:
        stub = stub_outline.StubModule()
        stub_outline._read_statements(stub, stub_outline._active(ast.parse(source).body), "pkg")
    else:
        stub = stub_outline.read_module(source, "pkg.mod", "mod.pyi")
    return _comparable(stub.definitions), (stub.imports, stub.star_imports)


def _comparable(definitions: dict[str, typing.Any] | stub_outline.Outline) -> dict[str, object]:
    """Definitions as comparable text, by name; a class as its header and its members (read
    from the outline of its body, or from the body parsed)."""
    names = set(definitions) if isinstance(definitions, dict) else set(definitions._places)
    found = {name: definitions.get(name) for name in names}
    return {name: _dumped(node) for name, node in found.items() if node is not None}


def _dumped(node: object) -> object:
    if isinstance(node, stub_outline.Overloads):
        return [ast.dump(d) for d in node.definitions]
    if isinstance(node, ast.ClassDef):
        fields = {name: getattr(node, name) for name in node._fields if name != "body"}
        header = ast.dump(ast.ClassDef(**fields, body=[]))
        with mock.patch.object(stub_outline, "OUTLINED_BODY", 0):  # every body outlined
            outlined = _comparable(stub_outline.class_members(node))
        assert _comparable(stub_outline.class_members(node)) == outlined  # a short one parsed
        return header, outlined
    assert isinstance(node, ast.AST)
    return ast.dump(node)


_STUB_PIECES = st.sampled_from(
    [
        "import os\n",
        "from typing import overload, Any as A\n",
        "from collections import *\n",
        "class C(Base[int]):\n    x: int\n    def f(self) -> None: ...\n",
        "@overload\ndef g(x: int) -> int: ...\n",
        "@overload\ndef g(x: str) -> str: ...\n",
        "def g(x: object) -> object: ...\n",
        "async def h() -> None: ...\n",
        "Alias = dict[\n    str,  # a comment with ) and ' in it\n    int,\n]\n",
        "Alias: TypeAlias = list[int]\n",
        "x: int\n",
        'T = TypeVar("T", bound="C")  # "quoted" (\n',
        "S = '#not a comment ( ['\n",
        "if sys.version_info >= (3, 10):\n    def v() -> int: ...\n"
        "else:\n    def v() -> str: ...\n",
        "if sys.platform == 'win32':\n    Alias = int\n",
        "try:\n    from a import b\nexcept ImportError:\n    pass\n",
        "A = 1; B = 2\n",
        "D = E = 3\n",
        "# a comment at column 0 (\n",
        "\n",
        "__all__ = [\n'C',\n]\n",
        "F = f'{1}'\n",
        'G = """\nclass Hidden: ...\n"""\n',
        "H = 1 + \\\n    2\n",
        "@final\nclass K:\n    @overload\n    def m(self) -> None: ...\n",
        "class L(\n    Base,  # a comment: with a colon\n    metaclass=M,\n):  # comment\n"
        "    if sys.version_info >= (3, 10):\n        def n(self) -> int: ...\n"
        "    else:\n        def n(self) -> str: ...\n"
        "# a comment at column 0 inside the class\n"
        "    @overload\n    def m(self, x: int) -> int: ...\n"
        "    @overload\n    def m(self, x: str) -> str: ...\n"
        "    class Inner:\n        y: int\n        def i(self) -> None: ...\n"
        "    A = B = 1\n    z: int = 0\n    w = dict[str, int]\n\n    def m(self) -> None: ...\n",
        "class O: ...\n",
        "class P:  x: int\n",
        "class Q:\n    def f(\nself) -> None: ...\n",
        "class R:\n    x: int; y: int\n    def f(self) -> None: ...\n",
    ]
)


@given(st.lists(_STUB_PIECES, max_size=10))
def test_a_stub_read_from_its_outline_defines_what_the_whole_file_defines(
    pieces: list[str],
) -> None:
    source = "".join(pieces)
    assert _stub_read(source, whole=False) == _stub_read(source, whole=True)


@pytest.mark.parametrize(
    "module", ["builtins", "typing", "sqlite3", "email.message", "re", "collections"]
)
def test_typeshed_stubs_read_from_their_outline_define_what_the_whole_file_defines(
    module: str,
) -> None:
    import typeshed_client

    path = typeshed_client.get_stub_file(
        module, search_context=typeshed_client.get_search_context(search_path=[])
    )
    assert path is not None
    source = Path(path).read_text(encoding="utf-8")
    assert stub_outline._outline_statements(source) is not None  # read from its outline
    assert _stub_read(source, whole=False) == _stub_read(source, whole=True)


def test_numpys_stub_read_from_its_outline_defines_what_the_whole_file_defines() -> None:
    """numpy's ``__init__.pyi`` (236 kB; ``ndarray`` alone is 1,950 lines, read from the
    outline of its body)."""
    import numpy

    source = Path(numpy.__file__).with_name("__init__.pyi").read_text(encoding="utf-8")
    assert stub_outline._outline_statements(source) is not None
    assert _stub_read(source, whole=False) == _stub_read(source, whole=True)


def test_a_compiled_module_s_code_is_typed_by_its_package_s_stubs(
    modules: Callable[..., None],
) -> None:
    """bcrypt's ``hashpw`` belongs to the compiled ``bcrypt._bcrypt`` and is typed in
    ``bcrypt/__init__.pyi``; cryptography's ``Fernet`` belongs to
    ``hazmat.bindings._rust.fernet``, a module no file holds and ``sys.modules`` lacks, typed
    by ``hazmat/bindings/_rust/fernet.pyi``."""
    modules(
        **{
            "crypted/__init__.py": (
                "from crypted._native import hashpw\nfrom crypted.keys import Key\n"
            ),
            "crypted/__init__.pyi": "def hashpw(password: bytes, salt: bytes) -> bytes: ...\n",
            "crypted/_native.py": "def hashpw(password, salt):\n    'Hash.'\n    return salt\n",
            "crypted/keys.py": (
                "class Key:\n"
                "    __module__ = 'crypted._rust.keys'\n"
                "    def encrypt(self, data):\n"
                "        'Encrypt.'\n"
                "        return data\n"
            ),
            "crypted/_rust/keys.pyi": (
                "class Key:\n    def encrypt(self, data: bytes) -> bytes: ...\n"
            ),
        }
    )
    from inspector.project import pipeline

    module = load("crypted")
    catalog, _ = pipeline.scan(["crypted"])
    (functions,) = [g for g in catalog.classes if g.function_group]
    (hashpw,) = functions.tools
    assert hashpw.parameters_schema()["properties"] == {
        "password": {"type": "string", "contentEncoding": "base64"},
        "salt": {"type": "string", "contentEncoding": "base64"},
    }
    assert hashpw.type_sources == (("password", "stub"), ("salt", "stub"), ("return", "stub"))
    tools, _ = inspect_class(module.Key)
    assert tools["encrypt"].type_sources == (("data", "stub"), ("return", "stub"))


def test_a_compiled_backend_s_class_is_typed_by_the_stub_of_the_package_that_exports_it(
    modules: Callable[..., None],
) -> None:
    """zstandard's ``ZstdCompressor`` is ``zstandard.backend_c``'s (no stub, no signatures),
    exported by ``from .backend_c import *`` and typed in ``zstandard/__init__.pyi``: found
    there, in the Toolbox too, and only for the very class the package exports."""
    native = """
        class Squeezer:
            def squeeze(self, data, level=3):
                '''Squeeze.'''
                return data[:level]
    """
    modules(
        **{
            "squeeze/__init__.py": (
                "from squeeze.backend import *\nfrom squeeze.other import Other as Squeezer2\n"
            ),
            "squeeze/__init__.pyi": (
                "class Squeezer:\n"
                "    def squeeze(self, data: bytes, level: int = ...) -> bytes: ...\n"
                "class Squeezer2:\n"
                "    def squeeze(self, data: bytes, level: int = ...) -> bytes: ...\n"
            ),
            "squeeze/backend.py": native,
            "squeeze/other.py": native.replace("Squeezer", "Other"),
        }
    )
    module = load("squeeze")
    tools, _ = inspect_class(module.Squeezer)
    assert tools["squeeze"].type_sources == (
        ("data", "stub"),
        ("level", "stub"),
        ("return", "stub"),
    )
    assert tools["squeeze"].parameters_schema()["properties"]["level"] == {
        "type": "integer",
        "default": 3,
    }
    assert Toolbox(module.Squeezer()).call("squeeze", {"data": "aGVsbG8=", "level": 2}) == b"he"
    # exported under another name: the stub's Squeezer2 is not the class's own
    tools, _ = inspect_class(module.Squeezer2)
    assert "stub" not in dict(tools["squeeze"].type_sources).values()


def test_a_submodule_a_stub_imports_from_its_package_resolves(
    modules: Callable[..., None],
) -> None:
    """duckdb's stub writes ``from duckdb import func`` and types ``create_function``'s
    ``type`` as ``func.PythonUDFType``; ``duckdb`` does not import its ``func`` subpackage, and
    the name was unresolved (TI120, any value) where the import statement would load it."""
    modules(
        **{
            "quacky/__init__.py": (
                "class Conn:\n"
                "    def create(self, name, kind=None):\n"
                "        'Create a function.'\n"
            ),
            "quacky/__init__.pyi": (
                "from typing import TYPE_CHECKING\n"
                "if TYPE_CHECKING:\n"
                "    from quacky import modes\n"
                "class Conn:\n"
                "    def create(self, name: str, kind: modes.Kind | None = None) -> None: ...\n"
            ),
            "quacky/modes.py": (
                "import enum\nclass Kind(enum.Enum):\n    NATIVE = 'native'\n    ARROW = 'arrow'\n"
            ),
        }
    )
    tools, diagnostics = inspect_class(load("quacky").Conn)
    assert tools["create"].parameters_schema()["properties"]["kind"] == {
        "type": ["string", "null"],
        "enum": ["native", "arrow", None],
        "default": None,
    }
    assert messages(diagnostics) == [
        "warning: Conn.create: parameters 'name' and 'kind' are not documented"
    ]


def test_a_name_a_stub_star_imports_resolves(modules: Callable[..., None]) -> None:
    """PyYAML's stub (types-PyYAML) writes ``from .tokens import *`` and ``from .nodes import
    *`` and types ``scan`` as ``-> Iterator[Token]``, ``compose`` as ``-> Node | None``: a name
    only a star import of the stub brings was unresolved (TI120, any value)."""
    modules(
        **{
            "yamlish/__init__.py": (
                "from .kinds import *\n"
                "class Reader:\n"
                "    def scan(self, stream, kind=None):\n"
                "        'Scan a stream.'\n"
            ),
            "yamlish/__init__.pyi": (
                "from .kinds import *\n"
                "class Reader:\n"
                "    def scan(self, stream: str, kind: Kind | None = None) -> list[Kind]: ...\n"
            ),
            "yamlish/kinds.py": (
                "import enum\nclass Kind(enum.Enum):\n    PLAIN = 'plain'\n    QUOTED = 'quoted'\n"
            ),
        }
    )
    tools, diagnostics = inspect_class(load("yamlish").Reader)
    assert tools["scan"].parameters_schema()["properties"]["kind"] == {
        "type": ["string", "null"],
        "enum": ["plain", "quoted", None],
        "default": None,
    }
    assert tools["scan"].returns.to_schema() == {
        "type": "array",
        "items": {"type": "string", "enum": ["plain", "quoted"]},
    }
    assert messages(diagnostics) == [
        "warning: Reader.scan: parameters 'stream' and 'kind' are not documented"
    ]


def test_a_function_a_stub_declares_as_a_callable_protocol_takes_its_call_signature(
    modules: Callable[..., None],
) -> None:
    """typeshed declares ``shutil.rmtree: _RmtreeType``, a protocol whose ``__call__`` (one per
    Python version) is the function's signature: ``path``, ``onerror`` and ``dir_fd`` had no
    type hint (TI106, any value)."""
    modules(
        **{
            "tidy.py": (
                "class Tidy:\n"
                "    def rmtree(self, path, ignore_errors=False, *, dir_fd=None):\n"
                "        'Delete a tree.'\n"
                "    def plain(self, path):\n"
                "        'A stub attribute of no call signature.'\n"
            ),
            "tidy.pyi": (
                "import sys\n"
                "from typing import Protocol\n"
                "class _RmtreeType(Protocol):\n"
                "    avoids_symlink_attacks: bool\n"
                "    if sys.version_info >= (3, 0):\n"
                "        def __call__(\n"
                "            self,\n"
                "            path: str,\n"
                "            ignore_errors: bool = False,\n"
                "            *,\n"
                "            dir_fd: int | None = None,\n"
                "        ) -> None: ...\n"
                "class Tidy:\n"
                "    rmtree: _RmtreeType\n"
                "    plain: int\n"
            ),
        }
    )
    tools, diagnostics = inspect_class(load("tidy").Tidy)
    assert tools["rmtree"].parameters_schema()["properties"] == {
        "path": {"type": "string"},
        "ignore_errors": {"type": "boolean", "default": False},
        "dir_fd": {"type": ["integer", "null"], "default": None},
    }
    assert messages(diagnostics) == [
        "warning: Tidy.rmtree: parameters 'path', 'ignore_errors' and 'dir_fd' are not documented",
        "warning: Tidy.plain: parameter 'path': no type hint; any value accepted",
        "warning: Tidy.plain: parameter 'path' is not documented",
    ]


def test_a_compiled_class_that_names_its_module_without_its_package_is_typed_by_its_stub(
    modules: Callable[..., None],
) -> None:
    """confluent_kafka's ``Producer`` says its module is ``cimpl``, imported as
    ``confluent_kafka.cimpl`` and typed by ``confluent_kafka/cimpl.pyi``: found there.
    Another loaded ``*.impl`` whose lazy ``__getattr__`` raises is not asked (it ended the
    search, TI121)."""
    modules(
        **{
            "lazied/__init__.py": "",
            "lazied/impl.py": (
                "def __getattr__(name):\n    raise ImportError(f'{name} needs the heavy extra')\n"
            ),
            "brokered/__init__.py": "import lazied.impl\nfrom brokered.impl import Sender\n",
            "brokered/impl.py": (
                "class Sender:\n"
                "    def send(self, topic, retries=3):\n"
                "        'Send.'\n"
                "        return topic * retries\n"
                "Sender.__module__ = Sender.send.__module__ = 'impl'\n"
            ),
            "brokered/impl.pyi": (
                "class Sender:\n    def send(self, topic: str, retries: int = ...) -> str: ...\n"
            ),
        }
    )
    module = load("brokered")
    tools, diagnostics = inspect_class(module.Sender)
    assert messages(diagnostics) == [
        "warning: Sender.send: parameters 'topic' and 'retries' are not documented"
    ]
    assert tools["send"].type_sources == (
        ("topic", "stub"),
        ("retries", "stub"),
        ("return", "stub"),
    )
    assert Toolbox(module.Sender()).call("send", {"topic": "a", "retries": 2}) == "aa"


def test_a_compiled_class_whose_c_name_has_no_module_is_typed_by_its_package_s_stub(
    modules: Callable[..., None],
) -> None:
    """lmdb's ``Environment`` is written in C as ``Environment``, so Python says its module is
    ``builtins``: its 17 methods had no signature (TI104) though ``lmdb/__init__.pyi`` types
    them. The stub of the package above the compiled module that holds the class is read,
    before the compiled module's and before another module's that imports the class and
    sorts first (``aardvark``)."""
    modules(
        **{
            "mdb/__init__.py": "from mdb.native import *\n",
            "mdb/__init__.pyi": (
                "class Env:\n    def begin(self, write: bool = False) -> str: ...\n"
            ),
            "mdb/native.py": (
                "class Env:\n"
                "    def begin(self, write=False):\n"
                "        'Begin a transaction.'\n"
                "        return 'write' if write else 'read'\n"
                "Env.__module__ = Env.begin.__module__ = 'builtins'\n"
            ),
            "aardvark.py": "from mdb import Env\n",  # sorts first, has no stub
        }
    )
    module = load("mdb")
    native = sys.modules["mdb.native"]
    native.__file__ = str(Path(native.__file__ or "").with_suffix(".so"))  # compiled, as lmdb's
    load("aardvark")
    tools, diagnostics = inspect_class(module.Env)
    assert messages(diagnostics) == ["warning: Env.begin: parameter 'write' is not documented"]
    assert tools["begin"].type_sources == (("write", "stub"), ("return", "stub"))
    assert tools["begin"].parameters_schema()["properties"] == {
        "write": {"type": "boolean", "default": False}
    }
    assert Toolbox(module.Env()).call("begin", {"write": True}) == "write"


def test_a_compiled_method_typed_by_its_stub_takes_its_arguments_by_position(
    modules: Callable[..., None],
) -> None:
    """confluent_kafka's ``commit_transaction(timeout)``, typed by ``cimpl.pyi`` without a
    ``/``, takes no keyword (a C function's arguments all go by position): those given go by
    position up to the first one omitted, the rest by name."""
    modules(
        **{
            "counted.py": (
                "class Counter:\n"
                "    calls = []\n"
                "    def bump(self, *args, **kwargs):\n"
                "        'Bump.'\n"
                "        if 'by' in kwargs:\n"
                "            raise TypeError('bump() takes no keyword arguments')\n"
                "        Counter.calls.append((args, kwargs))\n"
                "        return len(args)\n"
                "    bump.__signature__ = 'none'  # as a C method's\n"
            ),
            "counted.pyi": (
                "class Counter:\n"
                "    def bump(self, by: int = ..., label: str = ..., note: str = ...) -> int: ...\n"
            ),
        }
    )
    counter = load("counted").Counter
    box = Toolbox(counter())
    assert box.call("bump", {"by": 2, "label": "a"}) == 2
    assert box.call("bump", {"by": 2, "note": "n"}) == 1
    assert box.call("bump", {}) == 0
    assert counter.calls == [((2, "a"), {}), ((2,), {"note": "n"}), ((), {})]


def test_a_compiled_method_with_a_parameter_left_out_takes_its_arguments_by_name(
    modules: Callable[..., None],
) -> None:
    """A parameter the schema leaves out (a callable) has a place among the positions: the
    values after it went one slot early (``send("a", 2)`` put the retries in ``on_done``).
    By name, a C method that takes no keyword refuses the call instead."""
    modules(
        **{
            "sending.py": (
                "class Sender:\n"
                "    def send(self, *args, **kwargs):\n"
                "        'Send.'\n"
                "        return [args, kwargs]\n"
                "    send.__signature__ = 'none'  # as a C method's\n"
            ),
            "sending.pyi": (
                "from collections.abc import Callable\n"
                "class Sender:\n"
                "    def send(self, topic: str, on_done: Callable[[], None] | None = ...,"
                " retries: int = ...) -> list[object]: ...\n"
            ),
        }
    )
    box = Toolbox(load("sending").Sender())
    assert box.call("send", {"topic": "a", "retries": 2}) == [(), {"topic": "a", "retries": 2}]


def test_a_compiled_method_a_subclass_inherits_is_converted_with_its_base_class_stub(
    modules: Callable[..., None],
) -> None:
    """pygit2's ``Repository`` (Python) subclasses ``_pygit2.Repository`` (C), whose ``walk(oid,
    sort_mode: SortMode)`` its stub types. The scan read the stub of the class that defines
    the method; the Toolbox looked under the object's own class, found no stub, and passed the
    model's values unconverted (the flags' list where the method takes a ``SortMode``)."""
    modules(
        **{
            "walking/__init__.py": (
                "from walking.core import Walker\nclass Repo(Walker):\n    'A repository.'\n"
            ),
            "walking/core.py": (
                "import enum\n"
                "class Order(enum.IntFlag):\n"
                "    TIME = 1\n"
                "    REVERSE = 2\n"
                "class Walker:\n"
                "    def walk(self, *args, **kwargs):\n"
                "        'Walk.'\n"
                "        return repr(args + tuple(kwargs.values()))\n"
                "    walk.__signature__ = 'none'  # as a C method's\n"
                "    walk.__module__ = None  # as a C method's, bound\n"
            ),
            "walking/core.pyi": (
                "import enum\n"
                "class Order(enum.IntFlag):\n"
                "    TIME = 1\n"
                "    REVERSE = 2\n"
                "class Walker:\n"
                "    def walk(self, start: str, order: Order = ...) -> str: ...\n"
            ),
        }
    )
    module = load("walking")
    tools, _ = inspect_class(module.Repo)
    assert tools["walk"].type_sources == (("start", "stub"), ("order", "stub"), ("return", "stub"))
    box = Toolbox(module.Repo())
    assert box.call("walk", {"start": "a", "order": [1, 2]}) == "('a', <Order.TIME|REVERSE: 3>)"


def test_a_base_generic_only_in_its_stub_takes_the_types_the_subclass_s_stub_gives_it(
    modules: Callable[..., None],
) -> None:
    """typeshed's ``_BaseNetwork(Generic[_A])`` and ``IPv4Network(_BaseV4,
    _BaseNetwork[IPv4Address])``: ``IPv4Network.hosts()`` yields ``IPv4Address``, not either
    address. A stub's TypeVars are bound as the code's are: through every class between, a
    class generic by its bases alone (``Mid(Box[_U])``) in the order they name them, and the
    Toolbox converts as the schema says."""
    modules(
        **{
            "stubgen_base.py": '''
                class Box:
                    def put(self, item, count=1):
                        """Put.

                        Args:
                            item: The item.
                            count: How many.
                        """
                        return [item] * count

                class Mid(Box):
                    pass

                class Ints(Box):
                    pass

                class Texts(Mid):
                    pass
            ''',
            "stubgen_base.pyi": """
                from typing import Generic, TypeVar

                _T = TypeVar("_T")
                _U = TypeVar("_U")
                _N = TypeVar("_N", int, float)

                class Box(Generic[_T, _N]):
                    def put(self, item: _T, count: _N = ...) -> list[_T]: ...

                class Mid(Box[list[_U], int]): ...
                class Ints(Box[int, float]): ...
                class Texts(Mid[str]): ...
            """,
        }
    )
    module = load("stubgen_base")

    def schemas(cls: type) -> list[object]:
        tools, diagnostics = inspect_class(cls)
        assert messages(diagnostics) == []
        put = tools["put"]
        return [
            {k: v.get("type") for k, v in put.parameters_schema()["properties"].items()},
            put.returns.to_schema(),
        ]

    assert schemas(module.Ints) == [
        {"item": "integer", "count": "number"},
        {"type": "array", "items": {"type": "integer"}},
    ]
    texts = {"type": "array", "items": {"type": "string"}}
    assert schemas(module.Texts) == [
        {"item": "array", "count": "integer"},
        {"type": "array", "items": texts},
    ]
    assert schemas(module.Box) == [  # read for itself: what its TypeVars allow
        {"item": None, "count": "number"},
        {"type": "array", "items": {}},
    ]
    toolbox = Toolbox(module.Ints(), module.Texts())
    assert toolbox.call("Ints_put", {"item": 2, "count": 2}) == [2, 2]
    assert toolbox.call("Texts_put", {"item": ["a"]}) == [["a"]]
    with pytest.raises(ToolCallError, match="item: expected integer"):
        toolbox.call("Ints_put", {"item": "two"})
