"""Find what to scan: import targets, list their public classes and their public methods."""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import importlib
import importlib.machinery
import importlib.util
import inspect
import os
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from types import BuiltinFunctionType, CodeType, FunctionType, ModuleType
from typing import Final

from inspector.diagnostics import InspectorError, UsageError, did_you_mean, reraise_interrupt
from inspector.model import MethodKind
from inspector.scan.forwarding import overridden
from inspector.scan.function_factories import held_function, unwrapped
from inspector.scan.no_tools import NoTool, library_callbacks, no_tool_reason, pydantic_hooks

_NO_METHODS = (property, functools.cached_property, type)
"""Class attributes that are no methods, though callable or descriptors."""


class ClassInfo:
    """A class to inspect and the target text that named it (a module's functions come as the
    class ``function_group`` makes of them). ``explicit``: the target names the class, or, for
    a module's functions, the one function (``mod.py:func``), not a whole module. ``through``
    is a base whose methods count as the class's own, as they would for that base (see
    ``iter_methods``)."""

    __slots__ = ("cls", "explicit", "path", "source", "through")

    def __init__(
        self,
        cls: type,
        source: str,
        path: str,
        explicit: bool = True,
        through: type | None = None,
    ) -> None:
        self.cls: Final = cls
        self.source: Final = source
        self.path: Final = path
        self.explicit: Final = explicit
        self.through: Final = through


class MethodInfo:
    """A public method as found on its class, before any type is read: ``owner`` is the class
    that defines it (diagnostics name it: the code to change, said once for every subclass),
    ``class_name`` the name of the class it is scanned for (a base's method is the subclass's
    tool, as tools.json and the classification file name it; default: ``receiver``'s) and
    ``receiver`` that class itself (``Self`` in the method's hints is it; default: ``owner``)."""

    __slots__ = ("class_name", "function", "kind", "line", "name", "owner", "path", "receiver")

    def __init__(
        self,
        owner: type,
        name: str,
        function: Callable[..., object],
        kind: MethodKind,
        *,
        path: str,
        line: int,
        class_name: str | None = None,
        receiver: type | None = None,
    ) -> None:
        self.receiver: Final = owner if receiver is None else receiver
        self.class_name: Final = self.receiver.__name__ if class_name is None else class_name
        self.owner: Final = owner
        self.name: Final = name
        self.function: Final = function
        self.kind: Final = kind
        self.path: Final = path
        self.line: Final = line


@dataclasses.dataclass(frozen=True, slots=True)
class NoToolMember:
    """A public attribute of a class (a function of a module's group) that looks like a method
    but that a rule leaves out: ``reason`` says which, ``path`` and ``line`` where it is
    defined (the class's file, without a line, when no code says)."""

    owner: type
    name: str
    reason: NoTool
    path: str
    line: int


class Locations:
    """Where files are, as tools.json and diagnostics write it, for one scan: the user's code
    relative to its project root (the ``root`` that configures the scan, else the nearest folder
    above the file that holds a ``pyproject.toml``), installed packages and the standard library
    relative to their ``sys.path`` entry (``requests/sessions.py``), a file target relative to
    its folder; never absolute and never depending on the working directory, so the same code
    gives the same text in any checkout, venv or machine. ``/`` separators."""

    def __init__(self, root: Path | None = None) -> None:
        self.root = os.path.abspath(root) if root is not None else None
        self.imported_from: list[str] = []
        """The folders of the files the scan imported by path (on ``sys.path`` meanwhile)."""
        self._paths: dict[str, str] = {}
        self._projects: dict[str, str | None] = {}

    def of(self, filename: str) -> str:
        """The location of a file."""
        found = self._paths.get(filename)
        if found is None:
            found = self._paths[filename] = self._relative(os.path.abspath(filename))
        return found

    def _relative(self, path: str) -> str:
        if not any(part in _INSTALL_DIRS for part in Path(path).parts):
            root = self.root if self.root and _is_within(path, self.root) else None
            root = root or self._project(os.path.dirname(path))
            if root is not None:
                return Path(os.path.relpath(path, root)).as_posix()
        entries = [
            os.path.abspath(entry or os.curdir) for entry in (*sys.path, *self.imported_from)
        ]
        containing = [entry for entry in entries if _is_within(path, entry)]
        if containing:
            return Path(os.path.relpath(path, max(containing, key=len))).as_posix()
        return Path(path).name

    def _project(self, directory: str) -> str | None:
        """The nearest folder from ``directory`` up that holds a ``pyproject.toml``."""
        if directory not in self._projects:
            parent = os.path.dirname(directory)
            if os.path.isfile(os.path.join(directory, "pyproject.toml")):
                self._projects[directory] = directory
            else:
                self._projects[directory] = None if parent == directory else self._project(parent)
        return self._projects[directory]


