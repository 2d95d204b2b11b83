"""attrs classes and msgspec Structs as parameter and return types: JSON forms from their
fields (as dataclasses), and the Toolbox builds the instance (attrs validators run, msgspec
converts by its own rules) (issue 27, item 7)."""

from __future__ import annotations

import dataclasses
import datetime
import os
import re
import subprocess
import sys
from typing import Annotated, Generic, NamedTuple, TypedDict, TypeVar

import attrs
import msgspec
import pytest

from inspector.runtime.toolbox import Toolbox, ToolCallError
from inspector.typetable.values import result_json
from tests.conftest import inlined, inspect_class, messages


def _even(instance: object, attribute: object, value: int) -> None:
    """A validator of the user's own: no schema says it, the constructor runs it."""
    if value % 2:
        raise ValueError(f"width must be even, got {value}")


@attrs.define
class Box:
    width: int = attrs.field(validator=[attrs.validators.ge(1), _even])
    _label: str = "box"
    tags: list[str] = attrs.Factory(list)
    area: int = attrs.field(init=False, default=0)


class Order(msgspec.Struct, rename="camel"):
    when: datetime.date
    item_name: str
    count: Annotated[int, msgspec.Meta(ge=1, le=10)] = 1


class Store:
    def pack(self, box: Box) -> Box:
        """Pack a box.

        Args:
            box: The box.
        """
        return box

    def place(self, order: Order) -> Order:
        """Place an order.

        Args:
            order: The order.
        """
        return order


def test_records_have_json_forms_from_their_fields() -> None:
    tools, diagnostics = inspect_class(Store)
    assert tools["pack"].parameters_schema() == {
        "type": "object",
        "properties": {
            "box": {
                "type": "object",
                "title": "Box",
                "description": "The box.",
                "properties": {
                    "width": {"type": "integer", "minimum": 1},
                    "label": {"type": "string", "default": "box"},
                    "tags": {"type": "array", "items": {"type": "string"}, "default": []},
                },
                "required": ["width"],
            }
        },
        "required": ["box"],
    }
    assert tools["place"].parameters_schema()["properties"] == {
        "order": {
            "type": "object",
            "title": "Order",
            "description": "The order.",
            "properties": {
                "when": {"type": "string", "format": "date"},
                "itemName": {"type": "string"},
                "count": {"type": "integer", "minimum": 1, "maximum": 10, "default": 1},
            },
            "required": ["when", "itemName"],
        }
    }
    assert tools["place"].returns.type == tools["place"].parameters[0].type
    assert messages(diagnostics) == []


def test_the_toolbox_builds_records_and_their_validators_run() -> None:
    box = Toolbox(Store())
    packed = box.call("pack", {"box": {"width": 2, "label": "crate"}})
    assert packed == Box(2, "crate")
    assert result_json(box.call("pack", {"box": {"width": 4}})) == {
        "width": 4,
        "label": "box",
        "tags": [],
    }
    with pytest.raises(ToolCallError, match=r"^pack: box.width: must be at least 1, got 0$"):
        box.call("pack", {"box": {"width": 0}})  # the schema's minimum, from attrs' ge(1)
    with pytest.raises(ToolCallError, match=r"^pack: box: Box: width must be even, got 3$"):
        box.call("pack", {"box": {"width": 3}})  # the constructor ran the user's validator
    placed = box.call("place", {"order": {"when": "2024-05-01", "itemName": "pen"}})
    assert placed == Order(datetime.date(2024, 5, 1), "pen")
    assert result_json(placed) == {
        "when": "2024-05-01",
        "itemName": "pen",
        "count": 1,
    }
    with pytest.raises(
        ToolCallError, match=r"^place: order: Expected `int` <= 10 - at `\$.count`$"
    ):
        box.call("place", {"order": {"when": "2024-05-01", "itemName": "pen", "count": 50}})


