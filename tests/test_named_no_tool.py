"""A target that names one function a rule says is no tool says why (TI150), and a target
class whose every public method is no tool says which and why (TI102); inside a module's or a
class's scan such a member is left out without a word."""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable
from pathlib import Path

import pytest

import inspector
from inspector import codes
from inspector.diagnostics import Diagnostic, Level
from inspector.project import pipeline
from inspector.runtime.toolbox import Toolbox
from inspector.scan.no_tools import NoTool
from tests.conftest import Run

HOOKS = '''\
"""Functions that a rule says are no tools, one that is, and a class of no tools."""
import contextlib
from collections.abc import Callable, Iterator
from typing import TypeVar

F = TypeVar("F", bound=Callable[..., object])


def register(name: str) -> Callable[[F], F]:
    """Register a handler under a name."""
    raise NotImplementedError


def adder(step: int):
    """Make an adder."""

    def add(value):
        return value + step

    return add


@contextlib.contextmanager
def opened(path: str) -> Iterator[None]:
    """Keep a file open for the block."""
    yield


def _helper(value: int) -> int:
    """Help."""
    return value


def runner() -> str:
    """The runner behind it.

    :meta private:
    """
    return "runner"


def _dollar_id(schema: dict) -> str:
    return ""


ID_OF = _dollar_id


def post_load(data: dict) -> dict:
    """Read what was loaded."""
    return data


post_load.__marshmallow_hook__ = {"post_load": []}


def total(values: list[int]) -> int:
    """Add values up.

    Args:
        values: The values.
    """
    return sum(values)


class Router:
    """Routes."""

    def route(self, path: str) -> Callable[[F], F]:
        """Route a path."""
        raise NotImplementedError

    @contextlib.contextmanager
    def session(self) -> Iterator[None]:
        """A session."""
        yield

    def _dispatch(self) -> None:
        """Private."""
'''

NAMED = [
    (
        "register",
        NoTool.MAKES_DECORATOR,
        "hooks.py:9: warning[TI150]: hooks.register: target 'hooks.py:register' gives no tool: "
        "the function makes a decorator (its return hint says so: its work happens only when "
        "the decorator is applied to a function, which no model can write)",
    ),
    (
        "adder",
        NoTool.RETURNS_OWN_FUNCTION,
        "hooks.py:14: warning[TI150]: hooks.adder: target 'hooks.py:adder' gives no tool: the "
        "function gives back a function it makes (what that function does happens only when "
        "code applies it, and a model would get its text)",
    ),
    (
        "opened",
        NoTool.CONTEXT_MANAGER,
        "hooks.py:23: warning[TI150]: hooks.opened: target 'hooks.py:opened' gives no tool: the "
        "function makes a context manager (a model cannot enter it, so its body would never "
        "run)",
    ),
    (
        "_helper",
        NoTool.PRIVATE,
        "hooks.py:29: warning[TI150]: hooks._helper: target 'hooks.py:_helper' gives no tool: "
        "the function has a private name (a name that starts with '_' is never a tool; scan a "
        "public function that calls it)",
    ),
    (
        "runner",
        NoTool.MARKED_PRIVATE,
        "hooks.py:34: warning[TI150]: hooks.runner: target 'hooks.py:runner' gives no tool: the "
        "function is marked private for Sphinx (its docstring's ':meta private:' keeps it out "
        "of the API, as an underscore would)",
    ),
    (
        "ID_OF",
        NoTool.SETTING,
        "hooks.py:42: warning[TI150]: hooks.ID_OF: target 'hooks.py:ID_OF' gives no tool: the "
        "function is a setting (a name in capitals that holds a function defined under another "
        "name says which function code calls)",
    ),
    (
        "post_load",
        NoTool.HOOK,
        "hooks.py:49: warning[TI150]: hooks.post_load: target 'hooks.py:post_load' gives no "
        "tool: the function is a hook its framework calls itself (the framework calls it when "
        "its own work needs it, never a model)",
    ),
]


def _write() -> None:
    Path("hooks.py").write_text(HOOKS, encoding="utf-8")


def _tools() -> dict[str, list[str]]:
    data = json.loads(Path("tools.json").read_text(encoding="utf-8"))
    return {key: list(group["methods"]) for key, group in data["classes"].items()}


def test_every_rule_a_named_function_can_fall_to_is_tested() -> None:
    """A new rule gets its case here (a function's callback: only a class has a base that
    calls it, tested below)."""
    assert {reason for _, reason, _ in NAMED} == set(NoTool) - {NoTool.CALLBACK}


@pytest.mark.parametrize(("name", "reason", "line"), NAMED, ids=[name for name, *_ in NAMED])
def test_a_target_naming_a_function_that_is_no_tool_says_why(
    in_tmp: Path, run_cli: Callable[..., Run], name: str, reason: NoTool, line: str
) -> None:
    _write()
    run = run_cli("scan", f"hooks.py:{name}", "-o", "tools.json")
    assert run.status == 0
    assert run.stderr.splitlines() == [line]
    assert run.stdout.splitlines() == [
        "1 module, 0 tools: 0 included, 0 excluded",
        "wrote tools.json, tools.classification.json",
        "diagnostics: 0 errors, 1 warning (1 TI150), 0 info",
    ]
    assert _tools() == {"hooks": []}


