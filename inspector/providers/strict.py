"""Strict tool schemas: OpenAI Structured Outputs and Anthropic strict tool use.

Both want every object closed (``additionalProperties: false``) and only the keywords they
support. OpenAI also wants every property required, so an optional parameter becomes required
and nullable; Anthropic keeps optional parameters optional but allows no recursion.

The canonical schema is read, never changed: each node the walk visits is a new dict (what it
leaves alone is shared with the input), and the walk counts what the size limits measure as it
goes, so a tool is walked once.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from inspector.model import Json, JsonObject, ToolDescriptor
from inspector.providers.schema_walk import (
    DialectResult,
    Rewrite,
    constraint_text,
    items_of,
    nullable,
    object_values,
    objects,
    recursive_definitions,
    ref_name,
    sub_schemas,
    tuple_as_items,
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
_TYPED = frozenset({"type", "enum", "anyOf", "$ref", "const"})
_KEPT_AS_IS = frozenset({"oneOf", "allOf"})
"""Sub-schema keywords the walk does not rewrite; a profile may keep them."""


@dataclass(frozen=True, slots=True)
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
    kept: frozenset[str] = field(init=False, repr=False, compare=False)
    """Every keyword a strict node keeps (the structure and ``keywords``); the others move into
    its description."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "kept", _STRUCTURE | self.keywords)


def strict_parameters(tool: ToolDescriptor, profile: StrictProfile) -> DialectResult:
    """The tool's parameters in the profile's strict subset; ``conforms`` is False (with the
    reasons in ``problems``) when a part cannot be expressed strictly."""
    return strict_schema(tool.parameters_schema(), profile)


def strict_schema(canonical: JsonObject, profile: StrictProfile) -> DialectResult:
    """A canonical parameters schema in the profile's strict subset, as ``strict_parameters``.

    The canonical schema is only read (every node the walk visits is copied), so a caller may
    still render it as it is when the strict form does not conform.
    """
    result = DialectResult(canonical)
    all_definitions = canonical.get("$defs")
    definitions = object_values(all_definitions)
    walker = _Strictifier(Rewrite(result), profile, definitions)
    if definitions and not profile.allows_recursion:
        for name in sorted(recursive_definitions(definitions)):
            walker.rewrite.fail(
                "",
                f"uses the recursive type {name}; {profile.provider} strict mode allows no "
                "recursion",
            )
    schema = walker.node(canonical, "", 0)
    nesting = walker.deepest  # of the arguments' own tree: definitions are not nested in it
    if definitions and isinstance(all_definitions, dict):
        schema["$defs"] = {
            name: walker.definition(name, d) if isinstance(d, dict) else d
            for name, d in all_definitions.items()
        }
    result.schema = schema
    _check_limits(walker, nesting, profile)
    return result


def _check_limits(walker: _Strictifier, nesting: int, profile: StrictProfile) -> None:
    """The per-schema size limits of a strict mode: a schema past them is not strict."""
    found = (
        ("levels of nesting", nesting, profile.max_nesting),
        ("enum values", walker.enum_values, profile.max_enum_values),
        ("object properties", walker.properties, profile.max_properties),
    )
    for what, used, limit in found:
        if limit is not None and used > limit:
            walker.rewrite.fail(
                "", f"has {used} {what}; {profile.provider} strict mode allows {limit}"
            )


_SCALAR_KEYS = frozenset({"type", "description", "title", "enum"})
"""A node of only these keys, and of a type that is no object or array, is strict as it is."""
_CONTAINERS = ("object", "array")


def _is_scalar(declared: Json) -> bool:
    """Whether a ``type`` is given and names no object or array."""
    if isinstance(declared, str):
        return declared not in _CONTAINERS
    return isinstance(declared, list) and "object" not in declared and "array" not in declared


