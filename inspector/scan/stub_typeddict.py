"""A TypedDict that only a stub defines, made at run time from its fields: lmdb's
``Environment.stat() -> _StatDict`` and ``info() -> _InfoDict`` (``@type_check_only`` classes of
``lmdb/__init__.pyi``) read as objects with their keys, where a stand-in had no JSON form."""

from __future__ import annotations

import ast
import sys
import typing
from collections.abc import Callable

from inspector.typetable.structures import is_typeddict


def stub_typeddict(
    node: ast.ClassDef,
    module: str,
    evaluate: Callable[[ast.expr], object],
    body: Callable[[], list[ast.stmt]],
) -> type | None:
    """The TypedDict a stub class defines, its field hints evaluated by ``evaluate`` (in the
    stub's namespace); None for any other class, or one whose bases or fields do not evaluate.

    Args:
        node: The class (its header: name, bases, keywords).
        module: The module the stub is of: the made class's ``__module__``.
        evaluate: Evaluates an expression of the stub, its names looked up there.
        body: The class's statements, asked for only once its bases make it a TypedDict (an
            outlined class's body is parsed then).
    """
    total = True
    for keyword in node.keywords:
        value = keyword.value
        if keyword.arg != "total" or not isinstance(value, ast.Constant):
            return None
        if not isinstance(value.value, bool):
            return None
        total = value.value
    if not node.bases:
        return None
    fields: dict[str, object] = {}
    try:
        for base in node.bases:
            parent = evaluate(base)
            if _is_typeddict_base(parent):
                continue
            if not is_typeddict(parent):
                return None
            fields.update(_fields_of(parent))
        for statement in body():
            if isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name):
                hint = evaluate(statement.annotation)
                marked = typing.get_origin(hint) in (typing.Required, typing.NotRequired)
                fields[statement.target.id] = hint if total or marked else typing.NotRequired[hint]
            elif not _says_nothing(statement):
                return None  # a TypedDict has only fields: something else is another class
        made: type = typing.TypedDict(node.name, fields)  # type: ignore[misc]
    except Exception:  # a name the stub alone cannot give, a hint that is no type
        return None
    made.__module__ = module
    return made


def _fields_of(parent: object) -> dict[str, object]:
    """A TypedDict's fields, each marked required or not as the parent says."""
    hints = typing.get_type_hints(parent, include_extras=True)
    optional: frozenset[str] = getattr(parent, "__optional_keys__", frozenset())
    return {
        name: typing.NotRequired[hint] if name in optional else typing.Required[hint]
        for name, hint in hints.items()
    }


def _is_typeddict_base(base: object) -> bool:
    """``TypedDict`` itself, of ``typing`` or of ``typing_extensions`` (if imported: a stub
    that names it made its import)."""
    extensions = sys.modules.get("typing_extensions")
    return base is typing.TypedDict or (
        extensions is not None and base is getattr(extensions, "TypedDict", None)
    )


def _says_nothing(statement: ast.stmt) -> bool:
    """``...``, ``pass`` or a docstring."""
    if isinstance(statement, ast.Pass):
        return True
    return isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant)
