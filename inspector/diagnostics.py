"""Diagnostics are data: gathered while scanning and rendering, printed by the command line."""

from __future__ import annotations

import contextlib
import enum
import sys
from collections.abc import Iterator
from dataclasses import dataclass


class Level(enum.Enum):
    """How serious a diagnostic is; errors make the command exit 1."""

    INFO = "info"
    WARNING = "warning"
    ERROR = "error"


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One message about one place: ``path:line: level: Class.method: message``."""

    level: Level
    message: str
    path: str = ""
    line: int = 0
    subject: str = ""

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}" if self.line else self.path
        head = f"{where}: " if where else ""
        subject = f"{self.subject}: " if self.subject else ""
        return f"{head}{self.level.value}: {subject}{self.message}"


class InspectorError(Exception):
    """A failure that stops a command (bad file, bad target); exit status 1."""


class UsageError(InspectorError):
    """The command was called wrongly; exit status 2."""


def has_errors(diagnostics: list[Diagnostic]) -> bool:
    """Whether any diagnostic is an error."""
    return any(d.level is Level.ERROR for d in diagnostics)


RECURSION_LIMIT = 20_000
"""Deep types (hundreds of nested classes) need more than Python's default 1,000 frames."""


@contextlib.contextmanager
def deep_recursion() -> Iterator[None]:
    """Raise the recursion limit for the duration (never lower it), then restore it."""
    before = sys.getrecursionlimit()
    sys.setrecursionlimit(max(before, RECURSION_LIMIT))
    try:
        yield
    finally:
        sys.setrecursionlimit(before)
