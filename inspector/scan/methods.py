"""Build: one collected method → one ToolDescriptor, with diagnostics instead of exceptions."""

from __future__ import annotations

import ast
import builtins
import inspect
import types
import typing
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import NamedTuple

import docstring_parser

from inspector.diagnostics import Diagnostic, Level
from inspector.model import (
    MISSING,
    AnyOfType,
    AnyValueType,
    ArrayType,
    Field,
    MethodKind,
    NullType,
    ObjectType,
    ParameterKind,
    Returns,
    SchemaType,
    ToolDescriptor,
    is_nullable,
)
from inspector.scan.docstrings import DocInfo, DocstringStyle, parse_docstring
from inspector.scan.hints import TypeMapper, field_rows, to_json_value
from inspector.scan.resolution import HintResolver, is_never, is_unpack
from inspector.scan.stubsource import (
    UNKNOWN_DEFAULT,
    StubFinder,
    StubSignature,
    missing_typeshed,
)
from inspector.scan.targets import MethodInfo

_KINDS = {
    inspect.Parameter.POSITIONAL_ONLY: ParameterKind.POSITIONAL_ONLY,
    inspect.Parameter.POSITIONAL_OR_KEYWORD: ParameterKind.POSITIONAL_OR_KEYWORD,
    inspect.Parameter.KEYWORD_ONLY: ParameterKind.KEYWORD_ONLY,
}
_VARIADIC = (inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD)
_NO_HINT = object()
_NEVER = AnyValueType(keywords=(("not", {}),))
"""The return type of a method that never returns (``NoReturn``, ``Never``): no value."""
_DOC_TYPE_NODES = (
    ast.Expression,
    ast.Name,
    ast.Attribute,
    ast.Subscript,
    ast.Tuple,
    ast.BinOp,
    ast.BitOr,
    ast.Constant,
    ast.Load,
)


