"""Scan: every target's classes and methods into a catalog, diagnostics collected."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from types import ModuleType

from inspector.catalog import Catalog, CatalogClass
from inspector.diagnostics import Diagnostic, InspectorError, Level, deep_recursion
from inspector.model import ToolDescriptor
from inspector.scan.docstrings import DocstringStyle
from inspector.scan.methods import MethodBuilder
from inspector.scan.targets import ClassInfo, iter_methods, resolve_target


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


def scan_classes(
    infos: Sequence[ClassInfo], docstring_style: DocstringStyle = DocstringStyle.GOOGLE
) -> tuple[Catalog, list[Diagnostic]]:
    """Inspect classes already in hand (the Toolbox's live objects), in order."""
    diagnostics: list[Diagnostic] = []
    builder = MethodBuilder(docstring_style)
    groups: list[CatalogClass] = []
    keys: set[str] = set()
    with deep_recursion():
        for info in infos:
            group = scan_class(info, builder, keys, diagnostics)
            groups.append(group)
            keys.add(group.key)
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
                if not line.isdigit():  # a C method has a file but no line
                    path, line = tool.location, "0"
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
