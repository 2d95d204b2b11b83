"""Signatures from stub files, for code that has no hints or no readable signature.

Stubs are looked up, in order: a ``.pyi`` beside the module, an installed ``<package>-stubs``
distribution (``types-<package>`` installs one too), then typeshed's standard library stubs
bundled with ``typeshed_client`` (the optional ``stubs`` extra). A stub file is read with
``ast`` once per scan; ``sys.version_info`` and ``sys.platform`` conditions are decided for
this Python. A stub's names are evaluated on demand (classes are the run-time ones), and a hint
that fails where the stub is newer than the run time (typeshed's ``Policy[Any]`` of a class that
is not generic at run time) is evaluated again without those arguments.
"""

from __future__ import annotations

import ast
import builtins
import importlib
import inspect
import keyword
import re
import sys
import types
import typing
import weakref
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Final

from inspector.scan.typecheck_names import TOP_LEVEL_LINE, is_type_expression

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

    __slots__ = ("bound", "namespace", "parameters", "returns")

    def __init__(
        self,
        parameters: tuple[StubParameter, ...],
        returns: str | None,
        namespace: StubNamespace,
        bound: bool = False,
    ) -> None:
        self.parameters: Final = parameters
        self.returns: Final = returns
        self.namespace: Final = namespace
        self.bound: Final = bound
        """Whether its first parameter is ``self`` or ``cls`` (a method of a class, not a
        ``staticmethod``): one the run-time parameters a caller counts do not include."""

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

    def __init__(self, module: str, stub: _StubModule, finder: StubFinder) -> None:
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
            return runtime or self._protocol(node) or _stub_only(name, self.module)
        if isinstance(node, ast.expr) and is_type_expression(node):
            return self._evaluated(node)
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
            bases = tuple(self._evaluated(base) for base in node.bases)
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

    def _evaluated(self, expression: ast.expr) -> object:
        code = compile(ast.Expression(expression), f"<stub {self.module}>", "eval")
        return eval(code, {"__builtins__": builtins}, self)

    def _imported(self, module: str, attribute: str | None) -> object:
        if attribute is None:
            return importlib.import_module(module)
        if attribute == "TypeVar" and module in ("typing", "typing_extensions"):
            return _type_var
        try:
            runtime = importlib.import_module(module)
        except ImportError:
            runtime = None
        if runtime is not None and hasattr(runtime, attribute):
            return getattr(runtime, attribute)
        stub = self.finder.namespace(module)
        if stub is None:
            raise KeyError(attribute)
        return stub[attribute]


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
    if isinstance(node, _OutlinedClass):
        if len(node.text) - node.body_start > _SMALL_BODY:
            return False
        whole = ast.parse(node.text).body[0]
        assert isinstance(whole, ast.ClassDef)
        body = whole.body
    return all(
        isinstance(s, ast.Pass) or (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))
        for s in body
    )


class _StubModule:
    """The parts of a stub file that signatures need."""

    __slots__ = ("definitions", "imports", "star_imports")

    def __init__(self) -> None:
        self.definitions: dict[str, _Definition] | _Outline = {}
        self.imports: dict[str, tuple[str, str | None]] = {}
        self.star_imports: list[str] = []
        """Modules whose names this stub re-exports whole (``from _collections_abc import *``)."""


class StubFinder:
    """Finds and reads stub files for one scan: each module's stub is read once, each class's
    members listed once; nothing outlives it."""

    def __init__(self) -> None:
        self._modules: dict[str, tuple[_StubModule, StubNamespace] | None] = {}
        self._members: dict[int, dict[str, _Definition] | _Outline] = {}
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
        path = qualname.split(".")
        found = self._definition(module, path, set())
        seen: set[tuple[str, ...]] = set()
        while found is not None and isinstance(found[0], ast.Name | ast.Attribute):
            path = _dotted(found[0])
            found = self._assigned(path, found[1].module, seen)
        # a definition at a dotted path is a class's member (only classes have members here)
        return None if found is None else _signature(*found, member=len(path) > 1)

    def _assigned(
        self, path: list[str], module: str, seen: set[tuple[str, ...]]
    ) -> tuple[_Definition, StubNamespace] | None:
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
    ) -> tuple[_Definition, StubNamespace] | None:
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
            name = _base_name(base)
            if name is None or name in stub.definitions:
                continue  # a base of the same stub: _find looked there
            source, attribute = stub.imports.get(name, ("builtins", name))
            found = self._definition(source, [attribute or name, path[1]], seen)
            if found is not None:
                return found
        return None

    def _reexported(
        self, stub: _StubModule, path: list[str], seen: set[tuple[str, ...]]
    ) -> tuple[_Definition, StubNamespace] | None:
        """A definition a stub imports (by name, or by ``*``) rather than defines."""
        source, attribute = stub.imports.get(path[0], ("", None))
        places = [(source, attribute or path[0])] if source else []
        places += [(module, path[0]) for module in stub.star_imports]
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

    def _load(self, module: str) -> tuple[_StubModule, StubNamespace] | None:
        if module in self._modules:
            return self._modules[module]
        path = self._path(module)
        loaded = None
        if path is not None:
            try:
                stub = _read_module(path.read_text(encoding="utf-8"), module, path.name)
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
        definitions: dict[str, _Definition] | _Outline,
        path: list[str],
        top: dict[str, _Definition] | _Outline,
    ) -> _Definition | None:
        """The definition at a dotted path; a class member may be inherited from a base class
        the same stub defines."""
        node = definitions.get(path[0])
        if len(path) == 1 or not isinstance(node, ast.ClassDef):
            return node if len(path) == 1 else None
        members = self._members.get(id(node))
        if members is None:
            members = self._members[id(node)] = _class_members(node)
        found = self._find(members, path[1:], top)
        for base in node.bases if found is None else ():
            name = _base_name(base)
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


