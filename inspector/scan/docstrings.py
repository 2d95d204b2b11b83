"""Docstrings through docstring-parser: description, argument texts, returns text.

The style is detected per docstring from its markers (``auto``, the default) or forced."""

from __future__ import annotations

import enum
import inspect
import re
import textwrap
from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass, field

import docstring_parser
import docstring_parser.epydoc
import docstring_parser.google
import docstring_parser.numpydoc
import docstring_parser.rest

from inspector.model import Deprecation
from inspector.scan.consolidated_fields import consolidated_fields_readable
from inspector.scan.deprecation import NumpyDeprecation, parsed_deprecation
from inspector.scan.doc_margin import body_dedented
from inspector.scan.entry_names import entry_names
from inspector.scan.google_sections import read_google
from inspector.scan.numpy_sections import (
    KeptTitleSection,
    read_numpy,
    text_after_type,
    underlined_titles,
)
from inspector.scan.rest_text import may_hold_markup, plain_text

_PARAM_SECTIONS = frozenset({"param", "parameter", "arg", "argument", "key", "keyword"})


class DocstringStyle(enum.Enum):
    """The docstring styles a user can choose.

    Attributes:
        GOOGLE: ``Args:``, ``Returns:`` sections.
        NUMPY: ``Parameters`` and ``Returns`` underlined with dashes.
        REST: ``:param x:`` and ``:returns:`` fields (Sphinx).
        EPYDOC: ``@param x:`` and ``@return:`` fields.
        AUTO: The style each docstring's markers show, detected per docstring.
    """

    GOOGLE = "google"
    NUMPY = "numpy"
    REST = "rest"
    EPYDOC = "epydoc"
    AUTO = "auto"


_GOOGLE_MARKER = re.compile(
    r"^[ \t]*(?:Args|Arguments|Params|Parameters|Keyword Args|Keyword Arguments|"
    r"Other Parameters|Returns|Return|Yields|Raises|Attributes)[ \t]*:[ \t]*$",
    re.M,
)
_NUMPY_MARKER = re.compile(
    r"^[ \t]*(?:Parameters|Other Parameters|Returns|Yields|Receives|Raises|Warns|Attributes|"
    r"Examples|Notes|See Also)[ \t]*\n[ \t]*-{3,}[ \t]*$",
    re.M,
)
_REST_MARKER = re.compile(
    r"^[ \t]*:(?:param|parameter|arg|argument|key|keyword|kwarg|kwparam|type|paramtype|kwtype|"
    r"returns?|rtype|raises?|ivar|cvar|var|vartype)\b[^:\n]*:",
    re.M,
)
_REST_VARIADIC_FIELD = re.compile(r"^([ \t]*):(?:(kwargs|keyword arguments)|(args)):", re.M)
"""A reST field that documents ``**kwargs`` or ``*args`` without a name (BeautifulSoup's
``:kwargs: A dictionary of filters on attribute values.``)."""
_REST_WORDY_FIELD = re.compile(
    r"^(?P<indent>[ \t]*):(?P<key>param|parameter|arg|argument|attribute|key|keyword|raises|"
    r"raise|except|exception|returns|return|yields|yield)[ \t]+(?P<words>[^:\n]*[^:\s])[ \t]*:",
    re.M,
)
"""A reST field whose words docstring-parser may refuse, failing the whole docstring: a type
of several words before a parameter's name (``:param list of str names:``), several exceptions
(passlib's ``:raises TypeError, ValueError:``) or a return type of several words."""
_SPHINX_FIELD_SYNONYM = re.compile(
    r"^([ \t]*):(?:(kwarg|kwparam)|(paramtype|kwtype))(?=[ \t]+[^:\n]*:)", re.M
)
"""The names Sphinx's Python domain also takes for a keyword argument (``:kwarg x:``,
``:kwparam x:``) and its type (``:paramtype x:``, which every Azure SDK writes after
``:keyword x:``; the older ``:kwtype x:``), which docstring-parser does not know: their
fields were text of the field before (``Paramtype lease: ...``) and the type was lost."""
_REST_NAME_AFTER_FIELD = re.compile(
    r"^([ \t]*):(param|parameter|arg|argument|key|keyword|type):[ \t]+(\*{0,2}[A-Za-z_]\w*):",
    re.M,
)
"""A parameter's field with its name after the field's colon (PyGithub's ``:param: sha:
string``): docstring-parser refused the whole docstring (TI202), as the field names no
argument; read as ``:param sha: string``."""
_VARIADIC_KEYWORDS_DOC = "**"
_VARIADIC_POSITIONAL_DOC = "*"
"""The ``DocInfo.params`` keys of those fields: the method's ``**kwargs`` and ``*args``,
whatever their names."""
_EPYDOC_MARKER = re.compile(r"^[ \t]*@(?:param|type|keyword|returns?|rtype|raise|ivar|var)\b", re.M)
_TEXT_COLON_AT_LINE_START = re.compile(
    r"^([ \t]*):(?!(?:param|parameter|arg|argument|attribute|key|keyword|type|vartype|rtype|"
    r"ytype|returns?|yields?|raises?|except|exception|ivar|cvar|var|meta|deprecated|"
    r"deprecation|examples?)\b[^:\n]*:)",
    re.M,
)
"""A line opened by a colon that starts no field: a reST role (``:class:`X```), a literal
block marker (``::``). reST parsing would end the description (or a field) there."""
_COLON_MARK = "\ue000"
"""Stands for such a colon while parsing (a private-use character; a text that holds one
is parsed unmarked)."""
_LINE_OPENED_BY_COLON = re.compile(r"\n[ \t]*:")
"""Finds such a line quickly (a pattern that starts with a newline), the first one aside."""
_SPACES_ONLY_LINE = re.compile(r"^[ \t]+$", re.M)
"""Lines of spaces only (botocore writes many): made empty before parsing."""
_BLANK_LINES = re.compile(r"\n\n\n+")
_TRAILING_SPACE = re.compile(r"[ \t]+$", re.M)
"""Spaces ending a line (glom's docstrings): no text needs them, and a stub's docstring
holding them is not what ``ruff format`` writes."""
_REQUIRED_MARK = re.compile(r"^\s*\*\*\[REQUIRED\]\*\*\s*")
"""botocore's ``:param Bucket: **[REQUIRED]**``."""
_PLACEHOLDERS = frozenset({"_summary_", "_extended_summary_", "_description_", "_type_"})
"""What VS Code's autoDocstring writes for its author to fill in (rq's ``Returns: _type_:
_description_``): no text and no type, whatever the style."""
_OPTIONAL_MARK = re.compile(r"\s*\(optional\)\s+(?=\S)", re.IGNORECASE)
"""An aside before an argument's text that says no more than its default does: asyncssh's
``:param localpath: (optional)`` over the text on the next line."""


