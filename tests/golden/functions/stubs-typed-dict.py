"""Typed stubs of the tools in functions.tools.json, written by toolsinspector.

Inspecting this module gives the same tool schemas back; fill in the bodies.
"""

from __future__ import annotations

from typing import Annotated, Any, NotRequired, TypedDict


class Schema:
    """JSON Schema keywords of the annotated type that Python cannot say."""

    def __init__(self, json_schema_extra: dict[str, Any]) -> None:
        self.json_schema_extra = json_schema_extra


class Booking(TypedDict):
    """
    Attributes:
        room: The room's number.
        nights: How many nights.
    """

    room: str
    nights: Annotated[
        NotRequired[int],
        Schema({"default": 1, "minimum": 1, "maximum": 30}),
    ]


class Functions:
    """Stubs of the tools of tests/golden/inputs/functions.py."""

    @staticmethod
    def convert_temperature(celsius: float, scale: str = "fahrenheit") -> float:
        """Convert a temperature from Celsius.

        Args:
            celsius: The temperature in degrees Celsius.
            scale: The scale to convert to.

        Returns:
            The converted temperature.
        """
        raise NotImplementedError

    @staticmethod
    async def fetch_title(url: str) -> str:
        """The title of a web page.

        Args:
            url: The page's address.
        """
        raise NotImplementedError

    @staticmethod
    def greet(name: Annotated[str, Schema({"minLength": 1})]) -> str:
        """Greet someone by name.

        Args:
            name: Who to greet.
        """
        raise NotImplementedError

    @staticmethod
    def book_room(booking: Booking) -> str:
        """Book a room.

        Args:
            booking: What to book.
        """
        raise NotImplementedError

    @staticmethod
    def list_namespaced_horizontal_pod_autoscaler_for_all_namespaces_with_http_info(
        namespace: str,
    ) -> list[str]:
        """List the horizontal pod autoscalers of a namespace.

        Args:
            namespace: The namespace.
        """
        raise NotImplementedError
