"""Protocols and ABCs with a JSON form: rows of the type table for hints that say what a value
can do rather than what class it is (``SupportsIndex``, ``os.PathLike``, ``Hashable``,
``numbers.Real``, ``Buffer``).

Each row names a *stand-in*: the concrete hint a value of the protocol travels as. The scan maps
the stand-in, the Toolbox converts the JSON to it (so the method gets an ``int``, a
``pathlib.Path``, ``bytes``, ... which satisfies the protocol) and stubs write it. Rows marked
``writes`` also turn values that are only known by the protocol into JSON through the stand-in
(``numpy.int64`` is a ``numbers.Integral``: it leaves as an int).

A protocol no row names (a user's own ``typing.Protocol``) takes the form of the one JSON type
that has every member it asks for (``items()``: an object); when none or several do, it has no
JSON form.
"""

from __future__ import annotations

import collections.abc as cabc
import fractions
import pathlib
import sys
import typing
from collections.abc import Callable
from typing import NamedTuple

from inspector.model import MISSING
from inspector.typetable.scalars import NoJsonForm

HASHABLE = str | int | float | bool | None
"""A label (a dict key, a pandas column name): any JSON scalar."""


class ProtocolRow(NamedTuple):
    """One row: protocols and ABCs whose values travel as one concrete hint."""

    name: str
    """The classes as a user writes them; documentation only."""
    classes: tuple[tuple[str, str], ...]
    """(module, qualified name) of the protocols and ABCs this row covers."""
    stand_in: object
    """The hint a value travels as: the schema, the Toolbox's reading and the stub follow it."""
    writes: bool = False
    """Whether a value that is an instance of these classes leaves as JSON by converting it to
    the stand-in (for ABCs whose instances are exactly such values: not for protocols a value
    only happens to satisfy, like ``SupportsInt`` for a ``Fraction``)."""
    results: bool = True
    """Whether a return value so declared has the stand-in's schema; when not, it is a result
    of no JSON form (the model gets the form read from the value, else its text)."""


def _both(*names: str) -> tuple[tuple[str, str], ...]:
    """The protocols of ``typing`` and their copies in ``typing_extensions``."""
    return tuple((module, name) for name in names for module in ("typing", "typing_extensions"))


PROTOCOLS: tuple[ProtocolRow, ...] = (
    ProtocolRow("numbers.Integral", (("numbers", "Integral"),), int, writes=True),
    # a rational travels as a Fraction, which keeps what the model wrote ("1/3", 0.1 as 1/10):
    # made from a float it would be the float's binary value
    ProtocolRow("numbers.Rational", (("numbers", "Rational"),), fractions.Fraction, writes=True),
    ProtocolRow("numbers.Real", (("numbers", "Real"),), float, writes=True),
    # a result so declared may be a complex number, whose text leaves (no number schema)
    ProtocolRow(
        "numbers.Number, numbers.Complex",
        (("numbers", "Number"), ("numbers", "Complex")),
        float,
        results=False,
    ),
    # a ``complex`` parameter takes an int or a float too (PEP 484's numeric tower), which is
    # all JSON writes (numpy's ``ArrayLike`` ends in ``_NestedSequence[complex | bytes |
    # str]``); a complex result keeps its own text, since ``1j`` is no JSON number
    ProtocolRow("complex", (("builtins", "complex"),), float, results=False),
    ProtocolRow("SupportsIndex, SupportsInt", _both("SupportsIndex", "SupportsInt"), int),
    ProtocolRow(
        "SupportsFloat, SupportsAbs, SupportsRound",
        _both("SupportsFloat", "SupportsAbs", "SupportsRound"),
        float,
    ),
    # typeshed's ``SizedBuffer`` is a buffer whose length is known (hmac's ``digest(key,
    # ...)``, gzip's and zipfile's ``write``, smtplib's and imaplib's ``send``)
    ProtocolRow(
        "collections.abc.Buffer, typing_extensions.Buffer, SupportsBytes, "
        "_typeshed.SizedBuffer (in stub files)",
        (
            ("collections.abc", "Buffer"),
            *_both("Buffer", "SupportsBytes"),
            ("_typeshed", "SizedBuffer"),
        ),
        bytes,
    ),
    # the ABC bytes and bytearray are registered with (deprecated since 3.12, gone in 3.14;
    # stubs of compiled modules still write it: zstandard's ``compress(data: ByteString)``)
    ProtocolRow(
        "collections.abc.ByteString, typing.ByteString",
        (("collections.abc", "ByteString"),),
        bytes,
    ),
    ProtocolRow("os.PathLike", (("os", "PathLike"),), pathlib.Path, writes=True),
    ProtocolRow("collections.abc.Hashable", (("collections.abc", "Hashable"),), HASHABLE),
    ProtocolRow(
        "_typeshed.SupportsLenAndGetItem (in stub files)",
        (("_typeshed", "SupportsLenAndGetItem"),),
        list,
    ),
)
"""In lookup order for values: ``Integral`` before the ``Rational`` and ``Real`` it is."""

