"""Toolbox: conversions, errors written for the model, leniency, async, choosing tools, and
each provider's tool-call messages (built with the providers' SDK types, answered in shapes
those SDKs accept). Nothing here calls a model or the network."""

from __future__ import annotations

import asyncio
import base64
import collections
import concurrent.futures
import datetime
import decimal
import enum
import fractions
import functools
import json
import pathlib
import threading
import time
import uuid
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal, NamedTuple, TypedDict

import annotated_types
import botocore.session
import botocore.validate
import cohere
import mcp.types
import numpy
import ollama
import pydantic
import pytest
from anthropic.types import ToolResultBlockParam, ToolUseBlock
from google.genai import types as genai
from hypothesis import given, settings
from hypothesis import strategies as st
from mistralai.client.models import AssistantMessage, FunctionCall, ToolCall, ToolMessage
from openai.types.chat import (
    ChatCompletionMessage,
    ChatCompletionMessageFunctionToolCall,
    ChatCompletionToolMessageParam,
)
from openai.types.chat.chat_completion_message_function_tool_call import Function
from openai.types.responses import ResponseFunctionToolCall
from openai.types.responses.response_input_item_param import FunctionCallOutput

from example_class import ExampleClass
from inspector import Toolbox, ToolCallError, ToolEvent
from inspector.diagnostics import InspectorError
from inspector.model import (
    AnyOfType,
    ArrayType,
    BooleanType,
    EnumType,
    IntegerType,
    NullType,
    NumberType,
    ObjectType,
    SchemaType,
    StringType,
)
from inspector.project.pipeline import scan_objects
from inspector.typetable.values import to_json
from tests.conftest import GOLDEN, messages
from tests.sdk_types import check_typed_dict


class Color(enum.Enum):
    """A colour."""

    RED = "red"
    GREEN = "green"


@dataclass
class Item:
    """A line of an order.

    Attributes:
        sku: Article number.
        qty: How many.
    """

    sku: str
    qty: Annotated[int, annotated_types.Ge(1)] = 1


@dataclass
class Basket:
    """Items to buy.

    Attributes:
        items: The lines.
        note: Free text.
    """

    items: list[Item]
    note: str | None = None
    tags: list[str] = field(default_factory=list)


class Span(NamedTuple):
    """Lines."""

    start: int
    end: int = -1


class Movie(TypedDict):
    """A film."""

    title: str
    year: int


class User(pydantic.BaseModel):
    """A user."""

    name: str = pydantic.Field(min_length=1)
    age: int = 0


class Service:
    """Methods whose results show what they received."""

    def scalars(self, s: str, i: int, f: float, b: bool) -> list[object]:
        """Scalars.

        Args:
            s: Text.
            i: Whole number.
            f: Real number.
            b: Flag.
        """
        return [s, i, f, b]

    def texts(
        self,
        *,
        when: datetime.datetime,
        day: datetime.date,
        at: datetime.time,
        wait: datetime.timedelta,
        ident: uuid.UUID,
        price: decimal.Decimal,
        where: pathlib.Path,
        blob: bytes,
    ) -> list[object]:
        """Values sent as text.

        Args:
            when: Timestamp.
            day: Date.
            at: Time.
            wait: Duration.
            ident: UUID.
            price: Decimal.
            where: Path.
            blob: Bytes.
        """
        return [when, day, at, wait, ident, price, where, blob]

    def choices(self, color: Color, size: Literal["S", "M"], mode: int | str = 1) -> list[object]:
        """Enums, literals, unions.

        Args:
            color: Colour.
            size: Size.
            mode: Mode.
        """
        return [color, size, mode]

    def containers(
        self, pair: tuple[int, str], unique: set[int], scores: dict[str, float]
    ) -> list[object]:
        """Containers.

        Args:
            pair: Tuple.
            unique: Set.
            scores: Mapping.
        """
        return [pair, unique, scores]

    def nested(self, basket: Basket, span: Span, movie: Movie, user: User) -> list[object]:
        """Nested classes.

        Args:
            basket: Dataclass.
            span: NamedTuple.
            movie: TypedDict.
            user: Pydantic model.
        """
        return [basket, span, movie, user]

    def bounded(
        self,
        n: Annotated[int, annotated_types.Interval(ge=0, lt=10)],
        code: Annotated[str, annotated_types.MaxLen(3)],
    ) -> int:
        """Constraints.

        Args:
            n: Small number.
            code: Short code.
        """
        return n

    def optional(self, a: int | None, b: int = 5) -> list[object]:
        """Nullable and default.

        Args:
            a: Nullable, required.
            b: Optional.
        """
        return [a, b]

    async def later(self, x: int) -> dict[str, object]:
        """Async.

        Args:
            x: Value.
        """
        await asyncio.sleep(0)
        return {"x": x, "thread": threading.current_thread().name}

    def where(self) -> str:
        """The thread it runs in."""
        return threading.current_thread().name

    def explode(self, message: str) -> None:
        """Raise.

        Args:
            message: Text of the error.
        """
        raise ValueError(message)


@pytest.fixture
def toolbox() -> Toolbox:
    return Toolbox(Service())


def test_scalars_and_text_formats_are_converted(toolbox: Toolbox) -> None:
    assert toolbox.call("scalars", {"s": "a", "i": 2, "f": 3, "b": True}) == ["a", 2, 3.0, True]
    result = toolbox.call(
        "texts",
        {
            "when": "2024-05-01T12:30:00+02:00",
            "day": "2024-05-01",
            "at": "12:30:00",
            "wait": "PT1H30M",
            "ident": "12345678-1234-5678-1234-567812345678",
            "price": "19.99",
            "where": "/tmp/x",
            "blob": "aGk=",
        },
    )
    assert result == [
        datetime.datetime(
            2024, 5, 1, 12, 30, tzinfo=datetime.timezone(datetime.timedelta(hours=2))
        ),
        datetime.date(2024, 5, 1),
        datetime.time(12, 30),
        datetime.timedelta(hours=1, minutes=30),
        uuid.UUID("12345678-1234-5678-1234-567812345678"),
        decimal.Decimal("19.99"),
        pathlib.Path("/tmp/x"),
        b"hi",
    ]


def test_enums_literals_unions_containers_and_classes(toolbox: Toolbox) -> None:
    assert toolbox.call("choices", {"color": "red", "size": "M", "mode": "fast"}) == [
        Color.RED,
        "M",
        "fast",
    ]
    assert toolbox.call(
        "containers", {"pair": [1, "a"], "unique": [1, 2, 2], "scores": {"x": 1}}
    ) == [
        (1, "a"),
        {1, 2},
        {"x": 1.0},
    ]
    basket, span, movie, user = toolbox.call(  # type: ignore[misc]
        "nested",
        {
            "basket": {"items": [{"sku": "A"}, {"sku": "B", "qty": 2}]},
            "span": {"start": 3},
            "movie": {"title": "M", "year": 1999},
            "user": {"name": "ann"},
        },
    )
    assert basket == Basket([Item("A"), Item("B", 2)])
    assert span == Span(3)
    assert movie == {"title": "M", "year": 1999}
    assert user == User(name="ann")


