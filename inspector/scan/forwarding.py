"""An override that only passes its arguments on: ``def get(self, *args, **kwargs)`` with no
hint and no docstring, over a base class's ``get(self, key, default=None)`` (cachetools'
``TTLCache`` wraps each ``Cache`` method so, to hold its timer around the call). Its own
signature says nothing, so it offered no input (TI140) and started ``false``; the method it
overrides says what it takes, and the scan and the Toolbox read that one."""

from __future__ import annotations

import inspect
from types import FunctionType

_PASSING_ON = (
    inspect.Parameter.POSITIONAL_OR_KEYWORD,  # self
    inspect.Parameter.VAR_POSITIONAL,
    inspect.Parameter.VAR_KEYWORD,
)


def overridden(cls: type, name: str) -> tuple[type, FunctionType] | None:
    """The base class and function an instance method ``name`` of ``cls`` stands for when the
    nearest definition of it only passes its arguments on (``_passes_on``): the nearest base's
    definition that does not, if that is a Python function; None otherwise (a method with a
    signature of its own, a base's C method, a ``staticmethod``, no base defining it)."""
    mro = cls.__mro__
    start = next((i for i, c in enumerate(mro) if name in vars(c)), None)
    if start is None or not _passes_on(vars(mro[start])[name]):
        return None
    for base in mro[start + 1 :]:
        raw = vars(base).get(name)
        if raw is None or _passes_on(raw):
            continue
        return (base, raw) if type(raw) is FunctionType else None
    return None


def _passes_on(raw: object) -> bool:
    """Whether a class attribute is an instance method that takes only ``(self, *args,
    **kwargs)``, says no type and has no docstring: nothing of its own to offer."""
    if type(raw) is not FunctionType or raw.__doc__ is not None:
        return False
    if raw.__annotations__:
        return False
    try:
        parameters = inspect.signature(raw).parameters.values()
    except (TypeError, ValueError):  # a ``__signature__`` of its own that is no signature
        return False
    return tuple(p.kind for p in parameters) == _PASSING_ON
