"""The schema dialects copy what they change: the schema a provider is given comes back untouched
(so one canonical schema can serve every provider), the strict walk's own counts match the
rewritten schema, and a described reference inside its own definition stays a reference."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterator
from typing import Any
from unittest.mock import patch

from hypothesis import given, settings
from hypothesis import strategies as st

from inspector.model import (
    AnyOfType,
    ArrayType,
    Field,
    IntegerType,
    NullType,
    ObjectType,
    RefType,
    Returns,
    StringType,
    ToolDescriptor,
)
from inspector.providers.anthropic import STRICT as ANTHROPIC
from inspector.providers.gemini import gemini_json_schema_parameters, gemini_parameters
from inspector.providers.huggingface import huggingface_parameters, huggingface_return
from inspector.providers.limits import StrictUsage, strict_usage
from inspector.providers.mcp import mcp_output_schema
from inspector.providers.ollama import ollama_parameters
from inspector.providers.openai import STRICT as OPENAI
from inspector.providers.strict import StrictProfile, strict_parameters
from tests.test_properties import extend, fields_of, leaves

NODE = ObjectType(
    properties=(
        Field("value", IntegerType(keywords=(("minimum", 0),)), "The value."),
        Field("next", AnyOfType((RefType("Node"), NullType())), "The next node.", False, None),
    ),
    title="Node",
)
"""A recursive definition: a linked list."""

with_keywords = st.one_of(
    st.just(StringType(keywords=(("minLength", 2), ("pattern", "^a")))),
    st.just(StringType("date-time", keywords=(("examples", ["2024-01-01"]),))),
    st.just(IntegerType(keywords=(("minimum", 1), ("maximum", 9)))),
    st.just(ArrayType(StringType(), keywords=(("minItems", 2),))),
    st.just(RefType("Node")),
    st.just(RefType("Node", keywords=(("description", "A node."),))),
)
types = st.recursive(leaves | with_keywords, extend, max_leaves=10)


@st.composite
def tools(draw: st.DrawFn) -> ToolDescriptor:
    """A tool whose parameters may use the recursive definition, with a return type."""
    fields = draw(fields_of(types))
    definitions = (("Node", NODE),) if draw(st.booleans()) else ()
    returns = Returns(draw(st.none() | types), draw(st.sampled_from(["", "What it gives."])))
    return ToolDescriptor("tool", "", fields, returns, definitions, class_name="C", method_name="t")


def _strict(profile: StrictProfile) -> Callable[[ToolDescriptor], object]:
    return lambda tool: strict_parameters(tool, profile)


DIALECTS: dict[str, Callable[[ToolDescriptor], object]] = {
    "openai strict": _strict(OPENAI),
    "anthropic strict": _strict(ANTHROPIC),
    "gemini": gemini_parameters,
    "gemini json schema": gemini_json_schema_parameters,
    "ollama": ollama_parameters,
    "huggingface": huggingface_parameters,
    "huggingface return": huggingface_return,
    "mcp output": mcp_output_schema,
}


def _text(result: object) -> str:
    """A result as text: its schema (or the value itself), conformance, problems and notes."""
    fields = vars(result) if hasattr(result, "conforms") else {"value": result}
    return json.dumps(fields, ensure_ascii=False, default=repr)


@given(tools())
@settings(max_examples=300)
def test_no_dialect_changes_the_schema_it_is_given(tool: ToolDescriptor) -> None:
    shared = tool.parameters_schema()
    before = copy.deepcopy(shared)
    with patch.object(ToolDescriptor, "parameters_schema", lambda _, schemas=None: shared):
        for name, dialect in DIALECTS.items():
            first = _text(dialect(tool))
            assert shared == before, f"{name} changed the schema it was given"
            assert json.dumps(shared) == json.dumps(before), f"{name} reordered it"
            assert _text(dialect(tool)) == first, f"{name} differs on a second call"


def _nodes(schema: Any, root: bool = True) -> Iterator[dict[str, Any]]:
    """Every node of a schema (and of a root's ``$defs``), the way the limits count them."""
    if not isinstance(schema, dict):
        return
    yield schema
    for key in ("items", "additionalProperties"):
        yield from _nodes(schema.get(key), root=False)
    for key in ("properties", *(("$defs",) if root else ())):
        if isinstance(schema.get(key), dict):
            for sub in schema[key].values():
                yield from _nodes(sub, root=False)
    for key in ("prefixItems", "anyOf", "oneOf", "allOf"):
        if isinstance(schema.get(key), list):
            for sub in schema[key]:
                yield from _nodes(sub, root=False)


def _depth(schema: Any) -> int:
    """Object levels on the deepest path of the arguments' own tree (``$defs`` aside)."""
    if not isinstance(schema, dict):
        return 0
    below = [_depth(schema.get(k)) for k in ("items", "additionalProperties")]
    if isinstance(schema.get("properties"), dict):
        below += [_depth(sub) for sub in schema["properties"].values()]
    for key in ("prefixItems", "anyOf", "oneOf", "allOf"):
        if isinstance(schema.get(key), list):
            below += [_depth(sub) for sub in schema[key]]
    return ("properties" in schema) + max(below, default=0)


TIGHT = StrictProfile(
    "Tight",
    keywords=frozenset({"minimum"}),
    formats=frozenset(),
    optional_becomes_nullable=True,
    allows_recursion=True,
    max_nesting=1,
    max_enum_values=2,
    max_properties=2,
)


@given(tools())
@settings(max_examples=300)
def test_strict_limits_count_the_rewritten_schema(tool: ToolDescriptor) -> None:
    result = strict_parameters(tool, TIGHT)
    assert result.schema is not None
    nodes = list(_nodes(result.schema))
    found = {
        "levels of nesting": _depth(result.schema),
        "enum values": sum(len(n["enum"]) for n in nodes if isinstance(n.get("enum"), list)),
        "object properties": sum(
            sum(isinstance(p, dict) for p in n["properties"].values())
            for n in nodes
            if isinstance(n.get("properties"), dict)
        ),
    }
    limits = {"levels of nesting": 1, "enum values": 2, "object properties": 2}
    expected = [
        f"the arguments object has {used} {what}; Tight strict mode allows {limits[what]}"
        for what, used in found.items()
        if used > limits[what]
    ]
    assert [p for p in result.problems if " strict mode allows " in p] == expected


@given(tools())
@settings(max_examples=200)
def test_strict_usage_counts_every_node(tool: ToolDescriptor) -> None:
    schema = strict_parameters(tool, ANTHROPIC).schema
    assert schema is not None
    properties = [
        (name, prop, n.get("required") if isinstance(n.get("required"), list) else [])
        for n in _nodes(schema)
        if isinstance(n.get("properties"), dict)
        for name, prop in n["properties"].items()
        if isinstance(prop, dict)
    ]
    assert strict_usage(schema) == StrictUsage(
        tools=1,
        properties=len(properties),
        enum_values=sum(len(n["enum"]) for n in _nodes(schema) if isinstance(n.get("enum"), list)),
        optional=sum(name not in required for name, _, required in properties),
        unions=sum(
            "anyOf" in p or (isinstance(p.get("type"), list) and len(p["type"]) > 1)
            for _, p, _ in properties
        ),
    )


def test_a_described_reference_inside_its_own_definition_stays_a_reference() -> None:
    chain = ObjectType(
        properties=(Field("next", RefType("Chain"), "The next link."),), title="Chain"
    )
    tool = ToolDescriptor(
        "walk",
        "",
        (Field("start", RefType("Chain"), "The first link."),),
        definitions=(("Chain", chain),),
    )
    inlined: dict[str, Any] = {
        "type": "object",
        "title": "Chain",
        "description": "The first link.",
        "properties": {"next": {"$ref": "#/$defs/Chain", "description": "The next link."}},
        "required": ["next"],
        "additionalProperties": False,
    }
    result = strict_parameters(tool, OPENAI)
    assert result.schema == {
        "type": "object",
        "properties": {"start": inlined},
        "required": ["start"],
        "$defs": {
            "Chain": {
                "type": "object",
                "title": "Chain",
                "properties": {"next": {"$ref": "#/$defs/Chain", "description": "The next link."}},
                "required": ["next"],
                "additionalProperties": False,
            }
        },
        "additionalProperties": False,
    }
    assert (result.conforms, result.problems, result.notes) == (True, [], [])
