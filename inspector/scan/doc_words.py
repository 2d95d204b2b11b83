"""The words of docstring type phrases → types, and the hints built from them.

A word is a prose kind (``array-like``, ``scalar``), a name in the function's module, a
builtin, a standard type docstrings name without its module, a ``typing`` name or an attribute
of a module already imported; never an import or a call. The hints are the ones a type
annotation gives: unions, ``Literal``, ``list[X]``, ``dict[K, V]``, ``tuple[...]``.
"""

from __future__ import annotations

import builtins
import collections.abc as cabc
import datetime
import enum
import sys
import types
import typing
from collections.abc import Mapping

NOT_UNDERSTOOD: object = object()
"""The hint of a phrase (or word) of which nothing is understood."""

_SCALAR: object = str | int | float | bool
"""What a "scalar", "label" or "hashable" is in JSON."""
_ARRAY: object = list[typing.Any]
_OBJECT: object = dict[str, typing.Any]
_ARRAY_WORDS = (
    "list-like", "listlike", "array-like", "array_like", "arraylike", "array", "ndarray-like",
    "sequence", "iterable", "collection", "container", "iterator",
)  # fmt: skip
_PROSE: dict[str, object] = {
    **dict.fromkeys(_ARRAY_WORDS, _ARRAY),
    **dict.fromkeys(("dict-like", "dictlike", "mapping", "dictionary"), _OBJECT),
    **dict.fromkeys(("scalar", "label", "hashable"), _SCALAR),
    **dict.fromkeys(("path-like", "pathlike", "path"), str),
    **dict.fromkeys(("callable", "function"), cabc.Callable),
    "string": str,
    "integer": int,
    "boolean": bool,
    "double": float,
    "number": float,
    "numeric": float,
    "timestamp": datetime.datetime,
    "blob": bytes,
    "any": typing.Any,
}
"""Prose kinds (lower-case words) and the type names docstrings use that are not Python's
(botocore writes ``:type Bucket: string``)."""
_TYPE_NAMES: dict[str, object] = {
    "datetime": datetime.datetime,
    "date": datetime.date,
    "timedelta": datetime.timedelta,
}
"""Standard-library types docstrings name without their module."""
_TYPING: dict[str, object] = {name: getattr(typing, name) for name in typing.__all__}
_CONTAINERS: tuple[type, ...] = (list, tuple, set, frozenset, dict)


def word_type(word: str, namespace: Mapping[str, object]) -> object:
    """The type a word names, a plural (``ints``, ``DataFrames``) as its singular."""
    for candidate in _singulars(word):
        found = _prose_or_name(candidate, namespace)
        if found is not NOT_UNDERSTOOD:
            return found
    return NOT_UNDERSTOOD


def _singulars(word: str) -> tuple[str, ...]:
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        return (word, word[:-1], word[:-2]) if word.endswith("es") else (word, word[:-1])
    return (word,)


def _prose_or_name(word: str, namespace: Mapping[str, object]) -> object:
    """A lower-case word is a prose kind first; a capitalised one (``Scalar``, at the start
    of a sentence) only when no name is found."""
    prose = _PROSE.get(word.lower(), NOT_UNDERSTOOD) if "." not in word else NOT_UNDERSTOOD
    if prose is not NOT_UNDERSTOOD and (word.islower() or "-" in word):
        return prose
    found = _name(word, namespace)
    if found is NOT_UNDERSTOOD and word[:1].isupper() and word[1:].islower():
        return prose
    return found


def _name(word: str, namespace: Mapping[str, object]) -> object:
    head, _, rest = word.partition(".")
    for scope in (namespace, vars(builtins), _TYPE_NAMES, _TYPING):
        if head in scope:
            found = _attribute_path(scope[head], rest)
            if _is_type(found):
                return found
    if rest:
        parts = word.split(".")
        for cut in range(len(parts) - 1, 0, -1):
            module = sys.modules.get(".".join(parts[:cut]))
            if module is not None:
                found = _attribute_path(module, ".".join(parts[cut:]))
                return found if _is_type(found) else NOT_UNDERSTOOD
    return NOT_UNDERSTOOD


