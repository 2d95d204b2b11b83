"""Python source text that is safe whatever the input: literals, identifiers, docstrings, and
expressions laid out the way ``ruff format`` lays them out."""

from __future__ import annotations

import builtins
import functools
import keyword
import math
import unicodedata
from collections.abc import Container
from dataclasses import dataclass

from inspector.model import Json

LINE_LENGTH = 88
INDENT = "    "
_BUILTINS = frozenset(dir(builtins))


def string(text: str) -> str:
    """A string literal for ``text``: double quotes unless single ones need fewer escapes, every
    unprintable character (newlines, NUL, lone surrogates) escaped."""
    quote = "'" if text.count('"') > text.count("'") else '"'
    if text.isprintable() and "\\" not in text and quote not in text:
        return f"{quote}{text}{quote}"
    return quote + "".join(_escape(c, quote) for c in text) + quote


def _escape(char: str, quote: str) -> str:
    if char in ("\\", quote):
        return "\\" + char
    if char.isprintable():
        return char
    return repr(char)[1:-1]  # \n, \x00, \ud800, \u2028, ...


def docstring_body(text: str) -> str:
    """``text`` for a triple-quoted docstring: backslashes and unprintable characters escaped,
    and every quote that could end the string or touch its delimiters; newlines kept."""
    if '"' not in text and "\\" not in text and text.replace("\n", "").isprintable():
        # the common case, nothing to escape: no loop over every character (without this
        # shortcut `stubs` of 2,000 tools runs 51 % more instructions, 24 % more wall time)
        return text
    return escaped_docstring_body(text)


def escaped_docstring_body(text: str) -> str:
    """``docstring_body`` character by character."""
    out = []
    run = 0  # unescaped quotes just written
    last = len(text) - 1
    for index, char in enumerate(text):
        if char == '"':
            if run == 2 or index in (0, last):
                out.append('\\"')
                run = 0
            else:
                out.append(char)
                run += 1
            continue
        run = 0
        if char == "\\":
            out.append("\\\\")
        elif char == "\n" or char.isprintable():
            out.append(char)
        else:
            out.append(repr(char)[1:-1])
    return "".join(out)