@pytest.mark.parametrize(
    ("name", "arguments", "message"),
    [
        ("scalar", {}, "unknown tool 'scalar'; did you mean 'scalars'? Available: scalars, texts,"),
        (
            "scalars",
            {"s": "a", "i": 2, "f": 1, "b": True, "x": 0},
            "scalars: unexpected argument 'x'; the tool takes: b, f, i, s",
        ),
        ("scalars", {"s": "a", "i": 2, "f": 1}, "scalars: missing required argument 'b'"),
        ("scalars", {"s": 1, "i": 2, "f": 1, "b": True}, "scalars: s: expected string, got 1"),
        (
            "scalars",
            {"s": "a", "i": 2.5, "f": 1, "b": True},
            "scalars: i: expected integer, got 2.5",
        ),
        (
            "scalars",
            {"s": "a", "i": 2, "f": 1, "b": "maybe"},
            'scalars: b: expected boolean, got "maybe"',
        ),
        (
            "choices",
            {"color": "blue", "size": "S"},
            'choices: color: invalid value "blue"; allowed: "red", "green"',
        ),
        (
            "choices",
            {"color": "red", "size": "XL"},
            'choices: size: invalid value "XL"; allowed: "S", "M"',
        ),
        (
            "choices",
            {"color": "red", "size": "S", "mode": [1]},
            "choices: mode: expected integer or string, got [1]",
        ),
        (
            "containers",
            {"pair": [1], "unique": [], "scores": {}},
            "containers: pair: expected exactly 2 items, got 1",
        ),
        (
            "containers",
            {"pair": [1, "a"], "unique": [], "scores": {"x": "y"}},
            'containers: scores.x: expected number, got "y"',
        ),
        (
            "nested",
            {
                "basket": {"items": [{"sku": "A"}, {"sku": "B", "qty": "two"}]},
                "span": {"start": 1},
                "movie": {"title": "M", "year": 1},
                "user": {"name": "a"},
            },
            'nested: basket.items[1].qty: expected integer, got "two"',
        ),
        (
            "nested",
            {
                "basket": {"items": [{"sku": "A", "qty": 0}]},
                "span": {"start": 1},
                "movie": {"title": "M", "year": 1},
                "user": {"name": "a"},
            },
            "nested: basket.items[0].qty: must be at least 1, got 0",
        ),
        (
            "nested",
            {
                "basket": {"items": [], "color": 1},
                "span": {"start": 1},
                "movie": {"title": "M", "year": 1},
                "user": {"name": "a"},
            },
            "nested: basket.color: unexpected property; Basket has: items, note, tags",
        ),
        (
            "nested",
            {
                "basket": {"items": []},
                "span": {"start": 1},
                "movie": {"title": "M"},
                "user": {"name": "a"},
            },
            "nested: movie.year: missing required property",
        ),
        (
            "nested",
            {
                "basket": {"items": []},
                "span": {"start": 1},
                "movie": {"title": "M", "year": 1},
                "user": {"name": ""},
            },
            "nested: user: name: String should have at least 1 character",
        ),
        ("bounded", {"n": 10, "code": "a"}, "bounded: n: must be less than 10, got 10"),
        (
            "bounded",
            {"n": 1, "code": "abcd"},
            "bounded: code: must have at most 3 characters, got 4",
        ),
        (
            "texts",
            {
                "when": "yesterday",
                "day": "2024-05-01",
                "at": "12:00",
                "wait": 1,
                "ident": "x",
                "price": 1,
                "where": "p",
                "blob": "aGk=",
            },
            'texts: when: expected a date-time such as "2024-05-01T12:00:00", got "yesterday"; '
            'ident: expected a UUID, got "x"',
        ),
        ("explode", {"message": "no stock"}, "explode failed: ValueError: no stock"),
        ("explode", {"message": ""}, "explode failed: ValueError"),
        (
            "scalars",
            '{"s": ' + "[" * 100_000 + "]" * 100_000 + "}",
            "scalars: the arguments are nested too deeply",
        ),
        (
            "scalars",
            "{not json",
            "scalars: the arguments are not valid JSON (Expecting property name enclosed in "
            "double quotes: line 1 column 2 (char 1))",
        ),
        ("scalars", "[1]", "scalars: arguments must be an object, got [1]"),
    ],
)
def test_errors_are_written_for_the_model(
    toolbox: Toolbox, name: str, arguments: Any, message: str
) -> None:
    with pytest.raises(ToolCallError) as raised:
        toolbox.call(name, arguments)
    assert raised.value.message.startswith(message)
    if not message.startswith("unknown tool"):
        assert raised.value.message == message


def test_debug_adds_the_traceback() -> None:
    with pytest.raises(ToolCallError) as raised:
        Toolbox(Service(), debug=True).call("explode", {"message": "x"})
    assert raised.value.message.startswith(
        "explode failed: ValueError: x\nTraceback (most recent call last):"
    )


def test_lenient_where_models_slip_and_says_so(toolbox: Toolbox) -> None:
    assert toolbox.call("scalars", {"s": "a", "i": "2", "f": "1.5", "b": "true"}) == [
        "a",
        2,
        1.5,
        True,
    ]
    assert toolbox.last_notes == [
        "i: number sent as a string",
        "f: number sent as a string",
        "b: boolean sent as a string",
    ]
    assert toolbox.call("containers", {"pair": '[1, "a"]', "unique": [], "scores": "{}"}) == [
        (1, "a"),
        set(),
        {},
    ]
    assert toolbox.last_notes == [
        "pair: JSON text read as the value it holds",
        "scores: JSON text read as the value it holds",
    ]
    assert toolbox.call("optional", {}) == [None, 5]
    assert toolbox.last_notes == ["a: omitted; null used"]
    assert toolbox.call("optional", '{"a": 1, "b": null}') == [1, 5]
    assert toolbox.last_notes == ["b: null; the default used"]


def test_async_and_sync_run_where_they_should(toolbox: Toolbox) -> None:
    assert toolbox.call("later", {"x": 1})["x"] == 1  # type: ignore[index]
    assert asyncio.run(toolbox.acall("later", {"x": 2}))["x"] == 2  # type: ignore[index]
    main = threading.current_thread().name
    assert asyncio.run(toolbox.acall("where")) != main  # a sync tool runs in a worker thread

    async def inside_a_loop() -> object:
        return toolbox.call("later", {"x": 3})

    assert asyncio.run(inside_a_loop())["x"] == 3  # type: ignore[index]


class Deferred:
    def fetch(self, n: int) -> int:
        """A sync method handing back an awaitable (as aiohttp's ``ClientSession.get`` does).

        Args:
            n: The value.
        """
        return asyncio.sleep(0, result=n)  # type: ignore[return-value]

    def slow(self, seconds: float) -> float:
        """Half the time on its thread, half in what it hands back.

        Args:
            seconds: How long in all.
        """
        time.sleep(seconds / 2)
        return asyncio.sleep(seconds / 2, result=seconds)  # type: ignore[return-value]


def test_what_a_sync_method_returns_to_be_awaited_is_awaited_by_every_door() -> None:
    box = Toolbox(Deferred())
    assert box.call("fetch", {"n": 1}) == 1
    assert asyncio.run(box.acall("fetch", {"n": 2})) == 2
    timed = Toolbox(Deferred(), timeout=5)  # the sync method on a thread the caller waits for
    assert timed.call("fetch", {"n": 3}) == 3
    assert asyncio.run(timed.acall("fetch", {"n": 3})) == 3
    short = Toolbox(Deferred(), timeout=0.5)  # the two halves share one timeout
    assert asyncio.run(short.acall("slow", {"seconds": 0.2})) == 0.2
    with pytest.raises(ToolCallError, match=r"^slow: timed out after 0.5 s; the call was stopped$"):
        asyncio.run(short.acall("slow", {"seconds": 0.8}))
    call = {"id": "1", "type": "function", "function": {"name": "fetch", "arguments": '{"n": 4}'}}
    assert asyncio.run(box.ahandle("openai", {"tool_calls": [call]}))[0]["content"] == "4"


def _renaming(method: Callable[..., str]) -> Callable[..., str]:
    @functools.wraps(method)
    def wrapper(self: object, s: str, *args: object, **kwargs: object) -> str:
        return method(self, s, *args, **kwargs)

    return wrapper


def _renaming_keywords(method: Callable[..., str]) -> Callable[..., str]:
    @functools.wraps(method)
    def wrapper(self: object, s: str, **kwargs: object) -> str:
        return method(self, s, **kwargs)

    return wrapper


def _renaming_two(method: Callable[..., str]) -> Callable[..., str]:
    @functools.wraps(method)
    def wrapper(self: object, first: str, second: str, **kwargs: object) -> str:
        return method(self, first, second, **kwargs)

    return wrapper


def _forwarding(method: Callable[..., str]) -> Callable[..., str]:
    @functools.wraps(method)
    def wrapper(*args: object, **kwargs: object) -> str:
        return method(*args, **kwargs)

    return wrapper


class Wrapped:
    @_renaming
    def shout(self, text: str, times: int = 1, *, loud: bool = False) -> str:
        """Shout (dateutil's ``isoparse`` is wrapped so: its wrapper takes ``str_in``).

        Args:
            text: The text.
            times: How often.
            loud: In capitals.
        """
        return (text.upper() if loud else text) * times

    @_renaming
    def join(self, sep: str, *parts: str) -> str:
        """Join.

        Args:
            sep: Between.
            parts: The parts.
        """
        return sep.join(parts)

    @_renaming_keywords
    def whisper(self, text: str, loud: bool = False) -> str:
        """Whisper.

        Args:
            text: The text.
            loud: In capitals.
        """
        return text.upper() if loud else text.lower()

    @_renaming_two
    def pair(self, a: str, b: str = "-", c: str = "") -> str:
        """Pair.

        Args:
            a: First.
            b: Second.
            c: Third.
        """
        return a + b + c

    @_forwarding
    def echo(self, text: str, times: int = 1) -> str:
        """Echo.

        Args:
            text: The text.
            times: How often.
        """
        return text * times


