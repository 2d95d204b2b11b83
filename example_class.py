"""A small service to try toolsinspector on: ``make demo`` inspects ``ExampleClass``."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Literal


class Priority(enum.Enum):
    """How urgent a task is."""

    LOW = "low"
    NORMAL = "normal"
    HIGH = "high"


@dataclass
class Address:
    """A postal address.

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
    """An order to ship.

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


class ExampleClass:
    """An example service with methods of every common shape."""

    def method1(self, a: int, b: int = 10) -> int:
        """Add two numbers.

        Args:
            a: The first number.
            b: The second number.

        Returns:
            The sum of a and b.
        """
        return a + b

    def method2(self, x: str) -> int:
        """Count the characters of a text.

        Args:
            x: The text to measure.

        Returns:
            The number of characters in x.
        """
        return len(x)

    def create_task(
        self,
        title: str,
        priority: Priority = Priority.NORMAL,
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
        return {"title": title, "priority": priority.value, "due": due or ""}

    def convert_temperature(
        self, value: float, unit: Literal["celsius", "fahrenheit"] = "celsius"
    ) -> float:
        """Convert a temperature to the other unit.

        Args:
            value: The temperature to convert.
            unit: The unit `value` is given in.

        Returns:
            The temperature in the other unit.
        """
        return value * 9 / 5 + 32 if unit == "celsius" else (value - 32) * 5 / 9

    def place_order(self, order: Order, express: bool = False) -> str:
        """Place an order for shipping.

        Args:
            order: What to ship and where.
            express: Ship with next-day delivery.

        Returns:
            The tracking number.
        """
        return f"TRACK-{order.item}-{order.quantity}{'-X' if express else ''}"

    def average(self, values: list[float]) -> float:
        """Compute the arithmetic mean of some numbers.

        Args:
            values: The numbers; at least one.

        Returns:
            The mean.
        """
        return sum(values) / len(values)

    async def fetch_page(self, url: str, timeout: float = 10.0) -> str:
        """Download a web page (simulated).

        Args:
            url: Address of the page.
            timeout: Seconds to wait before giving up.

        Returns:
            The page's text.
        """
        return f"<html>{url}</html>"
