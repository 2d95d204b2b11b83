"""The MCP server itself, on the SDK's low-level ``Server``: tools/list from the mcp render,
tools/call through the Toolbox, reloading on a classification change, stdio or streamable HTTP,
a clean stop on EOF, SIGTERM and SIGINT. Imported only once the SDK is known to be there."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import signal
import stat
import sys
import weakref
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager, contextmanager, redirect_stdout
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio
import anyio.abc
import uvicorn
from mcp import types
from mcp.server.context import ServerRequestContext
from mcp.server.lowlevel import NotificationOptions, Server
from mcp.server.session import ServerSession
from mcp.server.stdio import stdio_server
from mcp.server.subscriptions import InMemorySubscriptionBus, ListenHandler, ToolsListChanged

from inspector.diagnostics import InspectorError, Level
from inspector.model import JsonObject, ToolDescriptor
from inspector.providers.calls import Call, Outcome
from inspector.runtime.call_reading import unknown_tool
from inspector.runtime.host import Approver, MissingContext, exception_text
from inspector.runtime.http_auth import BearerGate, request_client
from inspector.runtime.messages import answer, to_text
from inspector.runtime.serve_options import ServeOptions, mcp_tools
from inspector.runtime.tool_search import SEARCH_TOOL, SEARCH_TOOL_NAME, ToolSearchSession
from inspector.runtime.toolbox import Toolbox, ToolCallError

log = logging.getLogger("inspector.serve")


class Tools:
    """The tools being served: the current Toolbox and its tools/list entries, replaced whole
    on a reload; the sessions to tell about a change; with ``search``, each client's tool
    search (what it found is listed to it from then on)."""

    def __init__(self, build: Callable[[], Toolbox], options: ServeOptions) -> None:
        self._build = build
        self._options = options
        self.toolbox = build()
        self.listed = mcp_tools(self.toolbox, options.annotations)
        diagnostics = self.toolbox.diagnostics  # annotations' too (the Toolbox has them)
        if options.report is not None:
            options.report(diagnostics)
        else:
            for diagnostic in diagnostics:
                level = logging.INFO if diagnostic.level is Level.INFO else logging.WARNING
                log.log(level, "%s", diagnostic, extra={"diagnostic": True})
        self.bus = InMemorySubscriptionBus()
        self._sessions: list[ServerSession] = []
        self._searches: dict[int, _ClientSearch] = {}
        if options.search:
            self.toolbox.search_session()  # a tool named search_tools: an error at the start

    def _search(self, ctx: ServerRequestContext[Any]) -> ToolSearchSession | None:
        """The client's tool search (made at its first request), or None without ``search``.
        After a reload it searches the new tools and keeps what it found that still exists."""
        if not self._options.search:
            return None
        # one object per connection, for its whole life; a client that did not identify itself
        # (a stateless request may not) shares the search of every such client
        client: object = ctx.session.client_params or _ANONYMOUS
        key = id(client)
        known = self._searches.get(key)
        if known is not None and known.client() is not client:  # that client is gone
            known = None
        if known is not None and known.toolbox is self.toolbox:
            return known.search
        search = self.toolbox.search_session()
        search.keep(known.search.found if known is not None else ())
        self._searches = {k: c for k, c in self._searches.items() if c.client() is not None}
        self._searches[key] = _ClientSearch(weakref.ref(client), self.toolbox, search)
        return search

    async def list_tools(
        self, ctx: ServerRequestContext[Any], params: types.PaginatedRequestParams | None
    ) -> types.ListToolsResult:
        """``tools/list``: every tool in one page (with ``search``: the tools not deferred,
        those this client found, and ``search_tools``)."""
        search = self._search(ctx)
        if search is None:
            return types.ListToolsResult.model_validate({"tools": self.listed})
        listed = mcp_tools(self.toolbox, self._options.annotations, search)
        return types.ListToolsResult.model_validate({"tools": listed})

    async def call_tool(
        self, ctx: ServerRequestContext[Any], params: types.CallToolRequestParams
    ) -> types.CallToolResult:
        """``tools/call``: through the Toolbox; whatever the method does, an answer. A
        ``search_tools`` call searches this client's deferred tools and, when it found new
        ones, sends it ``notifications/tools/list_changed``."""
        toolbox, listed = self.toolbox, self.listed
        search = self._search(ctx)
        if search is not None and params.name == SEARCH_TOOL_NAME:
            before = search.found
            outcome = _searched(search, params.arguments or {})
            if search.found != before:
                await ctx.session.send_tool_list_changed()
            (reply,) = answer("mcp", [outcome])
            return types.CallToolResult.model_validate(reply["result"])
        named = params.name
        if search is None and named == SEARCH_TOOL_NAME and all(t["name"] != named for t in listed):
            # without --search the tool is not listed: it is unknown, and nothing deferred leaks
            names = [str(tool["name"]) for tool in listed]
            error = Outcome(Call(None, params.name, None), error=unknown_tool(params.name, names))
            (reply,) = answer("mcp", [error])
            return types.CallToolResult.model_validate(reply["result"])
        context = {**self._options.context, **request_client(ctx.request)}
        approve = _elicitation(ctx) if _can_elicit(ctx) else None
        # a cut result, or one its outputSchema does not allow, is answered as an error by
        # the MCP provider's answer, as for ``Toolbox.handle("mcp")``
        outcome, _ = await _outcome(toolbox, params.name, params.arguments or {}, context, approve)
        (reply,) = answer("mcp", [outcome])
        return types.CallToolResult.model_validate(reply["result"])

    async def initialized(
        self, ctx: ServerRequestContext[Any], params: types.NotificationParams
    ) -> None:
        """Remember a handshake-era session: it hears about tool changes on its own channel."""
        self._sessions.append(ctx.session)

    async def reload(self) -> None:
        """Rebuild the tools; when they changed, tell every client. A failure keeps the old."""
        try:
            toolbox = self._build()
            listed = mcp_tools(toolbox, self._options.annotations)
        except InspectorError as error:
            log.error("%s; keeping the previous %d tools", error, len(self.listed))
            return
        if listed == self.listed:
            return
        self.toolbox, self.listed = toolbox, listed
        log.info("reloaded: %d tools (%s)", len(listed), _names(listed))
        await self._announce()

    async def _announce(self) -> None:
        for session in list(self._sessions):
            try:
                await session.send_tool_list_changed()
            except Exception:  # that client is gone
                self._sessions.remove(session)
        await self.bus.publish(ToolsListChanged())

    async def watch(
        self, path: Path, *, task_status: anyio.abc.TaskStatus[None] = anyio.TASK_STATUS_IGNORED
    ) -> None:
        """Reload whenever the file's content changes (polled: no extra dependency)."""
        last = _content(path)
        task_status.started()
        while True:
            await anyio.sleep(self._options.poll_seconds)
            now = _content(path)
            if now == last:
                continue
            last = now
            if now is None:
                log.error("%s: missing; keeping the previous %d tools", path, len(self.listed))
            else:
                await self.reload()