@dataclass(slots=True)
class ParamDoc:
    """What a docstring says of one argument."""

    description: str
    type_name: str | None = None
    required: bool = False
    default: str | None = None
    """The default the docstring states (numpydoc's ``int, default 0``), as written."""


@dataclass(slots=True, kw_only=True)
class DocInfo:
    """The parts of a docstring a tool needs."""

    description: str = ""
    params: dict[str, ParamDoc] = field(default_factory=dict)
    attributes: dict[str, ParamDoc] = field(default_factory=dict)
    returns: str = ""
    returns_type: str | None = None
    present: bool = False
    deprecated: Deprecation | None = None
    """What a deprecation at its margin says (``deprecation.docstring_deprecation``)."""


def detect_style(text: str) -> DocstringStyle:
    """The style a docstring's markers show: Google when it has Google sections (or none at
    all), else NumPy underlined sections, reST ``:param:`` fields or Epydoc ``@param``."""
    if "\n" not in text:
        return DocstringStyle.GOOGLE
    if ":" in text and _has_google_section(text):
        return DocstringStyle.GOOGLE
    if "---" in text and _NUMPY_MARKER.search(text):
        return DocstringStyle.NUMPY
    if ":" in text and _REST_MARKER.search(text):
        return DocstringStyle.REST
    if "@" in text and _EPYDOC_MARKER.search(text):
        return DocstringStyle.EPYDOC
    return DocstringStyle.GOOGLE


_COLON_ENDS_A_LINE = re.compile(r":[ \t]*$", re.M)


def _has_google_section(text: str) -> bool:
    """Whether ``_GOOGLE_MARKER`` finds a line: the lines that end with a colon are found
    first (a search that starts with a colon skips to each one), and only those are tried.
    Searching with the marker itself tries every position of a text that has no Google
    section (7 of the 190 ms that pandas' ``DataFrame`` takes)."""
    for colon in _COLON_ENDS_A_LINE.finditer(text):
        start = text.rfind("\n", 0, colon.start()) + 1
        if _GOOGLE_MARKER.match(text, start, colon.end()) and not _in_doctest(text, start):
            return True
    return False


def _in_doctest(text: str, start: int) -> bool:
    """Whether the line at ``start`` is in a doctest block (a ``>>>`` line above it and no
    blank line between): what an example prints, such as xarray's ``Dataset`` repr with its
    ``Attributes:`` line in a NumPy ``Examples`` section, is no section."""
    end = start - 1  # the newline that ends the line above; walked back a line at a time
    while end > 0:
        begin = text.rfind("\n", 0, end) + 1
        line = text[begin:end].lstrip()
        if not line:
            return False
        if line.startswith(">>>"):
            return True
        end = begin - 1
    return False


