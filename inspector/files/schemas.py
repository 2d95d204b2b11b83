"""Read JSON Schema back into model types: the inverse of ``SchemaType.to_schema``."""

from __future__ import annotations

import sys
from collections.abc import Callable
from functools import partial

from inspector.diagnostics import InspectorError
from inspector.model import (
    MISSING,
    AnyOfType,
    AnyValueType,
    ArrayType,
    BooleanType,
    EnumType,
    Field,
    IntegerType,
    Json,
    JsonObject,
    Keywords,
    NullType,
    NumberType,
    ObjectType,
    RefType,
    SchemaType,
    StringType,
)

_STRUCTURAL = {
    "string": ("format",),
    "array": ("items", "prefixItems", "uniqueItems"),
    "object": ("properties", "required", "additionalProperties", "title"),
}
_SCALARS: dict[str, type[IntegerType | NumberType | BooleanType | NullType]] = {
    "integer": IntegerType,
    "number": NumberType,
    "boolean": BooleanType,
    "null": NullType,
}
_REF_PREFIXES = ("#/$defs/", "#/definitions/")


def parse_schema(schema: Json) -> SchemaType:
    """The model type of a JSON Schema object (``True`` and ``{}`` mean any value)."""
    if schema is True:
        return AnyValueType()
    if not isinstance(schema, dict):
        raise InspectorError(f"expected a JSON Schema object, got {schema!r}")
    for key in ("$defs", "definitions"):
        if not isinstance(schema.get(key, {}), dict):
            raise InspectorError(f"'{key}' must be an object")
    if "$ref" in schema:
        return _ref(schema)
    if "enum" in schema:
        return _enum(schema)
    if "const" in schema:
        return EnumType((schema["const"],), _rest(schema, ("const", "type")))
    for union_key in ("anyOf", "oneOf"):
        if union_key in schema:
            return _union(schema, union_key)
    declared = schema.get("type")
    if isinstance(declared, list):
        return _type_list(schema, declared)
    if isinstance(declared, str):
        return _single(schema, declared)
    return AnyValueType(_rest(schema, ()))


SharedTypes = dict[str, SchemaType]
"""Types already read, by their schema's text (``repr``): equal schemas read as one object (which a
reader that keeps no state per object, such as the stubs, can then cache by identity)."""


def parse_shared(schema: Json, shared: SharedTypes | None) -> SchemaType:
    """``parse_schema``, once per distinct schema when ``shared`` is given."""
    if shared is None:
        return parse_schema(schema)
    key = repr(schema)  # the same text only for equal JSON of the same types (1, 1.0, True)
    found = shared.get(key)
    if found is None:
        found = shared[key] = parse_schema(schema)
    return found


def parse_fields(
    schema: JsonObject,
    shared: SharedTypes | None = None,
    read: Callable[[JsonObject], SchemaType] | None = None,
) -> tuple[tuple[Field, ...], tuple[tuple[str, SchemaType], ...]]:
    """The fields of an object schema and its ``$defs``. Each field's type is read through
    ``shared`` when given, or by ``read`` (a field's schema less its description and default)
    when given."""
    properties = schema.get("properties") or {}
    if not isinstance(properties, dict):
        raise InspectorError("'properties' must be an object")
    required = schema.get("required") or []
    if read is None:
        read = partial(parse_shared, shared=shared)
    fields = tuple(
        _field(name, value, isinstance(required, list) and name in required, read)
        for name, value in properties.items()
    )
    definitions = schema.get("$defs") or schema.get("definitions") or {}
    if not isinstance(definitions, dict):
        raise InspectorError("'$defs' must be an object")
    return fields, tuple((name, parse_schema(value)) for name, value in definitions.items())


def _field(
    name: str, schema: Json, required: bool, read: Callable[[JsonObject], SchemaType]
) -> Field:
    if not isinstance(schema, dict):
        return Field(name, parse_schema(schema), required=required)
    rest = dict(schema)
    description = rest.pop("description", None)
    default = rest.pop("default", MISSING)
    return Field(
        name,
        read(rest),
        shared_text(description) if isinstance(description, str) else "",
        required,
        default,
    )


