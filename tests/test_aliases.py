"""Type aliases the way real code writes them: defined in another module whose own names are
imported only under ``if TYPE_CHECKING:`` (pandas' ``_typing``), naming themselves (requests'
``JsonType``), ``TypeAliasType``, forward references written as text inside ``Optional[...]``,
TypeVar bounds given as text, and names a parent package defines for type checkers."""

from __future__ import annotations

import datetime
import subprocess
import textwrap
import typing
from collections.abc import Callable
from pathlib import Path

import pytest
import typing_extensions as te
from hypothesis import example, given
from hypothesis import strategies as st

from inspector.runtime.toolbox import Toolbox, ToolCallError
from inspector.scan import resolution
from inspector.scan.aliases import Unresolved, any_part, has_forward_refs
from inspector.scan.hints import TypeMapper
from inspector.scan.resolution import HintResolver, part_kinds
from inspector.scan.scanner import scan
from tests.conftest import Run, inlined, inspect_class, load, messages
from tests.test_limits import _render_all
from tests.test_stubs import _tool

STAMP = {
    "type": "object",
    "title": "Stamp",
    "properties": {"seconds": {"type": "integer"}},
    "required": ["seconds"],
}

LIBRARY = {
    "al_lib/__init__.py": """
        import typing

        if typing.TYPE_CHECKING:
            from al_lib.offsets import Offset

            Unit = typing.Literal["s", "ms"]
            Period = tuple[int, Unit] | Offset
    """,
    "al_lib/stamps.py": """
        import dataclasses

        @dataclasses.dataclass
        class Stamp:
            seconds: int
    """,
    "al_lib/offsets.py": """
        import dataclasses

        @dataclasses.dataclass
        class Offset:
            days: int
    """,
    "al_lib/_typing.py": """
        from __future__ import annotations

        from typing import TYPE_CHECKING, Union

        if TYPE_CHECKING:
            from al_lib.stamps import Stamp
            from al_lib.nowhere import Holiday

        Scalar = Union[str, int, "Stamp"]
        Frequency = Union[str, "Holiday"]
        Stamps = list["Holiday"]
    """,
    "al_lib/formats.py": """
        from __future__ import annotations

        from typing import TYPE_CHECKING

        if TYPE_CHECKING:
            from al_lib._typing import Scalar as FormatScalar
    """,
    "al_lib/frame.py": """
        from __future__ import annotations

        from typing import TYPE_CHECKING

        from al_lib import formats as fmt
        from al_lib._typing import Scalar as RuntimeScalar

        if TYPE_CHECKING:
            from al_lib import Period
            from al_lib._typing import Frequency, Scalar, Stamps


        class Frame:
            def fill(self, value: Scalar | None = None):
                '''Fill.

                Args:
                    value: With what.
                '''
                return value

            def shift(self, freq: Frequency | None = None, stamps: Stamps | None = None) -> None:
                '''Shift.

                Args:
                    freq: How often.
                    stamps: When.
                '''

            def show(self, value: fmt.FormatScalar, other: RuntimeScalar, period: Period) -> None:
                '''Show.

                Args:
                    value: Through a module attribute.
                    other: Imported at run time.
                    period: From the parent package.
                '''
    """,
}


def test_an_alias_is_evaluated_where_it_is_defined(modules: Callable[..., None]) -> None:
    modules(**LIBRARY)
    tools, diagnostics = inspect_class(load("al_lib.frame").Frame)
    scalar = [{"type": "string"}, {"type": "integer"}, STAMP]
    assert tools["fill"].parameters_schema()["properties"] == {
        "value": {
            "description": "With what.",
            "default": None,
            "anyOf": [*scalar, {"type": "null"}],
        }
    }
    assert tools["shift"].parameters_schema()["properties"] == {
        "freq": {"type": ["string", "null"], "description": "How often.", "default": None},
        "stamps": {
            "description": "When.",
            "default": None,
            "anyOf": [{"type": "array"}, {"type": "null"}],
        },
    }
    offset = {
        "type": "object",
        "title": "Offset",
        "properties": {"days": {"type": "integer"}},
        "required": ["days"],
    }
    period = {
        "type": "array",
        "prefixItems": [{"type": "integer"}, {"type": "string", "enum": ["s", "ms"]}],
        "minItems": 2,
        "maxItems": 2,
    }
    assert inlined(tools["show"].parameters_schema())["properties"] == {
        "value": {"description": "Through a module attribute.", "anyOf": scalar},
        "other": {"description": "Imported at run time.", "anyOf": scalar},
        "period": {"description": "From the parent package.", "anyOf": [period, offset]},
    }
    missing = "(ImportError: ModuleNotFoundError: No module named 'al_lib.nowhere')"
    assert messages(diagnostics) == [
        f"warning: Frame.shift: parameter 'freq': union member Holiday {missing} unresolved; "
        "left out",
        f"warning: Frame.shift: parameter 'stamps': Holiday {missing} unresolved; any value "
        "accepted in its place",
    ]


