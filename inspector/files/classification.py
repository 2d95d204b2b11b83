"""The classification file: class → method → include (true/false), edited by the user.

A rescan keeps every value the user set; a file that does not parse is reported, never rewritten.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import NamedTuple

from inspector import codes
from inspector.catalog import Catalog
from inspector.diagnostics import Diagnostic, InspectorError, Level, closest, did_you_mean
from inspector.files.jsonfile import read_json
from inspector.files.new_entries import inputs_left_out, is_destructive
from inspector.model import ToolDescriptor

Classification = dict[str, dict[str, bool]]


def default_path(tools_path: Path) -> Path:
    """``tools.json`` → ``tools.classification.json`` beside it."""
    return tools_path.with_name(f"{tools_path.stem}.classification.json")


def load(path: Path) -> Classification | None:
    """The file's content, or None when it does not exist; bad content raises with line/column."""
    if not path.exists():
        return None
    try:
        data = read_json(path, "classification file", object_pairs_hook=_unique_keys)
    except _RepeatedKey:  # found while parsing; the text is read again only to say where
        tree = json.loads(path.read_text(encoding="utf-8"), object_pairs_hook=list)
        _repeated(tree, [], lambda keys: _where(path, keys))
        raise InspectorError(f"{path}: a key is given twice") from None

    def where(keys: list[str]) -> str:
        return _where(path, keys) if keys else f"{path}:1:1"

    return validated(data, where, "classification file")


def validated(data: object, where: Callable[[list[str]], str], noun: str) -> Classification:
    """``data`` as a classification: an object of classes, each an object of method → true or
    false; anything else raises, located by ``where`` (key path → place)."""
    if not isinstance(data, dict):
        raise InspectorError(f"{where([])}: {noun} must be an object of classes")
    result: Classification = {}
    for class_key, methods in data.items():
        keys = (class_key, *(methods if isinstance(methods, dict) else ()))
        wrong = [k for k in keys if not isinstance(k, str)]
        if wrong:
            raise InspectorError(
                f"{where([])}: {noun} keys must be names (text), not {type(wrong[0]).__name__}"
            )
        if not isinstance(methods, dict):
            raise InspectorError(
                f"{where([class_key])}: {class_key!r} must be an object of method → true/false"
            )
        for method, value in methods.items():
            if not isinstance(value, bool):
                raise InspectorError(
                    f"{where([class_key, method])}: {class_key}.{method} must be true or false, "
                    f"not {_shown(value)}"
                )
        # method names as the interned strings the scanned functions' names already are: a
        # large file then holds no second copy of every name through the scan
        result[class_key] = {sys.intern(method): value for method, value in methods.items()}
    return result


def _shown(value: object) -> str:
    try:
        return json.dumps(value)
    except (TypeError, ValueError):
        return repr(value)


class _RepeatedKey(Exception):
    """A key given twice in one object (a merge left both lines): JSON keeps the last silently,
    which could turn a ``false`` back on."""


def _unique_keys(pairs: list[tuple[str, object]]) -> dict[str, object]:
    result = dict(pairs)
    if len(result) != len(pairs):
        raise _RepeatedKey
    return result


def _repeated(tree: object, path: list[str], where: Callable[[list[str]], str]) -> None:
    if not isinstance(tree, list) or not all(isinstance(pair, tuple) for pair in tree):
        return  # not an object (the shape is checked afterwards)
    seen: set[str] = set()
    for key, value in tree:
        if key in seen:
            name = ".".join([*path, key])
            place = where([*path, key, key])  # the key's second occurrence
            raise InspectorError(f"{place}: {name} is given twice; keep one")
        seen.add(key)
        _repeated(value, [*path, key], where)


def load_required(path: Path) -> Classification:
    """The content of a classification file named explicitly: missing is an error, so a typo
    in its name can never expose every method."""
    choices = load(path)
    if choices is None:
        raise InspectorError(f"{path}: classification file not found")
    return choices


def _where(path: Path, keys: list[str]) -> str:
    """``path:line:column`` of the value under a key path (found by scanning the file's text,
    read only here: a file that is right is read once)."""
    text = path.read_text(encoding="utf-8")
    position = 0
    for key in keys:
        match = re.compile(re.escape(json.dumps(key)) + r"\s*:\s*").search(text, position)
        if match is None:
            return str(path)
        position = match.end()
    line = text.count("\n", 0, position) + 1
    column = position - (text.rfind("\n", 0, position) + 1) + 1
    return f"{path}:{line}:{column}"


