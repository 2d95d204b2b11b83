"""Typed stubs of the tools in openai-strict.json, written by toolsinspector.

Inspecting this module gives the same tool schemas back; fill in the bodies.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Literal


class Schema:
    """JSON Schema keywords of the annotated type that Python cannot say."""

    def __init__(self, json_schema_extra: dict[str, Any]) -> None:
        self.json_schema_extra = json_schema_extra


@dataclass
class Address:
    """
    Attributes:
        street: Street and house number.
        city: City name.
        country: ISO 3166-1 alpha-2 country code. (default: "DE")
    """

    street: str
    city: str
    country: str | None


@dataclass
class Order:
    """
    Attributes:
        item: Article number.
        quantity: How many pieces.
        ship_to: Where the parcel goes.
        gift_note: Text printed on the packing slip, if any.
        tags: (default: [])
    """

    item: str
    quantity: int
    ship_to: Annotated[Address, Schema({"additionalProperties": False})]
    gift_note: str | None
    tags: list[str] | None


class Tools:
    """Stubs of tools."""

    def method1(self, a: int, b: int | None) -> Any:
        """Add two numbers.

        Args:
            a: The first number.
            b: The second number. (default: 10)
        """
        raise NotImplementedError

    def method2(self, x: str) -> Any:
        """Count the characters of a text.

        Args:
            x: The text to measure.
        """
        raise NotImplementedError

    def create_task(
        self,
        title: str,
        priority: Literal["low", "normal", "high"] | None,
        due: str | None,
    ) -> Any:
        """Create a task in the to-do list.

        Tasks start open; they are closed with another tool.

        Args:
            title: Short text of the task.
            priority: How urgent the task is. (default: "normal")
            due: Due date as YYYY-MM-DD, or null for no date.
        """
        raise NotImplementedError

    def convert_temperature(
        self,
        value: float,
        unit: Literal["celsius", "fahrenheit"] | None,
    ) -> Any:
        """Convert a temperature to the other unit.

        Args:
            value: The temperature to convert.
            unit: The unit `value` is given in. (default: "celsius")
        """
        raise NotImplementedError

    def place_order(
        self,
        order: Annotated[Order, Schema({"additionalProperties": False})],
        express: bool | None,
    ) -> Any:
        """Place an order for shipping.

        Args:
            order: What to ship and where.
            express: Ship with next-day delivery. (default: false)
        """
        raise NotImplementedError

    def average(self, values: list[float]) -> Any:
        """Compute the arithmetic mean of some numbers.

        Args:
            values: The numbers; at least one.
        """
        raise NotImplementedError

    def fetch_page(self, url: str, timeout: float | None) -> Any:
        """Download a web page (simulated).

        Args:
            url: Address of the page.
            timeout: Seconds to wait before giving up. (default: 10.0)
        """
        raise NotImplementedError
