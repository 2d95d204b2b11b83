"""Class attributes that look like methods but are no tools: what a framework or the standard
library calls itself (pydantic's validators, marshmallow's and SQLAlchemy's hooks, asyncio's
protocol callbacks, ``Thread.run``, ``socketserver``'s request cycle), methods that make a
context manager or give back a function they make, members their author marks private for
Sphinx, and functions kept under a constant's name (a setting of the class)."""

from __future__ import annotations

import contextlib
import dataclasses
import enum
import re
from collections.abc import AsyncIterator, Iterator
from types import CodeType, FunctionType
from typing import Final

from inspector.scan.function_factories import held_function, returns_own_function


class NoTool(enum.Enum):
    """Which rule makes a public attribute no tool. A diagnostic that says why (a target that
    names one function, a class that gives no tools) words it from this, never from another
    message's text."""

    PRIVATE = "private"
    """Its name starts with ``_`` (a function a target names: ``mod.py:_helper``)."""
    HOOK = "hook"
    """Its framework calls it itself (``_HOOK_MARKS``, ``pydantic_hooks``)."""
    CALLBACK = "callback"
    """The standard library calls it itself (``library_callbacks``)."""
    CONTEXT_MANAGER = "context-manager"
    """``@contextmanager`` or ``@asynccontextmanager`` made it (``_is_context_manager``)."""
    MAKES_DECORATOR = "makes-decorator"
    """Its return hint is a decorator (``decorator_factories.makes_decorator``)."""
    RETURNS_OWN_FUNCTION = "returns-own-function"
    """Every ``return`` gives back a function it makes (``returns_own_function``)."""
    MARKED_PRIVATE = "marked-private"
    """Its docstring says ``:meta private:`` (``_marked_private``)."""
    SETTING = "setting"
    """A name in capitals for a function defined under another name (``_is_setting``)."""

    @property
    def what(self) -> str:
        """What the attribute is, after its name: ``route`` *makes a decorator*."""
        return _WORDS[self][0]

    @property
    def why(self) -> str:
        """Why that makes it no tool, for a message about the one function a target names."""
        return _WORDS[self][1]


_WORDS: Final[dict[NoTool, tuple[str, str]]] = {
    NoTool.PRIVATE: (
        "has a private name",
        "a name that starts with '_' is never a tool; scan a public function that calls it",
    ),
    NoTool.HOOK: (
        "is a hook its framework calls itself",
        "the framework calls it when its own work needs it, never a model",
    ),
    NoTool.CALLBACK: (
        "is a callback the standard library calls itself",
        "the library calls it as a step of its own cycle, never a model",
    ),
    NoTool.CONTEXT_MANAGER: (
        "makes a context manager",
        "a model cannot enter it, so its body would never run",
    ),
    NoTool.MAKES_DECORATOR: (
        "makes a decorator",
        "its return hint says so: its work happens only when the decorator is applied to a "
        "function, which no model can write",
    ),
    NoTool.RETURNS_OWN_FUNCTION: (
        "gives back a function it makes",
        "what that function does happens only when code applies it, and a model would get its text",
    ),
    NoTool.MARKED_PRIVATE: (
        "is marked private for Sphinx",
        "its docstring's ':meta private:' keeps it out of the API, as an underscore would",
    ),
    NoTool.SETTING: (
        "is a setting",
        "a name in capitals that holds a function defined under another name says which "
        "function code calls",
    ),
}


def no_tool_reason(name: str, raw: object) -> NoTool | None:
    """Why a class attribute ``name`` (``raw``, as the class holds it) is no tool whatever its
    class, or None when no rule here says so: a hook its framework calls (``_HOOK_MARKS``), a
    method that makes a context manager, a method marked private for Sphinx, a setting
    (``_is_setting``), or a method that gives back a function it makes."""
    function = held_function(raw)
    if type(function) is FunctionType:  # only a function's own marks: no attribute of another
        # object is read (a proxy's ``__getattr__`` may raise)
        if any(function.__dict__.get(mark) is not None for mark in _HOOK_MARKS):
            return NoTool.HOOK
        if _is_context_manager(function):
            return NoTool.CONTEXT_MANAGER
    if _marked_private(raw):
        return NoTool.MARKED_PRIVATE
    if _is_setting(name, raw):
        return NoTool.SETTING
    if returns_own_function(raw):
        return NoTool.RETURNS_OWN_FUNCTION
    return None


_HOOK_MARKS = ("__marshmallow_hook__", "__sa_validators__", "__sa_reconstructor__")
"""What a framework's decorator sets on a method it calls itself: marshmallow's ``@post_load``,
``@validates`` and kin, SQLAlchemy's ``@validates`` and ``@reconstructor``."""


_META_PRIVATE = re.compile(r"^[ \t]*:meta[ \t]+private:[ \t]*$", re.M)
"""Sphinx's field that makes a member private whatever its name (nox's ``Session`` members)."""


def _marked_private(raw: object) -> bool:
    """Whether a method's docstring marks it private for Sphinx (``:meta private:``): its
    author keeps it out of the documented API, as an underscore would."""
    function = held_function(raw)
    doc = getattr(function, "__doc__", None) if type(function) is FunctionType else None
    return isinstance(doc, str) and ":meta" in doc and _META_PRIVATE.search(doc) is not None


