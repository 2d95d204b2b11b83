"""Docstring types → type hints: the phrases docstrings write, read by a small tokenizer and
grammar (never evaluated), and the defaults they state.

Reads what libraries write in prose as well as Python forms: ``int or None``, ``{'left',
'right'}, default 'left'``, ``str or list-like, optional``, ``list of str``, ``tuple of (int,
int)``, ``dict of {str: int}``, ``mapping of str to int``, ``array-like``, ``scalar``,
``:class:`~pandas.Series```, ``list[int] | None``. Alternatives are split by ``,``, ``or``,
``and``, ``|`` and ``/``. A word is a prose kind (``array-like``, ``scalar``), a name in the
function's module (those it imports only under ``if TYPE_CHECKING:`` too), a builtin, a standard
type docstrings name without its module, a ``typing`` name or an attribute of a module already
imported; never an import or a call. The result is a plain hint (``Literal[...]``, ``list[X]``,
unions) that the type table maps and the Toolbox converts; words that are not understood are
left out and named, never guessed.
"""

from __future__ import annotations

import ast
import builtins
import collections.abc as cabc
import dataclasses
import datetime
import enum
import functools
import importlib
import re
import sys
import types
import typing
from collections.abc import Callable, Iterator, Mapping
from typing import NamedTuple

from inspector.model import MISSING, Json, RefType, SchemaType, _Missing
from inspector.scan.function_factories import unwrapped
from inspector.scan.typecheck_names import TypeCheckingNames
from inspector.typetable.schema_values import value_problem

# Words → types

NOT_UNDERSTOOD: object = object()
"""The hint of a phrase (or word) of which nothing is understood."""

_SCALAR: object = str | int | float | bool
"""What a "scalar", "label" or "hashable" is in JSON."""
_ARRAY: object = list[typing.Any]
_OBJECT: object = dict[str, typing.Any]
_ARRAY_WORDS = (
    "list-like", "listlike", "array-like", "array_like", "arraylike", "array", "ndarray-like",
    "sequence", "iterable", "collection", "container", "iterator", "generator",
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
    # None in prose (openpyxl's ``numeric or time or string or bool or none``), JSON's word
    **dict.fromkeys(("none", "null"), type(None)),
}
"""Prose kinds (lower-case words) and the type names docstrings use that are not Python's
(botocore writes ``:type Bucket: string``)."""
_TYPE_NAMES: dict[str, object] = {
    "datetime": datetime.datetime,
    "date": datetime.date,
    "timedelta": datetime.timedelta,
    "time": datetime.time,
    "NoneType": type(None),
    "long": int,
    "unicode": str,
    "basestring": str,
    "file": typing.BinaryIO,
    "Nullable": typing.Optional,
}
"""Standard-library types docstrings name without their module, Python 2's names (``file``:
a file object, read and written as bytes; gcs' ``file_obj (file)``), and ``Nullable[X]`` for
``Optional[X]`` (the Stone SDKs': dropbox documents 63 methods so)."""
_IMPORTED_NAMES: dict[str, tuple[str, str]] = {"socket": ("socket", "socket")}
"""Standard-library types docstrings name without their module, by the module and the name
in it, imported when a docstring names one (paramiko's ``:param socket sock:``): ``socket``
takes 20 to 50 ms to import, which a scan that meets no such word does not pay."""
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
    if head in _IMPORTED_NAMES:
        module_name, name = _IMPORTED_NAMES[head]
        found = _attribute_path(getattr(importlib.import_module(module_name), name), rest)
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


# Phrases → hints

