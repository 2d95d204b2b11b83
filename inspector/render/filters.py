"""The named filters templates call: the shared ones here, each provider's dialect filters from
its module, their work reported as diagnostics."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

import orjson

from inspector import codes
from inspector.codes import level_of
from inspector.diagnostics import LISTED, Diagnostic, clipped, listed
from inspector.files.tools_json import ToolTooDeep, nested_too_deeply
from inspector.model import JsonObject, ToolDescriptor
from inspector.providers.base import Dialect, Filter, Provider, StrictDialect
from inspector.providers.limits import StrictBudget, renamed
from inspector.providers.schema_walk import BRIEF, DialectResult, Note
from inspector.providers.strict import strict_schema


@dataclass
class FilterDiagnostics:
    """The diagnostics filters raise while one template renders (each once), and the tools a
    dialect filter could not write (``too_deep``: the render leaves them out)."""

    diagnostics: list[Diagnostic] = field(default_factory=list)
    too_deep: dict[int, ToolTooDeep] = field(default_factory=dict)
    """By the tool's ``id``: each tool once, whichever filters failed on it."""
    _seen: set[Diagnostic] = field(default_factory=set)

    def add(self, code: str, tool: ToolDescriptor, message: str) -> None:
        """Record a diagnostic located at the tool's method."""
        path, line = tool.path_and_line
        subject = f"{tool.class_name}.{tool.method_name}"
        diagnostic = Diagnostic(level_of(code), renamed(tool) + message, path, line, subject, code)
        if diagnostic not in self._seen:
            self._seen.add(diagnostic)
            self.diagnostics.append(diagnostic)


def tojson(value: object) -> str:
    """JSON for templates; unlike Jinja's own filter it does not HTML-escape ``<>&'``. orjson
    writes it; the standard library what orjson refuses (a lone surrogate, an integer beyond
    64 bits, a key that is no string). The render reads the text back and writes it again.
    (The standard library's encoder, set up anew at each call, took 1.7 s of the 7.0 of
    ``render --provider all`` at 20,000 tools; with orjson the command takes 5.5.)"""
    try:
        return orjson.dumps(value).decode("utf-8")
    except orjson.JSONEncodeError:
        return _stdlib_json(value)


_stdlib_json = json.JSONEncoder(ensure_ascii=False).encode


def make_filters(
    found: FilterDiagnostics,
    providers: Iterable[Provider],
    budget: StrictBudget | None = None,
) -> dict[str, Callable[..., object]]:
    """The shared filters and every provider's, bound to one render's found; ``budget``
    keeps the strict tools within the rendered provider's per-request limits."""

    def description_or_name(tool: ToolDescriptor) -> str:
        """The description, or the name when there is none (for providers that need text)."""
        if tool.description:
            return tool.description
        found.add(codes.NAME_AS_DESCRIPTION, tool, "no description; the tool name is used instead")
        return tool.name

    def json_schema(tool: ToolDescriptor) -> JsonObject:
        return tool.parameters_schema()

    filters: dict[str, Callable[..., object]] = {
        "json_schema": _leaving_out_deep_tools(json_schema, found, dict),
        "description_or_name": description_or_name,
    }
    for provider in providers:
        for name, kind in provider.filters.items():
            stand_in = _no_schema if isinstance(kind, Dialect | StrictDialect) else _nothing
            filters[name] = _leaving_out_deep_tools(_bind(kind, found, budget), found, stand_in)
    filters["tojson"] = tojson
    return filters


def _no_schema() -> DialectResult:
    return DialectResult(None)


def _nothing() -> None:
    return None


def _leaving_out_deep_tools(
    function: Callable[..., object], found: FilterDiagnostics, stand_in: Callable[[], object]
) -> Callable[..., object]:
    """The filter; a tool whose types nest too deeply for it (``ToolTooDeep``, or Python's
    ``RecursionError``) is recorded in ``found.too_deep`` and ``stand_in()`` returned in its
    place (what the filter gives for a tool without a schema), so that one render finds every
    such tool; the render then runs again without them and keeps only that text."""

    def filtered(value: object, *args: object, **kwargs: object) -> object:
        try:
            return function(value, *args, **kwargs)
        except ToolTooDeep as error:
            too_deep = error
        except RecursionError:
            if not isinstance(value, ToolDescriptor):
                raise
            too_deep = nested_too_deeply(value, "; set the method false in the classification file")
        found.too_deep.setdefault(id(too_deep.tool), too_deep)
        return stand_in()

    return filtered


def _bind(
    kind: Filter, found: FilterDiagnostics, budget: StrictBudget | None
) -> Callable[..., object]:
    if isinstance(kind, StrictDialect):
        return _strict_filter(kind, found, budget)
    if isinstance(kind, Dialect):
        return _dialect_filter(kind, found)
    return kind


def _dialect_filter(
    dialect: Dialect, found: FilterDiagnostics
) -> Callable[[ToolDescriptor], object]:
    def parameters(tool: ToolDescriptor) -> DialectResult:
        result = dialect.rewrite(tool)
        if result.notes:
            found.add(codes.MOVED_INTO_DESCRIPTION, tool, moved(dialect.label, result.notes))
        for problem in result.problems:  # a user's dialect may write any text
            found.add(codes.DIALECT_LOSS, tool, f"{dialect.label}: {clipped(problem, LISTED)}")
        return result

    return parameters


def _strict_filter(
    dialect: StrictDialect, found: FilterDiagnostics, budget: StrictBudget | None
) -> Callable[..., DialectResult]:
    label = dialect.profile.provider

    def parameters(tool: ToolDescriptor, strict: bool = False) -> DialectResult:
        """``.schema``: the parameters; ``.conforms``: whether ``strict`` may be set."""
        canonical = tool.parameters_schema()
        if not strict:
            return DialectResult(canonical)
        result = strict_schema(canonical, dialect.profile)  # leaves ``canonical`` as it was
        if not result.conforms:
            for problem in result.problems:
                found.add(
                    codes.NOT_STRICT,
                    tool,
                    f'cannot be strict for {label}: {problem}; rendered without "strict"',
                )
            return DialectResult(canonical, conforms=False)
        assert result.schema is not None
        if budget is not None and not budget.admit(tool, result.schema):
            return DialectResult(canonical, conforms=False)
        if result.notes:
            found.add(codes.MOVED_INTO_DESCRIPTION, tool, moved(f"{label} strict", result.notes))
        return result

    return parameters


def moved(label: str, notes: list[Note | str]) -> str:
    """The message of what a dialect moved into descriptions: each place with the short form
    of what moved, as many as fit in a readable line (the descriptions hold them whole)."""
    parts = (str(n) if isinstance(n, Note) else clipped(n, BRIEF) for n in notes)
    return f"{label}: moved into descriptions: {listed(parts)}"
