"""reST markup in docstring text made plain for a model: roles, literals and directives.

Sphinx-documented libraries write ``:class:`~pandas.Series```, ````x```` and
``.. versionadded:: 2.0`` in the text a model reads as a description. Roles become inline code
(or their title, for links), double backquotes single ones, and the common directives a short
sentence (``Deprecated since version 3.1: ...``); the content of any other directive stays,
without its marker line."""

from __future__ import annotations

import functools
import re
import textwrap
from typing import NamedTuple


class _Patterns(NamedTuple):
    role: re.Pattern[str]
    """``:class:`x```, ``:py:meth:`x```, with a backslash right after it that escapes a letter
    (GitPython's ``:class:`~git.objects.commit.Commit`\\s``: reST drops the backslash)."""
    titled: re.Pattern[str]
    literal: re.Pattern[str]
    """````x````, not a Markdown code fence (three or more backquotes)."""
    literal_mark: re.Pattern[str]
    """``Usage::`` ending a paragraph: a colon, the literal block follows. Not the fence of a
    Pandoc, Quarto or MyST block (ibis' ``::: {.callout-warning}`` ... ``:::``), a line of
    colons that is no reST: it was cut to ``::``."""
    lone_literal_mark: re.Pattern[str]
    directive: re.Pattern[str]
    default_role: re.Pattern[str]
    """A cross-reference in the default role: paramiko's `` `.HostKeys` ``, `` `~a.b.C` ``,
    matplotlib's `` `~.axes.Axes` `` (both: the last part of a name searched for) and
    `` `~.Axes.set_axis_off()` ``."""
    substitution: re.Pattern[str]
    """A substitution reference: python-docx's ``|ValueError|``, a name of two characters or
    more where reST reads one: after a space or an opening bracket or quote, before a space or
    punctuation (not ``a|b|c``, a table's ``| a |`` or ``|---:|``, an absolute value ``|n|``
    or ``|x - y|``, ``df[|n|:]``)."""
    link_target: re.Pattern[str]
    """A hyperlink target's line (and the indented lines that continue it, an address put
    below): polars' ``.. _structured array: https://...``."""
    link_reference: re.Pattern[str]
    """A reference to a hyperlink: `` `structured array`_ ``, `` `docs <https://...>`__ ``,
    an address alone (elasticsearch's `` `<https://...>`_ ``); the title and the address may
    go on over lines of one paragraph (dropbox's, PyGithub's). The address is the last
    bracketed text, so the title may hold brackets before it (gspread's `` `spreadsheets/<ID>:
    batchUpdate <https://...>`_ ``)."""
    comment: re.Pattern[str]
    """A comment: explicit markup (``..`` opening a line) that is no directive (``name::``),
    hyperlink target, footnote, citation or substitution, with the lines indented below it
    (python-telegram-bot's ``.. versionadded: 20.1``, one colon short of a directive, which
    Sphinx shows no more than any comment)."""
    field: re.Pattern[str]
    """A field opening a line, of a name no reader took (PyGithub's ``:calls: GET /user``,
    paramiko's ``:versionadded: 2.2``), and the rest of its line: not a role (a backquote
    follows one) nor ``::``."""
    note_reference: re.Pattern[str]
    """A footnote or citation reference (numpy's ``[1]_``, tweepy's ``[#]_``, ``[#name]_``,
    ``[CIT2002]_``) with the blanks before it, where reST reads one: after a blank, an opening
    bracket or quote."""
    note: re.Pattern[str]
    """The label opening a footnote or citation: ``.. [1] Smith, 2000.``"""
    meta: re.Pattern[str]
    """A field of Sphinx's metadata (nox's ``:meta private:``, packaging's ``:meta
    hide-value:``) with a blank line after it: autodoc takes it out of the text it shows."""
    line_block: re.Pattern[str]
    """Lines that each open with a bar and a blank (or are a bar alone): a line block, where
    ``_line_blocks`` says it is one."""
    line_bar: re.Pattern[str]
    """A line block's bar, with the blank after it."""
    version: re.Pattern[str]
    """A version, as a version directive's argument starts (``2.2``, ``v1.0:``)."""
    lone_link: re.Pattern[str]
    """A line that is only a cross-reference without a title, with the blank lines after it:
    dropped where ``_lone_links`` says it is a sentence of its own."""
    escaped_space: re.Pattern[str]
    """An escaped space right after inline markup and before a word: praw's
    ``:class:`.Collection`\\ s``, which reST writes so that the markup ends where a word goes
    on; reST removes it (``Collections``)."""


