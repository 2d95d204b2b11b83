"""The Toolbox agrees with the schemas it hands out: every arguments object a rendered schema
allows is accepted (``null`` for a field with a default means the default), and every result
leaves in the form its return schema (and MCP ``outputSchema``) declares."""

from __future__ import annotations

import base64
import collections.abc as cabc
import dataclasses
import datetime
import decimal
import enum
import fractions
import importlib.util
import json
import numbers
import sys
import threading
import typing
import uuid
from typing import Annotated

import annotated_types
import attrs
import jsonschema
import mcp.types
import numpy as np
import pydantic
import pytest
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

from example_class import ExampleClass
from inspector.providers.mcp import WRITTEN_FORMS, written_forms
from inspector.runtime.toolbox import Toolbox, ToolCallError
from inspector.typetable.schema_values import is_multiple
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
_NAIVE_TOO: dict[object, st.SearchStrategy[typing.Any]] = {
    datetime.datetime: st.one_of(st.datetimes(), VALUES[datetime.datetime]),
    datetime.time: st.one_of(st.times(), VALUES[datetime.time]),
}
"""Results as methods return them: a date-time or a time with no UTC offset too."""


@pytest.mark.parametrize("hint", RESULT_HINTS, ids=repr)
@settings(max_examples=40)
@given(data=st.data())
def test_results_conform_to_the_declared_output_schema(hint: object, data: st.DataObject) -> None:
    if repr(hint) not in _RETURNERS:  # the Toolbox and both validators made once a hint
        made = _returner(hint)
        (listed,) = made.definitions("mcp")["tools"]  # type: ignore[index,call-overload]
        (tool,) = made.tools
        returned = {**tool.returns.to_schema(), "$defs": tool.parameters_schema().get("$defs", {})}
        returned = written_forms(returned)  # a naive datetime has no RFC 3339 form: see there
        wraps = returned.get("type") != "object"  # MCP carries other results as {"result": ...}
        output = _validator(listed["outputSchema"])  # type: ignore[index]
        _RETURNERS[repr(hint)] = (made, output, _validator(returned), wraps)
    toolbox, output, returns, wraps = _RETURNERS[repr(hint)]
    value = data.draw(_NAIVE_TOO[hint] if hint in _NAIVE_TOO else values_for(hint))
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


# RFC 3339's duration (appendix A) as Ajv's formats check it: no sign, whole seconds
_RFC3339_DURATION = {
    "type": "string",
    "pattern": r"^P(?!$)((\d+Y)?(\d+M)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+S)?)?|(\d+W)?)$",
}
_DATE_TIME = {"type": "string", "format": "date-time"}


@pytest.mark.parametrize(
    ("hint", "value", "structured", "by_format"),
    [
        (
            datetime.datetime,
            datetime.datetime(2024, 5, 1, 12, 30),
            {"result": "2024-05-01T12:30:00"},
            {"properties": {"result": _DATE_TIME}},
        ),
        (
            datetime.time,
            datetime.time(12, 30, 0, 500),
            {"result": "12:30:00.000500"},
            {"properties": {"result": {"format": "time"}}},
        ),
        (
            datetime.timedelta,
            datetime.timedelta(days=-1),
            {"result": "-P1D"},
            {"properties": {"result": _RFC3339_DURATION}},
        ),
        (
            datetime.timedelta,
            datetime.timedelta(seconds=1.5),
            {"result": "PT1.5S"},
            {"properties": {"result": _RFC3339_DURATION}},
        ),
        (
            list[datetime.timedelta],
            [datetime.timedelta(seconds=-1)],
            {"result": ["-PT1S"]},
            {"properties": {"result": {"items": _RFC3339_DURATION}}},
        ),
        (
            dict[datetime.datetime, int],
            {datetime.datetime(2024, 5, 1): 1},
            {"2024-05-01T00:00:00": 1},
            {"propertyNames": _DATE_TIME},
        ),
    ],
    ids=[
        "naive-datetime",
        "naive-time",
        "negative-duration",
        "fraction-of-a-second",
        "nested",
        "mapping-keys",
    ],
)
def test_a_result_no_format_allows_is_declared_by_the_pattern_it_is_written_in(
    hint: object, value: object, structured: object, by_format: Schema
) -> None:
    toolbox = _returner(hint)
    toolbox.objects[0].value = value  # type: ignore[attr-defined]
    (listed,) = toolbox.definitions("mcp")["tools"]  # type: ignore[index,call-overload]
    output = listed["outputSchema"]  # type: ignore[index]
    assert "format" not in json.dumps(output)  # a client checking formats would refuse these
    request = {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "get"}}
    (response,) = toolbox.handle("mcp", request)
    assert response["result"]["structuredContent"] == structured  # type: ignore[index]
    _validator(output).validate(structured)
    with pytest.raises(jsonschema.ValidationError):  # as RFC 3339's formats would judge it
        _validator(by_format).validate(structured)


