"""Python stubs from tool definitions: a typed module whose inspection gives the schemas back.

The code is prepared here (names made safe, text escaped, lines laid out for ``ruff format``);
the ``stubs.py.jinja`` template arranges it, so a user template can change the layout.
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from pathlib import Path

from inspector import codes
from inspector.catalog import Catalog, CatalogClass
from inspector.diagnostics import Diagnostic, Level
from inspector.model import (
    MISSING,
    AnyValueType,
    ArrayType,
    Field,
    MethodKind,
    ObjectType,
    ParameterKind,
    SchemaType,
    ToolDescriptor,
)
from inspector.stubs import pycode
from inspector.stubs.annotations import Annotation, TypeWriter, fits
from inspector.stubs.docstrings import docstring
from inspector.stubs.pycode import Atom, Group

TEMPLATE = "stubs.py.jinja"
_NO_DEFAULT_BLOCK = (
    "class _NoDefault:",
    '    """The default of an optional argument whose schema gives none."""',
    "",
    "    def __repr__(self) -> str:",
    '        return "NO_DEFAULT"',
    "",
    "",
    "NO_DEFAULT: Any = _NoDefault()",
)


_SCHEMA_BLOCK = (
    "class Schema:",
    '    """JSON Schema keywords of the annotated type that Python cannot say."""',
    "",
    "    def __init__(self, json_schema_extra: dict[str, Any]) -> None:",
    "        self.json_schema_extra = json_schema_extra",
)
_EXACT_LINES = (
    "",
    "",
    "# Schema({}) adds no keyword: it keeps apart a union member that a type checker counts as",
    "# redundant (int beside float, a Literal beside its type) and the schema does not.",
)


@dataclass(frozen=True, slots=True)
class StubModule:
    """What the stubs template receives: prepared, safe code."""

    docstring: str
    imports: tuple[str, ...]
    blocks: tuple[str, ...]
    classes: tuple[str, ...]


@dataclass
class _ClassWriter:
    """One tool class: its methods and the names it had to change."""

    types: TypeWriter
    name: str
    key: str
    """The class's key in the catalog (``module.Name`` when two classes share a name)."""
    diagnostics: list[Diagnostic]
    methods: set[str] = field(default_factory=set)
    tool_names: dict[str, str] = field(default_factory=dict)
    parameter_names: dict[str, dict[str, str]] = field(default_factory=dict)

    def method(self, tool: ToolDescriptor) -> list[str]:
        """The method of one tool."""
        wanted = tool.method_name or tool.name
        python_name = _method_name(wanted, self.methods, self.types.taken)
        if python_name != tool.name:
            self.tool_names[python_name] = tool.name
        self.types.start_tool(tool.definitions)
        names = _parameter_names(tool.parameters)
        renamed = {py: f.name for py, f in zip(names, tool.parameters, strict=True) if py != f.name}
        if renamed:
            self.parameter_names[python_name] = renamed
        annotations = [self.types.annotation(_element(f), f.name) for f in tool.parameters]
        defaults = [self._default(f, a) for f, a in zip(tool.parameters, annotations, strict=True)]
        returns = (
            self.types.annotation(tool.returns.type, f"{tool.name}_result")
            if tool.returns.type is not None
            else Annotation(Atom(self.types.use("typing", "Any")), self.types)
        )
        entries = [
            (_STARS.get(f.kind, "") + py, f.description)
            for py, f in zip(names, tool.parameters, strict=True)
        ]
        doc, carried = docstring(
            pycode.INDENT * 2,
            tool.description,
            "Args",
            [(n, t) for n, t in entries if t],
            tool.returns.description,
        )
        for (py, text), annotation in zip(entries, annotations, strict=True):
            if text and py not in carried.names:
                annotation.description = text
        if tool.returns.description and not carried.returns:
            returns.description = tool.returns.description
        for f, annotation in zip(tool.parameters, annotations, strict=True):
            if f.kind is ParameterKind.VAR_POSITIONAL and _element(f) == AnyValueType():
                _said_any(annotation)
        if not carried.description:
            self._note(tool, "its description cannot be carried by a docstring exactly")
        for note in self.types.notes:
            self._note(tool, note)
        self.types.notes.clear()
        items = _signature_items(tool, names, annotations, defaults, self._injected(tool))
        return _method_lines(tool, python_name, items, returns, doc)

    def _injected(self, tool: ToolDescriptor) -> list[pycode.Expr]:
        """``name: Annotated[Any, Injected("key")]`` for each parameter the host injects:
        a scan of the stub leaves it out again, with its key."""
        found = [p for p in tool.left_out if p.reason == "injected"]
        if not found:
            return []
        annotated = self.types.use("typing", "Annotated")
        any_value = self.types.use("typing", "Any")
        injected = self.types.use("inspector", "Injected")
        return [
            Atom(f"{p.name}: {annotated}[{any_value}, {injected}({pycode.literal(p.key)})]")
            for p in found
        ]

    def _default(self, f: Field, annotation: Annotation) -> str | None:
        if f.required or f.kind in _STARS:
            return None
        if f.default is not MISSING:
            mutable = isinstance(f.default, list | dict)  # ruff B006: kept in Schema instead
            if not mutable and fits(f.default, f.type, self.types.typed_dict):
                return pycode.literal(f.default)
            annotation.add_default(f.default)
        self.types.uses_no_default = True
        return "NO_DEFAULT"

    def _note(self, tool: ToolDescriptor, message: str) -> None:
        """A warning at the tool's method, named ``Class.method`` as the scan names it."""
        path, line = tool.path_and_line
        subject = f"{self.key.rpartition('.')[2]}.{tool.method_name or tool.name}"
        self.diagnostics.append(
            Diagnostic(Level.WARNING, message, path, line, subject, codes.STUB_INEXACT)
        )

    def lines(self, source: str, methods: list[list[str]]) -> list[str]:
        """The whole class."""
        what = f"the tools of {source}" if source else "tools"
        body = [f'{pycode.INDENT}"""{pycode.docstring_body(f"Stubs of {what}.")}"""']
        class_var = "ClassVar"
        if self.tool_names or self.parameter_names:
            self.types.use("typing", class_var)
            body.append("")
        if self.tool_names:
            body.extend(
                pycode.layout(
                    pycode.literal_expr(dict(sorted(self.tool_names.items()))),
                    pycode.INDENT,
                    f"__tool_names__: {class_var}[dict[str, str]] = ",
                    "",
                )
            )
        if self.parameter_names:
            body.extend(
                pycode.layout(
                    pycode.literal_expr(dict(sorted(self.parameter_names.items()))),  # type: ignore[arg-type]
                    pycode.INDENT,
                    f"__parameter_names__: {class_var}[dict[str, dict[str, str]]] = ",
                    "",
                )
            )
        for method in methods:
            body.extend(["", *method])
        return [f"class {self.name}:", *body]


