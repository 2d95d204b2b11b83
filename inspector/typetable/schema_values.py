"""Whether a JSON value is one a schema type allows: the check of a classification file's
``fixed`` values against their parameter's type, made where the file is applied (no Python
object is needed, so a render from tools.json checks them as the Toolbox does), and of a
parameter's default against its type in the scan."""

from __future__ import annotations

import math
import operator
import re
from collections.abc import Callable, Mapping
from fractions import Fraction

from inspector.diagnostics import listed, shown
from inspector.model import (
    AnyOfType,
    AnyValueType,
    ArrayType,
    BooleanType,
    EnumType,
    IntegerType,
    Json,
    NullType,
    NumberType,
    ObjectType,
    RefType,
    SchemaType,
    StringType,
    json_type_name,
)


def value_problem(
    value: Json, schema_type: SchemaType, definitions: Mapping[str, SchemaType], path: str = ""
) -> str | None:
    """What keeps ``value`` from being a value of ``schema_type``, or None when it is one.

    Args:
        value: A JSON value.
        schema_type: The type it must have.
        definitions: The named types ``RefType`` nodes refer to.
        path: Where ``value`` is inside the whole value (``items[2]``), for the message.

    Returns:
        A message naming the place and what was expected, or None.
    """
    return _Checker(definitions).problem(value, schema_type, path)


class _Checker:
    def __init__(self, definitions: Mapping[str, SchemaType]) -> None:
        self.definitions = definitions

    def problem(self, value: Json, schema_type: SchemaType, path: str) -> str | None:
        found = self._shape(value, schema_type, path)
        if found is None:
            found = _keywords(value, dict(schema_type.keywords), path)
        return found

    def _shape(self, value: Json, schema_type: SchemaType, path: str) -> str | None:
        if isinstance(schema_type, RefType):
            target = self.definitions.get(schema_type.name)
            return None if target is None else self.problem(value, target, path)
        if isinstance(schema_type, AnyValueType):
            return None
        if isinstance(schema_type, AnyOfType):
            if any(self.problem(value, o, path) is None for o in schema_type.options):
                return None  # the first option that takes it ends the search
            kinds = dict.fromkeys(self._expected(o, 0) for o in schema_type.options)
            return _wrong(path, listed(kinds, separator=" or "), value)
        if isinstance(schema_type, EnumType):
            if any(_same(value, v) for v in schema_type.values):
                return None
            allowed = listed(map(shown, schema_type.values), separator=", ")
            return _wrong(path, f"one of {allowed}", value)
        if isinstance(schema_type, ArrayType):
            return self._array(value, schema_type, path)
        if isinstance(schema_type, ObjectType):
            return self._object(value, schema_type, path)
        return _scalar(value, schema_type, path)

    def _expected(self, schema_type: SchemaType, depth: int) -> str:
        """What a value of the type is, in words: ``a date-time string``, ``one of 'a', 'b'``,
        ``an array`` (a union's options, each so, joined by ``or``)."""
        if isinstance(schema_type, RefType):
            target = self.definitions.get(schema_type.name)
            return "a value" if target is None or depth > 8 else self._expected(target, depth + 1)
        if isinstance(schema_type, AnyOfType):
            return " or ".join(
                dict.fromkeys(self._expected(o, depth + 1) for o in schema_type.options)
            )
        if isinstance(schema_type, EnumType):
            return f"one of {listed(map(shown, schema_type.values), separator=', ')}"
        if isinstance(schema_type, ArrayType):
            return "an array"
        if isinstance(schema_type, ObjectType):
            return "an object"
        if isinstance(schema_type, AnyValueType):
            return "any value"
        kind = _SCALARS[type(schema_type)][-1]
        if kind == "null":
            return "null"
        form = dict(schema_type.keywords).get("format")
        words = f"{form} {kind}" if isinstance(form, str) and kind == "string" else kind
        return _with_article(words)

    def _array(self, value: Json, schema_type: ArrayType, path: str) -> str | None:
        if not isinstance(value, list):
            return _wrong(path, "an array", value)
        prefix = schema_type.prefix
        if prefix is not None and len(value) != len(prefix):
            return f"{path or 'value'}: expected {len(prefix)} items, got {len(value)}"
        for index, item in enumerate(value):
            item_type = prefix[index] if prefix else schema_type.items
            if item_type is not None:
                found = self.problem(item, item_type, f"{path}[{index}]")
                if found is not None:
                    return found
        if schema_type.unique and any(
            _same(item, other) for i, item in enumerate(value) for other in value[:i]
        ):
            return f"{path or 'value'}: the items must be unique"
        return None

    def _object(self, value: Json, schema_type: ObjectType, path: str) -> str | None:
        if not isinstance(value, dict):
            return _wrong(path, "an object", value)
        known = {f.name: f for f in schema_type.properties}
        for name in (f.name for f in schema_type.properties if f.required):
            if name not in value:
                return f"{path or 'value'}: missing property {name!r}"
        for name, item in value.items():
            inner = f"{path}.{name}" if path else name
            if name in known:
                found = self.problem(item, known[name].type, inner)
            elif schema_type.additional is False:
                found = f"{path or 'value'}: unexpected property {name!r}"
            elif isinstance(schema_type.additional, bool) or schema_type.additional is None:
                found = None
            else:
                found = self.problem(item, schema_type.additional, inner)
            if found is not None:
                return found
        return None


