"""Epydoc's consolidated fields written as the reST fields docstring-parser reads.

Epydoc lets a reST docstring list its arguments under one field, each a list item (motor's and
older pymongo's docstrings)::

    :Parameters:
      - `filter`: A query that matches the document to replace.
      - `projection` (optional): A list of field names that should be
        returned in the result document.

or, as yfinance's docstrings do, with NumPy's entries under it, no bullet::

    :Parameters:
        as_dict: bool
            Return table as Python dict
        freq : str
            "yearly" or "quarterly"

No parser reads either form: the list stayed in the description and no argument was
documented. Each item is written as the field of its own argument (``:param filter: ...``), an
aside in parentheses after the name as its type unless it is ``optional``. An entry without a
bullet is NumPy's when the colon stands apart (``freq : str``): the text after it is its type
(``:type freq: str``). After a tight colon (``as_dict: bool``) the text is the type only when
lines under it describe the argument and it reads as a type (``reads_as_type``); else it is
the description's first line, and the lines under it continue it (``filter: A query that
matches the documents to`` over ``delete.``).
"""

from __future__ import annotations

import re
from typing import NamedTuple

_TITLE = re.compile(
    r"^([ \t]*):(?:Parameters|Params|Arguments|Args|Keywords|Keyword Arguments):[ \t]*$",
    re.M | re.I,
)
"""A consolidated field of arguments, alone on its line."""
_ITEM = re.compile(
    r"([ \t]+)[-*+][ \t]+(?:`{1,2}|\*{1,2})?(\*{0,2}[A-Za-z_]\w*)(?:`{1,2}|\*{1,2})?"
    r"(?:[ \t]*\(([^()\n]*)\))?[ \t]*(?::|--?)[ \t]*(.*)"
)
"""An item: ``- `name` (aside): text``, the name in backquotes or bold, or bare."""
_ENTRY = re.compile(r"([ \t]+)(\*{0,2}[A-Za-z_]\w*)([ \t]*):[ \t]*(.*)")
"""An entry without a bullet: ``name: type`` or ``name : type``."""
_ONE_NAME = re.compile(r"`?~?[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*`?")
"""A type named alone (``ClientSession``, ``pymongo.cursor.Cursor``)."""


class _Entry(NamedTuple):
    """An entry without a bullet, as read so far."""

    name: str
    after: str
    """What follows the colon on the entry's line."""
    spaced: bool
    """Whether a space stands before the colon (``freq : str``): NumPy's entry, typed."""
    lines: list[str]
    """The lines under the entry, stripped."""


def consolidated_fields_readable(text: str) -> str:
    """The docstring with each consolidated field of arguments whose every line is an item or
    an item's text written as one reST field an argument; any other text as it came."""
    if "s:" not in text or _TITLE.search(text) is None:
        return text
    lines = text.split("\n")
    kept: list[str] = []
    index = 0
    while index < len(lines):
        title = _TITLE.fullmatch(lines[index])
        fields = None if title is None else _fields(lines, index + 1, title[1])
        if fields is None:
            kept.append(lines[index])
            index += 1
            continue
        written, index = fields
        kept.extend(written)
    return "\n".join(kept)


def _fields(lines: list[str], start: int, margin: str) -> tuple[list[str], int] | None:
    """The fields the items from ``start`` on make, and the index of the line after them; None
    when a line there is neither an item nor indented under one."""
    written: list[str] = []
    entry: _Entry | None = None  # the entry without a bullet being read
    index = start
    bullet = -1  # the indentation of the items
    bulleted = _ITEM.fullmatch(lines[start]) is not None if start < len(lines) else False
    while index < len(lines) and lines[index].strip():
        line = lines[index]
        item = _ITEM.fullmatch(line) if bulleted else _ENTRY.fullmatch(line)
        indent = len(line) - len(line.lstrip())
        if item is not None and bullet in (-1, len(item[1])) and len(item[1]) > len(margin):
            bullet = len(item[1])
            if not bulleted:
                written.extend(_entry_fields(entry, margin))
                entry = _Entry(item[2], item[4].strip(), bool(item[3]), [])
            else:
                name, aside, said = item[2], (item[3] or "").strip(), item[4]
                typed = f"{aside} " if aside and aside.lower() != "optional" else ""
                written.append(f"{margin}:param {typed}{name}: {said}".rstrip())
        elif bullet != -1 and indent > bullet:
            if bulleted:
                written.append(f"{margin}    {line.strip()}")
            elif entry is not None:
                entry.lines.append(line.strip())
        else:
            return None
        index += 1
    written.extend(_entry_fields(entry, margin))
    return (written, index) if written else None


def _entry_fields(entry: _Entry | None, margin: str) -> list[str]:
    """The fields of an entry without a bullet: what follows the colon is the type when the
    colon stands apart, or when lines describe the argument and it reads as a type; else the
    first line of its description, which the lines under it continue."""
    if entry is None:
        return []
    name, after, spaced, said = entry
    if not spaced and after and not (said and reads_as_type(after)):
        return [f"{margin}:param {name}: {after}", *(f"{margin}    {text}" for text in said)]
    head = f"{margin}:param {name}: {said[0] if said else ''}".rstrip()
    typed = [f"{margin}:type {name}: {after}"] if after else []
    return [head, *(f"{margin}    {text}" for text in said[1:]), *typed]


def reads_as_type(phrase: str) -> bool:
    """Whether a phrase is a type: every word of it read as one by the docstring type reader
    (``bool``, ``str or list``, ``dict of str to int``), or one name alone, which only the
    function's module can resolve (``ClientSession``) and the scan reads there. A sentence
    wrapped to the next line (``A query that matches the documents to``) is none."""
    return _ONE_NAME.fullmatch(phrase) is not None or understood_type(phrase)


def understood_type(phrase: str) -> bool:
    """Whether the docstring type reader reads every word of a phrase as a type (``str``,
    ``Optional[float]``, ``list of str``); a name it cannot resolve alone (``Note``) is
    none."""
    # imported at the first such phrase: the type reader brings the model, the type table and
    # decimal, json and datetime, which reading a docstring alone (stubs) does not need
    from inspector.scan.doc_types import NOT_UNDERSTOOD, read_doc_type

    read = read_doc_type(phrase, {})
    return read.hint is not NOT_UNDERSTOOD and not read.dropped
