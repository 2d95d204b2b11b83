"""Attribute docstrings: the string literal under a field in a class body describes that field
(as pydantic's ``use_attribute_docstrings`` and griffe read them), taken from the source with
``ast``; each module is parsed once per scan and each class looked up once."""

from __future__ import annotations

import ast
import itertools
import linecache
import sys

from inspector.scan.consolidated_fields import understood_type
from inspector.scan.docstrings import cleaned_text

_Docs = dict[str, str]


class AttributeDocs:
    """Attribute docstrings for one scan: each module's source parsed once, each class looked
    up once; nothing outlives it."""

    def __init__(self) -> None:
        self._classes: dict[type, _Docs] = {}
        self._modules: dict[str, dict[str, _Docs]] = {}

    def of(self, cls: type) -> _Docs:
        """Field name → its attribute docstring, for the class and its bases (the class's own
        win); empty when no source can be read."""
        found: _Docs = {}
        for owner in reversed(cls.__mro__):
            if owner is not object:
                found.update(self._own(owner))
        model_fields = getattr(cls, "model_fields", None)
        if found and isinstance(model_fields, dict):  # pydantic: the schema names fields by alias
            for name, info in model_fields.items():
                alias = getattr(info, "alias", None)
                if isinstance(alias, str) and name in found:
                    found.setdefault(alias, found[name])
        return found

    def _own(self, cls: type) -> _Docs:
        found = self._classes.get(cls)
        if found is None:
            module = sys.modules.get(cls.__module__)
            filename = getattr(module, "__file__", None)
            found = {}
            if isinstance(filename, str):
                found = self._module(filename).get(cls.__qualname__, {})
            self._classes[cls] = found
        return found

    def _module(self, filename: str) -> dict[str, _Docs]:
        """Class qualified name → its attribute docstrings, for every class of a source file;
        the first class of a name wins where two share one."""
        found = self._modules.get(filename)
        if found is None:
            found = self._modules[filename] = _module_docs(filename)
        return found


def _module_docs(filename: str) -> dict[str, _Docs]:
    linecache.checkcache(filename)
    source = "".join(linecache.getlines(filename))
    if not source:
        return {}
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return {}
    classes: dict[str, _Docs] = {}
    _collect(tree.body, "", classes)
    return classes


def _collect(body: list[ast.stmt], prefix: str, classes: dict[str, _Docs]) -> None:
    for node in body:
        if isinstance(node, ast.ClassDef):
            name = f"{prefix}{node.name}"
            docs = _class_docs(node.body)
            if docs:
                classes.setdefault(name, docs)
            _collect(node.body, f"{name}.", classes)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            _collect(node.body, f"{prefix}{node.name}.<locals>.", classes)
        elif isinstance(node, ast.If | ast.Try | ast.With):
            _collect(_branches(node), prefix, classes)


def _branches(node: ast.If | ast.Try | ast.With) -> list[ast.stmt]:
    """The statements of every branch (classes defined under ``if``/``try``/``with``)."""
    statements = list(node.body)
    if isinstance(node, ast.If):
        statements += node.orelse
    elif isinstance(node, ast.Try):
        statements += [s for handler in node.handlers for s in handler.body]
        statements += node.orelse + node.finalbody
    return statements


def _class_docs(body: list[ast.stmt]) -> _Docs:
    """``name: T = ...`` or ``name = ...`` followed by a string literal, in one class body."""
    docs: _Docs = {}
    for statement, following in itertools.pairwise(body):
        name = _assigned_name(statement)
        if (
            name is not None
            and isinstance(following, ast.Expr)
            and isinstance(following.value, ast.Constant)
            and isinstance(following.value.value, str)
        ):
            docs[name] = _without_type(cleaned_text(following.value.value))
    return docs


def _without_type(text: str) -> str:
    """An attribute docstring without the type it may open with, as Napoleon reads one
    (``str: Description of the task.``, rich's ``Task``): the text of the field, whose type is
    its hint's. A first word the type reader does not read as a type (``Note: ...``) stays."""
    written, colon, rest = text.partition(":")
    if not colon or not rest[:1].isspace() or "\n" in written:
        return text
    if written.strip().lower() in _ADMONITIONS:  # ``Warning: ...`` opens a sentence
        return text
    return rest.strip() if understood_type(written.strip()) else text


_ADMONITIONS = frozenset({"warning", "note", "example", "tip", "hint", "caution", "see also"})
"""Words a sentence opens with before a colon that the type reader may read as a type (the
built-in ``Warning``), which Napoleon reads as an admonition, not a type."""


def _assigned_name(statement: ast.stmt) -> str | None:
    if isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name):
        return statement.target.id
    if (
        isinstance(statement, ast.Assign)
        and len(statement.targets) == 1
        and isinstance(statement.targets[0], ast.Name)
    ):
        return statement.targets[0].id
    return None