_INSTALL_DIRS = ("site-packages", "dist-packages")


def _is_within(path: str, directory: str) -> bool:
    try:
        return os.path.commonpath([path, directory]) == directory
    except ValueError:  # another drive, or a mix of absolute and relative
        return False


@contextlib.contextmanager
def importable_from(*directories: Path | str | None) -> Iterator[None]:
    """The directories in front of ``sys.path`` while the block runs (those already on it, and
    None, left alone), then taken out again: what a target imports while it is imported (a
    file's neighbours, a project's packages) is found, and nothing stays after the call."""
    added = [str(d) for d in directories if d is not None and str(d) not in sys.path]
    sys.path[:0] = added
    try:
        yield
    finally:
        for entry in added:
            with contextlib.suppress(ValueError):  # the imported code took it out itself
                sys.path.remove(entry)


class Targets:
    """Imports what a scan's targets name, each file once; a relative file or a module is
    looked for in the project ``root`` (when one configures the scan) before ``sys.path``."""

    def __init__(self, root: Path | None = None, locations: Locations | None = None) -> None:
        self.root = root
        self.locations = locations if locations is not None else Locations(root)
        self._loaded: dict[Path, ModuleType] = {}

    def class_info(self, cls: type, through: type | None = None) -> ClassInfo:
        """A class given directly (not through a target), located where it is defined;
        ``through``: a base whose methods count as the class's own."""
        try:
            source = inspect.getsourcefile(cls)
        except (TypeError, OSError):  # a built-in class, or one made in `python -c` or a REPL
            source = None
        path = self.locations.of(source) if source else ""
        return ClassInfo(cls, cls.__qualname__, path, through=through)

    def resolve(self, target: str) -> list[ClassInfo]:
        """The classes a target names: ``file.py:Class``, ``pkg.mod:Class``, a file or a
        module."""
        module_part, _, attribute = target.partition(":")
        if not module_part:
            raise UsageError(
                f"target {target!r}: expected FILE.py[:Class] or package.module[:Class]"
            )
        module = self.import_module(module_part, target)
        if not attribute:
            path = self._module_path(module)
            infos = [
                ClassInfo(cls, f"{target}:{cls.__qualname__}", path, explicit=False)
                for cls in _classes_defined_in(module)
            ]
            functions = functions_defined_in(module)
            if functions:
                key = self.group_key(module_part, module)
                group = function_group(key, module.__name__, functions)
                infos.append(ClassInfo(group, target, path, explicit=False))
            return infos
        found: object = module
        for part in attribute.split("."):
            holder, found = found, getattr(found, part, None)
            if found is None:
                hint = did_you_mean(part, [name for name in dir(holder) if is_public(name)])
                raise InspectorError(
                    f"target {target!r}: {module_part} has no attribute {attribute!r}{hint}"
                )
        if "." not in attribute and inspect.isroutine(found):  # ``mod.py:func``
            key = self.group_key(module_part, module)
            group = function_group(key, module.__name__, {attribute: found})
            return [ClassInfo(group, target, self._module_path(module))]
        if not isinstance(found, type):
            raise InspectorError(
                f"target {target!r}: {attribute} is not a class or a function of {module_part}"
            )
        return [ClassInfo(found, target, self._module_path(module))]

    def group_key(self, module_part: str, module: ModuleType) -> str:
        """The key of a module's functions: a module target's dotted name (``pkg.mod``); a
        file's name without ``.py`` (``mod.py`` → ``mod``; a package's ``__init__.py``: its
        folder's name), whatever name the import gave it."""
        if not (module_part.endswith(".py") or os.sep in module_part or "/" in module_part):
            return module_part  # ``os.path``, not ``posixpath``: the same key on every platform
        return _file_key(Path(module_part))

    def import_module(self, module_part: str, target: str) -> ModuleType:
        """The module (or file) part of a target, imported once per scan."""
        is_file = module_part.endswith(".py") or os.sep in module_part or "/" in module_part
        try:
            with importable_from(self.root):
                if is_file:
                    path = Path(module_part)
                    return self._import_file(self.root / path if self.root else path, target)
                return importlib.import_module(module_part)
        except InspectorError:
            raise
        except BaseException as error:  # the user's module raised while importing: report,
            reraise_interrupt(error)  # never crash
            raise InspectorError(
                f"target {target!r}: importing failed: {self._describe(error)}"
            ) from None

    def _module_path(self, module: ModuleType) -> str:
        filename = getattr(module, "__file__", None)
        return self.locations.of(filename) if filename else module.__name__

    def _describe(self, error: BaseException) -> str:
        import traceback  # only when an import failed: not at every start

        frames = [
            frame
            for frame in traceback.extract_tb(error.__traceback__)
            if not frame.filename.startswith("<frozen")
            and "importlib" not in Path(frame.filename).parts
            and Path(frame.filename).resolve() != Path(__file__).resolve()
        ]
        last = frames[-1] if frames else None
        where = f" ({self.locations.of(last.filename)}:{last.lineno})" if last else ""
        return f"{type(error).__name__}: {error}{where}"

    def _import_file(self, path: Path, target: str) -> ModuleType:
        if not path.is_file():
            raise InspectorError(f"target {target!r}: no such file {path}")
        resolved = path.resolve()
        if resolved in self._loaded:
            return self._loaded[resolved]
        name = None
        for module in list(sys.modules.values()):  # imported by the user's own program: reuse
            file = getattr(module, "__file__", None)
            if not isinstance(file, str) or os.path.basename(file) != resolved.name:
                continue  # cheap test first: resolving every module's path costs milliseconds
            if Path(file).resolve() == resolved:
                if not isinstance(getattr(module, "__loader__", None), _FileTargetLoader):
                    self._loaded[resolved] = module
                    return module
                name = module.__name__  # an earlier scan's import: imported afresh
                break
        name = name or _free_name(path.stem)
        loader = _FileTargetLoader(name, str(resolved)) if resolved.suffix == ".py" else None
        spec = importlib.util.spec_from_file_location(name, resolved, loader=loader)
        if spec is None or spec.loader is None:
            raise InspectorError(f"target {target!r}: cannot import {path}")
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        directory = str(resolved.parent)
        try:
            with importable_from(directory):  # its neighbours, as ``python file.py`` finds them
                spec.loader.exec_module(module)
        except BaseException:
            del sys.modules[name]
            raise
        self.locations.imported_from.append(directory)
        self._loaded[resolved] = module
        return module


