"""JSON text and files: deterministic dumps, atomic writes that skip unchanged content."""

from __future__ import annotations

import itertools
import json
import math
import re
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, Literal, overload

from inspector.diagnostics import InspectorError
from inspector.files.cjson import c_text
from inspector.files.file_update import write_chunks_if_changed, write_if_changed

Encode = Callable[[str], str]
JsonPieces = Callable[[Encode], Iterator[str]]
"""A JSON document's 2-space text in pieces (without the final newline), its strings written
by the given encoder; called again with an ASCII-escaping one when the text holds a lone
surrogate (which UTF-8 cannot carry), so each call must make the same document afresh."""


def json_text(data: object) -> str:
    """2-space indented JSON with readable characters (no ``\\u`` escapes), ending in a newline.

    The same text as ``json.dumps(data, indent=2, ensure_ascii=False)``, several times faster:
    the standard library drops to its pure-Python encoder whenever ``indent`` is set; orjson
    writes each piece in C where its text is the same (``cjson``), ``_pretty`` the rest."""
    return pieces_text(lambda encode: json_pieces(data, "\n", encode))


def pieces_text(pieces: JsonPieces) -> str:
    """The whole text of a document made in pieces, as ``json_text`` writes it."""
    text = "".join(pieces(_encode_string)) + "\n"
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # lone surrogates cannot be UTF-8: escape them instead
        return "".join(pieces(_encode_ascii)) + "\n"
    return text


def write_json_if_changed(path: Path, data: object) -> bool:
    """``write_if_changed(path, json_text(data))`` without the whole text in memory: each value
    of a ``LazyObject`` is written (and compared with the file) as soon as it is made, as UTF-8
    from the start (``json_chunks``: a ``Utf8Json`` value is not decoded to be encoded again)."""

    def pieces(encode: Encode) -> Iterator[str]:
        return json_pieces(data, "\n", encode)

    if str(path) == "-" or path.is_symlink() or (path.exists() and not path.is_file()):
        return write_if_changed(path, pieces_text(pieces))
    try:
        return write_chunks_if_changed(path, itertools.chain(json_chunks(data, "\n"), (b"\n",)))
    except UnicodeEncodeError:  # lone surrogates: the whole text escapes them, as json_text
        return write_chunks_if_changed(path, _utf8(pieces, _encode_ascii))


class JsonDocument:
    """A document's ``JsonPieces`` (call it with an encoder) that ``write_pieces_if_changed``
    and ``file_holds`` take as UTF-8 from the start (``json_chunks``)."""

    __slots__ = ("value",)

    def __init__(self, value: object) -> None:
        self.value = value

    def __call__(self, encode: Encode) -> Iterator[str]:
        return json_pieces(self.value, "\n", encode)


def write_pieces_if_changed(path: Path, pieces: JsonPieces) -> bool:
    """``write_if_changed(path, pieces_text(pieces))``, each piece written (and compared with the
    file) as soon as it is made; an error while they are made leaves the file as it was. Any
    path but a regular file or a new one (``-``, a symlink, a device, a directory) goes to
    ``write_if_changed``, which knows how to treat it."""
    if isinstance(pieces, JsonDocument):
        return write_json_if_changed(path, pieces.value)
    if str(path) == "-" or path.is_symlink() or (path.exists() and not path.is_file()):
        return write_if_changed(path, pieces_text(pieces))
    try:
        return write_chunks_if_changed(path, _utf8(pieces, _encode_string))
    except UnicodeEncodeError:  # lone surrogates: the whole text escapes them, as json_text
        return write_chunks_if_changed(path, _utf8(pieces, _encode_ascii))


def write_text_pieces_if_changed(path: Path, pieces: Iterable[str]) -> bool:
    """``write_if_changed(path, "".join(pieces))``, each piece written (and compared with the
    file) as soon as it is made; an error while they are made leaves the file as it was."""
    if str(path) == "-" or path.is_symlink() or (path.exists() and not path.is_file()):
        return write_if_changed(path, "".join(pieces))
    return write_chunks_if_changed(path, (piece.encode("utf-8") for piece in pieces))


def _utf8(pieces: JsonPieces, encode: Encode) -> Iterator[bytes]:
    for piece in pieces(encode):
        yield piece.encode("utf-8")
    yield b"\n"


class LazyObject:
    """A JSON object whose values are built one at a time while ``json_text`` writes it, so
    that only one value's dicts and pieces are alive at once (a large tools.json)."""

    def __init__(self, items: Callable[[], Iterator[tuple[str, object]]]) -> None:
        self.items = items


