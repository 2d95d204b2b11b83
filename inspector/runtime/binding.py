"""Which tools a Toolbox offers and how each is bound to its object: the objects given, the
classification (a file or a mapping, checked alike; a subclass takes its classified base's
entries), the include/exclude globs, and the method, hints and field defaults of each tool."""

from __future__ import annotations

import fnmatch
import inspect
import types
import typing
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from dataclasses import field as dataclass_field
from pathlib import Path

from inspector import codes
from inspector.catalog import Catalog
from inspector.diagnostics import Diagnostic, InspectorError, Level
from inspector.files.classification import Classification, load_required, parsed
from inspector.files.new_entries import NewMethods
from inspector.model import AnyValueType, Field, Json, MethodKind, ParameterKind, ToolDescriptor
from inspector.project import pipeline
from inspector.render.selection import Selected, quiet_excluded
from inspector.runtime.arguments import Converter
from inspector.runtime.host import exception_text
from inspector.runtime.spread import (
    ByPosition,
    renaming_wrapper_positions,
    unreadable_signature_positions,
)
from inspector.scan.call_hints import call_hints
from inspector.scan.docstrings import DocstringStyle
from inspector.scan.fields import FieldDefault, field_defaults
from inspector.scan.forwarding import overridden
from inspector.scan.function_factories import unwrapped
from inspector.scan.methods import MethodBuilder
from inspector.scan.variadics import wrapper_keywords


@dataclass(frozen=True, slots=True)
class Bound:
    """A tool and how to call its method.

    Attributes:
        descriptor: The tool a model is offered (shaped by its classification entry).
        function: The bound method.
        hints: Python name → the hint its value is converted by.
        python_names: Tool parameter name → Python name, where they differ.
        field_defaults: Python name → the field object's default (pydantic ``Field``).
        parameters: The method's parameters as scanned, in order (the offered ones and the
            fixed and hidden ones).
        fixed: Parameter name → (its field, the JSON value the classification fixes): passed
            at every call, never taken from the model.
        owner: The object or class the method is taken from.
        by_position: The parameters passed by position to a decorator's wrapper that takes
            them under other names (see ``spread.renaming_wrapper_positions``).
        doc_typed: The Python names whose hint was read from the docstring (converted as the
            scan offered them: ``Converter.loose``).
    """

    descriptor: ToolDescriptor
    function: Callable[..., object]
    hints: dict[str, object]
    python_names: dict[str, str]
    field_defaults: dict[str, FieldDefault]
    parameters: tuple[Field, ...]
    fixed: dict[str, tuple[Field, Json]] = dataclass_field(default_factory=dict)
    owner: object = None
    by_position: ByPosition = ()
    doc_typed: frozenset[str] = frozenset()


def flattened(objects: Iterable[object]) -> Iterable[object]:
    """The objects, a plain list or tuple replaced by its items (not a subclass: that is an
    object with methods of its own)."""
    for item in objects:
        if type(item) in (list, tuple):
            yield from flattened(typing.cast(Iterable[object], item))
        else:
            yield item


def classification_of(
    value: str | Path | Mapping[str, Mapping[str, object]] | None,
) -> Classification | None:
    """The classification a Toolbox is given: a file (which must exist) or a mapping in the
    file's format, checked alike."""
    if value is None:
        return None
    if isinstance(value, str | Path):
        return load_required(Path(value))
    if not isinstance(value, Mapping):
        raise InspectorError(f"classification: a path or a mapping, not {type(value).__name__}")
    plain = {k: dict(v) if isinstance(v, Mapping) else v for k, v in value.items()}
    return parsed(plain)


def classified_base(cls: type, choices: Classification | None) -> type | None:
    """The nearest base of a class the classification does not name that it names (``Redis``
    for a ``FakeRedis``), whose entries the class takes; None otherwise."""
    if not choices or cls.__qualname__ in choices:
        return None
    return next((b for b in cls.__mro__[1:] if b.__name__ in choices), None)


def inherited_entries(
    choices: Classification | None, owners: Mapping[str, object]
) -> tuple[Classification | None, list[Diagnostic]]:
    """A class the classification does not name takes the entries of the nearest base class
    it names (a subclass of ``Calc``, such as a fake or a proxy class, keeps ``Calc``'s
    ``false``); a base named only for that is then no unknown key."""
    if not choices:
        return choices, []
    taken: Classification = {}
    used: set[str] = set()
    notes = []
    for key, owner in owners.items():
        cls = owner if isinstance(owner, type) else type(owner)
        found = classified_base(cls, choices)
        if key in choices or found is None:
            continue
        base = found.__name__
        taken[key] = choices[base]
        used.add(base)
        message = (
            f"class {key!r} is not in the classification: the entries of its base {base!r} apply"
        )
        notes.append(Diagnostic(Level.INFO, message, "", code=codes.BASE_CLASS_ENTRIES))
    kept = {k: v for k, v in choices.items() if k in owners or k not in used}
    return {**kept, **taken}, notes