@attrs.define
class Line:
    qty: int = attrs.field(validator=[attrs.validators.ge(1), attrs.validators.lt(100)])
    sku: str = attrs.field(validator=attrs.validators.matches_re(r"[A-Z]{3}-\d+"))
    name: str = attrs.field(validator=attrs.validators.min_len(1))
    note: str = attrs.field(default="", validator=attrs.validators.max_len(20))
    tags: list[str] = attrs.field(factory=list, validator=attrs.validators.max_len(3))
    size: str = attrs.field(default="m", validator=attrs.validators.in_(["s", "m", "l"]))
    marks: int = attrs.field(default=1, validator=attrs.validators.in_({10, 1, 9}))
    price: float | None = attrs.field(
        default=None, validator=attrs.validators.optional(attrs.validators.gt(0))
    )
    prefix: str = attrs.field(
        default="a", validator=attrs.validators.matches_re("a", func=re.match)
    )
    code: str = attrs.field(default="a", validator=attrs.validators.matches_re("a", re.I))
    other: int = attrs.field(default=0, validator=attrs.validators.not_(attrs.validators.in_([5])))
    part: str = attrs.field(default="b", validator=attrs.validators.in_("abc"))


class Ledger:
    def add(self, line: Line) -> int:
        """Add a line.

        Args:
            line: The line.
        """
        return line.qty


def test_attrs_validators_are_the_schema_keywords_they_enforce() -> None:
    tools, _ = inspect_class(Ledger)
    properties = tools["add"].parameters_schema()["properties"]["line"]["properties"]
    assert properties == {
        "qty": {"type": "integer", "minimum": 1, "exclusiveMaximum": 100},
        "sku": {"type": "string", "pattern": "^(?:[A-Z]{3}-\\d+)$"},  # fullmatch: anchored
        "note": {"type": "string", "maxLength": 20, "default": ""},
        "name": {"type": "string", "minLength": 1},
        "tags": {"type": "array", "items": {"type": "string"}, "maxItems": 3, "default": []},
        "size": {"type": "string", "enum": ["s", "m", "l"], "default": "m"},
        "marks": {"type": "integer", "enum": [1, 9, 10], "default": 1},  # a set, sorted
        "price": {"type": ["number", "null"], "exclusiveMinimum": 0, "default": None},
        "prefix": {"type": "string", "pattern": "^(?:a)", "default": "a"},  # re.match
        # a flag no pattern carries; not_ (the opposite); in_ of a text (any part of it)
        "code": {"type": "string", "default": "a"},
        "other": {"type": "integer", "default": 0},
        "part": {"type": "string", "default": "b"},
    }
    box = Toolbox(Ledger())
    with pytest.raises(ToolCallError) as refused:
        box.call("add", {"line": {"qty": 100, "sku": "abc", "name": "", "size": "xl"}})
    assert str(refused.value).splitlines()[0].startswith("add: line.qty: must be less than 100")
    line = {"qty": 2, "sku": "ABC-1", "name": "n", "tags": ["x"], "size": "l", "price": None}
    assert box.call("add", {"line": line}) == 2


@attrs.define
class Batch:
    grade: int | None = attrs.field(
        default=None, validator=attrs.validators.optional(attrs.validators.in_([1, 2]))
    )
    items: list[int] | None = attrs.field(
        default=None, validator=attrs.validators.optional(attrs.validators.min_len(1))
    )
    tag: str = attrs.field(default="a", validator=attrs.validators.matches_re(r"(?P<x>a)\Z"))


class Batches:
    def run(self, batch: Batch) -> int:
        """Run a batch.

        Args:
            batch: The batch.
        """
        return 0