_BY_CLASS = {key: row.stand_in for row in PROTOCOLS for key in row.classes}
_PARAMETERS_ONLY = frozenset(key for row in PROTOCOLS if not row.results for key in row.classes)
_JSON_CLASSES: tuple[type, ...] = (dict, list, str, bytes, int, float)
"""The classes a user protocol may be satisfied by (bool adds nothing to int's members)."""


def stand_in(cls: object) -> object | None:
    """The hint a protocol or ABC travels as, or None when it is not one with a JSON form."""
    if not isinstance(cls, type):
        return None
    found = _row(cls)
    if found is None and _is_user_protocol(cls):
        found = _satisfied_by(cls)
    return found


def stands_in_for_results(cls: type) -> bool:
    """Whether a return value declared as ``cls`` has its stand-in's schema (see
    ``ProtocolRow.results``)."""
    return (cls.__module__, cls.__qualname__) not in _PARAMETERS_ONLY


def _row(cls: type) -> object | None:
    """The stand-in of the row that names the class, if one does."""
    return _BY_CLASS.get((cls.__module__, cls.__qualname__))


def _is_user_protocol(cls: type) -> bool:
    return bool(cls.__dict__.get("_is_protocol")) and cls.__module__ not in (
        "typing",
        "typing_extensions",
    )


_SEQUENCE_MEMBERS = frozenset(
    {"__len__", "__getitem__", "__iter__", "__contains__", "__reversed__"}
)
"""What every sequence has: a protocol asking for ``__len__`` and ``__getitem__`` and nothing
beyond these (typeshed's ``SupportsLenAndGetItem``) is read as an array."""


def _satisfied_by(protocol: type, args: tuple[object, ...] = ()) -> object | None:
    """The one JSON class that has every member the protocol asks for, if exactly one has; an
    array for a sequence-like protocol, and for one made of iterable ABCs (strings and objects
    have those members too, but a model sends a list of items): ``list[X]`` when its
    ``Iterable[X]`` base says what it iterates (its type parameters taking ``args``)."""
    members = _members(protocol)
    if not members:
        return None
    if {"__len__", "__getitem__"} <= members <= _SEQUENCE_MEMBERS and _by_position(protocol):
        return list
    fits = [c for c in _JSON_CLASSES if all(_has(c, name) for name in members)]
    if len(fits) > 1 and list in fits:
        item = _iterated(protocol, args)
        if item is not None:
            return list[item]  # type: ignore[valid-type]
    if fits == [int, float]:  # ``__trunc__``, ``__round__``: a JSON number is either
        return float
    return fits[0] if len(fits) == 1 else None


_ITERABLE_ABCS: tuple[type, ...] = (
    cabc.Iterable,
    cabc.Collection,
    cabc.Container,
    cabc.Reversible,
    cabc.Sized,
)
"""The ABCs a protocol may be made of and still read as an array (the type table's arrays that
``typing.Protocol`` takes as bases)."""


def _iterated(protocol: type, args: tuple[object, ...]) -> object | None:
    """What a protocol whose bases are all iterable ABCs iterates (typeshed's
    ``_SizedIterable(Iterable[_T_co], Sized, Protocol[_T_co])``, a user's
    ``Rows(Iterable[Row], Sized, Protocol)``): the first one's type argument, with the
    protocol's type parameters replaced by ``args``; ``Any`` when none has one; None when it
    has no such base, or another one."""
    iterables = []
    for base in protocol.__dict__.get("__orig_bases__", protocol.__bases__):
        origin = typing.get_origin(base) or base
        if origin is typing.Protocol or origin is typing.Generic:
            continue
        if origin not in _ITERABLE_ABCS:
            return None
        iterables.append(base)
    typed = [base for base in iterables if typing.get_args(base)]
    if not iterables:
        return None
    return _substituted(typed[0], protocol, args) if typed else typing.Any