def _method_name(wanted: str, methods: set[str], module_names: AbstractSet[str]) -> str:
    """A public method name: no leading underscore (scans skip private methods), none of the
    module's names (read in place: copying them per method would grow with the module)."""
    stripped = wanted.lstrip("_") or "tool"
    if not (stripped[0].isascii() and stripped[0].isalpha()):
        stripped = f"tool_{stripped}"
    return pycode.identifier(stripped, methods, _Either(module_names, _SELF_NAMES))


_SELF_NAMES = frozenset({"self", "cls"})


@dataclass(frozen=True, slots=True)
class _Either:
    """The names in either of two sets, without joining them."""

    first: AbstractSet[str]
    second: AbstractSet[str]

    def __contains__(self, name: object) -> bool:
        return name in self.first or name in self.second


def _parameter_names(parameters: tuple[Field, ...]) -> list[str]:
    taken = {f.name for f in parameters if pycode.is_plain_name(f.name)} - {"self", "cls"}
    names = []
    for f in parameters:
        if _read_as_internal(f):  # ``_id = NO_DEFAULT`` would be left out by a scan: ``id_``
            names.append(pycode.identifier((f.name.lstrip("_") or "arg") + "_", taken))
        elif f.name in taken and pycode.is_plain_name(f.name):
            names.append(f.name)
        else:
            names.append(pycode.identifier(f.name, taken, _SELF_NAMES))
    return names


def _read_as_internal(field: Field) -> bool:
    """An optional parameter named with a leading ``_`` (MongoDB's ``_id``): a scan of the stub
    takes such a parameter as internal, so the stub renames it and maps the name back."""
    return field.name.startswith("_") and not field.required


