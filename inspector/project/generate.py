"""Every file the configuration names, generated in memory by the pipeline, to be written
(``build``) or compared with the disk (``check``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from inspector.catalog import Catalog
from inspector.diagnostics import Diagnostic, InspectorError, UsageError, has_errors
from inspector.files import classification as classification_file
from inspector.files.classification import Classification
from inspector.files.jsonio import json_text
from inspector.files.tools_json import load as load_tools
from inspector.files.tools_json import to_text
from inspector.project import pipeline
from inspector.project.config import Config
from inspector.render.options import RenderOptions
from inspector.render.selection import quiet_excluded


@dataclass
class Generated:
    """Every file the configuration names, as it should be, plus what was noticed."""

    files: dict[Path, str] = field(default_factory=dict)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    scan_failed: bool = False


def generate(config: Config) -> Generated:
    """Scan the targets and produce tools.json, the classification file, each provider's file
    and the stubs, without writing anything; after a scan with errors, only tools.json. A
    provider whose render fails has no file (an error says why); the others do."""
    if not config.targets:
        raise UsageError("no targets: give TARGET arguments or set targets in the config")
    with pipeline.gc_paused():  # every file of a large project: GC passes would dominate
        return _generate(config)


def _generate(config: Config) -> Generated:
    """``generate`` with the garbage collector paused."""
    result = Generated()
    existing = _existing_classification(config)
    catalog, result.diagnostics = pipeline.scan(
        config.targets, docstring_style=config.docstring_style, root=config.root
    )
    result.diagnostics = quiet_excluded(result.diagnostics, catalog, existing)
    result.files[config.tools_path] = to_text(catalog)
    if has_errors(result.diagnostics):
        result.scan_failed = True
        return result  # the caller reports them; nothing is compared or written
    merged, notes = pipeline.classify(
        existing,
        catalog,
        config.classification_path,
        include_new=config.include_new,
        previous=_previous(config.tools_path),
    )
    result.diagnostics += notes
    result.files[config.classification_path] = json_text(merged.classification)
    if config.providers:
        tools, notes = pipeline.select(
            catalog,
            merged.classification,
            config.classification_path,
            include_new=config.include_new,
        )
        result.diagnostics += notes
        options = RenderOptions(
            strict=config.strict,
            template_dirs=list(config.templates),
            gemini_json_schema=config.gemini_json_schema,
        )
        for rendered in pipeline.render(config.providers, tools, options):
            result.diagnostics += rendered.diagnostics
            if rendered.text is not None:
                result.files[config.provider_dir / f"{rendered.provider}.json"] = rendered.text
    if config.stubs is not None:
        text, notes = pipeline.stubs(
            catalog, config.tools_path.name, template_dirs=config.templates
        )
        result.diagnostics += notes
        result.files[config.stubs] = text
    return result


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
