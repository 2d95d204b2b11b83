"""The provider-neutral model: tools, their parameters and a tagged union of parameter types.

Every type node turns itself into canonical JSON Schema 2020-12 with ``to_schema()``;
``schema_parser.parse_schema`` reads that form back.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TypeAlias

Json: TypeAlias = bool | int | float | str | list["Json"] | dict[str, "Json"] | None
JsonObject: TypeAlias = dict[str, Json]
Keywords: TypeAlias = tuple[tuple[str, Json], ...]
"""Extra JSON Schema keywords of a node (description, constraints, ...), in output order."""


LEADING_KEYS = ("$ref", "type", "title", "format", "enum")
"""The keys a description is placed after (``with_description``), in their order."""
LEADING_SET = frozenset(LEADING_KEYS)


def with_description(schema: JsonObject, description: str) -> JsonObject:
    """The schema with ``description`` placed after its type keys, before any structure."""
    result: JsonObject = {k: schema[k] for k in LEADING_KEYS if k in schema}
    result["description"] = description
    result.update((k, v) for k, v in schema.items() if k not in result)
    return result


def _described(schema: JsonObject, description: str) -> JsonObject:
    """``with_description``, the schema itself given the description where there is nothing to
    place it before."""
    if schema.keys() <= LEADING_SET:
        schema["description"] = description
        return schema
    return with_description(schema, description)


def _with_keywords(schema: JsonObject, keywords: Keywords) -> JsonObject:
    for key, value in keywords:
        if key == "description" and isinstance(value, str):
            schema = with_description(schema, value)
        else:
            schema[key] = value
    return schema


@dataclass(frozen=True, slots=True)
class StringType:
    """``str`` and everything sent as text (dates, UUIDs, paths, base64 bytes)."""

    format: str | None = None
    keywords: Keywords = ()

    def to_schema(self) -> JsonObject:
        schema: JsonObject = {"type": "string"}
        if self.format:
            schema["format"] = self.format
        return _with_keywords(schema, self.keywords)


@dataclass(frozen=True, slots=True)
class IntegerType:
    """``int``."""

    keywords: Keywords = ()

    def to_schema(self) -> JsonObject:
        return _with_keywords({"type": "integer"}, self.keywords)


@dataclass(frozen=True, slots=True)
class NumberType:
    """``float`` (and ``Decimal`` as part of a union with string)."""

    keywords: Keywords = ()

    def to_schema(self) -> JsonObject:
        return _with_keywords({"type": "number"}, self.keywords)


@dataclass(frozen=True, slots=True)
class BooleanType:
    """``bool``."""

    keywords: Keywords = ()

    def to_schema(self) -> JsonObject:
        return _with_keywords({"type": "boolean"}, self.keywords)


@dataclass(frozen=True, slots=True)
class NullType:
    """``None``."""

    keywords: Keywords = ()

    def to_schema(self) -> JsonObject:
        return _with_keywords({"type": "null"}, self.keywords)


def json_type_name(value: Json) -> str:
    """The JSON Schema type name of a JSON scalar."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    return "array" if isinstance(value, list) else "object"


@dataclass(frozen=True, slots=True)
class EnumType:
    """A fixed set of values (``Literal``, ``Enum``); ``type`` is derived from the values."""

    values: tuple[Json, ...]
    keywords: Keywords = ()

    def value_types(self) -> list[str]:
        """JSON type names of the values, in first-seen order."""
        names: list[str] = []
        for value in self.values:
            name = json_type_name(value)
            if name not in names:
                names.append(name)
        return names

    def to_schema(self) -> JsonObject:
        types: list[Json] = list(self.value_types())
        schema: JsonObject = {}
        if types:
            schema["type"] = types[0] if len(types) == 1 else list(types)
        schema["enum"] = list(self.values)
        return _with_keywords(schema, self.keywords)


@dataclass(frozen=True, slots=True)
class ArrayType:
    """Lists, sets (``unique``) and tuples (``prefix`` holds the fixed positions)."""

    items: SchemaType | None = None
    prefix: tuple[SchemaType, ...] | None = None
    unique: bool = False
    keywords: Keywords = ()

    def to_schema(self) -> JsonObject:
        schema: JsonObject = {"type": "array"}
        if self.prefix:
            schema["prefixItems"] = [item.to_schema() for item in self.prefix]
            schema["minItems"] = schema["maxItems"] = len(self.prefix)
        elif self.prefix is not None:  # the empty tuple
            schema["maxItems"] = 0
        if self.items is not None:
            schema["items"] = self.items.to_schema()
        if self.unique:
            schema["uniqueItems"] = True
        return _with_keywords(schema, self.keywords)


