"""serve, property: any tools/call (any name, any JSON arguments) answers exactly as the
Toolbox does in-process, with structured content that fits the output schema, and the server
lives on."""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from typing import Any

import anyio
import jsonschema
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import example_class
from inspector.runtime.messages import to_json
from inspector.runtime.toolbox import Toolbox, ToolCallError
from tests.test_serve import EXAMPLE, LIMIT, http_server, http_session

NAMES = [
    "method1",
    "method2",
    "create_task",
    "convert_temperature",
    "place_order",
    "average",
    "fetch_page",
    "no_such_tool",
]
json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=8,
)
arguments = st.dictionaries(
    st.sampled_from(["a", "b", "x", "title", "priority", "value", "unit", "values", "url", "z"]),
    json_values,
    max_size=3,
)


@pytest.fixture(scope="module")
def served() -> Iterator[tuple[Any, str]]:
    with http_server(EXAMPLE, "--all") as (process, url):
        yield process, url


@settings(max_examples=30, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=st.sampled_from(NAMES), args=arguments)
@example(name="convert_temperature", args={"value": 1e308})  # overflows to infinity
def test_any_call_answers_as_the_toolbox_does(
    served: tuple[Any, str], name: str, args: dict[str, Any]
) -> None:
    process, url = served

    async def call() -> Any:
        with anyio.fail_after(LIMIT):
            async with http_session(url) as session:
                listed = {t.name: t.output_schema for t in (await session.list_tools()).tools}
                return listed, await session.call_tool(name, args)

    listed, result = anyio.run(call)
    assert process.poll() is None
    (text,) = [content.text for content in result.content]  # type: ignore[union-attr]
    try:
        value = Toolbox(example_class.ExampleClass()).call(name, args)
    except ToolCallError as error:
        assert (result.is_error, text, result.structured_content) == (True, error.message, None)
        return
    if value in (math.inf, -math.inf):
        assert (result.is_error, text) == (
            True,
            f"{name}: the result has no JSON form: {value} is not a JSON number",
        )
        return
    as_json = to_json(value)
    assert not result.is_error
    assert text == (
        as_json if isinstance(as_json, str) else json.dumps(as_json, ensure_ascii=False)
    )
    jsonschema.validate(result.structured_content, listed[name])
