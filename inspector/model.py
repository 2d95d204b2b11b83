"""The provider-neutral model: tools, their parameters and a tagged union of parameter types.

Every type node turns itself into canonical JSON Schema 2020-12 with ``to_schema()``;
``schema_parser.parse_schema`` reads that form back.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Final, TypeAlias

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

    def to_schema(self, refs: Refs | None = None) -> JsonObject:
        schema: JsonObject = {"type": "string"}
        if self.format:
            schema["format"] = self.format
        return _with_keywords(schema, self.keywords)


@dataclass(frozen=True, slots=True)
class IntegerType:
    """``int``."""

    keywords: Keywords = ()

    def to_schema(self, refs: Refs | None = None) -> JsonObject:
        return _with_keywords({"type": "integer"}, self.keywords)


@dataclass(frozen=True, slots=True)
class NumberType:
    """``float`` (and ``Decimal`` as part of a union with string)."""

    keywords: Keywords = ()

    def to_schema(self, refs: Refs | None = None) -> JsonObject:
        return _with_keywords({"type": "number"}, self.keywords)


@dataclass(frozen=True, slots=True)
class BooleanType:
    """``bool``."""

    keywords: Keywords = ()

    def to_schema(self, refs: Refs | None = None) -> JsonObject:
        return _with_keywords({"type": "boolean"}, self.keywords)


@dataclass(frozen=True, slots=True)
class NullType:
    """``None``."""

    keywords: Keywords = ()

    def to_schema(self, refs: Refs | None = None) -> JsonObject:
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

    def to_schema(self, refs: Refs | None = None) -> JsonObject:
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

    def to_schema(self, refs: Refs | None = None) -> JsonObject:
        schema: JsonObject = {"type": "array"}
        if self.prefix:
            schema["prefixItems"] = [item.to_schema(refs) for item in self.prefix]
            schema["minItems"] = schema["maxItems"] = len(self.prefix)
        elif self.prefix is not None:  # the empty tuple
            schema["maxItems"] = 0
        if self.items is not None:
            schema["items"] = self.items.to_schema(refs)
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

    def to_schema(self, schemas: Schemas | None = None, refs: Refs | None = None) -> JsonObject:
        """The field's JSON Schema: its type's, with its description and default.

        Args:
            schemas: Where its type's schema was made before, to copy it from (None: make it;
                its own ``refs`` apply then).
            refs: The shared types written as references (None: every type written out).

        Returns:
            A new dict, which the caller may change.
        """
        if schemas is not None:
            schema = schemas.described(self.type, self.description)
        elif self.description:
            schema = _described(self.type.to_schema(refs), self.description)
        else:
            schema = self.type.to_schema(refs)
        if self.default is not MISSING:
            schema["default"] = self.default
        return schema


def object_schema(
    fields: tuple[Field, ...],
    additional: SchemaType | bool | None = None,
    title: str | None = None,
    schemas: Schemas | None = None,
    refs: Refs | None = None,
) -> JsonObject:
    """An object schema; a free mapping (no fields, ``additional`` set) has no ``properties``."""
    schema: JsonObject = {"type": "object"}
    if title:
        schema["title"] = title
    if fields or additional is None:
        schema["properties"] = {f.name: f.to_schema(schemas, refs) for f in fields}
        required: list[Json] = [f.name for f in fields if f.required]
        if required:
            schema["required"] = required
    if isinstance(additional, bool):
        schema["additionalProperties"] = additional
    elif isinstance(additional, AnyValueType) and not additional.keywords:
        pass  # any value is the default
    elif additional is not None:
        schema["additionalProperties"] = additional.to_schema(refs)
    return schema


@dataclass(frozen=True, slots=True)
class ObjectType:
    """Nested classes (``title`` = class name) and mappings (``additional`` = value type)."""

    properties: tuple[Field, ...] = ()
    additional: SchemaType | bool | None = None
    title: str | None = None
    keywords: Keywords = ()

    def to_schema(self, refs: Refs | None = None) -> JsonObject:
        name = refs.name_of(self) if refs is not None and self.title else None
        if name is not None:
            return {"$ref": f"#/$defs/{name}"}
        return self.body_schema(refs)

    def body_schema(self, refs: Refs | None = None) -> JsonObject:
        """The schema written out, even where ``refs`` would refer to it (a definition's)."""
        schema = object_schema(self.properties, self.additional, self.title, refs=refs)
        return _with_keywords(schema, self.keywords)


@dataclass(frozen=True, slots=True)
class AnyOfType:
    """A union; ``X | None`` is an ``AnyOfType`` holding a ``NullType``."""

    options: tuple[SchemaType, ...]
    keywords: Keywords = ()

    def to_schema(self, refs: Refs | None = None) -> JsonObject:
        compact = _compact_union(self.options)
        if compact is not None:
            return _with_keywords(compact, self.keywords)
        options: list[Json] = [o.to_schema(refs) for o in self.options]
        return _with_keywords({"anyOf": options}, self.keywords)


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

    def to_schema(self, refs: Refs | None = None) -> JsonObject:
        return _with_keywords({}, self.keywords)


NEVER: Final = AnyValueType(keywords=(("not", {}),))
"""The return type of a method that never returns (``NoReturn``, ``Never``): no value."""


@dataclass(frozen=True, slots=True)
class RefType:
    """A reference to a named definition (recursive classes)."""

    name: str
    keywords: Keywords = ()

    def to_schema(self, refs: Refs | None = None) -> JsonObject:
        name = refs.renamed(self.name) if refs is not None else self.name
        return _with_keywords({"$ref": f"#/$defs/{name}"}, self.keywords)


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


class Refs:
    """How one document writes named types: the shared object types it refers to
    (``{"$ref": "#/$defs/<name>"}``) instead of writing them out, and the names its references
    are written under."""

    __slots__ = ("_lookup", "_renames")

    def __init__(
        self,
        lookup: Callable[[ObjectType], str | None],
        renames: Mapping[str, str] | None = None,
    ) -> None:
        self._lookup = lookup
        self._renames = renames or {}

    def name_of(self, node: ObjectType) -> str | None:
        """The definition a titled object type is written as a reference to (None: inline)."""
        return self._lookup(node)

    def renamed(self, name: str) -> str:
        """The name a reference to the definition ``name`` is written with."""
        return self._renames.get(name, name)

    def with_renames(self, renames: Mapping[str, str]) -> Refs:
        """The same shared types, references renamed by ``renames``."""
        return Refs(self._lookup, renames)


class Schemas:
    """Each type node's schema made once, for documents written right away: the same node
    (types are immutable) gives the same dict, which is only read or copied. With ``refs``,
    the shared types are written as references."""

    __slots__ = ("_made", "_parts", "refs")

    def __init__(self, refs: Refs | None = None) -> None:
        self._made: dict[int, tuple[SchemaType, JsonObject]] = {}  # by id, the node kept alive
        self._parts: dict[int, tuple[SchemaType, JsonObject, JsonObject]] = {}
        self.refs = refs

    def of(self, schema_type: SchemaType) -> JsonObject:
        made = self._made.get(id(schema_type))
        if made is None or made[0] is not schema_type:
            made = self._made[id(schema_type)] = (schema_type, schema_type.to_schema(self.refs))
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
        type: The return value's schema type; None when nothing at all is known of it: no
            type that says more than "any value" (none, ``Any``, a class with no JSON form)
            and no description. A described value of no type is any value.
        description: The docstring's ``Returns:`` text ("" for none).
    """

    type: SchemaType | None = None
    description: str = ""

    def __post_init__(self) -> None:
        # as tools.json reads it back: "any value" and "not annotated" are both written {}
        # (read as no type), or {"description": ...} (read as any value); a scan's own render
        # (build, Toolbox) wrote an MCP outputSchema and a Hugging Face "return" entry that
        # the render of its tools.json did not, or the other way round
        if isinstance(self.type, AnyValueType) and not self.type.keywords and not self.description:
            object.__setattr__(self, "type", None)
        elif self.type is None and self.description:
            object.__setattr__(self, "type", AnyValueType())

    def to_schema(self, refs: Refs | None = None) -> JsonObject:
        """The return value's JSON Schema (``{}``, any value, when the type is unknown).

        Args:
            refs: The shared types written as references (None: every type written out).

        Returns:
            A new dict, with the description when there is one.
        """
        schema = self.type.to_schema(refs) if self.type is not None else {}
        if self.description:  # where a type's own description goes: read back, it is the same
            schema = _described(schema, self.description)
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
class Deprecation:
    """What a deprecated method's code says of it (``@deprecated``, a stub's, a docstring's
    ``.. deprecated::``): its authors want it gone, so its new classification entry starts
    ``false``. Either may be "" (``.. deprecated::`` alone says neither)."""

    version: str = ""
    """The version it was deprecated in (``"1.2"``)."""
    message: str = ""
    """What its authors say (``"Use fetch() instead"``), plain text."""


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
        named: Whether the file chose the tool's name (``name``, or the class's ``@prefix``).
    """

    fixed: tuple[tuple[str, Json], ...] = ()
    hidden: tuple[str, ...] = ()
    approval: bool = False
    timeout: float | None = None
    defer: bool = False
    named: bool = False