class Merge(NamedTuple):
    """The updated classification and what changed."""

    classification: Classification
    stale: list[str]
    pruned: list[str]
    renamed: list[tuple[str, str, bool]]
    """(old ``Class.method``, new ``Class.method``, the value carried over)."""
    renamed_classes: dict[str, str]
    """New class key → the vanished class key whose values it took over."""
    newly_included: list[str]
    """``Class.method`` of every method this merge made included (new, with ``include_new``)."""
    uncallable: list[str]
    """``Class.method`` of every new method recorded as ``false`` because a model cannot call
    it (a required parameter's type has no JSON form)."""
    misspelt: dict[str, str]
    """Class key the file did not name → the key that looks like its misspelling; the class's
    methods were recorded ``false`` (a typo must not turn the user's ``false`` on)."""
    destructive: list[str] = []  # noqa: RUF012 (a NamedTuple default is never changed)
    """``Class.method`` of every new method recorded as ``false`` for its destructive name."""
    no_inputs: list[str] = []  # noqa: RUF012
    """``Class.method`` of every new method recorded as ``false`` because all its inputs were
    left out (``new_entries.inputs_left_out``)."""


Previous = Catalog | Callable[[], Catalog | None] | None
"""The last tools.json's catalog, or a function that reads it when it is needed."""


def merge(
    existing: Classification | None,
    catalog: Catalog,
    *,
    include_new: bool,
    prune: bool,
    previous: Previous = None,
    include_destructive: bool = False,
) -> Merge:
    """Keep every existing value, add new methods, keep (or prune) entries whose method is gone.

    A new method starts as ``include_new`` says, except one a model cannot call, one whose
    inputs were all left out, and (unless ``include_destructive``) one whose name starts with a
    destructive verb (``new_entries.is_destructive``): those start ``false``.

    A new method with the parameters and docstring that a vanished one had in ``previous`` (the
    last tools.json, or a function that reads it, called only when a method vanished) is that
    method renamed: it keeps the user's value. Order: the catalog's classes and methods first,
    then stale entries where they were."""
    old = existing or {}
    earlier = _Earlier(previous)
    result: Classification = {}
    renamed: list[tuple[str, str, bool]] = []
    newly: list[str] = []
    uncallable: list[str] = []
    destructive: list[str] = []
    no_inputs: list[str] = []
    moved = _renamed_classes(old, catalog)
    misspelt = {k: v for k, v in misspelt_keys(old, catalog).items() if k not in moved}
    for group in catalog.classes:
        if group.key in misspelt:
            result[group.key] = dict.fromkeys((tool.method_name for tool in group.tools), False)
            continue
        kept = old.get(moved.get(group.key, group.key), {})
        vanished = dict(kept)
        for tool in group.tools:
            vanished.pop(tool.method_name, None)
        methods: dict[str, bool] = {}
        for tool in group.tools:
            name = tool.method_name
            source = None if name in kept else earlier.renamed_from(group.key, tool, vanished)
            if name in kept:
                methods[name] = kept[name]
            elif source is not None:
                methods[name] = vanished.pop(source)
                renamed.append((f"{group.key}.{source}", f"{group.key}.{name}", methods[name]))
            elif tool.uncallable:
                methods[name] = False
                uncallable.append(f"{group.key}.{name}")
            elif inputs_left_out(tool):
                methods[name] = False
                no_inputs.append(f"{group.key}.{name}")
            elif (
                include_new
                and not include_destructive
                and is_destructive(name, is_async=tool.is_async)
            ):
                methods[name] = False
                destructive.append(f"{group.key}.{name}")
            else:
                methods[name] = include_new
                if include_new:
                    newly.append(f"{group.key}.{name}")
        result[group.key] = methods
    gone = {old_name for old_name, _, _ in renamed}
    gone |= {f"{key}.{method}" for key in moved.values() for method in old[key]}
    stale = _keep_stale(old, result, gone, prune)
    if prune:
        scanned = {group.key for group in catalog.classes}
        result = {k: v for k, v in result.items() if v or k in scanned}
    kept_stale, pruned = ([], stale) if prune else (stale, [])
    return Merge(
        result,
        kept_stale,
        pruned,
        renamed,
        moved,
        newly,
        uncallable,
        misspelt,
        destructive,
        no_inputs,
    )


