"""Parameters a model cannot give: types with no JSON form (live objects, callables, classes
without fields). Optional ones are left out of the tool; required ones make the method
uncallable, excluded unless the classification file says true."""

from __future__ import annotations

import json
import sqlite3
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, TypedDict, Unpack

import pytest
from hypothesis import given
from hypothesis import strategies as st

from inspector.catalog import Catalog, CatalogClass
from inspector.files.classification import parsed
from inspector.files.classification import to_json as classification_json
from inspector.files.classification_merge import merge
from inspector.files.tools_json import from_json, to_json
from inspector.model import LeftOut, ToolDescriptor
from inspector.project import pipeline
from inspector.project.diff import diff_catalogs
from inspector.runtime.toolbox import Toolbox, ToolCallError
from tests.conftest import Run, inspect_class, messages


class Engine:
    """A live object: a class with no fields, so no JSON form."""

    def __init__(self, url: str) -> None:
        self.url = url


class Options(TypedDict, total=False):
    engine: Engine
    limit: int


class Store:
    def query(
        self,
        sql: str,
        engine: Engine | None = None,
        *,
        on_row: Callable[[int], None] | None = None,
        connection: sqlite3.Connection = None,  # type: ignore[assignment]  # noqa: RUF013
        _state: int = 0,
    ) -> int:
        """Run a query.

        Args:
            sql: The query.
            engine: Where to run it.
            on_row: Called per row.
            connection: A connection.
        """
        return len(sql)

    def execute(self, statement: Engine, limit: int = 3) -> int:
        """Execute a statement.

        Args:
            statement: What to execute.
            limit: How many rows.
        """
        return limit

    def mixed(
        self,
        size: Engine | int = 3,
        described: Annotated[Engine, "an engine"] | None = None,
        anything: object = None,
        said_any: Any = None,
        *engines: Engine,
        **more: Engine,
    ) -> None:
        """Members without a form leave the union; explicit "any value" stays.

        Args:
            size: A size.
            described: An engine.
            anything: Anything.
            said_any: Anything too.
        """

    def unpacked(self, **options: Unpack[Options]) -> None:
        """Keyword arguments of a TypedDict.

        Args:
            engine: An engine.
            limit: A limit.
        """


def test_optional_parameters_without_a_json_form_are_left_out() -> None:
    tools, diagnostics = inspect_class(Store)
    assert tools["query"].parameters_schema() == {
        "type": "object",
        "properties": {"sql": {"type": "string", "description": "The query."}},
        "required": ["sql"],
    }
    assert tools["query"].left_out == (
        LeftOut("engine", "no-json-form", "Engine"),
        LeftOut("on_row", "no-json-form", "collections.abc.Callable[[int], None]"),
        LeftOut("connection", "no-json-form", "Connection"),
        LeftOut("_state", "internal"),
    )
    assert tools["query"].uncallable == ()
    assert [m for m in messages(diagnostics) if "Store.query" in m] == [
        "info: Store.query: parameter 'engine': type Engine has no JSON form; left out",
        "info: Store.query: parameter 'on_row': type collections.abc.Callable[[int], None] "
        "has no JSON form; left out",
        "info: Store.query: parameter 'connection': type Connection has no JSON form; left out",
        "info: Store.query: parameter '_state' left out: internal (a leading '_' and a default)",
    ]
    assert [d.code for d in diagnostics if d.subject == "Store.query"] == [
        "TI130",
        "TI130",
        "TI130",
        "TI117",
    ]


class Hooks:
    def set_hook(self, hook: Callable[[str], bool] | None) -> None:
        """Set the hook (like sqlite3's ``set_authorizer``).

        Args:
            hook: Called per statement; None removes it.
        """


def test_a_required_parameter_whose_only_form_is_null_makes_the_method_uncallable() -> None:
    """``Callable[...] | None``, required: a model could only send null, which removes the
    host's hook; not a tool a model can use as meant."""
    tools, diagnostics = inspect_class(Hooks)
    assert tools["set_hook"].uncallable == (("hook", "collections.abc.Callable[[str], bool]"),)
    assert [d.code for d in diagnostics if d.subject == "Hooks.set_hook"] == ["TI131"]


def test_unions_keep_their_members_and_explicit_any_value_stays() -> None:
    tools, diagnostics = inspect_class(Store)
    assert tools["mixed"].parameters_schema() == {
        "type": "object",
        "properties": {
            "size": {"type": "integer", "description": "A size.", "default": 3},
            "anything": {"description": "Anything.", "default": None},
            "said_any": {"description": "Anything too.", "default": None},
        },
    }
    assert tools["mixed"].left_out == (
        LeftOut("described", "no-json-form", "Engine"),
        LeftOut("engines", "no-json-form", "Engine"),
        LeftOut("more", "no-json-form", "Engine"),
    )
    assert [(d.code, d.message) for d in diagnostics if d.subject == "Store.mixed"] == [
        ("TI123", "parameter 'size': union member Engine has no JSON Schema form; left out"),
        ("TI130", "parameter 'described': type Engine has no JSON form; left out"),
        ("TI130", "parameter 'engines': type Engine has no JSON form; left out"),
        ("TI130", "parameter 'more': type Engine has no JSON form; left out"),
    ]


