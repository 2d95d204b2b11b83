"""Build: one public method → one ToolDescriptor, with diagnostics instead of exceptions."""

from __future__ import annotations

import ast
import builtins
import datetime
import inspect
import keyword
import types
import typing
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import NamedTuple

import docstring_parser

from inspector.codes import level_of
from inspector.diagnostics import Diagnostic, stable_repr
from inspector.model import (
    MISSING,
    AnyOfType,
    Field,
    Json,
    MethodKind,
    NullType,
    ParameterKind,
    Returns,
    SchemaType,
    ToolDescriptor,
    _Missing,
    is_nullable,
)
from inspector.scan.docstrings import DocInfo, DocstringStyle, parse_docstring
from inspector.scan.enum_names import with_enum_names
from inspector.scan.fields import (
    NO_DEFAULT,
    annotated_field,
    read_field_object,
    with_field_metadata,
)
from inspector.scan.hints import TypeMapper, without_sentinel
from inspector.scan.targets import MethodInfo
from inspector.typetable.scalars import NoJsonForm
from inspector.typetable.values import to_json

_KINDS = {
    inspect.Parameter.POSITIONAL_ONLY: ParameterKind.POSITIONAL_ONLY,
    inspect.Parameter.POSITIONAL_OR_KEYWORD: ParameterKind.POSITIONAL_OR_KEYWORD,
    inspect.Parameter.KEYWORD_ONLY: ParameterKind.KEYWORD_ONLY,
}
_VARIADIC = (inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD)
_VAR_KEYWORD = inspect.Parameter.VAR_KEYWORD
_NO_HINT = object()
_DOC_TYPE_NAMES: dict[str, object] = {
    "string": str,
    "integer": int,
    "boolean": bool,
    "double": float,
    "number": float,
    "datetime": datetime.datetime,
    "timestamp": datetime.datetime,
    "blob": bytes,
}
"""Type names docstrings use that are not Python's (botocore writes ``:type Bucket: string``)."""
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

    docstring_style: DocstringStyle = DocstringStyle.AUTO
    mapper: TypeMapper = field(init=False)
    _hint_cache: dict[object, object] = field(default_factory=dict, init=False)

    def __post_init__(self) -> None:
        self.mapper = TypeMapper(self.docstring_style)

    def build(self, method: MethodInfo) -> tuple[ToolDescriptor | None, list[Diagnostic]]:
        """The tool of a method (None when it cannot be inspected) and what was noticed."""
        report = _Reporter(method)
        try:
            return self._build(method, report), report.diagnostics
        except Exception as error:  # one odd method must not stop the scan
            self.mapper.take()
            report("TI103", f"cannot be inspected ({_brief(error)}); left out")
            return None, report.diagnostics

    def _build(self, method: MethodInfo, report: _Reporter) -> ToolDescriptor | None:
        try:
            parameters = _parameters(method.function)
        except (TypeError, ValueError) as error:
            report("TI104", f"no signature can be read ({error}); left out")
            return None
        hints = self._hints(method, report)
        doc = self._doc(method, report)
        if (
            method.kind is not MethodKind.STATIC
            and parameters
            and parameters[0].kind not in _VARIADIC
        ):
            parameters = parameters[1:]
        fields = tuple(
            f for p in parameters if (f := self._field(p, hints, doc, method, report)) is not None
        )
        fields += self._documented_kwargs(parameters, doc, method, report)
        _check_documented(fields, parameters, doc, report)
        returns = self._returns(method, hints, doc, report)
        definitions, messages = self.mapper.take()
        for code, message in messages:
            report(code, message)
        renamed = _renames(method.owner, "__parameter_names__").get(method.name)
        if isinstance(renamed, dict):
            fields = tuple(_renamed_field(f, renamed) for f in fields)
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
        )

    def _hints(self, method: MethodInfo, report: _Reporter) -> dict[str, object]:
        """Like ``typing.get_type_hints(include_extras=True)``, with each distinct annotation
        of a module evaluated once per scan; an annotation that fails becomes "any"."""
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
                resolved[name] = self._resolve(annotation, globalns, method.owner)
            except Exception as error:  # any expression in an annotation may fail; report it
                if not failed:
                    report("TI105", f"type hints cannot be resolved ({_brief(error)})")
                    failed = True
                report(
                    "TI105",
                    f"{_label(name)}: hint {annotation!r} unresolved "
                    f"({_brief(error)}); any value accepted",
                )
                resolved[name] = typing.Any
        return resolved

    def _resolve(self, annotation: object, globalns: dict[str, object], owner: type) -> object:
        mentions_owner = isinstance(annotation, str) and owner.__name__ in annotation
        key: object = (id(globalns), annotation, owner if mentions_owner else None)
        try:
            return self._hint_cache[key]
        except KeyError:
            pass
        except TypeError:  # an unhashable annotation: evaluate without caching
            key = None
        holder = types.SimpleNamespace(__annotations__={"hint": annotation})
        localns = {owner.__name__: owner}
        value = typing.get_type_hints(holder, globalns, localns, include_extras=True)["hint"]
        if key is not None:
            self._hint_cache[key] = value
        return value

    def _doc(self, method: MethodInfo, report: _Reporter) -> DocInfo:
        text = _docstring(method)
        try:
            doc = parse_docstring(text, self.docstring_style)
        except docstring_parser.ParseError as error:
            report("TI202", f"docstring cannot be parsed ({error}); description left empty")
            return DocInfo(present=True)
        if not doc.present:
            report("TI201", "no docstring: the tool has no description")
        return doc

    def _field(
        self,
        parameter: _Parameter,
        hints: dict[str, object],
        doc: DocInfo,
        method: MethodInfo,
        report: _Reporter,
    ) -> Field | None:
        name = parameter.name
        if parameter.kind in _VARIADIC:
            stars = "*" if parameter.kind is inspect.Parameter.VAR_POSITIONAL else "**"
            report("TI109", f"{stars}{name} left out: a tool call passes named arguments only")
            return None
        if _is_internal(parameter, method):
            report("TI117", f"{_label(name)} left out: internal (a leading '_' and a default)")
            return None
        documented = doc.params.get(name)
        hint = hints.get(name, _NO_HINT)
        if hint is _NO_HINT:
            hint = self._doc_type(
                documented.type_name if documented else None, method, name, report
            )
        hint, python_default, required = _field_object(parameter, hint)
        sentinel = False
        if not required and python_default is not NO_DEFAULT:
            stripped = without_sentinel(hint, python_default)
            if stripped is not None:
                hint, sentinel = stripped, True
        schema_type, explicit = self.mapper.map_described(hint)
        for code, message in self.mapper.messages:
            report(code, f"{_label(name)}: {message}")
        self.mapper.messages.clear()
        description = with_enum_names(
            explicit if explicit is not None else (documented.description if documented else ""),
            schema_type,
        )
        if required:
            return Field(name, schema_type, description, True, MISSING, _KINDS[parameter.kind])
        if sentinel or python_default is NO_DEFAULT:
            default: Json | _Missing = MISSING
        else:
            default = _default(name, python_default, report)
        if python_default is None and not is_nullable(schema_type):
            schema_type = _nullable(schema_type)
        return Field(name, schema_type, description, False, default, _KINDS[parameter.kind])

    def _documented_kwargs(
        self, parameters: list[_Parameter], doc: DocInfo, method: MethodInfo, report: _Reporter
    ) -> tuple[Field, ...]:
        """The arguments a docstring documents for ``**kwargs`` (botocore's, requests'):
        keyword-only parameters typed by the docstring, required only when documented so."""
        if not (doc.params and parameters and parameters[-1].kind is _VAR_KEYWORD):
            return ()
        taken = {p.name for p in parameters}
        fields: list[Field] = []
        for name, documented in doc.params.items():
            if name in taken or not name.isidentifier() or keyword.iskeyword(name):
                continue
            hint = self._doc_type(documented.type_name, method, name, report)
            schema_type, _ = self.mapper.map_described(hint)
            for code, message in self.mapper.messages:
                report(code, f"{_label(name)}: {message}")
            self.mapper.messages.clear()
            description = with_enum_names(documented.description, schema_type)
            fields.append(
                Field(
                    name,
                    schema_type,
                    description,
                    documented.required,
                    MISSING,
                    ParameterKind.KEYWORD_ONLY,
                )
            )
        return tuple(fields)

    def _doc_type(
        self, type_name: str | None, method: MethodInfo, name: str, report: _Reporter
    ) -> object:
        if type_name:
            resolved = _resolve_doc_type(type_name, method.function)
            if resolved is not _NO_HINT:
                return resolved
            report(
                "TI107",
                f"{_label(name)}: docstring type {type_name!r} not understood; any value accepted",
            )
            return typing.Any
        if name != "return":
            report("TI106", f"{_label(name)}: no type hint; any value accepted")
        return typing.Any

    def _returns(
        self, method: MethodInfo, hints: dict[str, object], doc: DocInfo, report: _Reporter
    ) -> Returns:
        hint = hints.get("return", _NO_HINT)
        if hint is _NO_HINT and doc.returns_type:
            hint = self._doc_type(doc.returns_type, method, "return", report)
        if hint is _NO_HINT:
            return Returns(None, doc.returns)
        schema_type, explicit = self.mapper.map_described(hint)
        for code, message in self.mapper.messages:
            report(code, f"return value: {message}")
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

    def __call__(self, code: str, message: str) -> None:
        subject = f"{self.method.owner.__name__}.{self.method.name}"
        self.diagnostics.append(
            Diagnostic(level_of(code), message, self.method.path, self.method.line, subject, code)
        )


