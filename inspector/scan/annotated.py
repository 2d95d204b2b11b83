"""``Annotated`` metadata → JSON Schema keywords: descriptions, pydantic ``Field`` and
annotated-types constraints, JSON Schema keywords given as a dict, pydantic's
``WithJsonSchema``, and the ``Injected`` marker of a parameter the caller supplies."""

from __future__ import annotations

import collections.abc as cabc
import typing
from dataclasses import replace

from inspector.model import (
    AnyOfType,
    ArrayType,
    Injected,
    Json,
    NullType,
    ObjectType,
    SchemaType,
    StringType,
)
from inspector.scan.docstrings import cleaned_text

_CONSTRAINTS = {
    "gt": "exclusiveMinimum",
    "ge": "minimum",
    "lt": "exclusiveMaximum",
    "le": "maximum",
    "multiple_of": "multipleOf",
    "pattern": "pattern",
}
_LENGTH_KEYWORDS = {
    StringType: ("minLength", "maxLength"),
    ArrayType: ("minItems", "maxItems"),
    ObjectType: ("minProperties", "maxProperties"),
}


def is_json_schema_override(item: object) -> bool:
    """A pydantic ``WithJsonSchema``: the schema it gives is the whole of the schema."""
    return type(item).__name__ == "WithJsonSchema"


def overrides_schema(hint: object) -> bool:
    """Whether an ``Annotated`` hint's metadata gives its schema whole (``WithJsonSchema``):
    nothing is added to it, not even the ``null`` of a ``None`` default."""
    if typing.get_origin(hint) is not typing.Annotated:
        return False
    return any(is_json_schema_override(item) for item in typing.get_args(hint)[1:])


def read_metadata(item: object, extra: dict[str, Json]) -> None:
    """Read description and constraints from one ``Annotated`` metadata item."""
    if isinstance(item, str):  # as written (stubs carry descriptions back this way, exactly)
        extra["description"] = item
        return
    keywords = item if isinstance(item, dict) else getattr(item, "json_schema_extra", None)
    if isinstance(keywords, dict):  # JSON Schema keywords, as they should appear
        extra.update((k, v) for k, v in keywords.items() if isinstance(k, str))
        if isinstance(item, dict):
            return
    documentation = getattr(item, "documentation", None)
    if isinstance(documentation, str):  # typing_extensions.Doc: often a triple-quoted block
        extra["description"] = cleaned_text(documentation)
        return
    nested = getattr(item, "metadata", None)
    if isinstance(nested, list):  # pydantic FieldInfo
        for sub in nested:
            read_metadata(sub, extra)
        description = getattr(item, "description", None)
        if isinstance(description, str):
            extra["description"] = cleaned_text(description)
        return
    if isinstance(item, cabc.Iterable) and not isinstance(item, bytes | dict):
        for sub in item:  # annotated-types GroupedMetadata, pydantic StringConstraints
            read_metadata(sub, extra)
        return
    for attribute, keyword_name in _CONSTRAINTS.items():
        value = getattr(item, attribute, None)
        if isinstance(value, int | float | str) and not isinstance(value, bool):
            extra[keyword_name] = value
    for attribute in ("min_length", "max_length"):
        value = getattr(item, attribute, None)
        if isinstance(value, int) and not isinstance(value, bool):
            extra[attribute] = value


def apply_metadata(mapped: SchemaType, extra: dict[str, Json]) -> SchemaType:
    """Attach keywords read from metadata; length bounds get the name that fits the type."""
    if not extra:
        return mapped
    named_by = mapped
    if isinstance(mapped, AnyOfType):  # ``list[int] | None``: the length is the list's
        others = [o for o in mapped.options if not isinstance(o, NullType)]
        named_by = others[0] if len(others) == 1 else mapped
    lengths = _LENGTH_KEYWORDS.get(type(named_by), ("minLength", "maxLength"))
    renamed = {"min_length": lengths[0], "max_length": lengths[1]}
    keywords = dict(mapped.keywords)
    for key, value in extra.items():
        keywords[renamed.get(key, key)] = value
    return replace(mapped, keywords=tuple(keywords.items()))


def injected_key(hint: object) -> str | None:
    """The context key of a parameter hinted ``Annotated[T, Injected("key")]`` ("" for
    ``Injected()`` or the bare class), or None when the hint injects nothing."""
    if typing.get_origin(hint) is not typing.Annotated:
        return None
    for item in typing.get_args(hint)[1:]:
        if isinstance(item, Injected):
            return item.key
        if item is Injected:
            return ""
    return None
