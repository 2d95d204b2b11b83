"""Where and for how long a tool's method runs: sync methods on a thread (a fresh one per call,
or the one thread of their object under ``serve``), async ones on the caller's loop; a call
past its timeout answered on time, and a sync tool whose timed-out call still runs refusing new
calls until it has ended."""

from __future__ import annotations

import asyncio
import concurrent.futures
import inspect
import queue
import threading
import time
import typing
from collections.abc import AsyncIterator, Callable
from contextvars import copy_context
from dataclasses import dataclass

from inspector.runtime.binding import Bound, flattened
from inspector.runtime.call_reading import ToolCallError
from inspector.runtime.host import ToolEvent, exception_text
from inspector.typetable.values import read_as_items

Work = Callable[[], object]


class TimedOut(Exception):
    """A call ran past its timeout.

    Args:
        seconds: The timeout.
        still_running: Whether the call goes on (a sync method's thread cannot be stopped).
    """

    def __init__(self, seconds: float, still_running: bool) -> None:
        super().__init__(f"timed out after {seconds:g} s")
        self.seconds = seconds
        self.still_running = still_running


def on_new_thread(work: Work) -> concurrent.futures.Future[object]:
    """Run ``work`` on a daemon thread of its own: a call still running does not keep the
    process alive once its host has stopped."""
    future: concurrent.futures.Future[object] = concurrent.futures.Future()
    threading.Thread(
        target=_settle, args=(future, work), name="toolsinspector-call", daemon=True
    ).start()
    return future


def _settle(future: concurrent.futures.Future[object], work: Work) -> None:
    if not future.set_running_or_notify_cancel():
        return  # cancelled before it started (its caller timed out while it waited)
    try:
        future.set_result(work())
    except BaseException as error:  # handed to the caller, which reports it
        future.set_exception(error)


class HomeThread:
    """One daemon thread that runs, in order, the work given to it: the thread an object was
    made on and whose methods it runs (a ``sqlite3`` connection opened in ``__init__`` works
    only on the thread that opened it)."""

    def __init__(self, name: str) -> None:
        self._work: queue.SimpleQueue[tuple[concurrent.futures.Future[object], Work] | None] = (
            queue.SimpleQueue()
        )
        threading.Thread(target=self._loop, name=name, daemon=True).start()

    def submit(self, work: Work) -> concurrent.futures.Future[object]:
        """Queue ``work``; its future settles when it has run."""
        future: concurrent.futures.Future[object] = concurrent.futures.Future()
        self._work.put((future, work))
        return future

    def stop(self) -> None:
        """End the thread once the work queued before has run (nothing lives on it: the
        object it was to make failed)."""
        self._work.put(None)

    def _loop(self) -> None:
        while (queued := self._work.get()) is not None:
            _settle(*queued)


@dataclass
class Homes:
    """The home threads of objects (by ``id``), for the sync methods of each; an object with no
    home runs each call on a fresh thread."""

    threads: dict[int, HomeThread]

    def runner(self, owner: object) -> Callable[[Work], concurrent.futures.Future[object]]:
        """How a sync method of ``owner`` is started."""
        home = self.threads.get(id(owner))
        return home.submit if home is not None else on_new_thread


class NotInstances(ValueError):
    """What a factory returned holds no object, or a class or ``None``."""

    def __init__(self, made: object) -> None:
        super().__init__(f"returned {made!r}; expected an instance or a list of instances")
        self.made = made


def made_at_home(make: Callable[[], object], homes: Homes | None, name: str) -> list[object]:
    """The objects ``make()`` returns (a plain list or tuple read as its items, as the Toolbox
    reads them), made on a new home thread when there are ``homes``: the thread, named
    ``toolsinspector-{name}``, then runs their sync methods.

    Raises:
        NotInstances: ``make()`` gave no object, or a class or ``None`` among them.
        BaseException: What ``make()`` raises. Either way the new thread is stopped.
    """
    home = HomeThread(f"toolsinspector-{name}") if homes is not None else None
    try:
        made = home.submit(make).result() if home is not None else make()
        objects = list(flattened([made]))
        if not objects or any(isinstance(obj, type) or obj is None for obj in objects):
            raise NotInstances(made)
    except BaseException:
        if home is not None:
            home.stop()  # no object lives there: the thread would wait for work forever
        raise
    if homes is not None and home is not None:
        homes.threads.update((id(obj), home) for obj in objects)
    return objects


def stop_homes(homes: Homes) -> None:
    """End the home threads once the work queued on them has run (their objects' Toolbox is
    gone)."""
    for home in {id(home): home for home in homes.threads.values()}.values():
        home.stop()


