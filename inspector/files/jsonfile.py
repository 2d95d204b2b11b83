"""JSON files: read with located errors, written as 2-space text, and any file replaced
atomically, only when its content changes."""

from __future__ import annotations

import json
import os
import re
import stat
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import orjson

from inspector.diagnostics import InspectorError


def read_json(
    path: Path,
    what: str,
    object_pairs_hook: Callable[[list[tuple[str, Any]]], object] | None = None,
) -> object:
    """Parse a JSON file (each object through ``object_pairs_hook`` when given).

    Args:
        path: The file.
        what: What the file is, for the error messages ("tools file").
        object_pairs_hook: Makes each object from its key and value pairs.

    Returns:
        The parsed value.

    Raises:
        InspectorError: The file is missing, unreadable or not JSON; the message names the
            file, and for bad JSON the line and column.
    """
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise InspectorError(f"{path}: {what} not found") from None
    except OSError as error:
        raise InspectorError(f"{path}: cannot read {what} ({error})") from None
    try:
        if object_pairs_hook is None:
            # the bytes as they are: decoding them to text first held the file twice (30 MB
            # more at the peak of a render of 20,000 tools)
            return loads(data)
        return standard_loads(data.decode("utf-8"), object_pairs_hook=object_pairs_hook)
    except UnicodeDecodeError as error:
        raise InspectorError(f"{path}: cannot read {what} ({error})") from None
    except json.JSONDecodeError as error:
        raise InspectorError(
            f"{path}:{error.lineno}:{error.colno}: {what} is not valid JSON: {error.msg}"
        ) from None
    except RecursionError:
        raise InspectorError(f"{path}: {what} is nested too deeply to read") from None


_DIGITS_AS_ONES = bytes(ord("1") if 48 <= c <= 57 else ord("0") for c in range(256))
_TEXT_DIGITS_AS_ONES = str.maketrans(
    bytes(range(128)).decode("ascii"), _DIGITS_AS_ONES[:128].decode("ascii")
)
_LONG_NUMBER = b"1" * 19
"""Digits enough for an integer past 64 bits, which orjson would read as a float. Found by
mapping ASCII digits to ``1`` and other bytes (or ASCII characters) to ``0`` and looking for a
run: a tenth of the time a regular expression takes over a 30 MB file."""


def loads(data: str | bytes) -> Any:
    """``json.loads(data)`` (bytes as UTF-8), read by orjson unless the JSON holds what orjson
    reads otherwise or refuses: an integer past 64 bits (it gives a float), ``NaN`` or a
    number past a double's range, a lone surrogate, a byte order mark, nesting past its limit.
    The standard library then reads it, and its ``JSONDecodeError`` (with line and column) is
    the one raised for bad JSON. A render parses its whole output and reads tools.json whole:
    orjson takes 0.35 s where the standard library takes 0.52 (30 MB, 20,000 tools).

    Raises:
        json.JSONDecodeError: The text is not JSON.
        UnicodeDecodeError: The bytes are not UTF-8.
    """
    if isinstance(data, bytes):
        long_number = _LONG_NUMBER in data.translate(_DIGITS_AS_ONES)
    else:
        long_number = _LONG_NUMBER.decode() in data.translate(_TEXT_DIGITS_AS_ONES)
    if not long_number:
        try:
            return orjson.loads(data)
        except orjson.JSONDecodeError:
            pass
    return standard_loads(data.decode("utf-8") if isinstance(data, bytes) else data)


def standard_loads(
    text: str, object_pairs_hook: Callable[[list[tuple[str, Any]]], object] | None = None
) -> Any:
    """``json.loads(text)``, where an integer longer than the interpreter reads
    (``sys.get_int_max_str_digits``) is bad JSON at its place, as any other, not a bare
    ``ValueError`` with neither line nor column.

    Raises:
        json.JSONDecodeError: The text is not JSON, or holds such an integer.
    """
    try:
        return json.loads(text, object_pairs_hook=object_pairs_hook)
    except json.JSONDecodeError:
        raise
    except ValueError:  # the one other error of the standard decoder: int's digit limit
        limit = sys.get_int_max_str_digits()
        long_integer = re.search(rf"-?\d{{{limit + 1},}}", text)
        position = long_integer.start() if long_integer is not None else 0
        raise json.JSONDecodeError(
            f"an integer of more than {limit} digits", text, position
        ) from None


