"""serve, before a server starts: options, the config table, factories, usage errors."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from inspector.diagnostics import UsageError
from inspector.project.config import ServeConfig, load_config, project_identity
from inspector.runtime.serve import load_objects, parse_address
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
    result = run_cli("serve", f"{SAMPLE}:Greeter")
    assert (result.status, result.stderr) == (
        2,
        "error: Greeter needs constructor arguments (greeting): give --factory "
        "module:callable that returns an instance (or a list of instances)\n",
    )
    (greeter,) = load_objects([f"{SAMPLE}:Greeter"], f"{SAMPLE}:make_greeter")
    assert Toolbox(greeter).call("greet", {"name": "Ada"}) == "Hello, Ada!"
    (alone,) = load_objects([], "tests.serve_sample:make_greeter")
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
    result = run_cli("serve", "--factory", factory)
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
        + 'watch = true\nname = "Shop server"\ntargets = ["shop.py:Shop"]\n',
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
    )
    assert project_identity(path) == ("shop", "2.0")
    path.write_text(PYPROJECT + "wach = true\n", encoding="utf-8")
    with pytest.raises(UsageError) as raised:
        load_config(path)
    assert str(raised.value) == (
        f"{path}: [tool.toolsinspector.serve]: unknown key 'wach' (did you mean 'watch'?); "
        "known: targets, classification, factory, mcp-annotations, http, watch, name"
    )
    path.write_text(PYPROJECT + "http = 8000\n", encoding="utf-8")
    with pytest.raises(UsageError) as raised:
        load_config(path)
    assert str(raised.value) == (
        f'{path}: [tool.toolsinspector.serve]: http must be a "[HOST:]PORT" text, not 8000'
    )
