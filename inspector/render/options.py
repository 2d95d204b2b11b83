"""What the user asks of a render besides the provider."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from inspector.model import JsonObject


@dataclass
class RenderOptions:
    """What the user asked for besides the provider."""

    strict: bool = False
    template_dirs: list[Path] = field(default_factory=list)
    gemini_json_schema: bool = False
    annotations: dict[str, JsonObject] = field(default_factory=dict)
    report: bool = False
    """Make the per-tool size table (``render --report``); the limits are checked either way."""
