"""Names a module imports (or defines) only under ``if TYPE_CHECKING:``, imported on demand.

A module's source is read with ``ast`` once per scan (``TypeCheckingNames``, held by the scan's
context); a name is imported only when a hint that mentions it cannot be evaluated otherwise.
"""

from __future__ import annotations

import ast
import contextlib
import importlib
import importlib.util
import inspect
import re
import sys
import types
import typing
from collections.abc import Callable, Iterable, Iterator
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

from inspector.scan.aliases import (
    RecursiveAlias,
    Unresolved,
    alias_value,
    has_forward_refs,
    map_parts,
)
from inspector.scan.cython_types import CYTHON, PYTHON_TYPES


class _Import:
    """``import module`` (``attribute`` None) or ``from module import attribute``."""

    __slots__ = ("attribute", "binds_top", "module")

    def __init__(self, module: str, attribute: str | None, binds_top: bool = False) -> None:
        self.module: typing.Final = module
        self.attribute: typing.Final = attribute
        self.binds_top: typing.Final = binds_top
        """``import a.b`` binds ``a``."""


class _Alias:
    """``Name = expression`` written under ``if TYPE_CHECKING:``."""

    __slots__ = ("expression",)

    def __init__(self, expression: ast.expr) -> None:
        self.expression: typing.Final = expression


class _Class:
    """A class written under ``if TYPE_CHECKING:`` made only of annotated fields (a TypedDict,
    a Protocol of attributes): built on demand with its annotations evaluated."""

    __slots__ = ("definition",)

    def __init__(self, definition: ast.ClassDef) -> None:
        self.definition: typing.Final = definition


_Entry = _Import | _Alias | _Class


