"""Select: the tools the classification file includes, flat, in catalog order, each shaped by
its entry (``render.curation``)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from inspector import codes
from inspector.catalog import Catalog
from inspector.diagnostics import Diagnostic, Level
from inspector.files.classification import Classification, is_included, line_of
from inspector.files.classification_merge import misspelt_keys
from inspector.files.new_entries import (
    FalseStart,
    destructive_name,
    false_start,
)
from inspector.model import ToolDescriptor
from inspector.render.curation import Covered, Locate, curate


@dataclass(frozen=True, slots=True)
class Selected:
    """An included tool: its class key, the tool as scanned and as the classification shapes it.

    Attributes:
        class_key: The key of its class in the catalog.
        scanned: The tool as the catalog has it (every parameter).
        tool: The tool a model is offered (name, text and schema shaped by its entry).
    """

    class_key: str
    scanned: ToolDescriptor
    tool: ToolDescriptor


def select_tools(
    catalog: Catalog,
    classification: Classification | None,
    classification_path: Path | None,
    *,
    include_new: bool = True,
    include_destructive: bool = False,
) -> tuple[list[Selected], list[Diagnostic]]:
    """The included tools, flat, in catalog order, each shaped by its entry. A method the
    classification does not cover is included when ``include_new`` (with a warning), excluded
    otherwise, and excluded when its name is destructive unless ``include_destructive`` (a scan
    would record it false); one a model cannot call (``ToolDescriptor.uncallable``), whose
    inputs were all left out, that never returns, that is named as an event handler or that
    is deprecated is excluded either way, unless its own key says true (a pattern does not
    include it)."""
    diagnostics: list[Diagnostic] = []
    where = str(classification_path or "")
    if classification is None and classification_path is not None:
        diagnostics.append(
            Diagnostic(
                Level.INFO,
                "no classification file: every method a model can call is included",
                where,
                code=codes.NO_CLASSIFICATION_FILE,
            )
        )
    locate = _locator(classification_path)
    selected = []
    closed = _closed_classes(catalog, classification, where, diagnostics)
    for class_key, tool in catalog.tools():
        group = (classification or {}).get(class_key)
        key = group.key_for(tool.method_name) if group else None
        entry = group.methods[key] if group and key is not None else None
        choice = None if entry is None else entry.include
        if class_key in closed:
            choice = False
        elif tool.uncallable and (choice is None or (choice and key != tool.method_name)):
            diagnostics.append(_not_offered(class_key, tool, where))
            choice = False
        elif choice and tool.uncallable:
            diagnostics.append(_offered_uncallable(class_key, tool, where))
        elif (choice is None or (choice and key != tool.method_name)) and (
            start := false_start(tool)
        ) is not None:  # a pattern's true does not offer it: only its own entry does
            diagnostics.append(_started_false(class_key, tool, start, where))
            choice = False
        elif choice is None and classification is not None:
            word = destructive_name(tool)
            include = include_new and (include_destructive or word is None)
            verdict = "included" if include else "excluded"
            if include_new and not include:
                verdict += f" for the destructive word {word!r} in its name"
            diagnostics.append(
                Diagnostic(
                    Level.WARNING,
                    f"{class_key}.{tool.method_name} is not in the classification "
                    f"file; {verdict} (rescan to record it)",
                    where,
                    code=codes.NOT_CLASSIFIED,
                )
            )
            choice = include
        if choice is False:
            continue
        covered = (
            Covered(class_key, key, entry, group.prefix, group.hidden, group.fixed)
            if group
            else Covered(class_key, key, entry, "")
        )
        shaped, notes = curate(tool, covered, locate)
        diagnostics += notes
        if shaped is not None:
            selected.append(Selected(class_key, tool, shaped))
    selected = _unique_names(selected, classification, locate, diagnostics)
    if not selected:
        diagnostics.append(
            Diagnostic(
                Level.WARNING,
                "no tool is included: the tool list is empty",
                where,
                code=codes.NO_TOOLS,
            )
        )
    return selected, diagnostics


def _locator(path: Path | None) -> Locate:
    """Key path → (file, line) in the classification file (line 0 when not found)."""

    def locate(keys: list[str], item: str | None = None) -> tuple[str, int]:
        if path is None:
            return "", 0
        found = line_of(path, keys, item)
        return str(path), found[0] if found else 0

    return locate


def _unique_names(
    selected: list[Selected],
    classification: Classification | None,
    locate: Locate,
    diagnostics: list[Diagnostic],
) -> list[Selected]:
    """The tools without those whose name, changed by ``name`` or ``@prefix``, another included
    tool has too (a scanned name is unique: only a changed one can collide)."""
    counts = Counter(s.tool.name for s in selected)
    kept = []
    for chosen in selected:
        name = chosen.tool.name
        if counts[name] == 1 or name == chosen.scanned.name:
            kept.append(chosen)
            continue
        group = (classification or {})[chosen.class_key]
        key = group.key_for(chosen.scanned.method_name)
        entry = group.methods[key] if key is not None else None
        named = entry is not None and entry.name is not None
        path, line = locate(
            [chosen.class_key, str(key), "name"] if named else [chosen.class_key, "@prefix"]
        )
        others = [
            f"{s.class_key}.{s.scanned.method_name}"
            for s in selected
            if s.tool.name == name and s is not chosen
        ]
        diagnostics.append(
            Diagnostic(
                Level.ERROR,
                f"the tool name {name!r} is also the name of {', '.join(others)}; this tool is "
                "left out (give it another name)",
                path,
                line,
                subject=f"{chosen.class_key}.{chosen.scanned.method_name}",
                code=codes.TOOL_NAME_TAKEN,
            )
        )
    return kept


def _closed_classes(
    catalog: Catalog,
    classification: Classification | None,
    where: str,
    diagnostics: list[Diagnostic],
) -> set[str]:
    """Classes the file does not name while it names one that matches no class and looks like
    their misspelling: ``"Calcc"`` must not turn every ``false`` of ``Calc`` into "new,
    included"."""
    misspelt = misspelt_keys(classification, catalog)
    for key, typo in misspelt.items():
        diagnostics.append(
            Diagnostic(
                Level.WARNING,
                f"class {key!r} is not in the classification file, which names {typo!r} (no "
                f"scanned class: a misspelling?): {key}'s methods are excluded until the file "
                "names it",
                where,
                code=codes.UNCLASSIFIED_CLASS_EXCLUDED,
            )
        )
    return set(misspelt)