def test_an_output_schema_read_back_gives_the_type_it_was_made_from() -> None:
    from inspector.providers.mcp import read_tools

    made = _returner(dict[str, datetime.datetime | datetime.time | datetime.timedelta])
    document = made.definitions("mcp")
    (entry,) = read_tools(document)
    assert entry.returns == made.tools[0].returns_schema()
    (listed,) = document["tools"]  # type: ignore[index,call-overload]
    options = listed["outputSchema"]["additionalProperties"]["anyOf"]  # type: ignore[index]
    assert [o["pattern"] for o in options] == list(WRITTEN_FORMS.values())  # not changed


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


class Agreement:
    """Methods that give back what they got, with hints whose schemas the runtime once
    read otherwise."""

    def multiple(self, x: Annotated[int, annotated_types.MultipleOf(3)]) -> int:
        """An integer multiple.

        Args:
            x: A multiple of 3.
        """
        return x

    def halves(self, x: Annotated[float, annotated_types.MultipleOf(0.5)]) -> float:
        """A multiple of a half.

        Args:
            x: A multiple of 0.5.
        """
        return x

    def ratio(self, x: float) -> float:
        """A number.

        Args:
            x: A number.
        """
        return x

    def price(self, x: decimal.Decimal) -> decimal.Decimal:
        """A decimal.

        Args:
            x: An exact number.
        """
        return x

    def anything(self, x: typing.Any) -> typing.Any:
        """Any value.

        Args:
            x: Anything.
        """
        return x

    def numbers(self, x: list[float]) -> list[float]:
        """Numbers.

        Args:
            x: Numbers.
        """
        return x

    def level(self, x: Level) -> Level:
        """An IntEnum.

        Args:
            x: A level.
        """
        return x

    def weight(self, x: Weight) -> Weight:
        """An Enum of floats.

        Args:
            x: A weight.
        """
        return x

    def pick(self, x: typing.Literal[1.5, 2, True, 0]) -> object:
        """A Literal of numbers and a boolean.

        Args:
            x: One of them.
        """
        return x

    def when(self, x: datetime.datetime | datetime.date) -> object:
        """A date-time or a date.

        Args:
            x: When.
        """
        return x

    def stamp(self, x: datetime.datetime) -> datetime.datetime:
        """A date-time.

        Args:
            x: When.
        """
        return x

    def clock(self, x: datetime.time) -> datetime.time:
        """A time of day.

        Args:
            x: When.
        """
        return x


class Level(enum.IntEnum):
    LOW = 1
    HIGH = 2


class Weight(enum.Enum):
    HALF = 0.5
    ONE = 1.0


@pytest.fixture(scope="module")
def agreement() -> Toolbox:
    return Toolbox(Agreement())


def _openai(name: str, arguments: str) -> dict[str, object]:
    return {"tool_calls": [{"id": "c", "function": {"name": name, "arguments": arguments}}]}


def _answer(toolbox: Toolbox, name: str, arguments: str) -> object:
    (reply,) = toolbox.handle("openai", _openai(name, arguments))
    return reply["content"]


@pytest.mark.parametrize(
    ("name", "value", "answer"),
    [
        ("multiple", 6, "6"),
        ("multiple", 4, "Error: multiple: x: must be a multiple of 3, got 4"),
        # a double's quotient (6148914691236517205.33...) looks whole: integers are exact
        ("multiple", 2**64, f"Error: multiple: x: must be a multiple of 3, got {2**64}"),
        ("halves", -1.5, "-1.5"),
        ("halves", 1.25, "Error: halves: x: must be a multiple of 0.5, got 1.25"),
        # 1e308 / 0.5 is past a double's range: an OverflowError came out of handle("mcp")
        ("halves", 1e308, "1e+308"),
    ],
)
def test_multiple_of_is_enforced_as_the_schema_shows_it(
    agreement: Toolbox, name: str, value: object, answer: str
) -> None:
    """``multipleOf`` was in the schema and never checked: 4 reached a method asking for a
    multiple of 3."""
    assert _answer(agreement, name, json.dumps({"x": value})) == answer
    request = {"jsonrpc": "2.0", "id": 1, "method": "tools/call"}
    request["params"] = {"name": name, "arguments": {"x": value}}
    (response,) = agreement.handle("mcp", request)
    assert response["result"]["isError"] is answer.startswith("Error")  # type: ignore[index]


