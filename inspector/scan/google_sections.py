"""Google docstring sections made readable by docstring-parser before it reads them.

docstring-parser's Google parser splits an ``Args:`` section into entries at every line of the
entries' indent and refuses the whole docstring when one of them has no colon; it reads a
``Returns:`` entry's type only when it is one word before a colon. Libraries write otherwise:
docker continues an argument's text at the entry's own indent (``filters (dict): ...`` over
``list. Available filters: ...``) and writes the return type in parentheses (``(list of
:py:class:`Image`): The images.``); atlassian-python-api opens an ``Args:`` section with a
sentence. Each is rewritten here into what the parser reads, so one odd line no longer costs a
docstring's every parameter text (TI202) or adds an argument that does not exist (TI203)."""

from __future__ import annotations

import inspect
import re
from collections.abc import Collection
from typing import NamedTuple

from inspector.scan.consolidated_fields import understood_type

_ENTRY_SECTION = re.compile(
    r"(?:Arguments|Args|Parameters|Params|Attributes|Keyword Args|Keyword Arguments"
    r"|Other Parameters):[ \t]*"
)
"""The titles of the sections docstring-parser splits into named entries (the ones of type
``MULTIPLE`` that a tool reads, Napoleon's names among them)."""
_RETURNS_SECTION = re.compile(r"(?:Returns?|Yields?):[ \t]*")
_ENTRY = re.compile(
    r"\*{0,2}[A-Za-z_][\w.-]*(?:[ \t]*,[ \t]*\*{0,2}[A-Za-z_][\w.-]*)*(?:[ \t]*\(.*\))?[ \t]*:"
)
"""How an entry opens: a name (``*args`` and ``**kwargs`` too; names that share a text,
``x, y``), maybe a type in parentheses, then a colon. A line at the entries' indent that opens
otherwise is text, not an entry."""
_TYPED_NAME = re.compile(r"\*{0,2}([A-Za-z_]\w*)[ \t]+\(.+\)")
"""A parameter's name, a blank and its type in parentheses, the whole line: an entry without
text (``padding (int)``). Without the blank it is a call written in the text (``func(row)``
over an indented line), which Google's ``name (type)`` never is."""
_COLON_AFTER = re.compile(r"[ \t]*:[ \t]*")
_TYPE_AFTER_COLON = re.compile(r"([ \t]*\*{0,2}[A-Za-z_]\w*)[ \t]*:[ \t]*\(([^()]+)\)[ \t]*:")
"""An entry whose type, in parentheses, follows the name's colon: ``total: (float,
optional): Total number of steps.`` (rich's ``Progress.track``)."""
_INDENT = ("", " ", "\t")
"""What a line at no margin (or an empty one) opens with: no title matches it."""
_UNDERLINE = re.compile(r"[ \t]*(?:-{3,}|={3,})[ \t]*")
_ROLE = re.compile(r":(?:[\w.+-]+:)+`~?([^`]*)`")
_LEADING_ROLE = re.compile(r":(?:[\w.+-]+:)+`~?([^`]+)`(?:[ \t]*$|[ \t]*:[ \t]*)")


class GoogleReading(NamedTuple):
    """A Google docstring as ``read_google`` prepares it for docstring-parser."""

    text: str
    """The text to parse."""
    returns_type: str | None
    """The return type read from the parentheses or the role opening ``Returns:`` (reST roles
    made plain), or None when the section has no such type."""
    tail: str
    """The text at the margin after a section's indented entries, up to the next section the
    parser knows (a ``Note:``, a paragraph after ``Args:``), which docstring-parser drops:
    description again, as the paragraphs after reST fields are."""