class ParameterKind(enum.Enum):
    """How a Python parameter may be passed; the value is tools.json's ``parameter_kinds`` word.

    Attributes:
        POSITIONAL_OR_KEYWORD: An ordinary parameter (the Toolbox passes it by name).
        POSITIONAL_ONLY: Before ``/``: passed by position.
        KEYWORD_ONLY: After ``*`` or ``*args``: passed by name.
        VAR_POSITIONAL: ``*args``: the parameter is an array whose items are spread as
            positional arguments.
        VAR_KEYWORD: ``**kwargs``: the parameter is an object whose entries are spread as
            keywords.
    """

    POSITIONAL_OR_KEYWORD = "positional-or-keyword"
    POSITIONAL_ONLY = "positional-only"
    KEYWORD_ONLY = "keyword-only"
    VAR_POSITIONAL = "var-positional"
    VAR_KEYWORD = "var-keyword"


class _Missing(enum.Enum):
    MISSING = "MISSING"


MISSING = _Missing.MISSING
"""Marks a field without a default (``None`` is a real default)."""


@dataclass(frozen=True, slots=True)
class Field:
    """A parameter of a tool or a property of an object type.

    Attributes:
        name: The parameter's (or property's) name, as the model sends it.
        type: Its schema type (``StringType``, ``ObjectType``, ... from ``inspector.model``).
        description: Its text, from the docstring or ``Annotated`` metadata ("" for none).
        required: Whether a call must give it (it has no default).
        default: Its default as a JSON value, or ``MISSING`` for none (``None`` is a real
            default).
        kind: How the method takes it (by position, by name, spread from ``*args``/``**kwargs``).
    """

    name: str
    type: SchemaType
    description: str = ""
    required: bool = True
    default: Json | _Missing = MISSING
    kind: ParameterKind = ParameterKind.POSITIONAL_OR_KEYWORD

    @property
    def nullable(self) -> bool:
        """Whether ``null`` is an accepted value."""
        return is_nullable(self.type)

    def to_schema(self, schemas: Schemas | None = None) -> JsonObject:
        """The field's JSON Schema: its type's, with its description and default.

        Args:
            schemas: Where its type's schema was made before, to copy it from (None: make it).

        Returns:
            A new dict, which the caller may change.
        """
        if schemas is not None:
            schema = schemas.described(self.type, self.description)
        elif self.description:
            schema = _described(self.type.to_schema(), self.description)
        else:
            schema = self.type.to_schema()
        if self.default is not MISSING:
            schema["default"] = self.default
        return schema


def object_schema(
    fields: tuple[Field, ...],
    additional: SchemaType | bool | None = None,
    title: str | None = None,
    schemas: Schemas | None = None,
) -> JsonObject:
    """An object schema; a free mapping (no fields, ``additional`` set) has no ``properties``."""
    schema: JsonObject = {"type": "object"}
    if title:
        schema["title"] = title
    if fields or additional is None:
        schema["properties"] = {f.name: f.to_schema(schemas) for f in fields}
        required: list[Json] = [f.name for f in fields if f.required]
        if required:
            schema["required"] = required
    if isinstance(additional, bool):
        schema["additionalProperties"] = additional
    elif isinstance(additional, AnyValueType) and not additional.keywords:
        pass  # any value is the default
    elif additional is not None:
        schema["additionalProperties"] = additional.to_schema()
    return schema


@dataclass(frozen=True, slots=True)
class ObjectType:
    """Nested classes (``title`` = class name) and mappings (``additional`` = value type)."""

    properties: tuple[Field, ...] = ()
    additional: SchemaType | bool | None = None
    title: str | None = None
    keywords: Keywords = ()

    def to_schema(self) -> JsonObject:
        schema = object_schema(self.properties, self.additional, self.title)
        return _with_keywords(schema, self.keywords)


@dataclass(frozen=True, slots=True)
class AnyOfType:
    """A union; ``X | None`` is an ``AnyOfType`` holding a ``NullType``."""

    options: tuple[SchemaType, ...]
    keywords: Keywords = ()

    def to_schema(self) -> JsonObject:
        compact = _compact_union(self.options)
        if compact is not None:
            return _with_keywords(compact, self.keywords)
        return _with_keywords({"anyOf": [o.to_schema() for o in self.options]}, self.keywords)