_LITERALS: dict[str, object] = {"True": True, "False": False, "None": None}
_ARTICLES = frozenset({"a", "an", "the", "one"})
_FILLERS = frozenset({"object", "objects", "value", "values", "instance", "instances"})
"""Words that follow a type's name without changing it ("tzinfo object", "scalar value")."""
_DIMENSIONS = re.compile(r"(?:\d+|[nN])-?[dD](?:imensional)?")
"""A count of an array's dimensions (statsmodels' ``array_like, 1-D or 2-D``, ``N-D``,
``3-dimensional``): said of the array beside it, no type of its own."""
_ITEMS_VERBS = ("mapping", "containing", "holding")
"""Words that bring in a container's items as ``of`` does: ``dict mapping str to str``
(feedparser), ``list containing ints``."""
_EXAMPLES: tuple[tuple[str, ...], ...] = (
    ("like",), ("e.g",), ("eg",), ("such", "as"), ("for", "example"), ("for", "instance"),
)  # fmt: skip
"""Words that bring in examples of a type (``str like 'rb', 'w'``, ``str, e.g. 'utf-8'``):
values of it, not the only ones."""
_EXAMPLES_BEFORE_A_VALUE: tuple[tuple[str, ...], ...] = (
    ("as",), ("formatted", "as"), ("in", "the", "form"), ("in", "the", "format"),
    ("in", "format"), ("example",), ("examples",),
)  # fmt: skip
"""Words that bring in examples when a value follows them (geopy's ``string as
"%(latitude)s, %(longitude)s"``, ``str in the format 'YYYY-MM-DD'``): the form of a value,
not the only one; followed by a word they say something else (``same type as the caller``)."""
_EXAMPLE_OPENERS = frozenset(words[0] for words in (*_EXAMPLES, *_EXAMPLES_BEFORE_A_VALUE))
"""The first words of both: a word that is none of them brings in no examples."""
_COUNTED = frozenset({"item", "items", "element", "elements", "entry", "entries"})
"""Words a count names its items with (``tuple of 2 items of (latitude, longitude)``): the
items' type follows ``of``, if any."""
_PREVIOUS = frozenset({"such", "previous", "above", "those", "these", "them", "same"})
"""``list of such``, ``sequence of the previous``, geopy's ``a list of them``: of the members
before."""
_QUALIFIERS = frozenset(
    {
        "advanced", "cached", "computed", "default", "deprecated", "experimental", "ignored",
        "immutable", "inherited", "internal", "keyword", "lazy", "legacy", "mutable",
        "obsolete", "optional", "positional", "private", "provisional", "public", "readonly",
        "required", "static", "unstable", "unused", "writable",
    }
)  # fmt: skip
"""Words that say how an argument is taken or kept, not what it is: in a bracket standing
alone (``(deprecated, unused)``) they are asides, no names of a tuple's items."""
_CONDITIONS = frozenset({"if", "when", "unless", "whenever"})
"""Words that open a condition on the member before them, up to the next comma or semicolon
(``str, or None if not found``, geopy's ``a list of them, if ``exactly_one=False````): no
type, nor a value (``False`` there is no ``Literal[False]``)."""
_COMPARISONS = frozenset({"<", ">", "=", "!"})
_SEPARATORS = frozenset({",", "|", "/", "or", "and", ";"})
_MAX_DEPTH = 12
"""Deeper nesting than real docstrings write is not read (keeps recursion bounded)."""
_MAX_TUPLE_COUNT = 16
"""A tuple of more items than this keeps one item type for all (``tuple of 100 ints``)."""


class _Patterns(NamedTuple):
    role: re.Pattern[str]
    """A Sphinx role before a backquoted name: ``:class:`` in ``:class:`~pandas.Series```."""
    epydoc_markup: re.Pattern[str]
    """Epydoc's inline markup around a name: ``L{botocore.model.ServiceModel}``, ``C{int}``."""
    relative: re.Pattern[str]
    """A name Sphinx looks up from the current module, opened by a dot (paramiko's ``:type
    pkey: .PKey``)."""
    default: re.Pattern[str]
    optional: re.Pattern[str]
    """numpydoc's ``optional`` marker (``Optional[X]`` is a type)."""
    token: re.Pattern[str]


