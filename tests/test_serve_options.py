"""serve without a server process: options, the config table, factories, usage errors and
the reloading of the tools."""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable
from pathlib import Path

import anyio
import pytest
from mcp.shared.subscriptions import ToolsListChanged

import example_class
from inspector.diagnostics import UsageError
from inspector.project.config import ServeConfig, load_config, project_identity
from inspector.runtime.serve import parse_address, served_objects
from inspector.runtime.toolbox import Toolbox
from tests.conftest import Run
from tests.test_serve import EXAMPLE, PYPROJECT, SAMPLE


def test_without_the_sdk_serve_says_how_to_install_it(
    run_cli: Callable[..., Run], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "mcp", None)
    monkeypatch.setitem(sys.modules, "mcp.server.lowlevel", None)
    result = run_cli("serve", EXAMPLE)
    assert (result.status, result.stdout, result.stderr) == (
        2,
        "",
        "error: serving needs the MCP SDK: pip install 'toolsinspector[serve]'\n",
    )


def test_usage_errors_before_serving(run_cli: Callable[..., Run], in_tmp: Path) -> None:
    """In an empty directory: no configuration, no default classification file."""
    missing = in_tmp / "missing.json"
    assert run_cli("serve", EXAMPLE, "--classification", str(missing)).stderr == (
        f"error: classification file {missing}: not found\n"
    )
    assert run_cli("serve", EXAMPLE, "--watch").stderr == (
        "error: --watch needs a classification file (--classification FILE)\n"
    )
    assert run_cli("serve", EXAMPLE, "--http", "x").stderr == (
        "error: --http x: expected [HOST:]PORT, e.g. 8000 or 0.0.0.0:8000\n"
    )
    assert run_cli("serve").stderr == "error: nothing to serve: give a TARGET (or --factory)\n"


def test_a_constructor_with_arguments_needs_a_factory(run_cli: Callable[..., Run]) -> None:
    result = run_cli("serve", f"{SAMPLE}:Greeter", "--all")
    assert (result.status, result.stderr) == (
        2,
        "error: Greeter needs constructor arguments (greeting): give --factory "
        "module:callable that returns an instance (or a list of instances)\n",
    )
    (greeter,) = served_objects([f"{SAMPLE}:Greeter"], f"{SAMPLE}:make_greeter").objects(None)
    assert Toolbox(greeter).call("greet", {"name": "Ada"}) == "Hello, Ada!"
    (alone,) = served_objects([], "tests.serve_sample:make_greeter").objects(None)
    assert type(alone).__name__ == "Greeter"


@pytest.mark.parametrize(
    ("factory", "message"),
    [
        ("nocolon", "error: --factory nocolon: expected module:callable or file.py:callable\n"),
        (
            "tests.serve_sample:Greeter.greeting",
            "error: --factory tests.serve_sample:Greeter.greeting: Greeter.greeting is not a "
            "callable\n",
        ),
        (
            "tests.serve_sample:Greeter",
            "error: --factory tests.serve_sample:Greeter: TypeError: Greeter.__init__() missing "
            "1 required positional argument: 'greeting'\n",
        ),
        (
            "tests.serve_sample:make_nothing",
            "error: --factory tests.serve_sample:make_nothing: must return an instance or a "
            "list of instances, got []\n",
        ),
    ],
)
def test_factory_errors(run_cli: Callable[..., Run], factory: str, message: str) -> None:
    result = run_cli("serve", "--factory", factory, "--all")
    assert result.stderr == message


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("8000", ("127.0.0.1", 8000)),
        ("0.0.0.0:8001", ("0.0.0.0", 8001)),
        ("[::1]:8002", ("::1", 8002)),
        ("localhost:1", ("localhost", 1)),
    ],
)
def test_http_address(text: str, address: tuple[str, int]) -> None:
    assert parse_address(text) == address


@pytest.mark.parametrize("text", ["", "http", ":80", "host:", "0", "65536", "1.2.3.4:x"])
def test_bad_http_address(text: str) -> None:
    with pytest.raises(UsageError, match=r"expected \[HOST:\]PORT"):
        parse_address(text)


