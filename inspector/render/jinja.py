"""Render tools through a provider's Jinja template into checked, normalized JSON text."""

from __future__ import annotations

import json
import traceback
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from inspector import codes
from inspector.diagnostics import (
    Diagnostic,
    InspectorError,
    Level,
    LocatedError,
    UsageError,
    did_you_mean,
)
from inspector.files.jsonfile import json_text, loads
from inspector.model import Json, ToolDescriptor
from inspector.providers.base import Provider
from inspector.providers.limits import StrictBudget
from inspector.providers.names import fitted_names
from inspector.providers.registry import (
    TEMPLATE_SUFFIX,
    available,
    builtin_templates_dir,
)
from inspector.render import deferral
from inspector.render.filters import FilterDiagnostics, make_filters
from inspector.render.options import RenderOptions

if TYPE_CHECKING:
    import jinja2

    from inspector.render.compiled import CompiledTemplates


def environment(
    template_dirs: list[Path],
    found: FilterDiagnostics,
    providers: Sequence[Provider] = (),
    budget: StrictBudget | None = None,
    compiled: CompiledTemplates | None = None,
) -> jinja2.Environment:
    """A Jinja environment: the user's directories first, then the built-in templates; the
    shared filters and those of ``providers``; templates compiled before taken from
    ``compiled``."""
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
        bytecode_cache=compiled,
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
            raise _tool_error(
                tool, f"tool name {tool.name!r} breaks {provider.name}'s rule ({rule.text})"
            )
        for parameter in tool.parameters if parameter_rule else ():
            if parameter_rule and not parameter_rule.pattern.fullmatch(parameter.name):
                raise _tool_error(
                    tool,
                    f"parameter name {parameter.name!r} breaks {provider.name}'s rule "
                    f"({parameter_rule.text})",
                )
        if tool.name in seen:
            other = seen[tool.name]
            raise _tool_error(
                tool,
                f"tool name {tool.name!r} is also used by {other.class_name}.{other.method_name}",
            )
        seen[tool.name] = tool


def _tool_error(tool: ToolDescriptor, message: str) -> LocatedError:
    """An error about a tool's names, at its method's place."""
    path, line = tool.path_and_line
    return LocatedError(message, path, line, f"{tool.class_name}.{tool.method_name}")


def render_template(
    provider: str, tools: list[ToolDescriptor], options: RenderOptions
) -> tuple[str, list[Diagnostic]]:
    """The provider's file for these tools, as checked and normalized JSON text. With
    ``strict``, the tools past the provider's per-request strict limits lose ``strict``;
    deferred tools are marked (native tool search) or left out (see ``deferral``)."""
    document, diagnostics, _ = render_document(provider, tools, options)
    return json_text(document), diagnostics


def render_document(
    provider: str, tools: list[ToolDescriptor], options: RenderOptions
) -> tuple[Json, list[Diagnostic], list[ToolDescriptor]]:
    """``render_template``'s file as the parsed JSON document, and the tools it holds."""
    unit = provider_unit(provider, options.template_dirs)
    tools, shortened = fit_names(unit, tools)
    share = deferral.split(unit, tools, options.defer)
    check_names(unit, share.written)
    written = share.written
    run = TemplateRun(provider, unit, options)
    try:
        text = run.text(written, share.deferred)
    except InspectorError:
        if not run.found.too_deep:
            raise
        # a template may fail on a stand-in (see ``filters._leaving_out_deep_tools``): the
        # render without those tools tells whether the template fails on its own
    left_out = list(run.found.too_deep.values())
    if left_out:  # rendered again without them: nothing of the first text is kept
        written = [tool for tool in written if id(tool) not in run.found.too_deep]
        run = TemplateRun(provider, unit, options)
        for error in left_out:
            message = f"{provider}: left out of the file: {error.reason}"
            run.found.add(codes.TOOL_LEFT_OUT, error.tool, message)
        text = run.text(written, share.deferred)
        if run.found.too_deep:  # a filter that failed on a tool it took the first time
            raise next(iter(run.found.too_deep.values()))
    diagnostics = shortened + share.diagnostics + run.finish()
    return _parse_rendered(text, run.template_path), diagnostics, written


def fit_names(
    provider: Provider, tools: list[ToolDescriptor]
) -> tuple[list[ToolDescriptor], list[Diagnostic]]:
    """The tools with every name the provider refuses written in a form it takes
    (``providers.names``), and a warning for each saying how to choose the name instead. The
    Toolbox and ``serve`` take the fitted name for the tool."""
    fitted = fitted_names(provider.tool_names, (tool.name for tool in tools))
    if not fitted:
        return tools, []
    rule = provider.tool_names
    assert rule is not None  # nothing is fitted without a rule
    notes = []
    for tool in tools:
        if tool.name not in fitted:
            continue
        path, line = tool.path_and_line
        named = f"the tool name {tool.name!r}" if tool.name != tool.method_name else "the name"
        advice = (
            'change the "name" (or the class\'s "@prefix") the classification file gives it to '
            "one that fits"
            if tool.curation.named
            else 'give the method a "name" in the classification file to choose one'
        )
        message = (
            f"{provider.name} refuses {named} ({rule.text}): written as {fitted[tool.name]!r}; "
            + advice
        )
        subject = f"{tool.class_name}.{tool.method_name}"
        notes.append(
            Diagnostic(Level.WARNING, message, path, line, subject, code=codes.NAME_SHORTENED)
        )
    return [replace(t, name=fitted[t.name]) if t.name in fitted else t for t in tools], notes


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
        self.env = environment(
            options.template_dirs, self.found, units, self.budget, options.compiled
        )
        self.template_name = f"{provider}{TEMPLATE_SUFFIX}"
        self.template_path = _template_path(self.template_name, options.template_dirs)

    def text(self, tools: list[ToolDescriptor], deferred: frozenset[str] = frozenset()) -> str:
        """The template's text; any error (a user filter's too) names the template line.
        ``deferred``: the names of the tools it marks to load on demand (native tool search)."""
        import jinja2

        options = self.options
        try:
            return self.env.get_template(self.template_name).render(
                tools=tools,
                strict=options.strict,
                gemini_json_schema=options.gemini_json_schema,
                annotations=options.annotations,
                deferred=deferred,
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
        raise LocatedError(message, self.template_path, line or 0)

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


def _template_path(name: str, template_dirs: Sequence[Path]) -> str:
    """Where a template is, as the user named its directory; a built-in one by its name."""
    for directory in template_dirs:
        if (directory / name).is_file():
            return (directory / name).as_posix()
    return name


def _parse_rendered(text: str, template_path: str) -> Json:
    try:
        parsed: Json = loads(text)
    except json.JSONDecodeError as error:
        bad_line = text.splitlines()[error.lineno - 1] if text.splitlines() else ""
        raise LocatedError(
            f"the template rendered invalid JSON at output line {error.lineno}, column "
            f"{error.colno}: {error.msg}\n    {bad_line.strip()[:200]}",
            template_path,
        ) from None
    except RecursionError:
        raise LocatedError(
            "the template rendered JSON nested too deeply to read", template_path
        ) from None
    if not isinstance(parsed, dict | list):
        # no provider's file is one value; and a ``null`` document read as a failed render
        # with no error: nothing written, exit 0, and the Toolbox's IndexError
        shown = text.strip()
        shown = shown if len(shown) <= 60 else f"{shown[:60]}..."
        raise LocatedError(
            f"the template rendered {shown}; a provider's file is a JSON array or object",
            template_path,
        )
    return parsed
