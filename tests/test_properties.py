"""Property tests: canonical schemas are valid and read back unchanged; strict output holds
its invariants; rendered text carries any description back exactly; classification merges
never lose a user's value."""

from __future__ import annotations

import json
import string
from typing import Any

from hypothesis import example, given, settings
from hypothesis import strategies as st

from inspector.catalog import Catalog, CatalogClass
from inspector.files.classification import parsed, to_json
from inspector.files.classification_merge import merge
from inspector.files.destructive_names import destructive_word
from inspector.files.schemas import parse_fields, parse_schema
from inspector.model import (
    MISSING,
    AnyOfType,
    AnyValueType,
    ArrayType,
    BooleanType,
    EnumType,
    Field,
    IntegerType,
    NullType,
    NumberType,
    ObjectType,
    SchemaType,
    StringType,
    ToolDescriptor,
)
from inspector.providers.anthropic import STRICT as ANTHROPIC
from inspector.providers.gemini import gemini_parameters
from inspector.providers.ollama import ollama_parameters
from inspector.providers.openai import STRICT as OPENAI
from inspector.providers.strict import strict_parameters
from inspector.render.jinja import render_template as render
from inspector.render.options import RenderOptions
from tests.conftest import COMPILED
from tests.sdk_types import check_json_schema, walk_schemas

names = st.text(string.ascii_letters + "_", min_size=1, max_size=8)
texts = st.text(max_size=30)
json_scalars = st.none() | st.booleans() | st.integers(-5, 5) | st.text(max_size=5)

leaves: st.SearchStrategy[SchemaType] = st.one_of(
    st.builds(StringType, st.sampled_from([None, "date-time", "uuid", "path"])),
    st.just(IntegerType()),
    st.just(NumberType()),
    st.just(BooleanType()),
    st.just(NullType()),
    st.just(AnyValueType()),
    st.lists(st.text(max_size=4) | st.integers(-3, 3), unique=True, min_size=1, max_size=4).map(
        lambda values: EnumType(tuple(values))
    ),
)


def fields_of(children: st.SearchStrategy[SchemaType]) -> st.SearchStrategy[tuple[Field, ...]]:
    field = st.builds(
        Field,
        name=names,
        type=children,
        description=texts,
        required=st.booleans(),
        default=st.just(MISSING) | json_scalars,
    )
    return st.lists(field, max_size=4, unique_by=lambda f: f.name).map(tuple)


def extend(children: st.SearchStrategy[SchemaType]) -> st.SearchStrategy[SchemaType]:
    return st.one_of(
        st.builds(ArrayType, items=children | st.none(), unique=st.booleans()),
        st.lists(children, max_size=3).map(lambda p: ArrayType(prefix=tuple(p))),
        st.builds(ObjectType, properties=fields_of(children), title=st.none() | names),
        st.builds(ObjectType, additional=children),
        st.lists(children, min_size=2, max_size=3).map(lambda o: AnyOfType(tuple(o))),
    )


schema_types = st.recursive(leaves, extend, max_leaves=12)


@given(schema_types)
@settings(max_examples=300)
def test_canonical_schema_is_valid_and_reads_back_unchanged(schema_type: SchemaType) -> None:
    schema = schema_type.to_schema()
    check_json_schema(schema)
    assert parse_schema(schema).to_schema() == schema


def tool_of(fields: tuple[Field, ...], description: str = "") -> ToolDescriptor:
    return ToolDescriptor("tool", description, fields, class_name="C", method_name="tool")


@given(fields_of(schema_types))
@example(  # the case hypothesis found once: one titled object, two fields
    tuple(Field(name, ObjectType(title="A"), required=False) for name in ("A", "E"))
)
@settings(max_examples=300)
def test_tool_parameters_read_back_unchanged(fields: tuple[Field, ...]) -> None:
    """A nested model used twice is written once under ``$defs`` and read back as a
    definition the tool keeps (the test dropped it, so it failed whenever hypothesis drew
    two fields of one titled object)."""
    schema = tool_of(fields).parameters_schema()
    parsed, definitions = parse_fields(schema)
    read = ToolDescriptor("tool", "", parsed, definitions=definitions)
    assert read.parameters_schema() == schema
    assert bool(definitions) == ("$defs" in schema)


STRICT_KEYWORDS = {
    "type",
    "enum",
    "anyOf",
    "$ref",
    "$defs",
    "properties",
    "required",
    "additionalProperties",
    "items",
    "description",
    "title",
    "format",
    "pattern",
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "multipleOf",
    "minItems",
    "maxItems",
}


