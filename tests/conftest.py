"""Shared helpers: inspect a class defined in a test, run the command line in-process."""

from __future__ import annotations

import importlib
import io
import os
import sys
import textwrap
import typing
from collections.abc import Callable, Iterator
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import settings

from inspector.cli.main import main
from inspector.diagnostics import Diagnostic, stable_repr
from inspector.model import ToolDescriptor
from inspector.render.compiled import CompiledTemplates
from inspector.scan.docstrings import DocstringStyle
from inspector.scan.methods import MethodBuilder
from inspector.scan.targets import ClassInfo, iter_methods

settings.register_profile("project", deadline=None, derandomize=True)
settings.register_profile("explore", deadline=None, max_examples=500)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "project"))
"""No per-example deadline: a first example that imports an SDK, or a busy 2-core CI machine,
must not turn a correct property into a flaky failure. The same examples in every run
(``derandomize``): a commit's ``make test`` gives the same verdict in CI and in a fresh clone;
``HYPOTHESIS_PROFILE=explore`` draws new examples (500 a test, unless it sets its own
``max_examples``), to look for bugs."""

COMPILED = CompiledTemplates()
"""The built-in templates compiled once for every render of the run that passes it in its
``RenderOptions``: a property test renders the same templates for each example, and compiling
them was 40 % of ``test_every_note_is_in_the_description_it_names``. Jinja compares a template's
source with the one its code was made from, so a user template is compiled anew."""

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = Path(__file__).resolve().parent / "golden"


def inspect_class(
    cls: type, style: DocstringStyle = DocstringStyle.AUTO
) -> tuple[dict[str, ToolDescriptor], list[Diagnostic]]:
    """Every tool of a class by method name, and the diagnostics."""
    builder = MethodBuilder(style)
    tools: dict[str, ToolDescriptor] = {}
    diagnostics: list[Diagnostic] = []
    for method in iter_methods(ClassInfo(cls, cls.__name__, "test.py")):
        tool, notes = builder.build(method)
        diagnostics += notes
        if isinstance(tool, ToolDescriptor):  # not one that makes a decorator
            tools[tool.name] = tool
    return tools, diagnostics


def stable_id(value: object) -> str:
    """A test id from ``repr`` without memory addresses and with set elements sorted, so that
    every process (each of pytest-xdist's workers) collects the same tests."""
    return stable_repr(value)


def messages(diagnostics: list[Diagnostic]) -> list[str]:
    """Diagnostics as ``level: subject: message`` (no path), for exact comparisons."""
    return [f"{d.level.value}: {d.subject}: {d.message}" for d in diagnostics]


@dataclass
class Run:
    """The outcome of one command line run."""

    status: int
    stdout: str
    stderr: str


@pytest.fixture
def run_cli() -> Callable[..., Run]:
    """Run ``toolsinspector`` in this process and capture its output."""

    def run(*args: str) -> Run:
        out, err = io.StringIO(), io.StringIO()
        with redirect_stdout(out), redirect_stderr(err):
            status = main(list(args))
        return Run(status, out.getvalue(), err.getvalue())

    return run


@pytest.fixture
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Work in a temporary directory; modules imported from it are forgotten afterwards."""
    monkeypatch.chdir(tmp_path)
    before = set(sys.modules)
    yield tmp_path  # type: ignore[misc]
    for name in set(sys.modules) - before:
        module = sys.modules[name]
        if str(getattr(module, "__file__", "") or "").startswith(str(tmp_path)):
            del sys.modules[name]


@pytest.fixture
def modules(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[..., None]]:
    """Write modules (name → source) into a fresh directory on ``sys.path``."""
    monkeypatch.syspath_prepend(str(tmp_path))
    written: list[str] = []

    def write(**sources: str) -> None:
        for name, source in sources.items():
            path = tmp_path / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(textwrap.dedent(source), encoding="utf-8")
            written.append(name.split("/")[0].split(".")[0].removesuffix("-stubs"))
        importlib.invalidate_caches()

    yield write
    for name in written:
        for loaded in [m for m in sys.modules if m == name or m.startswith(f"{name}.")]:
            del sys.modules[loaded]


def load(name: str) -> typing.Any:
    """A module written by ``modules``, imported."""
    return importlib.import_module(name)


def inlined(schema: object) -> object:
    """The schema with each local ``$ref`` to a non-recursive definition written out where it
    is used (its siblings kept), and ``$defs`` keeping only what is still referred to: tests
    that state a shape inline compare with this, whatever the writer shares under ``$defs``."""
    if not isinstance(schema, dict):
        return schema
    definitions = dict(schema.get("$defs", {}))

    def expand(node: object, active: frozenset[str]) -> object:
        if isinstance(node, list):
            return [expand(item, active) for item in node]
        if not isinstance(node, dict):
            return node
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/$defs/"):
            name = ref.removeprefix("#/$defs/")
            if name in definitions and name not in active:
                body = expand(definitions[name], active | {name})
                if not _refers_to(body, name):
                    siblings = {k: expand(v, active) for k, v in node.items() if k != "$ref"}
                    assert isinstance(body, dict)
                    return {**body, **siblings}
        return {k: expand(v, active) for k, v in node.items() if k != "$defs"}

    result = expand(schema, frozenset())
    assert isinstance(result, dict)
    kept = {n: expand(d, frozenset({n})) for n, d in definitions.items() if _refers_to(result, n)}
    if kept:
        result["$defs"] = kept
    return result


def _refers_to(node: object, name: str) -> bool:
    if isinstance(node, dict):
        return node.get("$ref") == f"#/$defs/{name}" or any(
            _refers_to(v, name) for v in node.values()
        )
    if isinstance(node, list):
        return any(_refers_to(v, name) for v in node)
    return False