def test_the_toolbox_converts_through_an_alias_defined_elsewhere(
    modules: Callable[..., None],
) -> None:
    modules(**LIBRARY)
    box = Toolbox(load("al_lib.frame").Frame())
    assert box.call("fill", {"value": {"seconds": 3}}) == load("al_lib.stamps").Stamp(3)
    assert box.call("fill", {"value": 4}) == 4
    with pytest.raises(ToolCallError, match="value"):
        box.call("fill", {"value": [1]})


TREE_SOURCE = """
    from __future__ import annotations

    from typing import TYPE_CHECKING, Union

    if TYPE_CHECKING:
        from collections.abc import Mapping, Sequence

        JsonType = None | bool | int | str | Sequence["JsonType"] | Mapping[str, "JsonType"]

    Tree = Union[int, list["Tree"]]


    class Store:
        def put(self, body: JsonType, tree: Tree | None = None) -> list[Tree]:
            '''Put.

            Args:
                body: The body.
                tree: A tree of numbers.
            '''
            return [tree] if tree is not None else [body]  # type: ignore[list-item]
"""


def test_an_alias_that_names_itself_becomes_a_recursive_definition(
    modules: Callable[..., None],
) -> None:
    modules(**{"al_tree.py": TREE_SOURCE})
    tools, diagnostics = inspect_class(load("al_tree").Store)
    tree_ref = {"$ref": "#/$defs/Tree"}
    json_ref = {"$ref": "#/$defs/JsonType"}
    assert tools["put"].parameters_schema() == {
        "type": "object",
        "properties": {
            "body": {"description": "The body.", **json_ref},
            "tree": {
                "description": "A tree of numbers.",
                "default": None,
                "anyOf": [tree_ref, {"type": "null"}],
            },
        },
        "required": ["body"],
        "$defs": {
            "JsonType": {
                "anyOf": [
                    {"type": "boolean"},
                    {"type": "integer"},
                    {"type": "string"},
                    {"type": "array", "items": json_ref},
                    {"type": "object", "additionalProperties": json_ref},
                    {"type": "null"},
                ]
            },
            "Tree": {"anyOf": [{"type": "integer"}, {"type": "array", "items": tree_ref}]},
        },
    }
    assert tools["put"].returns.to_schema() == {"type": "array", "items": tree_ref}
    assert diagnostics == []


def test_the_toolbox_converts_a_recursive_alias_at_any_depth(
    modules: Callable[..., None],
) -> None:
    modules(**{"al_tree.py": TREE_SOURCE})
    box = Toolbox(load("al_tree").Store())
    assert box.call("put", {"body": None, "tree": [1, [2, [3]]]}) == [[1, [2, [3]]]]
    assert box.call("put", {"body": {"a": [1, "b", None]}}) == [{"a": [1, "b", None]}]
    with pytest.raises(ToolCallError) as caught:
        box.call("put", {"body": 1, "tree": [1, [2, "x"]]})
    assert caught.value.message == 'put: tree: expected integer or array, got [1, [2, "x"]]'


Pair = te.TypeAliasType("Pair", tuple[int, int])
Nested = te.TypeAliasType("Nested", "int | list[Nested]")  # type: ignore[misc]


class Aliased:
    def place(self, at: Pair, depth: Nested) -> None:  # type: ignore[valid-type]
        """Place.

        Args:
            at: Where.
            depth: How deep.
        """


def test_type_alias_type_is_its_value_and_recursive_when_it_names_itself() -> None:
    tools, diagnostics = inspect_class(Aliased)
    nested_ref = {"$ref": "#/$defs/Nested"}
    assert tools["place"].parameters_schema() == {
        "type": "object",
        "properties": {
            "at": {
                "type": "array",
                "description": "Where.",
                "prefixItems": [{"type": "integer"}, {"type": "integer"}],
                "minItems": 2,
                "maxItems": 2,
            },
            "depth": {"description": "How deep.", **nested_ref},
        },
        "required": ["at", "depth"],
        "$defs": {
            "Nested": {"anyOf": [{"type": "integer"}, {"type": "array", "items": nested_ref}]}
        },
    }
    assert diagnostics == []


