"""Google-style docstrings for stubs, checked by parsing them back the way a scan will.

A text the Google form cannot carry (a description holding a Google section's title, such as
gspread's ``Example:`` above its examples) is written in reST fields instead when those carry
more of it, with such a title written as a field (``:Example:``) when that carries more still;
a text no form carries exactly is reported as not carried, so the caller can keep it another
way.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

import docstring_parser

from inspector.scan.docstrings import DocInfo, parse_docstring
from inspector.stubs import pycode


@dataclass(frozen=True, slots=True)
class Carried:
    """What the docstring carries exactly."""

    description: bool
    names: frozenset[str]
    returns: bool


def attributes_docstring(
    description: str, documented: list[tuple[str, str]]
) -> tuple[list[str], Carried]:
    """A class docstring (at class-body indent) with an ``Attributes:`` section."""
    return docstring(pycode.INDENT, description, "Attributes", documented, "")


def docstring(
    indent: str,
    description: str,
    section: str,
    entries: list[tuple[str, str]],
    returns: str,
) -> tuple[list[str], Carried]:
    """The docstring lines, and what they carry; entries that do not survive are left out."""
    # Shortcut: plain texts need no parse back. Without it `stubs` of 2,000 tools runs 19 %
    # more instructions (22 % more wall time).
    if reads_back(description, entries, returns):
        text = _compose(indent, description, section, entries, returns)
        carried = Carried(True, frozenset(n for n, _ in entries), True)
    else:
        text, carried = _parsed_back(
            indent, description, section, entries, returns, compose=_compose
        )
        composers = [_compose_rest]
        if _SECTION_TITLE.search(description):
            composers.append(_compose_titles_as_fields)
        for compose in composers:
            if _complete(carried, entries):
                break
            other = _parsed_back(indent, description, section, entries, returns, compose=compose)
            if _rank(other[1]) > _rank(carried):
                text, carried = other
    if not text.strip():
        return [], Carried(True, frozenset(), True)
    # no line ends with a space, as ``ruff format`` writes docstrings: a scan reads the text
    # so anyway (a text that ends lines with spaces is not carried, and is kept another way)
    body = pycode.docstring_body(text).split("\n")
    body = [line.rstrip(" \t") for line in body[:-1]] + [body[-1].rstrip(" \t") or body[-1]]
    lines = [f'{indent}"""{body[0]}', *body[1:]]
    lines[-1] += '"""'
    return lines, carried


def _parsed_back(
    indent: str,
    description: str,
    section: str,
    entries: list[tuple[str, str]],
    returns: str,
    *,
    compose: Callable[[str, str, str, list[tuple[str, str]], str], str],
) -> tuple[str, Carried]:
    """The docstring text ``compose`` writes, parsed back to find what it carries (entries that
    do not survive are left out, and the rest parsed again)."""
    for _ in range(len(entries) + 1):
        text = compose(indent, description, section, entries, returns)
        info = _parse(text)
        found = info.params if section == "Args" else info.attributes
        kept = [(n, t) for n, t in entries if n in found and found[n].description == t]
        if len(kept) == len(entries):
            break
        entries = kept
    return text, Carried(
        info.description == description,
        frozenset(n for n, _ in entries),
        info.returns == returns,
    )


def _complete(carried: Carried, entries: list[tuple[str, str]]) -> bool:
    return carried.description and carried.returns and len(carried.names) == len(entries)


def _rank(carried: Carried) -> tuple[bool, int, bool]:
    """The description first: an entry or the returns text not carried is kept in the
    annotation, a description has no other place."""
    return carried.description, len(carried.names), carried.returns


_PLAIN_CHARS = r"\w,.;!?'\"()/%+=<>&#$~{}|^`*\[\]-"
_PLAIN_LINE = rf"[{_PLAIN_CHARS}](?:[ :{_PLAIN_CHARS}]*[{_PLAIN_CHARS}])?"
"""A line of letters, digits and punctuation no docstring style reads where it stands (a colon
inside the line only; no ``@``, tab or backslash), not empty, not starting or ending with a
space."""
_PLAIN_LINES = re.compile(f"(?:{_PLAIN_LINE}(?:\n{_PLAIN_LINE})*)?")
_PLAIN_PARAGRAPHS = re.compile(f"(?:{_PLAIN_LINE}(?:\n\n?{_PLAIN_LINE})*)?")
"""Plain lines with one blank line between two paragraphs (a description only)."""
_READ_MARKS = ("::", ":`", "``", "`.", "`~", "---", "Defaults to", "**[")
"""What a parser or the reST clean-up reads in a text: roles, literals, directives, NumPy
underlines, Google defaults, botocore's ``**[REQUIRED]**``."""
_PLAIN_NAME = re.compile(r"\*{0,2}[A-Za-z_][A-Za-z0-9_]*")