def chosen_tools(
    objects: Sequence[object],
    choices: Classification | None,
    where: Path | None,
    style: DocstringStyle,
    new: NewMethods,
) -> tuple[list[Selected], dict[str, object], Catalog, list[Diagnostic]]:
    """The tools a classification chooses of some objects (a class stands for its class's
    methods, bound or not), as the Toolbox chooses them: what ``serve`` also asks before it
    makes an object, so that it makes only those whose methods are chosen.

    Args:
        objects: Instances, classes, modules and functions, as a Toolbox takes them.
        choices: The classification (None: every method, as ``new`` says of new ones).
        where: The classification file, to locate its diagnostics (None for a mapping).
        style: How docstrings are read.
        new: What a method the classification does not name starts as.

    Returns:
        The chosen tools in order, each class key's object, the catalog scanned and the
        diagnostics of the scan and the choice.
    """
    # a subclass that takes a base's entries has the base's methods too, even from another
    # package than its own (a FakeRedis given for the Redis the classification names)
    classes = [obj if isinstance(obj, type) else type(obj) for obj in flattened(objects)]
    bases = {cls: base for cls in classes if (base := classified_base(cls, choices)) is not None}
    catalog, owners, diagnostics = pipeline.scan_objects(objects, style, bases)
    choices, inherited = inherited_entries(choices, owners)
    selected, notes = pipeline.select_sources(
        catalog,
        choices,
        where,
        include_new=new.include,
        include_destructive=new.include_destructive,
    )
    return (
        selected,
        owners,
        catalog,
        quiet_excluded(diagnostics, catalog, choices) + inherited + notes,
    )


def matches(
    class_key: str,
    tool: ToolDescriptor,
    include: Iterable[str] | None,
    exclude: tuple[str, ...],
) -> bool:
    """Whether the tool passes the ``include`` and ``exclude`` globs."""
    names = (tool.name, f"{class_key}.{tool.method_name}")
    if include is not None and not any(fnmatch.fnmatchcase(n, p) for p in include for n in names):
        return False
    return not any(fnmatch.fnmatchcase(n, p) for p in exclude for n in names)


def unmatched(
    catalog: Catalog, selected: Iterable[Selected], patterns: Iterable[str], what: str
) -> list[Diagnostic]:
    """A warning for each pattern that matches no tool name (as scanned, or as the
    classification shapes it: ``matches`` takes either) and no ``Class.method``."""
    names = [n for key, tool in catalog.tools() for n in (tool.name, f"{key}.{tool.method_name}")]
    names += [chosen.tool.name for chosen in selected]
    return [
        Diagnostic(
            Level.WARNING,
            f"{what} pattern {p!r} matches no tool",
            code=codes.PATTERN_MATCHES_NOTHING,
        )
        for p in patterns
        if not any(fnmatch.fnmatchcase(name, p) for name in names)
    ]


def _defining_class(obj: object, name: str) -> type:
    """The class that defines the method ``name`` of ``obj`` (a class or an instance), as the
    scan reads it there: a compiled base's method is typed by the base's stub, which the
    object's own class (a Python subclass) does not have; the object's class when none in its
    MRO defines it."""
    cls = obj if isinstance(obj, type) else type(obj)
    return next((c for c in cls.__mro__ if name in vars(c)), cls)


def bind(
    obj: object,
    tool: ToolDescriptor,
    style: DocstringStyle,
    stubs: MethodBuilder,
    shaped: ToolDescriptor | None = None,
) -> Bound | None:
    """The tool bound to its object's method; None when the object has no such method (or is
    a class and the method needs an instance). ``tool`` is the tool as scanned, ``shaped`` as
    the classification shapes it (offered to the model; default: ``tool``).

    Raises:
        ArgumentError: A fixed value is no value of its parameter's Python type.
    """
    function = getattr(obj, tool.method_name, None)
    if not callable(function):
        return None
    if isinstance(obj, type) and tool.method_kind is MethodKind.INSTANCE:
        return None  # a class was given: its instance methods have nothing to bind to
    renames = getattr(obj, "__parameter_names__", None)
    names = renames.get(tool.method_name) if isinstance(renames, dict) else None
    python_names = {v: k for k, v in names.items()} if isinstance(names, dict) else {}
    owner = _defining_class(obj, tool.method_name)
    read = function  # what the scan read: for an override that only passes its arguments
    stands = overridden(owner, tool.method_name)  # on, the method it overrides (it is called)
    if stands is not None and not isinstance(obj, type):
        owner, read = stands[0], types.MethodType(stands[1], obj)
    documented = [
        python_names.get(name, name)
        for name, source in tool.type_sources
        if source == "docstring" and name != "return"
    ] + documented_keys(read, tool, python_names)
    stubbed = any(source == "stub" for _, source in tool.type_sources)
    try:
        defaulted = [
            python_names.get(n, n) for n, source in tool.type_sources if source == "default"
        ]
        hints = call_hints(
            read,
            owner,
            style,
            documented,
            stubs if stubbed else None,
            defaulted=defaulted,
            receiver=obj if isinstance(obj, type) else type(obj),
        )
    except Exception:  # the builder already reported it; convert nothing then
        hints = {}
    target = unwrapped(read)
    offered = shaped or tool
    fixed = _fixed(tool, offered, python_names, hints, frozenset(documented))
    defaults = field_defaults(target, hints)
    return Bound(
        offered,
        function,
        hints,
        python_names,
        defaults,
        tool.parameters,
        fixed,
        obj,
        renaming_wrapper_positions(function)
        or _stub_positions(function, tool, python_names, stubbed),
        frozenset(documented),
    )


