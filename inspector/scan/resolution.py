"""Annotations → resolved hints: what type a parameter has, before it is mapped to a schema.

Each annotation is evaluated on its own. A name the module imports only under
``if TYPE_CHECKING:`` is imported when needed; a union keeps the members that resolve;
``Self`` becomes the class the method is read for, and a generic base's type parameters the
types that class gives them (``T`` of ``Repo[T]`` is ``User`` on ``class Users(Repo[User])``).
"""

from __future__ import annotations

import ast
import contextlib
import sys
import types
import typing
from collections.abc import Collection, Mapping

from inspector import codes
from inspector.scan.aliases import DROP, Unresolved, has_forward_refs, map_parts
from inspector.scan.stub_generics import stub_typevar_bindings
from inspector.scan.stubsource import StubFinder
from inspector.scan.typecheck_names import TypeCheckingNames, names_in, substitute
from inspector.typetable.structures import FieldRow, field_rows, is_typeddict, type_arguments

_UNION_NAMES = frozenset({"Union", "Optional"})


class Resolved(typing.NamedTuple):
    """A hint and what was left out of it on the way: union members, and parts elsewhere
    that became any value."""

    hint: object
    dropped: tuple[str, ...] = ()
    loosened: tuple[str, ...] = ()


class HintResolver:
    """Evaluates annotations for one scan: each distinct one of a module once, with the scan's
    ``TYPE_CHECKING`` names and stub files where the module's own names fall short."""

    def __init__(
        self, names: TypeCheckingNames | None = None, stubs: StubFinder | None = None
    ) -> None:
        self.names = names if names is not None else TypeCheckingNames()
        self.stubs = stubs if stubs is not None else StubFinder()
        self._cache: dict[object, Resolved] = {}
        self._bindings: dict[tuple[type, type], dict[object, object]] = {}
        self._stub_bindings: dict[tuple[type, type], dict[object, object]] = {}

    def resolve(
        self,
        annotation: object,
        globalns: Mapping[str, object],
        owner: type | None,
        localns: Mapping[str, object] | None = None,
        *,
        receiver: type | None = None,
    ) -> Resolved:
        """The hint of an annotation; raises what evaluation raised when nothing resolves.
        ``owner`` is the class that defines the method, ``receiver`` the class it is read for
        (default: ``owner``): ``Self`` is the receiver, as a type checker reads a base's
        ``def merge(self, other: Self) -> Self`` on a subclass, and the type parameters of a
        generic ``owner`` are the types the receiver's bases give them.

        Each distinct annotation of a module is resolved once, and once per class only when
        what it resolves to may depend on the class it is read for: text naming that class or
        ``Self``, or a hint holding ``Self`` or forward references (evaluated with the class's
        name in scope). ``int`` or ``Optional[Address]`` written without quotes is resolved
        once per module, not once per class (2,000 classes: a tenth of a scan)."""
        key: tuple[object, ...] | None = (id(globalns), id(localns), annotation, None)
        try:
            found = self._cache.get(key)
        except TypeError:  # an unhashable annotation: evaluated without caching
            found = key = None
        if key is not None and type(annotation) is not type:
            if isinstance(annotation, str):
                specific = owner is not None and (
                    owner.__name__ in annotation or "Self" in annotation
                )
            else:  # kept under no class only when it holds neither, whoever read it
                specific = found is None and bool(part_kinds(annotation) & (_FORWARD | _SELF))
            if specific:
                key = (*key[:3], owner if owner is not None else _CLASSLESS, receiver)
                found = self._cache.get(key)
        if found is None:
            names: dict[str, object] = {owner.__name__: owner} if owner is not None else {}
            scope = _Scope(localns if localns is not None else {}, names)
            found, kinds = self._resolve(annotation, globalns, scope)
            if owner is not None and kinds & _SELF:
                self_type = receiver if receiver is not None else owner
                found = found._replace(hint=replace_self(found.hint, self_type))
            if key is not None:
                self._cache[key] = found
        if owner is None or receiver is None or receiver is owner:
            return found
        bound = found.hint
        bindings = self._bindings.get((owner, receiver))
        if bindings is None:
            bindings = self._bindings[owner, receiver] = typevar_bindings(receiver, owner)
        if bindings:  # none: a base that is not generic, or whose parameters no class fixed
            bound = map_parts(bound, lambda part, _: bindings.get(part, part))
        if _holds_typevar(bound):  # a stub's TypeVar (a base generic only in its stub)?
            in_stubs = self._stub_bindings.get((owner, receiver))
            if in_stubs is None:
                in_stubs = stub_typevar_bindings(self.stubs, receiver, owner)
                self._stub_bindings[owner, receiver] = in_stubs
            if in_stubs:
                bound = map_parts(bound, lambda part, _: in_stubs.get(part, part))
        return found if bound is found.hint else found._replace(hint=bound)

    def field_rows(
        self,
        cls: type,
        failed: list[tuple[str, str]] | None = None,
        untold: Collection[str] = (),
    ) -> list[FieldRow]:
        """``field_rows``, with each field's hint resolved as a parameter's is when
        ``get_type_hints`` fails (a dataclass field naming a ``TYPE_CHECKING`` import); a hint
        that stays unresolved is any value, a union member left out, each told in ``failed``
        (its code and message) unless the field is in ``untold`` (one the schema leaves
        out)."""
        try:
            return field_rows(cls)
        except NameError:
            pass
        hints: dict[str, object] = {}
        for base, declared in _declared_annotations(cls):
            globalns = _class_namespace(base)
            for name, annotation in declared.items():
                field = f"field {name!r} of {cls.__qualname__}"
                told = failed if failed is not None and name not in untold else []
                try:
                    resolved = self.resolve(annotation, globalns, base)
                except Exception as error:  # any expression may fail: that field takes any value
                    hints[name] = typing.Any
                    why = f"{type(error).__name__}: {error}"
                    told.append(
                        (
                            codes.HINT_PART_UNRESOLVED,
                            f"{field}: hint {annotation!r} unresolved ({why}); any value "
                            "accepted in its place",
                        )
                    )
                    continue
                hints[name] = resolved.hint  # the parts it gave up on, told as a parameter's
                told.extend(
                    (
                        codes.UNION_MEMBER_UNRESOLVED,
                        f"{field}: union member {member} unresolved; left out",
                    )
                    for member in resolved.dropped
                )
                told.extend(
                    (
                        codes.HINT_PART_UNRESOLVED,
                        f"{field}: {part} unresolved; any value accepted in its place",
                    )
                    for part in resolved.loosened
                )
        return field_rows(cls, hints)

    def _resolve(
        self, annotation: object, globalns: Mapping[str, object], scope: _Scope
    ) -> tuple[Resolved, int]:
        """The resolved hint and the ``part_kinds`` of it."""
        module = globalns.get("__name__")
        try:
            hint = evaluate(annotation, globalns, scope)
        except Exception as error:
            if not isinstance(module, str):
                raise
            if not isinstance(annotation, str):  # ``Optional["Name"]`` written without quotes
                if not has_forward_refs(annotation):
                    raise
                return _finished(self.names.resolve_refs(module, annotation, dict(scope)))
            return self._widened(annotation, globalns, scope, module, error)
        kinds = part_kinds(hint)
        if (  # an alias whose references get_type_hints left (it names itself): evaluate anew
            kinds & _FORWARD
            and isinstance(annotation, str)
            and isinstance(module, str)
            and self._widen(scope, globalns, module, names_in(annotation))
        ):
            again = hint
            with contextlib.suppress(Exception):  # the first reading stands
                again = evaluate(annotation, globalns, scope)
            if again is not hint:
                hint, kinds = again, part_kinds(again)
        return _finished(hint, kinds)

    def _widened(
        self,
        annotation: str,
        globalns: Mapping[str, object],
        scope: _Scope,
        module: str,
        error: Exception,
    ) -> tuple[Resolved, int]:
        """Evaluate again with the module's ``TYPE_CHECKING`` names and aliases resolved where
        they are defined; else the union members that resolve."""
        failure = error
        wanted = names_in(annotation)
        if isinstance(failure, NameError) and failure.name:
            wanted.add(failure.name)
        for _ in range(_RETRIES):  # each round may reveal a name an alias uses (a NameError)
            if not self._widen(scope, globalns, module, wanted):
                break
            try:
                return _finished(evaluate(annotation, globalns, scope))
            except NameError as again:
                failure = again
                if not again.name or again.name in wanted:
                    break
                wanted.add(again.name)
            except Exception as again:
                failure = again
                break
        members = _members(annotation, globalns, scope, failure)
        return members, part_kinds(members.hint)

    def _widen(
        self, scope: _Scope, globalns: Mapping[str, object], module: str, wanted: set[str]
    ) -> bool:
        """Add the module's ``TYPE_CHECKING`` names among ``wanted``, aliases with forward
        references as the module that defines them reads them, and modules that also look
        there for missing attributes (``_t.UriType``); whether anything was added."""
        before = dict(scope)
        scope.update(self.names.namespace(module, wanted - globalns.keys() - scope.keys()))
        for name in wanted:
            value = scope.get(name, globalns.get(name))
            if isinstance(value, types.ModuleType):
                scope[name] = _LazyModule(value, self)
            elif has_forward_refs(value) and name in globalns:
                with contextlib.suppress(Exception):  # any import may fail; the hint stays
                    scope[name] = self.names.resolve_name(module, name)
        return scope.keys() != before.keys() or any(scope[k] is not v for k, v in before.items())


