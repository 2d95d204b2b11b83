"""``render --report``: what each tool costs on every request, and the provider limits it passes."""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from inspector import codes
from inspector.diagnostics import Diagnostic, Level
from inspector.model import Json, JsonObject, ToolDescriptor
from inspector.providers.limits import Limits, StrictUsage, exceeded, strict_usage
from inspector.providers.registry import find


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


_compact = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode


@dataclass
class EntrySizes:
    """What the size report and the limits need of a file's tool entries, counted one by one:
    their count, each one's compact size (for the table only) and the strict usage."""

    table: bool
    count: int = 0
    sizes: list[int] = field(default_factory=list)
    usage: StrictUsage = field(default_factory=StrictUsage)

    def add(self, entry: JsonObject) -> None:
        """Count one tool entry of the rendered file."""
        self.count += 1
        if self.table:
            self.sizes.append(len(_compact(entry)))
        if _is_strict(entry):
            self.usage += strict_usage(_schema_of(entry))


def size_report(
    provider: str,
    document: Json,
    tools: list[ToolDescriptor],
    template_dirs: Sequence[Path] = (),
    *,
    table: bool = True,
) -> tuple[list[str], list[Diagnostic]]:
    """A table of characters and estimated tokens per tool of a rendered file (parsed; none
    unless ``table``), and warnings past the provider's per-request limits (a strict render
    stays within the strict ones; a template that sets ``strict`` itself may not)."""
    sizes = EntrySizes(table)
    for entry in tool_entries(document):
        sizes.add(entry)
    warnings = _limit_warnings(
        provider, find(provider, template_dirs).provider.limits, sizes, tools
    )
    return (_size_table(provider, sizes, tools) if sizes.table else []), warnings


def _size_table(provider: str, sizes: EntrySizes, tools: list[ToolDescriptor]) -> list[str]:
    lines = [f"{provider}: {'tool':<32} {'chars':>8} {'~tokens':>8}"]
    total = 0
    for tool, size in zip(tools, sizes.sizes, strict=False):
        total += size
        lines.append(f"{provider}: {tool.name:<32} {size:>8} {estimate_tokens(size):>8}")
    lines.append(
        f"{provider}: {'total (' + str(sizes.count) + ' tools)':<32} {total:>8} "
        f"{estimate_tokens(total):>8}"
    )
    return lines


def _limit_warnings(
    provider: str, limits: Limits, sizes: EntrySizes, tools: list[ToolDescriptor]
) -> list[Diagnostic]:
    warnings: list[Diagnostic] = []

    def warn(code: str, message: str, tool: ToolDescriptor | None = None) -> None:
        path, line, subject = "", 0, ""
        if tool is not None:
            path, line = tool.path_and_line
            subject = f"{tool.class_name}.{tool.method_name}"
        warnings.append(
            Diagnostic(Level.WARNING, f"{provider}: {message}", path, line, subject, code)
        )

    if limits.max_tools is not None and sizes.count > limits.max_tools:
        warn(
            codes.TOO_MANY_TOOLS,
            f"{sizes.count} tools; at most {limits.max_tools} are accepted in one request",
        )
    for tool in tools:
        if limits.max_description and len(tool.description) > limits.max_description:
            warn(
                codes.DESCRIPTION_TOO_LONG,
                f"description has {len(tool.description)} characters; some models reject more "
                f"than {limits.max_description}",
                tool,
            )
    for counted, text in exceeded(limits, sizes.usage):
        warn(codes.TOO_MANY_STRICT_TOOLS if counted == "tools" else codes.STRICT_TOTALS, text)
    return warnings


def _inner(entry: JsonObject) -> JsonObject:
    """The tool itself inside an envelope (``function``, Bedrock's ``toolSpec``)."""
    for key in ("function", "toolSpec"):
        value = entry.get(key)
        if isinstance(value, dict):
            return value
    return entry


def _is_strict(entry: JsonObject) -> bool:
    return _inner(entry).get("strict") is True


def _schema_of(entry: JsonObject) -> JsonObject:
    inner = _inner(entry)
    bedrock = inner.get("inputSchema")
    for value in (
        inner.get("parameters"),
        inner.get("input_schema"),
        bedrock.get("json") if isinstance(bedrock, dict) else None,
    ):
        if isinstance(value, dict):
            return value
    return {}