def _stub_positions(
    function: Callable[..., object],
    tool: ToolDescriptor,
    python_names: Mapping[str, str],
    stubbed: bool,
) -> ByPosition:
    """The parameters a call passes by position to a compiled method whose signature came
    from its stub (see ``spread.unreadable_signature_positions``); none for a signature read
    from a docstring's first line, whose defaulted parameters go by name (the line may order
    them otherwise than the code), nor when the schema left a parameter out (a callable): the
    positions after it are not known, and each value would land one slot early."""
    if not stubbed or tool.left_out:  # a parameter the schema left out: positions unknown
        return ()
    return unreadable_signature_positions(
        function,
        (
            (python_names.get(p.name, p.name), p.kind is ParameterKind.POSITIONAL_OR_KEYWORD)
            for p in tool.parameters
        ),
    )


def _fixed(
    tool: ToolDescriptor,
    shaped: ToolDescriptor,
    python_names: Mapping[str, str],
    hints: Mapping[str, object],
    doc_typed: frozenset[str],
) -> dict[str, tuple[Field, Json]]:
    """The fixed parameters, each with its field (a keyword one for a parameter the scan left
    out), after checking that each value converts to its Python type."""
    fields = {f.name: f for f in tool.parameters}
    fixed = {}
    for name, value in shaped.curation.fixed:
        field = fields.get(name) or Field(name, AnyValueType(), kind=ParameterKind.KEYWORD_ONLY)
        python_name = python_names.get(name, name)
        converter = Converter(loose=python_name in doc_typed)
        converter.convert(value, hints.get(python_name, typing.Any), name)
        fixed[name] = (field, value)
    return fixed


def documented_keys(
    function: Callable[..., object], tool: ToolDescriptor, python_names: Mapping[str, str]
) -> list[str]:
    """The parameters the scan read from the docstring's entries for ``**kwargs`` keys (not in
    the signature): converted by their docstring type, as the schema says."""
    try:
        signature = inspect.signature(function).parameters
    except (TypeError, ValueError):
        return []
    takes = any(p.kind is inspect.Parameter.VAR_KEYWORD for p in signature.values())
    wrapper_takes = frozenset[str]() if takes else wrapper_keywords(function)
    if not takes and not wrapper_takes:
        return []
    names = (python_names.get(f.name, f.name) for f in tool.parameters)
    return [n for n in names if n not in signature and (takes or n in wrapper_takes)]


def not_bindable(class_key: str, tool: ToolDescriptor, error: Exception) -> Diagnostic:
    return Diagnostic(
        Level.WARNING,
        f"{class_key}.{tool.method_name}: cannot be taken from the object "
        f"({type(error).__name__}: {exception_text(error)}); left out",
        tool.location,
        code=codes.NOT_BINDABLE,
    )


class NeedsInstanceError(TypeError):
    """A class was given whose chosen methods need an instance of it."""


def refuse_a_class(
    owners: Mapping[str, object], taken: Iterable[tuple[str, ToolDescriptor, bool]]
) -> None:
    """``Toolbox(Calc)`` where ``Toolbox(Calc())`` was meant: of a class given as such, tools
    were chosen that need an instance and not one tool could be bound, so it would silently
    give nothing. (A class for its static or class methods is fine.)"""
    wanted: set[str] = set()
    bound: set[str] = set()
    for class_key, tool, was_bound in taken:
        if was_bound:
            bound.add(class_key)
        elif tool.method_kind is MethodKind.INSTANCE:
            wanted.add(class_key)
    for class_key in sorted(wanted - bound):
        owner = owners[class_key]
        if isinstance(owner, type):
            raise NeedsInstanceError(
                f"Toolbox({owner.__name__}): a class; its methods need an instance: "
                f"Toolbox({owner.__name__}(...))"
            )
