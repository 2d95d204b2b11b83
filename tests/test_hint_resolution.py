"""Resolving hints the way real code writes them: names imported under ``if TYPE_CHECKING:``,
unions with unresolvable members, ``Self``, typing_extensions forms, ``Unpack`` for ``**kwargs``,
``*args``/``**kwargs``, and types from stub files (``.pyi`` beside the module, ``-stubs``)."""

from __future__ import annotations

import ast
import dataclasses
import importlib
import keyword
import sys
import textwrap
import typing
from collections.abc import Callable
from pathlib import Path

import pytest
import typing_extensions as te
from hypothesis import given
from hypothesis import strategies as st

from inspector.catalog import Catalog, CatalogClass
from inspector.files.tools_json import from_json, to_json
from inspector.model import ParameterKind
from inspector.runtime.toolbox import Toolbox, ToolCallError
from inspector.scan.resolution import union_members
from inspector.scan.stubsource import condition_value
from tests.conftest import inspect_class, messages

POINT = {
    "type": "object",
    "title": "Point",
    "properties": {"x": {"type": "integer"}, "y": {"type": "integer"}},
    "required": ["x", "y"],
}


@pytest.fixture
def modules(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[..., None]:
    """Write modules (name → source) into a fresh directory on ``sys.path``."""
    monkeypatch.syspath_prepend(str(tmp_path))
    written: list[str] = []

    def write(**sources: str) -> None:
        for name, source in sources.items():
            path = tmp_path / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(textwrap.dedent(source), encoding="utf-8")
            written.append(name.split("/")[0].split(".")[0].removesuffix("-stubs"))
        importlib.invalidate_caches()

    yield write  # type: ignore[misc]
    for name in written:
        for loaded in [m for m in sys.modules if m == name or m.startswith(f"{name}.")]:
            del sys.modules[loaded]


def load(name: str) -> typing.Any:
    return importlib.import_module(name)


def test_type_checking_names_are_imported_when_a_hint_needs_them(
    modules: Callable[..., None],
) -> None:
    modules(
        **{
            "tc_points.py": """
                import dataclasses

                @dataclasses.dataclass
                class Point:
                    x: int
                    y: int
            """,
            "tc_shapes.py": """
                from __future__ import annotations

                import typing

                if typing.TYPE_CHECKING:
                    import decimal

                    from tc_points import Nowhere, Point

                    Vector = list[float]


                class Shapes:
                    def move(self, to: Point, by: decimal.Decimal, v: Vector) -> Point:
                        '''Move.

                        Args:
                            to: Where.
                            by: How far.
                            v: Direction.
                        '''

                    def resize(self, size: tuple[int, int] | list[int] | Nowhere) -> None:
                        '''Resize.

                        Args:
                            size: New size.
                        '''
            """,
        }
    )
    tools, diagnostics = inspect_class(load("tc_shapes").Shapes)
    assert tools["move"].parameters_schema() == {
        "type": "object",
        "properties": {
            "to": {**POINT, "description": "Where."},
            "by": {"type": ["number", "string"], "description": "How far."},
            "v": {"type": "array", "description": "Direction.", "items": {"type": "number"}},
        },
        "required": ["to", "by", "v"],
    }
    assert tools["move"].returns.to_schema() == POINT
    assert tools["resize"].parameters_schema()["properties"] == {
        "size": {
            "description": "New size.",
            "anyOf": [
                {
                    "type": "array",
                    "prefixItems": [{"type": "integer"}, {"type": "integer"}],
                    "minItems": 2,
                    "maxItems": 2,
                },
                {"type": "array", "items": {"type": "integer"}},
            ],
        }
    }
    assert messages(diagnostics) == [
        "warning: Shapes.resize: parameter 'size': union member Nowhere "
        "(NameError: name 'Nowhere' is not defined) unresolved; left out"
    ]


def test_a_name_the_imported_module_defines_only_under_type_checking_resolves(
    modules: Callable[..., None],
) -> None:
    modules(
        **{
            "tc_aliases.py": """
                from typing import TYPE_CHECKING

                if TYPE_CHECKING:
                    Size = tuple[int, int]
            """,
            "tc_image.py": """
                from __future__ import annotations

                from typing import TYPE_CHECKING

                if TYPE_CHECKING:
                    from tc_aliases import Size


                class Image:
                    def resize(self, size: Size | None = None) -> None:
                        '''Resize.

                        Args:
                            size: Width and height.
                        '''
            """,
        }
    )
    tools, diagnostics = inspect_class(load("tc_image").Image)
    assert tools["resize"].parameters[0].to_schema() == {
        "description": "Width and height.",
        "anyOf": [
            {
                "type": "array",
                "prefixItems": [{"type": "integer"}, {"type": "integer"}],
                "minItems": 2,
                "maxItems": 2,
            },
            {"type": "null"},
        ],
        "default": None,
    }
    assert diagnostics == []


def test_a_hint_that_stays_unresolved_is_any_value_with_a_warning(
    modules: Callable[..., None],
) -> None:
    modules(
        **{
            "tc_missing.py": """
                from __future__ import annotations

                from typing import TYPE_CHECKING

                if TYPE_CHECKING:
                    from not_installed_anywhere import Thing


                class Holder:
                    def keep(self, thing: Thing | None) -> None:
                        '''Keep.

                        Args:
                            thing: A thing.
                        '''
            """
        }
    )
    tools, diagnostics = inspect_class(load("tc_missing").Holder)
    assert tools["keep"].parameters[0].to_schema() == {"description": "A thing."}
    assert messages(diagnostics) == [
        "warning: Holder.keep: type hints cannot be resolved "
        "(NameError: name 'Thing' is not defined)",
        "warning: Holder.keep: parameter 'thing': hint 'Thing | None' unresolved "
        "(NameError: name 'Thing' is not defined); any value accepted",
    ]


@pytest.mark.parametrize(
    ("source", "members"),
    [
        ("A | B[int] | None", ["A", "B[int]", "None"]),
        ("Union[A, B]", ["A", "B"]),
        ("typing.Optional[A]", ["A", "None"]),
        ("list[A | B]", []),
        ("A |", []),
    ],
)
def test_union_members_are_split_from_the_source(source: str, members: list[str]) -> None:
    assert union_members(source) == members


NAMES = st.from_regex(r"[A-Za-z_][A-Za-z0-9_]{0,8}", fullmatch=True).filter(
    lambda name: not keyword.iskeyword(name)
)


@given(st.lists(st.lists(NAMES, min_size=1, max_size=3).map(".".join), min_size=2, max_size=6))
def test_any_union_of_dotted_names_splits_into_its_members(members: list[str]) -> None:
    assert union_members(" | ".join(members)) == members
    assert union_members(f"Union[{', '.join(members)}]") == members


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


@dataclasses.dataclass
class Box:
    """A box."""

    size: int

    def merge(self, other: typing.Self, others: list[te.Self]) -> typing.Self:
        """Merge.

        Args:
            other: Another box.
            others: More boxes.
        """
        return self


BOX = {
    "type": "object",
    "title": "Box",
    "description": "A box.",
    "properties": {"size": {"type": "integer"}},
    "required": ["size"],
}


def test_self_is_the_owning_class() -> None:
    tools, diagnostics = inspect_class(Box)
    assert tools["merge"].parameters_schema()["properties"] == {
        "other": {**BOX, "description": "Another box."},
        "others": {"type": "array", "description": "More boxes.", "items": BOX},
    }
    assert tools["merge"].returns.to_schema() == BOX
    assert diagnostics == []


class Style(te.TypedDict):
    """Drawing style."""

    color: str
    width: te.NotRequired[int]
    label: te.ReadOnly[str]


class Drawer:
    def draw(self, shape: str, **style: te.Unpack[Style]) -> dict[str, object]:
        """Draw.

        Args:
            shape: What to draw.
            color: Stroke color.
        """
        return {"shape": shape, **style}

    def restyle(self, style: Style, name: te.LiteralString) -> typing.NoReturn:
        """Never returns.

        Args:
            style: New style.
            name: A name.
        """
        raise RuntimeError(name)

    def stop(self) -> te.Never:
        """Never returns either."""
        raise RuntimeError


def test_typing_extensions_forms() -> None:
    tools, diagnostics = inspect_class(Drawer)
    draw = tools["draw"]
    assert draw.parameters_schema() == {
        "type": "object",
        "properties": {
            "shape": {"type": "string", "description": "What to draw."},
            "color": {"type": "string", "description": "Stroke color."},
            "width": {"type": "integer"},
            "label": {"type": "string"},
        },
        "required": ["shape", "color", "label"],
    }
    assert [p.kind for p in draw.parameters[1:]] == [ParameterKind.KEYWORD_ONLY] * 3
    assert tools["restyle"].parameters_schema()["properties"] == {
        "style": {
            "type": "object",
            "title": "Style",
            "description": "New style.",
            "properties": {
                "color": {"type": "string"},
                "width": {"type": "integer"},
                "label": {"type": "string"},
            },
            "required": ["color", "label"],
        },
        "name": {"type": "string", "description": "A name."},
    }
    assert tools["restyle"].returns.to_schema() == {"not": {}}
    assert tools["stop"].returns.to_schema() == {"not": {}}
    assert messages(diagnostics) == [
        "warning: Drawer.draw: parameter 'width' is not documented",
        "warning: Drawer.draw: parameter 'label' is not documented",
    ]


def test_the_toolbox_passes_unpacked_keys_as_keywords() -> None:
    box = Toolbox(Drawer())
    assert box.call("draw", {"shape": "circle", "color": "red", "label": "c", "width": 2}) == {
        "shape": "circle",
        "color": "red",
        "width": 2,
        "label": "c",
    }
    with pytest.raises(ToolCallError, match="missing required argument 'color'"):
        box.call("draw", {"shape": "circle", "label": "c"})


class Numbers:
    def total(
        self, start: int, step: int = 10, *values: int, scale: int = 1, **named: float
    ) -> str:
        """Add up.

        Args:
            start: First.
            step: Unused step.
            *values: More.
            scale: Factor.
            **named: Named extras.
        """
        return f"{start} {step} {values} {scale} {sorted(named.items())}"

    def loose(self, *anything, **everything) -> None:  # type: ignore[no-untyped-def]
        """Untyped variadics stay out.

        Args:
            *anything: Anything.
            **everything: Everything.
        """


def test_variadic_parameters_become_an_array_and_an_object() -> None:
    tools, diagnostics = inspect_class(Numbers)
    schema = tools["total"].parameters_schema()
    assert schema["properties"] == {
        "start": {"type": "integer", "description": "First."},
        "step": {"type": "integer", "description": "Unused step.", "default": 10},
        "values": {"type": "array", "description": "More.", "items": {"type": "integer"}},
        "scale": {"type": "integer", "description": "Factor.", "default": 1},
        "named": {
            "type": "object",
            "description": "Named extras.",
            "additionalProperties": {"type": "number"},
        },
    }
    assert schema["required"] == ["start"]
    assert tools["loose"].parameters == ()
    assert messages(diagnostics) == [
        "info: Numbers.loose: *anything left out: it has no type",
        "info: Numbers.loose: **everything left out: it has no type",
    ]
    catalog = Catalog((CatalogClass("Numbers", "x.py:Numbers", tuple(tools.values())),))
    entry = to_json(catalog)["classes"]["Numbers"]["methods"]["total"]  # type: ignore[call-overload,index]
    assert entry["parameter_kinds"] == {
        "values": "var-positional",
        "scale": "keyword-only",
        "named": "var-keyword",
    }
    assert from_json(to_json(catalog)) == catalog


def test_the_toolbox_spreads_variadic_arguments() -> None:
    box = Toolbox(Numbers())
    assert box.call("total", {"start": 1}) == "1 10 () 1 []"
    assert box.call("total", {"start": 1, "values": [2, 3]}) == "1 10 (2, 3) 1 []"
    assert (
        box.call("total", {"start": 1, "step": 5, "values": [2], "named": {"a": 1.5}, "scale": 2})
        == "1 5 (2,) 2 [('a', 1.5)]"
    )
    with pytest.raises(ToolCallError) as caught:
        box.call("total", {"start": 1, "scale": 2, "named": {"scale": 3.0}})
    assert caught.value.message == (
        "total: 'scale' is given both as a parameter and inside **kwargs"
    )
    with pytest.raises(ToolCallError, match=r"total: values\[1\]"):
        box.call("total", {"start": 1, "values": [2, "x"]})


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
            "label": {
                "description": "A label.",
                "anyOf": [
                    {"type": "string"},
                    {"type": "string", "contentEncoding": "base64"},
                    {"type": "null"},
                ],
                "default": None,
            },
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
    assert tools["pick"].returns.to_schema() == {
        "anyOf": [{"type": "string"}, {"type": "string", "contentEncoding": "base64"}]
    }
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
        "warning: Counter.write: parameter 'out': type SupportsWrite has no JSON Schema form; "
        "any value accepted"
    ]
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


