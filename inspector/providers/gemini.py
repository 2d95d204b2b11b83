"""Gemini (google-genai): ``functionDeclarations`` whose ``parameters`` are in the OpenAPI 3.0
subset of ``types.Schema`` (or ``parametersJsonSchema`` in Gemini's JSON Schema subset),
``functionCall`` parts and ``functionResponse`` answers.

The OpenAPI subset has one upper-case ``type`` per schema, ``nullable`` instead of null unions,
string-only ``enum``, no ``$ref`` (recursive types are inlined a few levels deep), no
``additionalProperties``, ``const``, ``exclusive*`` or ``default``.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

from inspector.diagnostics import InspectorError
from inspector.files.provider_files import ToolEntry, mapping, text
from inspector.files.tools_json import ToolTooDeep, nested_too_deeply
from inspector.model import Json, JsonObject, ToolDescriptor
from inspector.providers.base import Dialect, NameRule, Provider
from inspector.providers.calls import Call, Outcome, call_name, get, items
from inspector.providers.limits import Limits
from inspector.providers.schema_walk import (
    DialectResult,
    Rewrite,
    child_path,
    count,
    object_values,
    objects,
    ref_name,
    tuple_as_items,
    types_of,
)

RECURSION_DEPTH = 3
"""How many levels of a recursive type are inlined before deeper levels are left out (fewer,
down to one, when the inlined parameters would pass ``INLINED_NODES``)."""

INLINED_NODES = 10_000
"""How many schema nodes one tool's ``parameters`` may have once every reference is written out
where it is used. Each reference to one of several types that refer to one another (an
expression tree of twenty node types, say) multiplies the size, up to ``RECURSION_DEPTH``
levels of each, so the inlined form can grow past any memory; the largest kubernetes tool makes
about 2,000."""

_KEPT = frozenset(
    {
        "description",
        "title",
        "minItems",
        "maxItems",
        "minLength",
        "maxLength",
        "pattern",
        "minimum",
        "maximum",
        "minProperties",
        "maxProperties",
    }
)
_JSON_SCHEMA_KEPT = frozenset(
    {
        "type",
        "title",
        "description",
        "default",
        "enum",
        "format",
        "properties",
        "required",
        "additionalProperties",
        "minProperties",
        "maxProperties",
        "items",
        "prefixItems",
        "minItems",
        "maxItems",
        "uniqueItems",
        "minimum",
        "maximum",
        "minLength",
        "maxLength",
        "pattern",
        "anyOf",
        "oneOf",
        "$ref",
        "$defs",
        "propertyOrdering",
    }
)
_FORMATS = {"STRING": frozenset({"date-time", "enum"})}


def gemini_parameters(tool: ToolDescriptor) -> DialectResult:
    """``parameters`` (OpenAPI subset), or None for a tool without arguments."""
    if not tool.parameters:
        return DialectResult(None)
    canonical = tool.parameters_schema()  # read only: every node converts into a new one
    definitions = object_values(canonical.get("$defs"))
    top = (
        {k: v for k, v in canonical.items() if k != "$defs"} if "$defs" in canonical else canonical
    )
    # fewer levels of the recursive types while the inlined form is too large: a filter type
    # that nests filters (qdrant's Filter) is still offered, one level deep
    for depth in range(RECURSION_DEPTH, 0, -1):
        result = DialectResult(None)
        converter = _OpenApi(Rewrite(result), definitions, depth)
        try:
            result.schema = converter.convert(top, "", ())
        except RecursionError:  # many types that refer to one another, each inlined where used
            raise nested_too_deeply(tool, _INLINED + _ADVICE) from None
        except _TooLarge:  # many types that refer to one another in many places
            if converter.recursive:
                continue
            break  # no type nests itself: fewer levels would write the same
        return result
    reason = f"its types make more than {INLINED_NODES:,} schemas{_INLINED}{_ADVICE}"
    raise ToolTooDeep(tool, reason)


_INLINED = " once every reference is written out where it is used, as Gemini's parameters need"
_ADVICE = (
    "; render with --gemini-json-schema (parametersJsonSchema keeps $defs), or set the method "
    "false in the classification file"
)


class _TooLarge(Exception):
    """The inlined parameters passed ``INLINED_NODES``."""


def gemini_json_schema_parameters(tool: ToolDescriptor) -> DialectResult:
    """``parametersJsonSchema``: the canonical schema less the keywords Gemini ignores."""
    if not tool.parameters:
        return DialectResult(None)
    schema = dict(tool.parameters_schema())  # every node is copied before it changes
    result = DialectResult(schema)
    rewrite = Rewrite(result)
    stack: list[tuple[JsonObject, str]] = [(schema, "")]
    definitions = schema.get("$defs")
    if isinstance(definitions, dict):
        schema["$defs"] = copied = _copied(definitions)
        stack += [(d, f"$defs.{name}") for name, d in object_values(copied).items()]
    while stack:
        node, path = stack.pop()
        if "const" in node:
            node["enum"] = [node.pop("const")]
        rewrite.keep_only(node, path, _JSON_SCHEMA_KEPT)
        properties = node.get("properties")
        if isinstance(properties, dict):
            node["properties"] = copied = _copied(properties)
            stack += [(p, child_path(path, name)) for name, p in object_values(copied).items()]
        for key in ("items", "additionalProperties"):
            value = node.get(key)
            if isinstance(value, dict):
                node[key] = value = dict(value)
                stack.append((value, f"{path}[]"))
        for key in ("anyOf", "prefixItems"):
            options = node.get(key)
            if isinstance(options, list):
                node[key] = options = [dict(o) if isinstance(o, dict) else o for o in options]
                stack += [(option, path) for option in objects(options)]
    return result


def _copied(members: JsonObject) -> JsonObject:
    """The members, each object member a copy (to change without changing the original)."""
    return {k: dict(v) if isinstance(v, dict) else v for k, v in members.items()}


@dataclass
class _OpenApi:
    rewrite: Rewrite
    definitions: dict[str, JsonObject]
    depth: int
    """How many levels of a recursive type are inlined."""
    room: int = INLINED_NODES
    """How many more nodes may be converted before the tool is too large to inline."""
    recursive: bool = False
    """Whether a type was met inside itself: only then do fewer levels make fewer nodes."""

    def convert(self, schema: JsonObject, path: str, refs: tuple[str, ...]) -> JsonObject | None:
        """The node in the OpenAPI subset; None when recursion depth cuts it off (what was
        noted below it is then in no description, so it is no note).

        Raises:
            _TooLarge: When the tool's nodes pass ``INLINED_NODES``.
        """
        self.room -= 1
        if self.room < 0:
            raise _TooLarge
        plain = _plain_scalar(schema)  # most nodes: nothing to note, nothing to cut off
        if plain is not None:
            return plain
        mark = self.rewrite.mark()
        out = self._converted(schema, path, refs)
        if out is None:
            self.rewrite.forget(mark)
        return out

    def _converted(self, schema: JsonObject, path: str, refs: tuple[str, ...]) -> JsonObject | None:
        node = dict(schema)  # only its own keys change; sub-schemas are converted into new dicts
        name = ref_name(node.pop("$ref", None)) if "$ref" in node else None
        if name is not None:
            self.recursive = self.recursive or name in refs
            if refs.count(name) >= self.depth or name not in self.definitions:
                return None
            node = {**self.definitions[name], **node}
            refs = (*refs, name)
        if "const" in node:
            node["enum"] = [node.pop("const")]
        if "anyOf" in node or "oneOf" in node:
            return self._union(node, path, refs)
        kinds = types_of(node)
        nullable = "null" in kinds
        if nullable:
            kinds = [k for k in kinds if k != "null"]
        if "enum" in node:
            return self._enum(node, path, nullable)
        if len(kinds) > 1:
            options: list[Json] = [{"type": k} for k in kinds]
            rest = {k: v for k, v in node.items() if k != "type"}
            return self._union({**rest, "anyOf": options}, path, refs, nullable)
        if not kinds and nullable:
            return self._node(node, path, refs, "NULL")
        kind = kinds[0].upper() if kinds else None
        if kind is None:
            self.rewrite.result.problems.append(
                f"parameter {path!r} accepts any value; Gemini wants one type, so it is left "
                "untyped"
            )
        out = self._node(node, path, refs, kind)
        if out is not None and nullable:
            out["nullable"] = True
        return out

    def _node(
        self, node: JsonObject, path: str, refs: tuple[str, ...], kind: str | None
    ) -> JsonObject | None:
        out: JsonObject = {"type": kind} if kind else {}
        if kind == "ARRAY":
            if "prefixItems" in node:
                tuple_as_items(node, path, self.rewrite, _KEPT)
            items = node.pop("items", None)
            if isinstance(items, dict):
                converted = self.convert(items, f"{path}[]", refs)
                if converted is None:
                    return None
                out["items"] = converted
        elif kind == "OBJECT":
            self._object(node, out, path, refs)
        fmt = node.pop("format", None)
        if isinstance(fmt, str):
            if fmt in _FORMATS.get(kind or "", ()):
                out["format"] = fmt
            else:
                self.rewrite.note(node, path, f"format: {fmt}")
        node.pop("type", None)
        self.rewrite.keep_only(node, path, _KEPT)
        out.update(node)  # as ``{**out, **node}``, without a third dict
        return _ordered(out)

    def _object(self, node: JsonObject, out: JsonObject, path: str, refs: tuple[str, ...]) -> None:
        properties: JsonObject = {}
        dropped: list[str] = []
        for name, prop in object_values(node.pop("properties", None)).items():
            converted = self.convert(prop, child_path(path, name), refs)
            if converted is None:
                dropped.append(name)
            else:
                properties[name] = converted
        required = node.pop("required", None)
        extra = node.pop("additionalProperties", None)
        if properties:
            out["properties"] = properties
        if isinstance(required, list):
            kept: list[Json] = [r for r in required if r in properties]
            if kept:
                out["required"] = kept
        if isinstance(extra, dict) and extra:
            self.rewrite.note_schema(node, path, "an object whose values are:", extra)
        elif extra is not None and not isinstance(extra, dict) and not properties:
            self.rewrite.note(node, path, "an object of any entries")
        for name in dropped:
            self.rewrite.note(
                node,
                path,
                f"{name}: nested more than {count(self.depth, 'level')} deep, left out",
            )
            self.rewrite.result.problems.append(
                f"parameter {child_path(path, name)!r}: recursive type inlined "
                f"{count(self.depth, 'level')} deep for Gemini; deeper levels left out"
            )

    def _enum(self, node: JsonObject, path: str, nullable: bool) -> JsonObject:
        values = node.pop("enum")
        values = values if isinstance(values, list) else []
        nullable = nullable or None in values
        present = [v for v in values if v is not None]
        kinds = {type(v) for v in present}
        out: JsonObject = {"type": "STRING", "format": "enum"}
        out["enum"] = [v if isinstance(v, str) else _as_text(v) for v in present]
        if kinds - {str}:
            self.rewrite.note(node, path, "values are sent as text")
        node.pop("type", None)
        node.pop("format", None)
        self.rewrite.keep_only(node, path, _KEPT)
        out.update(node)
        if nullable:
            out["nullable"] = True
        return _ordered(out)

    def _union(
        self, node: JsonObject, path: str, refs: tuple[str, ...], nullable: bool = False
    ) -> JsonObject | None:
        options = objects(node.pop("anyOf", None) or node.pop("oneOf", None))
        present = [o for o in options if o != {"type": "null"}]
        nullable = nullable or len(present) < len(options)
        if len(present) == 1:
            # ``X | None``: X converted with the union's own keywords, so that what converting
            # X notes (a tuple's order) follows the union's description instead of being lost
            # under it
            merged = self.convert({**present[0], **node}, path, refs)
            if merged is None:
                return None
        else:
            converted = [out for o in present if (out := self.convert(o, path, refs)) is not None]
            if not converted:
                return None
            self.rewrite.keep_only(node, path, _KEPT)
            # a single option left (recursion cut the others) stays an option: its own
            # description holds what converting it noted
            merged = {"anyOf": list[Json](converted), **node}
        if nullable:
            merged["nullable"] = True
        return _ordered(merged)


_SCALARS = {"string": "STRING", "integer": "INTEGER", "number": "NUMBER", "boolean": "BOOLEAN"}
_PLAIN = frozenset({"type", "title", "description"})


def _plain_scalar(schema: JsonObject) -> JsonObject | None:
    """A scalar of one type (or it or null) with only a title and a description, converted the
    short way; None for any other node."""
    if not schema.keys() <= _PLAIN:
        return None
    declared = schema.get("type")
    nullable = False
    if isinstance(declared, list) and len(declared) == 2 and declared[1] == "null":
        declared, nullable = declared[0], True
    kind = _SCALARS.get(declared) if isinstance(declared, str) else None
    if kind is None:
        return None
    out: JsonObject = {"type": kind}  # in ``_ordered``'s order: type, title, description
    if "title" in schema:
        out["title"] = schema["title"]
    if "description" in schema:
        out["description"] = schema["description"]
    if nullable:
        out["nullable"] = True
    return out


_FIRST = ("type", "format", "title", "description", "enum", "nullable")


def _ordered(schema: JsonObject) -> JsonObject:
    """Readable key order: type and text first, structure after."""
    ordered = {k: schema[k] for k in _FIRST if k in schema}
    ordered.update(schema)  # the first keys keep their places, the rest follow in order
    return ordered


_as_text = json.JSONEncoder().encode


def _declarations(document: Json) -> list[Json]:
    """Function declarations from one Tool, a list of Tools, or ``{"tools": [...]}``."""
    tools = document if isinstance(document, list) else [document]
    if isinstance(document, dict) and isinstance(document.get("tools"), list):
        tools = document["tools"]  # type: ignore[assignment]
    declarations: list[Json] = []
    for tool in tools:
        if not isinstance(tool, dict):
            raise InspectorError("expected Tool objects holding functionDeclarations")
        found = tool.get("functionDeclarations", tool.get("function_declarations"))
        if not isinstance(found, list):
            raise InspectorError('no "functionDeclarations" array')
        declarations.extend(found)
    return declarations


def _declaration(item: JsonObject, where: str) -> ToolEntry:
    if "parametersJsonSchema" in item:
        parameters = mapping(item["parametersJsonSchema"], f"{where}.parametersJsonSchema")
    else:
        parameters = from_openapi(mapping(item.get("parameters") or {}, f"{where}.parameters"))
    returns: JsonObject | None = None
    if "responseJsonSchema" in item:
        returns = mapping(item["responseJsonSchema"], f"{where}.responseJsonSchema")
    elif "response" in item:
        returns = from_openapi(mapping(item["response"], f"{where}.response"))
    return ToolEntry(
        text(item, "name", where, required=True),
        text(item, "description", where),
        parameters,
        returns,
    )


def read_tools(document: Json) -> list[ToolEntry]:
    """Every function declaration of the document, its schemas read as JSON Schema."""
    return [
        _declaration(mapping(item, f"declaration {i}"), f"declaration {i}")
        for i, item in enumerate(_declarations(document))
    ]


_OPENAPI_INTEGER_KEYS = frozenset(
    {"minItems", "maxItems", "minLength", "maxLength", "minProperties", "maxProperties"}
)
_OPENAPI_DROPPED = frozenset({"nullable", "propertyOrdering"})


def from_openapi(schema: JsonObject) -> JsonObject:
    """Gemini's OpenAPI subset (``"type": "STRING"``, ``nullable``) as JSON Schema."""
    result: JsonObject = {}
    for key, value in schema.items():
        if key in _OPENAPI_DROPPED or (key == "format" and value == "enum"):
            continue
        if key == "type" and isinstance(value, str):
            result[key] = value.lower()
        elif key == "properties" and isinstance(value, dict):
            result[key] = {
                name: from_openapi(sub) if isinstance(sub, dict) else sub
                for name, sub in value.items()
            }
        elif key == "items" and isinstance(value, dict):
            result[key] = from_openapi(value)
        elif key == "anyOf" and isinstance(value, list):
            result[key] = [from_openapi(sub) if isinstance(sub, dict) else sub for sub in value]
        elif key in _OPENAPI_INTEGER_KEYS and isinstance(value, str) and value.isdigit():
            result[key] = int(value)  # int64 values arrive as strings in REST JSON
        else:
            result[key] = value
    if schema.get("nullable") is True:
        return _nullable(result)
    return result


