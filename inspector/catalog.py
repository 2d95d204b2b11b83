"""The catalog: every inspected method grouped by class (what tools.json holds)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from inspector.model import ToolDescriptor


@dataclass(frozen=True, slots=True)
class CatalogClass:
    """One inspected class: its key in the files, the target that named it, its tools."""

    key: str
    source: str
    tools: tuple[ToolDescriptor, ...]


@dataclass(frozen=True, slots=True)
class Catalog:
    """Every inspected method, grouped by class, in source order."""

    classes: tuple[CatalogClass, ...]
    failed_targets: tuple[str, ...] = ()
    """Targets of the scan that could not be imported or resolved (not written to tools.json)."""

    def tools(self) -> Iterator[tuple[str, ToolDescriptor]]:
        """(class key, tool) pairs in file order."""
        for group in self.classes:
            for tool in group.tools:
                yield group.key, tool
