"""Read tool definitions back from tools.json or a provider's file into a catalog.

Each provider's reader (its module's ``read_tools``) undoes that provider's envelope and schema
dialect into ``ToolEntry`` values; this module holds what the readers share and turns entries
into a catalog, whose JSON Schema ``files.schemas`` reads.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import cast

from inspector.catalog import Catalog, CatalogClass
from inspector.diagnostics import InspectorError
from inspector.files import tools_json
from inspector.files.schemas import SharedTypes, parse_fields, parse_shared
from inspector.model import Json, JsonObject, Returns, ToolDescriptor
from inspector.sharing import FileExpansion

DEFAULT_CLASS = "Tools"
TOOLS_FORMAT = "tools"
"""The format name of tools.json itself."""


@dataclass(frozen=True, slots=True)
class ToolEntry:
    """What every provider format says of one tool; ``returns`` is a JSON Schema or None."""

    name: str
    description: str
    parameters: JsonObject
    returns: JsonObject | None = None


Reader = Callable[[Json], list[ToolEntry]]


def mapping(value: object, where: str) -> JsonObject:
    """``value`` as a JSON object; anything else is an error naming ``where``."""
    if not isinstance(value, dict):
        raise InspectorError(f"{where}: expected an object, got {_kind(value)}")
    return value


def _kind(value: object) -> str:
    names = {dict: "an object", list: "an array", str: "a string", type(None): "null"}
    return names.get(type(value), type(value).__name__)


def text(entry: JsonObject, key: str, where: str, required: bool = False) -> str:
    """A string member of an entry ("" when it is absent and not required)."""
    value = entry.get(key)
    if value is None and not required:
        return ""
    if not isinstance(value, str):
        raise InspectorError(f"{where}: {key!r} must be a string")
    return value


def properties_of(schema: JsonObject) -> JsonObject:
    """The ``properties`` of an object schema (none: empty)."""
    found = schema.get("properties")
    return found if isinstance(found, dict) else {}


def _list(data: Json, keys: tuple[str, ...], where: str) -> list[Json]:
    """The tool list: the document itself, or the array under one of ``keys``."""
    if isinstance(data, list):
        return data
    if isinstance(data, dict):
        for key in keys:
            found = data.get(key)
            if isinstance(found, list):
                return found
        raise InspectorError(f"{where}: no {' or '.join(repr(k) for k in keys)} array")
    raise InspectorError(f"{where}: expected an array or an object, got {_kind(data)}")


def entries(
    data: Json,
    keys: tuple[str, ...],
    read: Callable[[JsonObject, str], ToolEntry],
    skip: Callable[[JsonObject], bool] = lambda item: False,
) -> list[ToolEntry]:
    """Each tool of a list (or of the list under one of ``keys``) read by ``read``; entries
    ``skip`` accepts (a provider's own tools, such as its tool search tool) are passed over.
    An empty list is read as no tools: it is what a render writes when none is included."""
    items = _list(data, keys, "document")
    return [
        read(mapping(item, f"tool {i}"), f"tool {i}")
        for i, item in enumerate(items)
        if not (isinstance(item, dict) and skip(item))
    ]


def read_catalog(
    document: object,
    readers: Mapping[str, Reader],
    format_name: str = "auto",
    class_name: str = DEFAULT_CLASS,
    shared: SharedTypes | None = None,
) -> tuple[Catalog, str]:
    """The catalog of a document in ``format_name`` (tools.json or one of ``readers``), or in
    the first format that reads it, and the format's name. Readers shared by several formats
    are tried once under the first name; a document no format reads raises an error listing
    each format's reason. ``shared``: see ``schemas.SharedTypes``."""
    data = cast(Json, document)
    try:
        return _read_any(data, readers, format_name, class_name, shared)
    except RecursionError:
        raise InspectorError(tools_json.TOO_DEEP_TO_READ) from None


def _read_any(
    data: Json,
    readers: Mapping[str, Reader],
    format_name: str,
    class_name: str,
    shared: SharedTypes | None,
) -> tuple[Catalog, str]:
    if format_name != "auto":
        return _read(data, format_name, readers, class_name, shared), format_name
    reasons = []
    tried: list[Reader] = []
    for name in (TOOLS_FORMAT, *readers):
        reader = readers.get(name)
        if reader is not None and reader in tried:
            continue
        if reader is not None:
            tried.append(reader)
        try:
            return _read(data, name, readers, class_name, shared), name
        except InspectorError as error:
            reasons.append(f"  {name}: {error}")
    raise InspectorError("no supported tool format reads this file:\n" + "\n".join(reasons))


def _read(
    data: Json,
    format_name: str,
    readers: Mapping[str, Reader],
    class_name: str,
    shared: SharedTypes | None,
) -> Catalog:
    if format_name == TOOLS_FORMAT:
        return tools_json.from_json(data, shared)
    reader = readers.get(format_name)
    if reader is None:
        known = ", ".join((TOOLS_FORMAT, *readers))
        raise InspectorError(f"unknown format {format_name!r}; known: {known}")
    try:
        found = reader(data)
    except InspectorError:
        raise
    except Exception as error:  # a user's reader: its failure is this format's reason
        raise InspectorError(f"{type(error).__name__}: {error}") from None
    tools = tuple(_tool(entry, shared) for entry in found)
    return Catalog((CatalogClass(class_name, "", tools),))


def _tool(entry: ToolEntry, shared: SharedTypes | None) -> ToolDescriptor:
    try:
        fields, definitions = parse_fields(entry.parameters, shared)
        returns = entry.returns
        description = returns.get("description") if returns else None
        if returns is not None:
            returns = {k: v for k, v in returns.items() if k != "description"}
        tool = ToolDescriptor(
            name=entry.name,
            description=entry.description,
            parameters=fields,
            returns=Returns(
                parse_shared(returns, shared) if returns else None,
                description if isinstance(description, str) else "",
            ),
            definitions=definitions,
            method_name=entry.name,
        )
        return FileExpansion({}).tool(tool)  # its ``$defs`` that are not recursive written out
    except InspectorError as error:
        raise InspectorError(f"tool {entry.name!r}: {error}") from None