def read_google(text: str, titles: re.Pattern[str], names: Collection[str] = ()) -> GoogleReading:
    """The docstring with its ``Args:`` (``Attributes:``...) sections split where entries
    open, the return type written in parentheses on the first line of ``Returns:``
    (``(dict): The data.``) taken out of the text, and the text after a section's entries, all
    in one pass over its lines.

    In an entry section, a line at the entries' indent that opens no entry (no ``name:`` or
    ``name (type):``) continues the entry before it, as the author's eye reads it; before the
    first entry, it is a sentence about the parameters (``See the method signature.``) and is
    left out, with the section's title when no entry follows: no parameter is its subject.

    An entry section whose first line is at the title's own indent and opens an entry of a
    parameter (arrow's ``Parameters:`` over ``check_imaginary (bool): If True ...``) has its
    entries there: they are read so up to a blank line that no such entry follows, or the next
    section. A parameter's name alone on its line over its text indented deeper (pygit2's
    ``Parameters:`` over a blank line, then ``path``) opens its entry, there too.

    Args:
        text: The docstring, cleaned or as written.
        titles: The parser's section titles, each matching a whole line at the margin.
        names: The parameters of the signature (none when it is not known).

    Returns:
        The text to parse, the return type and the text after the sections' entries; the
        text as it came when it has no section.
    """
    cleaned = inspect.cleandoc(text)
    lines = cleaned.split("\n")
    # entries without a title get an ``Args:`` above them, in ``lines``
    if titles.search(cleaned) is None and not _entries_without_title(lines, names):
        return GoogleReading(text, None, "")
    if "---" in cleaned or "===" in cleaned:  # kombu's ``Raises`` over dashes among titles
        for index, line in enumerate(lines):
            if _underlined(lines, index + 1) and titles.match(f"{line.rstrip()}:"):
                lines[index] = f"{line.rstrip()}:"
    kept: list[str] = []
    tail: list[str] = []
    returns_type: str | None = None
    index = 0
    while index < len(lines):
        line = lines[index]
        index += 1
        if titles.match(line) is None:
            kept.append(line)
            continue
        if _underlined(lines, index):
            index += 1
        opened = index
        if _ENTRY_SECTION.fullmatch(line):
            start = _mark_names_alone_as_entries(lines, index, names, titles) if names else index
            if names and start < len(lines) and _opens_entry_of(lines[start], names):
                index, body = _entries_at_margin(lines, start, names, titles)
            else:
                index, body = _entries(lines, index, titles, names)
            if body:
                kept.append(line)
                kept.extend(body)
        else:
            kept.append(line)
            if _RETURNS_SECTION.fullmatch(line) and returns_type is None:
                index, returns_type = _returns(lines, index, kept)
            while index < len(lines) and (not lines[index] or lines[index][0] in " \t"):
                kept.append(lines[index])
                index += 1
        # at the margin from its first line on, the text is the section's own (phonenumbers'
        # ``Raises:`` over unindented text), not a paragraph after its entries
        if (
            any(part.strip() for part in lines[opened:index])
            and index < len(lines)
            and not titles.match(lines[index])
        ):
            following = index
            while following < len(lines) and titles.match(lines[following]) is None:
                following += 1
            tail.append("\n".join(lines[index:following]).strip())
            kept.extend(lines[index:following])
            index = following
    # a first line of its own, blank: cleaning it again (as the parser does) leaves it as it is,
    # where a text opening with a section title would lose the indent of its entries
    return GoogleReading(
        "\n" + "\n".join(kept), returns_type, "\n\n".join(piece for piece in tail if piece)
    )


def _entries_without_title(lines: list[str], names: Collection[str]) -> bool:
    """Whether a paragraph at the margin opens with a parameter's name and its type in
    parentheses over its text indented deeper (pydub's ``AudioSegment.export``: ``out_f
    (string):``, then ``format (string)`` without a colon, and no ``Args:`` above them): an
    ``Args:`` title is put above it, and its entries are read as those of a section written at
    its title's indent. Their texts were the tool's description, and every parameter was
    undocumented (TI204)."""
    if not names:
        return False
    for at in range(1, len(lines) - 1):
        typed = _TYPED_NAME.fullmatch(lines[at].rstrip().removesuffix(":"))
        if (
            typed is not None
            and typed[1] in names
            and not lines[at - 1].strip()
            and lines[at + 1][:1] in (" ", "\t")
            and lines[at + 1].strip()
        ):
            lines.insert(at, "Args:")
            return True
    return False


def _underlined(lines: list[str], index: int) -> bool:
    """Whether the title above ``index`` is underlined, its section's lines indented below the
    underline (kombu's ``Arguments:`` over ``---------``: pydocstyle's D407 fix, which
    underlines Google titles as numpydoc does). The parser ended the section at the underline:
    every entry was description, and the parameters undocumented (TI204) and untyped (TI106).
    Entries at the margin below it are numpydoc's, and are left as they are."""
    if index >= len(lines) or _UNDERLINE.fullmatch(lines[index]) is None:
        return False
    following = next((line for line in lines[index + 1 :] if line.strip()), "")
    return following[:1] in (" ", "\t")


def _returns(lines: list[str], index: int, kept: list[str]) -> tuple[int, str | None]:
    """Past the blank lines after a ``Returns:`` title (kept), the type its first line opens
    with, taken out of it; the index after what was read."""
    while index < len(lines) and not lines[index].strip():
        kept.append(lines[index])
        index += 1
    if index < len(lines) and (typed := _written_type(lines[index])) is not None:
        returns_type, rest = typed
        kept.append(rest)
        return index + 1, returns_type
    return index, None