@functools.cache
def _patterns() -> _Patterns:
    """Compiled at the first phrase read: code typed by hints reads none (saves start-up)."""
    return _Patterns(
        role=re.compile(r":[\w.+-]+(?::[\w.+-]+)*:(?=`)"),
        epydoc_markup=re.compile(r"\b[LCIB]\{([^{}]*)\}"),
        relative=re.compile(r"(?<![\w.])\.([A-Za-z_]\w*)"),
        default=re.compile(
            r"(?:^|(?<=[,;(\s]))\s*defaults?\b(?:\s+(?:is|to)\b)?\s*[:=]?\s*(?P<value>.*)$",
            re.IGNORECASE | re.DOTALL,
        ),
        optional=re.compile(r"\(\s*optional\s*\)|\boptional\b(?!\s*\[)", re.IGNORECASE),
        token=re.compile(
            r"""\s*(?:
                (?P<string>'[^'\n]*'|"[^"\n]*")
              | (?P<number>[-+]?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?(?![\w.-]))
              | (?P<word>[A-Za-z_0-9][\w-]*(?:\.[A-Za-z_][\w-]*)*)
              | (?P<punct>->|\.\.\.|[,;|/()\[\]{}:])
              | (?P<other>\S)
            )""",
            re.VERBOSE,
        ),
    )


class DocType(NamedTuple):
    """What a docstring type phrase says: the hint (``NOT_UNDERSTOOD`` when nothing is), the
    words left out, and the text of its ``default ...`` clause."""

    hint: object
    dropped: tuple[str, ...] = ()
    default: str | None = None


class _Token(NamedTuple):
    kind: str
    text: str


def names_a_type(text: str) -> bool:
    """Whether a docstring type phrase says more than that the argument may be left out:
    kafka-python's ``value (optional): ...`` and jira's ``expand (Optional): ...`` give none,
    nor does ``optional, default None``."""
    patterns = _patterns()
    found = patterns.default.search(text)
    rest = patterns.optional.sub("", text[: found.start()] if found else text)
    return any(character.isalnum() for character in rest)


def read_doc_type(text: str, namespace: Mapping[str, object]) -> DocType:
    """The hint a docstring type phrase describes, with names resolved in ``namespace``."""
    patterns = _patterns()
    text = patterns.epydoc_markup.sub(r"\1", patterns.role.sub("", text))
    text = text.replace("`", "").replace("~", "")
    default = None
    found = patterns.default.search(text)
    if found:
        default = _default_text(found.group("value"))
        text = text[: found.start()]
    text = patterns.optional.sub(",", text)
    tokens = [
        _Token(str(m.lastgroup), m.group(m.lastgroup))
        for m in patterns.token.finditer(text)
        if m.lastgroup is not None
    ]
    reader = _Reader(tokens, namespace)
    reader.at = shape = _leading_shape(tokens, namespace)
    members = reader.phrase(frozenset(), 0)
    while reader.at < len(tokens):  # a stray closing bracket ends a phrase early
        reader.at += 1
        members += reader.phrase(frozenset(), 0)
    if shape:
        members = _shaped(members)
    return DocType(union_of(members), tuple(dict.fromkeys(reader.dropped)), default)


def _leading_shape(tokens: list[_Token], namespace: Mapping[str, object]) -> int:
    """How many tokens an array's shape takes at the start of a phrase (scipy's ``(m,)
    ndarray, float``, ``(m, n) ndarray``): a bracket of dimensions, names that are no type or
    numbers with a comma among them, before the rest of the phrase; 0 when there is none
    (``(int, str)`` names types)."""
    if not tokens or tokens[0].text != "(":
        return 0
    for index, token in enumerate(tokens[1:], start=1):
        if token.text == ")":
            dimensions = tokens[1:index]
            shaped = any(t.text == "," for t in dimensions) and index + 1 < len(tokens)
            return index + 1 if shaped else 0
        if token.kind == "number" or token.text == ",":
            continue
        if token.kind != "word" or word_type(token.text, namespace) is not NOT_UNDERSTOOD:
            return 0
    return 0


def _shaped(members: list[object]) -> list[object]:
    """The members of a phrase after an array's shape: an array of the scalar types it names
    (``(m,) ndarray, float``: a list of floats, ``float`` the items' type), or the arrays
    it names as they are (``(n,) array of float``); None stays beside the array."""
    kinds = [typing.get_origin(m) or m for m in members]
    if any(isinstance(k, type) and issubclass(k, _CONTAINERS) for k in kinds):
        return members
    items = [m for m in members if m is not None]
    array = generic(list, union_or_any(items))
    return [array, None] if None in members else [array]


def _default_text(text: str) -> str | None:
    """The value of a ``default`` clause, without the ``)`` or ``.`` that close its aside."""
    text = text.strip().rstrip(".").strip()
    while text.endswith(")") and text.count(")") > text.count("("):
        text = text[:-1].rstrip()
    return text or None


