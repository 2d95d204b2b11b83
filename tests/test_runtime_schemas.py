"""The Toolbox agrees with the schemas it hands out: every arguments object a rendered schema
allows is accepted (``null`` for a field with a default means the default), and every result
leaves in the form its return schema (and MCP ``outputSchema``) declares."""

from __future__ import annotations

import base64
import collections.abc as cabc
import datetime
import decimal
import importlib.util
import sys
import typing

import jsonschema
import mcp.types
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from example_class import ExampleClass
from inspector.runtime.toolbox import Toolbox, ToolCallError
from tests.conftest import ROOT
from tests.schema_instances import Schema, instances
from tests.test_typetable import HINTS, VALUES, values_for

RENDERS = [
    ("openai", False),
    ("openai", True),
    ("openai-responses", False),
    ("openai-responses", True),
    ("anthropic", False),
    ("anthropic", True),
    ("mistral", False),
    ("mistral", True),
    ("bedrock", False),
    ("bedrock", True),
    ("ollama", False),
    ("mcp", False),
    ("cohere", False),
    ("huggingface", False),
    ("gemini-json-schema", False),
]
"""Every provider and strict mode (Gemini's OpenAPI dialect is not JSON Schema: its JSON
Schema variant stands in)."""
_SCHEMA_KEYS = ("parameters", "input_schema", "inputSchema", "parametersJsonSchema")


