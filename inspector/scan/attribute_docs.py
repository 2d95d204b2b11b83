"""Attribute docstrings: the string literal under a field in a class body describes that field
(as pydantic's ``use_attribute_docstrings`` and griffe read them), taken from the source with
``ast``; each module is parsed once and each class looked up once."""

from __future__ import annotations

import ast
import functools
import inspect
import itertools
import linecache
import os
import sys

_Docs = dict[str, str]


def attribute_docs(cls: type) -> _Docs:
    """Field name → its attribute docstring, for the class and its bases (the class's own
    win); empty when no source can be read."""
    found: _Docs = {}
    for owner in reversed(cls.__mro__):
        if owner is not object:
            found.update(_own_attribute_docs(owner))
    model_fields = getattr(cls, "model_fields", None)
    if found and isinstance(model_fields, dict):  # pydantic: the schema names fields by alias
        for name, info in model_fields.items():
            alias = getattr(info, "alias", None)
            if isinstance(alias, str) and name in found:
                found.setdefault(alias, found[name])
    return found


@functools.lru_cache(maxsize=1024)
def _own_attribute_docs(cls: type) -> _Docs:
    module = sys.modules.get(cls.__module__)
    filename = getattr(module, "__file__", None)
    if not isinstance(filename, str):
        return {}
    try:
        stat = os.stat(filename)
    except OSError:
        return {}
    return _module_docs(filename, stat.st_mtime_ns, stat.st_size).get(cls.__qualname__, {})


@functools.lru_cache(maxsize=256)
def _module_docs(filename: str, mtime_ns: int, size: int) -> dict[str, _Docs]:
    """Class qualified name → its attribute docstrings, for every class of a source file (as
    it is now: the file's time and size are part of the key); the first class of a name wins
    where two share one."""
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
            docs[name] = inspect.cleandoc(following.value.value)
    return docs


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