def _unreachable(tool: ToolDescriptor) -> str:
    return ", ".join(f"{name!r} ({type_name})" for name, type_name in tool.uncallable)


def _not_offered(class_key: str, tool: ToolDescriptor, where: str) -> Diagnostic:
    return Diagnostic(
        Level.INFO,
        f"{class_key}.{tool.method_name} is excluded: a model cannot give {_unreachable(tool)} "
        "(no JSON form); set it true in the classification file to offer it with any value",
        where,
        code=codes.UNCALLABLE_EXCLUDED,
    )


def _started_false(
    class_key: str, tool: ToolDescriptor, start: FalseStart, where: str
) -> Diagnostic:
    said = start.said(tool)
    why = f"{start.why} ({said})" if said else start.why
    return Diagnostic(
        Level.INFO,
        f"{class_key}.{tool.method_name} is excluded: {why}; set it true in the "
        f"classification file to offer it{start.offer}",
        where,
        code=start.excluded,
    )


def _offered_uncallable(class_key: str, tool: ToolDescriptor, where: str) -> Diagnostic:
    return Diagnostic(
        Level.WARNING,
        f"{class_key}.{tool.method_name} is offered (the classification file says true) though "
        f"a model cannot give {_unreachable(tool)} (no JSON form): any value is accepted there",
        where,
        code=codes.UNCALLABLE_INCLUDED,
    )


def _named_by_the_user(
    diagnostics: list[Diagnostic], catalog: Catalog, classification: Classification | None
) -> list[Diagnostic]:
    """Without the TI112 of a class whose tools the scan renamed (``Class_method``: another
    class has a method of that name) when the classification gives each of them a ``name``:
    the name the scan chose is then never used."""
    if classification is None or not any(d.code == codes.TOOL_RENAMED for d in diagnostics):
        return diagnostics
    settled: set[str] = set()
    for group in catalog.classes:
        entries = classification.get(group.key)
        prefix = f"{group.key.rpartition('.')[2]}_"
        renamed = [
            t.method_name
            for t in group.tools
            if t.name != t.method_name and t.name.startswith(prefix)
        ]
        if not renamed or entries is None:
            continue
        chosen = [entries.entry_for(method) for method in renamed]
        if all(entry is not None and entry.name is not None for entry in chosen):
            settled.add(group.key)
            settled.update(f"{group.key}.{method}" for method in renamed)
    return [d for d in diagnostics if d.code != codes.TOOL_RENAMED or d.subject not in settled]


def quiet_excluded(
    diagnostics: list[Diagnostic], catalog: Catalog, classification: Classification | None
) -> list[Diagnostic]:
    """The diagnostics without the warnings and infos located at a method the classification
    sets to ``false`` (and at no included method), and without a class's TI112 when the
    classification names each of its renamed tools (see ``_named_by_the_user``). Errors
    stay."""
    diagnostics = _named_by_the_user(diagnostics, catalog, classification)
    if not diagnostics or not any(
        not entry.include
        for group in (classification or {}).values()
        for entry in group.methods.values()
    ):
        return diagnostics  # nothing to quiet, or nothing is set to false
    # a method's code, by its place and name: a base's method is one place for every class
    # that inherits it (its diagnostics name the base), quiet once every such tool is false
    places: dict[bool, set[tuple[str, str]]] = {True: set(), False: set()}
    for class_key, tool in catalog.tools():
        included = is_included(classification, class_key, tool.method_name) is not False
        places[included].add((tool.location, tool.method_name))
    silenced = places[False] - places[True]
    if not silenced:
        return diagnostics
    return [
        d
        for d in diagnostics
        if d.level is Level.ERROR or (d.where, d.subject.rpartition(".")[2]) not in silenced
    ]