def _entries(
    lines: list[str], index: int, titles: re.Pattern[str], names: Collection[str] = ()
) -> tuple[int, list[str]]:
    """One entry section's body, from ``index`` to the next line at column 0 (where
    docstring-parser ends it), each line of the entries' indent that opens no entry made a
    continuation (indented deeper), the lines before the first entry left out; the index
    after it. An empty body when no entry is in it.

    A section title indented less than the entries (google-cloud-bigquery's ``Returns:`` one
    space right of its ``Args:``) ends the section, as Napoleon reads it: it is moved to the
    margin, where the next section opens. It was the last entry's text, and the return type
    an argument not in the signature (TI203).

    A paragraph at the margin that entries of parameters follow (openai's and anthropic's
    generated ``after: A cursor for use in pagination.``, then "after is an object ID ..."
    at the margin, then ``limit: ...``) is the text of the entry above it: it ended the
    section, and every entry after it was description."""
    body: list[str] = []
    indent: int | None = None
    while index < len(lines):
        line = lines[index]
        if line[:1] not in _INDENT:  # at the margin: the section ends, unless ...
            if indent is None or titles.match(line):  # (the next section: most sections)
                break
            end = _paragraph_in(lines, index, indent, _undocumented(body, indent, names), titles)
            if end is None:
                break
            for inside in range(index, end):  # ... entries of parameters go on after it
                lines[inside] = " " * (indent + 4) + lines[inside].lstrip()
            continue
        depth = len(line) - len(line.lstrip())
        if indent is not None and depth < indent and titles.match(line.lstrip()):
            lines[index] = line.lstrip()
            break
        index += 1
        if indent is None:
            if line.strip() and _ENTRY.match(line.lstrip()):
                indent = depth
                body.append(_type_before_colon(line))
            continue  # before the first entry: no parameter's text
        if line.strip() and depth == indent and not _ENTRY.match(line.lstrip()):
            line = line[:depth] + "    " + line[depth:]
        body.append(_type_before_colon(line) if depth == indent else line)
    return index, body


def _type_before_colon(line: str) -> str:
    """An entry's line with a type written in parentheses after the name's colon moved before
    it, where the parser reads a type (``total: (float, optional): Total.`` → ``total (float,
    optional): Total.``): the parenthesis opened the parameter's text and its type was lost.
    A parenthesis that reads as no type (``prompt: (shown in bold): the prompt.``) stays
    text."""
    found = _TYPE_AFTER_COLON.match(line)
    if found is None or not _type_in_parentheses(found[2].strip()):
        return line
    return f"{found[1]} ({found[2].strip()}):{line[found.end() :]}"


_NO_TYPE_MARKS = re.compile(r"\b(?:e\.?g|i\.?e|example|such as|like)\b|\d|['\"`]", re.I)
"""What a parenthesis that gives an example or a value has (``(e.g. 10)``, ``("auto")``)."""


def _type_in_parentheses(phrase: str) -> bool:
    """Whether a parenthesis after an entry's colon is its type: it gives no example or value
    (``e.g. 10``: a type of the value 10 alone would refuse every other), and the type reader
    reads every word (``float, optional``) or it is one class's name (``TaskID``, which the
    scan resolves in the method's module); a lone lower-case word it does not read
    (``required``, ``seconds``) is text."""
    if _NO_TYPE_MARKS.search(phrase) is not None:
        return False
    return (phrase.isidentifier() and phrase[:1].isupper()) or understood_type(phrase)


def _undocumented(body: list[str], indent: int, names: Collection[str]) -> list[str]:
    """The parameters of ``names`` that no entry of the section's ``body`` so far documents
    (read only when a margin paragraph comes: most sections have none)."""
    documented = {
        name
        for line in body
        if line[indent : indent + 1].strip() and not line[:indent].strip()
        for name in _entry_names(line[indent:])
    }
    return [name for name in names if name not in documented]


def _paragraph_in(
    lines: list[str], index: int, indent: int, names: Collection[str], titles: re.Pattern[str]
) -> int | None:
    """Where the paragraph opening at the margin at ``index`` ends, when the next line that is
    not blank opens, at the entries' ``indent``, an entry of a parameter of ``names`` (those
    the section has not documented yet: an example of ``host: example.com`` after it is no
    entry again); None otherwise (a title, or a paragraph that text follows: the section
    ended there)."""
    end = index
    while end < len(lines) and lines[end].strip():
        if titles.match(lines[end]):
            return None
        end += 1
    ahead = end
    while ahead < len(lines) and not lines[ahead].strip():
        ahead += 1
    if ahead == len(lines):
        return None
    following = lines[ahead]
    depth = len(following) - len(following.lstrip())
    if depth != indent or not _opens_entry_of(following.lstrip(), names):
        return None
    return end


