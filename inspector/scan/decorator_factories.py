"""Methods that make decorators: their result is a function that takes a function.

Flask's ``app.route("/")``, FastAPI's ``app.get("/")``, typer's ``app.command()`` and click's
``group.command()`` return a decorator; what they do happens only when it is applied to a
function, which no model can write. Called as a tool, such a method does nothing and gives
the model a function's text.
"""

from __future__ import annotations

import collections.abc
import types
import typing
from collections.abc import Callable


def makes_decorator(hint: object, bound_of: Callable[[typing.TypeVar], object]) -> bool:
    """Whether a method's return hint is a decorator: a callable of one argument that is itself
    callable (``Callable[[F], F]`` with ``F`` bound to a callable, ``Callable[[Callable[P,
    R]], Command]``) or a class (``Callable[[type[T]], type[T]]``, a class decorator).
    ``bound_of`` gives a TypeVar's bound, its text evaluated (click's ``F =
    TypeVar("F", bound="t.Callable[..., t.Any]")``)."""
    hint = _unannotated(hint)
    if typing.get_origin(hint) is not collections.abc.Callable:
        return False
    parameters = typing.get_args(hint)[0]
    return (
        isinstance(parameters, list)
        and len(parameters) == 1
        and _takes_code(parameters[0], bound_of)
    )


def _takes_code(hint: object, bound_of: Callable[[typing.TypeVar], object]) -> bool:
    """Whether a hint types a function or a class: a ``Callable``, ``type``, or a TypeVar bound
    to one (a union of them too: Flask's ``RouteCallable``)."""
    hint = _unannotated(hint)
    if isinstance(hint, typing.TypeVar):
        bound = bound_of(hint)
        return bound is not None and _takes_code(bound, bound_of)
    origin = typing.get_origin(hint)
    if origin is typing.Union or origin is types.UnionType:
        return all(_takes_code(member, bound_of) for member in typing.get_args(hint))
    return hint is type or origin is type or collections.abc.Callable in (hint, origin)


def _unannotated(hint: object) -> object:
    while typing.get_origin(hint) is typing.Annotated:
        hint = typing.get_args(hint)[0]
    return hint
