"""JSON text written in C by orjson, where it is exactly the text ``jsonio``'s Python writer
would write (``json.dumps(value, indent=2, ensure_ascii=False)``), several times faster."""

from __future__ import annotations

import functools
import marshal
import re
from collections.abc import Callable


def c_text(value: object, newline: str) -> str | None:
    """The text ``jsonio``'s Python writer gives ``value`` with readable strings (``newline`` is
    ``\\n`` plus the indent it starts at), written in C by orjson; None where orjson refuses the
    value (a subclass, a key that is no string, an integer beyond 64 bits, a lone surrogate, a
    ``LazyObject`` or ``WrittenJson`` inside, nesting deeper than 255) or where its text could
    differ: a float that is not finite (orjson writes ``null``), one with an exponent or below
    1e-4 (orjson: ``1e-7``, ``0.00001``; Python: ``1e-07``, ``1e-05``), and anything
    ``marshal`` refuses (an enum, a UUID: orjson writes them, the Python writer refuses them).
    The caller writes those the slow way."""
    try:
        raw = _orjson_dumps()(value)
        frozen = marshal.dumps(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return None
    if _has_exponent(raw) or _has_tiny_fixed(raw) or _holds_non_finite(frozen):
        return None
    text = raw.decode()
    return text if newline == "\n" else text.replace("\n", newline)


@functools.cache
def _orjson_dumps() -> Callable[[object], bytes]:
    """orjson's ``dumps`` with 2-space indent, refusing subclasses (the Python writer writes a
    str subclass as ``str(value)``), dataclasses and datetimes; imported on first use."""
    import orjson

    passthrough = (
        orjson.OPT_PASSTHROUGH_SUBCLASS
        | orjson.OPT_PASSTHROUGH_DATACLASS
        | orjson.OPT_PASSTHROUGH_DATETIME
    )
    return functools.partial(orjson.dumps, option=orjson.OPT_INDENT_2 | passthrough)


_NOT_FINITE = (
    re.compile(rb"g.{6}[\xf0-\xff][\x7f\xff]", re.DOTALL),
    re.compile(rb"\xe7.{6}[\xf0-\xff][\x7f\xff]", re.DOTALL),
)


def _holds_non_finite(frozen: bytes) -> bool:
    """Whether ``marshal``'s bytes may hold a float that is not finite: its tag (``g``, or
    ``g | 0x80`` when referenced), then 8 little-endian bytes whose 11 exponent bits are all
    set, so the last is 0x7f or 0xff (the first test, which most texts fail at C speed).
    Other bytes can match too (a negative integer, a length): that piece is then written the
    slow way."""
    if b"\x7f" not in frozen and b"\xff" not in frozen:
        return False
    return any(pattern.search(frozen) for pattern in _NOT_FINITE)


_EXPONENT = re.compile(rb"e[-+0-9]")
_TINY_FIXED = re.compile(rb"0\.0000")
_DIGITS = frozenset(b"0123456789")


def _has_exponent(text: bytes) -> bool:
    """Whether orjson's text may hold a number with an exponent: a digit before an ``e`` that
    a sign or a digit follows (``e-`` in words costs one look back)."""
    return any(text[match.start() - 1] in _DIGITS for match in _EXPONENT.finditer(text))


def _has_tiny_fixed(text: bytes) -> bool:
    """Whether orjson's text may hold a number below 1e-4 written without an exponent
    (``0.00001``): ``0.0000`` that no digit comes before (``10.00001`` is as Python writes)."""
    return any(
        match.start() == 0 or text[match.start() - 1] not in _DIGITS
        for match in _TINY_FIXED.finditer(text)
    )