def test_validators_through_optional_allow_none_and_name_lengths_by_the_type() -> None:
    tools, _ = inspect_class(Batches)
    properties = tools["run"].parameters_schema()["properties"]["batch"]["properties"]
    assert properties["grade"] == {
        "type": ["integer", "null"],
        "enum": [1, 2, None],  # optional(): None is allowed as well
        "default": None,
    }
    assert properties["items"]["minItems"] == 1  # a list's length, not a text's
    assert "minLength" not in properties["items"]
    assert properties["tag"] == {"type": "string", "default": "a"}  # Python-only syntax
    box = Toolbox(Batches())
    assert box.call("run", {"batch": {"grade": None, "items": None}}) == 0


_SET_OF_TEXTS = """
import attrs, json
from inspector.project import pipeline
@attrs.define
class C:
    s: str = attrs.field(default="a", validator=attrs.validators.in_({"e", "a", "c", "b", "d"}))
class U:
    def f(self, c: C) -> None:
        '''F.'''
catalog, _, _ = pipeline.scan_objects([U])
schema = catalog.classes[0].tools[0].parameters_schema()
print(json.dumps(schema["properties"]["c"]["properties"]["s"]["enum"]))
"""


def test_an_enum_of_a_set_of_texts_is_the_same_in_every_run() -> None:
    runs = {
        subprocess.run(
            [sys.executable, "-c", _SET_OF_TEXTS],
            env={**os.environ, "PYTHONHASHSEED": seed},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for seed in ("1", "2", "3")
    }
    assert runs == {'["a", "b", "c", "d", "e"]\n'}


T = TypeVar("T")
N = TypeVar("N", int, float)


@dataclasses.dataclass
class Page(Generic[T]):
    items: list[T]
    total: int = 0


class Tagged(TypedDict, Generic[T]):
    value: T
    tags: list[str]


@attrs.define
class Span(Generic[N]):
    low: N
    high: N


class Pair(NamedTuple, Generic[T]):
    left: T
    right: T


class Pages:
    def save(
        self, page: Page[Box], tagged: Tagged[int], span: Span[float], pair: Pair[str]
    ) -> Page[int]:
        """Save.

        Args:
            page: A page of boxes.
            tagged: A tagged number.
            span: A range.
            pair: Two names.
        """
        return Page([len(page.items), tagged["value"], len(pair)])

    def unbound(self, page: Page, span: Span) -> None:  # type: ignore[type-arg]
        """Without type arguments.

        Args:
            page: A page.
            span: A range.
        """


def test_a_generic_record_s_fields_take_the_type_arguments_of_its_hint() -> None:
    """``Page[Box]`` of ``Page(Generic[T])`` has fields typed ``Box`` where ``Page`` says
    ``T``: dataclasses, TypedDicts (not mappings keyed by their argument), attrs classes and
    NamedTuples; without arguments, a field typed ``T`` is what ``T`` allows. The Toolbox
    builds the fields' values by the same types."""
    tools, diagnostics = inspect_class(Pages)
    assert messages(diagnostics) == []
    properties = inlined(tools["save"].parameters_schema())["properties"]
    box = inlined(tools["save"].parameters_schema())["properties"]["page"]["properties"]["items"]
    assert box["items"]["title"] == "Box"
    assert {name: inlined(schema) for name, schema in properties.items() if name != "page"} == {
        "tagged": {
            "type": "object",
            "title": "Tagged",
            "properties": {
                "value": {"type": "integer"},
                "tags": {"type": "array", "items": {"type": "string"}},
            },
            "required": ["value", "tags"],
            "description": "A tagged number.",
        },
        "span": {
            "type": "object",
            "title": "Span",
            "properties": {"low": {"type": "number"}, "high": {"type": "number"}},
            "required": ["low", "high"],
            "description": "A range.",
        },
        "pair": {
            "type": "object",
            "title": "Pair",
            "properties": {"left": {"type": "string"}, "right": {"type": "string"}},
            "required": ["left", "right"],
            "description": "Two names.",
        },
    }
    assert inlined(tools["save"].returns.to_schema()) == {
        "type": "object",
        "title": "Page",
        "properties": {
            "items": {"type": "array", "items": {"type": "integer"}},
            "total": {"type": "integer", "default": 0},
        },
        "required": ["items"],
    }
    unbound = inlined(tools["unbound"].parameters_schema())["properties"]
    assert unbound["page"]["properties"]["items"] == {"type": "array", "items": {}}
    assert unbound["span"]["properties"]["low"] == {"type": "number"}
    toolbox = Toolbox(Pages())
    arguments = {
        "page": {"items": [{"width": 2}]},
        "tagged": {"value": 3, "tags": []},
        "span": {"low": 1, "high": 2.5},
        "pair": {"left": "a", "right": "b"},
    }
    assert toolbox.call("save", arguments) == Page([1, 3, 2])
    with pytest.raises(
        ToolCallError,
        match=r"^save: page.items\[0\].width: must be at least 1, got 0; "
        r"tagged.value: expected integer, got \"three\"$",
    ):
        toolbox.call(
            "save",
            {
                **arguments,
                "page": {"items": [{"width": 0}]},
                "tagged": {"value": "three", "tags": []},
            },
        )


@dataclasses.dataclass
class Tree(Generic[T]):
    value: T
    children: list[Tree[T]] = dataclasses.field(default_factory=list)


@dataclasses.dataclass
class UserPage(Page[Box]):
    """A record that extends a parametrized one: its fields typed ``T`` are ``Box``."""


@dataclasses.dataclass
class Pair2(Page[N], Generic[N]):
    """Passes its own parameter on: ``Pair2[int]`` is a ``Page[int]``."""


class Forests:
    def plant(self, tree: Tree, counted: Tree[int]) -> int:  # type: ignore[type-arg]
        """Plant.

        Args:
            tree: A tree of anything.
            counted: A tree of numbers.
        """
        return len(tree.children) + len(counted.children)

    def take(
        self,
        page: Page[Annotated[int, {"minimum": 0}]],
        users: UserPage,
        pairs: Pair2[int],
    ) -> int:
        """Take.

        Args:
            page: Counts.
            users: Boxes.
            pairs: Numbers.
        """
        return sum(page.items) + len(users.items) + sum(pairs.items)


def test_generic_records_recur_as_one_definition_and_subclasses_take_their_arguments() -> None:
    """A recursive generic record read without arguments is one definition (``Tree`` and the
    ``Tree[T]`` of its own field were two); a type argument that cannot be hashed
    (``Annotated`` with a dict) is read (the method was lost: TI103); a record that extends a
    parametrized one (``UserPage(Page[Box])``) or passes its parameter on (``Pair2[int]``)
    types its fields by them, in the scan and the Toolbox."""
    tools, diagnostics = inspect_class(Forests)
    assert messages(diagnostics) == []
    plant = tools["plant"]
    assert plant.parameters_schema()["properties"]["tree"] == {
        "$ref": "#/$defs/Tree",
        "description": "A tree of anything.",
    }
    assert [name for name, _ in plant.definitions] == ["Tree", "Tree2"]
    properties = inlined(tools["take"].parameters_schema())["properties"]
    assert properties["page"]["properties"]["items"] == {
        "type": "array",
        "items": {"type": "integer", "minimum": 0},
    }
    assert properties["users"]["properties"]["items"]["items"]["title"] == "Box"
    assert properties["pairs"]["properties"]["items"] == {
        "type": "array",
        "items": {"type": "integer"},
    }
    box = Toolbox(Forests())
    arguments = {
        "page": {"items": [1, 2]},
        "users": {"items": [{"width": 2}]},
        "pairs": {"items": [3]},
    }
    assert box.call("take", arguments) == 7
    with pytest.raises(ToolCallError, match=r"users.items\[0\].width: must be at least 1"):
        box.call("take", {**arguments, "users": {"items": [{"width": 0}]}})
    tree = {"value": 1, "children": [{"value": 2}]}
    assert box.call("plant", {"tree": tree, "counted": tree}) == 2