def unparsed(text: str | None) -> DocInfo:
    """What a docstring the parser rejects still says: its text before the first section
    (``Args:``, ``Parameters`` underlined, ``:param``, ``@param``), as the description."""
    cleaned = inspect.cleandoc(text or "")
    markers = (_GOOGLE_MARKER, _NUMPY_MARKER, _REST_MARKER, _EPYDOC_MARKER)
    starts = [m.start() for m in (marker.search(cleaned) for marker in markers) if m]
    return DocInfo(
        description=_restore(cleaned[: min(starts, default=len(cleaned))].strip(), False),
        present=True,
    )


def docstring_of(owner: type, name: str, function: object) -> str | None:
    """The docstring of ``owner``'s method ``name`` (``function``) as ``inspect.getdoc`` finds
    it: built when it is lazy (botocore's client methods build theirs on first use), else
    inherited from the first base that has one; without a first line that is its signature
    (``without_signature_line``)."""
    for base in owner.__mro__:
        found = function if base is owner else base.__dict__.get(name)
        found = getattr(found, "__func__", found)  # staticmethod, classmethod
        if not callable(found):  # a base's plain attribute of that name has no say
            continue
        text = getattr(found, "__doc__", None)
        if type(text) is str:
            return without_signature_line(text, name)  # else as written: parsed once
        if isinstance(text, str):
            try:
                return text.expandtabs()  # how getdoc expands a lazy docstring
            except Exception:  # a lazy docstring that fails to build is no docstring
                return None
    return None


_IN_SIGNATURE = r"(?:[^()\n]|\n(?![ \t]*(?:\n|\Z)))"
"""A character inside a signature's parentheses: a line break too, before a line that is not
blank (lxml's ``tostring(element_or_tree, encoding=None, method="xml",`` goes on below)."""
_SIGNATURE_LINE = re.compile(
    # a.all(axis=(0, 1))
    rf"\A\s*(?:\w+\.)*(?P<name>\w+)(?P<arguments>\((?:{_IN_SIGNATURE}|\({_IN_SIGNATURE}*\))*\))"
    r"[ \t]*(?:-{1,2}>(?P<after>[^\n]*))?[ \t]*(?:\n|\Z)"  # -> type, --> type
)
"""A first line that is a signature (``name(self, a, b=None) -> x``, ``Packer.pack(self,
obj)``, regex's ``match(string, pos=None) --> MatchObject or None.``), as Cython's
``embedsignature`` and C extensions write them: one parenthesis deep, its parameters on one
line or on lines that follow it."""


def without_signature_line(text: str, name: str) -> str:
    """A docstring without a first line that is the signature of the function ``name``
    (possibly qualified by its class): the parameters already tell it, and as the tool's
    description it would tell a model nothing (lxml, duckdb, msgpack)."""
    if "(" not in text:
        return text
    found = _SIGNATURE_LINE.match(text)
    if found is None or found["name"] != name:
        return text
    rest = text[found.end() :]
    said = _said_after_arrow(found["after"] or "")
    if said:
        return f"{said}\n{rest}" if rest.strip() else said
    return rest if rest.strip() else ""


def signature_line_arguments(text: object, name: str) -> str | None:
    """The parenthesized parameters of a docstring whose first line is the signature of the
    function ``name`` (``"(string, pos=None)"`` of regex's ``match(string, pos=None) -->
    MatchObject or None.``); None for any other docstring."""
    if not isinstance(text, str) or "(" not in text:
        return None
    found = _SIGNATURE_LINE.match(text)
    return found["arguments"] if found is not None and found["name"] == name else None


_TYPE_NAME = r"\w+(?:\.\w+)*(?:\[(?:[^\[\]\n]|\[(?:[^\[\]\n]|\[[^\[\]\n]*\])*\])*\])?"
_TYPE_PHRASE = re.compile(rf"{_TYPE_NAME}(?:\s*(?:\bor\b|\bof\b|\|)\s*{_TYPE_NAME})*")
"""A type as a signature line's arrow names it: ``int``, ``_db.Connection``, ``MatchObject or
None``, ``list of str``, and with its arguments in brackets, three deep (pygit2's
``dict[str, enums.FileStatus]``, ``tuple[Object, Reference] | None``)."""


def _said_after_arrow(after: str) -> str:
    """What a signature line says after its arrow beyond a type: CPython's ``D.keys() -> a
    set-like object providing a view on D's keys``, ``D.clear() -> None.  Remove all items from
    D.`` (the text after the type), ``S.count(value) -> integer -- return number of ...``; ""
    for a type alone (``-> int``, ``--> MatchObject``)."""
    after = after.strip()
    typed = _TYPE_PHRASE.match(after)
    if typed is None:
        return after
    rest = after[typed.end() :].strip()
    for separator in ("--", ".", ",", ":"):
        if rest.startswith(separator):
            return rest[len(separator) :].strip()
    return after if rest else ""


