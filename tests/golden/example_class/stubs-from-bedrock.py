"""Typed stubs of the tools in bedrock.json, written by toolsinspector.

Inspecting this module gives the same tool schemas back; fill in the bodies.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal


@dataclass
class Address:
    """
    Attributes:
        street: Street and house number.
        city: City name.
        country: ISO 3166-1 alpha-2 country code.
    """

    street: str
    city: str
    country: str = "DE"


@dataclass
class Order:
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
    gift_note: str | None = None
    tags: list[str] = field(default_factory=list)


class Tools:
    """Stubs of tools."""

    def method1(self, a: int, b: int = 10) -> Any:
        """Add two numbers.

        Args:
            a: The first number.
            b: The second number.
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
        priority: Literal["low", "normal", "high"] = "normal",
        due: str | None = None,
    ) -> Any:
        """Create a task in the to-do list.

        Tasks start open; they are closed with another tool.

        Args:
            title: Short text of the task.
            priority: How urgent the task is.
            due: Due date as YYYY-MM-DD, or null for no date.
        """
        raise NotImplementedError

    def convert_temperature(
        self,
        value: float,
        unit: Literal["celsius", "fahrenheit"] = "celsius",
    ) -> Any:
        """Convert a temperature to the other unit.

        Args:
            value: The temperature to convert.
            unit: The unit `value` is given in.
        """
        raise NotImplementedError

    def place_order(self, order: Order, express: bool = False) -> Any:
        """Place an order for shipping.

        Args:
            order: What to ship and where.
            express: Ship with next-day delivery.
        """
        raise NotImplementedError

    def average(self, values: list[float]) -> Any:
        """Compute the arithmetic mean of some numbers.

        Args:
            values: The numbers; at least one.
        """
        raise NotImplementedError

    def fetch_page(self, url: str, timeout: float = 10.0) -> Any:
        """Download a web page (simulated).

        Args:
            url: Address of the page.
            timeout: Seconds to wait before giving up.
        """
        raise NotImplementedError
