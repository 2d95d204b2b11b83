"""Epydoc's consolidated fields written as the reST fields docstring-parser reads.

Epydoc lets a reST docstring list its arguments under one field, each a list item (motor's and
older pymongo's docstrings)::

    :Parameters:
      - `filter`: A query that matches the document to replace.
      - `projection` (optional): A list of field names that should be
        returned in the result document.

No parser reads that form: the list stayed in the description and no argument was documented.
Each item is written as the field of its own argument (``:param filter: ...``), an aside in
parentheses after the name as its type unless it is ``optional``.
"""

from __future__ import annotations

import re

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
    index = start
    bullet = -1  # the indentation of the items
    while index < len(lines) and lines[index].strip():
        line = lines[index]
        item = _ITEM.fullmatch(line)
        indent = len(line) - len(line.lstrip())
        if item is not None and bullet in (-1, len(item[1])):
            bullet = len(item[1])
            name, aside, said = item[2], (item[3] or "").strip(), item[4]
            typed = f"{aside} " if aside and aside.lower() != "optional" else ""
            written.append(f"{margin}:param {typed}{name}: {said}".rstrip())
        elif bullet != -1 and indent > bullet:
            written.append(f"{margin}    {line.strip()}")
        else:
            return None
        index += 1
    return (written, index) if written else None