def _destructive(tool: ToolDescriptor) -> bool:
    return is_destructive(tool.method_name, is_async=tool.is_async)


def misspelt_keys(classification: Classification | None, catalog: Catalog) -> dict[str, str]:
    """Scanned class the classification does not name → a key of it that names no scanned class,
    holds a ``false`` and is close to that class's name (``"Calcc"`` for ``Calc``): most likely
    a misspelling, whose ``false`` was meant for the class (a key with nothing excluded has
    nothing to keep)."""
    scanned = {group.key: group for group in catalog.classes}  # a dict: found at once, in order
    unnamed = [key for key in scanned if key not in (classification or {})]
    found: dict[str, str] = {}
    for key, methods in (classification or {}).items():
        if key in scanned or False not in methods.values():
            continue
        meant = closest(key, unnamed)
        if meant is not None and meant not in found:
            found[meant] = key
    return found


def _renamed_classes(old: Classification, catalog: Catalog) -> dict[str, str]:
    """New class key → vanished class key, when the vanished class's methods are all among the
    new class's and no other vanished class fits: the class was renamed, its values hold."""
    scanned = {group.key for group in catalog.classes}
    vanished = [key for key, methods in old.items() if key not in scanned and methods]
    moved: dict[str, str] = {}
    for group in catalog.classes:
        if group.key in old:
            continue
        names = {tool.method_name for tool in group.tools}
        fits = [key for key in vanished if set(old[key]) <= names]
        if len(fits) == 1 and fits[0] not in moved.values():
            moved[group.key] = fits[0]
    return moved


def _keep_stale(
    old: Classification, result: Classification, gone: set[str], prune: bool
) -> list[str]:
    """Entries whose method is gone (renamed ones aside), kept in ``result`` unless pruning."""
    stale: list[str] = []
    for class_key, methods in old.items():
        for method, value in methods.items():
            if method in result.get(class_key, {}) or f"{class_key}.{method}" in gone:
                continue
            stale.append(f"{class_key}.{method}")
            if not prune:
                result.setdefault(class_key, {})[method] = value
    return stale


class _Earlier:
    """The previous tools.json's tools, to recognise a renamed method by what it takes (read
    when first needed)."""

    def __init__(self, previous: Previous) -> None:
        self.previous = previous
        self._tools: dict[tuple[str, str], ToolDescriptor] | None = None

    @property
    def tools(self) -> dict[tuple[str, str], ToolDescriptor]:
        if self._tools is None:
            found = self.previous() if callable(self.previous) else self.previous
            self._tools = {(k, t.method_name): t for k, t in found.tools()} if found else {}
        return self._tools

    def renamed_from(
        self, class_key: str, tool: ToolDescriptor, vanished: dict[str, bool]
    ) -> str | None:
        """The one vanished method of the class with this tool's parameters and docstring."""
        if not vanished or not self.tools:
            return None
        wanted = _signature(tool)
        matches = [
            method
            for method in vanished
            if (old := self.tools.get((class_key, method))) is not None
            and _signature(old) == wanted
        ]
        return matches[0] if len(matches) == 1 else None


def _signature(tool: ToolDescriptor) -> tuple[str, str]:
    return json.dumps(tool.parameters_schema(), sort_keys=True), tool.description


