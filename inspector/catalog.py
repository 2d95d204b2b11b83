"""The catalog: every inspected method grouped by class, and its tools.json form."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from types import ModuleType

from inspector.builder import MethodBuilder
from inspector.diagnostics import Diagnostic, InspectorError, Level, deep_recursion
from inspector.docstrings import DocstringStyle
from inspector.files import LazyObject, json_text, read_json
from inspector.introspection import ClassInfo, iter_methods, resolve_target
from inspector.model import (
    Field,
    Json,
    JsonObject,
    MethodKind,
    ParameterKind,
    Returns,
    ToolDescriptor,
)
from inspector.schema_parser import parse_fields, parse_schema

FORMAT = "toolsinspector/1"


@dataclass(frozen=True, slots=True)
class CatalogClass:
    """One inspected class: its key in the files, the target that named it, its tools."""

    key: str
    source: str
    tools: tuple[ToolDescriptor, ...]


@dataclass(frozen=True, slots=True)
class Catalog:
    """Every inspected method, grouped by class, in source order."""

    classes: tuple[CatalogClass, ...]

    def tools(self) -> Iterator[tuple[str, ToolDescriptor]]:
        """(class key, tool) pairs in file order."""
        for group in self.classes:
            for tool in group.tools:
                yield group.key, tool


def scan(
    targets: Sequence[str], docstring_style: DocstringStyle = DocstringStyle.GOOGLE
) -> tuple[Catalog, list[Diagnostic]]:
    """Inspect every target; a target or method that fails becomes a diagnostic."""
    diagnostics: list[Diagnostic] = []
    builder = MethodBuilder(docstring_style)
    groups: list[CatalogClass] = []
    keys: set[str] = set()
    seen: set[type] = set()
    loaded: dict[Path, ModuleType] = {}
    with deep_recursion():
        for target in targets:
            _scan_target(
                target,
                builder=builder,
                groups=groups,
                keys=keys,
                seen=seen,
                loaded=loaded,
                diagnostics=diagnostics,
            )
    return Catalog(disambiguate(groups, diagnostics)), diagnostics


def _scan_target(
    target: str,
    *,
    builder: MethodBuilder,
    groups: list[CatalogClass],
    keys: set[str],
    seen: set[type],
    loaded: dict[Path, ModuleType],
    diagnostics: list[Diagnostic],
) -> None:
    """One target's classes into ``groups``; a target that fails becomes an error."""
    try:
        infos = resolve_target(target, loaded)
    except InspectorError as error:
        diagnostics.append(Diagnostic(Level.ERROR, str(error)))
        return
    if not infos:
        diagnostics.append(Diagnostic(Level.WARNING, f"target {target!r}: no public class"))
    for info in infos:
        if info.cls not in seen:
            seen.add(info.cls)
            group = scan_class(info, builder, keys, diagnostics)
            if group.tools or info.explicit:  # a module's classes without methods are noise
                groups.append(group)
                keys.add(group.key)


def scan_class(
    info: ClassInfo,
    builder: MethodBuilder,
    taken: set[str],
    diagnostics: list[Diagnostic],
) -> CatalogClass:
    tools: list[ToolDescriptor] = []
    for method in iter_methods(info):
        tool, notes = builder.build(method)
        diagnostics.extend(notes)
        if tool is not None:
            tools.append(tool)
    key = info.cls.__qualname__
    if key in taken:
        key = f"{info.cls.__module__}.{info.cls.__qualname__}"
        diagnostics.append(
            Diagnostic(
                Level.WARNING,
                f"two classes named {info.cls.__qualname__}: this one is keyed {key!r}",
                info.path,
                0,
                info.cls.__qualname__,
            )
        )
    return CatalogClass(key, info.source, tuple(tools))


