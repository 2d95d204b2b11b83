"""``Annotated`` metadata → JSON Schema keywords: descriptions, pydantic ``Field`` and
annotated-types constraints, JSON Schema keywords given as a dict."""

from __future__ import annotations

import collections.abc as cabc
import inspect
from dataclasses import replace

from inspector.model import ArrayType, Json, ObjectType, SchemaType, StringType

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
        extra["description"] = inspect.cleandoc(documentation)
        return
    nested = getattr(item, "metadata", None)
    if isinstance(nested, list):  # pydantic FieldInfo
        for sub in nested:
            read_metadata(sub, extra)
        description = getattr(item, "description", None)
        if isinstance(description, str):
            extra["description"] = inspect.cleandoc(description)
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
    lengths = _LENGTH_KEYWORDS.get(type(mapped), ("minLength", "maxLength"))
    renamed = {"min_length": lengths[0], "max_length": lengths[1]}
    keywords = dict(mapped.keywords)
    for key, value in extra.items():
        keywords[renamed.get(key, key)] = value
    return replace(mapped, keywords=tuple(keywords.items()))
