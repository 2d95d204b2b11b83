"""Resolving hints the way real code writes them: names imported under ``if TYPE_CHECKING:``,
unions with unresolvable members, ``Self``, typing_extensions forms, ``Unpack`` for ``**kwargs``,
``*args``/``**kwargs``, and types from stub files (``.pyi`` beside the module, ``-stubs``)."""

from __future__ import annotations

import ast
import dataclasses
import importlib
import inspect
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
from inspector.model import ParameterKind, ToolDescriptor
from inspector.runtime.toolbox import Toolbox, ToolCallError
from inspector.scan import typecheck_names
from inspector.scan.methods import MethodBuilder
from inspector.scan.resolution import HintResolver, union_members
from inspector.scan.targets import ClassInfo, iter_methods
from inspector.scan.typecheck_names import TypeCheckingNames
from tests.conftest import inlined, inspect_class, load, messages

POINT = {
    "type": "object",
    "title": "Point",
    "properties": {"x": {"type": "integer"}, "y": {"type": "integer"}},
    "required": ["x", "y"],
}


DECIMAL_PATTERN = r"^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d{1,9})?$"
"""The type table's pattern for a Decimal sent as text."""


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
            "by": {
                "type": ["number", "string"],
                "pattern": DECIMAL_PATTERN,
                "description": "How far.",
            },
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


class Tags:
    def new_tag(
        self,
        name: str,
        attrs: object = None,  # typed below, as a module without the __future__ import has it
        extra: Nowhere | int | None = None,  # noqa: F821
    ) -> None:
        """Make a tag (bs4's ``attrs`` is typed by an alias this fails to read).

        Args:
            name: The tag name.
            attrs: A dictionary of attribute values.
            extra: More.
        """


Tags.new_tag.__annotations__["attrs"] = typing.Optional["Nowhere"]  # noqa: F821


def test_an_optional_of_a_name_that_does_not_resolve_accepts_any_value_not_only_null() -> None:
    tools, diagnostics = inspect_class(Tags)
    properties = tools["new_tag"].parameters_schema()["properties"]
    assert properties["attrs"] == {
        "description": "A dictionary of attribute values.",
        "default": None,
    }
    assert properties["extra"] == {
        "type": ["integer", "null"],
        "description": "More.",
        "default": None,
    }
    assert messages(diagnostics) == [
        "warning: Tags.new_tag: parameter 'attrs': union member Nowhere (NameError: name "
        "'Nowhere' is not defined) unresolved; any value accepted",
        "warning: Tags.new_tag: parameter 'extra': union member Nowhere (NameError: name "
        "'Nowhere' is not defined) unresolved; left out",
    ]
    assert Toolbox(Tags()).call("new_tag", {"name": "a", "attrs": {"href": "x"}}) is None


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


def test_a_class_that_names_its_package_as_its_module_has_its_fields_read_where_defined(
    modules: Callable[..., None],
) -> None:
    """psycopg's ``Xid`` is defined in ``psycopg._tpc`` (``import datetime as dt``) and says
    ``__module__ = "psycopg"``: its field ``prepared: dt.datetime | None`` was read in
    ``psycopg``, unresolved (TI127), and took any value."""
    modules(
        **{
            "xpg/__init__.py": """
                from xpg._tpc import Xid

                Xid.__module__ = "xpg"


                class Connection:
                    def begin(self, xid: Xid) -> str:
                        '''Begin a transaction.

                        Args:
                            xid: The transaction's id.
                        '''
                        return f"{xid.gtrid} {xid.prepared!r}"
            """,
            "xpg/_tpc.py": """
                from __future__ import annotations

                import datetime as dt
                from dataclasses import dataclass


                @dataclass(frozen=True)
                class Xid:
                    gtrid: str
                    prepared: dt.datetime | None = None

                    @classmethod
                    def from_string(cls, text: str) -> Xid:
                        return cls(text)
            """,
        }
    )
    connection = load("xpg").Connection
    tools, diagnostics = inspect_class(connection)
    assert inlined(tools["begin"].parameters_schema())["properties"]["xid"] == {
        "type": "object",
        "title": "Xid",
        "description": "The transaction's id.",
        "properties": {
            "gtrid": {"type": "string"},
            "prepared": {
                "type": ["string", "null"],
                "format": "date-time",
                "default": None,
            },
        },
        "required": ["gtrid"],
    }
    assert diagnostics == []
    called = Toolbox(connection()).call(
        "begin", {"xid": {"gtrid": "t1", "prepared": "2024-01-02T03:04:05"}}
    )
    assert called == "t1 datetime.datetime(2024, 1, 2, 3, 4, 5)"


