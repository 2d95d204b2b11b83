"""The hints the Toolbox converts a tool call's arguments with, resolved as a scan does."""

from __future__ import annotations

import inspect
import typing
from collections.abc import Callable

from inspector.model import MethodKind
from inspector.scan.method_parts import Reporter, read_parameters
from inspector.scan.methods import _VARIADIC, MethodBuilder  # the scan's own reading, shared
from inspector.scan.overloads import overload_types
from inspector.scan.resolution import is_unpack
from inspector.scan.targets import MethodInfo
from inspector.typetable.structures import field_rows

_NO_HINT = object()


def call_hints(function: Callable[..., object], owner: type) -> dict[str, object]:
    """The code's hints a tool call's arguments are converted with, resolved as a scan
    resolves them: ``*args: T`` as ``list[T]``, ``**kwargs: T`` as ``dict[str, T]`` and the
    keys of ``**kwargs: Unpack[SomeTypedDict]`` one by one, and ``@overload`` types where the
    code has none. Stub types are not used here: they name protocols (``SupportsIndex``) that
    the values a method accepts need not be."""
    name = getattr(function, "__name__", "")
    method = MethodInfo(owner, name, function, MethodKind.STATIC, "", 0)
    try:
        parameters = read_parameters(function)
    except (TypeError, ValueError):  # a C method: its arguments are converted as given
        parameters = []
    builder = MethodBuilder()  # its caches die with it
    hints = builder._code_hints(method, Reporter(method))
    bound = hasattr(function, "__self__")  # a bound method: its overloads list self/cls
    overloads = overload_types(function, owner, builder.resolver, bound=bound)
    for name, hint in overloads.hints.items() if overloads is not None else ():
        if name != "return":  # the overloads type what the code leaves open, as a scan does
            hints.setdefault(name, hint)
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