def test_typed_dict_keys_without_a_json_form_are_left_out() -> None:
    tools, _ = inspect_class(Store)
    assert tools["unpacked"].parameters_schema() == {
        "type": "object",
        "properties": {"limit": {"type": "integer", "description": "A limit."}},
    }
    assert tools["unpacked"].left_out == (LeftOut("engine", "no-json-form", "Engine"),)


def test_a_required_parameter_without_a_json_form_makes_the_method_uncallable() -> None:
    tools, diagnostics = inspect_class(Store)
    execute = tools["execute"]
    assert execute.uncallable == (("statement", "Engine"),)
    assert execute.parameters_schema() == {  # what a user who sets it true gets, as before
        "type": "object",
        "properties": {
            "statement": {"description": "What to execute."},
            "limit": {"type": "integer", "description": "How many rows.", "default": 3},
        },
        "required": ["statement"],
    }
    assert [(d.level.value, d.code, d.message) for d in diagnostics if "execute" in d.subject] == [
        (
            "warning",
            "TI131",
            "parameter 'statement': required, and type Engine has no JSON form: a model cannot "
            "call this method (a new classification entry excludes it; set true, any value is "
            "accepted)",
        )
    ]


@dataclass(frozen=True)
class Output(ABC):
    """An abstract record (minio's ``OutputSerialization``): its subclasses are made."""

    separator: str = ","

    @abstractmethod
    def render(self) -> str: ...


@dataclass(frozen=True)
class CsvOutput(Output):
    def render(self) -> str:
        return "csv"


class Selector:
    def select(self, query: str, output: Output) -> str:
        """Select.

        Args:
            query: The query.
            output: How to write the rows.
        """
        return output.render()

    def select_or_default(self, query: str, output: Output | None = None) -> str:
        """Select.

        Args:
            query: The query.
            output: How to write the rows.
        """
        return query

    def last_output(self) -> Output:
        """The last output used."""
        return CsvOutput()


def test_an_abstract_class_is_no_argument_but_stays_a_result() -> None:
    tools, diagnostics = inspect_class(Selector)
    assert tools["select"].uncallable == (("output", "Output"),)
    assert [p.name for p in tools["select_or_default"].parameters] == ["query"]
    assert tools["last_output"].returns.to_schema() == {
        "type": "object",
        "title": "Output",
        "description": "An abstract record (minio's `OutputSerialization`): its subclasses are "
        "made.",
        "properties": {"separator": {"type": "string", "default": ","}},
    }
    assert [(d.code, d.subject) for d in diagnostics] == [
        ("TI131", "Selector.select"),
        ("TI130", "Selector.select_or_default"),
    ]
    assert diagnostics[1].message == (  # the reason, for a class that has fields
        "parameter 'output': type Output has no JSON form (Output "
        "is abstract: no value of it is made); left out"
    )
    assert Toolbox(Selector()).call("last_output") == CsvOutput()


@dataclass
class IndexSchema:
    """Index settings: chromadb's ``Schema``, a dataclass whose own ``__init__`` sets them."""

    defaults: dict[str, int]
    cmek: str | None = None

    def __init__(self) -> None:
        self.defaults = {"hnsw": 16}
        self.cmek = None


@dataclass
class Limits:
    """A dataclass whose own ``__init__`` takes its fields (and more) by name: made of them."""

    rows: int

    def __init__(self, rows: int, scale: int = 1) -> None:
        self.rows = rows * scale


class Collections:
    def create(
        self, name: str, schema: IndexSchema | None = None, limits: Limits | None = None
    ) -> str:
        """Create a collection.

        Args:
            name: Its name.
            schema: Index settings.
            limits: Its limits.
        """
        return name

    def index(self, schema: IndexSchema) -> int:
        """Index with settings.

        Args:
            schema: Index settings.
        """
        return len(schema.defaults)

    def settings(self) -> IndexSchema:
        """The settings in use."""
        return IndexSchema()


def test_a_dataclass_whose_own_init_takes_no_fields_is_no_argument_but_stays_a_result() -> None:
    """chromadb's ``create_collection(schema: Schema | None)`` offered the dataclass's fields,
    and every call that gave them failed (``Schema.__init__() got an unexpected keyword
    argument 'defaults'``)."""
    tools, diagnostics = inspect_class(Collections)
    assert [p.name for p in tools["create"].parameters] == ["name", "limits"]
    assert tools["index"].uncallable == (("schema", "IndexSchema"),)
    assert tools["settings"].returns.to_schema()["properties"] == {
        "defaults": {"type": "object", "additionalProperties": {"type": "integer"}},
        "cmek": {"type": ["string", "null"], "default": None},
    }
    assert [(d.code, d.subject) for d in diagnostics] == [
        ("TI130", "Collections.create"),
        ("TI131", "Collections.index"),
    ]
    assert diagnostics[0].message == (
        "parameter 'schema': type IndexSchema has no JSON form (IndexSchema's own __init__ "
        "does not take its fields); left out"
    )
    toolbox = Toolbox(Collections())
    assert toolbox.call("create", {"name": "notes", "limits": {"rows": 3}}) == "notes"
    assert toolbox.call("settings") == IndexSchema()


