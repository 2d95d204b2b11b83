"""The commands as functions: scan targets into files, render providers' files."""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from inspector import catalog as catalog_module
from inspector import classification as classification_module
from inspector.diagnostics import Diagnostic, InspectorError, Level, UsageError
from inspector.docstrings import DocstringStyle
from inspector.files import json_text, read_json, write_if_changed
from inspector.model import JsonObject

if TYPE_CHECKING:
    from inspector.rendering import RenderOptions


@dataclass
class ScanResult:
    """What a scan produced and wrote."""

    tools_text: str
    classes: int = 0
    tools: int = 0
    included: int = 0
    written: list[Path] = field(default_factory=list)
    unchanged: list[Path] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)


def scan_targets(
    targets: Sequence[str],
    *,
    output: Path | None,
    classification_path: Path | None,
    include_new: bool = True,
    prune: bool = False,
    docstring_style: DocstringStyle = DocstringStyle.GOOGLE,
) -> ScanResult:
    """Inspect targets; write tools.json (unless ``output`` is None) and the classification file.

    The classification file is read first: if it is broken, nothing is written."""
    existing = classification_module.load(classification_path) if classification_path else None
    with collector_paused():
        catalog, diagnostics = catalog_module.scan(targets, docstring_style)
        result = ScanResult(catalog_module.to_text(catalog), diagnostics=diagnostics)
    result.classes = len(catalog.classes)
    result.tools = sum(len(group.tools) for group in catalog.classes)
    included = {(k, t.method_name) for k, t in catalog.tools()}
    if output is not None:
        _record(result, output, result.tools_text)
    if classification_path is not None:
        merged = classification_module.merge(
            existing, catalog, include_new=include_new, prune=prune
        )
        result.diagnostics += classification_module.stale_diagnostics(merged, classification_path)
        _record(result, classification_path, json_text(merged.classification))
        included = {
            (k, m)
            for k, methods in merged.classification.items()
            for m, on in methods.items()
            if on
        } & included
    result.included = len(included)
    return result


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector while a scan builds many small objects that all stay
    alive: its passes over them cost a fifth of the scan. Restored afterwards."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _record(result: ScanResult, path: Path, text: str) -> None:
    (result.written if write_if_changed(path, text) else result.unchanged).append(path)


@dataclass
class Rendered:
    """One provider's file: its text (None when it failed) and its diagnostics."""

    provider: str
    text: str | None
    diagnostics: list[Diagnostic]
    report: list[str] = field(default_factory=list)


def render_providers(
    providers: Sequence[str],
    *,
    tools_path: Path,
    classification_path: Path,
    options: RenderOptions,
    report: bool = False,
) -> tuple[list[Rendered], list[Diagnostic]]:
    """Each provider's file for the included tools of a tools.json; one provider's error does
    not stop the others. Returns the files and the diagnostics of organizing the tools."""
    from inspector.rendering import organize, render
    from inspector.report import size_report

    catalog = catalog_module.load(tools_path)
    choices = classification_module.load(classification_path)
    tools, diagnostics = organize(catalog, choices, classification_path)
    for name in sorted(set(options.annotations) - {tool.name for tool in tools}):
        diagnostics.append(
            Diagnostic(
                Level.WARNING, f"annotations given for {name!r}, which is not an included tool"
            )
        )
    results = []
    for provider in providers:
        try:
            text, notes = render(provider, tools, options)
        except UsageError:
            raise
        except InspectorError as error:
            results.append(Rendered(provider, None, [Diagnostic(Level.ERROR, str(error))]))
            continue
        rendered = Rendered(provider, text, notes)
        lines, warnings = size_report(provider, text, tools)  # limits are always checked
        rendered.diagnostics += warnings
        if report:
            rendered.report = lines
        results.append(rendered)
    return results, diagnostics


def render_provider(
    provider: str,
    *,
    tools_path: Path,
    classification_path: Path,
    options: RenderOptions,
) -> tuple[str, list[Diagnostic]]:
    """The provider's file for the included tools of a tools.json; errors raise."""
    (rendered,), diagnostics = render_providers(
        [provider],
        tools_path=tools_path,
        classification_path=classification_path,
        options=options,
    )
    if rendered.text is None:
        raise InspectorError(rendered.diagnostics[0].message)
    return rendered.text, diagnostics + rendered.diagnostics


_ANNOTATION_HINTS = {
    "title": str,
    "readOnlyHint": bool,
    "destructiveHint": bool,
    "idempotentHint": bool,
    "openWorldHint": bool,
}


def load_annotations(path: Path) -> dict[str, JsonObject]:
    """MCP annotation hints by tool name: ``{"tool": {"readOnlyHint": true, ...}}``."""
    data = read_json(path, "annotations file")
    if not isinstance(data, dict):
        raise InspectorError(f"{path}: expected an object of tool name → annotations")
    for tool, hints in data.items():
        if not isinstance(hints, dict):
            raise InspectorError(f"{path}: {tool}: expected an object of annotation hints")
        for key, value in hints.items():
            expected = _ANNOTATION_HINTS.get(key)
            if expected is None:
                raise InspectorError(
                    f"{path}: {tool}.{key}: unknown hint; known: {', '.join(_ANNOTATION_HINTS)}"
                )
            if not isinstance(value, expected):
                raise InspectorError(f"{path}: {tool}.{key}: expected a {expected.__name__}")
    return data


@dataclass
class StubsResult:
    """The stubs text, the format the input was read as, and what was noticed."""

    text: str
    format: str
    diagnostics: list[Diagnostic] = field(default_factory=list)


def write_stubs(
    schema_path: Path,
    *,
    format_name: str = "auto",
    class_name: str | None = None,
    typed_dict: bool = False,
    template_dirs: Sequence[Path] = (),
) -> StubsResult:
    """Typed Python stubs of the tool definitions in ``schema_path`` (any supported format)."""
    from inspector.formats import DEFAULT_CLASS, read_catalog
    from inspector.stubs import build_module, render_stubs

    data = read_json(schema_path, "schema file")
    try:
        catalog, found = read_catalog(data, format_name, class_name or DEFAULT_CLASS)
    except InspectorError as error:
        raise InspectorError(f"{schema_path}: {error}") from None
    module, diagnostics = build_module(catalog, schema_path.name, typed_dict)
    return StubsResult(render_stubs(module, list(template_dirs)), found, diagnostics)
