"""serve --search: a real server process and the MCP SDK's own client over stdio. The client is
listed the tools that are not deferred and ``search_tools``; a search that finds tools sends
``notifications/tools/list_changed`` and lists them to that client from then on."""

from __future__ import annotations

import json
from pathlib import Path

import anyio
from mcp import types

from tests.test_serve import EXAMPLE, LIMIT, http_server, http_session, stdio_session


def test_a_client_searches_is_told_and_gets_the_tools_it_found(tmp_path: Path) -> None:
    choices = tmp_path / "tools.classification.json"
    methods = dict.fromkeys(
        ["method1", "create_task", "convert_temperature", "place_order", "average", "fetch_page"],
        True,
    )
    choices.write_text(json.dumps({"ExampleClass": methods | {"method2": False}}))
    changed = anyio.Event()

    async def on_message(message: object) -> None:
        if isinstance(message, types.ToolListChangedNotification):
            changed.set()

    async def scenario() -> dict[str, object]:
        seen: dict[str, object] = {}
        with anyio.fail_after(LIMIT):
            async with stdio_session(
                EXAMPLE,
                "--classification",
                str(choices),
                "--search",
                "--defer",
                "c*",
                on_message=on_message,
            ) as (session, started):
                seen["capabilities"] = started.capabilities.tools
                seen["before"] = [t.name for t in (await session.list_tools()).tools]
                missed = await session.call_tool("search_tools", {"query": "quantum physics"})
                seen["missed"] = (missed.is_error, missed.content[0].text)  # type: ignore[union-attr]
                seen["told after a miss"] = changed.is_set()
                found = await session.call_tool("search_tools", {"query": "convert a temperature"})
                seen["found"] = json.loads(found.content[0].text)  # type: ignore[union-attr]
                await changed.wait()
                seen["after"] = [t.name for t in (await session.list_tools()).tools]
                called = await session.call_tool("convert_temperature", {"value": 100})
                seen["called"] = called.structured_content
                bad = await session.call_tool("search_tools", {})
                seen["bad"] = (bad.is_error, bad.content[0].text)  # type: ignore[union-attr]
        return seen

    seen = anyio.run(scenario)
    assert seen["capabilities"] == types.ToolsCapability(list_changed=True)
    assert seen["before"] == ["method1", "place_order", "average", "fetch_page", "search_tools"]
    assert seen["missed"] == (
        False,
        '{"tools": [], "note": "no tool matches \'quantum physics\'; describe the action in '
        'other words"}',
    )
    assert seen["told after a miss"] is False
    found = seen["found"]
    assert isinstance(found, dict)
    assert [tool["name"] for tool in found["tools"]] == ["convert_temperature"]
    assert seen["after"] == [
        "method1",
        "convert_temperature",
        "place_order",
        "average",
        "fetch_page",
        "search_tools",
    ]
    assert seen["called"] == {"result": 212.0}
    assert seen["bad"] == (
        True,
        "search_tools: query: expected a string (what the tool should do, in plain words)",
    )


def test_two_http_clients_search_apart() -> None:
    async def scenario(url: str) -> tuple[list[str], list[str], list[str]]:
        with anyio.fail_after(LIMIT):
            async with http_session(url) as first, http_session(url) as second:
                await first.call_tool("search_tools", {"query": "average of numbers"})
                one = [t.name for t in (await first.list_tools()).tools]
                two = [t.name for t in (await second.list_tools()).tools]
                await second.call_tool("search_tools", {"query": "download a web page"})
                both = [t.name for t in (await second.list_tools()).tools]
        return one, two, both

    with http_server(EXAMPLE, "--search", "--all") as (_, url):
        one, two, both = anyio.run(scenario, url)
    assert one == ["method1", "average", "search_tools"]
    assert two == ["search_tools"]
    assert both == ["fetch_page", "search_tools"]


def test_search_and_defer_come_from_the_serve_table(tmp_path: Path) -> None:
    config = tmp_path / "pyproject.toml"
    config.write_text(
        "[tool.toolsinspector]\n"
        f"targets = [{json.dumps(EXAMPLE)}]\n"
        'defer = ["m*"]\n'  # the table's own list wins over the project's
        "[tool.toolsinspector.serve]\n"
        'all = true\nsearch = true\ndefer = ["c*"]\n',
        encoding="utf-8",
    )

    async def scenario() -> list[str]:
        with anyio.fail_after(LIMIT):
            async with stdio_session("--config", str(config)) as (session, _):
                return [t.name for t in (await session.list_tools()).tools]

    assert anyio.run(scenario) == [  # create_task and convert_temperature are deferred
        "method1",
        "method2",
        "place_order",
        "average",
        "fetch_page",
        "search_tools",
    ]


def test_without_search_the_search_tool_is_unknown_and_nothing_deferred_leaks() -> None:
    async def scenario() -> tuple[list[str], tuple[bool, str]]:
        with anyio.fail_after(LIMIT):
            async with stdio_session(EXAMPLE, "--all", "--defer", "c*") as (session, _):
                listed = [t.name for t in (await session.list_tools()).tools]
                result = await session.call_tool("search_tools", {"query": "temperature"})
                return listed, (result.is_error, result.content[0].text)  # type: ignore[union-attr]

    listed, searched = anyio.run(scenario)
    assert listed == ["method1", "method2", "place_order", "average", "fetch_page"]
    assert searched == (
        True,
        "unknown tool 'search_tools'. Available: method1, method2, place_order, average, "
        "fetch_page",
    )