def _compact_union(options: tuple[SchemaType, ...]) -> JsonObject | None:
    """``{"type": [...]}`` for unions of bare simple types; an enum plus null stays one enum."""
    simple = (StringType, IntegerType, NumberType, BooleanType, NullType)
    names = [type(o) for o in options]
    if len(set(names)) == len(names) and all(
        isinstance(o, simple) and not o.keywords for o in options
    ):
        types: list[Json] = []
        fmt: Json = None
        for option in options:
            part = option.to_schema()
            if part.get("format"):
                if fmt is not None:
                    return None
                fmt = part["format"]
            types.append(part["type"])
        schema: JsonObject = {"type": types}
        if fmt is not None:
            schema["format"] = fmt
        return schema
    if len(options) == 2 and isinstance(options[1], NullType) and not options[1].keywords:
        first = options[0]
        if isinstance(first, EnumType) and None not in first.values:
            schema = first.to_schema()
            schema["type"] = [*first.value_types(), "null"]
            schema["enum"] = [*first.values, None]
            return schema
    return None


@dataclass(frozen=True, slots=True)
class AnyValueType:
    """``Any``, ``object`` or no annotation: any JSON value."""

    keywords: Keywords = ()

    def to_schema(self) -> JsonObject:
        return _with_keywords({}, self.keywords)


@dataclass(frozen=True, slots=True)
class RefType:
    """A reference to a named definition (recursive classes)."""

    name: str
    keywords: Keywords = ()

    def to_schema(self) -> JsonObject:
        return _with_keywords({"$ref": f"#/$defs/{self.name}"}, self.keywords)


SchemaType: TypeAlias = (
    StringType
    | IntegerType
    | NumberType
    | BooleanType
    | NullType
    | EnumType
    | ArrayType
    | ObjectType
    | AnyOfType
    | AnyValueType
    | RefType
)


class Schemas:
    """Each type node's schema made once, for documents written right away: the same node
    (types are immutable) gives the same dict, which is only read or copied."""

    __slots__ = ("_made", "_parts")

    def __init__(self) -> None:
        self._made: dict[int, tuple[SchemaType, JsonObject]] = {}  # by id, the node kept alive
        self._parts: dict[int, tuple[SchemaType, JsonObject, JsonObject]] = {}

    def of(self, schema_type: SchemaType) -> JsonObject:
        made = self._made.get(id(schema_type))
        if made is None or made[0] is not schema_type:
            made = self._made[id(schema_type)] = (schema_type, schema_type.to_schema())
        return made[1]

    def described(self, schema_type: SchemaType, description: str) -> JsonObject:
        """A new dict: the node's schema with ``description`` where ``with_description`` puts
        it (or as it is, for none), from the schema's two parts made once."""
        if not description:
            return dict(self.of(schema_type))
        parts = self._parts.get(id(schema_type))
        if parts is None or parts[0] is not schema_type:
            whole = self.of(schema_type)
            if whole.keys() <= LEADING_SET:  # as ``_described``: the description goes last
                lead, rest = whole, {}
            else:
                lead = {k: whole[k] for k in LEADING_KEYS if k in whole}
                rest = {k: v for k, v in whole.items() if k not in lead and k != "description"}
            parts = self._parts[id(schema_type)] = (schema_type, lead, rest)
        schema = dict(parts[1])
        schema["description"] = description
        schema.update(parts[2])
        return schema


def is_nullable(schema_type: SchemaType) -> bool:
    """Whether ``null`` validates against the type."""
    if isinstance(schema_type, NullType | AnyValueType):
        return True
    if isinstance(schema_type, EnumType):
        return None in schema_type.values
    if isinstance(schema_type, AnyOfType):
        return any(is_nullable(option) for option in schema_type.options)
    return False


@dataclass(frozen=True, slots=True)
class Returns:
    """What a tool gives back.

    Attributes:
        type: The return value's schema type; None when the method is not annotated.
        description: The docstring's ``Returns:`` text ("" for none).
    """

    type: SchemaType | None = None
    description: str = ""

    def to_schema(self) -> JsonObject:
        """The return value's JSON Schema (``{}``, any value, when the type is unknown).

        Returns:
            A new dict, with the description when there is one.
        """
        schema = self.type.to_schema() if self.type is not None else {}
        if self.description:
            schema["description"] = self.description
        return schema


class MethodKind(enum.Enum):
    """How the method is bound to its class, or that it is a module's function."""

    INSTANCE = "instance"
    CLASS = "class"
    STATIC = "static"
    FUNCTION = "function"
    """A module-level function (its group is keyed by the module's dotted name)."""


@dataclass(frozen=True, slots=True)
class LeftOut:
    """A parameter of the method that its tool does not take (the method's default applies),
    and why: ``reason`` is ``"no-json-form"`` (``type`` names the type), ``"internal"`` (a
    leading ``_`` and a default), ``"untyped-variadic"`` or ``"injected"`` (the host gives it
    from its context under ``key``: ``Annotated[T, Injected("key")]``)."""

    name: str
    reason: str
    type: str = ""
    key: str = ""


