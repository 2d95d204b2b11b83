"""Signatures from stub files, for code that has no hints or no readable signature.

Stubs are looked up, in order: a ``.pyi`` beside the module, an installed ``<package>-stubs``
distribution (``types-<package>`` installs one too), then typeshed's standard library stubs
bundled with ``typeshed_client`` (the optional ``stubs`` extra). A stub file is read once per
scan (``stub_outline``: its definitions by name, ``sys.version_info`` and ``sys.platform``
conditions decided for this Python). A stub's names are evaluated on demand (classes are the
run-time ones), and a hint that fails where the stub is newer than the run time (typeshed's
``Policy[Any]`` of a class that is not generic at run time) is evaluated again without those
arguments.
"""

from __future__ import annotations

import ast
import builtins
import contextlib
import importlib
import importlib.machinery
import inspect
import sys
import types
import typing
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Final

from inspector.model import Deprecation
from inspector.scan.deprecation import stub_deprecation
from inspector.scan.stub_outline import (
    Definition,
    Outline,
    OutlinedClass,
    Overloads,
    StubModule,
    class_body,
    class_members,
    decorator_is,
    read_module,
)
from inspector.scan.stub_typeddict import stub_typeddict
from inspector.scan.targets import GROUP_MARK
from inspector.scan.typecheck_names import is_type_expression

if TYPE_CHECKING:
    from typeshed_client import SearchContext

_VARIADIC = (inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD)
_POSITIONAL = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
UNKNOWN_DEFAULT = Ellipsis
"""The default of a stub parameter written as ``= ...``: optional, value not known."""


class StubParameter:
    """One parameter of a stub signature; annotations stay source text until needed."""

    __slots__ = ("annotation", "default", "kind", "name")

    def __init__(
        self,
        name: str,
        kind: inspect._ParameterKind,
        annotation: str | None,
        default: object = inspect.Parameter.empty,
    ) -> None:
        self.name: Final = name
        self.kind: Final = kind
        self.annotation: Final = annotation
        self.default: Final = default


class StubSignature:
    """A method's signature in a stub, and the names its annotations are evaluated with."""

    __slots__ = ("bound", "deprecated", "namespace", "parameters", "returns")

    def __init__(
        self,
        parameters: tuple[StubParameter, ...],
        returns: str | None,
        namespace: StubNamespace,
        bound: bool = False,
        deprecated: Deprecation | None = None,
    ) -> None:
        self.parameters: Final = parameters
        self.returns: Final = returns
        self.namespace: Final = namespace
        self.bound: Final = bound
        """Whether its first parameter is ``self`` or ``cls`` (a method of a class, not a
        ``staticmethod``): one the run-time parameters a caller counts do not include."""
        self.deprecated: Final = deprecated
        """What its ``@deprecated("...")`` says (``stub_deprecation``), or None."""

    def annotation(
        self, name: str, kind: inspect._ParameterKind | None = None, position: int | None = None
    ) -> str | None:
        """The annotation text of a parameter (``"return"`` for the return value). A
        positional-only one is found by its ``position`` among the run-time parameters after
        ``self``/``cls`` whatever the stub names it (typeshed's ``regressor`` is
        ``statistics.linear_regression``'s ``x``): no caller can name it. ``*args`` and
        ``**kwargs`` are found by kind, the others by name."""
        if name == "return":
            return self.returns
        if kind is inspect.Parameter.POSITIONAL_ONLY and position is not None:
            found = self._positional(position)
            return None if found is None else found.annotation
        variadic = kind in _VARIADIC
        for parameter in self.parameters:
            if parameter.name == name or (variadic and parameter.kind is kind):
                return parameter.annotation
        return None

    def _positional(self, position: int) -> StubParameter | None:
        """The stub's parameter passed at a position of the run-time call (after ``self``)."""
        index = position + self.bound
        positional = [p for p in self.parameters if p.kind in _POSITIONAL]
        return positional[index] if index < len(positional) else None


