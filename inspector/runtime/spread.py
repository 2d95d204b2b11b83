"""Spreading ``*args`` and ``**kwargs`` parameters back into a call."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable

_BY_KEYWORD = (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY)


def spread(
    function: Callable[..., object],
    args: list[object],
    kwargs: dict[str, object],
    extra_args: list[object],
    extra_kwargs: dict[str, object],
    *,
    notes: list[str],
    by_position: ByPosition = (),
) -> tuple[list[object], dict[str, object]]:
    """The call's arguments with ``extra_args`` after the positional parameters (which then
    move from keywords to positions, omitted ones taking their defaults) and ``extra_kwargs``
    added as keywords. A name given both as a parameter and inside ``**kwargs`` (a schema
    cannot forbid it everywhere) keeps the parameter's value, and ``notes`` says so.
    ``by_position``: see ``renaming_wrapper_positions``."""
    for name in sorted(kwargs.keys() & extra_kwargs.keys()):
        notes.append(f"{name!r} given both as a parameter and inside **kwargs: the parameter used")
    kwargs = {**extra_kwargs, **kwargs}
    if not extra_args:  # (with them, every positional parameter moves to a position below)
        return _by_position(by_position, args, kwargs) if by_position else (args, kwargs)
    try:
        parameters = inspect.signature(function).parameters.values()
    except (TypeError, ValueError):  # a C function typed by its stub (math.hypot): its
        # leading parameters are positional-only there, so already in ``args``
        return [*args, *extra_args], kwargs
    positional = list(args)
    for parameter in parameters:
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


ByPosition = tuple[tuple[str, object, bool], ...]
"""The method's parameters a call passes by position, in order, each with its default
(``inspect.Parameter.empty`` for none) and whether the wrapper needs a value there (it takes
it without a default): see ``renaming_wrapper_positions``."""


def renaming_wrapper_positions(function: Callable[..., object]) -> ByPosition:
    """For a decorator's wrapper that takes the method's leading parameters under other names
    (``def inner(self, s, *args, **kwargs)`` around ``shout(self, text)``: ``functools.wraps``
    copies the method's signature, which the schema follows, not the names the wrapper takes),
    the method's positional-or-keyword parameters a call passes by position: as many as the
    wrapper takes so (all, when it takes ``*args``). Empty for any other callable (its
    arguments go by keyword as given). Read once, when the tool is bound."""
    if not hasattr(function, "__wrapped__"):
        return ()
    try:
        own = inspect.signature(function, follow_wrapped=False).parameters.values()
        wrapped = inspect.signature(function).parameters.values()
    except (TypeError, ValueError):
        return ()
    takes = [p for p in own if p.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD]
    method = [p for p in wrapped if p.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD]
    if not takes or [p.name for p in method[: len(takes)]] == [p.name for p in takes]:
        return ()  # the same names: keywords reach them
    if not any(p.kind is inspect.Parameter.VAR_POSITIONAL for p in own):
        method = method[: len(takes)]
    needed = [p.default is inspect.Parameter.empty for p in takes]
    return tuple(
        (p.name, p.default, index < len(needed) and needed[index]) for index, p in enumerate(method)
    )


def unreadable_signature_positions(
    function: Callable[..., object], parameters: Iterable[tuple[str, bool]]
) -> ByPosition:
    """For a compiled method whose signature cannot be read (its tool's parameters came from
    its stub), its positional-or-keyword ``parameters`` (Python name, whether
    it is one), in order: a call passes them by position up to the first one omitted, as
    every C function takes them (confluent_kafka's ``commit_transaction(timeout)`` takes no
    keyword). Empty for any other callable. Read once, when the tool is bound."""
    try:
        inspect.signature(function)
    except (TypeError, ValueError):
        return tuple((name, inspect.Parameter.empty, False) for name, kind in parameters if kind)
    return ()


def _by_position(
    by_position: ByPosition, args: list[object], kwargs: dict[str, object]
) -> tuple[list[object], dict[str, object]]:
    """The values of ``by_position`` moved from keywords to positions, in order, an omitted
    one taking its default where a later one is given or the wrapper needs a value; from the
    first one omitted without a default, the rest stay keywords (the call then fails as the
    method would)."""
    positional, keywords = list(args), dict(kwargs)
    waiting: list[object] = []
    for name, default, needed in by_position:
        if name in keywords:
            positional += [*waiting, keywords.pop(name)]
            waiting = []
        elif default is inspect.Parameter.empty:
            break
        elif needed:
            positional += [*waiting, default]
            waiting = []
        else:
            waiting.append(default)
    return positional, keywords


def keyword_names(function: Callable[..., object]) -> frozenset[str]:
    """The names Python binds a keyword argument to rather than to ``**kwargs``: every
    parameter that can be given by keyword, the receiver of a bound method (``self``) too."""
    try:
        parameters = inspect.signature(getattr(function, "__func__", function)).parameters
    except (TypeError, ValueError):  # no signature: nothing known to clash with
        return frozenset()
    return frozenset(n for n, p in parameters.items() if p.kind in _BY_KEYWORD)
