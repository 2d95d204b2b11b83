"""Methods that make a function and give it back: a decorator factory (APScheduler's
``BackgroundScheduler.scheduled_job``, Flask's ``route``) or a callback factory. Such a method
is no tool: the model got the function's text, and the work the function does when it is
applied (``add_job``, ``add_url_rule``) never happened."""

from __future__ import annotations

import ast
import dis
import inspect
import textwrap
import typing
from types import CodeType, FunctionType

_COMPREHENSIONS = frozenset({"<listcomp>", "<dictcomp>", "<setcomp>", "<genexpr>"})
"""The names of the code a comprehension or a generator expression compiles to."""
_NESTED_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)


_Function = typing.TypeVar("_Function")


def held_function(raw: object) -> object:
    """The function a class attribute holds: a ``classmethod``'s or ``staticmethod``'s, else
    the attribute itself."""
    return raw.__func__ if isinstance(raw, classmethod | staticmethod) else raw


def unwrapped(function: _Function) -> _Function:
    """The function a wrapper holds, through every wrapper that keeps ``__wrapped__``
    (``inspect.unwrap``); the function itself when its ``__wrapped__`` chain loops (a wrapper
    set as its own ``__wrapped__``), where ``inspect.unwrap`` raises, or when reading
    ``__wrapped__`` raises (a proxy's ``__getattr__``)."""
    try:
        if not hasattr(function, "__wrapped__"):
            return function
        return typing.cast(_Function, inspect.unwrap(function))  # type: ignore[arg-type]
    except Exception:  # a cycle of ``__wrapped__`` (ValueError), or the object's own error
        return function


def wraps_in_a_loop(function: object) -> bool:
    """Whether a function's ``__wrapped__`` chain loops: its own signature is the one to read
    (``inspect.signature`` following the chain raises)."""
    return hasattr(function, "__wrapped__") and unwrapped(function) is function


def returns_own_function(raw: object) -> bool:
    """Whether a class attribute is a method whose every ``return`` gives back a function it
    defines (a nested ``def`` by its name, not assigned again, or a ``lambda``) that takes
    an argument: what it makes is to be applied later, by code, not by a model.

    Args:
        raw: The attribute as the class holds it (a function, a ``classmethod`` or
            ``staticmethod`` of one, or a wrapper that keeps ``__wrapped__``).

    Returns:
        False too when the source cannot be read (a compiled or generated method).
    """
    function = held_function(raw)
    if type(function) is not FunctionType:
        return False
    function = unwrapped(function)
    code = getattr(function, "__code__", None)
    # cheap first: a method that defines no function inside has no function's code among its
    # constants (a comprehension's, on Python 3.11, is no function: pandas' methods hold
    # many), and its source is never read; reading and parsing it for each of those made the
    # inspection of pandas' ``DataFrame`` a third slower (measured: 1.2 -> 1.6 ms a tool)
    if not isinstance(code, CodeType) or not _may_return_own_function(code):
        return False
    definition = _definition(function)
    if definition is None:
        return False
    rebound = _own_assigned(definition.body)  # ``total = total()``: a value, not the function
    made = {
        node.name: node.args
        for node in definition.body
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name not in rebound
    }
    returns = list(_own_returns(definition.body))
    given: list[ast.arguments | None] = [
        node.value.args
        if isinstance(node.value, ast.Lambda)
        else made.get(node.value.id)
        if isinstance(node.value, ast.Name)
        else None
        for node in returns
    ]
    # a function that takes something (the function a decorator wraps, the value a callback
    # gets); one that takes nothing (``watch(path)`` giving back ``stop``) is what undoes
    # work the method did: the method is a tool
    return bool(given) and all(
        arguments is not None and bool(arguments.posonlyargs or arguments.args or arguments.vararg)
        for arguments in given
    )


def _own_assigned(statements: list[ast.stmt]) -> set[str]:
    """The names a body assigns, not in the functions and classes inside it."""
    names: set[str] = set()
    pending: list[ast.AST] = list(statements)
    while pending:
        node = pending.pop()
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif not isinstance(node, _NESTED_SCOPES):
            pending.extend(ast.iter_child_nodes(node))
    return names


def _may_return_own_function(code: CodeType) -> bool:
    """Whether a method's bytecode may give back a function it makes: it makes one (a code
    object among its constants that is no comprehension's) and each of its returns gives back
    what was just made or loaded by a local name (never a constant or a call's result). Only
    then is its source read and parsed (measured: pandas' ``DataFrame`` parsed 18 methods'
    sources for nothing, 17 % of its inspection)."""
    if not any(
        isinstance(c, CodeType) and c.co_name not in _COMPREHENSIONS for c in code.co_consts
    ):
        return False
    previous = None
    returned = False
    for instruction in dis.get_instructions(code):
        if instruction.opname in ("RETURN_VALUE", "RETURN_CONST"):
            returned = True
            if instruction.opname == "RETURN_CONST" or previous not in _GIVES_BACK_MADE:
                return False
        previous = instruction.opname
    return returned


_GIVES_BACK_MADE = frozenset({"LOAD_FAST", "LOAD_DEREF", "LOAD_CLOSURE", "MAKE_FUNCTION"})
"""The instructions right before a ``return`` that gives back a function the method made: its
local name loaded (a nested ``def``), or the function just made (a ``lambda``)."""


def _definition(function: object) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    """The method's own ``def``, parsed from its source, or None when it cannot be read."""
    try:
        source = textwrap.dedent(inspect.getsource(function))  # type: ignore[arg-type]
        body = ast.parse(source).body
    except (OSError, TypeError, SyntaxError, ValueError):
        return None
    node = body[0] if len(body) == 1 else None
    return node if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) else None


def _own_returns(statements: list[ast.stmt]) -> list[ast.Return]:
    """The ``return`` statements of a body, not of the functions and classes inside it."""
    found: list[ast.Return] = []
    pending: list[ast.AST] = list(statements)
    while pending:
        node = pending.pop()
        if isinstance(node, ast.Return):
            found.append(node)
        elif not isinstance(node, _NESTED_SCOPES):
            pending.extend(ast.iter_child_nodes(node))
    return found
