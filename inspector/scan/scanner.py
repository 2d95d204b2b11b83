"""Scan: every target's classes and methods into a catalog, with their diagnostics."""

from __future__ import annotations

import inspect
import itertools
import sys
import typing
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from types import ModuleType

from inspector import codes
from inspector.catalog import Catalog, CatalogClass
from inspector.diagnostics import Diagnostic, InspectorError, Level, listed, reraise_interrupt
from inspector.files.new_entries import inputs_left_out
from inspector.model import ToolDescriptor
from inspector.scan.context import ScanContext
from inspector.scan.docstrings import DocstringStyle
from inspector.scan.methods import MethodBuilder, brief
from inspector.scan.no_tools import NoTool
from inspector.scan.targets import (
    ClassInfo,
    Locations,
    MethodInfo,
    NoToolMember,
    bases_not_taken,
    function_group,
    functions_defined_in,
    is_function_group,
    iter_members,
    module_key,
    owner_name,
)


def scan(
    targets: Sequence[str],
    docstring_style: DocstringStyle = DocstringStyle.AUTO,
    *,
    root: Path | None = None,
) -> tuple[Catalog, list[Diagnostic]]:
    """Inspect every target; a target or method that fails becomes a diagnostic. ``root``: the
    project root that configures the scan (relative file targets, locations)."""
    diagnostics: list[Diagnostic] = []
    builder = MethodBuilder(context=ScanContext(docstring_style, root))
    groups: list[CatalogClass] = []
    keys: set[str] = set()
    seen: set[type] = set()
    failed: list[str] = []
    for target in targets:
        ok = _scan_target(
            target,
            builder=builder,
            groups=groups,
            keys=keys,
            seen=seen,
            diagnostics=diagnostics,
        )
        if not ok:
            failed.append(target)
    groups = key_function_groups(groups, diagnostics)
    sources = builder.context.stubs.sources()
    return Catalog(disambiguate(groups, diagnostics), tuple(failed), sources), diagnostics


def scan_objects(
    objects: Sequence[object],
    docstring_style: DocstringStyle = DocstringStyle.AUTO,
    through: Mapping[type, type] | None = None,
) -> tuple[Catalog, list[object], list[Diagnostic]]:
    """Inspect live objects (the Toolbox's), in order: an instance or a class stands for its
    class's methods, a module for its public functions, a function for itself (the functions
    of one module form one group, keyed by the module's name); ``through`` maps a class to a
    base whose methods count as its own. Returns the catalog, the object each group's tools
    are called on (a function group's class of static methods), and the diagnostics."""
    context = ScanContext(docstring_style)
    builder = MethodBuilder(context=context)
    diagnostics: list[Diagnostic] = []
    groups: list[CatalogClass] = []
    keys: set[str] = set()
    owners: list[object] = []
    for obj in _with_function_groups(objects):
        cls = obj if isinstance(obj, type) else type(obj)
        info = context.targets.class_info(cls, (through or {}).get(cls))
        group, _ = scan_class(info, builder, keys, diagnostics)
        groups.append(group)
        owners.append(obj)
        if not group.function_group:
            keys.add(group.key)
    groups = key_function_groups(groups, diagnostics)
    return (
        Catalog(disambiguate(groups, diagnostics), (), context.stubs.sources()),
        owners,
        diagnostics,
    )


@dataclass(frozen=True, slots=True)
class _ModuleSlot:
    """Where a module's function group goes among the objects, until all its functions are
    known: a type of its own, since an object given may be a ``str`` (plumbum's ``LocalPath``)."""

    module: str