@pytest.mark.parametrize(
    ("value", "step"),
    [(4, 3), (2**64, 3), (2**64 + 2, 3), (1e308, 0.5), (10**400, 0.5), (0.3, 0.1), (1.25, 0.5)],
)
def test_a_multiple_is_judged_without_overflow(value: float, step: float) -> None:
    whole = fractions.Fraction(repr(value)) / fractions.Fraction(repr(step))
    assert is_multiple(value, step) is (whole.denominator == 1)


@settings(max_examples=200)
@given(st.integers(-(2**200), 2**200), st.integers(1, 10**6))
@example(4_073_644_809_648_753_408, 12755)  # a quotient of doubles that looks whole
def test_whole_numbers_are_multiples_exactly(value: int, step: int) -> None:
    assert is_multiple(value, step) is (value % step == 0)
    assert is_multiple(float(value), step) is (int(float(value)) % step == 0)


@pytest.mark.parametrize(
    ("name", "arguments", "answer"),
    [
        ("ratio", '{"x": NaN}', "ratio: the arguments are not valid JSON (NaN is not a JSON value)"),  # noqa: E501
        ("anything", '{"x": [Infinity]}', "anything: the arguments are not valid JSON (Infinity is not a JSON value)"),  # noqa: E501
        ("numbers", '{"x": "[1, -Infinity]"}', 'numbers: x: expected array, got "[1, -Infinity]"'),
        ("price", '{"x": "NaN"}', 'price: x: expected a decimal number, got "NaN"'),
        ("price", '{"x": "-Infinity"}', 'price: x: expected a decimal number, got "-Infinity"'),
    ],
)  # fmt: skip
def test_nan_and_infinities_are_no_json_numbers(
    agreement: Toolbox, name: str, arguments: str, answer: str
) -> None:
    """Python's json reads NaN and Infinity, and Decimal reads them as text: the methods ran
    with them (a result with no JSON form then), though no schema's number allows them."""
    assert _answer(agreement, name, arguments) == f"Error: {answer}"
    assert _answer(agreement, "price", '{"x": "1.50"}') == "1.50"
    with pytest.raises(ToolCallError) as raised:
        agreement.call("ratio", {"x": float("nan")})
    assert raised.value.message == "ratio: x: expected number, got nan"


@pytest.mark.parametrize(
    ("name", "value", "given"),
    [
        ("level", 2.0, Level.HIGH),
        ("weight", 1, Weight.ONE),
        ("pick", 2.0, 2),
        ("pick", -0.0, 0),
        ("pick", 1.5, 1.5),
        ("pick", True, True),
    ],
)
def test_enum_values_are_numbers_compared_by_value(
    agreement: Toolbox, name: str, value: object, given: object
) -> None:
    """A schema's ``enum`` compares numbers by value: ``2.0`` is its ``2``. The Toolbox
    compared them by type and refused it; it passes the member or the Literal's own value."""
    result = agreement.call(name, {"x": value})
    assert result == given
    assert type(result) is type(given)


@pytest.mark.parametrize(("name", "value"), [("level", True), ("pick", 1), ("pick", 1.0)])
def test_a_boolean_is_no_number_for_an_enum(agreement: Toolbox, name: str, value: object) -> None:
    with pytest.raises(ToolCallError, match="invalid value"):
        agreement.call(name, {"x": value})


