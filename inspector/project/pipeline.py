"""The one pipeline: scan → classify → select → render / stubs.

Every door (``scan``/``render``/``stubs`` on the command line, ``build``/``check``, the Python
API, the Toolbox and ``serve``) calls these steps, so the same input gives the same files and
the same diagnostics whichever way it came in."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from inspector import codes
from inspector.catalog import Catalog, CatalogClass
from inspector.diagnostics import Diagnostic, Level
from inspector.files import classification_merge as merge_module
from inspector.files.classification import Classification
from inspector.files.classification_merge import Merge, Previous
from inspector.model import Json, ToolDescriptor
from inspector.scan.docstrings import DocstringStyle

if TYPE_CHECKING:
    from inspector.render.options import RenderOptions
    from inspector.render.selection import Selected


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
    objects: Sequence[object],
    docstring_style: DocstringStyle = DocstringStyle.AUTO,
    through: Mapping[type, type] | None = None,
) -> tuple[Catalog, dict[str, object], list[Diagnostic]]:
    """Step 1 for live objects (instances or classes, modules, functions): the catalog, each
    class key's object (for a module's functions, the class of static methods that holds
    them), and the diagnostics; ``through`` maps a class to a base whose methods count as its
    own."""
    from inspector.scan.scanner import scan_objects as scan_live

    catalog, found, diagnostics = scan_live(objects, docstring_style, through)
    owners = {group.key: obj for group, obj in zip(catalog.classes, found, strict=True)}
    return catalog, owners, diagnostics


def keep_failed(
    catalog: Catalog, previous: Catalog | None, targets: Sequence[str]
) -> tuple[Catalog, list[Diagnostic]]:
    """Step 1b: after a failed target, every class of the previous tools.json that this scan
    did not produce, kept as it was, so a typo in a target (``books.py:Inventroy``) or a broken
    import never deletes a class. A class a failed target names stays where that target stands;
    the others follow the classes of the scan, in their previous order. When every target
    failed nothing is kept (nothing will be written)."""
    from inspector.scan.scanner import disambiguate

    failed = catalog.failed_targets
    if not failed or previous is None or set(failed) >= set(targets):
        return catalog, []
    present = {group.key for group in catalog.classes}
    kept = [group for group in previous.classes if group.key not in present]
    notes = [_kept_note(group, failed) for group in kept]
    last = len(targets)
    groups = sorted([*catalog.classes, *kept], key=lambda g: _target_of(g, targets, last))
    sources = dict(previous.stub_sources) | dict(catalog.stub_sources) if kept else {}
    stubs = tuple(sorted(sources.items())) if kept else catalog.stub_sources
    return Catalog(disambiguate(groups, notes), failed, stubs), notes


def _kept_note(group: CatalogClass, failed: Sequence[str]) -> Diagnostic:
    index = _target_of(group, failed)
    why = f"target {failed[index]!r} failed" if index >= 0 else "a target failed"
    return Diagnostic(
        Level.INFO,
        f"{why}: class {group.key!r} kept as it was in the tools file",
        code=codes.FAILED_TARGET_KEPT,
    )


def _target_of(group: CatalogClass, targets: Sequence[str], otherwise: int = -1) -> int:
    """The index of the target that named the class (``otherwise`` when none did)."""
    for index, target in enumerate(targets):
        if group.source == target or group.source.startswith(f"{target}:"):
            return index
        if group.function_group and target.startswith(f"{group.source}:"):
            return index  # one of the module's functions (``mod.py:add``): see ``_add_functions``
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
    include_destructive: bool = False,
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
    merged = merge_module.merge(
        existing,
        catalog,
        include_new=include_new,
        prune=prune,
        previous=previous,
        include_destructive=include_destructive,
    )
    moved = set(merged.renamed_classes.values())
    still = {k: v for k, v in (existing or {}).items() if k not in moved}
    unknown, warnings = merge_module.unknown_classes(
        still, catalog, classification_path, KEPT_UNKNOWN_CLASS if not prune else "removed"
    )
    notes += merge_module.stale_diagnostics(merged, classification_path, unknown) + warnings
    notes += merge_module.unmatched_patterns(existing, catalog, classification_path)
    notes += merge_module.unused_class_options(existing, catalog, classification_path)
    notes += merge_module.unused_pattern_names(existing, catalog, classification_path)
    return merged, notes


def select(
    catalog: Catalog,
    classification: Classification | None,
    classification_path: Path | None,
    *,
    include_new: bool = True,
    merged: bool = False,
    include_destructive: bool = False,
) -> tuple[list[ToolDescriptor], list[Diagnostic]]:
    """Step 3: the included tools, flat, in catalog order, each shaped by its classification
    entry (name, text, fixed and hidden parameters; ``ToolDescriptor.curation``). Methods the
    classification does not cover follow ``include_new`` (a destructive name only with
    ``include_destructive``); entries naming no method are warned
    about (TI301), unless the classification was just ``merged``, which reported them."""
    selected, notes = select_sources(
        catalog,
        classification,
        classification_path,
        include_new=include_new,
        merged=merged,
        include_destructive=include_destructive,
    )
    return [chosen.tool for chosen in selected], notes


def select_sources(
    catalog: Catalog,
    classification: Classification | None,
    classification_path: Path | None,
    *,
    include_new: bool = True,
    merged: bool = False,
    include_destructive: bool = False,
) -> tuple[list[Selected], list[Diagnostic]]:
    """``select``, each tool with its class key and the tool as scanned (what the Toolbox
    binds: the fixed and hidden parameters are passed, not offered)."""
    from inspector.render.selection import select_tools

    notes: list[Diagnostic] = []
    if not merged:
        _, notes = merge_module.unknown_classes(classification, catalog, classification_path)
        notes += merge_module.unknown_methods(classification, catalog, classification_path)
    selected, found = select_tools(
        catalog,
        classification,
        classification_path,
        include_new=include_new,
        include_destructive=include_destructive,
    )
    return selected, notes + found


def curated_catalog(
    catalog: Catalog,
    classification: Classification | None,
    classification_path: Path | None,
    *,
    include_new: bool = True,
) -> tuple[Catalog, list[Diagnostic]]:
    """The catalog of the tools ``select`` gives, in their classes: what stubs of a tools.json
    hold when a classification file shapes it (each stub then has its tool's name and
    schema, as every provider file does)."""
    selected, notes = select_sources(
        catalog, classification, classification_path, include_new=include_new
    )
    by_class: dict[str, list[ToolDescriptor]] = {}
    # one pass: a pass per class was quadratic (3.6 s of `diff` at 20,000 tools)
    for chosen in selected:
        by_class.setdefault(chosen.class_key, []).append(chosen.tool)
    groups = [
        CatalogClass(group.key, group.source, tuple(by_class[group.key]))
        for group in catalog.classes
        if group.key in by_class
    ]
    return Catalog(tuple(groups)), notes


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
    from inspector.diagnostics import InspectorError, UsageError, error_diagnostic
    from inspector.render.deferral import is_deferred
    from inspector.render.jinja import render_document
    from inspector.render.limits import Budget, size_report

    try:
        document, diagnostics, written = render_document(provider, tools, options)
    except UsageError:
        raise  # an unknown provider
    except InspectorError as error:
        return Rendered(provider, None, [error_diagnostic(error, codes.RENDER_FAILED)])
    lines, warnings = size_report(
        provider,
        document,
        written,
        options.template_dirs,
        table=options.report,
        budget=Budget(options.max_tool_tokens, options.max_file_tokens),
        left_out=len(tools) - len(written),
        # a provider without tool search left the deferred tools out: those written are its own
        deferred=frozenset(tool.name for tool in written if is_deferred(tool, options.defer)),
    )
    return Rendered(provider, document, diagnostics + warnings, lines)


def annotation_diagnostics(
    annotations: Iterable[str], tools: list[ToolDescriptor]
) -> list[Diagnostic]:
    """Warnings for MCP annotations given for tools that are not included (by the names of
    ``annotations``); one given by the method's name of a tool the classification names
    otherwise (``"@prefix"``, ``"name"``) says the tool's name."""
    names = {tool.name for tool in tools}
    tool_of = {tool.method_name: tool.name for tool in tools if tool.method_name != tool.name}
    return [
        Diagnostic(
            Level.WARNING,
            f"annotations given for {name!r}, which is not an included tool"
            + (
                f" (the tool of the method {name!r} is named {tool_of[name]!r})"
                if name in tool_of
                else ""
            ),
            code=codes.ANNOTATIONS_UNKNOWN_TOOL,
        )
        for name in sorted(set(annotations) - names)
    ]


def defer_diagnostics(options: RenderOptions, tools: list[ToolDescriptor]) -> list[Diagnostic]:
    """Warnings for ``--defer`` patterns that match no included tool."""
    from inspector.render.deferral import unmatched_patterns

    return unmatched_patterns(options.defer, tools)


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
