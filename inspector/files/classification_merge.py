"""A rescan's update of the classification file: every value the user set is kept, new methods
are added (unless a pattern covers them), entries whose method is gone are kept or pruned, a
renamed method or class keeps its values; and the diagnostics that say so.

Objects, patterns and ``@`` options stay where the user wrote them (``ClassEntry.layout``).
"""

from __future__ import annotations

import fnmatch
import json
import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import NamedTuple

from inspector import codes
from inspector.catalog import Catalog, CatalogClass
from inspector.diagnostics import Diagnostic, Level, closest, did_you_mean, listed, shown
from inspector.files.classification import (
    ClassEntry,
    Classification,
    MethodEntry,
    is_pattern,
    line_of,
)
from inspector.files.new_entries import (
    FALSE_STARTS,
    FalseStart,
    destructive_name,
    false_start,
)
from inspector.model import NOT_INSPECTED, ToolDescriptor


class Merge(NamedTuple):
    """The updated classification and what changed."""

    classification: Classification
    stale: list[str]
    pruned: list[str]
    renamed: list[tuple[str, str, MethodEntry]]
    """(old ``Class.method``, new ``Class.method``, the entry carried over)."""
    renamed_classes: dict[str, str]
    """New class key → the vanished class key whose values it took over."""
    newly_included: list[str]
    """``Class.method`` of every method this merge made included (new, with ``include_new``)."""
    uncallable: list[tuple[str, bool]]
    """``Class.method`` of every new method recorded as ``false`` because a model cannot call
    it (a required parameter's type has no JSON form), and whether that is because its
    signature cannot be read."""
    misspelt: dict[str, str]
    """Class key the file did not name → the key that looks like its misspelling; the class's
    methods were recorded ``false`` (a typo must not turn the user's ``false`` on)."""
    destructive: list[tuple[str, str]] = []  # noqa: RUF012 (a NamedTuple default is never changed)
    """(``Class.method``, the destructive word its name holds) of every new method recorded as
    ``false`` for its name (``destructive_names.destructive_word``)."""
    false_starts: dict[FalseStart, list[tuple[str, str]]] = {}  # noqa: RUF012
    """(``Class.method``, what its code adds to why: ``FalseStart.said``) of every new method
    recorded as ``false`` whatever ``new`` says, by why (``new_entries.false_start``: its
    inputs were all left out, it never returns, it is named as an event handler, it is
    deprecated)."""


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
    inputs were all left out, and (unless ``include_destructive``) one whose name says it
    destroys or runs something (``destructive_names.destructive_word``): those start ``false``.

    A new method with the parameters and docstring that a vanished one had in ``previous`` (the
    last tools.json, or a function that reads it, called only when a method vanished) is that
    method renamed: it keeps the user's value. A new method a pattern covers gets no entry of
    its own (the pattern keeps covering it). Order: the catalog's classes first, then the
    file's other classes; in a class, every key where the file has it (methods, patterns,
    options, stale entries), each new method after the method before it in the class."""
    old = existing or {}
    earlier = _Earlier(previous)
    found = _Found()
    moved = _renamed_classes(old, catalog)
    misspelt = {k: v for k, v in misspelt_keys(old, catalog).items() if k not in moved}
    methods_of: dict[str, dict[str, MethodEntry]] = {}
    for group in catalog.classes:
        if group.key in misspelt:
            methods_of[group.key] = {
                tool.method_name: MethodEntry.plain(False) for tool in group.tools
            }
            continue
        kept = old.get(moved.get(group.key, group.key), _EMPTY)
        methods_of[group.key] = _methods(
            group,
            kept,
            earlier,
            found,
            include_new=include_new,
            include_destructive=include_destructive,
        )
    gone = {old_name for old_name, _, _ in found.renamed}
    renamed: dict[str, dict[str, str]] = {}
    for old_name, new_name, _ in found.renamed:
        class_key, _, before = old_name.rpartition(".")
        renamed.setdefault(class_key, {})[before] = new_name.rpartition(".")[2]
    gone |= {f"{key}.{method}" for key in moved.values() for method in old[key].exact}
    stale: list[str] = []
    result: Classification = {}
    for group in catalog.classes:
        earlier_entry = None if group.key in misspelt else old.get(moved.get(group.key, group.key))
        methods = methods_of[group.key]
        for method, entry in (earlier_entry.exact if earlier_entry else {}).items():
            if method not in methods and f"{group.key}.{method}" not in gone:
                stale.append(f"{group.key}.{method}")
                if not prune:
                    methods[method] = entry
        result[group.key] = _laid_out(methods, earlier_entry, renamed.get(group.key, {}))
    for class_key, unscanned in old.items():  # classes no target has (any more)
        if class_key in result or class_key in moved.values():
            continue
        stale += [f"{class_key}.{method}" for method in unscanned.exact]
        if not prune:
            result[class_key] = unscanned
    kept_stale, pruned = ([], stale) if prune else (stale, [])
    return Merge(
        result,
        kept_stale,
        pruned,
        found.renamed,
        moved,
        found.newly,
        found.uncallable,
        misspelt,
        found.destructive,
        found.false_starts,
    )


_EMPTY = ClassEntry()


class _Found:
    """What a merge did beyond keeping values: renamed methods, new ones included, uncallable,
    inputless, never returning, event handling, deprecated and destructive ones recorded
    false."""

    def __init__(self) -> None:
        self.renamed: list[tuple[str, str, MethodEntry]] = []
        self.newly: list[str] = []
        self.uncallable: list[tuple[str, bool]] = []
        """Each method, and whether its signature could not be read."""
        self.destructive: list[tuple[str, str]] = []
        self.false_starts: dict[FalseStart, list[tuple[str, str]]] = {}


def _methods(
    group: CatalogClass,
    kept: ClassEntry,
    earlier: _Earlier,
    found: _Found,
    *,
    include_new: bool,
    include_destructive: bool,
) -> dict[str, MethodEntry]:
    """The exact entries of one scanned class, in the catalog's order: each kept, carried over
    from the method it was renamed from, or new (unless a pattern covers it)."""
    class_key, tools = group.key, group.tools
    exact = kept.exact
    names = {tool.method_name for tool in tools}
    vanished = {method: entry for method, entry in exact.items() if method not in names}
    methods: dict[str, MethodEntry] = {}
    for tool in tools:
        name = tool.method_name
        if name in exact:
            methods[name] = exact[name]
            continue
        source = earlier.renamed_from(class_key, tool, vanished)
        if source is not None:
            methods[name] = vanished.pop(source)
            found.renamed.append((f"{class_key}.{source}", f"{class_key}.{name}", methods[name]))
        elif (pattern := kept.pattern_for(name)) is not None:
            start = false_start(tool) if earlier.is_new(class_key, name) else None
            if kept.methods[pattern].include and start is not None:
                # a pattern's true does not offer it (as it does not an uncallable method): a
                # new one is recorded false, as without the pattern
                methods[name] = MethodEntry.plain(False)
                said = (f"{class_key}.{name}", start.said(tool))
                found.false_starts.setdefault(start, []).append(said)
                continue
            # no entry of its own: the pattern keeps covering it. One it offers that the last
            # scan did not have is newly included all the same: the summary names it
            offered = kept.methods[pattern].include and not tool.uncallable
            if offered and earlier.is_new(class_key, name):
                found.newly.append(f"{class_key}.{name}")
            continue
        elif tool.uncallable:
            methods[name] = MethodEntry.plain(False)
            found.uncallable.append((f"{class_key}.{name}", NOT_INSPECTED in tool.uncallable))
        elif (start := false_start(tool)) is not None:
            methods[name] = MethodEntry.plain(False)
            said = (f"{class_key}.{name}", start.said(tool))
            found.false_starts.setdefault(start, []).append(said)
        elif include_new and not include_destructive and (word := _destructive(tool)):
            methods[name] = MethodEntry.plain(False)
            found.destructive.append((f"{class_key}.{name}", word))
        else:
            methods[name] = MethodEntry.plain(include_new)
            if include_new:
                found.newly.append(f"{class_key}.{name}")
    return methods


def _laid_out(
    methods: dict[str, MethodEntry], old: ClassEntry | None, renamed: dict[str, str]
) -> ClassEntry:
    """The class's entry: every key of ``old`` where it was (a renamed method's new name in
    its old name's place, a pruned one gone), then each method new to it right after the
    method before it in ``methods`` (the catalog's order), or before the first method key when
    none before it is there."""
    if old is None:
        return ClassEntry.of(methods)
    layout: list[str] = []
    for written in old.layout:
        key = renamed.get(written, written)
        if key in old.options or is_pattern(key) or key in methods:
            layout.append(key)
    placed = set(layout)
    previous: str | None = None
    for name in methods:
        if name not in placed:
            if previous is not None:
                at = layout.index(previous) + 1
            else:
                at = next((i for i, k in enumerate(layout) if k in methods), len(layout))
            layout.insert(at, name)
            placed.add(name)
        previous = name
    entries = {**old.patterns, **methods}
    return ClassEntry(
        {key: entries[key] for key in layout if key in entries}, dict(old.options), tuple(layout)
    )


def misspelt_keys(classification: Classification | None, catalog: Catalog) -> dict[str, str]:
    """Scanned class the classification does not name → a key of it that names no scanned class,
    holds a ``false`` and is close to that class's name (``"Calcc"`` for ``Calc``): most likely
    a misspelling, whose ``false`` was meant for the class (a key with nothing excluded has
    nothing to keep)."""
    scanned = {group.key: group for group in catalog.classes}  # a dict: found at once, in order
    unnamed = [key for key in scanned if key not in (classification or {})]
    found: dict[str, str] = {}
    for key, group in (classification or {}).items():
        if key in scanned or all(entry.include for entry in group.methods.values()):
            continue
        meant = closest(key, unnamed)
        if meant is not None and meant not in found:
            found[meant] = key
    return found


def _renamed_classes(old: Classification, catalog: Catalog) -> dict[str, str]:
    """New class key → vanished class key, when the vanished class's methods are all among the
    new class's and no other vanished class fits: the class was renamed, its values hold."""
    scanned = {group.key for group in catalog.classes}
    vanished = [key for key, group in old.items() if key not in scanned and group.exact]
    moved: dict[str, str] = {}
    for group in catalog.classes:
        if group.key in old:
            continue
        names = {tool.method_name for tool in group.tools}
        fits = [key for key in vanished if set(old[key].exact) <= names]
        if len(fits) == 1 and fits[0] not in moved.values():
            moved[group.key] = fits[0]
    return moved


class _Earlier:
    """The previous tools.json's tools, to recognise a renamed method by what it takes, and a
    new one a pattern covers (read when first needed)."""

    def __init__(self, previous: Previous) -> None:
        self.previous = previous
        self._tools: dict[tuple[str, str], ToolDescriptor] | None = None

    @property
    def tools(self) -> dict[tuple[str, str], ToolDescriptor]:
        if self._tools is None:
            found = self.previous() if callable(self.previous) else self.previous
            self._tools = {(k, t.method_name): t for k, t in found.tools()} if found else {}
        return self._tools

    def is_new(self, class_key: str, method: str) -> bool:
        """Whether the previous tools.json lacks the method (or there is none)."""
        return (class_key, method) not in self.tools

    def renamed_from(
        self, class_key: str, tool: ToolDescriptor, vanished: dict[str, MethodEntry]
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
            f"{shown(value.written)}",
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
            f"{name}: a model cannot call it ("
            + (
                "its signature cannot be read"
                if unread
                else "a required parameter has no JSON form"
            )
            + "); recorded as false",
            str(path),
            code=codes.UNCALLABLE_RECORDED_FALSE,
        )
        for name, unread in merged.uncallable
    ]
    notes += [  # in the order the rules are asked, whatever order the methods came in
        _false_start_note(start, merged.false_starts[start], path)
        for _, start in FALSE_STARTS
        if start in merged.false_starts
    ]
    if merged.destructive:
        notes.append(destructive_note(merged.destructive, path))
    return notes + _misspelt_notes(merged, path)


