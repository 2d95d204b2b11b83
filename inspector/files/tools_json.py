"""tools.json: the catalog written as text and read back."""

from __future__ import annotations

import contextlib
import io
import json
import os
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import BinaryIO

from inspector.catalog import Catalog, CatalogClass
from inspector.diagnostics import InspectorError
from inspector.files.cjson import c_json, known_plain, tools_plain
from inspector.files.jsonio import (
    JsonDocument,
    JsonPieces,
    JsonStream,
    LazyObject,
    PythonFirst,
    Utf8Json,
    WholeText,
    WrittenJson,
    json_pieces,
    json_text,
    read_json,
)
from inspector.files.schemas import SharedTypes, parse_fields, parse_shared, shared_text
from inspector.files.scratch import spill_file
from inspector.model import (
    Field,
    Json,
    JsonObject,
    LeftOut,
    MethodKind,
    ParameterKind,
    Returns,
    Schemas,
    ToolDescriptor,
)
from inspector.shared import shared_parameters_schema

FORMAT = "toolsinspector/1"


def to_json(catalog: Catalog) -> JsonObject:
    """The tools.json document."""
    return {"format": FORMAT, "classes": {g.key: _class_json(g) for g in catalog.classes}}


def to_text(catalog: Catalog) -> str:
    """The tools.json text, built class by class (the same text as ``json_text(to_json(...))``)."""
    return json_text(_lazy_json(catalog))


def tools_pieces(
    catalog: Catalog, passed: Callable[[CatalogClass], None] | None = None
) -> JsonDocument:
    """The tools.json text in pieces, class by class (see ``jsonio.JsonPieces``), or as UTF-8.
    With ``passed`` (told of each class once its text is made), the tools' parameters schemas
    are their shared ones, and those of a class whose floats are plain are known plain
    (``cjson.known_plain``): a render made side by side finds both made."""
    if passed is None:
        return JsonDocument(_lazy_json(catalog))
    schemas = Schemas()

    def classes() -> Iterator[tuple[str, object]]:
        for group in catalog.classes:
            value = _class_value(group, schemas, shared=True)
            passed(group)
            yield group.key, value

    return JsonDocument({"format": FORMAT, "classes": LazyObject(classes)})


@contextlib.contextmanager
def spooled(keep_whole: Callable[[CatalogClass], bool] = lambda _: False) -> Iterator[ToolsSpool]:
    """A ``ToolsSpool``, its text gone afterwards."""
    spool = ToolsSpool(keep_whole)
    try:
        yield spool
    finally:
        spool.close()


class ToolsSpool:
    """tools.json's classes written to a spool as a scan makes them (in memory up to
    ``IN_MEMORY`` bytes, then in a temporary file), each kept in memory only as its tools' names
    and places (``add``), so a large scan holds no schemas; ``pieces`` then writes the file from
    it, with the names the whole scan settled on."""

    IN_MEMORY = 1 << 18

    def __init__(self, keep_whole: Callable[[CatalogClass], bool]) -> None:
        self._memory: io.BytesIO | None = io.BytesIO()  # until it is spilled to a file
        self._file: BinaryIO = self._memory
        self._keep_whole = keep_whole
        self._schemas = Schemas()  # the types' schemas, made once for the whole scan
        self._spans: dict[str, tuple[int, int, tuple[ToolDescriptor, ...], bool]] = {}

    def close(self) -> None:
        """Drop the spooled text (a temporary file is removed)."""
        self._file.close()

    def add(self, group: CatalogClass) -> CatalogClass:
        """Spool one class; what to keep of it: its tools' names and places only, or the whole
        class where ``keep_whole`` says more is needed (a rename to recognise)."""
        value = _class_json(group, self._schemas)
        data = _c_class(group, value)
        utf8 = data is not None  # C writes no lone surrogate
        if data is None:  # the Python writer's text, where C is not taken
            data = WrittenJson.of(value, _CLASS_INDENT).text.encode("utf-8", "surrogatepass")
        kept = group if self._keep_whole(group) else replace(group, tools=_placed(group.tools))
        self._spans[group.key] = (self._file.tell(), len(data), kept.tools, utf8)
        self._file.write(data)
        if self._memory is not None and self._memory.tell() > self.IN_MEMORY:
            self._spill(self._memory)
        return kept

    def _spill(self, memory: io.BytesIO) -> None:
        """Move the spool to a temporary file: a large scan holds no text in memory."""
        spill = spill_file()  # closed by ``close``
        try:
            spill.write(memory.getbuffer())
        except BaseException:
            spill.close()
            raise
        memory.close()
        self._file, self._memory = spill, None

    def document(self, catalog: Catalog) -> dict[str, object]:
        """The tools.json of ``catalog`` (for ``write_json_if_changed``): its spooled classes as
        written (a tool renamed since gets its new name), the others (kept from the last file)
        written from the model."""
        classes = LazyObject(lambda: ((group.key, self._class(group)) for group in catalog.classes))
        return {"format": FORMAT, "classes": classes}

    def pieces(self, catalog: Catalog) -> JsonPieces:
        """The text of ``document``, in pieces."""
        document = self.document(catalog)
        return lambda encode: json_pieces(document, "\n", encode)

    def _class(self, group: CatalogClass) -> object:
        span = self._spans.get(group.key)
        if span is None:
            return _class_json(group)
        start, size, spooled, utf8 = span
        self._file.seek(start)
        data = self._file.read(size)
        self._file.seek(0, os.SEEK_END)
        unchanged = all(a.name == b.name for a, b in zip(spooled, group.tools, strict=True))
        if unchanged and utf8:
            return Utf8Json(data, _CLASS_INDENT)  # written as it is: not decoded, encoded again
        text = data.decode("utf-8", "surrogatepass")
        if unchanged:
            return WrittenJson(text, _CLASS_INDENT)
        value = json.loads(text)
        for entry, tool in zip(value["methods"].values(), group.tools, strict=True):
            entry["function"]["name"] = tool.name
        return value