@dataclass
class Point:
    """A point: equal by value, so unhashable (not frozen)."""

    x: int


class Plot:
    def mark(self, points: set[Point]) -> int:
        """Mark points."""
        return len(points)

    def mark_rows(
        self,
        rows: frozenset[list[int]] = frozenset(),
        items: set[list[int] | dict[str, int]] | None = None,
        pairs: set[tuple[int, list[int]]] | None = None,
    ) -> int:
        """Mark rows: no item can be hashed (a union of unhashable members only, a tuple with
        one such member)."""
        return len(rows)

    def weigh(self, weights: dict[Point, float]) -> float:
        """Weigh points."""
        return sum(weights.values())

    def weigh_rows(self, rows: dict[list[int], float] | None = None) -> float:
        """Weigh rows."""
        return 0.0

    def frozen(
        self,
        cells: set[CsvOutput],
        grid: dict[tuple[int, int], str],
        pairs: set[tuple[int, str]] | None = None,
        tags: Annotated[frozenset[str | None], "Labels."] = frozenset(),
    ) -> int:
        """Hashable items and keys: offered."""
        return len(cells) + len(grid) + len(pairs or ()) + len(tags)

    def marked(self) -> set[Point]:
        """The marked points (a result: what the method made is read as it is)."""
        return set()

    def weights(self) -> dict[Point, float]:
        """The weights (a result: what the method made is read as it is)."""
        return {}


class Mixed:
    def mark(self, items: set[int | list[int]]) -> int:
        """Mark items.

        Args:
            items: The items.
        """
        return len(items)


def test_a_set_of_unhashable_items_or_a_mapping_of_unhashable_keys_has_no_json_form() -> None:
    """Offered as an array (or an object), every call with an item was an error of the
    Toolbox: a list or a dict, a dataclass that is not frozen, cannot be a set's item or a
    dict's key, nor can a tuple holding one or a union of such members only. A union with a
    hashable member keeps its form (redis' ``Mapping[Union[bytes, bytearray, str, ...], ...]``
    keys: a JSON key is text): an item that turns out unhashable is refused by name."""
    tools, diagnostics = inspect_class(Plot)
    assert tools["mark"].uncallable == (("points", "set[tests.test_uncallable.Point]"),)
    assert [p.name for p in tools["mark_rows"].parameters] == []
    assert tools["weigh"].uncallable == (("weights", "dict[tests.test_uncallable.Point, float]"),)
    assert [p.name for p in tools["weigh_rows"].parameters] == []
    assert tools["frozen"].uncallable == ()
    assert [p.name for p in tools["frozen"].parameters] == ["cells", "grid", "pairs", "tags"]
    assert tools["marked"].returns.to_schema()["uniqueItems"] is True
    assert tools["weights"].returns.to_schema()["type"] == "object"
    assert [(d.code, d.subject) for d in diagnostics if d.code in ("TI130", "TI131")] == [
        ("TI131", "Plot.mark"),
        ("TI130", "Plot.mark_rows"),
        ("TI130", "Plot.mark_rows"),
        ("TI130", "Plot.mark_rows"),
        ("TI131", "Plot.weigh"),
        ("TI130", "Plot.weigh_rows"),
    ]
    said = [d.message for d in diagnostics if d.code in ("TI130", "TI131")]
    assert said[0].startswith(
        "parameter 'points': required, and type set[tests.test_uncallable.Point] has no JSON "
        "form (no set holds Point items: they are unhashable): a model cannot call this method"
    )
    assert said[1:4] == [
        "parameter 'rows': type frozenset[list[int]] has no JSON form (no set holds list[int] "
        "items: they are unhashable); left out",
        "parameter 'items': type set[list[int] | dict[str, int]] has no JSON form (no set "
        "holds list[int] | dict[str, int] items: they are unhashable); left out",
        "parameter 'pairs': type set[tuple[int, list[int]]] has no JSON form (no set holds "
        "tuple[int, list[int]] items: they are unhashable); left out",
    ]
    assert said[4].startswith(
        "parameter 'weights': required, and type dict[tests.test_uncallable.Point, float] has "
        "no JSON form (no dict is keyed by Point: it is unhashable): a model cannot call this "
        "method"
    )
    assert said[5] == (
        "parameter 'rows': type dict[list[int], float] has no JSON form (no dict is keyed by "
        "list[int]: it is unhashable); left out"
    )
    mixed = Toolbox(Mixed())
    assert mixed.call("mark", {"items": [1, 2]}) == 2
    with pytest.raises(ToolCallError) as raised:
        mixed.call("mark", {"items": [1, [2]]})
    assert str(raised.value) == "mark: items[1]: [2] cannot be an item of a set"
    assert (
        Toolbox(Plot()).call(
            "frozen",
            {"cells": [{}], "grid": {}, "pairs": [[1, "a"], [2, "b"]], "tags": ["x", None]},
        )
        == 5
    )