class TypeCheckingNames:
    """The names modules import or define only under ``if TYPE_CHECKING:``, and aliases read
    where they are defined, for one scan: each module's source is read once, each alias
    resolved once, a module that fails to import is not tried again; nothing outlives it."""

    def __init__(self) -> None:
        self._tables: dict[str, dict[str, _Entry]] = {}
        self._origins: dict[str, dict[str, tuple[str, str]]] = {}
        self._sources: dict[str, str | None] = {}
        self._cython: dict[str, dict[str, object]] = {}
        """Per module, the names its imports of ``cython`` bind (``cython_names``)."""
        self._source_tables: dict[str, dict[str, _Entry]] = {}
        self._broken: dict[str, Exception] = {}
        self._resolving: set[tuple[str, str]] = set()
        self._tying: dict[tuple[str, str], RecursiveAlias] = {}
        """Aliases being resolved → the placeholder their own name stands for meanwhile."""
        self._tied: set[tuple[str, str]] = set()
        """Those of ``_tying`` whose placeholder was used: they name themselves."""
        self._homed: dict[tuple[str, str], object] = {}
        """What ``resolve_name`` gave for each (module, name), when it was built from finished
        parts and no class was built on the way."""
        self._classes_built = 0
        """How many ``TYPE_CHECKING`` classes were built: a name whose resolving built one is
        resolved again when asked again (each use gets its own class, as it always has)."""

    def namespace(self, module_name: str, names: Iterable[str]) -> dict[str, object]:
        """Those of ``names`` that the module imports or defines under ``if TYPE_CHECKING:``,
        imported now; a name that cannot be imported is left out."""
        table = self._table(module_name)
        found: dict[str, object] = {}
        for name in names:
            if name in table:
                with contextlib.suppress(Exception):  # the import may fail in any way
                    found[name] = self.resolve_name(module_name, name)
        missing = [name for name in names if name not in found]
        if missing:  # Cython's pure-Python mode: ``C.int``, ``bint``, bound only at build time
            cython = self._cython.get(module_name)
            if cython is None:
                source = self._source(module_name)
                cython = self._cython[module_name] = _cython_names(source) if source else {}
            found.update((name, cython[name]) for name in missing if name in cython)
        return found

    def resolve_name(self, module_name: str, name: str) -> object:
        """A module-level name: the module's own attribute, else its ``TYPE_CHECKING`` entry.
        An alias's forward references are evaluated in the module that defines it; an alias
        that mentions itself becomes a ``RecursiveAlias``."""
        key = (module_name, name)
        placeholder = self._tying.get(key)
        if placeholder is not None:
            self._tied.add(key)
            return placeholder
        if key in self._homed:
            return self._homed[key]
        built = self._classes_built
        value = self._resolve_name(module_name, name)
        if not self._tying and built == self._classes_built:
            # a hint's names are resolved again for every hint that uses them (pandas' frame
            # module: 136 hints, 16 of the 200 ms of ``DataFrame``'s inspection)
            self._homed[key] = value
        return value

    def _resolve_name(self, module_name: str, name: str) -> object:
        key = (module_name, name)
        module = self._try_import(module_name)
        if module is not None and hasattr(module, name):
            value = getattr(module, name)
            return self._home(module_name, name, value) if has_forward_refs(value) else value
        table = self._table(module_name) if module is not None else self._source_table(module_name)
        entry = table.get(name)
        if entry is None or key in self._resolving:
            raise NameError(f"name {name!r} is not defined in {module_name}")
        self._resolving.add(key)
        try:
            if isinstance(entry, _Import):
                return self._import(entry)
            if isinstance(entry, _Class) and module is not None:
                return self._build_class(module_name, entry.definition, vars(module))
            if isinstance(entry, _Class) or not is_type_expression(entry.expression):
                raise NameError(f"{module_name}.{name} is not a plain type expression")
            code = compile(ast.Expression(entry.expression), f"<{module_name}>", "eval")
            namespace = _namespace(module_name)
            return self._tie(
                key,
                lambda: self.resolve_refs(
                    module_name, eval(code, namespace, _Lookup(self, module_name))
                ),
            )
        finally:
            self._resolving.discard(key)

    def resolve_refs(
        self, module_name: str, hint: object, namespace: dict[str, object] | None = None
    ) -> object:
        """The hint with its forward references (``ForwardRef``, or text inside a generic)
        evaluated in the module (``namespace`` first), importing its ``TYPE_CHECKING`` names as
        needed; one that cannot be evaluated becomes ``Unresolved``."""
        if not has_forward_refs(hint):
            return hint
        lookup = _Lookup(self, module_name, namespace)

        def change(part: object, in_union: bool) -> object:
            text = part.__forward_arg__ if isinstance(part, typing.ForwardRef) else part
            if not isinstance(text, str):
                return part
            try:
                value = _evaluate_text(text, module_name, lookup)
            except Exception as error:  # any expression may fail: the part stays unresolved
                value = self._text_alias(module_name, text)
                if value is None:
                    cause = lookup.failures.get(getattr(error, "name", None) or "", error)
                    return Unresolved(text, cause)
            return self.resolve_refs(module_name, value, namespace)

        return map_parts(hint, change)

    def _text_alias(self, module_name: str, text: str) -> object | None:
        """The text a module imported as an alias (``_RawAttributeValues: TypeAlias =
        "Mapping[...]"`` in ``bs4._typing``, used by ``bs4`` in ``Optional[...]``, which makes it
        a ``ForwardRef`` of ``bs4``), evaluated in the module that defines it, where its names
        are; None when no name of the module holds that text or it does not evaluate there."""
        module = sys.modules.get(module_name)
        names = [n for n, v in vars(module).items() if v == text] if module is not None else []
        for name in names:
            if self._origin(module_name, name) is None:
                continue  # defined here: evaluating it here failed already
            with contextlib.suppress(Exception):
                value = self.resolve_name(module_name, name)
                if not isinstance(value, str) and not isinstance(value, Unresolved):
                    return value
        return None

    def alias_target(self, alias: object) -> object:
        """What an alias object stands for, its forward references evaluated in its module
        (``TypeAliasType("Tree", list["Tree"] | int)``), where the alias names itself."""
        value = alias_value(alias)
        if not has_forward_refs(value):
            return value
        name = str(getattr(alias, "__name__", ""))
        return self.resolve_refs(str(getattr(alias, "__module__", "")), value, {name: alias})

    def typevar_bound(self, variable: typing.TypeVar) -> object:
        """A TypeVar's bound; its text (``bound="Model"``), and the text inside it (GitPython's
        ``bound=Union[str, "Remote"]``), evaluated in the TypeVar's module, kept as text when
        that fails."""
        bound = variable.__bound__
        if not has_forward_refs(bound):
            return bound
        resolved = self.resolve_refs(variable.__module__, bound)
        return bound if isinstance(resolved, Unresolved) else resolved

    def _home(self, module_name: str, name: str, value: object) -> object:
        """An alias with forward references, resolved in the module it was imported from (when
        the module's source says so), else in this one."""
        origin = self._origin(module_name, name)
        if origin is not None:
            with contextlib.suppress(Exception):  # the origin may not hold the same value
                if getattr(importlib.import_module(origin[0]), origin[1]) is value:
                    return self.resolve_name(*origin)
        return self._tie((module_name, name), lambda: self.resolve_refs(module_name, value))

    def _tie(self, key: tuple[str, str], build: Callable[[], object]) -> object:
        """What ``build`` gives for an alias; while it runs, the alias's own name stands for a
        ``RecursiveAlias`` that becomes the result when it was used."""
        placeholder = RecursiveAlias(key[1], key[0])
        self._tying[key] = placeholder
        try:
            value = build()
        finally:
            del self._tying[key]
        if key in self._tied:
            self._tied.discard(key)
            placeholder.__value__ = value
            value = placeholder
        if not self._tying:  # built from finished parts only: safe to keep
            self._homed[key] = value
        return value

    def _build_class(
        self, module_name: str, definition: ast.ClassDef, known: dict[str, object]
    ) -> object:
        """Run a declarative class definition (checked by ``_is_declarative``) in the module's
        names plus the ``TYPE_CHECKING`` names it uses; annotations are evaluated eagerly."""
        self._classes_built += 1
        wanted = {n.id for n in ast.walk(definition) if isinstance(n, ast.Name)} - known.keys()
        namespace = {**known, **self.namespace(module_name, wanted)}
        module = ast.Module(body=[definition], type_ignores=[])
        code = compile(module, f"<{module_name}>", "exec", dont_inherit=True)  # eager annotations
        exec(code, namespace)
        built = namespace[definition.name]
        annotations = vars(built).get("__annotations__")
        if isinstance(annotations, dict):  # forward references inside aliases
            for field, hint in annotations.items():
                resolved = self.resolve_refs(module_name, hint, namespace)
                annotations[field] = substitute(resolved, _is_unresolved, typing.Any)
        return built

    def _try_import(self, module_name: str) -> types.ModuleType | None:
        """The module, or None when importing it fails (it needs a newer Python or a missing
        dependency): its source is read instead. A failure is not retried."""
        if module_name in self._broken:
            return None
        try:
            return importlib.import_module(module_name)
        except Exception as error:  # importing runs the module's code: anything may fail
            self._broken[module_name] = error
            return None

    def _import(self, entry: _Import) -> object:
        module = self._try_import(entry.module)
        if module is None:
            if entry.attribute is None or not self._source_table(entry.module):
                error = self._broken[entry.module]  # a fresh one: a kept one grows tracebacks
                raise ImportError(f"{type(error).__name__}: {error}")
            return self.resolve_name(entry.module, entry.attribute)  # read from its source
        if entry.attribute is None:
            return sys.modules[entry.module.partition(".")[0]] if entry.binds_top else module
        if hasattr(module, entry.attribute):
            return self.resolve_name(entry.module, entry.attribute)
        with contextlib.suppress(ImportError):
            return importlib.import_module(f"{entry.module}.{entry.attribute}")
        return self.resolve_name(entry.module, entry.attribute)

    def _table(self, module_name: str) -> dict[str, _Entry]:
        """Name → what ``if TYPE_CHECKING:`` blocks of the module bind it to. Read from the
        source up to the end of the top-level statement that holds its last ``TYPE_CHECKING``
        when that parses on its own: every guarded statement is there, and reading a large
        module's imports costs a hundredth of reading all of it (pandas' frame.py: 6 of its
        725 kB, 0.6 ms instead of 56)."""
        cached = self._tables.get(module_name)
        if cached is not None:
            return cached
        table: dict[str, _Entry] = {}
        module = sys.modules.get(module_name)
        source = self._source(module_name)
        if module is not None and source is not None and _has_guard(source):
            package = getattr(module, "__package__", None) or ""
            prefix = _through_last_type_checking(source, lambda: _in_function_bodies(module))
            tree = None
            if len(prefix) < len(source):
                with contextlib.suppress(SyntaxError, ValueError):  # cut inside a string
                    tree = ast.parse(prefix)
            if tree is None:  # read whole: what ``_origin`` needs too
                tree = _parsed(source)
                self._origins.setdefault(module_name, _from_imports(tree, package))
            for statement in _guarded(tree.body, guarded=False):
                table.update(_bindings(statement, package))
        self._tables[module_name] = table
        return table

    def _source_table(self, module_name: str) -> dict[str, _Entry]:
        """Name → what the source of a module that cannot be imported binds it to at module
        level (imports, aliases; the last binding wins), for its type aliases."""
        cached = self._source_tables.get(module_name)
        if cached is not None:
            return cached
        table: dict[str, _Entry] = {}
        try:
            spec = importlib.util.find_spec(module_name)
            path = spec.origin if spec is not None else None
            source = Path(path).read_text(encoding="utf-8") if path and path.endswith(".py") else ""
            tree = ast.parse(source)
        except Exception:  # no readable source: nothing is known of it
            tree = ast.Module(body=[], type_ignores=[])
            spec = None
        package = module_name if spec and spec.submodule_search_locations else ""
        package = package or module_name.rpartition(".")[0]
        for statement in _guarded(tree.body, guarded=True):
            table.update(_bindings(statement, package))
        self._source_tables[module_name] = table
        return table

    def _origin(self, module_name: str, name: str) -> tuple[str, str] | None:
        """The (module, attribute) a ``from ... import`` of the module binds a name to, at run
        time or under ``TYPE_CHECKING``. The module's source is parsed whole only when some
        ``import`` in its text may bind the name: most aliases are defined where they are
        used, and parsing a large module is most of a class's inspection (sqlalchemy's
        ``Session``: 60 of its 100 ms went to parsing ``session.py`` and ``selectable.py`` to
        learn that none of their aliases is imported)."""
        source = self._source(module_name)
        if source is None or not _may_import(source, name):
            return None
        origins = self._origins.get(module_name)
        if origins is None:
            module = sys.modules.get(module_name)
            package = getattr(module, "__package__", None) or ""
            origins = self._origins[module_name] = _from_imports(_parsed(source), package)
        return origins.get(name)

    def _source(self, module_name: str) -> str | None:
        """The source text of an imported module (None without one), read once per scan."""
        if module_name not in self._sources:
            module = sys.modules.get(module_name)
            self._sources[module_name] = _source(module) if module is not None else None
        return self._sources[module_name]