def _holds_typevar(hint: object) -> bool:
    """Whether a TypeVar is part of the hint, at any depth."""
    if isinstance(hint, typing.TypeVar):
        return True
    if type(hint) is type or typing.get_origin(hint) is typing.Literal:
        return False
    return any(
        _holds_typevar(part)
        for arg in typing.get_args(hint)
        for part in (arg if isinstance(arg, list) else (arg,))
    )


def typevar_bindings(receiver: type, owner: type) -> dict[object, object]:
    """The types ``receiver``'s bases give the type parameters of ``owner``, one of its
    generic bases, through every class between them (``class Named(Repo[str, V])``, ``class
    Users(Named[User])``: ``Repo``'s ``K`` is ``str``, its ``T`` is ``User``). A parameter
    passed on unfixed is the TypeVar it is passed as (``Named``'s ``V`` when read for
    ``Named``); none is bound when a base's parameters are not all plain TypeVars (a
    ``ParamSpec`` or a ``TypeVarTuple`` shifts the arguments). The first path
    through the MRO that reaches ``owner`` counts, as a type checker takes the first base."""

    def walk(
        cls: type, given: dict[object, object], seen: set[type]
    ) -> dict[object, object] | None:
        if cls is owner:
            return given
        seen.add(cls)
        for written in vars(cls).get("__orig_bases__", cls.__bases__):
            base = typing.get_origin(written) or written
            # ``owner in __mro__``, not ``issubclass``: a Protocol that is not runtime-checkable
            # (the repository pattern's ``Repo(Protocol[T])``) refuses ``issubclass``
            if not isinstance(base, type) or base in seen or owner not in base.__mro__:
                continue
            parameters = getattr(base, "__parameters__", ())
            arguments = typing.get_args(written)
            passed: dict[object, object] = {}
            if len(arguments) == len(parameters) and all(
                type(p) is typing.TypeVar for p in parameters
            ):
                passed = {
                    parameter: map_parts(argument, lambda part, _: given.get(part, part))
                    for parameter, argument in zip(parameters, arguments, strict=True)
                }
            found = walk(base, passed, seen)
            if found is not None:
                return found
        return None

    return walk(receiver, {}, set()) or {}