class _FileTargetLoader(importlib.machinery.SourceFileLoader):
    """Imports a file a scan names by its path; marks the module so that a later scan imports
    it afresh (an edited file is read again) instead of taking it for the user's own import."""


def _free_name(stem: str) -> str:
    return stem if stem not in sys.modules else f"_toolsinspector_{stem}"


def _file_key(path: Path) -> str:
    """A file's key: its name without ``.py``; a package's ``__init__.py``: its folder's."""
    return path.parent.name if path.stem == "__init__" and path.parent.name else path.stem


def module_key(module: ModuleType) -> str:
    """The key of a live module's functions, as a scan of its target keys them: for a file a
    scan imported, the file's name (the import may have had to call ``shop.py``
    ``_toolsinspector_shop``: ``shop`` was taken), else the module's name."""
    file = getattr(module, "__file__", None)
    if isinstance(getattr(module, "__loader__", None), _FileTargetLoader) and isinstance(file, str):
        return _file_key(Path(file))
    return module.__name__


def _classes_defined_in(module: ModuleType) -> list[type]:
    """A module's public classes: those its ``__all__`` names, else those it defines (for a
    package, also those of its own submodules it exposes: ``networkx.Graph``), each under its
    own name (not aliases); interfaces left out (``_is_interface``)."""
    exported = getattr(module, "__all__", None)
    if isinstance(exported, list | tuple) and all(isinstance(n, str) for n in exported):
        pairs = _exported(module, exported)
        found = [v for n, v in pairs if isinstance(v, type) and is_public(n) and v.__name__ == n]
    else:
        own = (module.__name__, f"{module.__name__}.") if hasattr(module, "__path__") else None
        found = [
            value
            for name, value in list(vars(module).items())  # a lazy attribute may add names
            if isinstance(value, type)
            and is_public(name)
            and (
                value.__module__ == module.__name__
                or (own and value.__module__.startswith(own[1]) and value.__name__ == name)
            )
        ]
    return [cls for cls in found if not _is_interface(cls)]


