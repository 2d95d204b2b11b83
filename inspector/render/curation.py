"""Curation: a classification entry applied to its tool. The tool gets its name (``name``, after
the class's ``@prefix``), its text, a schema without the fixed and hidden parameters (the
class's ``@fixed`` and ``@hidden``, then the entry's own) and with the parameter texts the
entry gives; ``ToolDescriptor.curation`` carries the fixed values and the runtime's keys
(``approval``, ``timeout``, ``defer``). ``method_name`` stays the Python method the tool
calls."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Protocol

from inspector import codes
from inspector.diagnostics import Diagnostic, Level, did_you_mean
from inspector.files.classification import MethodEntry, is_pattern
from inspector.model import Curation, Field, Json, ToolDescriptor
from inspector.typetable.schema_values import value_problem


class Locate(Protocol):
    """Key path in the classification file → (path, line) to name in a diagnostic; with
    ``item``, the line of that name in the list the key path holds (``"hidden": [...]``)."""

    def __call__(self, keys: list[str], item: str | None = None) -> tuple[str, int]: ...


_NO_ENTRY = MethodEntry()


@dataclass(frozen=True, slots=True)
class Covered:
    """Where a tool's entry is in the classification file.

    Attributes:
        class_key: The tool's class key.
        key: The method key whose entry applies (its name or a pattern); None for none.
        entry: That entry (None for none: the tool keeps its shape, the prefix aside).
        prefix: The class's ``@prefix`` ("" for none).
        hidden: The class's ``@hidden`` parameters.
        fixed: The class's ``@fixed`` parameters: (parameter, value).
    """

    class_key: str
    key: str | None
    entry: MethodEntry | None
    prefix: str
    hidden: tuple[str, ...] = ()
    fixed: tuple[tuple[str, Json], ...] = ()


def curate(
    tool: ToolDescriptor, covered: Covered, locate: Locate
) -> tuple[ToolDescriptor | None, list[Diagnostic]]:
    """The tool shaped by its entry, or None when the entry cannot be applied (it hides a
    required parameter or fixes a value the parameter's type does not allow: the tool is left
    out rather than offered unshaped), with the diagnostics.

    A ``fixed``, ``hidden`` or ``params`` key that names no parameter of the method is a
    warning for an entry of the method's own; a pattern's entry applies to each method only
    where the parameter exists. The class's ``@hidden`` and ``@fixed`` apply first, each where
    the method has the parameter (``@hidden`` only where it is optional; neither to an
    injected one), and the entry's own ``fixed`` and ``hidden`` add to them, winning for a
    parameter both name (see ``_class_wide``).
    """
    entry = covered.entry or _NO_ENTRY
    if entry == _NO_ENTRY and not (covered.prefix or covered.hidden or covered.fixed):
        return tool, []  # a plain true (equality ignores ``written``)
    fields = {f.name: f for f in tool.parameters}
    left_out = [f.name for f in tool.left_out]
    class_fixed, class_hidden = _class_wide(tool, covered, entry, fields)
    notes = _unused(tool, covered, fields, left_out, locate)
    notes += _invalid(tool, covered, entry, fields, locate, class_fixed=class_fixed)
    if any(note.level is Level.ERROR for note in notes):
        return None, notes
    # the host gives an injected parameter at every call: an entry's fixed or hidden naming it
    # (a warning for the method's own entry, TI332) does nothing, so the tool does not carry it
    injected = {f.name for f in tool.left_out if f.reason == "injected"}
    fixed = {k: v for k, v in (class_fixed | dict(entry.fixed)).items() if k not in injected}
    hidden = (class_hidden | set(entry.hidden)) - injected
    texts = dict(entry.params)
    parameters = tuple(
        replace(f, description=texts[f.name]) if f.name in texts else f
        for f in tool.parameters
        if f.name not in fixed and f.name not in hidden
    )
    order = [*fields, *left_out]
    curation = Curation(
        fixed=tuple((name, fixed[name]) for name in order if name in fixed),
        hidden=tuple(name for name in fields if name in hidden),
        approval=entry.approval,
        timeout=entry.timeout,
        defer=entry.defer,
        named=bool(entry.name or covered.prefix),
    )
    shaped = replace(
        tool,
        name=covered.prefix + (entry.name or tool.name),
        description=tool.description if entry.description is None else entry.description,
        parameters=parameters,
        curation=curation,
    )
    return shaped, notes


def _class_wide(
    tool: ToolDescriptor, covered: Covered, entry: MethodEntry, fields: dict[str, Field]
) -> tuple[dict[str, Json], set[str]]:
    """The class's ``@fixed`` and ``@hidden`` as they apply to this tool: a ``@fixed``
    parameter the method has (in the schema or left out by the scan), a ``@hidden`` one it has
    as an optional parameter; neither an injected parameter (the host gives it), nor one the
    entry itself fixes or hides (the entry is the more specific: it wins)."""
    # a parameter left out as internal takes a fixed value; one left out for having no JSON
    # form does not (the Toolbox could not convert it), nor one the host injects
    present = set(fields) | {f.name for f in tool.left_out if f.reason == "internal"}
    own = {name for name, _ in entry.fixed} | set(entry.hidden)
    fixed = {name: value for name, value in covered.fixed if name in present and name not in own}
    hidden = {
        name
        for name in covered.hidden
        if name in fields and not fields[name].required and name not in own
    }
    return fixed, hidden


def _unused(
    tool: ToolDescriptor,
    covered: Covered,
    fields: dict[str, Field],
    left_out: list[str],
    locate: Locate,
) -> list[Diagnostic]:
    """Warnings for the keys of a method's own entry that name no parameter of it."""
    entry = covered.entry or _NO_ENTRY
    if covered.key is None or is_pattern(covered.key):
        return []
    # the host gives an injected parameter from its context at every call, whatever is fixed
    injected = {f.name: f.key or f.name for f in tool.left_out if f.reason == "injected"}
    notes = []
    for what, name in entry.names_parameters():
        if name in injected and what != "params":
            why = f"which the host gives from the context key {injected[name]!r}"
        elif name in fields or (what != "params" and name in left_out):
            continue
        else:
            why = f"which is no parameter of the tool{did_you_mean(name, [*fields, *left_out])}"
        if what == "hidden":  # a list: the name's line in it
            path, line = locate([covered.class_key, covered.key, what], name)
        else:
            path, line = locate([covered.class_key, covered.key, what, name])
        notes.append(
            Diagnostic(
                Level.WARNING,
                f"{what} names {name!r}, {why}; it has no effect",
                path,
                line,
                subject=f"{covered.class_key}.{tool.method_name}",
                code=codes.CURATION_UNUSED,
            )
        )
    return notes


