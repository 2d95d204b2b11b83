"""Docstring type phrases → type hints, read by a small tokenizer and grammar (never evaluated).

Reads what libraries write in prose as well as Python forms: ``int or None``, ``{'left',
'right'}, default 'left'``, ``str or list-like, optional``, ``list of str``, ``tuple of (int,
int)``, ``dict of {str: int}``, ``mapping of str to int``, ``array-like``, ``scalar``,
``:class:`~pandas.Series```, ``list[int] | None``. Alternatives are split by ``,``, ``or``,
``and``, ``|`` and ``/``; each word is read by ``doc_words``. The result is a plain hint
(``Literal[...]``, ``list[X]``, unions) that the type table maps and the Toolbox converts;
words that are not understood are left out and named, never guessed.
"""

from __future__ import annotations

import functools
import re
import typing
from collections.abc import Mapping
from typing import NamedTuple

from inspector.scan.doc_words import (
    NOT_UNDERSTOOD,
    container_of,
    generic,
    subscriptable,
    union_of,
    union_or_any,
    union_or_str,
    word_type,
)

_LITERALS: dict[str, object] = {"True": True, "False": False, "None": None}
_ARTICLES = frozenset({"a", "an", "the", "one"})
_FILLERS = frozenset({"object", "objects", "value", "values", "instance", "instances"})
"""Words that follow a type's name without changing it ("tzinfo object", "scalar value")."""
_PREVIOUS = frozenset({"such", "previous", "above", "those", "these", "same"})
"""``list of such``, ``sequence of the previous``: of the members before."""
_COMPARISONS = frozenset({"<", ">", "=", "!"})
_SEPARATORS = frozenset({",", "|", "/", "or", "and", ";"})
_MAX_DEPTH = 12
"""Deeper nesting than real docstrings write is not read (keeps recursion bounded)."""


class _Patterns(NamedTuple):
    role: re.Pattern[str]
    """A Sphinx role before a backquoted name: ``:class:`` in ``:class:`~pandas.Series```."""
    epydoc_markup: re.Pattern[str]
    """Epydoc's inline markup around a name: ``L{botocore.model.ServiceModel}``, ``C{int}``."""
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
    members = reader.phrase(frozenset(), 0)
    while reader.at < len(tokens):  # a stray closing bracket ends a phrase early
        reader.at += 1
        members += reader.phrase(frozenset(), 0)
    return DocType(union_of(members), tuple(dict.fromkeys(reader.dropped)), default)


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
        if _is_literal(token):
            self.at += 1
            return typing.Literal[_literal(token)]
        if token.text == "{":
            return self.braces(depth + 1)
        if token.text == "(":
            self.at += 1
            inner = self.phrase(frozenset({")"}), depth + 1)
            self.skip(")")
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

    def skip(self, closing: str) -> None:
        if self.is_next(closing):
            self.at += 1

    def words(self) -> list[str]:
        found: list[str] = []
        while (token := self.peek()) is not None and token.kind == "word":
            if token.text in _SEPARATORS or token.text in ("of", "to") or token.text in _LITERALS:
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
        if self.is_next("["):
            hint = self.subscript(hint, depth + 1)
        elif self.is_next("("):
            hint = self.aside(hint, depth + 1)
        if self.is_next("of"):
            self.at += 1
            items = self.items(previous, depth + 1)
            if not named or named[-1].lower() in _ARTICLES:  # ``one of {'a', 'b'}``
                return union_of(items[0]) if items else NOT_UNDERSTOOD
            if hint is not NOT_UNDERSTOOD:
                hint = container_of(hint, items)
        if hint is NOT_UNDERSTOOD and words:
            self.dropped.append(" ".join(words))
        return hint

    def aside(self, hint: object, depth: int) -> object:
        """``(...)`` after a type: the items of a container (``list(str)``, ``tuple(int,
        int)``) when each is understood, else an aside that is skipped, reporting nothing
        (``tuple (rows, columns)``, ``callable(x)``)."""
        self.at += 1
        kept = len(self.dropped)
        members = self.phrase(frozenset({")"}), depth)
        self.skip(")")
        if len(self.dropped) > kept or not members or hint is NOT_UNDERSTOOD:
            del self.dropped[kept:]
            return hint
        return container_of(hint, [[m] for m in members])

    def items(self, previous: list[object], depth: int) -> list[list[object]]:
        """What follows ``of``: ``(X, Y)``, ``{K: V}``, ``X/Y``, ``K to V``, ``such``."""
        if self.is_next("the", "a", "an"):
            self.at += 1
        if (token := self.peek()) is not None and token.text.lower() in _PREVIOUS:
            self.at += 1
            return [list(previous)]
        if self.is_next("("):
            self.at += 1
            found = [[m] for m in self.phrase(frozenset({")", "or", "|", "/"}), depth)]
            self.skip(")")
            return found if found else [[]]
        if self.is_next("{") and self.dict_braces_ahead():
            return self.key_value(depth)
        first = self.alternatives(depth)
        if self.is_next("to", "->"):
            self.at += 1
            return [first, self.alternatives(depth)]
        return [first]

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


def _is_literal(token: _Token) -> bool:
    return token.kind in ("string", "number") or token.text in _LITERALS


def _literal(token: _Token) -> object:
    if token.kind == "string":
        return token.text[1:-1]
    if token.kind == "number":
        number = float(token.text)
        return int(number) if number.is_integer() and "." not in token.text else number
    return _LITERALS[token.text]
