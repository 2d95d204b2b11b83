"""A bounded memo by identity: values made once for the recent keys."""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class RecentByIdentity(Generic[K, V]):
    """``make(key)`` made once for the ``size`` most recent keys, found by the key's identity
    (the entry holds the key, so its id cannot be reused while the entry lives); for immutable
    keys, or keys nobody changes."""

    __slots__ = ("_found", "_make", "_size")

    def __init__(self, make: Callable[[K], V], size: int) -> None:
        self._make, self._size = make, size
        self._found: dict[int, tuple[K, V]] = {}

    def __call__(self, key: K) -> V:
        found = self._found.get(id(key))
        if found is not None and found[0] is key:
            return found[1]
        value = self._make(key)
        self._found[id(key)] = (key, value)
        if len(self._found) > self._size:
            try:
                oldest = next(iter(self._found))
            except RuntimeError:  # another thread changed it meanwhile: it drops one
                return value
            self._found.pop(oldest, None)
        return value
