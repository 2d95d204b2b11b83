"""The named filters templates call: each provider's dialect work, reported as diagnostics."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field

from inspector.diagnostics import Diagnostic, Level
from inspector.model import JsonObject, ToolDescriptor
from inspector.providers.gemini import gemini_json_schema_parameters, gemini_parameters
from inspector.providers.huggingface import huggingface_parameters, huggingface_return
from inspector.providers.mcp import mcp_output_schema, mcp_title
from inspector.providers.ollama import ollama_parameters
from inspector.providers.schema_walk import DialectResult
from inspector.providers.strict import ANTHROPIC, OPENAI, StrictProfile, strict_parameters


@dataclass
class Collector:
    """Diagnostics raised by filters while a template renders (each once)."""

    diagnostics: list[Diagnostic] = field(default_factory=list)

    def add(self, level: Level, tool: ToolDescriptor, message: str) -> None:
        """Record a diagnostic located at the tool's method."""
        path, line = tool.path_and_line
        diagnostic = Diagnostic(level, message, path, line, f"{tool.class_name}.{tool.method_name}")
        if diagnostic not in self.diagnostics:
            self.diagnostics.append(diagnostic)


def tojson(value: object) -> str:
    """JSON for templates; unlike Jinja's own filter it does not HTML-escape ``<>&'``."""
    return json.dumps(value, ensure_ascii=False)


def make_filters(collector: Collector) -> dict[str, Callable[..., object]]:
    """Every filter, bound to one render's collector."""

    def report(tool: ToolDescriptor, label: str, result: DialectResult) -> None:
        if result.notes:
            moved = "; ".join(result.notes)
            collector.add(Level.INFO, tool, f"{label}: moved into descriptions: {moved}")
        for problem in result.problems:
            collector.add(Level.WARNING, tool, f"{label}: {problem}")

    def strict_filter(profile: StrictProfile, label: str) -> Callable[..., DialectResult]:
        def parameters(tool: ToolDescriptor, strict: bool = False) -> DialectResult:
            """``.schema``: the parameters; ``.conforms``: whether ``strict`` may be set."""
            if not strict:
                return DialectResult(tool.parameters_schema())
            result = strict_parameters(tool, profile)
            if result.notes:
                moved = "; ".join(result.notes)
                collector.add(Level.INFO, tool, f"{label} strict: moved into descriptions: {moved}")
            if result.conforms:
                return result
            for problem in result.problems:
                collector.add(
                    Level.WARNING,
                    tool,
                    f'cannot be strict for {label}: {problem}; rendered without "strict"',
                )
            return DialectResult(tool.parameters_schema(), conforms=False)

        return parameters

    def plain_filter(
        function: Callable[[ToolDescriptor], DialectResult], label: str
    ) -> Callable[[ToolDescriptor], DialectResult]:
        def parameters(tool: ToolDescriptor) -> DialectResult:
            result = function(tool)
            report(tool, label, result)
            return result

        return parameters

    def description_or_name(tool: ToolDescriptor) -> str:
        """The description, or the name when there is none (for providers that need text)."""
        if tool.description:
            return tool.description
        collector.add(Level.WARNING, tool, "no description; the tool name is used instead")
        return tool.name

    def json_schema(tool: ToolDescriptor) -> JsonObject:
        return tool.parameters_schema()

    return {
        "tojson": tojson,
        "json_schema": json_schema,
        "openai_parameters": strict_filter(OPENAI, "OpenAI"),
        "anthropic_parameters": strict_filter(ANTHROPIC, "Anthropic"),
        "gemini_parameters": plain_filter(gemini_parameters, "Gemini"),
        "gemini_json_schema": plain_filter(gemini_json_schema_parameters, "Gemini"),
        "ollama_parameters": plain_filter(ollama_parameters, "Ollama"),
        "huggingface_parameters": plain_filter(huggingface_parameters, "Hugging Face"),
        "huggingface_return": huggingface_return,
        "mcp_output_schema": mcp_output_schema,
        "mcp_title": mcp_title,
        "description_or_name": description_or_name,
    }
