"""attrs classes and msgspec Structs as parameter and return types: JSON forms from their
fields (as dataclasses), and the Toolbox builds the instance (attrs validators run, msgspec
converts by its own rules) (issue 27, item 7)."""

from __future__ import annotations

import datetime
from typing import Annotated

import attrs
import msgspec
import pytest

from inspector.runtime.toolbox import Toolbox, ToolCallError
from inspector.typetable.values import result_json
from tests.conftest import inspect_class, messages


@attrs.define
class Box:
    width: int = attrs.field(validator=attrs.validators.ge(1))
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
                    "width": {"type": "integer"},
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
    assert result_json(box.call("pack", {"box": {"width": 3}})) == {
        "width": 3,
        "label": "box",
        "tags": [],
    }
    with pytest.raises(ToolCallError, match=r"^pack: box: Box: 'width' must be >= 1: 0$"):
        box.call("pack", {"box": {"width": 0}})
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
