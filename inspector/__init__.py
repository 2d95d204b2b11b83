"""toolsinspector: turn Python classes into function-calling tools for every LLM provider.

The names below are imported lazily, so that ``import inspector`` (and the command line)
start fast.
"""

from __future__ import annotations

import functools
import importlib
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from inspector.api import (
        ScanResult,
        StubsResult,
        render_provider,
        scan_catalog,
        scan_targets,
        stubs_from_file,
    )
    from inspector.catalog import Catalog, CatalogClass
    from inspector.diagnostics import Diagnostic, InspectorError, Level, UsageError
    from inspector.model import Curation, Field, Injected, ParameterKind, Returns, ToolDescriptor
    from inspector.render.options import RenderOptions
    from inspector.runtime.host import MissingContext, ToolEvent
    from inspector.runtime.serve import serve
    from inspector.runtime.tool_search import ToolSearchSession
    from inspector.runtime.toolbox import Toolbox, ToolCallError
    from inspector.scan.docstrings import DocstringStyle

    __version__: str

__all__ = [
    "Catalog",
    "CatalogClass",
    "Curation",
    "Diagnostic",
    "DocstringStyle",
    "Field",
    "Injected",
    "InspectorError",
    "Level",
    "MissingContext",
    "ParameterKind",
    "RenderOptions",
    "Returns",
    "ScanResult",
    "StubsResult",
    "ToolCallError",
    "ToolDescriptor",
    "ToolEvent",
    "ToolSearchSession",
    "Toolbox",
    "UsageError",
    "render_provider",
    "scan_catalog",
    "scan_targets",
    "serve",
    "stubs_from_file",
]

_HOMES = {
    "ScanResult": "api",
    "render_provider": "api",
    "scan_catalog": "api",
    "scan_targets": "api",
    "StubsResult": "api",
    "stubs_from_file": "api",
    "Catalog": "catalog",
    "CatalogClass": "catalog",
    "Diagnostic": "diagnostics",
    "InspectorError": "diagnostics",
    "Level": "diagnostics",
    "UsageError": "diagnostics",
    "DocstringStyle": "scan.docstrings",
    "Curation": "model",
    "Field": "model",
    "Injected": "model",
    "ParameterKind": "model",
    "Returns": "model",
    "ToolDescriptor": "model",
    "RenderOptions": "render.options",
    "MissingContext": "runtime.host",
    "ToolEvent": "runtime.host",
    "serve": "runtime.serve",
    "ToolCallError": "runtime.toolbox",
    "Toolbox": "runtime.toolbox",
    "ToolSearchSession": "runtime.tool_search",
}


def __getattr__(name: str) -> object:
    if name == "__version__":
        return _version()
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'inspector' has no attribute {name!r}")
    return getattr(importlib.import_module(f"inspector.{home}"), name)


def __dir__() -> list[str]:
    return sorted(__all__)


@functools.cache
def _version() -> str:
    """The installed distribution's version, else the one in the source tree's pyproject.toml."""
    from importlib import metadata

    try:
        return metadata.version("toolsinspector")
    except metadata.PackageNotFoundError:
        return _source_version(Path(__file__).resolve().parent.parent / "pyproject.toml")


def _source_version(pyproject: Path) -> str:
    import tomllib

    try:
        project = tomllib.loads(pyproject.read_text(encoding="utf-8")).get("project", {})
    except (OSError, tomllib.TOMLDecodeError):
        return "0+unknown"
    version = project.get("version") if project.get("name") == "toolsinspector" else None
    return version if isinstance(version, str) else "0+unknown"
