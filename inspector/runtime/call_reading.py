"""A tool call's arguments read for its method: JSON (or JSON text) from a model checked
against the tool's parameters (every problem named at once), converted through the type table,
spread into ``*args``/``**kwargs``, and the injected parameters filled from the host's
context."""

from __future__ import annotations

import difflib
import inspect
import typing
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from inspector.diagnostics import shown
from inspector.model import MISSING, Field, Json, LeftOut, ParameterKind, ToolDescriptor
from inspector.providers.calls import Call
from inspector.runtime.arguments import ArgumentError, Converter, json_value
from inspector.runtime.binding import Bound
from inspector.runtime.host import MissingContext
from inspector.runtime.spread import keyword_names, spread


class ToolCallError(Exception):
    """A call that cannot be made or failed.

    Args:
        message: What went wrong, written for the model to read and correct its call.
        tool: The tool the call named ("" when unknown).

    Attributes:
        message: As given.
        tool: As given.
    """

    def __init__(self, message: str, tool: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.tool = tool


def read_arguments(
    name: str,
    bound: Bound,
    arguments: Mapping[str, object] | str | None,
    context: Mapping[str, object],
) -> tuple[list[object], dict[str, object], dict[str, object], list[str]]:
    """A call's arguments for the method: its positional and keyword arguments, the
    arguments as the model sent them, and what was read leniently.

    Raises:
        ToolCallError: The arguments are not what the schema allows (every problem named).
        MissingContext: An injected parameter has no value in ``context`` and no default.
    """
    notes: list[str] = []
    if bound.descriptor.name != name:
        notes.append(f"{name!r} read as the tool {bound.descriptor.name!r}")
    values = decode_arguments(name, arguments)
    converter = Converter()
    collected = _CallArguments()
    problems = _unexpected(values, bound.descriptor)
    _collect(bound, values, collected, converter, notes=notes, problems=problems)
    if problems:  # every one at once, so that the model corrects them in one call
        raise ToolCallError(f"{name}: " + "; ".join(problems), name)
    for fixed_name, (parameter, _) in bound.fixed.items():
        if parameter not in bound.parameters:  # one the scan left out: by keyword
            python_name = bound.python_names.get(fixed_name, fixed_name)
            collected.give(parameter, python_name, _fixed_value(bound, fixed_name))
    _inject(name, bound, collected, context)
    if collected.variadic_kwargs:
        _claim_parameters(bound, values, collected, converter, notes)
    try:
        args, kwargs = collected.spread(bound, notes)
    except ValueError as error:
        raise ToolCallError(f"{name}: {error}", name) from None
    notes += converter.notes
    return args, kwargs, values, notes


def _collect(
    bound: Bound,
    values: Mapping[str, object],
    collected: _CallArguments,
    converter: Converter,
    *,
    notes: list[str],
    problems: list[str],
) -> None:
    """Each parameter's value: the model's (converted), its default, or the value the
    classification fixes (a hidden one takes the method's default); ``problems`` gets what is
    wrong, ``notes`` what was read leniently."""
    hidden = set(bound.descriptor.curation.hidden)
    for parameter in bound.parameters:
        python_name = bound.python_names.get(parameter.name, parameter.name)
        field_default = bound.field_defaults.get(python_name)
        if parameter.name in bound.fixed:
            collected.give(parameter, python_name, _fixed_value(bound, parameter.name))
            continue
        if parameter.name in hidden:  # the method's default, as for an omitted one
            if field_default is not None:
                collected.give(parameter, python_name, field_default.value())
            elif parameter.kind is ParameterKind.POSITIONAL_ONLY:
                collected.args.append(_Gap(python_name))
            continue
        raw = values.get(parameter.name)
        given_null = parameter.name in values and raw is None
        if given_null and not parameter.nullable and not parameter.required:
            notes.append(f"{parameter.name}: null; the default used")
        missing = parameter.name not in values
        if (missing or (raw is None and not parameter.nullable)) and not parameter.required:
            if field_default is not None:  # the field's value, not the field object
                collected.give(parameter, python_name, field_default.value())
            elif parameter.kind is ParameterKind.POSITIONAL_ONLY:
                collected.args.append(_Gap(python_name))  # a later one must not take its place
            continue
        if missing:
            if not parameter.nullable:
                problems.append(f"missing required argument {parameter.name!r}")
                continue
            notes.append(f"{parameter.name}: omitted; null used")
            collected.give(parameter, python_name, None)
            continue
        hint = bound.hints.get(python_name, typing.Any)
        converter.loose = python_name in bound.doc_typed
        try:
            value = converter.convert(typing.cast(Json, raw), hint, parameter.name)
        except ArgumentError as error:
            problems.append(str(error))
            continue
        finally:
            converter.loose = False
        collected.give(parameter, python_name, value)


def converter_for(bound: Bound, python_name: str) -> Converter:
    """A converter for one parameter's value: loose where the scan read its type from the
    docstring (``Bound.doc_typed``), as the scan offered it."""
    return Converter(loose=python_name in bound.doc_typed)


def _fixed_value(bound: Bound, name: str) -> object:
    """The value the classification fixes for a parameter, converted anew for each call (a
    method that changes a list it was given does not change the next call's)."""
    python_name = bound.python_names.get(name, name)
    hint = bound.hints.get(python_name, typing.Any)
    try:
        return converter_for(bound, python_name).convert(bound.fixed[name][1], hint, name)
    except ArgumentError as error:  # checked when bound, so not expected here
        tool = bound.descriptor.name
        raise ToolCallError(f"{tool}: the fixed value of {error}", tool) from None


def _inject(
    name: str,
    bound: Bound,
    collected: _CallArguments,
    context: Mapping[str, object],
) -> None:
    """Give the injected parameters their context values; raise ``MissingContext`` for
    one whose value is in no context and that has no default."""
    check_context(name, bound, context)
    for parameter in bound.descriptor.left_out:
        key = parameter.key or parameter.name
        if parameter.reason == "injected" and key in context:
            collected.kwargs[parameter.name] = context[key]


def check_context(name: str, bound: Bound, context: Mapping[str, object]) -> None:
    """Raise ``MissingContext`` when an injected parameter of the tool has no value in
    ``context`` and no default.

    Args:
        name: The tool's name, as called.
        bound: The tool.
        context: The values the host gives.

    Raises:
        MissingContext: The context keys missing.
    """
    missing = [
        parameter.key or parameter.name
        for parameter in bound.descriptor.left_out
        if parameter.reason == "injected"
        and (parameter.key or parameter.name) not in context
        and not has_default(bound, parameter)
    ]
    if missing:
        raise MissingContext(name, missing)


@dataclass
class _CallArguments:
    """The values of one call, gathered by how each parameter takes them."""

    args: list[object] = field(default_factory=list)
    kwargs: dict[str, object] = field(default_factory=dict)
    variadic_args: list[object] = field(default_factory=list)
    variadic_kwargs: dict[str, object] = field(default_factory=dict)

    def give(self, parameter: Field, python_name: str, value: object) -> None:
        """Pass a value by position, by keyword, or spread as ``*args``/``**kwargs``."""
        if parameter.kind is ParameterKind.POSITIONAL_ONLY:
            self.args.append(value)
        elif parameter.kind is ParameterKind.VAR_POSITIONAL and isinstance(value, list):
            self.variadic_args = value
        elif parameter.kind is ParameterKind.VAR_KEYWORD and isinstance(value, dict):
            self.variadic_kwargs = value
        else:
            self.kwargs[python_name] = value

    def spread(self, bound: Bound, notes: list[str]) -> tuple[list[object], dict[str, object]]:
        """The positional and keyword arguments of the call (``notes`` gets what was read
        leniently); raises ``ValueError`` when an omitted positional-only parameter must be
        passed, for a later one, and its default is unknown."""
        args, kwargs, extra = _filled(self.args, bound), self.kwargs, self.variadic_kwargs
        return spread(
            bound.function,
            args,
            kwargs,
            self.variadic_args,
            extra,
            notes=notes,
            by_position=bound.by_position,
        )


@dataclass(frozen=True, slots=True)
class _Gap:
    """An omitted positional-only parameter's place among the positional arguments."""

    name: str


def _filled(args: list[object], bound: Bound) -> list[object]:
    """The positional arguments with each omitted one's place dropped at the end, and filled
    with the method's default before one that was given (``f(a, b=None, c=None, /)`` called
    with ``a`` and ``c``: ``c`` went where ``b`` is)."""
    while args and isinstance(args[-1], _Gap):
        args = args[:-1]
    gaps = [a for a in args if isinstance(a, _Gap)]
    if not gaps:
        return args
    try:
        defaults = {
            name: p.default for name, p in inspect.signature(bound.function).parameters.items()
        }
    except (TypeError, ValueError):  # a C method typed by its stub or its docstring's first
        # line: the default the schema offers, converted as the model's value would be
        defaults = {name: _schema_default(bound, name) for name in {gap.name for gap in gaps}}
    filled: list[object] = []
    for arg in args:
        if not isinstance(arg, _Gap):
            filled.append(arg)
            continue
        default = defaults.get(arg.name, inspect.Parameter.empty)
        if default is inspect.Parameter.empty or default is Ellipsis:
            raise ValueError(
                f"{arg.name!r} must be given for a later argument to be passed by position "
                "(its default is not known)"
            )
        filled.append(default)
    return filled


def _schema_default(bound: Bound, python_name: str) -> object:
    """The default a parameter's schema offers (a stub's, else its docstring's), as the value
    its type takes (bytes, an enum member); ``inspect.Parameter.empty`` when it has none or
    its type refuses it."""
    for parameter in bound.parameters:
        if bound.python_names.get(parameter.name, parameter.name) != python_name:
            continue
        if parameter.default is MISSING:
            break
        hint = bound.hints.get(python_name, typing.Any)
        try:
            return converter_for(bound, python_name).convert(
                parameter.default, hint, parameter.name
            )
        except ArgumentError:
            break
    return inspect.Parameter.empty


def _claim_parameters(
    bound: Bound,
    values: Mapping[str, object],
    collected: _CallArguments,
    converter: Converter,
    notes: list[str],
) -> None:
    """A ``**kwargs`` key that names a parameter not given otherwise would bind to it,
    unconverted: it is read as that parameter instead, or left out with a note when it is not
    a value for it (or names a parameter the tool does not take, such as ``self``)."""
    extra = collected.variadic_kwargs
    clashes = sorted(keyword_names(bound.function) & extra.keys() - collected.kwargs.keys())
    if not clashes:
        return
    spread_name = next(
        p.name for p in bound.descriptor.parameters if p.kind is ParameterKind.VAR_KEYWORD
    )
    raw = typing.cast(dict[str, Json], values[spread_name])
    offered = {bound.python_names.get(p.name, p.name) for p in bound.descriptor.parameters}
    for key in clashes:
        del extra[key]
        within = f"{spread_name}.{key}"  # what converting **kwargs noted is read again below
        converter.notes[:] = [n for n in converter.notes if n.partition(":")[0] != within]
        if key not in offered:
            notes.append(
                f"{key!r} inside **kwargs names a parameter the tool does not take; left out"
            )
            continue
        converter.loose = key in bound.doc_typed
        try:
            value = converter.convert(raw[key], bound.hints.get(key, typing.Any), key)
        except ArgumentError as error:
            notes.append(
                f"{key!r} inside **kwargs is not a value for parameter {key!r} ({error}); left out"
            )
            continue
        finally:
            converter.loose = False
        collected.kwargs[key] = value
        notes.append(f"{key!r} inside **kwargs read as the parameter {key!r}")


def decode_arguments(name: str, arguments: Mapping[str, object] | str | None) -> dict[str, object]:
    """A call's arguments as an object (JSON text decoded); raises ``ToolCallError``."""
    if arguments is None or arguments == "":
        return {}
    decoded: object = arguments
    if isinstance(arguments, str):
        try:
            decoded = json_value(arguments)
        except ValueError as error:
            raise ToolCallError(
                f"{name}: the arguments are not valid JSON ({error})", name
            ) from None
        except RecursionError:
            raise ToolCallError(f"{name}: the arguments are nested too deeply", name) from None
    if not isinstance(decoded, Mapping):
        raise ToolCallError(f"{name}: arguments must be an object, got {shown(decoded)}", name)
    return dict(decoded)


def _unexpected(values: Mapping[str, object], tool: ToolDescriptor) -> list[str]:
    """The problem of argument names the tool does not take, all of them in one."""
    known = {f.name for f in tool.parameters}
    unexpected = [k for k in values if k not in known]
    if not unexpected:
        return []
    takes = ", ".join(sorted(known)) or "no arguments"
    which = ", ".join(repr(k) for k in unexpected)
    plural = "s" if len(unexpected) > 1 else ""
    return [f"unexpected argument{plural} {which}; the tool takes: {takes}"]


def has_default(bound: Bound, parameter: LeftOut) -> bool:
    """Whether the method gives the left-out parameter a default."""
    try:
        found = inspect.signature(bound.function).parameters.get(parameter.name)
    except (TypeError, ValueError):
        return False
    return found is not None and found.default is not inspect.Parameter.empty


_LISTED = 10
"""The most tool names an unknown tool's message lists."""


def unknown_tool(name: str, available: list[str], likely: Sequence[str] = ()) -> str:
    """What the model is told of a tool it named that is not offered: did-you-mean and at most
    ``_LISTED`` names (the closest first): a class of hundreds of methods must not fill the
    model's context with its list.

    Args:
        name: The name the model called.
        available: The names it may call.
        likely: Names to suggest first (the tools a renamed method is offered as).

    Returns:
        The message.
    """
    close = list(likely) or difflib.get_close_matches(name, available, n=3)
    hint = f"; did you mean {' or '.join(repr(c) for c in close)}?" if close else "."
    listed = (close + [n for n in available if n not in close])[:_LISTED]
    more = len(available) - len(listed)
    rest = f" and {more} more" if more else ""
    return f"unknown tool {name!r}{hint} Available: {', '.join(listed) or 'none'}{rest}"


def call_arguments(call: Call) -> Mapping[str, object] | str | None:
    """A call's arguments as the model sent them: an object, its JSON text, or none."""
    arguments = call.arguments
    if arguments is None or isinstance(arguments, str | dict):
        return arguments
    raise ToolCallError(
        f"{call.name}: arguments must be an object, got {shown(arguments)}", call.name
    )
