"""The hints the Toolbox converts a tool call's arguments with, resolved as a scan does."""

from __future__ import annotations

import contextlib
import inspect
import typing
from collections.abc import Callable, Collection

from inspector.model import MethodKind
from inspector.scan.docstrings import DocstringStyle
from inspector.scan.fields import field_object
from inspector.scan.methods import (  # the scan's own reading
    _VARIADIC,
    LITERAL_TYPES,
    MethodBuilder,
    Reporter,
)
from inspector.scan.overloads import overload_types
from inspector.scan.resolution import is_unpack
from inspector.scan.targets import MethodInfo
from inspector.scan.variadics import variadic_item
from inspector.typetable.structures import field_rows

_NO_HINT = object()


def call_hints(
    function: Callable[..., object],
    owner: type,
    docstring_style: DocstringStyle = DocstringStyle.AUTO,
    documented: Collection[str] = (),
    stubs: MethodBuilder | None = None,
    *,
    defaulted: Collection[str] = (),
    receiver: type | None = None,
) -> dict[str, object]:
    """The hints a tool call's arguments are converted with, resolved as a scan resolves
    them: the code's, and with ``stubs`` (a builder shared by the tools that took types from
    a stub) the stub's where the code has none (a protocol there, ``SupportsIndex``, converts
    to its type table stand-in, a value the method accepts); ``*args: T`` as ``list[T]``,
    ``**kwargs: T`` as ``dict[str, T]`` and the keys of ``**kwargs: Unpack[SomeTypedDict]``
    one by one, with ``None`` allowed where the default is ``None`` (``x: int = None``);
    ``@overload`` types where the code has none; the parameters named in ``documented``
    (typed by the docstring in the scan) by their docstring type, those in ``defaulted`` by
    the type of their literal default. ``owner`` is the class that defines the method,
    ``receiver`` the class it is called on (``Self`` is it; default: ``owner``)."""
    name = getattr(function, "__name__", "")
    method = MethodInfo(
        owner, name, function, MethodKind.STATIC, path="", line=0, receiver=receiver
    )
    report = Reporter(method)  # the scan reported these already
    builder = stubs if stubs is not None else MethodBuilder(docstring_style)
    if stubs is None:
        try:
            parameters = list(inspect.signature(function).parameters.values())
        except (TypeError, ValueError):  # a C method: its arguments are converted as given
            parameters = []
        hints = builder._code_hints(method, report)  # its caches die with it
    else:
        parameters, stub = stubs._signature(method, report) or ([], None)
        if stub is not None and stub.bound and parameters:  # a method from its stub: bound
            parameters = parameters[1:]  # here, so its ``self``/``cls`` is given already
        wanted: dict[str, inspect._ParameterKind | None] = {p.name: p.kind for p in parameters}
        hints, _, _ = stubs._hints(method, wanted, report, stub)
    bound = hasattr(function, "__self__")  # a bound method: its overloads list self/cls
    overloads = overload_types(
        function, owner, builder.resolver, bound=bound, receiver=method.receiver
    )
    for name, hint in overloads.hints.items() if overloads is not None else ():
        if name != "return":  # the overloads type what the code leaves open, as a scan does
            hints.setdefault(name, hint)
    signature_names = {p.name for p in parameters}
    keywords = any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters)
    documented_hints = (
        _docstring_hints(builder, method, documented, signature_names, keywords)
        if documented
        else {}
    )
    hints.update(documented_hints)
    for parameter in parameters:
        hint = hints.get(parameter.name, _NO_HINT)
        if parameter.name in defaulted and type(parameter.default) in LITERAL_TYPES:
            hint = hints[parameter.name] = type(parameter.default)  # ``x=0``, as the scan read it
        if parameter.kind not in _VARIADIC and (
            hint is not _NO_HINT or parameter.default is not inspect.Parameter.empty
        ):  # the constraints of a field object, the default or in ``Annotated``, as a scan reads
            hint = hints[parameter.name] = field_object(
                parameter, hints.get(parameter.name, typing.Any)
            )[0]
        if hint is not _NO_HINT and parameter.default is None:  # the schema allows null then
            with contextlib.suppress(TypeError):  # a hint no union takes stays as it is
                hints[parameter.name] = typing.Optional[hint]  # noqa: UP045 (a run-time union)
        if hint is _NO_HINT or parameter.kind not in _VARIADIC:
            continue
        if parameter.name in documented_hints:  # ``**params : dict`` types the whole
            hint = variadic_item(hint, parameter.kind)
        if is_unpack(hint):
            del hints[parameter.name]
            (typed_dict,) = typing.get_args(hint)
            hints.update((row[0], row[1]) for row in field_rows(typed_dict))
        elif parameter.kind is inspect.Parameter.VAR_POSITIONAL:
            hints[parameter.name] = list[hint]  # type: ignore[valid-type]
        else:
            hints[parameter.name] = dict[str, hint]  # type: ignore[valid-type]
    return hints


def _docstring_hints(
    builder: MethodBuilder,
    method: MethodInfo,
    names: Collection[str],
    signature: set[str],
    keywords: bool,
) -> dict[str, object]:
    """The docstring types of ``names``, read as the scan reads them (``signature``: the
    names of the parameters; ``keywords``: whether they take ``**kwargs``)."""
    report = Reporter(method)
    doc = builder._doc(method, report, signature, keywords)
    found: dict[str, object] = {}
    for name in names:
        documented = doc.params.get(name) or doc.params.get(f"*{name}")
        documented = documented or doc.params.get(f"**{name}")
        if documented is not None and documented.type_name:
            found[name] = builder._doc_type(documented.type_name, method, name, report)
    return found