def _parsed(source: str) -> ast.Module:
    """A module's source parsed; an empty module when it does not parse."""
    try:
        return ast.parse(source)
    except (SyntaxError, ValueError):
        return ast.Module(body=[], type_ignores=[])


_IMPORT_TAIL = re.compile(
    r"import(?!\w)(?:[ \t]|\\\r?\n)*"  # a leading \b would cost 100 times more, and adds nothing
    r"(?:\((?:[^)#]|#[^\n]*\n)*\)|(?:[^\n\\]|\\(?:\r\n|.))*)",
    re.S,
)
"""``import`` and what follows it in its statement: a parenthesized list (comments in it
allowed), else the rest of the line with its backslash continuations. Every ``from ... import``
is matched (and more: text in strings, plain imports), so a name found in none is bound by no
import."""


def _may_import(source: str, name: str) -> bool:
    """Whether some ``import`` in the source text may bind the name (never False for one that
    does)."""
    word = re.compile(rf"\b{re.escape(name)}\b")
    return any(word.search(tail.group()) for tail in _IMPORT_TAIL.finditer(source))


def _from_imports(tree: ast.Module, package: str) -> dict[str, tuple[str, str]]:
    """Name → the (module, attribute) a module-level ``from ... import`` binds it to."""
    origins: dict[str, tuple[str, str]] = {}
    for statement in _guarded(tree.body, guarded=True):
        for name, entry in (
            _bindings(statement, package) if isinstance(statement, ast.ImportFrom) else ()
        ):
            if isinstance(entry, _Import) and entry.attribute is not None:
                origins[name] = (entry.module, entry.attribute)
    return origins