def record_bindings(cls: type, arguments: tuple[object, ...]) -> dict[object, object]:
    """The types a record's fields read for type parameters: the hint's type arguments for
    the record's own (``Page[User]``: ``T`` is ``User``), and what its bases give those of
    the generic records it extends (``class UserPage(Page[User])``), read through the hint's
    (``class Sub(Page[V], Generic[V])`` as ``Sub[int]``: ``T`` and ``V`` are ``int``)."""
    own = type_arguments(cls, arguments)
    bound = dict(own)
    for base in cls.__mro__[1:]:
        if getattr(base, "__parameters__", ()):
            for parameter, value in typevar_bindings(cls, base).items():
                bound.setdefault(parameter, map_parts(value, lambda part, _: own.get(part, part)))
    return bound


def _declared_annotations(cls: type) -> list[tuple[type, dict[str, object]]]:
    """Each class that declares fields of ``cls``, the first declared first, with the
    annotations it declares: those of its MRO; for a TypedDict, whose MRO is ``dict``'s and
    whose annotations hold its bases' too, the TypedDicts it extends (``__orig_bases__``),
    each with the keys it adds, so that a key's text is read in the module that wrote it
    (stripe's ``CustomerCreateParams`` extends ``RequestOptions``, whose ``headers:
    "Mapping[str, str]|None"`` names a ``Mapping`` only ``RequestOptions``' module imports)."""
    if not is_typeddict(cls):
        return [(base, vars(base).get("__annotations__", {})) for base in reversed(cls.__mro__)]
    declared: list[tuple[type, dict[str, object]]] = []
    walked: set[type] = set()

    def walk(typed: type) -> None:
        walked.add(typed)
        inherited: dict[str, object] = {}
        for written in getattr(typed, "__orig_bases__", ()):
            base = typing.get_origin(written) or written  # ``Page[T]``: ``Page``
            if isinstance(base, type) and is_typeddict(base) and base is not typed:
                inherited.update(vars(base).get("__annotations__", {}))
                if base not in walked:
                    walk(base)
        own = {  # a key it declares again (narrowed: ``ReadOnly``) is its own, read after
            name: annotation
            for name, annotation in vars(typed).get("__annotations__", {}).items()
            if inherited.get(name, _ABSENT) is not annotation
        }
        declared.append((typed, own))

    walk(cls)
    return declared


