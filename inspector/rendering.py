"""Organize the included tools and render them through a provider's Jinja template."""

from __future__ import annotations

import json
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from inspector.catalog import Catalog
from inspector.classification import Classification, is_included
from inspector.diagnostics import Diagnostic, InspectorError, Level, UsageError
from inspector.dialects import DialectResult, canonical_parameters, openai_strict_parameters
from inspector.files import json_text
from inspector.model import Json, ToolDescriptor
from inspector.providers import NAME_RULES, TEMPLATE_SUFFIX, available, builtin_templates_dir

if TYPE_CHECKING:
    import jinja2


def organize(
    catalog: Catalog, classification: Classification | None, classification_path: Path
) -> tuple[list[ToolDescriptor], list[Diagnostic]]:
    """The included tools, flat, in catalog order."""
    diagnostics: list[Diagnostic] = []
    if classification is None:
        diagnostics.append(
            Diagnostic(
                Level.INFO,
                "no classification file: every method is included",
                str(classification_path),
            )
        )
    tools = []
    for class_key, tool in catalog.tools():
        choice = is_included(classification, class_key, tool.method_name)
        if choice is None and classification is not None:
            diagnostics.append(
                Diagnostic(
                    Level.WARNING,
                    f"{class_key}.{tool.method_name} is not in the classification "
                    "file; included (rescan to record it)",
                    str(classification_path),
                )
            )
        if choice is not False:
            tools.append(tool)
    return tools, diagnostics


@dataclass
class RenderOptions:
    """What the user asked for besides the provider."""

    strict: bool = False
    template_dirs: list[Path] = field(default_factory=list)


@dataclass
class _Collector:
    """Diagnostics raised by filters while a template renders."""

    diagnostics: list[Diagnostic] = field(default_factory=list)

    def add(self, level: Level, tool: ToolDescriptor, message: str) -> None:
        path, _, line = tool.location.rpartition(":")
        self.diagnostics.append(
            Diagnostic(
                level,
                message,
                path,
                int(line) if line.isdigit() else 0,
                f"{tool.class_name}.{tool.method_name}",
            )
        )


def _tojson(value: object) -> str:
    """JSON for templates; unlike Jinja's own filter it does not HTML-escape ``<>&'``."""
    return json.dumps(value, ensure_ascii=False)


def _filters(collector: _Collector) -> dict[str, Callable[..., object]]:
    def openai_parameters(tool: ToolDescriptor, strict: bool = False) -> DialectResult:
        """``.schema``: the parameters; ``.conforms``: whether ``"strict": true`` may be set."""
        if not strict:
            return DialectResult(canonical_parameters(tool))
        result = openai_strict_parameters(tool)
        if result.notes:
            moved = "; ".join(result.notes)
            collector.add(Level.INFO, tool, f"strict mode: moved into descriptions: {moved}")
        for problem in result.problems:
            collector.add(
                Level.WARNING, tool, f'cannot be strict: {problem}; rendered without "strict"'
            )
        if not result.conforms:
            return DialectResult(canonical_parameters(tool), conforms=False)
        return result

    return {
        "tojson": _tojson,
        "json_schema": canonical_parameters,
        "openai_parameters": openai_parameters,
    }


def environment(template_dirs: list[Path], collector: _Collector) -> jinja2.Environment:
    """A Jinja environment: the user's directories first, then the built-in templates."""
    import jinja2

    loaders: list[jinja2.BaseLoader] = [jinja2.FileSystemLoader(d) for d in template_dirs]
    loaders.append(jinja2.FileSystemLoader(builtin_templates_dir()))
    env = jinja2.Environment(
        loader=jinja2.ChoiceLoader(loaders),
        autoescape=False,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters.update(_filters(collector))
    return env


def check_names(provider: str, tools: list[ToolDescriptor]) -> None:
    """Every name obeys the provider's rule and is unique; otherwise an error naming the method."""
    rule = NAME_RULES.get(provider)
    seen: dict[str, ToolDescriptor] = {}
    for tool in tools:
        subject = f"{tool.location}: {tool.class_name}.{tool.method_name}"
        if rule is not None and not rule.pattern.fullmatch(tool.name):
            raise InspectorError(
                f"{subject}: tool name {tool.name!r} breaks {provider}'s rule ({rule.text})"
            )
        if tool.name in seen:
            other = seen[tool.name]
            raise InspectorError(
                f"{subject}: tool name {tool.name!r} is also used by "
                f"{other.class_name}.{other.method_name}"
            )
        seen[tool.name] = tool


def render(
    provider: str, tools: list[ToolDescriptor], options: RenderOptions
) -> tuple[str, list[Diagnostic]]:
    """The provider's file for these tools, as checked and normalized JSON text."""
    names = [p.name for p in available(options.template_dirs)]
    if provider not in names:
        raise UsageError(f"unknown provider {provider!r}; available: {', '.join(names)}")
    check_names(provider, tools)
    import jinja2

    collector = _Collector()
    env = environment(options.template_dirs, collector)
    template_name = f"{provider}{TEMPLATE_SUFFIX}"
    try:
        text = env.get_template(template_name).render(tools=tools, strict=options.strict)
    except jinja2.TemplateError as error:
        line = getattr(error, "lineno", None) or _template_line(error, template_name)
        where = f"{template_name}:{line}" if line else template_name
        raise InspectorError(f"template {where}: {error}") from None
    return json_text(_parse_rendered(text, template_name)), collector.diagnostics


def _template_line(error: BaseException, template_name: str) -> int | None:
    """The template line of a render-time error: Jinja puts template frames in tracebacks."""
    lines = [
        frame.lineno
        for frame in traceback.extract_tb(error.__traceback__)
        if frame.filename.endswith(template_name)
    ]
    return lines[-1] if lines else None


def _parse_rendered(text: str, template_name: str) -> Json:
    try:
        parsed: Json = json.loads(text)
    except json.JSONDecodeError as error:
        bad_line = text.splitlines()[error.lineno - 1] if text.splitlines() else ""
        raise InspectorError(
            f"template {template_name} rendered invalid JSON at output line {error.lineno}, "
            f"column {error.colno}: {error.msg}\n    {bad_line.strip()[:200]}"
        ) from None
    return parsed
