"""A parameter's default as its schema writes it: its JSON form, if it has one and is a value of
the parameter's type."""

from __future__ import annotations

from collections.abc import Callable

from inspector import codes
from inspector.diagnostics import NAMED, shown
from inspector.model import MISSING, AnyOfType, BooleanType, Json, NullType, SchemaType, _Missing
from inspector.typetable.scalars import NoJsonForm
from inspector.typetable.schema_values import value_problem
from inspector.typetable.values import to_json

Report = Callable[[str, str], None]
"""Takes a diagnostic's code and message, located at the method."""


def default_of(where: str, value: object, report: Report) -> Json | _Missing:
    """A parameter's default as JSON; one with no JSON form, or whose reading fails, is left
    out of the schema (the method stays). ``where`` names the parameter in messages."""
    try:
        return to_json(value)
    except NoJsonForm:
        report(
            codes.DEFAULT_NOT_JSON,
            f"{where}: default {shown(value, NAMED)} has no JSON form; left out of the schema",
        )
    except Exception as error:  # the default's own code failed (a property, __iter__, ...)
        report(
            codes.DEFAULT_UNREADABLE,
            f"{where}: default of type {type(value).__qualname__} cannot be read "
            f"({type(error).__name__}: {error}); left out of the schema",
        )
    return MISSING


def fitting_default(
    where: str, default: Json | _Missing, schema_type: SchemaType, report: Report
) -> Json | _Missing:
    """The default as the schema writes it: left out (TI133) when it is no value of the
    parameter's type, as a model that sent it back would be refused (geopy's
    ``language=False`` documented ``str``); a 0 or 1 beside a boolean (``flag=1``, documented
    ``bool``) is what Python code means by it, written false or true. Named types (``$ref``)
    are not looked into here."""
    if default is MISSING:
        return default
    if type(default) is int and default in (0, 1) and _is_boolean(schema_type):
        return bool(default)
    problem = value_problem(default, schema_type, {}, "default")
    if problem is None:
        return default
    report(
        codes.DEFAULT_NOT_OF_TYPE,
        f"{where}: {problem}; left out of the schema (the method still gets it when the "
        "argument is omitted)",
    )
    return MISSING


def _is_boolean(schema_type: SchemaType) -> bool:
    """A boolean, or a boolean or null."""
    options = schema_type.options if isinstance(schema_type, AnyOfType) else (schema_type,)
    kinds = {type(o) for o in options}
    return BooleanType in kinds and kinds <= {BooleanType, NullType}