class StubNamespace(dict[str, object]):
    """A stub module's names, evaluated on first use: classes are the run-time ones, aliases
    and TypeVars are evaluated, imports come from the run-time module or else its stub."""

    def __init__(self, module: str, stub: StubModule, finder: StubFinder) -> None:
        super().__init__()
        self.module, self.stub, self.finder = module, stub, finder
        self._busy: set[str] = set()
        self.globals: dict[str, object] = {}
        """The (empty) globals its hints are evaluated with: one dict, so that the resolver's
        cache, keyed by the namespaces' identities, knows a hint it has seen in this stub."""

    def __missing__(self, name: str) -> object:
        if name in self._busy:
            raise KeyError(name)
        self._busy.add(name)
        try:
            value = self._lookup(name)
        finally:
            self._busy.discard(name)
        self[name] = value
        return value

    def _lookup(self, name: str) -> object:
        if name in self.stub.imports:
            return self._imported(*self.stub.imports[name])
        node = self.stub.definitions.get(name)
        if isinstance(node, ast.ClassDef):
            runtime = getattr(sys.modules.get(self.module), name, None)
            return (
                runtime
                or self._protocol(node)
                or stub_typeddict(node, self.module, self.evaluated, lambda: class_body(node))
                or _stub_only(name, self.module)
            )
        if isinstance(node, ast.expr) and is_type_expression(node):
            return self.evaluated(node)
        if node is None and not name.startswith("_"):  # ``*`` brings no private name
            # PyYAML's stub: ``from .tokens import *`` and ``-> Iterator[Token]``; the last
            # import that brings a name binds it, as Python binds it
            for module in reversed(self.stub.star_imports):
                with contextlib.suppress(KeyError, ImportError):
                    return self._imported(module, name)
        if hasattr(builtins, name):
            return getattr(builtins, name)
        raise KeyError(name)

    def _protocol(self, node: ast.ClassDef) -> type | None:
        """A protocol only the stub defines that adds nothing to its bases (typeshed's
        ``_SizedIterable(Iterable[_T_co], Sized, Protocol[_T_co]): ...``), made at run time
        from them, so it reads as what they are; None for any other class, or when its bases
        cannot make one."""
        if node.keywords or not _empty_body(node):
            return None
        if not all(is_type_expression(base) for base in node.bases):
            return None
        try:
            bases = tuple(self.evaluated(base) for base in node.bases)
        except Exception:  # a name it cannot evaluate: a plain stand-in
            return None
        origins = [typing.get_origin(base) or base for base in bases]
        if typing.Protocol not in origins or not all(map(_standard_or_made, origins)):
            return None
        try:
            made = types.new_class(node.name, bases, exec_body=_named(node.name, self.module))
        except Exception:  # a base the stub alone has (not a protocol), a metaclass conflict
            return None
        _MADE.add(made)
        return made

    def evaluated(self, expression: ast.expr) -> object:
        """An expression of the stub, evaluated with its names."""
        code = compile(ast.Expression(expression), f"<stub {self.module}>", "eval")
        return eval(code, {"__builtins__": builtins}, self)

    def _imported(self, module: str, attribute: str | None) -> object:
        if attribute is None:
            return _ModuleAndStub(importlib.import_module(module), module, self.finder)
        if attribute == "TypeVar" and module in ("typing", "typing_extensions"):
            return _type_var
        try:
            runtime = importlib.import_module(module)
        except ImportError:
            runtime = None
        if runtime is not None and hasattr(runtime, attribute):
            return getattr(runtime, attribute)
        if runtime is not None and hasattr(runtime, "__path__"):
            # ``from duckdb import func``: a submodule its package does not import, which the
            # import statement itself would load
            with contextlib.suppress(Exception):  # importing runs its code: anything may fail
                return importlib.import_module(f"{module}.{attribute}")
        stub = self.finder.namespace(module)
        if stub is None:
            raise KeyError(attribute)
        return stub[attribute]


