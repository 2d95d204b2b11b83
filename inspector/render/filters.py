"""The named filters templates call: each provider's dialect work, reported as diagnostics."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field

from inspector.codes import level_of
from inspector.diagnostics import Diagnostic
from inspector.model import JsonObject, ToolDescriptor
from inspector.providers.gemini import gemini_json_schema_parameters, gemini_parameters
from inspector.providers.huggingface import huggingface_parameters, huggingface_return
from inspector.providers.mcp import mcp_output_schema, mcp_title
from inspector.providers.ollama import ollama_parameters
from inspector.providers.schema_walk import DialectResult
from inspector.providers.strict import ANTHROPIC, OPENAI, StrictProfile, strict_parameters


@dataclass
class FilterDiagnostics:
    """The diagnostics filters raise while one template renders (each once)."""

    diagnostics: list[Diagnostic] = field(default_factory=list)
    _seen: set[Diagnostic] = field(default_factory=set)

    def add(self, code: str, tool: ToolDescriptor, message: str) -> None:
        """Record a diagnostic located at the tool's method."""
        path, _, line = tool.location.rpartition(":")
        diagnostic = Diagnostic(
            level_of(code),
            message,
            path,
            int(line) if line.isdigit() else 0,
            f"{tool.class_name}.{tool.method_name}",
            code,
        )
        if diagnostic not in self._seen:
            self._seen.add(diagnostic)
            self.diagnostics.append(diagnostic)


def tojson(value: object) -> str:
    """JSON for templates; unlike Jinja's own filter it does not HTML-escape ``<>&'``."""
    return json.dumps(value, ensure_ascii=False)


def make_filters(diagnostics: FilterDiagnostics) -> dict[str, Callable[..., object]]:
    """Every filter, bound to one render's diagnostics."""

    def plain_filter(
        function: Callable[[ToolDescriptor], DialectResult], label: str
    ) -> Callable[[ToolDescriptor], DialectResult]:
        def parameters(tool: ToolDescriptor) -> DialectResult:
            result = function(tool)
            if result.notes:
                moved = "; ".join(result.notes)
                diagnostics.add("TI402", tool, f"{label}: moved into descriptions: {moved}")
            for problem in result.problems:
                diagnostics.add("TI403", tool, f"{label}: {problem}")
            return result

        return parameters

    def description_or_name(tool: ToolDescriptor) -> str:
        """The description, or the name when there is none (for providers that need text)."""
        if tool.description:
            return tool.description
        diagnostics.add("TI405", tool, "no description; the tool name is used instead")
        return tool.name

    def json_schema(tool: ToolDescriptor) -> JsonObject:
        return tool.parameters_schema()

    return {
        "tojson": tojson,
        "json_schema": json_schema,
        "openai_parameters": _strict_filter(diagnostics, OPENAI, "OpenAI"),
        "anthropic_parameters": _strict_filter(diagnostics, ANTHROPIC, "Anthropic"),
        "gemini_parameters": plain_filter(gemini_parameters, "Gemini"),
        "gemini_json_schema": plain_filter(gemini_json_schema_parameters, "Gemini"),
        "ollama_parameters": plain_filter(ollama_parameters, "Ollama"),
        "huggingface_parameters": plain_filter(huggingface_parameters, "Hugging Face"),
        "huggingface_return": huggingface_return,
        "mcp_output_schema": mcp_output_schema,
        "mcp_title": mcp_title,
        "description_or_name": description_or_name,
    }


def _strict_filter(
    diagnostics: FilterDiagnostics, profile: StrictProfile, label: str
) -> Callable[..., DialectResult]:
    """A ``<provider>_parameters(strict=...)`` filter for one strict profile."""

    def parameters(tool: ToolDescriptor, strict: bool = False) -> DialectResult:
        """``.schema``: the parameters; ``.conforms``: whether ``strict`` may be set."""
        if not strict:
            return DialectResult(tool.parameters_schema())
        result = strict_parameters(tool, profile)
        if result.notes:
            moved = "; ".join(result.notes)
            diagnostics.add("TI402", tool, f"{label} strict: moved into descriptions: {moved}")
        if result.conforms:
            return result
        for problem in result.problems:
            diagnostics.add(
                "TI404",
                tool,
                f'cannot be strict for {label}: {problem}; rendered without "strict"',
            )
        return DialectResult(tool.parameters_schema(), conforms=False)

    return parameters
