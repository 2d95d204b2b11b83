"""Work shared between providers and between a template and its stream: one canonical schema per
tool that no provider changes; tojson's values passed by reference give the file the whole text
gives; providers written side by side give the files they give one by one."""

from __future__ import annotations

import copy
import enum
import itertools
import json
from pathlib import Path
from typing import Any
from unittest.mock import patch

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from inspector import api
from inspector.catalog import Catalog, CatalogClass
from inspector.files import cjson, tools_json
from inspector.files.file_update import FileUpdate
from inspector.files.jsonio import READABLE, json_text, pieces_text
from inspector.model import (
    AnyOfType,
    ArrayType,
    EnumType,
    Field,
    IntegerType,
    NullType,
    ObjectType,
    RefType,
    Returns,
    StringType,
    ToolDescriptor,
)
from inspector.providers.registry import builtin_providers
from inspector.render.jinja import render_template
from inspector.render.limits import EntrySizes
from inspector.render.options import RenderOptions
from inspector.render.refs import ValueRefs, carried_as_is
from inspector.render.stream import StreamedRender, normalized_pieces
from inspector.shared import shared_parameters_schema
from tests.conftest import ROOT
from tests.test_properties import fields_of, schema_types

PROVIDERS = list(builtin_providers())
GOLDEN_TOOLS = [
    tool
    for case in ("example_class", "type_battery")
    for _, tool in tools_json.load(ROOT / "tests" / "golden" / case / "tools.json").tools()
]
NODE = ObjectType(
    (Field("value", IntegerType()), Field("next", AnyOfType((RefType("Node"), NullType())))),
    title="Node",
)
WITH_DEFINITIONS = ToolDescriptor(
    "walk",
    "A recursive type, a tuple, a nullable enum and constraints.",
    (
        Field("start", RefType("Node"), "where to start"),
        Field(
            "pair", ArrayType(prefix=(IntegerType(), StringType())), required=False, default=None
        ),
        Field("mode", AnyOfType((EnumType(("a", "b")), NullType())), required=False, default="a"),
        Field("count", IntegerType((("minimum", 1), ("maximum", 9))), "how many"),
        Field("tags", ArrayType(StringType(), keywords=(("minItems", 2),)), required=False),
    ),
    definitions=(("Node", NODE),),
    returns=Returns(AnyOfType((RefType("Node"), NullType())), "the last node"),
    class_name="C",
    method_name="walk",
)


def _options() -> list[RenderOptions]:
    return [
        RenderOptions(strict=strict, gemini_json_schema=gemini)
        for strict in (False, True)
        for gemini in (False, True)
    ]


def _tools(fields: list[tuple[Field, ...]]) -> list[ToolDescriptor]:
    return [
        ToolDescriptor(f"t{index}", "d", found, class_name="C", method_name=f"t{index}")
        for index, found in enumerate(fields)
    ]


def _render_all(tools: list[ToolDescriptor], options: RenderOptions) -> dict[str, str]:
    return {p: StreamedRender(p, tools, options).emit(pieces_text) for p in PROVIDERS}


def _assert_shared_schemas_unchanged(tools: list[ToolDescriptor]) -> None:
    shared = [shared_parameters_schema(tool) for tool in tools]
    before = [json.dumps(schema) for schema in shared]  # key order counts
    copies = copy.deepcopy(shared)
    for options in _options():
        _render_all(tools, options)
    assert [json.dumps(schema) for schema in shared] == before
    assert shared == copies
    assert all(shared_parameters_schema(t) is s for t, s in zip(tools, shared, strict=True))


def test_no_provider_changes_the_shared_schema_of_the_golden_tools() -> None:
    _assert_shared_schemas_unchanged([*GOLDEN_TOOLS, WITH_DEFINITIONS])


@given(st.lists(fields_of(schema_types), min_size=1, max_size=3))
@settings(max_examples=25, deadline=None)
def test_no_provider_changes_the_shared_schema(fields: list[tuple[Field, ...]]) -> None:
    _assert_shared_schemas_unchanged(_tools(fields))


def test_the_shared_schema_is_built_once_per_tool() -> None:
    tool = _tools([(Field("x", StringType()),)])[0]
    assert shared_parameters_schema(tool) is shared_parameters_schema(tool)
    assert shared_parameters_schema(tool) == tool.parameters_schema()
    assert tool.parameters_schema() is not tool.parameters_schema()  # callers may change theirs