class Late:
    """The tools whose timed-out sync call still runs: each refuses new calls until it ends;
    and the home threads such a call holds (by the ``id`` of their object), whose other tools
    would wait behind it."""

    def __init__(self) -> None:
        self._running: dict[str, concurrent.futures.Future[object]] = {}
        self._homes: dict[int, tuple[str, concurrent.futures.Future[object]]] = {}
        self._lock = threading.Lock()

    def busy(self, tool: str) -> bool:
        """Whether a timed-out call of ``tool`` still runs."""
        with self._lock:
            future = self._running.get(tool)
            return future is not None and not future.done()

    def holding(self, home: int) -> str | None:
        """The tool whose timed-out call still runs on the home thread of the object ``home``
        (its ``id``), or None."""
        with self._lock:
            tool, future = self._homes.get(home, ("", None))
            return tool if future is not None and not future.done() else None

    def keep(
        self,
        tool: str,
        future: concurrent.futures.Future[object],
        ended: Callable[[BaseException | None], None],
        home: int | None = None,
    ) -> None:
        """Remember a timed-out call still running (on the home thread of the object ``home``,
        if it has one); ``ended`` hears when it ends (with its exception, if it raised)."""
        with self._lock:
            self._running[tool] = future
            if home is not None:
                self._homes[home] = (tool, future)

        def done(finished: concurrent.futures.Future[object]) -> None:
            with self._lock:
                if self._running.get(tool) is finished:
                    del self._running[tool]
                if home is not None and self._homes.get(home, ("", None))[1] is finished:
                    del self._homes[home]
            ended(None if finished.cancelled() else finished.exception())

        future.add_done_callback(done)


def wait_sync(future: concurrent.futures.Future[object], seconds: float | None) -> object:
    """The future's result, waiting at most ``seconds``; raises ``TimedOut``."""
    try:
        return future.result(timeout=seconds)
    except TimeoutError:
        if future.done():  # the method's own TimeoutError
            raise
        if future.cancel():  # still queued behind another call: it never runs
            raise TimedOut(typing.cast(float, seconds), still_running=False) from None
        raise TimedOut(typing.cast(float, seconds), still_running=True) from None


async def wait_async(future: concurrent.futures.Future[object], seconds: float | None) -> object:
    """Await a thread's future, at most ``seconds``; raises ``TimedOut``."""
    waiting = asyncio.wrap_future(future)
    limit = asyncio.timeout(seconds)
    try:
        async with limit:
            return await asyncio.shield(waiting)
    except TimeoutError:
        if not limit.expired():  # the method's own TimeoutError
            raise
        if future.cancel():
            raise TimedOut(typing.cast(float, seconds), still_running=False) from None
        # what the late call ends with is told as an event (``Runner._keep_late``); asyncio
        # would log it as "never retrieved", with its traceback
        waiting.add_done_callback(_retrieved)
        raise TimedOut(typing.cast(float, seconds), still_running=True) from None


def _retrieved(waiting: asyncio.Future[object]) -> None:
    if not waiting.cancelled():
        waiting.exception()


async def awaited(awaitable: typing.Awaitable[object], seconds: float | None) -> object:
    """Await a coroutine at most ``seconds``: past them it is cancelled; raises ``TimedOut``."""
    limit = asyncio.timeout(seconds)
    try:
        async with limit:
            return await awaitable
    except TimeoutError:
        if not limit.expired():  # the method's own TimeoutError
            raise
        raise TimedOut(typing.cast(float, seconds), still_running=False) from None