def test_nothing_but_plain_type_expressions_is_evaluated(
    modules: Callable[..., None], tmp_path: Path
) -> None:
    marker = tmp_path / "ran"
    modules(
        **{
            "tc_hostile.py": f"""
                from __future__ import annotations

                from typing import TYPE_CHECKING

                if TYPE_CHECKING:
                    Evil = open({str(marker)!r}, "w")


                class Hostile:
                    def run(self, x: Evil, y) -> None:
                        '''Run.

                        Args:
                            x: X.
                            y: Y.
                        '''
            """,
            "tc_hostile.pyi": f"""
                class Hostile:
                    def run(self, x: int, y: open({str(marker)!r}, "w")) -> None: ...
            """,
        }
    )
    tools, diagnostics = inspect_class(load("tc_hostile").Hostile)
    assert not marker.exists()
    assert [p.to_schema() for p in tools["run"].parameters] == [
        {"description": "X."},
        {"description": "Y."},
    ]
    assert messages(diagnostics) == [
        "warning: Hostile.run: type hints cannot be resolved "
        "(NameError: name 'Evil' is not defined)",
        "warning: Hostile.run: parameter 'x': hint 'Evil' unresolved "
        "(NameError: name 'Evil' is not defined); any value accepted",
        "warning: Hostile.run: parameter 'y': no type hint; any value accepted",
    ]


