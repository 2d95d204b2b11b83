"""What a ``*args``/``**kwargs`` takes: each value's type from its hint (``*tuple[int, ...]``)
or from a docstring type that names the whole (``**params : dict``), and when nothing says
(no hint, ``Any``, a ParamSpec's ``P.args``, a TypeVarTuple's ``*Ts``)."""

from __future__ import annotations

import inspect
import typing

from inspector.model import (
    MISSING,
    AnyValueType,
    ArrayType,
    Field,
    ObjectType,
    ParameterKind,
    SchemaType,
)
from inspector.scan.docstrings import ParamDoc
from inspector.scan.resolution import is_unpack
from inspector.typetable.structures import Container, container_of

_VAR_KEYWORD = inspect.Parameter.VAR_KEYWORD
_STARS: dict[inspect._ParameterKind, str] = {
    inspect.Parameter.VAR_POSITIONAL: "*",
    _VAR_KEYWORD: "**",
}
_ANY_VALUE: tuple[object, ...] = (typing.Any, object)
"""Hints that say nothing about what a ``*args``/``**kwargs`` takes."""
_UNSAID = {
    True: "no type says what it takes",
    False: "its type (any value) does not say what it takes",
}
"""TI109's reason, by whether the variadic has no hint at all (or says ``Any``/``object``:
``*args`` only; ``**kwargs: Any`` says more keys are welcome)."""


def unsaid(
    parameter: inspect.Parameter, hint: object | None, documented: ParamDoc | None
) -> str | None:
    """Why a ``*args``/``**kwargs`` is left out (TI109's message; ``hint`` None for none):
    nothing says what it takes; None when something does."""
    name = f"{_STARS[parameter.kind]}{parameter.name}"
    if isinstance(hint, typing.ParamSpecArgs | typing.ParamSpecKwargs):
        return f"{name} left out: a ParamSpec ({hint}) says only that they are passed on"
    if is_unpack(hint) and parameter.kind is not _VAR_KEYWORD:
        if typing.get_origin(typing.get_args(hint)[0]) is not tuple:
            return f"{name} left out: a TypeVarTuple ({hint}) says nothing of the values"
        return None
    if parameter.kind is _VAR_KEYWORD and hint is not None:
        return None  # ``**kwargs: Any``: an object of any keys (``variadic_field``)
    if (hint is None or any(hint is plain for plain in _ANY_VALUE)) and not (
        documented and documented.type_name
    ):
        return f"{name} left out: {_UNSAID[hint is None]}"
    return None


def wrapper_keywords(function: object) -> frozenset[str]:
    """The keywords a decorator's wrapper (``functools.wraps``: its signature is read as the
    wrapped function's) with a ``**kwargs`` of its own visibly takes beyond the wrapped
    signature: the texts it holds, in its closure (one by one or in a collection) or among
    its code's constants (opensearch-py's ``@query_params("q", "size", ...)`` takes
    ``search``'s ``q``, ``size``... and passes them on inside ``params``). None for another
    function, or a wrapper that only passes ``**kwargs`` on (a logging or retry decorator): a
    documented name its method does not take is then no argument."""
    if getattr(function, "__wrapped__", None) is None:
        return frozenset()
    try:
        own = inspect.signature(function, follow_wrapped=False)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return frozenset()
    if not any(p.kind is _VAR_KEYWORD for p in own.parameters.values()):
        return frozenset()
    held: list[object] = []
    for cell in getattr(function, "__closure__", None) or ():
        try:
            value = cell.cell_contents
        except ValueError:  # an empty cell
            continue
        is_collection = isinstance(value, tuple | list | set | frozenset)
        held.extend(value if is_collection else (value,))
    code = getattr(function, "__code__", None)
    held.extend(getattr(code, "co_consts", ()))
    return frozenset(text for text in held if isinstance(text, str) and text.isidentifier())


def tuple_item(unpacked: object) -> object:
    """The hint of each of ``*args: *tuple[...]``: the item of ``tuple[int, ...]``, else the
    union of the members."""
    members = typing.get_args(typing.get_args(unpacked)[0])
    if len(members) == 2 and members[1] is Ellipsis:
        return members[0]
    return typing.Union[members] if members else typing.Any  # noqa: UP007 (a runtime tuple)


def variadic_item(documented: object, kind: inspect._ParameterKind) -> object:
    """The type of each value of a ``*args``/``**kwargs`` whose docstring type names the whole
    (NumPy's ``**params : dict``, ``*args : tuple``): its item type; any other type is each
    value's."""
    origin = typing.get_origin(documented) or documented
    container = container_of(origin)
    args = typing.get_args(documented)
    if kind is _VAR_KEYWORD and container is Container.MAPPING:
        return args[1] if len(args) == 2 else typing.Any
    if kind is not _VAR_KEYWORD and container in (Container.ARRAY, Container.TUPLE):
        return args[0] if args and (len(args) == 1 or args[1:] == (Ellipsis,)) else typing.Any
    return documented


def variadic_field(
    name: str, kind: inspect._ParameterKind, item: SchemaType, description: str
) -> Field:
    """``*args: T`` as an optional array of T, ``**kwargs: T`` as an optional object of T."""
    if kind is inspect.Parameter.VAR_POSITIONAL:
        items = None if item == AnyValueType() else item
        kind_of = ParameterKind.VAR_POSITIONAL
        return Field(name, ArrayType(items), description, False, MISSING, kind_of)
    kind_of = ParameterKind.VAR_KEYWORD
    additional = True if item == AnyValueType() else item  # said: more keys are welcome
    return Field(name, ObjectType(additional=additional), description, False, MISSING, kind_of)
