"""The commands as functions: scan targets into files, render a provider's file."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from inspector import catalog as catalog_module
from inspector import classification as classification_module
from inspector.diagnostics import Diagnostic
from inspector.docstrings import DocstringStyle
from inspector.files import json_text, write_if_changed
from inspector.rendering import RenderOptions, organize, render


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
    catalog, diagnostics = catalog_module.scan(targets, docstring_style)
    result = ScanResult(json_text(catalog_module.to_json(catalog)), diagnostics=diagnostics)
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


def _record(result: ScanResult, path: Path, text: str) -> None:
    (result.written if write_if_changed(path, text) else result.unchanged).append(path)


def render_provider(
    provider: str,
    *,
    tools_path: Path,
    classification_path: Path,
    options: RenderOptions,
) -> tuple[str, list[Diagnostic]]:
    """The provider's file for the included tools of a tools.json."""
    catalog = catalog_module.load(tools_path)
    choices = classification_module.load(classification_path)
    tools, diagnostics = organize(catalog, choices, classification_path)
    text, notes = render(provider, tools, options)
    return text, diagnostics + notes