@dataclass
class MethodBuilder:
    """Turns methods into tools; one instance per scan so type work is shared."""

    docstring_style: DocstringStyle = DocstringStyle.GOOGLE
    mapper: TypeMapper = field(init=False)
    resolver: HintResolver = field(default_factory=HintResolver, init=False)
    stubs: StubFinder = field(default_factory=StubFinder, init=False)

    def __post_init__(self) -> None:
        self.mapper = TypeMapper(self.docstring_style)

    def build(self, method: MethodInfo) -> tuple[ToolDescriptor | None, list[Diagnostic]]:
        """The tool of a method (None when it cannot be inspected) and what was noticed."""
        report = _Reporter(method)
        try:
            return self._build(method, report), report.diagnostics
        except Exception as error:  # one odd method must not stop the scan
            self.mapper.take()
            report(Level.ERROR, f"cannot be inspected ({_brief(error)}); left out")
            return None, report.diagnostics

    def _build(self, method: MethodInfo, report: _Reporter) -> ToolDescriptor | None:
        read = self._signature(method, report)
        if read is None:
            return None
        parameters, stub = read
        if (
            method.kind is not MethodKind.STATIC
            and parameters
            and parameters[0].kind not in _VARIADIC
        ):
            parameters = parameters[1:]
        wanted = {p.name: p.kind for p in parameters} | {"return": None}
        hints, sources = self._hints(method, wanted, report, stub)
        doc = self._doc(method, report)
        fields = tuple(
            f
            for p in parameters
            for f in self._fields(p, hints, doc, method, report, sources=sources)
        )
        _check_documented(fields, parameters, doc, report)
        returns = self._returns(method, hints, doc, report, sources)
        definitions, messages = self.mapper.take()
        for message in messages:
            report(Level.WARNING, message)
        renamed = _renames(method.owner, "__parameter_names__").get(method.name)
        if isinstance(renamed, dict):
            fields = tuple(_renamed_field(f, renamed) for f in fields)
        schema_name = _schema_name(renamed if isinstance(renamed, dict) else {})
        type_sources = tuple((schema_name(n), sources[n]) for n in wanted if n in sources)
        tool_name = _renames(method.owner, "__tool_names__").get(method.name)
        return ToolDescriptor(
            name=tool_name if isinstance(tool_name, str) else method.name,
            description=doc.description,
            parameters=fields,
            returns=returns,
            definitions=tuple(definitions.items()),
            is_async=inspect.iscoroutinefunction(method.function),
            class_name=method.owner.__name__,
            method_name=method.name,
            method_kind=method.kind,
            location=f"{method.path}:{method.line}" if method.line else method.path,
            type_sources=type_sources,
        )

    def _signature(
        self, method: MethodInfo, report: _Reporter
    ) -> tuple[list[_Parameter], StubSignature | None] | None:
        """The parameters from the code, else from a stub file (C methods)."""
        try:
            return _parameters(method.function), None
        except (TypeError, ValueError) as error:
            stub = self._stub(method, report)
            if stub is None:
                hint = ""
                if missing_typeshed(method.owner.__module__):
                    hint = " (install the 'stubs' extra to read it from typeshed)"
                report(Level.ERROR, f"no signature can be read ({error}); left out{hint}")
                return None
        parameters = [_Parameter(p.name, p.kind, p.default) for p in stub.parameters]
        return parameters, stub

    def _hints(
        self,
        method: MethodInfo,
        wanted: dict[str, inspect._ParameterKind | None],
        report: _Reporter,
        stub: StubSignature | None,
    ) -> tuple[dict[str, object], dict[str, str]]:
        """The hints of the code (each annotation evaluated on its own; a failing one becomes
        "any"), then the stub's for ``wanted`` names the code leaves unannotated; and which
        names took their type from a stub."""
        hints = self._code_hints(method, report)
        missing = [n for n in wanted if n not in hints]
        if missing and stub is None:
            stub = self._stub(method, report)
        sources: dict[str, str] = {}
        for name in missing if stub is not None else ():
            assert stub is not None
            text = stub.annotation(name, wanted[name])
            if text is None:
                continue
            try:
                resolved = self.resolver.resolve(text, {}, method.owner, stub.namespace)
            except Exception as error:  # a stub may name anything; report it
                message = f"stub hint {text!r} unresolved ({_brief(error)})"
                report(Level.WARNING, f"{_label(name)}: {message}")
                continue
            self._report_dropped(name, resolved.dropped, report)
            hints[name] = resolved.hint
            sources[name] = "stub"
        return hints, sources

    def _stub(self, method: MethodInfo, report: _Reporter) -> StubSignature | None:
        try:
            return self.stubs.signature(method.function, method.owner)
        except Exception as error:  # a stub file may hold anything; the code still counts
            report(Level.WARNING, f"stub file cannot be read ({_brief(error)}); not used")
            return None

    def _code_hints(self, method: MethodInfo, report: _Reporter) -> dict[str, object]:
        function = method.function
        annotations = getattr(function, "__annotations__", None)
        if not isinstance(annotations, dict):
            return {}
        target = inspect.unwrap(function) if hasattr(function, "__wrapped__") else function
        globalns = getattr(target, "__globals__", {})
        resolved: dict[str, object] = {}
        failed = False
        for name, annotation in annotations.items():
            try:
                found = self.resolver.resolve(annotation, globalns, method.owner)
            except Exception as error:  # any expression in an annotation may fail; report it
                if not failed:
                    report(Level.WARNING, f"type hints cannot be resolved ({_brief(error)})")
                    failed = True
                report(
                    Level.WARNING,
                    f"{_label(name)}: hint {annotation!r} unresolved "
                    f"({_brief(error)}); any value accepted",
                )
                resolved[name] = typing.Any
                continue
            self._report_dropped(name, found.dropped, report)
            resolved[name] = found.hint
        return resolved

    @staticmethod
    def _report_dropped(name: str, dropped: tuple[str, ...], report: _Reporter) -> None:
        for member in dropped:
            report(Level.WARNING, f"{_label(name)}: union member {member} unresolved; left out")

    def _doc(self, method: MethodInfo, report: _Reporter) -> DocInfo:
        text = method.function.__doc__  # docstring-parser dedents; getdoc only to inherit one
        if text is None:
            text = inspect.getdoc(method.function)
        try:
            doc = parse_docstring(text, self.docstring_style)
        except docstring_parser.ParseError as error:
            report(Level.WARNING, f"docstring cannot be parsed ({error}); description left empty")
            return DocInfo(present=True)
        if not doc.present:
            report(Level.WARNING, "no docstring: the tool has no description")
        return doc

    def _fields(
        self,
        parameter: _Parameter,
        hints: dict[str, object],
        doc: DocInfo,
        method: MethodInfo,
        report: _Reporter,
        *,
        sources: dict[str, str],
    ) -> tuple[Field, ...]:
        name = parameter.name
        documented = doc.params.get(name)
        if parameter.kind in _VARIADIC:
            stars = "*" if parameter.kind is inspect.Parameter.VAR_POSITIONAL else "**"
            documented = documented or doc.params.get(f"{stars}{name}")
            hint = hints.get(name, _NO_HINT)
            if is_unpack(hint):
                return self._unpacked(hint, doc, report)
            if hint is _NO_HINT and not (documented and documented.type_name):
                report(Level.INFO, f"{stars}{name} left out: it has no type")
                return ()
        hint = hints.get(name, _NO_HINT)
        if hint is _NO_HINT:
            type_name = documented.type_name if documented else None
            hint = self._doc_type(type_name, method, name, report)
            if type_name and hint is not typing.Any:
                sources[name] = "docstring"
        schema_type, explicit = self.mapper.map_described(hint)
        for message in self.mapper.messages:
            report(Level.WARNING, f"{_label(name)}: {message}")
        self.mapper.messages.clear()
        description = (
            explicit if explicit is not None else (documented.description if documented else "")
        )
        if parameter.kind in _VARIADIC:
            return (_variadic(name, parameter.kind, schema_type, description),)
        if parameter.default is inspect.Parameter.empty:
            return (Field(name, schema_type, description, True, MISSING, _KINDS[parameter.kind]),)
        default = to_json_value(parameter.default)
        if default is MISSING and parameter.default is not UNKNOWN_DEFAULT:
            report(
                Level.INFO,
                f"{_label(name)}: default {parameter.default!r} has no JSON form; "
                "left out of the schema",
            )
        if parameter.default is None and not is_nullable(schema_type):
            schema_type = _nullable(schema_type)
        return (Field(name, schema_type, description, False, default, _KINDS[parameter.kind]),)

    def _unpacked(self, hint: object, doc: DocInfo, report: _Reporter) -> tuple[Field, ...]:
        """``**kwargs: Unpack[SomeTypedDict]``: each key a keyword-only parameter."""
        (typed_dict,) = typing.get_args(hint)
        try:
            rows = field_rows(typed_dict)
        except Exception as error:  # unresolvable field hints
            report(Level.WARNING, f"**kwargs: {typed_dict!r} cannot be read ({_brief(error)})")
            return ()
        fields = []
        for name, field_hint, required, default in rows:
            schema_type, explicit = self.mapper.map_described(field_hint)
            for message in self.mapper.messages:
                report(Level.WARNING, f"{_label(name)}: {message}")
            self.mapper.messages.clear()
            documented = doc.params.get(name)
            description = explicit or (documented.description if documented else "")
            kind = ParameterKind.KEYWORD_ONLY
            fields.append(Field(name, schema_type, description, required, default, kind))
        return tuple(fields)

    def _doc_type(
        self, type_name: str | None, method: MethodInfo, name: str, report: _Reporter
    ) -> object:
        if type_name:
            resolved = _resolve_doc_type(type_name, method.function)
            if resolved is not _NO_HINT:
                return resolved
            report(
                Level.WARNING,
                f"{_label(name)}: docstring type {type_name!r} not understood; any value accepted",
            )
            return typing.Any
        if name != "return":
            report(Level.WARNING, f"{_label(name)}: no type hint; any value accepted")
        return typing.Any

    def _returns(
        self,
        method: MethodInfo,
        hints: dict[str, object],
        doc: DocInfo,
        report: _Reporter,
        sources: dict[str, str],
    ) -> Returns:
        hint = hints.get("return", _NO_HINT)
        if hint is _NO_HINT and doc.returns_type:
            hint = self._doc_type(doc.returns_type, method, "return", report)
            if hint is not typing.Any:
                sources["return"] = "docstring"
        if hint is _NO_HINT:
            return Returns(None, doc.returns)
        if is_never(hint):
            return Returns(_NEVER, doc.returns)
        schema_type, explicit = self.mapper.map_described(hint)
        for message in self.mapper.messages:
            report(Level.WARNING, f"return value: {message}")
        self.mapper.messages.clear()
        return Returns(schema_type, explicit if explicit is not None else doc.returns)