@dataclass(frozen=True, slots=True)
class _ClientSearch:
    """One client's tool search, made for one Toolbox (a reload makes a new one)."""

    client: Callable[[], object]
    toolbox: Toolbox
    search: ToolSearchSession


class _Anonymous:
    """The clients that did not identify themselves."""


_ANONYMOUS = _Anonymous()


def _content(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except OSError:
        return None


async def _outcome(
    toolbox: Toolbox,
    name: str,
    arguments: dict[str, Any],
    context: dict[str, object],
    approve: Approver | None,
) -> tuple[Outcome, bool]:
    """Run the call in this task, so that even a method raising ``SystemExit`` or
    ``KeyboardInterrupt`` becomes an error result instead of stopping the server; the
    answer is the Toolbox's (and whether it was cut)."""
    call = Call(None, name, None)
    try:
        value = await toolbox.acall(name, arguments, context=context, approve=approve)
    except ToolCallError as error:
        return Outcome(call, error=error.message), False
    except MissingContext as error:  # the server's setup, not the model's call
        log.error("%s", error)
        return Outcome(call, error=f"{name}: the server lacks a value this tool needs"), False
    except anyio.get_cancelled_exc_class():
        raise
    except BaseException as error:  # a hostile method: never let it end the server
        failed = f"{call.name} failed: {type(error).__name__}: {exception_text(error)}"
        return Outcome(call, error=failed), False
    return toolbox.outcome(call, value)  # NaN and the like: the Toolbox's error result


def _can_elicit(ctx: ServerRequestContext[Any]) -> bool:
    """Whether the client can be asked a question (the elicitation capability)."""
    wanted = types.ClientCapabilities(elicitation=types.ElicitationCapability())
    try:
        return ctx.session.check_client_capability(wanted)
    except Exception:  # an older session without the check: ask nothing
        return False


def _elicitation(ctx: ServerRequestContext[Any]) -> Approver:
    """An approver that asks the client's user through MCP elicitation."""

    async def approve(tool: ToolDescriptor, arguments: dict[str, object]) -> bool:
        shown = json.dumps(arguments, ensure_ascii=False, default=str)
        schema: Any = {
            "type": "object",
            "properties": {"approve": {"type": "boolean", "title": f"Run {tool.name}?"}},
            "required": ["approve"],
        }
        result = await ctx.session.elicit_form(
            f"Allow the tool {tool.name} with the arguments {shown}?",
            schema,
            related_request_id=ctx.request_id,
        )
        return result.action == "accept" and (result.content or {}).get("approve") is True

    return approve


def _searched(search: ToolSearchSession, arguments: dict[str, Any]) -> Outcome:
    """A ``search_tools`` call answered in the client's conversation."""
    call = Call(None, SEARCH_TOOL_NAME, None)
    try:
        value = search.answer(arguments)
    except ValueError as error:
        return Outcome(call, error=f"{SEARCH_TOOL_NAME}: {error}")
    return Outcome(call, value, to_text(value), None, SEARCH_TOOL)


class _Server(Server[Any]):
    """The low-level server, advertising ``tools.listChanged`` when the tools can change."""

    watching: bool = False

    def create_initialization_options(
        self,
        notification_options: NotificationOptions | None = None,
        experimental_capabilities: dict[str, dict[str, Any]] | None = None,
        extensions: dict[str, dict[str, Any]] | None = None,
    ) -> Any:
        notifications = notification_options or NotificationOptions(tools_changed=self.watching)
        return super().create_initialization_options(
            notifications, experimental_capabilities, extensions
        )


def build_server(tools: Tools, options: ServeOptions) -> Server[Any]:
    """The SDK server for these tools."""
    server = _Server(
        options.name,
        version=options.version,
        on_list_tools=tools.list_tools,
        on_call_tool=tools.call_tool,
        on_subscriptions_listen=ListenHandler(tools.bus),
    )
    server.watching = options.watch is not None or options.search
    if options.watch is not None:  # only then is there a change to tell every session about
        server.add_notification_handler(
            "notifications/initialized", types.NotificationParams, tools.initialized
        )
    return server


def run_server(build: Callable[[], Toolbox], options: ServeOptions) -> None:
    """Serve until EOF (stdio), SIGTERM or SIGINT."""
    tools = Tools(build, options)
    server = build_server(tools, options)
    try:
        anyio.run(_main, tools, server, options)
    except BaseExceptionGroup as group:  # a task group wraps even a single error
        error = _single(group)
        if isinstance(error, InspectorError):
            raise error from None
        raise


def _single(error: BaseException) -> BaseException:
    while isinstance(error, BaseExceptionGroup) and len(error.exceptions) == 1:
        error = error.exceptions[0]
    return error


async def _main(tools: Tools, server: Server[Any], options: ServeOptions) -> None:
    where = "stdio"
    if options.http is not None:
        where = f"http://{_url_host(options.http[0])}:{options.http[1]}/mcp"
    async with anyio.create_task_group() as group:
        stopping = _Stopping(group.cancel_scope.cancel)
        await group.start(_stop_on_signal, stopping)
        count = len(tools.listed)
        noun = "tool" if count == 1 else "tools"
        log.info("serving %d %s over %s: %s", count, noun, where, _names(tools.listed))
        if options.watch is not None:
            group.start_soon(tools.watch, options.watch)
        if options.http is None:
            await _serve_stdio(server)
        else:
            await _serve_http(server, options, stopping)
        group.cancel_scope.cancel()
    log.info("stopped")


class _Stopping:
    """What a SIGTERM or SIGINT does: cancel everything (stdio), or stop the web server."""

    def __init__(self, action: Callable[[], None]) -> None:
        self.action = action


async def _stop_on_signal(
    stopping: _Stopping, *, task_status: anyio.abc.TaskStatus[None] = anyio.TASK_STATUS_IGNORED
) -> None:
    if sys.platform == "win32":  # no signal receivers there: Ctrl-C interrupts as usual
        task_status.started()
        return
    with anyio.open_signal_receiver(signal.SIGTERM, signal.SIGINT) as signals:
        task_status.started()
        async for received in signals:
            log.info("%s: stopping", signal.Signals(received).name)
            stopping.action()


async def _serve_stdio(server: Server[Any]) -> None:
    """The SDK points fd 1 at stderr while it serves; ``print`` in a method goes there at once
    too, instead of waiting in ``sys.stdout``'s buffer to reach the wire after the end."""
    sys.stdout.flush()
    async with (
        _stdin_lines() as lines,
        stdio_server(stdin=lines) as (read_stream, write_stream),  # type: ignore[arg-type]
    ):
        with redirect_stdout(sys.stderr):
            await server.run(read_stream, write_stream, server.create_initialization_options())


class _PipeLines:
    """The lines of a pipe, read on the event loop: a signal can stop the server, which it
    cannot while a thread is blocked reading stdin."""

    def __init__(self, reader: asyncio.StreamReader) -> None:
        self._reader = reader

    def __aiter__(self) -> _PipeLines:
        return self

    async def __anext__(self) -> str:
        line = await self._reader.readline()
        if not line:
            raise StopAsyncIteration
        return line.decode("utf-8", errors="replace")


@asynccontextmanager
async def _stdin_lines() -> AsyncIterator[_PipeLines | None]:
    """stdin's lines, with fd 0 pointed at the null device meanwhile (a method reading stdin
    must not take the client's messages); None (the SDK reads it) when stdin is no pipe."""
    if not _pollable(0):  # /dev/null, a regular file: the event loop cannot wait on it
        yield None
        return
    reader = asyncio.StreamReader(limit=_LINE_LIMIT)
    loop = asyncio.get_running_loop()
    pipe = os.fdopen(os.dup(0), "rb", buffering=0)
    try:
        transport, _ = await loop.connect_read_pipe(
            lambda: asyncio.StreamReaderProtocol(reader), pipe
        )
    except (ValueError, OSError, NotImplementedError):
        pipe.close()
        yield None
        return
    saved = os.dup(0)
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.close(null)
    try:
        yield _PipeLines(reader)
    finally:
        transport.close()
        os.dup2(saved, 0)
        os.close(saved)


def _pollable(fd: int) -> bool:
    """Whether the event loop can wait on ``fd``: a pipe, a socket or a terminal (epoll refuses
    character devices such as ``/dev/null`` and regular files)."""
    try:
        mode = os.fstat(fd).st_mode
    except OSError:
        return False
    return stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode) or os.isatty(fd)


