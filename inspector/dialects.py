"""Schema dialects: the canonical JSON Schema rewritten for what a provider accepts.

What a dialect cannot express is never dropped silently: it moves into the description and
becomes a note the caller reports.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field

from inspector.model import Json, JsonObject, ToolDescriptor, with_description

OPENAI_STRICT_FORMATS = frozenset(
    {"date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"}
)
_OPENAI_STRICT_DROPPED = (
    "minLength",
    "maxLength",
    "uniqueItems",
    "contentEncoding",
    "minProperties",
    "maxProperties",
    "propertyNames",
    "default",
)


@dataclass
class DialectResult:
    """A rewritten parameters schema, whether it meets the dialect, and what was moved."""

    schema: JsonObject
    conforms: bool = True
    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def canonical_parameters(tool: ToolDescriptor) -> JsonObject:
    """The canonical JSON Schema 2020-12 of a tool's arguments."""
    return tool.parameters_schema()


def openai_strict_parameters(tool: ToolDescriptor) -> DialectResult:
    """OpenAI Structured Outputs subset: closed objects, every property required (optional ones
    made nullable), only supported keywords; a free-form part means the tool cannot be strict."""
    schema = tool.parameters_schema()
    result = DialectResult(schema)
    definitions = schema.get("$defs")
    _Strictifier(result, definitions if isinstance(definitions, dict) else {}).node(schema, "")
    return result


@dataclass
class _Strictifier:
    result: DialectResult
    definitions: dict[str, Json]

    def node(self, schema: JsonObject, path: str) -> None:
        reference = schema.get("$ref")
        if isinstance(reference, str) and len(schema) > 1:
            self._inline(schema, reference)
        if not any(k in schema for k in ("type", "enum", "anyOf", "$ref", "const")):
            self.fail(path, "accepts any value; strict mode needs a type")
        self._move_unsupported(schema, path)
        if "object" in _types(schema) or "properties" in schema:
            self._object(schema, path)
        if "prefixItems" in schema:
            self._tuple(schema, path)
        elif "array" in _types(schema) and "items" not in schema:
            self.fail(path, "is a list of any values; strict mode needs an item type")
        for key in ("items",):
            child = schema.get(key)
            if isinstance(child, dict):
                self.node(child, f"{path}[]")
        for option in _list_of_objects(schema.get("anyOf")):
            self.node(option, path)
        for name, definition in (_dict_of_objects(schema.get("$defs"))).items():
            self.node(definition, f"$defs.{name}")

    def _object(self, schema: JsonObject, path: str) -> None:
        extra = schema.get("additionalProperties")
        if "properties" not in schema or (extra is not None and extra is not False):
            self.fail(path, "is a free-form mapping (dict); strict mode needs fixed properties")
            return
        properties = _dict_of_objects(schema["properties"])
        required = schema.get("required")
        required_names = set(required) if isinstance(required, list) else set()
        for name, prop in properties.items():
            child_path = f"{path}.{name}" if path else name
            if name not in required_names:
                _make_nullable(prop)
            self.node(prop, child_path)
        schema["required"] = list(properties)
        schema["additionalProperties"] = False

    def _tuple(self, schema: JsonObject, path: str) -> None:
        prefix = _list_of_objects(schema.pop("prefixItems"))
        kinds = [_type_label(p) for p in prefix]
        unique: list[JsonObject] = []
        for item in prefix:
            if item not in unique:
                unique.append(item)
        schema["items"] = unique[0] if len(unique) == 1 else {"anyOf": list[Json](unique)}
        self.note(schema, path, f"exactly {len(prefix)} items, in order: {', '.join(kinds)}")

    def _move_unsupported(self, schema: JsonObject, path: str) -> None:
        for key in _OPENAI_STRICT_DROPPED:
            if key not in schema:
                continue
            value = schema.pop(key)
            if not (key == "default" and value is None):  # null already means "the default"
                self.note(schema, path, _constraint_text(key, value))
        fmt = schema.get("format")
        if isinstance(fmt, str) and fmt not in OPENAI_STRICT_FORMATS:
            del schema["format"]
            self.note(schema, path, f"format: {fmt}")

    def _inline(self, schema: JsonObject, reference: str) -> None:
        """A ``$ref`` with sibling keywords is replaced by a copy of its definition."""
        definition = self.definitions.get(reference.rpartition("/")[2])
        if isinstance(definition, dict):
            del schema["$ref"]
            siblings = dict(schema)
            schema.clear()
            schema.update(copy.deepcopy(definition))
            schema.update(siblings)

    def note(self, schema: JsonObject, path: str, text: str) -> None:
        description = schema.get("description")
        if isinstance(description, str) and description:
            schema["description"] = f"{description} ({text})"
        else:
            ordered = with_description(schema, f"({text})")
            schema.clear()
            schema.update(ordered)
        self.result.notes.append(f"{path or 'arguments'} ({text})")

    def fail(self, path: str, text: str) -> None:
        self.result.conforms = False
        self.result.problems.append(f"{_where(path)} {text}")


def _types(schema: JsonObject) -> set[str]:
    declared = schema.get("type")
    if isinstance(declared, list):
        return {d for d in declared if isinstance(d, str)}
    return {declared} if isinstance(declared, str) else set()


def _where(path: str) -> str:
    return f"parameter {path!r}" if path else "the arguments object"


def _make_nullable(schema: JsonObject) -> None:
    """Let ``null`` through: OpenAI strict's way to keep a parameter optional."""
    declared = schema.get("type")
    if isinstance(declared, str):
        if declared != "null":
            schema["type"] = [declared, "null"]
    elif isinstance(declared, list):
        if "null" not in declared:
            declared.append("null")
    elif "anyOf" in schema:
        options = _list_of_objects(schema["anyOf"])
        if {"type": "null"} not in options:
            schema["anyOf"] = [*options, {"type": "null"}]
        return
    elif "$ref" in schema:
        reference = schema.pop("$ref")
        schema["anyOf"] = [{"$ref": reference}, {"type": "null"}]
        return
    enum = schema.get("enum")
    if isinstance(enum, list) and None not in enum:
        enum.append(None)


def _constraint_text(key: str, value: Json) -> str:
    texts = {
        "minLength": f"at least {_count(value, 'character')}",
        "maxLength": f"at most {_count(value, 'character')}",
        "uniqueItems": "items must be unique",
        "contentEncoding": f"{value}-encoded",
        "minProperties": f"at least {_count(value, 'entry', 'entries')}",
        "maxProperties": f"at most {_count(value, 'entry', 'entries')}",
        "default": f"default: {json.dumps(value, ensure_ascii=False)}",
    }
    return texts.get(key, f"{key}: {json.dumps(value, ensure_ascii=False)}")


def _count(value: Json, noun: str, plural: str = "") -> str:
    return f"{value} {noun if value == 1 else plural or noun + 's'}"


def _type_label(schema: JsonObject) -> str:
    declared = schema.get("type")
    if isinstance(declared, list):
        return " or ".join(str(d) for d in declared)
    return str(declared) if declared else "any"


def _list_of_objects(value: Json) -> list[JsonObject]:
    return [v for v in value if isinstance(v, dict)] if isinstance(value, list) else []


def _dict_of_objects(value: Json) -> dict[str, JsonObject]:
    if not isinstance(value, dict):
        return {}
    return {k: v for k, v in value.items() if isinstance(v, dict)}
