"""A bounded memo by identity: values made once for the recent keys."""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class RecentByIdentity(Generic[K, V]):
    """``make(key)`` made once for the recent keys, found by the key's identity (the entry holds
    the key, so its id cannot be reused while the entry lives); for immutable keys, or keys
    nobody changes. It keeps the last ``size`` keys used at least, ``2 * size`` at most: two
    generations, the older dropped whole when the newer is full (no entry is evicted one by
    one, which costs more than the lookups)."""

    __slots__ = ("_make", "_newer", "_older", "_size")

    def __init__(self, make: Callable[[K], V], size: int) -> None:
        self._make, self._size = make, size
        self._newer: dict[int, tuple[K, V]] = {}
        self._older: dict[int, tuple[K, V]] = {}

    def __call__(self, key: K) -> V:
        found = self._newer.get(id(key))
        if found is not None and found[0] is key:
            return found[1]
        found = self._older.get(id(key))
        if found is None or found[0] is not key:
            found = (key, self._make(key))
        self._keep(found)
        return found[1]

    def __contains__(self, key: K) -> bool:
        found = self._newer.get(id(key)) or self._older.get(id(key))
        return found is not None and found[0] is key

    def remember(self, key: K, value: V) -> None:
        """Take ``value`` as what ``make(key)`` would give."""
        self._keep((key, value))

    def _keep(self, entry: tuple[K, V]) -> None:
        newer = self._newer
        if len(newer) >= self._size:
            self._older, self._newer = newer, {}  # another thread may have swapped: no matter
        self._newer[id(entry[0])] = entry