class _Lookup(dict[str, object]):
    """A module's names as evaluation sees them: ``given`` ones first, then the module's
    attributes (aliases with their references resolved) and ``TYPE_CHECKING`` names."""

    def __init__(
        self, names: TypeCheckingNames, module_name: str, given: dict[str, object] | None = None
    ) -> None:
        super().__init__(given or {})
        self.names = names
        self.module_name = module_name
        self.failures: dict[str, Exception] = {}
        """Name → why importing it failed (a ``NameError`` alone would hide it)."""

    def __missing__(self, name: str) -> object:
        try:
            return self.names.resolve_name(self.module_name, name)
        except Exception as error:  # evaluation goes on to the module's globals and builtins
            if not isinstance(error, NameError):
                self.failures[name] = error
            raise KeyError(name) from error


def _evaluate_text(text: str, module_name: str, lookup: _Lookup) -> object:
    tree = ast.parse(text.strip(), mode="eval")
    if not is_type_expression(tree):
        raise NameError(f"{text!r} is not a plain type expression")
    code = compile(tree, f"<{module_name}>", "eval")
    return eval(code, _namespace(module_name), lookup)


def _namespace(module_name: str) -> dict[str, object]:
    """The module's globals (none for a module that cannot be imported)."""
    module = sys.modules.get(module_name)
    return vars(module) if module is not None else {}