def _class_namespace(cls: type) -> Mapping[str, object]:
    """The globals a class's annotations are read in: those of a function its body defines in
    a file, the module that defines the class also when the class names another as its
    ``__module__`` (psycopg's ``Xid`` says ``psycopg``; ``dt.datetime``, its field's type,
    is ``psycopg._tpc``'s ``import datetime as dt``); else its ``__module__``'s."""
    for value in vars(cls).values():
        function = value.fget if isinstance(value, property) else getattr(value, "__func__", value)
        if (
            isinstance(function, types.FunctionType)
            and function.__qualname__.startswith(f"{cls.__qualname__}.")
            and not function.__code__.co_filename.startswith("<")  # made by exec (dataclass)
            # not a decorator's wrapper (dataclass' ``__repr__``): its globals are the
            # decorator's module, its ``__module__`` the wrapped function's
            and function.__globals__.get("__name__") == function.__module__
        ):
            return function.__globals__
    module = sys.modules.get(cls.__module__)
    return vars(module) if module is not None else {}


_CLASSLESS = object()
"""The cache key's class for a hint holding ``Self`` or a forward reference read for no class:
never mistaken for one that holds neither."""


class _Scope(dict[str, object]):
    """Local names for evaluation: given ones first, then a fallback mapping (possibly lazy)."""

    def __init__(self, fallback: Mapping[str, object], given: dict[str, object]) -> None:
        super().__init__(given)
        self.fallback = fallback

    def __missing__(self, name: str) -> object:
        return self.fallback[name]


_RETRIES = 8


_FORWARD, _UNRESOLVED, _SELF = 1, 2, 4
"""What ``part_kinds`` finds: a forward reference (``ForwardRef`` or text), an ``Unresolved``
part, ``Self``."""


def part_kinds(hint: object) -> int:
    """Which of ``_FORWARD``, ``_UNRESOLVED`` and ``_SELF`` the hint holds at any depth (the
    parts ``any_part`` visits, which are those ``map_parts`` changes). One walk tells what
    three did (``has_forward_refs``, the unresolved parts, ``replace_self`` rebuilding the
    hint): a third of ``requests.Session``'s inspection went to these walks."""
    if type(hint) is type:  # a plain class (most parts: ``int``, ``str``) holds none of them
        return 0
    if isinstance(hint, typing.ForwardRef | str):
        kinds = _FORWARD
    elif isinstance(hint, Unresolved):
        kinds = _UNRESOLVED
    else:
        kinds = _SELF if _is_self(hint) else 0
    origin = typing.get_origin(hint)
    if origin is typing.Literal:
        return kinds
    args = typing.get_args(hint)
    if origin is typing.Annotated:
        args = args[:1]
    for arg in args:
        for part in arg if isinstance(arg, list) else (arg,):
            kinds |= part_kinds(part)
    return kinds


def _finished(hint: object, kinds: int | None = None) -> tuple[Resolved, int]:
    """The hint without the parts left unresolved: out of their union, else any value; and
    the ``part_kinds`` of what is left (``kinds``: those of ``hint``, when known)."""
    if kinds is None:
        kinds = part_kinds(hint)
    if not kinds & (_FORWARD | _UNRESOLVED):
        return Resolved(hint), kinds
    dropped: list[str] = []
    loosened: list[str] = []

    def change(part: object, in_union: bool) -> object:
        if isinstance(part, typing.ForwardRef | str):  # left by an alias that names itself
            text = part.__forward_arg__ if isinstance(part, typing.ForwardRef) else part
            part = Unresolved(text, NameError(f"name {text!r} is not defined"))
        if not isinstance(part, Unresolved):
            return part
        (dropped if in_union else loosened).append(part.reason())
        return DROP

    finished = map_parts(hint, change)  # parts become DROP or Any: no Self appears
    return Resolved(finished, tuple(dropped), tuple(loosened)), kinds & _SELF