@pytest.mark.parametrize(
    ("name", "value", "given", "notes"),
    [
        ("when", "2024-05-01", datetime.date(2024, 5, 1), []),
        ("when", "20240501", datetime.date(2024, 5, 1), []),
        ("when", "2024-05-01T12:00:00", datetime.datetime(2024, 5, 1, 12), []),
        (
            "stamp",
            "2024-05-01",
            datetime.datetime(2024, 5, 1),
            ["x: a date without a time read as its midnight"],
        ),
        ("clock", "12:30", datetime.time(12, 30), []),
    ],
)
def test_a_date_is_no_date_time(
    agreement: Toolbox, name: str, value: str, given: object, notes: list[str]
) -> None:
    """``datetime.fromisoformat`` reads a date as midnight: ``datetime | date`` passed
    "2024-05-01" as a datetime, which left as "2024-05-01T00:00:00", no date-time its output
    schema allows. A date is the date's; a ``datetime`` alone takes it, with a note."""
    result = agreement.call(name, {"x": value})
    assert result == given
    assert type(result) is type(given)
    assert agreement.last_notes == notes


def test_a_date_is_no_time_of_day(agreement: Toolbox) -> None:
    """``time.fromisoformat("20240501")`` is 20:24:05.01."""
    with pytest.raises(ToolCallError) as raised:
        agreement.call("clock", {"x": "20240501"})
    assert raised.value.message == 'clock: x: expected a time such as "12:00:00", got "20240501"'


@pytest.mark.parametrize(
    ("hint", "items", "result"),
    [
        (tuple[()], [], ()),
        (typing.Tuple[()], [], ()),  # noqa: UP006
        (tuple, [1, "a"], (1, "a")),
        (typing.Tuple, [1, "a"], (1, "a")),  # noqa: UP006
        (tuple[int, ...], [1, 2], (1, 2)),
    ],
    ids=repr,
)
def test_a_tuple_takes_the_items_its_schema_allows(
    hint: object, items: list[object], result: object
) -> None:
    """``typing.get_args`` gives nothing for ``tuple[()]`` as for a bare ``tuple``: the
    Toolbox passed ``tuple[()]`` a tuple of whatever came (``maxItems: 0`` in the schema), and
    the scan gave a bare ``typing.Tuple`` that schema."""

    def take(self: typing.Any, x: typing.Any) -> None:
        """Take a tuple.

        Args:
            x: A tuple.
        """
        self.got = x

    take.__annotations__ = {"x": hint, "return": None}
    target = type("Taker", (), {"take": take})()
    toolbox = Toolbox(target)
    toolbox.call("take", {"x": items})
    assert target.got == result  # type: ignore[attr-defined]
    assert type(target.got) is tuple  # type: ignore[attr-defined]


def test_the_empty_tuple_refuses_items() -> None:
    def take(self: typing.Any, x: tuple[()]) -> None:
        """Take nothing.

        Args:
            x: No items.
        """

    toolbox = Toolbox(type("Taker", (), {"take": take})())
    with pytest.raises(ToolCallError) as raised:
        toolbox.call("take", {"x": [0]})
    assert raised.value.message == "take: x: expected exactly 0 items, got 1"


KEYED: list[tuple[object, object]] = [
    (int, {"pattern": "^-?(0|[1-9][0-9]*)$"}),
    (float, {"pattern": "^-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]{1,2})?$"}),
    (bool, {"enum": ["true", "false"]}),
    (uuid.UUID, {"format": "uuid"}),
    (datetime.date, {"format": "date"}),
    (Level, {"enum": ["1", "2"]}),
    (Weight, {"enum": ["0.5", "1.0"]}),
    (typing.Literal[1, "a", None], {"enum": ["1", "a", "null"]}),
    (typing.Literal["a", "b"], {"enum": ["a", "b"]}),  # as before: the texts themselves
]


def _keyed(key: object) -> Toolbox:
    def take(self: typing.Any, x: typing.Any) -> typing.Any:
        """Give the mapping back.

        Args:
            x: A mapping.
        """
        self.got = x
        return x

    take.__annotations__ = {"x": dict[key, int], "return": dict[key, int]}  # type: ignore[valid-type]
    return Toolbox(type("Keyed", (), {"take": take})())


_KEYED = {repr(key): _keyed(key) for key, _ in KEYED}


@pytest.mark.parametrize(("key", "names"), KEYED, ids=repr)
def test_keys_that_are_no_text_say_the_texts_they_are_read_from(key: object, names: object) -> None:
    """``dict[int, X]`` allowed any key (``{"": 1}``), which the Toolbox refused: the schema now
    says which texts the Toolbox reads as keys, and leaves them in that form."""
    (tool,) = _KEYED[repr(key)].tools
    assert tool.parameters_schema()["properties"]["x"]["propertyNames"] == names
    assert tool.returns.to_schema()["propertyNames"] == names