def dumps(value: object) -> bytes:
    """The text of a JSON file: 2-space indent, readable characters (no ``\\u`` escapes), a
    newline at the end, as UTF-8; what orjson writes (``NaN`` and infinities, which JSON has
    no form for, become ``null``).

    Where orjson refuses the value (a string holding a lone surrogate, which UTF-8 cannot
    carry; an integer beyond 64 bits; nesting deeper than 255 levels; a key that is no
    string), the standard library writes it, with the same layout but Python's spelling of
    floats (``1e-07`` for orjson's ``1e-7``); a lone surrogate makes that whole file escape
    every character beyond ASCII.

    Raises:
        InspectorError: The value nests past Python's recursion limit.
    """
    try:
        return orjson.dumps(value, option=orjson.OPT_INDENT_2 | orjson.OPT_APPEND_NEWLINE)
    except orjson.JSONEncodeError:
        pass
    try:
        return (json.dumps(value, indent=2, ensure_ascii=False) + "\n").encode("utf-8")
    except UnicodeEncodeError:
        return (json.dumps(value, indent=2, ensure_ascii=True) + "\n").encode("ascii")
    except RecursionError:
        raise InspectorError("a document nested too deeply to write") from None


def json_text(value: object) -> str:
    """``dumps`` as text."""
    return dumps(value).decode("utf-8")


def write_json(path: Path, value: object) -> bool:
    """``write_file(path, dumps(value))``."""
    return write_file(path, dumps(value))


def write_text(path: Path, text: str) -> bool:
    """``write_file`` of ``text`` as UTF-8."""
    return write_file(path, text.encode("utf-8"))


def write_file(path: Path, data: bytes) -> bool:
    """Write ``data`` to ``path``, unless a regular file there already holds it.

    A regular file (or a new one) is replaced atomically: a temporary file beside it, then a
    rename, keeping the old file's mode (a new file gets the usual mode, 0o666 less the
    umask). A symlink is followed and its target replaced so. ``-`` is stdout; a character
    device (``/dev/null``), a FIFO or a socket is written in place.

    Args:
        path: Where to write.
        data: The whole content.

    Returns:
        Whether anything was written (False: the file already held ``data``).

    Raises:
        InspectorError: ``path`` is a directory, or cannot be read or written.
    """
    if str(path) == "-":
        sys.stdout.write(data.decode("utf-8"))
        return True
    target = Path(os.path.realpath(path)) if path.is_symlink() else path
    try:
        mode: int | None = target.stat().st_mode
    except FileNotFoundError:
        mode = None
    except OSError as error:
        raise InspectorError(f"{path}: cannot write ({error.strerror})") from None
    try:
        if mode is None:
            _replace(target, data, _new_file_mode())
        elif stat.S_ISDIR(mode):
            raise InspectorError(f"{path}: is a directory; a file was expected")
        elif not stat.S_ISREG(mode):
            with target.open("wb") as stream:
                stream.write(data)
        elif file_holds(target, data):
            return False
        else:
            _replace(target, data, stat.S_IMODE(mode))
    except OSError as error:
        raise InspectorError(f"{path}: cannot write ({error.strerror})") from None
    return True


def file_holds(path: Path, data: bytes) -> bool:
    """Whether the file holds exactly ``data``, read a block at a time (a large file is never
    held beside its new content). ``OSError`` when it cannot be read."""
    if path.stat().st_size != len(data):
        return False
    view = memoryview(data)
    block = bytearray(READ_BLOCK)
    start = 0
    with path.open("rb", buffering=0) as existing:
        while start < len(data):
            size = existing.readinto(block)
            # a bytearray against a memoryview compares with memcmp; two memoryviews (or bytes
            # against one) compare byte by byte, which took 70 ms of a 30 MB file against 9
            if not size or block[:size] != view[start : start + size]:
                return False
            start += size
        return existing.read(1) == b""


READ_BLOCK = 1 << 20
"""How much of a file ``file_holds`` reads at a time."""


def _replace(target: Path, data: bytes, mode: int) -> None:
    """Put ``data`` in place of ``target`` through a temporary file in its directory, so that
    a reader sees the old content or the new, and a failure leaves the old file as it was."""
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile(
        dir=target.parent, prefix=f".{target.name}.", delete=False
    ) as temporary:
        try:
            temporary.write(data)
            temporary.flush()
            os.fsync(temporary.fileno())
            os.chmod(temporary.name, mode)
            os.replace(temporary.name, target)
        except BaseException:
            os.unlink(temporary.name)
            raise


def _new_file_mode() -> int:
    """The mode ``open`` gives a new file: 0o666 less the umask. Linux shows the umask in
    /proc; elsewhere it is read by setting it and back, for a moment for every thread."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            umask = next(int(line.split()[1], 8) for line in status if line.startswith("Umask:"))
    except (OSError, StopIteration, ValueError):
        umask = os.umask(0o022)
        os.umask(umask)
    return 0o666 & ~umask