_SCALARS: dict[type, tuple[str, ...]] = {
    StringType: ("string",),
    IntegerType: ("integer",),
    NumberType: ("integer", "number"),
    BooleanType: ("boolean",),
    NullType: ("null",),
}


def _scalar(value: Json, schema_type: SchemaType, path: str) -> str | None:
    allowed = _SCALARS[type(schema_type)]
    kind = json_type_name(value)
    if kind in allowed or (kind == "number" and "integer" in allowed and _whole(value)):
        return None
    return _wrong(path, _with_article(allowed[-1]), value)


def _with_article(words: str) -> str:
    return f"{'an' if words[0] in 'aeiou' else 'a'} {words}"


def _whole(value: Json) -> bool:
    return isinstance(value, float) and value.is_integer()


def _keywords(value: Json, keywords: dict[str, Json], path: str) -> str | None:
    """The constraints JSON Schema keywords put on a value of the right type."""
    where = path or "value"
    if isinstance(value, int | float) and not isinstance(value, bool):
        for key, fails in _NUMBER_BOUNDS.items():
            bound = keywords.get(key)
            if isinstance(bound, int | float) and fails(value, bound):
                return f"{where}: {value} breaks {key} {bound}"
        step = keywords.get("multipleOf")
        if isinstance(step, int | float) and step and not is_multiple(value, step):
            return f"{where}: {value} is not a multiple of {step}"
    sized = value if isinstance(value, str | list | dict) else None
    if sized is not None:
        size = len(sized)
        for key in _SIZE_BOUNDS.get(type(sized), ()):
            bound = keywords.get(key)
            low = key.startswith("min")
            if isinstance(bound, int) and (size < bound if low else size > bound):
                return f"{where}: length {size} breaks {key} {bound}"
    pattern = keywords.get("pattern")
    if isinstance(value, str) and isinstance(pattern, str):
        try:
            matched = re.search(pattern, value) is not None
        except re.error:
            matched = True  # a pattern Python cannot read is not the value's fault
        if not matched:
            return f"{where}: {shown(value)} does not match the pattern {shown(pattern)}"
    return None


_NUMBER_BOUNDS: dict[str, Callable[[float, float], bool]] = {
    "minimum": operator.lt,
    "maximum": operator.gt,
    "exclusiveMinimum": operator.le,
    "exclusiveMaximum": operator.ge,
}
_SIZE_BOUNDS: dict[type, tuple[str, ...]] = {
    str: ("minLength", "maxLength"),
    list: ("minItems", "maxItems"),
    dict: ("minProperties", "maxProperties"),
}


def is_multiple(value: float, step: float) -> bool:
    """JSON Schema's ``multipleOf``: ``value / step`` is a whole number. Integers are compared
    exactly; a quotient of doubles within 1e-9 of a whole number counts (0.3 is a multiple of
    0.1 as written, though not as doubles); a larger quotient, whose rounding that tolerance
    no longer covers (``2**64 / 3.0``, ``1e308 / 0.5``), compares the numbers exactly."""
    if isinstance(value, int) and isinstance(step, int):
        return value % step == 0
    if any(isinstance(n, float) and not math.isfinite(n) for n in (value, step)):
        return False  # no JSON number is NaN or infinite
    try:
        quotient = value / step
    except OverflowError:  # an integer past a double's range
        quotient = math.inf
    if abs(quotient) < _TOLERATED:
        return math.isclose(quotient, round(quotient), rel_tol=0, abs_tol=1e-9)
    return (_exact(value) / _exact(step)).denominator == 1


_TOLERATED = 2.0**20
"""Below this a double's quotient is within far less than 1e-9 of the true one."""


def _exact(number: float) -> Fraction:
    """A number exactly: a whole one by its value (what a method hinted ``int`` gets), any
    other float by its shortest text (0.1 is 1/10, not its binary value)."""
    if isinstance(number, int) or number.is_integer():
        return Fraction(number)
    return Fraction(repr(number))


def _same(left: Json, right: Json) -> bool:
    """JSON equality: ``true`` is not ``1``."""
    return (type(left) is type(right) and left == right) or (
        isinstance(left, int | float)
        and isinstance(right, int | float)
        and not isinstance(left, bool)
        and not isinstance(right, bool)
        and left == right
    )


def _wrong(path: str, expected: str, value: Json) -> str:
    return f"{path or 'value'}: expected {expected}, got {shown(value)}"
