"""serve under the host's control, through the MCP SDK's own client over stdio and streamable
HTTP (127.0.0.1 only): a thread-bound SQLite service, approval by elicitation, timeouts,
masked errors, bearer tokens (401), injected values, converted and cut results, and no start
without a classification file or on an open address without a token (issue 25, 27 item 8)."""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import anyio
import httpx
from mcp import ClientSession, types
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp.client.streamable_http import streamable_http_client

from inspector import Toolbox
from inspector.providers.calls import Call
from tests import serve_sample
from tests.conftest import ROOT, Run
from tests.test_serve import LIMIT, SAMPLE, http_server

LEDGER = f"{SAMPLE}:Ledger"
ACCOUNT = f"{SAMPLE}:Account"
CLOCK = f"{SAMPLE}:Clock"
HOSTILE = f"{SAMPLE}:Hostile"


@asynccontextmanager
async def stdio(
    *args: str, elicitation: Any = None, env: dict[str, str] | None = None
) -> AsyncIterator[ClientSession]:
    parameters = StdioServerParameters(
        command=sys.executable,
        args=["-m", "inspector", "serve", *args],
        cwd=str(ROOT),
        env={**os.environ, **(env or {})},
    )
    async with (
        stdio_client(parameters, errlog=sys.stderr) as (read, write),
        ClientSession(read, write, elicitation_callback=elicitation) as session,
    ):
        await session.initialize()
        yield session


@asynccontextmanager
async def http_client(url: str, token: str | None = None) -> AsyncIterator[ClientSession]:
    headers = {"Authorization": f"Bearer {token}"} if token else None
    async with (
        httpx.AsyncClient(headers=headers, timeout=LIMIT) as client,
        streamable_http_client(url, http_client=client) as (read, write),
        ClientSession(read, write) as session,
    ):
        await session.initialize()
        yield session


def text(result: types.CallToolResult) -> tuple[bool, str]:
    (content,) = result.content
    assert isinstance(content, types.TextContent)
    return result.is_error, content.text


def test_a_sqlite_service_works_on_its_own_thread_and_not_with_parallel() -> None:
    async def scenario(*extra: str) -> list[tuple[bool, str]]:
        with anyio.fail_after(LIMIT):
            async with stdio(LEDGER, "--all", *extra) as session:
                return [
                    text(await session.call_tool("add", {"text": "a"})),
                    text(await session.call_tool("add", {"text": "b"})),
                    text(await session.call_tool("entries", {})),
                ]

    assert anyio.run(scenario) == [(False, "1"), (False, "2"), (False, '["a", "b"]')]
    (first, *_) = anyio.run(scenario, "--parallel")
    assert first[0] and "ProgrammingError: SQLite objects created in a thread" in first[1]


def hints(tmp_path: Path) -> Path:
    path = tmp_path / "hints.json"
    path.write_text(json.dumps({"close": {"destructiveHint": True}}), encoding="utf-8")
    return path


def test_approval_through_elicitation_granted_refused_and_impossible(tmp_path: Path) -> None:
    options = [ACCOUNT, "--all", "--context", "org=acme", "--context", "client_id=me"]
    options += ["--mcp-annotations", str(hints(tmp_path)), "--approve-destructive"]
    asked: list[str] = []

    def answering(approve: bool) -> Any:
        async def elicit(context: Any, params: types.ElicitRequestParams) -> types.ElicitResult:
            asked.append(params.message)
            return types.ElicitResult(action="accept", content={"approve": approve})

        return elicit

    async def scenario() -> list[tuple[bool, str]]:
        answers = []
        with anyio.fail_after(LIMIT):
            for elicitation in (answering(True), answering(False), None):
                async with stdio(*options, elicitation=elicitation) as session:
                    answers.append(text(await session.call_tool("close", {})))
                    answers.append(text(await session.call_tool("whoami", {})))
        return answers

    refused = (True, "close: not approved; the call was not made")
    assert anyio.run(scenario) == [
        (False, "closed"),
        (False, "me@acme"),
        refused,
        (False, "me@acme"),
        refused,
        (False, "me@acme"),
    ]
    assert asked == ["Allow the tool close with the arguments {}?"] * 2


def test_sync_and_async_timeouts_over_http_and_masked_errors() -> None:
    with http_server(CLOCK, HOSTILE, "--all", "--timeout", "0.5", "--mask-errors") as (
        process,
        url,
    ):

        async def scenario() -> list[tuple[bool, str]]:
            with anyio.fail_after(LIMIT):
                async with http_client(url) as session:
                    started = time.monotonic()
                    answers = [
                        text(await session.call_tool("sleep", {"seconds": 3})),
                        text(await session.call_tool("sleep", {"seconds": 0})),
                        text(await session.call_tool("pause", {"seconds": 3})),
                        text(await session.call_tool("fail", {})),
                    ]
                    assert time.monotonic() - started < 2.5
                    await anyio.sleep(3)  # the sleeping thread ends
                    answers.append(text(await session.call_tool("sleep", {"seconds": 0})))
                    return answers

        answers = anyio.run(scenario)
        process.terminate()
        _, err = process.communicate(timeout=LIMIT)
    assert answers == [
        (
            True,
            "sleep: timed out after 0.5 s; the call is still running and the tool takes no new "
            "call until it has ended",
        ),
        (
            True,
            "sleep: a call that timed out is still running; the tool takes no new call until it "
            "has ended",
        ),
        (True, "pause: timed out after 0.5 s; the call was stopped"),
        (True, "fail failed"),
        (False, "0"),  # a JSON integer stays an int where float is hinted
    ]
    assert "warning: fail failed: RuntimeError: broken on purpose" in err
    assert "sleep: the call that timed out has ended (normally); the tool takes calls" in err