_TYPE_NODES = (
    ast.Expression,
    ast.Name,
    ast.Attribute,
    ast.Subscript,
    ast.Tuple,
    ast.List,
    ast.BinOp,
    ast.BitOr,
    ast.Constant,
    ast.Load,
    ast.keyword,
    ast.UnaryOp,
    ast.USub,
)
_TYPE_FACTORIES = frozenset({"TypeVar", "ParamSpec", "TypeVarTuple", "NewType", "TypeAliasType"})


def is_type_expression(node: ast.AST) -> bool:
    """Whether an expression only names, subscripts, unions and literals types (and calls
    ``TypeVar``-like factories): safe to evaluate, since it runs no code of its own."""
    for child in ast.walk(node):
        if isinstance(child, ast.Call):
            function = child.func
            name = function.attr if isinstance(function, ast.Attribute) else None
            name = function.id if isinstance(function, ast.Name) else name
            if name not in _TYPE_FACTORIES:
                return False
        elif not isinstance(child, _TYPE_NODES):
            return False
    return True


def names_in(source: str) -> set[str]:
    """The bare names an annotation string mentions (empty when it does not parse)."""
    try:
        tree = ast.parse(source, mode="eval")
    except SyntaxError:
        return set()
    return {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}


def _is_declarative(definition: ast.ClassDef) -> bool:
    """Bases, keywords and field annotations are plain type expressions; the body holds only
    annotated names without values, docstrings and ``...``/``pass``."""
    if definition.decorator_list or not all(map(is_type_expression, definition.bases)):
        return False
    if not all(is_type_expression(k.value) for k in definition.keywords):
        return False
    for statement in definition.body:
        if isinstance(statement, ast.AnnAssign):
            if statement.value is not None or not is_type_expression(statement.annotation):
                return False
        elif not isinstance(statement, ast.Pass) and not (
            isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant)
        ):
            return False
    return True


def substitute(hint: object, match: Callable[[object], bool], replacement: object) -> object:
    """The hint with every part that ``match``es replaced, at any depth."""
    return map_parts(hint, lambda part, _: replacement if match(part) else part)


def _is_unresolved(hint: object) -> bool:
    return isinstance(hint, Unresolved | typing.ForwardRef)


