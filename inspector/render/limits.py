"""``render --report``: what each tool costs on every request, and the provider limits it passes."""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import dataclass

from inspector.diagnostics import Diagnostic, Level
from inspector.model import Json, JsonObject, ToolDescriptor
from inspector.providers.schema_walk import all_nodes, items_of, object_values, types_of
from inspector.providers.strict import OPENAI


@dataclass(frozen=True)
class Limits:
    """A provider's documented limits (None: none known)."""

    max_tools: int | None = None
    max_description: int | None = None
    strict_properties: int | None = None
    strict_enum_values: int | None = None
    strict_tools: int | None = None
    strict_optional: int | None = None
    strict_unions: int | None = None


_OPENAI = Limits(
    max_tools=128,
    max_description=1024,
    strict_properties=OPENAI.max_properties,  # across all strict schemas of a request; each
    strict_enum_values=OPENAI.max_enum_values,  # schema's own limits make it non-strict
)
LIMITS = {
    "openai": _OPENAI,
    "openai-responses": _OPENAI,
    "anthropic": Limits(strict_tools=20, strict_optional=24, strict_unions=16),
}


def tool_entries(document: Json) -> list[JsonObject]:
    """The per-tool entries of a rendered file: a list, or the one list inside an object."""
    if isinstance(document, list):
        return [e for e in document if isinstance(e, dict)]
    if isinstance(document, dict):
        lists = [v for v in document.values() if isinstance(v, list)]
        if len(lists) == 1:
            return [e for e in lists[0] if isinstance(e, dict)]
    return []


def estimate_tokens(characters: int) -> int:
    """A rough token count: about four characters of JSON per token."""
    return math.ceil(characters / 4)


def size_report(
    provider: str, text: str, tools: list[ToolDescriptor]
) -> tuple[list[str], list[Diagnostic]]:
    """A table of characters and estimated tokens per tool, and warnings past known limits."""
    entries = tool_entries(json.loads(text))
    lines = [f"{provider}: {'tool':<32} {'chars':>8} {'~tokens':>8}"]
    total = 0
    for tool, entry in zip(tools, entries, strict=False):
        size = len(json.dumps(entry, ensure_ascii=False, separators=(",", ":")))
        total += size
        lines.append(f"{provider}: {tool.name:<32} {size:>8} {estimate_tokens(size):>8}")
    lines.append(
        f"{provider}: {'total (' + str(len(entries)) + ' tools)':<32} {total:>8} "
        f"{estimate_tokens(total):>8}"
    )
    return lines, _limit_warnings(provider, entries, tools)


def _limit_warnings(
    provider: str, entries: list[JsonObject], tools: list[ToolDescriptor]
) -> list[Diagnostic]:
    limits = LIMITS.get(provider)
    if limits is None:
        return []
    warnings: list[Diagnostic] = []

    def warn(message: str, tool: ToolDescriptor | None = None) -> None:
        path, line, subject = "", 0, ""
        if tool is not None:
            path, line = tool.path_and_line
            subject = f"{tool.class_name}.{tool.method_name}"
        warnings.append(Diagnostic(Level.WARNING, f"{provider}: {message}", path, line, subject))

    if limits.max_tools is not None and len(entries) > limits.max_tools:
        warn(f"{len(entries)} tools; at most {limits.max_tools} are accepted in one request")
    for tool in tools:
        if limits.max_description and len(tool.description) > limits.max_description:
            warn(
                f"description has {len(tool.description)} characters; some models reject more "
                f"than {limits.max_description}",
                tool,
            )
    strict = [(t, _schema_of(e)) for t, e in zip(tools, entries, strict=False) if _is_strict(e)]
    _strict_warnings(limits, strict, warn)
    return warnings


def _strict_warnings(
    limits: Limits,
    strict: list[tuple[ToolDescriptor, JsonObject]],
    warn: Callable[..., None],
) -> None:
    if limits.strict_tools is not None and len(strict) > limits.strict_tools:
        warn(f"{len(strict)} strict tools; at most {limits.strict_tools} per request")
    nodes = [node for _, schema in strict for node in all_nodes(schema)]
    properties = [p for node in nodes for p in object_values(node.get("properties")).items()]
    optional = sum(
        1
        for node in nodes
        for name in object_values(node.get("properties"))
        if name not in items_of(node.get("required"))
    )
    unions = sum(1 for _, p in properties if "anyOf" in p or len(types_of(p)) > 1)
    enum_values = sum(len(items_of(n.get("enum"))) for n in nodes)
    checks = [
        (limits.strict_properties, len(properties), "object properties across strict schemas"),
        (limits.strict_enum_values, enum_values, "enum values across strict schemas"),
        (limits.strict_optional, optional, "optional parameters across strict schemas"),
        (limits.strict_unions, unions, "parameters with unions across strict schemas"),
    ]
    for limit, found, what in checks:
        if limit is not None and found > limit:
            warn(f"{found} {what}; at most {limit}")


def _is_strict(entry: JsonObject) -> bool:
    inner = entry.get("function") or entry.get("toolSpec") or entry
    return isinstance(inner, dict) and inner.get("strict") is True


def _schema_of(entry: JsonObject) -> JsonObject:
    inner = entry.get("function") if isinstance(entry.get("function"), dict) else entry
    assert isinstance(inner, dict)
    for key in ("parameters", "input_schema"):
        value = inner.get(key)
        if isinstance(value, dict):
            return value
    return {}
