"""Docstrings through docstring-parser: description, argument texts, returns text."""

from __future__ import annotations

import enum
import functools
from dataclasses import dataclass, field

import docstring_parser
import docstring_parser.google

_PARAM_SECTIONS = frozenset({"param", "parameter", "arg", "argument", "key", "keyword"})


class DocstringStyle(enum.Enum):
    """The docstring styles a user can choose; ``auto`` keeps the parse with the most meta."""

    GOOGLE = "google"
    NUMPY = "numpy"
    REST = "rest"
    AUTO = "auto"


_PARSER_STYLES = {
    DocstringStyle.GOOGLE: docstring_parser.DocstringStyle.GOOGLE,
    DocstringStyle.NUMPY: docstring_parser.DocstringStyle.NUMPYDOC,
    DocstringStyle.REST: docstring_parser.DocstringStyle.REST,
    DocstringStyle.AUTO: docstring_parser.DocstringStyle.AUTO,
}


@dataclass(slots=True)
class ParamDoc:
    """What a docstring says of one argument."""

    description: str
    type_name: str | None = None


@dataclass(slots=True)
class DocInfo:
    """The parts of a docstring a tool needs."""

    description: str = ""
    params: dict[str, ParamDoc] = field(default_factory=dict)
    attributes: dict[str, ParamDoc] = field(default_factory=dict)
    returns: str = ""
    returns_type: str | None = None
    present: bool = False


def parse_docstring(text: str | None, style: DocstringStyle = DocstringStyle.GOOGLE) -> DocInfo:
    """Parse a docstring; raises ``docstring_parser.ParseError`` on text the style rejects."""
    if not text or not text.strip():
        return DocInfo()
    if style is DocstringStyle.GOOGLE:
        parsed = _google_parser().parse(text)
    else:
        parsed = docstring_parser.parse(text, style=_PARSER_STYLES[style])
    params: dict[str, ParamDoc] = {}
    attributes: dict[str, ParamDoc] = {}
    for param in parsed.params:
        target = params if param.args[0] in _PARAM_SECTIONS else attributes
        target[param.arg_name] = ParamDoc(param.description or "", param.type_name)
    returns = parsed.returns
    return DocInfo(
        description=_description(parsed),
        params=params,
        attributes=attributes,
        returns=(returns.description or "") if returns else "",
        returns_type=returns.type_name if returns else None,
        present=True,
    )


@functools.cache
def _google_parser() -> docstring_parser.google.GoogleParser:
    """One parser for every docstring: ``docstring_parser.parse`` builds a new one (and looks
    up its section regex) per call; the parsing itself is the same."""
    return docstring_parser.google.GoogleParser()


def _description(parsed: docstring_parser.Docstring) -> str:
    short = parsed.short_description or ""
    long = parsed.long_description or ""
    if short and long:
        separator = "\n\n" if parsed.blank_after_short_description else "\n"
        return f"{short}{separator}{long}"
    return short or long