def _is_interface(cls: type) -> bool:
    """A Protocol, or a class with abstract methods left, without a public static or class
    method: no object of it is made, so none of its methods is called; it says what an
    argument must have (Pillow's ``SupportsGetData`` and ``ImagePointHandler``,
    ``PIL.ImageOps``' ``SupportsGetMesh``). One with a static or class method is called
    without an object (``Codec.detect``), and is scanned; so is one a target names
    (``mod:Proto``)."""
    if getattr(cls, "_is_protocol", False) is not True and not inspect.isabstract(cls):
        return False
    return not any(
        isinstance(value, staticmethod | classmethod) and is_public(name)
        for klass in cls.__mro__
        for name, value in vars(klass).items()
    )


def _exported(module: ModuleType, names: Iterable[str]) -> list[tuple[str, object]]:
    """The names of a module's ``__all__`` and their values, in the order the module's namespace
    holds them (the order it defines or imports them; a name it makes on demand after those, by
    name): a module may build ``__all__`` from a set (numpy does), whose order changes with
    each process's hash seed, and the scan's output must not."""
    # before the names are looked up: a module's ``__getattr__`` may store what it makes, in
    # ``__all__``'s order; a module object without a ``__dict__`` has its names made on demand
    namespace = getattr(module, "__dict__", None)
    position = {name: index for index, name in enumerate(namespace or ())}
    pairs = [(name, _attribute(module, name)) for name in dict.fromkeys(names)]
    return sorted(pairs, key=lambda pair: (position.get(pair[0], len(position)), pair[0]))


def functions_defined_in(module: ModuleType) -> dict[str, Callable[..., object]]:
    """A module's public functions by the names it gives them, as ``_classes_defined_in``
    finds its classes: those its ``__all__`` names, else those it defines (a function
    decorated with ``functools.wraps`` counts where the function it wraps is defined); never
    one it imports from another public module (``from os.path import join``). What it takes
    from a private or built-in module it wraps is its own: ``os`` exports the C functions of
    ``posix``, ``heapq`` those of ``_heapq``, and ``msgspec.json`` exports ``_core``'s
    ``json_encode`` as ``encode`` (an alias of its own function is not a second one); so is
    what its ``__all__`` names from a compiled module of its own package (rapidfuzz's
    ``fuzz`` names the functions of ``fuzz_cpp_avx2`` or ``fuzz_cpp``, whichever loads)."""
    exported = getattr(module, "__all__", None)
    listed = isinstance(exported, list | tuple) and all(isinstance(n, str) for n in exported)
    pairs = _exported(module, exported or ()) if listed else list(vars(module).items())
    found: dict[str, Callable[..., object]] = {}
    for name, value in pairs:
        if not (is_public(name) and inspect.isroutine(value)):
            continue
        defined_in = str(getattr(value, "__module__", ""))
        wrapped = _renames(defined_in, module) or (listed and _compiled_sibling(defined_in, module))
        if getattr(value, "__name__", None) != name and not wrapped:
            continue
        own = wrapped or _is_own(defined_in, module, listed)
        if own and all(value is not f for f in found.values()):
            found[name] = value
    return found


