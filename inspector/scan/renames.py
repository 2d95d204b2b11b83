"""The names a class gives its tools and their parameters: ``__tool_names__`` (method → tool
name) and ``__parameter_names__`` (method → {parameter → name in the schema})."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from inspector.model import Field


def renames_of(owner: type, attribute: str) -> dict[str, object]:
    """A class's ``__tool_names__`` (method → tool name) or ``__parameter_names__``
    (method → {parameter → schema name}); anything but a dict counts as none."""
    value = getattr(owner, attribute, None)
    return value if isinstance(value, dict) else {}


class Renames:
    """``renames_of`` a class's two attributes, read once for a run of its methods (a class is
    scanned whole before the next); one per scan."""

    def __init__(self) -> None:
        self._owner: type | None = None
        self._found: tuple[dict[str, object], dict[str, object]] = ({}, {})

    def of(self, owner: type) -> tuple[dict[str, object], dict[str, object]]:
        """The class's ``__tool_names__`` and ``__parameter_names__``."""
        if owner is not self._owner:
            tool_names = renames_of(owner, "__tool_names__")
            self._found = (tool_names, renames_of(owner, "__parameter_names__"))
            self._owner = owner
        return self._found


def schema_name(names: dict[object, object]) -> Callable[[str], str]:
    """A parameter's name in the schema, after ``__parameter_names__``."""

    def rename(name: str) -> str:
        renamed = names.get(name)
        return renamed if isinstance(renamed, str) else name

    return rename


def named_in_schema(
    renamed: object, named: list[str], sources: dict[str, str], uncallable: list[tuple[str, str]]
) -> tuple[tuple[tuple[str, str], ...], tuple[tuple[str, str], ...]]:
    """The type sources and the uncallable parameters, by their names in the schema
    (``renamed``: the method's ``__parameter_names__`` entry)."""
    if not (sources or uncallable):
        return (), ()
    name_in_schema = schema_name(renamed if isinstance(renamed, dict) else {})
    type_sources = tuple((name_in_schema(n), sources[n]) for n in named if n in sources)
    return type_sources, tuple((name_in_schema(n), t) for n, t in uncallable)


def renamed_field(f: Field, names: dict[object, object]) -> Field:
    schema_name = names.get(f.name)
    return replace(f, name=schema_name) if isinstance(schema_name, str) else f
