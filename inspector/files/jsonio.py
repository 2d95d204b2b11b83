"""JSON text and files: deterministic dumps, atomic writes that skip unchanged content."""

from __future__ import annotations

import json
import math
import os
import stat
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

from inspector.diagnostics import InspectorError


def json_text(data: object) -> str:
    """2-space indented JSON with readable characters (no ``\\u`` escapes), ending in a newline.

    The same text as ``json.dumps(data, indent=2, ensure_ascii=False)``, several times faster:
    the standard library drops to its pure-Python encoder whenever ``indent`` is set."""
    parts: list[str] = []
    _pretty(data, "\n", parts, _encode_string)
    text = "".join(parts) + "\n"
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # lone surrogates cannot be UTF-8: escape them instead
        parts.clear()
        _pretty(data, "\n", parts, _encode_ascii)
        return "".join(parts) + "\n"
    return text


class LazyObject:
    """A JSON object whose values are built one at a time while ``json_text`` writes it, so
    that only one value's dicts and pieces are alive at once (a large tools.json)."""

    def __init__(self, items: Callable[[], Iterator[tuple[str, object]]]) -> None:
        self.items = items


_encode_string = json.encoder.encode_basestring
_encode_ascii = json.encoder.encode_basestring_ascii
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
        separator, inner = "{", newline + "  "
        for key, item in value.items():
            piece: list[str] = [separator, inner, encode(key), ": "]
            _pretty(item, inner, piece, encode)
            parts.append("".join(piece))
            separator = ","
        parts.append(newline + "}" if separator == "," else "{}")
    elif isinstance(value, dict | list | tuple | str):  # subclasses: the slow, general way
        _pretty(_plain(value), newline, parts, encode)
    else:
        parts.append(_scalar(value))


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


def write_if_changed(path: Path, text: str) -> bool:
    """Write ``text`` to ``path``; False when a regular file already held it.

    A regular file or a new path is replaced atomically (temporary file, then rename); a
    symlink is followed and its target replaced so; ``-`` (stdout), a character device
    (``/dev/null``), a FIFO or a socket is written in place; a directory is an error."""
    if str(path) == "-":
        sys.stdout.write(text)
        return True
    target = Path(os.path.realpath(path)) if path.is_symlink() else path
    try:
        mode: int | None = target.stat().st_mode
    except FileNotFoundError:
        mode = None
    except OSError as error:
        raise InspectorError(f"{path}: cannot write ({error.strerror})") from None
    if mode is not None and stat.S_ISDIR(mode):
        raise InspectorError(f"{path}: is a directory; a file was expected")
    data = text.encode("utf-8")
    if mode is not None and not stat.S_ISREG(mode):
        _write_in_place(path, target, data)
        return True
    try:
        if mode is not None and target.read_bytes() == data:
            return False
    except OSError as error:
        raise InspectorError(f"{path}: cannot read ({error.strerror})") from None
    try:
        _replace_atomically(target, data, mode)
    except OSError as error:
        raise InspectorError(f"{path}: cannot write ({error.strerror})") from None
    return True


def _write_in_place(path: Path, target: Path, data: bytes) -> None:
    try:
        with target.open("wb") as stream:
            stream.write(data)
    except OSError as error:
        raise InspectorError(f"{path}: cannot write ({error.strerror})") from None


def _replace_atomically(target: Path, data: bytes, mode: int | None) -> None:
    """A temporary file beside ``target``, then a rename over it; the old mode is kept."""
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(temporary, mode & 0o7777 if mode is not None else 0o666 & ~_umask())
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def read_json(path: Path, what: str) -> object:
    """Parse a JSON file; errors name the file, line and column."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InspectorError(f"{path}: {what} not found") from None
    except (OSError, UnicodeDecodeError) as error:
        raise InspectorError(f"{path}: cannot read {what} ({error})") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise InspectorError(
            f"{path}:{error.lineno}:{error.colno}: {what} is not valid JSON: {error.msg}"
        ) from None
