"""The package's shape: no import cycles, lower layers never import upper ones, and large
units named with a reason.

Every ``import`` in every module of ``inspector/`` counts, wherever it stands: at the top, inside
a function (lazy imports) or under ``if TYPE_CHECKING:``.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import ROOT

PACKAGE = ROOT / "inspector"

# Bottom to top. A module may import its own layer and the ones below it, never one above.
LAYERS: tuple[frozenset[str], ...] = (
    frozenset({"codes", "diagnostics", "model", "sharing", "catalog", "typetable"}),
    frozenset({"scan", "files"}),
    frozenset({"providers"}),
    frozenset({"render"}),
    frozenset({"stubs"}),
    frozenset({"project"}),
    frozenset({"runtime"}),
    frozenset({"api", "cli", "__init__", "__main__"}),
)

# Modules are cut by concept, not by a count: a module over LARGE_MODULE lines or a function over
# LARGE_FUNCTION is fine when it is one concept, and says so here, keyed "inspector/x.py" or
# "inspector/x.py:function", with a one-line reason. A split made only to get under a number
# is worse than a long module a newcomer can predict.
LARGE_MODULE = 800
LARGE_FUNCTION = 100
LARGE: dict[str, str] = {
    "inspector/cli/serve.py:add_serve": "one argparse declaration per serve option, in --help "
    "order",
    "inspector/model.py": "the neutral model and how it writes itself as JSON Schema, named "
    "types written once (shared $defs) included",
    "inspector/scan/doc_types.py": "docstring type phrases read into hints: one reader, its "
    "vocabulary of words and its name resolution",
    "inspector/scan/stubsource.py": "stub files found and read for one scan: the lookup from a "
    "run-time method to its stub's definition, the names it is evaluated in, and the "
    "signature (and @deprecated) that definition gives",
    "inspector/runtime/toolbox.py": "the Toolbox, the public runtime class: its constructors, "
    "definitions, calls and handling, each documented for the API reference; what it runs is "
    "in binding, call_reading, host, running and results",
}


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def all_modules() -> dict[str, Path]:
    return {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


MODULES = all_modules()


def layer_of(module: str) -> int:
    """The layer index of ``inspector.<part>...`` (``inspector`` itself is ``__init__``)."""
    part = module.split(".")[1] if "." in module else "__init__"
    for index, members in enumerate(LAYERS):
        if part in members:
            return index
    raise AssertionError(f"inspector.{part} is in no layer: add it to LAYERS in {__file__}")


def imported_modules(module: str, path: Path) -> Iterator[str]:
    """The ``inspector`` modules that ``module`` imports, anywhere in its source."""
    is_package = path.name == "__init__.py"
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "inspector":
                    yield alias.name
        elif isinstance(node, ast.ImportFrom):
            base = resolve_from(module, is_package, node.module, node.level)
            if base.split(".")[0] != "inspector":
                continue
            for alias in node.names:
                submodule = f"{base}.{alias.name}"
                yield submodule if submodule in MODULES else base


def resolve_from(module: str, is_package: bool, target: str | None, level: int) -> str:
    if level == 0:
        return target or ""
    parts = module.split(".")
    anchor = parts if is_package else parts[:-1]
    anchor = anchor[: len(anchor) - (level - 1)]
    return ".".join([*anchor, target] if target else anchor)


def import_graph() -> dict[str, set[str]]:
    return {
        module: {name for name in imported_modules(module, path) if name != module}
        for module, path in MODULES.items()
    }


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle as a list of modules (first == last), or None."""
    done: set[str] = set()
    stack: list[str] = []
    on_stack: set[str] = set()

    def visit(module: str) -> list[str] | None:
        stack.append(module)
        on_stack.add(module)
        for target in sorted(graph.get(module, ())):
            if target in on_stack:
                return [*stack[stack.index(target) :], target]
            if target not in done and (cycle := visit(target)):
                return cycle
        stack.pop()
        on_stack.discard(module)
        done.add(module)
        return None

    for module in sorted(graph):
        if module not in done and (cycle := visit(module)):
            return cycle
    return None


def test_every_module_is_in_a_layer() -> None:
    assert len(MODULES) > 40
    for module in MODULES:
        layer_of(module)


def test_no_import_cycles() -> None:
    cycle = find_cycle(import_graph())
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_lower_layers_never_import_upper_ones() -> None:
    upward = sorted(
        f"{module} (layer {layer_of(module)}) imports {target} (layer {layer_of(target)})"
        for module, targets in import_graph().items()
        for target in targets
        if layer_of(target) > layer_of(module)
    )
    assert upward == []


def large_units(path: Path, source: str) -> dict[str, int]:
    """The module (``path``) when over LARGE_MODULE lines, and its functions (``path:name``)
    over LARGE_FUNCTION, with their line counts."""
    found: dict[str, int] = {}
    if (count := len(source.splitlines())) > LARGE_MODULE:
        found[str(path)] = count
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            count = (node.end_lineno or node.lineno) - node.lineno + 1
            if count > LARGE_FUNCTION:
                found[f"{path}:{node.name}"] = count
    return found


def test_every_large_module_and_function_is_named_with_a_reason() -> None:
    found: dict[str, int] = {}
    for path in MODULES.values():
        relative = path.relative_to(ROOT).as_posix()
        found |= large_units(Path(relative), path.read_text(encoding="utf-8"))
    unlisted = {unit: count for unit, count in found.items() if unit not in LARGE}
    assert unlisted == {}, "name them in LARGE with a reason, or cut them where a concept ends"
    assert sorted(unit for unit in LARGE if unit not in found) == [], "no longer large: unlist"
    assert all(reason.strip() for reason in LARGE.values())


# The checks above must be able to fail: each helper is tried on a small case it must catch.


def test_large_units_are_found() -> None:
    short_function = "def f():\n    return 1\n"
    long_function = "def g():\n" + "    x = 1\n" * LARGE_FUNCTION
    assert large_units(Path("m.py"), short_function) == {}
    assert large_units(Path("m.py"), long_function) == {"m.py:g": LARGE_FUNCTION + 1}
    long_module = short_function + "\n" * LARGE_MODULE
    assert large_units(Path("m.py"), long_module) == {"m.py": LARGE_MODULE + 2}


def test_find_cycle_finds_a_cycle_and_accepts_a_tree() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) is None


@pytest.mark.parametrize(
    ("module", "is_package", "target", "level", "expected"),
    [
        ("inspector.scan.hints", False, "model", 2, "inspector.model"),
        ("inspector.scan.hints", False, "docstrings", 1, "inspector.scan.docstrings"),
        ("inspector.scan", True, "hints", 1, "inspector.scan.hints"),
        ("inspector.scan.hints", False, None, 1, "inspector.scan"),
        ("inspector.api", False, "inspector.model", 0, "inspector.model"),
    ],
)
def test_relative_imports_resolve(
    module: str, is_package: bool, target: str | None, level: int, expected: str
) -> None:
    assert resolve_from(module, is_package, target, level) == expected


def test_imports_under_type_checking_and_in_functions_count(tmp_path: Path) -> None:
    source = tmp_path / "probe.py"
    source.write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from inspector.runtime import toolbox\n"
        "def lazy():\n"
        "    import inspector.cli.main\n"
        "    from inspector.model import ToolDescriptor\n"
    )
    found = set(imported_modules("inspector.model", source))
    assert found == {"inspector.runtime.toolbox", "inspector.cli.main", "inspector.model"}
    assert layer_of("inspector.runtime.toolbox") > layer_of("inspector.model")
    assert layer_of("inspector") == layer_of("inspector.cli.main")