def _renames(owner: type, attribute: str) -> dict[str, object]:
    """A class's ``__tool_names__`` (method → tool name) or ``__parameter_names__``
    (method → {parameter → schema name}); anything but a dict counts as none."""
    value = getattr(owner, attribute, None)
    return value if isinstance(value, dict) else {}


def _is_internal(parameter: _Parameter, method: MethodInfo) -> bool:
    """``_name`` with a default (``_parent_execute_state=None``) is for the library, not a
    caller; unless ``__parameter_names__`` gives it a schema name."""
    if not parameter.name.startswith("_") or parameter.default is inspect.Parameter.empty:
        return False
    renamed = _renames(method.owner, "__parameter_names__").get(method.name)
    return not (isinstance(renamed, dict) and parameter.name in renamed)


def _default(name: str, value: object, report: _Reporter) -> Json | _Missing:
    """A parameter's default as JSON; one with no JSON form, or whose reading fails, is left
    out of the schema (the method stays)."""
    try:
        return to_json(value)
    except NoJsonForm:
        report(
            "TI110",
            f"{_label(name)}: default {stable_repr(value)} has no JSON form; left out of the "
            "schema",
        )
    except Exception as error:  # the default's own code failed (a property, __iter__, ...)
        report(
            "TI118",
            f"{_label(name)}: default of type {type(value).__qualname__} cannot be read "
            f"({type(error).__name__}: {error}); left out of the schema",
        )
    return MISSING


