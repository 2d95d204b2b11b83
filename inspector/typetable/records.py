"""attrs classes and msgspec ``Struct``s as records: objects of their fields, as dataclasses
are. Read through the library that made the class (imported, since the class exists), never
imported here: a class is one by its own marks (``__attrs_attrs__``, ``__struct_fields__``)."""

from __future__ import annotations

import dataclasses
import sys
import typing
from collections.abc import Callable
from dataclasses import dataclass

NO_VALUE: typing.Final = object()
"""The default of a record field that has none (it is required)."""


@dataclass(frozen=True, slots=True)
class RecordField:
    """One field of a record.

    Attributes:
        name: Its name in JSON: the constructor's keyword for attrs (``_x`` is ``x``), the
            encoded name for msgspec (``rename=``).
        attribute: The attribute that holds it on an instance.
        hint: The type the library recorded (the class's resolved hints come first).
        default: The default value, ``NO_VALUE`` when there is none or a factory makes it.
        factory: The default factory, if any.
    """

    name: str
    attribute: str
    hint: object
    default: object = NO_VALUE
    factory: Callable[[], object] | None = None

    @property
    def required(self) -> bool:
        """Whether a value must be given."""
        return self.default is NO_VALUE and self.factory is None


def is_attrs(cls: type) -> bool:
    """A class made by attrs (``@attrs.define``, ``@attr.s``)."""
    return isinstance(getattr(cls, "__attrs_attrs__", None), tuple)


def is_struct(cls: type) -> bool:
    """A msgspec ``Struct``."""
    return isinstance(getattr(cls, "__struct_fields__", None), tuple) and hasattr(
        cls, "__struct_config__"
    )


def record_fields(cls: type) -> list[RecordField] | None:
    """The fields of an attrs class (those its constructor takes) or a msgspec ``Struct``;
    None for any other class."""
    if is_attrs(cls):
        return _attrs_fields(cls)
    if is_struct(cls):
        return _struct_fields(cls)
    return None


def init_fields(cls: type) -> list[dataclasses.Field[object]]:
    """A dataclass's fields that its constructor takes: a ``field(init=False)`` is computed by
    the class (in ``__post_init__``), never given, so it is no property (as attrs' are not)."""
    return [f for f in dataclasses.fields(cls) if f.init]


def _attrs_fields(cls: type) -> list[RecordField]:
    attr = sys.modules.get("attr")
    nothing = getattr(attr, "NOTHING", None)
    factory_class = getattr(attr, "Factory", None)
    found = []
    for attribute in getattr(cls, "__attrs_attrs__", ()):
        if not attribute.init:
            continue
        name = getattr(attribute, "alias", None) or attribute.name.lstrip("_")
        default, factory = attribute.default, None
        if isinstance(factory_class, type) and isinstance(default, factory_class):
            # a factory of ``self`` runs only in the constructor: no value known before
            made_by: typing.Any = default
            factory = None if made_by.takes_self else made_by.factory
            default = NO_VALUE
        elif default is nothing:
            default = NO_VALUE
        hint = attribute.type if attribute.type is not None else typing.Any
        found.append(RecordField(name, attribute.name, hint, default, factory))
    return found


def _struct_fields(cls: type) -> list[RecordField]:
    structs = sys.modules.get("msgspec.structs")
    msgspec = sys.modules.get("msgspec")
    nodefault = getattr(msgspec, "NODEFAULT", None)
    found = []
    for info in structs.fields(cls) if structs is not None else ():
        default = NO_VALUE if info.default is nodefault else info.default
        factory = None if info.default_factory is nodefault else info.default_factory
        found.append(RecordField(info.encode_name, info.name, info.type, default, factory))
    return found


def struct_convert(cls: type) -> Callable[[object], object] | None:
    """msgspec's own conversion of JSON values into a ``Struct`` (its names, constraints and
    messages), for a ``Struct``; None for any other class."""
    msgspec = sys.modules.get("msgspec")
    convert = getattr(msgspec, "convert", None)
    if not is_struct(cls) or not callable(convert):
        return None
    return lambda value: convert(value, cls)