@dataclass(slots=True)
class _Strictifier:
    rewrite: Rewrite
    profile: StrictProfile
    definitions: dict[str, JsonObject]
    enum_values: int = 0
    properties: int = 0
    deepest: int = 0
    """What the size limits count in the rewritten schema: enum values and object properties
    of every node, and the most object levels on one path."""
    open: set[str] = field(default_factory=set)
    """The definitions being inlined or rewritten: a reference to one of them inside itself
    stays a reference (inlining it again would never end)."""

    def node(self, source: JsonObject, path: str, above: int) -> JsonObject:
        """The strict form of one node, as a new dict; ``above``: object levels above it."""
        if source.keys() <= _SCALAR_KEYS and _is_scalar(source.get("type")):
            enum = source.get("enum")  # nothing to change: the fast way
            if isinstance(enum, list):
                self.enum_values += len(enum)
            return dict(source)
        schema = dict(source)
        inlined = None
        if "$ref" in schema and len(schema) > 1:
            inlined = ref_name(schema["$ref"])
            if inlined in self.definitions and inlined not in self.open:
                del schema["$ref"]  # with siblings: the definition's copy plus the siblings
                schema = {**self.definitions[inlined], **schema}
                self.open.add(inlined)
            else:
                inlined = None
        if _TYPED.isdisjoint(schema):
            self.rewrite.fail(path, "accepts any value; strict mode needs a type")
        if "prefixItems" in schema:
            tuple_as_items(schema, path, self.rewrite, self.profile.kept)
        self.rewrite.keep_only(schema, path, self.profile.kept)
        if "format" in schema or "minItems" in schema:
            self._check_format(schema, path)
        declared = schema.get("type")
        level = above
        if "properties" in schema:
            level += 1
            self.deepest = max(self.deepest, level)
            self._object(schema, path, level)
        elif declared == "object" or (isinstance(declared, list) and "object" in declared):
            self._object(schema, path, level)
        elif (declared == "array" or (isinstance(declared, list) and "array" in declared)) and (
            "items" not in schema
        ):
            self.rewrite.fail(path, "is a list of any values; strict mode needs an item type")
        items = schema.get("items")
        if isinstance(items, dict):
            schema["items"] = self.node(items, f"{path}[]", level)
        options = schema.get("anyOf")
        if isinstance(options, list):
            schema["anyOf"] = [
                self.node(o, path, level) if isinstance(o, dict) else o for o in options
            ]
        enum = schema.get("enum")
        if isinstance(enum, list):
            self.enum_values += len(enum)
        extra = schema.get("additionalProperties")
        if isinstance(extra, dict):  # a mapping's value type: left as it is, but counted
            self._count(extra, level)
        if not _KEPT_AS_IS.isdisjoint(schema):
            for option in objects(schema.get("oneOf")) + objects(schema.get("allOf")):
                self._count(option, level)
        if inlined is not None:
            self.open.discard(inlined)
        return schema

    def definition(self, name: str, source: JsonObject) -> JsonObject:
        """The strict form of a definition; definitions after it inline that form."""
        self.open.add(name)
        rewritten = self.node(source, f"$defs.{name}", 0)
        self.open.discard(name)
        self.definitions[name] = rewritten
        return rewritten

    def _object(self, schema: JsonObject, path: str, level: int) -> None:
        extra = schema.get("additionalProperties")
        properties = schema.get("properties")
        if "properties" not in schema or (extra is not None and extra is not False):
            self.rewrite.fail(
                path, "is a free-form mapping (dict); strict mode needs fixed properties"
            )
            for left in object_values(properties).values():  # left as they are, but counted
                self.properties += 1
                self._count(left, level)
            return
        required = schema.get("required")
        required_names = set(required) if isinstance(required, list) else set()
        becomes_nullable = self.profile.optional_becomes_nullable
        names: list[Json] = []
        if isinstance(properties, dict):
            rewritten: JsonObject = {}
            for name, prop in properties.items():
                if isinstance(prop, dict):
                    optional = becomes_nullable and name not in required_names
                    child = f"{path}.{name}" if path else name
                    rewritten[name] = self.node(nullable(prop) if optional else prop, child, level)
                    names.append(name)
                else:
                    rewritten[name] = prop
            schema["properties"] = rewritten
            self.properties += len(names)
        if becomes_nullable:
            schema["required"] = names
        schema["additionalProperties"] = False

    def _check_format(self, schema: JsonObject, path: str) -> None:
        fmt = schema.get("format")
        if isinstance(fmt, str) and fmt not in self.profile.formats:
            del schema["format"]
            self.rewrite.note(schema, path, constraint_text("format", fmt))
        limit = self.profile.max_min_items
        min_items = schema.get("minItems")
        if limit is not None and isinstance(min_items, int) and min_items > limit:
            del schema["minItems"]
            self.rewrite.note(schema, path, constraint_text("minItems", min_items))

    def _count(self, schema: JsonObject, above: int) -> None:
        """Count a sub-schema the walk leaves as it is, with everything below it."""
        stack = [(schema, above)]
        while stack:
            node, above = stack.pop()
            level = above + 1 if "properties" in node else above
            self.deepest = max(self.deepest, level)
            self.enum_values += len(items_of(node.get("enum")))
            self.properties += len(object_values(node.get("properties")))
            stack.extend((child, level) for child in sub_schemas(node))
