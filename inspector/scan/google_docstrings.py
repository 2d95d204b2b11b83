"""Google-style docstrings parsed exactly as docstring-parser's ``GoogleParser`` parses them,
with less work per docstring (the scan parses one per method).

The steps, messages and results are the library's (its ``Docstring``, built by its own
``_build_single_meta``/``_build_multi_meta``); what is cheaper: section titles are found by
one pattern that starts with a newline (which ``re`` scans for quickly) instead of an
alternation tried at every position, a one-line text is cleaned without ``inspect.cleandoc``,
and the patterns are compiled once. ``tests/test_fast_paths.py`` checks that the result equals
the library's on any text."""

from __future__ import annotations

import functools
import inspect
import re
from typing import NamedTuple

from docstring_parser.common import (
    PARAM_KEYWORDS,
    RETURNS_KEYWORDS,
    YIELDS_KEYWORDS,
    Docstring,
    DocstringMeta,
    DocstringParam,
    DocstringReturns,
    DocstringStyle,
    ParseError,
)
from docstring_parser.google import MULTIPLE_PATTERN, GoogleParser, Section, SectionType

_TITLE_LINE = re.compile(r"\n(\S[^\n:]*):[ \t\r\f\v]*$", re.M)
"""A line that may be a section title (``Args:``); the titles of the sections are kept."""
_UNKNOWN_META = re.compile(r"\n\S")
_INDENT = re.compile(r"^\s*")


class Param(NamedTuple):
    """An argument ``_build_multi_meta`` reads with neither a type nor a default: what its
    ``DocstringParam`` holds (``args=[key, name]``, ``arg_name=name``), without building one."""

    key: str
    name: str
    description: str


class Returned(NamedTuple):
    """A ``Returns:``/``Yields:`` text with no type: what its ``DocstringReturns`` holds
    (``args=[key]``, ``type_name=None``)."""

    key: str
    description: str


_RETURNED_KEYS = frozenset(RETURNS_KEYWORDS | YIELDS_KEYWORDS)


class Parts(NamedTuple):
    """What ``GoogleParser.parse`` finds, its arguments without a type or default as ``Param``."""

    short_description: str | None
    long_description: str | None
    blank_after_short_description: bool
    blank_after_long_description: bool
    meta: list[DocstringMeta | Param | Returned]


@functools.cache
def _sections() -> dict[str, Section]:
    return GoogleParser().sections


@functools.lru_cache(maxsize=64)
def _element_start(indent: str) -> re.Pattern[str]:
    """Where an element of a section starts: a line with exactly the section's indent."""
    return re.compile("^" + indent + r"(?=\S)", flags=re.M)


@functools.lru_cache(maxsize=64)
def _element_split(indent: str) -> re.Pattern[str]:
    """Where an element after the first starts: what ``_element_start`` finds after a newline."""
    return re.compile("\n" + indent + r"(?=\S)")


def parse(text: str) -> Docstring:
    """``GoogleParser().parse(text)``, step for step."""
    result = Docstring(style=DocstringStyle.GOOGLE)
    if not text:
        return result
    parts = parse_parts(text)
    result.short_description = parts.short_description
    result.long_description = parts.long_description
    result.blank_after_short_description = parts.blank_after_short_description
    result.blank_after_long_description = parts.blank_after_long_description
    result.meta = [_library_meta(m) for m in parts.meta]
    return result


def _library_meta(meta: DocstringMeta | Param | Returned) -> DocstringMeta:
    if isinstance(meta, Param):
        return DocstringParam([meta.key, meta.name], meta.description, meta.name, None, None, None)
    if isinstance(meta, Returned):
        generator = meta.key in YIELDS_KEYWORDS
        return DocstringReturns([meta.key], meta.description, None, generator)
    return meta


