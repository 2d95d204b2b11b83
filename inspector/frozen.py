"""``FrozenValue``: equality, hash and repr of frozen dataclasses, written once for all of them.

A dataclass generates its ``__eq__``, ``__hash__`` and ``__repr__`` as source text compiled at
import, which makes each class cost a few milliseconds of start-up; the model's classes declare
``eq=False, repr=False`` and inherit these instead, alike in behaviour.
"""

from __future__ import annotations

import operator
from typing import ClassVar


class FrozenValue:
    """Base of ``@dataclass(frozen=True, slots=True, eq=False, repr=False)`` classes: equal when
    of the same class with equal fields, hashed by the fields, shown as ``Name(field=value)``."""

    __slots__: ClassVar[tuple[str, ...]] = ()
    _fields: ClassVar[operator.attrgetter[object]]

    def __init_subclass__(cls) -> None:
        # Called again for the class that ``slots=True`` makes: its __slots__ are the fields.
        names = cls.__dict__.get("__slots__")
        if names:
            cls._fields = operator.attrgetter(*names)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return bool(self._fields(self) == self._fields(other))
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._fields(self))

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
        return f"{self.__class__.__qualname__}({shown})"