def disambiguate(
    groups: list[CatalogClass], diagnostics: list[Diagnostic]
) -> tuple[CatalogClass, ...]:
    """Tool names are method names; a name two classes share becomes ``Class_method`` in both."""
    counts = Counter(tool.name for group in groups for tool in group.tools)
    result = []
    for group in groups:
        tools = []
        for tool in group.tools:
            if counts[tool.name] > 1:
                renamed = f"{tool.class_name}_{tool.method_name}"
                path, _, line = tool.location.rpartition(":")
                diagnostics.append(
                    Diagnostic(
                        Level.WARNING,
                        f"another class has a method {tool.name!r}: the tool is named {renamed!r}",
                        path,
                        int(line or 0),
                        f"{group.key}.{tool.method_name}",
                    )
                )
                tools.append(replace(tool, name=renamed))
            else:
                tools.append(tool)
        result.append(replace(group, tools=tuple(tools)))
    return tuple(result)


def to_json(catalog: Catalog) -> JsonObject:
    """The tools.json document."""
    return {"format": FORMAT, "classes": {g.key: _class_json(g) for g in catalog.classes}}


def to_text(catalog: Catalog) -> str:
    """The tools.json text, built class by class (the same text as ``json_text(to_json(...))``)."""
    classes = LazyObject(lambda: ((g.key, _class_json(g)) for g in catalog.classes))
    return json_text({"format": FORMAT, "classes": classes})


def _class_json(group: CatalogClass) -> JsonObject:
    return {
        "source": group.source,
        "methods": {tool.method_name: _tool_json(tool) for tool in group.tools},
    }


def _tool_json(tool: ToolDescriptor) -> JsonObject:
    entry: JsonObject = {
        "type": "function",
        "function": {
            "name": tool.name,
            "description": tool.description,
            "parameters": tool.parameters_schema(),
        },
        "returns": tool.returns.to_schema(),
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
    entry["location"] = tool.location
    return entry


def load(path: Path) -> Catalog:
    """Read a tools.json file; any shape error names the file and the place."""
    data = read_json(path, "tools file")
    try:
        return from_json(data)
    except InspectorError as error:
        raise InspectorError(f"{path}: {error}") from None


def from_json(data: object) -> Catalog:
    """The catalog of a tools.json document."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise InspectorError(f'not a tools file (expected "format": "{FORMAT}")')
    classes = _mapping(data.get("classes"), "classes")
    groups = []
    for key, raw_group in classes.items():
        group = _mapping(raw_group, f"classes.{key}")
        methods = _mapping(group.get("methods"), f"classes.{key}.methods")
        tools = tuple(
            _tool_from_json(key, name, _mapping(entry, f"classes.{key}.methods.{name}"))
            for name, entry in methods.items()
        )
        groups.append(CatalogClass(key, str(group.get("source", "")), tools))
    return Catalog(tuple(groups))


def _mapping(value: Json | object, where: str) -> dict[str, Json]:
    if not isinstance(value, dict):
        raise InspectorError(f"{where}: expected an object")
    return value


def _tool_from_json(class_key: str, method: str, entry: dict[str, Json]) -> ToolDescriptor:
    where = f"classes.{class_key}.methods.{method}"
    function = _mapping(entry.get("function"), f"{where}.function")
    parameters = _mapping(function.get("parameters", {"type": "object"}), f"{where}.parameters")
    try:
        fields, definitions = parse_fields(parameters)
        returns = entry.get("returns") or {}
        returns = _mapping(returns, f"{where}.returns")
        description = returns.get("description")
        return_schema = {k: v for k, v in returns.items() if k != "description"}
        kinds = _mapping(entry.get("parameter_kinds") or {}, f"{where}.parameter_kinds")
        return ToolDescriptor(
            name=str(function.get("name", method)),
            description=str(function.get("description") or ""),
            parameters=tuple(_with_kind(f, kinds) for f in fields),
            returns=Returns(
                parse_schema(return_schema) if returns else None,
                description if isinstance(description, str) else "",
            ),
            definitions=definitions,
            is_async=entry.get("async") is True,
            class_name=class_key.rpartition(".")[2],
            method_name=method,
            method_kind=MethodKind(entry.get("kind", "instance")),
            location=str(entry.get("location", "")),
        )
    except (InspectorError, ValueError) as error:
        raise InspectorError(f"{where}: {error}") from None


def _with_kind(field: Field, kinds: dict[str, Json]) -> Field:
    kind = kinds.get(field.name)
    return replace(field, kind=ParameterKind(kind)) if isinstance(kind, str) else field