_CLASS_INDENT = "\n    "
"""Where a class's JSON sits in tools.json: ``{"classes": {key: here}}``."""
_CLASS_INDENT_BYTES = _CLASS_INDENT.encode()


_NO_RETURNS = Returns()


def _placed(tools: tuple[ToolDescriptor, ...]) -> tuple[ToolDescriptor, ...]:
    """What the steps after a scan need of spooled tools: all but their descriptions and
    schemas (names, place, kind and whatever else the merge and the diagnostics read)."""
    return tuple(  # made directly: ``dataclasses.replace`` costs four times as much
        ToolDescriptor(
            tool.name,
            "",
            (),
            _NO_RETURNS,
            (),
            tool.is_async,
            tool.class_name,
            tool.method_name,
            tool.method_kind,
            tool.location,
            tool.type_sources,
            tool.left_out,
            tool.uncallable,
        )
        for tool in tools
    )


def _lazy_json(catalog: Catalog) -> dict[str, object]:
    schemas = Schemas()  # each type's schema made once for the whole file, as the spool does
    classes = LazyObject(lambda: ((g.key, _class_value(g, schemas)) for g in catalog.classes))
    return {"format": FORMAT, "classes": classes}


def _class_value(group: CatalogClass, schemas: Schemas, *, shared: bool = False) -> object:
    """A class's value in tools.json: its UTF-8 text where C writes it, else the value (with
    ``shared``, made of the shared parameters schemas, known plain where they are)."""
    value = _class_json(group, schemas, shared=shared)
    data = _c_class(group, value, shared=shared)
    return value if data is None else Utf8Json(data, _CLASS_INDENT)


def _c_class(group: CatalogClass, value: JsonObject, *, shared: bool = False) -> bytes | None:
    """The class's JSON as C writes it at its place in tools.json (None where C is not taken:
    see ``PythonFirst`` and ``c_json``); the floats checked from the tools' parts."""
    if not PythonFirst.warm():
        return None
    plain = tools_plain(group.tools)
    if plain and shared:
        known_plain(group.tools)
    return c_json(value, _CLASS_INDENT_BYTES, checked=plain)


def _class_json(
    group: CatalogClass, schemas: Schemas | None = None, *, shared: bool = False
) -> JsonObject:
    return {
        "source": group.source,
        "methods": {tool.method_name: _tool_json(tool, schemas, shared) for tool in group.tools},
    }


def _tool_json(
    tool: ToolDescriptor, schemas: Schemas | None = None, shared: bool = False
) -> JsonObject:
    parameters = shared_parameters_schema(tool) if shared else tool.parameters_schema(schemas)
    entry: JsonObject = {
        "type": "function",
        "function": {
            "name": tool.name,
            "description": tool.description,
            "parameters": parameters,
        },
        "returns": tool.returns.to_schema(),
        "async": tool.is_async,
        "kind": tool.method_kind.value,
    }
    kinds: JsonObject = {
        p.name: p.kind.value
        for p in tool.parameters
        if p.kind is not ParameterKind.POSITIONAL_OR_KEYWORD
    }
    if kinds:
        entry["parameter_kinds"] = kinds
    if tool.type_sources:
        entry["type_sources"] = dict(tool.type_sources)
    if tool.left_out:
        entry["left_out"] = {p.name: _left_out_json(p) for p in tool.left_out}
    if tool.uncallable:
        entry["uncallable"] = dict(tool.uncallable)
    entry["location"] = tool.location
    return entry


def _left_out_json(parameter: LeftOut) -> JsonObject:
    entry: JsonObject = {"reason": parameter.reason}
    if parameter.type:
        entry["type"] = parameter.type
    return entry


def _left_out(entry: dict[str, Json], where: str) -> tuple[LeftOut, ...]:
    left_out = _mapping(entry.get("left_out") or {}, f"{where}.left_out")
    found = []
    for name, raw in left_out.items():
        why = _mapping(raw, f"{where}.left_out.{name}")
        found.append(LeftOut(name, str(why.get("reason", "")), str(why.get("type", ""))))
    return tuple(found)


