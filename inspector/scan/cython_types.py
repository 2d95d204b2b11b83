"""Cython's pure-Python mode types as the Python types they stand for.

A module written in Cython's pure-Python mode annotates with Cython's C types: pyzmq's
``Socket.set(option: C.int, ...)`` after ``import cython as C``, ``recv(copy: bint = True)``
after ``from cython import bint``. Cython is a build-time dependency: in the compiled module
those names are bound to nothing (and ``cython`` is usually not installed), so each such hint
was unresolved (TI105) and the parameter took any value. Read from the module's source, the
names that bind ``cython`` (``typecheck_names`` reads them) are given their Python types
here: the integer types are ``int``, the floating ones ``float``, ``bint`` is ``bool``; a
pointer or another C type stays unresolved.
"""

from __future__ import annotations

import types

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

CYTHON = types.SimpleNamespace(**PYTHON_TYPES)
"""``cython`` as a hint reads it: ``cython.int`` is ``int``."""