LISTED_METHODS = 300
"""How many characters of method names a line that lists new methods recorded false gives
(kubernetes' CoreV1Api has 74 destructive ones: the classification file holds each)."""


def _false_start_note(start: FalseStart, found: list[tuple[str, str]], path: Path) -> Diagnostic:
    """One line for every new method recorded false for one reason (``start``), each with
    what its code adds to why."""
    many = len(found) != 1
    named = (f"{name} ({said})" if said else name for name, said in found)
    return Diagnostic(
        Level.INFO,
        f"{len(found)} new method{'s' if many else ''} recorded as false, "
        f"{start.many if many else start.one}: {listed(named, LISTED_METHODS, ', ')}",
        str(path),
        code=start.recorded,
    )


def _destructive(tool: ToolDescriptor) -> str | None:
    return destructive_name(tool)


def destructive_note(found: list[tuple[str, str]], path: Path) -> Diagnostic:
    """One line for every new method recorded false for its destructive name, each with the
    word that made it so."""
    many = len(found) != 1
    named = listed((f"{name} ({word})" for name, word in found), LISTED_METHODS, ", ")
    return Diagnostic(
        Level.INFO,
        f"{len(found)} new method{'s' if many else ''} recorded as false for a destructive word "
        f"in {'their names' if many else 'its name'}: {named}; set true to offer, --new "
        "include-all includes them",
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
    false`` would leave ``get`` to the ``new`` rule), each with a did-you-mean, for
    patterns that match none (``unmatched_patterns``), for ``@hidden`` and ``@fixed``
    parameters that take effect nowhere (``unused_class_options``) and for the parameters a
    pattern's entry names that none of its methods has (``unused_pattern_names``)."""
    notes = []
    for group in catalog.classes:
        entries = (classification or {}).get(group.key)
        if entries is None:
            continue
        methods = [tool.method_name for tool in group.tools]
        known = set(methods)
        for name in [m for m in entries.exact if m not in known]:
            hint = did_you_mean(name, methods)
            notes.append(
                Diagnostic(
                    Level.WARNING,
                    f"{group.key}.{name}: no such method{hint}; the entry is not used",
                    str(path or ""),
                    code=codes.STALE_ENTRY,
                )
            )
    return (
        notes
        + unmatched_patterns(classification, catalog, path)
        + unused_class_options(classification, catalog, path)
        + unused_pattern_names(classification, catalog, path)
    )