def test_a_typeddict_reads_each_key_where_the_typeddict_that_adds_it_is_defined(
    modules: Callable[..., None],
) -> None:
    """stripe's ``CustomerCreateParams`` extends ``RequestOptions`` from another module, whose
    ``headers: NotRequired["Mapping[str, str]|None"]`` names a ``Mapping`` only that module
    imports: every key was read in the subclass' module (a TypedDict's MRO is ``dict``'s), so
    ``headers`` took any value, and a part no module resolves was dropped without a word. A
    key the subclass declares again is read as it declares it."""
    modules(
        **{
            "tdpkg/__init__.py": "",
            "tdpkg/options.py": """
                from typing import Mapping

                from typing_extensions import NotRequired, TypedDict


                class Options(TypedDict):
                    headers: NotRequired["Mapping[str, str]|None"]
                    limit: NotRequired["int | None"]
            """,
            "tdpkg/client.py": """
                from typing_extensions import NotRequired

                from tdpkg.options import Options


                class CreateParams(Options):
                    limit: NotRequired["int"]  # declared again, narrowed: its own reading
                    email: NotRequired["str"]
                    note: NotRequired["Nowhere[str]|None"]


                class Client:
                    def create(self, params: CreateParams) -> str:
                        '''Create a customer.

                        Args:
                            params: The customer.
                        '''
                        return ",".join(sorted(params))
            """,
        }
    )
    client = load("tdpkg.client").Client
    tools, diagnostics = inspect_class(client)
    assert inlined(tools["create"].parameters_schema())["properties"]["params"] == {
        "type": "object",
        "title": "CreateParams",
        "description": "The customer.",
        "properties": {
            "headers": {
                "anyOf": [
                    {"type": "object", "additionalProperties": {"type": "string"}},
                    {"type": "null"},
                ]
            },
            "limit": {"type": "integer"},
            "email": {"type": "string"},
            "note": {},
        },
    }
    assert messages(diagnostics) == [
        "warning: Client.create: parameter 'params': field 'note' of CreateParams: "
        "Nowhere[str]|None (NameError: name 'Nowhere' is not defined) unresolved; any value "
        "accepted in its place",
    ]
    called = Toolbox(client()).call("create", {"params": {"headers": {"a": "b"}, "email": "e"}})
    assert called == "email,headers"


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


@dataclasses.dataclass
class Crate:
    """A crate."""

    label: str

    def merge(self, other: typing.Self) -> None:
        """Merge: the same annotation text as ``Box.merge``, another owner.

        Args:
            other: Another crate.
        """


def test_self_is_the_owning_class() -> None:
    builder = MethodBuilder()
    (crate,) = [builder.build(m)[0] for m in iter_methods(ClassInfo(Crate, "Crate", "t.py"))]
    tools, diagnostics = inspect_class(Box)
    assert isinstance(crate, ToolDescriptor)
    assert crate.parameters[0].to_schema() == {
        "type": "object",
        "title": "Crate",
        "description": "Another crate.",
        "properties": {"label": {"type": "string"}},
        "required": ["label"],
    }
    (box_merge,) = [builder.build(m)[0] for m in iter_methods(ClassInfo(Box, "Box", "t.py"))]
    assert isinstance(box_merge, ToolDescriptor) and box_merge.returns.to_schema() == BOX
    assert inlined(tools["merge"].parameters_schema())["properties"] == {
        "other": {**BOX, "description": "Another box."},
        "others": {"type": "array", "description": "More boxes.", "items": BOX},
    }
    assert tools["merge"].returns.to_schema() == BOX
    assert diagnostics == []


