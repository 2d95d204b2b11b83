"""Shared work of the schema dialects: results, notes moved into descriptions, small helpers.

A dialect rewrites a copy of the canonical JSON Schema. What it cannot express is never dropped
silently: ``Rewrite.note`` appends it to the description and records a note for a diagnostic.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field

from inspector.model import Json, JsonObject, with_description


@dataclass
class DialectResult:
    """A rewritten schema (None: the provider wants the key left out), whether it meets the
    dialect's strict rules, why not, and what moved into descriptions."""

    schema: JsonObject | None
    conforms: bool = True
    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


@dataclass
class Rewrite:
    """Bookkeeping while a dialect walks a schema."""

    result: DialectResult

    def note(self, schema: JsonObject, path: str, text: str) -> None:
        """Append ``(text)`` to the node's description and record it."""
        description = schema.get("description")
        if isinstance(description, str) and description:
            schema["description"] = f"{description} ({text})"
        else:
            ordered = with_description(schema, f"({text})")
            schema.clear()
            schema.update(ordered)
        self.result.notes.append(f"{path or 'arguments'} ({text})")

    def move(self, schema: JsonObject, path: str, keys: tuple[str, ...]) -> None:
        """Move each present keyword into the description (a null default says nothing new)."""
        for key in keys:
            if key not in schema:
                continue
            value = schema.pop(key)
            if not (key == "default" and value is None):
                self.note(schema, path, constraint_text(key, value))

    def keep_only(self, schema: JsonObject, path: str, kept: frozenset[str]) -> None:
        """``move`` every keyword the dialect does not keep."""
        if not schema.keys() <= kept:
            self.move(schema, path, tuple(k for k in schema if k not in kept))

    def fail(self, path: str, text: str) -> None:
        """Record why the schema does not meet the dialect's strict rules."""
        self.result.conforms = False
        self.result.problems.append(f"{where(path)} {text}")


def where(path: str) -> str:
    """How a diagnostic names a place in the arguments."""
    return f"parameter {path!r}" if path else "the arguments object"


def child_path(path: str, name: str) -> str:
    """The path of a property below ``path``."""
    return f"{path}.{name}" if path else name


_COUNTED = {
    "minLength": ("at least", "character", ""),
    "maxLength": ("at most", "character", ""),
    "minItems": ("at least", "item", ""),
    "maxItems": ("at most", "item", ""),
    "minProperties": ("at least", "entry", "entries"),
    "maxProperties": ("at most", "entry", "entries"),
}
_VALUED = {
    "minimum": "at least",
    "maximum": "at most",
    "exclusiveMinimum": "greater than",
    "exclusiveMaximum": "less than",
    "multipleOf": "a multiple of",
    "pattern": "matching the pattern",
    "default": "default:",
    "additionalProperties": "values:",
    "propertyNames": "keys:",
}


def constraint_text(key: str, value: Json) -> str:
    """A keyword and its value in words, for a description (only that one text is made)."""
    counted = _COUNTED.get(key)
    if counted is not None:
        bound, noun, plural = counted
        return f"{bound} {count(value, noun, plural)}"
    if key in _VALUED:
        return f"{_VALUED[key]} {_text(value)}"
    if key == "uniqueItems":
        return "items must be unique"
    if key == "contentEncoding":
        return f"{value}-encoded"
    if key == "format":
        return f"format: {value}"
    return f"{key}: {_text(value)}"


_text = json.JSONEncoder(ensure_ascii=False).encode
"""``json.dumps(value, ensure_ascii=False)``, without building an encoder per call."""


def count(value: Json, noun: str, plural: str = "") -> str:
    """``1 item``, ``3 items``."""
    return f"{value} {noun if value == 1 else plural or noun + 's'}"


def types_of(schema: JsonObject) -> list[str]:
    """The type names of a node (a single ``type`` or a list)."""
    declared = schema.get("type")
    if isinstance(declared, list):
        return [d for d in declared if isinstance(d, str)]
    return [declared] if isinstance(declared, str) else []


def objects(value: Json) -> list[JsonObject]:
    """The object members of a JSON list (anything else: none)."""
    return [v for v in value if isinstance(v, dict)] if isinstance(value, list) else []


def items_of(value: Json) -> list[Json]:
    """A JSON array's items (anything else: none)."""
    return value if isinstance(value, list) else []


