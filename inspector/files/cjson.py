"""JSON text written in C by orjson, where it is exactly the text ``jsonio``'s Python writer
would write (``json.dumps(value, indent=2, ensure_ascii=False)``), several times faster."""

from __future__ import annotations

import functools
import marshal
import re
from collections.abc import Callable, Iterable

from inspector.model import MISSING, JsonObject, SchemaType, ToolDescriptor
from inspector.recent import RecentByIdentity
from inspector.shared import shared_parameters_schema


def c_text(value: object, newline: str, *, checked: bool = False) -> str | None:
    """The text ``jsonio``'s Python writer gives ``value`` with readable strings (``newline`` is
    ``\\n`` plus the indent it starts at), written in C by orjson; None where orjson refuses the
    value (a subclass, a key that is no string, an integer beyond 64 bits, a lone surrogate, a
    ``LazyObject`` or ``WrittenJson`` inside, nesting deeper than 255) or where its text could
    differ: a float Python writes with an exponent (orjson: ``1e-7``, ``0.00001``; Python:
    ``1e-07``, ``1e-05``) or not finite (orjson writes ``null``), and anything ``marshal``
    refuses (an enum, a UUID: orjson writes them, the Python writer refuses them). The caller
    writes those the slow way. ``checked``: the caller knows ``value`` holds none of those
    floats and types (see ``plain_floats``), so that check is skipped."""
    data = c_json(value, b"\n", checked=checked)
    if data is None:
        return None
    text = data.decode()
    return text if newline == "\n" else text.replace("\n", newline)


def c_json(value: object, newline: bytes, *, checked: bool = False) -> bytes | None:
    """``c_text`` as UTF-8 bytes, for a caller that writes bytes (no decoding and encoding)."""
    try:
        raw = _orjson_dumps()(value)
    except (TypeError, ValueError):
        return None
    if not checked and not plain_floats(value):
        return None
    return raw if newline == b"\n" else raw.replace(b"\n", newline)


def plain_floats(value: object) -> bool:
    """Whether ``value`` holds no float that Python writes with an exponent or not finite, and
    nothing ``marshal`` refuses: ``c_text``'s check of what orjson may write differently."""
    try:
        frozen = marshal.dumps(value, 1)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return False
    return not _FLOAT_WITH_EXPONENT.search(frozen)


def tools_plain(tools: Iterable[ToolDescriptor]) -> bool:
    """Whether the tools' entries in tools.json, and their parameters schemas, pass
    ``plain_floats``, found from their parts: each type's schema checked once (equal types are
    one object), each default on its own; every other value in them is a string or a bool."""
    for tool in tools:
        for field in tool.parameters:
            if not _type_plain(field.type) or not _default_plain(field.default):
                return False
        returns = tool.returns.type
        if returns is not None and not _type_plain(returns):
            return False
        if not all(_type_plain(schema_type) for _, schema_type in tool.definitions):
            return False
    return True


def _default_plain(value: object) -> bool:
    kind = type(value)
    return (
        kind is str
        or kind is bool
        or kind is int
        or value is None
        or value is MISSING
        or plain_floats(value)
    )


_type_plain: RecentByIdentity[SchemaType, bool] = RecentByIdentity(
    lambda schema_type: plain_floats(schema_type.to_schema()), 512
)


PLAIN_VALUES = 1024
"""How many values ``plain_value`` remembers at most (half as many at least): the recent ones,
which the providers rendered side by side pass again (the shared schema of a tool), a few
hundred tools apart."""


def plain_value(value: object) -> bool:
    """``plain_floats`` of a value nobody changes (a value by reference in a render), found once
    for the recent values (by identity)."""
    return _plain(value)


def shared_parameters(tool: ToolDescriptor) -> JsonObject:
    """``shared.shared_parameters_schema(tool)``; ``plain_value`` knows it plain without a look
    at the whole schema when the tool's parts show it so (``tools_plain``), or tools.json's
    class holding the tool did (``known_plain``)."""
    schema = shared_parameters_schema(tool)
    if schema not in _plain and tools_plain((tool,)):
        _plain.remember(schema, True)
    return schema


def known_plain(tools: Iterable[ToolDescriptor]) -> None:
    """Record the tools' shared schemas as plain (their tools.json class passed the check)."""
    for tool in tools:
        _plain.remember(shared_parameters_schema(tool), True)


def _plain_floats(value: object) -> bool:
    return plain_floats(value)  # the module's name, looked up at each call (tests count them)


_plain: RecentByIdentity[object, bool] = RecentByIdentity(_plain_floats, PLAIN_VALUES // 2)


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


_FLOAT_WITH_EXPONENT = re.compile(
    rb"f(?:[\x01-\x20]-?(?:[0-9.]+e|nan|inf)|\x11[0-9]{17}|\x12-[0-9]{17})"
)
"""A float that Python may write with an exponent, or not finite, in ``marshal``'s version 1
bytes, which hold each float as ``f``, the length, then its text in C's ``%.17g``: with an
exponent below 1e-4 and from 1e17 up, 17 digits and no point (length 17, or 18 with a sign)
from 1e16 up, ``nan``, ``inf``.
Every other float is written in fixed notation, alike by orjson and Python (the shortest
digits that read back as the same float). A string's bytes can match too: that piece is then
written the slow way (digits that run on into the next value's bytes, ``0`` that ends a
dict, cannot: no type code is ``e``, and the length pins 17 digits)."""
