"""Whether a method is deprecated, as its code says so: read as data, never from the word in
prose ("the ``x`` argument is deprecated" deprecates an argument, not the method).

Three places say it. A decorator: PEP 702's ``__deprecated__`` (``warnings.deprecated``,
``typing_extensions.deprecated``) on the function or on a function it wraps, or the
``deprecated`` package's adapter. A stub the scan reads for the method: ``@deprecated("...")``
(typeshed's ``datetime.utcnow``). The docstring, at its margin: a ``.. deprecated::``
directive (Sphinx and NumPy; SQLAlchemy's and the ``deprecated`` package's Sphinx decorators
write one), a ``:deprecated:`` (reST) or ``@deprecated:`` (Epydoc) field, or a Google
``Deprecated:`` section (as griffe reads it). The same words indented are part of something
else: an argument's entry (pandas' ``.. deprecated::`` under a parameter), a note, an
example."""

from __future__ import annotations

import ast
import inspect
import re
import sys
import textwrap
from collections.abc import Iterator

import docstring_parser
import docstring_parser.numpydoc

from inspector.model import Deprecation
from inspector.scan.doc_margin import body_dedented
from inspector.scan.numpy_sections import KeptTitleSection
from inspector.scan.rest_text import plain_text
from inspector.scan.stub_outline import Definition, Overloads, decorator_is

_WRAPPERS = 32
"""How many wrappers deep a decorator's mark is looked for: a chain no decorator makes this
long is an object that makes up attributes (a mock), not wrappers."""


def decorated_deprecation(function: object) -> Deprecation | None:
    """What a deprecating decorator left on the function, or on a function it wraps
    (``__wrapped__``, as ``functools.wraps`` leaves it; a ``staticmethod``'s, a
    ``classmethod``'s or a bound method's ``__func__``), or None."""
    current = function
    for _ in range(_WRAPPERS):
        try:
            said = getattr(current, "__deprecated__", None)  # a wrapt proxy passes it on
            inner = getattr(current, "__func__", None)
            if inner is None:
                inner = getattr(current, "__wrapped__", None)
        except Exception:  # a user's object may raise anything on an attribute
            return None
        if isinstance(said, str):
            return Deprecation(message=_plain(said))
        found = _package_adapter(current)
        if found is not None:
            return found
        if inner is None or inner is current:
            return None
        current = inner
    return None


def held_deprecation(cls: type, name: str, function: object) -> Deprecation | None:
    """What a deprecating decorator left on a method's ``function``, or on the attribute
    ``cls`` holds under ``name`` when that is another: an override that only passes its
    arguments on stands for the method it overrides (``forwarding``), and a
    ``@deprecated`` on it is still its own."""
    found = decorated_deprecation(function)
    if found is not None:
        return found
    nearest = next((vars(c)[name] for c in cls.__mro__ if name in vars(c)), None)
    if nearest is None or nearest is function:
        return None
    return decorated_deprecation(nearest)


def _package_adapter(wrapper: object) -> Deprecation | None:
    """The ``deprecated`` package's version and reason: its decorators
    (``deprecated.deprecated``, ``deprecated.sphinx.deprecated``) wrap with wrapt and set no
    ``__deprecated__``; the adapter that holds them is in the closure of the wrapper function
    wrapt keeps as ``_self_wrapper``. Only a loaded package can have wrapped anything."""
    adapter = getattr(sys.modules.get("deprecated.classic"), "ClassicAdapter", None)
    if not isinstance(adapter, type):
        return None
    try:
        closure = getattr(getattr(wrapper, "_self_wrapper", None), "__closure__", None)
    except Exception:  # a user's object may raise anything on an attribute
        return None
    for cell in closure if isinstance(closure, tuple) else ():
        try:
            held = cell.cell_contents
        except ValueError:  # a cell not filled yet
            continue
        if isinstance(held, adapter):
            version, reason = getattr(held, "version", ""), getattr(held, "reason", "")
            return Deprecation(
                version if isinstance(version, str) else "",
                _plain(reason) if isinstance(reason, str) else "",
            )
    return None


def stub_deprecation(node: Definition) -> Deprecation | None:
    """A stub's ``@deprecated("message")`` on a function, or on every overload of it: one
    deprecated overload deprecates a way to call the method, not the method."""
    definitions = node.definitions if isinstance(node, Overloads) else [node]
    functions = (ast.FunctionDef, ast.AsyncFunctionDef)
    said = [_decorator_message(d) for d in definitions if isinstance(d, functions)]
    if not said or any(message is None for message in said):
        return None
    return Deprecation(message=_plain(said[0] or ""))


def _decorator_message(node: ast.FunctionDef | ast.AsyncFunctionDef) -> str | None:
    """The message of the definition's ``@deprecated(...)`` ("" when it is no text), or None."""
    for decorator in node.decorator_list:
        if isinstance(decorator, ast.Call) and decorator_is(decorator.func, "deprecated"):
            first = decorator.args[0] if decorator.args else None
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                return first.value
            return ""
    return None