def test_a_wrapper_that_takes_the_method_s_parameters_under_other_names_is_called() -> None:
    box = Toolbox(Wrapped())
    shout = next(tool for tool in box.tools if tool.name == "shout")
    assert [p.name for p in shout.parameters] == ["text", "times", "loud"]  # the schema
    assert box.call("shout", {"text": "hi"}) == "hi"
    assert box.call("shout", {"text": "hi", "times": 2, "loud": True}) == "HIHI"
    assert box.call("echo", {"text": "ho", "times": 2}) == "hoho"
    assert box.call("echo", {"times": 3, "text": "x"}) == "xxx"
    assert box.call("join", {"sep": "-", "parts": ["a", "b"]}) == "a-b"  # with *args values
    assert box.call("join", {"sep": "-"}) == ""
    assert box.call("whisper", {"text": "Hi", "loud": True}) == "HI"  # only what it takes so
    assert box.call("pair", {"a": "x"}) == "x-"  # an omitted one's default fills its place
    assert box.call("pair", {"a": "x", "c": "z"}) == "x-z"


@dataclass
class Source:
    name: str
    size: int = field(default=0, init=False)  # computed by the class, never given

    def __post_init__(self) -> None:
        self.size = len(self.name)


class Composer:
    def compose(self, sources: list[Source]) -> Source:
        """Join sources (minio's ``ComposeSource`` has such fields).

        Args:
            sources: The parts.
        """
        return Source("+".join(s.name for s in sources))


def test_a_dataclass_field_the_constructor_does_not_take_is_no_property() -> None:
    box = Toolbox(Composer())
    (entry,) = box.definitions("openai", strict=True)
    item = entry["function"]["parameters"]["properties"]["sources"]["items"]  # type: ignore[index]
    assert item["properties"] == {"name": {"type": "string"}}
    assert item["required"] == ["name"]
    assert box.call("compose", {"sources": [{"name": "ab"}, {"name": "c"}]}) == Source("ab+c")
    call = {"id": "1", "type": "function", "function": {"name": "compose", "arguments": ""}}
    call["function"]["arguments"] = '{"sources": [{"name": "ab"}]}'  # type: ignore[index]
    assert box.handle("openai", {"tool_calls": [call]})[0]["content"] == '{"name": "ab"}'


class Records:
    def get(self, key: str):  # type: ignore[no-untyped-def]
        """Get a record (networkx's ``get_edge_data`` is typed so).

        Args:
            key: The key.

        Returns:
            dict: the record, or None when missing
        """
        return None

    def count(self, key: str) -> dict[str, int]:
        """Count a key.

        Args:
            key: The key.
        """
        return {key: 1}


def test_mcp_promises_an_output_schema_for_annotated_returns_only() -> None:
    box = Toolbox(Records())
    listed = {tool["name"]: tool for tool in box.definitions("mcp")["tools"]}  # type: ignore[index]
    assert "outputSchema" not in listed["get"]  # a docstring's type is prose, not a contract
    assert listed["count"]["outputSchema"] == {
        "type": "object",
        "additionalProperties": {"type": "integer"},
    }
    for name, structured in (("get", None), ("count", {"k": 1})):
        request = {
            "jsonrpc": "2.0",
            "id": 1,
            "method": "tools/call",
            "params": {"name": name, "arguments": {"key": "k"}},
        }
        (reply,) = box.handle("mcp", request)
        result = mcp.types.CallToolResult.model_validate(reply["result"])  # type: ignore[index]
        assert (result.is_error, result.structured_content) == (False, structured)


class Painter:
    def paint(self, alpha: float, color: tuple[float, ...]) -> str:
        """Paint (PIL's ``paste`` takes a colour so, and needs ints in it).

        Args:
            alpha: How opaque.
            color: The channels.
        """
        return repr((alpha, color))


def test_a_json_integer_stays_an_int_where_a_float_is_hinted() -> None:
    box = Toolbox(Painter())
    assert box.call("paint", {"alpha": 1, "color": [0, 0, 255]}) == "(1, (0, 0, 255))"
    assert box.call("paint", {"alpha": 0.5, "color": [0.5, 1]}) == "(0.5, (0.5, 1))"


class Port(int):
    def __new__(cls, value: int) -> Port:
        if not 0 < value < 65536:
            raise ValueError("out of range")
        return super().__new__(cls, value)


HTTP = Port(80)


class Gauges:
    def read(self, level: numpy.float64, port: Port = HTTP) -> float:
        """Read a level (a numpy scalar) on a port (an int that checks itself).

        Args:
            level: The level.
            port: Where.
        """
        return float(level)


def test_a_value_its_class_refuses_is_the_model_s_error_not_a_traceback() -> None:
    box = Toolbox(Gauges())
    assert box.call("read", {"level": 2}) == 2.0
    huge = {"id": "1", "type": "function", "function": {"name": "read", "arguments": ""}}
    huge["function"]["arguments"] = '{"level": 1' + "0" * 400 + "}"  # type: ignore[index]
    (reply,) = box.handle("openai", {"tool_calls": [huge]})
    assert reply["content"].endswith(  # type: ignore[union-attr]
        "… is no float64: OverflowError: int too large to convert to float"
    )
    with pytest.raises(ToolCallError, match=r"^read: port: 70000 is no Port: ValueError: out of "):
        box.call("read", {"level": 1, "port": 70000})


class Features(dict[str, str]):
    """A dict that knows more (datasets' ``Features``)."""

    @property
    def names(self) -> list[str]:
        return sorted(self)


class Counts(dict[str, int]):
    def __init__(self, pairs: dict[str, int]) -> None:
        if any(count < 0 for count in pairs.values()):
            raise ValueError("a count is never negative")
        super().__init__(pairs)


class Shelf:
    def cast(
        self,
        features: Features,
        order: collections.OrderedDict[str, int],
        spare: collections.defaultdict[str, int],
        counts: Counts | None = None,
    ) -> list[str]:
        """Cast the shelf.

        Args:
            features: Its columns.
            order: In order.
            spare: With a factory.
            counts: Checked counts.
        """
        kinds = [type(value).__name__ for value in (features, order, spare, counts)]
        return [*kinds, *features.names, *order, *spare]


class Named(dict[str, int]):
    """A mapping whose constructor takes a name first."""

    def __init__(self, name: str = "", *args: object, **kwargs: int) -> None:
        super().__init__(*args, **kwargs)
        self.name = name


class Checked(dict[str, int]):
    """A mapping whose constructor refuses with ``TypeError``."""

    def __init__(self, data: dict[str, object] | None = None) -> None:
        if any(not isinstance(v, int) or v < 0 for v in (data or {}).values()):
            raise TypeError("values are non-negative ints")
        super().__init__(data or {})


class Tables:
    def total(self, named: Named | None = None, checked: Checked | None = None) -> int:
        """Sum.

        Args:
            named: A named table.
            checked: A checked table.
        """
        return sum((named or checked or {}).values())


def test_a_dict_subclass_that_does_not_hold_the_pairs_gives_way_to_a_dict() -> None:
    """A constructor that takes something else first (a name) made an empty table of the pairs,
    and the method summed nothing: the plain dict is passed, as before. A ``TypeError`` of a
    constructor that checks the pairs is a refusal, not a cue to fill it past the check."""
    box = Toolbox(Tables())
    assert box.call("total", {"named": {"a": 1, "b": 2}}) == 3
    assert box.call("total", {"checked": {"a": 4}}) == 4
    with pytest.raises(ToolCallError, match="Checked: TypeError: values are non-negative ints"):
        box.call("total", {"checked": {"a": -5}})


class Destination(dict[str, object]):
    """A mapping whose constructor wants more than the pairs, as pypdf's ``Destination``."""

    def __init__(self, title: str, page: int) -> None:
        super().__init__(title=title, page=page)


