"""Names a module imports (or defines) only under ``if TYPE_CHECKING:``, imported on demand.

A module's source is read with ``ast`` once per scan process; a name is imported only when a
hint that mentions it cannot be evaluated otherwise.
"""

from __future__ import annotations

import ast
import contextlib
import importlib
import importlib.util
import inspect
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class _Import:
    """``import module`` (``attribute`` None) or ``from module import attribute``."""

    module: str
    attribute: str | None
    binds_top: bool = False
    """``import a.b`` binds ``a``."""


@dataclass(frozen=True, slots=True)
class _Alias:
    """``Name = expression`` written under ``if TYPE_CHECKING:``."""

    expression: ast.expr


_Entry = _Import | _Alias
_TABLES: dict[str, dict[str, _Entry]] = {}
_RESOLVING: set[tuple[str, str]] = set()


def type_checking_namespace(module_name: str, names: Iterable[str]) -> dict[str, object]:
    """Those of ``names`` that the module imports or defines under ``if TYPE_CHECKING:``,
    imported now; a name that cannot be imported is left out."""
    table = _table(module_name)
    found: dict[str, object] = {}
    for name in names:
        if name in table:
            with contextlib.suppress(Exception):  # the import may fail in any way
                found[name] = resolve_name(module_name, name)
    return found


def resolve_name(module_name: str, name: str) -> object:
    """A module-level name: the module's own attribute, else its ``TYPE_CHECKING`` entry."""
    module = importlib.import_module(module_name)
    if hasattr(module, name):
        return getattr(module, name)
    entry = _table(module_name).get(name)
    if entry is None or (module_name, name) in _RESOLVING:
        raise NameError(f"name {name!r} is not defined in {module_name}")
    _RESOLVING.add((module_name, name))
    try:
        if isinstance(entry, _Import):
            return _import(entry)
        namespace = {**vars(module), **_needed(module_name, entry.expression, vars(module))}
        code = compile(ast.Expression(entry.expression), f"<{module_name}>", "eval")
        return eval(code, namespace)
    finally:
        _RESOLVING.discard((module_name, name))


def names_in(source: str) -> set[str]:
    """The bare names an annotation string mentions (empty when it does not parse)."""
    try:
        tree = ast.parse(source, mode="eval")
    except SyntaxError:
        return set()
    return {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}


def _needed(module_name: str, expression: ast.expr, known: dict[str, object]) -> dict[str, object]:
    wanted = {n.id for n in ast.walk(expression) if isinstance(n, ast.Name)} - known.keys()
    return type_checking_namespace(module_name, wanted)


def _import(entry: _Import) -> object:
    module = importlib.import_module(entry.module)
    if entry.attribute is None:
        return sys.modules[entry.module.partition(".")[0]] if entry.binds_top else module
    if hasattr(module, entry.attribute):
        return getattr(module, entry.attribute)
    with contextlib.suppress(ImportError):
        return importlib.import_module(f"{entry.module}.{entry.attribute}")
    return resolve_name(entry.module, entry.attribute)


def _table(module_name: str) -> dict[str, _Entry]:
    """Name → what ``if TYPE_CHECKING:`` blocks of the module bind it to (cached)."""
    cached = _TABLES.get(module_name)
    if cached is not None:
        return cached
    table: dict[str, _Entry] = {}
    module = sys.modules.get(module_name)
    source = _source(module) if module is not None else None
    if source is not None and "TYPE_CHECKING" in source:
        try:
            tree = ast.parse(source)
        except (SyntaxError, ValueError):
            tree = ast.Module(body=[], type_ignores=[])
        package = getattr(module, "__package__", None) or ""
        for statement in _guarded(tree.body, guarded=False):
            table.update(_bindings(statement, package))
    _TABLES[module_name] = table
    return table


def _source(module: object) -> str | None:
    try:
        return inspect.getsource(module)  # type: ignore[arg-type]
    except (OSError, TypeError):
        return None


def _guarded(body: list[ast.stmt], *, guarded: bool) -> Iterator[ast.stmt]:
    """Statements under an ``if TYPE_CHECKING:`` (also nested in ``try`` and other ``if``)."""
    for statement in body:
        if isinstance(statement, ast.If):
            inside = guarded or _is_type_checking(statement.test)
            yield from _guarded(statement.body, guarded=inside)
            yield from _guarded(statement.orelse, guarded=guarded)
        elif isinstance(statement, ast.Try):
            for block in (statement.body, statement.orelse, statement.finalbody):
                yield from _guarded(block, guarded=guarded)
            for handler in statement.handlers:
                yield from _guarded(handler.body, guarded=guarded)
        elif guarded:
            yield statement


def _is_type_checking(test: ast.expr) -> bool:
    if isinstance(test, ast.Name):
        return test.id == "TYPE_CHECKING"
    if isinstance(test, ast.Attribute):
        return test.attr == "TYPE_CHECKING"
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.Or):
        return any(_is_type_checking(value) for value in test.values)
    return False


def _bindings(statement: ast.stmt, package: str) -> Iterator[tuple[str, _Entry]]:
    if isinstance(statement, ast.Import):
        for alias in statement.names:
            if alias.asname:
                yield alias.asname, _Import(alias.name, None)
            else:
                yield alias.name.partition(".")[0], _Import(alias.name, None, binds_top=True)
    elif isinstance(statement, ast.ImportFrom):
        base = "." * statement.level + (statement.module or "")
        try:
            module = importlib.util.resolve_name(base, package) if statement.level else base
        except (ImportError, ValueError):
            return
        for alias in statement.names:
            if alias.name != "*":
                yield alias.asname or alias.name, _Import(module, alias.name)
    elif isinstance(statement, ast.Assign) and len(statement.targets) == 1:
        target = statement.targets[0]
        if isinstance(target, ast.Name):
            yield target.id, _Alias(statement.value)
    elif (
        isinstance(statement, ast.AnnAssign)
        and isinstance(statement.target, ast.Name)
        and statement.value is not None
    ):
        yield statement.target.id, _Alias(statement.value)
