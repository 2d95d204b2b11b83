"""What a dialect moves into descriptions is in them: for every provider file and every drawn
schema, each note TI402 reports (a tuple's length, a default, a keyword the dialect lacks) is in
the rendered description of the place it names, whatever the nesting (a nullable union, array
items, nested objects, definitions). And the diagnostic says it in a readable line."""

from __future__ import annotations

import dataclasses
import json
import string
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from inspector import codes
from inspector.diagnostics import Diagnostic
from inspector.model import (
    MISSING,
    AnyOfType,
    Field,
    Json,
    NullType,
    ObjectType,
    RefType,
    SchemaType,
    ToolDescriptor,
)
from inspector.providers.anthropic import STRICT as ANTHROPIC
from inspector.providers.gemini import gemini_json_schema_parameters, gemini_parameters
from inspector.providers.ollama import ollama_parameters
from inspector.providers.openai import STRICT as OPENAI
from inspector.providers.registry import builtin_providers
from inspector.providers.schema_walk import DialectResult, Note
from inspector.providers.strict import StrictProfile, strict_parameters
from inspector.render.filters import moved
from inspector.render.jinja import render_template
from inspector.render.options import RenderOptions
from tests.conftest import COMPILED
from tests.test_properties import extend, leaves

LINE = 400
"""The longest diagnostic line a test here accepts."""

Rewrite = Callable[[ToolDescriptor], DialectResult]


def _strict(profile: StrictProfile) -> Rewrite:
    return lambda tool: strict_parameters(tool, profile)


OPTIONS = partial(RenderOptions, compiled=COMPILED)
"""Render options whose templates are compiled once for the run."""

RENDERS: dict[str, tuple[str, RenderOptions, Rewrite | None, str]] = {
    "openai": ("openai", OPTIONS(), None, ""),
    "openai-strict": ("openai", OPTIONS(strict=True), _strict(OPENAI), "OpenAI strict"),
    "openai-responses": ("openai-responses", OPTIONS(), None, ""),
    "openai-responses-strict": (
        "openai-responses",
        OPTIONS(strict=True),
        _strict(OPENAI),
        "OpenAI strict",
    ),
    "anthropic": ("anthropic", OPTIONS(), None, ""),
    "anthropic-strict": ("anthropic", OPTIONS(strict=True), _strict(ANTHROPIC), "Anthropic strict"),
    "gemini": ("gemini", OPTIONS(), gemini_parameters, "Gemini"),
    "gemini-json-schema": (
        "gemini",
        OPTIONS(gemini_json_schema=True),
        gemini_json_schema_parameters,
        "Gemini",
    ),
    "ollama": ("ollama", OPTIONS(), ollama_parameters, "Ollama"),
    "mistral": ("mistral", OPTIONS(), None, ""),
    "mistral-strict": ("mistral", OPTIONS(strict=True), _strict(OPENAI), "OpenAI strict"),
    "bedrock": ("bedrock", OPTIONS(), None, ""),
    "bedrock-strict": ("bedrock", OPTIONS(strict=True), _strict(ANTHROPIC), "Anthropic strict"),
    "mcp": ("mcp", OPTIONS(), None, ""),
    "cohere": ("cohere", OPTIONS(), None, ""),
    "huggingface": ("huggingface", OPTIONS(), None, ""),
}
"""Each provider file: its provider, options, the dialect that moves keywords (None: none
does) and the label of its TI402."""

READERS = {name: unit.read_tools for name, unit in builtin_providers().items()}


def test_every_provider_is_rendered() -> None:
    assert {provider for provider, *_ in RENDERS.values()} == set(builtin_providers())


# Keywords of every kind a dialect may lack, some with values long enough to be shortened in a
# diagnostic (a long pattern, a 90-value list).
long_text = st.text(string.ascii_letters + "^$.*+?()[]|\\", min_size=100, max_size=300)
long_list = st.lists(st.text(string.ascii_lowercase, min_size=1, max_size=4), min_size=90)
keyword_values: dict[str, st.SearchStrategy[Json]] = {
    "minLength": st.integers(0, 3),
    "maxLength": st.integers(1, 300),
    "pattern": st.just("^[a-z]+$") | long_text,
    "minimum": st.integers(-5, 5),
    "maximum": st.integers(5, 10) | st.floats(5, 10),
    "exclusiveMinimum": st.integers(-5, 0),
    "exclusiveMaximum": st.integers(10, 20),
    "multipleOf": st.integers(1, 4),
    "minItems": st.integers(0, 3),
    "maxItems": st.integers(3, 90),
    "uniqueItems": st.booleans(),
    "minProperties": st.integers(0, 2),
    "maxProperties": st.integers(2, 9),
    "format": st.sampled_from(["email", "uuid", "path", "date", "hostname"]),
    "examples": st.lists(st.integers(), max_size=3) | long_list,
    "deprecated": st.booleans(),
    "contentEncoding": st.just("base64"),
    "description": st.text(string.ascii_letters + " ", max_size=12),
}
keywords = st.lists(
    st.one_of(*(st.tuples(st.just(key), value) for key, value in keyword_values.items())),
    max_size=3,
    unique_by=lambda pair: pair[0],
).map(tuple)