_LINE_LIMIT = 1 << 26
"""The longest message line read from stdin (64 MiB)."""


class _Uvicorn(uvicorn.Server):
    """Uvicorn without its own signal handling: ours stops it, and the process exits 0."""

    @contextmanager
    def capture_signals(self) -> Iterator[None]:
        yield


async def _serve_http(server: Server[Any], options: ServeOptions, stopping: _Stopping) -> None:
    assert options.http is not None
    address = options.http
    app: Any = server.streamable_http_app(host=address[0])
    if options.tokens is not None:
        app = BearerGate(app, options.tokens)
    config = uvicorn.Config(
        app,
        host=address[0],
        port=address[1],
        log_config=None,
        access_log=False,
        lifespan="on",
        timeout_graceful_shutdown=2,
    )
    web = _Uvicorn(config)

    def stop() -> None:
        web.should_exit = True

    stopping.action = stop
    quiet = _NoCancelledTracebacks()
    uvicorn_log = logging.getLogger("uvicorn.error")
    uvicorn_log.addFilter(quiet)
    try:
        await web.serve()
    except SystemExit:  # uvicorn's answer to an address it cannot bind
        raise InspectorError(f"cannot listen on {address[0]}:{address[1]}") from None
    finally:
        uvicorn_log.removeFilter(quiet)


class _NoCancelledTracebacks(logging.Filter):
    """Requests still open when the server stops (a call running, a client's event stream)
    are cancelled: that is the stop working, not a failure to print a traceback for."""

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        return not isinstance(error, asyncio.CancelledError)


def _names(listed: list[JsonObject]) -> str:
    return ", ".join(str(tool["name"]) for tool in listed) or "none"


def _url_host(host: str) -> str:
    return f"[{host}]" if ":" in host else host