def parse_parts(text: str) -> Parts:
    """What ``parse`` gives, for a text that is not empty, without the library's objects for
    plain arguments (the scan reads one docstring per method)."""
    sections = _sections()
    text = "\n" + inspect.cleandoc(text)  # a title on the first line follows a newline too
    titles = [m for m in _TITLE_LINE.finditer(text) if m.group(1) in sections]
    desc_chunk = text[1 : titles[0].start() + 1] if titles else text[1:]
    short, newline, long_desc_chunk = desc_chunk.partition("\n")
    meta: list[DocstringMeta | Param | Returned] = []
    result = Parts(
        short or None,
        (long_desc_chunk.strip() or None) if newline else None,
        bool(newline) and long_desc_chunk.startswith("\n"),
        bool(newline) and long_desc_chunk.endswith("\n\n"),
        meta,
    )
    for title, chunk in _chunks(text, titles).items():
        section = sections[title]
        if section.type is not SectionType.MULTIPLE:
            meta.append(_build_meta(_cleandoc(chunk), section))
            continue
        elements = _elements(chunk, title)
        if section.key not in PARAM_KEYWORDS:
            meta.extend(_build_meta(element, section) for element in elements)
            continue
        for element in elements:
            before, colon, desc = element.partition(":")
            if desc:  # ``_build_meta``'s steps, for a plain ``name: text``
                desc = desc[1:] if desc[0] == " " else desc
                if "\n" in desc:
                    first_line, rest = desc.split("\n", 1)
                    desc = first_line + "\n" + _cleandoc(rest)
                desc = desc.strip("\n")
            if not colon or "\n" in before or "(" in before or "Defaults to" in desc:
                meta.append(_build_meta(element, section))  # raises, or reads a type
            else:
                meta.append(Param(section.key, before, desc))
    return result


def _elements(chunk: str, title: str) -> list[str]:
    """A section's elements: each starts on a line with exactly the indent of its first."""
    indent = _INDENT.match(chunk).group()  # type: ignore[union-attr]  # \s* always matches
    if "\n" not in indent and len(indent) < len(chunk):  # the first line starts an element
        return [part.strip("\n") for part in _element_split(indent).split(chunk[len(indent) :])]
    starts = [m.end() for m in _element_start(indent).finditer(chunk)]
    if not starts:
        raise ParseError(f'No specification for "{title}": "{chunk}"')
    ends = [start - len(indent) for start in starts[1:]]
    ends.append(len(chunk))
    return [chunk[start:end].strip("\n") for start, end in zip(starts, ends, strict=True)]


def _chunks(text: str, titles: list[re.Match[str]]) -> dict[str, str]:
    """Section title → its text, up to the first line that is not indented (a title used
    twice keeps its first place and its last text, as in the library)."""
    chunks: dict[str, str] = {}
    for index, title in enumerate(titles):
        end = titles[index + 1].start() if index + 1 < len(titles) else len(text)
        details = text[title.end() : end]
        unknown_meta = _UNKNOWN_META.search(details)
        if unknown_meta is not None:
            details = details[: unknown_meta.start()]
        chunks[title.group(1)] = details.strip("\n")
    return chunks


def _cleandoc(text: str) -> str:
    """``inspect.cleandoc(text)``: a line of text without tabs is only stripped of its leading
    spaces (whatever whitespace ``inspect`` strips, which differs between Python versions)."""
    if "\n" not in text and "\t" not in text:
        stripped = text.lstrip(" ")
        if not stripped[:1].isspace():
            return stripped
    return inspect.cleandoc(text)


def _build_meta(text: str, section: Section) -> DocstringMeta | Param | Returned:
    """``GoogleParser._build_meta``."""
    if section.type is SectionType.SINGULAR or (
        section.type is SectionType.SINGULAR_OR_MULTIPLE and not MULTIPLE_PATTERN.match(text)
    ):
        if section.key in _RETURNED_KEYS:
            return Returned(section.key, text)
        return GoogleParser._build_single_meta(section, text)
    if ":" not in text:
        raise ParseError(f"Expected a colon in {text!r}.")
    before, desc = text.split(":", 1)
    if before and "\n" in before:
        first_line, rest = before.split("\n", 1)
        before = first_line + _cleandoc(rest)
    if desc:
        desc = desc[1:] if desc[0] == " " else desc
        if "\n" in desc:
            first_line, rest = desc.split("\n", 1)
            desc = first_line + "\n" + _cleandoc(rest)
        desc = desc.strip("\n")
    if section.key in PARAM_KEYWORDS and "(" not in before and "Defaults to" not in desc:
        # what ``_build_multi_meta`` gives when neither of its patterns can match
        return Param(section.key, before, desc)
    return GoogleParser._build_multi_meta(section, before, desc)