class Outline:
    def add(self, item: Destination, parent: Destination | None = None) -> str:
        """Add an item.

        Args:
            item: The item.
            parent: Its parent.
        """
        return str(item["title"])

    def find(self, title: str, root: list[Destination] | None = None) -> bool:
        """Find an item.

        Args:
            title: Its title.
            root: Where to look.
        """
        return any(d["title"] == title for d in root or [])

    def count(self, fields: collections.abc.Mapping[str, int]) -> int:
        """Count the fields (a ``Mapping`` is no ``dict`` subclass: it takes any object).

        Args:
            fields: The fields.
        """
        return len(fields)


def test_a_dict_subclass_not_made_of_the_pairs_has_no_json_form() -> None:
    """pypdf's ``PdfWriter.add_outline_item_dict(outline_item: OutlineItem | Destination)``
    asked for an object, and every object was refused: ``Destination(title, page, fit)``
    cannot be made of the pairs (``outline_item: expected object, got {}``). Such a class
    has no JSON form, as a dataclass whose ``__init__`` does not take its fields."""
    box = Toolbox(Outline())
    assert [t["name"] for t in box.definitions("mcp")["tools"]] == ["find", "count"]
    assert messages(box.diagnostics) == [
        "warning: Outline.add: parameter 'item': required, and type Destination has no JSON"
        " form (Destination's own __init__ does not take a dict): a model cannot call this"
        " method (a new classification entry excludes it; set true, any value is accepted)",
        "info: Outline.add: parameter 'parent': type Destination has no JSON form"
        " (Destination's own __init__ does not take a dict); left out",
        "info: Outline.find: parameter 'root': type list[tests.test_toolbox.Destination] has"
        " no JSON form (Destination's own __init__ does not take a dict); left out",
        "info: : Outline.add is excluded: a model cannot give 'item' (Destination) (no JSON"
        " form); set it true in the classification file to offer it with any value",
    ]
    assert box.call("find", {"title": "a"}) is False
    assert box.call("count", {"fields": {"a": 1}}) == 1


def test_a_parameter_typed_with_a_dict_subclass_gets_that_class() -> None:
    """datasets' ``Dataset.flatten_indices(features={})`` got a plain dict and failed on
    ``dict.type``; a class whose constructor wants its factory first (``defaultdict``) is made
    empty and filled; one that refuses the pairs refuses the argument."""
    box = Toolbox(Shelf())
    arguments = {"features": {"b": "int64", "a": "string"}, "order": {"z": 1, "y": 2}}
    assert box.call("cast", {**arguments, "spare": {"k": 3}, "counts": {"n": 1}}) == [
        *("Features", "OrderedDict", "defaultdict", "Counts"),
        *("a", "b", "z", "y", "k"),
    ]
    with pytest.raises(
        ToolCallError, match=r"^cast: counts: Counts: ValueError: a count is never negative$"
    ):
        box.call("cast", {**arguments, "spare": {}, "counts": {"n": -1}})


class Groups:
    def grow(
        self,
        groups: collections.defaultdict[str, list[int]],
        seen: collections.defaultdict[str, collections.abc.Set[str]] | None = None,
        tallies: collections.defaultdict[str, collections.Counter[str]] | None = None,
        loose: collections.defaultdict[str, Named] | None = None,
        *,
        pairs: collections.defaultdict[str, tuple[int, int]] | None = None,
        runs: collections.defaultdict[str, Annotated[tuple[int, ...], "runs"]] | None = None,
        flags: collections.defaultdict[str, bool] | None = None,
    ) -> list[object]:
        """Fill a group the model did not give.

        Args:
            groups: The groups.
            seen: What each saw.
            tallies: Counts.
            loose: Of a class made with arguments.
            pairs: Of a fixed length: no empty value.
            runs: Annotated.
            flags: Flags.
        """
        groups["new"].append(1)
        made = [groups["new"], groups["old"]]
        for table in (seen, tallies, loose, pairs, runs, flags):
            if table is not None:
                made.append(table.default_factory)
        return made


class Tree(collections.defaultdict):  # type: ignore[type-arg]
    """An autovivifying tree: its constructor sets its own factory."""

    def __init__(self) -> None:
        super().__init__(Tree)


class Tally(collections.defaultdict[str, int]):
    def __init__(self) -> None:
        super().__init__(int)