def parse_docstring(
    text: str | None,
    style: DocstringStyle = DocstringStyle.AUTO,
    names: Collection[str] = (),
    keywords: bool = False,
) -> DocInfo:
    """Parse a docstring; raises ``docstring_parser.ParseError`` on text the style rejects.
    ``names`` are the parameters of the signature, when known: a Google section's entries at
    its title's indent are read only when they name them. ``keywords``: whether it takes
    ``**kwargs`` (``read_numpy``)."""
    if not text or not text.strip():
        return DocInfo()
    text = body_dedented(text)
    if style in (DocstringStyle.AUTO, DocstringStyle.REST, DocstringStyle.EPYDOC):
        text = consolidated_fields_readable(text)
    if (" -- " in text or " - " in text) and style in (
        DocstringStyle.AUTO,
        DocstringStyle.GOOGLE,
    ):
        text, dashed = _dashed_arguments(text)
        if dashed:  # the rest may be in no style at all (phonenumbers' ``Raises:`` texts)
            try:
                info = _parsed(text, style, names, keywords)
            except docstring_parser.ParseError:
                info = unparsed(text)
            info.params = {**dashed, **info.params}
            return info
    return _parsed(text, style, names, keywords)


def _parsed(
    text: str, style: DocstringStyle, names: Collection[str] = (), keywords: bool = False
) -> DocInfo:
    if style is DocstringStyle.AUTO:
        style = detect_style(text)
        if style is DocstringStyle.GOOGLE and "===" in text:  # no marker of another style
            numpy = underlined_titles(text)
            if numpy != text and detect_style(numpy) is DocstringStyle.NUMPY:
                text, style = numpy, DocstringStyle.NUMPY
    numpy_tail = ""
    if style is DocstringStyle.NUMPY:
        text, numpy_tail = read_numpy(
            _numpy_readable(text), _NUMPY_PARSER.titles_re, names, keywords
        )
    protected = _SPACES_ONLY_LINE.sub("", text) if " \n" in text or "\t\n" in text else text
    if style is DocstringStyle.REST:  # before colons are marked
        protected = _rest_fields_readable(protected)
    google = None
    if style is DocstringStyle.GOOGLE:  # before colons are marked: it reads roles
        google = read_google(protected, _GOOGLE_PARSER.titles_re, names)
        protected = google.text
        if ":`" in protected:
            protected = _GOOGLE_ENTRY_OF_A_ROLE.sub(r"\1\2", protected)
    marked = ":" in protected and _COLON_MARK not in protected and _colon_opens_a_line(protected)
    if marked:
        protected = _TEXT_COLON_AT_LINE_START.sub(rf"\1{_COLON_MARK}", protected)
    if style is DocstringStyle.GOOGLE and ":`" in protected:
        protected = _GOOGLE_TYPE_WITH_ROLE.sub(_without_roles, protected)
    typed_colons = False  # a Google type holding a colon (``{str: int}``), marked
    if style is DocstringStyle.GOOGLE and _COLON_MARK not in text and "(" in protected:
        protected, found = _GOOGLE_TYPE_WITH_COLON.subn(_colons_marked, protected)
        typed_colons = found > 0
    tail = google.tail if google else numpy_tail
    if style is DocstringStyle.REST:
        protected, tail = _after_fields(protected)
    parsed = _PARSERS[style](protected)
    params: dict[str, ParamDoc] = {}
    attributes: dict[str, ParamDoc] = {}
    for meta in parsed.params:
        target = params if meta.args[0] in _PARAM_SECTIONS else attributes
        description, required = _required(_restore(_unaligned(_filled(meta.description)), marked))
        default = meta.default if isinstance(meta.default, str) else None
        type_name = _filled(_unmarked(meta.type_name, marked or typed_colons))
        type_name, description = text_after_type(
            type_name, description, numpy=style is DocstringStyle.NUMPY
        )
        names, type_name = entry_names(meta.arg_name, type_name)
        for name in names:
            target[name] = ParamDoc(description, type_name, required, default)
    if any("." in name for name in params):
        params = _with_keys_in_their_parameter(params)
    returns = parsed.returns
    returns_text, returns_type = (
        (_filled(returns.description) or "", returns.type_name) if returns else ("", None)
    )
    # a type the parser cannot read (in parentheses, a lone role) was taken out before it
    returns_type = _filled(
        (google and google.returns_type) or _unmarked(returns_type, marked or typed_colons)
    )
    if returns_type is not None and _VALUE.fullmatch(returns_type):  # ``0: Success.``: no type
        returns_text, returns_type = f"{returns_type}: {_unaligned(returns_text)}", None
    returns_type, returns_text = text_after_type(
        returns_type, _unaligned(returns_text), numpy=style is DocstringStyle.NUMPY
    )
    description = "\n\n".join(part for part in (_description(parsed, protected), tail) if part)
    info = DocInfo(
        description=_restore(description, marked),
        params=params,
        attributes=attributes,
        returns=_restore(_unaligned(returns_text), marked),
        returns_type=returns_type,
        present=True,
    )
    return _without_typed_colon_marks(info) if typed_colons else info