class _ModuleAndStub:
    """A module a stub imports whole (``import time``): its run-time attributes, then the names
    only its stub defines (typeshed's ``imaplib`` writes ``time._TimeTuple``, an alias
    ``time.pyi`` alone has)."""

    __slots__ = ("_finder", "_module", "_name")

    def __init__(self, module: types.ModuleType, name: str, finder: StubFinder) -> None:
        self._module, self._name, self._finder = module, name, finder

    def __getattr__(self, attribute: str) -> object:
        try:
            return getattr(self._module, attribute)
        except AttributeError:
            stub = self._finder.namespace(self._name)
            if stub is None:
                raise
        try:
            return stub[attribute]
        except KeyError:
            raise AttributeError(attribute) from None


def _type_var(name: str, *constraints: object, **options: object) -> object:
    """``TypeVar`` as typeshed writes it, on any Python: ``default=`` (3.13) is left out."""
    options.pop("default", None)
    return typing.TypeVar(name, *constraints, **options)  # type: ignore[arg-type]


def _stub_only(name: str, module: str) -> type:
    """A stand-in for a class that exists only in stubs (``SupportsWrite[str]``): subscripting
    gives the class back, and mapping it says it has no JSON Schema form."""
    return type(name, (), {"__module__": module, "__class_getitem__": classmethod(_itself)})


def _itself(cls: type, _: object) -> type:
    return cls


_MADE: weakref.WeakSet[type] = weakref.WeakSet()
"""The protocols made from stubs (``StubNamespace._protocol``): bases another may have."""
_STANDARD_MODULES = frozenset({"typing", "typing_extensions", "collections.abc", "os"})
"""Where the protocols and ABCs a stub-only protocol may be made of are defined: making a
subclass runs only their code (``__init_subclass__``), never a library's."""


def _standard_or_made(base: object) -> bool:
    """Whether a class may be a base of a protocol made from a stub."""
    if base in (typing.Protocol, typing.Generic):
        return True
    if not isinstance(base, type):
        return False
    return base.__module__ in _STANDARD_MODULES or base in _MADE


def _named(name: str, module: str) -> Callable[[dict[str, object]], None]:
    """The body of a class made from a stub: its name and module only."""

    def body(namespace: dict[str, object]) -> None:
        namespace.update(__module__=module, __qualname__=name)

    return body


_SMALL_BODY = 200
"""A stub class body up to this many characters is parsed to see whether it is empty; a longer
one has members."""


def _empty_body(node: ast.ClassDef) -> bool:
    """Whether a stub class's body holds nothing but ``...``, ``pass`` or a docstring."""
    body = node.body
    if isinstance(node, OutlinedClass):
        if len(node.text) - node.body_start > _SMALL_BODY:
            return False
        whole = ast.parse(node.text).body[0]
        assert isinstance(whole, ast.ClassDef)
        body = whole.body
    return all(
        isinstance(s, ast.Pass) or (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))
        for s in body
    )