def with_keywords(types: st.SearchStrategy[SchemaType]) -> st.SearchStrategy[SchemaType]:
    """The types, some carrying extra keywords."""
    return st.tuples(types, keywords).map(
        lambda pair: dataclasses.replace(pair[0], keywords=pair[1]) if pair[1] else pair[0]
    )


defaults = st.just(MISSING) | st.none() | st.integers(-3, 3) | st.lists(st.integers(), max_size=95)
names = st.text(string.ascii_letters + "_", min_size=1, max_size=6)


def keyworded(children: st.SearchStrategy[SchemaType]) -> st.SearchStrategy[SchemaType]:
    return with_keywords(extend(children))


def fields(
    types: st.SearchStrategy[SchemaType], most: int = 4
) -> st.SearchStrategy[tuple[Field, ...]]:
    field = st.builds(
        Field,
        name=names,
        type=types | types.map(lambda t: AnyOfType((t, NullType()))),  # ``X | None``
        description=st.sampled_from(["", "What it is."]),
        required=st.booleans(),
        default=defaults,
    )
    return st.lists(field, min_size=1, max_size=most, unique_by=lambda f: f.name).map(tuple)


plain_types = st.recursive(with_keywords(leaves), keyworded, max_leaves=8)
linked_types = st.recursive(
    with_keywords(leaves | st.sampled_from([RefType("Node"), RefType("Leaf")])),
    keyworded,
    max_leaves=8,
)
"""Types that may refer to the definitions ``Node`` and ``Leaf``."""
leaf_fields = fields(plain_types, 2)
node_fields = fields(linked_types, 2)
parameters = fields(linked_types)


@st.composite
def tools(draw: st.DrawFn) -> list[ToolDescriptor]:
    """One to four tools (one file renders them together: a template is compiled once a
    render), whose parameters may refer to two definitions: ``Leaf``, and ``Node``, which may
    refer to itself and to ``Leaf`` (Gemini inlines recursion three levels deep: a definition
    of few fields keeps that small)."""
    drawn = []
    for number in range(draw(st.integers(1, 4))):
        leaf = ObjectType(draw(leaf_fields), title="Leaf")
        node = ObjectType(draw(node_fields), title="Node")
        name = f"tool{number}"
        drawn.append(
            ToolDescriptor(
                name,
                "",
                draw(parameters),
                definitions=(("Node", node), ("Leaf", leaf)),
                class_name="C",
                method_name=name,
            )
        )
    return drawn


def nodes_at(parameters: dict[str, Any], path: str) -> list[dict[str, Any]]:
    """The output schemas a note's path names: the node, with the options of its unions, the
    positions of its tuple and the definition it refers to (a dialect notes those under the
    node's own path)."""
    definitions = parameters.get("$defs", {})
    segments = path.split(".") if path else []
    current = [parameters]
    if segments[:1] == ["$defs"]:
        current, segments = [definitions[segments[1]]], segments[2:]
    found = _same_place(current, definitions)
    for segment in segments:
        name, _, _ = segment.partition("[]")
        found = _same_place(
            [n["properties"][name] for n in found if name in n.get("properties", {})],
            definitions,
        )
        for _ in range(segment.count("[]")):
            below = [n.get(key) for n in found for key in ("items", "additionalProperties")]
            found = _same_place([n for n in below if isinstance(n, dict)], definitions)
    return found


def _same_place(start: list[dict[str, Any]], definitions: dict[str, Any]) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    stack = list(start)
    while stack:
        node = stack.pop()
        if any(node is seen for seen in found):
            continue
        found.append(node)
        for key in ("anyOf", "oneOf", "allOf", "prefixItems"):
            stack.extend(o for o in node.get(key, []) if isinstance(o, dict))
        reference = node.get("$ref", "")
        if isinstance(reference, str) and reference.startswith("#/$defs/"):
            stack.append(definitions[reference.rpartition("/")[2]])
    return found


def descriptions(parameters: dict[str, Any], path: str) -> Iterator[str]:
    for node in nodes_at(parameters, path):
        description = node.get("description")
        if isinstance(description, str):
            yield description


def moved_into(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    return [d for d in diagnostics if d.code == codes.MOVED_INTO_DESCRIPTION]


@settings(max_examples=50, deadline=None)
@given(drawn=tools())
def test_every_note_is_in_the_description_it_names(drawn: list[ToolDescriptor]) -> None:
    for provider, options, rewrite, label in RENDERS.values():
        text, diagnostics = render_template(provider, drawn, options)
        assert all(len(str(d)) <= LINE for d in diagnostics), [str(d) for d in diagnostics]
        reported = {d.subject: d.message for d in moved_into(diagnostics)}
        read = READERS[provider]
        assert read is not None
        entries = {entry.name: entry for entry in read(json.loads(text))}
        for tool in drawn:
            message = reported.get(f"C.{tool.name}")
            if message is None:  # a strict render may leave a tool unstrict, unchanged
                assert rewrite is None or options.strict or not rewrite(tool).notes
                continue
            assert rewrite is not None
            notes = rewrite(tool).notes
            assert message == moved(label, notes)
            parameters = entries[tool.name].parameters
            for note in notes:
                assert isinstance(note, Note)
                assert f"({note.text})" in "\n".join(descriptions(parameters, note.path)), note
