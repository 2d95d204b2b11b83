"""The arguments a docstring entry names, as the style's parser wrote its name."""

from __future__ import annotations

import re
from collections.abc import Iterator


def entry_names(written: str, type_name: str | None) -> tuple[list[str], str | None]:
    """The arguments an entry names and its type (``type_name``, or the aside after the
    names when it is a type)."""
    if written.isidentifier():  # most entries: one plain name (a tenth of the entries' reading)
        return [written], type_name
    written, type_name = _without_aside(written, type_name)
    return list(_names(written)), type_name


_UNDERLINE = re.compile(r"([=\-~^])\1{2,}")
"""A line under a title that is no section numpydoc knows (SymPy's ``kwargs`` over
``======`` among its parameters), read as an entry: it names no argument."""
_JSDOC_OPTIONAL = re.compile(r"^\[([^\[\]=\s]+)\]$")
"""An argument named in brackets: JSDoc's optional parameter, as ccxt writes its reST fields
(``:param int [since]: timestamp...``); the name is what the brackets hold."""
_NAME_ASIDE = re.compile(r"(.*?\S)[ \t]*\(([^()]*)\)[ \t]*")
"""An entry's names with an aside in parentheses, which the NumPy parser keeps in the name
(meilisearch's ``options (optional): dict``, numpy's ``casting, buffersize (optional)``)."""


def _without_aside(written: str, type_name: str | None) -> tuple[str, str | None]:
    """An entry's names without an aside in parentheses after them, and its type: the aside
    when the entry has none and the aside is not ``optional`` (``level (int)``, as Google's
    form writes a type)."""
    aside = _NAME_ASIDE.fullmatch(written)
    if aside is None:
        return written, type_name
    if type_name is None and aside[2].strip() != "optional":
        type_name = aside[2].strip() or None
    return aside[1], type_name


def _names(written: str) -> Iterator[str]:
    """The arguments an entry names: numpydoc's ``x, y : int`` both, reST's ``\\*\\*kwargs``
    as ``**kwargs``, JSDoc's optional ``[since]`` as ``since``, a literal (SymPy's
    ````self````) as its name; an underline, none."""
    for part in written.split(", "):
        name = part.strip().replace("\\", "")
        if name[:1] == "`" and name[-1:] == "`":
            name = name.strip("`")
        if not _UNDERLINE.fullmatch(name):  # a title's (SymPy's ``kwargs`` over ``======``)
            yield _JSDOC_OPTIONAL.sub(r"\1", name)
