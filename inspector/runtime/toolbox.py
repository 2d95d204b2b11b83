"""Toolbox: the tools of live objects, their definitions for any provider, and the execution
of a model's tool calls with validated, converted arguments and errors a model can act on."""

from __future__ import annotations

import asyncio
import difflib
import inspect
import json
import logging
import threading
import traceback
import typing
from collections.abc import AsyncIterator, Callable, Iterable, Mapping
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from inspector.diagnostics import Diagnostic, InspectorError, Level, stable_repr
from inspector.model import Field, Json, JsonObject, ParameterKind, ToolDescriptor
from inspector.project import pipeline
from inspector.project.pipeline import Rendered
from inspector.providers.calls import Call, Outcome
from inspector.render.deferral import is_deferred
from inspector.render.options import RenderOptions
from inspector.render.selection import quiet_excluded
from inspector.runtime.arguments import ArgumentError, Converter, shown
from inspector.runtime.binding import (
    Bound,
    bind,
    classification_of,
    flattened,
    inherited_entries,
    matches,
    not_bindable,
    refuse_a_class,
    unmatched,
)
from inspector.runtime.messages import answer, read_calls, to_json, to_text
from inspector.runtime.spread import keyword_names, spread
from inspector.runtime.tool_search import SEARCH_TOOL, SEARCH_TOOL_NAME, ToolSearchSession
from inspector.scan.docstrings import DocstringStyle
from inspector.scan.methods import MethodBuilder
from inspector.scan.scanner import qualified_name

log = logging.getLogger("inspector.toolbox")
log.addHandler(logging.NullHandler())  # a library: silent unless the application configures logging


