"""The one pipeline: scan → classify → select → render / stubs.

Every door (``scan``/``render``/``stubs`` on the command line, ``build``/``check``, the Python
API, the Toolbox and ``serve``) calls these steps, so the same input gives the same files and
the same diagnostics whichever way it came in."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from inspector import codes
from inspector.catalog import Catalog, CatalogClass
from inspector.diagnostics import Diagnostic, Level
from inspector.files import classification as classification_file
from inspector.files.classification import Classification, Merge, Previous
from inspector.model import Json, ToolDescriptor
from inspector.scan.docstrings import DocstringStyle

if TYPE_CHECKING:
    from inspector.render.options import RenderOptions


def scan(
    targets: Sequence[str],
    *,
    docstring_style: DocstringStyle = DocstringStyle.AUTO,
    root: Path | None = None,
) -> tuple[Catalog, list[Diagnostic]]:
    """Step 1: inspect the targets into a catalog; what fails becomes a diagnostic. ``root``:
    the project root (relative file targets, modules importable from it, locations); nothing
    of the process is changed for it, the working directory included."""
    from inspector.scan.scanner import scan as scan_catalog

    return scan_catalog(list(targets), docstring_style, root=root)


def scan_objects(
    objects: Sequence[object], docstring_style: DocstringStyle = DocstringStyle.AUTO
) -> tuple[Catalog, dict[str, object], list[Diagnostic]]:
    """Step 1 for live objects (instances or classes): the catalog, each class key's object,
    and the diagnostics."""
    from inspector.scan.scanner import scan_objects as scan_live

    catalog, diagnostics = scan_live(objects, docstring_style)
    owners = {group.key: obj for group, obj in zip(catalog.classes, objects, strict=True)}
    return catalog, owners, diagnostics


def keep_failed(
    catalog: Catalog, previous: Catalog | None, targets: Sequence[str]
) -> tuple[Catalog, list[Diagnostic]]:
    """Step 1b: the classes that a failed target had in the previous tools.json, kept as they
    were and where they were, so a typo or a broken import never deletes them."""
    from inspector.scan.scanner import disambiguate

    failed = catalog.failed_targets
    if not failed or previous is None:
        return catalog, []
    present = {group.key for group in catalog.classes}
    kept = [g for g in previous.classes if g.key not in present and _target_of(g, failed) >= 0]
    notes = [
        Diagnostic(
            Level.INFO,
            f"target {failed[_target_of(group, failed)]!r} failed: class {group.key!r} kept as "
            "it was in the tools file",
            code=codes.FAILED_TARGET_KEPT,
        )
        for group in kept
    ]
    last = len(targets)
    groups = sorted([*catalog.classes, *kept], key=lambda g: _target_of(g, targets, last))
    return Catalog(disambiguate(groups, notes), failed), notes


def _target_of(group: CatalogClass, targets: Sequence[str], otherwise: int = -1) -> int:
    """The index of the target that named the class (``otherwise`` when none did)."""
    for index, target in enumerate(targets):
        if group.source == target or group.source.startswith(f"{target}:"):
            return index
    return otherwise


KEPT_UNKNOWN_CLASS = "its entries are kept (fix the name, or rescan with --prune)"


def classify(
    existing: Classification | None,
    catalog: Catalog,
    classification_path: Path,
    *,
    include_new: bool = True,
    prune: bool = False,
    previous: Previous = None,
) -> tuple[Merge, list[Diagnostic]]:
    """Step 2: the classification file updated for this catalog, and what changed in it. Never
    prunes after a failed target; a method renamed since ``previous`` keeps its value."""
    notes: list[Diagnostic] = []
    if prune and catalog.failed_targets:
        notes.append(
            Diagnostic(
                Level.WARNING,
                "a target failed: --prune skipped, nothing removed",
                code=codes.PRUNE_SKIPPED,
            )
        )
        prune = False
    merged = classification_file.merge(
        existing, catalog, include_new=include_new, prune=prune, previous=previous
    )
    moved = set(merged.renamed_classes.values())
    still = {k: v for k, v in (existing or {}).items() if k not in moved}
    unknown, warnings = classification_file.unknown_classes(
        still, catalog, classification_path, KEPT_UNKNOWN_CLASS if not prune else "removed"
    )
    notes += classification_file.stale_diagnostics(merged, classification_path, unknown) + warnings
    return merged, notes


def select(
    catalog: Catalog,
    classification: Classification | None,
    classification_path: Path | None,
    *,
    include_new: bool = True,
    merged: bool = False,
) -> tuple[list[ToolDescriptor], list[Diagnostic]]:
    """Step 3: the included tools, flat, in catalog order. Methods the classification does not
    mention follow ``include_new``; entries naming no method are warned about (TI301), unless
    the classification was just ``merged``, which reported them."""
    from inspector.render.selection import select_tools

    _, notes = classification_file.unknown_classes(classification, catalog, classification_path)
    if not merged:
        notes += classification_file.unknown_methods(classification, catalog, classification_path)
    tools, selected = select_tools(
        catalog, classification, classification_path, include_new=include_new
    )
    return tools, notes + selected


@dataclass
class Rendered:
    """One provider's file: its document (None when the render failed), its diagnostics and its
    size report (when ``RenderOptions.report`` asked for it)."""

    provider: str
    document: Json | None
    diagnostics: list[Diagnostic]
    report: list[str] = field(default_factory=list)

    @property
    def text(self) -> str | None:
        """The file's text (made from the document at each call); None when it failed."""
        from inspector.files.jsonfile import json_text

        return None if self.document is None else json_text(self.document)


