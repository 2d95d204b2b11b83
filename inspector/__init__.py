"""toolsinspector: turn Python classes into function-calling tools for every LLM provider.

The names below are imported lazily, so that ``import inspector`` (and the command line)
start fast.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from inspector.api import ScanResult, StubsResult, render_provider, scan_targets, write_stubs
    from inspector.catalog import Catalog, CatalogClass
    from inspector.diagnostics import Diagnostic, InspectorError, Level, UsageError
    from inspector.model import Field, ParameterKind, Returns, ToolDescriptor
    from inspector.render.options import RenderOptions
    from inspector.runtime.serve import serve
    from inspector.runtime.toolbox import Toolbox, ToolCallError
    from inspector.scan.docstrings import DocstringStyle
    from inspector.scan.scanner import scan

__all__ = [
    "Catalog",
    "CatalogClass",
    "Diagnostic",
    "DocstringStyle",
    "Field",
    "InspectorError",
    "Level",
    "ParameterKind",
    "RenderOptions",
    "Returns",
    "ScanResult",
    "StubsResult",
    "ToolCallError",
    "ToolDescriptor",
    "Toolbox",
    "UsageError",
    "render_provider",
    "scan",
    "scan_targets",
    "serve",
    "write_stubs",
]

_HOMES = {
    "ScanResult": "api",
    "render_provider": "api",
    "scan_targets": "api",
    "StubsResult": "api",
    "write_stubs": "api",
    "Catalog": "catalog",
    "CatalogClass": "catalog",
    "scan": "scan.scanner",
    "Diagnostic": "diagnostics",
    "InspectorError": "diagnostics",
    "Level": "diagnostics",
    "UsageError": "diagnostics",
    "DocstringStyle": "scan.docstrings",
    "Field": "model",
    "ParameterKind": "model",
    "Returns": "model",
    "ToolDescriptor": "model",
    "RenderOptions": "render.options",
    "serve": "runtime.serve",
    "ToolCallError": "runtime.toolbox",
    "Toolbox": "runtime.toolbox",
}


def __getattr__(name: str) -> object:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'inspector' has no attribute {name!r}")
    return getattr(importlib.import_module(f"inspector.{home}"), name)


def __dir__() -> list[str]:
    return sorted(__all__)