def _with_function_groups(objects: Sequence[object]) -> list[object]:
    """The objects, each module and each run of functions replaced by one class of static
    methods per module (``function_group``), where the module or its first function was."""
    result: list[object] = []
    functions: dict[str, dict[str, Callable[..., object]]] = {}
    keys: dict[str, str] = {}
    for obj in objects:
        if isinstance(obj, ModuleType):
            found = functions_defined_in(obj)
            module = obj.__name__
        elif inspect.isroutine(obj):
            function = typing.cast(Callable[..., object], obj)
            found = {str(getattr(function, "__name__", "")): function}
            module = str(getattr(obj, "__module__", None) or "functions")
        else:
            result.append(obj)
            continue
        if module not in functions:
            functions[module] = {}
            imported = sys.modules.get(module)
            keys[module] = module_key(imported) if imported is not None else module
            result.append(_ModuleSlot(module))
        known = functions[module]
        for name, function in found.items():
            if all(function is not k for k in known.values()):
                known.setdefault(name, function)
    return [
        function_group(keys[obj.module], obj.module, functions[obj.module])
        if isinstance(obj, _ModuleSlot)
        else obj
        for obj in result
    ]


def _scan_target(
    target: str,
    *,
    builder: MethodBuilder,
    groups: list[CatalogClass],
    keys: set[str],
    seen: set[type],
    diagnostics: list[Diagnostic],
) -> bool:
    """One target's classes into ``groups``; False when the target fails (an error)."""
    try:
        infos = builder.context.targets.resolve(target)
    except InspectorError as error:
        diagnostics.append(Diagnostic(Level.ERROR, str(error), code=codes.TARGET_FAILED))
        return False
    except BaseException as error:  # the module's own code (a lazy attribute) raised
        reraise_interrupt(error)
        message = f"target {target!r}: {brief(error)}"
        diagnostics.append(Diagnostic(Level.ERROR, message, code=codes.TARGET_FAILED))
        return False
    if not infos:
        diagnostics.append(
            Diagnostic(
                Level.WARNING, f"target {target!r}: no public class", code=codes.NO_PUBLIC_CLASS
            )
        )
    found = False
    for info in infos:
        if is_function_group(info.cls):
            group, left_out = scan_class(info, builder, set(), diagnostics)
            found = found or bool(group.tools)
            if info.explicit:  # the target names one function: say why it gives no tool
                diagnostics.extend(_named_no_tool(info.source, member) for member in left_out)
            _add_functions(groups, group)
            continue
        if info.cls not in seen:
            seen.add(info.cls)
            group, _ = scan_class(info, builder, keys, diagnostics)
            found = found or bool(group.tools)
            if group.tools or info.explicit:  # a module's classes without methods are noise
                groups.append(group)
                keys.add(group.key)
    if infos and not found and not any(info.explicit for info in infos):
        message = f"target {target!r}: no class with public methods"
        diagnostics.append(Diagnostic(Level.WARNING, message, code=codes.NO_PUBLIC_METHODS))
    return True


def _named_no_tool(target: str, member: NoToolMember) -> Diagnostic:
    """TI150: the one function a target names is no tool (inside a module's or a class's scan
    such a member is left out without a word: it is no tool by design)."""
    reason = member.reason
    message = f"target {target!r} gives no tool: the function {reason.what} ({reason.why})"
    subject = f"{owner_name(member.owner)}.{member.name}"
    return Diagnostic(
        Level.WARNING, message, member.path, member.line, subject, codes.NAMED_NO_TOOL
    )


def _inputs_left_out(notes: list[Diagnostic], method: MethodInfo) -> list[Diagnostic]:
    """TI140 in place of the TI109 infos: the method's inputs were all left out."""
    try:
        variadics = [
            f"{'*' if p.kind is p.VAR_POSITIONAL else '**'}{p.name}"
            for p in inspect.signature(method.function).parameters.values()
            if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
        ]
    except (TypeError, ValueError):  # a stub's signature: the code has none
        variadics = []
    message = (
        f"takes no argument: {' and '.join(variadics) or 'its *args/**kwargs'} left out "
        "(nothing says what they take); a new classification entry excludes it (document them "
        "in the docstring's Args, or set it true to offer it without arguments)"
    )
    subject = f"{owner_name(method.owner)}.{method.name}"
    kept = [d for d in notes if d.code != codes.VARIADIC_LEFT_OUT]
    return [
        *kept,
        Diagnostic(
            Level.WARNING, message, method.path, method.line, subject, codes.INPUTS_LEFT_OUT
        ),
    ]