def _opens_entry_of(line: str, names: Collection[str]) -> bool:
    """Whether the line, at the margin, opens an entry (``name (type): text``, ``name:
    text``) whose names are parameters."""
    named = _entry_names(line)
    return bool(named) and all(name in names for name in named)


def _entry_names(line: str) -> list[str]:
    """The names an entry opening the line (at the margin) documents; none when it opens no
    entry."""
    if not line[:1].isalpha() and line[:1] not in ("_", "*"):
        return []
    found = _ENTRY.match(line)
    if found is None:
        return []
    written = found[0].partition("(")[0].rstrip(" \t:")
    return [part.strip().lstrip("*") for part in written.split(",")]


def _entries_at_margin(
    lines: list[str], index: int, names: Collection[str], titles: re.Pattern[str]
) -> tuple[int, list[str]]:
    """An entry section written at its title's indent, from ``index`` (an entry of a
    parameter) to a blank line that neither such an entry nor an indented line (the next
    paragraph of the entry above) follows, or the next title: each entry indented as the
    parser reads entries, each other line deeper, as the text of the entry above it; the
    index after it."""
    body: list[str] = []
    while index < len(lines) and titles.match(lines[index]) is None:
        line = lines[index]
        if not line.strip():
            ahead = index + 1
            while ahead < len(lines) and not lines[ahead].strip():
                ahead += 1
            if ahead == len(lines) or not (
                _opens_entry_of(lines[ahead], names) or lines[ahead][:1] in (" ", "\t")
            ):  # an entry of a parameter goes on, or the text of the entry above it
                break
            body.append("")
        elif _opens_entry_of(line, names):
            body.append("    " + _type_before_colon(line))
        else:
            body.append("        " + line)
        index += 1
    return index, body


def _mark_names_alone_as_entries(
    lines: list[str], index: int, names: Collection[str], titles: re.Pattern[str]
) -> int:
    """Each line of an entry section, from its first line that is not blank to the next
    title, that is a parameter's name alone at that line's indent, its text indented deeper
    on the next line (NumPy's layout of an entry, without a type: pygit2's ``Parameters:``
    over a blank line, then ``path`` and its text), or a parameter's name and its type in
    parentheses alone (mutagen's ``filething (filething)`` and ``padding
    (:obj:`PaddingFunction`)`` between entries with colons: each was the text of the entry
    above it), written as the parser opens an entry: ``path:``. Returns where the section's
    entries open: its first line that is not blank when that line is such a name (entries at
    the title's indent then), else ``index``. ``lines`` is changed in place."""
    first = index
    while first < len(lines) and not lines[first].strip():
        first += 1
    if first == len(lines):
        return index
    indent = len(lines[first]) - len(lines[first].lstrip())
    opens = False  # whether the first line is such a name
    for at in range(first, len(lines)):
        line, below = lines[at], lines[at + 1] if at + 1 < len(lines) else ""
        if line[:1] not in _INDENT and titles.match(line):  # titles are at the margin
            break
        stripped = line.strip()
        depth = len(line) - len(line.lstrip())
        typed = _TYPED_NAME.fullmatch(stripped) if stripped.endswith(")") else None
        if depth == indent and (
            (typed is not None and typed[1] in names)
            or (
                stripped.lstrip("*") in names
                and below.strip()
                and len(below) - len(below.lstrip()) > depth
            )
        ):
            lines[at] = f"{line.rstrip()}:"
            opens = opens or at == first
    return first if opens and indent == 0 else index


def _written_type(line: str) -> tuple[str, str] | None:
    """The type a ``Returns:`` line opens with, in parentheses before a colon (``(list of
    :py:class:`Image`): The images.``) or as a reST role alone or before a colon
    (``:py:class:`docker.types.SwarmSpec```), roles made plain, and the line without it; None
    when the line opens otherwise (``dict: The data.``, which docstring-parser reads)."""
    opening = len(line) - len(line.lstrip())
    role = _LEADING_ROLE.match(line, opening)
    if role is not None:
        return role[1], line[:opening] + line[role.end() :]
    if line[opening : opening + 1] != "(":
        return None
    level = 0
    for position in range(opening, len(line)):
        if line[position] in "([{":
            level += 1
        elif line[position] in ")]}":
            level -= 1
            if level == 0:
                after = _COLON_AFTER.match(line, position + 1)
                written = _ROLE.sub(r"\1", line[opening + 1 : position]).strip()
                if after is None or not written:
                    return None
                return written, line[:opening] + line[after.end() :]
    return None
