"""The hints the Toolbox converts a tool call's arguments with, resolved as a scan does."""

from __future__ import annotations

import inspect
import typing
from collections.abc import Callable

from inspector.model import MethodKind
from inspector.scan.method_parts import Reporter, read_parameters
from inspector.scan.methods import _VARIADIC, MethodBuilder  # the scan's own reading, shared
from inspector.scan.resolution import is_unpack
from inspector.scan.targets import MethodInfo
from inspector.typetable.structures import field_rows

_NO_HINT = object()


def call_hints(
    function: Callable[..., object], owner: type, stubs: MethodBuilder | None = None
) -> dict[str, object]:
    """The hints a tool call's arguments are converted with, resolved as a scan resolves
    them: the code's, and with ``stubs`` (a builder shared by the tools that took types from
    a stub) the stub's where the code has none (a protocol there, ``SupportsIndex``, converts
    to its type table stand-in, a value the method accepts); ``*args: T`` as ``list[T]``,
    ``**kwargs: T`` as ``dict[str, T]`` and the keys of ``**kwargs: Unpack[SomeTypedDict]``
    one by one."""
    name = getattr(function, "__name__", "")
    method = MethodInfo(owner, name, function, MethodKind.STATIC, "", 0)
    report = Reporter(method)  # the scan reported these already
    if stubs is None:
        try:
            parameters = read_parameters(function)
        except (TypeError, ValueError):  # a C method: its arguments are converted as given
            parameters = []
        hints = MethodBuilder()._code_hints(method, report)  # its caches die with it
    else:
        parameters, stub = stubs._signature(method, report) or ([], None)
        wanted: dict[str, inspect._ParameterKind | None] = {p.name: p.kind for p in parameters}
        hints, _ = stubs._hints(method, wanted, report, stub)
    for parameter in parameters:
        hint = hints.get(parameter.name, _NO_HINT)
        if hint is _NO_HINT or parameter.kind not in _VARIADIC:
            continue
        if is_unpack(hint):
            del hints[parameter.name]
            (typed_dict,) = typing.get_args(hint)
            hints.update((row[0], row[1]) for row in field_rows(typed_dict))
        elif parameter.kind is inspect.Parameter.VAR_POSITIONAL:
            hints[parameter.name] = list[hint]  # type: ignore[valid-type]
        else:
            hints[parameter.name] = dict[str, hint]  # type: ignore[valid-type]
    return hints
