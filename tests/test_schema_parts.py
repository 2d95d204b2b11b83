"""Schemas made from their parts: a field's schema from its type's two halves (``Schemas``)."""

from __future__ import annotations

import enum
import json
import uuid

from hypothesis import example, given, settings
from hypothesis import strategies as st

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
# A few leaves are enough to nest lists in objects; hypothesis's default of 100 made each
# example's draw (a value for up to three keywords of every type node) take up to 250 ms.
json_values = st.recursive(
    values,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner),
    max_leaves=6,
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