def test_bearer_tokens_401_and_the_client_identity_as_an_injected_value() -> None:
    env = {"MCP_TOKENS": "alice=s3cret,bob=other"}
    options = [ACCOUNT, "--all", "--token-env", "MCP_TOKENS", "--context", "org=acme"]
    with http_server(*options, env=env) as (_, url):
        assert httpx.post(url, json={}).status_code == 401
        wrong = httpx.post(url, json={}, headers={"Authorization": "Bearer nope"})
        assert (wrong.status_code, wrong.headers["www-authenticate"]) == (
            401,
            'Bearer realm="toolsinspector"',
        )

        async def scenario() -> list[tuple[bool, str]]:
            with anyio.fail_after(LIMIT):
                answers = []
                for token in ("s3cret", "other"):
                    async with http_client(url, token) as session:
                        answers.append(text(await session.call_tool("whoami", {})))
                return answers

        assert anyio.run(scenario) == [(False, "alice@acme"), (False, "bob@acme")]


def test_results_are_converted_and_cut_as_the_toolbox_does(tmp_path: Path) -> None:
    async def scenario() -> list[types.CallToolResult]:
        with anyio.fail_after(LIMIT):
            async with stdio(
                ACCOUNT,
                "--all",
                "--context",
                "org=o",
                "--context",
                "client_id=c",
                "--max-result-chars",
                "30",
            ) as session:
                return [
                    await session.call_tool("numbers", {}),
                    await session.call_tool("report", {}),
                ]

    numbers, report = anyio.run(scenario)
    toolbox = Toolbox(serve_sample.Account(), max_result_chars=30)
    for result, name in ((numbers, "numbers"), (report, "report")):
        expected, _ = toolbox.outcome(Call(None, name, None), getattr(toolbox.objects[0], name)())
        assert text(result)[1] == expected.text
    assert (numbers.is_error, numbers.structured_content) == (False, {"result": [0.0, 0.5, 1.0]})
    assert report.is_error  # cut: it no longer matches its output schema
    assert text(report)[1].startswith("line\n" * 6 + "\n[cut: the result has 200 characters")


def test_serve_refuses_to_start_without_a_choice_an_open_address_or_a_context_value(
    run_cli: Callable[..., Run],
) -> None:
    result = run_cli("serve", LEDGER)
    assert (result.status, result.stderr) == (
        2,
        "error: no classification file: serving would offer every public method to any "
        "client; give --classification FILE (make one with 'toolsinspector scan'), or --all "
        "to serve them all\n",
    )
    result = run_cli("serve", LEDGER, "--all", "--http", "0.0.0.0:8123")
    assert (result.status, result.stderr) == (
        2,
        "error: --http 0.0.0.0:8123: other machines can reach this address; give --token-env "
        "VAR (a bearer token in that environment variable)\n",
    )
    result = run_cli("serve", ACCOUNT, "--all")
    assert result.status == 2
    assert result.stderr.endswith(
        "error: the tools need context values nobody gives: client_id, org; give --context "
        "KEY=VALUE\n"
    )


def test_approval_and_timeouts_come_from_the_classification_file(tmp_path: Path) -> None:
    classification = tmp_path / "tools.classification.json"
    classification.write_text(
        json.dumps(
            {
                "Account": {"close": {"approval": True}, "whoami": True, "numbers": False},
                "Clock": {"pause": {"timeout": 0.3}, "sleep": False},
            }
        ),
        encoding="utf-8",
    )
    options = [ACCOUNT, CLOCK, "--classification", str(classification)]
    options += ["--context", "org=acme", "--context", "client_id=me"]

    async def refuse(context: Any, params: types.ElicitRequestParams) -> types.ElicitResult:
        return types.ElicitResult(action="accept", content={"approve": False})

    async def scenario() -> tuple[list[str], list[tuple[bool, str]]]:
        with anyio.fail_after(LIMIT):
            async with stdio(*options, elicitation=refuse) as session:
                listed = sorted(tool.name for tool in (await session.list_tools()).tools)
                return listed, [
                    text(await session.call_tool("close", {})),
                    text(await session.call_tool("pause", {"seconds": 5})),
                    text(await session.call_tool("pause", {"seconds": 0})),
                    text(await session.call_tool("numbers", {})),
                ]

    listed, answers = anyio.run(scenario)
    assert listed == ["close", "pause", "report", "whoami"]
    assert answers[:3] == [
        (True, "close: not approved; the call was not made"),
        (True, "pause: timed out after 0.3 s; the call was stopped"),
        (False, "0"),  # a JSON integer stays an int where float is hinted
    ]
    assert answers[3] == (True, "unknown tool 'numbers'. Available: whoami, close, report, pause")
