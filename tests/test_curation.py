"""Curation in the classification file: entry objects, patterns and ``@prefix``, read with located
errors, kept in place by a rescan, applied to every door (renders, Toolbox), exact outputs."""

from __future__ import annotations

import fnmatch
import json
import shutil
import string
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Annotated

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from inspector import Injected, Toolbox, ToolCallError
from inspector.catalog import Catalog, CatalogClass
from inspector.diagnostics import InspectorError
from inspector.files.classification import is_included, load, parsed, to_json
from inspector.files.classification_merge import merge
from inspector.model import (
    AnyOfType,
    ArrayType,
    Curation,
    EnumType,
    Field,
    IntegerType,
    NullType,
    NumberType,
    ObjectType,
    RefType,
    SchemaType,
    StringType,
    ToolDescriptor,
)
from inspector.project import pipeline
from inspector.typetable.schema_values import value_problem
from tests.conftest import Run
from tests.schema_instances import ANY_JSON, instances
from tests.test_properties import schema_types

ROOT = Path(__file__).resolve().parent.parent
INVENTORY = ROOT / "tests/golden/inputs/inventory.py"


class Shop:
    """A shop whose calls are recorded."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, dict[str, object]]] = []

    def list_items(
        self,
        category: str,
        limit: int = 20,
        include_archived: bool = False,
        page_token: str | None = None,
    ) -> list[str]:
        """List items.

        Args:
            category: The category.
            limit: At most this many.
            include_archived: Archived too.
            page_token: Where the last page ended.
        """
        self.calls.append(("list_items", dict(locals()) | {"self": None}))
        return [category]

    def delete_item(self, item_id: str, dry_run: bool = True) -> bool:
        """Delete an item.

        Args:
            item_id: The item.
            dry_run: Only say what would happen.
        """
        self.calls.append(("delete_item", {"item_id": item_id, "dry_run": dry_run}))
        return dry_run

    def count(self, tags: list[str] | None = None) -> int:
        """Count items.

        Args:
            tags: Only items with these tags.
        """
        if tags is not None:
            tags.append("seen")  # a method that changes what it was given
        self.calls.append(("count", {"tags": tags}))
        return 0


CURATED = {
    "Shop": {
        "@prefix": "shop_",
        "delete_*": {"approval": True, "timeout": 2.5, "fixed": {"dry_run": True}},
        "list_items": {
            "name": "items",
            "description": "Items of one category.",
            "fixed": {"limit": 5},
            "hidden": ["page_token"],
            "params": {"category": {"description": "A category slug."}},
        },
        "count": {"fixed": {"tags": ["a"]}, "defer": True},
    }
}


def test_the_toolbox_offers_curated_tools_and_calls_the_methods() -> None:
    shop = Shop()
    box = Toolbox(shop, classification=CURATED)
    assert [t.name for t in box.tools] == ["shop_items", "shop_delete_item", "shop_count"]
    items, delete, count = box.tools
    assert items.method_name == "list_items"
    assert items.description == "Items of one category."
    assert [(f.name, f.description) for f in items.parameters] == [
        ("category", "A category slug."),
        ("include_archived", "Archived too."),
    ]
    assert items.curation == Curation(fixed=(("limit", 5),), hidden=("page_token",), named=True)
    assert delete.curation == Curation(
        fixed=(("dry_run", True),), approval=True, timeout=2.5, named=True
    )
    assert [f.name for f in delete.parameters] == ["item_id"]
    assert count.curation == Curation(fixed=(("tags", ["a"]),), defer=True, named=True)
    assert box.call("shop_items", {"category": "tools"}) == ["tools"]
    assert shop.calls[-1] == (
        "list_items",
        {
            "self": None,
            "category": "tools",
            "limit": 5,
            "include_archived": False,
            "page_token": None,
        },
    )
    assert box.call("shop_delete_item", {"item_id": "x"}, approve=lambda *_: True) is True
    assert shop.calls[-1] == ("delete_item", {"item_id": "x", "dry_run": True})
    box.call("shop_count")
    box.call("shop_count")  # the fixed list is a new one at each call
    assert shop.calls[-1] == ("count", {"tags": ["a", "seen"]})


@pytest.mark.parametrize(
    ("name", "arguments", "message"),
    [
        (
            "shop_items",
            {"category": "a", "limit": 50},
            "shop_items: unexpected argument 'limit'; the tool takes: category, include_archived",
        ),
        (
            "shop_items",
            {"category": "a", "page_token": "p"},
            "shop_items: unexpected argument 'page_token'; the tool takes: category, "
            "include_archived",
        ),
        (
            "shop_delete_item",
            {"item_id": "a", "dry_run": False},
            "shop_delete_item: unexpected argument 'dry_run'; the tool takes: item_id",
        ),
        (
            "list_items",
            {"category": "a"},
            "unknown tool 'list_items'; did you mean 'shop_items'? Available: shop_items, "
            "shop_delete_item, shop_count",
        ),
        (
            "Shop_list_items",
            {"category": "a"},
            "unknown tool 'Shop_list_items'; did you mean 'shop_items'? "
            "Available: shop_items, shop_delete_item, shop_count",
        ),
    ],
)
def test_a_model_cannot_pass_fixed_or_hidden_parameters_nor_call_the_old_name(
    name: str, arguments: dict[str, object], message: str
) -> None:
    shop = Shop()
    box = Toolbox(shop, classification=CURATED)
    with pytest.raises(ToolCallError) as raised:
        box.call(name, arguments)
    assert raised.value.message == message
    assert shop.calls == []


def test_the_toolbox_definitions_are_the_curated_schema() -> None:
    box = Toolbox(Shop(), classification=CURATED)
    (first, *_) = box.definitions("openai")  # type: ignore[misc]
    assert first == {
        "type": "function",
        "function": {
            "name": "shop_items",
            "description": "Items of one category.",
            "parameters": {
                "type": "object",
                "properties": {
                    "category": {"type": "string", "description": "A category slug."},
                    "include_archived": {
                        "type": "boolean",
                        "description": "Archived too.",
                        "default": False,
                    },
                },
                "required": ["category"],
            },
        },
    }


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ({"fixd": {}}, "classification: Shop.count: unknown key 'fixd' (did you mean 'fixed'?)"),
        ({"include": "yes"}, 'classification: Shop.count.include must be true or false, not "yes"'),
        ({"name": ""}, 'classification: Shop.count.name must be a non-empty name, not ""'),
        ({"timeout": 0}, "classification: Shop.count.timeout must be a positive number of"),
        ({"timeout": True}, "classification: Shop.count.timeout must be a positive number of"),
        ({"hidden": "tags"}, "classification: Shop.count.hidden must be a list of parameter"),
        ({"fixed": ["tags"]}, "classification: Shop.count.fixed must be an object of parameter"),
        (
            {"params": {"tags": {"text": "x"}}},
            "classification: Shop.count.params.tags: unknown key 'text'",
        ),
        (
            {"params": {"tags": {"description": 3}}},
            "classification: Shop.count.params.tags.description must be text, not 3",
        ),
        (
            {"fixed": {"tags": None}, "hidden": ["tags"]},
            "classification: Shop.count: 'tags' is both fixed and hidden; keep one",
        ),
        (
            {"fixed": {"tags": {1, 2}}},
            "classification: Shop.count.fixed.tags must be a JSON value",
        ),
    ],
)
def test_a_bad_entry_is_an_error_naming_the_key(entry: dict[str, object], message: str) -> None:
    with pytest.raises(InspectorError) as raised:
        Toolbox(Shop(), classification={"Shop": {"count": entry}})
    assert str(raised.value).startswith(message)


def test_an_unknown_class_option_is_an_error_with_a_did_you_mean() -> None:
    with pytest.raises(InspectorError) as raised:
        Toolbox(Shop(), classification={"Shop": {"@prefx": "s_"}})
    assert str(raised.value) == (
        "classification: Shop: unknown class option '@prefx' (did you mean '@prefix'?); "
        "known: @prefix, @hidden, @fixed"
    )


def test_errors_in_the_file_name_the_line_and_column(tmp_path: Path) -> None:
    path = tmp_path / "c.json"
    path.write_text(
        '{\n  "Shop": {\n    "count": {\n      "defer": true,\n      "timout": 3\n    }\n  }\n}\n'
    )
    with pytest.raises(InspectorError) as raised:
        load(path)
    assert str(raised.value) == (
        f"{path}:5:17: Shop.count: unknown key 'timout' (did you mean 'timeout'?); known: "
        "include, name, description, fixed, hidden, params, approval, timeout, defer"
    )


def test_a_key_of_non_ascii_characters_is_located_too(tmp_path: Path) -> None:
    # as scan writes the file and a person types it: 'zählen', not 'z\u00e4hlen'
    path = tmp_path / "c.json"
    path.write_text('{\n  "Kasse": {\n    "zählen": {"timout": 3}\n  }\n}\n', encoding="utf-8")
    with pytest.raises(InspectorError) as raised:
        load(path)
    assert str(raised.value) == (
        f"{path}:3:26: Kasse.zählen: unknown key 'timout' (did you mean 'timeout'?); known: "
        "include, name, description, fixed, hidden, params, approval, timeout, defer"
    )


def test_every_broken_entry_is_named_in_one_run(
    tmp_path: Path, run_cli: Callable[..., Run]
) -> None:
    tools, path = tmp_path / "tools.json", tmp_path / "c.json"
    assert (
        run_cli("scan", f"{ROOT / 'example_class.py'}:ExampleClass", "-o", str(tools)).status == 0
    )
    path.write_text(
        '{"ExampleClass": {"@prefx": "s_", "method1": {"hiden": ["x"]},\n'
        ' "method2": {"timeout": "5"}, "average": true}}\n'
    )
    result = run_cli(
        "render", "--provider", "openai", "--tools", str(tools), "--classification", str(path)
    )
    assert result.status == 1
    assert result.stderr.splitlines() == [
        f"error: {path}:1:29: ExampleClass: unknown class option '@prefx' (did you mean "
        "'@prefix'?); known: @prefix, @hidden, @fixed",
        f"error: {path}:1:56: ExampleClass.method1: unknown key 'hiden' (did you mean 'hidden'?); "
        "known: include, name, description, fixed, hidden, params, approval, timeout, defer",
        f"error: {path}:2:25: ExampleClass.method2.timeout must be a positive number of seconds, "
        'not "5"',
    ]


def _shop_catalog() -> Catalog:
    box = Toolbox(Shop())
    return Catalog((CatalogClass("Shop", "tests/test_curation.py:Shop", tuple(box.tools)),))


def test_entries_that_cannot_be_applied_leave_the_tool_out_with_a_located_error(
    tmp_path: Path,
) -> None:
    path = tmp_path / "c.json"
    path.write_text(
        json.dumps(
            {
                "Shop": {
                    "list_items": {"hidden": ["category"]},
                    "delete_item": {"fixed": {"dry_run": "no", "force": 1}},
                    "count": {"name": "shop_items", "params": {"tag": {"description": "x"}}},
                }
            },
            indent=2,
        )
    )
    tools, notes = pipeline.select(_shop_catalog(), load(path), path)
    assert [t.name for t in tools] == ["shop_items"]
    assert [str(n) for n in notes] == [
        f"{path}:5: error[TI330]: Shop.list_items: hidden names the required parameter "
        "'category': a call needs it (fix its value with fixed instead); the tool is left out",
        f"{path}:11: warning[TI332]: Shop.delete_item: fixed names 'force', which is no "
        "parameter of the tool; it has no effect",
        f"{path}:10: error[TI330]: Shop.delete_item: the fixed value of 'dry_run' is wrong: "
        'dry_run: expected a boolean, got "no"; tool left out',
        f"{path}:17: warning[TI332]: Shop.count: params names 'tag', which is no parameter of "
        "the tool (did you mean 'tags'?); it has no effect",
    ]


def test_a_name_that_another_tool_has_is_an_error_and_only_the_renamed_tool_goes() -> None:
    catalog = _shop_catalog()
    choices = parsed({"Shop": {"count": {"name": "list_items"}, "delete_item": True}})
    tools, notes = pipeline.select(catalog, choices, None)
    assert [t.name for t in tools] == ["list_items", "delete_item"]
    assert [(n.code, n.message) for n in notes if n.code == "TI331"] == [
        (
            "TI331",
            "the tool name 'list_items' is also the name of Shop.list_items; this tool is left "
            "out (give it another name)",
        )
    ]
    both = parsed({"Shop": {"count": {"name": "x"}, "delete_item": {"name": "x"}}})
    tools, notes = pipeline.select(catalog, both, None)
    assert [t.name for t in tools] == ["list_items"]
    assert [n.code for n in notes].count("TI331") == 2


def test_a_pattern_applies_where_no_exact_key_does_and_the_first_pattern_wins() -> None:
    choices = parsed(
        {
            "Shop": {
                "*_item*": {"name": "first"},
                "*": False,
                "list_items": True,
            }
        }
    )
    tools, _ = pipeline.select(_shop_catalog(), choices, None)
    assert [(t.method_name, t.name) for t in tools] == [
        ("list_items", "list_items"),
        ("delete_item", "first"),
    ]


def test_a_pattern_does_not_offer_an_uncallable_method() -> None:
    tool = ToolDescriptor("run", "", method_name="run", uncallable=(("engine", "Engine"),))
    catalog = Catalog((CatalogClass("Store", "s.py:Store", (tool,)),))
    tools, notes = pipeline.select(catalog, parsed({"Store": {"*": True}}), None)
    assert tools == []
    assert [n.code for n in notes] == ["TI311", "TI305"]
    tools, _ = pipeline.select(catalog, parsed({"Store": {"run": True}}), None)
    assert [t.name for t in tools] == ["run"]


def _scan(run_cli: Callable[..., Run]) -> Run:
    return run_cli("scan", "inventory.py:Inventory", "-o", "tools.json", "--new", "include-all")


def test_scan_keeps_objects_patterns_and_options_in_place(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    shutil.copy(INVENTORY, "inventory.py")
    written = {
        "Inventory": {
            "delete_all": False,
            "@prefix": "shop_",
            "list_items": {"hidden": ["page_token"], "name": "items"},
            "export_*": False,
            "gone": {"include": False, "name": "old"},
        }
    }
    Path("tools.classification.json").write_text(json.dumps(written))
    result = _scan(run_cli)
    assert result.status == 0, result.stderr
    loaded = json.loads(Path("tools.classification.json").read_text())["Inventory"]
    assert {key: loaded[key] for key in written["Inventory"]} == written["Inventory"]
    text = Path("tools.classification.json").read_text()
    # every key where it was; a new method right after the method before it in the class
    # (export_csv and export_json: covered by the pattern, no entry)
    assert list(json.loads(text)["Inventory"]) == [
        "delete_all",
        "count",
        "@prefix",
        "list_items",
        "get_item",
        "delete_item",
        "export_*",
        "gone",
    ]


def test_a_plain_file_is_rewritten_byte_for_byte(in_tmp: Path, run_cli: Callable[..., Run]) -> None:
    shutil.copy(INVENTORY, "inventory.py")
    assert _scan(run_cli).status == 0
    first = Path("tools.classification.json").read_bytes()
    assert first == (
        b'{\n  "Inventory": {\n    "list_items": true,\n    "get_item": true,\n'
        b'    "delete_item": true,\n    "delete_all": true,\n    "export_csv": true,\n'
        b'    "export_json": true,\n    "count": true\n  }\n}\n'
    )
    edited = first.replace(b'"delete_all": true', b'"delete_all": false')
    Path("tools.classification.json").write_bytes(edited)
    assert _scan(run_cli).status == 0
    assert Path("tools.classification.json").read_bytes() == edited


method_names = st.text(string.ascii_lowercase + "_", min_size=1, max_size=6)
patterns = st.text(string.ascii_lowercase + "_*?", min_size=1, max_size=5).filter(
    lambda p: "*" in p or "?" in p
)
entries = st.one_of(
    st.booleans(),
    st.fixed_dictionaries(
        {},
        optional={
            "include": st.booleans(),
            "name": st.text(string.ascii_letters, min_size=1, max_size=5),
            "approval": st.booleans(),
            "timeout": st.integers(1, 100),
        },
    ),
)


@given(
    methods=st.lists(method_names, unique=True, max_size=6),
    exact=st.dictionaries(method_names, entries, max_size=4),
    pattern_entries=st.dictionaries(patterns, entries, max_size=3),
    prefix=st.one_of(st.none(), st.text(string.ascii_lowercase, max_size=3)),
    options=st.fixed_dictionaries(
        {},
        optional={
            "@hidden": st.lists(method_names, max_size=3),
            "@fixed": st.dictionaries(method_names, st.none() | st.integers(), max_size=3),
        },
    ),
    include_new=st.booleans(),
)
@settings(max_examples=200, deadline=None)
def test_a_rescan_keeps_every_user_value_and_adds_only_uncovered_methods(
    *,
    methods: list[str],
    exact: dict[str, object],
    pattern_entries: dict[str, object],
    prefix: str | None,
    options: dict[str, object],
    include_new: bool,
) -> None:
    written: dict[str, object] = dict(pattern_entries)
    if prefix is not None:
        written["@prefix"] = prefix
    hidden, fixed = options.get("@hidden", []), options.get("@fixed", {})
    assert isinstance(hidden, list) and isinstance(fixed, dict)
    if "@hidden" in options:
        written["@hidden"] = hidden
    if "@fixed" in options:  # a name both hidden and fixed is an error: hidden keeps it here
        written["@fixed"] = {k: v for k, v in fixed.items() if k not in hidden}
    written.update(exact)
    existing = parsed({"C": written})
    tools = tuple(ToolDescriptor(m, "", class_name="C", method_name=m) for m in methods)
    catalog = Catalog((CatalogClass("C", "c.py:C", tools),))
    merged = merge(
        existing, catalog, include_new=include_new, prune=False, include_destructive=True
    )
    result = to_json(merged.classification)["C"]
    assert isinstance(result, dict)
    for key, value in written.items():  # every key the user wrote, with its value
        assert result[key] == value
    assert [key for key in result if key in written] == list(written)  # in the user's order
    group = existing["C"]
    for method in methods:
        if method in exact:
            continue
        covered = group.pattern_for(method) is not None
        assert (method in result) is not covered  # a pattern keeps covering a new method
        if not covered:
            assert result[method] is include_new
        applied = is_included(merged.classification, "C", method)
        first = next((p for p in pattern_entries if _matches(method, p)), None)
        expected = include_new if first is None else _include(pattern_entries[first])
        assert applied is expected
    for method, value in exact.items():  # an exact key beats every pattern
        assert is_included(merged.classification, "C", method) is _include(value)
    # no tools.json before: every method the merge includes without a key of the user's is new
    assert merged.newly_included == [
        f"C.{method}"
        for method in methods
        if method not in exact and is_included(merged.classification, "C", method)
    ]


def _matches(method: str, pattern: str) -> bool:
    return fnmatch.fnmatchcase(method, pattern)


def _include(value: object) -> bool:
    if isinstance(value, bool):
        return value
    assert isinstance(value, dict)
    return bool(value.get("include", True))


def test_curated_stubs_keep_each_tools_name_and_schema(tmp_path: Path) -> None:
    """Stubs of tools.json with its classification file scan back to the tools of the
    provider files: the shaped names, texts and schemas."""
    golden = ROOT / "tests/golden/inventory"
    module = tmp_path / "curated_stub.py"
    module.write_bytes((golden / "stubs-curated.py").read_bytes())
    catalog, _ = pipeline.scan([f"{module}:Inventory"])
    rendered = json.loads((golden / "openai.json").read_text(encoding="utf-8"))
    assert [
        {"name": t.name, "description": t.description, "parameters": t.parameters_schema()}
        for _, t in catalog.tools()
    ] == [{k: v for k, v in entry["function"].items() if k != "strict"} for entry in rendered]


def test_stubs_refuse_a_classification_for_a_provider_file(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    golden = ROOT / "tests/golden/inventory"
    result = run_cli(
        "stubs",
        str(golden / "openai.json"),
        "--classification",
        str(ROOT / "tests/golden/inputs/inventory.classification.json"),
    )
    assert (result.status, result.stderr) == (
        2,
        f"error: --classification shapes a tools.json; {golden / 'openai.json'} is in the "
        "openai format, shaped when it was rendered\n",
    )


def test_diff_reports_what_the_classification_file_changes_for_a_model(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    """tools.json files are compared as shaped by the classification file beside each: a rename
    breaks callers, a newly hidden optional parameter does not, a fixed one only when fixed to
    its default."""
    shutil.copy(INVENTORY, "inventory.py")
    assert (
        run_cli("scan", "inventory.py", "-o", "old.json", "-q", "--new", "include-all").status == 0
    )
    shutil.copy("old.json", "new.json")
    entries = {
        "list_items": {"hidden": ["page_token"], "fixed": {"limit": 20, "include_archived": True}},
        "get_item": {"name": "fetch_item"},
        "delete_all": False,
        "delete_item": True,
        "export_*": True,
        "count": {"description": "Count."},
    }
    Path("new.classification.json").write_text(json.dumps({"Inventory": entries}))
    result = run_cli("diff", "old.json", "new.json")
    assert (result.status, result.stdout.splitlines()) == (
        0,
        [
            "list_items:",
            "  compatible limit: parameter fixed to its default 20 by the classification file",
            "  breaking   include_archived: parameter fixed to true by the classification file "
            "(a call without it now gets that value)",
            "  compatible page_token: parameter hidden by the classification file (its default "
            "applies)",
            "get_item:",
            "  breaking   tool renamed to 'fetch_item'",
            "delete_all:",
            "  breaking   tool removed",
            "count:",
            "  docs       description changed",
            "3 breaking, 2 compatible, 1 docs",
        ],
    )


def test_diff_says_why_an_entry_left_a_tool_out(in_tmp: Path, run_cli: Callable[..., Run]) -> None:
    """An entry that cannot be applied leaves its tool out, which the diff reports as removed:
    the classification file's error says why, on stderr (the exit status follows --fail-on)."""
    shutil.copy(INVENTORY, "inventory.py")
    assert (
        run_cli("scan", "inventory.py", "-o", "old.json", "-q", "--new", "include-all").status == 0
    )
    shutil.copy("old.json", "new.json")
    entries = {"get_item": {"hidden": ["item_id"]}, "delete_item": True, "delete_all": True}
    Path("new.classification.json").write_text(json.dumps({"Inventory": entries}, indent=1))
    result = run_cli("diff", "old.json", "new.json")
    assert (result.status, result.stdout, result.stderr) == (
        0,
        "get_item:\n  breaking   tool removed\n1 breaking, 0 compatible, 0 docs\n",
        "new.classification.json:5: error[TI330]: Inventory.get_item: hidden names the required "
        "parameter 'item_id': a call needs it (fix its value with fixed instead); the tool is "
        "left out\n",
    )


