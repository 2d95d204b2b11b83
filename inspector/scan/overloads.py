"""``@typing.overload`` signatures as a type source: where the implementation says no type (no
hint, or only ``**kwargs: Any``), its overloads may (sqlalchemy's ``execution_options(**opt)``
lists its options with types in an overload); and their docstrings, where the implementation
has none (openai's ``create``)."""

from __future__ import annotations

import inspect
import typing
from collections.abc import Callable

import docstring_parser

from inspector.scan.docstrings import DocInfo, DocstringStyle, parse_docstring, unparsed
from inspector.scan.function_factories import unwrapped
from inspector.scan.resolution import HintResolver, is_never
from inspector.scan.targets import MethodInfo

_BY_KEYWORD = (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY)
_VARIADIC = (inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD)
_ANY_VALUE: tuple[object, ...] = (typing.Any, object)


class OverloadTypes:
    """What a function's overloads say, parameter by parameter (``return`` too)."""

    __slots__ = ("hints", "keywords", "required")

    def __init__(self) -> None:
        self.hints: dict[str, object] = {}
        """Name → the union of the overloads' hints for it, in order of first mention."""
        self.keywords: set[str] = set()
        """Names some overload lets a caller give by keyword."""
        self.required: set[str] = set()
        """Names every overload has, without a default."""


def fill_from_overloads(
    method: MethodInfo,
    parameters: list[inspect.Parameter],
    hints: dict[str, object],
    sources: dict[str, str],
    resolver: HintResolver,
    *,
    bound: bool,
) -> dict[str, tuple[object, bool]]:
    """Fill ``hints`` (and ``sources``: ``overload``) from the ``@overload`` signatures for
    the parameters and return the code leaves without a hint; when ``**kwargs`` says no type,
    the keywords the overloads name beyond the implementation's parameters (name → hint,
    whether every overload requires it)."""
    untyped = [p.name for p in parameters if p.kind not in _VARIADIC and p.name not in hints]
    last = parameters[-1] if parameters else None
    open_kwargs = (  # ``**kwargs`` that says nothing of what it takes
        last is not None
        and last.kind is inspect.Parameter.VAR_KEYWORD
        and hints.get(last.name, typing.Any) in _ANY_VALUE
    )
    if not untyped and not open_kwargs and "return" in hints:
        return {}
    found = overload_types(
        method.function, method.owner, resolver, bound=bound, receiver=method.receiver
    )
    if found is None:
        return {}
    for name in (*untyped, "return"):
        if name in found.hints and name not in hints:
            hints[name], sources[name] = found.hints[name], "overload"
    if not open_kwargs:
        return {}
    taken = {p.name for p in parameters} | {"return"}
    keywords = {
        name: (hint, name in found.required)
        for name, hint in found.hints.items()
        if name not in taken and name in found.keywords
    }
    sources.update((name, "overload") for name in keywords)
    return keywords


def overload_types(
    function: Callable[..., object],
    owner: type,
    resolver: HintResolver,
    *,
    bound: bool,
    receiver: type | None = None,
) -> OverloadTypes | None:
    """The types a function's registered overloads give (None when it has none); ``bound``:
    the first parameter is ``self``/``cls`` and says nothing; ``receiver``: the class the
    method is read for (``Self``; default: ``owner``). A hint that does not resolve is left
    out: the implementation's own reading still stands."""
    target = unwrapped(getattr(function, "__func__", function))
    try:
        overloads = typing.get_overloads(target)
    except Exception:  # an object typing cannot look up has no overloads
        return None
    if not overloads:
        return None
    gathered: dict[str, list[object]] = {}
    found = OverloadTypes()
    counts: dict[str, int] = {}
    every = [_typed(o, owner, resolver, bound=bound, receiver=receiver) for o in overloads]
    # an overload that never returns names a call that fails (tinydb's ``get(self) ->
    # NoReturn``: no argument given): no value it returns, no argument it takes
    calls = [
        typed for typed in every if not any(n == "return" and is_never(h) for n, h, _ in typed)
    ] or every  # every overload fails: the method never returns
    for typed in calls:
        for name, hint, parameter in typed:
            options = gathered.setdefault(name, [])
            if not any(hint == option for option in options):
                options.append(hint)
            if parameter is None:
                continue
            if parameter.kind in _BY_KEYWORD:
                found.keywords.add(name)
            if parameter.default is inspect.Parameter.empty:
                counts[name] = counts.get(name, 0) + 1
    for name, options in gathered.items():
        found.hints[name] = options[0] if len(options) == 1 else typing.Union[tuple(options)]  # noqa: UP007
    found.required = {name for name, count in counts.items() if count == len(calls)}
    return found


def overloads_doc(
    function: Callable[..., object], style: DocstringStyle
) -> tuple[DocInfo, list[str]] | None:
    """The docstring of a function's first registered overload that has one, with the
    arguments the others document besides (openai's ``create`` documents its overloads and
    leaves the implementation bare), and why any of them could not be parsed; None when no
    overload has a docstring."""
    target = unwrapped(getattr(function, "__func__", function))
    try:
        overloads = typing.get_overloads(target)
    except Exception:  # an object typing cannot look up has no overloads
        return None
    texts: list[str] = []
    for overload in overloads:
        text = getattr(overload, "__doc__", None)
        if isinstance(text, str) and text.strip() and text not in texts:
            texts.append(text)
    docs: list[DocInfo] = []
    errors: list[str] = []
    for text in texts:
        try:
            docs.append(parse_docstring(text, style))
        except docstring_parser.ParseError as error:
            errors.append(f"cannot be parsed ({error}); its text before the sections is kept")
            docs.append(unparsed(text))
    if not docs:
        return None
    first, *others = docs
    for other in others:
        for name, documented in other.params.items():
            first.params.setdefault(name, documented)
    return first, errors


def _typed(
    overload: Callable[..., object],
    owner: type,
    resolver: HintResolver,
    *,
    bound: bool,
    receiver: type | None,
) -> list[tuple[str, object, inspect.Parameter | None]]:
    """The overload's annotated parameters (not ``*args``/``**kwargs``, not ``self``) and
    return, resolved."""
    annotations = getattr(overload, "__annotations__", None)
    if not isinstance(annotations, dict) or not annotations:
        return []
    try:
        listed = list(inspect.signature(overload).parameters.values())
    except (TypeError, ValueError):
        return []
    if bound and listed and listed[0].kind in _BY_POSITION_OR_NAME:
        listed = listed[1:]
    parameters = {p.name: p for p in listed}
    globalns = getattr(overload, "__globals__", {})
    typed: list[tuple[str, object, inspect.Parameter | None]] = []
    for name, annotation in annotations.items():
        parameter = parameters.get(name)
        if name != "return" and (parameter is None or parameter.kind not in _BY_POSITION_OR_NAME):
            continue
        try:
            hint = resolver.resolve(annotation, globalns, owner, receiver=receiver).hint
        except Exception:  # any expression may fail; this overload says nothing of it
            continue
        typed.append((name, hint, parameter))
    return typed


_BY_POSITION_OR_NAME = (inspect.Parameter.POSITIONAL_ONLY, *_BY_KEYWORD)