def load(path: Path) -> Catalog:
    """Read a tools.json file, equal schemas as one type object (each type's schema is then
    made once per render: ``shared.shared_parameters_schema``); any shape error names the file
    and the place."""
    catalog = load_if_tools(path, share_types=True)
    if catalog is not None:
        return catalog
    data = read_json(path, "tools file")
    try:
        return from_json(data)
    except InspectorError as error:
        raise InspectorError(f"{path}: {error}") from None


def load_if_tools(path: Path, *, share_types: bool = False) -> Catalog | None:
    """The catalog of a well-formed tools file, read class by class (each class's JSON dropped
    once it is a ``CatalogClass``, so neither the whole text nor the whole document is held);
    None for anything else, which the caller reads whole to say what is wrong. With
    ``share_types``, the parameters and results of equal schemas share one type object."""
    try:
        return _load_streamed(path, {} if share_types else None)
    except (WholeText, InspectorError, OSError, UnicodeDecodeError):
        return None


_READ_BLOCK = 1 << 20


def _load_streamed(path: Path, shared: SharedTypes | None = None) -> Catalog:
    """``load`` for a well-formed tools file; ``WholeText`` or an error for anything else."""
    with path.open(encoding="utf-8") as file:
        stream = JsonStream(iter(lambda: file.read(_READ_BLOCK), ""))
        if stream.peek() != "{":
            raise WholeText
        stream.take()
        document: dict[str, object] = {}
        groups: list[CatalogClass] | None = None
        for key in stream.object_keys():
            if key == "classes" and stream.peek() == "{":
                stream.take()
                groups = [_class_from_json(k, v, shared) for k, v in _members(stream)]
                document[key] = {}
            else:
                document[key] = stream.value()
        if stream.peek() or groups is None:
            raise WholeText  # extra text, or no classes object: read whole for the error
    from_json(document)  # the format check
    return Catalog(tuple(groups))


def _members(stream: JsonStream) -> Iterator[tuple[str, object]]:
    """The members of an object after its ``{``, one at a time."""
    for key in stream.object_keys():
        yield key, stream.value()


def from_json(data: object) -> Catalog:
    """The catalog of a tools.json document."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise InspectorError(f'not a tools file (expected "format": "{FORMAT}")')
    classes = _mapping(data.get("classes"), "classes")
    return Catalog(tuple(_class_from_json(key, raw) for key, raw in classes.items()))


def _class_from_json(
    key: str, raw_group: object, shared: SharedTypes | None = None
) -> CatalogClass:
    group = _mapping(raw_group, f"classes.{key}")
    methods = _mapping(group.get("methods"), f"classes.{key}.methods")
    tools = tuple(
        _tool_from_json(key, name, _mapping(entry, f"classes.{key}.methods.{name}"), shared)
        for name, entry in methods.items()
    )
    return CatalogClass(key, str(group.get("source", "")), tools)


def _mapping(value: Json | object, where: str) -> dict[str, Json]:
    if not isinstance(value, dict):
        raise InspectorError(f"{where}: expected an object")
    return value


def _tool_from_json(
    class_key: str, method: str, entry: dict[str, Json], shared: SharedTypes | None
) -> ToolDescriptor:
    where = f"classes.{class_key}.methods.{method}"
    function = _mapping(entry.get("function"), f"{where}.function")
    parameters = _mapping(function.get("parameters", {"type": "object"}), f"{where}.parameters")
    try:
        fields, definitions = parse_fields(parameters, shared)
        returns = entry.get("returns") or {}
        returns = _mapping(returns, f"{where}.returns")
        return_schema = dict(returns)
        description = return_schema.pop("description", None)
        kinds = _mapping(entry.get("parameter_kinds") or {}, f"{where}.parameter_kinds")
        sources = _mapping(entry.get("type_sources") or {}, f"{where}.type_sources")
        uncallable = _mapping(entry.get("uncallable") or {}, f"{where}.uncallable")
        return ToolDescriptor(
            name=str(function.get("name", method)),
            description=str(function.get("description") or ""),
            parameters=tuple(_with_kind(f, kinds) for f in fields) if kinds else fields,
            returns=Returns(
                parse_shared(return_schema, shared) if returns else None,
                shared_text(description) if isinstance(description, str) else "",
            ),
            definitions=definitions,
            is_async=entry.get("async") is True,
            class_name=class_key.rpartition(".")[2],
            method_name=method,
            method_kind=_method_kind(entry.get("kind", "instance")),
            location=str(entry.get("location", "")),
            type_sources=tuple((k, str(v)) for k, v in sources.items()),
            left_out=_left_out(entry, where),
            uncallable=tuple((k, str(v)) for k, v in uncallable.items()),
        )
    except (InspectorError, ValueError) as error:
        raise InspectorError(f"{where}: {error}") from None


_KINDS = {kind.value: kind for kind in MethodKind}


def _method_kind(value: Json) -> MethodKind:
    """``MethodKind(value)``, the known ones found without the enum's call."""
    found = _KINDS.get(value) if isinstance(value, str) else None
    return found or MethodKind(value)


def _with_kind(field: Field, kinds: dict[str, Json]) -> Field:
    kind = kinds.get(field.name)
    return replace(field, kind=ParameterKind(kind)) if isinstance(kind, str) else field
