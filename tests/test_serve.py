"""serve: a real server process and the MCP SDK's own client, over stdio and streamable HTTP."""

from __future__ import annotations

import inspect
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path
from typing import Any

import anyio
import jsonschema
import pytest
from mcp import Client, ClientSession, types
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.exceptions import MCPError
from mcp.shared.subscriptions import ToolsListChanged
from mcp_types.version import LATEST_HANDSHAKE_VERSION, LATEST_MODERN_VERSION

import example_class
from inspector.runtime.messages import to_json
from inspector.runtime.toolbox import Toolbox, ToolCallError
from tests import serve_sample
from tests.conftest import ROOT, Run

EXAMPLE = f"{ROOT / 'example_class.py'}:ExampleClass"
SAMPLE = ROOT / "tests" / "serve_sample.py"
ANNOTATIONS = ROOT / "tests" / "golden" / "inputs" / "mcp_annotations.json"
LIMIT = 30
"""Seconds any one test may take, start-up included."""

VALID = {
    "method1": {"a": 2, "b": 3},
    "create_task": {"title": "Write", "priority": "high", "due": "2026-01-01"},
    "convert_temperature": {"value": 100},
    "place_order": {
        "order": {"item": "A1", "quantity": 2, "ship_to": {"street": "S 1", "city": "Bonn"}},
        "express": True,
    },
    "average": {"values": [1, 2, 4.5]},
    "fetch_page": {"url": "https://example.com"},
}
"""Valid arguments for every tool of ExampleClass except method2, which the tests exclude."""

DIRECT: dict[str, Callable[[example_class.ExampleClass], object]] = {
    "method1": lambda o: o.method1(2, 3),
    "create_task": lambda o: o.create_task("Write", example_class.Priority.HIGH, "2026-01-01"),
    "convert_temperature": lambda o: o.convert_temperature(100),
    "place_order": lambda o: o.place_order(
        example_class.Order("A1", 2, example_class.Address("S 1", "Bonn")), express=True
    ),
    "average": lambda o: o.average([1, 2, 4.5]),
    "fetch_page": lambda o: o.fetch_page("https://example.com"),
}
"""The same calls made directly on the class (an awaitable for the async method)."""


def serve_command(*args: str) -> list[str]:
    return [sys.executable, "-m", "inspector", "serve", *args]