def unmatched_patterns(
    classification: Classification | None, catalog: Catalog, path: Path | None
) -> list[Diagnostic]:
    """A warning for each pattern of a scanned class that applies to none of its methods: it
    matches none, or each it matches has an entry of its own or an earlier pattern's that
    decides otherwise for at least one (a ``"count_*": false`` added to a scanned file, where
    every method has its key already, at ``true``). A pattern whose overruling entries all say
    what it says, or that matches every method (``"*": false``), only waits for new methods:
    no warning."""
    notes = []
    for group in catalog.classes:
        entries = (classification or {}).get(group.key)
        if entries is None:
            continue
        methods = [tool.method_name for tool in group.tools]
        for pattern in entries.patterns:
            matched = [method for method in methods if fnmatch.fnmatchcase(method, pattern)]
            if not matched:
                hint = _closest_pattern(pattern, methods)
                message = f"pattern {pattern!r} matches no method{hint}; the entry is not used"
            elif all(entries.key_for(method) != pattern for method in matched):
                if len(matched) == len(methods) or all(
                    entries.entry_for(method) == entries.methods[pattern] for method in matched
                ):
                    continue  # a default for the methods a later scan finds
                message = _pattern_overruled(pattern, matched, entries)
            else:
                continue
            notes.append(_unused_warning(message, group.key, path, [group.key, pattern]))
    return notes