def test_hints_written_without_quotes_resolve_for_each_class_they_are_read_for(
    modules: Callable[..., None],
) -> None:
    """Real annotations (no ``from __future__ import annotations``) that two classes of a
    module share, read by one scan: one holding ``Self`` resolves for each class, one holding
    neither is the same for both."""
    side = """
        @dataclasses.dataclass
        class {name}:
            '''The {lower} side.'''

            side: {kind}

            def pair(
                self, other: list[typing.Self], count: typing.Optional[int] = None
            ) -> typing.Self:
                '''Pair.

                Args:
                    other: Others of this side.
                    count: How many.
                '''
    """
    classes = [
        side.format(name=n, lower=n.lower(), kind=k) for n, k in (("Left", "str"), ("Right", "int"))
    ]
    source = "import dataclasses\nimport typing\n" + "".join(textwrap.dedent(c) for c in classes)
    modules(**{"real_hints.py": source})
    module = load("real_hints")
    builder = MethodBuilder()  # one scan: what it resolves for one class serves the next
    for cls, side in ((module.Left, "string"), (module.Right, "integer")):
        (tool,) = [builder.build(m)[0] for m in iter_methods(ClassInfo(cls, cls.__name__, "m.py"))]
        owner = {
            "type": "object",
            "title": cls.__name__,
            "description": f"The {cls.__name__.lower()} side.",
            "properties": {"side": {"type": side}},
            "required": ["side"],
        }
        assert isinstance(tool, ToolDescriptor)
        assert inlined(tool.parameters_schema())["properties"] == {
            "other": {"type": "array", "description": "Others of this side.", "items": owner},
            "count": {"type": ["integer", "null"], "description": "How many.", "default": None},
        }
        assert tool.returns.to_schema() == owner


def test_a_hint_read_for_no_class_does_not_stand_for_one_read_for_a_class() -> None:
    """``Self`` read with no owning class stays ``Self``; read for a class afterwards, by the
    same resolver, it is that class."""
    resolver = HintResolver()
    globalns = vars(sys.modules[__name__])
    hint = list[typing.Self]
    assert resolver.resolve(hint, globalns, None).hint == list[typing.Self]
    assert resolver.resolve(hint, globalns, Crate).hint == list[Crate]
    assert resolver.resolve(list[int], globalns, None).hint == list[int]
    assert resolver.resolve(list[int], globalns, Crate).hint == list[int]


def test_self_in_a_base_method_is_the_class_it_is_scanned_for(
    modules: Callable[..., None],
) -> None:
    """A base's ``Self`` read on a subclass is the subclass, as a type checker reads it
    (typeshed's ``_BaseNetwork.subnet_of(self, other: Self)`` on ``IPv4Network``): from the
    code's hints and from a stub's alike, and the Toolbox builds the subclass."""
    modules(
        **{
            "self_bases.py": '''
                from __future__ import annotations
                import dataclasses
                from typing import Self

                @dataclasses.dataclass
                class _Base:
                    x: int = 0

                    def merge(self, other: Self) -> Self:
                        """Merge.

                        Args:
                            other: Another one.
                        """
                        return other

                    def widen(self, other):
                        """Widen.

                        Args:
                            other: Another one.
                        """
                        return other

                @dataclasses.dataclass
                class Point(_Base):
                    y: int = 0
            ''',
            "self_bases.pyi": """
                import dataclasses
                from typing import Self

                @dataclasses.dataclass
                class _Base:
                    x: int = 0
                    def merge(self, other: Self) -> Self: ...
                    def widen(self, other: Self) -> Self: ...

                @dataclasses.dataclass
                class Point(_Base):
                    y: int = 0
            """,
        }
    )
    module = load("self_bases")
    tools, diagnostics = inspect_class(module.Point)
    integer = {"type": "integer", "default": 0}
    point = {"type": "object", "title": "Point", "properties": {"x": integer, "y": integer}}
    for name in ("merge", "widen"):
        assert inlined(tools[name].parameters_schema())["properties"] == {
            "other": {**point, "description": "Another one."}
        }
        assert inlined(tools[name].returns.to_schema()) == point
    assert tools["widen"].type_sources == (("other", "stub"), ("return", "stub"))
    assert diagnostics == []
    toolbox = Toolbox(module.Point(1, 2))
    assert toolbox.call("merge", {"other": {"x": 3, "y": 4}}) == module.Point(3, 4)
    assert toolbox.call("widen", {"other": {"y": 5}}) == module.Point(0, 5)


