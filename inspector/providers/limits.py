"""Per-request limits: what a provider documents, what the strict tools of one request use, and
the budget that keeps a render within them by dropping ``strict`` from the tools that do not fit."""

from __future__ import annotations

from dataclasses import dataclass, field

from inspector.diagnostics import LISTED, SHOWN, listed
from inspector.model import JsonObject, ToolDescriptor
from inspector.providers.schema_walk import (
    SUB_SCHEMA_KEYS,
    count,
    items_of,
    object_values,
    sub_schemas,
    types_of,
)


@dataclass(frozen=True, slots=True)
class Limits:
    """A provider's documented limits per request (None: none known; ``refuses_empty``: the API
    refuses a request whose tool list is empty)."""

    max_tools: int | None = None
    max_description: int | None = None
    strict_tools: int | None = None
    strict_properties: int | None = None
    strict_enum_values: int | None = None
    strict_optional: int | None = None
    strict_unions: int | None = None
    refuses_empty: bool = False


@dataclass(frozen=True, slots=True)
class StrictUsage:
    """What strict schemas use of the per-request strict limits."""

    tools: int = 0
    properties: int = 0
    enum_values: int = 0
    optional: int = 0
    unions: int = 0

    def __add__(self, other: StrictUsage) -> StrictUsage:
        return StrictUsage(
            self.tools + other.tools,
            self.properties + other.properties,
            self.enum_values + other.enum_values,
            self.optional + other.optional,
            self.unions + other.unions,
        )


_CHECKS = (
    ("tools", "strict_tools", "strict tools"),
    ("properties", "strict_properties", "object properties across strict schemas"),
    ("enum_values", "strict_enum_values", "enum values across strict schemas"),
    ("optional", "strict_optional", "optional parameters across strict schemas"),
    ("unions", "strict_unions", "parameters with unions across strict schemas"),
)


_COUNTED = frozenset({"enum", "properties", *SUB_SCHEMA_KEYS})
"""A node holding none of these counts nothing and has nothing below it."""


def strict_usage(schema: JsonObject) -> StrictUsage:
    """What one strict tool's parameter schema counts against the per-request limits (one walk
    over its nodes and its definitions')."""
    whole = _counted_usage(schema)
    assert whole is not None  # no room given: counted whole
    return whole


def _counted_usage(schema: JsonObject, room: StrictUsage | None = None) -> StrictUsage | None:
    """The usage of one schema; with ``room``, None as soon as a count goes past it."""
    properties = enum_values = optional = unions = 0
    stack = [schema, *object_values(schema.get("$defs")).values()]
    while stack:
        node = stack.pop()
        if _COUNTED.isdisjoint(node):
            continue
        enum_values += len(items_of(node.get("enum")))
        required = items_of(node.get("required"))
        for name, prop in object_values(node.get("properties")).items():
            properties += 1
            optional += name not in required
            unions += "anyOf" in prop or (
                isinstance(prop.get("type"), list) and len(types_of(prop)) > 1
            )
        if room is not None and (
            properties > room.properties
            or enum_values > room.enum_values
            or optional > room.optional
            or unions > room.unions
        ):
            return None
        stack.extend(sub_schemas(node))
    return StrictUsage(1, properties, enum_values, optional, unions)


def _over(limits: Limits, usage: StrictUsage) -> list[tuple[str, int, int, str]]:
    """Each strict limit the usage goes past: the usage counted (a ``StrictUsage`` field name),
    what is used, the limit, what is counted in words."""
    found = []
    for used_name, limit_name, what in _CHECKS:
        limit, used = getattr(limits, limit_name), getattr(usage, used_name)
        if limit is not None and used > limit:
            found.append((used_name, used, limit, what))
    return found


def exceeded(limits: Limits, usage: StrictUsage) -> list[tuple[str, str]]:
    """Each per-request strict limit the usage goes past: the usage counted (``"tools"`` for
    the number of strict tools, else a total across strict schemas) and the limit in words."""
    return [
        (counted, f"{used} {what}; at most {limit} per request")
        for counted, used, limit, what in _over(limits, usage)
    ]


_UNLIMITED = 1 << 62


@dataclass
class StrictBudget:
    """One render's strict tools: each is admitted, in render order, while the request stays
    within the limits; the others are rendered without ``strict``."""

    limits: Limits
    used: StrictUsage = field(default_factory=StrictUsage)
    decisions: dict[str, bool] = field(default_factory=dict)
    dropped: list[ToolDescriptor] = field(default_factory=list)
    reasons: dict[str, None] = field(default_factory=dict)

    def admit(self, tool: ToolDescriptor, schema: JsonObject) -> bool:
        """Whether the tool's strict schema still fits (the same answer for the same tool)."""
        if tool.name in self.decisions:
            return self.decisions[tool.name]
        usage = _counted_usage(schema, self._room())
        if usage is None:
            self.dropped.append(tool)  # past a limit: every reason it could add is given
            self.decisions[tool.name] = False
            return False
        total = self.used + usage
        over = _over(self.limits, total)
        if over:
            self.dropped.append(tool)
            self.reasons.update((f"at most {limit} {what}", None) for _, _, limit, what in over)
        else:
            self.used = total
        self.decisions[tool.name] = not over
        return not over

    def _room(self) -> StrictUsage | None:
        """What is left of each limit, once every limit a tool can go past has its reason
        given (a tool past one is dropped, and its count can stop there); else None."""
        left = []
        for used_name, limit_name, what in _CHECKS:
            limit = getattr(self.limits, limit_name)
            if limit is None:
                left.append(_UNLIMITED)
            elif f"at most {limit} {what}" not in self.reasons:
                return None
            else:
                left.append(limit - getattr(self.used, used_name))
        tools, properties, enum_values, optional, unions = left
        if tools < 1:
            return StrictUsage(-1, -1, -1, -1, -1)  # no tool fits: any count is past it
        return StrictUsage(tools, properties, enum_values, optional, unions)

    def summary(self, provider: str) -> str | None:
        """One warning naming the tools rendered without ``strict``; None when all fit."""
        if not self.dropped:
            return None
        reasons = "; ".join(self.reasons)
        names = listed(
            (
                f"{t.class_name}.{t.method_name}"
                + (f" (tool {t.name!r})" if t.name != t.method_name else "")
                for t in self.dropped
            ),
            max(LISTED - len(reasons), SHOWN),  # the reasons and the names: one line
            ", ",
        )
        return (
            f'{provider}: {count(len(self.dropped), "tool")} rendered without "strict" to stay '
            f"within the per-request limits ({reasons}): {names}"
        )


def renamed(tool: ToolDescriptor) -> str:
    """``tool 'name': `` for a tool offered under another name than its method's (a rename,
    ``@prefix``, ``Class_method``), which the diagnostic's subject (the classification key)
    does not show; else nothing."""
    return f"tool {tool.name!r}: " if tool.name != tool.method_name else ""
