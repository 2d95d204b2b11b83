"""Every file the configuration names, made by the pipeline and handed over as each is made,
to be written (``build``) or compared with the disk (``check``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from inspector.catalog import Catalog
from inspector.diagnostics import Diagnostic, InspectorError, UsageError, has_errors
from inspector.files import classification as classification_file
from inspector.files.classification import Classification
from inspector.files.jsonio import JsonPieces, json_text, pieces_text
from inspector.files.tools_json import load as load_tools
from inspector.files.tools_json import to_text, tools_pieces
from inspector.project import pipeline
from inspector.project.config import Config
from inspector.render.options import RenderOptions
from inspector.render.selection import quiet_excluded

Content = str | JsonPieces
"""A file's content: its text, or (a large JSON file) its pieces, made as they are used."""

EachFile = Callable[[Path, Content], None]
"""What becomes of each file as it is made: ``build`` writes it, ``check`` compares it."""


@dataclass
class Generated:
    """Every file the configuration names, as it should be, plus what was noticed."""

    files: dict[Path, str] = field(default_factory=dict)
    """The files' texts (without ``each_file``; with it, only the paths, each text empty)."""
    diagnostics: list[Diagnostic] = field(default_factory=list)
    scan_failed: bool = False


def generate(config: Config, each_file: EachFile | None = None) -> Generated:
    """Scan the targets and produce tools.json, the classification file, each provider's file
    and the stubs; after a scan with errors, only tools.json (not handed to ``each_file``). A
    provider whose render fails has no file (an error says why); the others do. Without
    ``each_file`` the texts are kept in ``Generated.files``; with it, each file goes to it as
    it is made, the large ones in pieces, and nothing is held whole."""
    if not config.targets:
        raise UsageError("no targets: give TARGET arguments or set targets in the config")
    result = Generated()

    def keep(path: Path, content: Content) -> None:
        result.files[path] = content if isinstance(content, str) else pieces_text(content)

    def hand_over(path: Path, content: Content) -> None:
        result.files[path] = ""
        if each_file is not None:
            each_file(path, content)

    with pipeline.gc_paused():  # every file of a large project: GC passes would dominate
        _generate(config, result, keep if each_file is None else hand_over)
    return result


def _generate(config: Config, result: Generated, each_file: EachFile) -> None:
    """``generate`` with the garbage collector paused."""
    existing = _existing_classification(config)
    catalog, result.diagnostics = pipeline.scan(
        config.targets, docstring_style=config.docstring_style, root=config.root
    )
    result.diagnostics = quiet_excluded(result.diagnostics, catalog, existing)
    if has_errors(result.diagnostics):
        result.scan_failed = True
        result.files[config.tools_path] = to_text(catalog)
        return  # the caller reports them; nothing is compared or written
    merged, notes = pipeline.classify(  # before tools.json, which it may read, is written
        existing,
        catalog,
        config.classification_path,
        include_new=config.include_new,
        previous=lambda: _previous(config.tools_path),
    )
    result.diagnostics += notes
    each_file(config.tools_path, tools_pieces(catalog))
    each_file(config.classification_path, json_text(merged.classification))
    if config.providers:
        tools, notes = pipeline.select(
            catalog,
            merged.classification,
            config.classification_path,
            include_new=config.include_new,
            merged=True,
        )
        result.diagnostics += notes
        options = RenderOptions(
            strict=config.strict,
            template_dirs=list(config.templates),
            gemini_json_schema=config.gemini_json_schema,
        )

        def emit(provider: str, pieces: JsonPieces) -> bool:
            each_file(config.provider_dir / f"{provider}.json", pieces)
            return True

        for rendered in pipeline.render(config.providers, tools, options, emit=emit):
            result.diagnostics += rendered.diagnostics
    if config.stubs is not None:
        text, notes = pipeline.stubs(
            catalog, config.tools_path.name, template_dirs=config.templates
        )
        result.diagnostics += notes
        each_file(config.stubs, text)


def _existing_classification(config: Config) -> Classification | None:
    """The classification file; one named explicitly must exist once the tools file does (the
    first build creates both), so a typo in its name never exposes every method."""
    if config.classification is not None and config.tools_path.exists():
        return classification_file.load_required(config.classification)
    return classification_file.load(config.classification_path)


def _previous(tools_path: Path) -> Catalog | None:
    """The tools file as it was (to recognise renamed methods), when it can be read."""
    try:
        return load_tools(tools_path) if tools_path.is_file() else None
    except InspectorError:
        return None
