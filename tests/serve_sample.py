"""Classes served by the serve tests: timing, hostile methods, a constructor with arguments."""

from __future__ import annotations

import asyncio
import sys
import time


class Clock:
    """Methods that take their time."""

    def sleep(self, seconds: float) -> float:
        """Block the calling thread.

        Args:
            seconds: How long.

        Returns:
            The seconds slept.
        """
        time.sleep(seconds)
        return seconds

    async def pause(self, seconds: float) -> float:
        """Wait without blocking.

        Args:
            seconds: How long.

        Returns:
            The seconds waited.
        """
        await asyncio.sleep(seconds)
        return seconds


class Hostile:
    """Methods that misbehave."""

    def leave(self) -> int:
        """Exit the process."""
        sys.exit(3)

    def shout(self) -> str:
        """Print to stdout, the MCP channel on stdio."""
        print("noise on stdout")
        return "ok"

    def fail(self) -> int:
        """Raise."""
        raise RuntimeError("broken on purpose")

    def lie(self) -> int:
        """Return a text although an integer is declared."""
        return "not a number"  # type: ignore[return-value]


class Greeter:
    """A service whose constructor needs an argument."""

    def __init__(self, greeting: str) -> None:
        self.greeting = greeting

    def greet(self, name: str) -> str:
        """Greet someone.

        Args:
            name: Who.

        Returns:
            The greeting.
        """
        return f"{self.greeting}, {name}!"


def make_greeter() -> Greeter:
    """The factory the tests name with --factory."""
    return Greeter("Hello")


def make_nothing() -> list[object]:
    """A factory that returns no instance."""
    return []