def test_a_type_shared_by_tools_has_its_schema_made_once() -> None:
    listed = ArrayType(StringType())
    first, second = _tools([(Field("x", listed, "one"),), (Field("y", listed, "two"),)])
    one, two = shared_parameters_schema(first), shared_parameters_schema(second)
    assert one["properties"]["x"]["items"] is two["properties"]["y"]["items"]
    assert (one, two) == (first.parameters_schema(), second.parameters_schema())


def test_a_tools_file_reads_equal_schemas_as_one_type() -> None:
    path = ROOT / "tests" / "golden" / "type_battery" / "tools.json"
    types = [field.type for _, tool in tools_json.load(path).tools() for field in tool.parameters]
    by_value: dict[str, object] = {}
    for found in types:
        assert by_value.setdefault(repr(found), found) is found
    assert len(by_value) < len(types)


class Level(enum.IntEnum):
    LOW = 1


class Name(str, enum.Enum):  # noqa: UP042 (str() is not the value)
    A = "a"


any_text = st.text(st.characters(blacklist_categories=()), max_size=6)  # lone surrogates too
odd_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats()
    | any_text
    | st.sampled_from([Level.LOW, Name.A, 1e-07, 1e20, -0.0, 2**70]),
    lambda children: (
        st.lists(children, max_size=3)
        | st.lists(children, max_size=3).map(tuple)
        | st.dictionaries(any_text, children, max_size=3)
    ),
    max_leaves=10,
)


@given(
    fields=st.lists(fields_of(schema_types), min_size=1, max_size=3),
    annotations=st.lists(st.dictionaries(any_text, odd_values, max_size=3), max_size=3),
)
@example(fields=[()], annotations=[{"title": "t", "n": float("nan"), "e": 1e-07}])
@example(fields=[()], annotations=[{"level": Level.LOW, "name": Name.A, "big": 2**70}])
@example(fields=[()], annotations=[{"tuple": (1, "x"), "lone": "\udc80"}])
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_values_by_reference_make_the_whole_texts_file(
    fields: list[tuple[Field, ...]], annotations: list[dict[str, Any]]
) -> None:
    tools = [*_tools(fields), WITH_DEFINITIONS]
    for options in _options():
        options.annotations = {f"t{i}": dict(a) for i, a in enumerate(annotations)}
        for provider in PROVIDERS:
            streamed = StreamedRender(provider, tools, options)
            assert streamed.by_reference
            assert streamed.emit(pieces_text) == render_template(provider, tools, options)[0]


def test_a_value_json_text_would_change_is_not_carried_as_is() -> None:
    assert carried_as_is({"a": [1, 2.5, None, True, "x", (1, 2)], "b": {"c": 1e-07}})
    shared: list[object] = []
    cycle: list[object] = [1]
    cycle.append(cycle)
    for value in ({1: "int key"}, [Level.LOW], [Name.A], [2**70], cycle, [shared, shared]):
        assert not carried_as_is(value), value


def test_a_value_by_reference_is_checked_for_odd_floats_once() -> None:
    plain, odd = {"type": "number", "default": 0.5}, {"type": "number", "default": 1e-07}
    with patch.object(cjson, "plain_floats", wraps=cjson.plain_floats) as check:
        found = [cjson.plain_value(v) for v in (plain, odd, plain, odd)]
    assert found == [True, False, True, False]
    assert check.call_count == 2


@pytest.mark.parametrize("own", ["1e-07", "1e+20", "0.5"])
def test_a_float_of_the_templates_own_text_is_checked_beside_values_by_reference(
    own: str,
) -> None:
    values = ValueRefs()
    schema = {"type": "string"}
    text = f'[{{"schema": {values.tojson(schema)}, "n": {own}}}, {{"x": {values.tojson([1])}}}]'
    sizes: list[EntrySizes] = []
    written = "".join(normalized_pieces(iter([text]), READABLE, False, sizes, values))
    assert written + "\n" == json_text([{"schema": schema, "n": float(own)}, {"x": [1]}])


def test_a_user_template_is_rendered_from_its_text(tmp_path: Path) -> None:
    (tmp_path / "openai.json.jinja").write_text(
        "[{% for tool in tools %}{{ {'n': tool.name} | tojson }}{% endfor %}]", encoding="utf-8"
    )
    options = RenderOptions(template_dirs=[tmp_path])
    tools = GOLDEN_TOOLS[:1]
    assert not StreamedRender("openai", tools, options).by_reference
    assert StreamedRender("anthropic", tools, options).by_reference
    text = StreamedRender("openai", tools, options).emit(pieces_text)
    assert json.loads(text) == [{"n": tools[0].name}]


