"""The parts of building a tool from a method: parameters, defaults, names, docstring types."""

from __future__ import annotations

import ast
import contextlib
import inspect
import types
import typing
from collections.abc import AsyncIterator, Callable, Iterator, Mapping
from dataclasses import replace
from typing import NamedTuple

from inspector import codes
from inspector.codes import level_of
from inspector.diagnostics import Diagnostic, stable_repr
from inspector.model import (
    MISSING,
    AnyOfType,
    AnyValueType,
    ArrayType,
    Field,
    Json,
    LeftOut,
    NullType,
    ObjectType,
    ParameterKind,
    SchemaType,
    _Missing,
)
from inspector.scan.doc_phrases import DocType, read_doc_type
from inspector.scan.doc_words import NOT_UNDERSTOOD
from inspector.scan.docstrings import DocInfo
from inspector.scan.fields import (
    NO_DEFAULT,
    annotated_field,
    read_field_object,
    with_field_metadata,
)
from inspector.scan.hints import hint_name, is_union, without_sentinel
from inspector.scan.targets import MethodInfo
from inspector.scan.typecheck_names import type_checking_namespace
from inspector.typetable.scalars import NoJsonForm
from inspector.typetable.values import to_json

_PLAINS = frozenset({type(None), bool, int, float, str})
"""Defaults that are never field objects."""
NO_HINT = object()
"""A parameter without a type hint (``None`` is a hint)."""
_CO_VARARGS, _CO_VARKEYWORDS = inspect.CO_VARARGS, inspect.CO_VARKEYWORDS
_POSITIONAL_ONLY = inspect.Parameter.POSITIONAL_ONLY
_POSITIONAL_OR_KEYWORD = inspect.Parameter.POSITIONAL_OR_KEYWORD
KINDS = {
    inspect.Parameter.POSITIONAL_ONLY: ParameterKind.POSITIONAL_ONLY,
    inspect.Parameter.POSITIONAL_OR_KEYWORD: ParameterKind.POSITIONAL_OR_KEYWORD,
    inspect.Parameter.KEYWORD_ONLY: ParameterKind.KEYWORD_ONLY,
}


class Parameter(NamedTuple):
    """What a tool needs of a parameter (``inspect.Parameter`` validates much more, slowly)."""

    name: str
    kind: inspect._ParameterKind
    default: object = inspect.Parameter.empty


def read_parameters(function: Callable[..., object]) -> list[Parameter]:
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
        return _signature_parameters(function)
    assert isinstance(function, types.FunctionType) and code is not None
    names = code.co_varnames
    positional = code.co_argcount
    keyword_only = code.co_kwonlyargcount
    defaults = function.__defaults__ or ()
    kw_defaults = function.__kwdefaults__ or {}
    first_default = positional - len(defaults)
    if first_default < 0:  # more defaults than parameters: assigned by hand
        return _signature_parameters(function)
    empty = inspect.Parameter.empty
    only = code.co_posonlyargcount
    result = []
    for index, name in enumerate(names[:positional]):
        kind = _POSITIONAL_ONLY if index < only else _POSITIONAL_OR_KEYWORD
        default = defaults[index - first_default] if index >= first_default else empty
        result.append(Parameter(name, kind, default))
    next_name = positional + keyword_only
    if code.co_flags & _CO_VARARGS:
        result.append(Parameter(names[next_name], inspect.Parameter.VAR_POSITIONAL))
        next_name += 1
    for name in names[positional : positional + keyword_only]:
        default = kw_defaults.get(name, empty)
        result.append(Parameter(name, inspect.Parameter.KEYWORD_ONLY, default))
    if code.co_flags & _CO_VARKEYWORDS:
        result.append(Parameter(names[next_name], inspect.Parameter.VAR_KEYWORD))
    return result


def _signature_parameters(function: Callable[..., object]) -> list[Parameter]:
    return [
        Parameter(p.name, p.kind, p.default)
        for p in inspect.signature(function).parameters.values()
    ]