class Runner:
    """Runs one Toolbox's calls: on their object's home thread or a fresh one, or awaited,
    within their timeout; a tool whose timed-out call still runs refuses new calls, and what
    happens is told as a ``ToolEvent``."""

    def __init__(self, homes: Homes, tell: Callable[[ToolEvent], None]) -> None:
        self._homes = homes
        self._late = Late()
        self._tell = tell

    def run(
        self, bound: Bound, args: list[object], kwargs: dict[str, object], seconds: float | None
    ) -> object:
        """Run a method here and now, or (with a timeout or a home thread) on a thread that
        the caller waits for at most ``seconds``; an async one to completion. A generator's (or
        an async generator's) items are read within the same time. Raises ``TimedOut`` and
        what the method raises."""
        if bound.descriptor.is_async and seconds is not None:
            return run_to_completion(awaited(finished(bound.function(*args, **kwargs)), seconds))
        started = time.monotonic()
        if seconds is None and not self._homes.threads:
            result = drained(bound.function(*args, **kwargs), None)
        else:
            stop = threading.Event()
            future = self._start(bound, lambda: drained(bound.function(*args, **kwargs), stop))
            try:
                result = wait_sync(future, seconds)
            except TimedOut as timed:
                stop.set()  # an endless generator stops at its next item
                self._keep_late(bound, future, timed)
                raise
        if inspect.isawaitable(result) or isinstance(result, AsyncIterator):
            left = None if seconds is None else max(seconds - (time.monotonic() - started), 0.0)
            try:
                result = run_to_completion(awaited(finished(result), left))
            except TimedOut:
                raise TimedOut(typing.cast(float, seconds), still_running=False) from None
        return result

    async def run_async(
        self, bound: Bound, args: list[object], kwargs: dict[str, object], seconds: float | None
    ) -> object:
        """Run a method: awaited when async, on its thread when not, at most ``seconds``; what a
        sync method returns that is awaitable (a coroutine, aiohttp's request) awaited, as
        ``run`` does; a generator's (or an async generator's) items read within the same time.
        Raises ``TimedOut`` and what the method raises."""
        started = asyncio.get_running_loop().time()
        if bound.descriptor.is_async:
            return await awaited(finished(bound.function(*args, **kwargs)), seconds)
        stop = threading.Event()
        future = self._start(bound, lambda: drained(bound.function(*args, **kwargs), stop))
        try:
            result = await wait_async(future, seconds)
        except TimedOut as timed:
            stop.set()
            self._keep_late(bound, future, timed)
            raise
        if inspect.isawaitable(result) or isinstance(result, AsyncIterator):
            result = await self._rest_awaited(finished(result), seconds, started)
        return result

    @staticmethod
    async def _rest_awaited(
        awaitable: typing.Awaitable[object], seconds: float | None, started: float
    ) -> object:
        """Await what a sync method returned, within what is left of the call's timeout (a
        timeout says the call's own ``seconds``)."""
        if seconds is None:
            return await awaitable
        left = seconds - (asyncio.get_running_loop().time() - started)
        try:
            return await awaited(awaitable, max(left, 0.0))
        except TimedOut:
            raise TimedOut(seconds, still_running=False) from None

    def refuse_while_late(self, name: str, bound: Bound) -> None:
        """Raise ``ToolCallError`` when a timed-out call of the tool still runs, or, for a sync
        method, when one of another tool of the same object holds the object's home thread
        (the call would wait behind it, past any timeout, without end when it has none)."""
        tool = bound.descriptor.name
        if self._late.busy(tool):
            message = (
                f"{name}: a call that timed out is still running; the tool takes no new call "
                "until it has ended"
            )
        elif not bound.descriptor.is_async and (other := self._late.holding(id(bound.owner))):
            message = (
                f"{name}: a call of {other} that timed out is still running on the thread of "
                "their object; the tool takes no new call until it has ended"
            )
        else:
            return
        self._tell(ToolEvent("busy", tool, message))
        raise ToolCallError(message, name)

    def timed_out(self, name: str, timed: TimedOut) -> ToolCallError:
        """The error a call past its timeout answers, told as an event."""
        if timed.still_running:
            message = (
                f"{name}: timed out after {timed.seconds:g} s; the call is still running and "
                "the tool takes no new call until it has ended"
            )
        else:
            message = f"{name}: timed out after {timed.seconds:g} s; the call was stopped"
        self._tell(ToolEvent("timed-out", name, message))
        return ToolCallError(message, name)

    def _start(self, bound: Bound, work: Work) -> concurrent.futures.Future[object]:
        """Start a sync call on its thread, in a copy of the caller's context variables (as
        ``asyncio.to_thread`` does: a request's tracing span or locale goes along)."""
        context = copy_context()
        return self._homes.runner(bound.owner)(lambda: context.run(work))

    def _keep_late(
        self, bound: Bound, future: concurrent.futures.Future[object], timed: TimedOut
    ) -> None:
        if not timed.still_running:
            return
        name = bound.descriptor.name

        def ended(error: BaseException | None) -> None:
            if isinstance(error, Stopped):  # ours, not the method's: no error to report
                how, error = "its items no longer read", None
            elif error is not None:
                how = f"with {type(error).__name__}: {exception_text(error)}"
            else:
                how = "normally"
            message = f"{name}: the call that timed out has ended ({how}); the tool takes calls"
            self._tell(ToolEvent("ended-after-timeout", name, message, error))

        owner = id(bound.owner)
        self._late.keep(name, future, ended, owner if owner in self._homes.threads else None)


async def finished(result: object) -> object:
    """What an async call gives: the awaitable awaited, an async generator's items collected
    (its schema says an array)."""
    if inspect.isawaitable(result):
        result = await result
    if isinstance(result, AsyncIterator):
        result = [item async for item in result]
    return result


class Stopped(Exception):
    """A generator's reading was stopped: its call timed out."""


def drained(result: object, stop: threading.Event | None) -> object:
    """A generator (or another one-shot iterator) a sync method returned, read into a list on
    the call's own thread, so that its timeout covers the reading (an endless generator was
    read on after the timeout, and without end); reading stops at the next item once ``stop``
    is set. Other results unchanged (``read_as_items``)."""
    if not read_as_items(result):
        return result
    items: list[object] = []
    for item in result:
        if stop is not None and stop.is_set():
            raise Stopped("the call timed out while its items were read")
        items.append(item)
    return items


def run_to_completion(awaitable: typing.Awaitable[object]) -> object:
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
