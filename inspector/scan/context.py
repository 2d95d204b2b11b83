"""What one scan reads once and shares between the methods it inspects.

A scan (a command, a call of the Python API, a ``Toolbox``) makes one ``ScanContext``; every
cache of the scan hangs from it and goes with it: modules' ``TYPE_CHECKING`` names and aliases,
stub files, attribute docstrings, evaluated annotations, locations, the files it imported. No
cache lives at module level, so nothing read by one call is seen by the next (an edited file is
read again) and nothing in the process is changed by a scan."""

from __future__ import annotations

from pathlib import Path

from inspector.scan.attribute_docs import AttributeDocs
from inspector.scan.docstrings import DocstringStyle
from inspector.scan.resolution import HintResolver
from inspector.scan.stubsource import StubFinder
from inspector.scan.targets import Targets
from inspector.scan.typecheck_names import TypeCheckingNames


class ScanContext:
    """One scan's readers and what they keep; ``root`` is the project root that configures the
    scan (relative file targets and locations), if one does."""

    def __init__(
        self, docstring_style: DocstringStyle = DocstringStyle.AUTO, root: Path | None = None
    ) -> None:
        self.docstring_style = docstring_style
        self.names = TypeCheckingNames()
        self.stubs = StubFinder()
        self.resolver = HintResolver(self.names, self.stubs)
        self.attribute_docs = AttributeDocs()
        self.targets = Targets(root)