@pytest.mark.parametrize(("key", "names"), KEYED, ids=repr)
@settings(max_examples=30)
@given(data=st.data())
def test_every_key_its_schema_allows_is_read_as_the_key_type(
    key: object, names: Schema, data: st.DataObject
) -> None:
    toolbox = _KEYED[repr(key)]
    if "enum" in names:
        text = data.draw(st.sampled_from(names["enum"]))
    elif "pattern" in names:
        text = data.draw(st.from_regex(names["pattern"], fullmatch=True))
    else:
        text = data.draw(instances({"type": "string", "format": names["format"]}))
    result = toolbox.call("take", {"x": {text: 1}})
    (got,) = toolbox.objects[0].got  # type: ignore[attr-defined]
    if typing.get_origin(key) is typing.Literal:
        assert got in typing.get_args(key)
    elif key is float:  # a whole number stays an int, as for a float parameter
        assert type(got) in (int, float)
    else:
        assert isinstance(got, key)  # type: ignore[arg-type]
    request = {"jsonrpc": "2.0", "id": 1, "method": "tools/call"}
    request["params"] = {"name": "take", "arguments": {"x": {text: 1}}}
    (response,) = toolbox.handle("mcp", request)
    (tool,) = toolbox.definitions("mcp")["tools"]  # type: ignore[index]
    structured = response["result"]["structuredContent"]  # type: ignore[index]
    _validator(tool["outputSchema"]).validate(structured)
    assert result == {got: 1}


@pytest.mark.parametrize(
    ("key", "sent", "message"),
    [
        (int, "", 'take: x[""]: expected integer, got ""'),
        (int, "one", 'take: x.one: expected integer, got "one"'),
        (bool, "True", 'take: x.True: expected boolean, got "True"'),
        (Level, "3", 'take: x["3"]: invalid value 3; allowed: 1, 2'),
    ],
)
def test_a_key_its_schema_refuses_is_refused(key: object, sent: str, message: str) -> None:
    with pytest.raises(ToolCallError) as raised:
        _KEYED[repr(key)].call("take", {"x": {sent: 1}})
    assert raised.value.message == message


def test_a_boolean_key_leaves_as_its_json_text() -> None:
    """It left as "True", which no schema's ``propertyNames`` allows and no model sends back."""
    toolbox = _keyed(bool)
    request = {"jsonrpc": "2.0", "id": 1, "method": "tools/call"}
    request["params"] = {"name": "take", "arguments": {"x": {"true": 1, "false": 0}}}
    (response,) = toolbox.handle("mcp", request)
    assert response["result"]["structuredContent"] == {"true": 1, "false": 0}  # type: ignore[index]


class Account(pydantic.BaseModel):
    name: str
    limit: int = 100


class Renamed(pydantic.BaseModel):
    model_config = pydantic.ConfigDict(populate_by_name=True)
    user_name: str = pydantic.Field(alias="userName")


class Lenient(pydantic.BaseModel):
    model_config = pydantic.ConfigDict(extra="ignore")
    name: str


def _models() -> Toolbox:
    def open_account(self: typing.Any, account: Account, renamed: Renamed | None = None) -> str:
        """Open an account.

        Args:
            account: The account.
            renamed: A model that takes its field names beside the aliases.
        """
        return f"{account.limit} {renamed.user_name if renamed else ''}"

    def ignore(self: typing.Any, x: Lenient) -> str:
        """A model that chose to drop unknown fields.

        Args:
            x: The model.
        """
        return x.name

    return Toolbox(type("Bank", (), {"open_account": open_account, "ignore": ignore})())


def test_an_unknown_field_of_a_pydantic_model_is_refused() -> None:
    """A pydantic model drops unknown fields unless it says otherwise: a misspelt ``limitt``
    gave the method the default 100, where every other class's unknown field is refused."""
    toolbox = _models()
    with pytest.raises(ToolCallError) as raised:
        toolbox.call("open_account", {"account": {"name": "a", "limitt": 5}})
    assert raised.value.message == (
        "open_account: account.limitt: unexpected property; Account has: limit, name"
    )
    given = {"account": {"name": "a", "limit": 5}, "renamed": {"user_name": "u"}}
    assert toolbox.call("open_account", given) == "5 u"  # populate_by_name: the name too
    assert toolbox.call("ignore", {"x": {"name": "n", "other": 1}}) == "n"  # its own choice