def reads_back(description: str, entries: list[tuple[str, str]], returns: str) -> bool:
    """Whether parsing the docstring back would surely give every text as it is, so it need not
    be parsed: plain lines (``_PLAIN_LINE``; paragraphs in the description; no colon in the
    returns text, which ``int: ...`` would type), none of ``_READ_MARKS``, under distinct plain
    names. ``tests/test_stub_fast_paths.py`` checks it against parsing back."""
    if not all(t and _PLAIN_NAME.fullmatch(n) for n, t in entries):
        return False
    # one line per line of every text: a text that starts or ends with a newline gives an
    # empty one, which _PLAIN_LINES refuses; no mark spans two texts (none holds a newline)
    lines = "\n".join(t for t in (returns, *(t for _, t in entries)) if t)
    return (
        _PLAIN_LINES.fullmatch(lines) is not None
        and _PLAIN_PARAGRAPHS.fullmatch(description) is not None
        and ":" not in returns
        and not any(mark in lines or mark in description for mark in _READ_MARKS)
        and len({n for n, _ in entries}) == len(entries)
    )


def _parse(text: str) -> DocInfo:
    try:
        return parse_docstring(text)
    except docstring_parser.ParseError:
        return DocInfo()


def _compose(
    indent: str, description: str, section: str, entries: list[tuple[str, str]], returns: str
) -> str:
    """The docstring text as Python will hold it (indented like the source)."""
    blocks: list[list[str]] = []
    if description:
        blocks.append(description.split("\n"))
    if entries:
        lines = [f"{section}:"]
        for name, text in entries:
            lines += _hanging(f"{pycode.INDENT}{name}:", text, pycode.INDENT * 2)
        blocks.append(lines)
    if returns:
        returned = (f"{pycode.INDENT}{line}" if line else "" for line in returns.split("\n"))
        blocks.append(["Returns:", *returned])
    return _joined(indent, description, blocks)


_REST_FIELDS = {"Args": "param", "Attributes": "ivar"}
"""The reST field of each Google section a stub writes (a scan reads ``:ivar`` fields as
attributes)."""


def _compose_rest(
    indent: str, description: str, section: str, entries: list[tuple[str, str]], returns: str
) -> str:
    """The docstring text in reST fields (``:param name: text``, ``:returns: text``)."""
    blocks: list[list[str]] = []
    if description:
        blocks.append(description.split("\n"))
    fields = [(f":{_REST_FIELDS[section]} {name}:", text) for name, text in entries]
    if returns:
        fields.append((":returns:", returns))
    lines = [line for field, text in fields for line in _hanging(field, text, pycode.INDENT)]
    if lines:
        blocks.append(lines)
    return _joined(indent, description, blocks)


_SECTION_TITLE = re.compile(r"^([A-Z][A-Za-z]*(?: [A-Za-z]+)?):$", re.M)
"""A line alone that a Google parser may read as a section's title (``Example:``)."""


def _compose_titles_as_fields(
    indent: str, description: str, section: str, entries: list[tuple[str, str]], returns: str
) -> str:
    """reST fields, each line of the description that reads as a section's title written as a
    field without text (``:Example:``, as tomlkit writes it), which a scan shows as that line:
    without fields to say the docstring is reST, a Google parser took the title and its
    examples out of the description."""
    titled = _SECTION_TITLE.sub(r":\1:", description)
    return _compose_rest(indent, titled, section, entries, returns)


def _hanging(head: str, text: str, indent: str) -> list[str]:
    """``head`` and the text's first line, its other lines indented under them."""
    first, *rest = text.split("\n")
    return [f"{head} {first}", *(f"{indent}{line}" if line else "" for line in rest)]


def _joined(indent: str, description: str, blocks: list[list[str]]) -> str:
    """The blocks one blank line apart, indented like the source."""
    if not blocks:
        return ""
    lines = [line for block in blocks for line in [*block, ""]][:-1]
    if not description:
        lines.insert(0, "")  # a section on the first line would not be dedented with the rest
    if len(lines) == 1:
        return lines[0]
    indented = [lines[0], *(f"{indent}{line}" if line else "" for line in lines[1:])]
    return "\n".join([*indented, indent])