_CO_VARARGS, _CO_VARKEYWORDS = inspect.CO_VARARGS, inspect.CO_VARKEYWORDS


class _Parameter(NamedTuple):
    """What a tool needs of a parameter (``inspect.Parameter`` validates much more, slowly)."""

    name: str
    kind: inspect._ParameterKind
    default: object = inspect.Parameter.empty


def _parameters(function: Callable[..., object]) -> list[_Parameter]:
    """The parameters in order: read straight from the code object of a plain function (what
    ``inspect.signature`` does, without its general machinery), else ``inspect.signature``."""
    code = getattr(function, "__code__", None)
    plain = (
        type(function) is types.FunctionType
        and code is not None
        and not hasattr(function, "__wrapped__")
        and not hasattr(function, "__signature__")
    )
    if not plain:
        return [
            _Parameter(p.name, p.kind, p.default)
            for p in inspect.signature(function).parameters.values()
        ]
    assert isinstance(function, types.FunctionType) and code is not None
    names = code.co_varnames
    positional = code.co_argcount
    keyword_only = code.co_kwonlyargcount
    defaults = function.__defaults__ or ()
    kw_defaults = function.__kwdefaults__ or {}
    first_default = positional - len(defaults)
    empty = inspect.Parameter.empty
    result = []
    for index, name in enumerate(names[:positional]):
        kind = (
            inspect.Parameter.POSITIONAL_ONLY
            if index < code.co_posonlyargcount
            else inspect.Parameter.POSITIONAL_OR_KEYWORD
        )
        default = defaults[index - first_default] if index >= first_default else empty
        result.append(_Parameter(name, kind, default))
    next_name = positional + keyword_only
    if code.co_flags & _CO_VARARGS:
        result.append(_Parameter(names[next_name], inspect.Parameter.VAR_POSITIONAL))
        next_name += 1
    for name in names[positional : positional + keyword_only]:
        default = kw_defaults.get(name, empty)
        result.append(_Parameter(name, inspect.Parameter.KEYWORD_ONLY, default))
    if code.co_flags & _CO_VARKEYWORDS:
        result.append(_Parameter(names[next_name], inspect.Parameter.VAR_KEYWORD))
    return result