def _base_name(base: ast.expr) -> str | None:
    """The name a base class is written with: ``Base`` or ``Base[T]``."""
    if isinstance(base, ast.Subscript):
        base = base.value
    return base.id if isinstance(base, ast.Name) else None


def _class_members(node: ast.ClassDef) -> dict[str, _Definition] | _Outline:
    if isinstance(node, _OutlinedClass):
        body = node.text[node.body_start :]
        outline = _body_outline(body) if len(body) > OUTLINED_BODY else None
        if outline is not None:
            return outline
        whole = ast.parse(node.text).body[0]
        assert isinstance(whole, ast.ClassDef)
        node = whole
    members: dict[str, _Definition] = {}
    for statement in _active(node.body):
        _define(statement, members)
    return members


def _defined_names(statements: list[ast.stmt]) -> set[str]:
    defined: dict[str, _Definition] = {}
    for statement in statements:
        _define(statement, defined)
    return set(defined)


OUTLINED_BODY = 12_000
"""A class body longer than this (in characters) is outlined when a member is asked for; a
shorter one is parsed whole then: a scan asks for most members of a class that small, and
parsing them one by one after outlining costs more than parsing the body once (typeshed's
email ``Message``, 6 kB: 5 % more instructions for ``EmailMessage``'s inspection)."""


class _OutlinedClass(ast.ClassDef):
    """A stub class parsed as its header (decorators, name, bases); its body (``text`` from
    ``body_start``) is outlined when a member is first asked for, and only the members asked
    for are parsed. A hint's names are mostly classes, whose bodies no one reads, and numpy's
    ``ndarray`` is 1,950 lines (parsing it whole was 14 of the 100 ms of its inspection)."""

    text: str
    body_start: int


_CLASS_HEADER = re.compile(r"(?:@[^\n]*\n)*class[ \t]+\w+")
_CODE_LINE = re.compile(r"^([ \t]*)[^ \t\n#]", re.M)
"""A line of code (not blank, not a comment: those are masked), and its indent."""


def _outlined_class(text: str) -> list[ast.stmt] | None:
    """A class statement's text (of a source that ``_outline_statements`` outlines) as an
    ``_OutlinedClass``; None when it is not one, or its body starts on its header's line, and
    the caller parses it whole."""
    header_end = _header_end(text)
    if header_end is None:
        return None
    try:
        parsed = ast.parse(text[:header_end] + " ...").body
    except SyntaxError:
        return None
    if len(parsed) != 1 or not isinstance(parsed[0], ast.ClassDef):
        return None
    node = _OutlinedClass(**{name: getattr(parsed[0], name) for name in parsed[0]._fields})
    node.text, node.body_start = text, text.index("\n", header_end) + 1
    return [node]


def _header_end(text: str) -> int | None:
    """Where a class statement's header ends (after its colon), when nothing but a comment
    follows on that line; None otherwise. Only the header's lines are masked."""
    header = _CLASS_HEADER.match(text)
    if header is None:
        return None
    depth, start = 0, header.end()
    while (end := text.find("\n", start)) >= 0:
        line = _STRING.sub(_mask, text[start:end])
        for index, character in enumerate(line):
            if character in "([{":
                depth += 1
            elif character in ")]}":
                depth -= 1
            elif character == ":" and depth == 0:
                return start + index + 1 if not line[index + 1 :].strip(" \t#") else None
        start = end + 1
    return None


