"""Every file the configuration names, made by the pipeline and handed over as each is made,
to be written (``build``) or compared with the disk (``check``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from inspector.catalog import Catalog, CatalogClass
from inspector.diagnostics import Diagnostic, InspectorError, UsageError, has_errors
from inspector.files import classification as classification_file
from inspector.files.classification import Classification
from inspector.files.compare import Stepper, Steps
from inspector.files.jsonio import JsonDocument, JsonPieces, json_text, pieces_text
from inspector.files.tools_json import load as load_tools
from inspector.files.tools_json import to_text, tools_pieces
from inspector.model import ToolDescriptor
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


SideBySide = Callable[[Path, JsonDocument], Steps[None]]
"""tools.json handed over as steps (``check`` compares it a piece per step), taken as the first
provider's file is made: each tool's shared schema, made for one file, serves the other."""


def generate(
    config: Config, each_file: EachFile | None = None, side_by_side: SideBySide | None = None
) -> Generated:
    """Scan the targets and produce tools.json, the classification file, each provider's file
    and the stubs; after a scan with errors, only tools.json (not handed to ``each_file``). A
    provider whose render fails has no file (an error says why); the others do. Without
    ``each_file`` the texts are kept in ``Generated.files``; with it, each file goes to it as
    it is made, the large ones in pieces, and nothing is held whole; with ``side_by_side``
    too, tools.json goes to that instead (see ``SideBySide``)."""
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
        if each_file is None:
            _generate(config, result, keep)
        else:
            _generate(config, result, hand_over, side_by_side)
    return result


def _generate(
    config: Config, result: Generated, each_file: EachFile, side_by_side: SideBySide | None = None
) -> None:
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
    tools: list[ToolDescriptor] = []
    if config.providers:
        tools, notes = pipeline.select(
            catalog,
            merged.classification,
            config.classification_path,
            include_new=config.include_new,
            merged=True,
        )
        result.diagnostics += notes
    ahead = _Ahead(catalog, tools, side_by_side, config.tools_path) if tools else None
    if ahead is None or ahead.steps is None:
        each_file(config.tools_path, tools_pieces(catalog))
    else:
        result.files[config.tools_path] = ""
    each_file(config.classification_path, json_text(merged.classification))
    if config.providers:
        options = RenderOptions(
            strict=config.strict,
            template_dirs=list(config.templates),
            gemini_json_schema=config.gemini_json_schema,
        )

        def emit(provider: str, pieces: JsonPieces) -> bool:
            each_file(config.provider_dir / f"{provider}.json", pieces)
            return True

        pace = ahead.pace if ahead is not None else None  # tools.json made as the tools are taken
        for rendered in pipeline.render(config.providers, tools, options, emit=emit, pace=pace):
            result.diagnostics += rendered.diagnostics
    if ahead is not None:
        ahead.finish()  # what the renders did not take, or all of it if they failed
    if config.stubs is not None:
        text, notes = pipeline.stubs(
            catalog, config.tools_path.name, template_dirs=config.templates
        )
        result.diagnostics += notes
        each_file(config.stubs, text)


class _Ahead:
    """tools.json's steps (``side_by_side``) taken just ahead of a render of ``tools``: before
    the render makes its entry for the n-th tool, tools.json has made the class holding it."""

    def __init__(
        self,
        catalog: Catalog,
        tools: list[ToolDescriptor],
        side_by_side: SideBySide | None,
        path: Path,
    ) -> None:
        self.rendered = {id(tool) for tool in tools}
        self.passed = 0  # the rendered tools tools.json has made
        self.steps = None
        if side_by_side is not None:
            self.steps = Stepper(side_by_side(path, tools_pieces(catalog, self._passed)))

    def _passed(self, group: CatalogClass) -> None:
        rendered = self.rendered
        self.passed += sum(1 for tool in group.tools if id(tool) in rendered)

    def pace(self, index: int) -> None:
        """tools.json made up to the class holding the rendered tool ``index``."""
        if self.steps is not None:
            while self.passed <= index and self.steps.step():
                pass

    def finish(self) -> None:
        """Whatever of tools.json is left."""
        if self.steps is not None:
            self.steps.finish()


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
