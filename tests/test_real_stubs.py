"""Stubs as clean as the code that wrote them: the stubs of real classes (pandas, kubernetes,
slack_sdk, numpy, requests and the standard library) are exactly what ``ruff format`` writes,
pass ``ruff check`` with the flake8-pyi rules (PYI041 ``int | float``, PYI051 ``Literal["r"] |
str``), and scan back to the schemas they were written from."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from inspector.catalog import Catalog
from inspector.files.tools_json import to_json
from inspector.scan.scanner import scan
from inspector.stubs.module import build_module, render_stubs

TARGETS = {
    "pandas:DataFrame": "DataFrame",  # int | float in 136 parameters
    "numpy:ndarray": "Ndarray",  # Literal[False, 0] | int
    "pathlib:Path": "Path",  # open()'s Literal modes beside str
    "requests:Session": "Session",  # long recursive aliases, unions of long subscripts
    "kubernetes.client:CoreV1Api": "CoreV1Api",  # 21,000 lines
    "slack_sdk:WebClient": "WebClient",
}
RULES = "E4,E7,E9,F,PYI"
"""ruff's default rules and flake8-pyi's."""


def _ruff() -> str:
    ruff = shutil.which("ruff", path=str(Path(sys.executable).parent))
    assert ruff, "ruff is not installed (the test extra installs it)"
    return ruff


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, Catalog]]:
    """Each target's stubs, written into one directory, and the catalog they came from."""
    directory = tmp_path_factory.mktemp("real_stubs")
    found = {}
    for index, target in enumerate(TARGETS):
        catalog, _ = scan([target])
        module, _ = build_module(catalog, "tools.json")
        path = directory / f"stubs_{index}.py"
        path.write_text(render_stubs(module, []), encoding="utf-8")
        found[target] = (path, catalog)
    return found


def test_real_stubs_are_what_ruff_format_writes_and_pass_ruff_check(
    written: dict[str, tuple[Path, Catalog]],
) -> None:
    files = [str(path) for path, _ in written.values()]
    for command in (
        [_ruff(), "format", "--isolated", "--check", *files],
        [_ruff(), "check", "--isolated", "--select", RULES, *files],
    ):
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        assert done.returncode == 0, done.stdout + done.stderr


# pandas has no such parameter since ``int | float`` is one number: it is not among them
@pytest.mark.parametrize("target", ["numpy:ndarray", "pathlib:Path"])
def test_what_keeps_ruff_quiet_scans_back_to_the_same_schemas(
    target: str, written: dict[str, tuple[Path, Catalog]]
) -> None:
    """Every parameter whose annotation holds ``Schema({})`` (what keeps ``int | float`` and
    ``Literal["r"] | str`` apart for ruff) gives back its schema exactly."""
    path, catalog = written[target]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    renamed: dict[str, str] = next(  # open_ in the stubs is the tool "open"
        (
            ast.literal_eval(node.value)
            for node in ast.walk(tree)
            if isinstance(node, ast.AnnAssign)
            and isinstance(node.target, ast.Name)
            and node.target.id == "__tool_names__"
            and node.value is not None
        ),
        {},
    )
    marked = {
        (renamed.get(function.name, function.name), argument.arg)
        for function in ast.walk(tree)
        if isinstance(function, ast.FunctionDef)
        for argument in (*function.args.args, *function.args.kwonlyargs)
        if argument.annotation is not None and "Schema({})" in ast.unparse(argument.annotation)
    }
    assert len(marked) >= 2
    back, _ = scan([f"{path}:{TARGETS[target]}"])
    returned = {tool.name: tool.parameters_schema() for _, tool in back.tools()}
    original = {tool.name: tool.parameters_schema() for _, tool in catalog.tools()}
    for tool, name in marked:
        expected = original[tool]["properties"][name]
        assert returned[tool]["properties"][name] == expected, (tool, name)
    assert to_json(back)["classes"]


def test_an_inexact_stub_is_reported_at_its_method() -> None:
    from inspector.catalog import CatalogClass
    from inspector.model import ToolDescriptor

    tool = ToolDescriptor(
        name="Ledger_add",  # the provider-facing name, renamed for a clash
        description="Add.\n\nArgs:\n    amount: a section\n\n:param amount: a field",
        class_name="Ledger",
        method_name="add",
        location="books.py:12",
    )
    catalog = Catalog((CatalogClass("books.Ledger", "books.py:Ledger", (tool,)),))
    _, diagnostics = build_module(catalog, "tools.json")
    assert [str(d) for d in diagnostics] == [
        "books.py:12: warning[TI601]: Ledger.add: its description cannot be carried by a "
        "docstring exactly"
    ]
