"""Strict tool schemas: OpenAI Structured Outputs and Anthropic strict tool use.

Both want every object closed (``additionalProperties: false``) and only the keywords they
support. OpenAI also wants every property required, so an optional parameter becomes required
and nullable; Anthropic keeps optional parameters optional but allows no recursion.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass

from inspector.model import Json, JsonObject, ToolDescriptor
from inspector.providers.schema_walk import (
    DialectResult,
    Rewrite,
    all_nodes,
    child_path,
    constraint_text,
    items_of,
    make_nullable,
    nesting_depth,
    object_values,
    objects,
    recursive_definitions,
    ref_name,
    tuple_as_items,
    types_of,
)

_STRUCTURE = frozenset(
    {
        "type",
        "enum",
        "const",
        "anyOf",
        "$ref",
        "$defs",
        "properties",
        "required",
        "additionalProperties",
        "items",
        "prefixItems",
        "description",
        "title",
        "format",
    }
)


@dataclass(frozen=True)
class StrictProfile:
    """What one provider's strict mode accepts."""

    provider: str
    keywords: frozenset[str]
    formats: frozenset[str]
    optional_becomes_nullable: bool
    allows_recursion: bool
    max_min_items: int | None = None
    max_nesting: int | None = None
    max_enum_values: int | None = None
    max_properties: int | None = None


def strict_parameters(tool: ToolDescriptor, profile: StrictProfile) -> DialectResult:
    """The tool's parameters in the profile's strict subset; ``conforms`` is False (with the
    reasons in ``problems``) when a part cannot be expressed strictly."""
    schema = tool.parameters_schema()
    result = DialectResult(schema)
    definitions = object_values(schema.get("$defs"))
    walker = _Strictifier(Rewrite(result), profile, definitions)
    if not profile.allows_recursion:
        for name in sorted(recursive_definitions(definitions)):
            walker.rewrite.fail(
                "",
                f"uses the recursive type {name}; {profile.provider} strict mode allows no "
                "recursion",
            )
    walker.node(schema, "")
    for name, definition in definitions.items():
        walker.node(definition, f"$defs.{name}")
    _check_limits(schema, profile, walker.rewrite)
    return result


def _check_limits(schema: JsonObject, profile: StrictProfile, rewrite: Rewrite) -> None:
    """The per-schema size limits of a strict mode: a schema past them is not strict."""
    nodes = list(all_nodes(schema))
    found = {
        "levels of nesting": (nesting_depth(schema), profile.max_nesting),
        "enum values": (sum(len(items_of(n.get("enum"))) for n in nodes), profile.max_enum_values),
        "object properties": (
            sum(len(object_values(n.get("properties"))) for n in nodes),
            profile.max_properties,
        ),
    }
    for what, (count, limit) in found.items():
        if limit is not None and count > limit:
            rewrite.fail("", f"has {count} {what}; {profile.provider} strict mode allows {limit}")


@dataclass
class _Strictifier:
    rewrite: Rewrite
    profile: StrictProfile
    definitions: dict[str, JsonObject]

    def node(self, schema: JsonObject, path: str) -> None:
        name = ref_name(schema.get("$ref"))
        if name and len(schema) > 1 and name in self.definitions:
            self._inline(schema, name)
        if not any(k in schema for k in ("type", "enum", "anyOf", "$ref", "const")):
            self.rewrite.fail(path, "accepts any value; strict mode needs a type")
        if "prefixItems" in schema:
            tuple_as_items(schema, path, self.rewrite)
        self._move_unsupported(schema, path)
        kinds_here = types_of(schema)
        if "object" in kinds_here or "properties" in schema:
            self._object(schema, path)
        elif "array" in kinds_here and "items" not in schema:
            self.rewrite.fail(path, "is a list of any values; strict mode needs an item type")
        items = schema.get("items")
        if isinstance(items, dict):
            self.node(items, f"{path}[]")
        for option in objects(schema.get("anyOf")):
            self.node(option, path)

    def _object(self, schema: JsonObject, path: str) -> None:
        extra = schema.get("additionalProperties")
        if "properties" not in schema or (extra is not None and extra is not False):
            self.rewrite.fail(
                path, "is a free-form mapping (dict); strict mode needs fixed properties"
            )
            return
        properties = object_values(schema["properties"])
        required = schema.get("required")
        required_names = set(required) if isinstance(required, list) else set()
        for name, prop in properties.items():
            if self.profile.optional_becomes_nullable and name not in required_names:
                make_nullable(prop)
            self.node(prop, child_path(path, name))
        if self.profile.optional_becomes_nullable:
            schema["required"] = list[Json](properties)
        schema["additionalProperties"] = False

    def _move_unsupported(self, schema: JsonObject, path: str) -> None:
        for key in list(schema):
            if key not in _STRUCTURE and key not in self.profile.keywords:
                value = schema.pop(key)
                if not (key == "default" and value is None):  # null already means "the default"
                    self.rewrite.note(schema, path, constraint_text(key, value))
        fmt = schema.get("format")
        if isinstance(fmt, str) and fmt not in self.profile.formats:
            del schema["format"]
            self.rewrite.note(schema, path, constraint_text("format", fmt))
        limit = self.profile.max_min_items
        min_items = schema.get("minItems")
        if limit is not None and isinstance(min_items, int) and min_items > limit:
            del schema["minItems"]
            self.rewrite.note(schema, path, constraint_text("minItems", min_items))

    def _inline(self, schema: JsonObject, name: str) -> None:
        """A ``$ref`` with sibling keywords becomes a copy of its definition."""
        del schema["$ref"]
        siblings = dict(schema)
        schema.clear()
        schema.update(copy.deepcopy(self.definitions[name]))
        schema.update(siblings)