def _substituted(base: object, protocol: type, args: tuple[object, ...]) -> object:
    """The type argument of a protocol's base ``Iterable[T]``, its ``T`` replaced by the
    protocol's argument for it (``_SizedIterable[int]``: ``int``; not given: ``Any``)."""
    parameters: tuple[object, ...] = getattr(protocol, "__parameters__", ())
    if len(args) != len(parameters):
        args = (typing.Any,) * len(parameters)
    if parameters and getattr(base, "__parameters__", ()):
        given = dict(zip(parameters, args, strict=True))
        base = base[tuple(given.get(p, typing.Any) for p in base.__parameters__)]  # type: ignore[index,attr-defined]
    return typing.get_args(base)[0]


_POSITIONS = (int, typing.SupportsIndex, "int", "SupportsIndex", "typing.SupportsIndex")


def _by_position(protocol: type) -> bool:
    """Whether the protocol's ``__getitem__`` takes a position (an ``int``, or no hint), not a
    key (``str``: a mapping-like protocol)."""
    getitem = protocol.__dict__.get("__getitem__")
    try:
        hints = typing.get_type_hints(getitem)
    except Exception:  # a name it cannot resolve: the hint as written
        hints = dict(getattr(getitem, "__annotations__", {}))
    key = next((hint for name, hint in hints.items() if name != "return"), int)
    return key in _POSITIONS


def generic_stand_in(origin: object, args: tuple[object, ...]) -> object | None:
    """The stand-in of a subscripted protocol: ``SupportsLenAndGetItem[int]`` → ``list[int]``
    (its one parameter is the item type), ``os.PathLike[str]`` → ``Path``, a user's
    ``SizedIterable[int]`` (``Iterable[T]`` and ``Sized``) → ``list[int]``."""
    if isinstance(origin, type) and _row(origin) is None and _is_user_protocol(origin):
        form = _satisfied_by(origin, args)
    else:
        form = stand_in(origin)
    if form is list and len(args) == 1:
        return list[args[0]]  # type: ignore[valid-type]
    return form


def _members(protocol: type) -> frozenset[str]:
    """The attribute names a protocol asks for (``__protocol_attrs__`` from Python 3.12)."""
    attrs = getattr(protocol, "__protocol_attrs__", None)
    if attrs is None:
        reader: Callable[[type], set[str]] | None = getattr(typing, "_get_protocol_attrs", None)
        attrs = reader(protocol) if reader is not None else ()
    return frozenset(attrs)


_BUFFER_MEMBERS = frozenset({"__buffer__", "__release_buffer__"})
"""The buffer protocol, which ``bytes`` has in Python code only from 3.12."""


def _has(cls: type, name: str) -> bool:
    """Whether instances of ``cls`` have the attribute (the class's own MRO, not its type's)."""
    if cls is bytes and name in _BUFFER_MEMBERS:
        return True
    for base in cls.__mro__:
        if name in base.__dict__:
            return base.__dict__[name] is not None  # ``__hash__ = None`` says unhashable
    return False


def as_stand_in(value: object) -> object:
    """A value known only by an ABC of a ``writes`` row, converted to the row's stand-in
    (``numpy.int64`` → ``int``); MISSING when no such row covers it. Raises ``NoJsonForm``
    when the stand-in refuses it (``float(1j)``)."""
    for row in PROTOCOLS:
        if not row.writes:
            continue
        for module, name in row.classes:
            abc = getattr(sys.modules.get(module), name, None)  # not imported: no instance
            if isinstance(abc, type) and isinstance(value, abc):
                assert isinstance(row.stand_in, type)
                try:
                    return row.stand_in(value)
                except (TypeError, ValueError, OverflowError) as error:
                    raise NoJsonForm(f"{type(value).__qualname__}: {error}") from None
    return MISSING