class _Reader:
    """A recursive-descent reader over the tokens of one phrase."""

    def __init__(self, tokens: list[_Token], namespace: Mapping[str, object]) -> None:
        self.tokens = tokens
        self.at = 0
        self.namespace = namespace
        self.dropped: list[str] = []

    def peek(self) -> _Token | None:
        return self.tokens[self.at] if self.at < len(self.tokens) else None

    def is_next(self, *texts: str) -> bool:
        token = self.peek()
        return token is not None and token.kind in ("punct", "word") and token.text in texts

    def phrase(self, stops: frozenset[str], depth: int) -> list[object]:
        """Members up to a stop token (not taken), split by the separators not in ``stops``."""
        members: list[object] = []
        while (token := self.peek()) is not None and token.text not in stops:
            if token.kind in ("punct", "word", "other") and token.text in _SEPARATORS:
                self.at += 1
            elif token.kind == "word" and token.text.lower() in _CONDITIONS:
                self.skip_condition(stops)
            elif members and self.examples_ahead():  # ``str, e.g. 'utf-8'``
                self.skip_examples()
            elif token.text in (")", "]", "}"):
                return members  # closes an outer bracket
            else:
                before = self.at
                member = self.member(members, depth)
                if member is not NOT_UNDERSTOOD:
                    members.append(member)
                if self.at == before:  # never stall on a token no rule takes
                    self.at += 1
        return members

    def member(self, previous: list[object], depth: int) -> object:
        token = self.peek()
        assert token is not None
        if depth > _MAX_DEPTH:
            self.dropped.append(token.text)
            self.at = len(self.tokens)
            return NOT_UNDERSTOOD
        if token.text == "None":
            self.at += 1
            return None
        if self.range_ahead():  # ``0 to 100``: bounds, not the only values
            self.at += 3
            return NOT_UNDERSTOOD
        if self.count_ahead(named=True):  # ``4 floats``: a length, not a value
            items, count = self.counted(depth + 1)
            return with_length(container_of(list, items), count)
        if self.count_ahead():  # ``int, 10 seconds``: a value with its unit, prose
            self.skip_examples()
            return NOT_UNDERSTOOD
        if _is_literal(token):
            self.at += 1
            if token.kind == "string" and _PLACEHOLDER.search(token.text):
                return str  # a template (``"%(latitude)s, %(longitude)s"``): a text's form
            return typing.Literal[_literal(token)]
        if token.text == "{":
            return self.braces(depth + 1)
        if token.text == "(":
            self.at += 1
            kept = len(self.dropped)
            inner = self.phrase(frozenset({")"}), depth + 1)
            self.skip(")")
            if not inner and len(self.dropped) - kept > 1 and self.names_items(kept):
                return generic(tuple, *[typing.Any] * self.item_names(kept))
            return union_of(inner)
        if token.kind == "word":
            return self.term(previous, depth)
        self.at += 1  # stray punctuation (``->``, ``:``) says no type
        if token.text in _COMPARISONS:  # ``int >= 0``: a bound, not a member
            while (bound := self.peek()) is not None and bound.text in _COMPARISONS:
                self.at += 1
            if (bound := self.peek()) is not None and bound.kind == "number":
                self.at += 1
        return NOT_UNDERSTOOD

    def names_items(self, kept: int) -> bool:
        """Whether a bracket standing alone, that held no type, names a tuple's items
        (``Point or (lat, lon, alt)``): each word dropped in it is an identifier and no
        qualifier (not ``(keyword-only, advanced)`` nor ``(deprecated, unused)``, which say
        how the argument is taken). After a container's ``of`` (geopy's ``list or tuple of
        (latitude, longitude)``) its words name the items whatever they are."""
        return all(
            word.isidentifier() and word.lower() not in _QUALIFIERS for word in self.dropped[kept:]
        )

    def item_names(self, kept: int) -> int:
        """How many names a bracket that held no type gave (geopy's ``(latitude,
        longitude)``): they name a tuple's items, no type, and are no longer dropped."""
        named = len(self.dropped) - kept
        del self.dropped[kept:]
        return named

    def skip_condition(self, stops: frozenset[str]) -> None:
        """Past a condition: up to a comma or semicolon, a stop or a bracket it does not open."""
        level = 0
        while (token := self.peek()) is not None and token.text not in stops:
            if level == 0 and token.text in (",", ";", ")", "]", "}"):
                return
            level += {"(": 1, "[": 1, "{": 1, ")": -1, "]": -1, "}": -1}.get(token.text, 0)
            self.at += 1

    def skip(self, closing: str) -> None:
        if self.is_next(closing):
            self.at += 1

    def words(self) -> list[str]:
        found: list[str] = []
        while (token := self.peek()) is not None and token.kind == "word":
            if token.text in _SEPARATORS or token.text in ("of", "to") or token.text in _LITERALS:
                break
            if token.text.lower() in _CONDITIONS:  # ``int when given``: the type ends there
                break
            if self.examples_ahead():
                break
            if token.text in _ITEMS_VERBS and self._items_after(found):  # ``dict mapping``
                break
            found.append(token.text)
            self.at += 1
        return found

    def term(self, previous: list[object], depth: int) -> object:
        """``[a] words [subscript] [(aside)] [of item]``: the last word names the type."""
        words = self.words()
        named = [w for w in words if w.lower() not in _ARTICLES] or words
        while len(named) > 1 and named[-1].lower() in _FILLERS:
            named.pop()
        hint = word_type(named[-1], self.namespace) if named else NOT_UNDERSTOOD
        if (  # ``callable f(x, *args)`` (scipy.optimize): a function named with its signature
            hint is NOT_UNDERSTOOD
            and len(named) > 1
            and self.is_next("(")
            and word_type(named[-2], self.namespace) is cabc.Callable
        ):
            hint = cabc.Callable
        if self.is_next("["):
            hint = self.subscript(hint, depth + 1)
        elif self.is_next("("):
            hint = self.aside(hint, depth + 1)
        if self.is_next("of") and self.shape_ahead():  # ``array-like of shape (n, m)``
            self.at += 2
            while self.is_next("("):  # ``(n_samples,) or (n_samples, n_outputs)``: one shape
                self.aside(NOT_UNDERSTOOD, depth + 1)  # or another, of the same array
                following = self.after_next()
                if not self.is_next("or") or following is None or following.text != "(":
                    break
                self.at += 1
        if self.is_next("of", *_ITEMS_VERBS):
            self.at += 1
            items, count = self.items(previous, depth + 1)
            if not named or named[-1].lower() in _ARTICLES:  # ``one of {'a', 'b'}``
                return union_of(items[0]) if items else NOT_UNDERSTOOD
            if hint is not NOT_UNDERSTOOD:
                hint = with_length(container_of(hint, items), count)
        if hint is NOT_UNDERSTOOD and words and not all(map(_DIMENSIONS.fullmatch, words)):
            self.dropped.append(" ".join(words))
        if hint is not NOT_UNDERSTOOD and self.examples_ahead():
            self.skip_examples()
        return hint

    def after_next(self) -> _Token | None:
        """The token after the next one."""
        return self.tokens[self.at + 1] if self.at + 1 < len(self.tokens) else None

    def _items_after(self, found: list[str]) -> bool:
        """Whether the word at hand brings in the items of the type named before it (``dict
        mapping str to str``), not names the type itself (``a mapping``, ``str mapping``)."""
        following = self.after_next()
        named = any(word.lower() not in _ARTICLES for word in found)
        return named and following is not None and following.kind == "word"

    def examples_ahead(self) -> bool:
        """Whether the next words bring in examples (see ``_EXAMPLES`` and
        ``_EXAMPLES_BEFORE_A_VALUE``)."""
        token = self.peek()
        if token is None or token.kind != "word" or token.text.lower() not in _EXAMPLE_OPENERS:
            return False
        if any(self.words_ahead(words) for words in _EXAMPLES):
            return True
        for words in _EXAMPLES_BEFORE_A_VALUE:
            if self.words_ahead(words):
                after = self.at + len(words)
                if after < len(self.tokens) and self.tokens[after].text == ":":
                    after += 1  # ``example: 'x'``
                return after < len(self.tokens) and _is_value(self.tokens[after])
        return False

    def words_ahead(self, words: tuple[str, ...]) -> bool:
        """Whether the next tokens are these words (in any case)."""
        ahead = self.tokens[self.at : self.at + len(words)]
        return len(ahead) == len(words) and all(
            token.kind == "word" and token.text.lower() == word
            for token, word in zip(ahead, words, strict=True)
        )

    def count_ahead(self, *, named: bool = False) -> bool:
        """Whether a count of items is next: a whole number before a word that is no
        separator (``2 items``, ``4 floats``); with ``named`` (outside ``of``, where a number
        is as likely a value with its unit: ``int, 10 seconds``), before ``items`` or a word
        that names a type."""
        token, following = self.peek(), self.after_next()
        counts = (
            token is not None
            and token.kind == "number"
            and token.text.isdigit()
            and following is not None
            and following.kind == "word"
            and following.text not in _SEPARATORS
            and following.text not in _LITERALS
            and following.text != "to"
        )
        if not counts or not named:
            return counts
        assert following is not None  # ``counts`` holds only with a word after the number
        word = following.text
        return word.lower() in _COUNTED or word_type(word, self.namespace) is not NOT_UNDERSTOOD

    def counted(self, depth: int) -> tuple[list[list[object]], int]:
        """``2 items of X``, ``2 X``: the items (``X``, or anything) and how many."""
        count = int(self.tokens[self.at].text)
        self.at += 1
        if (token := self.peek()) is not None and token.text.lower() in _COUNTED:
            self.at += 1
            if not self.is_next("of"):
                return [[]], count
            self.at += 1
        return [self.alternatives(depth)], count

    def range_ahead(self) -> bool:
        """Whether a range of numbers is next: ``0 to 100``."""
        ahead = self.tokens[self.at : self.at + 3]
        return [token.kind for token in ahead] == ["number", "word", "number"] and (
            ahead[1].text == "to"
        )

    def skip_examples(self) -> None:
        """Pass over the examples, to the end of the phrase or of the bracket it is in, or to
        an ``or`` (``|``) before another type (``str like 'a' or None``): they are values the
        type takes, not a list of the only ones (no enum of them)."""
        level = 0
        while (token := self.peek()) is not None:
            if token.text in ("(", "[", "{"):
                level += 1
            elif token.text in (")", "]", "}"):
                if level == 0:
                    return
                level -= 1
            elif level == 0 and token.text in ("or", "|") and self._type_follows():
                return
            self.at += 1

    def _type_follows(self) -> bool:
        """Whether the token after the next one names a type (a word, ``None``): not another
        example value."""
        following = self.after_next()
        return (
            following is not None
            and following.kind == "word"
            and (following.text == "None" or following.text not in _LITERALS)
        )

    def shape_ahead(self) -> bool:
        """Whether ``of shape`` follows: the dimensions of an array, no type (scikit-learn's
        ``array-like of shape (n_samples,)``)."""
        following = self.after_next()
        return following is not None and following.text == "shape"

    def aside(self, hint: object, depth: int) -> object:
        """``(...)`` after a type: the items of a container (``list(str)``, ``tuple(int,
        int)``) when each is understood, the values the type takes when it lists them
        (``str ('a' or 'b')``), else an aside that is skipped, reporting nothing (``tuple
        (rows, columns)``, ``callable(x)``, ``str (e.g. 'a', 'b')``)."""
        self.at += 1
        if self.examples_ahead():
            self.skip_examples()
            self.skip(")")
            return hint
        kept = len(self.dropped)
        members = self.phrase(frozenset({")"}), depth)
        self.skip(")")
        if len(self.dropped) > kept or not members or hint is NOT_UNDERSTOOD:
            del self.dropped[kept:]
            return hint
        values = [
            v for m in members if typing.get_origin(m) is typing.Literal for v in typing.get_args(m)
        ]
        if len(values) == len(members) > 1 and all(type(v) is hint for v in values):
            return union_of(members)
        return container_of(hint, [[m] for m in members])

    def items(self, previous: list[object], depth: int) -> tuple[list[list[object]], int | None]:
        """What follows ``of``: ``(X, Y)``, ``{K: V}``, ``X/Y``, ``K to V``, ``such``, ``2
        X``; and how many items, when a count is given."""
        if self.is_next("the", "a", "an"):
            self.at += 1
        if self.count_ahead():  # ``tuple of 2 items of (latitude, longitude)``
            return self.counted(depth)
        if (token := self.peek()) is not None and token.text.lower() in _PREVIOUS:
            self.at += 1
            return [list(previous)], None
        if self.is_next("("):
            self.at += 1
            kept = len(self.dropped)
            found = [[m] for m in self.phrase(frozenset({")", "or", "|", "/"}), depth)]
            self.skip(")")
            if not found and (named := self.item_names(kept)):
                return [[typing.Any]] * named, None
            return (found if found else [[]]), None
        if self.is_next("{") and self.dict_braces_ahead():
            return self.key_value(depth), None
        first = self.alternatives(depth)
        if self.is_next("to", "->"):
            self.at += 1
            return [first, self.alternatives(depth)], None
        return [first], None

    def alternatives(self, depth: int) -> list[object]:
        """``X`` or ``X/Y``: the item of a container (``or`` ends it: ``list of str or None``
        is a list of strings, or None)."""
        found: list[object] = []
        while self.peek() is not None:
            member = self.member(found, depth)
            if member is not NOT_UNDERSTOOD:
                found.append(member)
            if not self.is_next("/"):
                break
            self.at += 1
        return found

    def braces(self, depth: int) -> object:
        """``{'a', 'b'}`` → ``Literal['a', 'b']`` (numpydoc's choices, types among them:
        ``{None, array_like}``); ``{str: int}`` → ``dict[str, int]``."""
        if self.dict_braces_ahead():
            key, value = self.key_value(depth)
            return generic(dict, union_or_str(key), union_or_any(value))
        self.at += 1
        members = self.phrase(frozenset({"}"}), depth)
        self.skip("}")
        return union_of(members)

    def dict_braces_ahead(self) -> bool:
        """Whether the braces that open here hold ``K: V`` (a colon before they close)."""
        for token in self.tokens[self.at + 1 :]:
            if token.text in ("}", "{"):
                return False
            if token.text == ":":
                return True
        return False

    def key_value(self, depth: int) -> list[list[object]]:
        self.at += 1  # {
        key = self.phrase(frozenset({":"}), depth)
        self.skip(":")
        value = self.phrase(frozenset({"}"}), depth)
        self.skip("}")
        return [key, value]

    def subscript(self, base: object, depth: int) -> object:
        """``X[...]`` as Python writes it: ``list[int]``, ``Literal['a']``, ``dict[str, int]``,
        ``Callable[[int], str]``; a base that takes no subscript stays as it is."""
        self.at += 1  # [
        args: list[object] = []
        while (token := self.peek()) is not None and token.text != "]":
            if token.text == ",":
                self.at += 1
            elif token.text == "...":
                self.at += 1
                args.append(Ellipsis)
            elif token.text == "[":
                self.at += 1
                args.append(self.phrase(frozenset({"]"}), depth))
                self.skip("]")
            elif base is typing.Literal and _is_literal(token):
                self.at += 1
                args.append(_literal(token))
            else:
                before = self.at
                args.append(union_of(self.phrase(frozenset({",", "]"}), depth)))
                if self.at == before:
                    self.at += 1
        self.skip("]")
        if base is NOT_UNDERSTOOD or NOT_UNDERSTOOD in args or not subscriptable(base):
            return base
        try:
            return generic(base, *args)
        except Exception:  # a base that rejects these arguments stays bare
            return base


