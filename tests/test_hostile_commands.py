"""Every command over hostile inputs: an error message and an exit status, never a traceback.

An unexpected exception is one line (``internal error: ...; please report it``) and exit 3; the
traceback only with ``--debug`` or ``TOOLSINSPECTOR_DEBUG=1``."""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from tests.conftest import ROOT, Run

SERVICE = (
    "class Service:\n    def ping(self, n: int = 1) -> int:\n        'Ping.'\n        return n\n"
)

FILES = {
    "service.py": SERVICE,
    "raises.py": "raise RuntimeError('import-time failure')\n",
    "exits.py": "import sys\nsys.exit(4)\n",
    "syntax.py": "class Broken(:\n",
    "empty.json": "",
    "garbage.json": "\x00\xff not json",
    "list.json": "[1, 2, 3]\n",
    "wrong_format.json": '{"format": "other/9", "classes": {}}\n',
    "bad_classes.json": '{"format": "toolsinspector/1", "classes": {"A": {"methods": 3}}}\n',
    "bad_classification.json": '{"Service": {"ping": "yes"}}\n',
    "classification_list.json": "[]\n",
    "hostile_schema.json": (
        '[{"type": "function", "function": {"name": "f", "parameters": {"type": "object", '
        '"properties": {"a": {"$ref": "#/$defs/Loop"}, "b": {"type": 5}, "c": {"enum": []}, '
        '"d": {"anyOf": "x"}, "e": {"type": ["string", "null", "array"], "items": true}}, '
        '"$defs": {"Loop": {"$ref": "#/$defs/Loop"}}}}}]\n'
    ),
    "not_tools.json": '{"tools": [{"name": 3}]}\n',
    "bad.toml": "[tool.toolsinspector\n",
    "wrong_keys.toml": '[tool.toolsinspector]\ntargets = "x"\nnew = 1\n',
    "annotations.json": '{"ping": {"readOnlyHint": "yes"}}\n',
    "afile": "a regular file\n",
    # an integer past int's digit limit: a bare ValueError from the standard library's reader
    # and writer (exit 3) where JSON or a default holds one
    "long_integer.json": '{"format": "toolsinspector/1", "classes": {}, "n": 1' + "0" * 5000 + "}",
    "long_default.py": (
        "class Long:\n    def f(self, n: int = 10**5000) -> int:\n        return n\n"
    ),
}

COMMANDS = [
    ["scan", "nosuchmodule_xyz:Thing"],
    ["scan", "service.py:Servce"],
    ["scan", "service.py:Service.ping"],
    ["scan", "missing.py:X"],
    ["scan", ":"],
    ["scan", "raises.py"],
    ["scan", "exits.py"],
    ["scan", "syntax.py"],
    ["scan", "service.py:Service", "-o", "afile/tools.json"],
    ["scan", "service.py:Service", "-o", "/proc/toolsinspector/tools.json"],
    ["scan", "service.py:Service", "--classification", "bad_classification.json"],
    ["scan", "service.py:Service", "--classification", "classification_list.json"],
    ["scan", "service.py:Service", "--docstring-style", "javadoc"],
    ["render", "--provider", "openai", "--tools", "empty.json"],
    ["render", "--provider", "openai", "--tools", "garbage.json"],
    ["render", "--provider", "openai", "--tools", "list.json"],
    ["render", "--provider", "openai", "--tools", "wrong_format.json"],
    ["render", "--provider", "openai", "--tools", "bad_classes.json"],
    ["render", "--provider", "openai", "--tools", "missing.json"],
    ["render", "--provider", "nosuch", "--tools", "tools.json"],
    ["render", "--provider", "all", "--tools", "tools.json", "-o", "afile"],
    ["render", "--provider", "mcp", "--tools", "tools.json", "--mcp-annotations", "list.json"],
    ["render", "--provider", "mcp", "--mcp-annotations", "annotations.json"],
    ["render", "--provider", "openai", "--classification", "bad_classification.json"],
    ["render", "--provider", "openai", "--templates", "afile"],
    ["stubs", "hostile_schema.json"],
    ["stubs", "not_tools.json"],
    ["stubs", "garbage.json"],
    ["stubs", "missing.json"],
    ["stubs", "tools.json", "--format", "nosuch"],
    ["stubs", "list.json", "--format", "openai"],
    ["build", "--config", "bad.toml"],
    ["build", "--config", "wrong_keys.toml"],
    ["build", "--config", "missing.toml"],
    ["check", "--config", "bad.toml"],
    ["build", "nosuchmodule_xyz:Thing"],
    ["check", "raises.py"],
    ["diff", "garbage.json", "tools.json"],
    ["diff", "tools.json", "hostile_schema.json"],
    ["diff", "tools.json"],
    ["diff", "--git", "HEAD", "tools.json"],
    ["providers", "--templates", "missing_dir"],
    ["render", "--provider", "openai", "--tools", "long_integer.json"],
    ["stubs", "long_integer.json"],
    ["diff", "long_integer.json", "tools.json"],
    ["scan", "long_default.py:Long", "-o", "long.json"],
    ["render", "--provider", "openai", "--tools", "."],  # a path with no name: was ValueError
    ["render", "--provider", "all", "--tools", "", "-o", "out"],
    ["nosuchcommand"],
    [],
]


@pytest.fixture
def hostile(in_tmp: Path, run_cli: Callable[..., Run]) -> Path:
    for name, text in FILES.items():
        Path(name).write_text(text, encoding="utf-8", errors="surrogateescape")
    assert run_cli("scan", "service.py:Service", "-o", "tools.json", "-q").status == 0
    return in_tmp


