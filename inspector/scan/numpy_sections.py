"""NumPy parameter sections made readable by docstring-parser before it reads them.

docstring-parser's numpydoc reader opens an entry at every line at a section's margin. SymPy
writes a sentence there, after the entries (``Matrix.jacobian``: "Both ``self`` and X can be
a row or a column matrix in any order (i.e., jacobian() should always work)."): each of its
lines became an argument (``'(i.e.'``, ``'jacobian() should always work).'``), named as not
in the signature (TI203), and the sentence was lost. A line at the margin that is not shaped
like an entry is read as the author's eye reads it: right below an entry (or its text), it
continues that entry's text; after a blank line, or before any entry, it opens a paragraph
about the parameters, which is description text, as a paragraph after a Google section's
entries is. A title of the author's own after the entries, underlined (great_tables'
"Formatting with the `date_style=` argument" over dashes, then a table; "Styles" over a
table) opens description text up to the next title; over more entries ("Layout options",
"Keyword arguments") it is a sub-heading, dropped, and the entries stay: only when each line at
its body's margin is an entry with a type (``width : int``), starred, or a name of the
signature, or, for a method that takes ``**kwargs``, a name over its text indented below
(matplotlib's and plotly's "Style options" over ``color``). A code sample indented under such a
title ("Example usage") or a list of bare words ("Valid modes" over ``nearest``, ``bilinear``)
is description. A title shaped like a name over
entries (SymPy's ``kwargs``) stays among the entries. Section titles are first underlined as
docstring-parser reads them (``underlined_titles``)."""

from __future__ import annotations

import functools
import inspect
import re
from collections.abc import Collection, Iterator
from typing import NamedTuple

import docstring_parser.numpydoc

_PARAMETER_TITLE = re.compile(
    r"(?:Parameters|Params|Arguments|Args|Receives?|Attributes?)[ \t]*\n([ \t]*)-{3,}[ \t]*$",
    re.M,
)
"""The titles of the sections docstring-parser reads as ``name : type`` entries (after
``Other `` for some), and the indentation of their underline: the section's margin."""
_TITLE_WORDS = ("Parameters", "Params", "Arguments", "Args", "Receive", "Attribute")
"""Where such a title may be, found by ``str.find``: a regular expression searching for any
of them tries each character of the text (9 µs a NumPy docstring)."""
_PARAMETER_TITLES = frozenset(
    {
        "Parameters", "Params", "Arguments", "Args", "Other Parameters", "Other Params",
        "Other Arguments", "Other Args", "Receives", "Receive", "Attributes", "Attribute",
    }
)  # fmt: skip
_NAME = r"(?:\\?\*){0,2}`{0,2}[A-Za-z_][\w.]*`{0,2}"
_UNDERLINE = r"(?:={3,}|-{3,}|~{3,}|\^{3,})[ \t]*"
_UNDERLINE_LINE = re.compile(_UNDERLINE)
_NAMES = rf"{_NAME}(?:[ \t]*,[ \t]*(?:{_NAME}|\.\.\.|\u2026))*"
_ENTRY_SHAPE = rf"{_NAMES}[ \t]*(?:\([^()\n]*\))?[ \t]*(?::.*)?|{_UNDERLINE}"
_ENTRY = re.compile(_ENTRY_SHAPE)
"""How an entry's line is shaped: ``name``, ``name : type``, ``a, b : type`` (numpy's ``a1,
a2, ... : sequence of array_like``), ``*args``, ``**kwargs`` (``\\*\\*kwargs``,
````self````), names with an aside (numpy's ``casting, buffersize (optional)``), or the
underline of a title numpydoc does not know (SymPy's ``kwargs`` over ``======``)."""
_TYPED_ENTRY = re.compile(rf"{_NAMES}[ \t]*:.*|(?:\\?\*){{1,2}}\w+[ \t]*")
"""An entry's line right below a line of text at the margin: with its type (``name : type``)
or starred. A bare word there (``order``) is the text's next line."""
_MARGIN_LINE = re.compile(r"^\S.*$", re.M)