def _body_outline(body: str) -> _Outline | None:
    """The outline of a class body (its lines after the header); None when it is beyond the
    outline's plain reading (a line of code less indented than the first, see also
    ``_outline_statements``)."""
    masked = _STRING.sub(_mask, body)
    first = _CODE_LINE.search(masked)
    indent = re.escape(first.group(1)) if first else ""
    if not indent or re.search(rf"^(?!{indent})(?![ \t#]*$)", masked, re.M):
        return None
    statements = _outline_statements(re.sub(rf"^{indent}", "", body, flags=re.M))
    if statements is None:
        return None
    try:
        return _outline(statements, _defined_names)
    except SyntaxError:  # a piece that does not parse on its own: the whole class is parsed
        return None


def _read_module(source: str, module: str, filename: str) -> _StubModule:
    """The imports of a stub, and its definitions: read from its outline when it has one,
    else from the whole file parsed; raises ``SyntaxError`` (and what ``ast.parse`` raises)
    for a stub that does not parse."""
    stub = _StubModule()
    package = module if filename == "__init__.pyi" else module.rpartition(".")[0]
    statements = _outline_statements(source)
    if statements is None:
        _read_statements(stub, _active(ast.parse(source).body), package)
        return stub
    stub.definitions = _outline(statements, lambda read: _read_statements(stub, read, package))
    return stub


def _outline(
    statements: list[tuple[str, str | None]], read: Callable[[list[ast.stmt]], set[str]]
) -> _Outline:
    """An outline of statements (``_outline_statements``): each one that binds a name kept as
    text under it; the others parsed now, together (imports, version tests), given to ``read``
    (which records what it needs of them), and placed under the names ``read`` says they
    define."""
    outline = _Outline()
    eager: list[str] = []
    for text, name in [*statements, ("", None)]:
        if name is None and text:
            eager.append(text)
            continue
        if eager:  # statements read now, together: imports, version tests, the rest
            parsed = list(_active(ast.parse("".join(eager)).body))
            outline.place(parsed, read(parsed))
            eager = []
        if name is not None:
            outline.place(text, [name])
    return outline


def _read_statements(stub: _StubModule, statements: Iterable[ast.stmt], package: str) -> set[str]:
    """Record the imports of a stub's statements, and define the rest in ``stub.definitions``
    when it is a dict; the names they define."""
    defined: dict[str, _Definition] = {}
    for statement in statements:
        if isinstance(statement, ast.Import):
            for alias in statement.names:
                top = alias.name.partition(".")[0]
                stub.imports[alias.asname or top] = (alias.name if alias.asname else top, None)
        elif isinstance(statement, ast.ImportFrom):
            source = statement.module or ""
            if statement.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - statement.level + 1])
                source = f"{base}.{source}" if source else base
            for alias in statement.names:
                if alias.name != "*":
                    stub.imports[alias.asname or alias.name] = (source, alias.name)
                else:
                    stub.star_imports.append(source)
        else:
            _define(statement, defined)
            if isinstance(stub.definitions, dict):
                _define(statement, stub.definitions)
    return set(defined)


class _Outline:
    """A stub's top-level definitions (or a class's members), parsed when first asked for.
    Each name lists the
    statements that may bind it, in order: the text of a class, a function or an alias (one
    name), or statements already parsed (imports, ``if sys.version_info`` blocks). A scan
    reads a stub for a few classes and the names their methods use: numpy's ``__init__.pyi``
    (236 kB) took 70 of the 100 ms of ``ndarray``'s inspection when parsed whole."""

    def __init__(self) -> None:
        self._places: dict[str, list[str | list[ast.stmt]]] = {}
        self._found: dict[str, _Definition | None] = {}

    def place(self, statements: str | list[ast.stmt], names: Iterable[str]) -> None:
        """Statements (text to parse, or parsed) that may bind each of ``names``."""
        for name in names:
            self._places.setdefault(name, []).append(statements)

    def get(self, name: str) -> _Definition | None:
        """What the stub defines the name as (None when it does not)."""
        if name not in self._found:
            defined: dict[str, _Definition] = {}
            places = self._places.get(name, [])
            for index, place in enumerate(places):
                statements = places[index] = _parsed(place)
                for statement in statements:
                    _define(statement, defined)
            self._found[name] = defined.get(name)
        return self._found[name]

    def __contains__(self, name: str) -> bool:
        return self.get(name) is not None


