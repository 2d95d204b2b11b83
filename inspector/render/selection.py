"""Select: the tools the classification file includes, flat, in catalog order."""

from __future__ import annotations

from pathlib import Path

from inspector import codes
from inspector.catalog import Catalog
from inspector.diagnostics import Diagnostic, Level
from inspector.files.classification import Classification, is_included, misspelt_keys
from inspector.files.new_entries import inputs_left_out, is_destructive
from inspector.model import ToolDescriptor


def select_tools(
    catalog: Catalog,
    classification: Classification | None,
    classification_path: Path | None,
    *,
    include_new: bool = True,
    include_destructive: bool = False,
) -> tuple[list[ToolDescriptor], list[Diagnostic]]:
    """The included tools, flat, in catalog order. A method the classification does not mention
    is included when ``include_new`` (with a warning), excluded otherwise, and excluded when its
    name is destructive unless ``include_destructive`` (a scan would record it false); one a
    model cannot call (``ToolDescriptor.uncallable``) or whose inputs were all left out is
    excluded either way, unless the file says true (without a file, too)."""
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
    tools = []
    closed = _closed_classes(catalog, classification, where, diagnostics)
    for class_key, tool in catalog.tools():
        choice = is_included(classification, class_key, tool.method_name)
        if class_key in closed:
            choice = False
        elif choice is None and tool.uncallable:
            diagnostics.append(_not_offered(class_key, tool, where))
            choice = False
        elif choice and tool.uncallable:
            diagnostics.append(_offered_uncallable(class_key, tool, where))
        elif choice is None and inputs_left_out(tool):
            diagnostics.append(_no_inputs(class_key, tool, where))
            choice = False
        elif choice is None and classification is not None:
            destructive = is_destructive(tool.method_name, is_async=tool.is_async)
            include = include_new and (include_destructive or not destructive)
            verdict = "included" if include else "excluded"
            if include_new and not include:
                verdict += " for its destructive name"
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
        if choice is not False:
            tools.append(tool)
    if not tools:
        diagnostics.append(
            Diagnostic(
                Level.WARNING,
                "no tool is included: the tool list is empty",
                where,
                code=codes.NO_TOOLS,
            )
        )
    return tools, diagnostics


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


def _no_inputs(class_key: str, tool: ToolDescriptor, where: str) -> Diagnostic:
    return Diagnostic(
        Level.INFO,
        f"{class_key}.{tool.method_name} is excluded: it takes no input (its *args/**kwargs were "
        "left out); set it true in the classification file to offer it without arguments",
        where,
        code=codes.NO_INPUTS_EXCLUDED,
    )


def _offered_uncallable(class_key: str, tool: ToolDescriptor, where: str) -> Diagnostic:
    return Diagnostic(
        Level.WARNING,
        f"{class_key}.{tool.method_name} is offered (the classification file says true) though "
        f"a model cannot give {_unreachable(tool)} (no JSON form): any value is accepted there",
        where,
        code=codes.UNCALLABLE_INCLUDED,
    )


def quiet_excluded(
    diagnostics: list[Diagnostic], catalog: Catalog, classification: Classification | None
) -> list[Diagnostic]:
    """The diagnostics without the warnings and infos located at a method the classification
    sets to ``false`` (and at no included method). Errors stay."""
    if not diagnostics or not any(
        on is False for methods in (classification or {}).values() for on in methods.values()
    ):
        return diagnostics  # nothing to quiet, or nothing is set to false
    places: dict[bool, set[tuple[str, str]]] = {True: set(), False: set()}
    for class_key, tool in catalog.tools():
        included = is_included(classification, class_key, tool.method_name) is not False
        for owner in (tool.class_name, class_key):
            places[included].add((tool.location, f"{owner}.{tool.method_name}"))
    silenced = places[False] - places[True]
    if not silenced:
        return diagnostics
    return [
        d for d in diagnostics if d.level is Level.ERROR or (d.where, d.subject) not in silenced
    ]