def shared_text(text: str) -> str:
    """One copy of a text that many tools repeat (descriptions, enum values): a large tools file
    read back holds each once."""
    return sys.intern(text)


def _rest(schema: JsonObject, used: tuple[str, ...]) -> Keywords:
    return tuple((k, v) for k, v in schema.items() if k not in used)


def _ref(schema: JsonObject) -> SchemaType:
    reference = schema["$ref"]
    for prefix in _REF_PREFIXES:
        if isinstance(reference, str) and reference.startswith(prefix):
            return RefType(reference.removeprefix(prefix), _rest(schema, ("$ref",)))
    raise InspectorError(f"only local references are supported, got $ref {reference!r}")


def _enum(schema: JsonObject) -> SchemaType:
    values = schema["enum"]
    if not isinstance(values, list):
        raise InspectorError("'enum' must be an array")
    shared = tuple(shared_text(v) if type(v) is str else v for v in values)
    return EnumType(shared, _rest(schema, ("enum", "type")))


def _union(schema: JsonObject, key: str) -> SchemaType:
    options = schema[key]
    if not isinstance(options, list):
        raise InspectorError(f"{key!r} must be an array")
    return AnyOfType(tuple(parse_schema(o) for o in options), _rest(schema, (key,)))


def _type_list(schema: JsonObject, declared: list[Json]) -> SchemaType:
    structural = {
        key for name in declared if isinstance(name, str) for key in _STRUCTURAL.get(name, ())
    }
    options: list[SchemaType] = []
    for name in declared:
        if not isinstance(name, str):
            raise InspectorError(f"'type' entries must be strings, got {name!r}")
        part: JsonObject = {k: v for k, v in schema.items() if k in _STRUCTURAL.get(name, ())}
        part["type"] = name
        options.append(_single(part, name))
    if len(options) == 1:
        return options[0]
    return AnyOfType(tuple(options), _rest(schema, ("type", *structural)))


def _single(schema: JsonObject, declared: str) -> SchemaType:
    if declared in _SCALARS:
        return _SCALARS[declared](_rest(schema, ("type",)))
    if declared == "string":
        fmt = schema.get("format")
        return StringType(fmt if isinstance(fmt, str) else None, _rest(schema, ("type", "format")))
    if declared == "array":
        return _array(schema)
    if declared == "object":
        return _object(schema)
    raise InspectorError(f"unknown JSON Schema type {declared!r}")


def _array(schema: JsonObject) -> SchemaType:
    used = ["type", "items", "prefixItems", "uniqueItems"]
    prefix_schemas = schema.get("prefixItems")
    prefix = None
    if isinstance(prefix_schemas, list):
        prefix = tuple(parse_schema(s) for s in prefix_schemas)
        if schema.get("minItems") == schema.get("maxItems") == len(prefix):
            used += ["minItems", "maxItems"]
    items = schema.get("items")
    if prefix is None and items is None and schema.get("maxItems") == 0:
        prefix, used = (), [*used, "maxItems"]  # the empty tuple
    return ArrayType(
        items=parse_schema(items) if items is not None and items is not False else None,
        prefix=prefix,
        unique=schema.get("uniqueItems") is True,
        keywords=_rest(schema, tuple(used)),
    )


def _object(schema: JsonObject) -> SchemaType:
    fields, _ = parse_fields(schema)
    extra = schema.get("additionalProperties")
    additional: SchemaType | bool | None
    if isinstance(extra, bool):
        additional = extra
    elif extra is None:
        additional = None if "properties" in schema else AnyValueType()
    else:
        additional = parse_schema(extra)
    title = schema.get("title")
    return ObjectType(
        fields,
        additional,
        title if isinstance(title, str) else None,
        _rest(schema, ("type", *_STRUCTURAL["object"])),
    )