class Utf8Json:
    """A value's JSON text as UTF-8 bytes (no lone surrogate), as ``json_pieces`` writes it at
    ``newline`` with readable strings: ``json_chunks`` passes the bytes on as they are there;
    anywhere else it is that text (a ``WrittenJson``)."""

    __slots__ = ("data", "newline")

    def __init__(self, data: bytes, newline: str) -> None:
        self.data, self.newline = data, newline

    def written(self) -> WrittenJson:
        """The same value as text."""
        return WrittenJson(self.data.decode("utf-8"), self.newline)


class WrittenJson:
    """A value's JSON text as ``json_pieces`` wrote it at ``newline`` with readable strings: put
    in a document, it is written as it is where it lands at that indent with that encoder, and
    parsed and written again anywhere else (the ASCII escapes a lone surrogate calls for)."""

    __slots__ = ("newline", "text")

    def __init__(self, text: str, newline: str) -> None:
        self.text, self.newline = text, newline

    @classmethod
    def of(cls, value: object, newline: str) -> WrittenJson:
        """The text of ``value`` written at ``newline``."""
        return cls("".join(json_pieces(value, newline, _encode_string)), newline)

    def pieces(self, newline: str, encode: Encode) -> Iterator[str]:
        """The text for that place and encoder."""
        if newline == self.newline and encode is _encode_string:
            yield self.text
        else:
            yield from json_pieces(json.loads(self.text), newline, encode)


_encode_string = json.encoder.encode_basestring
_encode_ascii = json.encoder.encode_basestring_ascii
READABLE: Encode = _encode_string
"""The encoder of readable text (``JsonPieces`` are first asked for with it)."""
ASCII: Encode = _encode_ascii
"""The encoder that escapes every character beyond ASCII (a lone surrogate included)."""
_float_repr = float.__repr__


def _pretty(value: object, newline: str, parts: list[str], encode: Callable[[str], str]) -> None:
    """Append the indented JSON of ``value``; ``newline`` is ``\\n`` plus the current indent.

    Scalars, the most common leaves, are written inline rather than by a recursive call."""
    kind = type(value)
    if kind is dict:
        if not value:
            parts.append("{}")
            return
        inner = newline + "  "
        separator = "{" + inner
        for key, item in value.items():  # type: ignore[attr-defined]
            item_kind = type(item)
            if item_kind is str:
                parts.append(
                    f"{separator}{encode(key if type(key) is str else _key(key))}: {encode(item)}"
                )
            elif item_kind is bool or item is None or item_kind is int:
                parts.append(
                    f"{separator}{encode(key if type(key) is str else _key(key))}: {_scalar(item)}"
                )
            else:
                parts.append(f"{separator}{encode(key if type(key) is str else _key(key))}: ")
                _pretty(item, inner, parts, encode)
            separator = "," + inner
        parts.append(newline + "}")
    elif kind is list or kind is tuple:
        if not value:
            parts.append("[]")
            return
        inner = newline + "  "
        separator = "[" + inner
        for item in value:  # type: ignore[attr-defined]
            if type(item) is str:
                parts.append(separator + encode(item))
            else:
                parts.append(separator)
                _pretty(item, inner, parts, encode)
            separator = "," + inner
        parts.append(newline + "]")
    elif kind is str:
        parts.append(encode(value))  # type: ignore[arg-type]
    elif isinstance(value, LazyObject):
        parts.extend(json_pieces(value, newline, encode))
    elif isinstance(value, WrittenJson):
        parts.extend(value.pieces(newline, encode))
    elif isinstance(value, Utf8Json):
        parts.extend(value.written().pieces(newline, encode))
    elif isinstance(value, dict | list | tuple | str):  # subclasses: the slow, general way
        _pretty(_plain(value), newline, parts, encode)
    else:
        parts.append(_scalar(value))


class PythonFirst:
    """The first ``LIMIT`` characters a process writes take the Python way, then the C path
    (orjson): importing orjson, and the uuid and platform modules it imports, costs about 3 ms,
    more than writing that much in Python, so a small scan never pays it."""

    LIMIT = 16_384
    written = 0

    @classmethod
    def warm(cls) -> bool:
        """Whether the C path is taken now."""
        return cls.written >= cls.LIMIT


def json_pieces(value: object, newline: str, encode: Encode) -> Iterator[str]:
    """The text of ``value`` in pieces: one per value of a ``LazyObject`` (and of a dict that
    holds one), the whole text for anything else."""
    return _pieces(value, newline, encode, False)


def json_chunks(value: object, newline: str) -> Iterator[bytes]:
    """``json_pieces`` with readable strings, as UTF-8: the bytes of a ``Utf8Json`` at its
    newline as they are. A lone surrogate raises ``UnicodeEncodeError``, as encoding the text
    would."""
    for piece in _pieces(value, newline, _encode_string, True):
        yield piece if type(piece) is bytes else piece.encode("utf-8")  # type: ignore[union-attr]