def _renamed_field(f: Field, names: dict[object, object]) -> Field:
    schema_name = names.get(f.name)
    return replace(f, name=schema_name) if isinstance(schema_name, str) else f


def _docstring(method: MethodInfo) -> str | None:
    """The docstring as ``inspect.getdoc`` finds it: built when it is lazy (botocore's client
    methods build theirs on first use), else inherited from the first base that has one."""
    for owner in method.owner.__mro__:
        found = method.function if owner is method.owner else owner.__dict__.get(method.name)
        found = getattr(found, "__func__", found)  # staticmethod, classmethod
        if not callable(found):  # a base's plain attribute of that name has no say
            continue
        text = getattr(found, "__doc__", None)
        if type(text) is str:
            return text  # as written: the parser cleans it once
        if isinstance(text, str):
            try:
                return text.expandtabs()  # how getdoc expands a lazy docstring
            except Exception:  # a lazy docstring that fails to build is no docstring
                return None
    return None


def _field_object(parameter: _Parameter, hint: object) -> tuple[object, object, bool]:
    """The hint, the default shown (``NO_DEFAULT`` when unknown) and whether the parameter is
    required, reading a field object as the default or inside an ``Annotated`` hint."""
    annotated = typing.get_origin(hint) is typing.Annotated
    if parameter.default is inspect.Parameter.empty:
        found = annotated_field(hint) if annotated else None
    else:
        found = read_field_object(parameter.default)
    if annotated or found is not None:
        hint = with_field_metadata(hint, found)
    if found is None:
        return hint, parameter.default, parameter.default is inspect.Parameter.empty
    return hint, found.known_default, found.required


def _label(name: str) -> str:
    return "return value" if name == "return" else f"parameter {name!r}"


def _brief(error: BaseException) -> str:
    return f"{type(error).__name__}: {error}"


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
        if documented.replace("\\", "").lstrip("*") not in names:
            report("TI203", f"documented argument {documented!r} is not in the signature")
    for f in fields:
        if f.name not in doc.params and not f.description:
            report("TI204", f"{_label(f.name)} is not documented")


def _resolve_doc_type(type_name: str, function: Callable[..., object]) -> object:
    """A docstring type such as ``list[int]`` or ``int | None``, evaluated only if it is made of
    names, subscripts and ``|``; anything else is not understood."""
    try:
        tree = ast.parse(type_name.strip().replace(" or ", " | "), mode="eval")
    except SyntaxError:
        return _NO_HINT
    if not all(isinstance(node, _DOC_TYPE_NODES) for node in ast.walk(tree)):
        return _NO_HINT
    namespace = {
        **vars(builtins),
        **vars(typing),
        **_DOC_TYPE_NAMES,
        **getattr(function, "__globals__", {}),
    }
    try:
        return eval(compile(tree, "<docstring type>", "eval"), {"__builtins__": {}}, namespace)
    except Exception:
        return _NO_HINT
