"""A provider's file made as it is written: the template's text is read entry by entry as Jinja
makes it, and each entry is normalized and passed on, so neither the whole text nor the whole
parsed document is ever held (a render of 20,000 tools)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from typing import TypeVar

from inspector.diagnostics import Diagnostic
from inspector.files.jsonio import Encode, JsonPieces, json_pieces
from inspector.model import Json, ToolDescriptor
from inspector.render.jinja import TemplateRun, check_names, provider_unit, render_document
from inspector.render.limits import EntrySizes, tool_entries
from inspector.render.options import RenderOptions

T = TypeVar("T")

BLOCK = 1 << 16
"""Characters of template text gathered before entries are parsed out of it."""

_SPACE = re.compile(r"[ \t\n\r]*")
_decode = json.JSONDecoder().raw_decode


class _WholeText(Exception):
    """The text needs the whole-document path: it is not valid JSON (whose error names the
    line), repeats a top-level key (the last value wins, in the first one's place) or is no
    array or object."""


class StreamedRender:
    """One provider's file for these tools, made by ``emit`` (the provider and the tool names
    are checked first); afterwards its diagnostics and its entries' sizes."""

    def __init__(self, provider: str, tools: list[ToolDescriptor], options: RenderOptions) -> None:
        self.provider, self.tools, self.options = provider, tools, options
        self.unit = provider_unit(provider, options.template_dirs)
        check_names(self.unit, tools)
        self.diagnostics: list[Diagnostic] = []
        self.sizes = EntrySizes(options.report)

    def emit(self, consume: Callable[[JsonPieces], T]) -> T:
        """What ``consume`` makes of the file's pieces (its text, or the file it writes)."""
        try:
            return consume(self._streamed)
        except _WholeText:
            return consume(self._whole)

    def _streamed(self, encode: Encode) -> Iterator[str]:
        run = TemplateRun(self.provider, self.unit, self.options)
        sizes = [EntrySizes(self.options.report)]
        text = _Text(run.generate(self.tools))
        first = text.peek()
        if first == "[":
            text.take()
            yield from _array(text, "\n", encode, sizes[0])
        elif first == "{":
            text.take()
            yield from _object(text, encode, sizes)
            sizes = sizes[1:] if len(sizes) == 2 else [EntrySizes(self.options.report)]
        else:
            raise _WholeText
        if text.peek():
            raise _WholeText  # extra data after the document
        self.diagnostics, self.sizes = run.finish(), sizes[0]

    def _whole(self, encode: Encode) -> Iterator[str]:
        document, self.diagnostics = render_document(self.provider, self.tools, self.options)
        self.sizes = EntrySizes(self.options.report)
        for entry in tool_entries(document):
            self.sizes.add(entry)
        yield from json_pieces(document, "\n", encode)


class _Text:
    """The template's text, read as far as the next value needs."""

    def __init__(self, chunks: Iterator[str]) -> None:
        self._chunks = chunks
        self._buffer = ""
        self._at = 0
        self._done = False

    def _more(self) -> bool:
        """Gather more text (at least twice what is left, so a large entry is parsed a few
        times at most); False at the end."""
        if self._done:
            return False
        rest = self._buffer[self._at :]
        parts, size, wanted = [rest], len(rest), max(BLOCK, 2 * len(rest))
        for chunk in self._chunks:
            parts.append(chunk)
            size += len(chunk)
            if size >= wanted:
                break
        else:
            self._done = True
        self._buffer, self._at = "".join(parts), 0
        return True

    def peek(self) -> str:
        """The next character after white space ("" at the end)."""
        while True:
            self._at = _SPACE.match(self._buffer, self._at).end()  # type: ignore[union-attr]
            if self._at < len(self._buffer):
                return self._buffer[self._at]
            if not self._more():
                return ""

    def take(self) -> None:
        """Step over the character ``peek`` returned."""
        self._at += 1

    def value(self) -> Json:
        """The next JSON value (a number is complete only when text follows it)."""
        self.peek()
        while True:
            try:
                value, end = _decode(self._buffer, self._at)
            except json.JSONDecodeError:
                if self._more():
                    continue
                raise _WholeText from None
            if end < len(self._buffer) or not self._more():
                self._at = end
                return value  # type: ignore[no-any-return]


def _array(text: _Text, newline: str, encode: Encode, sizes: EntrySizes) -> Iterator[str]:
    """An array after its ``[``, element by element, as ``json_text`` writes it."""
    if text.peek() == "]":
        text.take()
        yield "[]"
        return
    inner = newline + "  "
    separator = "[" + inner
    while True:
        item = text.value()
        if isinstance(item, dict):
            sizes.add(item)
        yield separator + "".join(json_pieces(item, inner, encode))
        separator = "," + inner
        after = text.peek()
        text.take()
        if after == "]":
            break
        if after != ",":
            raise _WholeText
    yield newline + "]"


def _object(text: _Text, encode: Encode, sizes: list[EntrySizes]) -> Iterator[str]:
    """The top-level object after its ``{``, value by value; each array value's entries are
    counted in a new ``EntrySizes`` appended to ``sizes``."""
    if text.peek() == "}":
        text.take()
        yield "{}"
        return
    seen: set[str] = set()
    separator = "{\n  "
    while True:
        key = text.value() if text.peek() == '"' else None
        if not isinstance(key, str) or key in seen or text.peek() != ":":
            raise _WholeText
        seen.add(key)
        text.take()
        if text.peek() == "[":
            text.take()
            yield f"{separator}{encode(key)}: "
            sizes.append(EntrySizes(sizes[0].table))
            yield from _array(text, "\n  ", encode, sizes[-1])
        else:
            value = text.value()
            yield f"{separator}{encode(key)}: " + "".join(json_pieces(value, "\n  ", encode))
        separator = ",\n  "
        after = text.peek()
        text.take()
        if after == "}":
            break
        if after != ",":
            raise _WholeText
    yield "\n}"