_UNDERLINE_BELOW = re.compile(r"\n[ \t]*(={3,}|-{3,})(?=[ \t]*$)", re.M)
"""An underline, from the end of the line above, where a numpydoc section title may be. Found
first, and the title looked up: a pattern of every title in any capitals, tried at each line,
took 0.8 ms on a pandas docstring (a fifth of the inspection of ``DataFrame``); opening with a
newline, the search skips from one to the next."""
_SPELLED = {s.title.lower(): s.title for s in docstring_parser.numpydoc.DEFAULT_SECTIONS}
"""The titles the NumPy parser knows as sections, by their lower-case spelling."""
_KNOWN = frozenset(_SPELLED.values())
"""The same titles as the parser spells them (a title of the author's own is none)."""


def underlined_titles(text: str) -> str:
    """The text with each numpydoc section title underlined as docstring-parser reads it: the
    title as the parser spells it, over dashes as long as the title. numpydoc reads a title in
    other capitals (scipy's ``See also``), underlined with ``=`` (SymPy's) or with more dashes
    than it has letters (rapidfuzz's ``Yields`` over seven); docstring-parser takes only
    dashes as long as the title, under the title it spells."""
    pieces: list[str] = []
    done = 0
    for underline in _UNDERLINE_BELOW.finditer(text):
        above = underline.start()  # the end of the line above
        start = text.rfind("\n", 0, above) + 1
        line = text[start:above]
        title = line.strip(" \t")
        spelled = _SPELLED.get(title.lower())
        if spelled is None or len(underline[1]) < len(title) or start < done:
            continue
        indent = line[: len(line) - len(line.lstrip(" \t"))]
        title_end = start + len(indent) + len(title)
        pieces += (text[done:start], indent, spelled, text[title_end : underline.start(1)])
        pieces.append("-" * len(title))
        done = underline.end()
    return "".join(pieces) + text[done:] if pieces else text


class NumpyReading(NamedTuple):
    """A NumPy docstring as ``read_numpy`` prepares it for docstring-parser."""

    text: str
    """The text to parse."""
    tail: str
    """The paragraphs at the margin of parameter sections that open no entry: description."""


def read_numpy(
    text: str, titles: re.Pattern[str], names: Collection[str], keywords: bool = False
) -> NumpyReading:
    """The docstring with each line at the margin of a parameter section that is not shaped
    like an entry made the text of the entry above it, or taken out as a paragraph (``tail``).

    Args:
        text: The docstring, its titles underlined with dashes as long as the title.
        titles: The parser's section titles, each matching a title and its underline at the
            margin.
        names: The parameters of the signature (none when unknown): under a title of the
            author's own, lines naming them alone are entries, as typed entries are.
        keywords: Whether the signature takes ``**kwargs``: under a title of the author's
            own, a name over its text indented below is an entry too (a keyword it takes).

    Returns:
        The text as it came and no tail when every line at the margin of its parameter
        sections is an entry's (most docstrings).
    """
    if not _has_odd_line(text):
        return NumpyReading(text, "")
    cleaned = inspect.cleandoc(text)
    found = list(titles.finditer(cleaned))
    spans = [
        (match.end(), found[index + 1].start() if index + 1 < len(found) else len(cleaned))
        for index, match in enumerate(found)
        if next(group for group in match.groups() if group is not None) in _PARAMETER_TITLES
    ]
    odd = [
        span
        for span in spans
        if any(
            not _ENTRY.fullmatch(line[0].rstrip())
            for line in _MARGIN_LINE.finditer(cleaned, span[0], span[1])
        )
    ]
    if not odd:
        return NumpyReading(text, "")
    pieces: list[str] = []
    tail: list[str] = []
    done = 0
    for start, end in odd:
        body, paragraphs = _section(cleaned[start:end].split("\n"), names, keywords)
        pieces.extend((cleaned[done:start], "\n".join(body)))
        tail.extend(paragraphs)
        done = end
    pieces.append(cleaned[done:])
    # a first line of its own, blank: cleaning it again (as the parser does) leaves the text
    # as it is, where a text opening with a section title would lose the indent of its entries
    return NumpyReading("\n" + "".join(pieces), "\n\n".join(tail))


class _MarginPatterns(NamedTuple):
    title: re.Pattern[str]
    """Any title at the margin, underlined: where a parameter section ends (or, a title
    numpydoc does not know, where its lines are no longer read here)."""
    odd: re.Pattern[str]
    """A line at the margin not shaped like an entry."""


