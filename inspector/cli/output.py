"""What the command line prints: diagnostics on stderr."""

from __future__ import annotations

import sys

from inspector.diagnostics import Diagnostic, Level


def print_diagnostics(
    diagnostics: list[Diagnostic], quiet: bool, printed: set[Diagnostic] | None = None
) -> None:
    """Print to stderr; ``printed`` keeps a message shared by several providers to one line."""
    for diagnostic in diagnostics:
        if (quiet and diagnostic.level is Level.INFO) or diagnostic in (printed or ()):
            continue
        print(diagnostic, file=sys.stderr)
        if printed is not None:
            printed.add(diagnostic)