@functools.cache
def _patterns() -> _Patterns:
    """Compiled at the first text with markup: most docstrings have none (saves start-up)."""
    return _Patterns(
        role=re.compile(r":(?:[a-zA-Z][\w-]*:)?([a-zA-Z][\w-]*):`([^`]+)`(?:\\(?=\w))?"),
        titled=re.compile(r"^(.*?)\s*<([^<>]+)>$", re.S),
        # these three start with their text and look behind only then, so the regex engine
        # skips to where the text occurs; ``(?<!`)``...`` tried every character (the texts
        # of pandas', numpy's, redis', sqlalchemy's and arrow's docstrings: 14 -> 9.6 ms)
        literal=re.compile(r"``(?<!```)(?=[^\s`])(.+?)(?<=[^\s`])``(?!`)", re.S),
        literal_mark=re.compile(r"::(?<=[^\s:]::)$", re.M),
        lone_literal_mark=re.compile(r"^[ \t]*::[ \t]*$\n?", re.M),
        directive=re.compile(r"^([ \t]*)\.\. ([a-zA-Z][\w-]*)::[ \t]*(.*)$"),
        default_role=re.compile(r"`(?<!``)(~\.|[.~])([A-Za-z_][\w.]*(?:\(\))?)`(?!`)"),
        substitution=re.compile(r"(?<![^\s(\"'])\|([A-Za-z_][\w.-]*\w)\|(?=[\s.,;:!?)\"']|\Z)"),
        link_target=re.compile(r"^[ \t]*\.\. _[^\n:]*:.*(?:\n[ \t]+\S.*)*(?:\n|\Z)", re.M),
        link_reference=re.compile(
            r"(?<![\w:`])`(?:(?=[^\s`<])((?:[^`\n]|\n(?![ \t]*\n))*?[^\s`<])"
            r"(?:\s*<([^<>`\s][^<>`]*)>)?"
            r"|<([^<>`\s][^<>`]*)>)`__?(?!\w)"
        ),
        comment=re.compile(
            r"^(?P<indent>[ \t]*)\.\.(?:[ \t]+(?![_\[|])(?![a-zA-Z][\w-]*::)[^\n]*)?$\n?"
            r"(?:(?P=indent)[ \t]+\S[^\n]*(?:\n|\Z))*",
            re.M,
        ),
        field=re.compile(
            r"^([ \t]*):([A-Za-z][\w-]*(?:[ \t]+[^:`\s][^:`\n]*)?):(?=[ \t]|$)(.*)", re.M
        ),
        note_reference=re.compile(
            r"(?:[ \t]+|(?<![^\s(\"']))\[(#[\w.-]*|\d+|[A-Za-z_][\w.-]*)\]_(?![\w`])"
        ),
        note=re.compile(r"^([ \t]*)\.\. \[(#[\w.-]*|\d+|[A-Za-z_][\w.-]*)\](?:[ \t]+|$)", re.M),
        meta=re.compile(r"^[ \t]*:meta[ \t]+[^:\n]+:[^\n]*(?:\n|\Z)(?:[ \t]*\n)?", re.M),
        line_block=re.compile(r"(?:^[ \t]*\|(?:[ \t].*)?(?:\n|\Z))+", re.M),
        line_bar=re.compile(r"^([ \t]*)\|[ \t]?", re.M),
        version=re.compile(r"[vV]?\d[\w.+-]*[.,:;]?"),
        lone_link=re.compile(
            r"^[ \t]*:(?:[a-zA-Z][\w-]*:)?(?:ref|doc|numref):`[^`<>]+`[ \t]*(?:\n[ \t]*)*(?:\n|\Z)",
            re.M,
        ),
        escaped_space=re.compile(r"(?<=[`*|_])\\ (?=\w)"),
    )


_LINKS = frozenset({"ref", "doc", "term", "download", "numref"})
_CODE = frozenset({"code-block", "code", "sourcecode", "highlight", "doctest", "testcode", "raw"})
"""Directives whose argument names a language (``.. code-block:: python``) or a format
(elasticsearch's ``.. raw:: html`` over every method's text), not content."""
_SENTENCES = {
    "versionadded": "Added in version {0}.",
    "versionchanged": "Changed in version {0}:",
    "deprecated": "Deprecated since version {0}:",
    "note": "Note:",
    "warning": "Warning:",
    "attention": "Attention:",
    "caution": "Caution:",
    "danger": "Danger:",
    "important": "Important:",
    "tip": "Tip:",
    "hint": "Hint:",
    "seealso": "See also:",
}