@given(fields_of(schema_types))
@settings(max_examples=300)
def test_strict_output_meets_the_structured_outputs_rules(fields: tuple[Field, ...]) -> None:
    result = strict_parameters(tool_of(fields), OPENAI)
    check_json_schema(result.schema)
    if not result.conforms:
        assert result.problems
        return
    for sub in walk_schemas(result.schema):
        assert set(sub) <= STRICT_KEYWORDS, set(sub) - STRICT_KEYWORDS
        declared = sub.get("type")
        if declared == "object" or (isinstance(declared, list) and "object" in declared):
            assert sub["additionalProperties"] is False
            assert sub["required"] == list(sub["properties"])
    for field in fields:  # optional parameters stay optional: null is accepted
        if not field.required:
            prop = result.schema["properties"][field.name]
            assert accepts_null(prop), prop


def accepts_null(schema: dict[str, Any]) -> bool:
    declared = schema.get("type")
    if declared == "null" or (isinstance(declared, list) and "null" in declared):
        return True
    return any(accepts_null(option) for option in schema.get("anyOf", []))


@given(st.text(), st.text())
@settings(max_examples=200)
def test_any_description_text_comes_back_exactly(description: str, param_text: str) -> None:
    field = Field("x", StringType(), param_text, True)
    text, _ = render("openai", [tool_of((field,), description)], RenderOptions(compiled=COMPILED))
    (tool,) = json.loads(text)
    assert tool["function"].get("description", "") == description
    assert tool["function"]["parameters"]["properties"]["x"].get("description", "") == param_text


classifications = st.dictionaries(
    names, st.dictionaries(names, st.booleans(), max_size=4), max_size=3
)


@given(
    classifications,
    st.dictionaries(names, st.lists(names, unique=True, max_size=4), max_size=3),
    st.booleans(),
)
def test_merge_keeps_every_user_value(
    existing: dict[str, dict[str, bool]], methods: dict[str, list[str]], include_new: bool
) -> None:
    catalog = Catalog(
        tuple(
            CatalogClass(
                key,
                key,
                tuple(ToolDescriptor(m, "", class_name=key, method_name=m) for m in names_),
            )
            for key, names_ in methods.items()
        )
    )
    result = merge(parsed(existing), catalog, include_new=include_new, prune=False)
    merged = to_json(result.classification)
    took_over = {old: new for new, old in result.renamed_classes.items()}  # a renamed class
    for key, values in existing.items():
        for method, value in values.items():
            assert merged[took_over.get(key, key)][method] is value
    for key, names_ in methods.items():
        source = existing.get(result.renamed_classes.get(key, key), {})
        for method in names_:  # a key misspelt for this class: every method excluded
            new = include_new and destructive_word(method) is None  # ``Eval``, ``rm``: false
            expected = False if key in result.misspelt else source.get(method, new)
            assert merged[key][method] is expected


@given(fields_of(schema_types))
@settings(max_examples=200)
def test_anthropic_strict_keeps_optional_parameters_optional(fields: tuple[Field, ...]) -> None:
    result = strict_parameters(tool_of(fields), ANTHROPIC)
    check_json_schema(result.schema)
    assert result.schema is not None
    assert result.schema.get("required", []) == [f.name for f in fields if f.required]
    if result.conforms:
        for sub in walk_schemas(result.schema):
            assert not {
                "minimum",
                "maximum",
                "maxItems",
                "minLength",
                "maxLength",
                "uniqueItems",
                "multipleOf",
            } & set(sub)
            if "properties" in sub:
                assert sub["additionalProperties"] is False


@given(fields_of(schema_types))
@settings(max_examples=200)
def test_gemini_parameters_are_a_valid_openapi_schema(fields: tuple[Field, ...]) -> None:
    from google.genai import types as genai_types

    schema = gemini_parameters(tool_of(fields)).schema
    if not fields:
        assert schema is None
        return
    assert schema is not None
    genai_types.Schema.model_validate(schema)
    for sub in walk_schemas(schema):
        assert not {
            "$ref",
            "$defs",
            "additionalProperties",
            "const",
            "default",
            "exclusiveMinimum",
            "exclusiveMaximum",
            "prefixItems",
        } & set(sub)
        assert isinstance(sub.get("type", ""), str)
        assert all(isinstance(v, str) for v in sub.get("enum", []))


@given(fields_of(schema_types))
@settings(max_examples=200)
def test_ollama_client_keeps_every_key(fields: tuple[Field, ...]) -> None:
    import ollama

    parameters = ollama_parameters(tool_of(fields)).schema
    entry = {"type": "function", "function": {"name": "tool", "parameters": parameters}}
    assert ollama.Tool.model_validate(entry).model_dump(exclude_none=True, by_alias=True) == entry
