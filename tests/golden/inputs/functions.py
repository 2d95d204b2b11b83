"""Module-level functions as tools: plain, async, decorated, with Annotated and pydantic
parameters, and one whose name is longer than most providers allow."""

from __future__ import annotations

import functools
from collections.abc import Callable
from os.path import join  # imported: no tool
from typing import Annotated, TypeVar

from pydantic import BaseModel, Field

__all__ = [
    "Booking",
    "book_room",
    "convert_temperature",
    "fetch_title",
    "greet",
    # not join: an imported function __all__ does not export is no tool
    "list_namespaced_horizontal_pod_autoscaler_for_all_namespaces_with_http_info",
]

F = TypeVar("F", bound=Callable[..., object])


def _logged(function: F) -> F:
    @functools.wraps(function)
    def wrapper(*args: object, **kwargs: object) -> object:
        return function(*args, **kwargs)

    return wrapper  # type: ignore[return-value]


class Booking(BaseModel):
    """A room booking."""

    room: str = Field(description="The room's number.")
    nights: int = Field(1, ge=1, le=30, description="How many nights.")


def convert_temperature(celsius: float, scale: str = "fahrenheit") -> float:
    """Convert a temperature from Celsius.

    Args:
        celsius: The temperature in degrees Celsius.
        scale: The scale to convert to.

    Returns:
        The converted temperature.
    """
    return celsius * 9 / 5 + 32 if scale == "fahrenheit" else celsius + 273.15


async def fetch_title(url: str) -> str:
    """The title of a web page.

    Args:
        url: The page's address.
    """
    return url


@_logged
def greet(name: Annotated[str, Field(description="Who to greet.", min_length=1)]) -> str:
    """Greet someone by name."""
    return f"Hello, {name}!"


def book_room(booking: Booking) -> str:
    """Book a room.

    Args:
        booking: What to book.
    """
    return f"{booking.room} for {booking.nights} nights"


def list_namespaced_horizontal_pod_autoscaler_for_all_namespaces_with_http_info(
    namespace: str,
) -> list[str]:
    """List the horizontal pod autoscalers of a namespace.

    Args:
        namespace: The namespace.
    """
    return [namespace]