@functools.cache
def _margin_patterns(indent: str) -> _MarginPatterns:
    """The patterns at the margin ``indent``, each opening with a newline and the margin (a
    search skips to where they are)."""
    margin = re.escape(indent)
    return _MarginPatterns(
        re.compile(rf"\n{margin}{_UNDERLINE}$", re.M),
        re.compile(rf"\n{margin}(?!(?:{_ENTRY_SHAPE})[ \t]*$)\S", re.M),
    )


def _has_odd_line(text: str) -> bool:
    """Whether a line at the margin of a parameter section is not shaped like an entry: read
    on the text as it is, at the title's indentation, by two searches a section, so a
    docstring whose every such line is an entry's (most) is not cleaned and split here for
    nothing."""
    if "---" not in text:
        return False
    for title in _parameter_titles(text):
        patterns = _margin_patterns(title[1])
        after = patterns.title.search(text, title.end())  # the underline of the next title
        end = text.rfind("\n", 0, after.start()) if after is not None else len(text)
        if patterns.odd.search(text, title.end(), end) is not None:
            return True
        if after is None:
            continue
        title_line = text[end + 1 : after.start()].strip()
        if not _ENTRY.fullmatch(title_line):
            return True  # a title of the author's own (or one the parser knows: no harm)
        if title_line not in _KNOWN:  # a name of the author's own over its section ("Styles")
            following = patterns.title.search(text, after.end())
            stop = text.rfind("\n", 0, following.start()) if following is not None else len(text)
            if patterns.odd.search(text, after.end(), stop) is not None:
                return True
    return False


def _parameter_titles(text: str) -> Iterator[re.Match[str]]:
    """Each title of a parameter section at the margin of its underline."""
    for word in _TITLE_WORDS:
        start = text.find(word)
        while start != -1:
            title = _PARAMETER_TITLE.match(text, start)
            if title is not None:
                before = text[text.rfind("\n", 0, start) + 1 : start]
                if before in (title[1], title[1] + "Other "):
                    yield title
            start = text.find(word, start + 1)


def _section(
    lines: list[str], names: Collection[str], keywords: bool
) -> tuple[list[str], list[str]]:
    """A parameter section's lines with each line at the margin that opens no entry indented
    under the entry above it, or taken out; the paragraphs taken out. ``names``: the
    signature's parameters; ``keywords``: whether it takes ``**kwargs``."""
    body: list[str] = []
    paragraphs: list[list[str]] = []
    mode = "start"  # what the last line at the margin was: "entry", "text" (an entry's), "tail"
    blank_before = True
    indent = ""  # the indentation of the current entry's text
    skip_to = 0  # lines before it were taken by a title of the author's own
    for index, line in enumerate(lines):
        if index < skip_to:
            continue
        if not line.strip():
            body.append(line)  # the section's lines stay apart from the title after it
            if mode == "tail":
                paragraphs[-1].append(line)
            blank_before = True
            continue
        if _is_title(lines, index):  # a title numpydoc does not know
            end = next((i for i in range(index + 2, len(lines)) if _is_title(lines, i)), len(lines))
            under = lines[index + 2 : end]
            if _ENTRY.fullmatch(line.rstrip()):
                if _all_entries(under):  # like a name (SymPy's ``kwargs``): as it was
                    body.extend(lines[index:])
                    break
            elif _over_entries(under, names, keywords):
                # the author's sub-heading over more entries ("Layout options"): the entries stay
                mode, blank_before, skip_to = "start", True, index + 2
                continue
            # a section of the author's own (great_tables' "Formatting with ...", a table of
            # styles, a code sample, a list of values): description text
            paragraphs.append(lines[index:end])
            mode, blank_before, skip_to = "start", True, end
            continue
        if line[0] in " \t":
            if mode == "tail":
                paragraphs[-1].append(line)
            else:
                indent = indent or line[: len(line) - len(line.lstrip())]
                body.append(line)
        elif (_ENTRY if blank_before or mode in ("start", "entry") else _TYPED_ENTRY).fullmatch(
            line.rstrip()
        ):
            mode, indent = "entry", ""
            body.append(line)
        elif mode in ("entry", "text") and not blank_before:
            mode = "text"
            body.append((indent or "    ") + line)
        else:
            if mode != "tail":
                paragraphs.append([])
            mode = "tail"
            paragraphs[-1].append(line)
        blank_before = False
    return body, [text for text in ("\n".join(p).strip() for p in paragraphs) if text]