_MARKS = ("`", "::", "|", "..", "]_", "\\ ")
"""What each rule below needs in a text to change it: roles, literals and links; literal
blocks and directives; substitutions; comments, targets and notes; footnote references;
escaped spaces."""
_FIELD_START = re.compile(r"^[ \t]*:[A-Za-z]", re.M)


def may_hold_markup(text: str) -> bool:
    """Whether ``plain_text`` may change the text: a reader skips it for a text that holds no
    mark (most do). Kept beside the rules, so a new rule is not skipped: a comment alone was,
    while the test was written where it was used."""
    return any(mark in text for mark in _MARKS) or (
        ":" in text and _FIELD_START.search(text) is not None
    )


def _line_blocks(text: str) -> str:
    """The text with each reST line block's lines without their bars (yfinance's ``| Valid
    periods: 1d,5d`` then ``| Default: '1mo'``: the bars only keep the lines apart). A line
    block is a body element, outside a literal block: its first bar opens the text, follows a
    blank line, or is the indented body of a definition (``_under_a_term``: ``period`` over
    ``    | Valid periods: 1d``). Bars that go on a line (``(os.O_RDWR`` over ``|
    os.O_CREAT``, a shell pipeline) are code, and a block in which a line other than a lone
    bar ends with a bar too is a Markdown table."""
    patterns = _patterns()

    def plain(match: re.Match[str]) -> str:
        block, start = match[0], match.start()
        previous = text[: max(start - 1, 0)].rpartition("\n")[2] if start else ""
        if previous.strip() and not _under_a_term(previous, block):
            return block
        if _in_literal_block(text, start, block):
            return block
        lines = block.splitlines()
        if any(line.strip() != "|" and line.rstrip().endswith("|") for line in lines):
            return block
        return patterns.line_bar.sub(r"\1", block)

    return patterns.line_block.sub(plain, text)


_SENTENCE_END = (".", "!", "?", ":")


def _lone_links(text: str) -> str:
    """The text without each line that is only a cross-reference without a title and stands
    as a sentence of its own: the line before it is blank, absent, ends a sentence, or is
    such a line dropped (pyproj's ``:ref:`pipeline``` under a summary, ``:ref:`min_confidence```
    under a parameter's text). Sphinx shows there the title of the section it names, which a
    docstring does not hold, and its label is no text (``build_crs_cf``). Inside a sentence
    (``described in`` over ``:ref:`configuration``` over ``before calling.``) the line is
    kept, and its label read as a titleless reference in a sentence is: the words around it
    need it."""
    dropped_up_to = -1  # where the last line dropped ended: a list of them goes together
    paragraph = True  # whether the lines dropped last opened a paragraph

    def lone(match: re.Match[str]) -> str:
        nonlocal dropped_up_to, paragraph
        start = match.start()
        previous = text[: max(start - 1, 0)].rpartition("\n")[2].rstrip() if start else ""
        if start != dropped_up_to:  # the next line of a list is read as its first was
            if previous and not previous.endswith(_SENTENCE_END):
                return match[0]
            paragraph = not previous
        dropped_up_to = match.end()
        # a paragraph of its own goes with the blank lines after it; a line under a sentence
        # leaves them, which part that sentence from the next paragraph
        return "" if paragraph else match[0].partition("\n")[2]

    kept = _patterns().lone_link.sub(lone, text)
    return kept.rstrip("\n") if dropped_up_to >= 0 else kept


_GOES_ON = ("\\", ",", "=", "+", "-", "*", "/", "%", "&", "|", "^", "<", ">", "(", "[", "{")
"""How a line of code that goes on to the next one ends: an operator, a comma, a backslash
or an opening bracket."""


def _under_a_term(previous: str, block: str) -> bool:
    """Whether a line block is the indented body of a definition, the line above it its
    term: that line is indented less than the block's first bar and is complete, as a term
    is: it leaves no bracket open and ends with no operator, comma or backslash. A line that
    goes on to the bars is code (``flags = (os.O_RDWR`` over ``| os.O_CREAT``), and one at
    the bars' indent or deeper is the line the bars continue (a shell pipeline)."""
    depth = len(previous) - len(previous.lstrip(" \t"))
    if depth >= len(block) - len(block.lstrip(" \t")):
        return False
    line = previous.rstrip()
    opened = sum(line.count(mark) for mark in "([{") - sum(line.count(mark) for mark in ")]}")
    return opened <= 0 and not line.endswith(_GOES_ON)


