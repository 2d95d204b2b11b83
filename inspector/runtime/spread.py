"""Spreading ``*args`` and ``**kwargs`` parameters back into a call."""

from __future__ import annotations

import inspect
from collections.abc import Callable

_BY_KEYWORD = (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY)


def spread(
    function: Callable[..., object],
    args: list[object],
    kwargs: dict[str, object],
    extra_args: list[object],
    extra_kwargs: dict[str, object],
    *,
    notes: list[str],
) -> tuple[list[object], dict[str, object]]:
    """The call's arguments with ``extra_args`` after the positional parameters (which then
    move from keywords to positions, omitted ones taking their defaults) and ``extra_kwargs``
    added as keywords. A name given both as a parameter and inside ``**kwargs`` (a schema
    cannot forbid it everywhere) keeps the parameter's value, and ``notes`` says so."""
    for name in sorted(kwargs.keys() & extra_kwargs.keys()):
        notes.append(f"{name!r} given both as a parameter and inside **kwargs: the parameter used")
    kwargs = {**extra_kwargs, **kwargs}
    args, kwargs = _by_position_to_a_renaming_wrapper(function, args, kwargs)
    if not extra_args:
        return args, kwargs
    positional = list(args)
    for parameter in inspect.signature(function).parameters.values():
        if parameter.kind is inspect.Parameter.VAR_POSITIONAL:
            break
        if parameter.kind is not inspect.Parameter.POSITIONAL_OR_KEYWORD:
            continue
        if parameter.name in kwargs:
            positional.append(kwargs.pop(parameter.name))
        elif parameter.default is not inspect.Parameter.empty:
            positional.append(parameter.default)
        else:
            raise ValueError(f"missing required argument {parameter.name!r}")
    return [*positional, *extra_args], kwargs


def _by_position_to_a_renaming_wrapper(
    function: Callable[..., object], args: list[object], kwargs: dict[str, object]
) -> tuple[list[object], dict[str, object]]:
    """The arguments for a decorator's wrapper that takes the method's leading parameters under
    other names (``def inner(self, s, *args, **kwargs)`` around ``shout(self, text)``:
    ``functools.wraps`` copies the method's signature, which the schema follows, not the names
    the wrapper takes): those given by keyword move to positions, in the method's order, as
    long as every earlier one is given. Any other callable's arguments are returned as they
    are."""
    if not hasattr(function, "__wrapped__") or not kwargs:
        return args, kwargs
    try:
        own = inspect.signature(function, follow_wrapped=False).parameters.values()
        wrapped = inspect.signature(function).parameters.values()
    except (TypeError, ValueError):
        return args, kwargs
    takes = [p.name for p in own if p.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD]
    method = [p.name for p in wrapped if p.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD]
    if not takes or method[: len(takes)] == takes:  # ``(*args, **kwargs)``, or the same names
        return args, kwargs
    positional, keywords = list(args), dict(kwargs)
    for name in method:
        if name not in keywords:
            break
        positional.append(keywords.pop(name))
    return positional, keywords


def keyword_names(function: Callable[..., object]) -> frozenset[str]:
    """The names Python binds a keyword argument to rather than to ``**kwargs``: every
    parameter that can be given by keyword, the receiver of a bound method (``self``) too."""
    try:
        parameters = inspect.signature(getattr(function, "__func__", function)).parameters
    except (TypeError, ValueError):  # no signature: nothing known to clash with
        return frozenset()
    return frozenset(n for n, p in parameters.items() if p.kind in _BY_KEYWORD)