class StubFinder:
    """Finds and reads stub files for one scan: each module's stub is read once, each class's
    members listed once; nothing outlives it."""

    def __init__(self) -> None:
        self._modules: dict[str, tuple[StubModule, StubNamespace] | None] = {}
        self._members: dict[int, dict[str, Definition] | Outline] = {}
        """A stub class's members, by the id of its node (kept alive in ``_modules``)."""
        self._typeshed: SearchContext | None = None
        """typeshed_client's search context, made on first use."""
        self._sources: set[str] = set()
        """The distributions of the stub files read (typeshed-client, ``<package>-stubs``)."""

    def sources(self) -> tuple[tuple[str, str], ...]:
        """Each distribution whose stub files this scan read, with its installed version,
        sorted (a ``.pyi`` beside a module comes with the module and is not listed)."""
        if not self._sources:  # most projects' own code: importlib.metadata (19 ms) unneeded
            return ()
        from importlib import metadata

        found = []
        for name in sorted(self._sources):
            try:
                found.append((name, metadata.version(name)))
            except (metadata.PackageNotFoundError, ValueError):
                found.append((name, "unknown"))
        return tuple(found)

    def signature(self, function: Callable[..., object], owner: type) -> StubSignature | None:
        """The stub signature of a method, or None when no stub says anything about it."""
        module, qualname = _location(function, owner)
        module = _loaded_as(module, owner)
        path = qualname.split(".")
        found = self._definition(module, path, set())
        if found is None and module != owner.__module__:
            # the stub of the class (or module) it is scanned on: a compiled module's function
            # that a typed package re-exports (bcrypt's ``hashpw`` is ``bcrypt._bcrypt``'s,
            # typed in ``bcrypt/__init__.pyi``), a method its class took from elsewhere
            name = getattr(function, "__name__", path[-1])
            group = GROUP_MARK in owner.__dict__
            if group:  # the name its module gives it (msgspec.json's ``encode``: ``json_encode``)
                name = next(
                    (k for k, v in owner.__dict__.items() if getattr(v, "__func__", v) is function),
                    name,
                )
            path = [name] if group else [*owner.__qualname__.split("."), name]
            found = self._definition(_loaded_as(owner.__module__, owner), path, set())
        if found is None:
            found = self._exported(module, path)
        seen: set[tuple[str, ...]] = set()
        while found is not None and isinstance(found[0], ast.Name | ast.Attribute):
            path = _dotted(found[0])
            found = self._assigned(path, found[1].module, seen)
        if found is not None and isinstance(found[0], ast.AnnAssign):
            # typeshed's ``rmtree: _RmtreeType``: the function is an instance of a protocol, and
            # the protocol's ``__call__`` is its signature
            path = [*_dotted(found[0].annotation), "__call__"]
            found = self._assigned(path, found[1].module, seen)
        # a definition at a dotted path is a class's member (only classes have members here)
        return None if found is None else _signature(*found, member=len(path) > 1)

    def class_definition(self, cls: type) -> tuple[Definition, StubNamespace] | None:
        """What the stub of a run-time class's module says of it, with its namespace."""
        return self._definition(_loaded_as(cls.__module__, cls), cls.__qualname__.split("."), set())

    def definition(self, module: str, name: str) -> tuple[Definition, StubNamespace] | None:
        """What a module's stub defines or imports under ``name``, with its namespace."""
        return self._definition(module, [name], set())

    def _exported(self, module: str, path: list[str]) -> tuple[Definition, StubNamespace] | None:
        """The definition at ``path`` in the stub of a package above ``module`` that exports
        the same object under the same name, the nearest first: a compiled backend's class
        that its package re-exports and types in its own stub (zstandard's
        ``backend_c.ZstdCompressor``, typed in ``zstandard/__init__.pyi``)."""
        defined = getattr(sys.modules.get(module), path[0], None)
        if defined is None:
            return None
        package = module
        while "." in package:
            package = package.rpartition(".")[0]
            if getattr(sys.modules.get(package), path[0], None) is not defined:
                continue
            found = self._definition(package, path, set())
            if found is not None:
                return found
        return None

    def _assigned(
        self, path: list[str], module: str, seen: set[tuple[str, ...]]
    ) -> tuple[Definition, StubNamespace] | None:
        """The definition a stub's assignment names by its dotted ``path``
        (``maketrans = str.maketrans``): looked up from the stub's module, its imports, then
        ``builtins``."""
        stub = self._load(module)
        if not path or stub is None:
            return None
        defined = path[0] in stub[0].definitions or path[0] in stub[0].imports
        return self._definition(module if defined else "builtins", path, seen)

    def _definition(
        self, module: str, path: list[str], seen: set[tuple[str, ...]]
    ) -> tuple[Definition, StubNamespace] | None:
        """The definition at a dotted path of a module's stub, with the namespace to read it
        in; a method may be inherited from a base class of another stub (typeshed's
        ``OrderedDict(dict)``, ``dict(MutableMapping)``)."""
        loaded = None if (module, *path) in seen else self._load(module)
        if loaded is None:
            return None
        seen.add((module, *path))
        stub, namespace = loaded
        node = self._find(stub.definitions, path, stub.definitions)
        if node is not None:
            return node, namespace
        if path[0] not in stub.definitions:  # re-exported: ``collections.abc.MutableSequence``
            return self._reexported(stub, path, seen)
        owner = stub.definitions.get(path[0])
        for base in owner.bases if len(path) == 2 and isinstance(owner, ast.ClassDef) else ():
            found = self._in_base(module, stub, base, path[1], seen)
            if found is not None:
                return found
        return None

    def _in_base(
        self, module: str, stub: StubModule, base: ast.expr, member: str, seen: set[tuple[str, ...]]
    ) -> tuple[Definition, StubNamespace] | None:
        """A member of a stub class's base, and of the bases of that base in turn: a base of
        the same stub (whose own bases may be another stub's), one the stub imports by name,
        or through its module (typeshed's ``SystemRandom(Random)`` over
        ``Random(_random.Random)``, which alone types ``random()``)."""
        name = base_name(base)
        if name is not None and name in stub.definitions:  # its members were looked at, not
            return self._definition(module, [name, member], seen)  # its bases of other stubs
        if name is not None:
            source, attribute = stub.imports.get(name, ("builtins", name))
            return self._definition(source, [attribute or name, member], seen)
        dotted = _dotted(base.value if isinstance(base, ast.Subscript) else base)
        imported = stub.imports.get(dotted[0]) if len(dotted) > 1 else None
        if imported is None or imported[1] is not None:  # no module of the stub's imports
            return None
        source = ".".join([imported[0], *dotted[1:-1]])
        return self._definition(source, [dotted[-1], member], seen)

    def _reexported(
        self, stub: StubModule, path: list[str], seen: set[tuple[str, ...]]
    ) -> tuple[Definition, StubNamespace] | None:
        """A definition a stub imports (by name, or by ``*``) rather than defines."""
        source, attribute = stub.imports.get(path[0], ("", None))
        places = [(source, attribute or path[0])] if source else []
        places += [(module, path[0]) for module in reversed(stub.star_imports)]  # the last binds
        for module, name in places:
            found = self._definition(module, [name, *path[1:]], seen)
            if found is not None:
                return found
        return None

    def namespace(self, module: str) -> StubNamespace | None:
        """The lazily evaluated names of a module's stub."""
        loaded = self._load(module)
        return loaded[1] if loaded else None

    def stub_name(self, module: str, name: str) -> object:
        """What a module's stub says a name is, when the module itself lacks it (a class a C
        extension defines only in its ``.pyi``: PIL's ``_imaging.PixelAccess``); raises
        ``KeyError`` when no stub names it."""
        namespace = self.namespace(module)
        if namespace is None:
            raise KeyError(name)
        return namespace[name]

    def _load(self, module: str) -> tuple[StubModule, StubNamespace] | None:
        if module in self._modules:
            return self._modules[module]
        path = self._path(module)
        loaded = None
        if path is not None:
            try:
                stub = read_module(path.read_text(encoding="utf-8"), module, path.name)
            except (OSError, SyntaxError, ValueError, UnicodeDecodeError):
                stub = None
            if stub is not None:
                loaded = (stub, StubNamespace(module, stub, self))
        self._modules[module] = loaded
        return loaded

    def _path(self, module: str) -> Path | None:
        """The stub file of a module: beside it, in a ``-stubs`` package, or typeshed's."""
        runtime = sys.modules.get(module)
        filename = getattr(runtime, "__file__", None)
        if isinstance(filename, str):  # x.py, x/__init__.py, or an extension x.cpython-311-....so
            path = Path(filename)
            stem = path.stem if path.stem == "__init__" else module.rpartition(".")[2]
            beside = path.with_name(f"{stem}.pyi")
            if beside.is_file():
                return beside
        top, _, rest = module.partition(".")
        parts = rest.split(".") if rest else []
        in_tree = self._in_package_tree(top, parts)
        if in_tree is not None:
            return in_tree
        for entry in sys.path:
            found = _in_package(Path(entry or ".") / f"{top}-stubs", parts)
            if found is not None:
                self._sources.add(_stubs_distribution(f"{top}-stubs"))
                return found
        if top in sys.stdlib_module_names or top == "_typeshed":
            found = self._typeshed_path(module)
            if found is not None:
                self._sources.add("typeshed-client")
            return found
        return None

    @staticmethod
    def _in_package_tree(top: str, parts: list[str]) -> Path | None:
        """The stub at a module's dotted path in its installed package's folders: a compiled
        module's submodule that is no file of its own and not in ``sys.modules``
        (cryptography's ``hazmat.bindings._rust.fernet``, typed by
        ``hazmat/bindings/_rust/fernet.pyi``)."""
        package = sys.modules.get(top)
        folders = getattr(package, "__path__", None) if parts else None
        if folders is None:
            return None
        for folder in list(folders):
            found = _in_package(Path(folder), parts)
            if found is not None:
                return found
        return None

    def _typeshed_path(self, module: str) -> Path | None:
        """typeshed's stub of a standard-library module, through ``typeshed_client`` (imported
        only now: only a method whose code lacks hints asks for a stub)."""
        try:
            import typeshed_client
        except ImportError:
            return None
        try:
            if self._typeshed is None:  # its bundled typeshed; the -stubs packages are ours
                self._typeshed = typeshed_client.get_search_context(search_path=[])
            path = typeshed_client.get_stub_file(module, search_context=self._typeshed)
        except Exception:  # a broken typeshed_client install must not stop a scan
            return None
        return Path(path) if path is not None else None

    def _find(
        self,
        definitions: dict[str, Definition] | Outline,
        path: list[str],
        top: dict[str, Definition] | Outline,
    ) -> Definition | None:
        """The definition at a dotted path; a class member may be inherited from a base class
        the same stub defines."""
        node = definitions.get(path[0])
        if len(path) == 1 or not isinstance(node, ast.ClassDef):
            return node if len(path) == 1 else None
        members = self._members.get(id(node))
        if members is None:
            members = self._members[id(node)] = class_members(node)
        found = self._find(members, path[1:], top)
        for base in node.bases if found is None else ():
            name = base_name(base)
            if name is not None and name != path[0]:
                found = self._find(top, [name, *path[1:]], top)
                if found is not None:
                    break
        return found


