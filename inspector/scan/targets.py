"""Find what to scan: import targets, list their public classes and their public methods."""

from __future__ import annotations

import functools
import importlib
import importlib.util
import inspect
import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from types import FunctionType, ModuleType
from typing import Final

from inspector.diagnostics import InspectorError, UsageError, did_you_mean
from inspector.model import MethodKind

_NO_METHODS = (property, functools.cached_property, type)
"""Class attributes that are no methods, though callable or descriptors."""


class ClassInfo:
    """A class to inspect and the target text that named it."""

    __slots__ = ("cls", "explicit", "path", "source")

    def __init__(self, cls: type, source: str, path: str, explicit: bool = True) -> None:
        self.cls: Final = cls
        self.source: Final = source
        self.path: Final = path
        self.explicit: Final = explicit


class MethodInfo:
    """A public method as found on its class, before any type is read."""

    __slots__ = ("function", "kind", "line", "name", "owner", "path")

    def __init__(
        self,
        owner: type,
        name: str,
        function: Callable[..., object],
        kind: MethodKind,
        *,
        path: str,
        line: int,
    ) -> None:
        self.owner: Final = owner
        self.name: Final = name
        self.function: Final = function
        self.kind: Final = kind
        self.path: Final = path
        self.line: Final = line


def display_path(filename: str) -> str:
    """Where a file is, as written into tools.json and diagnostics: relative to the project root
    (the working directory) for the user's code, and to its ``sys.path`` entry for installed
    packages and the standard library (``requests/sessions.py``); never absolute, so the same
    code gives the same text in any checkout, venv or machine. ``/`` separators."""
    return _relative_path(filename, os.getcwd(), tuple(sys.path))


@functools.lru_cache(maxsize=4096)
def _relative_path(filename: str, root: str, search_path: tuple[str, ...]) -> str:
    path = os.path.abspath(filename)
    installed = any(part in _INSTALL_DIRS for part in Path(path).parts)
    if not installed and _is_within(path, root):
        return Path(os.path.relpath(path, root)).as_posix()
    entries = [os.path.abspath(entry or root) for entry in search_path]
    containing = [entry for entry in entries if _is_within(path, entry)]
    if containing:
        return Path(os.path.relpath(path, max(containing, key=len))).as_posix()
    return Path(path).name


_INSTALL_DIRS = ("site-packages", "dist-packages")


def _is_within(path: str, directory: str) -> bool:
    try:
        return os.path.commonpath([path, directory]) == directory
    except ValueError:  # another drive, or a mix of absolute and relative
        return False


def class_info(cls: type) -> ClassInfo:
    """A class given directly (not through a target), located where it is defined."""
    try:
        source = inspect.getsourcefile(cls)
    except (TypeError, OSError):  # a built-in class, or one made in `python -c` or a REPL
        source = None
    return ClassInfo(cls, cls.__qualname__, display_path(source) if source else "")


def resolve_target(target: str, loaded: dict[Path, ModuleType]) -> list[ClassInfo]:
    """The classes a target names: ``file.py:Class``, ``pkg.mod:Class``, a file or a module.

    ``loaded`` holds the files this scan imported, so each is imported once per scan."""
    module_part, _, attribute = target.partition(":")
    if not module_part:
        raise UsageError(f"target {target!r}: expected FILE.py[:Class] or package.module[:Class]")
    module = _import(module_part, target, loaded)
    if not attribute:
        return [
            ClassInfo(cls, f"{target}:{cls.__qualname__}", _module_path(module), explicit=False)
            for cls in _classes_defined_in(module)
        ]
    found: object = module
    for part in attribute.split("."):
        holder, found = found, getattr(found, part, None)
        if found is None:
            hint = did_you_mean(part, [name for name in dir(holder) if is_public(name)])
            raise InspectorError(
                f"target {target!r}: {module_part} has no attribute {attribute!r}{hint}"
            )
    if not isinstance(found, type):
        raise InspectorError(f"target {target!r}: {attribute} is not a class")
    return [ClassInfo(found, target, _module_path(module))]


def import_module(module_part: str, target: str, loaded: dict[Path, ModuleType]) -> ModuleType:
    """The module (or file) part of a target, imported once per ``loaded``."""
    return _import(module_part, target, loaded)


def _module_path(module: ModuleType) -> str:
    filename = getattr(module, "__file__", None)
    return display_path(filename) if filename else module.__name__


def _import(module_part: str, target: str, loaded: dict[Path, ModuleType]) -> ModuleType:
    is_file = module_part.endswith(".py") or os.sep in module_part or "/" in module_part
    try:
        if is_file:
            return _import_file(Path(module_part), target, loaded)
        return importlib.import_module(module_part)
    except InspectorError:
        raise
    except (
        Exception,
        SystemExit,
    ) as error:  # the user's module raised while importing: report, never crash
        raise InspectorError(f"target {target!r}: importing failed: {_describe(error)}") from None


def _describe(error: BaseException) -> str:
    import traceback  # only when an import failed: not at every start

    frames = [
        frame
        for frame in traceback.extract_tb(error.__traceback__)
        if not frame.filename.startswith("<frozen")
        and "importlib" not in Path(frame.filename).parts
        and Path(frame.filename).resolve() != Path(__file__).resolve()
    ]
    where = f" ({display_path(frames[-1].filename)}:{frames[-1].lineno})" if frames else ""
    return f"{type(error).__name__}: {error}{where}"


