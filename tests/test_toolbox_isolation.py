"""Concurrent calls keep their own lenient-reading notes; a method's ``sys.exit()`` is a failed
call, not the end of the caller; a result with no JSON form is its text, as its schema says."""

from __future__ import annotations

import asyncio
import json
import sys
import threading
from collections.abc import Iterator

import jsonschema
import pytest

from inspector import Toolbox, ToolCallError


class Notes:
    """Calls whose arguments are read leniently, one slow, one fast."""

    def slow(self, count: int) -> int:
        """Wait for the fast call, then return.

        Args:
            count: How many.
        """
        Notes.fast_done.wait(5)
        return count

    def fast(self, flag: bool) -> bool:
        """Return at once.

        Args:
            flag: A flag.
        """
        return flag

    fast_done = threading.Event()


class Leaver:
    """A tool that ends the process when called."""

    def leave(self, code: int) -> None:
        """Exit.

        Args:
            code: The exit status.
        """
        sys.exit(code)

    def stay(self) -> str:
        """Stay."""
        return "here"


def test_notes_of_concurrent_threads_do_not_mix() -> None:
    toolbox = Toolbox(Notes())
    seen: dict[str, list[str]] = {}

    def slow() -> None:
        toolbox.call("slow", {"count": "3"})
        seen["slow"] = toolbox.last_notes

    thread = threading.Thread(target=slow)
    thread.start()
    toolbox.call("fast", {"flag": "true"})
    seen["fast"] = toolbox.last_notes
    Notes.fast_done.set()
    thread.join()
    assert seen == {
        "slow": ["count: number sent as a string"],
        "fast": ["flag: boolean sent as a string"],
    }


def test_notes_of_concurrent_tasks_do_not_mix() -> None:
    toolbox = Toolbox(Notes())

    async def call(name: str, arguments: dict[str, object]) -> list[str]:
        await toolbox.acall(name, arguments)
        return toolbox.last_notes

    async def both() -> list[list[str]]:
        Notes.fast_done.clear()
        slow = asyncio.create_task(call("slow", {"count": "3"}))
        fast = await call("fast", {"flag": "true"})
        Notes.fast_done.set()
        return [await slow, fast]

    assert asyncio.run(both()) == [
        ["count: number sent as a string"],
        ["flag: boolean sent as a string"],
    ]


def test_sys_exit_in_a_method_is_a_failed_call() -> None:
    toolbox = Toolbox(Leaver())
    with pytest.raises(ToolCallError) as raised:
        toolbox.call("leave", {"code": 3})
    assert raised.value.message == "leave failed: SystemExit: 3"
    with pytest.raises(ToolCallError):
        asyncio.run(toolbox.acall("leave", {"code": 4}))


def test_sys_exit_in_handle_and_ahandle_becomes_an_error_result() -> None:
    toolbox = Toolbox(Leaver())
    message = {
        "role": "assistant",
        "tool_calls": [
            {
                "id": "a",
                "type": "function",
                "function": {"name": "leave", "arguments": '{"code": 2}'},
            },
            {"id": "b", "type": "function", "function": {"name": "stay", "arguments": "{}"}},
        ],
    }
    expected = [
        {"role": "tool", "tool_call_id": "a", "content": "Error: leave failed: SystemExit: 2"},
        {"role": "tool", "tool_call_id": "b", "content": "here"},
    ]
    assert toolbox.handle("openai", message) == expected
    assert asyncio.run(toolbox.ahandle("openai", message)) == expected


class Aborted(BaseException):
    """A library's own exception outside ``Exception`` (as gevent's ``GreenletExit`` is)."""


class Aborter:
    """Tools that raise what is not an ``Exception``."""

    def abort(self, why: str) -> None:
        """Abort.

        Args:
            why: The reason.
        """
        raise Aborted(why)

    async def abort_later(self, why: str) -> None:
        """Abort, awaited.

        Args:
            why: The reason.
        """
        raise Aborted(why)

    def interrupt(self) -> None:
        """As if the user pressed Ctrl-C while the method ran."""
        raise KeyboardInterrupt


def test_a_base_exception_of_a_method_is_a_failed_call() -> None:
    toolbox = Toolbox(Aborter())
    for name in ("abort", "abort_later"):
        with pytest.raises(ToolCallError) as raised:
            toolbox.call(name, {"why": "secret"})
        assert raised.value.message == f"{name} failed: Aborted: secret"
        with pytest.raises(ToolCallError):
            asyncio.run(toolbox.acall(name, {"why": "secret"}))
    message = {
        "role": "assistant",
        "tool_calls": [
            {"id": "a", "type": "function", "function": {"name": "abort", "arguments": "{}"}},
            {
                "id": "b",
                "type": "function",
                "function": {"name": "abort_later", "arguments": '{"why": "secret"}'},
            },
        ],
    }
    masked = Toolbox(Aborter(), errors="mask")
    expected = [
        {
            "role": "tool",
            "tool_call_id": "a",
            "content": "Error: abort: missing required argument 'why'",
        },
        {"role": "tool", "tool_call_id": "b", "content": "Error: abort_later failed"},
    ]
    assert masked.handle("openai", message) == expected
    assert asyncio.run(masked.ahandle("openai", message)) == expected


def test_a_keyboard_interrupt_is_not_the_methods_failure() -> None:
    with pytest.raises(KeyboardInterrupt):
        Toolbox(Aborter()).call("interrupt")


class Thing:
    """A live object: no JSON form."""

    def __repr__(self) -> str:
        return "Thing<1>"


class Frame:
    """Iterable, but not a collection (like a DataFrame, which iterates its column names)."""

    def __iter__(self) -> Iterator[str]:
        return iter(["a", "b"])

    def __repr__(self) -> str:
        return "Frame(a, b)"


class Results:
    """Results with no JSON form, whole or in part."""

    def maybe(self, flag: bool) -> Thing | None:
        """Maybe a thing.

        Args:
            flag: Whether.
        """
        return Thing() if flag else None

    def things(self) -> dict[str, list[Thing]]:
        """Things by name."""
        return {"x": [Thing()]}

    def frame(self) -> Frame:
        """A frame."""
        return Frame()

    def numbers(self) -> Iterator[int]:
        """Numbers."""
        return iter([1, 2])


def test_a_result_with_no_json_form_is_its_text_as_its_schema_says() -> None:
    toolbox = Toolbox(Results())
    schemas = {t.name: t.returns.to_schema() for t in toolbox.tools}
    assert schemas == {  # any value where the form is read from the value
        "maybe": {},
        "things": {"type": "object", "additionalProperties": {"type": "array", "items": {}}},
        "frame": {},
        "numbers": {"type": "array", "items": {"type": "integer"}},
    }
    assert [d.code for d in toolbox.diagnostics] == ["TI132", "TI132", "TI132"]
    calls = [("maybe", {"flag": True}), ("maybe", {"flag": False}), ("things", {})]
    calls += [("frame", {}), ("numbers", {})]
    message = {
        "role": "assistant",
        "tool_calls": [
            {"id": str(i), "type": "function", "function": {"name": n, "arguments": json.dumps(a)}}
            for i, (n, a) in enumerate(calls)
        ],
    }
    replies = [reply["content"] for reply in toolbox.handle("openai", message)]
    assert replies == ["Thing<1>", "null", '{"x": ["Thing<1>"]}', "Frame(a, b)", "[1, 2]"]
    for (name, _), reply in zip(calls, replies, strict=True):
        value = reply if name in ("maybe", "frame") and reply != "null" else json.loads(reply)
        jsonschema.validate(value, schemas[name])
