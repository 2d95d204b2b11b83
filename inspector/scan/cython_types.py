"""Cython's pure-Python mode types as the Python types they stand for.

A module written in Cython's pure-Python mode annotates with Cython's C types: pyzmq's
``Socket.set(option: C.int, ...)`` after ``import cython as C``, ``recv(copy: bint = True)``
after ``from cython import bint``. Cython is a build-time dependency: in the compiled module
those names are bound to nothing (and ``cython`` is usually not installed), so each such hint
was unresolved (TI105) and the parameter took any value. Read from the module's source, the
names that bind ``cython`` are given their Python types here: the integer types are ``int``,
the floating ones ``float``, ``bint`` is ``bool``; a pointer or another C type stays
unresolved.
"""

from __future__ import annotations

import ast
import types
from collections.abc import Iterator

_INTEGERS = (
    "char", "schar", "uchar", "short", "sshort", "ushort", "int", "sint", "uint", "long",
    "slong", "ulong", "longlong", "slonglong", "ulonglong", "Py_ssize_t", "size_t",
    "ssize_t", "Py_hash_t", "ptrdiff_t",
)  # fmt: skip
_FLOATS = ("float", "double", "longdouble")
PYTHON_TYPES: dict[str, type] = {
    **dict.fromkeys(_INTEGERS, int),
    **dict.fromkeys(_FLOATS, float),
    "bint": bool,
}
"""Cython's C type names (attributes of its ``cython`` module) → the Python type a call
passes for them."""

_CYTHON = types.SimpleNamespace(**PYTHON_TYPES)
"""``cython`` as a hint reads it: ``cython.int`` is ``int``."""


def cython_names(source: str) -> dict[str, object]:
    """The names the module's imports of ``cython`` bind, as hints read them: ``import cython
    [as C]`` binds the module (``C.int``), ``from cython import bint [as b]`` the type.

    Args:
        source: The module's source (the ``.py`` a compiled module was built from).

    Returns:
        Name → what it stands for in a hint; empty when the source does not import
        ``cython``. A name of no C type this module knows (``p_char``, ``cast``) is left out.
    """
    if "cython" not in source:
        return {}
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return {}
    found: dict[str, object] = {}
    for statement in _imports(tree.body):
        if isinstance(statement, ast.Import):
            for alias in statement.names:
                if alias.name == "cython":
                    found[alias.asname or alias.name] = _CYTHON
        elif statement.module == "cython" and not statement.level:
            for alias in statement.names:
                if alias.name in PYTHON_TYPES:
                    found[alias.asname or alias.name] = PYTHON_TYPES[alias.name]
    return found


def _imports(body: list[ast.stmt]) -> Iterator[ast.Import | ast.ImportFrom]:
    """The module-level imports, also inside ``if`` and ``try`` blocks."""
    for statement in body:
        if isinstance(statement, ast.Import | ast.ImportFrom):
            yield statement
        elif isinstance(statement, ast.If):
            yield from _imports(statement.body)
            yield from _imports(statement.orelse)
        elif isinstance(statement, ast.Try):
            for block in (statement.body, statement.orelse, statement.finalbody):
                yield from _imports(block)
            for handler in statement.handlers:
                yield from _imports(handler.body)