T = typing.TypeVar("T")
K = typing.TypeVar("K")
Nullable = te.TypeAliasType("Nullable", T | None, type_params=(T,))
OptionalNullable = te.TypeAliasType("OptionalNullable", Nullable[T] | None, type_params=(T,))
Listed = te.TypeAliasType("Listed", dict[K, list[T]], type_params=(T, K))


class Generated:
    def upload(
        self,
        expiry: OptionalNullable[int] = None,
        until: Nullable[datetime.date] = None,
        tags: Listed[int, str] | None = None,
    ) -> Nullable[str]:
        """Upload.

        Args:
            expiry: Days to keep it.
            until: The last day.
            tags: Counts by tag.
        """
        return None if until is None else f"{expiry} {until.year} {tags}"


def test_a_generic_alias_s_arguments_take_the_place_of_its_type_parameters() -> None:
    """mistralai's (Speakeasy's) ``expiry: OptionalNullable[int]``: the alias's value kept its
    ``T``, so the parameter took any value, with no diagnostic, and the Toolbox passed a text
    where a date was declared."""
    tools, diagnostics = inspect_class(Generated)
    assert tools["upload"].parameters_schema()["properties"] == {
        "expiry": {"type": ["integer", "null"], "description": "Days to keep it.", "default": None},
        "until": {
            "type": ["string", "null"],
            "format": "date",
            "description": "The last day.",
            "default": None,
        },
        "tags": {
            "description": "Counts by tag.",
            "anyOf": [
                {
                    "type": "object",
                    "additionalProperties": {"type": "array", "items": {"type": "integer"}},
                },
                {"type": "null"},
            ],
            "default": None,
        },
    }
    assert tools["upload"].returns.to_schema() == {"type": ["string", "null"]}
    assert diagnostics == []
    box = Toolbox(Generated())
    assert box.call("upload", {"expiry": 3, "until": "2024-05-01", "tags": {"a": [1]}}) == (
        "3 2024 {'a': [1]}"
    )
    with pytest.raises(ToolCallError) as caught:
        box.call("upload", {"until": 20240501})
    assert (
        caught.value.message == 'upload: until: expected a date such as "2024-05-01", got 20240501'
    )


def test_forward_references_written_as_text_inside_a_hint(modules: Callable[..., None]) -> None:
    modules(
        **{
            "al_loaders.py": """
            import dataclasses

            @dataclasses.dataclass
            class Loader:
                path: str
        """,
            "al_env.py": """
            import typing as t

            if t.TYPE_CHECKING:
                from al_loaders import Loader
                from al_missing import Cache

            Model = t.TypeVar("Model", bound="Loader")


            class Env:
                def overlay(
                    self,
                    loader: t.Optional["Loader"] = None,
                    cache: t.Union[str, "Cache"] = "x",
                    items: t.Sequence["Cache"] = (),
                    model: Model | None = None,
                ) -> None:
                    '''Overlay.

                    Args:
                        loader: The loader.
                        cache: The cache.
                        items: Items.
                        model: The model.
                    '''
        """,
        }
    )
    tools, diagnostics = inspect_class(load("al_env").Env)
    loader = {
        "type": "object",
        "title": "Loader",
        "properties": {"path": {"type": "string"}},
        "required": ["path"],
    }
    assert inlined(tools["overlay"].parameters_schema())["properties"] == {
        "loader": {
            "description": "The loader.",
            "default": None,
            "anyOf": [loader, {"type": "null"}],
        },
        "cache": {"type": "string", "description": "The cache.", "default": "x"},
        "items": {"type": "array", "description": "Items.", "default": []},
        "model": {
            "description": "The model.",
            "default": None,
            "anyOf": [loader, {"type": "null"}],
        },
    }
    missing = "(ImportError: ModuleNotFoundError: No module named 'al_missing')"
    assert messages(diagnostics) == [
        f"warning: Env.overlay: parameter 'cache': union member Cache {missing} unresolved; "
        "left out",
        f"warning: Env.overlay: parameter 'items': Cache {missing} unresolved; any value "
        "accepted in its place",
    ]