def _battery() -> object:
    path = ROOT / "tests/golden/inputs/type_battery.py"
    spec = importlib.util.spec_from_file_location("type_battery_runtime", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module.TypeBattery()


@pytest.fixture(scope="module")
def toolbox() -> Toolbox:
    return Toolbox(_battery(), ExampleClass())


_RENDERED: dict[tuple[int, str, bool], dict[str, Schema]] = {}


def rendered_schemas(toolbox: Toolbox, provider: str, strict: bool) -> dict[str, Schema]:
    """Tool name → the arguments schema as the provider's file holds it (rendered once)."""
    key = (id(toolbox), provider, strict)
    if key not in _RENDERED:
        _RENDERED[key] = _render_schemas(toolbox, provider, strict)
    return _RENDERED[key]


def _render_schemas(toolbox: Toolbox, provider: str, strict: bool) -> dict[str, Schema]:
    name = provider.removesuffix("-json-schema")
    definitions = toolbox.definitions(
        name, strict=strict, gemini_json_schema=provider.endswith("-json-schema")
    )
    found: dict[str, Schema] = {}
    _collect(definitions, found)
    for tool in toolbox.tools:  # Gemini leaves out the schema of a tool without parameters
        if tool.name not in found and not tool.parameters:
            found[tool.name] = {"type": "object", "properties": {}}
    assert set(found) == {tool.name for tool in toolbox.tools}
    return found


def _collect(node: object, found: dict[str, Schema]) -> None:
    if isinstance(node, list):
        for item in node:
            _collect(item, found)
    if not isinstance(node, dict):
        return
    for key in _SCHEMA_KEYS:
        schema = node.get(key)
        if isinstance(node.get("name"), str) and isinstance(schema, dict):
            found[node["name"]] = schema.get("json", schema)
            return
    for value in node.values():
        _collect(value, found)


def _base64(
    validator: object, encoding: object, instance: object, schema: Schema
) -> cabc.Iterator[jsonschema.ValidationError]:
    if encoding == "base64" and isinstance(instance, str):
        try:
            base64.b64decode(instance, validate=True)
        except ValueError:
            yield jsonschema.ValidationError(f"{instance!r} is not base64")


_Validator = jsonschema.validators.extend(
    jsonschema.Draft202012Validator, {"contentEncoding": _base64}
)
"""JSON Schema with ``contentEncoding`` asserted (2020-12 allows it), as the Toolbox does."""


def _validator(schema: Schema) -> typing.Any:
    return _Validator(schema, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER)


def without_defaulted_nulls(value: object, schema: Schema, root: Schema) -> object:
    """``value`` with each ``null`` for an optional property that does not allow null left out:
    what the Toolbox reads as "use the default"."""
    if "$ref" in schema:
        schema = root["$defs"][schema["$ref"].removeprefix("#/$defs/")]
    if isinstance(value, dict) and "properties" in schema:
        properties, required = schema["properties"], set(schema.get("required", []))
        kept = {}
        for key, item in value.items():
            sub = properties.get(key)
            if sub is None:
                kept[key] = item
            elif item is None and key not in required and not _allows_null(sub, root):
                continue
            else:
                kept[key] = without_defaulted_nulls(item, sub, root)
        return kept
    if isinstance(value, list) and isinstance(schema.get("items"), dict):
        return [without_defaulted_nulls(v, schema["items"], root) for v in value]
    for option in schema.get("anyOf", []):
        candidate = without_defaulted_nulls(value, option, root)
        if _validator({**option, "$defs": root.get("$defs", {})}).is_valid(candidate):
            return candidate
    return value


def closed(schema: object) -> typing.Any:
    """A copy with every object that names its properties closed to others: the Toolbox refuses
    an argument or field the method does not have (the canonical schema does not say so; the
    strict dialects do)."""
    if isinstance(schema, list):
        return [closed(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    copy = {key: closed(value) for key, value in schema.items()}
    if "properties" in copy and "additionalProperties" not in copy:
        copy["additionalProperties"] = False
    return copy


def _allows_null(schema: Schema, root: Schema) -> bool:
    return _validator({**schema, "$defs": root.get("$defs", {})}).is_valid(None)


_CANONICAL: dict[int, dict[str, Schema]] = {}
_VALID: dict[tuple[int, str, bool, str], st.SearchStrategy[typing.Any]] = {}


def canonical_schemas(toolbox: Toolbox) -> dict[str, Schema]:
    """Tool name → its canonical arguments schema, closed (made once, not once an example)."""
    if id(toolbox) not in _CANONICAL:
        _CANONICAL[id(toolbox)] = {t.name: closed(t.parameters_schema()) for t in toolbox.tools}
    return _CANONICAL[id(toolbox)]


def valid_arguments(
    toolbox: Toolbox, provider: str, strict: bool, name: str, schema: Schema
) -> st.SearchStrategy[typing.Any]:
    """Instances of ``schema`` that it allows: one strategy a tool and file (building and
    validating a strategy costs more than drawing from it)."""
    key = (id(toolbox), provider, strict, name)
    if key not in _VALID:
        _VALID[key] = instances(schema).filter(_validator(schema).is_valid)
    return _VALID[key]


@pytest.mark.parametrize(("provider", "strict"), RENDERS)
@settings(max_examples=150)
@given(data=st.data())
def test_toolbox_accepts_what_a_rendered_schema_allows(
    toolbox: Toolbox, provider: str, strict: bool, data: st.DataObject
) -> None:
    schemas = rendered_schemas(toolbox, provider, strict)
    canonical = canonical_schemas(toolbox)
    name = data.draw(st.sampled_from(sorted(schemas)))
    arguments = data.draw(valid_arguments(toolbox, provider, strict, name, schemas[name]))
    plain = without_defaulted_nulls(arguments, canonical[name], canonical[name])
    # An instance that breaks a rule the dialect moved into a description (a tuple's length,
    # a format, a bound) is rightly refused with that rule; every other one must be accepted.
    assume(_validator(canonical[name]).is_valid(plain))
    try:
        toolbox.call(name, arguments)
    except ToolCallError as error:
        assert not error.message.startswith(f"{name}: "), error.message  # argument errors


@settings(max_examples=300)
@given(data=st.data())
def test_toolbox_accepts_what_the_canonical_schema_allows(
    toolbox: Toolbox, data: st.DataObject
) -> None:
    tool = data.draw(st.sampled_from(toolbox.tools))
    schema = canonical_schemas(toolbox)[tool.name]
    arguments = data.draw(valid_arguments(toolbox, "canonical", False, tool.name, schema))
    try:
        toolbox.call(tool.name, arguments)
    except ToolCallError as error:
        assert not error.message.startswith(f"{tool.name}: "), error.message


def test_null_for_a_nested_field_with_a_default_means_the_default(toolbox: Toolbox) -> None:
    """The README's strict loop: OpenAI strict makes ``ship_to.country`` required and
    nullable; ``null`` there is the dataclass default "DE"."""
    schema = rendered_schemas(toolbox, "openai", True)["place_order"]
    order = {
        "item": "A-1",
        "quantity": 2,
        "ship_to": {"street": "Main St 1", "city": "Berlin", "country": None},
        "gift_note": None,
        "tags": None,
    }
    arguments = {"order": order, "express": None}
    _validator(schema).validate(arguments)
    assert toolbox.call("place_order", arguments) == "TRACK-A-1-2"
    assert toolbox.last_notes == [
        "express: null; the default used",
        "order.tags: null; the default used",
        "order.ship_to.country: null; the default used",
    ]


RESULT_HINTS: list[object] = [*HINTS, *(cls for cls in VALUES if cls is not type(None))]


def _returner(hint: object) -> Toolbox:
    """A Toolbox whose one tool ``get`` returns ``.value`` and is annotated ``-> hint``."""

    def get(self: typing.Any) -> typing.Any:
        """Give the value back.

        Returns:
            The value.
        """
        return self.value

    get.__annotations__ = {"return": hint}
    return Toolbox(type("Returner", (), {"get": get, "value": None})())


_RETURNERS: dict[str, tuple[Toolbox, typing.Any, typing.Any, bool]] = {}


@pytest.mark.parametrize("hint", RESULT_HINTS, ids=repr)
@settings(max_examples=40)
@given(data=st.data())
def test_results_conform_to_the_declared_output_schema(hint: object, data: st.DataObject) -> None:
    if repr(hint) not in _RETURNERS:  # the Toolbox and both validators made once a hint
        made = _returner(hint)
        (listed,) = made.definitions("mcp")["tools"]  # type: ignore[index,call-overload]
        (tool,) = made.tools
        returned = {**tool.returns.to_schema(), "$defs": tool.parameters_schema().get("$defs", {})}
        wraps = returned.get("type") != "object"  # MCP carries other results as {"result": ...}
        output = _validator(listed["outputSchema"])  # type: ignore[index]
        _RETURNERS[repr(hint)] = (made, output, _validator(returned), wraps)
    toolbox, output, returns, wraps = _RETURNERS[repr(hint)]
    value = data.draw(values_for(hint))
    one_shot = typing.get_origin(hint) in (cabc.Iterator, cabc.Generator)
    toolbox.objects[0].value = iter(value) if one_shot else value  # type: ignore[attr-defined]
    request = {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "get"}}
    (response,) = toolbox.handle("mcp", request)
    result = response["result"]
    assert result["isError"] is False  # type: ignore[index]
    output.validate(result["structuredContent"])  # type: ignore[index]
    structured = result["structuredContent"]  # type: ignore[index]
    returns.validate(structured["result"] if wraps else structured)


def test_a_timedelta_result_leaves_as_the_declared_duration() -> None:
    toolbox = _returner(datetime.timedelta)
    toolbox.objects[0].value = datetime.timedelta(hours=1)  # type: ignore[attr-defined]
    request = {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "get"}}
    (response,) = toolbox.handle("mcp", request)
    assert response["result"]["structuredContent"] == {"result": "PT1H"}  # type: ignore[index]
    assert response["result"]["content"] == [{"type": "text", "text": "PT1H"}]  # type: ignore[index]


def test_a_result_with_no_json_form_is_an_error_result_saying_why() -> None:
    request = {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "get"}}
    loop: list[object] = []
    loop.append(loop)
    for hint, value, why in [
        (float, float("nan"), "nan is not a JSON number"),
        (float, float("-inf"), "-inf is not a JSON number"),
        (decimal.Decimal, decimal.Decimal("NaN"), "Decimal NaN is not a finite number"),
        (list[object], loop, "the value contains itself or is nested too deeply"),
        # JSON has such a number, but Python writes no text of it: it was "get failed:
        # ValueError", though the method had run, or null where the schema says an integer
        (int, 10**5000, "an integer of more than 4300 digits"),
    ]:
        toolbox = _returner(hint)
        toolbox.objects[0].value = value  # type: ignore[attr-defined]
        (response,) = toolbox.handle("mcp", request)
        assert response["result"] == {
            "content": [{"type": "text", "text": f"get: the result has no JSON form: {why}"}],
            "isError": True,
        }
        mcp.types.CallToolResult.model_validate(response["result"])
