"""The commands as functions: scan targets into files, render providers' files, write stubs."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from inspector.catalog import Catalog
from inspector.diagnostics import Diagnostic, InspectorError, UsageError, located_error
from inspector.files import classification as classification_file
from inspector.files import tools_json
from inspector.files.jsonfile import dumps, json_text, read_json, write_file, write_text
from inspector.files.new_entries import false_start
from inspector.files.overwrite import FileKind, Input, Output, check_outputs, source_files
from inspector.files.tools_json import load as load_tools
from inspector.model import JsonObject
from inspector.project import pipeline
from inspector.project.pipeline import Rendered
from inspector.render.selection import quiet_excluded
from inspector.scan.docstrings import DocstringStyle

if TYPE_CHECKING:
    from inspector.render.options import RenderOptions


@dataclass
class ScanResult:
    """What a scan produced and wrote.

    Attributes:
        tools_text: The tools.json text when no ``output`` was given, else "".
        classes: How many classes were inspected.
        modules: How many modules' functions were inspected.
        tools: How many tools they gave.
        included: How many of those the classification file includes; without one, how many
            a model can call (what a render or a Toolbox without one offers).
        written: The files written (their content changed).
        unchanged: The files left alone (their content was already this).
        diagnostics: What was noticed, in order.
        newly_included: ``Class.method`` of each method this scan made included.
        new_classification: Whether the classification file did not exist before this scan.
        nothing_written: Every target failed: no file was touched.
        destructive: ``Class.method`` of each new method recorded false for its destructive
            name.
    """

    tools_text: str
    """The tools.json text when no ``output`` was given; empty when it went to a file."""
    classes: int = 0
    modules: int = 0
    """How many modules' functions were inspected (each module's functions one group)."""
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
    destructive: list[str] = field(default_factory=list)
    """``Class.method`` of each new method recorded false for its destructive name."""


def scan_catalog(
    targets: Sequence[str], *, docstring_style: DocstringStyle = DocstringStyle.AUTO
) -> tuple[Catalog, list[Diagnostic]]:
    """Inspect targets into an in-memory catalog; nothing is written.

    Args:
        targets: What to inspect: ``file.py:Class``, ``package.module:Class``, a file or a
            module (every class it defines or exposes).
        docstring_style: How docstrings are read.

    Returns:
        The catalog and the diagnostics. A target that cannot be imported is an error
        diagnostic (and in ``Catalog.failed_targets``), not an exception.
    """
    return pipeline.scan(targets, docstring_style=docstring_style)


def scan_targets(
    targets: Sequence[str],
    *,
    output: Path | None,
    classification_path: Path | None,
    include_new: bool = True,
    prune: bool = False,
    docstring_style: DocstringStyle = DocstringStyle.AUTO,
    force: bool = False,
    include_destructive: bool = False,
) -> ScanResult:
    """Inspect targets; write tools.json and the classification file.

    The classification file is read first: if it is broken, nothing is written. The classes of
    a target that fails are kept as the tools file had them; when every target fails, nothing
    is written.

    Args:
        targets: What to inspect (see ``scan_catalog``).
        output: Where to write tools.json; None keeps it in ``ScanResult.tools_text``.
        classification_path: The classification file to read and update; None for none.
        include_new: Whether methods new to the classification file are included.
        prune: Drop the classification entries of methods that are gone.
        docstring_style: How docstrings are read.
        force: Write over a file of another kind, or one the scan reads (a target's source).
        include_destructive: Whether a new method whose name holds a destructive word
            (``delete_pod``, ``dropTable``, ``execvp``, ``find_one_and_delete``: see
            ``destructive_names``) is included too; by default it starts false (``--new
            include-all`` on the command line).

    Returns:
        What was inspected, written and noticed.

    Raises:
        UsageError: ``output`` and ``classification_path`` name one file; or, without
            ``force``, one of them is a source file of the targets or holds another kind of
            file (a classification file named as ``output``, a provider's file, Python).
        InspectorError: The classification file is broken, or a file cannot be written.
    """
    outputs = [Output(output, FileKind.TOOLS)] if output is not None else []
    if classification_path is not None:
        outputs.append(Output(classification_path, FileKind.CLASSIFICATION))
    check_outputs(outputs, force=True)  # two outputs at one path, first
    existing = classification_file.load(classification_path) if classification_path else None
    check_outputs(outputs, source_files(targets), force=force)  # after a broken file is said
    previous = _previous(output)
    catalog, diagnostics = pipeline.scan(targets, docstring_style=docstring_style)
    failed = catalog.failed_targets
    catalog, notes = pipeline.keep_failed(catalog, previous() if failed else None, targets)
    diagnostics += notes
    if targets and set(catalog.failed_targets) == set(targets):
        return ScanResult("", diagnostics=diagnostics, nothing_written=True)
    diagnostics = quiet_excluded(diagnostics, catalog, existing)
    data = dumps(tools_json.to_json(catalog))
    result = ScanResult(data.decode("utf-8") if output is None else "", diagnostics=diagnostics)
    result.modules = sum(1 for group in catalog.classes if group.function_group)
    result.classes = len(catalog.classes) - result.modules
    result.tools = sum(len(group.tools) for group in catalog.classes)
    merged = None
    if classification_path is not None:  # before tools.json, which it may read, changes
        merged, notes = pipeline.classify(
            existing,
            catalog,
            classification_path,
            include_new=include_new,
            prune=prune,
            previous=previous,
            include_destructive=include_destructive,
        )
        result.diagnostics += notes
    if output is not None:
        _write(output, data, result)
    del data  # a large project's text need not stay beside the classification's
    if classification_path is None or merged is None:
        # no file decides: what a render or a Toolbox offers without one, every method a
        # model can call (the summary said all, the uncallable ones too)
        result.included = sum(
            1 for _, t in catalog.tools() if not t.uncallable and false_start(t) is None
        )
        return result
    chosen = merged.classification
    _write(classification_path, dumps(classification_file.to_json(chosen)), result)
    result.included = sum(
        1 for k, t in catalog.tools() if classification_file.is_included(chosen, k, t.method_name)
    )
    result.newly_included = merged.newly_included
    result.destructive = [name for name, _ in merged.destructive]
    result.new_classification = existing is None
    return result


def _write(path: Path, data: bytes, result: ScanResult) -> None:
    """Write a file, and say in ``result`` whether it changed."""
    (result.written if write_file(path, data) else result.unchanged).append(path)


def _previous(output: Path | None) -> Callable[[], Catalog | None]:
    """A function that reads the tools file being replaced, when it is one (to keep what a
    failed target had, to recognise renamed methods), once, and only if it is called."""

    @functools.cache
    def read() -> Catalog | None:
        if output is None or not output.is_file():
            return None
        try:
            return load_tools(output)
        except InspectorError:
            return None

    return read


def render_providers(
    providers: Sequence[str],
    *,
    tools_path: Path,
    classification_path: Path | None = None,
    options: RenderOptions,
    include_new: bool = True,
    include_destructive: bool = False,
) -> tuple[Iterator[Rendered], list[Diagnostic]]:
    """Each provider's file for the included tools of a tools.json; one provider's error does
    not stop the others. Returns the files, made as they are taken (see ``pipeline.render``),
    and the diagnostics of selecting the tools.

    ``classification_path`` None: the file beside the tools file, if any (else every method is
    included); a path given must exist. Methods the file does not mention follow
    ``include_new`` (a destructive name only with ``include_destructive``)."""
    catalog = load_tools(tools_path)
    if classification_path is None:
        classification_path = classification_file.default_path(tools_path)
        choices = classification_file.load(classification_path)
    else:
        choices = classification_file.load_required(classification_path)
    tools, diagnostics = pipeline.select(
        catalog,
        choices,
        classification_path,
        include_new=include_new,
        include_destructive=include_destructive,
    )
    diagnostics += pipeline.annotation_diagnostics(options.annotations, tools)
    diagnostics += pipeline.defer_diagnostics(options, tools)
    return pipeline.render(providers, tools, options), diagnostics


def render_provider(
    provider: str,
    *,
    tools_path: Path,
    classification_path: Path | None = None,
    options: RenderOptions,
    include_new: bool = True,
    include_destructive: bool = False,
) -> tuple[str, list[Diagnostic]]:
    """The provider's file for the tools a tools.json and its classification file include.

    Args:
        provider: A provider name (``toolsinspector providers`` lists them), or a template
            of ``options.template_dirs``.
        tools_path: The tools.json to read.
        classification_path: The classification file; None: the one beside ``tools_path`` if
            there is one, else every method a model can call is included.
        options: Strict mode, user templates and the other render options.
        include_new: Whether methods the classification file does not mention are included.
        include_destructive: Whether those whose name holds a destructive word are included
            too (by default they are not).

    Returns:
        The file's text and the diagnostics.

    Raises:
        UsageError: An unknown provider.
        InspectorError: A file cannot be read (a classification file named but missing too),
            or the provider cannot render these tools (a name it forbids, a template error).
    """
    (rendered,), diagnostics = render_providers(
        [provider],
        tools_path=tools_path,
        classification_path=classification_path,
        options=options,
        include_new=include_new,
        include_destructive=include_destructive,
    )
    if rendered.document is None:
        raise located_error(rendered.diagnostics[0])
    return json_text(rendered.document), diagnostics + rendered.diagnostics


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
    """What ``stubs_from_file`` made.

    Attributes:
        text: The stubs module ("" when it was written to a file).
        format: The format the input was read as (``tools.json`` or a provider's name).
        diagnostics: What was noticed.
    """

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
    output: Path | None = None,
    force: bool = False,
    classification_path: Path | None = None,
) -> StubsResult:
    """Typed Python stubs of the tool definitions in a tools.json or any provider's file.

    Args:
        schema_path: The file to read.
        format_name: Its format (``tools.json`` or a provider's name); ``auto`` detects it.
        class_name: The stub class's name for a provider file (which names no class).
        typed_dict: Nested objects as ``TypedDict`` instead of dataclasses.
        template_dirs: Directories of user templates (a user provider's reader, or
            ``stubs.py.jinja``).
        output: Where to write the stubs (only when the content changed); None returns them
            in ``StubsResult.text``.
        force: Write over ``schema_path`` itself, or over a JSON file of a kind stubs are not
            (a tools.json, a classification or a provider's file).
        classification_path: For a tools.json: the classification file (which must exist)
            whose included tools, shaped by it, the stubs hold (each stub then has the name
            and schema its tool has in every provider file). None: every tool as scanned. A
            provider file is shaped already.

    Returns:
        The stubs, the format read and the diagnostics.

    Raises:
        InspectorError: The file cannot be read or is no known format, or the classification
            file is missing or broken.
        UsageError: Without ``force``, ``output`` is ``schema_path`` or a JSON file of
            toolsinspector's; or a classification file given for a provider file.
    """
    if output is not None:
        check_outputs(
            [Output(output, FileKind.PYTHON)], [Input(schema_path, "schema file")], force=force
        )
    from inspector.files.provider_files import DEFAULT_CLASS, TOOLS_FORMAT
    from inspector.providers.registry import read_catalog

    data = read_json(schema_path, "schema file")
    try:
        catalog, found = read_catalog(
            data,
            format_name,
            class_name or DEFAULT_CLASS,
            template_dirs,
            share_types=True,
        )
    except InspectorError as error:
        raise InspectorError(f"{schema_path}: {error}") from None
    del data
    notes: list[Diagnostic] = []
    if classification_path is not None:
        if found != TOOLS_FORMAT:
            raise UsageError(
                f"--classification shapes a tools.json; {schema_path} is in the {found} "
                "format, shaped when it was rendered"
            )
        choices = classification_file.load_required(classification_path)
        catalog, notes = pipeline.curated_catalog(catalog, choices, classification_path)
    text, diagnostics = pipeline.stubs(
        catalog, schema_path.name, typed_dict=typed_dict, template_dirs=template_dirs
    )
    diagnostics = notes + diagnostics
    if output is None:
        return StubsResult(text, found, diagnostics)
    write_text(output, text)
    return StubsResult("", found, diagnostics)
