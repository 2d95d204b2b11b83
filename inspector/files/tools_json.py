"""tools.json: the catalog written as a JSON document and read back."""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from pathlib import Path

from inspector.catalog import Catalog, CatalogClass
from inspector.diagnostics import InspectorError
from inspector.files.jsonfile import json_text, read_json
from inspector.files.schemas import (
    SharedTypes,
    parse_fields,
    parse_schema,
    parse_shared,
    shared_text,
)
from inspector.model import (
    Deprecation,
    Field,
    Json,
    JsonObject,
    LeftOut,
    MethodKind,
    ParameterKind,
    Refs,
    Returns,
    Schemas,
    ToolDescriptor,
    object_schema,
)
from inspector.sharing import FileDefinitions, FileExpansion

FORMAT = "toolsinspector/1"


def to_json(catalog: Catalog) -> JsonObject:
    """The tools.json document (each parameter type's schema made once for it): a named type
    that the file would write more than once, and every tool's definitions, are written once
    in the file's ``$defs`` and referred to (``#/$defs/Name``, a pointer into the file)."""
    tools = [tool for group in catalog.classes for tool in group.tools]
    try:
        definitions = FileDefinitions(tools)
    except RecursionError:
        raise InspectorError(f"the tools' {TOO_DEEP_TO_WRITE}") from None
    writers: dict[tuple[tuple[str, str], ...], Schemas] = {}
    tool_schemas = {}
    for index, tool in enumerate(tools):
        refs = definitions.refs(index)
        key = tuple(sorted(definitions.renames[index].items()))
        tool_schemas[id(tool)] = (writers.setdefault(key, Schemas(refs)), refs)
    document: JsonObject = {"format": FORMAT}
    if catalog.stub_sources:  # absent when no stub was read: such files do not change
        document["stubs"] = dict(catalog.stub_sources)
    document["classes"] = {group.key: _class_json(group, tool_schemas) for group in catalog.classes}
    if definitions.entries:
        document["$defs"] = definitions.schemas()
    return document


TOO_DEEP_TO_WRITE = (
    "types are nested too deeply to make a schema of (past Python's recursion limit)"
)


def to_text(catalog: Catalog) -> str:
    """The tools.json text."""
    return json_text(to_json(catalog))


def _class_json(group: CatalogClass, tool_schemas: dict[int, tuple[Schemas, Refs]]) -> JsonObject:
    return {
        "source": group.source,
        "methods": {
            tool.method_name: _tool_json(tool, *tool_schemas[id(tool)]) for tool in group.tools
        },
    }


class ToolTooDeep(InspectorError):
    """A tool whose types nest past what Python's recursion limit lets a schema be made of (the
    limit is the process's: it is not raised), or that a provider's form of them makes too
    large (Gemini's inlined references). The error names the tool's method; a render leaves the
    tool out of the provider's file instead, with a warning.

    Attributes:
        tool: The tool.
        reason: What is too deep, and what to do, without the method's place.
    """

    def __init__(self, tool: ToolDescriptor, reason: str) -> None:
        self.tool, self.reason = tool, reason
        super().__init__(f"{tool.location}: {tool.class_name}.{tool.method_name}: {reason}")


def nested_too_deeply(tool: ToolDescriptor, advice: str = "") -> ToolTooDeep:
    """The error of a tool whose types nest too deeply; ``advice`` follows the reason."""
    return ToolTooDeep(tool, f"its {TOO_DEEP_TO_WRITE}{advice}")


def _tool_json(tool: ToolDescriptor, schemas: Schemas, refs: Refs) -> JsonObject:
    try:
        parameters = object_schema(tool.parameters, schemas=schemas)
        returns = tool.returns.to_schema(refs)
    except RecursionError:
        raise nested_too_deeply(tool) from None
    entry: JsonObject = {
        "type": "function",
        "function": {
            "name": tool.name,
            "description": tool.description,
            "parameters": parameters,
        },
        "returns": returns,
        "async": tool.is_async,
        "kind": tool.method_kind.value,
    }
    kinds: JsonObject = {
        p.name: p.kind.value
        for p in tool.parameters
        if p.kind is not ParameterKind.POSITIONAL_OR_KEYWORD
    }
    if kinds:
        entry["parameter_kinds"] = kinds
    if tool.type_sources:
        entry["type_sources"] = dict(tool.type_sources)
    if tool.left_out:
        entry["left_out"] = {p.name: _left_out_json(p) for p in tool.left_out}
    if tool.uncallable:
        entry["uncallable"] = dict(tool.uncallable)
    if tool.deprecated is not None:
        said = (("version", tool.deprecated.version), ("message", tool.deprecated.message))
        entry["deprecated"] = {key: value for key, value in said if value}
    entry["location"] = tool.location
    return entry


def _left_out_json(parameter: LeftOut) -> JsonObject:
    entry: JsonObject = {"reason": parameter.reason}
    if parameter.type:
        entry["type"] = parameter.type
    if parameter.key:
        entry["key"] = parameter.key
    return entry


def _left_out(entry: dict[str, Json], where: str) -> tuple[LeftOut, ...]:
    left_out = _mapping(entry.get("left_out") or {}, f"{where}.left_out")
    found = []
    for name, raw in left_out.items():
        why = _mapping(raw, f"{where}.left_out.{name}")
        reason, kind = str(why.get("reason", "")), str(why.get("type", ""))
        found.append(LeftOut(name, reason, kind, str(why.get("key", ""))))
    return tuple(found)