TOP_LEVEL_LINE = re.compile(r"^(?![ \t\r\n#)\]}]|(?:else|elif|except|finally)\b)", re.M)
"""A line that starts a top-level statement (not an indented line, a comment, a closing bracket
or the next clause of the statement before)."""


_GUARD_WORDS = ("TYPE_CHECKING", "if False", "MYPY")
"""What the test of an ``if`` that only type checkers enter holds: ``if TYPE_CHECKING:``, and
the guards of code written before ``typing.TYPE_CHECKING``: ``if False:`` (ruamel.yaml's
``if False:  # MYPY``) and ``MYPY = False`` / ``if MYPY:``."""


def _has_guard(source: str) -> bool:
    return any(word in source for word in _GUARD_WORDS)


def _last_guard(source: str, end: int) -> int:
    """Where the last guard word before ``end`` starts, or -1."""
    return max(source.rfind(word, 0, end) for word in _GUARD_WORDS)


def _through_last_type_checking(
    source: str, function_lines: Callable[[], Callable[[int], bool]] | None = None
) -> str:
    """The source up to the first top-level statement after its last ``TYPE_CHECKING`` that is
    not on an indented line inside a function (``function_lines()`` tells those lines: a
    function's body holds no module-level ``if``); a cut inside a string or bracket fails to
    parse, and the caller reads the whole source."""
    last = _last_guard(source, len(source))
    in_function = None
    while last >= 0 and function_lines is not None:
        start = source.rfind("\n", 0, last) + 1
        if source[start] not in " \t":  # a line at column 0: not inside a function
            break
        in_function = in_function or function_lines()
        if not in_function(source.count("\n", 0, last) + 1):
            break
        last = _last_guard(source, last)
    end_of_line = source.find("\n", last)
    if last < 0 or end_of_line < 0:
        return source
    following = TOP_LEVEL_LINE.search(source, end_of_line + 1)
    return source[: following.start()] if following else source


_WRAPPED = (staticmethod, classmethod)


def _in_function_bodies(module: types.ModuleType) -> Callable[[int], bool]:
    """Whether a line of the module's source is inside the body of one of its functions or of
    its classes' methods (after the first line of the ``def``, up to its last line of code).
    Methods that test ``TYPE_CHECKING`` (sqlalchemy's) would otherwise make the prefix that
    ``_table`` reads nearly the whole module: ``orm/session.py``'s is 6 of its 207 kB, not 194
    (18 of the 56 ms ``Session`` takes)."""
    filename = getattr(module, "__file__", None)
    spans: list[tuple[int, int]] = []
    for value in list(vars(module).values()):
        in_module = isinstance(value, type) and value.__module__ == module.__name__
        for member in list(vars(value).values()) if in_module else [value]:
            if isinstance(member, property):
                functions = [member.fget, member.fset, member.fdel]
            else:  # a staticmethod or classmethod wraps its function
                functions = [member.__func__ if isinstance(member, _WRAPPED) else member]
            for function in functions:
                if isinstance(function, types.FunctionType):
                    code = function.__code__
                    lines = [line for _, _, line in code.co_lines() if line is not None]
                    if code.co_filename == filename and lines:
                        spans.append((code.co_firstlineno, max(lines)))
    return lambda line: any(first < line <= last for first, last in spans)


def _source(module: object) -> str | None:
    try:
        return inspect.getsource(module)  # type: ignore[arg-type]
    except (OSError, TypeError):
        return _compiled_from(module)