def test_serve_lists_and_calls_the_shaped_tools() -> None:
    """``serve`` lists what the golden MCP render holds and calls through the shaped Toolbox."""
    import anyio

    from tests.test_serve import LIMIT, listed, stdio_session

    golden = json.loads((ROOT / "tests/golden/inventory/mcp.json").read_text("utf-8"))

    async def scenario() -> None:
        with anyio.fail_after(LIMIT):
            async with stdio_session(
                f"{INVENTORY}:Inventory",
                "--classification",
                str(ROOT / "tests/golden/inputs/inventory.classification.json"),
            ) as (session, _):
                assert listed(await session.list_tools()) == golden["tools"]
                done = await session.call_tool("shop_items", {"category": "tools"})
                assert (done.is_error, done.structured_content) == (False, {"result": []})
                refused = await session.call_tool("shop_items", {"category": "a", "limit": 9})
                assert refused.is_error
                assert [c.model_dump(exclude_none=True) for c in refused.content] == [
                    {
                        "type": "text",
                        "text": "shop_items: unexpected argument 'limit'; the tool takes: "
                        "category, include_archived",
                    }
                ]

    anyio.run(scenario)


def test_a_pattern_matching_no_method_is_a_located_warning(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    shutil.copy(INVENTORY, "inventory.py")
    Path("tools.classification.json").write_text(
        '{\n  "Inventory": {\n    "import_*": false\n  }\n}'
    )
    result = _scan(run_cli)
    assert result.status == 0
    assert result.stderr.splitlines()[0] == (
        "tools.classification.json:3: warning[TI332]: Inventory: pattern 'import_*' matches no "
        "method; the entry is not used"
    )


def test_a_pattern_whose_methods_all_have_other_entries_is_a_located_warning(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    """A first scan writes a key for every method; a pattern added after it (``"export_*":
    false``) then applies to none of them, since a method's own entry wins: a warning says so
    and what to do. A pattern that an earlier one overrules is named too; one that decides any
    method is not, nor one whose overruling entries say what it says (``"export_j*": true``)
    or that matches every method (``"*": false``: a default for the methods a later scan
    finds)."""
    shutil.copy(INVENTORY, "inventory.py")
    assert _scan(run_cli).status == 0
    written = json.loads(Path("tools.classification.json").read_text())
    written["Inventory"] |= {
        "export_*": False,
        "export_j*": True,
        "delete_*": False,
        "delete_a*": False,
        "delete_i*": True,
        "*": False,
    }
    del written["Inventory"]["delete_item"]
    Path("tools.classification.json").write_text(json.dumps(written, indent=2))
    result = _scan(run_cli)
    assert result.status == 0
    assert [line for line in result.stderr.splitlines() if "TI332" in line] == [
        "tools.classification.json:9: warning[TI332]: Inventory: pattern 'export_*' applies to "
        "none of the methods it matches: export_csv, export_json have entries of their own, "
        "which win over patterns; remove those entries for it to apply",
        "tools.classification.json:12: warning[TI332]: Inventory: pattern 'delete_a*' applies "
        "to none of the methods it matches: delete_all has an entry of its own, which wins over "
        "patterns; remove that entry for it to apply",
        "tools.classification.json:13: warning[TI332]: Inventory: pattern 'delete_i*' applies "
        "to none of the methods it matches: delete_item is taken by the earlier pattern "
        "'delete_*'; the entry is not used",
    ]
    assert is_included(load(Path("tools.classification.json")), "Inventory", "export_csv")
    assert (
        "delete_item" not in json.loads(Path("tools.classification.json").read_text())["Inventory"]
    )  # the pattern decides it: no entry of its own is written back


@given(schema_types, st.data())
@settings(max_examples=300, deadline=None)
def test_a_fixed_value_is_checked_as_json_schema_checks_it(
    schema_type: SchemaType, data: st.DataObject
) -> None:
    """``value_problem`` (what a fixed value is checked with) agrees with a JSON Schema
    validator on the schema the type renders, for valid values and for any JSON."""
    schema = schema_type.to_schema()
    value = data.draw(instances(schema) | ANY_JSON)
    valid = jsonschema.Draft202012Validator(schema).is_valid(value)
    assert (value_problem(value, schema_type, {}) is None) is valid


def test_a_fixed_value_fitting_no_option_of_a_union_says_what_each_option_is() -> None:
    """humanize's ``naturalday(value: date | datetime)``, fixed to 5."""
    day = AnyOfType(
        (
            StringType(keywords=(("format", "date"),)),
            StringType(keywords=(("format", "date-time"),)),
            NullType(),
        )
    )
    assert value_problem(5, day, {}, "value") == (
        "value: expected a date string or a date-time string or null, got 5"
    )
    choice = AnyOfType((EnumType(("a", "b")), ArrayType(items=IntegerType()), RefType("Box")))
    boxes = {"Box": ObjectType((Field("size", IntegerType()),), title="Box")}
    assert value_problem(True, choice, boxes, "x") == (
        'x: expected one of "a", "b" or an array or an object, got true'
    )


def test_a_fixed_scalar_of_the_wrong_type_says_what_it_should_be_with_the_right_article() -> None:
    assert value_problem("5", NumberType(), {}, "ratio") == 'ratio: expected a number, got "5"'
    assert value_problem(1.5, IntegerType(), {}, "n") == "n: expected an integer, got 1.5"
    assert value_problem(1, StringType(), {}, "s") == "s: expected a string, got 1"


def test_diff_against_git_compares_with_the_committed_classification_file(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    """``diff --git REF``: the old side is shaped by the classification file as committed."""
    git = shutil.which("git")
    assert git, "git is needed for diff --git"

    def run_git(*args: str) -> None:
        subprocess.run(
            [git, "-c", "user.name=t", "-c", "user.email=t@example.com", *args],
            check=True,
            capture_output=True,
        )

    shutil.copy(INVENTORY, "inventory.py")
    assert _scan(run_cli).status == 0
    run_git("init", "-q")
    run_git("add", ".")
    run_git("commit", "-qm", "tools")
    entries = json.loads(Path("tools.classification.json").read_text())
    entries["Inventory"]["count"] = {"name": "how_many", "hidden": ["category"]}
    entries["Inventory"]["get_item"] = {"hidden": ["verbose"]}
    Path("tools.classification.json").write_text(json.dumps(entries))
    result = run_cli("diff", "--git", "HEAD", "tools.json", "--fail-on", "breaking")
    assert (result.status, result.stdout.splitlines()) == (
        1,
        [
            "get_item:",
            "  compatible verbose: parameter hidden by the classification file (its default "
            "applies)",
            "count:",
            "  breaking   tool renamed to 'how_many'",
            "  compatible category: parameter hidden by the classification file (its default "
            "applies)",
            "1 breaking, 2 compatible, 0 docs",
        ],
    )


class Notes:
    def save(self, text: str, user: Annotated[str, Injected()]) -> str:
        """Save a note.

        Args:
            text: The note.
        """
        return f"{user}: {text}"


@pytest.mark.parametrize("entry", [{"fixed": {"user": "root"}}, {"hidden": ["user"]}])
def test_fixing_or_hiding_an_injected_parameter_is_a_warning(entry: dict[str, object]) -> None:
    """The host gives an injected parameter from its context at every call: a fixed value for
    it, or hiding it, has no effect, and says so (it was ignored without a word)."""
    box = Toolbox(Notes(), classification={"Notes": {"save": entry}}, context={"user": "ann"})
    assert [(d.code, d.message) for d in box.diagnostics] == [
        (
            "TI332",
            f"{next(iter(entry))} names 'user', which the host gives from the context key "
            "'user'; it has no effect",
        )
    ]
    assert box.call("save", {"text": "hi"}) == "ann: hi"


def test_a_misspelt_parameter_or_pattern_gets_the_closest_name(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    choices = parsed({"Shop": {"list_items": {"params": {"catgory": {"description": "x"}}}}})
    _, notes = pipeline.select(_shop_catalog(), choices, None)
    assert [n.message for n in notes if n.code == "TI332"] == [
        "params names 'catgory', which is no parameter of the tool (did you mean 'category'?); "
        "it has no effect"
    ]
    shutil.copy(INVENTORY, "inventory.py")
    Path("tools.classification.json").write_text(
        '{\n  "Inventory": {\n    "exprt_*": false,\n    "zzz*": false\n  }\n}'
    )
    lines = _scan(run_cli).stderr.splitlines()
    assert lines[:2] == [
        "tools.classification.json:3: warning[TI332]: Inventory: pattern 'exprt_*' matches no "
        "method (closest method: 'export_csv'); the entry is not used",
        "tools.classification.json:4: warning[TI332]: Inventory: pattern 'zzz*' matches no "
        "method; the entry is not used",
    ]


def test_a_hidden_name_of_no_parameter_is_located_at_its_line(tmp_path: Path) -> None:
    """A name in the ``hidden`` list is no key: it was looked for as one, never found, and the
    warning named the file alone."""
    path = tmp_path / "c.json"
    entry = {"hidden": ["page_token", "page_tokn"]}
    path.write_text(json.dumps({"Shop": {"list_items": entry, "*": True}}, indent=2))
    _, notes = pipeline.select(_shop_catalog(), load(path), path)
    assert [str(n) for n in notes] == [
        f"{path}:6: warning[TI332]: Shop.list_items: hidden names 'page_tokn', which is no "
        "parameter of the tool (did you mean 'page_token'?); it has no effect"
    ]