def _without_typed_colon_marks(info: DocInfo) -> DocInfo:
    """The texts with the colons marked in ``name (type: ...):`` lines given back, should such
    a line not have been an argument's (``Note (see: below): ...`` in the description)."""

    def given_back(text: str) -> str:
        return text.replace(_COLON_MARK, ":")

    for table in (info.params, info.attributes):
        for doc in table.values():
            doc.description = given_back(doc.description)
    info.description = given_back(info.description)
    info.returns = given_back(info.returns)
    return info


_DASHED_HEADER = re.compile(
    r"([ \t]*)(?:keyword[ \t]+)?(?:arguments|args|parameters)[ \t]*:?[ \t]*", re.I
)
_DASHED_HEADER_LINE = re.compile(rf"^(?:{_DASHED_HEADER.pattern})$", re.I | re.M)
"""A line ``_DASHED_HEADER`` matches whole, found in the text at once."""
_SECTION_HEADER = re.compile(
    r"([ \t]*)(?:Returns|Raises|Yields|Note|Notes|Example|Examples):[ \t]*"
)
_DASHED_ENTRY = re.compile(r"[ \t]*(?:[-*•][ \t]+)?(\*{0,2}[A-Za-z_]\w*)[ \t]+--?[ \t]+(.*)")
"""``name -- text``, or as a list item with one dash (spotipy's ``- limit - the number of
items to return``)."""


def _dashed_arguments(text: str) -> tuple[str, dict[str, ParamDoc]]:
    """PEP 257's own example of arguments (``Keyword arguments:`` over ``real -- the real part
    (default 0.0)``; phonenumbers' ``Arguments:``, whose entries are not indented; spotipy's
    ``Parameters:`` over ``- q - the search query``): the text without that section, and each
    ``name -- text`` entry (the lines up to the next entry or a blank line its text, or up to a
    section header such as ``Returns:``). No style's parser reads them. A section whose other
    lines at the entries' indent are no such entries (``b (int): the second``) is left as it
    is, for the style's parser."""
    if _DASHED_HEADER_LINE.search(text) is None:  # no such section (41 of pandas' DataFrame
        return text, {}  # docstrings hold a dash, none of them one): no line-by-line reading
    lines = text.split("\n")
    kept: list[str] = []
    found: dict[str, list[str]] = {}
    index = 0
    while index < len(lines):
        header = _DASHED_HEADER.fullmatch(lines[index])
        if (
            header is None
            or index + 1 == len(lines)
            or not _DASHED_ENTRY.fullmatch(lines[index + 1])
        ):
            kept.append(lines[index])
            index += 1
            continue
        start = index
        index += 1
        indent = len(lines[index]) - len(lines[index].lstrip())
        section: dict[str, list[str]] = {}
        texts: list[str] = []
        mixed = False
        while index < len(lines) and lines[index].strip():
            line = lines[index]
            entry = _DASHED_ENTRY.fullmatch(line)
            if entry is not None:
                texts = section.setdefault(entry.group(1), [])
                texts.append(entry.group(2).strip())
            elif _SECTION_HEADER.fullmatch(line):
                break  # the next section, with no blank line before it
            elif len(line) - len(line.lstrip()) <= indent:
                mixed = True  # an entry of another form: the section is not read here
                break
            else:
                texts.append(line.strip())
            index += 1
        if mixed:
            kept.extend(lines[start:index])
            continue
        for name, entry_texts in section.items():
            found.setdefault(name, []).extend(entry_texts)
    params = {name: ParamDoc(" ".join(texts)) for name, texts in found.items()}
    return "\n".join(kept), params


def _with_keys_in_their_parameter(params: dict[str, ParamDoc]) -> dict[str, ParamDoc]:
    """The arguments with each ``name.key`` entry (JSDoc's key of an object parameter: ccxt's
    ``:param str [params.price]: ...`` after ``:param dict [params]: ...``) listed in the
    description of the documented argument ``name`` as ``- key (type): text``. An entry whose
    argument is not documented stays as it is (a documented argument not in the signature)."""
    kept: dict[str, ParamDoc] = {}
    keys: dict[str, list[str]] = {}
    for name, doc in params.items():
        owner, dot, key = name.partition(".")
        if not dot or owner not in params or not key:
            kept[name] = doc
            continue
        typed = f"{key} ({doc.type_name})" if doc.type_name else key
        text = doc.description.replace("\n", "\n  ")
        keys.setdefault(owner, []).append(f"- {typed}: {text}" if text else f"- {typed}")
    for owner, lines in keys.items():
        described = kept[owner]
        listed = "\n".join(lines)
        text = f"{described.description}\n\n{listed}" if described.description else listed
        kept[owner] = ParamDoc(text, described.type_name, described.required, described.default)
    return kept