@dataclasses.dataclass(frozen=True, slots=True)
class ItemCount:
    """How many items a docstring says a list holds, as ``Annotated`` metadata: read as
    annotated-types' ``Len`` is (``min_length``, ``max_length``), so the schema states it."""

    min_length: int
    max_length: int


def with_length(hint: object, count: int | None) -> object:
    """A container of ``count`` items: a tuple of that many, or a list or set whose schema
    states the length (a count is a length, never the one value of an item)."""
    if count is None or typing.get_origin(hint) not in (list, set, tuple):
        return hint
    if typing.get_origin(hint) is tuple:
        args = typing.get_args(hint)
        if len(args) != 2 or args[1] is not Ellipsis or not 0 < count <= _MAX_TUPLE_COUNT:
            return hint  # items of their own types (``tuple of (int, str)``), or many
        return generic(tuple, *[args[0]] * count)
    return typing.Annotated[hint, ItemCount(count, count)]


_PLACEHOLDER = re.compile(r"%(\(\w+\))?[-+ #0]*\d*(\.\d+)?[sdifeEgGxXr]|\{\w*(![rsa])?(:[^{}]*)?\}")
"""A printf or ``str.format`` placeholder: a quoted value with one is a text's form."""


def _is_value(token: _Token) -> bool:
    """Whether a token is a value written out (a quoted string, a number)."""
    return token.kind in ("string", "number")