NOT_INSPECTED = ("(signature)", "cannot be inspected")
"""The ``uncallable`` entry of a method whose signature or types cannot be read."""


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
        deprecated: What the code says when the method is deprecated, else None.
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
    deprecated: Deprecation | None = None

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
        if schemas is not None:  # its own references apply
            schema = object_schema(self.parameters, schemas=schemas)
            used = used_definitions([f.type for f in self.parameters], self.definitions)
            definitions: JsonObject = {name: t.to_schema(schemas.refs) for name, t in used}
        else:
            refs, definitions = self._shared([f.type for f in self.parameters])
            schema = object_schema(self.parameters, refs=refs)
        if definitions:
            schema["$defs"] = dict(definitions)
        return schema

    def returns_schema(self) -> JsonObject:
        """The return value's JSON Schema, a nested model it writes more than once under
        ``$defs`` (with the recursive types it needs), as ``parameters_schema`` does.

        Returns:
            A new schema each call, which the caller may change.
        """
        if self.returns.type is None:
            return self.returns.to_schema()
        refs, definitions = self._shared([self.returns.type])
        schema = self.returns.to_schema(refs)
        if definitions:
            schema["$defs"] = dict(definitions)
        return schema

    def _shared(self, types: list[SchemaType]) -> tuple[Refs | None, JsonObject]:
        """How one document of these types writes shared named types, and its ``$defs``."""
        if not self.definitions and not _twice_named(types):  # most tools: nothing to share
            return None, {}
        used = used_definitions(types, self.definitions) if self.definitions else []
        same = SameTypes()
        shared = shared_types(types, [t for _, t in used], same)
        taken = {name for name, _ in self.definitions}
        names = {id(t): unique_name(t.title or "Object", taken) for t in shared}
        refs = refs_to(same, names) if names else None
        definitions: JsonObject = {name: t.to_schema(refs) for name, t in used}
        definitions.update((names[id(t)], t.body_schema(refs)) for t in shared)
        return refs, definitions