def object_values(value: Json) -> dict[str, JsonObject]:
    """The object-valued entries of a JSON object (anything else: none)."""
    if not isinstance(value, dict):
        return {}
    return {k: v for k, v in value.items() if isinstance(v, dict)}


def ref_name(reference: Json) -> str | None:
    """``#/$defs/Name`` → ``Name``."""
    if isinstance(reference, str) and reference.startswith(("#/$defs/", "#/definitions/")):
        return reference.rpartition("/")[2]
    return None


SUB_SCHEMA_KEYS = frozenset(
    {"items", "additionalProperties", "properties", "prefixItems", "anyOf", "oneOf", "allOf"}
)
"""The keywords whose values hold sub-schemas (``$defs`` aside)."""


def sub_schemas(schema: JsonObject) -> list[JsonObject]:
    """The direct sub-schemas of a node (not ``$defs``). A list, built without generators:
    every strict render walks every node with it."""
    if SUB_SCHEMA_KEYS.isdisjoint(schema):
        return []  # a leaf, as most nodes are
    found = [v for k in ("items", "additionalProperties") if isinstance(v := schema.get(k), dict)]
    properties = schema.get("properties")
    if isinstance(properties, dict):
        found += [v for v in properties.values() if isinstance(v, dict)]
    for key in ("prefixItems", "anyOf", "oneOf", "allOf"):
        value = schema.get(key)
        if isinstance(value, list):
            found += [v for v in value if isinstance(v, dict)]
    return found


def references(schema: JsonObject) -> Iterator[str]:
    """Every definition name referenced anywhere below a node (not inside ``$defs``)."""
    stack = [schema]
    while stack:
        node = stack.pop()
        name = ref_name(node.get("$ref"))
        if name:
            yield name
        stack.extend(sub_schemas(node))


def recursive_definitions(definitions: dict[str, JsonObject]) -> set[str]:
    """Definitions that reach themselves through references."""
    edges = {name: set(references(d)) for name, d in definitions.items()}
    recursive = set()
    for start, targets in edges.items():
        seen: set[str] = set()
        stack = list(targets)
        while stack:
            name = stack.pop()
            if name == start:
                recursive.add(start)
                break
            if name not in seen:
                seen.add(name)
                stack.extend(edges.get(name, ()))
    return recursive


def used_definitions(schema: JsonObject, definitions: dict[str, JsonObject]) -> dict[str, Json]:
    """The definitions a schema needs, directly or through other definitions, in their order."""
    needed: set[str] = set()
    stack = list(references(schema))
    while stack:
        name = stack.pop()
        if name not in needed and name in definitions:
            needed.add(name)
            stack.extend(references(definitions[name]))
    return {name: d for name, d in definitions.items() if name in needed}


def nullable(schema: JsonObject) -> JsonObject:
    """The node letting ``null`` through too, in the form it already has: a new dict when that
    changes anything (the node itself is never changed)."""
    declared = schema.get("type")
    if isinstance(declared, str):
        if declared != "null":
            schema = {**schema, "type": [declared, "null"]}
    elif isinstance(declared, list):
        if "null" not in declared:
            schema = {**schema, "type": [*declared, "null"]}
    elif "anyOf" in schema:
        options = objects(schema["anyOf"])
        if {"type": "null"} not in options:
            return {**schema, "anyOf": [*options, {"type": "null"}]}
        return schema
    elif "$ref" in schema:
        rest = {k: v for k, v in schema.items() if k != "$ref"}
        return {"anyOf": [{"$ref": schema["$ref"]}, {"type": "null"}], **rest}
    enum = schema.get("enum")
    if isinstance(enum, list) and None not in enum:
        schema = {**schema, "enum": [*enum, None]}
    return schema


def tuple_as_items(schema: JsonObject, path: str, rewrite: Rewrite) -> None:
    """Replace ``prefixItems`` by ``items`` (one type, or ``anyOf`` of the distinct ones), and
    its exact length by a note naming the position types."""
    prefix = objects(schema.pop("prefixItems"))
    for key in ("minItems", "maxItems"):
        if schema.get(key) == len(prefix):
            del schema[key]
    distinct: list[JsonObject] = []
    for item in prefix:
        if item not in distinct:
            distinct.append(item)
    if distinct:
        schema["items"] = distinct[0] if len(distinct) == 1 else {"anyOf": list[Json](distinct)}
    kinds = ", ".join(" or ".join(types_of(p)) or "any" for p in prefix)
    rewrite.note(schema, path, f"exactly {count(len(prefix), 'item')}, in order: {kinds}")
