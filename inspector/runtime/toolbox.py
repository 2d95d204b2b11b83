"""Toolbox: the tools of live objects, their definitions for any provider, and the execution
of a model's tool calls with validated, converted arguments and errors a model can act on."""

from __future__ import annotations

import asyncio
import inspect
import logging
import weakref
from collections.abc import Callable, Iterable, Mapping
from contextvars import ContextVar
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from inspector.diagnostics import Diagnostic, InspectorError, Level, located_error
from inspector.files.new_entries import CHOICES, NewMethods
from inspector.model import Json, JsonObject, ToolDescriptor
from inspector.project import pipeline
from inspector.project.pipeline import Rendered
from inspector.providers.calls import Call, Outcome
from inspector.providers.names import fitted_names
from inspector.providers.registry import available
from inspector.render.deferral import is_deferred, unmatched_patterns
from inspector.render.options import RenderOptions
from inspector.runtime.binding import (
    Bound,
    bind,
    chosen_tools,
    classification_of,
    flattened,
    matches,
    not_bindable,
    refuse_a_class,
    unmatched,
)
from inspector.runtime.call_reading import (
    ToolCallError,
    call_arguments,
    check_context,
    decode_arguments,
    has_default,
    read_arguments,
    unknown_tool,
)
from inspector.runtime.host import (
    Approver,
    ErrorFormatter,
    ToolEvent,
    approval_answer,
    exception_text,
    failure_text,
    needs_approval,
    not_approved,
)
from inspector.runtime.messages import answer, read_calls
from inspector.runtime.results import MAX_RESULT_CHARS, ResultRules, ResultSerializer, outcome
from inspector.runtime.running import (
    Homes,
    NotInstances,
    Runner,
    TimedOut,
    made_at_home,
    run_to_completion,
    stop_homes,
)
from inspector.runtime.tool_search import SEARCH_TOOL, SEARCH_TOOL_NAME, ToolSearchSession
from inspector.scan.docstrings import DocstringStyle
from inspector.scan.methods import MethodBuilder
from inspector.scan.scanner import qualified_name

if TYPE_CHECKING:
    from inspector.render.compiled import CompiledTemplates

__all__ = ["ToolCallError", "Toolbox"]  # ToolCallError is read where the arguments are

log = logging.getLogger("inspector.toolbox")
log.addHandler(logging.NullHandler())  # a library: silent unless the application configures logging


_PASSED_THROUGH = (KeyboardInterrupt, asyncio.CancelledError)
"""What a method's call lets through: the user's Ctrl-C and the cancellation of the caller's
task are not the method's failure. Any other exception, ``SystemExit`` and a library's own
``BaseException`` subclasses included, is a failed call the model is told of."""


