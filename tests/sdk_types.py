"""Check values against the providers' own SDK types, keys compared exactly."""

from __future__ import annotations

import typing
from typing import Any

import jsonschema
import pydantic


def check_typed_dict(value: object, td: type, path: str = "$") -> None:
    """Fail unless ``value`` has exactly the keys ``td`` allows, with values of the right types.

    Required keys are read from ``Required``/``NotRequired`` as well as ``__required_keys__``:
    Python 3.11 misses the qualifiers when the SDK module uses string annotations."""
    assert isinstance(value, dict), f"{path}: expected an object for {td.__name__}"
    hints = typing.get_type_hints(td, include_extras=True)
    unknown = set(value) - set(hints)
    assert not unknown, f"{path}: keys unknown to {td.__name__}: {sorted(unknown)}"
    for key, hint in hints.items():
        required, inner = _unwrap(hint, key in getattr(td, "__required_keys__", ()))
        if key not in value:
            assert not required, f"{path}: {td.__name__} requires {key!r}"
            continue
        check_value(value[key], inner, f"{path}.{key}")


def check_value(value: object, hint: Any, path: str) -> None:
    """A TypedDict is checked key by key; anything else is validated strictly by pydantic."""
    if typing.is_typeddict(hint):
        check_typed_dict(value, hint, path)
        return
    try:
        pydantic.TypeAdapter(hint).validate_python(value, strict=True)
    except pydantic.ValidationError as error:
        raise AssertionError(f"{path}: {error}") from None


def _unwrap(hint: Any, by_totality: bool) -> tuple[bool, Any]:
    required = by_totality
    while typing.get_origin(hint) in (typing.Required, typing.NotRequired, typing.Annotated):
        if typing.get_origin(hint) is typing.Required:
            required = True
        elif typing.get_origin(hint) is typing.NotRequired:
            required = False
        hint = typing.get_args(hint)[0]
    return required, hint


_META = jsonschema.Draft202012Validator(jsonschema.Draft202012Validator.META_SCHEMA)


def check_json_schema(schema: object) -> None:
    """Valid against the JSON Schema 2020-12 meta-schema."""
    error = jsonschema.exceptions.best_match(_META.iter_errors(schema))
    assert error is None, f"not valid JSON Schema 2020-12: {error}"


def walk_schemas(schema: Any) -> typing.Iterator[dict[str, Any]]:
    """Every sub-schema (object-valued) of a schema."""
    if isinstance(schema, dict):
        yield schema
        for key, value in schema.items():
            if key in ("properties", "$defs"):
                for sub in value.values():
                    yield from walk_schemas(sub)
            elif key in ("items", "additionalProperties", "not"):
                yield from walk_schemas(value)
            elif key in ("anyOf", "oneOf", "allOf", "prefixItems"):
                for sub in value:
                    yield from walk_schemas(sub)