def _invalid(
    tool: ToolDescriptor,
    covered: Covered,
    entry: MethodEntry,
    fields: dict[str, Field],
    locate: Locate,
    *,
    class_fixed: dict[str, Json],
) -> list[Diagnostic]:
    """Errors for a hidden required parameter and for fixed values the type does not allow
    (the entry's ``fixed`` and the class's ``@fixed`` where it applies)."""
    key = str(covered.key)
    problems: list[tuple[list[str], str]] = []  # (key path below the class, message)
    in_lists: dict[int, str] = {}  # a problem's name in the list its key path holds
    for name in entry.hidden:
        if name in fields and fields[name].required:
            in_lists[len(problems)] = name
            problems.append(
                (
                    [key, "hidden"],
                    f"hidden names the required parameter {name!r}: a call needs it (fix its "
                    "value with fixed instead); the tool is left out",
                )
            )
    definitions = dict(tool.definitions)
    checked = [("fixed", [key, "fixed"], name, value) for name, value in entry.fixed]
    checked += [("@fixed", ["@fixed"], name, value) for name, value in class_fixed.items()]
    formless = {f.name: f.type for f in tool.left_out if f.reason == "no-json-form"}
    for what, keys, name, value in checked:
        if name in formless:  # the Toolbox could not make the value: no door offers the tool
            problems.append(
                (
                    [*keys, name],
                    f"the {what} value of {name!r} cannot be given: its type {formless[name]} "
                    "has no JSON form (the method's default applies when it is left alone); "
                    "tool left out",
                )
            )
            continue
        if name not in fields:
            continue
        found = value_problem(value, fields[name].type, definitions, name)
        if found is not None:
            problems.append(
                ([*keys, name], f"the {what} value of {name!r} is wrong: {found}; tool left out")
            )
    notes = []
    for index, (keys, message) in enumerate(problems):
        path, line = locate([covered.class_key, *keys], in_lists.get(index))
        notes.append(
            Diagnostic(
                Level.ERROR,
                message,
                path,
                line,
                subject=f"{covered.class_key}.{tool.method_name}",
                code=codes.CURATION_INVALID,
            )
        )
    return notes
