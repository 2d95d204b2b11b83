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


def constraint_text(key: str, value: Json) -> str:
    """A keyword and its value in words, for a description."""
    texts = {
        "minLength": f"at least {count(value, 'character')}",
        "maxLength": f"at most {count(value, 'character')}",
        "minItems": f"at least {count(value, 'item')}",
        "maxItems": f"at most {count(value, 'item')}",
        "minProperties": f"at least {count(value, 'entry', 'entries')}",
        "maxProperties": f"at most {count(value, 'entry', 'entries')}",
        "minimum": f"at least {_text(value)}",
        "maximum": f"at most {_text(value)}",
        "exclusiveMinimum": f"greater than {_text(value)}",
        "exclusiveMaximum": f"less than {_text(value)}",
        "multipleOf": f"a multiple of {_text(value)}",
        "uniqueItems": "items must be unique",
        "contentEncoding": f"{value}-encoded",
        "pattern": f"matching the pattern {_text(value)}",
        "format": f"format: {value}",
        "default": f"default: {_text(value)}",
        "additionalProperties": f"values: {_text(value)}",
        "propertyNames": f"keys: {_text(value)}",
    }
    return texts.get(key, f"{key}: {_text(value)}")


def _text(value: Json) -> str:
    return json.dumps(value, ensure_ascii=False)


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


def sub_schemas(schema: JsonObject) -> list[JsonObject]:
    """The direct sub-schemas of a node (not ``$defs``). A list, built without generators:
    every strict render walks every node with it."""
    found = [v for k in ("items", "additionalProperties") if isinstance(v := schema.get(k), dict)]
    properties = schema.get("properties")
    if isinstance(properties, dict):
        found += [v for v in properties.values() if isinstance(v, dict)]
    for key in ("prefixItems", "anyOf", "oneOf", "allOf"):
        value = schema.get(key)
        if isinstance(value, list):
            found += [v for v in value if isinstance(v, dict)]
    return found


def all_nodes(schema: JsonObject) -> Iterator[JsonObject]:
    """Every node of a schema and of its ``$defs``, iteratively (no depth limit)."""
    stack = [schema, *object_values(schema.get("$defs")).values()]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(sub_schemas(node))


def nesting_depth(schema: JsonObject) -> int:
    """How many object levels the deepest path goes through (``$ref``s not followed)."""
    deepest = 0
    stack = [(schema, 0)]
    while stack:
        node, above = stack.pop()
        level = above + (1 if "properties" in node else 0)
        deepest = max(deepest, level)
        stack.extend((child, level) for child in sub_schemas(node))
    return deepest


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


def make_nullable(schema: JsonObject) -> None:
    """Let ``null`` through, in the form the node already has."""
    declared = schema.get("type")
    if isinstance(declared, str):
        if declared != "null":
            schema["type"] = [declared, "null"]
    elif isinstance(declared, list):
        if "null" not in declared:
            declared.append("null")
    elif "anyOf" in schema:
        options = objects(schema["anyOf"])
        if {"type": "null"} not in options:
            schema["anyOf"] = [*options, {"type": "null"}]
        return
    elif "$ref" in schema:
        reference = schema.pop("$ref")
        rebuilt: JsonObject = {"anyOf": [{"$ref": reference}, {"type": "null"}], **schema}
        schema.clear()
        schema.update(rebuilt)
        return
    enum = schema.get("enum")
    if isinstance(enum, list) and None not in enum:
        enum.append(None)


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