_VALUE = re.compile(r"[-+]?\d+(?:\.\d+)?|'[^']*'|\"[^\"]*\"|True|False")
"""A value written out: a Google ``Returns:`` entry that opens with one (xlsxwriter's ``0:
Success.`` over ``-1: Row or column is out of worksheet bounds.``) lists return values, it
names no type."""


def _unaligned(text: str | None) -> str:
    """The text without the spaces that align it after its name (xlsxwriter's ``row:   The
    cell row``): the parser dedents the lines after the first, not the first."""
    return text.lstrip(" \t") if text else ""


_GOOGLE_TYPE_WITH_ROLE = re.compile(
    r"^([ \t]*\*{0,2}\w+[ \t]*\()([^()\n]*:`[^()\n]*)(\)[ \t]*:)", re.M
)
"""A Google argument whose type in parentheses holds a reST role (docker's ``dns
(:py:class:`list`): ...``): the parser would take the name up to the role's first colon."""
_ROLE = re.compile(r":(?:[\w.+-]+:)+`~?([^`]*)`")
_GOOGLE_ENTRY_OF_A_ROLE = re.compile(r"^([ \t]+):(?:[\w.+-]+:)+`~?([^`\n]*)`(?=[ \t]*:)", re.M)
"""An indented Google entry whose type is a reST role (celery's ``Returns:`` over
``:class:`~celery.signature`: object for...``, ``Raises:`` over ``:exc:`ValueError`: ...``):
the type is the role's target; read as it is, the role's first colon would end the type."""


def _rest_fields_readable(text: str) -> str:
    """The reST docstring with its fields written as docstring-parser reads them: ``*args``
    and ``**kwargs`` fields, fields of many words (every word before the name is the type) and
    the name written after the field's colon (``:param: sha: string``), and Sphinx's other
    names for keyword fields (``:paramtype x:`` is ``:type x:``)."""
    if ":kw" in text or ":paramtype" in text:
        text = _SPHINX_FIELD_SYNONYM.sub(_field_synonym, text)
    if "args:" in text or "arguments:" in text:  # ``:keyword arguments:`` holds no ``args:``
        text = _REST_VARIADIC_FIELD.sub(_variadic_field, text)
    text = _REST_WORDY_FIELD.sub(_field_of_few_words, text)
    if ": " in text:
        text = _REST_NAME_AFTER_FIELD.sub(r"\1:\2 \3:", text)
    return text


_GOOGLE_TYPE_WITH_COLON = re.compile(
    r"^([ \t]*\*{0,2}\w+[ \t]*\()([^()\n]*:[^()\n]*)(\)[ \t]*:)", re.M
)
"""A Google argument whose type in parentheses holds a colon (kafka-python's ``offsets
({TopicPartition: OffsetAndMetadata}): ...``): the parser would take the name up to it."""


def _colons_marked(match: re.Match[str]) -> str:
    """The argument line with the colons of its type marked (``_COLON_MARK``), given back in
    the type the parser reads."""
    return match[1] + match[2].replace(":", _COLON_MARK) + match[3]


def _without_roles(match: re.Match[str]) -> str:
    """The argument line with the roles of its type as their plain names."""
    return match[1] + _ROLE.sub(r"\1", match[2]) + match[3]


class _UnreadSection(KeptTitleSection):
    """A numpydoc section no tool reads (Examples, Notes, See Also, Raises...): its title
    still ends the section before it, as the library's own section does, but its body is not
    parsed. pandas' docstrings are two thirds such sections; parsing their examples line by
    line took a fifth of its numpydoc time."""

    def parse(self, text: str) -> Iterator[docstring_parser.DocstringMeta]:
        return iter(())


_READ_NUMPY_SECTIONS = frozenset(
    {"param", "other_param", "receives", "attribute", "returns", "yields"}
)
"""The keys of the numpydoc sections a docstring's reading takes (``DocInfo``)."""

