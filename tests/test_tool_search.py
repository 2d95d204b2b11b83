"""Local tool search: the words the ranking reads, the ranking, and a conversation through the
Toolbox (``definitions(provider, search=True)``, ``search_tools`` answered by ``handle``, the
tools found offered in the next ``definitions``)."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from inspector.diagnostics import InspectorError
from inspector.model import Curation
from inspector.providers.registry import builtin_providers
from inspector.runtime.tool_search import (
    SEARCH_TOOL_NAME,
    ToolIndex,
    ToolSearchSession,
    pieces,
    stem,
    words,
)
from inspector.runtime.toolbox import Toolbox, ToolCallError
from tests.test_providers import CHECKS


def test_names_are_cut_at_snake_case_camel_case_acronyms_and_digits() -> None:
    assert words("readNamespacedPodLog") == ["read", "namespac", "pod", "log"]
    assert words("list_pod_for_all_namespaces") == ["list", "pod", "namespac"]
    assert words("HTTPServer files_upload_v2") == ["http", "serv", "fil", "upload", "v", "2"]
    assert words("Show me the logs of a pod!") == ["show", "log", "pod"]


@pytest.mark.parametrize(
    ("forms", "stemmed"),
    [
        (("service", "services"), "servic"),
        (("expire", "expires", "expired", "expiring"), "expir"),
        (("set", "sets", "setting"), "set"),
        (("entry", "entries"), "entry"),
        (("remind", "reminder", "reminders"), "remind"),
        (("evict", "eviction"), "evict"),
        (("status", "class", "redis"), None),
    ],
)
def test_stemming_meets_the_forms_of_a_word(forms: tuple[str, ...], stemmed: str | None) -> None:
    if stemmed is None:  # endings that are no plural stay
        assert [stem(w) for w in forms] == ["status", "class", "redis"]
    else:
        assert {stem(w) for w in forms} == {stemmed}


def test_compact_names_are_cut_into_known_words() -> None:
    known = frozenset({"add", "get", "all", "range", "score", "del", "expire"})
    assert pieces("sadd", known) == ["add"]
    assert pieces("hgetall", known) == ["get", "all"]
    assert pieces("zrangebyscore", known) == []  # "b", "y", "z": three letters alone
    assert pieces("pexpire", known) == ["expire"]
    assert pieces("delete", known) == []  # "del" + "e", "t", "e": no
    assert pieces("add", known) == []  # never the word itself


class Store:
    def read_log(self, pod: str) -> str:
        """Read the log of a pod."""
        return f"log of {pod}"

    def delete_pod(self, pod: str) -> None:
        """Delete a pod."""

    def list_pods(self, namespace: str = "default") -> list[str]:
        """List the pods of a namespace."""
        return ["a", "b"]

    def ping(self) -> str:
        """Check the connection."""
        return "pong"


def test_the_index_ranks_by_name_description_and_parameter_names() -> None:
    index = ToolIndex(Toolbox(Store()).tools)
    assert [t.name for t in index.search("show me the logs of a pod")] == [
        "read_log",
        "list_pods",  # a plural in the query counts for "list"
        "delete_pod",
    ]
    assert [t.name for t in index.search("remove a pod", limit=1)] == ["delete_pod"]
    assert [t.name for t in index.search("which pods are in the namespace")] == [
        "list_pods",
        "delete_pod",
        "read_log",
    ]
    assert index.search("quantum entanglement") == []


def test_tools_that_do_the_same_share_a_place() -> None:
    tools = Toolbox(Store()).tools
    twin = dataclasses.replace(tools[0], name="read_log_with_http_info")
    index = ToolIndex([*tools, twin])
    assert [t.name for t in index.search("logs of a pod", limit=1)] == [
        "read_log",
        "read_log_with_http_info",
    ]


@given(st.text(max_size=60))
def test_search_gives_searched_tools_once_within_the_limit(query: str) -> None:
    tools = Toolbox(Store()).tools
    found = ToolIndex(tools).search(query, limit=2)
    assert len(found) <= 2
    assert len({t.name for t in found}) == len(found)
    assert ToolIndex(tools).search(query, limit=2) == found


def _call(name: str, arguments: dict[str, Any], call_id: str = "1") -> dict[str, Any]:
    return {
        "tool_calls": [
            {
                "id": call_id,
                "type": "function",
                "function": {"name": name, "arguments": json.dumps(arguments)},
            }
        ]
    }


def _names(definitions: Any) -> list[str]:
    return [entry["function"]["name"] for entry in definitions]


READ_LOG = {
    "name": "read_log",
    "description": "Read the log of a pod.",
    "parameters": {
        "type": "object",
        "properties": {"pod": {"type": "string"}},
        "required": ["pod"],
    },
}


def test_a_conversation_finds_a_tool_and_gets_it_in_the_next_definitions() -> None:
    box = Toolbox(Store(), defer=["read_*", "delete_*", "list_*"])
    assert _names(box.definitions("openai", search=True)) == ["ping", "search_tools"]
    search = box.definitions("openai", search=True)[1]["function"]  # type: ignore[index]
    assert search["parameters"] == {
        "type": "object",
        "properties": {
            "query": {"type": "string", "description": "What the tool should do, in plain words."}
        },
        "required": ["query"],
    }
    replies = box.handle("openai", _call("search_tools", {"query": "logs of a pod"}))
    assert replies == [
        {
            "role": "tool",
            "tool_call_id": "1",
            "content": json.dumps({"tools": [READ_LOG, *_others()]}, ensure_ascii=False),
        }
    ]
    assert _names(box.definitions("openai", search=True)) == [
        "read_log",
        "delete_pod",
        "list_pods",
        "ping",
        "search_tools",
    ]
    assert box.handle("openai", _call("read_log", {"pod": "web"}))[0]["content"] == "log of web"
    box.reset_search()
    assert _names(box.definitions("openai", search=True)) == ["ping", "search_tools"]
    assert _names(box.definitions("openai")) == ["ping"]  # deferred: left out without search


def _others() -> list[dict[str, Any]]:
    delete = {
        "name": "delete_pod",
        "description": "Delete a pod.",
        "parameters": READ_LOG["parameters"],
    }
    listing = {
        "name": "list_pods",
        "description": "List the pods of a namespace.",
        "parameters": {
            "type": "object",
            "properties": {"namespace": {"type": "string", "default": "default"}},
        },
    }
    return [listing, delete]


def test_nothing_found_says_so() -> None:
    box = Toolbox(Store())
    assert box.call(SEARCH_TOOL_NAME, {"query": "quantum entanglement"}) == {
        "tools": [],
        "note": "no tool matches 'quantum entanglement'; describe the action in other words",
    }
    assert box.definitions("openai", search=True) == box.definitions("openai", search=True)
    assert _names(box.definitions("openai", search=True)) == ["search_tools"]


def test_with_nothing_deferred_every_tool_is_searched() -> None:
    box = Toolbox(Store())
    assert _names(box.definitions("openai", search=True)) == ["search_tools"]
    box.call(SEARCH_TOOL_NAME, {"query": "check the connection"})
    assert _names(box.definitions("openai", search=True)) == ["ping", "search_tools"]


def test_the_classification_entrys_defer_is_what_is_searched() -> None:
    box = Toolbox(Store())
    tools = [
        dataclasses.replace(t, curation=Curation(defer=True)) if t.name != "ping" else t
        for t in box.tools
    ]
    session = ToolSearchSession(tools, [t.name for t in tools if t.curation.defer])
    assert [t.name for t in session.offered()] == ["ping", "search_tools"]
    session.answer({"query": "remove"})
    offered = session.offered()
    assert [t.name for t in offered] == ["delete_pod", "ping", "search_tools"]
    assert not offered[0].curation.defer  # found: written in full by every render


def test_conversations_of_one_toolbox_are_separate() -> None:
    box = Toolbox(Store())
    first, second = box.search_session(), box.search_session()
    box.handle("openai", _call("search_tools", {"query": "remove"}), search=first)
    assert _names(box.definitions("openai", search=first)) == ["delete_pod", "search_tools"]
    assert _names(box.definitions("openai", search=second)) == ["search_tools"]
    assert _names(box.definitions("openai", search=True)) == ["search_tools"]
    assert first.found == ["delete_pod"]


def test_a_bad_search_call_is_an_error_result() -> None:
    box = Toolbox(Store())
    replies = box.handle("openai", _call("search_tools", {"text": "pods"}))
    assert replies[0]["content"] == (
        "Error: search_tools: unexpected argument 'text'; the tool takes: query"
    )
    with pytest.raises(ToolCallError, match="query: expected a string"):
        box.call(SEARCH_TOOL_NAME, {"query": 3})
    # JSON text nested past the recursion limit: a RecursionError escaped handle and call
    deep = '{"query": ' + "[" * 100_000 + "]" * 100_000 + "}"
    entry = {"id": "1", "type": "function", "function": {"name": "search_tools", "arguments": deep}}
    replies = box.handle("openai", {"tool_calls": [entry]})
    assert replies[0]["content"] == "Error: search_tools: the arguments are nested too deeply"


class Own:
    def search_tools(self, query: str) -> str:
        """My own search."""
        return f"mine: {query}"


def test_a_tool_of_that_name_is_called_and_refuses_tool_search() -> None:
    box = Toolbox(Own())
    assert box.call("search_tools", {"query": "x"}) == "mine: x"
    with pytest.raises(InspectorError, match="a tool is named 'search_tools'"):
        box.definitions("openai", search=True)


@pytest.mark.parametrize("provider", sorted(builtin_providers()))
def test_every_provider_gets_the_search_tool_in_its_own_form(provider: str) -> None:
    box = Toolbox(Store(), defer=["*_pod*", "read_log"])
    box.call(SEARCH_TOOL_NAME, {"query": "remove"})
    document = box.definitions(provider, search=True)
    CHECKS[provider](document)
    text = json.dumps(document)
    assert "search_tools" in text and "delete_pod" in text and "ping" in text
    assert "read_log" not in text and "list_pods" not in text


def test_without_search_the_toolbox_defers_natively_like_render() -> None:
    box = Toolbox(Store(), defer=["read_*"])
    document: Any = box.definitions("anthropic")
    assert document[0] == {**_anthropic(READ_LOG), "defer_loading": True}
    assert document[-1] == {
        "type": "tool_search_tool_bm25_20251119",
        "name": "tool_search_tool_bm25",
    }


def _anthropic(entry: dict[str, Any]) -> dict[str, Any]:
    return {
        "name": entry["name"],
        "description": entry["description"],
        "input_schema": entry["parameters"],
    }


def test_tools_without_a_description_are_nobodys_twins() -> None:
    ping = Toolbox(Store()).tools[3]
    bare = [dataclasses.replace(ping, name=n, description="") for n in ("ping_a", "ping_b")]
    assert [t.name for t in ToolIndex(bare).search("ping", limit=1)] == ["ping_a"]


class Wide:
    def report_sales(self, region: str, year: int, month: int, currency: str) -> str:
        """Report the sales of a region.

        Args:
            region: The sales region, a long name such as "Europe, Middle East and Africa".
            year: The calendar year of the report, four digits.
            month: The month of the report, 1 to 12.
            currency: The ISO 4217 code of the currency to report in, such as EUR.
        """
        return region

    def report_costs(self, region: str, year: int, department: str) -> str:
        """Report the costs of a region.

        Args:
            region: The cost region, a long name such as "Europe, Middle East and Africa".
            year: The calendar year of the report, four digits.
            department: The department whose costs are reported, such as Finance.
        """
        return region

    def report_staff(self, region: str) -> str:
        """Report the staff of a region.

        Args:
            region: The staff region, a long name such as "Europe, Middle East and Africa".
        """
        return region


@pytest.mark.parametrize("limit", [100_000, 900, 500, 300])
def test_a_search_answer_fits_the_result_limit_whole_and_names_only_what_it_found(
    limit: int,
) -> None:
    box = Toolbox(Wide(), max_result_chars=limit)
    (reply,) = box.handle("openai", _call(SEARCH_TOOL_NAME, {"query": "report of a region"}))
    text = reply["content"]
    assert isinstance(text, str) and len(text) <= limit
    answer = json.loads(text)  # never cut in the middle
    named = [tool["name"] for tool in answer["tools"]]
    with_parameters = [tool["name"] for tool in answer["tools"] if "parameters" in tool]
    ranked = [tool.name for tool in ToolIndex(box.tools).search("report of a region")]
    assert named == ranked[: len(named)] and named
    assert with_parameters == named[: len(with_parameters)]
    shortened = [name for name in named if name not in with_parameters]
    if shortened:
        assert answer["note"] == (
            f"the parameters of {', '.join(shortened)} are too long to show here: they come "
            "with the tools' definitions from your next turn; call the tools by name then"
        )
    else:
        assert "note" not in answer
    assert _names(box.definitions("openai", search=True)) == [*sorted_like(named), SEARCH_TOOL_NAME]


def sorted_like(names: list[str]) -> list[str]:
    """The names in the class's order (how definitions list the tools found)."""
    order = ["report_sales", "report_costs", "report_staff"]
    return [name for name in order if name in names]