def _wrapped(defined_in: str, module: ModuleType, listed: bool = False) -> bool:
    """Whether functions of the module ``defined_in`` are ``module``'s implementation, which
    it may export under names of its own: a private or built-in module, not itself, that is
    of its own package or its accelerator (``msgspec._core``, ``_heapq``), or any, for a
    module of the standard library (``os`` wraps ``posix``). A user's ``from time import
    sleep`` or ``echo = print`` takes another module's function: no tool of theirs, unless
    ``listed`` (its ``__all__`` names it)."""
    if not defined_in or defined_in == module.__name__:
        return False
    private = any(part.startswith("_") for part in defined_in.split("."))
    if not (private or defined_in in sys.builtin_module_names):
        return False
    if listed:
        return True
    top, leaf = module.__name__.partition(".")[0], module.__name__.rpartition(".")[2]
    source_top = defined_in.partition(".")[0]
    return source_top in (top, f"_{top}", f"_{leaf}") or top in sys.stdlib_module_names


def _renames(defined_in: str, module: ModuleType) -> bool:
    """Whether ``module`` may export functions of ``defined_in`` under names of its own: its
    package's private implementation (``msgspec._core`` for ``msgspec.json``) or its own
    accelerator (``_heapq`` for ``heapq``), not any the standard library wraps
    (``threading.Lock`` is ``_thread.allocate_lock``)."""
    top, leaf = module.__name__.partition(".")[0], module.__name__.rpartition(".")[2]
    source_top = defined_in.partition(".")[0]
    return _wrapped(defined_in, module) and source_top in (top, f"_{top}", f"_{leaf}")


def _compiled_sibling(defined_in: str, module: ModuleType) -> bool:
    """Whether ``defined_in`` is an extension module (a ``.so`` or ``.pyd``) of the top-level
    package ``module`` is in, other than ``module``: an implementation a Python module loads,
    often one of several builds (a processor's, a fallback), not an API of its own."""
    if (
        defined_in == module.__name__
        or defined_in.partition(".")[0] != module.__name__.partition(".")[0]
    ):
        return False
    path = getattr(sys.modules.get(defined_in), "__file__", None)
    return isinstance(path, str) and path.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def _is_own(defined_in: str, module: ModuleType, listed: bool = False) -> bool:
    """Whether a function defined in the module ``defined_in`` belongs to ``module``: defined
    there, in one of its submodules (a package), or in a private or built-in module it wraps
    (``_wrapped``; any such module when ``listed``: the module's ``__all__`` names the
    function, its author's choice), never another library's public API."""
    if defined_in == module.__name__:
        return True
    if hasattr(module, "__path__") and defined_in.startswith(f"{module.__name__}."):
        return True
    return _wrapped(defined_in, module, listed)


GROUP_MARK = "__toolsinspector_functions_of__"
"""The attribute that marks a class ``function_group`` made: the module's name."""


def function_group(
    key: str, module_name: str, functions: Mapping[str, Callable[..., object]]
) -> type:
    """Functions as the static methods of a class keyed ``key`` (``pkg.mod``), defined in their
    module: every step that reads a class's methods (hints, docstrings, stubs, ``@overload``,
    the Toolbox's calls) reads a module's functions the same way. Each has the name it is
    given (the module's name for it)."""
    namespace: dict[str, object] = {
        name: staticmethod(function) for name, function in functions.items()
    }
    namespace |= {GROUP_MARK: module_name, "__module__": module_name, "__qualname__": key}
    return type(key.rpartition(".")[2], (), namespace)


def is_function_group(cls: type) -> bool:
    """Whether the class is a module's functions (``function_group``)."""
    return GROUP_MARK in cls.__dict__


def owner_name(owner: type) -> str:
    """How diagnostics name the class that defines a method: its name, or for a module's
    functions the group's key, as tools.json and the classification file write it
    (``aiofiles.os``: its last part alone, ``os``, named another module)."""
    return owner.__qualname__ if is_function_group(owner) else owner.__name__


def _attribute(module: ModuleType, name: str) -> object:
    try:  # a lazy module attribute may fail to import
        return getattr(module, name, None)
    except Exception:
        return None


def is_public(name: str) -> bool:
    """Public names: no leading underscore (so no dunders either)."""
    return not name.startswith("_")


def iter_methods(info: ClassInfo, locations: Locations | None = None) -> Iterator[MethodInfo]:
    """Public methods: the class's own in definition order, then inherited ones, nearest first;
    each located by ``locations`` (the scan's). The inherited ones are those of the bases
    ``_owners`` takes, and those ``info.through`` would give its base (a fake ``FakeRedis``
    of another package, given for ``Redis``, has ``Redis``'s methods)."""
    return (m for m in iter_members(info, locations) if isinstance(m, MethodInfo))


