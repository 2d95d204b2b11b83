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
import types
import typing
from collections.abc import Callable, Iterable, Iterator
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


@dataclass(frozen=True, slots=True)
class _Class:
    """A class written under ``if TYPE_CHECKING:`` made only of annotated fields (a TypedDict,
    a Protocol of attributes): built on demand with its annotations evaluated."""

    definition: ast.ClassDef


_Entry = _Import | _Alias | _Class
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
        if isinstance(entry, _Class):
            return _build_class(module_name, entry.definition, vars(module))
        if not is_type_expression(entry.expression):
            raise NameError(f"{module_name}.{name} is not a plain type expression")
        namespace = {**vars(module), **_needed(module_name, entry.expression, vars(module))}
        code = compile(ast.Expression(entry.expression), f"<{module_name}>", "eval")
        return _evaluated(module_name, eval(code, namespace), namespace)
    finally:
        _RESOLVING.discard((module_name, name))


_TYPE_NODES = (
    ast.Expression,
    ast.Name,
    ast.Attribute,
    ast.Subscript,
    ast.Tuple,
    ast.List,
    ast.BinOp,
    ast.BitOr,
    ast.Constant,
    ast.Load,
    ast.keyword,
    ast.UnaryOp,
    ast.USub,
)
_TYPE_FACTORIES = frozenset({"TypeVar", "ParamSpec", "TypeVarTuple", "NewType", "TypeAliasType"})


def is_type_expression(node: ast.AST) -> bool:
    """Whether an expression only names, subscripts, unions and literals types (and calls
    ``TypeVar``-like factories): safe to evaluate, since it runs no code of its own."""
    for child in ast.walk(node):
        if isinstance(child, ast.Call):
            function = child.func
            name = function.attr if isinstance(function, ast.Attribute) else None
            name = function.id if isinstance(function, ast.Name) else name
            if name not in _TYPE_FACTORIES:
                return False
        elif not isinstance(child, _TYPE_NODES):
            return False
    return True


def names_in(source: str) -> set[str]:
    """The bare names an annotation string mentions (empty when it does not parse)."""
    try:
        tree = ast.parse(source, mode="eval")
    except SyntaxError:
        return set()
    return {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}


def _build_class(module_name: str, definition: ast.ClassDef, known: dict[str, object]) -> object:
    """Run a declarative class definition (checked by ``_is_declarative``) in the module's
    names plus the ``TYPE_CHECKING`` names it uses; annotations are evaluated eagerly."""
    namespace = {**known, **_needed(module_name, definition, known)}
    module = ast.Module(body=[definition], type_ignores=[])
    code = compile(module, f"<{module_name}>", "exec", dont_inherit=True)  # eager annotations
    exec(code, namespace)
    built = namespace[definition.name]
    annotations = vars(built).get("__annotations__")
    if isinstance(annotations, dict):  # forward references inside aliases
        for field, hint in annotations.items():
            annotations[field] = _evaluated(module_name, hint, namespace)
    return built


def _evaluated(module_name: str, hint: object, namespace: dict[str, object]) -> object:
    """A hint with its forward references evaluated, importing ``TYPE_CHECKING`` names as
    they turn out to be needed; one left over (a recursive alias) becomes ``Any``. The hint
    is kept as it is when evaluation fails."""
    holder = types.SimpleNamespace(__annotations__={"hint": hint})
    for _ in range(_RETRIES):
        try:
            value = typing.get_type_hints(holder, namespace, include_extras=True)["hint"]
            return substitute(value, lambda h: isinstance(h, typing.ForwardRef), typing.Any)
        except NameError as error:
            found = type_checking_namespace(module_name, {error.name} if error.name else set())
            if not found:
                break
            namespace.update(found)
        except Exception:  # any expression may fail: keep the hint unevaluated
            break
    return hint


_RETRIES = 8


def _is_declarative(definition: ast.ClassDef) -> bool:
    """Bases, keywords and field annotations are plain type expressions; the body holds only
    annotated names without values, docstrings and ``...``/``pass``."""
    if definition.decorator_list or not all(map(is_type_expression, definition.bases)):
        return False
    if not all(is_type_expression(k.value) for k in definition.keywords):
        return False
    for statement in definition.body:
        if isinstance(statement, ast.AnnAssign):
            if statement.value is not None or not is_type_expression(statement.annotation):
                return False
        elif not isinstance(statement, ast.Pass) and not (
            isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant)
        ):
            return False
    return True


def substitute(hint: object, match: Callable[[object], bool], replacement: object) -> object:
    """The hint with every part that ``match``es replaced, at any depth."""
    if match(hint):
        return replacement
    args = typing.get_args(hint)
    if not args or isinstance(hint, typing.ForwardRef):
        return hint
    replaced = tuple(substitute(arg, match, replacement) for arg in args)
    if all(new is old for new, old in zip(replaced, args, strict=True)):
        return hint
    origin = typing.get_origin(hint)
    if origin is typing.Annotated:
        return typing.Annotated[(replaced[0], *hint.__metadata__)]  # type: ignore[attr-defined]
    if origin is typing.Union or origin is types.UnionType:
        return typing.Union[replaced]  # noqa: UP007
    if isinstance(hint, types.GenericAlias) and origin is not None:
        return types.GenericAlias(origin, replaced)
    copy_with = getattr(hint, "copy_with", None)
    return copy_with(replaced) if callable(copy_with) else hint


def _needed(module_name: str, expression: ast.AST, known: dict[str, object]) -> dict[str, object]:
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
    elif isinstance(statement, ast.ClassDef) and _is_declarative(statement):
        yield statement.name, _Class(statement)
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