class ToolCallError(Exception):
    """A call that cannot be made or failed.

    Args:
        message: What went wrong, written for the model to read and correct its call.
        tool: The tool the call named ("" when unknown).

    Attributes:
        message: As given.
        tool: As given.
    """

    def __init__(self, message: str, tool: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.tool = tool


class Toolbox:
    """The tools of some objects, ready to describe and to call. Excluded tools cannot be
    called.

    Args:
        *objects: The objects whose methods become tools; a plain ``list`` or ``tuple`` among
            them is read as its items, so ``Toolbox([calendar, mailer])`` is
            ``Toolbox(calendar, mailer)``. A class stands for its static and class methods.
        classification: A classification file (which must exist) or a class → method → bool
            mapping: which methods are tools. None includes every method a model can call.
        include: Globs over tool names or ``Class.method``: only the tools they match.
        exclude: Globs over tool names or ``Class.method``: tools left out.
        docstring_style: How docstrings are read.
        debug: Add the traceback to a failed call's message.
        new: For methods the classification does not mention: ``"include"`` (with a warning)
            or ``"exclude"``.
        defer: Globs over tool names: tools loaded on demand (besides those whose
            classification entry says ``"defer": true``): with the provider's own tool search
            in ``definitions`` (Anthropic, OpenAI Responses; left out elsewhere), or found
            through ``search_tools`` with ``definitions(..., search=True)``.

    Attributes:
        objects: The objects, lists and tuples read as their items.
        diagnostics: What the scan and the classification noticed.
        debug: As given.
        defer: As given.

    Raises:
        InspectorError: The classification file is missing or broken, or ``new`` is neither
            ``"include"`` nor ``"exclude"``.
        TypeError: A class was given whose chosen methods all need an instance.
    """

    objects: tuple[object, ...]
    diagnostics: list[Diagnostic]
    debug: bool
    defer: list[str]

    def __init__(
        self,
        *objects: object,
        classification: str | Path | Mapping[str, Mapping[str, bool]] | None = None,
        include: Iterable[str] | None = None,
        exclude: Iterable[str] = (),
        docstring_style: DocstringStyle = DocstringStyle.AUTO,
        debug: bool = False,
        new: Literal["include", "exclude"] = "include",
        defer: Iterable[str] = (),
    ) -> None:
        objects = tuple(flattened(objects))
        self.defer = list(defer)
        self._search: ToolSearchSession | None = None
        self.objects = objects
        self.diagnostics = []
        self.debug = debug
        self._notes: ContextVar[tuple[str, ...]] = ContextVar("toolbox_notes", default=())
        self._tools: dict[str, Bound] = {}
        # ``Class_method`` → tool name: what ``render`` names a tool when other scanned
        # classes have a method of the same name (accepted for the tool of that class)
        self._qualified: dict[str, str] = {}
        choices = classification_of(classification)
        catalog, owners, self.diagnostics = pipeline.scan_objects(objects, docstring_style)
        if new not in ("include", "exclude"):
            raise InspectorError(f"new={new!r}: expected 'include' or 'exclude'")
        where = Path(classification) if isinstance(classification, str | Path) else None
        choices, inherited = inherited_entries(choices, owners)
        tools, notes = pipeline.select(catalog, choices, where, include_new=new == "include")
        notes = inherited + notes
        self.diagnostics = quiet_excluded(self.diagnostics, catalog, choices) + notes
        chosen = {id(tool) for tool in tools}
        stubs = MethodBuilder(docstring_style)  # each stub file read once for all the tools
        taken: list[tuple[str, ToolDescriptor, bool]] = []
        for class_key, tool in catalog.tools():
            if id(tool) not in chosen or not matches(class_key, tool, include, tuple(exclude)):
                continue
            try:
                bound = bind(owners[class_key], tool, docstring_style, stubs)
            except Exception as error:  # whatever the attribute raises
                self.diagnostics.append(not_bindable(class_key, tool, error))
                continue
            taken.append((class_key, tool, bound is not None))
            if bound is not None:
                self._tools[tool.name] = bound
                self._qualified[qualified_name(class_key, tool.method_name)] = tool.name
        refuse_a_class(owners, taken)
        self.diagnostics += unmatched(catalog, include or (), "include")
        self.diagnostics += unmatched(catalog, exclude, "exclude")

    @property
    def last_notes(self) -> list[str]:
        """What the last call in this thread or task read leniently (``null`` for an optional
        argument, an omitted nullable one); concurrent calls each see their own."""
        return list(self._notes.get())

    @property
    def tools(self) -> list[ToolDescriptor]:
        """The callable tools, in order."""
        return [bound.descriptor for bound in self._tools.values()]

    def provider_file(
        self,
        provider: str,
        *,
        strict: bool = False,
        gemini_json_schema: bool = False,
        template_dirs: Iterable[Path] = (),
        search: bool | ToolSearchSession = False,
    ) -> Rendered:
        """The provider's file for the callable tools: what ``toolsinspector render`` writes and
        prints for the same tools (with ``--defer`` for the Toolbox's ``defer``).

        Args:
            provider: A provider name, built in or in ``template_dirs``.
            strict: Strict schemas where the provider has them.
            gemini_json_schema: Gemini: ``parametersJsonSchema`` instead of ``parameters``.
            template_dirs: Directories of user templates, in front of the built-in ones.
            search: Local tool search: True for the Toolbox's own conversation, or a
                conversation of ``search_session()``. The file then holds the tools that are
                not deferred, those the model found so far, and ``search_tools``.

        Returns:
            The file's text (None when the render failed) and the render's diagnostics.

        Raises:
            InspectorError: With ``search``: a tool is already named ``search_tools``.
        """
        options = RenderOptions(
            strict=strict, template_dirs=list(template_dirs), gemini_json_schema=gemini_json_schema
        )
        session = self._session(search)
        if session is None:
            options.defer = self.defer
        tools = self.tools if session is None else session.offered()
        (rendered,) = pipeline.render([provider], tools, options)
        return rendered

    def search_session(self) -> ToolSearchSession:
        """A new conversation's tool search, for a Toolbox that serves several conversations
        at once: pass it as ``search=`` to ``definitions``, ``handle`` and ``call`` of that
        conversation. (``search=True`` uses the Toolbox's own one.)

        Returns:
            A session that offers the tools not deferred and finds the deferred ones (every
            tool when none is deferred).

        Raises:
            InspectorError: A tool is already named ``search_tools``.
        """
        deferred = [tool.name for tool in self.tools if is_deferred(tool, self.defer)]
        return ToolSearchSession(self.tools, deferred)

    def reset_search(self) -> None:
        """Start the Toolbox's own tool search conversation again: the tools found so far are
        no longer offered by ``definitions(..., search=True)``."""
        if self._search is not None:
            self._search.reset()

    def _session(self, search: bool | ToolSearchSession | None) -> ToolSearchSession | None:
        """The conversation ``search`` names: its own, the Toolbox's, or none."""
        if isinstance(search, ToolSearchSession):
            return search
        return self._own_session() if search else None

    def _own_session(self) -> ToolSearchSession:
        """The Toolbox's own conversation, made at first use."""
        if self._search is None:
            self._search = self.search_session()
        return self._search

    def definitions(
        self,
        provider: str,
        *,
        strict: bool = False,
        gemini_json_schema: bool = False,
        template_dirs: Iterable[Path] = (),
        search: bool | ToolSearchSession = False,
    ) -> Json:
        """The provider's tool definitions, to pass as the SDK's ``tools=``; the render's
        warnings are logged.

        Args:
            provider: A provider name, built in or in ``template_dirs``.
            strict: Strict schemas where the provider has them.
            gemini_json_schema: Gemini: ``parametersJsonSchema`` instead of ``parameters``.
            template_dirs: Directories of user templates, in front of the built-in ones.
            search: Local tool search (every provider): True for the Toolbox's own
                conversation, or a ``search_session()``. The definitions are then the tools
                that are not deferred (none when no tool is), the tools the model found with
                ``search_tools`` in this conversation, and ``search_tools(query)`` itself,
                which ``handle`` and ``call`` answer.

        Returns:
            The provider's file as JSON values.

        Raises:
            InspectorError: The render failed (a tool name the provider forbids, a template
                error).
            UsageError: An unknown provider.
        """
        rendered = self.provider_file(
            provider,
            strict=strict,
            gemini_json_schema=gemini_json_schema,
            template_dirs=template_dirs,
            search=search,
        )
        for diagnostic in rendered.diagnostics:
            if diagnostic.level is not Level.INFO:
                log.warning("%s", diagnostic)
        if rendered.document is None:
            raise InspectorError(rendered.diagnostics[0].message)
        return rendered.document

    def call(
        self,
        name: str,
        arguments: Mapping[str, object] | str | None = None,
        *,
        search: ToolSearchSession | None = None,
    ) -> object:
        """Run a tool (an async one to completion).

        Args:
            name: The tool's name (or ``Class_method``, as ``render`` names it when classes
                share a method name). ``search_tools`` (when no tool of yours has that name)
                searches the deferred tools, in ``search`` or the Toolbox's own conversation.
            arguments: The arguments as a mapping or as JSON text (as a model sends them);
                None for none.
            search: The conversation of a ``search_tools`` call (None: the Toolbox's own).

        Returns:
            What the method returned.

        Raises:
            ToolCallError: An unknown or excluded tool, arguments the schema does not allow,
                or the method failed; the message is written for the model.
        """
        if self._is_search(name):
            return self._search_tools(arguments, search)
        bound, args, kwargs = self._prepare(name, arguments)
        try:
            result = bound.function(*args, **kwargs)
            if inspect.isawaitable(result):
                result = _run_to_completion(result)
            if isinstance(result, AsyncIterator):
                result = _run_to_completion(_collected(result))
        except ToolCallError:
            raise
        except (Exception, SystemExit) as error:  # a method's sys.exit() is a failed call
            raise self._failure(name, error) from error
        return result

    async def acall(
        self,
        name: str,
        arguments: Mapping[str, object] | str | None = None,
        *,
        search: ToolSearchSession | None = None,
    ) -> object:
        """Run a tool: awaited when async, in a worker thread when not.

        Args:
            name: The tool's name (or ``Class_method``; ``search_tools``: see ``call``).
            arguments: The arguments as a mapping or as JSON text; None for none.
            search: The conversation of a ``search_tools`` call (None: the Toolbox's own).

        Returns:
            What the method returned.

        Raises:
            ToolCallError: An unknown or excluded tool, arguments the schema does not allow,
                or the method failed; the message is written for the model.
        """
        if self._is_search(name):
            return self._search_tools(arguments, search)
        bound, args, kwargs = self._prepare(name, arguments)
        try:
            if bound.descriptor.is_async:
                result = bound.function(*args, **kwargs)
                if inspect.isawaitable(result):
                    result = await result
            else:
                result = await asyncio.to_thread(bound.function, *args, **kwargs)
            return await _collected(result) if isinstance(result, AsyncIterator) else result
        except ToolCallError:
            raise
        except (Exception, SystemExit) as error:  # a method's sys.exit() is a failed call
            raise self._failure(name, error) from error

    def handle(
        self,
        provider: str,
        message: object,
        *,
        template_dirs: Iterable[str | Path] = (),
        search: ToolSearchSession | None = None,
    ) -> list[JsonObject]:
        """Run every tool call in a provider's message, in order. A failing call becomes an
        error result, never an exception.

        Args:
            provider: The provider whose message it is.
            message: The model's message (the SDK's object, or its JSON).
            template_dirs: Where user providers are (their module beside their template).
            search: The conversation whose ``search_tools`` calls these are (None: the
                Toolbox's own).

        Returns:
            The provider's tool-result messages, one per call, to send back to the model.
        """
        dirs = [Path(d) for d in template_dirs]
        calls = read_calls(provider, message, dirs)
        return answer(provider, [self._outcome(call, search) for call in calls], dirs)

    async def ahandle(
        self,
        provider: str,
        message: object,
        *,
        template_dirs: Iterable[str | Path] = (),
        search: ToolSearchSession | None = None,
    ) -> list[JsonObject]:
        """Like ``handle``; async tools of one message run concurrently, results keep the call
        order and ids.

        Args:
            provider: The provider whose message it is.
            message: The model's message (the SDK's object, or its JSON).
            template_dirs: Where user providers are (their module beside their template).
            search: The conversation whose ``search_tools`` calls these are (None: the
                Toolbox's own).

        Returns:
            The provider's tool-result messages, one per call, in the calls' order.
        """
        dirs = [Path(d) for d in template_dirs]
        calls = read_calls(provider, message, dirs)

        async def run(call: Call) -> Outcome:
            try:
                value = await self.acall(call.name, _args(call), search=search)
            except ToolCallError as error:
                return Outcome(call, error=error.message)
            return self._success(call, value)

        outcomes = await asyncio.gather(*(run(c) for c in calls))
        return answer(provider, list(outcomes), dirs)

    def _outcome(self, call: Call, search: ToolSearchSession | None = None) -> Outcome:
        try:
            value = self.call(call.name, _args(call), search=search)
        except ToolCallError as error:
            return Outcome(call, error=error.message)
        return self._success(call, value)

    def _success(self, call: Call, value: object) -> Outcome:
        try:
            as_json = to_json(value)
        except TypeError:  # no JSON form (NaN, a class the type table lacks): text only
            as_json, tool = stable_repr(value), None
        else:
            tool = SEARCH_TOOL if self._is_search(call.name) else self._bound(call.name).descriptor
        text = to_text(value if isinstance(value, str) else as_json)
        return Outcome(call, as_json, text, None, tool)

    def _is_search(self, name: str) -> bool:
        """Whether a call is to the tool search's ``search_tools`` (not to a tool of yours)."""
        return name == SEARCH_TOOL_NAME and name not in self._tools

    def _search_tools(
        self, arguments: Mapping[str, object] | str | None, search: ToolSearchSession | None
    ) -> JsonObject:
        """A ``search_tools`` call answered in its conversation."""
        session = search if search is not None else self._own_session()
        try:
            return session.answer(_decode(SEARCH_TOOL_NAME, arguments))
        except ValueError as error:
            raise ToolCallError(f"{SEARCH_TOOL_NAME}: {error}", SEARCH_TOOL_NAME) from None

    def _bound(self, name: str) -> Bound:
        """The tool a call names: by its name, or as ``Class_method`` (how ``render`` names it
        when more classes were scanned than this Toolbox has); raises ``ToolCallError``."""
        bound = self._tools.get(name) or self._tools.get(self._qualified.get(name, ""))
        if bound is None:
            raise ToolCallError(_unknown(name, list(self._tools)), name)
        return bound

    def _failure(self, name: str, error: BaseException) -> ToolCallError:
        said = str(error)
        message = f"{name} failed: {type(error).__name__}" + (f": {said}" if said else "")
        if self.debug:
            message += "\n" + "".join(traceback.format_exception(error))
        return ToolCallError(message, name)

    def _prepare(
        self, name: str, arguments: Mapping[str, object] | str | None
    ) -> tuple[Bound, list[object], dict[str, object]]:
        try:
            return self._read_arguments(name, arguments)
        except RecursionError:  # hostile nesting: decoding or converting it runs out of stack
            raise ToolCallError(f"{name}: the arguments are nested too deeply", name) from None

    def _read_arguments(
        self, name: str, arguments: Mapping[str, object] | str | None
    ) -> tuple[Bound, list[object], dict[str, object]]:
        bound = self._bound(name)
        self._notes.set(())
        notes: list[str] = []
        if bound.descriptor.name != name:
            notes.append(f"{name!r} read as the tool {bound.descriptor.name!r}")
        values = _decode(name, arguments)
        converter = Converter()
        collected = _CallArguments()
        known = {f.name for f in bound.descriptor.parameters}
        unexpected = [k for k in values if k not in known]
        if unexpected:
            takes = ", ".join(sorted(known)) or "no arguments"
            raise ToolCallError(
                f"{name}: unexpected argument {unexpected[0]!r}; the tool takes: {takes}", name
            )
        for parameter in bound.descriptor.parameters:
            python_name = bound.python_names.get(parameter.name, parameter.name)
            field_default = bound.field_defaults.get(python_name)
            raw = values.get(parameter.name)
            given_null = parameter.name in values and raw is None
            if given_null and not parameter.nullable and not parameter.required:
                notes.append(f"{parameter.name}: null; the default used")
            missing = parameter.name not in values
            if (missing or (raw is None and not parameter.nullable)) and not parameter.required:
                if field_default is not None:  # the field's value, not the field object
                    collected.give(parameter, python_name, field_default.value())
                continue
            if missing:
                if not parameter.nullable:
                    raise ToolCallError(
                        f"{name}: missing required argument {parameter.name!r}", name
                    )
                notes.append(f"{parameter.name}: omitted; null used")
                collected.give(parameter, python_name, None)
                continue
            hint = bound.hints.get(python_name, typing.Any)
            try:
                value = converter.convert(typing.cast(Json, raw), hint, parameter.name)
            except ArgumentError as error:
                raise ToolCallError(f"{name}: {error}", name) from None
            collected.give(parameter, python_name, value)
        if collected.variadic_kwargs:
            _claim_parameters(bound, values, collected, converter, notes)
        try:
            args, kwargs = collected.spread(bound.function, notes)
        except ValueError as error:
            raise ToolCallError(f"{name}: {error}", name) from None
        notes += converter.notes
        self._notes.set(tuple(notes))
        for note in notes:
            log.info("%s: lenient argument reading: %s", name, note)
        return bound, args, kwargs


@dataclass
class _CallArguments:
    """The values of one call, gathered by how each parameter takes them."""

    args: list[object] = field(default_factory=list)
    kwargs: dict[str, object] = field(default_factory=dict)
    variadic_args: list[object] = field(default_factory=list)
    variadic_kwargs: dict[str, object] = field(default_factory=dict)

    def give(self, parameter: Field, python_name: str, value: object) -> None:
        """Pass a value by position, by keyword, or spread as ``*args``/``**kwargs``."""
        if parameter.kind is ParameterKind.POSITIONAL_ONLY:
            self.args.append(value)
        elif parameter.kind is ParameterKind.VAR_POSITIONAL and isinstance(value, list):
            self.variadic_args = value
        elif parameter.kind is ParameterKind.VAR_KEYWORD and isinstance(value, dict):
            self.variadic_kwargs = value
        else:
            self.kwargs[python_name] = value

    def spread(
        self, function: Callable[..., object], notes: list[str]
    ) -> tuple[list[object], dict[str, object]]:
        """The positional and keyword arguments of the call (``notes`` gets what was read
        leniently)."""
        args, kwargs, extra = self.args, self.kwargs, self.variadic_kwargs
        return spread(function, args, kwargs, self.variadic_args, extra, notes=notes)


def _claim_parameters(
    bound: Bound,
    values: Mapping[str, object],
    collected: _CallArguments,
    converter: Converter,
    notes: list[str],
) -> None:
    """A ``**kwargs`` key that names a parameter not given otherwise would bind to it,
    unconverted: it is read as that parameter instead, or left out with a note when it is not
    a value for it (or names a parameter the tool does not take, such as ``self``)."""
    extra = collected.variadic_kwargs
    clashes = sorted(keyword_names(bound.function) & extra.keys() - collected.kwargs.keys())
    if not clashes:
        return
    spread_name = next(
        p.name for p in bound.descriptor.parameters if p.kind is ParameterKind.VAR_KEYWORD
    )
    raw = typing.cast(dict[str, Json], values[spread_name])
    offered = {bound.python_names.get(p.name, p.name) for p in bound.descriptor.parameters}
    for key in clashes:
        del extra[key]
        within = f"{spread_name}.{key}"  # what converting **kwargs noted is read again below
        converter.notes[:] = [n for n in converter.notes if n.partition(":")[0] != within]
        if key not in offered:
            notes.append(
                f"{key!r} inside **kwargs names a parameter the tool does not take; left out"
            )
            continue
        try:
            value = converter.convert(raw[key], bound.hints.get(key, typing.Any), key)
        except ArgumentError as error:
            notes.append(
                f"{key!r} inside **kwargs is not a value for parameter {key!r} ({error}); left out"
            )
            continue
        collected.kwargs[key] = value
        notes.append(f"{key!r} inside **kwargs read as the parameter {key!r}")


def _args(call: Call) -> Mapping[str, object] | str | None:
    arguments = call.arguments
    if arguments is None or isinstance(arguments, str | dict):
        return arguments
    raise ToolCallError(
        f"{call.name}: arguments must be an object, got {shown(arguments)}", call.name
    )


def _decode(name: str, arguments: Mapping[str, object] | str | None) -> dict[str, object]:
    if arguments is None or arguments == "":
        return {}
    if isinstance(arguments, str):
        try:
            arguments = json.loads(arguments)
        except ValueError as error:
            raise ToolCallError(
                f"{name}: the arguments are not valid JSON ({error})", name
            ) from None
    if not isinstance(arguments, Mapping):
        raise ToolCallError(f"{name}: arguments must be an object, got {shown(arguments)}", name)
    return dict(arguments)


def _unknown(name: str, available: list[str]) -> str:
    close = difflib.get_close_matches(name, available, n=3)
    hint = f"; did you mean {' or '.join(repr(c) for c in close)}?" if close else "."
    return f"unknown tool {name!r}{hint} Available: {', '.join(available) or 'none'}"


async def _collected(items: AsyncIterator[object]) -> list[object]:
    """The items of an async generator a tool returned (its schema says an array)."""
    return [item async for item in items]


def _run_to_completion(awaitable: typing.Awaitable[object]) -> object:
    """Await in a fresh event loop (in a thread when one is already running here)."""

    async def wait() -> object:
        return await awaitable

    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(wait())
    outcome: dict[str, object] = {}

    def target() -> None:
        try:
            outcome["value"] = asyncio.run(wait())
        except BaseException as error:  # handed back to the caller's thread
            outcome["error"] = error

    thread = threading.Thread(target=target)
    thread.start()
    thread.join()
    if "error" in outcome:
        raise typing.cast(BaseException, outcome["error"])
    return outcome.get("value")