class Reporter:
    """Gathers one method's diagnostics, located at the method."""

    __slots__ = ("diagnostics", "method")

    def __init__(self, method: MethodInfo) -> None:
        self.method = method
        self.diagnostics: list[Diagnostic] = []

    def __call__(self, code: str, message: str) -> None:
        subject = f"{self.method.owner.__name__}.{self.method.name}"
        self.diagnostics.append(
            Diagnostic(level_of(code), message, self.method.path, self.method.line, subject, code)
        )


class Omitted:
    """What a tool does not offer of its method, gathered while its parameters are built."""

    __slots__ = ("left_out", "uncallable")

    def __init__(self) -> None:
        self.left_out: list[LeftOut] = []
        self.uncallable: list[tuple[str, str]] = []
        """Required parameters whose type has no JSON form: (name, type)."""


def uncallable_message(type_name: str) -> str:
    """TI131's text: a required parameter of a type that has no JSON form."""
    return (
        f"required, and type {type_name} has no JSON form: a model cannot call this method "
        "(a new classification entry excludes it; set true, any value is accepted)"
    )


def no_form_name(hint: object) -> str:
    """How diagnostics and tools.json name a type with no JSON form: without ``Annotated``
    metadata, a union by its members other than ``None``."""
    while typing.get_origin(hint) is typing.Annotated:
        hint = typing.get_args(hint)[0]
    if not is_union(hint):
        return hint_name(hint)
    members = [no_form_name(a) for a in typing.get_args(hint) if a is not type(None)]
    return " | ".join(members)


def renames_of(owner: type, attribute: str) -> dict[str, object]:
    """A class's ``__tool_names__`` (method → tool name) or ``__parameter_names__``
    (method → {parameter → schema name}); anything but a dict counts as none."""
    value = getattr(owner, attribute, None)
    return value if isinstance(value, dict) else {}


class Renames:
    """``renames_of`` a class's two attributes, read once for a run of its methods (a class is
    scanned whole before the next); one per scan."""

    def __init__(self) -> None:
        self._owner: type | None = None
        self._found: tuple[dict[str, object], dict[str, object]] = ({}, {})

    def of(self, owner: type) -> tuple[dict[str, object], dict[str, object]]:
        """The class's ``__tool_names__`` and ``__parameter_names__``."""
        if owner is not self._owner:
            tool_names = renames_of(owner, "__tool_names__")
            self._found = (tool_names, renames_of(owner, "__parameter_names__"))
            self._owner = owner
        return self._found


def is_internal(parameter: Parameter, method: MethodInfo) -> bool:
    """``_name`` with a default (``_parent_execute_state=None``) is for the library, not a
    caller; unless ``__parameter_names__`` gives it a schema name."""
    if not parameter.name.startswith("_") or parameter.default is inspect.Parameter.empty:
        return False
    renamed = renames_of(method.owner, "__parameter_names__").get(method.name)
    return not (isinstance(renamed, dict) and parameter.name in renamed)


def default_of(name: str, value: object, report: Reporter) -> Json | _Missing:
    """A parameter's default as JSON; one with no JSON form, or whose reading fails, is left
    out of the schema (the method stays)."""
    try:
        return to_json(value)
    except NoJsonForm:
        report(
            codes.DEFAULT_NOT_JSON,
            f"{label(name)}: default {stable_repr(value)} has no JSON form; left out of the schema",
        )
    except Exception as error:  # the default's own code failed (a property, __iter__, ...)
        report(
            codes.DEFAULT_UNREADABLE,
            f"{label(name)}: default of type {type(value).__qualname__} cannot be read "
            f"({type(error).__name__}: {error}); left out of the schema",
        )
    return MISSING


def documented_default(text: str, schema_type: SchemaType) -> Json | _Missing:
    """A default a docstring states (``0``, ``'left'``, ``True``) as JSON: a plain literal
    the schema accepts, else none."""
    if len(text) > 200:
        return MISSING
    try:
        value = ast.literal_eval(text.strip())
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return MISSING
    if value is not None and type(value) not in (bool, int, float, str):
        return MISSING
    return typing.cast(Json, value) if _fits(value, schema_type.to_schema()) else MISSING


