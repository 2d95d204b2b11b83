"""Values compared and shown by their fields, as dataclasses are, with methods written once.

A dataclass generates its ``__eq__``, ``__hash__`` and ``__repr__`` as source text compiled at
import, which makes each class cost a few milliseconds of start-up; the model's frozen
dataclasses declare ``eq=False, repr=False`` and inherit them from ``FrozenRecord`` instead,
alike in behaviour. Plain slotted classes inherit them from ``Record``.
"""

from __future__ import annotations

import operator
from typing import ClassVar


class Record:  # noqa: PLW1641  # defining __eq__ alone makes it unhashable
    """Equal when of the same class with equal fields, shown as ``Name(field=value)``, the
    fields being the names in the class's ``__slots__``; unhashable, as a mutable dataclass."""

    __slots__: ClassVar[tuple[str, ...]] = ()
    _fields: ClassVar[operator.attrgetter[object]]

    def __init_subclass__(cls) -> None:
        # For a dataclass, called again for the class ``slots=True`` makes, with the fields.
        names = cls.__dict__.get("__slots__")
        if names:
            cls._fields = operator.attrgetter(*names)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return bool(self._fields(self) == self._fields(other))
        return NotImplemented

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
        return f"{self.__class__.__qualname__}({shown})"


class FrozenRecord(Record):
    """A ``Record`` hashed by its fields: the base of the
    ``@dataclass(frozen=True, slots=True, eq=False, repr=False)`` classes."""

    __slots__ = ()

    def __hash__(self) -> int:
        return hash(self._fields(self))