def _unused_warning(
    message: str, class_key: str, path: Path | None, keys: list[str], item: str | None = None
) -> Diagnostic:
    """TI332 about a class's key that has no effect, at its line in the file (``item``: a name
    in the list the key holds)."""
    found = line_of(path, keys, item) if path else None
    return Diagnostic(
        Level.WARNING,
        message,
        str(path or ""),
        found[0] if found else 0,
        subject=class_key,
        code=codes.CURATION_UNUSED,
    )


def _pattern_overruled(pattern: str, matched: list[str], entries: ClassEntry) -> str:
    """Why a pattern that matches methods applies to none: each has its own entry (which wins
    over any pattern) or an earlier pattern's (the first that matches wins)."""
    own = [method for method in matched if entries.key_for(method) == method]
    taken = [method for method in matched if method not in own]
    parts = []
    if own:
        verb = (
            "has an entry of its own, which wins"
            if len(own) == 1
            else "have entries of their own, which win"
        )
        parts.append(f"{listed(own, separator=', ')} {verb} over patterns")
    if taken:
        earlier = list(dict.fromkeys(str(entries.key_for(method)) for method in taken))
        verb = "is" if len(taken) == 1 else "are"
        by = ", ".join(repr(key) for key in earlier)
        noun = "pattern" if len(earlier) == 1 else "patterns"
        parts.append(f"{listed(taken, separator=', ')} {verb} taken by the earlier {noun} {by}")
    advice = "; the entry is not used"
    if own:
        advice = f"; remove {'that entry' if len(own) == 1 else 'those entries'} for it to apply"
    return (
        f"pattern {pattern!r} applies to none of the methods it matches: {'; '.join(parts)}{advice}"
    )