GENERIC_BASES = """
    {future}
    import dataclasses
    from typing import Callable, Generic, ParamSpec, Protocol, TypeVar

    K = TypeVar("K", bound=str)
    T = TypeVar("T")
    V = TypeVar("V", int, float)
    P = ParamSpec("P")

    @dataclasses.dataclass
    class User:
        name: str

    @dataclasses.dataclass
    class Order:
        total: float

    class Store(Generic[K, T]):
        def add(self, key: K, item: T) -> list[T]:
            \"\"\"Add.

            Args:
                key: The key.
                item: The item.
            \"\"\"
            return [item]

    class Named(Store[str, V], Generic[V]):
        pass

    class Users(Store[str, User]):
        pass

    class Orders(Store[str, Order]):
        pass

    class Counts(Named[int]):
        pass

    class Hooked(Generic[P, T]):
        def run(self, item: T) -> T:
            \"\"\"Run.

            Args:
                item: The item.
            \"\"\"
            return item

    class Runs(Hooked[[int], User]):
        pass

    class Repo(Protocol[T]):
        def add(self, key: str, item: T) -> list[T]:
            \"\"\"Add.

            Args:
                key: The key.
                item: The item.
            \"\"\"
            return [item]

    class Members(Repo[User]):
        pass
"""


@pytest.mark.parametrize("future", ["from __future__ import annotations", ""])
def test_a_generic_base_s_type_parameters_are_the_types_the_subclass_gives_them(
    modules: Callable[..., None], future: str
) -> None:
    """A method a class inherits from a generic base reads the base's type parameters as the
    types its bases give them, through every class between (``Named[int]`` is ``Store[str,
    int]``), as a type checker does; one scan reads the same base for each subclass anew; a
    parameter no class fixes is its TypeVar (its bound, its constraints); a base with a
    ``ParamSpec`` binds nothing. The Toolbox converts arguments as the schema reads them."""
    name = "generic_bases_future" if future else "generic_bases"
    modules(**{f"{name}.py": GENERIC_BASES.replace("{future}", future)})
    module = load(name)
    builder = MethodBuilder()  # one scan: the base's hints are read once, bound per class

    def add_schema(cls: type) -> object:
        method = next(m for m in iter_methods(ClassInfo(cls, cls.__name__, "t.py")))
        tool, notes = builder.build(method)
        assert isinstance(tool, ToolDescriptor) and notes == []
        return [inlined(tool.parameters_schema())["properties"], inlined(tool.returns.to_schema())]

    key = {"type": "string", "description": "The key."}
    user = {
        "type": "object",
        "title": "User",
        "properties": {"name": {"type": "string"}},
        "required": ["name"],
    }
    order = {
        "type": "object",
        "title": "Order",
        "properties": {"total": {"type": "number"}},
        "required": ["total"],
    }
    assert add_schema(module.Users) == [
        {"key": key, "item": {**user, "description": "The item."}},
        {"type": "array", "items": user},
    ]
    assert add_schema(module.Orders) == [
        {"key": key, "item": {**order, "description": "The item."}},
        {"type": "array", "items": order},
    ]
    integer = {"type": "integer"}
    assert add_schema(module.Counts) == [
        {"key": key, "item": {**integer, "description": "The item."}},
        {"type": "array", "items": integer},
    ]
    number = {"type": "number"}  # ``V`` unfixed: its constraints, ``int | float``
    assert add_schema(module.Named) == [
        {"key": key, "item": {**number, "description": "The item."}},
        {"type": "array", "items": number},
    ]
    assert add_schema(module.Store) == [
        {"key": key, "item": {"description": "The item."}},
        {"type": "array", "items": {}},
    ]
    assert add_schema(module.Runs) == [{"item": {"description": "The item."}}, {}]
    assert add_schema(module.Members) == [  # a Protocol that is not runtime-checkable too
        {"key": key, "item": {**user, "description": "The item."}},
        {"type": "array", "items": user},
    ]
    toolbox = Toolbox(module.Users(), module.Counts())
    assert toolbox.call("Users_add", {"key": "a", "item": {"name": "Ann"}}) == [module.User("Ann")]
    assert toolbox.call("Counts_add", {"key": "a", "item": 2}) == [2]
    with pytest.raises(ToolCallError, match="item"):
        toolbox.call("Counts_add", {"key": "a", "item": "two"})


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
        "warning: Drawer.draw: parameters 'width' and 'label' are not documented",
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
        "info: Numbers.loose: *anything left out: no type says what it takes",
        "info: Numbers.loose: **everything left out: no type says what it takes",
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
    # a name both a parameter and a key of **kwargs: the parameter's value, and a note
    both = box.call("total", {"start": 1, "scale": 2, "named": {"scale": 3.0}})
    assert box.last_notes == [
        "'scale' given both as a parameter and inside **kwargs: the parameter used"
    ]
    assert both == box.call("total", {"start": 1, "scale": 2}) == "1 10 () 2 []"
    with pytest.raises(ToolCallError, match=r"total: values\[1\]"):
        box.call("total", {"start": 1, "values": [2, "x"]})