class Inbound(pydantic.BaseModel):
    a: int = pydantic.Field(default=1, validation_alias="a_in")
    b: int = pydantic.Field(default=2, validation_alias=pydantic.AliasChoices("b1", "b2"))
    c: int = pydantic.Field(default=3, alias="cc")


def test_a_field_validated_from_another_name_takes_the_one_its_schema_shows() -> None:
    """The schema shows ``a`` for ``Field(validation_alias="a_in")``; pydantic dropped ``a``
    as unknown, and the method got the default 1."""

    def take(self: typing.Any, m: Inbound) -> list[int]:
        """Take a model.

        Args:
            m: The model.
        """
        return [m.a, m.b, m.c]

    toolbox = Toolbox(type("Taker", (), {"take": take})())
    (tool,) = toolbox.tools
    assert list(tool.parameters_schema()["properties"]["m"]["properties"]) == ["a", "b", "cc"]
    assert toolbox.call("take", {"m": {"a": 5, "b": 6, "cc": 7}}) == [5, 6, 7]
    with pytest.raises(ToolCallError) as raised:
        toolbox.call("take", {"m": {"a_in": 5}})
    assert raised.value.message == "take: m.a_in: unexpected property; Inbound has: a, b, cc"


def test_a_set_refuses_items_no_set_holds_and_notes_duplicates() -> None:
    """A bare ``set`` allows any items: ``[[1]]`` raised ``TypeError: unhashable type`` out of
    ``handle``. Duplicates, which ``uniqueItems`` refuses, were dropped without a word."""

    def take(self: typing.Any, x: set, y: frozenset[str] = frozenset()) -> int:  # type: ignore[type-arg]
        """Take sets.

        Args:
            x: Anything a set holds.
            y: Texts.
        """
        return len(x) + len(y)

    toolbox = Toolbox(type("Taker", (), {"take": take})())
    message = {"tool_calls": [{"id": "c", "function": {"name": "take", "arguments": ""}}]}
    message["tool_calls"][0]["function"]["arguments"] = json.dumps({"x": [1, [1]]})
    (reply,) = toolbox.handle("openai", message)
    assert reply["content"] == "Error: take: x[1]: [1] cannot be an item of a set"
    assert toolbox.call("take", {"x": [1, "a", 1], "y": ["b", "b", "b"]}) == 3
    assert toolbox.last_notes == ["x: 1 duplicate item dropped", "y: 2 duplicate items dropped"]


class _Pen:
    """A live object with no JSON form (rich's ``Style``)."""

    def __str__(self) -> str:
        return "bold"


class _Stroke(typing.NamedTuple):
    """A record with a field of a type that has no JSON form (rich's ``Segment``)."""

    text: str
    pen: _Pen | None = None


class _Strokes:
    """Methods that give the record back before one takes it, and the other way round."""

    def first(self) -> _Stroke:
        """A stroke with a pen."""
        return _Stroke("a", _Pen())

    def second(self) -> _Stroke:
        """Another stroke with a pen."""
        return _Stroke("b", _Pen())

    def length(self, stroke: _Stroke) -> int:
        """The length of a stroke's text.

        Args:
            stroke: The stroke.
        """
        return len(stroke.text)

    def width(self, stroke: _Stroke) -> int:
        """The width of a stroke.

        Args:
            stroke: The stroke.
        """
        return len(stroke.text)

    def third(self) -> _Stroke:
        """A third stroke with a pen."""
        return _Stroke("c", _Pen())


