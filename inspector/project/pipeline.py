"""The one pipeline: scan → classify → select → render / stubs.

Every door (``scan``/``render``/``stubs`` on the command line, ``build``/``check``, the Python
API, the Toolbox and ``serve``) calls these steps, so the same input gives the same files and
the same diagnostics whichever way it came in."""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from inspector.catalog import Catalog, CatalogClass
from inspector.diagnostics import Diagnostic, Level
from inspector.files import classification as classification_file
from inspector.files.classification import Classification, Merge, Previous
from inspector.files.jsonio import JsonPieces
from inspector.model import ToolDescriptor
from inspector.scan.docstrings import DocstringStyle

if TYPE_CHECKING:
    from inspector.render.options import RenderOptions
    from inspector.render.stream import StreamedRender


@contextlib.contextmanager
def gc_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector while a scan builds many small objects that all stay
    alive: its passes over them cost a fifth of the scan. Restored afterwards."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def scan(
    targets: Sequence[str],
    *,
    docstring_style: DocstringStyle = DocstringStyle.AUTO,
    root: Path | None = None,
    keep: Callable[[CatalogClass], CatalogClass] | None = None,
) -> tuple[Catalog, list[Diagnostic]]:
    """Step 1: inspect the targets into a catalog; what fails becomes a diagnostic. ``root``:
    the project root (relative file targets, modules importable from it, locations); nothing
    of the process is changed for it, the working directory included. ``keep`` sees each class
    as it is made and says what of it the catalog holds."""
    from inspector.scan.scanner import scan as scan_catalog

    return scan_catalog(list(targets), docstring_style, keep, root=root)


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
            code="TI308",
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
                Level.WARNING, "a target failed: --prune skipped, nothing removed", code="TI309"
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
    """One provider's file: its text (None when it failed; empty when it went to ``render``'s
    ``emit`` instead), its diagnostics and its size report (when
    ``RenderOptions.report`` asked for it)."""

    provider: str
    text: str | None
    diagnostics: list[Diagnostic]
    report: list[str] = field(default_factory=list)
    changed: bool = False
    """What ``render``'s ``emit`` returned (a file written whose content differed)."""


Emit = Callable[[str, JsonPieces], bool]
"""What becomes of a provider's file as it is made: given the provider and the file's pieces,
write it (True when its content changed) or compare it."""


def render(
    providers: Iterable[str],
    tools: list[ToolDescriptor],
    options: RenderOptions,
    *,
    emit: Emit | None = None,
    files: Callable[[str], Path] | None = None,
    pace: Callable[[int], None] | None = None,
) -> list[Rendered]:
    """Step 4: each provider's file for these tools. One provider's failure does not stop the
    others; the provider limits are always checked. With ``emit``, each file goes to it as it
    is made (a render that fails raises inside it: a file being written is left as it was)
    instead of being held as text. With ``files``, each file is written to ``files(provider)``
    (only when its content changes), the providers taking turns tool by tool. ``pace(n)`` is
    called as a template takes the n-th tool (``StreamedRender``)."""
    with gc_paused():  # many long-lived objects (tools, documents): GC passes would dominate
        if files is not None:
            return _render_files(list(providers), tools, options, files)
        return [_render_one(provider, tools, options, emit, pace) for provider in providers]


def _render_one(
    provider: str,
    tools: list[ToolDescriptor],
    options: RenderOptions,
    emit: Emit | None,
    pace: Callable[[int], None] | None = None,
) -> Rendered:
    """One provider's file; a template that fails gives an error diagnostic instead."""
    from inspector.files.jsonio import pieces_text
    from inspector.render.stream import RenderError, StreamedRender

    text, changed = "", False
    try:
        made = StreamedRender(provider, tools, options, pace)
        if emit is None:
            text = made.emit(pieces_text)
        else:
            changed = made.emit(lambda pieces: emit(provider, pieces))
    except RenderError as error:  # an error writing the file is raised, as before
        return _failed(provider, error)
    return _made(made, text, changed)


def _render_files(
    providers: list[str],
    tools: list[ToolDescriptor],
    options: RenderOptions,
    files: Callable[[str], Path],
) -> list[Rendered]:
    """``render`` with ``files``: the files that are regular (or new) written side by side, then
    any other file, and any render that must be made again on its own, one by one."""
    from inspector.files.jsonio import write_pieces_if_changed
    from inspector.render.stream import RenderError, StreamedRender, write_side_by_side

    done: dict[str, Rendered] = {}
    side: dict[str, StreamedRender] = {}
    paths = {provider: files(provider) for provider in providers}
    distinct = len(set(paths.values())) == len(paths)  # else one by one: the last one wins
    for provider, path in paths.items() if distinct else ():
        if str(path) == "-" or path.is_symlink() or (path.exists() and not path.is_file()):
            continue  # written by write_pieces_if_changed, which knows how
        try:
            side[provider] = StreamedRender(provider, tools, options)
        except RenderError as error:
            done[provider] = _failed(provider, error)
    renders = list(side.values())
    outcomes = write_side_by_side(renders, [paths[made.provider] for made in renders])
    for made, outcome in zip(renders, outcomes, strict=True):
        if isinstance(outcome, RenderError):
            done[made.provider] = _failed(made.provider, outcome)
        elif outcome is not None:
            done[made.provider] = _made(made, "", outcome)

    def emit(provider: str, pieces: JsonPieces) -> bool:
        return write_pieces_if_changed(files(provider), pieces)

    return [done.get(p) or _render_one(p, tools, options, emit) for p in providers]


def _failed(provider: str, error: Exception) -> Rendered:
    return Rendered(provider, None, [Diagnostic(Level.ERROR, str(error), code="TI401")])


def _made(made: StreamedRender, text: str, changed: bool) -> Rendered:
    """A provider's file made: its diagnostics, its size report and the limits' warnings."""
    from inspector.render.limits import entries_report

    options = made.options
    lines, warnings = entries_report(made.provider, made.sizes, made.tools, options.template_dirs)
    return Rendered(made.provider, text, made.diagnostics + warnings, lines, changed)


def annotation_diagnostics(options: RenderOptions, tools: list[ToolDescriptor]) -> list[Diagnostic]:
    """Warnings for MCP annotations given for tools that are not included."""
    names = {tool.name for tool in tools}
    return [
        Diagnostic(
            Level.WARNING,
            f"annotations given for {name!r}, which is not an included tool",
            code="TI406",
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
    pieces, diagnostics = stubs_pieces(
        catalog, source_name, typed_dict=typed_dict, template_dirs=template_dirs
    )
    return "".join(pieces), diagnostics


def stubs_pieces(
    catalog: Catalog,
    source_name: str,
    *,
    typed_dict: bool = False,
    template_dirs: Sequence[Path] = (),
) -> tuple[Iterator[str], list[Diagnostic]]:
    """``stubs``, the text in the pieces the template makes as they are consumed."""
    from inspector.stubs.module import build_module
    from inspector.stubs.module import stubs_pieces as module_pieces

    module, diagnostics = build_module(catalog, source_name, typed_dict)
    return module_pieces(module, list(template_dirs)), diagnostics
