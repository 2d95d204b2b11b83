"""Render tools through a provider's Jinja template into checked, normalized JSON text."""

from __future__ import annotations

import json
import traceback
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from inspector import codes
from inspector.diagnostics import (
    Diagnostic,
    InspectorError,
    Level,
    UsageError,
    did_you_mean,
)
from inspector.files.jsonfile import json_text
from inspector.model import Json, ToolDescriptor
from inspector.providers.base import Provider
from inspector.providers.limits import StrictBudget
from inspector.providers.registry import (
    TEMPLATE_SUFFIX,
    available,
    builtin_templates_dir,
)
from inspector.render.filters import FilterDiagnostics, make_filters
from inspector.render.options import RenderOptions

if TYPE_CHECKING:
    import jinja2


def environment(
    template_dirs: list[Path],
    found: FilterDiagnostics,
    providers: Sequence[Provider] = (),
    budget: StrictBudget | None = None,
) -> jinja2.Environment:
    """A Jinja environment: the user's directories first, then the built-in templates; the
    shared filters and those of ``providers``."""
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
    env.filters.update(make_filters(found, providers, budget))
    return env


def check_names(provider: Provider, tools: list[ToolDescriptor]) -> None:
    """Every name obeys the provider's rules and is unique; otherwise an error naming the
    method."""
    rule, parameter_rule = provider.tool_names, provider.parameter_names
    seen: dict[str, ToolDescriptor] = {}
    for tool in tools:
        if rule is not None and not rule.pattern.fullmatch(tool.name):
            raise InspectorError(
                f"{_subject(tool)}: tool name {tool.name!r} breaks {provider.name}'s rule "
                f"({rule.text})"
            )
        for parameter in tool.parameters if parameter_rule else ():
            if parameter_rule and not parameter_rule.pattern.fullmatch(parameter.name):
                raise InspectorError(
                    f"{_subject(tool)}: parameter name {parameter.name!r} breaks "
                    f"{provider.name}'s rule ({parameter_rule.text})"
                )
        if tool.name in seen:
            other = seen[tool.name]
            raise InspectorError(
                f"{_subject(tool)}: tool name {tool.name!r} is also used by "
                f"{other.class_name}.{other.method_name}"
            )
        seen[tool.name] = tool


def _subject(tool: ToolDescriptor) -> str:
    """Where an error about a tool's names points: its method's place and name."""
    return f"{tool.location}: {tool.class_name}.{tool.method_name}"


def render_template(
    provider: str, tools: list[ToolDescriptor], options: RenderOptions
) -> tuple[str, list[Diagnostic]]:
    """The provider's file for these tools, as checked and normalized JSON text. With
    ``strict``, the tools past the provider's per-request strict limits lose ``strict``."""
    document, diagnostics = render_document(provider, tools, options)
    return json_text(document), diagnostics


def render_document(
    provider: str, tools: list[ToolDescriptor], options: RenderOptions
) -> tuple[Json, list[Diagnostic]]:
    """``render_template``'s file as the parsed JSON document."""
    unit = provider_unit(provider, options.template_dirs)
    check_names(unit, tools)
    run = TemplateRun(provider, unit, options)
    return _parse_rendered(run.text(tools), run.template_name), run.finish()


def provider_unit(provider: str, template_dirs: list[Path]) -> Provider:
    """The installed provider of that name; a usage error (with a did-you-mean) otherwise."""
    installed = {p.name: p for p in available(template_dirs)}
    if provider not in installed:
        hint = did_you_mean(provider, installed, cutoff=0.75)
        raise UsageError(f"unknown provider {provider!r}{hint}; available: {', '.join(installed)}")
    return installed[provider].provider


class TemplateRun:
    """One render of a provider's template: its environment, the diagnostics its filters raise
    and, with ``strict``, the budget of strict tools."""

    def __init__(self, provider: str, unit: Provider, options: RenderOptions) -> None:
        self.provider, self.options = provider, options
        self.found = FilterDiagnostics()
        self.budget = StrictBudget(unit.limits) if options.strict else None
        units = [entry.provider for entry in available(options.template_dirs)]
        self.env = environment(options.template_dirs, self.found, units, self.budget)
        self.template_name = f"{provider}{TEMPLATE_SUFFIX}"

    def text(self, tools: list[ToolDescriptor]) -> str:
        """The template's text; any error (a user filter's too) names the template line."""
        import jinja2

        options = self.options
        try:
            return self.env.get_template(self.template_name).render(
                tools=tools,
                strict=options.strict,
                gemini_json_schema=options.gemini_json_schema,
                annotations=options.annotations,
                cache=options.cache,
            )
        except InspectorError:
            raise
        except jinja2.TemplateError as error:
            line = getattr(error, "lineno", None) or _template_line(error, self.template_name)
            message = str(error)
        except Exception as error:  # a user provider's filter
            line = _template_line(error, self.template_name)
            message = f"{type(error).__name__}: {error}"
        where = f"{self.template_name}:{line}" if line else self.template_name
        raise InspectorError(f"template {where}: {message}")

    def finish(self) -> list[Diagnostic]:
        """The diagnostics of the render, once the whole text was made."""
        summary = self.budget.summary(self.provider) if self.budget is not None else None
        if summary is not None:
            self.found.diagnostics.append(
                Diagnostic(Level.WARNING, summary, code=codes.STRICT_DROPPED)
            )
        return self.found.diagnostics


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
    except RecursionError:
        raise InspectorError(
            f"template {template_name} rendered JSON nested too deeply to read"
        ) from None
    return parsed