def test_a_record_returned_before_it_is_taken_keeps_each_form() -> None:
    """A record's field whose type has no JSON form is that value's text in a result and only
    null in an argument; a record met as a result twice gave its result form to a parameter
    (rich's ``Segment.style`` was "any value" in ``update_screen_lines``, which the Toolbox
    then refused), and met as a parameter twice, its parameter form to a result (a styled
    segment failed its output schema)."""
    toolbox = Toolbox(_Strokes())
    tools = {t["name"]: t for t in toolbox.definitions("mcp")["tools"]}  # type: ignore[index]
    for name in ("length", "width"):
        stroke = tools[name]["inputSchema"]["properties"]["stroke"]
        assert stroke["properties"]["pen"] == {"type": "null", "default": None}
    for name, text in (("first", "a"), ("second", "b"), ("third", "c")):
        request = {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": name}}
        (response,) = toolbox.handle("mcp", request)
        assert response["result"]["structuredContent"] == {"text": text, "pen": "bold"}
        jsonschema.validate(response["result"]["structuredContent"], tools[name]["outputSchema"])


class PollEvent(enum.IntFlag):
    POLLIN = 1
    POLLOUT = 2


class FlagSocket:
    """pyzmq's shape: flags declared ``int``, given and returned as ``IntFlag`` values."""

    def poll(self, flags: int = PollEvent.POLLIN) -> int:
        """Poll for events.

        Args:
            flags: The events to poll for.
        """
        return PollEvent(flags) | PollEvent.POLLOUT

    def maybe(self) -> int | None:
        """The events, if any."""
        return PollEvent.POLLOUT

    def events(self, mask: PollEvent = PollEvent.POLLIN) -> PollEvent:
        """The events of a mask.

        Args:
            mask: The events.
        """
        return mask


def test_an_int_flag_declared_an_integer_leaves_as_that_integer() -> None:
    toolbox = Toolbox(FlagSocket())
    assert toolbox.diagnostics == []
    tools = {tool["name"]: tool for tool in toolbox.definitions("mcp")["tools"]}  # type: ignore[index, union-attr]
    assert tools["poll"]["inputSchema"]["properties"]["flags"]["default"] == 1
    for name, arguments, result in [
        ("poll", {}, 3),
        ("poll", {"flags": 2}, 2),
        ("maybe", {}, 2),
        ("events", {"mask": [1, 2]}, [1, 2]),  # declared a Flag: the array of its members
        ("events", {"mask": []}, []),
    ]:
        request = {
            "jsonrpc": "2.0",
            "id": 1,
            "method": "tools/call",
            "params": {"name": name, "arguments": arguments},
        }
        (response,) = toolbox.handle("mcp", request)
        outcome = response["result"]  # type: ignore[index]
        assert outcome["structuredContent"] == {"result": result}, outcome  # type: ignore[index]
        jsonschema.validate(outcome["structuredContent"], tools[name]["outputSchema"])  # type: ignore[index]


class Roots:
    def root(self, value: complex) -> complex:
        """The principal square root.

        Args:
            value: A number.
        """
        return complex(value) ** 0.5

    def roots(self, value: float) -> list[complex]:
        """Both square roots.

        Args:
            value: A number.
        """
        root = complex(value) ** 0.5
        return [root, -root]


def test_a_complex_result_is_its_text_as_the_scan_says() -> None:
    """TI132 says a complex result is sent as its text; the Toolbox answered an error (``root:
    the result has no JSON form``), though a complex inside a list was already its text."""
    toolbox = Toolbox(Roots())
    message = (
        "return value: type complex has no JSON form; the model gets the form read from the "
        "value (an array, a record's fields, a mapping), else its text"
    )
    assert [(d.code, d.subject, d.message) for d in toolbox.diagnostics] == [
        ("TI132", "Roots.root", message),
        ("TI132", "Roots.roots", message),
    ]
    outcomes = []
    for name, value in [("root", -4), ("root", 4), ("roots", -1.0)]:
        request = {
            "jsonrpc": "2.0",
            "id": 1,
            "method": "tools/call",
            "params": {"name": name, "arguments": {"value": value}},
        }
        (response,) = toolbox.handle("mcp", request)
        outcome = response["result"]  # type: ignore[index]
        outcomes.append((outcome.get("isError", False), outcome["content"][0]["text"]))  # type: ignore[index, union-attr]
    assert outcomes == [
        (False, "(1.2246467991473532e-16+2j)"),
        (False, "(2+0j)"),
        (False, '["(6.123233995736766e-17+1j)", "(-6.123233995736766e-17-1j)"]'),
    ]


class _Complexes:
    def shift(self, by: complex | None = 1j) -> str:
        """Shift.

        Args:
            by: How far.
        """
        return repr(by)

    def sample(self) -> complex:
        """A numpy complex, which is no ``complex``."""
        return np.complex64(1j)  # type: ignore[return-value]

    def number(self) -> numbers.Number:
        """A number."""
        return 1j  # type: ignore[return-value]


def test_complex_defaults_and_results_keep_their_number_and_their_text() -> None:
    """A ``1j`` default has no JSON form, but ``complex`` has one: the default is left out
    (TI110), not the number as if the default were a sentinel. A result that is a complex
    number of any class (numpy's ``complex64``), or declared ``numbers.Number``, is its text."""
    box = Toolbox(_Complexes())
    assert box.tool_named("shift").parameters_schema()["properties"]["by"] == {
        "type": ["number", "null"],
        "description": "How far.",
    }
    assert [d.code for d in box.diagnostics] == ["TI110", "TI132", "TI132"]
    assert box.call("shift", {"by": 2}) == "2"
    outputs = {t["name"]: t.get("outputSchema") for t in box.definitions("mcp")["tools"]}
    for name in ("sample", "number"):
        request = {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": name}}
        (response,) = box.handle("mcp", request)
        result = response["result"]  # type: ignore[index]
        assert not result.get("isError")  # type: ignore[union-attr]
        assert result["content"][0]["text"] == "1j"  # type: ignore[index]
        if outputs[name] is not None:
            jsonschema.validate(result["structuredContent"], outputs[name])  # type: ignore[index]


@dataclasses.dataclass
class _Endpoint:
    """An endpoint (huggingface_hub's ``InferenceEndpoint`` keeps its client in ``_api``)."""

    name: str
    _token: str = dataclasses.field(repr=False, default="hf_secret")


@attrs.define
class _Session:
    user: str
    _key: str = "k"  # made from ``key``: a public name, kept in ``_key``


class _Document(typing.TypedDict):
    _id: str  # MongoDB's key: data, not a private attribute
    text: str


@dataclasses.dataclass
class _Locked:
    """A record with a lock its ``default_factory`` makes (rich's ``Task._lock``)."""

    name: str
    _lock: threading.Lock = dataclasses.field(repr=False, default_factory=threading.Lock)


class _Endpoints:
    def endpoints(self) -> list[_Endpoint]:
        """The endpoints."""
        return [_Endpoint("a")]

    def session(self) -> _Session:
        """The session."""
        return _Session("ann")

    def document(self) -> _Document:
        """A document."""
        return {"_id": "d1", "text": "hi"}

    def take(self, endpoint: _Endpoint) -> str:
        """Take one.

        Args:
            endpoint: The endpoint.
        """
        return endpoint._token

    def lock(self, locked: _Locked) -> str:
        """Lock.

        Args:
            locked: A record with a lock.
        """
        return locked.name


def test_a_result_keeps_a_record_s_private_attributes_to_itself() -> None:
    """A dataclass's field with a private name is internal state (a client, a token): neither
    the output schema nor the result shows it. An attrs ``_key`` is made from ``key``, a public
    name; a TypedDict's ``_id`` is data. A parameter's record keeps a private field whose
    default JSON says (``_token = "hf_secret"``: it may be data, a document's ``_id``) and
    leaves out one whose default no JSON says (a factory's lock, see ``_Locked``); the Toolbox
    passes one a caller gives."""
    box = Toolbox(_Endpoints())
    outputs = {t["name"]: t["outputSchema"] for t in box.definitions("mcp")["tools"]}
    items = outputs["endpoints"]["properties"]["result"]["items"]
    assert list(items["properties"]) == ["name"]
    assert list(outputs["session"]["properties"]) == ["user", "key"]
    assert list(outputs["document"]["properties"]) == ["_id", "text"]
    inputs = {t.name: t.parameters_schema() for t in box.tools}
    assert list(inputs["take"]["properties"]["endpoint"]["properties"]) == ["name", "_token"]
    assert list(inputs["lock"]["properties"]["locked"]["properties"]) == ["name"]
    for name, expected in [
        ("endpoints", {"result": [{"name": "a"}]}),
        ("session", {"user": "ann", "key": "k"}),
        ("document", {"_id": "d1", "text": "hi"}),
    ]:
        reply = box.handle(
            "mcp",
            {
                "jsonrpc": "2.0",
                "id": 1,
                "method": "tools/call",
                "params": {"name": name, "arguments": {}},
            },
        )
        content = reply[0]["result"]["structuredContent"]
        assert content == expected
        jsonschema.validate(content, outputs[name])
    assert box.call("take", {"endpoint": {"name": "b", "_token": "t"}}) == "t"