def iter_members(
    info: ClassInfo, locations: Locations | None = None
) -> Iterator[MethodInfo | NoToolMember]:
    """``iter_methods``'s methods, in its order, and where a rule of ``no_tools`` leaves a
    public method out, the ``NoToolMember`` that says which (a function of a module's group
    left out for its private name too: a target may name one, ``mod.py:_helper``), in the
    order its class holds them, which may change between runs for methods made in a loop."""
    seen: set[str] = set()
    locations = locations if locations is not None else Locations()
    owner_is_group = is_function_group(info.cls)
    callbacks = library_callbacks(info.cls)
    for owner in _owners(info.cls, info.through):
        hooks = pydantic_hooks(owner)
        found: list[MethodInfo] = []
        for name, raw in vars(owner).items():
            if name in seen:
                continue
            if not is_public(name):
                if owner_is_group and isinstance(raw, staticmethod):  # a function, not a mark
                    yield _no_tool(owner, name, raw, NoTool.PRIVATE, path=info.path, at=locations)
                continue
            seen.add(name)
            reason = (
                NoTool.HOOK
                if name in hooks
                else NoTool.CALLBACK
                if name in callbacks
                else no_tool_reason(name, raw)
            )
            if reason is not None:
                yield _no_tool(owner, name, raw, reason, path=info.path, at=locations)
                continue
            method = _as_method(owner, name, raw, info.path, locations, receiver=info.cls)
            if method is not None and _is_alias(info.cls, name, method.function):
                continue
            if method is not None and owner_is_group:
                method = MethodInfo(
                    owner,
                    name,
                    method.function,
                    MethodKind.FUNCTION,
                    path=method.path,
                    line=method.line,
                )
            if method is not None:
                found.append(method)
        yield from _one_def_by_name(found)


def _no_tool(
    owner: type, name: str, raw: object, reason: NoTool, *, path: str, at: Locations
) -> NoToolMember:
    """A member left out for ``reason``, located where its function is defined; any other
    object (a pydantic validator's proxy, whose ``__getattr__`` may raise) in ``path``."""
    function = held_function(raw)
    if isinstance(function, FunctionType | BuiltinFunctionType):
        path, line = _located(function, path, at)
    else:
        line = 0
    return NoToolMember(owner, name, reason, path, line)


def _one_def_by_name(methods: list[MethodInfo]) -> list[MethodInfo]:
    """The methods of one class, those one ``def`` made in a loop ordered by name in the places
    they take (their source order is no order: they share a line): their order in the class is
    the loop's, which may change from one run to the next (scipy sets ``sin``, ``tan``... on
    ``_data_matrix`` from a frozenset of ufuncs, whose order follows their memory addresses),
    and tools.json must not."""
    places: dict[int, list[int]] = {}
    for index, method in enumerate(methods):
        function = method.function
        code = getattr(unwrapped(function), "__code__", None)
        if isinstance(code, CodeType):
            places.setdefault(id(code), []).append(index)
    ordered = list(methods)
    for indexes in places.values():
        if len(indexes) > 1:
            named = sorted((methods[i] for i in indexes), key=lambda method: method.name)
            for index, method in zip(indexes, named, strict=True):
                ordered[index] = method
    return ordered


def _is_alias(cls: type, name: str, function: object) -> bool:
    """Whether a class's method is another name for one the class offers under its own name
    (python-telegram-bot's ``getMe = get_me``, beside each of its 150 methods): one tool, the
    function's own name, not two."""
    own = getattr(function, "__name__", None)
    if not isinstance(own, str) or own == name or not is_public(own):
        return False
    try:
        found = inspect.getattr_static(cls, own)
    except AttributeError:
        return False
    return getattr(found, "__func__", found) is function


def _owners(cls: type, through: type | None = None) -> list[type]:
    """The class and the bases whose methods count: those of the same top-level package, the
    user's own (neither builtins, nor the standard library, nor an installed package), and
    those that count for the base ``through``."""
    package = _top_package(cls)
    theirs = _owners(through) if through is not None else []
    return [
        base
        for base in cls.__mro__
        if base is cls
        or base in theirs
        or (base.__module__ != "builtins" and (_top_package(base) == package or _is_users(base)))
    ]


