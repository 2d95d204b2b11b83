"""What the user asks of a render besides the provider."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from inspector.model import JsonObject
from inspector.render.limits import MAX_FILE_TOKENS, MAX_TOOL_TOKENS

if TYPE_CHECKING:
    from inspector.render.compiled import CompiledTemplates


@dataclass
class RenderOptions:
    """What the user asked of a render besides the provider.

    Attributes:
        strict: Strict schemas where the provider has them (``render --strict``).
        template_dirs: Directories of user templates, in front of the built-in ones
            (``--templates``).
        gemini_json_schema: Gemini: ``parametersJsonSchema`` (JSON Schema) instead of
            ``parameters`` (``--gemini-json-schema``).
        annotations: MCP annotation hints by tool name (``--mcp-annotations``).
        report: Make the per-tool size table (``render --report``); the limits are checked
            either way.
        defer: ``fnmatch`` patterns over tool names: tools to load on demand (``--defer``),
            besides those whose classification entry says ``"defer": true``.
        cache: Prompt-cache markers where the provider has them in its tool list
            (``render --cache``): Anthropic's ``cache_control`` on the last tool, Bedrock's
            ``cachePoint`` after the last tool.
        max_tool_tokens: Warn when a tool's entry is estimated at more tokens (0: never).
        max_file_tokens: Warn when the whole file is estimated at more tokens (0: never).
        compiled: Where compiled templates are kept between renders (a ``Toolbox`` keeps
            one for its life); None compiles the template for this render alone.
    """

    strict: bool = False
    template_dirs: list[Path] = field(default_factory=list)
    gemini_json_schema: bool = False
    annotations: dict[str, JsonObject] = field(default_factory=dict)
    report: bool = False
    defer: list[str] = field(default_factory=list)
    cache: bool = False
    max_tool_tokens: int = MAX_TOOL_TOKENS
    max_file_tokens: int = MAX_FILE_TOKENS
    compiled: CompiledTemplates | None = None