def test_serve_table_is_read_and_checked(tmp_path: Path) -> None:
    path = tmp_path / "pyproject.toml"
    path.write_text(
        PYPROJECT
        + 'mcp-annotations = "hints.json"\nhttp = "8000"\n'
        + 'watch = true\nname = "Shop server"\ntargets = ["shop.py:Shop"]\n'
        + 'search = true\ndefer = ["find_*"]\n',
        encoding="utf-8",
    )
    assert load_config(path).serve == ServeConfig(
        targets=("shop.py:Shop",),
        classification=tmp_path / "choices.json",
        factory="shop.py:make",
        mcp_annotations=tmp_path / "hints.json",
        http="8000",
        watch=True,
        name="Shop server",
        search=True,
        defer=("find_*",),
    )
    assert project_identity(path) == ("shop", "2.0")
    path.write_text(PYPROJECT + "wach = true\n", encoding="utf-8")
    with pytest.raises(UsageError) as raised:
        load_config(path)
    assert str(raised.value) == (
        f"{path}: [tool.toolsinspector.serve]: unknown key 'wach' (did you mean 'watch'?); "
        "known: targets, classification, factory, mcp-annotations, http, watch, name, all, "
        "context, token-env, parallel, timeout, errors, max-result-chars, approve-destructive, "
        "search, defer"
    )
    path.write_text(PYPROJECT + "http = 8000\n", encoding="utf-8")
    with pytest.raises(UsageError) as raised:
        load_config(path)
    assert str(raised.value) == (
        f'{path}: [tool.toolsinspector.serve]: http must be a "[HOST:]PORT" text, not 8000'
    )


def test_reload_keeps_the_tools_on_a_broken_or_missing_file_and_announces_real_changes(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    from inspector.runtime.mcp_server import Tools
    from inspector.runtime.serve import ServeOptions, builder

    choices = tmp_path / "choices.json"
    choices.write_text('{"ExampleClass": {"method2": false}}', encoding="utf-8")
    instance = example_class.ExampleClass()
    tools = Tools(builder([instance], choices), ServeOptions(watch=choices, poll_seconds=0.01))
    events: list[object] = []
    tools.bus.subscribe(events.append)
    names = [tool["name"] for tool in tools.listed]

    async def steps() -> None:
        with anyio.fail_after(10):
            await changes()

    async def changes() -> None:
        choices.write_text('{\n  "ExampleClass": {"method2": false}\n}\n', encoding="utf-8")
        await tools.reload()  # same choices, other text: nothing to announce
        choices.write_text('{"ExampleClass": {"method2": fals', encoding="utf-8")
        await tools.reload()
        async with anyio.create_task_group() as group:
            await group.start(tools.watch, choices)
            choices.unlink()
            while "missing" not in caplog.text:
                await anyio.sleep(0.01)
            assert [tool["name"] for tool in tools.listed] == names
            choices.write_text('{"ExampleClass": {"method1": false}}', encoding="utf-8")
            while not events:
                await anyio.sleep(0.01)
            group.cancel_scope.cancel()

    with caplog.at_level(logging.INFO, logger="inspector.serve"):
        anyio.run(steps)
    assert events == [ToolsListChanged()]
    assert [tool["name"] for tool in tools.listed] == [
        "method2" if name == "method1" else name for name in names
    ]
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == [
        f"{choices}:1:30: classification file is not valid JSON: Expecting value; "
        "keeping the previous 6 tools",
        f"{choices}: missing; keeping the previous 6 tools",
    ]


def test_the_server_version_is_the_served_distributions_when_no_project_gives_one() -> None:
    from importlib import metadata

    import jinja2

    from inspector.runtime.serve_options import served_class, served_version
    from inspector.scan.targets import function_group

    assert served_version(jinja2.Environment()) == metadata.version("jinja2")
    assert served_version(object()) == ""  # builtins: no distribution
    functions = function_group(
        "jinja2.filters", "jinja2.filters", {"do_upper": jinja2.filters.do_upper}
    )
    assert (served_class(functions).__name__, served_version(functions)) == (
        "filters",  # a module's functions: the module's name, its distribution's version
        metadata.version("jinja2"),
    )
    assert served_class(jinja2.Environment).__name__ == "Environment"  # a class given itself
