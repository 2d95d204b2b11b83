"""A C function's parameters as the first line of its docstring writes them, for one with
neither a text signature (``inspect.signature`` fails) nor a stub."""

from __future__ import annotations

import ast
import inspect

from inspector.scan.docstrings import signature_line_arguments
from inspector.scan.stubsource import runtime_parameter, signature_parts


def signature_line_parameters(
    function: object, name: str, implicit: str | None
) -> list[inspect.Parameter] | None:
    """The parameters of a C function without a text signature or a stub, as its docstring's
    first line writes them (regex's ``match(string, pos=None, endpos=None) --> MatchObject or
    None.``), without their annotations (nothing to evaluate them in). Such a function may
    take no keywords (socket's ``gethostbyname(host)``), and its line may be out of date with
    the order of the code's optional parameters (regex's ``search`` has one more than it
    writes): the required parameters are given by position, those written ``name=default``
    by name. None when there is no such line or it is no Python parameter list (``f(a[,
    b])``). ``implicit``: the first parameter a method's line may leave out (``self`` or
    ``cls``; None for a function or a static method); ``name``: the method's name in its class,
    else the name the function gives itself (an alias's docstring names the original)."""
    text = getattr(function, "__doc__", None)
    arguments = signature_line_arguments(text, name)
    own_name = getattr(function, "__name__", name)
    if arguments is None and isinstance(own_name, str) and own_name != name:
        arguments = signature_line_arguments(text, own_name)
    if arguments is None:
        return None
    try:
        definition = ast.parse(f"def _{arguments}: ...").body[0]
    except (SyntaxError, ValueError, RecursionError):
        return None
    assert isinstance(definition, ast.FunctionDef)
    written, _ = signature_parts(definition)
    parameters = [
        parameter.replace(kind=inspect.Parameter.POSITIONAL_ONLY)
        if parameter.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD
        and parameter.default is inspect.Parameter.empty
        else parameter
        for parameter in map(runtime_parameter, written)
    ]
    if implicit is not None and (not parameters or parameters[0].name != implicit):
        parameters.insert(0, inspect.Parameter(implicit, inspect.Parameter.POSITIONAL_ONLY))
    try:
        inspect.Signature(parameters)  # the order Python requires (no default before none)
    except ValueError:
        return None
    return parameters
