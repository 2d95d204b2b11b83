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
from inspector.files.jsonfile import dumps, loads
from inspector.files.overwrite import FileKind, Input, Output, check_outputs, source_files
from inspector.files.tools_json import from_json, to_json
from inspector.files.tools_json import load as load_tools
from inspector.project import pipeline
from inspector.project.config import Config
from inspector.render.options import RenderOptions
from inspector.render.selection import quiet_excluded

EachFile = Callable[[Path, bytes], None]
"""What becomes of each file's content as it is made: ``build`` writes it, ``check`` compares
it with the disk."""


@dataclass
class Generated:
    """Every file the configuration names, as it should be, plus what was noticed."""

    files: dict[Path, bytes] = field(default_factory=dict)
    """The files' contents (without ``each_file``; with it, only the paths, each empty)."""
    diagnostics: list[Diagnostic] = field(default_factory=list)
    scan_failed: bool = False


def generate(
    config: Config, each_file: EachFile | None = None, *, prune: bool = False
) -> Generated:
    """Scan the targets and produce tools.json, the classification file, each provider's file
    and the stubs; after a scan with errors, only tools.json (not handed to ``each_file``). A
    provider whose render fails has no file (an error says why); the others do. Without
    ``each_file`` the contents are kept in ``Generated.files``; with it, each file goes to it
    as it is made and is not kept. ``prune``: drop the classification entries of methods that
    are gone."""
    if not config.targets:
        raise UsageError("no targets: give TARGET arguments or set targets in the config")
    result = Generated()

    def hand_over(path: Path, content: bytes) -> None:
        if each_file is None:
            result.files[path] = content
        else:
            result.files[path] = b""
            each_file(path, content)

    existing = _existing_classification(config)
    catalog, result.diagnostics = pipeline.scan(
        config.targets, docstring_style=config.docstring_style, root=config.root
    )
    result.diagnostics = quiet_excluded(result.diagnostics, catalog, existing)
    if has_errors(result.diagnostics):
        result.scan_failed = True
        result.files[config.tools_path] = dumps(to_json(catalog))
        return result  # the caller reports them; nothing is compared or written
    merged, notes = pipeline.classify(  # before tools.json, which it may read, is written
        existing,
        catalog,
        config.classification_path,
        include_new=config.include_new,
        prune=prune,
        previous=lambda: _previous(config.tools_path),
        include_destructive=config.include_destructive,
    )
    result.diagnostics += notes
    tools_file = dumps(to_json(catalog))
    hand_over(config.tools_path, tools_file)
    # the stubs are made from tools.json as written, as `stubs tools.json` makes them: a scan
    # knows more than its file says (whether a description is the parameter's or its type's),
    # and stubs show it, so stubs of the scan itself differed from the file's. Read back now,
    # the file's text is not held through the renders (30 MB at 20,000 tools).
    written = from_json(loads(tools_file), {}) if config.stubs is not None else None
    del tools_file
    hand_over(config.classification_path, dumps(classification_file.to_json(merged.classification)))
    if config.providers:
        result.diagnostics += _renders(config, catalog, merged.classification, hand_over)
    if config.stubs is not None and written is not None:  # the included tools, shaped
        shaped, _ = pipeline.curated_catalog(
            written,
            merged.classification,
            config.classification_path,
            include_new=config.include_new,
        )
        text, notes = pipeline.stubs(shaped, config.tools_path.name, template_dirs=config.templates)
        result.diagnostics += notes
        hand_over(config.stubs, text.encode("utf-8"))
    return result


def check_build_outputs(config: Config, *, force: bool = False) -> None:
    """Refuse (see ``overwrite.check_outputs``) what ``build`` would write over: a file it reads
    (a target's source, the configuration) or a file of another kind; two outputs named alike
    are refused even with ``force``.

    Raises:
        UsageError: One line naming the file and why.
    """
    outputs = [
        Output(config.tools_path, FileKind.TOOLS),
        Output(config.classification_path, FileKind.CLASSIFICATION),
        *(Output(config.provider_dir / f"{p}.json", FileKind.PROVIDER) for p in config.providers),
    ]
    if config.stubs is not None:
        outputs.append(Output(config.stubs, FileKind.PYTHON))
    reads = source_files(config.targets, config.root)
    if config.source is not None:
        reads.append(Input(config.source, "configuration file"))
    check_outputs(outputs, reads, force=force)


def _renders(
    config: Config, catalog: Catalog, classification: Classification, each_file: EachFile
) -> list[Diagnostic]:
    """Each provider's file handed to ``each_file``; the diagnostics of selecting the tools and
    of the renders."""
    tools, diagnostics = pipeline.select(
        catalog,
        classification,
        config.classification_path,
        include_new=config.include_new,
        merged=True,
        include_destructive=config.include_destructive,
    )
    options = RenderOptions(
        strict=config.strict,
        template_dirs=list(config.templates),
        gemini_json_schema=config.gemini_json_schema,
        defer=list(config.defer),
        cache=config.cache,
    )
    diagnostics += pipeline.defer_diagnostics(options, tools)
    if config.max_tool_tokens is not None:
        options.max_tool_tokens = config.max_tool_tokens
    if config.max_file_tokens is not None:
        options.max_file_tokens = config.max_file_tokens
    for rendered in pipeline.render(config.providers, tools, options):
        diagnostics += rendered.diagnostics
        if rendered.document is not None:
            each_file(config.provider_dir / f"{rendered.provider}.json", dumps(rendered.document))
        del rendered  # not alive while the next provider's file is made
    return diagnostics


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
