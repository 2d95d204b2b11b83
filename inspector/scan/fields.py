"""Field objects as defaults: pydantic ``Field(...)``, typer ``Option``/``Argument`` and other
objects that carry a default and a help text, read by duck typing (no import of either)."""

from __future__ import annotations

import inspect
import typing
from collections.abc import Callable, Mapping

from inspector.model import Json

NO_DEFAULT: typing.Final = inspect.Parameter.empty
"""The default of a field that has none (it is required)."""
_PLAIN_DEFAULTS: frozenset[type] = frozenset({type(None), bool, int, float, str, bytes, tuple})
_EMPTY_FACTORIES: frozenset[object] = frozenset({list, dict, set, frozenset, tuple})
"""Default factories whose value is known without calling user code."""
_CLASS_DEFAULTS = frozenset({type(None), bool, int, float, str})
"""Defaults that are never field objects."""
_BOUNDS = {"min": "minimum", "max": "maximum"}
"""typer's ``min``/``max``, as JSON Schema keywords."""


class FieldDefault:
    """What a field object says of its parameter."""

    __slots__ = ("default", "factory", "metadata")

    def __init__(
        self,
        default: object = NO_DEFAULT,
        factory: Callable[[], object] | None = None,
        metadata: tuple[object, ...] = (),
    ) -> None:
        self.default: typing.Final = default
        self.factory: typing.Final = factory
        self.metadata: typing.Final = metadata
        """``Annotated`` metadata that carries the field's description and constraints."""

    @property
    def required(self) -> bool:
        """Whether a call must give the argument."""
        return self.default is NO_DEFAULT and self.factory is None

    @property
    def known_default(self) -> object:
        """The default to show: the value, an empty factory's value, or ``NO_DEFAULT``."""
        if self.factory is not None and self.factory in _EMPTY_FACTORIES:
            return self.factory()
        return self.default

    def value(self) -> object:
        """The value a call that leaves the argument out gets (a factory is called)."""
        return self.factory() if self.factory is not None else self.default


def read_field_object(value: object) -> FieldDefault | None:
    """The field object's default, factory and metadata; None when ``value`` is an ordinary
    default (anything without both ``default`` and a ``description`` or ``help``)."""
    if type(value) in _PLAIN_DEFAULTS or isinstance(value, type):
        return None
    try:
        if not hasattr(value, "default") or not (
            hasattr(value, "description") or hasattr(value, "help")
        ):
            return None
        return FieldDefault(
            default=_default(getattr(value, "default", NO_DEFAULT)),
            factory=_factory(getattr(value, "default_factory", None)),
            metadata=_metadata(value),
        )
    except Exception:  # an object whose attributes fail to read is an ordinary default
        return None


def with_field_metadata(hint: object, field: FieldDefault | None) -> object:
    """The hint with the field object's metadata added, and with the field objects inside an
    ``Annotated`` hint spelled as metadata the type mapper reads (a description, bounds)."""
    extra = field.metadata if field is not None else ()
    if typing.get_origin(hint) is typing.Annotated:
        inner, *items = typing.get_args(hint)
        spelled = [part for item in items for part in _spelled(item)]
        if spelled == items and not extra:
            return hint
        return typing.Annotated[(inner, *spelled, *extra)]
    return typing.Annotated[(hint, *extra)] if extra else hint


def field_object(parameter: inspect.Parameter, hint: object) -> tuple[object, object, bool]:
    """The hint, the default shown (``NO_DEFAULT`` when unknown) and whether the parameter is
    required, reading a field object as the default or inside an ``Annotated`` hint."""
    default = parameter.default
    if type(hint) is type and (
        default is inspect.Parameter.empty or type(default) in _CLASS_DEFAULTS
    ):
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


def annotated_field(hint: object) -> FieldDefault | None:
    """The default of a field object inside ``Annotated[T, Field(default=...)]``."""
    if typing.get_origin(hint) is not typing.Annotated:
        return None
    for item in reversed(typing.get_args(hint)[1:]):
        found = read_field_object(item)
        if found is not None and not found.required:
            return FieldDefault(found.default, found.factory)
    return None


def field_defaults(
    function: Callable[..., object], hints: Mapping[str, object]
) -> dict[str, FieldDefault]:
    """Parameter name → field object, for the parameters whose default is one (in the
    signature, or inside an ``Annotated`` hint)."""
    try:
        parameters = inspect.signature(function).parameters.values()
    except (TypeError, ValueError):
        return {}
    found: dict[str, FieldDefault] = {}
    for parameter in parameters:
        field = (
            annotated_field(hints.get(parameter.name))
            if parameter.default is inspect.Parameter.empty
            else read_field_object(parameter.default)
        )
        if field is not None:
            found[parameter.name] = field
    return found


def _spelled(item: object) -> tuple[object, ...]:
    """A typer-like field object as its metadata; anything else (pydantic's ``FieldInfo``
    included, which the mapper reads) as itself."""
    if type(item) in _PLAIN_DEFAULTS or isinstance(getattr(item, "metadata", None), list):
        return (item,)
    found = read_field_object(item)
    return found.metadata if found is not None else (item,)


def _default(raw: object) -> object:
    """Ellipsis (typer, pydantic) and pydantic's ``PydanticUndefined`` mean "no default"."""
    if raw is Ellipsis or type(raw).__name__ == "PydanticUndefinedType":
        return NO_DEFAULT
    return raw


def _factory(raw: object) -> Callable[[], object] | None:
    return typing.cast(Callable[[], object], raw) if callable(raw) else None


def _metadata(value: object) -> tuple[object, ...]:
    """pydantic's ``FieldInfo`` is read as ``Annotated`` metadata as it is; other objects give
    their ``help`` (or ``description``) text and their ``min``/``max`` bounds."""
    if isinstance(getattr(value, "metadata", None), list):
        return (value,)
    parts: list[object] = []
    for attribute in ("help", "description"):
        text = getattr(value, attribute, None)
        if isinstance(text, str) and text:
            parts.append(text)
            break
    bounds: dict[str, Json] = {}
    for attribute, keyword in _BOUNDS.items():
        bound = getattr(value, attribute, None)
        if isinstance(bound, int | float) and not isinstance(bound, bool):
            bounds[keyword] = bound
    if bounds:
        parts.append(bounds)
    return tuple(parts)