def _is_setting(name: str, raw: object) -> bool:
    """Whether a class attribute named as a constant holds a function ``def``-ined under
    another name (jsonschema's ``ID_OF = staticmethod(_dollar_id)``): a setting, the function
    the class calls, not a method (a ``def GET`` is still one, and so is a ``GET`` a decorator
    or a factory made: a function defined inside another)."""
    function = held_function(raw)
    if type(function) is not FunctionType or "<locals>" in function.__qualname__:
        return False  # a decorator's wrapper or a factory's method (``GET = _verb("GET")``)
    return name.isupper() and function.__name__ != name


def _context_manager_codes() -> frozenset[CodeType]:
    """The code of the function ``@contextmanager`` and ``@asynccontextmanager`` make: one
    code object for every method they wrap (their nested ``helper``)."""

    def made() -> Iterator[None]:
        yield  # pragma: no cover - never entered

    async def made_async() -> AsyncIterator[None]:
        yield  # pragma: no cover - never entered

    return frozenset(
        (
            contextlib.contextmanager(made).__code__,
            contextlib.asynccontextmanager(made_async).__code__,
        )
    )


_CONTEXT_MANAGER_CODES = _context_manager_codes()


def _is_context_manager(function: FunctionType) -> bool:
    """Whether a method is made by ``@contextmanager`` (``@asynccontextmanager``), also under
    decorators that keep ``__wrapped__``: a call gives a context manager that a model cannot
    enter, so the method's body (click's ``Context.scope``, Flask's
    ``FlaskClient.session_transaction``) never runs, and the model got the object's text."""
    seen: object = function
    for _ in range(8):  # a chain of wrappers is short; a cycle must not loop
        if type(seen) is not FunctionType:
            return False
        if seen.__code__ in _CONTEXT_MANAGER_CODES:
            return True
        seen = seen.__dict__.get("__wrapped__")
    return False


_CALLBACKS: Final = {
    ("threading", "Thread"): ("run",),
    ("multiprocessing.process", "BaseProcess"): ("run",),
    ("json.encoder", "JSONEncoder"): ("default",),
    ("socketserver", "BaseRequestHandler"): ("setup", "handle", "finish"),
    ("socketserver", "BaseServer"): (
        "server_bind", "server_activate", "get_request", "verify_request", "process_request",
        "finish_request", "handle_error", "handle_timeout", "service_actions",
        "shutdown_request", "close_request",
    ),
}  # fmt: skip
"""The methods a standard-library base calls on its subclasses itself (``Thread.run`` on the
thread ``start`` made, a ``multiprocessing.Process``'s ``run`` in the process it made, a
``JSONEncoder``'s ``default`` for each value it cannot encode; the
request cycle of ``socketserver``); each of asyncio's protocol classes, whose methods are all
callbacks of the event loop, is in ``_PROTOCOLS``."""

_PROTOCOLS: Final = "asyncio.protocols"


def library_callbacks(cls: type) -> frozenset[str]:
    """The names of the methods the standard library calls on ``cls`` itself, for a class
    built on one of its callback bases: asyncio's protocols (asyncssh's connection overrides
    ``data_received``, ``connection_lost``...), ``threading.Thread`` (paramiko's
    ``Transport.run``, the transport's loop) and ``socketserver``'s server and handler. As a
    tool, a model fed the protocol bytes, ran a thread's loop on the caller's thread (it never
    returns) or a step of a server's request cycle."""
    names: set[str] = set()
    for base in getattr(cls, "__mro__", ()):
        module = str(getattr(base, "__module__", ""))
        if module == _PROTOCOLS:
            names.update(name for name in vars(base) if not name.startswith("_"))
        else:
            names.update(_CALLBACKS.get((module, base.__qualname__), ()))
    return frozenset(names)


def pydantic_hooks(owner: type) -> frozenset[str]:
    """The methods pydantic calls itself on a model: its validators and serializers (a
    ``@field_validator``, a ``@model_validator``, a ``@field_serializer``...), each named in
    the model's ``__pydantic_decorators__``, and the model's overrides of pydantic's base
    (``model_post_init``). As tools, a model's validator took the value to
    check and gave it back, and a model validator ran on the object."""
    infos = owner.__dict__.get("__pydantic_decorators__")
    if not dataclasses.is_dataclass(infos):
        return frozenset()
    tables = [getattr(infos, f.name, None) for f in dataclasses.fields(infos)]
    hooks = {name for table in tables if isinstance(table, dict) for name in table}
    # and what the model overrides of pydantic's own base in the namespace pydantic keeps
    # for itself (``model_post_init``, ``model_dump``); not an older name (a ``validate`` of
    # the model's own is a tool): the last of the model's bases that pydantic made is that base
    base = [c for c in owner.__mro__ if "__pydantic_decorators__" in c.__dict__][-1]
    own = {name for name in vars(base) if name.startswith("model_")} if base is not owner else ()
    return frozenset(hooks.union(own))