def served_once(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``serve`` run in ``cwd`` with stdin at its end: it starts, or fails, and stops."""
    return subprocess.run(
        serve_command(*args),
        check=False,
        cwd=cwd,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=LIMIT,
    )


@pytest.fixture
def choices(tmp_path: Path) -> Path:
    """A classification file that excludes ExampleClass.method2."""
    path = tmp_path / "tools.classification.json"
    methods = {name: True for name in VALID} | {"method2": False}
    path.write_text(json.dumps({"ExampleClass": methods}), encoding="utf-8")
    return path


def rendered(
    run_cli: Callable[..., Run], tmp_path: Path, classification: Path, *targets: str
) -> Any:
    """What ``render --provider mcp`` writes for the targets with this classification."""
    tools = tmp_path / "tools.json"
    keep = classification.read_text(encoding="utf-8")
    assert run_cli("scan", *targets, "-o", str(tools), "--classification", str(classification))
    classification.write_text(keep, encoding="utf-8")
    result = run_cli(
        "render",
        "--provider",
        "mcp",
        "--tools",
        str(tools),
        "--classification",
        str(classification),
        "--mcp-annotations",
        str(ANNOTATIONS),
        "-q",
    )
    assert result.status == 0, result.stderr
    return json.loads(result.stdout)["tools"]


def listed(result: types.ListToolsResult) -> list[Any]:
    return [tool.model_dump(by_alias=True, exclude_none=True, mode="json") for tool in result.tools]


@asynccontextmanager
async def stdio_session(
    *args: str, errlog: Any = None, on_message: Any = None, python: str = ""
) -> AsyncIterator[tuple[ClientSession, types.InitializeResult]]:
    """A client session with a server process: ``serve ARGS``, or the Python code given."""
    command = ["-c", python] if python else ["-m", "inspector", "serve", *args]
    parameters = StdioServerParameters(command=sys.executable, args=command, cwd=str(ROOT))
    async with (
        stdio_client(parameters, errlog=errlog or sys.stderr) as (read, write),
        ClientSession(read, write, message_handler=on_message) as session,
    ):
        yield session, await session.initialize()


@asynccontextmanager
async def http_session(url: str) -> AsyncIterator[ClientSession]:
    async with (
        streamable_http_client(url) as (read, write),
        ClientSession(read, write) as session,
    ):
        await session.initialize()
        yield session


@contextmanager
def killed_after(process: subprocess.Popen[str], seconds: float) -> Iterator[None]:
    """Kill the process if the block takes too long: a blocked read then ends, and the test
    fails instead of hanging."""
    timer = threading.Timer(seconds, process.kill)
    timer.start()
    try:
        yield
    finally:
        timer.cancel()
        if process.poll() is None:
            process.kill()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextmanager
def http_server(
    *args: str, env: dict[str, str] | None = None
) -> Iterator[tuple[subprocess.Popen[str], str]]:
    """A server process on a free 127.0.0.1 port (``env``: variables added to ours), and its
    URL once it accepts connections."""
    port = free_port()
    process = subprocess.Popen(
        serve_command("--http", str(port), *args),
        cwd=ROOT,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, **(env or {})},
    )
    try:
        deadline = time.monotonic() + LIMIT
        while True:
            assert process.poll() is None, process.communicate()
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.05)
        yield process, f"http://127.0.0.1:{port}/mcp"
    finally:
        if process.poll() is None:
            process.kill()
        process.communicate()


async def check_example_tools(
    session: ClientSession, expected: Any, choices: Path, *others: object
) -> None:
    """The checks both transports pass: the list is the render, every call answers as the
    method does, bad arguments and an excluded tool give the Toolbox's messages."""
    assert listed(await session.list_tools()) == expected
    instance = example_class.ExampleClass()
    toolbox = Toolbox(instance, *others, classification=choices)
    assert [tool["name"] for tool in expected] == [tool.name for tool in toolbox.tools]
    assert {tool["name"] for tool in expected} >= set(VALID)
    for name, arguments in VALID.items():
        result = await session.call_tool(name, arguments)
        direct = DIRECT[name](instance)
        value = to_json(await direct if inspect.isawaitable(direct) else direct)
        assert not result.is_error, result
        text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
        assert [c.model_dump(exclude_none=True) for c in result.content] == [
            {"type": "text", "text": text}
        ]
        assert result.structured_content == (
            value if isinstance(value, dict) else {"result": value}
        )
        (tool,) = (tool for tool in expected if tool["name"] == name)
        jsonschema.validate(result.structured_content, tool["outputSchema"])
    for name, arguments in [
        ("method1", {"a": "two"}),
        ("place_order", {"order": {"item": "A1"}}),
        ("method1", {"a": 1, "c": 2}),
        ("method2", {"x": "abc"}),
    ]:
        result = await session.call_tool(name, arguments)
        with pytest.raises(ToolCallError) as raised:
            toolbox.call(name, arguments)
        assert result.is_error
        assert result.structured_content is None
        assert [c.model_dump(exclude_none=True) for c in result.content] == [
            {"type": "text", "text": raised.value.message}
        ]
    assert raised.value.message.startswith("unknown tool 'method2'")


def test_stdio_lists_the_render_and_calls_through_the_toolbox(
    run_cli: Callable[..., Run], tmp_path: Path, choices: Path
) -> None:
    expected = rendered(run_cli, tmp_path, choices, EXAMPLE)

    async def scenario() -> None:
        with anyio.fail_after(LIMIT):
            async with stdio_session(
                EXAMPLE,
                "--classification",
                str(choices),
                "--mcp-annotations",
                str(ANNOTATIONS),
            ) as (session, started):
                await check_example_tools(session, expected, choices)
        assert (started.server_info.name, started.server_info.version) == ("ExampleClass", "")
        assert started.capabilities.tools == types.ToolsCapability(list_changed=False)

    anyio.run(scenario)


HOSTILE = """\
import inspector
from tests.serve_sample import Hostile
inspector.serve(inspector.Toolbox(Hostile()), name="hostile", version="1.2")
"""


def test_python_api_serves_a_toolbox_that_survives_hostile_methods(tmp_path: Path) -> None:
    errors = tmp_path / "stderr.txt"

    async def scenario() -> None:
        with anyio.fail_after(LIMIT), errors.open("w") as errlog:
            async with stdio_session(python=HOSTILE, errlog=errlog) as (session, started):
                assert (started.server_info.name, started.server_info.version) == (
                    "hostile",
                    "1.2",
                )
                left = await session.call_tool("leave", {})
                shouted = await session.call_tool("shout", {})
                failed = await session.call_tool("fail", {})
                lied = await session.call_tool("lie", {})
                measured = await session.call_tool("measure", {})
                again = await session.call_tool("shout", {})
        assert (left.is_error, left.content[0].text) == (  # type: ignore[union-attr]
            True,
            "leave failed: SystemExit: 3",
        )
        assert (shouted.is_error, shouted.structured_content) == (False, {"result": "ok"})
        assert failed.content[0].text == (  # type: ignore[union-attr]
            "fail failed: RuntimeError: broken on purpose"
        )
        assert lied.is_error
        assert lied.content[0].text == (  # type: ignore[union-attr]
            "lie returned a value that does not match its declared return type: "
            'result: expected an integer, got "not a number"'
        )
        assert (measured.is_error, measured.structured_content) == (True, None)
        assert measured.content[0].text == (  # type: ignore[union-attr]
            "measure: the result has no JSON form: nan is not a JSON number"
        )
        assert not again.is_error

    anyio.run(scenario)
    assert "noise on stdout" in errors.read_text(encoding="utf-8")


def test_http_same_checks_concurrency_a_slow_call_watch_and_sigterm(
    run_cli: Callable[..., Run], tmp_path: Path, choices: Path
) -> None:
    clock = f"{SAMPLE}:Clock"
    expected = rendered(run_cli, tmp_path, choices, EXAMPLE, clock)
    options = ["--classification", str(choices), "--mcp-annotations", str(ANNOTATIONS)]
    with http_server(EXAMPLE, clock, *options, "--watch") as (process, url):

        async def scenario() -> None:
            with anyio.fail_after(LIMIT):
                async with http_session(url) as session:
                    await check_example_tools(session, expected, choices, serve_sample.Clock())
                    await fifty_calls(session)
                    await slow_and_fast(session)
                await both_eras_hear_of_changes(url, expected, choices)

        anyio.run(scenario)
        status, seconds = anyio.run(stop_during_a_call, url, process)
        out, err = process.communicate()
    assert (status, out) == (0, "")
    assert seconds < 10
    assert "Traceback" not in err
    assert "info: SIGTERM: stopping\n" in err
    assert err.endswith("info: stopped\n")


async def stop_during_a_call(url: str, process: subprocess.Popen[str]) -> tuple[int, float]:
    """SIGTERM while a call sleeps for a minute: the server stops at once (the running call
    is abandoned), with status 0."""
    async with http_session(url) as session, anyio.create_task_group() as group:

        async def slow() -> None:
            with pytest.raises(MCPError):
                await session.call_tool("sleep", {"seconds": 60})

        group.start_soon(slow)
        await anyio.sleep(0.5)
        started = time.monotonic()
        process.send_signal(signal.SIGTERM)
        status = await anyio.to_thread.run_sync(process.wait)
        return status, time.monotonic() - started


async def both_eras_hear_of_changes(url: str, expected: Any, choices: Path) -> None:
    """A handshake-era session (its standalone stream) and a 2026-era client (a
    ``subscriptions/listen`` stream) both learn that the tools changed."""
    heard = anyio.Event()

    async def on_message(message: object) -> None:
        if isinstance(message, types.ToolListChangedNotification):
            heard.set()

    async with (
        streamable_http_client(url) as (read, write),
        ClientSession(read, write, message_handler=on_message) as session,
        Client(url) as modern,
    ):
        await session.initialize()
        assert modern.session.protocol_version == LATEST_MODERN_VERSION
        assert listed(await modern.list_tools()) == expected
        async with modern.listen(tools_list_changed=True) as events:
            choices.write_text(json.dumps({"ExampleClass": {"method1": False, "method2": False}}))
            assert await anext(aiter(events)) == ToolsListChanged()
            await heard.wait()
        names = [tool.name for tool in (await session.list_tools()).tools]
        assert names == [tool["name"] for tool in expected if tool["name"] != "method1"]
        assert [tool.name for tool in (await modern.list_tools()).tools] == names


async def fifty_calls(session: ClientSession) -> None:
    """50 calls at once, sync and async alternating: all complete with their own answer."""
    results: dict[int, Any] = {}

    async def one(index: int) -> None:
        tool = "sleep" if index % 2 else "pause"
        result = await session.call_tool(tool, {"seconds": index / 1000})
        results[index] = result.structured_content

    started = time.monotonic()
    async with anyio.create_task_group() as group:
        for index in range(50):
            group.start_soon(one, index)
    assert results == {index: {"result": index / 1000} for index in range(50)}
    assert time.monotonic() - started < 10


async def slow_and_fast(session: ClientSession) -> None:
    """A sync call sleeping 3 s holds up no call of another object, nor an async method of
    its own (the sync methods of one object share its thread)."""
    finished: list[str] = []

    async def call(name: str, arguments: dict[str, Any]) -> None:
        await session.call_tool(name, arguments)
        finished.append(name)

    async with anyio.create_task_group() as group:
        group.start_soon(call, "sleep", {"seconds": 3.0})
        await anyio.sleep(0.3)
        started = time.monotonic()
        await call("method1", {"a": 1, "b": 2})
        await call("pause", {"seconds": 0.01})
        fast = time.monotonic() - started
    assert finished == ["method1", "pause", "sleep"]
    assert fast < 1.5


def test_watch_reloads_and_notifies(tmp_path: Path, choices: Path) -> None:
    errors = tmp_path / "stderr.txt"
    changed = anyio.Event()

    async def on_message(message: object) -> None:
        if isinstance(message, types.ToolListChangedNotification):
            changed.set()

    async def scenario() -> None:
        with anyio.fail_after(LIMIT), errors.open("w") as errlog:
            async with stdio_session(
                EXAMPLE,
                "--classification",
                str(choices),
                "--watch",
                errlog=errlog,
                on_message=on_message,
            ) as (session, started):
                assert started.capabilities.tools == types.ToolsCapability(list_changed=True)
                before = [tool.name for tool in (await session.list_tools()).tools]
                choices.write_text("{broken", encoding="utf-8")
                while "keeping the previous 6 tools" not in errors.read_text(encoding="utf-8"):
                    await anyio.sleep(0.1)
                assert [t.name for t in (await session.list_tools()).tools] == before
                assert not changed.is_set()
                methods = {name: name != "method1" for name in VALID} | {"method2": False}
                choices.write_text(json.dumps({"ExampleClass": methods}), encoding="utf-8")
                await changed.wait()
                after = [tool.name for tool in (await session.list_tools()).tools]
                failed = await session.call_tool("method1", {"a": 1})
        assert before == list(VALID)
        assert after == [name for name in VALID if name != "method1"]
        assert failed.is_error

    anyio.run(scenario)
    log = errors.read_text(encoding="utf-8")
    assert f"error: {choices}:1:2: " in log


SHOP = """\
class Shop:
    \"\"\"A shop.\"\"\"

    def __init__(self, name: str) -> None:
        self.name = name

    def buy(self, item: str) -> str:
        \"\"\"Buy an item.\"\"\"
        return f"{self.name} sold {item}"

    def close(self) -> None:
        \"\"\"Close the shop.\"\"\"


def make() -> Shop:
    return Shop("corner")
"""

PYPROJECT = """\
[project]
name = "shop"
version = "2.0"

[tool.toolsinspector]
targets = ["shop.py:Shop"]

[tool.toolsinspector.serve]
classification = "choices.json"
factory = "shop.py:make"
"""


def test_config_table_factory_and_eof_on_stdin_ending_the_server_with_status_0(
    tmp_path: Path,
) -> None:
    (tmp_path / "shop.py").write_text(SHOP, encoding="utf-8")
    (tmp_path / "pyproject.toml").write_text(PYPROJECT, encoding="utf-8")
    (tmp_path / "choices.json").write_text('{"Shop": {"close": false}}', encoding="utf-8")
    requests = [
        {
            "jsonrpc": "2.0",
            "id": 1,
            "method": "initialize",
            "params": {
                "protocolVersion": LATEST_HANDSHAKE_VERSION,
                "capabilities": {},
                "clientInfo": {"name": "test", "version": "0"},
            },
        },
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {"jsonrpc": "2.0", "id": 2, "method": "tools/list"},
        {
            "jsonrpc": "2.0",
            "id": 3,
            "method": "tools/call",
            "params": {"name": "buy", "arguments": {"item": "tea"}},
        },
    ]
    process = subprocess.Popen(
        serve_command(),
        cwd=tmp_path,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stdin is not None
    assert process.stdout is not None
    with killed_after(process, LIMIT):
        process.stdin.write("".join(json.dumps(request) + "\n" for request in requests))
        process.stdin.flush()
        started, listed, bought = (json.loads(process.stdout.readline())["result"] for _ in "123")
        out, err = process.communicate()  # closes stdin: EOF
    assert (process.returncode, out) == (0, "")
    assert err == (
        "shop.py:7: warning[TI204]: Shop.buy: parameter 'item' is not documented\n"
        f"{tmp_path / 'choices.json'}: warning[TI304]: Shop.buy is not in the classification "
        "file; included (rescan to record it)\n"
        "info: serving 1 tool over stdio: buy\n"
        "info: stopped\n"
    )
    assert started["serverInfo"] == {"name": "shop", "version": "2.0"}
    assert [tool["name"] for tool in listed["tools"]] == ["buy"]
    assert bought["content"] == [{"type": "text", "text": "corner sold tea"}]


def test_ignored_codes_are_not_printed_at_the_start(tmp_path: Path) -> None:
    """``--ignore`` and the configuration's ``ignore`` silence the scan's diagnostics at the
    start, as for every other command (they were printed all the same)."""
    (tmp_path / "shop.py").write_text(SHOP, encoding="utf-8")
    configured = PYPROJECT.replace(
        'targets = ["shop.py:Shop"]\n', 'targets = ["shop.py:Shop"]\nignore = ["TI204"]\n'
    )
    (tmp_path / "pyproject.toml").write_text(configured, encoding="utf-8")
    (tmp_path / "choices.json").write_text('{"Shop": {"close": false}}', encoding="utf-8")
    done = served_once(tmp_path, "--ignore", "TI304")
    assert (done.returncode, done.stderr) == (
        0,
        "info: serving 1 tool over stdio: buy\ninfo: stopped\n",
    )


def test_the_diagnostics_at_the_start_fold_as_every_command_folds_them(tmp_path: Path) -> None:
    """Ten diagnostics of one code in one class print as one line (a class of 400 methods
    printed 300 lines at each start), each of them with ``-v``."""
    methods = "".join(
        f"\n    def m{i}(self, x: int) -> int:\n        'M.'\n        return x\n" for i in range(10)
    )
    (tmp_path / "many.py").write_text(f"class Many:\n    'Many.'\n{methods}", encoding="utf-8")
    folded = served_once(tmp_path, "many.py:Many", "--all", "-q")
    assert (folded.returncode, folded.stderr) == (
        0,
        "many.py:4: warning[TI204]: Many: 10 times in 10 methods, first m0: parameter 'x' is "
        "not documented; --verbose lists each\n",
    )
    each = served_once(tmp_path, "many.py:Many", "--all", "-q", "-v").stderr.splitlines()
    assert each == [
        f"many.py:{4 + 4 * i}: warning[TI204]: Many.m{i}: parameter 'x' is not documented"
        for i in range(10)
    ]


def test_stdin_from_dev_null_ends_the_server_and_import_prints_stay_off_stdout(
    tmp_path: Path,
) -> None:
    """The event loop cannot wait on /dev/null (epoll refuses it): the server reads it another
    way and stops at its end. What the served module prints while imported goes to stderr:
    stdout is the protocol's channel."""
    (tmp_path / "noisy.py").write_text(
        'print("hello from import")\n\n\nclass Noisy:\n'
        '    def go(self) -> int:\n        """Go."""\n        return 1\n',
        encoding="utf-8",
    )
    process = served_once(tmp_path, "noisy.py:Noisy", "--all")
    assert (process.returncode, process.stdout) == (0, "")
    assert process.stderr == (
        "hello from import\n"
        "info: no classification file: --all serves every public method\n"
        "info: serving 1 tool over stdio: go\n"
        "info: stopped\n"
    )


def test_ignored_codes_are_not_printed_as_by_every_command(tmp_path: Path) -> None:
    """``--ignore`` and the configuration's ``ignore`` silence the tools' warnings and infos
    on stderr; the server printed them all."""
    (tmp_path / "quiet.py").write_text(
        "class Quiet:\n"
        '    def go(self, n: int) -> int:\n        """Go."""\n        return n\n\n'
        "    def stop(self) -> None:\n        pass\n",
        encoding="utf-8",
    )
    (tmp_path / "pyproject.toml").write_text(
        '[tool.toolsinspector]\ntargets = ["quiet.py:Quiet"]\nignore = ["TI201"]\n',
        encoding="utf-8",
    )
    shown = served_once(tmp_path, "--all")
    assert shown.stderr == (
        "info: no classification file: --all serves every public method\n"
        "quiet.py:2: warning[TI204]: Quiet.go: parameter 'n' is not documented\n"
        "info: serving 2 tools over stdio: go, stop\n"
        "info: stopped\n"
    )
    silenced = served_once(tmp_path, "--all", "--ignore", "TI2")
    assert (silenced.returncode, silenced.stderr) == (
        0,
        "info: no classification file: --all serves every public method\n"
        "info: serving 2 tools over stdio: go, stop\n"
        "info: stopped\n",
    )


def test_the_tools_diagnostics_fold_as_every_command_folds_them(tmp_path: Path) -> None:
    """Ten or more of one code in one class are one line unless ``-v``: kubernetes'
    ``CoreV1Api`` printed 2,968 lines of TI117 before the server started."""
    methods = "".join(
        f'    def m{i}(self, n: int) -> int:\n        """M."""\n        return n\n\n'
        for i in range(10)
    )
    (tmp_path / "many.py").write_text(f"class Many:\n{methods}", encoding="utf-8")
    served = served_once(tmp_path, "many.py:Many", "--all")
    assert served.stderr.splitlines()[:2] == [
        "info: no classification file: --all serves every public method",
        "many.py:2: warning[TI204]: Many: 10 times in 10 methods, first m0: parameter 'n' is "
        "not documented; --verbose lists each",
    ]
    listed = served_once(tmp_path, "many.py:Many", "--all", "-v")
    assert [line for line in listed.stderr.splitlines() if "TI204" in line] == [
        f"many.py:{2 + 4 * i}: warning[TI204]: Many.m{i}: parameter 'n' is not documented"
        for i in range(10)
    ]


def test_sigint_ends_the_stdio_server_with_status_0() -> None:
    process = subprocess.Popen(
        serve_command(EXAMPLE, "--all"),
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stderr is not None
    with killed_after(process, LIMIT):
        while "serving 7 tools over stdio" not in (line := process.stderr.readline()):
            assert line, "the server ended before serving"
        process.send_signal(signal.SIGINT)
        out, err = process.communicate()
    assert (process.returncode, out, err) == (0, "", "info: SIGINT: stopping\ninfo: stopped\n")


def test_a_port_in_use_is_an_error_without_traceback() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        process = subprocess.run(
            serve_command(EXAMPLE, "--http", str(port), "-q", "--all"),
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=LIMIT,
            check=False,
        )
    assert (process.returncode, process.stdout) == (1, "")
    assert process.stderr == (
        f"[Errno 98] error while attempting to bind on address ('127.0.0.1', {port}): "
        "address already in use\n"
        f"error: cannot listen on 127.0.0.1:{port}\n"
    )