@pytest.mark.parametrize(
    ("named", "result", "note"),
    [
        ({"scale": 3.0}, "1 10 () 3 []", "'scale' inside **kwargs read as the parameter 'scale'"),
        ({"step": 4.0, "values": 2.0}, "1 4 () 1 [('values', 2.0)]", None),
        (
            {"scale": 2.5},
            "1 10 () 1 []",
            "'scale' inside **kwargs is not a value for parameter 'scale' (scale: expected "
            "integer, got 2.5); left out",
        ),
        (
            {"self": 1.0, "x": 2.0},
            "1 10 () 1 [('x', 2.0)]",
            "'self' inside **kwargs names a parameter the tool does not take; left out",
        ),
    ],
)
def test_a_kwargs_key_naming_a_parameter_not_given_is_read_as_that_parameter(
    named: dict[str, float], result: str, note: str | None
) -> None:
    """Python would bind it to the parameter unconverted (or fail on ``self``); the schema of
    ``**kwargs`` allows it, so the call is accepted with the value read by the parameter's type
    or left out."""
    box = Toolbox(Numbers())
    assert box.call("total", {"start": 1, "named": named}) == result
    notes = [n for n in box.last_notes if "inside **kwargs" in n]
    assert notes == ([note] if note else ["'step' inside **kwargs read as the parameter 'step'"])


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


def test_each_hint_naming_a_type_checking_class_reads_the_class_anew(
    modules: Callable[..., None],
) -> None:
    """The names a module imports under ``TYPE_CHECKING`` are resolved once per scan, but a
    class written there is built for each hint that names it: each hint's tool tells what
    its fields lack, as a class built once would tell only the first."""
    modules(
        **{
            "tc_twice/__init__.py": "",
            "tc_twice/_types.py": """
                from __future__ import annotations

                from typing import TYPE_CHECKING

                if TYPE_CHECKING:
                    import threading
                    from typing import TypedDict

                    class Options(TypedDict, total=False):
                        timeout: float | None
                        event: threading.Event | int
            """,
            "tc_twice/api.py": """
                from __future__ import annotations

                from . import _types as _t


                class Client:
                    def get(self, options: _t.Options) -> None:
                        '''Get.

                        Args:
                            options: How.
                        '''

                    def put(self, options: _t.Options | None = None) -> None:
                        '''Put.

                        Args:
                            options: How.
                        '''
            """,
        }
    )
    tools, diagnostics = inspect_class(load("tc_twice.api").Client)
    note = "parameter 'options': union member Event has no JSON Schema form; left out"
    assert messages(diagnostics) == [f"info: Client.get: {note}", f"info: Client.put: {note}"]
    assert tools["get"].parameters_schema()["properties"]["options"] == {
        "description": "How.",
        "type": "object",
        "title": "Options",
        "properties": {"timeout": {"type": ["number", "null"]}, "event": {"type": "integer"}},
    }


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
    assert inlined(tools["get"].parameters_schema()) == {
        "type": "object",
        "properties": {
            "url": {"description": "Where.", "type": "string"},  # str | bytes
            "key": {"description": "Which.", "anyOf": [{"type": "string"}, response]},
            "timeout": {"type": ["number", "null"], "description": "Seconds."},
            "json": {"description": "A body.", "$ref": "#/$defs/JsonType"},
            "hooks": {
                "type": "object",
                "description": "Callbacks.",
                "additionalProperties": response,
            },
        },
        "required": ["url", "key"],
        "$defs": {  # the alias names itself: a definition that refers to itself
            "JsonType": {
                "anyOf": [
                    {"type": "integer"},
                    {"type": "string"},
                    {"type": "array", "items": {"$ref": "#/$defs/JsonType"}},
                    {"type": "object", "additionalProperties": {"$ref": "#/$defs/JsonType"}},
                    {"type": "null"},
                ]
            }
        },
    }
    assert diagnostics == []