def _is_literal(token: _Token) -> bool:
    return token.kind in ("string", "number") or token.text in _LITERALS


def _literal(token: _Token) -> object:
    if token.kind == "string":
        return token.text[1:-1]
    if token.kind == "number":
        number = float(token.text)
        return int(number) if number.is_integer() and "." not in token.text else number
    return _LITERALS[token.text]


# A function's docstring types and defaults


def resolve_doc_type(
    type_name: str, function: Callable[..., object], names: TypeCheckingNames
) -> DocType:
    """A docstring type (``list[int]``, ``int or None``, ``{'a', 'b'}``, ``list of str``,
    ``array-like``) read with the names of the function's module, those it imports only under
    ``if TYPE_CHECKING:`` included (``names``: the scan's); never evaluated."""
    target = unwrapped(function)
    globalns = getattr(target, "__globals__", {})
    module_name = str(globalns.get("__name__", ""))
    try:
        namespace = _ModuleNames(globalns, module_name, names)
        if "." in type_name:
            type_name = _without_relative_dots(type_name, namespace, module_name)
        return read_doc_type(type_name, namespace)
    except Exception:  # names resolve through the library's code (a module's __getattr__)
        return DocType(NOT_UNDERSTOOD)  # reported as not understood


def _without_relative_dots(text: str, namespace: Mapping[str, object], module_name: str) -> str:
    """Names written ``.Name`` as Sphinx finds them, from the current module outwards: the
    module's own name, else its package's (paramiko documents ``pkey`` as ``.PKey``, which
    ``paramiko.client`` does not import and ``paramiko`` exports)."""
    package = sys.modules.get(module_name.partition(".")[0])

    def found(match: re.Match[str]) -> str:
        name = match.group(1)
        if name in namespace or package is None or not hasattr(package, name):
            return name
        return f"{package.__name__}.{name}"

    return _patterns().relative.sub(found, text)