class Overrides:
    """In the shape of cattrs' ``Converter(type_overrides: Mapping[type, AttributeOverride] =
    {})``: keys that are classes."""

    def copy(self, type_overrides: Mapping[type, str] | None = None, depth: int = 1) -> int:
        """A copy with other overrides."""
        return depth

    def register(self, hooks: dict[type | Callable[[], None], str]) -> int:
        """Hooks by class."""
        return len(hooks)

    def weigh(self, labels: dict[Any, int], counts: Mapping[int, int] | None = None) -> int:
        """Keys of any value, keys read from their text: offered."""
        return len(labels)


def test_a_mapping_whose_keys_have_no_json_form_has_none_either() -> None:
    """No JSON key, which is text, makes a class or a live object: the mapping was offered as
    an object whose keys reached the method as strings (and TI113 said they arrive so)."""
    tools, diagnostics = inspect_class(Overrides)
    assert [p.name for p in tools["copy"].parameters] == ["depth"]
    assert tools["register"].uncallable == (
        ("hooks", "dict[type | collections.abc.Callable[[], None], str]"),
    )
    assert [p.name for p in tools["weigh"].parameters] == ["labels", "counts"]
    assert [(d.code, d.message) for d in diagnostics if d.code in ("TI113", "TI130")] == [
        (
            "TI130",
            "parameter 'type_overrides': type collections.abc.Mapping[type, str] has no JSON "
            "form (type inside it has none); left out",
        ),
        ("TI113", "parameter 'counts': mapping keys of type int arrive as JSON strings"),
    ]
    with pytest.raises(ToolCallError) as raised:
        Toolbox(Overrides()).call("copy", {"type_overrides": {"int": "x"}})
    assert str(raised.value).startswith("copy: unexpected argument 'type_overrides'")


def test_tools_json_keeps_what_was_left_out_and_why() -> None:
    tools, _ = inspect_class(Store)
    catalog = Catalog((CatalogClass("Store", "test.py:Store", tuple(tools.values())),))
    document = to_json(catalog)
    methods = document["classes"]["Store"]["methods"]  # type: ignore[index, call-overload]
    assert methods["query"]["left_out"] == {
        "engine": {"reason": "no-json-form", "type": "Engine"},
        "on_row": {
            "reason": "no-json-form",
            "type": "collections.abc.Callable[[int], None]",
        },
        "connection": {"reason": "no-json-form", "type": "Connection"},
        "_state": {"reason": "internal"},
    }
    assert "uncallable" not in methods["query"]
    assert methods["execute"]["uncallable"] == {"statement": "Engine"}
    assert "left_out" not in methods["execute"]
    assert from_json(json.loads(json.dumps(document))) == catalog


def _catalog(*tools: ToolDescriptor) -> Catalog:
    return Catalog((CatalogClass("Store", "test.py:Store", tools),))


def _store_tools() -> dict[str, ToolDescriptor]:
    tools, _ = inspect_class(Store)
    return tools


@pytest.mark.parametrize("include_new", [True, False])
def test_a_new_uncallable_method_is_recorded_false(include_new: bool) -> None:
    tools = _store_tools()
    merged = merge(
        None, _catalog(tools["query"], tools["execute"]), include_new=include_new, prune=False
    )
    expected = {"Store": {"query": include_new, "execute": False}}
    assert classification_json(merged.classification) == expected
    assert merged.uncallable == [("Store.execute", False)]
    assert merged.newly_included == (["Store.query"] if include_new else [])


def test_an_existing_entry_keeps_its_value_even_when_uncallable() -> None:
    tools = _store_tools()
    catalog = _catalog(tools["query"], tools["execute"])
    for value in (True, False):
        existing = parsed({"Store": {"execute": value}})
        merged = merge(existing, catalog, include_new=True, prune=False)
        expected = {"Store": {"query": True, "execute": value}}
        assert classification_json(merged.classification) == expected
        assert merged.uncallable == []


def test_a_renamed_class_keeps_the_users_true_for_an_uncallable_method() -> None:
    tools = _store_tools()
    existing = parsed({"OldStore": {"execute": True}})
    merged = merge(
        existing, _catalog(tools["query"], tools["execute"]), include_new=True, prune=False
    )
    assert merged.renamed_classes == {"Store": "OldStore"}
    assert classification_json(merged.classification) == {"Store": {"query": True, "execute": True}}