_JSON_TYPES = {type(None): "null", bool: "boolean", int: "integer", float: "number", str: "string"}


def _fits(value: object, schema: Json) -> bool:
    """Whether a plain value meets a schema's ``enum``, ``anyOf`` and ``type``."""
    if not isinstance(schema, dict):
        return False
    enum = schema.get("enum")
    if isinstance(enum, list):
        return any(type(v) is type(value) and v == value for v in enum)
    options = schema.get("anyOf")
    if isinstance(options, list):
        return any(_fits(value, option) for option in options)
    kinds = schema.get("type")
    if kinds is None:
        return "$ref" not in schema
    kinds = [kinds] if isinstance(kinds, str) else kinds
    kind = _JSON_TYPES[type(value)]
    return isinstance(kinds, list) and (kind in kinds or (kind == "integer" and "number" in kinds))


def schema_name(names: dict[object, object]) -> Callable[[str], str]:
    """A parameter's name in the schema, after ``__parameter_names__``."""

    def rename(name: str) -> str:
        renamed = names.get(name)
        return renamed if isinstance(renamed, str) else name

    return rename


def named_in_schema(
    renamed: object, named: list[str], sources: dict[str, str], omitted: Omitted
) -> tuple[tuple[tuple[str, str], ...], tuple[tuple[str, str], ...]]:
    """The type sources and the uncallable parameters, by their names in the schema
    (``renamed``: the method's ``__parameter_names__`` entry)."""
    if not (sources or omitted.uncallable):
        return (), ()
    name_in_schema = schema_name(renamed if isinstance(renamed, dict) else {})
    type_sources = tuple((name_in_schema(n), sources[n]) for n in named if n in sources)
    return type_sources, tuple((name_in_schema(n), t) for n, t in omitted.uncallable)


def without_sentinel_type(hint: object, default: object, required: bool) -> tuple[object, bool]:
    """The hint without the type of a sentinel default, and whether the default is one."""
    if not required and default is not NO_DEFAULT:
        stripped = without_sentinel(hint, default)
        if stripped is not None:
            return stripped, True
    return hint, False


def renamed_field(f: Field, names: dict[object, object]) -> Field:
    schema_name = names.get(f.name)
    return replace(f, name=schema_name) if isinstance(schema_name, str) else f


def docstring_of(method: MethodInfo) -> str | None:
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


def field_object(parameter: Parameter, hint: object) -> tuple[object, object, bool]:
    """The hint, the default shown (``NO_DEFAULT`` when unknown) and whether the parameter is
    required, reading a field object as the default or inside an ``Annotated`` hint."""
    default = parameter.default
    if type(hint) is type and (default is inspect.Parameter.empty or type(default) in _PLAINS):
        return hint, default, default is inspect.Parameter.empty  # a class, no field object
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


def label(name: str) -> str:
    return "return value" if name == "return" else f"parameter {name!r}"


def brief(error: BaseException) -> str:
    return f"{type(error).__name__}: {error}"


def variadic_field(
    name: str, kind: inspect._ParameterKind, item: SchemaType, description: str
) -> Field:
    """``*args: T`` as an optional array of T, ``**kwargs: T`` as an optional object of T."""
    if kind is inspect.Parameter.VAR_POSITIONAL:
        items = None if item == AnyValueType() else item
        kind_of = ParameterKind.VAR_POSITIONAL
        return Field(name, ArrayType(items), description, False, MISSING, kind_of)
    kind_of = ParameterKind.VAR_KEYWORD
    return Field(name, ObjectType(additional=item), description, False, MISSING, kind_of)


def nullable(schema_type: SchemaType) -> SchemaType:
    if isinstance(schema_type, AnyOfType) and not schema_type.keywords:
        return AnyOfType((*schema_type.options, NullType()))
    return AnyOfType((schema_type, NullType()))