class Toolbox:
    """The tools of some objects, ready to describe and to call. Excluded tools cannot be
    called.

    Args:
        *objects: The objects whose methods become tools; a plain ``list`` or ``tuple`` among
            them is read as its items, so ``Toolbox([calendar, mailer])`` is
            ``Toolbox(calendar, mailer)``. A class stands for its static and class methods.
        classification: A classification file (which must exist) or a mapping in its format
            (class → method or pattern → ``True``/``False`` or an entry such as
            ``{"name": ..., "fixed": {...}, "hidden": [...]}``; the class options
            ``@prefix``, ``@hidden`` and ``@fixed``): which methods are tools and how each is
            shaped. Tools are called by their new names; fixed values are always passed and
            hidden parameters take the method's default (a model giving either gets an
            argument error). None includes every method a model can call.
        include: Globs over tool names or ``Class.method``: only the tools they match.
        exclude: Globs over tool names or ``Class.method``: tools left out.
        docstring_style: How docstrings are read.
        debug: Add the traceback to a failed call's message.
        new: For methods the classification does not mention: ``"include"`` (with a warning;
            one whose name holds a destructive word, such as ``delete_pod`` or ``execvp``,
            is excluded), ``"include-all"`` (destructive ones too) or ``"exclude"``.
        context: Values for injected parameters (``Annotated[T, Injected()]``) by key, for
            every call; a call's own ``context=`` is merged over them.
        timeout: Seconds any call may take, unless its classification entry says
            ``"timeout"`` (None: no limit). An async call is cancelled; a sync call is answered
            on time while its thread runs on, and its tool refuses calls until it has ended.
        errors: ``"show"`` gives the model a failed method's exception type and text;
            ``"mask"`` only "``tool`` failed" (the exception goes to the log and ``on_event``).
        error_formatter: ``(tool name, exception) -> text``: the model's text for a failed
            method (overrides ``errors``).
        result_serializer: ``value -> value``: applied to every result first; a text is sent
            as it is, anything else converted as results are.
        max_result_chars: The longest result text a model gets; a longer one is cut with a
            note saying so.
        annotations: MCP annotation hints by tool name: read for ``approve_destructive``,
            and written into ``definitions("mcp")``.
        approve_destructive: Tools whose annotations say ``destructiveHint: true`` need
            approval too (as do tools whose classification entry says ``"approval": true``).
        on_event: Told what the host should know beside the model's answers (a call not
            approved, timed out, refused while busy, failed with a masked text); every event
            is logged too (logger ``inspector.toolbox``).
        homes: The thread each object's sync methods run on (``serve`` and
            ``from_factory`` set it; None: a fresh thread per call where one is needed).
        defer: Globs over tool names: tools loaded on demand (besides those whose
            classification entry says ``"defer": true``): with the provider's own tool search
            in ``definitions`` (Anthropic, OpenAI Responses; left out elsewhere), or found
            through ``search_tools`` with ``definitions(..., search=True)``.

    Attributes:
        objects: The objects, lists and tuples read as their items.
        diagnostics: What the scan and the classification noticed.
        debug: As given.
        context: As given (a copy).
        timeout: As given.
        defer: As given.

    Raises:
        InspectorError: The classification file is missing or broken, or an option has a
            value it cannot take (``new`` not ``"include"``, ``"exclude"`` or ``"include-all"``,
            ``errors``, a timeout or limit not above 0).
        TypeError: A class was given whose chosen methods all need an instance.
    """

    objects: tuple[object, ...]
    diagnostics: list[Diagnostic]
    debug: bool
    context: dict[str, object]
    timeout: float | None
    defer: list[str]

    def __init__(
        self,
        *objects: object,
        classification: str | Path | Mapping[str, Mapping[str, object]] | None = None,
        include: Iterable[str] | None = None,
        exclude: Iterable[str] = (),
        docstring_style: DocstringStyle = DocstringStyle.AUTO,
        debug: bool = False,
        new: Literal["include", "exclude", "include-all"] = "include",
        context: Mapping[str, object] | None = None,
        timeout: float | None = None,
        errors: Literal["show", "mask"] = "show",
        error_formatter: ErrorFormatter | None = None,
        result_serializer: ResultSerializer | None = None,
        max_result_chars: int = MAX_RESULT_CHARS,
        annotations: Mapping[str, JsonObject] | None = None,
        approve_destructive: bool = False,
        on_event: Callable[[ToolEvent], None] | None = None,
        homes: Homes | None = None,
        defer: Iterable[str] = (),
    ) -> None:
        objects = tuple(flattened(objects))
        self.defer = list(defer)
        self._search: ToolSearchSession | None = None
        self.objects = objects
        self.diagnostics = []
        self.debug = debug
        self.context = dict(context or {})
        self.timeout = timeout
        _check_options(errors, timeout, max_result_chars)
        self._errors: Literal["show", "mask"] = errors
        self._error_formatter = error_formatter
        self._results = ResultRules(result_serializer, max_result_chars)
        self._annotations = dict(annotations or {})
        self._approve_destructive = approve_destructive
        self._on_event = on_event
        self._runner = Runner(homes or Homes({}), self._tell)
        self._notes: ContextVar[tuple[str, ...]] = ContextVar("toolbox_notes", default=())
        self._tools: dict[str, Bound] = {}
        # ``Class_method`` → tool name: what ``render`` names a tool when other scanned
        # classes have a method of the same name (accepted for the tool of that class)
        self._qualified: dict[str, str] = {}
        # a method's name and ``Class_method`` → the tools it is offered as under other names
        # (what the model is told when it calls the method by its own name)
        self._renamed: dict[str, list[str]] = {}
        # the name a provider's file writes for a tool whose name it refuses → the tool's name
        self._fitted: dict[str, str] | None = None
        self._template_dirs: set[Path] = set()
        self._compiled: CompiledTemplates | None = None
        choices = classification_of(classification)
        if new not in CHOICES:
            raise InspectorError(f"new={new!r}: expected 'include', 'exclude' or 'include-all'")
        where = Path(classification) if isinstance(classification, str | Path) else None
        selected, owners, catalog, self.diagnostics = chosen_tools(
            objects, choices, where, docstring_style, NewMethods(new)
        )
        stubs = MethodBuilder(docstring_style)  # each stub file read once for all the tools
        taken: list[tuple[str, ToolDescriptor, bool]] = []
        for chosen in selected:
            class_key, tool = chosen.class_key, chosen.tool
            if not matches(class_key, tool, include, tuple(exclude)):
                continue
            try:
                bound = bind(owners[class_key], chosen.scanned, docstring_style, stubs, tool)
            except Exception as error:  # whatever the attribute raises; a fixed value unfit
                self.diagnostics.append(not_bindable(class_key, tool, error))
                continue
            taken.append((class_key, tool, bound is not None))
            if bound is not None:
                self._add(class_key, bound, renamed=tool.name != chosen.scanned.name)
        refuse_a_class(owners, taken)
        # an annotation or a defer pattern for no tool approves or defers nothing: say so
        self.diagnostics += pipeline.annotation_diagnostics(self._annotations, self.tools)
        self.diagnostics += unmatched_patterns(self.defer, self.tools)
        self.diagnostics += unmatched(catalog, selected, include or (), "include")
        self.diagnostics += unmatched(catalog, selected, exclude, "exclude")

    @classmethod
    def from_factory(cls, factory: Callable[[], object], **options: Any) -> Toolbox:
        """The Toolbox of the objects a factory makes on a thread of their own, which then runs
        every sync method of theirs, as ``serve --factory`` does. An object bound to the thread
        that made it (a ``sqlite3`` connection opened in ``__init__``) then works under a
        ``timeout`` too, where each sync call would run on a fresh thread. The thread ends
        when the Toolbox is garbage-collected. Async methods run on the caller's event loop.

        Args:
            factory: Called once, with no arguments, on the new thread: an object, or a list
                or tuple of objects.
            **options: The Toolbox's other options (``classification``, ``timeout``, ...).

        Returns:
            The Toolbox of the objects.

        Raises:
            TypeError: ``options`` names ``homes``, or one the Toolbox does not take (before
                the factory is called).
            InspectorError: The factory returned no object, a class or ``None``, or an option
                has a value it cannot take.
            Exception: What ``factory`` raises.
        """
        if "homes" in options:
            raise TypeError("from_factory() makes the objects' home thread: homes= is not taken")
        inspect.signature(cls).bind(**options)  # a misspelt option, before the factory runs
        homes = Homes({})
        name = getattr(factory, "__qualname__", type(factory).__qualname__)
        try:
            objects = made_at_home(factory, homes, name)
        except NotInstances as refused:
            raise InspectorError(f"from_factory: the factory {refused}") from None
        try:
            toolbox = cls(*objects, homes=homes, **options)
        except BaseException:
            stop_homes(homes)
            raise
        weakref.finalize(toolbox, stop_homes, homes)
        return toolbox

    def _add(self, class_key: str, bound: Bound, *, renamed: bool) -> None:
        """Offer a tool, under the names a call may give it."""
        tool = bound.descriptor
        self._tools[tool.name] = bound
        qualified = qualified_name(class_key, tool.method_name)
        for called in (tool.method_name, qualified):
            if called != tool.name:
                self._renamed.setdefault(called, []).append(tool.name)
        if not renamed:  # a name the classification gave is the only name of its tool
            self._qualified[qualified] = tool.name

    @property
    def last_notes(self) -> list[str]:
        """What the last call in this thread or task read leniently (``null`` for an optional
        argument, an omitted nullable one); concurrent calls each see their own."""
        return list(self._notes.get())

    @property
    def tools(self) -> list[ToolDescriptor]:
        """The callable tools, in order."""
        return [bound.descriptor for bound in self._tools.values()]

    def needed_context(self) -> list[str]:
        """The context keys the tools' injected parameters need (those without a default),
        in the tools' order.

        Returns:
            Each key once.
        """
        keys: list[str] = []
        for bound in self._tools.values():
            for parameter in bound.descriptor.left_out:
                key = parameter.key or parameter.name
                injected = parameter.reason == "injected"
                if injected and key not in keys and not has_default(bound, parameter):
                    keys.append(key)
        return keys

    def provider_file(
        self,
        provider: str,
        *,
        strict: bool = False,
        gemini_json_schema: bool = False,
        template_dirs: Iterable[str | Path] = (),
        search: bool | ToolSearchSession = False,
        annotations: Mapping[str, JsonObject] | None = None,
    ) -> Rendered:
        """The provider's file for the callable tools: what ``toolsinspector render`` writes and
        prints for the same tools (with ``--defer`` for the Toolbox's ``defer`` and
        ``--mcp-annotations`` for its ``annotations``).

        Args:
            provider: A provider name, built in or in ``template_dirs``.
            strict: Strict schemas where the provider has them.
            gemini_json_schema: Gemini: ``parametersJsonSchema`` instead of ``parameters``.
            template_dirs: Directories of user templates, in front of the built-in ones.
            search: Local tool search: True for the Toolbox's own conversation, or a
                conversation of ``search_session()``. The file then holds the tools that are
                not deferred, those the model found so far, and ``search_tools``.
            annotations: MCP annotation hints by tool name, for this file (None: the
                Toolbox's own).

        Returns:
            The file's text (None when the render failed) and the render's diagnostics.

        Raises:
            InspectorError: With ``search``: a tool is already named ``search_tools``.
        """
        options = RenderOptions(
            strict=strict,
            template_dirs=[Path(d) for d in template_dirs],  # text too, as handle takes
            gemini_json_schema=gemini_json_schema,
            annotations=dict(self._annotations if annotations is None else annotations),
            compiled=self._compiled_templates(),
        )
        self._know_templates(options.template_dirs)
        session = self._session(search)
        if session is None:
            options.defer = self.defer
        tools = self.tools if session is None else session.offered()
        (rendered,) = pipeline.render([provider], tools, options)
        return rendered

    def _compiled_templates(self) -> CompiledTemplates:
        """The templates this Toolbox compiled, made at its first render (Jinja is imported
        then, not with the Toolbox)."""
        if self._compiled is None:
            from inspector.render.compiled import CompiledTemplates

            self._compiled = CompiledTemplates()  # two threads may each make one: both work
        return self._compiled

    def tool_named(self, name: str) -> ToolDescriptor:
        """The tool a call names.

        Args:
            name: The tool's name, ``Class_method`` (as ``render`` names it when classes share
                a method name), or the shortened name a provider's file gives a name it refuses
                (too long, or with characters it does not take).

        Returns:
            The tool, with its own name.

        Raises:
            ToolCallError: No callable tool has that name.
        """
        return self._bound(name).descriptor

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
        return ToolSearchSession(self.tools, deferred, max_chars=self._results.max_chars)

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
        template_dirs: Iterable[str | Path] = (),
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
            raise located_error(rendered.diagnostics[0])
        return rendered.document

    def call(
        self,
        name: str,
        arguments: Mapping[str, object] | str | None = None,
        *,
        context: Mapping[str, object] | None = None,
        approve: Approver | None = None,
        search: ToolSearchSession | None = None,
    ) -> object:
        """Run a tool (an async one to completion).

        Args:
            name: The tool's name (or ``Class_method``, as ``render`` names it when classes
                share a method name). ``search_tools`` (when no tool of yours has that name)
                searches the deferred tools, in ``search`` or the Toolbox's own conversation.
            arguments: The arguments as a mapping or as JSON text (as a model sends them);
                None for none.
            context: Values for injected parameters, over the Toolbox's ``context``.
            approve: Asked ``(tool, arguments)`` before a tool that needs approval runs; only
                ``True`` runs it (None: such a call is not approved).
            search: The conversation of a ``search_tools`` call (None: the Toolbox's own).

        Returns:
            What the method returned.

        Raises:
            ToolCallError: An unknown or excluded tool, arguments the schema does not allow,
                a call not approved or timed out, or the method failed; the message is written
                for the model.
            MissingContext: An injected parameter's value is in no context (the host's
                mistake: the model is never asked for it).
        """
        if self._is_search(name):
            return self._search_tools(arguments, search)
        bound, args, kwargs, values = self._prepare(name, arguments, context)
        if needs_approval(bound.descriptor, self._annotations, self._approve_destructive):
            answer_ = approval_answer(approve, bound.descriptor, values)
            if inspect.isawaitable(answer_):
                answer_ = run_to_completion(answer_)
            self._check_approved(name, approve, answer_)
        self._runner.refuse_while_late(name, bound)
        try:
            result = self._runner.run(bound, args, kwargs, self._seconds(bound))
        except ToolCallError:
            raise
        except TimedOut as timed:
            raise self._runner.timed_out(name, timed) from None
        except _PASSED_THROUGH:
            raise
        except BaseException as error:  # sys.exit(), a library's own BaseException: failed
            raise self._failure(name, error) from error
        return result

    async def acall(
        self,
        name: str,
        arguments: Mapping[str, object] | str | None = None,
        *,
        context: Mapping[str, object] | None = None,
        approve: Approver | None = None,
        search: ToolSearchSession | None = None,
    ) -> object:
        """Run a tool: awaited when async, on a thread when not (its object's own thread
        under ``serve``).

        Args:
            name: The tool's name (or ``Class_method``; ``search_tools``: see ``call``).
            arguments: The arguments as a mapping or as JSON text; None for none.
            context: Values for injected parameters, over the Toolbox's ``context``.
            approve: Asked ``(tool, arguments)`` (and awaited, if async) before a tool that
                needs approval runs; only ``True`` runs it.
            search: The conversation of a ``search_tools`` call (None: the Toolbox's own).

        Returns:
            What the method returned.

        Raises:
            ToolCallError: An unknown or excluded tool, arguments the schema does not allow,
                a call not approved or timed out, or the method failed; the message is written
                for the model.
            MissingContext: An injected parameter's value is in no context.
        """
        if self._is_search(name):
            return self._search_tools(arguments, search)
        bound, args, kwargs, values = self._prepare(name, arguments, context)
        if needs_approval(bound.descriptor, self._annotations, self._approve_destructive):
            answer_ = approval_answer(approve, bound.descriptor, values)
            if inspect.isawaitable(answer_):
                try:
                    answer_ = await answer_
                except Exception:  # the host's approver failed: not approved
                    log.exception("%s: the approver failed", name)
                    answer_ = False
            self._check_approved(name, approve, answer_)
        self._runner.refuse_while_late(name, bound)
        try:
            return await self._runner.run_async(bound, args, kwargs, self._seconds(bound))
        except ToolCallError:
            raise
        except TimedOut as timed:
            raise self._runner.timed_out(name, timed) from None
        except _PASSED_THROUGH:
            raise
        except BaseException as error:  # sys.exit(), a library's own BaseException: failed
            raise self._failure(name, error) from error

    def handle(
        self,
        provider: str,
        message: object,
        *,
        template_dirs: Iterable[str | Path] = (),
        context: Mapping[str, object] | None = None,
        approve: Approver | None = None,
        search: ToolSearchSession | None = None,
    ) -> list[JsonObject]:
        """Run every tool call in a provider's message, in order. A failing call becomes an
        error result, never an exception.

        Args:
            provider: The provider whose message it is.
            message: The model's message (the SDK's object, or its JSON).
            template_dirs: Where user providers are (their module beside their template).
            context: Values for injected parameters, over the Toolbox's ``context``.
            approve: Asked ``(tool, arguments)`` before a tool that needs approval runs; only
                ``True`` runs it; without it such calls are answered "not approved".
            search: The conversation whose ``search_tools`` calls these are (None: the
                Toolbox's own).

        Returns:
            The provider's tool-result messages, one per call, to send back to the model;
            an empty list when the message holds no call.

        Raises:
            MissingContext: A called tool's injected parameter has no value in any context
                (raised before any call of the message runs).
        """
        dirs = [Path(d) for d in template_dirs]
        self._know_templates(dirs)
        calls = read_calls(provider, message, dirs)
        self._check_contexts(calls, context)
        outcomes = [self._outcome(call, context, approve, search) for call in calls]
        return answer(provider, outcomes, dirs)

    async def ahandle(
        self,
        provider: str,
        message: object,
        *,
        template_dirs: Iterable[str | Path] = (),
        context: Mapping[str, object] | None = None,
        approve: Approver | None = None,
        search: ToolSearchSession | None = None,
    ) -> list[JsonObject]:
        """Like ``handle``; async tools of one message run concurrently, results keep the call
        order and ids.

        Args:
            provider: The provider whose message it is.
            message: The model's message (the SDK's object, or its JSON).
            template_dirs: Where user providers are (their module beside their template).
            context: Values for injected parameters, over the Toolbox's ``context``.
            approve: Asked (and awaited, if async) before a tool that needs approval runs.
            search: The conversation whose ``search_tools`` calls these are (None: the
                Toolbox's own).

        Returns:
            The provider's tool-result messages, one per call, in the calls' order; an empty
            list when the message holds no call.

        Raises:
            MissingContext: A called tool's injected parameter has no value in any context
                (raised before any call of the message runs).
        """
        dirs = [Path(d) for d in template_dirs]
        self._know_templates(dirs)
        calls = read_calls(provider, message, dirs)
        self._check_contexts(calls, context)

        async def run(call: Call) -> Outcome:
            try:
                value = await self.acall(
                    call.name, call_arguments(call), context=context, approve=approve, search=search
                )
            except ToolCallError as error:
                return Outcome(call, error=error.message)
            return self.outcome(call, value)[0]

        outcomes = await asyncio.gather(*(run(c) for c in calls))
        return answer(provider, list(outcomes), dirs)

    def outcome(self, call: Call, value: object) -> tuple[Outcome, bool]:
        """What the model gets for a call that returned ``value`` (``serve`` answers with it
        too): the ``result_serializer``'s form, converted, cut to ``max_result_chars``.

        Args:
            call: The call (its tool must be one of this Toolbox's).
            value: What the method returned.

        Returns:
            The outcome, and whether its text was cut.
        """
        try:
            tool = SEARCH_TOOL if self._is_search(call.name) else self._bound(call.name).descriptor
            return outcome(call, value, tool, self._results)  # a search's answer fits already
        except ToolCallError as error:
            return Outcome(call, error=error.message), False
        except Exception as error:  # the host's serializer failed: the call failed
            return Outcome(call, error=self._failure(call.name, error).message), False

    def _check_contexts(self, calls: list[Call], context: Mapping[str, object] | None) -> None:
        """Raise ``MissingContext`` before any call of a message runs when one of them lacks a
        context value: a call already run would otherwise lose its answer."""
        merged = {**self.context, **(context or {})}
        for call in calls:
            if self._is_search(call.name):
                continue
            try:
                bound = self._bound(call.name)
            except ToolCallError:  # answered as an unknown tool when its turn comes
                continue
            check_context(call.name, bound, merged)

    def _outcome(
        self,
        call: Call,
        context: Mapping[str, object] | None,
        approve: Approver | None,
        search: ToolSearchSession | None = None,
    ) -> Outcome:
        try:
            value = self.call(
                call.name, call_arguments(call), context=context, approve=approve, search=search
            )
        except ToolCallError as error:
            return Outcome(call, error=error.message)
        return self.outcome(call, value)[0]

    def _seconds(self, bound: Bound) -> float | None:
        own = bound.descriptor.curation.timeout
        return own if own is not None else self.timeout

    def _check_approved(self, name: str, approve: Approver | None, answer_: object) -> None:
        if answer_ is True:
            return
        why = "no approver was given" if approve is None else "the approver refused"
        self._tell(ToolEvent("not-approved", name, f"{name}: not run: {why}"))
        raise ToolCallError(not_approved(name), name)

    def _tell(self, event: ToolEvent) -> None:
        log.warning("%s", event.message, exc_info=event.error)
        if self._on_event is not None:
            try:
                self._on_event(event)
            except Exception:  # the host's hook failed: its log still has the event
                log.exception("on_event failed")

    def _is_search(self, name: str) -> bool:
        """Whether a call is to the tool search's ``search_tools`` (not to a tool of yours).
        It is answered whether or not this Toolbox gave the definitions: a host may make the
        definitions in one process and handle the calls in another."""
        return name == SEARCH_TOOL_NAME and name not in self._tools

    def _search_tools(
        self, arguments: Mapping[str, object] | str | None, search: ToolSearchSession | None
    ) -> JsonObject:
        """A ``search_tools`` call answered in its conversation."""
        session = search if search is not None else self._own_session()
        try:
            return session.answer(decode_arguments(SEARCH_TOOL_NAME, arguments))
        except ValueError as error:
            raise ToolCallError(f"{SEARCH_TOOL_NAME}: {error}", SEARCH_TOOL_NAME) from None

    def _bound(self, name: str) -> Bound:
        """The tool a call names: by its name, as ``Class_method`` (how ``render`` names it
        when more classes were scanned than this Toolbox has), or by the name a provider's file
        writes for a name it refuses; raises ``ToolCallError``."""
        bound = self._tools.get(name) or self._tools.get(self._qualified.get(name, ""))
        if bound is None:
            bound = self._tools.get(self._fitted_names().get(name, ""))
        if bound is None:
            renamed = self._renamed.get(name, [])
            raise ToolCallError(unknown_tool(name, list(self._tools), renamed), name)
        return bound

    def _know_templates(self, template_dirs: Iterable[Path]) -> None:
        """User providers whose name rules may shorten names too (``_fitted_names``)."""
        new = set(template_dirs) - self._template_dirs
        if new:
            self._template_dirs |= new
            self._fitted = None

    def _fitted_names(self) -> dict[str, str]:
        """Every provider's fitted name (``providers.names``) → the tool's name; made when a
        call first names no tool, computed as ``render`` computes it for these tools."""
        if self._fitted is None:
            names = list(self._tools)
            self._fitted = {}
            for entry in available(sorted(self._template_dirs)):
                for name, short in fitted_names(entry.provider.tool_names, names).items():
                    self._fitted.setdefault(short, name)
        return self._fitted

    def _failure(self, name: str, error: BaseException) -> ToolCallError:
        message, hidden = failure_text(
            name, error, errors=self._errors, formatter=self._error_formatter, debug=self.debug
        )
        if hidden:
            said = f"{name} failed: {type(error).__name__}: {exception_text(error)}"
            self._tell(ToolEvent("failed", name, said, error))
        return ToolCallError(message, name)

    def _read_arguments(
        self,
        name: str,
        arguments: Mapping[str, object] | str | None,
        context: Mapping[str, object] | None,
    ) -> tuple[Bound, list[object], dict[str, object], dict[str, object]]:
        bound = self._bound(name)
        self._notes.set(())
        merged = {**self.context, **(context or {})}
        args, kwargs, values, notes = read_arguments(name, bound, arguments, merged)
        self._notes.set(tuple(notes))
        for note in notes:
            log.info("%s: lenient argument reading: %s", name, note)
        return bound, args, kwargs, values

    def _prepare(
        self,
        name: str,
        arguments: Mapping[str, object] | str | None,
        context: Mapping[str, object] | None,
    ) -> tuple[Bound, list[object], dict[str, object], dict[str, object]]:
        try:
            return self._read_arguments(name, arguments, context)
        except RecursionError:  # hostile nesting: decoding or converting it runs out of stack
            raise ToolCallError(f"{name}: the arguments are nested too deeply", name) from None
        except (ToolCallError, InspectorError):
            raise
        except Exception as error:  # an argument's class failed in its own code: as the method
            raise self._failure(name, error) from error  # would, under ``errors`` (masked too)


def _check_options(errors: str, timeout: float | None, max_result_chars: int) -> None:
    if errors not in ("show", "mask"):
        raise InspectorError(f"errors={errors!r}: expected 'show' or 'mask'")
    if timeout is not None and not timeout > 0:
        raise InspectorError(f"timeout={timeout!r}: expected seconds above 0, or None")
    if not max_result_chars > 0:
        raise InspectorError(f"max_result_chars={max_result_chars!r}: expected above 0")