def _compiled_from(module: object) -> str | None:
    """The source a compiled module was built from, when it ships beside it: Cython's
    pure-Python mode builds pyzmq's ``_zmq.cpython-311-x86_64-linux-gnu.so`` from ``_zmq.py``
    and installs both; ``inspect`` finds no source for an extension module."""
    filename = getattr(module, "__file__", None)
    if not isinstance(filename, str) or not filename.endswith(tuple(EXTENSION_SUFFIXES)):
        return None
    path = Path(filename)
    try:
        return path.with_name(path.name.partition(".")[0] + ".py").read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def _guarded(body: list[ast.stmt], *, guarded: bool) -> Iterator[ast.stmt]:
    """Statements under an ``if TYPE_CHECKING:`` (also nested in ``try`` and other ``if``)."""
    for statement in body:
        if isinstance(statement, ast.If):
            inside = guarded or _is_type_checking(statement.test)
            yield from _guarded(statement.body, guarded=inside)
            yield from _guarded(statement.orelse, guarded=guarded)
        elif isinstance(statement, ast.Try):
            for block in (statement.body, statement.orelse, statement.finalbody):
                yield from _guarded(block, guarded=guarded)
            for handler in statement.handlers:
                yield from _guarded(handler.body, guarded=guarded)
        elif guarded:
            yield statement


def _is_type_checking(test: ast.expr) -> bool:
    if isinstance(test, ast.Constant):
        return test.value is False  # ``if False:``, the guard before TYPE_CHECKING
    if isinstance(test, ast.Name):
        return test.id in ("TYPE_CHECKING", "MYPY")
    if isinstance(test, ast.Attribute):
        return test.attr == "TYPE_CHECKING"
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.Or):
        return any(_is_type_checking(value) for value in test.values)
    return False


def _imports_cython(source: str) -> bool:
    """Whether some line of the source that names ``cython`` may import it: one that says
    ``import`` too, or continues the line before it (a false match only costs a parse). Parsing
    a module's whole source to look for such an import cost pandas' ``DataFrame`` 170 of its
    350 ms (``frame.py`` and ``generic.py`` mention Cython in comments and import none)."""
    at = source.find("cython")
    while at >= 0:
        start = source.rfind("\n", 0, at) + 1
        end = source.find("\n", at)
        end = len(source) if end < 0 else end
        if source.find("import", start, end) >= 0:
            return True
        if source.endswith(("\\", "\\\r"), start, end) or (  # ``from cython \``
            start and source.endswith(("\\", "\\\r"), 0, start - 1)  # ``import os, \``
        ):
            return True
        at = source.find("cython", end)
    return False


def _cython_names(source: str) -> dict[str, object]:
    """The names a module's imports of ``cython`` bind, as hints read them: ``import cython
    [as C]`` binds the module (``C.int``), ``from cython import bint [as b]`` the type; empty
    when the source does not import ``cython``. A name of no C type ``cython_types`` knows
    (``p_char``, ``cast``) is left out."""
    if not _imports_cython(source):
        return {}
    found: dict[str, object] = {}
    for statement in _guarded(_parsed(source).body, guarded=True):  # also in ``if``/``try``
        for name, entry in _bindings(statement, ""):
            if not isinstance(entry, _Import) or entry.module != "cython":
                continue
            if entry.attribute is None:
                found[name] = CYTHON
            elif entry.attribute in PYTHON_TYPES:
                found[name] = PYTHON_TYPES[entry.attribute]
    return found


def _bindings(statement: ast.stmt, package: str) -> Iterator[tuple[str, _Entry]]:
    if isinstance(statement, ast.Import):
        for alias in statement.names:
            if alias.asname:
                yield alias.asname, _Import(alias.name, None)
            else:
                yield alias.name.partition(".")[0], _Import(alias.name, None, binds_top=True)
    elif isinstance(statement, ast.ImportFrom):
        base = "." * statement.level + (statement.module or "")
        try:
            module = importlib.util.resolve_name(base, package) if statement.level else base
        except (ImportError, ValueError):
            return
        for alias in statement.names:
            if alias.name != "*":
                yield alias.asname or alias.name, _Import(module, alias.name)
    elif isinstance(statement, ast.ClassDef) and _is_declarative(statement):
        yield statement.name, _Class(statement)
    elif isinstance(statement, ast.Assign) and len(statement.targets) == 1:
        target = statement.targets[0]
        if isinstance(target, ast.Name):
            yield target.id, _Alias(statement.value)
    elif (
        isinstance(statement, ast.AnnAssign)
        and isinstance(statement.target, ast.Name)
        and statement.value is not None
    ):
        yield statement.target.id, _Alias(statement.value)