@overload
def _pieces(value: object, newline: str, encode: Encode, raw: Literal[False]) -> Iterator[str]: ...
@overload
def _pieces(
    value: object, newline: str, encode: Encode, raw: Literal[True]
) -> Iterator[str | bytes]: ...
def _pieces(value: object, newline: str, encode: Encode, raw: bool) -> Iterator[str | bytes]:
    """``json_pieces``; where ``raw``, a ``Utf8Json`` at its newline as its bytes."""
    if raw and type(value) is Utf8Json and value.newline == newline:
        yield value.data
        return
    lazy = isinstance(value, LazyObject)
    if not lazy and not (
        type(value) is dict and any(isinstance(v, LazyObject) for v in value.values())
    ):
        warm = PythonFirst.warm() and encode is _encode_string
        text = c_text(value, newline) if warm else None
        if text is not None:
            yield text
            return
        parts: list[str] = []
        _pretty(value, newline, parts, encode)
        text = "".join(parts)
        PythonFirst.written += len(text)
        yield text
        return
    items = value.items() if isinstance(value, LazyObject | dict) else ()
    separator, inner = "{", newline + "  "
    for key, item in items:
        yield f"{separator}{inner}{encode(key if type(key) is str else _key(key))}: "
        yield from _pieces(item, inner, encode, raw)  # type: ignore[call-overload]
        separator = ","
    yield newline + "}" if separator == "," else "{}"


def _plain(value: object) -> object:
    if isinstance(value, dict):
        return dict(value)
    if isinstance(value, list | tuple):
        return list(value)
    return str(value)


def _key(key: object) -> str:
    scalar = _scalar(key)
    return scalar.strip('"') if isinstance(key, bool | None) else scalar


def _scalar(value: object) -> str:
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        return int.__repr__(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            return {"nan": "NaN", "inf": "Infinity", "-inf": "-Infinity"}[repr(value)]
        return _float_repr(value)
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


BLOCK = 1 << 16
"""Characters gathered before values are parsed out of a ``JsonStream``."""

_SPACE = re.compile(r"[ \t\n\r]*")
_decode = json.JSONDecoder().raw_decode


class WholeText(Exception):
    """What a ``JsonStream`` reads needs the whole-text path: it is not valid JSON (whose error
    names the line), or the reader met a shape it leaves to ``json.loads`` (a repeated key,
    whose last value wins in the first one's place)."""


class JsonStream:
    """JSON text made in pieces (a template's output, a file read by blocks), read one value
    at a time, so that only the value being read is held whole."""

    def __init__(
        self,
        chunks: Iterator[str],
        batch: int = 1,
        decode: Callable[[str, int], tuple[object, int]] = _decode,
    ) -> None:
        """``batch``: chunks taken at once (many small ones, as Jinja makes, are joined in C
        rather than one by one); ``decode``: ``raw_decode`` of the parser to read values with."""
        self._chunks, self._batch, self._decode = chunks, batch, decode
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
        while size < wanted:
            batch = list(itertools.islice(self._chunks, self._batch))
            if not batch:
                self._done = True
                break
            parts.append("".join(batch))
            size += len(parts[-1])
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

    def object_keys(self) -> Iterator[str]:
        """The keys of an object after its ``{``, the caller reading each value before asking
        for the next key; raises ``WholeText`` for a repeated key or anything not JSON."""
        seen: set[str] = set()
        if self.peek() == "}":
            self.take()
            return
        while True:
            key = self.value() if self.peek() == '"' else None
            if not isinstance(key, str) or key in seen or self.peek() != ":":
                raise WholeText
            seen.add(key)
            self.take()
            yield key
            after = self.peek()
            self.take()
            if after == "}":
                return
            if after != ",":
                raise WholeText

    def value(self) -> object:
        """The next JSON value (a number is complete only when text follows it)."""
        self.peek()
        while True:
            try:
                value, end = self._decode(self._buffer, self._at)
            except json.JSONDecodeError:
                if self._more():
                    continue
                raise WholeText from None
            if end < len(self._buffer) or not self._more():
                self._at = end
                return value


def read_json(
    path: Path,
    what: str,
    object_pairs_hook: Callable[[list[tuple[str, Any]]], object] | None = None,
) -> object:
    """Parse a JSON file (each object through ``object_pairs_hook`` when given); errors name
    the file, line and column."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InspectorError(f"{path}: {what} not found") from None
    except (OSError, UnicodeDecodeError) as error:
        raise InspectorError(f"{path}: cannot read {what} ({error})") from None
    try:
        return json.loads(text, object_pairs_hook=object_pairs_hook)
    except json.JSONDecodeError as error:
        raise InspectorError(
            f"{path}:{error.lineno}:{error.colno}: {what} is not valid JSON: {error.msg}"
        ) from None
    except RecursionError:
        raise InspectorError(f"{path}: {what} is nested too deeply to read") from None
