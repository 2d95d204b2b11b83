"""Typed stubs of the tools in example_class.tools.json, written by toolsinspector.

Inspecting this module gives the same tool schemas back; fill in the bodies.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, NotRequired, TypedDict


class Schema:
    """JSON Schema keywords of the annotated type that Python cannot say."""

    def __init__(self, json_schema_extra: dict[str, Any]) -> None:
        self.json_schema_extra = json_schema_extra


class Address(TypedDict):
    """
    Attributes:
        street: Street and house number.
        city: City name.
        country: ISO 3166-1 alpha-2 country code.
    """

    street: str
    city: str
    country: Annotated[NotRequired[str], Schema({"default": "DE"})]


class Order(TypedDict):
    """
    Attributes:
        item: Article number.
        quantity: How many pieces.
        ship_to: Where the parcel goes.
        gift_note: Text printed on the packing slip, if any.
    """

    item: str
    quantity: int
    ship_to: Address
    gift_note: Annotated[NotRequired[str | None], Schema({"default": None})]
    tags: Annotated[NotRequired[list[str]], Schema({"default": []})]


class ExampleClass:
    """Stubs of the tools of example_class.py:ExampleClass."""

    def method1(self, a: int, b: int = 10) -> int:
        """Add two numbers.

        Args:
            a: The first number.
            b: The second number.

        Returns:
            The sum of a and b.
        """
        raise NotImplementedError

    def method2(self, x: str) -> int:
        """Count the characters of a text.

        Args:
            x: The text to measure.

        Returns:
            The number of characters in x.
        """
        raise NotImplementedError

    def create_task(
        self,
        title: str,
        priority: Literal["low", "normal", "high"] = "normal",
        due: str | None = None,
    ) -> dict[str, str]:
        """Create a task in the to-do list.

        Tasks start open; they are closed with another tool.

        Args:
            title: Short text of the task.
            priority: How urgent the task is.
            due: Due date as YYYY-MM-DD, or null for no date.

        Returns:
            The new task.
        """
        raise NotImplementedError

    def convert_temperature(
        self,
        value: float,
        unit: Literal["celsius", "fahrenheit"] = "celsius",
    ) -> float:
        """Convert a temperature to the other unit.

        Args:
            value: The temperature to convert.
            unit: The unit `value` is given in.

        Returns:
            The temperature in the other unit.
        """
        raise NotImplementedError

    def place_order(self, order: Order, express: bool = False) -> str:
        """Place an order for shipping.

        Args:
            order: What to ship and where.
            express: Ship with next-day delivery.

        Returns:
            The tracking number.
        """
        raise NotImplementedError

    def average(self, values: list[float]) -> float:
        """Compute the arithmetic mean of some numbers.

        Args:
            values: The numbers; at least one.

        Returns:
            The mean.
        """
        raise NotImplementedError

    async def fetch_page(self, url: str, timeout: float = 10.0) -> str:
        """Download a web page (simulated).

        Args:
            url: Address of the page.
            timeout: Seconds to wait before giving up.

        Returns:
            The page's text.
        """
        raise NotImplementedError
