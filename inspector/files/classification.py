"""The classification file's format: class → method → ``true``/``false`` or an entry object that
shapes the tool (``include``, ``name``, ``description``, ``fixed``, ``hidden``, ``params``,
``approval``, ``timeout``, ``defer``); a method key with ``*``, ``?`` or ``[`` is an ``fnmatch``
pattern; ``@`` keys are class options (``@prefix``, ``@hidden``, ``@fixed``).

Read and checked here into ``ClassEntry`` and ``MethodEntry`` values; written back as the user
wrote them (``to_json``). A file that does not parse, or breaks the format, raises with its line
and column and is never rewritten.
"""

from __future__ import annotations

import fnmatch
import json
import math
import re
import sys
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from inspector.diagnostics import InspectorError, did_you_mean, shown
from inspector.files.jsonfile import read_json
from inspector.model import Json, JsonObject

METHOD_KEYS = (
    "include",
    "name",
    "description",
    "fixed",
    "hidden",
    "params",
    "approval",
    "timeout",
    "defer",
)
"""The keys of a method's entry object, in the order the docs list them."""
PARAM_KEYS = ("description",)
"""The keys of a ``params.<parameter>`` object."""
CLASS_OPTIONS = ("@prefix", "@hidden", "@fixed")
"""The class options (keys starting with ``@``)."""

_PATTERN_CHARACTERS = frozenset("*?[")


def is_pattern(key: str) -> bool:
    """Whether a method key is an ``fnmatch`` pattern (it holds ``*``, ``?`` or ``[``)."""
    return not _PATTERN_CHARACTERS.isdisjoint(key)


@dataclass(frozen=True, slots=True)
class MethodEntry:
    """One method key's value: whether the method is a tool, and how its tool is shaped.

    Attributes:
        include: Whether the method is a tool.
        name: The tool's name instead of the method's (before the class's ``@prefix``).
        description: The tool's text instead of the docstring's.
        fixed: Parameters removed from the schema and always passed with this value:
            (parameter, value), in the file's order.
        hidden: Optional parameters removed from the schema (the method's default applies).
        params: (parameter, description): each parameter's text replaced.
        approval: Whether a call needs the host's approval (read by the runtime).
        timeout: Seconds a call may take (read by the runtime); None for the default.
        defer: Whether the tool is loaded on demand (read by tool search).
        written: The value as the file holds it (``true``, ``false`` or the object), written
            back unchanged.
    """

    include: bool = True
    name: str | None = None
    description: str | None = None
    fixed: tuple[tuple[str, Json], ...] = ()
    hidden: tuple[str, ...] = ()
    params: tuple[tuple[str, str], ...] = ()
    approval: bool = False
    timeout: float | None = None
    defer: bool = False
    written: bool | JsonObject = field(default=True, compare=False)

    @classmethod
    def plain(cls, include: bool) -> MethodEntry:
        """The entry of a bare ``true`` or ``false`` (the same two entries for every method:
        they are frozen, and a file of 20,000 methods made 20,000 of them)."""
        return _INCLUDED if include else _EXCLUDED

    def names_parameters(self) -> list[tuple[str, str]]:
        """(key, parameter) for every parameter the entry names: ``fixed``, ``hidden`` and
        ``params`` keys."""
        return [
            *(("fixed", name) for name, _ in self.fixed),
            *(("hidden", name) for name in self.hidden),
            *(("params", name) for name, _ in self.params),
        ]


_INCLUDED = MethodEntry(include=True, written=True)
_EXCLUDED = MethodEntry(include=False, written=False)


