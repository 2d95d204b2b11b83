"""The parameters schema of the recent tools, made once and shared by every reader
(``shared_parameters_schema``)."""

from __future__ import annotations

from inspector.model import JsonObject, Schemas, ToolDescriptor
from inspector.recent import RecentByIdentity

SHARED_SCHEMAS = 1024
"""How many tools' shared schemas are kept at most (half as many at least): the recent ones,
which the filters of one template ask for again, and so do the other providers rendered side by
side (which run a few hundred tools apart at most)."""
_types: list[Schemas] = [Schemas()]
_types_used = [0]


def _type_schemas() -> Schemas:
    """The parameter types' schemas the shared schemas are made of (equal types read from one
    tools.json are one object: each type's schema is made once), a new ``Schemas`` every
    ``SHARED_SCHEMAS`` tools so that it keeps only the recent types alive."""
    _types_used[0] += 1
    if _types_used[0] > SHARED_SCHEMAS:
        _types[0], _types_used[0] = Schemas(), 0
    return _types[0]


_shared: RecentByIdentity[ToolDescriptor, JsonObject] = RecentByIdentity(
    lambda tool: tool.parameters_schema(_type_schemas()), SHARED_SCHEMAS // 2
)


def shared_parameters_schema(tool: ToolDescriptor) -> JsonObject:
    """``tool.parameters_schema()`` built once for the recent tools and shared by every caller,
    which must therefore not change it (nor anything in it): a provider's dialect copies what it
    rewrites. Keyed by the tool's identity (a tool is immutable)."""
    return _shared(tool)
