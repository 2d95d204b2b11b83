"""Deferred loading: the tools a render marks to load on demand (``render --defer PATTERN``,
``"defer": true`` in the classification file), and what becomes of them in each provider's
file: written with the provider's own tool search where it has one, left out elsewhere."""

from __future__ import annotations

import fnmatch
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from inspector import codes
from inspector.diagnostics import Diagnostic, Level
from inspector.model import ToolDescriptor
from inspector.providers.base import Provider

SHOWN_NAMES = 5
"""How many names of the tools left out a diagnostic lists before "and N more"."""


def is_deferred(tool: ToolDescriptor, patterns: Sequence[str]) -> bool:
    """Whether a tool loads on demand: its classification entry says ``"defer": true`` or its
    name matches one of the ``fnmatch`` patterns (case-sensitive, as tool names are)."""
    return tool.curation.defer or any(fnmatch.fnmatchcase(tool.name, p) for p in patterns)


@dataclass(frozen=True, slots=True)
class Deferral:
    """One provider's share of the tools.

    Attributes:
        written: The tools its file holds, in order.
        deferred: The names among ``written`` that it marks to load on demand (empty for a
            provider without native tool search).
        diagnostics: The warning naming the tools left out, if any.
    """

    written: list[ToolDescriptor]
    deferred: frozenset[str]
    diagnostics: list[Diagnostic]


def split(provider: Provider, tools: list[ToolDescriptor], patterns: Sequence[str]) -> Deferral:
    """The tools of ``provider``'s file: every tool, the deferred ones marked, when the
    provider has native tool search; otherwise the tools that are not deferred, and a warning
    naming those left out."""
    deferred = [tool.name for tool in tools if is_deferred(tool, patterns)]
    if not deferred:
        return Deferral(tools, frozenset(), [])
    if provider.tool_search:
        return Deferral(tools, frozenset(deferred), [])
    left_out = set(deferred)
    written = [tool for tool in tools if tool.name not in left_out]
    shown = ", ".join(deferred[:SHOWN_NAMES])
    more = f" and {len(deferred) - SHOWN_NAMES} more" if len(deferred) > SHOWN_NAMES else ""
    message = (
        f"{provider.name}: {len(deferred)} deferred tool{'s' if len(deferred) > 1 else ''} left "
        f"out ({shown}{more}): the provider has no native tool search; offer them with "
        "Toolbox.definitions(search=True) or serve --search"
    )
    return Deferral(written, frozenset(), [_warning(codes.DEFERRED_LEFT_OUT, message)])


def unmatched_patterns(patterns: Iterable[str], tools: list[ToolDescriptor]) -> list[Diagnostic]:
    """A warning for each defer pattern that matches no included tool's name."""
    names = [tool.name for tool in tools]
    return [
        _warning(
            codes.DEFER_MATCHES_NOTHING,
            f"defer pattern {pattern!r} matches no included tool",
        )
        for pattern in dict.fromkeys(patterns)
        if not any(fnmatch.fnmatchcase(name, pattern) for name in names)
    ]


def _warning(code: str, message: str) -> Diagnostic:
    return Diagnostic(Level.WARNING, message, code=code)