def _closest_pattern(pattern: str, methods: list[str]) -> str:
    """`` (closest method: 'x')``: the method whose name starts most like the pattern's fixed
    part (up to its first wildcard), when one is close (a misspelt ``get_usr*``)."""
    fixed = re.split(r"[*?[]", pattern, maxsplit=1)[0]
    starts = {method[: len(fixed)]: method for method in reversed(methods)}  # the first wins
    found = closest(fixed, starts, 0.75) if fixed else None
    return f" (closest method: {starts[found]!r})" if found is not None else ""


def unused_class_options(
    classification: Classification | None, catalog: Catalog, path: Path | None
) -> list[Diagnostic]:
    """A warning for each ``@hidden`` or ``@fixed`` parameter of a scanned class that has no
    effect in some of its methods, or in all: no method has it (with the closest parameter of
    the class), the host gives it (an injected parameter), or, for ``@hidden``, every method
    that offers it requires it. A method that requires a ``@hidden`` parameter while another
    has it optional is no mistake: the option hides it where it can, silently."""
    notes = []
    for group in catalog.classes:
        entries = (classification or {}).get(group.key)
        if entries is None or not (entries.hidden or entries.fixed):
            continue
        names = {"@hidden": entries.hidden, "@fixed": tuple(n for n, _ in entries.fixed)}
        named = [(option, name) for option in entries.options for name in names.get(option, ())]
        for option, name in named:  # in the file's order
            head = f"{option} names {name!r}"
            message = _name_unused(head, option[1:], name, group.tools, class_wide=True)
            if message is not None:
                notes.append(_name_warning(message, group.key, path, [group.key, option], name))
    return notes