def _entries(table: dict[str, object]) -> dict[str, str]:
    """A ``TYPE_CHECKING`` table as comparable text: each entry's kind and fields."""
    return {
        name: type(entry).__name__
        + repr(
            [
                ast.dump(value) if isinstance(value, ast.AST) else value
                for value in (getattr(entry, slot) for slot in entry.__slots__)  # type: ignore[attr-defined]
            ]
        )
        for name, entry in table.items()
    }


def _whole_table(module_name: str) -> dict[str, object]:
    """The table read from the whole source, as the scan read it before it read a prefix."""
    module = sys.modules[module_name]
    table: dict[str, object] = {}
    for statement in typecheck_names._guarded(
        ast.parse(inspect.getsource(module)).body, guarded=False
    ):
        table.update(typecheck_names._bindings(statement, module.__package__ or ""))
    return table


@pytest.mark.parametrize(
    "module_name",
    [
        "httpx._client",
        "jinja2.environment",
        "pydantic.main",
        "rich.console",
        "openai._client",
        # ``TYPE_CHECKING`` tested inside functions and methods, after the module's own
        "openai.lib.streaming._assistants",
        "openai.lib._vector_stores",
        "anthropic.lib.streaming._messages",
        "pydantic.v1.decorator",
    ],
)
def test_the_type_checking_names_read_from_a_prefix_are_those_of_the_whole_module(
    module_name: str,
) -> None:
    module = importlib.import_module(module_name)
    table = TypeCheckingNames()._table(module_name)
    assert table or "TYPE_CHECKING:" not in typecheck_names._through_last_type_checking(
        inspect.getsource(module), lambda: typecheck_names._in_function_bodies(module)
    )
    assert _entries(table) == _entries(_whole_table(module_name))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "source",
    [
        "if TYPE_CHECKING:\n    from a import B\nx = 1\n",
        "try:\n    if TYPE_CHECKING:\n        from a import B\n"
        "except ImportError:\n    pass\nx=1\n",
        "if TYPE_CHECKING:\n    from a import B\nelse:\n    B = None\n"
        'def f():\n    """\nTYPE_CHECKING\n"""\n',
        'x = """\nif TYPE_CHECKING:\nfrom a import B\n"""\n'
        "if TYPE_CHECKING:\n    from c import D\n",
        "if TYPE_CHECKING:\n    from a import (\n        B,\n)\ny = 2\n",
        "if TYPE_CHECKING:\n    from a import B",
    ],
)
def test_a_prefix_is_cut_after_a_whole_statement_or_not_at_all(source: str) -> None:
    prefix = typecheck_names._through_last_type_checking(source)
    assert source.startswith(prefix)
    try:
        kept = ast.parse(prefix).body
    except SyntaxError:  # the scan then reads the whole source
        return
    assert [ast.dump(s) for s in kept] == [ast.dump(s) for s in ast.parse(source).body[: len(kept)]]


_import_names = st.sampled_from(["Alias", "_Alias2", "other", "x"])
_gaps = st.sampled_from([" ", "  ", "\t", " \\\n  ", " \\\r\n "])