_DIRECTIVE = re.compile(r"\.\.[ \t]+deprecated[ \t]*::[ \t]*(.*)", re.I)
"""A ``.. deprecated::`` directive: docutils reads a directive's name in any case."""
_FIELD = re.compile(r"[:@]deprecat(?:ed|ion):[ \t]*(.*)")
_SECTION = re.compile(r"Deprecated[ \t]*:[ \t]*")
_VERSION = re.compile(r"[vV]?\d[\w.+-]*")


def docstring_deprecation(text: str | None) -> Deprecation | None:
    """What the docstring's ``.. deprecated::`` directive, ``:deprecated:`` or
    ``@deprecated:`` field or ``Deprecated:`` section says, at its margin, or None. A Google
    section counts with its text under it: a ``Deprecated:`` line alone says nothing."""
    if not text or "eprecat" not in text:  # most docstrings: nothing to read
        return None
    lines = inspect.cleandoc(body_dedented(text)).split("\n")
    for index, line in enumerate(lines):
        if line[:1] not in (".", ":", "@", "D"):
            continue
        opened = _DIRECTIVE.fullmatch(line) or _FIELD.fullmatch(line)
        if opened is None and not _SECTION.fullmatch(line):
            continue
        said = " ".join([opened[1] if opened else "", *_indented_after(lines, index + 1)])
        if opened is None and not said.strip():
            continue
        version, message = _version_first(plain_text(said))
        return Deprecation(version, message)
    return None


def _indented_after(lines: list[str], start: int) -> list[str]:
    """The lines from ``start`` that are indented or blank: the body of what opens above."""
    end = start
    while end < len(lines) and (not lines[end].strip() or lines[end][:1] in (" ", "\t")):
        end += 1
    return lines[start:end]


def _version_first(text: str) -> tuple[str, str]:
    """The version a text opens with (``2.0``, ``v1.4.0:``) and the rest, one line of plain
    words; no version when its first word is none (``Use y instead``)."""
    words = text.split()
    if words and _VERSION.fullmatch(words[0].rstrip(":,")):
        return words[0].rstrip(":,"), " ".join(words[1:])
    return "", " ".join(words)


def _plain(text: str) -> str:
    """A decorator's message as one line of plain text (reST roles made plain)."""
    return " ".join(plain_text(text).split())


def with_deprecation(
    description: str, decorated: Deprecation | None, documented: Deprecation | None
) -> tuple[str, Deprecation | None]:
    """A tool's description, and what says that its method is deprecated: a decorator or a
    stub (``decorated``), with the docstring's version when it gives none, else the docstring
    (``documented``). The description ends with ``deprecation_sentence`` when only
    ``decorated`` says it: a model offered the method all the same (a user's ``true``) reads
    that it is deprecated, as it reads a docstring's directive."""
    if decorated is None:
        return description, documented
    if documented is not None:
        version = decorated.version or documented.version
        return description, Deprecation(version, decorated.message or documented.message)
    sentence = deprecation_sentence(decorated)
    return (f"{description}\n\n{sentence}" if description else sentence), decorated


_AFTER = "after deprecation"
"""The key of the text ``NumpyDeprecation`` gives back: what follows the directive."""


class NumpyDeprecation(KeptTitleSection):
    """NumPy's ``.. deprecated::`` section read as Sphinx reads the directive: its version and
    its indented body are the deprecation, and the text after them at the margin (pandas'
    ``DataFrameGroupBy.corrwith``: its extended summary) is description again, under
    ``_AFTER``. The library's section took all of it for the deprecation's text, and the
    scan, which read no such section, lost all of it. Its title still ends the section above
    (a directive below the parameters is none of theirs)."""

    def parse(self, text: str) -> Iterator[docstring_parser.DocstringMeta]:
        first, _, rest = text.partition("\n")
        version, first = _version_first(first)  # ``1.4 Use y`` is the version, then text
        lines = rest.split("\n")
        body = _indented_after(lines, 0)
        said = "\n".join(part for part in (first, textwrap.dedent("\n".join(body)).strip()) if part)
        yield docstring_parser.DocstringDeprecated([self.key], said or None, version)
        after = "\n".join(lines[len(body) :]).strip()
        if after:
            yield docstring_parser.DocstringMeta([_AFTER], after)


def parsed_deprecation(parsed: docstring_parser.Docstring) -> str:
    """The sentence of a deprecation that docstring-parser took out of a docstring's text, as
    a section or a field (NumPy's ``.. deprecated::``, reST's ``:deprecated:``, Epydoc's
    ``@deprecated:``), and the text that follows a NumPy one, or "": the description keeps
    saying what the docstring says."""
    found: list[str] = []
    for meta in parsed.meta:
        key = meta.args[0] if meta.args else ""
        if key in ("deprecated", "deprecation") and not found:
            version = getattr(meta, "version", None) or ""
            found.append(deprecation_sentence(Deprecation(version, meta.description or "")))
        elif key == _AFTER and meta.description:
            found.append(meta.description)
    return "\n\n".join(found)


def deprecation_sentence(deprecation: Deprecation) -> str:
    """The sentence that says a method is deprecated, as Sphinx shows the directive:
    ``Deprecated since version 1.2: use y``, ``Deprecated: Use fetch() instead``,
    ``Deprecated.``."""
    version, message = deprecation.version, deprecation.message
    head = f"Deprecated since version {version}" if version else "Deprecated"
    return f"{head}: {message}" if message else f"{head}."