def _is_title(lines: list[str], index: int) -> bool:
    """Whether the line at ``index`` is a title at the margin, underlined."""
    line = lines[index]
    return (
        line[:1] not in ("", " ", "\t")
        and index + 1 < len(lines)
        and _UNDERLINE_LINE.fullmatch(lines[index + 1]) is not None
    )


def _all_entries(lines: list[str]) -> bool:
    """Whether every line at the margin of a section's body is shaped like an entry."""
    return all(_ENTRY.fullmatch(line.rstrip()) for line in _at_margin(lines))


def _over_entries(lines: list[str], names: Collection[str], keywords: bool) -> bool:
    """Whether a section's body is parameter entries: a line at its margin, and each such line
    an entry with a type or starred (``_TYPED_ENTRY``) or names of the signature alone; when
    the signature takes ``**kwargs`` (``keywords``), also an entry's name over its text
    indented below (``color`` over ``    The line color.``): the keywords a method passes on
    are no names of its signature, and are often written without a type. Only shaped like an
    entry is not enough: the body of a code sample, all indented, has no line at the margin,
    and a list of values (``nearest``, ``bilinear``) is bare words with no text below them."""
    margin = [at for at, line in enumerate(lines) if line[:1] not in ("", " ", "\t")]
    return bool(margin) and all(
        _TYPED_ENTRY.fullmatch(lines[at].rstrip())
        or _names_of(lines[at], names)
        or (keywords and _ENTRY.fullmatch(lines[at].rstrip()) and _text_below(lines, at))
        for at in margin
    )


def _text_below(lines: list[str], at: int) -> bool:
    """Whether the line after ``at`` is indented text (an entry's)."""
    below = lines[at + 1] if at + 1 < len(lines) else ""
    return below[:1] in (" ", "\t") and bool(below.strip())


def _at_margin(lines: list[str]) -> Iterator[str]:
    return (line for line in lines if line[:1] not in ("", " ", "\t"))


def _names_of(line: str, names: Collection[str]) -> bool:
    """Whether an entry's line without a type names parameters of the signature only
    (``width``, ``width, height``, ``width (optional)``)."""
    if not names or not _ENTRY.fullmatch(line.rstrip()):
        return False
    written = line.split("(", 1)[0]
    return all(part.strip(" \t`\\*") in names for part in written.split(","))


_TEXT_AFTER_TYPE = re.compile(r"\.[ \t]+(?=[A-Z(`])")
"""Where a type ends and a sentence starts in an entry's type: a period, space, and a capital
(not ``e.g. int``, not ``numpy.ndarray``)."""
_DEFAULT_SENTENCE = re.compile(r"default", re.I)


def _type_and_text(type_name: str) -> tuple[str, str]:
    """An entry's type, and the sentence the author wrote after it on the same line.

    tqdm writes its text there, after a period: ``total : int or float, optional. Total to
    use for the new bar.`` docstring-parser gives it all as the type, so the words were
    reported as types not understood (TI122: ``'Total'``, ``'use for the new bar'``), and
    for ``pos : int, optional. Position to `moveto``` over a line of text, they were lost.

    Args:
        type_name: The type as docstring-parser read it.

    Returns:
        The type and the sentence after it ("" when there is none). A sentence that states the
        default (``int, optional. Default is 5.``) stays in the type, where the default is read.
    """
    found = _TEXT_AFTER_TYPE.search(type_name)
    if found is None or not type_name[: found.start()].strip():
        return type_name, ""
    text = type_name[found.end() :].strip()
    if _DEFAULT_SENTENCE.match(text):
        return type_name, ""
    return type_name[: found.start()].rstrip(), text


def text_after_type(type_name: str | None, text: str, *, numpy: bool) -> tuple[str | None, str]:
    """An entry's type and text, with the sentence written after a NumPy entry's type on its
    line (``_type_and_text``) opening the text; as they are in another style."""
    if not numpy or not type_name:
        return type_name, text
    type_name, lead = _type_and_text(type_name)
    return type_name, "\n".join(part for part in (lead, text) if part)


class KeptTitleSection(docstring_parser.numpydoc.Section):
    """A numpydoc section read our way, made from the library's own: its title (and so where
    the section before it ends) is the library's; a subclass says how its body is read."""

    def __init__(self, section: docstring_parser.numpydoc.Section) -> None:
        super().__init__(section.title, section.key)
        self._title_pattern = section.title_pattern

    @property
    def title_pattern(self) -> str:
        return self._title_pattern
