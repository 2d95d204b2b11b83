"""Hypothesis strategies for instances of the JSON Schemas our renders produce.

hypothesis-jsonschema would be the obvious tool, but its object strategy relies on a Hypothesis
internal (``cu.many(...).more()``) that the Hypothesis this project tests with no longer has,
so every object schema fails there. This covers the subset our schemas use (type, enum, const,
anyOf, $ref/$defs, properties/required/additionalProperties, items/prefixItems, the length and
range keywords, pattern, the formats of the type table); the callers filter the draws with
``jsonschema`` so an instance is always valid for the schema it came from.
"""

from __future__ import annotations

import base64
import datetime
import json
import typing

from hypothesis import strategies as st

Schema = dict[str, typing.Any]
_MAX_DEPTH = 3
_OFFSETS = st.integers(-(23 * 60 + 59), 23 * 60 + 59).map(
    lambda minutes: datetime.timezone(datetime.timedelta(minutes=minutes))
)
_FORMATS: dict[str, st.SearchStrategy[str]] = {
    "date-time": st.datetimes(timezones=_OFFSETS).map(lambda d: d.isoformat()),
    "date": st.dates().map(str),
    "time": st.times(timezones=_OFFSETS).map(lambda t: t.isoformat()),
    "duration": st.timedeltas(min_value=datetime.timedelta(0)).map(
        lambda d: f"P{d.days}DT{d.seconds}.{d.microseconds:06d}S"
    ),
    "uuid": st.uuids().map(str),
    "ipv4": st.ip_addresses(v=4).map(str),
    "ipv6": st.ip_addresses(v=6).map(str),
}
_SCALARS = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text()
ANY_JSON: st.SearchStrategy[typing.Any] = st.recursive(
    _SCALARS,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(), inner, max_size=3),
    max_leaves=6,
)


def instances(schema: Schema, root: Schema | None = None, depth: int = 0) -> st.SearchStrategy:
    """Values that (mostly) validate against ``schema``; ``root`` holds the ``$defs``."""
    root = root if root is not None else schema
    if "$ref" in schema:
        target = root["$defs"][schema["$ref"].removeprefix("#/$defs/")]
        return st.deferred(lambda: instances(target, root, depth + 1))  # built when drawn
    if "const" in schema:
        return st.just(schema["const"])
    if "enum" in schema:
        return st.sampled_from(schema["enum"])
    if "anyOf" in schema:
        return st.one_of([instances(option, root, depth) for option in schema["anyOf"]])
    kinds = schema.get("type")
    if kinds is None:
        return ANY_JSON
    if isinstance(kinds, list):
        return st.one_of([instances({**schema, "type": kind}, root, depth) for kind in kinds])
    return _BY_TYPE[kinds](schema, root, depth)


def _string(schema: Schema, root: Schema, depth: int) -> st.SearchStrategy:
    if schema.get("contentEncoding") == "base64":
        return st.binary(max_size=8).map(lambda b: base64.b64encode(b).decode("ascii"))
    if schema.get("format") in _FORMATS:
        return _FORMATS[schema["format"]]
    if "pattern" in schema:
        return st.from_regex(schema["pattern"])
    return st.text(min_size=schema.get("minLength", 0), max_size=max(schema.get("maxLength", 8), 0))


def _integer(schema: Schema, root: Schema, depth: int) -> st.SearchStrategy:
    low = schema.get("minimum", schema.get("exclusiveMinimum"))
    high = schema.get("maximum", schema.get("exclusiveMaximum"))
    return st.integers(
        None if low is None else int(low) - 1, None if high is None else int(high) + 1
    )


def _number(schema: Schema, root: Schema, depth: int) -> st.SearchStrategy:
    low = schema.get("minimum", schema.get("exclusiveMinimum"))
    high = schema.get("maximum", schema.get("exclusiveMaximum"))
    return st.floats(low, high, allow_nan=False, allow_infinity=False) | _integer(
        schema, root, depth
    )


def _array(schema: Schema, root: Schema, depth: int) -> st.SearchStrategy:
    if "prefixItems" in schema:
        return st.tuples(*(instances(s, root, depth) for s in schema["prefixItems"])).map(list)
    items = instances(schema["items"], root, depth) if "items" in schema else ANY_JSON
    low = schema.get("minItems", 0)
    high = low if depth >= _MAX_DEPTH else max(schema.get("maxItems", low + 3), low)
    unique = json.dumps if schema.get("uniqueItems") else None
    return st.lists(items, min_size=low, max_size=high, unique_by=unique)


def _object(schema: Schema, root: Schema, depth: int) -> st.SearchStrategy:
    properties: dict[str, Schema] = schema.get("properties", {})
    required = set(schema.get("required", []))
    fixed = st.fixed_dictionaries(
        {k: instances(v, root, depth + 1) for k, v in properties.items() if k in required},
        optional={
            k: instances(v, root, depth + 1) for k, v in properties.items() if k not in required
        },
    )
    extra = schema.get("additionalProperties", not properties)
    if extra is False or depth >= _MAX_DEPTH:
        return fixed
    values = ANY_JSON if extra is True else instances(extra, root, depth + 1)
    keys = st.text(max_size=5).filter(lambda k: k not in properties)
    more = st.dictionaries(keys, values, max_size=2)
    return st.tuples(fixed, more).map(lambda pair: {**pair[1], **pair[0]})


_BY_TYPE: dict[str, typing.Callable[[Schema, Schema, int], st.SearchStrategy]] = {
    "string": _string,
    "integer": _integer,
    "number": _number,
    "boolean": lambda s, r, d: st.booleans(),
    "null": lambda s, r, d: st.none(),
    "array": _array,
    "object": _object,
}