def _in_literal_block(text: str, start: int, block: str) -> bool:
    """Whether the block at ``start`` lies in a literal block: a line above it, indented less
    than the block and than every line between them, ends with ``::`` or opens a code
    directive (``.. code-block:: bash``). Not only the nearest such line: in a literal block,
    a line of code may be indented less than the bars under it (``if y:`` over them)."""
    indent = len(block) - len(block.lstrip(" \t"))
    for line in reversed(text[:start].splitlines()):
        depth = len(line) - len(line.lstrip(" \t"))
        if not line.strip() or depth >= indent:
            continue
        directive = _patterns().directive.match(line)
        if line.rstrip().endswith("::") or (directive is not None and directive[2] in _CODE):
            return True
        indent = depth
    return False


def plain_text(text: str) -> str:
    """The text with its reST roles, literals, directives, substitutions, line blocks and
    hyperlinks made plain."""
    if "|" in text:
        text = _patterns().substitution.sub(r"\1", text)
        text = _line_blocks(text)
    if ".. _" in text:  # a target only says where a link goes: the text has no place for it
        text = _patterns().link_target.sub("", text).strip("\n")
    if ".." in text and _patterns().comment.search(text):  # a comment is for the source only
        text = _patterns().comment.sub("", text).strip("\n")
    if "]_" in text or ".. [" in text:
        text = _notes(text).strip("\n")
    if "`_" in text:
        text = _patterns().link_reference.sub(_link_reference, text)
    if "`" in text:
        if ":ref:" in text or ":doc:" in text or ":numref:" in text:
            text = _lone_links(text)
        text = _patterns().role.sub(_role, text)
        if "``" in text:
            text = _patterns().literal.sub(r"`\1`", text)
        if "`." in text or "`~" in text:
            text = _patterns().default_role.sub(_default_role, text)
    if ".. " in text and "::" in text:
        text = _directives(text)
    if ":meta" in text:
        text = _patterns().meta.sub("", text).strip("\n")
    if ":" in text:
        text = _patterns().field.sub(_field, text)
    if "::" in text:
        patterns = _patterns()
        text = patterns.literal_mark.sub(":", patterns.lone_literal_mark.sub("", text))
    if "\\ " in text:
        text = _patterns().escaped_space.sub("", text)
    return text


def _notes(text: str) -> str:
    """Footnotes and citations as Sphinx shows them: a reference is its label in brackets
    (``[1]``; an auto-numbered one, ``[#]`` or ``[#name]``, the number Sphinx gives it), each
    note opens with that label. A reference to a note the text does not hold (numpy's
    ``References`` section is not in the tool) keeps a label written out (``See [1] and
    [2]``: the sentence needs it) and is dropped when auto-numbered: it has no number to show
    (tweepy's ``endpoint. [#]_ [#]_``)."""
    patterns = _patterns()
    labels = [found.group(2) for found in patterns.note.finditer(text)]
    taken = {label for label in labels if label.isdigit()}
    shown: dict[str, str] = {}
    anonymous: list[str] = []  # ``[#]``, matched in order
    number = 0
    for label in labels:
        if label.startswith("#"):
            number += 1
            while str(number) in taken:  # auto-numbering skips the numbers written out
                number += 1
            if label == "#":
                anonymous.append(str(number))
            else:
                shown[label] = str(number)
        else:
            shown[label] = label
    definitions = iter(anonymous)
    references = iter(anonymous)

    def note(found: re.Match[str]) -> str:
        indent, label = found.groups()
        label = next(definitions, "") if label == "#" else shown[label]
        return f"{indent}[{label}] " if label else indent

    def reference(found: re.Match[str]) -> str:
        label = found.group(1)
        if label == "#":
            label = next(references, "")
        else:
            label = shown.get(label, "" if label.startswith("#") else label)
        if not label:
            return ""
        return f"{found.group()[: found.start(1) - found.start() - 1]}[{label}]"

    return patterns.note_reference.sub(reference, patterns.note.sub(note, text))