def _stubs_distribution(package: str) -> str:
    """The distribution that installed a ``-stubs`` package (``types-requests`` for
    ``requests-stubs``), else the package's own name."""
    from importlib import metadata

    try:
        owners = metadata.packages_distributions().get(package) or [package]
    except Exception:  # a broken distribution's metadata: name the package
        return package
    return sorted(owners)[0]


def _loaded_as(module: str, owner: type) -> str:
    """The name under which ``module`` was imported: itself, or, when no module of that name
    was (a compiled module that names itself without its package: confluent_kafka's
    ``cimpl``, imported as ``confluent_kafka.cimpl``), the loaded module of that last name
    that holds the class ``owner``, typed by the stub beside it (``confluent_kafka/cimpl.pyi``);
    when ``module`` is ``builtins`` and holds no such class (a compiled class whose C name has
    no module: lmdb's ``Environment``), the loaded module that holds it, the package first
    (``lmdb``, typed in ``lmdb/__init__.pyi``, before ``lmdb.cpython``)."""
    top = owner.__qualname__.partition(".")[0]
    if module == "builtins" and vars(builtins).get(top) is not owner:
        suffix = ""
    elif module in sys.modules or "." in module:
        return module
    else:
        suffix = f".{module}"
    found = sorted(
        (
            name
            for name, loaded in list(sys.modules.items())
            # its own namespace: no module ``__getattr__`` runs (a lazy one may import, or raise)
            if name.endswith(suffix)
            and name != "builtins"
            and isinstance(loaded, types.ModuleType)
            and loaded.__dict__.get(top) is owner
        ),
        key=lambda name: (name.startswith("_"), name),  # ``__main__`` imports it: no stub
    )
    home = next((name for name in found if _is_extension(sys.modules.get(name))), None)
    if home is not None:  # the extension that defines it, and the packages above it, first
        related = [name for name in found if home == name or home.startswith(f"{name}.")]
        found = sorted(related, key=len) + [name for name in found if name not in related]
    return found[0] if found else module