def _signature_items(
    tool: ToolDescriptor,
    names: list[str],
    annotations: list[Annotation],
    defaults: list[str | None],
    injected: list[pycode.Expr],
) -> list[pycode.Expr]:
    """``name: type = default`` items with ``/`` and ``*`` where Python needs them; the
    ``injected`` ones keyword-only, before a ``**kwargs``."""
    items: list[pycode.Expr] = []
    if tool.method_kind is MethodKind.INSTANCE:
        items.append(Atom("self"))
    elif tool.method_kind is MethodKind.CLASS:
        items.append(Atom("cls"))
    positional_only, keyword_only = ParameterKind.POSITIONAL_ONLY, ParameterKind.KEYWORD_ONLY
    phase = positional_only
    seen_default = has_positional_only = False
    for f, name, annotation, default in zip(
        tool.parameters, names, annotations, defaults, strict=True
    ):
        kind = f.kind
        if kind in _STARS:  # *args: T, **kwargs: T; what follows *args is keyword-only
            if phase is positional_only and has_positional_only:
                items.append(Atom("/"))
            if kind is ParameterKind.VAR_KEYWORD and injected:
                if phase is not keyword_only:
                    items.append(Atom("*"))
                items.extend(injected)
                injected = []
            written = _parameter(_STARS[kind] + name, annotation, None)
            if kind is ParameterKind.VAR_POSITIONAL and _BARE_STAR in items:
                # keyword-only parameters came first: ``*args`` takes the bare ``*``'s place
                items[items.index(_BARE_STAR)] = written
            else:
                items.append(written)
            phase = keyword_only
            continue
        if phase is keyword_only or (default is None and seen_default):
            kind = keyword_only  # a required parameter after an optional one
        if phase is positional_only and kind is not positional_only:
            if has_positional_only:
                items.append(Atom("/"))
            phase = ParameterKind.POSITIONAL_OR_KEYWORD
        if kind is keyword_only and phase is not keyword_only:
            items.append(Atom("*"))
            phase = keyword_only
        has_positional_only = has_positional_only or kind is positional_only
        seen_default = seen_default or (default is not None and phase is not keyword_only)
        items.append(_parameter(name, annotation, default))
    if phase is positional_only and has_positional_only:
        items.append(Atom("/"))
    if injected:
        if phase is not keyword_only:
            items.append(Atom("*"))
        items.extend(injected)
    return items


_STARS = {ParameterKind.VAR_POSITIONAL: "*", ParameterKind.VAR_KEYWORD: "**"}
_BARE_STAR = Atom("*")


def _element(f: Field) -> SchemaType:
    """The annotated type: a variadic parameter's items (``*args``) or values (``**kwargs``)."""
    if f.kind is ParameterKind.VAR_POSITIONAL and isinstance(f.type, ArrayType):
        return f.type.items or AnyValueType()
    if f.kind is ParameterKind.VAR_KEYWORD and isinstance(f.type, ObjectType):
        additional = f.type.additional
        return additional if not isinstance(additional, bool | None) else AnyValueType()
    return f.type


def _said_any(annotation: Annotation) -> None:
    """An offered ``*args`` of any values as ``*tuple[Any, ...]``: a scan takes ``*args: Any``
    for one that no type describes and leaves it out (an ``Annotated`` one says enough)."""
    if annotation.description is None and not annotation.keywords:
        annotation.base = Atom(f"*tuple[{pycode.flat(annotation.base)}, ...]")


def _parameter(name: str, annotation: Annotation, default: str | None) -> pycode.Expr:
    expr = annotation.expr()
    after = f" = {default}" if default is not None else ""
    if isinstance(expr, pycode.Union):
        options = _widest_numbers(expr)
        if len(options) > 1:  # each option splits on its own lines when too long, as ruff
            first, *middle, last = options  # format splits
            return pycode.Union(
                (
                    pycode.wrapped(first, f"{name}: ", ""),
                    *middle,
                    pycode.wrapped(last, "", after),
                )
            )
        expr = options[0]
    return pycode.wrapped(expr, f"{name}: ", after)


_WIDER = {"int": ("float", "complex"), "float": ("complex",)}
"""A number type a type checker takes as included in the wider ones (ruff's PYI041 flags
``int | float`` in a parameter's annotation)."""


def _widest_numbers(union: pycode.Union) -> tuple[pycode.Expr, ...]:
    """A parameter's union options less ``int`` beside ``float`` (or either beside
    ``complex``): a JSON number takes every integer, and the scan reads ``int | float`` as
    ``{"type": "number"}`` (a schema's ``["integer", "number"]`` comes back so, the same
    values)."""
    present = {o.text for o in union.options if isinstance(o, Atom)}
    return tuple(
        o
        for o in union.options
        if not (isinstance(o, Atom) and any(w in present for w in _WIDER.get(o.text, ())))
    )