@pytest.mark.parametrize("arguments", COMMANDS, ids=" ".join)
def test_no_command_shows_a_traceback(
    hostile: Path, run_cli: Callable[..., Run], arguments: list[str]
) -> None:
    result = run_cli(*arguments)
    assert result.status in (0, 1, 2), result.stderr
    assert "Traceback" not in result.stderr
    assert "internal error" not in result.stderr
    if result.status:
        assert result.stderr.strip(), "a failure says why"


TOO_LONG = "a" * 300 + ".json"


@pytest.mark.parametrize(
    "arguments",
    [
        ["scan", "service.py:Service", "-o", TOO_LONG],
        ["scan", "service.py:Service", "--classification", TOO_LONG],
        ["render", "--provider", "openai", "--classification", TOO_LONG],
        ["render", "--provider", "openai", "--templates", TOO_LONG],
        ["stubs", "tools.json", "-o", TOO_LONG],
    ],
    ids=lambda arguments: " ".join(a if a != TOO_LONG else "TOO_LONG" for a in arguments),
)
def test_a_path_the_system_refuses_is_an_error_line(
    hostile: Path, run_cli: Callable[..., Run], arguments: list[str]
) -> None:
    """``Path.exists``, ``is_dir`` and ``is_symlink`` raise for a name past the system's limit
    (they answer False only for a missing file): that was exit 3, "internal error"."""
    result = run_cli(*arguments)
    assert (result.status, result.stdout, result.stderr) == (
        1,
        "",
        f"error: {TOO_LONG}: File name too long\n",
    )


def test_an_unexpected_exception_is_one_line_and_exit_3(
    monkeypatch: pytest.MonkeyPatch, run_cli: Callable[..., Run]
) -> None:
    def broken(args: object) -> int:
        raise KeyError("surprise")

    monkeypatch.setattr(importlib.import_module("inspector.cli.main"), "_providers", broken)
    monkeypatch.delenv("TOOLSINSPECTOR_DEBUG", raising=False)
    result = run_cli("providers")
    assert (result.status, result.stderr) == (
        3,
        "internal error: KeyError: 'surprise'; please report it (--debug shows the traceback)\n",
    )
    shown = run_cli("providers", "--debug")
    assert shown.status == 3
    assert shown.stderr.startswith("Traceback (most recent call last):\n")
    assert shown.stderr.endswith("internal error: KeyError: 'surprise'; please report it\n")
    monkeypatch.setenv("TOOLSINSPECTOR_DEBUG", "1")
    assert run_cli("providers").stderr.startswith("Traceback (most recent call last):\n")


def test_the_console_script_imports_from_the_current_directory(tmp_path: Path) -> None:
    (tmp_path / "service.py").write_text(SERVICE, encoding="utf-8")
    script = Path(sys.executable).parent / "toolsinspector"
    environment = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run(
        [str(script), "scan", "service:Service", "-o", "-", "-q"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
        env=environment,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert '"location": "service.py:2"' in done.stdout


def test_a_closed_pipe_after_a_large_output_is_quiet(tmp_path: Path) -> None:
    (tmp_path / "service.py").write_text(SERVICE, encoding="utf-8")
    command = (
        f"{sys.executable} -m inspector scan {ROOT / 'example_class.py'}:ExampleClass -o - -q"
        " | head -c 10 >/dev/null"
    )
    done = subprocess.run(
        ["bash", "-c", command], capture_output=True, text=True, check=False, cwd=tmp_path
    )
    assert done.stderr == "diagnostics: 0 errors, 0 warnings, 0 info\n"


def test_debug_alone_runs_build_with_tracebacks_on(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    result = run_cli("--debug")
    assert result.status == 2
    assert "no [tool.toolsinspector] table in a pyproject.toml here or above" in result.stderr


_KEYWORDS = st.sampled_from(
    [
        "type",
        "properties",
        "items",
        "anyOf",
        "oneOf",
        "allOf",
        "enum",
        "const",
        "$ref",
        "$defs",
        "required",
        "additionalProperties",
        "default",
        "minimum",
        "format",
        "prefixItems",
        "nullable",
        "title",
        "description",
        "x",
    ]
)
_SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(-3, 3)
    | st.sampled_from(
        ["string", "integer", "object", "array", "null", "number", "#/$defs/A", "#", "x"]
    )
)
hostile_schemas = st.recursive(
    _SCALARS,
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(_KEYWORDS | st.text(max_size=2), inner, max_size=4)
    ),
    max_leaves=15,
)


@given(parameters=hostile_schemas, returns=hostile_schemas)
@example(parameters={}, returns={"$defs": None})  # reached a provider's dialect as None
@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_hostile_schemas_in_any_file_are_errors_not_crashes(
    parameters: object, returns: object, tmp_path: Path, run_cli: Callable[..., Run]
) -> None:
    function = {"name": "f", "description": "d", "parameters": parameters}
    tools = {"format": "toolsinspector/1", "classes": {"A": {"source": "a.py:A", "methods": {
        "f": {"type": "function", "function": function, "returns": returns, "kind": "instance"}
    }}}}  # fmt: skip
    (tmp_path / "t.json").write_text(json.dumps(tools), encoding="utf-8")
    (tmp_path / "o.json").write_text(json.dumps([{"type": "function", "function": function}]))
    for arguments in (
        ["render", "--provider", "all", "--tools", "t.json", "-o", "out", "--strict"],
        ["stubs", "t.json"],
        ["stubs", "o.json"],
        ["diff", "o.json", "o.json"],
    ):
        result = run_cli(
            *(str(tmp_path / a) if a.endswith((".json", "out")) else a for a in arguments)
        )
        assert result.status in (0, 1, 2), (arguments, result.stderr)