@dataclass(frozen=True, slots=True)
class Injected:
    """``Annotated`` metadata for a parameter the host gives and the model never sees:
    ``user: Annotated[str, Injected()]`` leaves ``user`` out of every schema, and the Toolbox
    (and ``serve``) passes the context value of that name on each call; ``Injected("key")``
    names another context key.

    Args:
        key: The context key ("" for the parameter's name).
    """

    key: str = ""


@dataclass(frozen=True, slots=True)
class Curation:
    """What the user's classification entry adds to an included tool beyond its name, text and
    schema (which the entry changes on the tool itself): read by the runtime and the renders.

    Attributes:
        fixed: Parameters removed from the schema and always passed with this value, in the
            method's order: (name, value as JSON).
        hidden: Optional parameters removed from the schema (the method's default applies).
        approval: Whether a call needs the host's approval before it runs.
        timeout: Seconds a call may take (None: the Toolbox's default).
        defer: Whether the tool is loaded on demand (tool search) instead of up front.
    """

    fixed: tuple[tuple[str, Json], ...] = ()
    hidden: tuple[str, ...] = ()
    approval: bool = False
    timeout: float | None = None
    defer: bool = False


@dataclass(frozen=True, slots=True)
class ToolDescriptor:
    """One tool: a method described independently of any provider.

    Attributes:
        name: The tool's name, as a model calls it (the method's, or ``Class_method`` when two
            classes share it).
        description: The docstring without its sections.
        parameters: The arguments a model gives, in the method's order.
        returns: The return value's type and text.
        definitions: Named types that ``RefType`` nodes refer to (``$defs``), in order.
        is_async: Whether the method is awaited.
        class_name: The class that has the method.
        method_name: The method's Python name.
        method_kind: Instance, class or static method.
        location: ``path:line`` of the method, relative to its project or ``sys.path`` entry.
        type_sources: Where a type came from when not from the code's hints: (parameter or
            ``"return"``, ``"stub"``, ``"overload"``, ``"docstring"`` or ``"default"``: the
            type of a literal default, ``x=0``).
        left_out: The method's parameters the tool does not take (the method's default
            applies), each with the reason.
        uncallable: Required parameters whose type has no JSON form, (name, type): a model
            cannot give them, so it cannot call the method (the tool takes any value for them,
            if included).
        curation: What the classification entry adds (fixed and hidden parameters, approval,
            timeout, deferred loading); empty for a tool read from the catalog as scanned.
    """

    name: str
    description: str
    parameters: tuple[Field, ...] = ()
    returns: Returns = field(default_factory=Returns)
    definitions: tuple[tuple[str, SchemaType], ...] = ()
    is_async: bool = False
    class_name: str = ""
    method_name: str = ""
    method_kind: MethodKind = MethodKind.INSTANCE
    location: str = ""
    type_sources: tuple[tuple[str, str], ...] = ()
    left_out: tuple[LeftOut, ...] = ()
    uncallable: tuple[tuple[str, str], ...] = ()
    curation: Curation = field(default_factory=Curation)

    @property
    def path_and_line(self) -> tuple[str, int]:
        """The location as data: ``("pkg/mod.py", 12)``; line 0 when unknown (C methods)."""
        path, _, line = self.location.rpartition(":")
        return (path, int(line)) if line.isdigit() and path else (self.location, 0)

    def parameters_schema(self, schemas: Schemas | None = None) -> JsonObject:
        """The canonical JSON Schema (2020-12) of the arguments object.

        Args:
            schemas: Where the parameter types' schemas were made before, to share them (the
                result is then only to be read); None makes them anew.

        Returns:
            A new schema each call, which the caller may change unless ``schemas`` was given.
        """
        schema = object_schema(self.parameters, schemas=schemas)
        if self.definitions:
            schema["$defs"] = {name: t.to_schema() for name, t in self.definitions}
        return schema


def children(schema_type: SchemaType) -> tuple[SchemaType, ...]:
    """The direct sub-types of a node."""
    if isinstance(schema_type, ArrayType):
        kids = list(schema_type.prefix or ())
        if schema_type.items is not None:
            kids.append(schema_type.items)
        return tuple(kids)
    if isinstance(schema_type, ObjectType):
        kids = [f.type for f in schema_type.properties]
        if not isinstance(schema_type.additional, bool | None):
            kids.append(schema_type.additional)
        return tuple(kids)
    if isinstance(schema_type, AnyOfType):
        return schema_type.options
    return ()


def walk(schema_type: SchemaType) -> Iterator[SchemaType]:
    """A node and all nodes below it, depth first."""
    stack = [schema_type]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(reversed(children(node)))