@dataclass(frozen=True, slots=True)
class ClassEntry:
    """One class's object: its method keys (names and patterns) and its ``@`` options.

    Attributes:
        methods: Method name or pattern → entry, in the file's order.
        options: ``@`` key → value, as written.
        layout: Every key (methods, patterns, options) in the order the file writes them.
    """

    methods: dict[str, MethodEntry] = field(default_factory=dict)
    options: dict[str, Json] = field(default_factory=dict)
    layout: tuple[str, ...] = ()
    _pattern_keys: tuple[str, ...] = field(init=False, repr=False, compare=False)
    _hidden: tuple[str, ...] = field(init=False, repr=False, compare=False)
    _fixed: tuple[tuple[str, Json], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # found once: every method no key names is matched against them
        object.__setattr__(self, "_pattern_keys", tuple(k for k in self.methods if is_pattern(k)))
        # read once, not at each of a class's hundred tools (the values were checked on reading)
        hidden = self.options.get("@hidden", [])
        fixed = self.options.get("@fixed", {})
        names = hidden if isinstance(hidden, list) else []
        object.__setattr__(
            self, "_hidden", tuple(dict.fromkeys(n for n in names if isinstance(n, str)))
        )
        object.__setattr__(self, "_fixed", tuple(fixed.items()) if isinstance(fixed, dict) else ())

    @classmethod
    def of(cls, methods: Mapping[str, MethodEntry]) -> ClassEntry:
        """A class entry of method keys only, in their order."""
        return cls(dict(methods), {}, tuple(methods))

    @property
    def prefix(self) -> str:
        """The ``@prefix`` put before every tool name of the class ("" for none)."""
        value = self.options.get("@prefix", "")
        return value if isinstance(value, str) else ""

    @property
    def hidden(self) -> tuple[str, ...]:
        """The ``@hidden`` parameters: hidden in every tool of the class where they are
        optional, before any entry's own ``hidden`` and ``fixed``."""
        return self._hidden

    @property
    def fixed(self) -> tuple[tuple[str, Json], ...]:
        """The ``@fixed`` parameters, (parameter, value) in the file's order: fixed in every
        tool of the class that has them, before any entry's own ``hidden`` and ``fixed``."""
        return self._fixed

    @property
    def exact(self) -> dict[str, MethodEntry]:
        """The entries of method names (not patterns), in order."""
        return {key: entry for key, entry in self.methods.items() if not is_pattern(key)}

    @property
    def patterns(self) -> dict[str, MethodEntry]:
        """The entries of patterns, in order."""
        return {key: self.methods[key] for key in self._pattern_keys}

    def pattern_for(self, method: str) -> str | None:
        """The first pattern, in the file's order, that matches ``method``."""
        return next((p for p in self._pattern_keys if fnmatch.fnmatchcase(method, p)), None)

    def key_for(self, method: str) -> str | None:
        """The key whose entry applies to ``method``: its own name, else the first pattern
        that matches it; None when none does."""
        if method in self.methods and not is_pattern(method):
            return method
        return self.pattern_for(method)

    def entry_for(self, method: str) -> MethodEntry | None:
        """The entry that applies to ``method`` (see ``key_for``), or None."""
        key = self.key_for(method)
        return None if key is None else self.methods[key]


Classification = dict[str, ClassEntry]
"""Class key → its entry, in the file's order."""


def entry_of(
    classification: Classification | None, class_key: str, method: str
) -> MethodEntry | None:
    """The entry that applies to a method, or None when the file does not cover it."""
    if classification is None:
        return None
    group = classification.get(class_key)
    return None if group is None else group.entry_for(method)


def is_included(classification: Classification | None, class_key: str, method: str) -> bool | None:
    """The user's choice for a method, or None when the file does not cover it."""
    entry = entry_of(classification, class_key, method)
    return None if entry is None else entry.include


def to_json(classification: Classification) -> JsonObject:
    """The file's document: every key where its layout puts it, each value as written."""
    return {
        class_key: {
            key: group.options[key] if key in group.options else group.methods[key].written
            for key in group.layout
        }
        for class_key, group in classification.items()
    }


def default_path(tools_path: Path) -> Path:
    """``tools.json`` → ``tools.classification.json`` beside it."""
    # not ``with_name``: ``.`` has no name to replace (ValueError); reading it then says what
    # is wrong, a directory where the tools file was expected
    return tools_path.parent / f"{tools_path.stem}.classification.json"


def load(path: Path) -> Classification | None:
    """The file's content, or None when it does not exist; bad content raises with line/column."""
    if not path.exists():
        return None
    try:
        data = read_json(path, "classification file", object_pairs_hook=_unique_keys)
    except _RepeatedKey:  # found while parsing; the text is read again only to say where
        tree = read_json(path, "classification file", object_pairs_hook=list)
        _repeated(tree, [], lambda keys: where_in(path, keys))
        raise InspectorError(f"{path}: a key is given twice") from None

    def where(keys: list[str]) -> str:
        return where_in(path, keys) if keys else f"{path}:1:1"

    return validated(data, where, "classification file")


def load_required(path: Path) -> Classification:
    """The content of a classification file named explicitly: missing is an error, so a typo
    in its name can never expose every method."""
    choices = load(path)
    if choices is None:
        raise InspectorError(f"{path}: classification file not found")
    return choices


Where = Callable[[list[str]], str]
"""Key path → the place to name in an error (``path:line:column``)."""


def validated(data: object, where: Where, noun: str) -> Classification:
    """``data`` as a classification: an object of classes, each an object of method (or
    pattern) → true, false or an entry object, and ``@`` options; anything else raises,
    located by ``where``.

    Raises:
        InspectorError: A value or key breaks the format (a misspelt key gets a did-you-mean):
            every such entry of the file, a line each.
    """
    if not isinstance(data, dict):
        raise InspectorError(f"{where([])}: {noun} must be an object of classes")
    result: Classification = {}
    problems: list[str] = []
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
        result[class_key] = _class_entry(class_key, methods, where, problems)
    if problems:
        raise InspectorError("\n".join(problems))
    return result


def parsed(data: object, noun: str = "classification") -> Classification:
    """A classification given as data (a Toolbox's mapping): checked as a file is, errors
    naming ``noun`` instead of a place in a file.

    Raises:
        InspectorError: The data breaks the format.
    """
    return validated(data, lambda keys: noun, noun)


def _class_entry(
    class_key: str, values: dict[str, object], where: Where, problems: list[str]
) -> ClassEntry:
    """A class's entries; the problem of each entry that breaks the format goes to
    ``problems`` (the file is read on, so that one run names them all)."""
    options: dict[str, Json] = {}
    methods: dict[str, MethodEntry] = {}
    layout: list[str] = []
    for written, value in values.items():
        # method names as the interned strings the scanned functions' names already are: a
        # large file then holds no second copy of every name through the scan
        key = sys.intern(written)
        layout.append(key)
        try:
            if key.startswith("@"):
                options[key] = _option(class_key, key, value, where)
            else:
                entry = _method_entry(f"{class_key}.{key}", value, [class_key, key], where)
                methods[key] = entry
        except InspectorError as problem:
            problems.append(str(problem))
    hidden, fixed = options.get("@hidden"), options.get("@fixed")
    if isinstance(hidden, list) and isinstance(fixed, dict):
        both = [name for name in hidden if name in fixed]
        if both:
            problems.append(
                f"{where([class_key, '@hidden'])}: {class_key}: {both[0]!r} is both in @fixed "
                "and in @hidden; keep one"
            )
    return ClassEntry(methods, options, tuple(layout))


def _option(class_key: str, key: str, value: object, where: Where) -> Json:
    place = where([class_key, key])
    if key not in CLASS_OPTIONS:
        hint = did_you_mean(key, CLASS_OPTIONS)
        raise InspectorError(
            f"{place}: {class_key}: unknown class option {key!r}{hint}; known: "
            + ", ".join(CLASS_OPTIONS)
        )
    if key == "@hidden":
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise InspectorError(
                f"{place}: {class_key}.{key} must be a list of parameter names, not {shown(value)}"
            )
        return value
    if key == "@fixed":
        if not isinstance(value, dict) or not all(isinstance(k, str) for k in value):
            raise InspectorError(
                f"{place}: {class_key}.{key} must be an object of parameter → value, not "
                f"{shown(value)}"
            )
        for parameter, fixed in value.items():
            if not _is_json(fixed):
                raise InspectorError(
                    f"{where([class_key, key, parameter])}: {class_key}.{key}.{parameter} must "
                    f"be a JSON value, not {shown(fixed)}"
                )
        return value
    if not isinstance(value, str):
        raise InspectorError(f"{place}: {class_key}.{key} must be text, not {shown(value)}")
    return value


def _method_entry(name: str, value: object, keys: list[str], where: Where) -> MethodEntry:
    if isinstance(value, bool):
        return MethodEntry.plain(value)
    if not isinstance(value, dict):
        raise InspectorError(
            f"{where(keys)}: {name} must be true, false or an entry object, not {shown(value)}"
        )
    for key in value:
        if key not in METHOD_KEYS:
            hint = did_you_mean(key, METHOD_KEYS)
            raise InspectorError(
                f"{where([*keys, key])}: {name}: unknown key {key!r}{hint}; known: "
                + ", ".join(METHOD_KEYS)
            )
    read = _EntryReader(name, value, keys, where)
    entry = MethodEntry(
        include=read.boolean("include", True),
        name=read.text("name", empty=False),
        description=read.text("description", empty=True),
        fixed=read.fixed(),
        hidden=read.hidden(),
        params=read.params(),
        approval=read.boolean("approval", False),
        timeout=read.timeout(),
        defer=read.boolean("defer", False),
        written=value,
    )
    both = sorted({n for n, _ in entry.fixed} & set(entry.hidden))
    if both:
        raise InspectorError(
            f"{where([*keys, 'hidden'])}: {name}: {both[0]!r} is both fixed and hidden; keep one"
        )
    return entry


@dataclass(frozen=True, slots=True)
class _EntryReader:
    """Reads and checks each key of one entry object."""

    name: str
    value: dict[str, object]
    keys: list[str]
    where: Where

    def fail(self, key: str, expected: str, *inner: str) -> InspectorError:
        found = self.value[key]
        for part in inner:
            found = found[part] if isinstance(found, dict) else found
        dotted = ".".join([key, *inner])
        return InspectorError(
            f"{self.where([*self.keys, key, *inner])}: {self.name}.{dotted} must be {expected}, "
            f"not {shown(found)}"
        )

    def boolean(self, key: str, default: bool) -> bool:
        value = self.value.get(key, default)
        if not isinstance(value, bool):
            raise self.fail(key, "true or false")
        return value

    def text(self, key: str, *, empty: bool) -> str | None:
        value = self.value.get(key)
        if value is None and key not in self.value:
            return None
        if not isinstance(value, str) or (not empty and not value.strip()):
            raise self.fail(key, "text" if empty else "a non-empty name")
        return value

    def fixed(self) -> tuple[tuple[str, Json], ...]:
        value = self.value.get("fixed", {})
        if not isinstance(value, dict):
            raise self.fail("fixed", "an object of parameter → value")
        for parameter, fixed in value.items():
            if not _is_json(fixed):
                raise self.fail("fixed", "a JSON value", parameter)
        return tuple(value.items())

    def hidden(self) -> tuple[str, ...]:
        value = self.value.get("hidden", [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self.fail("hidden", "a list of parameter names")
        return tuple(dict.fromkeys(value))

    def params(self) -> tuple[tuple[str, str], ...]:
        value = self.value.get("params", {})
        if not isinstance(value, dict):
            raise self.fail("params", 'an object of parameter → {"description": text}')
        result = []
        for parameter, keys in value.items():
            if not isinstance(keys, dict):
                raise self.fail("params", 'an object {"description": text}', parameter)
            for key in keys:
                if key not in PARAM_KEYS:
                    hint = did_you_mean(key, PARAM_KEYS)
                    place = self.where([*self.keys, "params", parameter, key])
                    raise InspectorError(
                        f"{place}: {self.name}.params.{parameter}: unknown key {key!r}{hint}; "
                        f"known: {', '.join(PARAM_KEYS)}"
                    )
            description = keys.get("description")
            if description is None and "description" not in keys:
                continue
            if not isinstance(description, str):
                raise self.fail("params", "text", parameter, "description")
            result.append((parameter, description))
        return tuple(result)

    def timeout(self) -> float | None:
        if "timeout" not in self.value:
            return None
        value = self.value["timeout"]
        if (
            isinstance(value, bool)
            or not isinstance(value, int | float)
            or not math.isfinite(value)
            or value <= 0
        ):
            raise self.fail("timeout", "a positive number of seconds")
        return float(value)


def _is_json(value: object) -> bool:
    """Whether ``value`` is a JSON value (what a mapping given to the Toolbox may not be)."""
    if value is None or isinstance(value, bool | int | str):
        return True
    if isinstance(value, float):
        return math.isfinite(value)
    if isinstance(value, list):
        return all(_is_json(item) for item in value)
    if isinstance(value, dict):
        return all(isinstance(k, str) and _is_json(v) for k, v in value.items())
    return False


class _RepeatedKey(Exception):
    """A key given twice in one object (a merge left both lines): JSON keeps the last silently,
    which could turn a ``false`` back on."""


def _unique_keys(pairs: list[tuple[str, object]]) -> dict[str, object]:
    result = dict(pairs)
    if len(result) != len(pairs):
        raise _RepeatedKey
    return result


def _repeated(tree: object, path: list[str], where: Where) -> None:
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


def where_in(path: Path, keys: Iterable[str]) -> str:
    """``path:line:column`` of the value under a key path (found by scanning the file's text,
    read only here: a file that is right is read once); the path alone when not found."""
    located = line_of(path, keys)
    return str(path) if located is None else f"{path}:{located[0]}:{located[1]}"


def line_of(path: Path, keys: Iterable[str], item: str | None = None) -> tuple[int, int] | None:
    """(line, column) of the value under a key path in the file, or None when not found; with
    ``item``, of that text in the list the key path holds (``"@hidden": ["a", "b"]``), else of
    the list."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    position = 0
    for key in keys:
        # as the project writes a key, and as a person types one: non-ASCII characters as
        # themselves (json.dumps' default, '\u00e4', would never match 'zählen')
        written = json.dumps(key, ensure_ascii=False)
        match = re.compile(re.escape(written) + r"\s*:\s*").search(text, position)
        if match is None:
            return None
        position = match.end()
    if item is not None and text.startswith("[", position):
        found = text.find(json.dumps(item, ensure_ascii=False), position, text.find("]", position))
        position = position if found == -1 else found
    line = text.count("\n", 0, position) + 1
    column = position - (text.rfind("\n", 0, position) + 1) + 1
    return line, column