def test_classify_reports_each_method_recorded_false(tmp_path: Path) -> None:
    tools = _store_tools()
    path = tmp_path / "c.json"
    _, notes = pipeline.classify(None, _catalog(tools["query"], tools["execute"]), path)
    assert [(d.code, d.level.value, d.message) for d in notes] == [
        (
            "TI310",
            "info",
            "Store.execute: a model cannot call it (a required parameter has no JSON form); "
            "recorded as false",
        )
    ]


def test_select_leaves_out_uncallable_methods_no_entry_includes(tmp_path: Path) -> None:
    tools = _store_tools()
    catalog = _catalog(tools["query"], tools["execute"])
    path = tmp_path / "c.json"
    for choices in (None, parsed({"Store": {"query": True}})):
        selected, notes = pipeline.select(catalog, choices, path, include_new=True)
        assert [t.name for t in selected] == ["query"]
        assert [d.code for d in notes][-1] == "TI311"
        assert notes[-1].message == (
            "Store.execute is excluded: a model cannot give 'statement' (Engine) (no JSON form); "
            "set it true in the classification file to offer it with any value"
        )
    selected, notes = pipeline.select(catalog, parsed({"Store": {"execute": True}}), path)
    assert [t.name for t in selected] == ["query", "execute"]
    assert "TI311" not in [d.code for d in notes]
    assert [(d.code, d.message) for d in notes if d.code == "TI313"] == [
        (
            "TI313",
            "Store.execute is offered (the classification file says true) though a model cannot "
            "give 'statement' (Engine) (no JSON form): any value is accepted there",
        )
    ]


def test_the_toolbox_refuses_a_left_out_argument_and_uses_the_default() -> None:
    box = Toolbox(Store())
    assert [t.name for t in box.tools] == ["query", "mixed", "unpacked"]
    assert box.call("query", {"sql": "abc"}) == 3
    with pytest.raises(ToolCallError, match="unexpected argument 'engine'; the tool takes: sql"):
        box.call("query", {"sql": "abc", "engine": "x"})
    with pytest.raises(ToolCallError, match="unknown tool"):
        box.call("execute", {"statement": 1})


def test_the_toolbox_offers_an_uncallable_method_the_user_includes() -> None:
    box = Toolbox(Store(), classification={"Store": {"execute": True}})
    assert box.call("execute", {"statement": "anything", "limit": 2}) == 2
    assert [d.code for d in box.diagnostics if d.subject == "Store.execute"] == ["TI131"]


def test_stubs_from_tools_json_do_not_show_left_out_parameters() -> None:
    tools = _store_tools()
    text, _ = pipeline.stubs(from_json(to_json(_catalog(tools["query"]))), "tools.json")
    assert "def query(self, sql: str) -> int:" in text
    assert "engine" not in text and "on_row" not in text


class Partly:
    def save(self, fp: NotDefined | Engine) -> None:  # type: ignore[name-defined]  # noqa: F821
        """Save.

        Args:
            fp: Where to.
        """


def test_a_hint_with_an_unresolved_member_may_have_a_form_so_it_stays_any_value() -> None:
    tools, diagnostics = inspect_class(Partly)
    assert tools["save"].uncallable == ()
    assert tools["save"].parameters_schema()["properties"] == {"fp": {"description": "Where to."}}
    assert [d.code for d in diagnostics] == ["TI122", "TI108"]


def test_diff_says_why_a_parameter_left_the_tool() -> None:
    class Before:
        def query(self, sql: str, engine: Any = None) -> int:
            """Run a query.

            Args:
                sql: The query.
                engine: Where to run it.
            """
            return 0

    old, _ = inspect_class(Before)
    new = _store_tools()
    changes = diff_catalogs(_catalog(old["query"]), _catalog(new["query"]))
    assert [(c.path, c.severity.name, c.kind.name, c.message) for c in changes] == [
        ("engine", "BREAKING", "REMOVED", "parameter removed: left out (no-json-form: Engine)")
    ]


DB_SOURCE = '''
import sqlite3


class Db:
    def run(self, sql: str, conn: sqlite3.Connection | None = None) -> int:
        """Run a query.

        Args:
            sql: The query.
            conn: A connection.
        """
        return len(sql)

    def backup(self, target: sqlite3.Connection) -> None:
        """Back up into another database.

        Args:
            target: The connection to copy into.
        """
'''


