"""Classes served by the serve tests: timing, hostile methods, a constructor with arguments."""

from __future__ import annotations

import asyncio
import math
import sys
import time
from typing import Annotated

from inspector import Injected


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

    def measure(self) -> float:
        """Return NaN, which no JSON number is (inside an array it would be null)."""
        return math.nan


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


class Ledger:
    """A service bound to the thread that made it: a sqlite3 connection opened in __init__."""

    def __init__(self) -> None:
        import sqlite3

        self.db = sqlite3.connect(":memory:")
        self.db.execute("create table entries (text text)")

    def add(self, text: str) -> int:
        """Add an entry.

        Args:
            text: The entry.

        Returns:
            How many entries there are.
        """
        self.db.execute("insert into entries values (?)", (text,))
        return int(self.db.execute("select count(*) from entries").fetchone()[0])

    def entries(self) -> list[str]:
        """Every entry.

        Returns:
            The entries, oldest first.
        """
        return [row[0] for row in self.db.execute("select text from entries")]


class Account:
    """Tools the host controls: a value the host gives, a destructive call, results to convert."""

    def whoami(
        self, client: Annotated[str, Injected("client_id")], org: Annotated[str, Injected()]
    ) -> str:
        """Who is calling.

        Args:
            client: The authenticated client (given by the server).
            org: The organisation (given by --context).

        Returns:
            The caller.
        """
        return f"{client}@{org}"

    def close(self) -> str:
        """Close the account.

        Returns:
            "closed".
        """
        return "closed"

    def numbers(self) -> list[float]:
        """Numbers from NumPy.

        Returns:
            The numbers.
        """
        import numpy

        return numpy.arange(3) * 0.5  # type: ignore[no-any-return]

    def report(self) -> str:
        """A long report.

        Returns:
            The report.
        """
        return "line\n" * 40