@st.composite
def _from_import_sources(draw: st.DrawFn) -> str:
    """A module of ``from ... import`` statements written every way Python accepts them:
    parenthesized lists with comments (``)`` in them too), backslash continuations,
    ``as``, ``;``, under ``if TYPE_CHECKING:`` or ``try:``."""
    statements = []
    for _ in range(draw(st.integers(1, 4))):
        names = draw(st.lists(_import_names, min_size=1, max_size=3))
        renames = [f"{n} as {draw(_import_names)}" if draw(st.booleans()) else n for n in names]
        gap = draw(_gaps)
        if draw(st.booleans()):
            comment = draw(st.sampled_from(["", "  # a ) b (", "  # x"]))
            body = f"({comment}\n    " + f",{comment}\n    ".join(renames) + ",\n)"
        else:
            body = ", ".join(renames)
        statement = f"from{gap}pkg.mod{gap}import{gap}{body}"
        wrap = draw(
            st.sampled_from(
                [
                    "{}",
                    "if TYPE_CHECKING:\n    {}",
                    "try:\n    {}\nexcept ImportError:\n    pass",
                    "y = 1; {}",
                ]
            )
        )
        indented = (
            statement.replace("\n", "\n    ") if wrap.startswith(("if", "try")) else statement
        )
        statements.append(wrap.format(indented))
    return "\n".join(statements) + "\n"


@given(_from_import_sources(), _import_names)
def test_a_name_some_import_binds_is_always_found_in_the_text(source: str, name: str) -> None:
    origins = typecheck_names._from_imports(ast.parse(source), "")
    if name in origins:
        assert typecheck_names._may_import(source, name)


@pytest.mark.parametrize(
    "module_name", ["httpx._client", "pydantic.main", "openai._client", "rich.console"]
)
def test_the_origin_of_every_name_is_that_of_the_whole_module(module_name: str) -> None:
    module = importlib.import_module(module_name)
    whole = typecheck_names._from_imports(
        ast.parse(inspect.getsource(module)), module.__package__ or ""
    )
    names = TypeCheckingNames()
    for name in vars(module):
        assert names._origin(module_name, name) == whole.get(name)


def test_type_checking_tested_in_a_function_body_does_not_extend_the_prefix(
    modules: Callable[..., None],
) -> None:
    modules(
        **{
            "late_checks.py": """\
from typing import TYPE_CHECKING
if TYPE_CHECKING:
    from decimal import Decimal
x = 1
def f() -> None:
    if TYPE_CHECKING:
        pass
class C:
    @property
    def p(self) -> int:
        if TYPE_CHECKING:
            pass
        return 1
if TYPE_CHECKING:
    from fractions import Fraction
def g() -> None:
    if TYPE_CHECKING:
        pass
"""
        }
    )
    module = importlib.import_module("late_checks")
    source = inspect.getsource(module)
    prefix = typecheck_names._through_last_type_checking(
        source, lambda: typecheck_names._in_function_bodies(module)
    )
    assert prefix == source[: source.index("def g")]
    assert set(TypeCheckingNames()._table("late_checks")) == {"Decimal", "Fraction"}


def test_a_text_alias_imported_from_another_module_is_read_where_it_is_defined(
    modules: Callable[..., None],
) -> None:
    """BeautifulSoup's ``_RawAttributeValues: TypeAlias = "Mapping[...]"`` lives in
    ``bs4._typing``, which imports ``Mapping``; ``bs4`` uses it in ``Optional[...]`` without
    importing ``Mapping``, so its text is a ``ForwardRef`` that fails in ``bs4``."""
    modules(
        **{
            "aliased/_typing.py": (
                "from typing import Mapping\n"
                "from typing_extensions import TypeAlias\n"
                'Values: TypeAlias = "Mapping[str, int]"\n'
            ),
            "aliased/__init__.py": (
                "from typing import Optional\n"
                "from aliased._typing import Values\n"
                "class Soup:\n"
                "    def new_tag(self, attrs: Optional[Values] = None) -> None:\n"
                "        '''Make a tag.\n\n"
                "        Args:\n"
                "            attrs: The attributes.\n"
                "        '''\n"
            ),
        }
    )
    tools, diagnostics = inspect_class(importlib.import_module("aliased").Soup)
    assert tools["new_tag"].parameters_schema()["properties"]["attrs"] == {
        "description": "The attributes.",
        "anyOf": [
            {"type": "object", "additionalProperties": {"type": "integer"}},
            {"type": "null"},
        ],
        "default": None,
    }
    assert messages(diagnostics) == []


