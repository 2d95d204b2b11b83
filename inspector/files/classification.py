"""The classification file: class → method → include (true/false), edited by the user.

A rescan keeps every value the user set; a file that does not parse is reported, never rewritten.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from inspector.catalog import Catalog
from inspector.diagnostics import Diagnostic, InspectorError, Level
from inspector.files.jsonio import read_json

Classification = dict[str, dict[str, bool]]


def default_path(tools_path: Path) -> Path:
    """``tools.json`` → ``tools.classification.json`` beside it."""
    return tools_path.with_name(f"{tools_path.stem}.classification.json")


def load(path: Path) -> Classification | None:
    """The file's content, or None when it does not exist; bad content raises with line/column."""
    if not path.exists():
        return None
    data = read_json(path, "classification file")
    if not isinstance(data, dict):
        raise InspectorError(f"{path}:1:1: classification file must be an object of classes")
    text = path.read_text(encoding="utf-8")
    result: Classification = {}
    for class_key, methods in data.items():
        if not isinstance(methods, dict):
            raise InspectorError(
                f"{_where(path, text, [class_key])}: {class_key!r} must be an object of "
                "method → true/false"
            )
        for method, value in methods.items():
            if not isinstance(value, bool):
                raise InspectorError(
                    f"{_where(path, text, [class_key, method])}: {class_key}.{method} must be "
                    f"true or false, not {json.dumps(value)}"
                )
        result[class_key] = dict(methods)
    return result


def _where(path: Path, text: str, keys: list[str]) -> str:
    """``path:line:column`` of the value under a key path (found by scanning the text)."""
    position = 0
    for key in keys:
        match = re.compile(re.escape(json.dumps(key)) + r"\s*:\s*").search(text, position)
        if match is None:
            return str(path)
        position = match.end()
    line = text.count("\n", 0, position) + 1
    column = position - (text.rfind("\n", 0, position) + 1) + 1
    return f"{path}:{line}:{column}"


@dataclass(frozen=True, slots=True)
class Merge:
    """The updated classification and what changed."""

    classification: Classification
    stale: list[str]
    pruned: list[str]


def merge(
    existing: Classification | None, catalog: Catalog, *, include_new: bool, prune: bool
) -> Merge:
    """Keep every existing value, add new methods, keep (or prune) entries whose method is gone.

    Order: the catalog's classes and methods first, then stale entries where they were."""
    old = existing or {}
    result: Classification = {}
    for group in catalog.classes:
        kept = old.get(group.key, {})
        methods: dict[str, bool] = {}
        for tool in group.tools:
            methods[tool.method_name] = kept.get(tool.method_name, include_new)
        result[group.key] = methods
    stale: list[str] = []
    for class_key, methods in old.items():
        for method, value in methods.items():
            if method in result.get(class_key, {}):
                continue
            stale.append(f"{class_key}.{method}")
            if not prune:
                result.setdefault(class_key, {})[method] = value
    if prune:
        scanned = {group.key for group in catalog.classes}
        result = {k: v for k, v in result.items() if v or k in scanned}
    return Merge(result, [] if prune else stale, stale if prune else [])


def stale_diagnostics(merged: Merge, path: Path) -> list[Diagnostic]:
    """Warnings for entries whose method is gone (kept), infos for pruned ones."""
    notes = [
        Diagnostic(
            Level.WARNING,
            f"{name}: no such method any more; entry kept (remove it, or rescan with --prune)",
            str(path),
            code="TI301",
        )
        for name in merged.stale
    ]
    notes += [
        Diagnostic(
            Level.INFO, f"{name}: no such method any more; entry removed", str(path), code="TI302"
        )
        for name in merged.pruned
    ]
    return notes


def is_included(classification: Classification | None, class_key: str, method: str) -> bool | None:
    """The user's choice for a method, or None when the file does not mention it."""
    if classification is None:
        return None
    return classification.get(class_key, {}).get(method)
