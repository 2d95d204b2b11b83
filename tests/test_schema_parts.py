"""Schemas made from their parts: a field's schema from its type's two halves (``Schemas``),
and whether floats need a look (``cjson.tools_plain``) from each type and default."""

from __future__ import annotations

import enum
import json
import uuid

from hypothesis import example, given, settings
from hypothesis import strategies as st

from inspector.catalog import CatalogClass
from inspector.files import cjson, tools_json
from inspector.files.cjson import plain_floats, tools_plain
from inspector.model import (
    MISSING,
    AnyOfType,
    ArrayType,
    EnumType,
    Field,
    IntegerType,
    NullType,
    NumberType,
    ObjectType,
    Returns,
    Schemas,
    SchemaType,
    StringType,
    ToolDescriptor,
)


class Color(enum.Enum):
    RED = "red"


odd_floats = st.sampled_from([1e-7, 0.00009, 1e16, 2.5e20, float("nan"), float("-inf"), -0.0])
values = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats()
    | odd_floats
    | st.text(max_size=5)
    | st.sampled_from([Color.RED, uuid.UUID(int=7)])
)
json_values = st.recursive(
    values, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner)
)
keywords = st.lists(
    st.tuples(
        st.sampled_from(["description", "title", "minimum", "examples", "$ref", "format"]),
        json_values,
    ),
    max_size=3,
    unique_by=lambda pair: pair[0],
).map(tuple)
leaves: st.SearchStrategy[SchemaType] = st.one_of(
    st.builds(StringType, st.sampled_from([None, "date-time"]), keywords),
    st.builds(IntegerType, keywords),
    st.builds(NumberType, keywords),
    st.builds(NullType, keywords),
    st.lists(values, min_size=1, max_size=3).map(lambda found: EnumType(tuple(found))),  # type: ignore[arg-type]
)


def _fields(children: st.SearchStrategy[SchemaType]) -> st.SearchStrategy[tuple[Field, ...]]:
    field = st.builds(
        Field,
        name=st.text("abc", min_size=1, max_size=3),
        type=children,
        description=st.text(max_size=5),
        default=st.just(MISSING) | json_values,
    )
    return st.lists(field, max_size=3, unique_by=lambda f: f.name).map(tuple)


types = st.recursive(
    leaves,
    lambda children: st.one_of(
        st.builds(ArrayType, items=children, keywords=keywords),
        st.builds(ObjectType, properties=_fields(children), title=st.none() | st.just("T")),
        st.lists(children, min_size=2, max_size=3).map(lambda o: AnyOfType(tuple(o))),
    ),
    max_leaves=8,
)


def _tool(fields: tuple[Field, ...], returns: SchemaType | None = None) -> ToolDescriptor:
    return ToolDescriptor("t", "d", fields, Returns(returns), class_name="C", method_name="t")


@given(_fields(types))
@settings(max_examples=200)
@example((Field("a", StringType(keywords=(("description", "own"),)), "given"),))
@example((Field("a", StringType(keywords=(("minimum", 1), ("$ref", "#/x"))), "given"),))
def test_a_field_schema_from_shared_parts_is_the_one_made_whole(fields: tuple[Field, ...]) -> None:
    """The same keys in the same order (the description after the leading keys, a type's own
    description replaced), twice from one ``Schemas``."""
    schemas = Schemas()
    for field in fields * 2:
        made, whole = field.to_schema(schemas), field.to_schema()
        assert json.dumps(made, default=str) == json.dumps(whole, default=str)


def test_a_field_schema_from_shared_parts_is_a_new_dict_each_time() -> None:
    schemas, field = Schemas(), Field("a", IntegerType((("minimum", 1),)), "how many")
    first = field.to_schema(schemas)
    first["description"] = "changed"
    assert field.to_schema(schemas)["description"] == "how many"


@given(_fields(types), st.none() | types)
@settings(max_examples=200)
@example((Field("a", IntegerType(), default=1e-7),), None)
@example((Field("a", NumberType((("minimum", float("nan")),))),), None)
@example((), ArrayType(NumberType((("maximum", 1e16),))))
@example((Field("a", EnumType((Color.RED,))),), None)  # type: ignore[arg-type]
def test_tools_taken_as_plain_give_a_plain_tools_entry_and_schema(
    fields: tuple[Field, ...], returns: SchemaType | None
) -> None:
    """Plain exactly when each part is (each type's schema, each default): then a look at the
    whole finds nothing either (no odd float, no value only orjson writes)."""
    tool = _tool(fields, returns)
    parts = [f.type.to_schema() for f in fields] + [f.default for f in fields if f.default != 0]
    parts += [returns.to_schema()] if returns is not None else []
    plain = tools_plain([tool])
    assert plain is all(plain_floats(part) for part in parts if part is not MISSING)
    group = CatalogClass("C", "c.py:C", (tool,))
    whole = [tools_json._class_json(group), tool.parameters_schema()]
    assert not plain or all(plain_floats(value) for value in whole)


def test_a_plain_tool_s_shared_schema_is_known_plain_without_a_look() -> None:
    tool = _tool((Field("a", NumberType((("minimum", 0.5),)), default=2.5),))
    schema = cjson.shared_parameters(tool)
    assert cjson._plain._newer[id(schema)] == (schema, True)
    odd = _tool((Field("a", NumberType(), default=1e-7),))
    schema = cjson.shared_parameters(odd)
    assert id(schema) not in cjson._plain._newer
    assert cjson.plain_value(schema) is False