class _ModuleNames(Mapping[str, object]):
    """A module's globals, then the names it imports only for type checkers (on demand)."""

    def __init__(
        self, globalns: dict[str, object], module_name: str, names: TypeCheckingNames
    ) -> None:
        self.globalns = globalns
        self.module_name = module_name
        self.names = names

    def __getitem__(self, name: str) -> object:
        if name in self.globalns:
            return self.globalns[name]
        if self.module_name and name.isidentifier():
            found = self.names.namespace(self.module_name, (name,))
            if name in found:
                return found[name]
        raise KeyError(name)

    def __contains__(self, name: object) -> bool:
        if not isinstance(name, str):
            return False
        try:
            self[name]
        except KeyError:
            return False
        return True

    def __iter__(self) -> Iterator[str]:
        return iter(self.globalns)

    def __len__(self) -> int:
        return len(self.globalns)


def documented_default(text: str, schema_type: SchemaType) -> Json | _Missing:
    """A default a docstring states (``0``, ``'left'``, ``True``) as JSON: a plain literal
    the schema accepts, else none."""
    if len(text) > 200:
        return MISSING
    try:
        value = ast.literal_eval(text.strip())
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return MISSING
    if value is not None and type(value) not in (bool, int, float, str):
        return MISSING
    if isinstance(schema_type, RefType):  # a named type (an object): no plain literal is one
        return MISSING
    fits = value_problem(typing.cast(Json, value), schema_type, {}) is None
    return typing.cast(Json, value) if fits else MISSING
