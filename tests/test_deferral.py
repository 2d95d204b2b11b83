"""Deferred loading (``render --defer``, ``"defer": true``): Anthropic and OpenAI Responses get
their own tool search with ``defer_loading``, as their SDK types accept it; every other
provider's file leaves the deferred tools out and one warning says so."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from anthropic.types import ToolParam, ToolSearchToolBm25_20251119Param
from openai.types.responses import FunctionToolParam, ToolSearchToolParam

from inspector import Toolbox, codes
from inspector.diagnostics import Diagnostic, Level
from inspector.model import Curation, ToolDescriptor
from inspector.project import pipeline
from inspector.providers.registry import builtin_providers
from inspector.render.options import RenderOptions
from tests.conftest import Run, inspect_class
from tests.sdk_types import check_json_schema, check_typed_dict
from tests.test_providers import CHECKS


class Shop:
    def find_item(self, query: str) -> list[str]:
        """Find items by name."""
        return []

    def delete_item(self, item_id: int) -> None:
        """Delete an item."""

    def restock(self, item_id: int) -> None:
        """Order more of an item."""


def _tools() -> list[ToolDescriptor]:
    tools, _ = inspect_class(Shop)
    return list(tools.values())


def _render(provider: str, tools: list[ToolDescriptor], defer: list[str]) -> pipeline.Rendered:
    (rendered,) = pipeline.render([provider], tools, RenderOptions(defer=defer))
    return rendered


ITEM_ID = {
    "type": "object",
    "properties": {"item_id": {"type": "integer"}},
    "required": ["item_id"],
}
QUERY = {"type": "object", "properties": {"query": {"type": "string"}}, "required": ["query"]}


def test_anthropic_defers_natively_with_its_bm25_tool_search() -> None:
    rendered = _render("anthropic", _tools(), ["*_item"])
    assert rendered.diagnostics == []
    assert rendered.document == [
        {
            "name": "find_item",
            "description": "Find items by name.",
            "input_schema": QUERY,
            "defer_loading": True,
        },
        {
            "name": "delete_item",
            "description": "Delete an item.",
            "input_schema": ITEM_ID,
            "defer_loading": True,
        },
        {"name": "restock", "description": "Order more of an item.", "input_schema": ITEM_ID},
        {"type": "tool_search_tool_bm25_20251119", "name": "tool_search_tool_bm25"},
    ]
    check_anthropic_with_search(rendered.document)


def test_openai_responses_defers_natively_with_the_hosted_tool_search() -> None:
    rendered = _render("openai-responses", _tools(), ["restock"])
    assert rendered.diagnostics == []
    assert rendered.document == [
        {
            "type": "function",
            "name": "find_item",
            "description": "Find items by name.",
            "parameters": QUERY,
            "strict": False,
        },
        {
            "type": "function",
            "name": "delete_item",
            "description": "Delete an item.",
            "parameters": ITEM_ID,
            "strict": False,
        },
        {
            "type": "function",
            "name": "restock",
            "description": "Order more of an item.",
            "parameters": ITEM_ID,
            "strict": False,
            "defer_loading": True,
        },
        {"type": "tool_search"},
    ]
    check_openai_responses_with_search(rendered.document)


def check_anthropic_with_search(document: Any) -> None:
    *functions, search = document
    for entry in functions:
        check_typed_dict(entry, ToolParam)
        check_json_schema(entry["input_schema"])
    check_typed_dict(search, ToolSearchToolBm25_20251119Param)


def check_openai_responses_with_search(document: Any) -> None:
    *functions, search = document
    for entry in functions:
        check_typed_dict(entry, FunctionToolParam)
        check_json_schema(entry["parameters"])
    check_typed_dict(search, ToolSearchToolParam)


def test_the_classification_entrys_defer_marks_the_same_tools() -> None:
    tools = [
        dataclasses.replace(t, curation=Curation(defer=True)) if t.name.endswith("_item") else t
        for t in _tools()
    ]
    assert (
        _render("anthropic", tools, []).document
        == _render("anthropic", _tools(), ["*_item"]).document
    )


def test_nothing_deferred_writes_no_tool_search_tool() -> None:
    for provider in ("anthropic", "openai-responses"):
        document = _render(provider, _tools(), []).document
        assert isinstance(document, list) and len(document) == 3
        assert all("defer_loading" not in entry and "name" in entry for entry in document)


NOT_NATIVE = sorted(p.name for p in builtin_providers().values() if not p.tool_search)


def test_only_anthropic_and_openai_responses_have_native_tool_search() -> None:
    native = sorted(p.name for p in builtin_providers().values() if p.tool_search)
    assert native == ["anthropic", "openai-responses"]


@pytest.mark.parametrize("provider", NOT_NATIVE)
def test_other_providers_leave_deferred_tools_out_and_say_so(provider: str) -> None:
    rendered = _render(provider, _tools(), ["*_item"])
    assert rendered.diagnostics[0] == Diagnostic(
        Level.WARNING,
        f"{provider}: 2 deferred tools left out (find_item, delete_item): the provider has no "
        "native tool search; offer them with Toolbox.definitions(search=True) or serve --search",
        code=codes.DEFERRED_LEFT_OUT,
    )
    assert [d.code for d in rendered.diagnostics].count(codes.DEFERRED_LEFT_OUT) == 1
    text = json.dumps(rendered.document)
    assert "find_item" not in text and "delete_item" not in text and "restock" in text
    CHECKS[provider](rendered.document)


def test_the_warning_names_five_tools_and_counts_the_rest() -> None:
    many = [dataclasses.replace(_tools()[2], name=f"tool_{i}") for i in range(8)]
    (diagnostic,) = _render("openai", many, ["tool_[1-7]"]).diagnostics
    assert diagnostic.message == (
        "openai: 7 deferred tools left out (tool_1, tool_2, tool_3, tool_4, tool_5 and 2 more): "
        "the provider has no native tool search; offer them with "
        "Toolbox.definitions(search=True) or serve --search"
    )


def test_patterns_match_names_case_sensitively() -> None:
    rendered = _render("openai", _tools(), ["*_ITEM"])
    assert [d.code for d in rendered.diagnostics] == []


def test_stubs_read_a_file_with_a_tool_search_tool_back(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    for provider in ("anthropic", "openai-responses"):
        Path(f"{provider}.json").write_text(json.dumps(_render(provider, _tools(), ["*"]).document))
        stubs = run_cli("stubs", f"{provider}.json", "-q")
        assert stubs.status == 0, stubs.stderr
        defs = [line.strip() for line in stubs.stdout.splitlines() if "def " in line]
        assert defs == [
            "def find_item(self, query: str) -> Any:",
            "def delete_item(self, item_id: int) -> Any:",
            "def restock(self, item_id: int) -> Any:",
        ]


SHOP_SOURCE = '''
class Shop:
    def find_item(self, query: str) -> list[str]:
        """Find items by name.

        Args:
            query: Words of the name.
        """
        return []

    def restock(self, item_id: int) -> None:
        """Order more of an item.

        Args:
            item_id: The item.
        """
'''


def test_render_defer_on_the_command_line(in_tmp: Path, run_cli: Callable[..., Run]) -> None:
    Path("shop.py").write_text(SHOP_SOURCE)
    assert run_cli("scan", "shop.py:Shop", "-o", "tools.json", "-q").status == 0
    result = run_cli("render", "--provider", "ollama", "--defer", "find_*", "--defer", "nothing_*")
    assert result.status == 0
    assert [e["function"]["name"] for e in json.loads(result.stdout)] == ["restock"]
    assert result.stderr == (
        "warning[TI431]: defer pattern 'nothing_*' matches no included tool\n"
        "warning[TI430]: ollama: 1 deferred tool left out (find_item): the provider has no "
        "native tool search; offer them with Toolbox.definitions(search=True) or serve --search\n"
        "diagnostics: 0 errors, 2 warnings (1 TI430, 1 TI431), 0 info\n"
    )
    native = run_cli("render", "--provider", "anthropic", "--defer", "find_*", "-q")
    assert [e.get("defer_loading", False) for e in json.loads(native.stdout)] == [
        True,
        False,
        False,
    ]


def test_build_takes_defer_from_the_configuration(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    Path("shop.py").write_text(SHOP_SOURCE)
    Path("pyproject.toml").write_text(
        '[tool.toolsinspector]\ntargets = ["shop.py:Shop"]\n'
        'providers = ["openai", "anthropic"]\ndefer = ["find_*", "gone_*"]\n'
    )
    result = run_cli("build")
    assert result.status == 0, result.stderr
    assert [line for line in result.stderr.splitlines() if "TI43" in line] == [
        "warning[TI431]: defer pattern 'gone_*' matches no included tool",
        "warning[TI430]: openai: 1 deferred tool left out (find_item): the provider has no "
        "native tool search; offer them with Toolbox.definitions(search=True) or serve --search",
    ]
    anthropic = json.loads(Path("anthropic.json").read_text())
    assert [e.get("defer_loading", False) for e in anthropic] == [True, False, False]
    assert [e["function"]["name"] for e in json.loads(Path("openai.json").read_text())] == [
        "restock"
    ]


def test_the_toolbox_warns_of_a_defer_pattern_that_matches_no_tool() -> None:
    """As ``render`` and ``build`` do (TI431): a pattern over a method's name, where the
    classification names the tool otherwise, defers nothing."""
    choices = {
        "Shop": {"@prefix": "shop_", "find_item": True, "restock": True, "delete_item": True}
    }
    box = Toolbox(Shop(), classification=choices, defer=["find_*", "shop_find_*"])
    assert [str(d) for d in box.diagnostics if d.code != "TI204"] == [
        "warning[TI431]: defer pattern 'find_*' matches no included tool"
    ]
    assert [t.get("defer_loading", False) for t in box.definitions("anthropic")][:3] == [
        True,
        False,
        False,
    ]