def _twice_named(types: Iterable[SchemaType]) -> bool:
    """Whether nested models (``is_named``) occur at least twice in these types, inside one
    another or not: only then may one be written twice."""
    stack = list(types)
    seen = False
    while stack:
        node = stack.pop()
        if isinstance(node, ObjectType) and node.title is not None:
            if seen:
                return True
            seen = True
        stack.extend(children(node))
    return False


def used_definitions(
    types: Iterable[SchemaType], definitions: tuple[tuple[str, SchemaType], ...]
) -> list[tuple[str, SchemaType]]:
    """The definitions that ``types`` refer to, directly or through other definitions, in their
    order."""
    known = dict(definitions)
    needed: set[str] = set()
    stack = list(_references(types))
    while stack:
        name = stack.pop()
        if name not in needed and name in known:
            needed.add(name)
            stack.extend(_references([known[name]]))
    return [(name, t) for name, t in definitions if name in needed]


def _references(types: Iterable[SchemaType]) -> list[str]:
    """The definition names referred to below these types (each node visited once: the same
    node recurs throughout a large tool)."""
    found: list[str] = []
    seen: set[int] = set()
    stack = list(types)
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node, RefType):
            found.append(node.name)
        stack.extend(children(node))
    return found


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


# Shared definitions: a named type that a document would write more than once is written
# once under ``$defs`` (``ToolDescriptor.parameters_schema``; tools.json: ``inspector.sharing``).


def is_named(node: SchemaType) -> bool:
    """Whether a node is a nested model: an object type with a title (its class's name)."""
    return isinstance(node, ObjectType) and node.title is not None


class SameTypes:
    """Equal named types as one: each titled object type seen (kept alive, looked up by
    identity) → the first equal one seen, compared only with those of the same title."""

    __slots__ = ("_by_id", "_by_title")

    def __init__(self) -> None:
        self._by_id: dict[int, tuple[ObjectType, ObjectType]] = {}
        self._by_title: dict[str | None, list[ObjectType]] = {}

    def of(self, node: ObjectType) -> ObjectType:
        """The first-seen type equal to ``node``."""
        found = self._by_id.get(id(node))
        if found is not None and found[0] is node:
            return found[1]
        known = self._by_title.setdefault(node.title, [])
        first = next((k for k in known if k is node or k == node), None)
        if first is None:
            known.append(node)
            first = node
        self._by_id[id(node)] = (node, first)
        return first

    def seen(self, node: ObjectType) -> ObjectType | None:
        """The first-seen type equal to ``node`` when this very node was seen, else None."""
        found = self._by_id.get(id(node))
        return found[1] if found is not None and found[0] is node else None