def _role(match: re.Match[str]) -> str:
    role, content = match.group(1), match.group(2).strip()
    titled = _patterns().titled.match(content)
    if titled and titled.group(1):
        content = titled.group(1)
        return content if role in _LINKS else f"`{content}`"
    if role in _LINKS:
        return content
    if content.startswith("~"):
        content = content[1:].rpartition(".")[2]
    return f"`{content.lstrip('!')}`"


_VERSIONED = {"versionadded": "Added:", "versionchanged": "Changed:", "deprecated": "Deprecated:"}
"""The directives whose argument is a version, and their sentence when a field's text starts
with none (lxml's ``:deprecated: use str(result_tree) instead.``)."""


def _field(match: re.Match[str]) -> str:
    """A field as Sphinx shows one it does not know: its name capitalised (``Calls:``). A
    field named as a directive (paramiko's ``:versionadded: 2.2``, ``:note: ...``) reads as
    Sphinx renders the directive: ``Added in version 2.2.``, ``Note: ...``."""
    indent, name, rest = match.groups()
    key = name.lower()
    if key in _SENTENCES and rest.strip():
        if key in _VERSIONED:  # the version, then what changed
            version, _, said = rest.strip().partition(" ")
            if not _patterns().version.fullmatch(version):
                return f"{indent}{_VERSIONED[key]} {rest.strip()}"
            return "\n".join(_rendered(indent, key, version, [said.strip()] if said else []))
        return "\n".join(_rendered(indent, key, rest.strip(), []))
    return f"{indent}{name[:1].upper()}{name[1:]}:{rest}"


def _link_reference(match: re.Match[str]) -> str:
    """A link's text, with its address when the reference gives one (without the blanks
    that break it over lines: reST takes them out)."""
    title, address, alone = match.groups()
    if alone:
        return "".join(alone.split())
    if "\n" in title:  # a title over lines (dropbox's ``Paper\n    Migration Guide``)
        title = " ".join(title.split())
    return f"{title} ({''.join(address.split())})" if address else title


def _default_role(match: re.Match[str]) -> str:
    mark, name = match.groups()
    return f"`{name.rpartition('.')[2] if mark.startswith('~') else name}`"


def _directives(text: str) -> str:
    """Each directive's marker line replaced by its sentence, its indented body dedented."""
    lines = text.split("\n")
    out: list[str] = []
    index = 0
    directive = _patterns().directive
    while index < len(lines):
        match = directive.match(lines[index])
        if match is None:
            out.append(lines[index])
            index += 1
            continue
        indent, name, argument = match.groups()
        body, index = _body(lines, index + 1, len(indent))
        if any(directive.match(line) for line in body):  # praw's code block inside a note
            body = _directives("\n".join(body)).split("\n")
        out.extend(_rendered(indent, name.lower(), argument.strip(), body))
    return "\n".join(out)


def _body(lines: list[str], start: int, indent: int) -> tuple[list[str], int]:
    """The lines indented deeper than the directive (inner blank lines kept, outer ones not),
    and the index after them."""
    end = start
    while end < len(lines) and (
        not lines[end].strip() or len(lines[end]) - len(lines[end].lstrip()) > indent
    ):
        end += 1
    while end > start and not lines[end - 1].strip():
        end -= 1
    while start < end and not lines[start].strip():
        start += 1
    body = textwrap.dedent("\n".join(lines[start:end])).split("\n") if end > start else []
    return body, end


def _rendered(indent: str, name: str, argument: str, body: list[str]) -> list[str]:
    sentence = _SENTENCES.get(name)
    if sentence is None:  # code, math, an unknown directive: its content only
        words = [argument] if argument and name not in _CODE else []  # not the language
        return [indent + line if line else "" for line in words + body]
    version, _, said = argument.partition(" ")
    if name in _VERSIONED and said.strip() and _patterns().version.fullmatch(version):
        # SQLAlchemy's ``.. deprecated:: 1.4 The ... method is deprecated``: Sphinx reads the
        # version, then text, as it reads the text below (read whole, the colon came last)
        argument, body = version, [said.strip(), *body]
    if "{0}" in sentence:
        first = sentence.format(argument.rstrip("."))
        if not body:
            first = first.rstrip(":") + ("" if first.endswith(".") else ".")
    else:
        first = f"{sentence} {argument}" if argument else sentence
    if body and body[0]:
        first = f"{first} {body[0]}"
        body = body[1:]
    return [indent + first, *(indent + line if line else "" for line in body)]
