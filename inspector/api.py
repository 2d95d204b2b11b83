"""The commands as functions: scan targets into files, render providers' files, write stubs."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from inspector.catalog import Catalog
from inspector.diagnostics import Diagnostic, InspectorError
from inspector.files import classification as classification_file
from inspector.files.jsonio import json_text, read_json, write_if_changed
from inspector.files.tools_json import load as load_tools
from inspector.files.tools_json import to_text, write_tools
from inspector.model import JsonObject
from inspector.project import pipeline
from inspector.project.pipeline import Rendered
from inspector.render.options import RenderOptions
from inspector.render.selection import quiet_excluded
from inspector.scan.docstrings import DocstringStyle


@dataclass
class ScanResult:
    """What a scan produced and wrote."""

    tools_text: str
    """The tools.json text when no ``output`` was given; empty when it went to a file (written
    class by class, the text is never held whole: read the file)."""
    classes: int = 0
    tools: int = 0
    included: int = 0
    written: list[Path] = field(default_factory=list)
    unchanged: list[Path] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    newly_included: list[str] = field(default_factory=list)
    """``Class.method`` of each method this scan made included (new to the classification)."""
    new_classification: bool = False
    """Whether the classification file did not exist before this scan."""
    nothing_written: bool = False
    """Every target failed: no file was touched."""


def scan_catalog(
    targets: Sequence[str], *, docstring_style: DocstringStyle = DocstringStyle.GOOGLE
) -> tuple[Catalog, list[Diagnostic]]:
    """Inspect targets into an in-memory catalog and its diagnostics; nothing is written."""
    return pipeline.scan(targets, docstring_style=docstring_style)


@pipeline.gc_paused()  # many long-lived objects: GC passes would be quadratic
def scan_targets(
    targets: Sequence[str],
    *,
    output: Path | None,
    classification_path: Path | None,
    include_new: bool = True,
    prune: bool = False,
    docstring_style: DocstringStyle = DocstringStyle.AUTO,
) -> ScanResult:
    """Inspect targets; write tools.json (unless ``output`` is None) and the classification file.

    The classification file is read first: if it is broken, nothing is written. The classes of
    a target that fails are kept as the tools file had them; when every target fails, nothing
    is written."""
    existing = classification_file.load(classification_path) if classification_path else None
    previous = _previous(output)
    catalog, diagnostics = pipeline.scan(targets, docstring_style=docstring_style)
    catalog, notes = pipeline.keep_failed(catalog, previous, targets)
    diagnostics += notes
    if targets and set(catalog.failed_targets) == set(targets):
        return ScanResult("", diagnostics=diagnostics, nothing_written=True)
    diagnostics = quiet_excluded(diagnostics, catalog, existing)
    result = ScanResult(to_text(catalog) if output is None else "", diagnostics=diagnostics)
    result.classes = len(catalog.classes)
    result.tools = sum(len(group.tools) for group in catalog.classes)
    included = {(k, t.method_name) for k, t in catalog.tools()}
    if output is not None:
        (result.written if write_tools(output, catalog) else result.unchanged).append(output)
    if classification_path is not None:
        merged, notes = pipeline.classify(
            existing,
            catalog,
            classification_path,
            include_new=include_new,
            prune=prune,
            previous=previous,
        )
        result.diagnostics += notes
        _record(result, classification_path, json_text(merged.classification))
        included = {
            (k, m)
            for k, methods in merged.classification.items()
            for m, on in methods.items()
            if on
        } & included
        result.newly_included = merged.newly_included
        result.new_classification = existing is None
    result.included = len(included)
    return result


def _previous(output: Path | None) -> Catalog | None:
    """The tools file being replaced, when it is one (to keep what a failed target had)."""
    if output is None or not output.is_file():
        return None
    try:
        return load_tools(output)
    except InspectorError:
        return None


def _record(result: ScanResult, path: Path, text: str) -> None:
    (result.written if write_if_changed(path, text) else result.unchanged).append(path)


def render_providers(
    providers: Sequence[str],
    *,
    tools_path: Path,
    classification_path: Path | None = None,
    options: RenderOptions,
    include_new: bool = True,
) -> tuple[list[Rendered], list[Diagnostic]]:
    """Each provider's file for the included tools of a tools.json; one provider's error does
    not stop the others. Returns the files and the diagnostics of selecting the tools.

    ``classification_path`` None: the file beside the tools file, if any (else every method is
    included); a path given must exist. Methods the file does not mention follow
    ``include_new``."""
    with pipeline.gc_paused():  # many long-lived objects: GC passes would be quadratic
        catalog = load_tools(tools_path)
        if classification_path is None:
            classification_path = classification_file.default_path(tools_path)
            choices = classification_file.load(classification_path)
        else:
            choices = classification_file.load_required(classification_path)
        tools, diagnostics = pipeline.select(
            catalog, choices, classification_path, include_new=include_new
        )
        diagnostics += pipeline.annotation_diagnostics(options, tools)
        return pipeline.render(providers, tools, options), diagnostics


def render_provider(
    provider: str,
    *,
    tools_path: Path,
    classification_path: Path | None = None,
    options: RenderOptions,
    include_new: bool = True,
) -> tuple[str, list[Diagnostic]]:
    """The provider's file for the included tools of a tools.json; errors raise."""
    (rendered,), diagnostics = render_providers(
        [provider],
        tools_path=tools_path,
        classification_path=classification_path,
        options=options,
        include_new=include_new,
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


def stubs_from_file(
    schema_path: Path,
    *,
    format_name: str = "auto",
    class_name: str | None = None,
    typed_dict: bool = False,
    template_dirs: Sequence[Path] = (),
) -> StubsResult:
    """Typed Python stubs of the tool definitions in ``schema_path`` (any supported format)."""
    from inspector.files.provider_files import DEFAULT_CLASS
    from inspector.providers.registry import read_catalog

    with pipeline.gc_paused():  # many long-lived objects: GC passes would dominate
        data = read_json(schema_path, "schema file")
        try:
            catalog, found = read_catalog(
                data, format_name, class_name or DEFAULT_CLASS, template_dirs
            )
        except InspectorError as error:
            raise InspectorError(f"{schema_path}: {error}") from None
        text, diagnostics = pipeline.stubs(
            catalog, schema_path.name, typed_dict=typed_dict, template_dirs=template_dirs
        )
    return StubsResult(text, found, diagnostics)
