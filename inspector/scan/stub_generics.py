"""The type parameters a stub's generic base takes from the classes built on it.

A class generic only in its stub (typeshed's ``class _BaseNetwork(_IPNetworkBase,
Generic[_A])``, with ``class IPv4Network(_BaseV4, _BaseNetwork[IPv4Address])``) types its
methods with the stub's TypeVars; read for a subclass, they are the types the subclass's stub
gives them, as a type checker reads them (``IPv4Network.hosts()`` yields ``IPv4Address``).
"""

from __future__ import annotations

import ast
import typing

from inspector.scan.aliases import map_parts
from inspector.scan.stubsource import StubFinder, StubNamespace, base_name

_FOUND = tuple[ast.ClassDef, StubNamespace]
_DECLARING = frozenset({"Generic", "Protocol"})
"""The bases that declare a class's type parameters in their order (``Generic[_K, _V]``)."""


def stub_typevar_bindings(stubs: StubFinder, receiver: type, owner: type) -> dict[object, object]:
    """The types ``receiver``'s stub gives the type parameters of ``owner``'s stub class,
    through every class between them; none when either has no stub class or no path from one
    to the other binds them. A parameter passed on unfixed is the TypeVar it is passed as."""
    try:
        found = stubs.class_definition(receiver)
    except Exception:  # a stub file may hold anything: no bindings then
        return {}
    if found is None or not isinstance(found[0], ast.ClassDef):
        return {}
    return _walk(stubs, (found[0], found[1]), owner, {}, set()) or {}


def _walk(
    stubs: StubFinder,
    found: _FOUND,
    owner: type,
    given: dict[object, object],
    seen: set[tuple[str, str]],
) -> dict[object, object] | None:
    node, namespace = found
    if _is(namespace, node.name, owner):
        return given
    seen.add((namespace.module, node.name))
    for written in node.bases:
        name = base_name(written)
        if name is None or name in _DECLARING:
            continue
        try:
            base = stubs.definition(namespace.module, name)
        except Exception:  # a stub file may hold anything: this base binds nothing
            continue
        if base is None or not isinstance(base[0], ast.ClassDef):
            continue
        if (base[1].module, base[0].name) in seen:
            continue
        passed = _passed((base[0], base[1]), written, namespace, given)
        result = _walk(stubs, (base[0], base[1]), owner, passed, seen)
        if result is not None:
            return result
    return None


def _is(namespace: StubNamespace, name: str, owner: type) -> bool:
    """Whether the stub's class ``name`` is the run-time class ``owner``."""
    try:
        return namespace[name] is owner
    except Exception:  # a name it cannot evaluate is no class of ours
        return False


def _passed(
    base: _FOUND, written: ast.expr, namespace: StubNamespace, given: dict[object, object]
) -> dict[object, object]:
    """The base's type parameters → what ``written`` (``Base[X, Y]``, read in ``namespace``)
    passes them, each of the subclass's own parameters in it read as ``given`` binds it."""
    if not isinstance(written, ast.Subscript):
        return {}
    inner = written.slice
    expressions = inner.elts if isinstance(inner, ast.Tuple) else [inner]
    try:
        parameters = _type_parameters(*base)
        arguments = [namespace.evaluated(expression) for expression in expressions]
    except Exception:  # any expression may fail: this base binds nothing
        return {}
    if len(parameters) != len(arguments):
        return {}
    return {
        parameter: map_parts(argument, lambda part, _: given.get(part, part))
        for parameter, argument in zip(parameters, arguments, strict=True)
    }


def _type_parameters(node: ast.ClassDef, namespace: StubNamespace) -> list[typing.TypeVar]:
    """A stub class's type parameters in order: those ``Generic[...]`` or ``Protocol[...]``
    lists, else every TypeVar its bases' arguments hold, in the order they appear (PEP 484);
    empty when one is no plain TypeVar (a ``ParamSpec`` takes a list)."""
    declared = [
        base
        for base in node.bases
        if isinstance(base, ast.Subscript) and base_name(base) in _DECLARING
    ]
    expressions = (
        [declared[0].slice]
        if declared
        else [base.slice for base in node.bases if isinstance(base, ast.Subscript)]
    )
    names = [part for e in expressions for part in ast.walk(e) if isinstance(part, ast.Name)]
    names.sort(key=lambda name: (name.lineno, name.col_offset))  # as written, left to right
    found: list[typing.TypeVar] = []
    for name in names:
        value = namespace.evaluated(name)
        if isinstance(value, typing.ParamSpec | typing.TypeVarTuple):
            return []
        if type(value) is typing.TypeVar and value not in found:
            found.append(value)
    return found
