"""A stub's hints evaluated where run-time classes differ from the stub's: a class generic in
the stub only (typeshed's ``Policy[Any]``) is read without its type arguments."""

from __future__ import annotations

import ast
import typing
from collections.abc import Callable

from inspector.scan.stubsource import StubNamespace, StubSignature

_R = typing.TypeVar("_R")


def resolve_stub_hint(
    resolve: Callable[[str, dict[str, object], type, StubNamespace], _R],
    text: str,
    owner: type,
    stub: StubSignature,
) -> _R:
    """A stub's hint resolved in its namespace; on a ``TypeError``, again without the type
    arguments of run-time classes that take none (typeshed's ``Policy[Any]``:
    ``email.policy.Policy`` is not generic at run time), if the hint has any."""
    namespace = stub.namespace
    try:
        return resolve(text, namespace.globals, owner, namespace)
    except TypeError:
        try:
            tree = ast.parse(text, mode="eval")
        except SyntaxError:
            raise
        stripped = _PlainSubscripts(namespace)
        plain = stripped.visit(tree)
        if not stripped.changed:
            raise
        return resolve(ast.unparse(plain), namespace.globals, owner, namespace)


class _PlainSubscripts(ast.NodeTransformer):
    """Replaces ``Name[...]`` by ``Name`` where the name is a class that takes no arguments."""

    def __init__(self, namespace: StubNamespace) -> None:
        self.namespace, self.changed = namespace, False

    def visit_Subscript(self, node: ast.Subscript) -> ast.AST:
        self.generic_visit(node)
        if not isinstance(node.value, ast.Name):
            return node
        try:
            value = self.namespace[node.value.id]
        except Exception:  # not a name of this stub: left to the evaluation
            return node
        if isinstance(value, type) and not hasattr(value, "__class_getitem__"):
            self.changed = True
            return node.value
        return node