def test_the_command_line_records_false_and_renders_only_what_a_model_can_call(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    Path("db.py").write_text(DB_SOURCE, encoding="utf-8")
    scanned = run_cli("scan", "db.py:Db", "-o", "tools.json")
    assert scanned.status == 0
    assert scanned.stderr.splitlines() == [
        "db.py:6: info[TI130]: Db.run: parameter 'conn': type Connection has no JSON form; "
        "left out",
        "db.py:15: warning[TI131]: Db.backup: parameter 'target': required, and type Connection "
        "has no JSON form: a model cannot call this method (a new classification entry "
        "excludes it; set true, any value is accepted)",
        "tools.classification.json: info[TI310]: Db.backup: a model cannot call it (a required "
        "parameter has no JSON form); recorded as false",
    ]
    assert scanned.stdout.splitlines() == [
        "1 class, 2 tools: 1 included, 1 excluded",
        "newly included: all 1 (a new classification file)",
        "wrote tools.json, tools.classification.json",
        "diagnostics: 0 errors, 1 warning (1 TI131), 2 info (1 TI130, 1 TI310)",
    ]
    choices = json.loads(Path("tools.classification.json").read_text(encoding="utf-8"))
    assert choices == {"Db": {"run": True, "backup": False}}
    rendered = run_cli("render", "--provider", "openai", "-o", "-")
    assert [t["function"]["name"] for t in json.loads(rendered.stdout)] == ["run"]
    Path("tools.classification.json").write_text(
        '{"Db": {"run": true, "backup": true}}', encoding="utf-8"
    )
    rescanned = run_cli("scan", "db.py:Db", "-o", "tools.json")
    assert "warning[TI131]: Db.backup: parameter 'target'" in rescanned.stderr
    assert "TI310" not in rescanned.stderr
    choices = json.loads(Path("tools.classification.json").read_text(encoding="utf-8"))
    assert choices == {"Db": {"run": True, "backup": True}}  # the user's true stays
    rendered = run_cli("render", "--provider", "openai", "-o", "-")
    offered = {t["function"]["name"]: t for t in json.loads(rendered.stdout)}
    assert offered["backup"]["function"]["parameters"]["properties"] == {
        "target": {"description": "The connection to copy into."}
    }


def test_a_scan_to_stdout_counts_as_included_only_what_a_model_can_call(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    # no classification file is written, so the count is what a render without one offers
    Path("db.py").write_text(DB_SOURCE, encoding="utf-8")
    scanned = run_cli("scan", "db.py:Db", "-o", "-", "--ignore", "TI13")
    assert scanned.status == 0
    assert scanned.stderr.splitlines() == [
        "1 class, 2 tools: 1 included, 1 excluded",
        "diagnostics: 0 errors, 0 warnings, 0 info; 2 ignored",
    ]
    Path("tools.json").write_text(scanned.stdout, encoding="utf-8")
    rendered = run_cli("render", "--provider", "openai", "-o", "-")
    assert [t["function"]["name"] for t in json.loads(rendered.stdout)] == ["run"]


_HINTS: dict[str, tuple[bool, object]] = {
    "int": (True, 7),
    "str": (True, "x"),
    "Engine | int": (True, 3),
    "list[Engine]": (False, None),
    "dict[str, Engine] | None": (False, None),
    "tuple[int, list[Engine]]": (False, None),
    "list[Engine | int]": (True, [4]),
    "object": (True, "anything"),
    "Engine": (False, None),
    "Callable[[int], int]": (False, None),
}
"""Hint → (has a JSON form, a JSON value a model could send)."""


@st.composite
def _signatures(draw: st.DrawFn) -> list[tuple[str, str, bool]]:
    """(name, hint, has a default) per parameter; parameters with defaults come last."""
    count = draw(st.integers(0, 5))
    hints = draw(st.lists(st.sampled_from(sorted(_HINTS)), min_size=count, max_size=count))
    first_default = draw(st.integers(0, count))
    return [(f"p{i}", hint, i >= first_default) for i, hint in enumerate(hints)]


@given(_signatures())
def test_a_model_is_offered_exactly_the_parameters_it_can_give(
    signature: list[tuple[str, str, bool]],
) -> None:
    parameters = ", ".join(f"{n}: {h}{' = None' if d else ''}" for n, h, d in signature)
    namespace: dict[str, object] = {"Engine": Engine, "Callable": Callable}
    exec(f"class Made:\n    def act(self, {parameters}) -> None:\n        pass", namespace)
    made = namespace["Made"]
    assert isinstance(made, type)
    tools, _ = inspect_class(made)
    tool = tools["act"]
    properties = tool.parameters_schema()["properties"]
    assert isinstance(properties, dict)
    no_form = {n for n, h, _ in signature if not _HINTS[h][0]}
    optional = {n for n, _, d in signature if d}
    assert set(properties) == {n for n, _, _ in signature} - (no_form & optional)
    assert [p.name for p in tool.left_out] == [
        n for n, _, _ in signature if n in no_form & optional
    ]
    assert [n for n, _ in tool.uncallable] == [
        n for n, _, _ in signature if n in no_form - optional
    ]
    merged = merge(None, _catalog(tool), include_new=True, prune=False)
    assert classification_json(merged.classification) == {"Store": {"act": not tool.uncallable}}
    box = Toolbox(made())
    assert [t.name for t in box.tools] == ([] if tool.uncallable else ["act"])
    if not tool.uncallable:
        given_values = {n: _HINTS[h][1] for n, h, d in signature if not d}
        assert box.call("act", given_values) is None
        for name in no_form & optional:
            with pytest.raises(ToolCallError, match="unexpected argument"):
                box.call("act", {**given_values, name: 1})


def listing() -> None:
    """A function: what a class body's ``list`` names once the class defines ``list`` (hvac's
    ``Client.write(self, *args: list)``)."""


class Shadowing:
    def write(self, path: str, data: Any = None, *, extra: Any) -> None:
        """Write.

        Args:
            path: Where.
            data: What.
            extra: More.
        """


Shadowing.write.__annotations__.update(data=listing, extra=listing)


def test_a_function_used_as_a_type_is_named_without_its_memory_address() -> None:
    """tools.json, the classification's reasons and the diagnostics name it the same whatever
    the address: the file is byte-identical from one run to the next."""
    tools, diagnostics = inspect_class(Shadowing)
    assert tools["write"].left_out == (LeftOut("data", "no-json-form", "<function listing>"),)
    assert tools["write"].uncallable == (("extra", "<function listing>"),)
    assert [d.message for d in diagnostics if d.code in ("TI130", "TI131")] == [
        "parameter 'data': type <function listing> has no JSON form; left out",
        "parameter 'extra': required, and type <function listing> has no JSON form: a model "
        "cannot call this method (a new classification entry excludes it; set true, any value "
        "is accepted)",
    ]


class Pods:
    def list_pods(
        self,
        namespace: str,
        _continue: str | None = None,
        _from: int = 0,
        _request_timeout: float | None = None,
        _type: str = "",
    ) -> list[str]:
        """List pods, a page at a time.

        Args:
            namespace: The namespace.
            _continue: The token of the next page, from the last result.
            _from: The first pod.
            _request_timeout: Seconds to wait.
        """
        return [namespace, str(_continue), str(_from)]


def test_a_keyword_escaped_with_an_underscore_is_no_internal_parameter() -> None:
    tools, _ = inspect_class(Pods)
    tool = tools["list_pods"]
    assert [p.name for p in tool.parameters] == ["namespace", "_continue", "_from"]
    assert [(p.name, p.reason) for p in tool.left_out] == [
        ("_request_timeout", "internal"),
        ("_type", "internal"),  # a soft keyword, a name as any other
    ]
    assert tool.parameters[1].description == "The token of the next page, from the last result."
    box = Toolbox(Pods())
    assert box.call("list_pods", {"namespace": "a", "_continue": "t2", "_from": 3}) == [
        "a",
        "t2",
        "3",
    ]
    with pytest.raises(ToolCallError, match="unexpected argument '_request_timeout'"):
        box.call("list_pods", {"namespace": "a", "_request_timeout": 1})


def test_a_none_true_or_false_after_an_underscore_stays_internal() -> None:
    class Flags:
        def set(self, name: str, _None: int = 0, _True: int = 1) -> None:
            """Set."""

    tools, _ = inspect_class(Flags)
    assert [p.name for p in tools["set"].parameters] == ["name"]


class Paragraphs:
    def comment(self, runs: Engine | Sequence[Engine], text: str = "") -> None:
        """Comment on runs (python-docx's ``add_comment``).

        Args:
            runs: The runs.
            text: The comment.
        """

    def update(self, text: str, by_name: dict[str, Engine] | None = None) -> None:
        """Update.

        Args:
            text: The text.
            by_name: Engines by name.
        """

    def split(self, parts: list[tuple[int, Engine]] | list[str]) -> None:
        """Split.

        Args:
            parts: The parts.
        """

    def by_id(self, engines: dict[int, Engine]) -> None:
        """By id (no TI113 for keys of a mapping with no form).

        Args:
            engines: Engines by id.
        """


def test_a_container_of_a_type_with_no_json_form_has_none_either() -> None:
    """No JSON value makes the items of ``Sequence[Run]``: the container was "an array of any
    item", offered, and every call with an item failed in the method. Now it is what the type
    alone is: required, the method is uncallable; optional, left out; in a union, left out."""
    tools, diagnostics = inspect_class(Paragraphs)
    assert tools["comment"].uncallable == (
        ("runs", "Engine | collections.abc.Sequence[tests.test_uncallable.Engine]"),
    )
    assert [p.name for p in tools["update"].left_out] == ["by_name"]
    assert tools["split"].parameters_schema()["properties"] == {
        "parts": {
            "type": "array",
            "items": {"type": "string"},
            "description": "The parts.",
        }
    }
    assert messages(diagnostics) == [
        "warning: Paragraphs.comment: parameter 'runs': required, and type Engine | "
        "collections.abc.Sequence[tests.test_uncallable.Engine] has no JSON form (Engine inside "
        "it has none): a model cannot call this method (a new classification entry excludes "
        "it; set true, any value is accepted)",
        "info: Paragraphs.update: parameter 'by_name': type dict[str, "
        "tests.test_uncallable.Engine] has no JSON form (Engine inside it has none); left out",
        "info: Paragraphs.split: parameter 'parts': union member list[tuple[int, "
        "tests.test_uncallable.Engine]] has no JSON Schema form (Engine inside it has none); "
        "left out",
        "warning: Paragraphs.by_id: parameter 'engines': required, and type dict[int, "
        "tests.test_uncallable.Engine] has no JSON form (Engine inside it has none): a model "
        "cannot call this method (a new classification entry excludes it; set true, any value "
        "is accepted)",
    ]
    box = Toolbox(Paragraphs())
    assert [tool.name for tool in box.tools] == ["update", "split"]
    with pytest.raises(ToolCallError, match="unexpected argument"):
        box.call("update", {"text": "x", "by_name": {"a": {}}})


class Fleet(TypedDict):
    engines: list[Engine]
    limit: int


class Casts:
    def astype(self, dtype):  # type: ignore[no-untyped-def]
        """Cast (pandas' ``astype``: its types are prose).

        Args:
            dtype (str or Mapping of str to type): One type, or one per column.
        """
        return dtype

    def typed(self, dtype: str | dict[str, type]) -> object:
        """Cast.

        Args:
            dtype: One type, or one per column.
        """
        return dtype

    def runs(self, runs: list[Engine]) -> object:
        """Runs.

        Args:
            runs: The runs.
        """
        return runs

    def fleet(self, fleet: Fleet) -> object:
        """A fleet.

        Args:
            fleet: The fleet.
        """
        return fleet


def test_a_container_of_what_has_no_form_takes_what_its_schema_allows() -> None:
    """The schema and the Toolbox agree: a docstring's prose type keeps its container of any
    item (pandas' ``dtype={"a": "int64"}`` works: the library takes text where the prose says
    a type); a code hint's container has no form, so a method classified true anyway, or a
    record's field, takes any value, as its schema ``{}`` says."""
    tools, _ = inspect_class(Casts)
    assert tools["astype"].parameters_schema()["properties"]["dtype"] == {
        "description": "One type, or one per column.",
        "anyOf": [{"type": "string"}, {"type": "object"}],
    }
    assert tools["typed"].parameters_schema()["properties"]["dtype"] == {
        "type": "string",
        "description": "One type, or one per column.",
    }
    assert tools["runs"].parameters_schema()["properties"]["runs"] == {"description": "The runs."}
    assert tools["fleet"].parameters_schema()["properties"]["fleet"]["properties"] == {
        "engines": {},
        "limit": {"type": "integer"},
    }
    box = Toolbox(Casts(), classification={"Casts": {"*": True, "runs": True}})
    assert box.call("astype", {"dtype": {"a": "int64"}}) == {"a": "int64"}
    with pytest.raises(ToolCallError, match="expected string"):
        box.call("typed", {"dtype": {"a": "int64"}})
    assert box.call("runs", {"runs": "not a list"}) == "not a list"
    assert box.call("runs", {"runs": [{}]}) == [{}]
    assert box.call("fleet", {"fleet": {"engines": 5, "limit": 1}}) == {"engines": 5, "limit": 1}


@dataclass
class IndexSettings:
    """chromadb's ``Schema``: a dataclass whose own ``__init__`` sets its fields itself."""

    defaults: dict[str, int]

    def __init__(self) -> None:
        self.defaults = {"hnsw": 16}


@dataclass
class Collection:
    name: str
    settings: IndexSettings


class Indexes:
    def index(self, settings: IndexSettings) -> object:
        """Index.

        Args:
            settings: Index settings.
        """
        return settings

    def create(self, collection: Collection) -> object:
        """Create.

        Args:
            collection: The collection.
        """
        return collection.settings

    def cast(self, **kwargs):  # type: ignore[no-untyped-def]
        """Cast by keywords.

        Args:
            dtype (str or Mapping of str to type): One type, or one per column.
        """
        return kwargs


def test_a_record_made_of_no_fields_takes_any_value_where_it_is_offered_anyway() -> None:
    """A record whose constructor takes none of its fields has no form: its schema is ``{}``
    where it is offered anyway (a method classified true, a record's field), and the Toolbox
    takes any value there instead of building it from fields it cannot pass. A documented
    ``**kwargs`` key of prose type is offered and converted loosely, like a parameter; a value
    fixed for such a parameter is checked the same way."""
    box = Toolbox(Indexes(), classification={"Indexes": {"*": True, "index": True}})
    assert box.tool_named("index").parameters_schema()["properties"]["settings"] == {
        "description": "Index settings."
    }
    assert box.call("index", {"settings": "hnsw"}) == "hnsw"
    assert box.call("create", {"collection": {"name": "c", "settings": {"m": 1}}}) == {"m": 1}
    assert box.tool_named("cast").parameters_schema()["properties"]["dtype"] == {
        "description": "One type, or one per column.",
        "anyOf": [{"type": "string"}, {"type": "object"}],
    }
    assert box.call("cast", {"dtype": {"a": "int64"}}) == {"dtype": {"a": "int64"}}
    fixed = Toolbox(
        Casts(), classification={"Casts": {"astype": {"fixed": {"dtype": {"a": "i8"}}}}}
    )
    assert fixed.call("astype", {}) == {"a": "i8"}
    assert [d.code for d in fixed.diagnostics if d.code == "TI802"] == []