def render(
    providers: Iterable[str], tools: list[ToolDescriptor], options: RenderOptions
) -> Iterator[Rendered]:
    """Step 4: each provider's file for these tools, made as it is asked for (a caller that
    writes each file before it takes the next holds one in memory). One provider's failure does
    not stop the others; the provider limits are always checked."""
    for provider in providers:
        yield _render_one(provider, tools, options)


def _render_one(provider: str, tools: list[ToolDescriptor], options: RenderOptions) -> Rendered:
    """One provider's file; a template that fails gives an error diagnostic instead."""
    from inspector.diagnostics import InspectorError, UsageError
    from inspector.render.jinja import render_document
    from inspector.render.limits import Budget, size_report

    try:
        document, diagnostics = render_document(provider, tools, options)
    except UsageError:
        raise  # an unknown provider
    except InspectorError as error:
        return Rendered(
            provider, None, [Diagnostic(Level.ERROR, str(error), code=codes.RENDER_FAILED)]
        )
    lines, warnings = size_report(
        provider,
        document,
        tools,
        options.template_dirs,
        table=options.report,
        budget=Budget(options.max_tool_tokens, options.max_file_tokens),
    )
    return Rendered(provider, document, diagnostics + warnings, lines)


def annotation_diagnostics(options: RenderOptions, tools: list[ToolDescriptor]) -> list[Diagnostic]:
    """Warnings for MCP annotations given for tools that are not included."""
    names = {tool.name for tool in tools}
    return [
        Diagnostic(
            Level.WARNING,
            f"annotations given for {name!r}, which is not an included tool",
            code=codes.ANNOTATIONS_UNKNOWN_TOOL,
        )
        for name in sorted(set(options.annotations) - names)
    ]


def stubs(
    catalog: Catalog,
    source_name: str,
    *,
    typed_dict: bool = False,
    template_dirs: Sequence[Path] = (),
) -> tuple[str, list[Diagnostic]]:
    """Step 5 (instead of render): the typed Python stubs of a catalog."""
    from inspector.stubs.module import build_module, render_stubs

    module, diagnostics = build_module(catalog, source_name, typed_dict)
    return render_stubs(module, list(template_dirs)), diagnostics
