"""Typed stubs of the tools in openai-strict.json, written by toolsinspector.

Inspecting this module gives the same tool schemas back; fill in the bodies.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any


class Schema:
    """JSON Schema keywords of the annotated type that Python cannot say."""

    def __init__(self, json_schema_extra: dict[str, Any]) -> None:
        self.json_schema_extra = json_schema_extra


@dataclass
class Booking:
    """
    Attributes:
        room: The room's number.
        nights: How many nights. (default: 1)
    """

    room: str
    nights: Annotated[int | None, Schema({"minimum": 1, "maximum": 30})]


class Tools:
    """Stubs of tools."""

    def convert_temperature(self, celsius: float, scale: str | None) -> Any:
        """Convert a temperature from Celsius.

        Args:
            celsius: The temperature in degrees Celsius.
            scale: The scale to convert to. (default: "fahrenheit")
        """
        raise NotImplementedError

    def fetch_title(self, url: str) -> Any:
        """The title of a web page.

        Args:
            url: The page's address.
        """
        raise NotImplementedError

    def greet(self, name: str) -> Any:
        """Greet someone by name.

        Args:
            name: Who to greet. (at least 1 character)
        """
        raise NotImplementedError

    def book_room(
        self,
        booking: Annotated[Booking, Schema({"additionalProperties": False})],
    ) -> Any:
        """Book a room.

        Args:
            booking: What to book.
        """
        raise NotImplementedError

    def list_namespaced_horizontal_pod_autoscaler_for_all_names_e20621fe(
        self,
        namespace: str,
    ) -> Any:
        """List the horizontal pod autoscalers of a namespace.

        Args:
            namespace: The namespace.
        """
        raise NotImplementedError