_NAPOLEON_SECTIONS = [
    docstring_parser.google.Section(title, key, docstring_parser.google.SectionType.MULTIPLE)
    for title, key in (
        ("Keyword Args", "param"),
        ("Keyword Arguments", "param"),
        ("Other Parameters", "param"),
        ("Raise", "raises"),
    )
] + [
    docstring_parser.google.Section(
        title, key, docstring_parser.google.SectionType.SINGULAR_OR_MULTIPLE
    )
    for title, key in (("Return", "returns"), ("Yield", "yields"))
]
"""The names Napoleon (Sphinx's Google reader) gives the sections a tool reads that
docstring-parser does not know: kafka-python's ``Keyword Arguments:`` were description text,
or, after ``Args:``, dropped with a ``Return:`` section."""
_UNREAD_GOOGLE_SECTIONS = frozenset({"raises"})
"""The keys of the Google sections of entries no tool reads (``Raises:``, ``Exceptions:``):
each is read as one text, so an entry written without a colon (kafka-python's
``ProducerFencedError if another producer...``) or a line of text after the entries (celery's
``Task.replace``) no longer fails the whole docstring and the arguments' texts with it."""

_GOOGLE_PARSER = docstring_parser.google.GoogleParser(
    [
        docstring_parser.google.Section(
            section.title, section.key, docstring_parser.google.SectionType.SINGULAR
        )
        if section.key in _UNREAD_GOOGLE_SECTIONS
        else section
        for section in [*docstring_parser.google.DEFAULT_SECTIONS, *_NAPOLEON_SECTIONS]
    ]
)


# the library types `sections` as a dict but iterates it as a list of sections
_NUMPY_PARSER = docstring_parser.numpydoc.NumpydocParser(
    [  # type: ignore[arg-type]
        section
        if section.key in _READ_NUMPY_SECTIONS
        else (NumpyDeprecation if section.key == "deprecation" else _UnreadSection)(section)
        for section in docstring_parser.numpydoc.DEFAULT_SECTIONS
    ]
)

_PARSERS: dict[DocstringStyle, Callable[[str], docstring_parser.Docstring]] = {
    DocstringStyle.GOOGLE: _GOOGLE_PARSER.parse,
    DocstringStyle.NUMPY: _NUMPY_PARSER.parse,
    DocstringStyle.REST: docstring_parser.rest.parse,
    DocstringStyle.EPYDOC: docstring_parser.epydoc.parse,
}
"""Each style's parser, as ``docstring_parser.parse(text, style)`` calls it, made once: that
function builds a new Google or numpydoc parser (its pattern of section titles) for every
docstring, a tenth of the parsing of pandas' numpydoc docstrings."""


def _field_of_few_words(match: re.Match[str]) -> str:
    """The field in words docstring-parser takes, as Sphinx reads it: a parameter's type (every
    word before its name) moves to a ``:type:`` field before it, a return type to ``:rtype:``,
    and several exceptions become one word."""
    indent, key, words = match["indent"], match["key"], match["words"].split()
    if key in ("raises", "raise", "except", "exception"):
        return f"{indent}:{key} {''.join(words)}:" if len(words) > 1 else match[0]
    if key in ("returns", "return", "yields", "yield"):
        if len(words) < 2:
            return match[0]
        return f"{indent}:rtype: {' '.join(words)}\n{indent}:{key}:"
    if len(words) < 3:
        return match[0]
    name = words[-1]
    return f"{indent}:type {name}: {' '.join(words[:-1])}\n{indent}:{key} {name}:"


def _field_synonym(match: re.Match[str]) -> str:
    return f"{match[1]}:{'keyword' if match[2] else 'type'}"


def _variadic_field(match: re.Match[str]) -> str:
    key = _VARIADIC_KEYWORDS_DOC if match[2] else _VARIADIC_POSITIONAL_DOC
    return f"{match[1]}:param {key}:"


_RESULT_SECTIONS = frozenset({"Returns", "Yields"})


def _numpy_readable(text: str) -> str:
    """A NumPy docstring as docstring-parser reads it: its titles underlined with dashes as
    long as the title, its result types without roles (before colons are marked)."""
    text = underlined_titles(text)
    return _numpy_result_types_readable(text) if ":`" in text else text


def _numpy_result_types_readable(text: str) -> str:
    """A numpydoc ``Returns`` (``Yields``) type that opens with a reST role (tweepy's
    ``:py:class:`List`[:class:`~tweepy.models.Status`]``) as the names the roles give: the
    section reads ``name : type`` at the first colon, so the type was ``class:`List`...``,
    named not understood (``TI122``, 33 of tweepy's ``API`` methods)."""
    lines = text.split("\n")
    entry = None  # the indentation of the entries of the section the line is in
    for index, line in enumerate(lines):
        title = line.strip()
        if title and index + 1 < len(lines) and lines[index + 1].strip().startswith("---"):
            entry = line[: line.index(title[0])] + ":" if title in _RESULT_SECTIONS else None
        elif entry is not None and line.startswith(entry):
            lines[index] = _ROLE.sub(r"\1", line)
    return "\n".join(lines)