def _is_extension(module: object) -> bool:
    """Whether a module is a compiled extension (its file a ``.so`` or ``.pyd``)."""
    path = getattr(module, "__file__", None)
    return isinstance(path, str) and path.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def _location(function: Callable[..., object], owner: type) -> tuple[str, str]:
    """The module and qualified name a stub lists the method under."""
    objclass = getattr(function, "__objclass__", None)
    module = getattr(function, "__module__", None) or getattr(objclass, "__module__", None)
    qualname = getattr(function, "__qualname__", None)
    if not isinstance(module, str) or not isinstance(qualname, str) or "<" in qualname:
        name = getattr(function, "__name__", "")
        return owner.__module__, f"{owner.__qualname__}.{name}"
    return module, qualname


def _dotted(node: ast.expr) -> list[str]:
    """``a.b.c`` as ``["a", "b", "c"]``; empty for anything but a dotted name."""
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.insert(0, node.attr)
        node = node.value
    return [node.id, *parts] if isinstance(node, ast.Name) else []


def base_name(base: ast.expr) -> str | None:
    """The name a base class is written with: ``Base`` or ``Base[T]``."""
    if isinstance(base, ast.Subscript):
        base = base.value
    return base.id if isinstance(base, ast.Name) else None


def _signature(node: Definition, namespace: StubNamespace, *, member: bool) -> StubSignature | None:
    """The signature of a definition; ``member``: it is a class's (its first parameter is
    ``self`` or ``cls`` unless it is a ``staticmethod``)."""
    said = stub_deprecation(node)
    if isinstance(node, Overloads):
        bound = member and not _is_static(node.definitions[0])
        return _merged([signature_parts(d) for d in node.definitions], namespace, bound, said)
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
        parameters, returns = signature_parts(node)
        return StubSignature(parameters, returns, namespace, member and not _is_static(node), said)
    return None