def test_side_by_side_files_are_the_one_by_one_texts(tmp_path: Path) -> None:
    tools_path = ROOT / "tests" / "golden" / "type_battery" / "tools.json"
    options = RenderOptions(report=True)
    one_by_one = [
        api.render_providers([p], tools_path=tools_path, options=options) for p in PROVIDERS
    ]
    rendered, _ = api.render_providers(
        PROVIDERS, tools_path=tools_path, options=options, files=lambda p: tmp_path / f"{p}.json"
    )
    for ((alone,), _), together in zip(one_by_one, rendered, strict=True):
        assert (tmp_path / f"{alone.provider}.json").read_text(encoding="utf-8") == alone.text
        assert (together.provider, together.changed, together.text) == (alone.provider, True, "")
        assert (together.diagnostics, together.report) == (alone.diagnostics, alone.report)
    again, _ = api.render_providers(
        PROVIDERS, tools_path=tools_path, options=options, files=lambda p: tmp_path / f"{p}.json"
    )
    assert [r.changed for r in again] == [False] * len(PROVIDERS)


def test_side_by_side_leaves_a_symlink_and_a_lone_surrogate_to_one_by_one(tmp_path: Path) -> None:
    tool = ToolDescriptor("odd", "lone \udc80 surrogate", class_name="C", method_name="odd")
    catalog = Catalog((CatalogClass("m.C", "m.py:C", (tool,)),))
    tools_path = tmp_path / "tools.json"
    tools_path.write_text(tools_json.to_text(catalog), encoding="utf-8", errors="surrogatepass")
    target = tmp_path / "target.json"
    target.write_text("old", encoding="utf-8")
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "openai.json").symlink_to(target)
    rendered, _ = api.render_providers(
        ["openai", "cohere"],
        tools_path=tools_path,
        options=RenderOptions(),
        files=lambda p: tmp_path / "out" / f"{p}.json",
    )
    assert [r.changed for r in rendered] == [True, True]
    assert (tmp_path / "out" / "openai.json").is_symlink()
    for provider, path in (("openai", target), ("cohere", tmp_path / "out" / "cohere.json")):
        text = path.read_text(encoding="utf-8")
        assert "\\udc80" in text and text == render_template(provider, [tool], RenderOptions())[0]


def test_an_aborted_file_update_leaves_the_file_as_it_was(tmp_path: Path) -> None:
    path = tmp_path / "f.json"
    path.write_bytes(b"before")
    update = FileUpdate(path)
    update.write(b"after")
    update.abort()
    assert path.read_bytes() == b"before"
    assert [p.name for p in tmp_path.iterdir()] == ["f.json"]
    update = FileUpdate(path)
    update.write(b"before")
    assert update.finish() is False
    update = FileUpdate(path)
    update.write(b"after")
    assert update.finish() is True
    assert path.read_bytes() == b"after"


@pytest.mark.parametrize("provider", PROVIDERS)
def test_golden_tools_render_by_reference(provider: str) -> None:
    tools = [*GOLDEN_TOOLS, WITH_DEFINITIONS]
    for options in _options():
        streamed = StreamedRender(provider, tools, options)
        assert streamed.by_reference
        assert streamed.emit(pieces_text) == render_template(provider, tools, options)[0]


@st.composite
def file_and_pieces(draw: st.DrawFn) -> tuple[bytes | None, list[bytes]]:
    """A file's bytes (or no file) and new content in pieces: often the file's own, a start of
    it, it and more, or it changed at one place."""
    existing = draw(st.none() | st.binary(max_size=12))
    old = existing or b""
    cut = draw(st.integers(0, len(old)))
    content = draw(
        st.sampled_from([old, old[:cut], old + b"+", old[:cut] + b"\xff" + old[cut + 1 :]])
        | st.binary(max_size=12)
    )
    bounds = sorted(draw(st.lists(st.integers(0, len(content)), max_size=4)))
    edges = [0, *bounds, len(content)]
    return existing, [content[a:b] for a, b in itertools.pairwise(edges)]


@given(file_and_pieces())
@example((b"ab", [b"a"]))
@example((b"abc", [b"a", b"bx"]))
@example((None, [b"x"]))
@settings(max_examples=300, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_a_file_update_holds_the_pieces_and_says_whether_the_file_changed(
    tmp_path: Path, case: tuple[bytes | None, list[bytes]]
) -> None:
    existing, chunks = case
    path = tmp_path / "f.json"
    path.unlink(missing_ok=True)
    if existing is not None:
        path.write_bytes(existing)
    update = FileUpdate(path)
    for chunk in chunks:
        update.write(chunk)
    content = b"".join(chunks)
    assert update.finish() is (existing != content)
    assert path.read_bytes() == content
    assert [p.name for p in tmp_path.iterdir()] == ["f.json"]
