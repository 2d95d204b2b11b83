"""Type aliases as hints: the alias that names itself, forward references inside an alias, and
what is left of a hint when one of them stays unresolved.

``Json = None | int | str | list["Json"]`` becomes a ``RecursiveAlias`` whose ``__value__``
holds the alias itself, the way a ``type Json = ...`` alias (PEP 695) does: the scan maps it
to ``$defs``/``$ref`` and the Toolbox converts arguments through ``__value__``.
"""

from __future__ import annotations

import collections.abc
import types
import typing
from collections.abc import Callable

DROP = object()
"""What a part changed by ``map_parts`` becomes to be left out of its union."""


class RecursiveAlias:
    """A type alias that mentions itself; ``__value__`` is what it stands for."""

    def __init__(self, name: str, module: str) -> None:
        self.__name__ = name
        self.__module__ = module
        self.__value__: object = typing.Any

    def __repr__(self) -> str:
        return self.__name__

    def __call__(self, *args: object, **kwargs: object) -> typing.NoReturn:
        raise TypeError(f"type alias {self.__name__} cannot be called")

    def __or__(self, other: object) -> object:
        return typing.Union[self, other]  # noqa: UP007

    def __ror__(self, other: object) -> object:
        return typing.Union[other, self]  # noqa: UP007


class Unresolved:
    """A forward reference inside a hint that cannot be evaluated, and why."""

    def __init__(self, text: str, error: Exception) -> None:
        self.text = text
        self.error = error

    def __repr__(self) -> str:
        return self.text

    def __call__(self, *args: object, **kwargs: object) -> typing.NoReturn:
        raise TypeError(f"{self.text} is unresolved")

    def reason(self) -> str:
        return f"{self.text} ({type(self.error).__name__}: {self.error})"


def alias_value(hint: object) -> object | None:
    """What an alias object stands for (a ``RecursiveAlias`` or a ``type X = ...`` /
    ``TypeAliasType`` alias), None for any other hint."""
    if isinstance(hint, RecursiveAlias):
        return hint.__value__
    if isinstance(hint, type) or typing.get_origin(hint) is not None:
        return None
    if type(hint).__name__ != "TypeAliasType":
        return None
    return getattr(hint, "__value__", None)


def applied_alias_value(origin: object, args: tuple[object, ...]) -> object | None:
    """What a subscripted generic alias (``Nullable[int]``, of ``type Nullable[T] = T | None``
    or ``TypeAliasType("Nullable", T | None, type_params=(T,))``) stands for: its value with
    each type parameter replaced by its argument (``int | None``); None when ``origin`` is no
    alias. The value alone kept the parameter, which says any value: mistralai's (Speakeasy's)
    ``expiry: OptionalNullable[int]`` took any value, and so did each of its message fields."""
    value: object = getattr(origin, "__value__", None)
    if value is None:
        return None
    parameters: tuple[object, ...] = getattr(origin, "__type_params__", ()) or ()
    if len(parameters) == len(args) and value in parameters:  # ``type Id[T] = T``: ``Id[int]``
        return args[parameters.index(value)]
    free: tuple[object, ...] = getattr(value, "__parameters__", ()) or ()
    if not free or len(parameters) != len(args):
        return value
    given = dict(zip(parameters, args, strict=True))
    try:
        applied: object = value[tuple(given.get(p, typing.Any) for p in free)]  # type: ignore[index]
    except TypeError:  # a parameter list of a ParamSpec or a TypeVarTuple: left as it is
        return value
    return applied


def has_forward_refs(hint: object) -> bool:
    """Whether a hint holds a forward reference (``ForwardRef`` or text) at any depth."""
    return any_part(hint, lambda part: isinstance(part, typing.ForwardRef | str))


def any_part(hint: object, test: Callable[[object], bool]) -> bool:
    """Whether ``test`` holds for the hint or any part of it (not ``Literal`` values, not
    ``Annotated`` metadata; a callable's parameters too)."""
    if test(hint):
        return True
    origin = typing.get_origin(hint)
    if origin is typing.Literal:
        return False
    args = typing.get_args(hint)
    if origin is typing.Annotated:
        args = args[:1]
    return any(
        any(any_part(a, test) for a in arg) if isinstance(arg, list) else any_part(arg, test)
        for arg in args
    )


def map_parts(hint: object, change: Callable[[object, bool], object]) -> object:
    """The hint with ``change(part, in_union)`` applied to it and, where that returns the part
    itself, to its parts at any depth. A union member changed to ``DROP`` is left out; a
    ``DROP`` anywhere else (or a union left empty) becomes ``Any``."""
    rebuilt = _map_parts(hint, change, in_union=False)
    return typing.Any if rebuilt is DROP else rebuilt


def _map_parts(hint: object, change: Callable[[object, bool], object], *, in_union: bool) -> object:
    changed = change(hint, in_union)
    if changed is not hint:
        return changed
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if not args or origin is typing.Literal or isinstance(hint, typing.ForwardRef | str):
        return hint
    if origin is collections.abc.Callable:
        return _map_callable(hint, args, change)
    if origin is typing.Annotated:
        inner = map_parts(args[0], change)
        metadata = hint.__metadata__  # type: ignore[attr-defined]
        return hint if inner is args[0] else typing.Annotated[(inner, *metadata)]
    union = origin is typing.Union or origin is types.UnionType
    replaced = tuple(_map_parts(arg, change, in_union=union) for arg in args)
    if all(new is old for new, old in zip(replaced, args, strict=True)):
        return hint
    if union:
        kept = tuple(part for part in replaced if part is not DROP)
        return typing.Union[kept] if kept else DROP  # noqa: UP007
    replaced = tuple(typing.Any if part is DROP else part for part in replaced)
    if isinstance(hint, types.GenericAlias) and origin is not None:
        return types.GenericAlias(origin, replaced)
    copy_with = getattr(hint, "copy_with", None)
    return copy_with(replaced) if callable(copy_with) else hint


def _map_callable(
    hint: object, args: tuple[object, ...], change: Callable[[object, bool], object]
) -> object:
    """``Callable[[A, B], R]`` with its parts changed (its arguments come as a list)."""
    parameters, result = args
    new: object = parameters  # ``...`` or a ParamSpec stay as they are
    same = True
    if isinstance(parameters, list):
        changed = [map_parts(p, change) for p in parameters]
        same = all(a is b for a, b in zip(changed, parameters, strict=True))
        new = changed
    new_result = map_parts(result, change)
    if same and new_result is result:
        return hint
    return collections.abc.Callable[new, new_result]
