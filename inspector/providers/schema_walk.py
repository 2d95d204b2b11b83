"""Shared work of the schema dialects: results, notes moved into descriptions, small helpers.

A dialect rewrites a copy of the canonical JSON Schema. What it cannot express is never dropped
silently: ``Rewrite.note`` appends it to the description and records a note for a diagnostic.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from inspector.diagnostics import clipped, shown
from inspector.model import Json, JsonObject, with_description

BRIEF = 80
"""How many characters a note keeps in a diagnostic (its description keeps it whole)."""


@dataclass(frozen=True, slots=True)
class Note:
    """What a dialect moved into one description.

    Attributes:
        path: The place in the arguments: ``box``, ``point.y``, ``points[]`` (the items),
            ``$defs.Name``; "" for the arguments object.
        text: What the description gained, whole (it is written in parentheses).
        brief: The same for a diagnostic, its values shortened (at most ``BRIEF`` characters).
    """

    path: str
    text: str
    brief: str

    def __str__(self) -> str:
        return f"{self.path or 'arguments'} ({self.brief})"


@dataclass
class DialectResult:
    """A rewritten schema (None: the provider wants the key left out), whether it meets the
    dialect's strict rules, why not, and what moved into descriptions: a ``Note`` each (a
    user's dialect may give plain text, which a diagnostic shows shortened)."""

    schema: JsonObject | None
    conforms: bool = True
    problems: list[str] = field(default_factory=list)
    notes: list[Note | str] = field(default_factory=list)


@dataclass
class Rewrite:
    """Bookkeeping while a dialect walks a schema."""

    result: DialectResult

    def note(self, schema: JsonObject, path: str, text: str, brief: str | None = None) -> None:
        """Append ``(text)`` to the node's description and record it; ``brief``: the text a
        diagnostic shows (by default ``text``, cut to ``BRIEF`` characters)."""
        description = schema.get("description")
        if isinstance(description, str) and description:
            schema["description"] = f"{description} ({text})"
        else:
            ordered = with_description(schema, f"({text})")
            schema.clear()
            schema.update(ordered)
        self.result.notes.append(Note(path, text, clipped(brief or text, BRIEF)))

    def note_schema(self, schema: JsonObject, path: str, phrase: str, value: Json) -> None:
        """``note`` a phrase and a schema (or any JSON value): compact and whole for the
        description, its keywords with shortened values for a diagnostic."""
        brief = shown(value, BRIEF - len(phrase) - 1)
        self.note(schema, path, f"{phrase} {compact_json(value)}", f"{phrase} {brief}")

    def mark(self) -> int:
        """Where the notes stand, for ``forget``."""
        return len(self.result.notes)

    def forget(self, mark: int) -> None:
        """Drop the notes recorded since ``mark``: they were written into a part of the schema
        that was then left out, so no description holds them."""
        del self.result.notes[mark:]

    def move(self, schema: JsonObject, path: str, keys: tuple[str, ...]) -> None:
        """Move each present keyword into the description (a null default says nothing new)."""
        for key in keys:
            if key not in schema:
                continue
            value = schema.pop(key)
            if not (key == "default" and value is None):
                self.note(
                    schema, path, constraint_text(key, value), constraint_text(key, value, shown)
                )

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


def constraint_text(key: str, value: Json, show: Callable[[Json], str] | None = None) -> str:
    """A keyword and its value in words: for a description, the value whole; ``show``: how
    to write values instead (``shown``, for a diagnostic)."""
    show = show or _text
    counted = _COUNTED.get(key)
    if counted is not None and isinstance(value, int):
        bound, noun, plural = counted
        return f"{bound} {count(value, noun, plural)}"
    if key in _VALUED:
        return f"{_VALUED[key]} {show(value)}"
    if key == "uniqueItems" and value is True:
        return "items must be unique"
    if key == "contentEncoding" and isinstance(value, str):
        return f"{value}-encoded"
    if key == "format" and isinstance(value, str):
        return f"format: {value}"
    return f"{key}: {show(value)}"


_text = json.JSONEncoder(ensure_ascii=False).encode
"""``json.dumps(value, ensure_ascii=False)``, without building an encoder per call."""
compact_json = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
"""The same without spaces: schemas written into descriptions, sizes of tool entries."""


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


def tuple_as_items(schema: JsonObject, path: str, rewrite: Rewrite, kept: frozenset[str]) -> None:
    """Replace ``prefixItems`` by ``items`` (one type, or ``anyOf`` of the distinct ones). A
    dialect that ``kept`` ``minItems`` and ``maxItems`` states the tuple's length with them;
    for any other an exact length becomes a note. The position types are noted when they
    differ."""
    prefix = objects(schema.pop("prefixItems"))
    exact = schema.get("minItems") == schema.get("maxItems") == len(prefix)
    says_length = exact and not {"minItems", "maxItems"} <= kept
    if says_length:
        del schema["minItems"], schema["maxItems"]
    distinct: list[JsonObject] = []
    for item in prefix:
        if item not in distinct:
            distinct.append(item)
    if distinct:
        schema["items"] = distinct[0] if len(distinct) == 1 else {"anyOf": list[Json](distinct)}
    parts = [f"exactly {count(len(prefix), 'item')}"] if says_length else []
    if len(distinct) > 1:
        parts.append("in order: " + ", ".join(kind_of(p) for p in prefix))
    if parts:
        rewrite.note(schema, path, ", ".join(parts))


def kind_of(schema: JsonObject) -> str:
    """A schema's kind in a word or a few, for a note: ``integer``, ``string or null``, a
    definition's name, ``any``."""
    kinds = types_of(schema)
    title = schema.get("title")
    if kinds == ["object"] and isinstance(title, str) and title:
        return title
    if kinds:
        return " or ".join(kinds)
    name = ref_name(schema.get("$ref"))
    if name is not None:
        return name
    options = objects(schema.get("anyOf"))
    if options:
        return " or ".join(kind_of(o) for o in options)
    return "any"