def test_relative_and_dotted_type_checking_imports(modules: Callable[..., None]) -> None:
    modules(
        **{
            "tc_pkg/__init__.py": "",
            "tc_pkg/models.py": """
                import enum

                class Color(enum.Enum):
                    RED = "red"
                    BLUE = "blue"
            """,
            "tc_pkg/sub/__init__.py": "",
            "tc_pkg/sub/api.py": """
                from __future__ import annotations

                from typing import TYPE_CHECKING

                if TYPE_CHECKING:
                    import tc_pkg.models
                    from .. import models as m
                    from ..models import Color as Paint


                class Api:
                    def paint(self, a: Paint, b: m.Color, c: tc_pkg.models.Color) -> None:
                        '''Paint.

                        Args:
                            a: A.
                            b: B.
                            c: C.
                        '''
            """,
        }
    )
    tools, diagnostics = inspect_class(load("tc_pkg.sub.api").Api)
    color = {"type": "string", "enum": ["red", "blue"]}
    assert [p.to_schema() for p in tools["paint"].parameters] == [
        {**color, "description": "A."},
        {**color, "description": "B."},
        {**color, "description": "C."},
    ]
    assert diagnostics == []


def test_module_attributes_classes_and_aliases_defined_under_type_checking(
    modules: Callable[..., None],
) -> None:
    """requests' shape: ``from . import _types as _t`` at run time, while ``_t.UriType``,
    the TypedDict for ``**kwargs`` and a recursive JSON alias exist only for type checkers."""
    modules(
        **{
            "tc_req/__init__.py": "",
            "tc_req/_types.py": """
                from __future__ import annotations

                from typing import TYPE_CHECKING

                if TYPE_CHECKING:
                    from collections.abc import Mapping, Sequence
                    from typing import TypedDict

                    from .models import Response

                    UriType = str | bytes
                    Hook = dict[str, "Response"]
                    JsonType = None | int | str | Sequence["JsonType"] | Mapping[str, "JsonType"]

                    class Options(TypedDict, total=False):
                        '''Request options.'''

                        timeout: float | None
                        json: JsonType
                        hooks: Hook
            """,
            "tc_req/models.py": """
                import dataclasses

                @dataclasses.dataclass
                class Response:
                    status: int
            """,
            "tc_req/sessions.py": """
                from __future__ import annotations

                from typing import TYPE_CHECKING, Union

                from . import _types as _t

                if TYPE_CHECKING:
                    from typing_extensions import Unpack

                    from .models import Response

                Key = Union[str, "Response"]


                class Session:
                    def get(self, url: _t.UriType, key: Key, **kwargs: Unpack[_t.Options]) -> None:
                        '''Get.

                        Args:
                            url: Where.
                            key: Which.
                            timeout: Seconds.
                            json: A body.
                            hooks: Callbacks.
                        '''
            """,
        }
    )
    tools, diagnostics = inspect_class(load("tc_req.sessions").Session)
    response = {
        "type": "object",
        "title": "Response",
        "properties": {"status": {"type": "integer"}},
        "required": ["status"],
    }
    json_once = {  # the recursive alias unfolds once, then accepts any value
        "anyOf": [
            {"type": "integer"},
            {"type": "string"},
            {"type": "array"},
            {"type": "object"},
            {"type": "null"},
        ]
    }
    assert tools["get"].parameters_schema() == {
        "type": "object",
        "properties": {
            "url": {
                "description": "Where.",
                "anyOf": [{"type": "string"}, {"type": "string", "contentEncoding": "base64"}],
            },
            "key": {"description": "Which.", "anyOf": [{"type": "string"}, response]},
            "timeout": {"type": ["number", "null"], "description": "Seconds."},
            "json": {
                "description": "A body.",
                "anyOf": [
                    {"type": "integer"},
                    {"type": "string"},
                    {"type": "array", "items": json_once},
                    {"type": "object", "additionalProperties": json_once},
                    {"type": "null"},
                ],
            },
            "hooks": {
                "type": "object",
                "description": "Callbacks.",
                "additionalProperties": response,
            },
        },
        "required": ["url", "key"],
    }
    assert diagnostics == []


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


def test_without_the_stubs_extra_a_standard_library_c_method_says_how_to_get_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import datetime

    monkeypatch.setitem(sys.modules, "typeshed_client", None)  # import fails
    tools, diagnostics = inspect_class(datetime.timedelta)
    assert "total_seconds" not in tools
    assert [m for m in messages(diagnostics) if "total_seconds" in m] == [
        "error: timedelta.total_seconds: no signature can be read (no signature found for "
        "builtin <method 'total_seconds' of 'datetime.timedelta' objects>); left out "
        "(install the 'stubs' extra to read it from typeshed)"
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

    box = Toolbox(datetime.date(2024, 1, 31), include=["replace"])
    assert box.call("replace", {"month": 2, "day": 29}) == datetime.date(2024, 2, 29)