def _is_static(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    return any(decorator_is(d, "staticmethod") for d in node.decorator_list)


_Parts = tuple[tuple[StubParameter, ...], str | None]


def signature_parts(node: ast.FunctionDef | ast.AsyncFunctionDef) -> _Parts:
    """The parameters of a definition as it writes them (a default that is no literal is
    ``UNKNOWN_DEFAULT``; annotations as text), and its return annotation as text."""
    arguments = node.args
    parameters: list[StubParameter] = []
    positional = [*arguments.posonlyargs, *arguments.args]
    defaults = [None] * (len(positional) - len(arguments.defaults)) + list(arguments.defaults)
    for index, argument in enumerate(positional):
        only = index < len(arguments.posonlyargs) or argument.arg.startswith("__")
        kind = (
            inspect.Parameter.POSITIONAL_ONLY if only else inspect.Parameter.POSITIONAL_OR_KEYWORD
        )
        parameters.append(_parameter(argument, kind, defaults[index]))
    if arguments.vararg:
        parameters.append(_parameter(arguments.vararg, inspect.Parameter.VAR_POSITIONAL, None))
    for argument, default in zip(arguments.kwonlyargs, arguments.kw_defaults, strict=True):
        parameters.append(_parameter(argument, inspect.Parameter.KEYWORD_ONLY, default))
    if arguments.kwarg:
        parameters.append(_parameter(arguments.kwarg, inspect.Parameter.VAR_KEYWORD, None))
    return tuple(parameters), _text(node.returns)


def _text(annotation: ast.expr | None) -> str | None:
    """An annotation as text, if it is a plain type expression (nothing in a stub is run)."""
    if annotation is None or not is_type_expression(annotation):
        return None
    return ast.unparse(annotation)


def _parameter(
    argument: ast.arg, kind: inspect._ParameterKind, default: ast.expr | None
) -> StubParameter:
    annotation = _text(argument.annotation)
    name = (
        argument.arg.lstrip("_") or argument.arg if argument.arg.startswith("__") else argument.arg
    )
    if default is None:
        return StubParameter(name, kind, annotation)
    try:
        value = ast.literal_eval(default)
    except (ValueError, TypeError, SyntaxError, RecursionError):  # a name, a call, ...
        value = UNKNOWN_DEFAULT
    return StubParameter(name, kind, annotation, value)


_NEVER_NAMES = frozenset({"NoReturn", "Never"})
"""How a stub writes a return that never comes, under any module name (``typing.NoReturn``,
``t.Never``): a stub's overloads are merged as text, before their hints are evaluated."""


def _never(text: str | None) -> bool:
    return text is not None and text.rpartition(".")[2] in _NEVER_NAMES


def _merged(
    signatures: list[_Parts], namespace: StubNamespace, bound: bool, said: Deprecation | None
) -> StubSignature:
    """Overloads as one signature: the longest parameter list, each annotation the union of
    the overloads' annotations of that parameter (positional-only ones matched by position,
    named by the most common name), the return the union of the returns. An overload that
    never returns names a call that fails: it is left out, as in ``overloads``."""
    signatures = [s for s in signatures if not _never(s[1])] or signatures
    longest = max((p for p, _ in signatures), key=len)
    parameters = []
    for index, parameter in enumerate(longest):
        matches = [_match(ps, index, parameter) for ps, _ in signatures]
        found = [m for m in matches if m is not None]
        name = max(
            (m.name for m in found), key=[m.name for m in found].count, default=parameter.name
        )
        required = all(m is not None and m.default is inspect.Parameter.empty for m in matches)
        default = parameter.default
        if not required and default is inspect.Parameter.empty:
            default = UNKNOWN_DEFAULT
        texts = [m.annotation for m in found]
        parameters.append(StubParameter(name, parameter.kind, _union_text(texts), default))
    returns = _union_text([r for _, r in signatures])
    return StubSignature(tuple(parameters), returns, namespace, bound, said)


def _match(
    parameters: tuple[StubParameter, ...], index: int, wanted: StubParameter
) -> StubParameter | None:
    """The overload's parameter that corresponds to ``wanted`` (at ``index`` of another)."""
    positional_only = inspect.Parameter.POSITIONAL_ONLY
    if (
        wanted.kind is positional_only
        and index < len(parameters)
        and parameters[index].kind is positional_only
    ):
        return parameters[index]
    return next((p for p in parameters if p.name == wanted.name), None)


def _union_text(texts: list[str | None]) -> str | None:
    if not texts or any(t is None for t in texts):
        return None
    unique = list(dict.fromkeys(t for t in texts if t is not None))
    return " | ".join(f"({t})" if " | " in t and len(unique) > 1 else t for t in unique)


# Where a module's stub file is


def _in_package(root: Path, parts: list[str]) -> Path | None:
    if not root.is_dir():
        return None
    base = root.joinpath(*parts)
    for candidate in (base / "__init__.pyi", base.with_suffix(".pyi") if parts else None):
        if candidate is not None and candidate.is_file():
            return candidate
    return None


TYPESHED_MISSING = (
    "typeshed_client, a dependency of toolsinspector, cannot be imported: reinstall "
    "toolsinspector to read the signature from typeshed"
)
"""Why a standard-library C method has no signature when typeshed cannot be read."""


def missing_typeshed(module: str) -> bool:
    """Whether typeshed's stubs would be read for this standard-library module if
    ``typeshed_client`` (a dependency, so a broken install) could be imported."""
    if module.partition(".")[0] not in sys.stdlib_module_names:
        return False
    try:
        import typeshed_client  # noqa: F401
    except ImportError:
        return True
    return False


def runtime_parameter(parameter: StubParameter) -> inspect.Parameter:
    """A stub's parameter as ``inspect`` gives one: ``*args``/``**kwargs`` have no default (a
    stub's overloads may leave them out, which ``_merged`` writes as ``= ...``)."""
    variadic = parameter.kind in _VARIADIC
    default = inspect.Parameter.empty if variadic else parameter.default
    return inspect.Parameter(parameter.name, parameter.kind, default=default)