def literal(value: Json) -> str:
    """A Python literal equal to a JSON value."""
    if value is None or isinstance(value, bool):
        return repr(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(f"{value!r} is not a JSON number")
        return repr(value)
    if isinstance(value, str):
        return string(value)
    if isinstance(value, list):
        return "[" + ", ".join(literal(v) for v in value) + "]"
    return "{" + ", ".join(f"{string(k)}: {literal(v)}" for k, v in value.items()) + "}"


def literal_expr(value: Json) -> Expr:
    """A JSON value as an expression that can be split over lines."""
    if isinstance(value, list):
        return Group("", "[", tuple(literal_expr(v) for v in value), "]")
    if isinstance(value, dict):
        return Group(
            "",
            "{",
            tuple(Pair(string(k), literal_expr(v)) for k, v in value.items()),
            "}",
        )
    return Atom(literal(value))


@functools.cache  # pure, and asked for every parameter: names repeat
def is_plain_name(name: str) -> bool:
    """An identifier Python reads as written (NFKC-stable) that is not a keyword, a soft
    keyword or a builtin, and not private."""
    return (
        name.isidentifier()
        and unicodedata.normalize("NFKC", name) == name  # Python reads "º" as "o"
        and not keyword.iskeyword(name)
        and not keyword.issoftkeyword(name)
        and name not in _BUILTINS
        and not name.startswith("_")
    )


def identifier(name: str, taken: set[str], reserved: Container[str] = frozenset()) -> str:
    """A usable name close to ``name`` and not in ``taken`` (which it joins): ``class`` →
    ``class_``, ``2fast`` → ``_2fast``, ``get-weather`` → ``get_weather``."""
    candidate = "".join(c if (c.isalnum() or c == "_") and c.isascii() else "_" for c in name)
    if not candidate or (not candidate[0].isalpha() and candidate[0] != "_"):
        candidate = "_" + candidate
    if candidate.startswith("__"):  # a class body would mangle it into _Class__name
        candidate = "_" + candidate.lstrip("_")
    if candidate == "_":  # a soft keyword, and a builtin in interactive shells
        candidate = "_arg"
    if keyword.iskeyword(candidate) or candidate in _BUILTINS or candidate in reserved:
        candidate += "_"
    if keyword.issoftkeyword(candidate):
        candidate += "_"
    result, suffix = candidate, 2
    while result in taken:
        result, suffix = f"{candidate}_{suffix}", suffix + 1
    taken.add(result)
    return result


def class_name(text: str) -> str:
    """``ship_to`` → ``ShipTo``; already CamelCase text is kept."""
    parts = [p for p in "".join(c if c.isalnum() else " " for c in text).split() if p]
    return "".join(p[0].upper() + p[1:] for p in parts) or "Item"


@dataclass(frozen=True, slots=True)
class Atom:
    """Code that is never split."""

    text: str


@dataclass(frozen=True, slots=True)
class Pair:
    """``key: value`` inside a dict display."""

    key: str
    value: Expr


@dataclass(frozen=True, slots=True)
class Group:
    """``head[item, ...]``, ``[...]``, ``{...}`` or ``head(...)``: split one item per line (with
    a trailing comma, which keeps ``ruff format`` from joining them) when too long."""

    head: str
    open: str
    items: tuple[Expr | Pair, ...]
    close: str


@dataclass(frozen=True, slots=True)
class Union:
    """``a | b | c``."""

    options: tuple[Expr, ...]


Expr = Atom | Group | Union


def wrapped(expr: Expr, before: str, after: str) -> Expr:
    """``before + expr + after`` as one expression that splits as ``expr`` does (a union
    option is never a union)."""
    if isinstance(expr, Group):
        return Group(before + expr.head, expr.open, expr.items, expr.close + after)
    return Atom(before + flat(expr) + after)


def flat(expr: Expr | Pair) -> str:
    """The expression on one line."""
    if isinstance(expr, Atom):
        return expr.text
    if isinstance(expr, Pair):
        return f"{expr.key}: {flat(expr.value)}"
    if isinstance(expr, Union):
        return " | ".join(flat(o) for o in expr.options)
    return expr.head + expr.open + ", ".join(flat(i) for i in expr.items) + expr.close


def layout(expr: Expr | Pair, indent: str, before: str, after: str) -> list[str]:
    """Lines of ``before + expr + after`` at ``indent``, splitting the outermost groups that
    do not fit."""
    one_line = f"{indent}{before}{flat(expr)}{after}"
    if len(one_line) <= LINE_LENGTH:
        return [one_line]
    if isinstance(expr, Pair):
        return layout(expr.value, indent, f"{before}{expr.key}: ", after)
    if isinstance(expr, Group) and expr.items:
        inner = indent + INDENT
        lines = [f"{indent}{before}{expr.head}{expr.open}"]
        if _hugs(expr):  # X[item]: the one item on its own line, no comma
            lines.extend(layout(expr.items[0], inner, "", ""))
        else:
            for item in expr.items:
                lines.extend(layout(item, inner, "", ","))
        lines.append(f"{indent}{expr.close}{after}")
        return lines
    if isinstance(expr, Union):  # ruff breaks before each "|", at the same indent
        lines = layout(expr.options[0], indent, before, "")
        for option in expr.options[1:-1]:
            lines.extend(layout(option, indent, "| ", ""))
        lines.extend(layout(expr.options[-1], indent, "| ", after))
        return lines
    return [one_line]


def _hugs(group: Group) -> bool:
    """A one-item subscript takes no comma: ``X[a,]`` would mean ``X[(a,)]``."""
    return len(group.items) == 1 and group.open == "[" and bool(group.head)


def statement_layout(expr: Expr, indent: str, before: str, after: str) -> list[str]:
    """``layout`` for an expression outside brackets (an annotated field, a return type): a
    union that does not fit is parenthesized first, as ``ruff format`` does."""
    lines = layout(expr, indent, before, after)
    if len(lines) == 1 or not isinstance(expr, Union):
        return lines
    inner = indent + INDENT
    return [f"{indent}{before}(", *layout(expr, inner, "", ""), f"{indent}){after}"]
