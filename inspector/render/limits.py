"""``render --report``: what each tool costs on every request, and the provider limits it passes."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import orjson

from inspector import codes
from inspector.diagnostics import Diagnostic, Level
from inspector.model import Json, JsonObject, ToolDescriptor
from inspector.providers.limits import Limits, StrictUsage, exceeded, renamed, strict_usage
from inspector.providers.registry import find
from inspector.providers.schema_walk import compact_json, object_values, used_definitions


def tool_entries(document: Json) -> list[JsonObject]:
    """The per-tool entries of a rendered file: a list, or the one list inside an object (not
    Bedrock's ``cachePoint``, which marks where a prompt cache ends)."""
    entries: list[Json] = []
    if isinstance(document, list):
        entries = document
    elif isinstance(document, dict):
        lists = [v for v in document.values() if isinstance(v, list)]
        if len(lists) == 1:
            entries = lists[0]
    return [e for e in entries if isinstance(e, dict) and set(e) != {"cachePoint"}]


CHARACTERS_PER_TOKEN = 4
"""The token estimate's ratio: tokenizers of current models (BPE, about 100,000 to 200,000
entries) give about four characters of English text per token and somewhat fewer of JSON, so
the estimate is rough and rather low for schema-heavy tools; no tokenizer ships with its
vocabulary in a package that needs no download."""

MAX_TOOL_TOKENS = 2_000
"""The default budget of one tool's definition (``max_tool_tokens``)."""
MAX_FILE_TOKENS = 20_000
"""The default budget of a whole file (``max_file_tokens``): every request that sends the tools
pays it; about a tenth of a 200,000-token context, or 130 tools of 150 tokens."""


def estimate_tokens(characters: int) -> int:
    """A rough token count of compact JSON: ``CHARACTERS_PER_TOKEN`` characters per token."""
    return math.ceil(characters / CHARACTERS_PER_TOKEN)


@dataclass(frozen=True)
class Budget:
    """How many tokens (estimated) a tool's definition and a whole file may take before a
    warning; 0 turns a budget off.

    Attributes:
        max_tool_tokens: One tool's entry in the file.
        max_file_tokens: Every entry of the file together.
    """

    max_tool_tokens: int = MAX_TOOL_TOKENS
    max_file_tokens: int = MAX_FILE_TOKENS


def compact_length(value: object) -> int:
    """The characters of ``value`` as compact JSON, written by orjson (five times as fast as
    the standard library's encoder, which took 5 % of a render of 20,000 tools), or by the
    standard library where orjson refuses it (a lone surrogate, an integer past 64 bits)."""
    try:
        return len(orjson.dumps(value).decode("utf-8"))
    except orjson.JSONEncodeError:
        return len(compact_json(value))


@dataclass
class EntrySizes:
    """What the size report and the limits need of a file's tool entries, counted one by one:
    their count, each one's compact size (for the table only) and the strict usage."""

    table: bool
    count: int = 0
    sizes: list[int] = field(default_factory=list)
    usage: StrictUsage = field(default_factory=StrictUsage)

    entries: list[JsonObject] = field(default_factory=list)

    def add(self, entry: JsonObject) -> None:
        """Count one tool entry of the rendered file."""
        self.count += 1
        self.sizes.append(compact_length(entry))
        self.entries.append(entry)
        if _is_strict(entry):
            self.usage += strict_usage(_schema_of(entry))


def size_report(
    provider: str,
    document: Json,
    tools: list[ToolDescriptor],
    template_dirs: Sequence[Path] = (),
    *,
    table: bool = True,
    budget: Budget | None = None,
    left_out: int = 0,
    deferred: frozenset[str] = frozenset(),
) -> tuple[list[str], list[Diagnostic]]:
    """A table of characters and estimated tokens per tool of a rendered file (parsed; none
    unless ``table``), and warnings past the provider's per-request limits (a strict render
    stays within the strict ones; a template that sets ``strict`` itself may not) and past the
    token ``budget`` (default ``Budget()``). ``left_out``: included tools the file leaves out
    (deferred, or nested too deeply: their own warnings say how to offer them), so that an
    empty file is not taken for a request to send without tools. ``deferred``: the names of
    the tools the file marks to load on demand, which the file's budget does not count."""
    sizes = EntrySizes(table)
    for entry in tool_entries(document):
        sizes.add(entry)
    warnings = _limit_warnings(
        provider, find(provider, template_dirs).provider.limits, sizes, tools, left_out
    )
    warnings += _budget_warnings(provider, budget or Budget(), sizes, tools, deferred)
    table_lines = _size_table(provider, sizes, tools, deferred) if sizes.table else []
    return table_lines, warnings


def _size_table(
    provider: str, sizes: EntrySizes, tools: list[ToolDescriptor], deferred: frozenset[str]
) -> list[str]:
    listed = tools[: len(sizes.sizes)]
    last = f"total ({sizes.count} tools)"
    width = max([32, len(last), *(len(tool.name) for tool in listed)])  # columns stay aligned
    lines = [f"{provider}: {'tool':<{width}} {'chars':>8} {'~tokens':>8}"]
    total = 0
    for tool, size in zip(listed, sizes.sizes, strict=False):
        total += size
        mark = "  (deferred)" if tool.name in deferred else ""
        line = f"{provider}: {tool.name:<{width}} {size:>8} {estimate_tokens(size):>8}{mark}"
        lines.append(line)
    # the tool search tool, when the file has one, is the entry past the tools
    total += sum(sizes.sizes[len(listed) :])
    lines.append(f"{provider}: {last:<{width}} {total:>8} {estimate_tokens(total):>8}")
    if deferred:
        front = total - _deferred_size(listed, sizes.sizes, deferred)
        up_front = f"up front ({sizes.count - len(deferred)} tools)"
        lines.append(f"{provider}: {up_front:<{width}} {front:>8} {estimate_tokens(front):>8}")
    return lines


def _deferred_size(tools: list[ToolDescriptor], sizes: list[int], deferred: frozenset[str]) -> int:
    """The characters of the deferred tools' entries: none is in the model's context before a
    search finds it, so no request pays for them up front."""
    return sum(size for tool, size in zip(tools, sizes, strict=False) if tool.name in deferred)


def _limit_warnings(
    provider: str,
    limits: Limits,
    sizes: EntrySizes,
    tools: list[ToolDescriptor],
    left_out: int = 0,
) -> list[Diagnostic]:
    warnings: list[Diagnostic] = []

    def warn(code: str, message: str, tool: ToolDescriptor | None = None) -> None:
        path, line, subject = "", 0, ""
        if tool is not None:
            path, line = tool.path_and_line
            subject = f"{tool.class_name}.{tool.method_name}"
        named = renamed(tool) if tool is not None else ""
        warnings.append(
            Diagnostic(Level.WARNING, f"{named}{provider}: {message}", path, line, subject, code)
        )

    if limits.max_tools is not None and sizes.count > limits.max_tools:
        warn(
            codes.TOO_MANY_TOOLS,
            f"{sizes.count} tools; at most {limits.max_tools} are accepted in one request",
        )
    if limits.refuses_empty and not sizes.count and not left_out:
        warn(
            codes.EMPTY_TOOL_LIST,
            "no tool: the API refuses an empty tool list; send the request without tools",
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


def _budget_warnings(
    provider: str,
    budget: Budget,
    sizes: EntrySizes,
    tools: list[ToolDescriptor],
    deferred: frozenset[str],
) -> list[Diagnostic]:
    """A warning per tool over ``max_tool_tokens`` naming its largest parameters and what would
    cut them; one for the file over ``max_file_tokens`` (the tools sent up front: not the
    deferred ones) naming its largest tools that are not deferred."""
    warnings: list[Diagnostic] = []
    measured = list(zip(tools, sizes.sizes, sizes.entries, strict=False))
    for tool, size, entry in measured:
        tokens = estimate_tokens(size)
        if budget.max_tool_tokens and tokens > budget.max_tool_tokens:
            path, line = tool.path_and_line
            message = (
                f"{renamed(tool)}{provider}: about {tokens:,} tokens, over max_tool_tokens "
                f"({budget.max_tool_tokens:,}){_largest_parts(tool, entry, size)}"
            )
            warnings.append(
                Diagnostic(
                    Level.WARNING,
                    message,
                    path,
                    line,
                    f"{tool.class_name}.{tool.method_name}",
                    codes.TOOL_OVER_BUDGET,
                )
            )
    total = estimate_tokens(sum(sizes.sizes) - _deferred_size(tools, sizes.sizes, deferred))
    if budget.max_file_tokens and total > budget.max_file_tokens:
        up_front = [m for m in measured if m[0].name not in deferred]
        largest = sorted(up_front, key=lambda m: -m[1])[:3]
        named = ", ".join(f"{t.name} (~{estimate_tokens(s):,})" for t, s, _ in largest)
        counted = f"{sizes.count} tools"
        if deferred:
            later = f"{len(deferred)} deferred tool{'s' if len(deferred) > 1 else ''}"
            counted = (
                f"{sizes.count - len(deferred)} tools sent up front ({later}, loaded on demand, "
                "not counted)"
            )
        message = (
            f"{provider}: the file is about {total:,} tokens for {counted}, over "
            f"max_file_tokens ({budget.max_file_tokens:,}), paid by every request that sends "
            f"it; largest tools: {named}; set tools false in the classification file or "
            'load them on demand ("defer": true)'
        )
        warnings.append(Diagnostic(Level.WARNING, message, code=codes.FILE_OVER_BUDGET))
    return warnings


def _largest_parts(tool: ToolDescriptor, entry: JsonObject, size: int) -> str:
    """What makes a tool entry large, and what cuts it: its parameters (``_largest_parameters``)
    unless its description or what is left (a result's schema: MCP's ``outputSchema``, Hugging
    Face's ``return``) is larger than they are."""
    parameters = compact_length(_schema_of(entry))
    description = _inner(entry).get("description")
    described = compact_length(description) if isinstance(description, str) else 0
    rest = size - parameters - described
    if rest > max(parameters, described):
        return (
            f"; most of it (~{estimate_tokens(rest):,}) is the schema of its result, which the "
            "method's return type makes (a narrower return type cuts it)"
        )
    if described > parameters:
        return (
            f"; most of it (~{estimate_tokens(described):,}) is its description: a shorter "
            '"description" in the classification file cuts it'
        )
    return _largest_parameters(tool, entry)


def _largest_parameters(tool: ToolDescriptor, entry: JsonObject) -> str:
    """``; largest parameters: body ~30,000, ...; the classification file cuts them: "fixed"
    (required: body), ...``: the three costliest parameters of the rendered schema (with the
    definitions they use) and the classification key that removes each (an optional one can be
    hidden, a required one needs a fixed value)."""
    schema = _schema_of(entry)
    properties = object_values(schema.get("properties"))
    if not properties:
        return ""
    definitions = object_values(schema.get("$defs"))
    required = schema.get("required")
    wanted = {f.name for f in tool.parameters if f.required}
    if isinstance(required, list):
        wanted |= {r for r in required if isinstance(r, str)}
    costs = []
    for name, prop in properties.items():
        used = used_definitions(prop, definitions) if definitions else {}
        costs.append(
            (compact_length(prop) + compact_length(used) if used else compact_length(prop), name)
        )
    costs.sort(key=lambda c: (-c[0], c[1]))
    largest = costs[:3]
    named = ", ".join(f"{name} ~{estimate_tokens(size):,}" for size, name in largest)
    fixed = [name for _, name in largest if name in wanted]
    hidden = [name for _, name in largest if name not in wanted]
    keys = [
        f'"{key}" ({why}: {", ".join(names)})'
        for key, why, names in (("fixed", "required", fixed), ("hidden", "optional", hidden))
        if names
    ]
    return f"; largest parameters: {named}; the classification file cuts them: {', '.join(keys)}"


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
    input_schema = inner.get("inputSchema")  # Bedrock's holds it under "json"; MCP's is it
    for value in (
        inner.get("parameters"),
        inner.get("parametersJsonSchema"),
        inner.get("input_schema"),
        input_schema.get("json") if isinstance(input_schema, dict) else None,
        input_schema,
    ):
        if isinstance(value, dict):
            return value
    return {}