def _deprecation(entry: dict[str, Json], where: str) -> Deprecation | None:
    if "deprecated" not in entry:
        return None
    said = _mapping(entry["deprecated"], f"{where}.deprecated")
    return Deprecation(str(said.get("version", "")), str(said.get("message", "")))


def load(path: Path) -> Catalog:
    """Read a tools.json file, equal schemas as one type object; any shape error names the file
    and the place."""
    data = read_json(path, "tools file")
    try:
        return from_json(data, {})
    except InspectorError as error:
        raise InspectorError(f"{path}: {error}") from None
    except RecursionError:
        raise InspectorError(f"{path}: {TOO_DEEP_TO_READ}") from None


TOO_DEEP_TO_READ = "the schemas are nested too deeply to read"


def from_json(data: object, shared: SharedTypes | None = None) -> Catalog:
    """The catalog of a tools.json document (``shared``: see ``schemas.SharedTypes``)."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise InspectorError(f'not a tools file (expected "format": "{FORMAT}")')
    classes = _mapping(data.get("classes"), "classes")
    raw_definitions = _mapping(data.get("$defs") or {}, "$defs")
    try:
        definitions = {name: parse_schema(raw) for name, raw in raw_definitions.items()}
    except InspectorError as error:
        raise InspectorError(f"$defs: {error}") from None
    reader = _Reader(FileExpansion(definitions), shared)
    stubs = _mapping(data.get("stubs") or {}, "stubs")
    return Catalog(
        tuple(_class_from_json(key, raw, reader) for key, raw in classes.items()),
        stub_sources=tuple((name, str(version)) for name, version in stubs.items()),
    )


class _Reader:
    """How one file's tools read their types: through the caller's ``shared`` types, and
    written out with the file's definitions (``FileExpansion``) as they are read."""

    def __init__(self, expansion: FileExpansion, shared: SharedTypes | None) -> None:
        self.expansion, self.shared = expansion, shared
        parse = partial(parse_shared, shared=shared)
        self.written_out = partial(expansion.read, parse=parse)
        """A type read and written out, once per distinct schema of the file."""


def _class_from_json(key: str, raw_group: object, reader: _Reader) -> CatalogClass:
    group = _mapping(raw_group, f"classes.{key}")
    methods = _mapping(group.get("methods"), f"classes.{key}.methods")
    tools = tuple(
        _tool_from_json(key, name, _mapping(entry, f"classes.{key}.methods.{name}"), reader)
        for name, entry in methods.items()
    )
    functions = bool(tools) and all(t.method_kind is MethodKind.FUNCTION for t in tools)
    return CatalogClass(key, str(group.get("source", "")), tools, functions)


def _mapping(value: Json | object, where: str) -> dict[str, Json]:
    if not isinstance(value, dict):
        raise InspectorError(f"{where}: expected an object")
    return value


def _tool_from_json(
    class_key: str, method: str, entry: dict[str, Json], reader: _Reader
) -> ToolDescriptor:
    """A tool as its scan made it: what it refers to written out (see ``FileExpansion.tool``)."""
    where = f"classes.{class_key}.methods.{method}"
    function = _mapping(entry.get("function"), f"{where}.function")
    parameters = _mapping(function.get("parameters", {"type": "object"}), f"{where}.parameters")
    # a tool with definitions of its own (an older tools.json) is read, then written out
    # with them; the others are written out as read, each distinct schema once
    own = bool(parameters.get("$defs") or parameters.get("definitions"))
    read = partial(parse_shared, shared=reader.shared) if own else reader.written_out
    try:
        fields, definitions = parse_fields(parameters, read=read)
        returns = entry.get("returns") or {}
        returns = _mapping(returns, f"{where}.returns")
        return_schema = dict(returns)
        description = return_schema.pop("description", None)
        kinds = _mapping(entry.get("parameter_kinds") or {}, f"{where}.parameter_kinds")
        sources = _mapping(entry.get("type_sources") or {}, f"{where}.type_sources")
        uncallable = _mapping(entry.get("uncallable") or {}, f"{where}.uncallable")
        return_type = read(return_schema) if returns else None
        if not own:
            types = [f.type for f in fields] + ([return_type] if return_type is not None else [])
            definitions = reader.expansion.definitions_of(types)
        tool = ToolDescriptor(
            name=str(function.get("name", method)),
            description=str(function.get("description") or ""),
            parameters=tuple(_with_kind(f, kinds) for f in fields) if kinds else fields,
            returns=Returns(
                return_type,
                shared_text(description) if isinstance(description, str) else "",
            ),
            definitions=definitions,
            is_async=entry.get("async") is True,
            class_name=class_key.rpartition(".")[2],
            method_name=method,
            method_kind=_method_kind(entry.get("kind", "instance")),
            location=str(entry.get("location", "")),
            type_sources=tuple((k, str(v)) for k, v in sources.items()),
            left_out=_left_out(entry, where),
            uncallable=tuple((k, str(v)) for k, v in uncallable.items()),
            deprecated=_deprecation(entry, where),
        )
    except (InspectorError, ValueError) as error:
        raise InspectorError(f"{where}: {error}") from None
    return reader.expansion.tool(tool) if own else tool


_KINDS = {kind.value: kind for kind in MethodKind}


def _method_kind(value: Json) -> MethodKind:
    """``MethodKind(value)``, the known ones found without the enum's call."""
    found = _KINDS.get(value) if isinstance(value, str) else None
    return found or MethodKind(value)


def _with_kind(field: Field, kinds: dict[str, Json]) -> Field:
    kind = kinds.get(field.name)
    return replace(field, kind=ParameterKind(kind)) if isinstance(kind, str) else field