class Passing(collections.defaultdict[str, list[int]]):
    """A constructor that passes everything on: it takes the factory as ``defaultdict``'s."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)


class Labelled(collections.defaultdict[str, int]):
    """Takes something else first: made with nothing, not given the factory as its label."""

    def __init__(self, label: str = "anon", *args: Any) -> None:
        super().__init__(int, *args)
        self.label = label


class Trees:
    def grow(
        self,
        tree: Tree,
        tally: Tally,
        passing: Passing | None = None,
        labelled: Labelled | None = None,
    ) -> list[object]:
        """Grow.

        Args:
            tree: The tree.
            tally: Counts.
            passing: Lists.
            labelled: Labelled counts.
        """
        tree["a"]["b"]
        tally["x"] += 1
        made = [len(tree), dict(tally), type(tree["a"])]
        if passing is not None:
            passing["new"].append(1)
            made.append(passing["new"])
        if labelled is not None:
            made.append(labelled.label)
        return made


def test_a_defaultdict_parameter_gets_the_factory_its_value_type_names() -> None:
    """``groups["new"].append(1)`` failed with ``KeyError: 'new'`` for a schema-valid call: the
    mapping had no factory. A value type made with no argument is its factory (an abstract
    collection's plain class); another has none, as before."""
    box = Toolbox(Groups())
    assert box.call("grow", {"groups": {"old": [7]}}) == [[1], [7]]
    assert box.call(
        "grow", {"groups": {}, "seen": {}, "tallies": {"a": {"x": 1}}, "loose": {}}
    ) == [[1], [], set, collections.Counter, None]
    assert box.call("grow", {"groups": {}, "pairs": {}, "runs": {}, "flags": {}}) == [
        *([1], []),
        *(None, tuple, bool),
    ]
    arguments = {"tree": {}, "tally": {"y": 2}, "passing": {}, "labelled": {"a": 1}}
    assert Toolbox(Trees()).call("grow", arguments) == [1, {"y": 2, "x": 1}, Tree, [1], "anon"]


@pydantic.dataclasses.dataclass
class Aliased:
    """A pydantic dataclass whose field pydantic's ``__init__`` takes under its alias.

    Attributes:
        count: How many.
    """

    count: int = pydantic.Field(alias="Count")
    label: str = "x"
    """Its label."""


@pydantic.dataclasses.dataclass
class Validated:
    """Taken under its validation alias, which pydantic's ``__init__`` takes first."""

    count: int = pydantic.Field(validation_alias="Count")
    size: int = pydantic.Field(default=1, validation_alias=pydantic.AliasChoices("s", "sz"))


class Bumper:
    def bump(self, item: Aliased) -> Aliased:
        """Bump.

        Args:
            item: The item.
        """
        return Aliased(Count=item.count + 1, label=item.label)

    def check(self, item: Validated) -> int:
        """Check.

        Args:
            item: The item.
        """
        return item.count * item.size


def test_a_pydantic_dataclass_takes_and_gives_its_fields_by_alias() -> None:
    """``count: int = Field(alias="Count")``: pydantic's ``__init__`` takes ``Count``, so the
    class had no form (TI131, "its own __init__ does not take its fields"), and the field read
    as optional (its ``Field(...)`` taken for a default). Read as pydantic reads it: the alias,
    required, documented where the attribute is; the result gives it back under the alias, as
    its schema says. A ``validation_alias`` is what ``__init__`` takes first."""
    box = Toolbox(Bumper())
    bump, check = box.tools
    item = bump.parameters_schema()["properties"]["item"]  # type: ignore[index]
    assert (item["properties"], item["required"]) == (
        {
            "Count": {"type": "integer", "description": "How many."},
            "label": {"type": "string", "default": "x", "description": "Its label."},
        },
        ["Count"],
    )
    validated = check.parameters_schema()["properties"]["item"]  # type: ignore[index]
    assert (validated["properties"], validated["required"]) == (
        {"Count": {"type": "integer"}, "s": {"type": "integer", "default": 1}},
        ["Count"],
    )
    assert box.call("check", {"item": {"Count": 4, "s": 2}}) == 8
    assert box.call("bump", {"item": {"Count": 2}}) == Aliased(Count=3)
    arguments = json.dumps({"item": {"Count": 2, "label": "y"}})
    call = {"id": "1", "type": "function", "function": {"name": "bump", "arguments": arguments}}
    (reply,) = box.handle("openai", {"tool_calls": [call]})
    assert reply["content"] == '{"Count": 3, "label": "y"}'


class Unprintable(Exception):
    def __str__(self) -> str:
        raise ModuleNotFoundError("No module named 'rich'")


class Grouping:
    def group_by(self, by: list[str]) -> int:
        """Group the rows.

        Args:
            by: The columns.
        """
        raise Unprintable


def test_an_exception_whose_text_cannot_be_made_is_still_an_answer() -> None:
    """ibis' ``SignatureValidationError`` makes its text with ``rich``; without it, ``str()``
    raised, and the ``ModuleNotFoundError`` escaped ``handle``."""
    call = {"name": "group_by", "arguments": {"by": []}}
    (reply,) = Toolbox(Grouping()).handle(
        "mcp", {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": call}
    )
    assert reply["result"]["content"] == [  # type: ignore[index]
        {"type": "text", "text": "group_by failed: Unprintable: <exception str() failed>"}
    ]
    events: list[ToolEvent] = []
    for options in ({"errors": "mask"}, {"error_formatter": lambda name, error: "sorry"}):
        box = Toolbox(Grouping(), on_event=events.append, **options)  # type: ignore[arg-type]
        (reply,) = box.handle(
            "mcp", {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": call}
        )
        assert reply["result"]["isError"] is True  # type: ignore[index]
    assert [e.message for e in events] == [
        "group_by failed: Unprintable: <exception str() failed>"
    ] * 2


LEVEL = numpy.uint8(3)


class Mixer:
    def mix(self, times: numpy.int64, gain: numpy.float32, level: numpy.uint8 = LEVEL) -> str:
        """Mix with numpy's fixed-width numbers, which only the numeric ABCs know.

        Args:
            times: How many times.
            gain: The gain.
            level: The level.
        """
        return f"{type(times).__name__} {type(gain).__name__} {type(level).__name__} {level}"

    def twice(self, n: numpy.int16) -> numpy.int64:
        """Double a number.

        Args:
            n: The number.
        """
        return numpy.int64(n) * 2


def test_a_class_registered_as_an_integral_or_real_number_takes_its_builtin_s_form() -> None:
    box = Toolbox(Mixer())
    (mix, twice) = box.tools
    assert mix.parameters_schema()["properties"] == {
        "times": {"type": "integer", "description": "How many times."},
        "gain": {"type": "number", "description": "The gain."},
        "level": {"type": "integer", "description": "The level.", "default": 3},
    }
    assert twice.returns is not None and twice.returns.to_schema() == {"type": "integer"}
    assert box.call("mix", {"times": 2, "gain": 1}) == "int64 float32 uint8 3"
    assert box.call("mix", {"times": 2.0, "gain": 0.5, "level": 255}) == "int64 float32 uint8 255"
    assert box.call("twice", {"n": 21}) == 42
    call = {"id": "1", "type": "function", "function": {"name": "twice", "arguments": '{"n": 4}'}}
    (reply,) = box.handle("openai", {"tool_calls": [call]})
    assert reply["content"] == "8"  # numpy's int64 leaves as JSON's integer
    with pytest.raises(ToolCallError, match=r"^mix: level: 256 is no uint8: OverflowError: "):
        box.call("mix", {"times": 1, "gain": 1, "level": 256})
    with pytest.raises(ToolCallError, match=r"^mix: times: expected integer, got 1.5"):
        box.call("mix", {"times": 1.5, "gain": 1})


class Clock:
    def wait(self, minutes: int) -> dict[str, object]:
        """Wait, as numpy counts durations.

        Args:
            minutes: How long.
        """
        return {"delay": numpy.timedelta64(minutes, "m"), "count": numpy.int64(minutes)}

    def bases(self, whole: numpy.integer, real: numpy.floating) -> None:  # type: ignore[type-arg]
        """Take numpy's abstract number classes, which no number makes.

        Args:
            whole: A whole number.
            real: A real number.
        """


def test_numpy_s_durations_and_abstract_numbers_keep_their_own_forms() -> None:
    """A ``timedelta64`` is a ``numbers.Integral`` to numpy, but a duration; ``numpy.integer``
    cannot be made at all."""
    box = Toolbox(Clock(), new="include-all")
    call = {
        "id": "1",
        "type": "function",
        "function": {"name": "wait", "arguments": '{"minutes": 90}'},
    }
    (reply,) = box.handle("openai", {"tool_calls": [call]})
    assert json.loads(reply["content"]) == {"delay": "PT1H30M", "count": 90}
    catalog, _, _ = scan_objects([Clock])
    (bases,) = [t for t in catalog.classes[0].tools if t.method_name == "bases"]
    assert bases.uncallable == (("whole", "integer"), ("real", "floating"))


class Ratios:
    def keep(self, share: fractions.Fraction) -> str:
        """Keep a share.

        Args:
            share: The share.
        """
        return str(share)


def test_a_fraction_is_read_from_the_text_the_model_wrote() -> None:
    """A JSON number as the model wrote it (0.1 is 1/10, not the double's binary value), or a
    fraction's text; a Fraction leaves as a number."""
    catalog, _, _ = scan_objects([Ratios])
    (keep,) = catalog.classes[0].tools
    assert keep.uncallable == ()
    box = Toolbox(Ratios())
    assert box.call("keep", {"share": 0.1}) == "1/10"
    assert box.call("keep", {"share": "-3/4"}) == "-3/4"
    assert box.call("keep", {"share": "2.5e-1"}) == "1/4"
    assert box.call("keep", {"share": 3}) == "3"
    with pytest.raises(ToolCallError) as refused:
        box.call("keep", {"share": "1/0"})
    assert refused.value.message == (
        'keep: share: expected a fraction such as "3/4" or a decimal number, got "1/0"'
    )
    assert to_json(fractions.Fraction(1, 3)) == 0.3333333333333333


class Counter:
    async def count(self, n: int) -> AsyncIterator[int]:
        """Count up.

        Args:
            n: How many.
        """
        for i in range(n):
            await asyncio.sleep(0)
            yield i


def test_an_async_generator_result_is_collected_as_its_schema_says() -> None:
    box = Toolbox(Counter())
    assert box.tools[0].is_async  # tools.json says "async": true
    assert box.tools[0].returns is not None
    assert box.tools[0].returns.to_schema() == {"type": "array", "items": {"type": "integer"}}
    assert box.call("count", {"n": 3}) == [0, 1, 2]
    assert asyncio.run(box.acall("count", {"n": 2})) == [0, 1]
    call = {"id": "1", "type": "function", "function": {"name": "count", "arguments": '{"n": 2}'}}
    assert box.handle("openai", {"tool_calls": [call]})[0]["content"] == "[0, 1]"


def test_classification_and_globs_choose_the_tools(tmp_path: Any) -> None:
    classification = {"Service": {"scalars": False}}
    toolbox = Toolbox(Service(), classification=classification, exclude=["ex*"], include=["*"])
    names = [t.name for t in toolbox.tools]
    assert "scalars" not in names and "explode" not in names and "texts" in names
    with pytest.raises(ToolCallError, match="unknown tool 'scalars'"):
        toolbox.call("scalars", {"s": "a", "i": 1, "f": 1, "b": True})
    path = tmp_path / "c.json"
    path.write_text(json.dumps({"Service": {"texts": False}}), encoding="utf-8")
    only = Toolbox(Service(), classification=path, include=["Service.t*", "choices"])
    assert [t.name for t in only.tools] == ["choices"]


class Tags(list[str]):
    def shout(self) -> str:
        """Every tag in capitals."""
        return " ".join(self).upper()


def test_a_plain_list_or_tuple_of_objects_is_read_as_its_items() -> None:
    """``Toolbox([a, b])`` is ``Toolbox(a, b)``, not the list's own methods; a subclass of
    list is an object with methods of its own."""
    example, service = ExampleClass(), Service()
    expected = [t.name for t in Toolbox(example, service).tools]
    assert [t.name for t in Toolbox([example, (service,)]).tools] == expected
    assert "append" not in expected
    tags = Toolbox(Tags(["a", "b"]), include=["shout"])
    assert tags.objects == (Tags(["a", "b"]),)
    assert tags.call("shout", {}) == "A B"


class Guarded:
    """A proxy-like object: reading one of its methods raises."""

    def __getattribute__(self, name: str) -> Any:
        if name == "secret":
            raise PermissionError("not from here")
        return super().__getattribute__(name)

    def secret(self) -> str:
        """A secret."""
        return "s"

    def real(self, q: str) -> str:
        """Echo.

        Args:
            q: Text.
        """
        return q


def test_a_tool_that_cannot_be_taken_from_its_object_is_left_out_with_a_warning() -> None:
    box = Toolbox(Guarded())
    assert [t.name for t in box.tools] == ["real"]
    assert [(d.code, d.message) for d in box.diagnostics if d.code == "TI802"] == [
        (
            "TI802",
            "Guarded.secret: cannot be taken from the object (PermissionError: not from here); "
            "left out",
        )
    ]


class Borrowing:
    concat = "".join  # a builtin bound to another object: takes no self
    upper = str.upper  # a method of another type: reading it on an instance raises

    def real(self, q: str) -> str:
        """Echo.

        Args:
            q: Text.
        """
        return q


def test_callable_class_attributes_that_are_not_methods_of_the_class() -> None:
    box = Toolbox(Borrowing())
    assert [t.name for t in box.tools] == ["concat", "real"]
    assert box.tools[0].parameters_schema()["required"] == ["iterable"]
    assert box.call("concat", {"iterable": ["a", "b"]}) == "ab"


class Util:
    def inst(self, a: int) -> int:
        """Needs an instance.

        Args:
            a: A.
        """
        return a

    @staticmethod
    def helper(a: int) -> int:
        """Static.

        Args:
            a: A.
        """
        return a + 1


def test_a_class_given_for_its_instance_methods_is_refused() -> None:
    with pytest.raises(TypeError, match=r"Toolbox\(Service\): a class; its methods need an "):
        Toolbox(Service)
    with pytest.raises(TypeError, match=r"Toolbox\(Util\): a class"):
        Toolbox(Util, include=["inst"])
    for box in (
        Toolbox(Util, include=["helper"]),
        Toolbox(Util, classification={"Util": {"inst": False, "helper": True}}),
        Toolbox(Util),
    ):
        assert [t.name for t in box.tools] == ["helper"]
        assert box.call("helper", {"a": 1}) == 2


def test_nesting_too_deep_for_the_decoder_is_an_error_result_from_handle() -> None:
    deep = '{"s": ' + "[" * 100_000 + "]" * 100_000 + "}"
    call = {"id": "1", "type": "function", "function": {"name": "scalars", "arguments": deep}}
    replies = Toolbox(Service()).handle("openai", {"tool_calls": [call]})
    assert replies == [
        {
            "role": "tool",
            "tool_call_id": "1",
            "content": "Error: scalars: the arguments are nested too deeply",
        }
    ]


class Outer:
    class Inner:
        def go(self) -> str:
            """Go."""
            return "went"


def test_a_tool_named_as_render_names_it_beside_another_class_is_found() -> None:
    """A render of several classes names a tool ``Class_method`` when another class has a
    method of the same name; a Toolbox of fewer objects names it ``method`` and takes the long
    name too (a model given the rendered file calls it so)."""
    box = Toolbox(Borrowing())
    assert box.call("Borrowing_real", {"q": "x"}) == "x"
    assert box.last_notes == ["'Borrowing_real' read as the tool 'real'"]
    with pytest.raises(ToolCallError, match="unknown tool 'Other_real'"):
        box.call("Other_real", {"q": "x"})
    nested = Toolbox(Outer.Inner())
    assert nested.call("Inner_go", {}) == "went"  # the class's own name, as render writes it


def test_definitions_are_what_render_writes() -> None:
    toolbox = Toolbox(ExampleClass())
    golden = json.loads((GOLDEN / "example_class" / "anthropic-strict.json").read_text("utf-8"))
    assert toolbox.definitions("anthropic", strict=True) == golden
    golden = json.loads((GOLDEN / "example_class" / "gemini.json").read_text("utf-8"))
    assert toolbox.definitions("gemini") == golden

    # the second time from the compiled template the Toolbox keeps: the same file
    assert toolbox.definitions("gemini") == golden
    assert toolbox.definitions("anthropic", strict=True) != golden


def test_definitions_follow_a_template_edited_between_calls(tmp_path: pathlib.Path) -> None:
    """The Toolbox keeps the templates it compiled; an edited one is compiled again."""
    template = tmp_path / "names.json.jinja"
    template.write_text("{{ tools | map(attribute='name') | list | tojson }}", "utf-8")
    toolbox = Toolbox(Mixer())
    assert toolbox.definitions("names", template_dirs=[tmp_path]) == ["mix", "twice"]
    assert toolbox.definitions("names", template_dirs=[tmp_path]) == ["mix", "twice"]
    template.write_text('["edited"]', "utf-8")
    assert toolbox.definitions("names", template_dirs=[tmp_path]) == ["edited"]


def test_definitions_from_many_threads_are_the_same_file() -> None:
    toolbox = Toolbox(ExampleClass())
    expected = toolbox.definitions("openai")
    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        files = list(pool.map(lambda _: toolbox.definitions("openai"), range(32)))
    assert all(f == expected for f in files)


def test_mcp_definitions_carry_the_toolbox_s_annotations() -> None:
    hints = {"method1": {"readOnlyHint": True}}
    (first, *_) = Toolbox(ExampleClass(), annotations=hints).definitions("mcp")["tools"]
    assert first["name"] == "method1"
    assert first["annotations"] == {"readOnlyHint": True}
    (plain, *_) = Toolbox(ExampleClass()).definitions("mcp")["tools"]
    assert "annotations" not in plain


ARGS = {"a": 2, "b": 3}


def test_openai_chat(toolbox_example: Toolbox) -> None:
    message = ChatCompletionMessage(
        role="assistant",
        tool_calls=[
            ChatCompletionMessageFunctionToolCall(
                id="call_1",
                type="function",
                function=Function(name="method1", arguments=json.dumps(ARGS)),
            ),
            ChatCompletionMessageFunctionToolCall(
                id="call_2",
                type="function",
                function=Function(name="method1", arguments='{"a": "x"}'),
            ),
        ],
    )
    replies = toolbox_example.handle("openai", message)
    assert replies == [
        {"role": "tool", "tool_call_id": "call_1", "content": "5"},
        {
            "role": "tool",
            "tool_call_id": "call_2",
            "content": 'Error: method1: a: expected integer, got "x"',
        },
    ]
    for reply in replies:
        check_typed_dict(reply, ChatCompletionToolMessageParam)


def test_openai_responses(toolbox_example: Toolbox) -> None:
    items = [
        ResponseFunctionToolCall(
            type="function_call", call_id="fc_1", name="method2", arguments='{"x": "héllo"}'
        )
    ]
    replies = toolbox_example.handle(
        "openai-responses", {"output": [i.model_dump() for i in items]}
    )
    assert replies == [{"type": "function_call_output", "call_id": "fc_1", "output": "5"}]
    check_typed_dict(replies[0], FunctionCallOutput)


def test_anthropic(toolbox_example: Toolbox) -> None:
    blocks = [
        {"type": "text", "text": "Let me add."},
        ToolUseBlock(type="tool_use", id="toolu_1", name="method1", input=ARGS).model_dump(),
        ToolUseBlock(type="tool_use", id="toolu_2", name="nope", input={}).model_dump(),
    ]
    replies = toolbox_example.handle("anthropic", {"role": "assistant", "content": blocks})
    assert len(replies) == 1 and replies[0]["role"] == "user"
    content = replies[0]["content"]
    assert content[0] == {"type": "tool_result", "tool_use_id": "toolu_1", "content": "5"}  # type: ignore[index]
    assert content[1]["is_error"] is True  # type: ignore[index]
    assert content[1]["content"].startswith("unknown tool 'nope'. Available: ")  # type: ignore[index]
    for block in content:  # type: ignore[union-attr]
        check_typed_dict(block, ToolResultBlockParam)


class Level(enum.Enum):
    LOW = 1
    HIGH = 2


class Switchboard:
    def set(
        self,
        level: Literal[1, 2, 3] = 1,
        flag: Literal[True] | None = None,
        ratio: Literal[0.5, 1.5] = 0.5,
        tier: Level = Level.LOW,
        mixed: Literal["1", 2] = 2,
    ) -> str:
        """Set values of enums that are not strings.

        Args:
            level: A level.
            flag: A flag.
            ratio: A ratio.
            tier: A tier.
            mixed: Text or a number.
        """
        return repr((level, flag, ratio, tier, mixed))


def test_every_enum_value_gemini_offers_as_text_is_accepted_as_the_value_it_stands_for() -> None:
    """Gemini's enums are strings: ``Literal[1, 2]`` and an Enum of ints were offered as "1"
    and "2", and the Toolbox refused "2" (an ``IntEnum`` was accepted)."""
    box = Toolbox(Switchboard())
    (declaration,) = box.definitions("gemini")["functionDeclarations"]
    properties = declaration["parameters"]["properties"]
    given = {name: prop["enum"] for name, prop in properties.items()}
    assert given == {
        "level": ["1", "2", "3"],
        "flag": ["true"],
        "ratio": ["0.5", "1.5"],
        "tier": ["1", "2"],
        "mixed": ["1", "2"],
    }

    def sent(arguments: dict[str, Any]) -> Any:
        call = {"parts": [{"functionCall": {"name": "set", "args": arguments}}]}
        (reply,) = box.handle("gemini", call)
        return reply["parts"][0]["functionResponse"]["response"]

    results = [sent({name: value}) for name, values in given.items() for value in values]
    assert [r["output"] for r in results] == [
        "(1, None, 0.5, <Level.LOW: 1>, 2)",
        "(2, None, 0.5, <Level.LOW: 1>, 2)",
        "(3, None, 0.5, <Level.LOW: 1>, 2)",
        "(1, True, 0.5, <Level.LOW: 1>, 2)",
        "(1, None, 0.5, <Level.LOW: 1>, 2)",
        "(1, None, 1.5, <Level.LOW: 1>, 2)",
        "(1, None, 0.5, <Level.LOW: 1>, 2)",
        "(1, None, 0.5, <Level.HIGH: 2>, 2)",
        "(1, None, 0.5, <Level.LOW: 1>, '1')",
        "(1, None, 0.5, <Level.LOW: 1>, 2)",
    ]
    assert sent({"level": "7"}) == {"error": "set: level: invalid value 7; allowed: 1, 2, 3"}


def test_gemini(toolbox_example: Toolbox) -> None:
    content = genai.Content(
        role="model",
        parts=[
            genai.Part(
                function_call=genai.FunctionCall(
                    id="g1", name="create_task", args={"title": "Buy milk"}
                )
            )
        ],
    )
    replies = toolbox_example.handle("gemini", content)
    assert replies == [
        {
            "role": "user",
            "parts": [
                {
                    "functionResponse": {
                        "id": "g1",
                        "name": "create_task",
                        "response": {
                            "output": {"title": "Buy milk", "priority": "normal", "due": ""}
                        },
                    }
                }
            ],
        }
    ]
    genai.Content.model_validate(replies[0])
    response = genai.GenerateContentResponse(candidates=[genai.Candidate(content=content)])
    assert toolbox_example.handle("gemini", response) == replies


def test_ollama(toolbox_example: Toolbox) -> None:
    message = ollama.Message(
        role="assistant",
        tool_calls=[
            ollama.Message.ToolCall(
                function=ollama.Message.ToolCall.Function(
                    name="average", arguments={"values": [1, 2]}
                )
            )
        ],
    )
    replies = toolbox_example.handle("ollama", message)
    assert replies == [{"role": "tool", "tool_name": "average", "content": "1.5"}]
    ollama.Message.model_validate(replies[0])


def test_mistral(toolbox_example: Toolbox) -> None:
    message = AssistantMessage(
        tool_calls=[ToolCall(id="m1", function=FunctionCall(name="method1", arguments=ARGS))]
    )
    replies = toolbox_example.handle("mistral", message)
    assert replies == [{"role": "tool", "tool_call_id": "m1", "name": "method1", "content": "5"}]
    ToolMessage.model_validate(replies[0])


def test_bedrock(toolbox_example: Toolbox) -> None:
    response = {
        "output": {
            "message": {
                "role": "assistant",
                "content": [
                    {"text": "Placing it."},
                    {
                        "toolUse": {
                            "toolUseId": "b1",
                            "name": "create_task",
                            "input": {"title": "T"},
                        }
                    },
                    {"toolUse": {"toolUseId": "b2", "name": "method1", "input": ARGS}},
                    {"toolUse": {"toolUseId": "b3", "name": "method1", "input": {}}},
                ],
            }
        },
        "stopReason": "tool_use",
    }
    replies = toolbox_example.handle("bedrock", response)
    results = [block["toolResult"] for block in replies[0]["content"]]  # type: ignore[index, union-attr]
    assert results == [
        {
            "toolUseId": "b1",
            "content": [{"json": {"title": "T", "priority": "normal", "due": ""}}],
            "status": "success",
        },
        {"toolUseId": "b2", "content": [{"text": "5"}], "status": "success"},
        {
            "toolUseId": "b3",
            "content": [{"text": "method1: missing required argument 'a'"}],
            "status": "error",
        },
    ]
    model = botocore.session.get_session().get_service_model("bedrock-runtime")
    shape = model.operation_model("Converse").input_shape
    report = botocore.validate.ParamValidator().validate(
        {"modelId": "m", "messages": [response["output"]["message"], *replies]},
        shape,  # type: ignore[index]
    )
    assert not report.has_errors(), report.generate_report()


def test_a_request_without_its_envelope_is_refused_and_an_id_of_any_type_kept(
    toolbox_example: Toolbox,
) -> None:
    bare = mcp.types.CallToolRequest(
        method="tools/call",
        params=mcp.types.CallToolRequestParams(name="method1", arguments=ARGS),
    )
    with pytest.raises(InspectorError, match=r"^tools/call: a request without an id: give"):
        toolbox_example.handle("mcp", bare)
    notification = {"jsonrpc": "2.0", "method": "tools/call", "params": {"name": "method1"}}
    assert toolbox_example.handle("mcp", notification) == []
    numbered = {"id": 9, "type": "function", "function": {"name": "method1", "arguments": "{}"}}
    (reply,) = toolbox_example.handle("openai", {"tool_calls": [numbered]})
    assert reply["tool_call_id"] == "9"


def test_a_message_with_no_json_form_is_refused_whole(toolbox_example: Toolbox) -> None:
    """What no provider sends (a tuple key, a cycle, an integer past int's digit limit,
    nesting past the recursion limit) was a TypeError, ValueError or RecursionError out of
    ``handle``; it is refused as any malformed message is, before a call runs."""
    looped: dict[str, object] = {}
    looped["again"] = looped
    deep: list[object] = []
    for _ in range(5000):
        deep = [deep]
    for arguments, why in [
        ({(1, 2): 3}, "keys must be str, int, float, bool or None, not tuple"),
        (looped, "Circular reference detected"),
        ({"a": 10**5000}, "Exceeds the limit (4300 digits) for integer string conversion"),
        # Python's json writes NaN as JSON would not; a method got it as its float
        ({"a": float("nan")}, "Out of range float values are not JSON compliant"),
    ]:
        block = {"type": "tool_use", "id": "t", "name": "method1", "input": arguments}
        message = {"content": [block]}
        with pytest.raises(InspectorError) as raised:
            toolbox_example.handle("anthropic", message)
        assert str(raised.value).startswith(f"cannot read the message as JSON ({why}")
    message = {"content": [{"type": "tool_use", "id": "t", "name": "method1", "input": deep}]}
    with pytest.raises(InspectorError, match=r"^the message is nested too deeply to read$"):
        toolbox_example.handle("anthropic", message)


class Pinger:
    def ping(self) -> str:
        """Ping."""
        return "pong"


@pytest.mark.parametrize("arguments", [[], 0, False], ids=json.dumps)
def test_arguments_that_are_not_an_object_are_refused_by_every_provider(arguments: Any) -> None:
    """MCP's ``arguments`` and Gemini's ``args`` were read as ``value or {}``: ``[]``, ``0`` and
    ``false`` ran the call with no arguments, where ``[1]`` and every other provider refuse."""
    toolbox = Toolbox(Pinger())
    request = {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "ping"}}
    (answered,) = toolbox.handle("mcp", request)
    assert answered["result"]["content"] == [{"type": "text", "text": "pong"}]  # type: ignore[index]
    request["params"] = {"name": "ping", "arguments": arguments}
    (refused,) = toolbox.handle("mcp", request)
    message = f"ping: arguments must be an object, got {json.dumps(arguments)}"
    assert refused["result"] == {"content": [{"type": "text", "text": message}], "isError": True}
    content = {"parts": [{"functionCall": {"name": "ping", "args": arguments}}]}
    (gemini,) = toolbox.handle("gemini", content)
    assert gemini["parts"] == [
        {"functionResponse": {"name": "ping", "response": {"error": message}}}
    ]


def test_mcp(toolbox_example: Toolbox) -> None:
    request = mcp.types.JSONRPCRequest(
        jsonrpc="2.0",
        id=7,
        **mcp.types.CallToolRequest(
            method="tools/call",
            params=mcp.types.CallToolRequestParams(name="method1", arguments=ARGS),
        ).model_dump(),
    )
    (reply,) = toolbox_example.handle("mcp", request)
    assert reply == {
        "jsonrpc": "2.0",
        "id": 7,
        "result": {
            "content": [{"type": "text", "text": "5"}],
            "isError": False,
            "structuredContent": {"result": 5},
        },
    }
    mcp.types.JSONRPCResponse.model_validate(reply)
    mcp.types.CallToolResult.model_validate(reply["result"])
    (failed,) = toolbox_example.handle(
        "mcp",
        {
            "jsonrpc": "2.0",
            "id": "a",
            "method": "tools/call",
            "params": {"name": "method1", "arguments": {}},
        },
    )
    assert failed["result"] == {
        "content": [{"type": "text", "text": "method1: missing required argument 'a'"}],
        "isError": True,
    }  # type: ignore[index]


def test_cohere(toolbox_example: Toolbox) -> None:
    message = cohere.AssistantChatMessageV2(
        tool_calls=[
            cohere.ToolCallV2(
                id="c1",
                type="function",
                function=cohere.ToolCallV2Function(name="method2", arguments='{"x": "ab"}'),
            )
        ]
    )
    replies = toolbox_example.handle("cohere", message)
    assert replies == [{"role": "tool", "tool_call_id": "c1", "content": "2"}]
    cohere.ToolChatMessageV2.model_validate(replies[0])


def test_parallel_async_calls_run_concurrently_and_keep_ids() -> None:
    class Slow:
        """Waits."""

        async def wait(self, label: str) -> str:
            """Wait a little.

            Args:
                label: Returned.
            """
            await asyncio.sleep(0.2)
            return label

    toolbox = Toolbox(Slow())
    calls = [
        {"id": f"t{i}", "function": {"name": "wait", "arguments": json.dumps({"label": str(i)})}}
        for i in range(5)
    ]

    async def run() -> tuple[float, list[Any]]:
        loop = asyncio.get_running_loop()
        start = loop.time()
        replies = await toolbox.ahandle("openai", {"tool_calls": calls})
        return loop.time() - start, replies

    elapsed, replies = asyncio.run(run())
    assert [r["tool_call_id"] for r in replies] == [f"t{i}" for i in range(5)]
    assert [r["content"] for r in replies] == ["0", "1", "2", "3", "4"]
    assert elapsed < 0.6  # five 0.2 s waits overlapped


@pytest.fixture
def toolbox_example() -> Toolbox:
    return Toolbox(ExampleClass())


def _json_values() -> st.SearchStrategy[Any]:
    scalars = (
        st.none()
        | st.booleans()
        | st.integers()
        | st.floats(allow_nan=False, allow_infinity=False)
        | st.text(max_size=8)
    )
    return st.recursive(
        scalars,
        lambda kids: (
            st.lists(kids, max_size=3) | st.dictionaries(st.text(max_size=5), kids, max_size=3)
        ),
        max_leaves=8,
    )


_FORMATS: dict[str | None, st.SearchStrategy[Any]] = {
    None: st.text(max_size=10),
    "date-time": st.datetimes().map(lambda d: d.isoformat()),
    "date": st.dates().map(lambda d: d.isoformat()),
    "time": st.times().map(lambda t: t.isoformat()),
    "duration": st.integers(0, 10**6).map(lambda s: f"PT{s}S"),
    "uuid": st.uuids().map(str),
    "path": st.text(min_size=1, max_size=10),
}


def values_for(schema_type: SchemaType) -> st.SearchStrategy[Any]:
    """JSON values valid for a model type (constraints included)."""
    keywords = dict(schema_type.keywords)
    if isinstance(schema_type, StringType):
        if keywords.get("contentEncoding") == "base64":
            return st.binary(max_size=8).map(lambda b: base64.b64encode(b).decode())
        if "maxLength" in keywords or "minLength" in keywords:
            low, high = keywords.get("minLength", 0), keywords.get("maxLength", 10)
            return st.text(min_size=int(low), max_size=int(high))  # type: ignore[arg-type]
        return _FORMATS[schema_type.format]
    if isinstance(schema_type, IntegerType):
        low = keywords.get("minimum")
        high = keywords.get("exclusiveMaximum")
        return st.integers(
            min_value=int(low) if isinstance(low, int) else None,  # type: ignore[arg-type]
            max_value=int(high) - 1 if isinstance(high, int) else None,  # type: ignore[arg-type]
        )
    if isinstance(schema_type, NumberType):
        return st.integers() | st.floats(allow_nan=False, allow_infinity=False)
    if isinstance(schema_type, BooleanType):
        return st.booleans()
    if isinstance(schema_type, NullType):
        return st.none()
    if isinstance(schema_type, EnumType):
        return st.sampled_from(schema_type.values)
    if isinstance(schema_type, ArrayType):
        if schema_type.prefix is not None:
            return st.tuples(*(values_for(t) for t in schema_type.prefix)).map(list)
        items = values_for(schema_type.items) if schema_type.items else _json_values()
        return st.lists(items, max_size=4, unique_by=(json.dumps if schema_type.unique else None))  # type: ignore[arg-type]
    if isinstance(schema_type, ObjectType):
        if not schema_type.properties:
            extra = schema_type.additional
            values = values_for(extra) if isinstance(extra, SchemaType) else _json_values()
            return st.dictionaries(st.text(max_size=5), values, max_size=3)
        return _object_values(schema_type.properties)
    if isinstance(schema_type, AnyOfType):
        options = schema_type.options
        if {type(o) for o in options} == {NumberType, StringType}:
            options = (NumberType(),)  # Decimal: the schema's string branch has no pattern
        return st.one_of(*(values_for(o) for o in options))
    return _json_values()


def _object_values(fields: tuple[Any, ...]) -> st.SearchStrategy[dict[str, Any]]:
    required = {f.name: values_for(f.type) for f in fields if f.required}
    optional = {f.name: values_for(f.type) for f in fields if not f.required}
    return st.fixed_dictionaries(required, optional=optional)


# One Toolbox for every example: building one scans Service (about 30 ms), which is not what
# these properties are about, and a call must not depend on the calls before it anyway.
SHARED_TOOLBOX = Toolbox(Service())
VALID_TOOLS = [t for t in SHARED_TOOLBOX.tools if t.name not in ("explode", "later")]


@given(data=st.data())
@settings(max_examples=200, deadline=None)
def test_arguments_valid_for_the_schema_are_accepted(data: st.DataObject) -> None:
    tool = data.draw(st.sampled_from(VALID_TOOLS))
    arguments = data.draw(_object_values(tool.parameters))
    SHARED_TOOLBOX.call(tool.name, arguments)  # raises on any refusal


@given(data=st.data())
@settings(max_examples=300, deadline=None)
def test_any_arguments_give_a_result_or_a_tool_call_error(data: st.DataObject) -> None:
    tool = data.draw(st.sampled_from(SHARED_TOOLBOX.tools))
    names = [p.name for p in tool.parameters] + ["extra"]
    arguments = data.draw(
        st.dictionaries(st.sampled_from(names), _json_values(), max_size=4)
        | _json_values()
        | st.text(max_size=20)
    )
    try:
        SHARED_TOOLBOX.call(tool.name, arguments)
    except ToolCallError as error:
        assert error.message and error.tool == tool.name


class Positions:
    def place(self, a: int, b: int | None = None, c: int | None = None, /) -> str:
        """Take three numbers by position.

        Args:
            a: First.
            b: Second.
            c: Third.
        """
        return repr((a, b, c))


def test_an_omitted_positional_only_argument_keeps_its_place() -> None:
    """``c`` given without ``b`` went where ``b`` is."""
    box = Toolbox(Positions())
    assert box.call("place", {"a": 1, "c": 3}) == "(1, None, 3)"
    assert box.call("place", {"a": 1, "b": 2}) == "(1, 2, None)"
    assert box.call("place", {"a": 1}) == "(1, None, None)"
    hidden = Toolbox(Positions(), classification={"Positions": {"place": {"hidden": ["b"]}}})
    assert hidden.call("place", {"a": 1, "c": 3}) == "(1, None, 3)"