def named_below(node: SchemaType) -> list[SchemaType]:
    """The named types directly below a node's top (not below another named type), with
    repeats, in order."""
    found: list[SchemaType] = []
    stack = list(reversed(children(node)))
    while stack:
        below = stack.pop()
        if is_named(below):
            found.append(below)
        else:
            stack.extend(reversed(children(below)))
    return found


def shared_types(
    uses: Iterable[SchemaType], bodies: Iterable[SchemaType], same: SameTypes
) -> list[ObjectType]:
    """The named types written more than once in a document whose top-level types are ``uses``
    (each one a use) and which writes each of ``bodies`` once (its definitions: only what is
    below their tops counts), in the order a walk from the top meets them.

    Args:
        uses: The document's types (a tool's parameter types, a return type).
        bodies: The definitions the document writes, each once.
        same: Where equal named types become one (shared with the caller, who writes them).

    Returns:
        The first-seen of each shared type.
    """
    counting = UseCounts(same)
    for use in uses:
        counting.count([use] if is_named(use) else named_below(use))
    for body in bodies:
        counting.count(named_below(body))
    return counting.shared()


class UseCounts:
    """How often a document writes each named type, counted from the outside in (see
    ``shared_types``)."""

    def __init__(self, same: SameTypes, defined: set[int] | None = None) -> None:
        self.same = same
        self.defined = defined or set()
        """Types written once as definitions whatever their count (their insides are counted
        from their bodies)."""
        self.counts: dict[int, int] = {}  # by id of the first-seen equal type
        self.firsts: dict[int, ObjectType] = {}
        self.direct: dict[int, list[ObjectType]] = {}  # the named types right inside each
        self.found: dict[int, int] = {}  # by id: when the walk from the top first met it

    def count(self, named: Iterable[SchemaType]) -> None:
        """One use of each of these named types (from the document's top or a definition)."""
        for node in named:
            if isinstance(node, ObjectType):
                first = self.same.of(node)
                self.firsts[id(first)] = first
                self.counts[id(first)] = self.counts.get(id(first), 0) + 1

    def shared(self) -> list[ObjectType]:
        """The types written at least twice once the types around them are shared."""
        shared: list[ObjectType] = []
        order = self._post_order()
        for first in reversed(order):  # outer first: all their uses are counted
            if id(first) in self.defined:
                continue
            uses = self.counts.get(id(first), 0)
            if uses >= 2:
                shared.append(first)
            for inner in self.direct[id(first)]:  # written once inside a definition
                self.counts[id(inner)] = self.counts.get(id(inner), 0) + min(uses, 1)
        return sorted(shared, key=lambda t: self.found[id(t)])  # in the document's order

    def _post_order(self) -> list[ObjectType]:
        """Every named type below the counted ones, each after the types inside it (without
        recursion: types nest deeper than Python's stack)."""
        order: list[ObjectType] = []
        stack: list[tuple[ObjectType, bool]] = [(t, False) for t in self.firsts.values()]
        stack.reverse()
        while stack:
            node, done = stack.pop()
            if done:
                order.append(node)
                continue
            if id(node) in self.direct:
                continue
            inner = [self.same.of(b) for b in named_below(node) if isinstance(b, ObjectType)]
            self.direct[id(node)] = inner
            self.found[id(node)] = len(self.found)
            stack.append((node, True))
            stack.extend((first, False) for first in reversed(inner))
        return order


def unique_name(wanted: str, taken: set[str]) -> str:
    """``wanted``, or ``wanted2``, ``wanted3``, ... : the first not in ``taken`` (then taken)."""
    name, suffix = wanted, 2
    while name in taken:
        name, suffix = f"{wanted}{suffix}", suffix + 1
    taken.add(name)
    return name


def refs_to(same: SameTypes, names: dict[int, str]) -> Refs:
    """``Refs`` writing the types ``names`` holds (by id of their first-seen equal, as
    ``same`` found them) as references."""

    def lookup(node: ObjectType) -> str | None:
        first = same.seen(node)
        return names.get(id(first)) if first is not None else None

    return Refs(lookup)