def unused_pattern_names(
    classification: Classification | None, catalog: Catalog, path: Path | None
) -> list[Diagnostic]:
    """A warning for each parameter a pattern's entry names in ``fixed``, ``hidden`` or
    ``params`` that no method the pattern applies to has (a misspelt ``"hidden": ["watchh"]``,
    with the closest parameter of those methods), or that the host gives in some of them (an
    injected parameter). The pattern applies to each method where the parameter exists, so a
    name that some of its methods lack is no mistake. A pattern that applies to no method is
    ``unmatched_patterns``'s warning; an exact entry's names are checked with its tool."""
    notes = []
    for group in catalog.classes:
        entries = (classification or {}).get(group.key)
        if entries is None:
            continue
        applied_to: dict[str | None, list[ToolDescriptor]] = {}  # each method's key, once
        for tool in group.tools:
            applied_to.setdefault(entries.key_for(tool.method_name), []).append(tool)
        for pattern, entry in entries.patterns.items():
            applied = applied_to.get(pattern, [])
            for what, name in entry.names_parameters() if applied else ():
                head = f"pattern {pattern!r}: {what} names {name!r}"
                message = _name_unused(head, what, name, applied, class_wide=False)
                if message is not None:
                    keys = [group.key, pattern, what]
                    notes.append(_name_warning(message, group.key, path, keys, name))
    return notes


def _name_warning(
    message: str, class_key: str, path: Path | None, keys: list[str], name: str
) -> Diagnostic:
    """TI332 at the line of a parameter's name: the item of a list (``hidden``), else the key
    of an object (``fixed``, ``params``)."""
    if keys[-1] in ("hidden", "@hidden"):
        return _unused_warning(message, class_key, path, keys, name)
    return _unused_warning(message, class_key, path, [*keys, name])


def _name_unused(
    head: str, what: str, name: str, tools: Iterable[ToolDescriptor], *, class_wide: bool
) -> str | None:
    """Why a parameter that a class option (``class_wide``) or a pattern's entry names
    (``what``: ``fixed``, ``hidden`` or ``params``) has no effect in some of the ``tools`` it
    applies to, or in all (None when it takes effect wherever they have it). ``head`` opens
    the message."""
    optional: list[str] = []
    required: list[str] = []
    injected: list[tuple[str, str]] = []  # (method, context key)
    others: list[str] = []  # the parameters of those methods, for a did-you-mean
    # left out by the scan (an internal one): fixed there, nothing to hide; a text for it is
    # shown nowhere
    elsewhere = False
    for tool in tools:
        for field in tool.parameters:
            if field.name == name:
                (required if field.required else optional).append(tool.method_name)
            others.append(field.name)
        for left in tool.left_out:
            if left.name == name and left.reason == "injected":
                injected.append((tool.method_name, left.key or left.name))
            elif what != "params":
                elsewhere = elsewhere or left.name == name
                others.append(left.name)
    if injected:
        methods = [method for method, _ in injected]
        at = (
            ""
            if not (optional or required or elsewhere)
            else " in " + listed(methods, separator=", ")
        )
        there = " there" if at else ""
        return (
            f"{head}, which the host gives from the context key {injected[0][1]!r}{at}; it has "
            f"no effect{there}"
        )
    if not (optional or required or elsewhere):
        hint = did_you_mean(name, dict.fromkeys(others))
        scope = "method of the class" if class_wide else "method it applies to"
        return f"{head}, which no {scope} has{hint}; it has no effect"
    # a pattern's hidden naming a parameter its method requires is that tool's error (TI330);
    # ``@hidden`` hides it only where it is optional
    if what == "hidden" and class_wide and required and not optional:
        return (
            f"{head}, which every method that takes it requires "
            f"({listed(required, separator=', ')}): it is hidden nowhere (fix its value with "
            "@fixed instead)"
        )
    return None