def stale_diagnostics(merged: Merge, path: Path, unknown: Iterable[str] = ()) -> list[Diagnostic]:
    """Warnings for entries whose method is gone (kept), infos for pruned ones, a notice for
    each rename; entries of the ``unknown`` classes are reported once per class elsewhere."""
    skipped = tuple(f"{key}." for key in unknown)
    notes = [
        Diagnostic(
            Level.WARNING,
            f"{name}: no such method any more; entry kept (remove it, or rescan with --prune)",
            str(path),
            code=codes.STALE_ENTRY,
        )
        for name in merged.stale
        if not name.startswith(skipped)
    ]
    notes += [
        Diagnostic(
            Level.INFO,
            f"{name}: no such method any more; entry removed",
            str(path),
            code=codes.ENTRY_PRUNED,
        )
        for name in merged.pruned
    ]
    notes += [
        Diagnostic(
            Level.WARNING,
            f"{new}: taken as {old} renamed (same parameters and docstring); keeps "
            f"{json.dumps(value)}",
            str(path),
            code=codes.ENTRY_RENAMED,
        )
        for old, new, value in merged.renamed
    ]
    notes += [
        Diagnostic(
            Level.WARNING,
            f"class {new!r}: taken as {old!r} renamed (it has all of {old!r}'s methods); keeps "
            "the values set there",
            str(path),
            code=codes.ENTRY_RENAMED,
        )
        for new, old in merged.renamed_classes.items()
    ]
    notes += [
        Diagnostic(
            Level.INFO,
            f"{name}: a model cannot call it (a required parameter has no JSON form); "
            "recorded as false",
            str(path),
            code=codes.UNCALLABLE_RECORDED_FALSE,
        )
        for name in merged.uncallable
    ]
    if merged.no_inputs:
        notes.append(_no_inputs_note(merged.no_inputs, path))
    if merged.destructive:
        notes.append(destructive_note(merged.destructive, path))
    return notes + _misspelt_notes(merged, path)


def _no_inputs_note(names: list[str], path: Path) -> Diagnostic:
    """One line for every new method recorded false because its inputs were all left out."""
    many = len(names) != 1
    return Diagnostic(
        Level.INFO,
        f"{len(names)} new method{'s' if many else ''} recorded as false, "
        f"{'they take' if many else 'it takes'} no input (only *args/**kwargs that nothing "
        f"describes, TI140): {', '.join(names)}",
        str(path),
        code=codes.NO_INPUTS_RECORDED_FALSE,
    )


def destructive_note(names: list[str], path: Path) -> Diagnostic:
    """One line for every new method recorded false for its destructive name."""
    return Diagnostic(
        Level.INFO,
        f"{len(names)} new method{'s' if len(names) != 1 else ''} recorded as false, "
        f"{'their names start' if len(names) != 1 else 'its name starts'} with a destructive "
        f"verb: {', '.join(names)} (set true to offer; --new include-all includes them)",
        str(path),
        code=codes.DESTRUCTIVE_RECORDED_FALSE,
    )


def _misspelt_notes(merged: Merge, path: Path) -> list[Diagnostic]:
    return [
        Diagnostic(
            Level.WARNING,
            f"class {key!r} is not in the classification file, which names {typo!r} (no scanned "
            f"class: a misspelling?): {key}'s methods are recorded false; correct the key or set "
            "them true",
            str(path),
            code=codes.UNCLASSIFIED_CLASS_EXCLUDED,
        )
        for key, typo in merged.misspelt.items()
    ]


def unknown_classes(
    classification: Classification | None,
    catalog: Catalog,
    path: Path | None,
    consequence: str = "its entries are not used",
) -> tuple[list[str], list[Diagnostic]]:
    """Class keys of the classification file that match no class of the catalog, each with a
    warning (and a did-you-mean): a misspelt key would leave the real class unclassified."""
    scanned = [group.key for group in catalog.classes]
    known = set(scanned)
    unknown = [key for key in classification or {} if key not in known]
    notes = []
    for key in unknown:
        hint = did_you_mean(key, scanned)
        notes.append(
            Diagnostic(
                Level.WARNING,
                f"class {key!r} in the classification file matches no scanned class{hint}; "
                + consequence,
                str(path or ""),
                code=codes.UNKNOWN_CLASS_KEY,
            )
        )
    return unknown, notes


def unknown_methods(
    classification: Classification | None, catalog: Catalog, path: Path | None
) -> list[Diagnostic]:
    """Warnings for entries of known classes that name no method (a misspelt ``"gett":
    false`` would leave ``get`` to the ``new`` rule), each with a did-you-mean."""
    notes = []
    for group in catalog.classes:
        entries = (classification or {}).get(group.key)
        methods = [tool.method_name for tool in group.tools]
        for name in [m for m in entries or {} if m not in set(methods)]:
            hint = did_you_mean(name, methods)
            notes.append(
                Diagnostic(
                    Level.WARNING,
                    f"{group.key}.{name}: no such method{hint}; the entry is not used",
                    str(path or ""),
                    code=codes.STALE_ENTRY,
                )
            )
    return notes


def is_included(classification: Classification | None, class_key: str, method: str) -> bool | None:
    """The user's choice for a method, or None when the file does not mention it."""
    if classification is None:
        return None
    return classification.get(class_key, {}).get(method)