class _LazyModule:
    """A module whose attributes fall back to its ``TYPE_CHECKING`` names and its stub."""

    def __init__(self, module: types.ModuleType, resolver: HintResolver) -> None:
        self._module = module
        self._resolver = resolver

    def __getattr__(self, name: str) -> object:
        try:
            value = getattr(self._module, name)
            if has_forward_refs(value):
                value = self._resolver.names.resolve_name(self._module.__name__, name)
        except AttributeError:
            value = self._from_elsewhere(name)
        if isinstance(value, types.ModuleType):
            return _LazyModule(value, self._resolver)
        return value

    def _from_elsewhere(self, name: str) -> object:
        """A name the module lacks at run time: from its ``TYPE_CHECKING`` imports, else from
        its stub file (a C extension's ``.pyi``)."""
        module = self._module.__name__
        try:
            return self._resolver.names.resolve_name(module, name)
        except Exception as error:  # any import may fail; the hint stays unresolved
            try:
                return self._resolver.stubs.stub_name(module, name)
            except Exception:
                raise AttributeError(f"{module} has no {name!r}") from error


def evaluate(
    annotation: object, globalns: Mapping[str, object], localns: Mapping[str, object]
) -> object:
    """``typing.get_type_hints`` for one annotation (extras kept)."""
    holder = types.SimpleNamespace(__annotations__={"hint": annotation})
    namespace = globalns if isinstance(globalns, dict) else dict(globalns)
    return typing.get_type_hints(holder, namespace, localns, include_extras=True)["hint"]


def _members(
    annotation: str, globalns: Mapping[str, object], scope: _Scope, error: Exception
) -> Resolved:
    """A union whose members are evaluated one by one: those that resolve are kept."""
    members = union_members(annotation)
    if not members:
        raise error
    kept: list[object] = []
    dropped: list[str] = []
    for member in members:
        try:
            kept.append(evaluate(member, globalns, scope))
        except Exception as member_error:
            dropped.append(f"{member} ({type(member_error).__name__}: {member_error})")
    if not any(hint not in (None, type(None)) for hint in kept):
        raise error
    return Resolved(typing.Union[tuple(kept)], tuple(dropped))  # noqa: UP007


def union_members(source: str) -> list[str]:
    """The members of ``A | B``, ``Union[A, B]`` or ``Optional[A]`` as source text (else [])."""
    try:
        tree = ast.parse(source.strip(), mode="eval").body
    except SyntaxError:
        return []
    if isinstance(tree, ast.BinOp) and isinstance(tree.op, ast.BitOr):
        return [ast.unparse(node) for node in _or_operands(tree)]
    if isinstance(tree, ast.Subscript) and _last_name(tree.value) in _UNION_NAMES:
        inner = tree.slice
        nodes = list(inner.elts) if isinstance(inner, ast.Tuple) else [inner]
        members = [ast.unparse(node) for node in nodes]
        return [*members, "None"] if _last_name(tree.value) == "Optional" else members
    return []


def _or_operands(node: ast.expr) -> list[ast.expr]:
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        return [*_or_operands(node.left), *_or_operands(node.right)]
    return [node]


def _last_name(node: ast.expr) -> str:
    if isinstance(node, ast.Name):
        return node.id
    return node.attr if isinstance(node, ast.Attribute) else ""


def replace_self(hint: object, owner: type) -> object:
    """The hint with ``Self`` (typing's or typing_extensions') replaced by the owning class."""
    return substitute(hint, _is_self, owner)


def is_unpack(hint: object) -> bool:
    """``Unpack[X]`` from typing or typing_extensions."""
    origin = typing.get_origin(hint)
    return origin is typing.Unpack or origin is _extension("Unpack")


def is_never(hint: object) -> bool:
    """``NoReturn`` or ``Never``: the method does not return."""
    if type(hint) is type:  # a class is neither
        return False
    return hint in (typing.NoReturn, typing.Never) or hint in (
        _extension("NoReturn"),
        _extension("Never"),
    )


def _extension(name: str) -> object:
    """A typing_extensions form, without importing typing_extensions when no one has."""
    extensions = sys.modules.get("typing_extensions")
    return getattr(extensions, name, _ABSENT) if extensions is not None else _ABSENT


_ABSENT = object()


def _is_self(hint: object) -> bool:
    return hint is typing.Self or hint is _extension("Self")


def none_name(annotation: object, globalns: Mapping[str, object]) -> str | None:
    """The module-level name a text hint reads an attribute of that is None where the hint is
    read (google-cloud-bigquery's ``'pandas.DataFrame'`` after ``pandas = None``, the fallback
    of an optional import that failed); None when there is none. It says why the hint did not
    resolve better than the ``AttributeError`` does."""
    if not isinstance(annotation, str):
        return None
    try:
        tree = ast.parse(annotation, mode="eval")
    except SyntaxError:
        return None
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            name = node.value.id
            if name in globalns and globalns[name] is None:
                return name
    return None