def _after_fields(text: str) -> tuple[str, str]:
    """A reST docstring without the paragraphs that follow its fields, and those paragraphs:
    one that starts after a blank line and not with a field (``:param x:``) is description
    again (arrow's ``Usage::`` examples after the last ``:param``), not the last field's text,
    until a line starts a field again. A paragraph that ends with a colon right before fields
    introduces them (dateutil's "The ``**kwargs`` parameter takes the following keyword
    arguments:"): it is neither."""
    lines = inspect.cleandoc(text).split("\n")
    kept: list[str] = []
    tail: list[str] = []
    in_fields = in_tail = dropped = False
    for index, line in enumerate(lines):
        if line.startswith(":"):
            if in_tail:
                dropped = _drop_introduction(tail) or dropped
            in_fields, in_tail = True, False
        elif in_fields and line[:1] not in ("", " ", "\t") and not lines[index - 1].strip():
            in_tail = True
        (tail if in_tail else kept).append(line)
    return ("\n".join(kept), "\n".join(tail).strip()) if tail or dropped else (text, "")


def _drop_introduction(tail: list[str]) -> bool:
    """Drop the last paragraph of ``tail`` (and the blank lines after it) when it ends with a
    colon: fields follow, which it introduces. Whether it did."""
    end = len(tail)
    while end and not tail[end - 1].strip():
        end -= 1
    if not end or not tail[end - 1].rstrip().endswith(":"):
        return False
    start = end
    while start and tail[start - 1].strip():
        start -= 1
    del tail[start:]
    return True


def _colon_opens_a_line(text: str) -> bool:
    return text.lstrip(" \t").startswith(":") or _LINE_OPENED_BY_COLON.search(text) is not None


def _unmarked(type_name: str | None, marked: bool) -> str | None:
    """A type as written, with the colons marked while parsing back: the mark is the parser's
    own and is never shown (a diagnostic names the type)."""
    if type_name is None or not marked:
        return type_name
    return type_name.replace(_COLON_MARK, ":")


def _restore(text: str | None, marked: bool) -> str:
    """The text with its line-opening colons back, reST markup made plain (``rest_text``), each
    run of blank lines made one and no line ending in spaces."""
    if not text:
        return ""
    text = _without_trailing_space(text)
    if not marked and "\n\n\n" not in text and not may_hold_markup(text):
        return text  # nothing to restore or make plain
    if marked and _COLON_MARK in text:
        text = text.replace(_COLON_MARK, ":")
    text = _without_trailing_space(plain_text(text))
    return _BLANK_LINES.sub("\n\n", text) if "\n\n\n" in text else text


def cleaned_text(text: str) -> str:
    """A documentation text outside a docstring's sections (an attribute's docstring,
    ``Doc(...)``, a pydantic ``Field(description=...)``) as a docstring's is kept:
    ``inspect.cleandoc``, without the spaces that end its lines."""
    return _without_trailing_space(inspect.cleandoc(text))


def _without_trailing_space(text: str) -> str:
    if text and (" \n" in text or "\t\n" in text or text[-1] in " \t"):
        return _TRAILING_SPACE.sub("", text)
    return text


def _indented_as_written(long: str, text: str) -> str:
    """The long description with its first line indented as in ``text`` (cleaned as
    docstring-parser cleans it), then dedented as a whole: docstring-parser strips it, so an
    indented block right below the summary (emoji's ``emojize`` examples) lost the indentation
    of its first line only."""
    first, newline, rest = long.partition("\n")
    if not newline or not rest[:1].isspace() or long[:1].isspace():
        return long
    for line in inspect.cleandoc(text).split("\n")[1:]:
        if line.strip() == first:
            indent = line[: len(line) - len(line.lstrip())]
            return textwrap.dedent(indent + long) if indent else long
    return long


def _filled(text: str | None) -> str | None:
    """The text, or None when it is empty or one of autoDocstring's ``_PLACEHOLDERS``."""
    return text if text and text.strip() not in _PLACEHOLDERS else None


def _required(description: str) -> tuple[str, bool]:
    """A description without botocore's ``**[REQUIRED]**`` mark, and whether it had one; an
    ``(optional)`` aside before the text is left out too (the schema's default says it)."""
    if "**[REQUIRED]**" not in description:
        optional = _OPTIONAL_MARK.match(description)
        return (description[optional.end() :] if optional else description), False
    match = _REQUIRED_MARK.match(description)
    return (description[match.end() :], True) if match else (description, False)


def _description(parsed: docstring_parser.Docstring, text: str) -> str:
    """The summary and the long description, then a deprecation the parser took out."""
    short = _filled(parsed.short_description) or ""
    long = _filled(_indented_as_written(parsed.long_description or "", text)) or ""
    if short and long:
        separator = "\n\n" if parsed.blank_after_short_description else "\n"
        short, long = f"{short}{separator}{long}", ""
    return "\n\n".join(part for part in (short or long, parsed_deprecation(parsed)) if part)