@dataclass
class _Reporter:
    method: MethodInfo
    diagnostics: list[Diagnostic] = field(default_factory=list)

    def __call__(self, level: Level, message: str) -> None:
        subject = f"{self.method.owner.__name__}.{self.method.name}"
        self.diagnostics.append(
            Diagnostic(level, message, self.method.path, self.method.line, subject)
        )


def _renames(owner: type, attribute: str) -> dict[str, object]:
    """A class's ``__tool_names__`` (method → tool name) or ``__parameter_names__``
    (method → {parameter → schema name}); anything but a dict counts as none."""
    value = getattr(owner, attribute, None)
    return value if isinstance(value, dict) else {}


def _schema_name(names: dict[object, object]) -> Callable[[str], str]:
    """A parameter's name in the schema, after ``__parameter_names__``."""

    def rename(name: str) -> str:
        renamed = names.get(name)
        return renamed if isinstance(renamed, str) else name

    return rename


def _renamed_field(f: Field, names: dict[object, object]) -> Field:
    schema_name = names.get(f.name)
    return replace(f, name=schema_name) if isinstance(schema_name, str) else f


def _label(name: str) -> str:
    return "return value" if name == "return" else f"parameter {name!r}"


def _brief(error: BaseException) -> str:
    return f"{type(error).__name__}: {error}"


def _variadic(name: str, kind: inspect._ParameterKind, item: SchemaType, description: str) -> Field:
    """``*args: T`` as an optional array of T, ``**kwargs: T`` as an optional object of T."""
    if kind is inspect.Parameter.VAR_POSITIONAL:
        items = None if item == AnyValueType() else item
        return Field(name, ArrayType(items), description, False, MISSING, _VAR_POSITIONAL)
    return Field(name, ObjectType(additional=item), description, False, MISSING, _VAR_KEYWORD)


_VAR_POSITIONAL, _VAR_KEYWORD = ParameterKind.VAR_POSITIONAL, ParameterKind.VAR_KEYWORD


def _nullable(schema_type: SchemaType) -> SchemaType:
    if isinstance(schema_type, AnyOfType) and not schema_type.keywords:
        return AnyOfType((*schema_type.options, NullType()))
    return AnyOfType((schema_type, NullType()))


def _check_documented(
    fields: tuple[Field, ...],
    parameters: list[_Parameter],
    doc: DocInfo,
    report: _Reporter,
) -> None:
    if not doc.present:
        return
    names = {p.name for p in parameters} | {f.name for f in fields}
    for documented in doc.params:
        if documented.lstrip("*") not in names:
            report(Level.WARNING, f"documented argument {documented!r} is not in the signature")
    for f in fields:
        if f.name not in doc.params and not f.description:
            report(Level.WARNING, f"{_label(f.name)} is not documented")


def _resolve_doc_type(type_name: str, function: Callable[..., object]) -> object:
    """A docstring type such as ``list[int]`` or ``int | None``, evaluated only if it is made of
    names, subscripts and ``|``; anything else is not understood."""
    try:
        tree = ast.parse(type_name.strip(), mode="eval")
    except SyntaxError:
        return _NO_HINT
    if not all(isinstance(node, _DOC_TYPE_NODES) for node in ast.walk(tree)):
        return _NO_HINT
    namespace = {**vars(builtins), **vars(typing), **getattr(function, "__globals__", {})}
    try:
        return eval(compile(tree, "<docstring type>", "eval"), {"__builtins__": {}}, namespace)
    except Exception:
        return _NO_HINT