def _attribute_path(value: object, path: str) -> object:
    """``value.a.b``, walking modules and classes only (no other object's attributes)."""
    for name in path.split(".") if path else ():
        if not isinstance(value, (types.ModuleType, type)):
            return NOT_UNDERSTOOD
        try:
            value = getattr(value, name)
        except Exception:  # a lazy module attribute that fails to load
            return NOT_UNDERSTOOD
    return value


def _is_type(value: object) -> bool:
    """Whether a value is something a hint can be: a class, None, a ``typing`` form."""
    if value is None or isinstance(value, type):
        return True
    if isinstance(value, (types.GenericAlias, types.UnionType, typing.TypeVar)):
        return True
    return type(value).__module__ in ("typing", "typing_extensions")


def subscriptable(base: object) -> bool:
    if isinstance(base, type):
        return hasattr(base, "__class_getitem__") and not issubclass(base, enum.Enum)
    return type(base).__module__ in ("typing", "typing_extensions")


def union_of(members: list[object]) -> object:
    """One hint for the members: the member itself, their union, or ``NOT_UNDERSTOOD``."""
    if not members:
        return NOT_UNDERSTOOD
    members = _literals_merged(members)
    try:
        return typing.Union[tuple(members)]  # noqa: UP007 (a run-time union of hints)
    except TypeError:  # a bare form (``Optional``, ``ClassVar``) is no type: left out
        valid = [m for m in members if _valid(m)]
        return typing.Union[tuple(valid)] if valid else NOT_UNDERSTOOD  # noqa: UP007


def _literals_merged(members: list[object]) -> list[object]:
    """The ``Literal`` members as one, where the first stood: ``{'a', 'b'}`` is
    ``Literal['a', 'b']``."""
    literals = [m for m in members if typing.get_origin(m) is typing.Literal]
    if len(literals) < 2:
        return members
    values = tuple(v for m in literals for v in typing.get_args(m))
    first = members.index(literals[0])
    rest = [m for m in members if typing.get_origin(m) is not typing.Literal]
    return [*rest[:first], typing.Literal[values], *rest[first:]]


def _valid(member: object) -> bool:
    try:
        typing.Union[member, None]  # noqa: UP007 (checks the member is a type)
    except TypeError:
        return False
    return True


def container_of(hint: object, items: list[list[object]]) -> object:
    """A container kind (``list``, ``sequence``, ``dict``, ``tuple``...) of the items after
    ``of``; any other type keeps no items (``Series of bool`` stays a Series)."""
    origin = typing.get_origin(hint) or hint
    if not isinstance(origin, type):
        return hint
    if origin not in _CONTAINERS and origin.__module__ != "collections.abc":
        return hint
    if issubclass(origin, Mapping):
        if len(items) == 1:
            return generic(dict, str, union_or_any(items[0]))
        return generic(dict, union_or_str(items[0]), union_or_any(items[1]))
    members = [union_or_any(item) for item in items]
    if issubclass(origin, tuple):
        if len(members) > 1:
            return generic(tuple, *members)
        return generic(tuple, members[0], ...)
    item = union_or_any([m for item in items for m in item])
    if issubclass(origin, cabc.Set):
        return generic(set, item)
    if issubclass(origin, (str, bytes)) or not issubclass(origin, cabc.Iterable):
        return hint
    return generic(list, item)


def generic(origin: object, *args: object) -> object:
    """``origin[args]``: a generic built at run time."""
    return typing.cast(typing.Any, origin)[args if len(args) != 1 else args[0]]


def union_or_any(members: list[object]) -> object:
    found = union_of(members)
    return typing.Any if found is NOT_UNDERSTOOD else found


def union_or_str(members: list[object]) -> object:
    found = union_of(members)
    return str if found is NOT_UNDERSTOOD else found