def _add_functions(groups: list[CatalogClass], group: CatalogClass) -> None:
    """A module's functions as one group: those of a module already scanned (``mod.py:add
    mod.py:sub``) join its group, each once."""
    for index, other in enumerate(groups):
        if other.key == group.key and other.function_group:
            have = {tool.method_name for tool in other.tools}
            added = tuple(tool for tool in group.tools if tool.method_name not in have)
            source = other.source
            if source != group.source:  # the module the targets named functions of
                source = _module_part(source)
            groups[index] = replace(other, source=source, tools=other.tools + added)
            return
    groups.append(group)


def _module_part(target: str) -> str:
    """``mod.py:add`` → ``mod.py``; a target naming no function (``mod.py``,
    ``C:\\src\\mod.py``) as it is."""
    module, _, name = target.rpartition(":")
    return module if module and name.isidentifier() else target


FUNCTIONS_SUFFIX = ":functions"
"""Added to a module's key when a class has that key (``:`` is in no class key)."""


def key_function_groups(
    groups: list[CatalogClass], diagnostics: list[Diagnostic]
) -> list[CatalogClass]:
    """A class keeps its key whatever else was scanned; a module's functions whose key a class
    has are keyed ``module:functions`` instead, with a warning."""
    classes = {group.key for group in groups if not group.function_group}
    result = []
    for group in groups:
        if not group.function_group or group.key not in classes:
            result.append(group)
            continue
        key = group.key + FUNCTIONS_SUFFIX
        message = f"a class is keyed {group.key!r} too: the module's functions are keyed {key!r}"
        diagnostics.append(
            Diagnostic(Level.WARNING, message, "", 0, group.key, code=codes.DUPLICATE_CLASS_NAME)
        )
        result.append(replace(group, key=key))
    return result


def _class_location(info: ClassInfo, locations: Locations) -> tuple[str, int]:
    """Where a class is defined, for a diagnostic about the class itself: a target that names a
    package's re-export (``scipy.interpolate:interp1d``) is located in the file that defines
    it, not the package's ``__init__.py``; the target's file, without a line, when no source
    says."""
    try:
        source = inspect.getsourcefile(info.cls)
        line = inspect.getsourcelines(info.cls)[1] if source else 0
    except (TypeError, OSError):  # a built-in class, or one made in ``python -c``
        return info.path, 0
    return (locations.of(source), line) if source else (info.path, 0)


def scan_class(
    info: ClassInfo,
    builder: MethodBuilder,
    taken: set[str],
    diagnostics: list[Diagnostic],
) -> tuple[CatalogClass, list[NoToolMember]]:
    """A class's tools (a module's functions: the group's), and its public methods a rule of
    ``no_tools`` left out."""
    tools: list[ToolDescriptor] = []
    left_out: list[NoToolMember] = []
    for member in iter_members(info, builder.context.targets.locations):
        if isinstance(member, NoToolMember):
            left_out.append(member)
            continue
        tool, notes = builder.build(member)
        if isinstance(tool, NoTool):  # it makes a decorator
            left_out.append(NoToolMember(member.owner, member.name, tool, member.path, member.line))
            continue
        if inputs_left_out(tool):
            notes = _inputs_left_out(notes, member)
        diagnostics.extend(notes)
        tools.append(tool)
    key = info.cls.__qualname__
    if not tools and info.explicit and not is_function_group(info.cls):
        message = "no public methods: the class gives no tools"
        if left_out:  # it has some, each left out by a rule: say which and why, in the order
            # of the code (by name on one line: methods one ``def`` made in a loop of a set)
            ordered = sorted(left_out, key=lambda member: (member.path, member.line, member.name))
            reasons = (f"{member.name} {member.reason.what}" for member in ordered)
            message = f"the class gives no tools: {listed(reasons)}"
        left = bases_not_taken(info.cls)
        if left:
            message += (
                f" (the methods of {', '.join(left[:3])}{', ...' if len(left) > 3 else ''}, "
                "from an installed package or the standard library, are not taken; scan that "
                "class itself for them)"
            )
        path, line = _class_location(info, builder.context.targets.locations)
        diagnostics.append(
            Diagnostic(Level.WARNING, message, path, line, key, code=codes.NO_PUBLIC_METHODS)
        )
    if key in taken and not is_function_group(info.cls):
        key = f"{info.cls.__module__}.{info.cls.__qualname__}"
        diagnostics.append(
            Diagnostic(
                Level.WARNING,
                f"two classes named {info.cls.__qualname__}: this one is keyed {key!r}",
                info.path,
                0,
                info.cls.__qualname__,
                code=codes.DUPLICATE_CLASS_NAME,
            )
        )
    return CatalogClass(key, info.source, tuple(tools), is_function_group(info.cls)), left_out