def _method_lines(
    tool: ToolDescriptor,
    name: str,
    items: list[pycode.Expr],
    returns: Annotation,
    doc: list[str],
) -> list[str]:
    indent = pycode.INDENT
    lines = []
    if tool.method_kind in (MethodKind.STATIC, MethodKind.FUNCTION):  # a module's: in a class
        lines.append(f"{indent}@staticmethod")
    elif tool.method_kind is MethodKind.CLASS:
        lines.append(f"{indent}@classmethod")
    prefix = "async def" if tool.is_async else "def"
    signature = Group(f"{prefix} {name}", "(", tuple(items), ")")
    returned = returns.expr()
    signature_lines = pycode.layout(signature, indent, "", f" -> {pycode.flat(returned)}:")
    if len(signature_lines[-1]) > pycode.LINE_LENGTH and len(signature_lines) > 1:
        signature_lines[-1:] = pycode.statement_layout(returned, indent, ") -> ", ":")
    lines.extend(signature_lines)
    lines.extend(doc)
    lines.append(f"{indent * 2}raise NotImplementedError")
    return lines


def build_module(
    catalog: Catalog, source: str, typed_dict: bool = False
) -> tuple[StubModule, list[Diagnostic]]:
    """The prepared stubs of every tool in the catalog (a module without classes, and a
    warning, for none: a build whose methods are all set false still writes its stubs)."""
    types = TypeWriter(typed_dict=typed_dict)
    diagnostics: list[Diagnostic] = []
    if not any(group.tools for group in catalog.classes):
        diagnostics.append(
            Diagnostic(
                Level.WARNING,
                f"{source}: no tool to write a stub of; the stubs module has no classes",
                code=codes.NO_STUBS,
            )
        )
    writers = [
        (group, _ClassWriter(types, types.claim(_class_key_name(group)), group.key, diagnostics))
        for group in catalog.classes
        if group.tools  # a provider file read as one class, which may hold no tool
    ]
    classes = []
    for group, writer in writers:
        methods = [writer.method(tool) for tool in group.tools]
        classes.append("\n".join(writer.lines(group.source, methods)))
    blocks = ["\n".join(block) for block in types.blocks]
    schema = _SCHEMA_BLOCK + (_EXACT_LINES if types.uses_exact else ())
    helpers = [(types.uses_schema, schema), (types.uses_no_default, _NO_DEFAULT_BLOCK)]
    for used, block in reversed(helpers):
        if used:
            types.use("typing", "Any")
            blocks.insert(0, "\n".join(block))
    text = (
        f"Typed stubs of the tools in {source}, written by toolsinspector.\n\n"
        "Inspecting this module gives the same tool schemas back; fill in the bodies."
    )
    return (
        StubModule(
            pycode.docstring_body(text),
            _imports(types.imports),
            tuple(blocks),
            (*classes, *(["\n".join(types.aliases)] if types.aliases else [])),
        ),
        diagnostics,
    )


def _class_key_name(group: CatalogClass) -> str:
    return group.key.rpartition(".")[2]


def _imports(names: set[tuple[str, str]]) -> tuple[str, ...]:
    modules: dict[str, list[str]] = {}
    for module, name in sorted(names):
        modules.setdefault(module, []).append(name)
    lines: list[str] = []
    for module in sorted(modules, key=lambda m: (m == "inspector", m)):  # standard library first
        if module == "inspector" and lines:
            lines.append("")  # the third-party section, as isort writes it
        one_line = f"from {module} import {', '.join(modules[module])}"
        if len(one_line) <= pycode.LINE_LENGTH:
            lines.append(one_line)
        else:
            expr = Group("", "(", tuple(Atom(n) for n in modules[module]), ")")
            lines.extend(pycode.layout(expr, "", f"from {module} import ", ""))
    return tuple(lines)


def render_stubs(module: StubModule, template_dirs: list[Path]) -> str:
    """The stubs module text, through the (possibly user-overridden) stubs template."""
    from inspector.render.filters import FilterDiagnostics
    from inspector.render.jinja import environment

    env = environment(template_dirs, FilterDiagnostics())
    return env.get_template(TEMPLATE).render(module=module)