def check_documented(
    fields: tuple[Field, ...],
    parameters: list[Parameter],
    doc: DocInfo,
    report: Reporter,
) -> None:
    if not doc.present:
        return
    field_names = {f.name for f in fields}
    if not doc.params.keys() <= field_names:  # else each documented argument is a field
        names = field_names.union(p.name for p in parameters)
        for documented in doc.params:
            if documented not in names and documented.replace("\\", "").lstrip("*") not in names:
                report(
                    codes.DOCUMENTED_NOT_IN_SIGNATURE,
                    f"documented argument {documented!r} is not in the signature",
                )
    undocumented = [f.name for f in fields if f.name not in doc.params and not f.description]
    if len(undocumented) == 1:
        report(codes.PARAMETER_UNDOCUMENTED, f"{label(undocumented[0])} is not documented")
    elif undocumented:
        *first, last = (repr(name) for name in undocumented)
        report(
            codes.PARAMETER_UNDOCUMENTED,
            f"parameters {', '.join(first)} and {last} are not documented",
        )


def resolve_doc_type(type_name: str, function: Callable[..., object]) -> DocType:
    """A docstring type (``list[int]``, ``int or None``, ``{'a', 'b'}``, ``list of str``,
    ``array-like``) read with the names of the function's module, those it imports only under
    ``if TYPE_CHECKING:`` included; never evaluated."""
    target = inspect.unwrap(function) if hasattr(function, "__wrapped__") else function
    globalns = getattr(target, "__globals__", {})
    try:
        return read_doc_type(type_name, _ModuleNames(globalns, str(globalns.get("__name__", ""))))
    except Exception:  # names resolve through the library's code (a module's __getattr__)
        return DocType(NOT_UNDERSTOOD)  # reported as not understood


class _ModuleNames(Mapping[str, object]):
    """A module's globals, then the names it imports only for type checkers (on demand)."""

    def __init__(self, globalns: dict[str, object], module_name: str) -> None:
        self.globalns = globalns
        self.module_name = module_name

    def __getitem__(self, name: str) -> object:
        if name in self.globalns:
            return self.globalns[name]
        if self.module_name and name.isidentifier():
            found = type_checking_namespace(self.module_name, (name,))
            if name in found:
                return found[name]
        raise KeyError(name)

    def __contains__(self, name: object) -> bool:
        if not isinstance(name, str):
            return False
        try:
            self[name]
        except KeyError:
            return False
        return True

    def __iter__(self) -> Iterator[str]:
        return iter(self.globalns)

    def __len__(self) -> int:
        return len(self.globalns)


def _items() -> Iterator[None]:
    yield None


async def _async_items() -> AsyncIterator[None]:
    yield None


_CONTEXT_MANAGER_CODES = frozenset(
    getattr(wrapper, "__code__", None)
    for wrapper in (contextlib.contextmanager(_items), contextlib.asynccontextmanager(_async_items))
)
"""The code of the wrappers ``@contextmanager`` and ``@asynccontextmanager`` return: their
result is a context manager, whatever the hint of the generator they wrap says."""


def result_hint(function: object, hint: object) -> object:
    """The hint of what a call returns: a context manager for what ``@contextmanager`` (or
    ``@asynccontextmanager``) made, whose hint types the generator inside."""
    if getattr(function, "__code__", None) in _CONTEXT_MANAGER_CODES:
        return contextlib.AbstractContextManager
    return hint


def awaited(function: object) -> bool:
    """Whether a call is awaited: a coroutine function, or an async generator (the Toolbox
    collects its items)."""
    if type(function) is types.FunctionType and not hasattr(function, "_is_coroutine_marker"):
        return bool(function.__code__.co_flags & _AWAITED_FLAGS)  # all ``inspect`` reads of it
    return inspect.iscoroutinefunction(function) or inspect.isasyncgenfunction(function)


_AWAITED_FLAGS = inspect.CO_COROUTINE | inspect.CO_ASYNC_GENERATOR