def _parsed(place: str | list[ast.stmt]) -> list[ast.stmt]:
    """An outline's statements parsed (a class as an ``_OutlinedClass`` where it can be)."""
    if not isinstance(place, str):
        return place
    return _outlined_class(place) or list(_active(ast.parse(place).body))


_UNLEXED = re.compile(r"""\"\"\"|'''|\\\r?\n""")
"""What the outline's lexing leaves to the parser: strings over several lines, backslash
continuations."""
_STRING = re.compile(r"""#[^\n]*|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'""")
"""A comment or a one-line string, whichever starts first."""
_NAMED = re.compile(
    r"(?:@[^\n]*\n)*(?:(?:async[ \t]+)?def|class)[ \t]+(\w+)|(\w+)[ \t]*(?::|=(?!=))"
)
"""The first lines of a statement that binds one name: a class or a function (after one-line
decorators), or an alias (``Name = ...``, ``Name: T = ...``)."""


def _mask(match: re.Match[str]) -> str:
    """A comment as ``#`` and a string as ``_``, each as long as it was; a string with an ``f``
    among the two characters before it (an f-string, whose quotes may nest from Python 3.12)
    as quotes, which the outline leaves to the parser."""
    text = match.group()
    if text[0] == "#":
        return "#" * len(text)
    maybe_f_string = "f" in match.string[max(match.start() - 2, 0) : match.start()].lower()
    return ('"' if maybe_f_string else "_") * len(text)


def _outline_statements(source: str) -> list[tuple[str, str | None]] | None:
    """The top-level statements of a stub's source, in order, each with the one name it binds
    when it is a class, a function or an alias (None for any other statement); None when the
    source is beyond this plain lexing (``_UNLEXED``, a quote left open), and the caller
    parses it whole.

    A statement starts on a line at column 0 that is neither a comment nor a closing bracket
    nor the next clause of a compound statement (``TOP_LEVEL_LINE``) and is outside every
    bracket; strings and comments are masked first, so what they hold counts for nothing."""
    if _UNLEXED.search(source):
        return None
    masked = _STRING.sub(_mask, source)
    if '"' in masked or "'" in masked:
        return None
    statements: list[tuple[str, str | None]] = []
    depth, begin = 0, 0
    starts = [m.start() for m in TOP_LEVEL_LINE.finditer(masked)]
    for start, end in zip(starts, [*starts[1:], len(source)], strict=True):
        piece = masked[start:end]
        depth += sum(map(piece.count, "([{")) - sum(map(piece.count, ")]}"))
        if depth < 0:
            return None
        if start == end or depth or piece.startswith("@"):  # inside brackets, decorated
            continue
        head = masked[begin:end]
        named = _NAMED.match(head) if ";" not in head else None
        name = (named.group(1) or named.group(2)) if named else None
        statements.append((source[begin:end], None if keyword.iskeyword(name or "") else name))
        begin = end
    if depth or begin != len(source):
        return None
    return statements


def _define(statement: ast.stmt, into: dict[str, _Definition]) -> None:
    """Record a class, a function (overloads gathered in a list) or an alias."""
    if isinstance(statement, ast.ClassDef):
        into[statement.name] = statement
    elif isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef):
        previous = into.get(statement.name)
        if _is_overload(statement) and isinstance(previous, _Overloads):
            previous.definitions.append(statement)
        elif _is_overload(statement):
            into[statement.name] = _Overloads([statement])
        else:
            into[statement.name] = statement
    elif isinstance(statement, ast.AnnAssign | ast.Assign):
        targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
        if len(targets) == 1 and isinstance(targets[0], ast.Name) and statement.value is not None:
            into[targets[0].id] = statement.value


class _Overloads:
    """The ``@overload`` definitions of one name."""

    __slots__ = ("definitions",)

    def __init__(self, definitions: list[ast.FunctionDef | ast.AsyncFunctionDef]) -> None:
        self.definitions = definitions


_Definition = ast.AST | _Overloads


