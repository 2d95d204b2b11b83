"""Where and for how long a tool's method runs: sync methods on a thread (a fresh one per call,
or the one thread of their object under ``serve``), async ones on the caller's loop; a call
past its timeout answered on time, and a sync tool whose timed-out call still runs refusing new
calls until it has ended."""

from __future__ import annotations

import asyncio
import concurrent.futures
import queue
import threading
import typing
from collections.abc import Callable
from dataclasses import dataclass

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
        self._work: queue.SimpleQueue[tuple[concurrent.futures.Future[object], Work]] = (
            queue.SimpleQueue()
        )
        threading.Thread(target=self._loop, name=name, daemon=True).start()

    def submit(self, work: Work) -> concurrent.futures.Future[object]:
        """Queue ``work``; its future settles when it has run."""
        future: concurrent.futures.Future[object] = concurrent.futures.Future()
        self._work.put((future, work))
        return future

    def _loop(self) -> None:
        while True:
            future, work = self._work.get()
            _settle(future, work)


@dataclass
class Homes:
    """The home threads of objects (by ``id``), for the sync methods of each; an object with no
    home runs each call on a fresh thread."""

    threads: dict[int, HomeThread]

    def runner(self, owner: object) -> Callable[[Work], concurrent.futures.Future[object]]:
        """How a sync method of ``owner`` is started."""
        home = self.threads.get(id(owner))
        return home.submit if home is not None else on_new_thread


class Late:
    """The tools whose timed-out sync call still runs: each refuses new calls until it ends."""

    def __init__(self) -> None:
        self._running: dict[str, concurrent.futures.Future[object]] = {}
        self._lock = threading.Lock()

    def busy(self, tool: str) -> bool:
        """Whether a timed-out call of ``tool`` still runs."""
        with self._lock:
            future = self._running.get(tool)
            return future is not None and not future.done()

    def keep(
        self,
        tool: str,
        future: concurrent.futures.Future[object],
        ended: Callable[[BaseException | None], None],
    ) -> None:
        """Remember a timed-out call still running; ``ended`` hears when it ends (with its
        exception, if it raised)."""
        with self._lock:
            self._running[tool] = future

        def done(finished: concurrent.futures.Future[object]) -> None:
            with self._lock:
                if self._running.get(tool) is finished:
                    del self._running[tool]
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
        raise TimedOut(typing.cast(float, seconds), still_running=True) from None


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