def bases_not_taken(cls: type) -> list[str]:
    """The bases (``module.Class``) that define public methods the class's tools leave out
    (see ``_owners``), nearest first."""
    taken = set(_owners(cls))
    return [
        f"{base.__module__}.{base.__qualname__}"
        for base in cls.__mro__
        if base not in taken
        and base.__module__ != "builtins"  # ``object``, ``Exception``: never tools
        and any(
            is_public(name) and (callable(value) or isinstance(value, classmethod | staticmethod))
            for name, value in vars(base).items()
        )
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
    if not inspect.ismethoddescriptor(raw):
        return False
    try:  # a descriptor's own ``__getattr__`` (a proxy's: werkzeug's LocalProxy) may raise
        home = getattr(raw, "__objclass__", None)
    except Exception:
        return False
    return isinstance(home, type) and home not in owner.__mro__


def _property_like(raw: object) -> bool:
    """A descriptor of a class named as a property (praw's ``cachedproperty``, a
    ``lazy_property``, a ``classproperty``) that is no ``property`` subclass: reading it on an
    instance gives a value, not a method, though it may be callable (praw's defines an empty
    ``__call__`` so that Sphinx documents it) and wrap a function (``__wrapped__``). Its tool
    described the property and ran whatever the value does when called."""
    kind = type(raw)
    return "property" in kind.__name__.lower() and hasattr(kind, "__get__")


def _method_a_descriptor_stands_for(owner: type, name: str, raw: object) -> FunctionType | None:
    """The method a decorator object stands for: not callable itself, it gives on its class
    the function of its name (scikit-learn's ``available_if``: ``Pipeline.predict``,
    ``transform`` and ``score`` give the method, wrapped, on the class, and bound on an
    instance whose steps have it); None for any other descriptor."""
    if callable(raw) or not inspect.ismethoddescriptor(raw):
        return None
    if isinstance(raw, functools.singledispatchmethod):  # dispatches on a positional value:
        return None  # a call by keyword, as the Toolbox makes it, fails in the dispatcher
    try:
        found = getattr(owner, name)
    except Exception:  # the descriptor's own code, read on the class
        return None
    if type(found) is FunctionType and found.__name__ == name:
        return found
    return None


def _as_method(
    owner: type, name: str, raw: object, path: str, locations: Locations, *, receiver: type
) -> MethodInfo | None:
    function: Callable[..., object]
    if type(raw) is FunctionType and (stands := overridden(owner, name)) is not None:
        owner, function, kind = *stands, MethodKind.INSTANCE  # typed where it is overridden
    elif type(raw) is FunctionType:  # most methods: none of the checks below applies
        function, kind = raw, MethodKind.INSTANCE
    elif isinstance(raw, _NO_METHODS):
        return None
    elif isinstance(raw, staticmethod):
        function, kind = raw.__func__, MethodKind.STATIC
    elif isinstance(raw, classmethod):
        function, kind = raw.__func__, MethodKind.CLASS
    elif inspect.isbuiltin(raw):  # ``concat = "".join``: bound already, it takes no self
        function, kind = raw, MethodKind.STATIC
    elif _foreign_descriptor(owner, raw) or _property_like(raw):  # ``upper = str.upper``
        return None  # fails on this class; a property's value is no method
    elif inspect.isroutine(raw) and callable(raw):
        function, kind = raw, MethodKind.INSTANCE
    elif (standing := _method_a_descriptor_stands_for(owner, name, raw)) is not None:
        function, kind = standing, MethodKind.INSTANCE
    else:
        return None
    path, line = _located(function, path, locations)
    return MethodInfo(owner, name, function, kind, path=path, line=line, receiver=receiver)


def _located(function: object, path: str, locations: Locations) -> tuple[str, int]:
    """Where a function's code is (through the wrappers that keep ``__wrapped__``): its file and
    first line; ``path`` without a line when it has no code (a C function)."""
    code = getattr(unwrapped(function), "__code__", None)
    if code is None:
        return path, 0
    return locations.of(code.co_filename), code.co_firstlineno