def test_recursive_aliases_render_for_every_provider(tmp_path: Path) -> None:
    """Each render passes its provider's SDK check; a ``$ref`` is kept only beside the
    definition it names (a provider without recursion unfolds it as it does a class)."""
    path = tmp_path / "al_tree_render.py"
    path.write_text(textwrap.dedent(TREE_SOURCE), encoding="utf-8")
    catalog, diagnostics = scan([f"{path}:Store"])
    assert diagnostics == []
    outputs = _render_all([tool for _, tool in catalog.tools()])
    for file_name, (document, _) in outputs.items():
        refs, defined = _references(document)
        assert refs <= defined, file_name
    assert _references(outputs["openai.json"][0]) == ({"Tree", "JsonType"}, {"Tree", "JsonType"})
    assert _references(outputs["gemini.json"][0]) == (set(), set())  # unfolded


def _references(node: object) -> tuple[set[str], set[str]]:
    """The definition names ``$ref`` keys point to, and those ``$defs`` define, at any depth."""
    refs: set[str] = set()
    defined: set[str] = set()
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if isinstance(item.get("$ref"), str):
                refs.add(item["$ref"].removeprefix("#/$defs/"))
            if isinstance(item.get("$defs"), dict):
                defined.update(item["$defs"])
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return refs, defined