def test_names_imported_under_if_false_or_mypy_resolve(modules: Callable[..., None]) -> None:
    """ruamel.yaml's ``main.py`` imports its hints' names under ``if False:  # MYPY``, the
    guard of code written before ``typing.TYPE_CHECKING`` (``MYPY = False`` / ``if MYPY:``
    too): each hint naming them was unresolved (TI105), any value accepted."""
    modules(
        **{
            "old_guard.py": """
                from __future__ import annotations

                from typing import Union

                if False:  # MYPY
                    from pathlib import Path
                MYPY = False
                if MYPY:
                    from datetime import date


                class Yaml:
                    def load(self, stream: Union[Path, str], day: date) -> None:
                        '''Load.

                        Args:
                            stream: The stream.
                            day: The day.
                        '''
            """,
        }
    )
    tools, diagnostics = inspect_class(load("old_guard").Yaml)
    assert [p.to_schema() for p in tools["load"].parameters] == [
        {"type": "string", "description": "The stream."},
        {"type": "string", "format": "date", "description": "The day."},
    ]
    assert diagnostics == []


def test_a_hint_through_an_optional_import_that_failed_says_so(
    modules: Callable[..., None],
) -> None:
    """google-cloud-bigquery sets ``pandas = None`` when pandas is not installed, and hints
    ``dataframe: "pandas.DataFrame"``: TI105 said "AttributeError: 'NoneType' object has no
    attribute 'DataFrame'", which does not say what to do."""
    modules(
        **{
            "optional_frames.py": """
                from __future__ import annotations

                try:
                    import no_such_frames_package as pandas
                except ImportError:
                    pandas = None


                class Client:
                    def load(self, dataframe: pandas.DataFrame, name: str) -> None:
                        '''Load.

                        Args:
                            dataframe: The rows.
                            name: The table.
                        '''
            """,
        }
    )
    _, diagnostics = inspect_class(load("optional_frames").Client)
    assert messages(diagnostics) == [
        "warning: Client.load: parameter 'dataframe': hint 'pandas.DataFrame' unresolved "
        "('pandas' is None in optional_frames: an optional dependency that is not installed?); "
        "any value accepted"
    ]


def test_cython_pure_python_mode_types_are_their_python_types(
    modules: Callable[..., None], tmp_path: Path
) -> None:
    """pyzmq's shape: a module compiled by Cython from pure-Python-mode source, shipped beside
    it, whose hints name Cython's C types (``C.int`` after ``import cython as C``, ``bint``
    from ``from cython import bint``). Compiled, those names are bound to nothing: each hint was
    unresolved (TI105) and took any value. A pointer type stays unresolved. The imports are
    found after a comment that names Cython, inside ``try``, after a ``;`` and after an ``if``'s
    colon on its line."""
    modules(
        **{
            "cy_src/cy_sock.py": """
                # Compiled by cython; the cython names below are C types.
                try:
                    import os; import cython as C
                except ImportError:
                    pass
                if True: from cython import bint, double, p_char as text_ptr, size_t as count_t

                class Socket:
                    pass
            """,
            "cy_sock_built.py": """
                from __future__ import annotations

                class Socket:
                    def set(self, option: C.int, ratio: double, size: count_t) -> C.long:
                        '''Set an option.

                        Args:
                            option: The option.
                            ratio: The ratio.
                            size: The size.
                        '''
                        return option

                    def recv(self, copy: bint = True, raw: text_ptr = None) -> None:
                        '''Receive.

                        Args:
                            copy: Copy the message.
                            raw: A C buffer.
                        '''
            """,
        }
    )
    module = load("cy_sock_built")
    module.__file__ = str(tmp_path / "cy_src" / "cy_sock.cpython-311-x86_64-linux-gnu.so")
    tools, diagnostics = inspect_class(module.Socket)
    assert tools["set"].parameters_schema()["properties"] == {
        "option": {"type": "integer", "description": "The option."},
        "ratio": {"type": "number", "description": "The ratio."},
        "size": {"type": "integer", "description": "The size."},
    }
    assert tools["set"].returns.to_schema() == {"type": "integer"}
    assert tools["recv"].parameters_schema()["properties"] == {
        "copy": {"type": "boolean", "description": "Copy the message.", "default": True},
        "raw": {"description": "A C buffer.", "default": None},
    }
    assert messages(diagnostics) == [
        "warning: Socket.recv: parameter 'raw': hint 'text_ptr' unresolved (NameError: name "
        "'text_ptr' is not defined); any value accepted"
    ]
