"""The catalog: every inspected method grouped by class (what tools.json holds)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from inspector.model import ToolDescriptor


@dataclass(frozen=True, slots=True)
class CatalogClass:
    """One inspected class.

    Attributes:
        key: The class's key in tools.json and the classification file (its name, or
            ``module.Name`` when two classes share a name).
        source: The target that named it (``file.py:Class``, ``package.module:Class``); for
            a module's functions named by several targets (``mod.py:add mod.py:sub``), the
            module (``mod.py``).
        tools: Its methods' tools, in source order.
        function_group: Whether the group is a module's functions (keyed by the module's
            dotted name) rather than a class.
    """

    key: str
    source: str
    tools: tuple[ToolDescriptor, ...]
    function_group: bool = False


@dataclass(frozen=True, slots=True)
class Catalog:
    """Every inspected method, grouped by class, in source order: what tools.json holds.

    Attributes:
        classes: The inspected classes.
        failed_targets: Targets of the scan that could not be imported or resolved (not
            written to tools.json).
        stub_sources: The distributions whose stub files gave types, with their versions
            (``("typeshed-client", "2.8.2")``), sorted; none when the code's own hints sufficed.
    """

    classes: tuple[CatalogClass, ...]
    failed_targets: tuple[str, ...] = ()
    stub_sources: tuple[tuple[str, str], ...] = ()

    def tools(self) -> Iterator[tuple[str, ToolDescriptor]]:
        """Every tool with its class.

        Returns:
            (class key, tool) pairs in file order.
        """
        for group in self.classes:
            for tool in group.tools:
                yield group.key, tool