NAME_LENGTH = 64
"""Generated names fit the strictest provider rule (64 characters of ``[a-zA-Z0-9_-]``)."""


def disambiguate(
    groups: list[CatalogClass], diagnostics: list[Diagnostic]
) -> tuple[CatalogClass, ...]:
    """Tool names are method names; a name several tools share becomes ``Class_method`` after the
    scanned class (not the base that defines it), then ``_2``, ``_3``... if still taken, so
    every name is unique by construction."""
    shared = _shared_names(groups)
    if not shared:  # the usual case: every name is already unique, nothing is copied
        return tuple(groups)
    counts = Counter(tool.name for group in groups for tool in group.tools)
    taken = {name for name, count in counts.items() if count == 1}
    result = []
    for group in groups:
        if not any(tool.name in shared for tool in group.tools):
            result.append(group)
            continue
        tools, renames = [], []
        for tool in group.tools:
            if tool.name not in shared:
                tools.append(tool)
                continue
            renamed = _free_name(qualified_name(group.key, tool.name), taken)
            taken.add(renamed)
            renames.append((tool, renamed))
            tools.append(replace(tool, name=renamed))
        if renames:
            diagnostics.append(_renamed(group, renames))
        result.append(replace(group, tools=tuple(tools)))
    return tuple(result)


def qualified_name(class_key: str, name: str) -> str:
    """``Class_method``: a tool's name when other scanned classes have a method so named (the
    class's own name, not its module path)."""
    return f"{class_key.rpartition('.')[2]}_{name}"


def _renamed(group: CatalogClass, renames: list[tuple[ToolDescriptor, str]]) -> Diagnostic:
    """One TI112 per class: its tools renamed because other classes have methods so named."""
    tool, renamed = renames[0]
    path, line = tool.path_and_line
    if len(renames) == 1:
        message = f"another class has a method {tool.name!r}: the tool is named {renamed!r}"
        subject = f"{group.key}.{tool.method_name}"
    else:
        prefix = f"{group.key.rpartition('.')[2]}_"
        odd = [f"{new!r} for {old.name!r}" for old, new in renames if new != prefix + old.name]
        names = ", ".join(repr(old.name) for old, _ in renames[:5])
        message = (
            f"other classes have methods of the same names: {len(renames)} tools are named "
            f"{prefix}<method> ({names}{', ...' if len(renames) > 5 else ''})"
            + (f"; {', '.join(odd)}" if odd else "")
        )
        subject = group.key
    return Diagnostic(Level.WARNING, message, path, line, subject, code=codes.TOOL_RENAMED)


def _shared_names(groups: list[CatalogClass]) -> set[str]:
    """The names more than one tool has, found in a sorted list of the names: at the end of a
    large scan, with every class alive, that costs a pointer per tool where counting them in a
    dict or a set costs several times more."""
    names = sorted(tool.name for group in groups for tool in group.tools)
    return {name for name, following in itertools.pairwise(names) if name == following}


def _free_name(name: str, taken: set[str]) -> str:
    """``name`` (cut to ``NAME_LENGTH``), or with the first free ``_2``, ``_3``... suffix."""
    candidate, number = name[:NAME_LENGTH], 1
    while candidate in taken:
        number += 1
        suffix = f"_{number}"
        candidate = name[: NAME_LENGTH - len(suffix)] + suffix
    return candidate