def _nullable(schema: JsonObject) -> JsonObject:
    declared = schema.get("type")
    if isinstance(declared, str) and set(schema) <= {"type", "format", "description", "title"}:
        return {**schema, "type": [declared, "null"]}
    if isinstance(schema.get("enum"), list) and isinstance(declared, str):
        values = schema["enum"]
        assert isinstance(values, list)
        return {**schema, "type": [declared, "null"], "enum": [*values, None]}
    description = schema.pop("description", None)
    wrapped: JsonObject = {"anyOf": [schema, {"type": "null"}]}
    if description is not None:
        wrapped["description"] = description
    return wrapped


def read_calls(message: Json) -> list[Call]:
    """The ``functionCall`` parts of a response's first candidate (or of a content)."""
    candidates = get(message, "candidates")
    if isinstance(candidates, list) and candidates:
        message = get(candidates[0], "content")
    calls = []
    for part in items(get(message, "parts"), "parts"):
        function = get(part, "functionCall", "function_call")
        if isinstance(function, dict):
            identifier = get(function, "id")
            calls.append(
                Call(
                    identifier if isinstance(identifier, str) else None,
                    call_name(function),
                    get(function, "args"),  # None: none; [], 0 or false: not an object
                )
            )
    return calls


def _response(outcome: Outcome) -> JsonObject:
    response: JsonObject = (
        {"error": outcome.error} if outcome.error is not None else {"output": outcome.value}
    )
    function: JsonObject = {"name": outcome.call.name, "response": response}
    if outcome.call.id is not None:
        function = {"id": outcome.call.id, **function}
    return {"functionResponse": function}


def answer(outcomes: list[Outcome]) -> list[JsonObject]:
    """One user content holding a ``functionResponse`` part per call."""
    return [{"role": "user", "parts": [_response(o) for o in outcomes]}]


PROVIDER = Provider(
    "gemini",
    "Gemini",
    tool_names=NameRule(
        re.compile(r"[A-Za-z_][A-Za-z0-9_.:-]{0,63}"),
        "a letter or '_' first, then a-z, A-Z, 0-9, '_', '.', ':' and '-', at most 64 characters",
    ),
    parameter_names=NameRule(
        re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,63}"),
        "a letter or '_' first, then a-z, A-Z, 0-9 and '_', at most 64 characters",
    ),
    filters={
        "gemini_parameters": Dialect(gemini_parameters, "Gemini"),
        "gemini_json_schema": Dialect(gemini_json_schema_parameters, "Gemini"),
    },
    limits=Limits(refuses_empty=True),  # a Tool without declarations: "required one_of 'tool_type'"
    read_tools=read_tools,
    read_calls=read_calls,
    answer=answer,
)
