"""Values compared and shown by their fields, as dataclasses are, with methods written once.

A dataclass generates its ``__eq__``, ``__hash__`` and ``__repr__`` as source text compiled at
import, which makes each class cost a few milliseconds of start-up; the frozen slotted
dataclasses declare ``eq=False, repr=False`` and inherit them from ``FrozenRecord`` instead,
alike in behaviour. Plain slotted classes inherit them from ``Record``.
"""

from __future__ import annotations

import dataclasses
import operator
from collections.abc import Callable
from typing import ClassVar

_Values = Callable[[object], tuple[object, ...]]
"""A getter of an object's compared values."""


def _layout(cls: type) -> tuple[_Values, tuple[str, ...]]:
    """A class's compared values and the names its repr shows: a dataclass's fields
    (``compare`` and ``repr`` as the dataclass says, inherited fields included), else the
    ``__slots__`` of the class and its bases. The getter is kept on the class."""
    if dataclasses.is_dataclass(cls):
        fields = dataclasses.fields(cls)
        compared = tuple(f.name for f in fields if f.compare)
        shown = tuple(f.name for f in fields if f.repr)
    else:
        slots = (getattr(base, "__slots__", ()) for base in reversed(cls.__mro__))
        names = (n for group in slots for n in ((group,) if isinstance(group, str) else group))
        compared = shown = tuple(n for n in names if n not in ("__weakref__", "__dict__"))
    values = _getter(compared)
    setattr(cls, "_record_values", values)  # noqa: B010  # a class attribute, not a slot
    return values, shown


def _getter(names: tuple[str, ...]) -> _Values:
    """The tuple of an object's attributes ``names`` (a tuple for one name too, so values are
    compared as a dataclass compares them: ``nan`` equals itself)."""
    if len(names) > 1:
        return operator.attrgetter(*names)
    if names:
        name = names[0]
        return lambda obj: (getattr(obj, name),)
    return lambda _: ()


class Record:  # noqa: PLW1641  # defining __eq__ alone makes it unhashable
    """Equal when of the same class with equal fields, shown as ``Name(field=value)``, the
    fields being the names in the ``__slots__`` of the class and its bases; unhashable, as a
    mutable dataclass."""

    __slots__ = ()
    _record_values: ClassVar[_Values | None] = None
    """The class's own getter, made on first use (a dataclass's fields are known only then)."""

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        cls._record_values = None  # not the base's: this class's fields may differ

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            values = self.__class__._record_values or _layout(self.__class__)[0]
            return values(self) == values(other)
        return NotImplemented

    def __repr__(self) -> str:
        shown = _layout(self.__class__)[1]
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in shown)
        return f"{self.__class__.__qualname__}({fields})"


class FrozenRecord(Record):
    """A ``Record`` hashed by its fields: the base of the
    ``@dataclass(frozen=True, slots=True, eq=False, repr=False)`` classes (whose fields are the
    dataclass's)."""

    __slots__ = ()

    def __hash__(self) -> int:
        return hash((self.__class__._record_values or _layout(self.__class__)[0])(self))