def test_stubs_write_a_recursive_alias_that_scans_back_the_same(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, run_cli: Callable[..., Run]
) -> None:
    (tmp_path / "al_tree_source.py").write_text(textwrap.dedent(TREE_SOURCE), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    run = run_cli("scan", "al_tree_source.py:Store", "-o", "tools.json", "-q")
    assert run.status == 0, run.stderr
    run = run_cli("stubs", "tools.json", "-o", "al_tree_stubs.py", "-q")
    assert (run.status, run.stderr) == (0, "diagnostics: 0 errors, 0 warnings, 0 info\n")
    text = (tmp_path / "al_tree_stubs.py").read_text(encoding="utf-8")
    assert "    def put(self, body: JsonType, tree: Tree | None = None) -> list[Tree]:\n" in text
    assert text.endswith(
        'JsonType: TypeAlias = "bool | int | str | list[JsonType] | dict[str, JsonType] | None"\n'
        'Tree: TypeAlias = "int | list[Tree]"\n'
    )
    for command in (
        [*_tool("ruff"), "check", "--isolated", "al_tree_stubs.py"],
        [*_tool("ruff"), "format", "--isolated", "--check", "al_tree_stubs.py"],
        [*_tool("mypy"), "--strict", "--cache-dir", str(tmp_path / ".mypy"), "al_tree_stubs.py"],
    ):
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        assert done.returncode == 0, done.stdout + done.stderr
    original, _ = scan(["al_tree_source.py:Store"])
    back, _ = scan(["al_tree_stubs.py:Store"])
    (_, before), (_, after) = next(original.tools()), next(back.tools())
    assert after.parameters_schema() == before.parameters_schema()
    assert after.returns == before.returns


def test_aliases_of_a_module_that_cannot_be_imported_are_read_from_its_source(
    modules: Callable[..., None],
) -> None:
    """PIL's ``_typing`` imports a name Python 3.11 lacks; its aliases are plain expressions."""
    modules(
        **{
            "al_broken/__init__.py": "",
            "al_broken/_typing.py": """
                from collections.abc import Sequence
                from numbers import _NotInThisPython

                Ink = float | tuple[int, ...] | str
                Coords = Sequence[float] | Sequence[Sequence[float]]
            """,
            "al_broken/draw.py": """
                from __future__ import annotations

                TYPE_CHECKING = False
                if TYPE_CHECKING:
                    from ._typing import Coords, Ink

                class Draw:
                    def line(self, xy: Coords, fill: Ink | None = None):
                        '''Draw a line.

                        Args:
                            xy: Points.
                            fill: Colour.
                        '''
                        return [xy, fill]
            """,
        }
    )
    tools, diagnostics = inspect_class(load("al_broken.draw").Draw)
    numbers = {"type": "array", "items": {"type": "number"}}
    assert tools["line"].parameters_schema()["properties"] == {
        "xy": {"description": "Points.", "anyOf": [numbers, {"type": "array", "items": numbers}]},
        "fill": {
            "description": "Colour.",
            "default": None,
            "anyOf": [
                {"type": "number"},
                {"type": "array", "items": {"type": "integer"}},
                {"type": "string"},
                {"type": "null"},
            ],
        },
    }
    assert diagnostics == []
    box = Toolbox(load("al_broken.draw").Draw())
    assert box.call("line", {"xy": [[1, 2]], "fill": [1, 2, 3]}) == [[[1.0, 2.0]], (1, 2, 3)]


_LEAVES = st.sampled_from(
    [int, str, float, bool, type(None), typing.ForwardRef("Nowhere"), "Nowhere"]
)


def _nest(children: st.SearchStrategy[object]) -> st.SearchStrategy[object]:
    return st.one_of(
        children.map(lambda c: list[c]),  # type: ignore[valid-type]
        children.map(lambda c: dict[str, c]),  # type: ignore[valid-type]
        st.tuples(children, children).map(lambda p: tuple[p[0], p[1]]),  # type: ignore[valid-type]
        st.tuples(children, children).map(lambda p: typing.Union[p[0], p[1]]),  # noqa: UP007
        children.map(lambda c: typing.Optional[c]),  # noqa: UP045
        children.map(lambda c: typing.Annotated[c, "text"]),
        st.tuples(children, children).map(lambda p: Callable[[p[0]], p[1]]),
    )


@given(st.recursive(_LEAVES, _nest, max_leaves=8))
def test_an_unresolved_name_anywhere_costs_only_its_place(hint: object) -> None:
    """Whatever the nesting, resolving never raises, leaves no reference behind, and the hint
    maps to a schema; a hint with nothing unresolved comes back as it is."""
    try:
        resolved = HintResolver().resolve(hint, globals(), None)
    except NameError:  # the whole annotation is the unresolved name: reported as TI105
        assert hint == "Nowhere"
        return
    assert not has_forward_refs(resolved.hint)
    TypeMapper().map(resolved.hint)
    if not has_forward_refs(hint):
        assert resolved == (hint, (), ())
    else:
        assert resolved.dropped or resolved.loosened


def test_fields_naming_type_checking_imports_resolve_for_the_scan_and_the_toolbox(
    modules: Callable[..., None],
) -> None:
    """rich's ``Column`` dataclass: ``header: RenderableType``, imported only for type checkers."""
    modules(
        **{
            "al_kinds.py": """
                import typing

                Renderable = typing.Union[str, int]
            """,
            "al_table.py": """
                from __future__ import annotations

                import dataclasses
                from typing import TYPE_CHECKING

                if TYPE_CHECKING:
                    from al_kinds import Renderable
                    from al_gone import Style

                @dataclasses.dataclass
                class Column:
                    header: Renderable = ""
                    style: Style | None = None

                class Table:
                    def add(self, column: Column):
                        '''Add.

                        Args:
                            column: A column.
                        '''
                        return column
            """,
        }
    )
    tools, diagnostics = inspect_class(load("al_table").Table)
    assert tools["add"].parameters_schema()["properties"]["column"] == {
        "type": "object",
        "title": "Column",
        "description": "A column.",
        "properties": {
            "header": {"type": ["string", "integer"], "default": ""},
            "style": {"default": None},
        },
    }
    assert messages(diagnostics) == [
        "warning: Table.add: parameter 'column': field 'style' of Column: hint 'Style | None' "
        "unresolved (NameError: name 'Style' is not defined); any value "
        "accepted in its place"
    ]
    column = load("al_table").Column
    assert Toolbox(load("al_table").Table()).call("add", {"column": {"header": 3}}) == column(3)


_KIND_LEAVES = st.sampled_from(
    [
        int,
        str,
        type(None),
        typing.Self,
        te.Self,
        typing.ForwardRef("Nowhere"),
        "Nowhere",
        Unresolved("Gone", NameError("Gone")),
        typing.Literal["Self", "x"],
        typing.Any,
    ]
)


@given(st.recursive(_KIND_LEAVES, _nest, max_leaves=8))
@example(Callable[[typing.Self], int])
@example(Callable[[int], typing.ForwardRef("Nowhere")])
@example(typing.Annotated[int, typing.Self])
@example(list[Unresolved("Gone", NameError("Gone"))])  # type: ignore[misc]
def test_one_walk_tells_what_the_three_walks_told(hint: object) -> None:
    """``part_kinds`` says a hint holds a forward reference, an unresolved part or ``Self``
    exactly when the walks it replaces do."""
    kinds = part_kinds(hint)
    assert bool(kinds & resolution._FORWARD) == has_forward_refs(hint)
    assert bool(kinds & resolution._UNRESOLVED) == any_part(
        hint, lambda part: isinstance(part, Unresolved)
    )
    assert bool(kinds & resolution._SELF) == (resolution.replace_self(hint, int) is not hint)


def test_text_inside_a_typevar_s_bound_is_evaluated_in_its_module(
    modules: Callable[..., None],
) -> None:
    """GitPython's ``_T_RemoteName = TypeVar(..., bound=Union[str, "Remote"])``: the text
    inside the bound stayed a ``ForwardRef``, named so to the user ("union member
    ForwardRef('Remote') has no JSON Schema form") and never read as the class it names (a
    record here: its object form was lost)."""
    modules(
        **{
            "al_remotes.py": """
            import dataclasses
            from typing import TypeVar, Union

            Name = TypeVar("Name", bound=Union[str, "Remote"])


            @dataclasses.dataclass
            class Remote:
                url: str


            class Repo:
                def delete_remote(self, remote: Name) -> None:
                    '''Delete a remote.

                    Args:
                        remote: The remote.
                    '''
        """,
        }
    )
    tools, diagnostics = inspect_class(load("al_remotes").Repo)
    assert inlined(tools["delete_remote"].parameters_schema())["properties"]["remote"] == {
        "description": "The remote.",
        "anyOf": [
            {"type": "string"},
            {
                "type": "object",
                "title": "Remote",
                "properties": {"url": {"type": "string"}},
                "required": ["url"],
            },
        ],
    }
    assert diagnostics == []


_V = typing.TypeVar("_V")
Same = te.TypeAliasType("Same", _V, type_params=(_V,))
"""An alias whose value is its type parameter: ``Same[int]`` is ``int``."""


class Kept:
    def keep(self, days: Same[int], label: Same[str] = "x") -> str:
        """Keep.

        Args:
            days: How long.
            label: A label.
        """
        return f"{days!r} {label!r}"


def test_an_alias_whose_value_is_its_type_parameter_is_its_argument() -> None:
    """``Same[int]`` took any value, with no diagnostic: its value ``_V`` has no parameters of
    its own to fill in."""
    tools, diagnostics = inspect_class(Kept)
    assert tools["keep"].parameters_schema()["properties"] == {
        "days": {"type": "integer", "description": "How long."},
        "label": {"type": "string", "description": "A label.", "default": "x"},
    }
    assert diagnostics == []
    box = Toolbox(Kept())
    assert box.call("keep", {"days": 3}) == "3 'x'"
    with pytest.raises(ToolCallError, match="expected integer"):
        box.call("keep", {"days": "3 days"})


MAPPING_TREE_SOURCE = """
    from __future__ import annotations

    import typing

    Document: typing.TypeAlias = typing.Mapping[
        str, typing.Union[int, str, "Document", typing.Sequence["Document"]]
    ]


    class Documents:
        def upsert(self, document: Document) -> str:
            '''Upsert.

            Args:
                document: The document.
            '''
            return ""
"""


def test_stubs_write_a_recursive_mapping_alias_as_an_alias(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, run_cli: Callable[..., Run]
) -> None:
    """typesense's ``DocumentSchema``, a mapping whose values name it: the stubs wrote an
    empty class (``class DocumentSchema: pass``), which scanned back as an object with no
    properties, and said nothing."""
    source = textwrap.dedent(MAPPING_TREE_SOURCE)
    (tmp_path / "al_mapping_source.py").write_text(source, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    run = run_cli("scan", "al_mapping_source.py:Documents", "-o", "tools.json", "-q")
    assert run.status == 0, run.stderr
    run = run_cli("stubs", "tools.json", "-o", "al_mapping_stubs.py", "-q")
    assert (run.status, run.stderr) == (0, "diagnostics: 0 errors, 0 warnings, 0 info\n")
    text = (tmp_path / "al_mapping_stubs.py").read_text(encoding="utf-8")
    assert "    def upsert(self, document: Document) -> str:\n" in text
    assert text.endswith(
        'Document: TypeAlias = "dict[str, int | str | Document | list[Document]]"\n'
    )
    original, _ = scan(["al_mapping_source.py:Documents"])
    back, _ = scan(["al_mapping_stubs.py:Documents"])
    (_, before), (_, after) = next(original.tools()), next(back.tools())
    assert after.parameters_schema() == before.parameters_schema()