def _is_overload(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    return any(_decorator_is(d, "overload") for d in node.decorator_list)


def _decorator_is(decorator: ast.expr, name: str) -> bool:
    """Whether a decorator is ``name`` or ``module.name``."""
    return (isinstance(decorator, ast.Name) and decorator.id == name) or (
        isinstance(decorator, ast.Attribute) and decorator.attr == name
    )


def _active(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """Statements that apply to this interpreter (``if sys.version_info ...`` decided)."""
    for statement in body:
        if isinstance(statement, ast.If):
            verdict = condition_value(statement.test)
            if verdict is not False:
                yield from _active(statement.body)
            if verdict is not True:
                yield from _active(statement.orelse)
        elif isinstance(statement, ast.Try):
            yield from _active(statement.body)
        else:
            yield statement


def condition_value(test: ast.expr) -> bool | None:
    """The value of a stub's version or platform test; None when it is something else."""
    if isinstance(test, ast.BoolOp):
        values = [condition_value(v) for v in test.values]
        if None in values:
            return None
        return all(values) if isinstance(test.op, ast.And) else any(values)
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        inner = condition_value(test.operand)
        return None if inner is None else not inner
    if isinstance(test, ast.Compare) and len(test.ops) == 1:
        subject = ast.unparse(test.left)
        known = {"sys.version_info": tuple(sys.version_info), "sys.platform": sys.platform}
        if subject in known:
            try:
                other = ast.literal_eval(test.comparators[0])
            except ValueError:
                return None
            return _compare(known[subject], test.ops[0], other)
    if isinstance(test, ast.Call) and ast.unparse(test.func) == "sys.platform.startswith":
        try:
            prefix = ast.literal_eval(test.args[0])
        except (ValueError, IndexError):
            return None
        return isinstance(prefix, str) and sys.platform.startswith(prefix)
    return None


def _compare(left: object, operator: ast.cmpop, right: object) -> bool | None:
    comparisons: dict[type[ast.cmpop], Callable[[typing.Any, typing.Any], bool]] = {
        ast.Eq: lambda a, b: a == b,
        ast.NotEq: lambda a, b: a != b,
        ast.Lt: lambda a, b: a < b,
        ast.LtE: lambda a, b: a <= b,
        ast.Gt: lambda a, b: a > b,
        ast.GtE: lambda a, b: a >= b,
    }
    compare = comparisons.get(type(operator))
    try:
        return compare(left, right) if compare else None
    except TypeError:
        return None


def _signature(
    node: _Definition, namespace: StubNamespace, *, member: bool
) -> StubSignature | None:
    """The signature of a definition; ``member``: it is a class's (its first parameter is
    ``self`` or ``cls`` unless it is a ``staticmethod``)."""
    if isinstance(node, _Overloads):
        bound = member and not _is_static(node.definitions[0])
        return _merged([_signature_of(d) for d in node.definitions], namespace, bound)
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
        parameters, returns = _signature_of(node)
        return StubSignature(parameters, returns, namespace, member and not _is_static(node))
    return None


def _is_static(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    return any(_decorator_is(d, "staticmethod") for d in node.decorator_list)


_Parts = tuple[tuple[StubParameter, ...], str | None]


def _signature_of(node: ast.FunctionDef | ast.AsyncFunctionDef) -> _Parts:
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


def _merged(signatures: list[_Parts], namespace: StubNamespace, bound: bool) -> StubSignature:
    """Overloads as one signature: the longest parameter list, each annotation the union of
    the overloads' annotations of that parameter (positional-only ones matched by position,
    named by the most common name), the return the union of the returns."""
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
    return StubSignature(tuple(parameters), returns, namespace, bound)


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


# A stub's hints evaluated where run-time classes differ from the stub's


_R = typing.TypeVar("_R")


def resolve_stub_hint(
    resolve: Callable[[str, dict[str, object], type, StubNamespace], _R],
    text: str,
    owner: type,
    stub: StubSignature,
) -> _R:
    """A stub's hint resolved in its namespace; on a ``TypeError``, again without the type
    arguments of run-time classes that take none (typeshed's ``Policy[Any]``:
    ``email.policy.Policy`` is not generic at run time), if the hint has any."""
    namespace = stub.namespace
    try:
        return resolve(text, namespace.globals, owner, namespace)
    except TypeError:
        try:
            tree = ast.parse(text, mode="eval")
        except SyntaxError:
            raise
        stripped = _PlainSubscripts(namespace)
        plain = stripped.visit(tree)
        if not stripped.changed:
            raise
        return resolve(ast.unparse(plain), namespace.globals, owner, namespace)


class _PlainSubscripts(ast.NodeTransformer):
    """Replaces ``Name[...]`` by ``Name`` where the name is a class that takes no arguments."""

    def __init__(self, namespace: StubNamespace) -> None:
        self.namespace, self.changed = namespace, False

    def visit_Subscript(self, node: ast.Subscript) -> ast.AST:
        self.generic_visit(node)
        if not isinstance(node.value, ast.Name):
            return node
        try:
            value = self.namespace[node.value.id]
        except Exception:  # not a name of this stub: left to the evaluation
            return node
        if isinstance(value, type) and not hasattr(value, "__class_getitem__"):
            self.changed = True
            return node.value
        return node