def test_the_rest_of_the_run_goes_on(in_tmp: Path, run_cli: Callable[..., Run]) -> None:
    """One target that gives no tool, one that does, one class of no tools: a warning each, and
    the tool of the second is written."""
    _write()
    run = run_cli(
        "scan", "hooks.py:register", "hooks.py:total", "hooks.py:Router", "-o", "tools.json"
    )
    assert run.status == 0
    assert run.stderr.splitlines() == [
        NAMED[0][2],
        "hooks.py:66: warning[TI102]: Router: the class gives no tools: route makes a "
        "decorator; session makes a context manager",
    ]
    assert (
        run.stdout.splitlines()[-1]
        == "diagnostics: 0 errors, 2 warnings (1 TI102, 1 TI150), 0 info"
    )
    assert _tools() == {"Router": [], "hooks": ["total"]}


def test_a_module_or_class_scan_leaves_them_out_without_a_word(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    """The file target gives ``total`` alone; ``Router``, a class of the file with no tool, is
    left out as every such class of a module is."""
    _write()
    run = run_cli("scan", "hooks.py", "-o", "tools.json")
    assert (run.status, run.stderr) == (0, "")
    assert run.stdout.splitlines()[-1] == "diagnostics: 0 errors, 0 warnings, 0 info"
    assert _tools() == {"hooks": ["total"]}


def test_a_module_whose_every_function_is_no_tool_says_it_gives_none(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    """As before: a file target that gives no tool at all is TI102, without naming each
    member (a module's members are many, and each is left out by design)."""
    Path("only.py").write_text(HOOKS.replace("def total(", "def _total("), encoding="utf-8")
    run = run_cli("scan", "only.py", "-o", "tools.json")
    assert run.status == 0
    assert run.stderr.splitlines() == [
        "warning[TI102]: target 'only.py': no class with public methods"
    ]


def test_a_class_of_a_standard_library_base_whose_methods_are_its_callbacks_says_so(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    """``run`` is what a ``Thread`` calls on the thread ``start`` made; ``Thread``'s own
    methods are the standard library's, not taken."""
    Path("worker.py").write_text(
        "import threading\n\n\nclass Worker(threading.Thread):\n    def run(self) -> None:\n"
        '        """Work."""\n',
        encoding="utf-8",
    )
    run = run_cli("scan", "worker.py:Worker", "-o", "tools.json")
    assert run.status == 0
    assert run.stderr.splitlines() == [
        "worker.py:4: warning[TI102]: Worker: the class gives no tools: run is a callback the "
        "standard library calls itself (the methods of threading.Thread, from an installed "
        "package or the standard library, are not taken; scan that class itself for them)"
    ]


def test_a_class_without_public_methods_says_so_as_before(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    Path("empty.py").write_text("class Empty:\n    def _hidden(self) -> None: ...\n")
    run = run_cli("scan", "empty.py:Empty", "-o", "tools.json")
    assert run.stderr.splitlines() == [
        "empty.py:1: warning[TI102]: Empty: no public methods: the class gives no tools"
    ]


def test_the_python_api_gives_the_same_diagnostics(in_tmp: Path) -> None:
    _write()
    expected = [
        Diagnostic(
            Level.WARNING,
            "target 'hooks.py:register' gives no tool: the function makes a decorator (its "
            "return hint says so: its work happens only when the decorator is applied to a "
            "function, which no model can write)",
            "hooks.py",
            9,
            "hooks.register",
            codes.NAMED_NO_TOOL,
        ),
        Diagnostic(
            Level.WARNING,
            "the class gives no tools: route makes a decorator; session makes a context manager",
            "hooks.py",
            66,
            "Router",
            codes.NO_PUBLIC_METHODS,
        ),
    ]
    targets = ["hooks.py:register", "hooks.py:total", "hooks.py:Router"]
    catalog, diagnostics = inspector.scan_catalog(targets)
    assert diagnostics == expected
    assert [tool.name for _, tool in catalog.tools()] == ["total"]
    assert pipeline.scan(targets)[1] == expected
    result = inspector.scan_targets(targets, output=None, classification_path=None)
    assert result.diagnostics == expected
    assert result.tools == 1


def test_a_toolbox_scans_a_module_and_a_class_as_their_targets_do(
    in_tmp: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A module given to a Toolbox leaves its functions that are no tools out without a word;
    a class given whose every method is no tool says which and why, as its target does."""
    _write()
    monkeypatch.syspath_prepend(str(in_tmp))
    hooks = importlib.import_module("hooks")
    toolbox = Toolbox([hooks])
    assert ([tool.name for tool in toolbox.tools], toolbox.diagnostics) == (["total"], [])
    toolbox = Toolbox([hooks.Router])
    assert toolbox.tools == []
    assert [str(d) for d in toolbox.diagnostics] == [
        "hooks.py:66: warning[TI102]: Router: the class gives no tools: route makes a "
        "decorator; session makes a context manager",
        "warning[TI305]: no tool is included: the tool list is empty",
    ]