_OWN_IMPORTS: dict[Path, str] = {}
"""Files an earlier scan imported, by module name: a later scan imports them afresh."""


def _import_file(path: Path, target: str, loaded: dict[Path, ModuleType]) -> ModuleType:
    if not path.is_file():
        raise InspectorError(f"target {target!r}: no such file {path}")
    resolved = path.resolve()
    if resolved in loaded:
        return loaded[resolved]
    if resolved not in _OWN_IMPORTS:
        for module in list(sys.modules.values()):  # imported by the user's own program: reuse
            file = getattr(module, "__file__", None)
            if not isinstance(file, str) or os.path.basename(file) != resolved.name:
                continue  # cheap test first: resolving every module's path costs milliseconds
            if Path(file).resolve() == resolved:
                loaded[resolved] = module
                return module
    directory = str(resolved.parent)
    if directory not in sys.path:
        sys.path.insert(0, directory)
    name = _OWN_IMPORTS.get(resolved) or _free_name(path.stem)
    spec = importlib.util.spec_from_file_location(name, resolved)
    if spec is None or spec.loader is None:
        raise InspectorError(f"target {target!r}: cannot import {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[name]
        raise
    _OWN_IMPORTS[resolved] = name
    loaded[resolved] = module
    return module


def _free_name(stem: str) -> str:
    return stem if stem not in sys.modules else f"_toolsinspector_{stem}"


def _classes_defined_in(module: ModuleType) -> list[type]:
    """A module's public classes: those its ``__all__`` names, else those it defines (for a
    package, also those of its own submodules it exposes: ``networkx.Graph``), each under its
    own name (not aliases)."""
    exported = getattr(module, "__all__", None)
    if isinstance(exported, list | tuple) and all(isinstance(n, str) for n in exported):
        pairs = [(name, _attribute(module, name)) for name in exported]
        return [v for n, v in pairs if isinstance(v, type) and is_public(n) and v.__name__ == n]
    own = (module.__name__, f"{module.__name__}.") if hasattr(module, "__path__") else None
    return [
        value
        for name, value in list(vars(module).items())  # a lazy attribute may add names
        if isinstance(value, type)
        and is_public(name)
        and (
            value.__module__ == module.__name__
            or (own is not None and value.__module__.startswith(own[1]) and value.__name__ == name)
        )
    ]


def _attribute(module: ModuleType, name: str) -> object:
    try:  # a lazy module attribute may fail to import
        return getattr(module, name, None)
    except Exception:
        return None


def is_public(name: str) -> bool:
    """Public names: no leading underscore (so no dunders either)."""
    return not name.startswith("_")


def iter_methods(info: ClassInfo) -> Iterator[MethodInfo]:
    """Public methods: the class's own in definition order, then inherited ones, nearest first."""
    seen: set[str] = set()
    places: dict[str, str] = {}  # a file's display path, looked up once per file
    for owner in _owners(info.cls):
        for name, raw in vars(owner).items():
            if name in seen or not is_public(name):
                continue
            seen.add(name)
            method = _as_method(owner, name, raw, info.path, places)
            if method is not None:
                yield method


def _owners(cls: type) -> list[type]:
    """The class and the bases whose methods count: those of the same top-level package, and
    the user's own (neither builtins, nor the standard library, nor an installed package)."""
    package = _top_package(cls)
    return [
        base
        for base in cls.__mro__
        if base is cls
        or (base.__module__ != "builtins" and (_top_package(base) == package or _is_users(base)))
    ]


def _top_package(cls: type) -> str:
    return cls.__module__.partition(".")[0]


def _is_users(cls: type) -> bool:
    if _top_package(cls) in sys.stdlib_module_names:
        return False
    module = sys.modules.get(cls.__module__)
    file = getattr(module, "__file__", None) or ""
    return not any(part in _INSTALL_DIRS for part in Path(file).parts)


def _foreign_descriptor(owner: type, raw: object) -> bool:
    """A C method of another class assigned to this one: reading it on an instance raises."""
    home = getattr(raw, "__objclass__", None)
    return inspect.ismethoddescriptor(raw) and isinstance(home, type) and home not in owner.__mro__


def _as_method(
    owner: type, name: str, raw: object, path: str, places: dict[str, str]
) -> MethodInfo | None:
    function: Callable[..., object]
    if type(raw) is FunctionType:  # most methods: none of the checks below applies
        function, kind = raw, MethodKind.INSTANCE
    elif isinstance(raw, _NO_METHODS):
        return None
    elif isinstance(raw, staticmethod):
        function, kind = raw.__func__, MethodKind.STATIC
    elif isinstance(raw, classmethod):
        function, kind = raw.__func__, MethodKind.CLASS
    elif inspect.isbuiltin(raw):  # ``concat = "".join``: bound already, it takes no self
        function, kind = raw, MethodKind.STATIC
    elif _foreign_descriptor(owner, raw):  # ``upper = str.upper``: fails on this class
        return None
    elif inspect.isroutine(raw) and callable(raw):
        function, kind = raw, MethodKind.INSTANCE
    else:
        return None
    unwrapped = inspect.unwrap(function) if hasattr(function, "__wrapped__") else function
    code = getattr(unwrapped, "__code__", None)
    if code is not None:
        if code.co_filename not in places:
            places[code.co_filename] = display_path(code.co_filename)
        return MethodInfo(
            owner, name, function, kind, path=places[code.co_filename], line=code.co_firstlineno
        )
    return MethodInfo(owner, name, function, kind, path=path, line=0)
