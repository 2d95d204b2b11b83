"""What the host controls around the model's calls, through the Toolbox and each provider's
real message shapes: injected values, approval, timeouts, the text of errors, unknown tools,
results converted and cut (issue 25, and 27 item 8)."""

from __future__ import annotations

import asyncio
import contextvars
import dataclasses
import gc
import http.server
import itertools
import json
import math
import sqlite3
import threading
import time
import warnings
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path
from typing import Annotated, Any

import attrs
import botocore.session
import botocore.validate
import mcp.types
import msgspec
import numpy as np
import pytest
from anthropic.types import ToolResultBlockParam, ToolUseBlock
from google.genai import types as genai
from hypothesis import given
from hypothesis import strategies as st
from openai.types.chat import ChatCompletionToolMessageParam

from inspector import Injected, MissingContext, Toolbox, ToolCallError, ToolEvent
from inspector.diagnostics import InspectorError
from inspector.model import ToolDescriptor
from inspector.runtime.results import cut
from tests.conftest import Run
from tests.sdk_types import check_typed_dict


def openai_call(name: str, arguments: dict[str, Any], call_id: str = "c1") -> dict[str, Any]:
    return {
        "role": "assistant",
        "tool_calls": [
            {
                "id": call_id,
                "type": "function",
                "function": {"name": name, "arguments": json.dumps(arguments)},
            }
        ],
    }


def anthropic_call(name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    block = ToolUseBlock(type="tool_use", id="toolu_1", name=name, input=arguments)
    return {"role": "assistant", "content": [block.model_dump()]}


def gemini_call(name: str, arguments: dict[str, Any]) -> genai.Content:
    call = genai.FunctionCall(id="g1", name=name, args=arguments)
    return genai.Content(role="model", parts=[genai.Part(function_call=call)])


def text_of(toolbox: Toolbox, name: str) -> Any:
    """The text the model gets for a call of ``name`` without arguments."""
    return toolbox.handle("openai", openai_call(name, {}))[0]["content"]


class Notes:
    """Notes kept per user."""

    def __init__(self) -> None:
        self.saved: list[tuple[str, str]] = []

    def save(self, text: str, user: Annotated[str, Injected()]) -> str:
        """Save a note for the user.

        Args:
            text: The note.
            user: Who is asking (given by the host).

        Returns:
            What was saved.
        """
        self.saved.append((user, text))
        return f"{user}: {text}"

    def tagged(
        self,
        text: str,
        tenant: Annotated[str, Injected("org")],
        tag: Annotated[str, Injected()] = "-",
    ) -> str:
        """Tag a note.

        Args:
            text: The note.
            tenant: The organisation (context key ``org``).
            tag: A tag, if the host gives one.

        Returns:
            The tagged note.
        """
        return f"{tenant}/{tag}: {text}"

    def drop_all(self) -> int:
        """Delete every note.

        Returns:
            How many were deleted.
        """
        count = len(self.saved)
        self.saved.clear()
        return count


def test_injected_parameters_are_in_no_schema_and_filled_from_the_merged_context() -> None:
    notes = Notes()
    toolbox = Toolbox(notes, context={"user": "ann", "org": "acme"})
    (save,) = (t for t in toolbox.tools if t.name == "save")
    assert [p.name for p in save.parameters] == ["text"]
    assert [(p.name, p.reason, p.key) for p in save.left_out] == [("user", "injected", "user")]
    for provider in ("openai", "anthropic", "gemini", "mcp"):
        definitions = json.dumps(toolbox.definitions(provider))
        assert '"user"' not in definitions and '"tenant"' not in definitions, provider
    replies = toolbox.handle("openai", openai_call("save", {"text": "hi"}))
    assert replies == [{"role": "tool", "tool_call_id": "c1", "content": "ann: hi"}]
    check_typed_dict(replies[0], ChatCompletionToolMessageParam)
    assert toolbox.call("save", {"text": "b"}, context={"user": "bob"}) == "bob: b"
    assert toolbox.call("tagged", {"text": "t"}, context={"tag": "x"}) == "acme/x: t"
    assert toolbox.call("tagged", {"text": "t"}) == "acme/-: t"  # the default applies
    assert notes.saved == [("ann", "hi"), ("bob", "b")]


def test_a_model_cannot_give_an_injected_value_and_a_missing_one_is_the_hosts_error() -> None:
    toolbox = Toolbox(Notes())
    with pytest.raises(ToolCallError) as raised:
        toolbox.call("save", {"text": "x", "user": "root"}, context={"user": "ann"})
    assert raised.value.message == "save: unexpected argument 'user'; the tool takes: text"
    with pytest.raises(MissingContext) as missing:
        toolbox.handle("anthropic", anthropic_call("save", {"text": "x"}))
    assert str(missing.value) == (
        "save: the context lacks 'user'; give it as Toolbox(context=...) or "
        "call/handle(context=...) (serve: --context KEY=VALUE)"
    )
    with pytest.raises(MissingContext):
        asyncio.run(toolbox.ahandle("gemini", gemini_call("tagged", {"text": "x"})))


def test_a_message_lacking_context_for_one_call_runs_none_of_them() -> None:
    notes = Notes()
    notes.saved.append(("ann", "kept"))
    toolbox = Toolbox(notes, context={"user": "ann"})
    message = {
        "role": "assistant",
        "tool_calls": [
            openai_call("drop_all", {}, "c1")["tool_calls"][0],
            openai_call("tagged", {"text": "x"}, "c2")["tool_calls"][0],  # no "org" anywhere
        ],
    }
    for handled in (
        lambda: toolbox.handle("openai", message),
        lambda: asyncio.run(toolbox.ahandle("openai", message)),
    ):
        with pytest.raises(MissingContext) as missing:
            handled()
        assert str(missing.value).startswith("tagged: the context lacks 'org'")
        assert notes.saved == [("ann", "kept")]  # drop_all did not run first
    replies = toolbox.handle("openai", message, context={"org": "acme"})
    assert [r["content"] for r in replies] == ["1", "acme/-: x"]


BEFORE = """\
class Notes:
    def save(self, text: str, user: str) -> str:
        \"\"\"Save a note.\"\"\"
        return text
"""

AFTER = """\
from typing import Annotated
from inspector import Injected


class Notes:
    def save(self, text: str, user: Annotated[str, Injected("who")]) -> str:
        \"\"\"Save a note.\"\"\"
        return text
"""


def test_tools_json_records_injected_parameters_and_diff_names_them(
    run_cli: Callable[..., Run], tmp_path: Path
) -> None:
    source = tmp_path / "notes.py"
    source.write_text(BEFORE, encoding="utf-8")
    old, new = tmp_path / "old.json", tmp_path / "new.json"
    assert run_cli("scan", f"{source}:Notes", "-o", str(old), "-q").status == 0
    source.write_text(AFTER, encoding="utf-8")
    assert run_cli("scan", f"{source}:Notes", "-o", str(new), "-q").status == 0
    tool = json.loads(new.read_text(encoding="utf-8"))["classes"]["Notes"]["methods"]["save"]
    assert list(tool["function"]["parameters"]["properties"]) == ["text"]
    assert tool["left_out"] == {"user": {"reason": "injected", "key": "who"}}
    diffed = run_cli("diff", str(old), str(new))
    assert (
        "parameter removed: left out (injected: the host gives it from the context key 'who')"
        in diffed.stdout
    )


def test_stubs_keep_injected_parameters_so_their_scan_gives_the_same_tools(
    run_cli: Callable[..., Run], tmp_path: Path
) -> None:
    source = tmp_path / "notes.py"
    source.write_text(AFTER, encoding="utf-8")
    tools, stubs, again = tmp_path / "tools.json", tmp_path / "stubs.py", tmp_path / "again.json"
    assert run_cli("scan", f"{source}:Notes", "-o", str(tools), "-q").status == 0
    assert run_cli("stubs", str(tools), "-o", str(stubs), "-q").status == 0
    text = stubs.read_text(encoding="utf-8")
    assert "from typing import Annotated, Any\n\nfrom inspector import Injected\n" in text
    assert 'def save(self, text: str, *, user: Annotated[Any, Injected("who")]) -> str:' in text
    assert run_cli("scan", f"{stubs}:Notes", "-o", str(again), "-q").status == 0
    first = json.loads(tools.read_text(encoding="utf-8"))["classes"]["Notes"]["methods"]
    second = json.loads(again.read_text(encoding="utf-8"))["classes"]["Notes"]["methods"]
    for key in ("function", "left_out"):
        assert first["save"][key] == second["save"][key]


def test_approval_asked_with_the_tool_and_arguments_granted_refused_and_absent(
    tmp_path: Path,
) -> None:
    events: list[ToolEvent] = []
    notes = Notes()
    classification = tmp_path / "tools.classification.json"
    classification.write_text(
        json.dumps({"Notes": {"save": True, "tagged": True, "drop_all": {"approval": True}}}),
        encoding="utf-8",
    )
    toolbox = Toolbox(
        notes, classification=classification, context={"user": "u"}, on_event=events.append
    )
    (drop_all,) = (t for t in toolbox.tools if t.name == "drop_all")
    assert drop_all.curation.approval is True
    asked: list[tuple[str, dict[str, object]]] = []

    def yes(tool: ToolDescriptor, arguments: dict[str, object]) -> bool:
        asked.append((tool.name, arguments))
        return True

    toolbox.call("save", {"text": "a"})  # no approval needed: no approver asked
    replies = toolbox.handle("anthropic", anthropic_call("drop_all", {}), approve=yes)
    assert replies[0]["content"] == [  # type: ignore[comparison-overlap]
        {"type": "tool_result", "tool_use_id": "toolu_1", "content": "1"}
    ]
    assert asked == [("drop_all", {})]
    toolbox.call("save", {"text": "b"})
    refused = toolbox.handle("openai", openai_call("drop_all", {}), approve=lambda t, a: False)
    absent = toolbox.handle("openai", openai_call("drop_all", {}))
    text = "Error: drop_all: not approved; the call was not made"
    assert refused == absent == [{"role": "tool", "tool_call_id": "c1", "content": text}]
    assert notes.saved == [("u", "b")]
    assert [(e.kind, e.message) for e in events] == [
        ("not-approved", "drop_all: not run: the approver refused"),
        ("not-approved", "drop_all: not run: no approver was given"),
    ]

    async def maybe(tool: ToolDescriptor, arguments: dict[str, object]) -> bool:
        return False

    replies = asyncio.run(toolbox.ahandle("gemini", gemini_call("drop_all", {}), approve=maybe))
    response = replies[0]["parts"][0]["functionResponse"]["response"]  # type: ignore[index, call-overload]
    assert response == {"error": "drop_all: not approved; the call was not made"}
    assert asyncio.run(toolbox.acall("drop_all", approve=lambda t, a: True)) == 1


def test_destructive_annotations_need_approval_only_when_the_user_opts_in() -> None:
    hints = {"drop_all": {"destructiveHint": True}}
    assert Toolbox(Notes(), annotations=hints).call("drop_all") == 0
    gated = Toolbox(Notes(), annotations=hints, approve_destructive=True)
    with pytest.raises(ToolCallError, match="not approved"):
        gated.call("drop_all")
    assert gated.call("drop_all", approve=lambda tool, arguments: True) == 0


def test_annotations_for_no_tool_are_a_warning_naming_the_renamed_tool() -> None:
    """Annotations keyed by a method's name, where the classification names the tool otherwise,
    apply to no tool: with ``approve_destructive`` the call runs without approval, so the
    Toolbox warns (TI406, as render and serve do), naming the tool's name."""
    hints = {"drop_all": {"destructiveHint": True}}
    choices = {"Notes": {"@prefix": "notes_", "drop_all": True, "*": False}}
    box = Toolbox(Notes(), classification=choices, annotations=hints, approve_destructive=True)
    assert [str(d) for d in box.diagnostics] == [
        "warning[TI406]: annotations given for 'drop_all', which is not an included tool (the "
        "tool of the method 'drop_all' is named 'notes_drop_all')"
    ]


class Slow:
    """Calls that take their time."""

    def __init__(self) -> None:
        self.release = threading.Event()
        self.ended = threading.Event()

    def block(self) -> str:
        """Wait until released.

        Returns:
            "done".
        """
        self.release.wait(10)
        self.ended.set()
        return "done"

    async def pause(self, seconds: float) -> str:
        """Wait without blocking.

        Args:
            seconds: How long.

        Returns:
            "paused".
        """
        await asyncio.sleep(seconds)
        return "paused"

    def quick(self) -> str:
        """Answer at once.

        Returns:
            "quick".
        """
        return "quick"

    def own_timeout(self) -> str:
        """Raise the method's own TimeoutError.

        Returns:
            Never.
        """
        raise TimeoutError("upstream did not answer")


def test_a_sync_call_is_answered_on_time_and_its_tool_refuses_calls_until_it_ends() -> None:
    events: list[ToolEvent] = []
    slow = Slow()
    toolbox = Toolbox(slow, timeout=0.3, on_event=events.append)
    start = time.monotonic()
    replies = toolbox.handle("openai", openai_call("block", {}))
    assert time.monotonic() - start < 2
    assert replies[0]["content"] == (
        "Error: block: timed out after 0.3 s; the call is still running and the tool takes no "
        "new call until it has ended"
    )
    with pytest.raises(ToolCallError) as busy:
        toolbox.call("block")
    assert busy.value.message == (
        "block: a call that timed out is still running; the tool takes no new call until it "
        "has ended"
    )
    assert toolbox.call("quick") == "quick"  # other tools are not held up
    slow.release.set()
    assert slow.ended.wait(5)
    for _ in range(100):  # the ended event comes from the finished thread
        if len(events) == 3:
            break
        time.sleep(0.02)
    assert [e.kind for e in events] == ["timed-out", "busy", "ended-after-timeout"]
    assert events[2].message == (
        "block: the call that timed out has ended (normally); the tool takes calls"
    )
    assert toolbox.call("block") == "done"


class SqliteNotes:
    """An object bound to the thread that made it: a ``sqlite3`` connection opened in
    ``__init__``."""

    def __init__(self) -> None:
        self.made_on = threading.get_ident()
        self.db = sqlite3.connect(":memory:")
        self.db.execute("create table notes(text text)")

    def add(self, text: str) -> list[int]:
        """Add a note.

        Args:
            text: The note.

        Returns:
            How many notes there are, and whether this ran on the thread that made the object.
        """
        self.db.execute("insert into notes values (?)", (text,))
        (count,) = self.db.execute("select count(*) from notes").fetchone()
        return [count, int(threading.get_ident() == self.made_on)]


def test_from_factory_runs_a_thread_bound_object_s_calls_on_its_thread_under_a_timeout() -> None:
    """``Toolbox(obj, timeout=...)`` runs each sync call on a fresh thread, where a SQLite
    connection refuses to work (trial13's sqlite-utils); ``from_factory`` makes the object on a
    thread of its own that runs its calls, as ``serve --factory`` does."""
    with pytest.raises(ToolCallError, match="SQLite objects created in a thread"):
        Toolbox(SqliteNotes(), timeout=5).call("add", {"text": "a"})
    toolbox = Toolbox.from_factory(SqliteNotes, timeout=5)
    assert toolbox.call("add", {"text": "a"}) == [1, 1]
    assert asyncio.run(toolbox.acall("add", {"text": "b"})) == [2, 1]
    replies = toolbox.handle("openai", openai_call("add", {"text": "c"}))
    assert replies[0]["content"] == "[3, 1]"
    assert Toolbox.from_factory(SqliteNotes).call("add", {"text": "a"}) == [1, 1]  # no timeout
    first, second = Toolbox.from_factory(
        lambda: (SqliteNotes(), SqliteNotes()), new="include"
    ).objects
    assert isinstance(first, SqliteNotes) and isinstance(second, SqliteNotes)
    assert first.made_on == second.made_on != threading.get_ident()


def _home_threads() -> set[threading.Thread]:
    return {t for t in threading.enumerate() if t.name.startswith("toolsinspector-")}


def _ended(threads: set[threading.Thread]) -> bool:
    for thread in threads:
        thread.join(5)
    return not any(thread.is_alive() for thread in threads)


def test_from_factory_refuses_what_serve_refuses_and_leaves_no_thread_behind() -> None:
    """What the factory raises reaches the caller; no object, a class or None is refused as
    ``serve --factory`` refuses it; a misspelt option is refused before the factory runs; a
    Toolbox that cannot be made, or is dropped, ends its thread."""
    before = _home_threads()
    made: list[str] = []

    def broken() -> object:
        raise OSError("no database")

    def counted() -> SqliteNotes:
        made.append("made")
        return SqliteNotes()

    with pytest.raises(OSError, match="no database"):
        Toolbox.from_factory(broken)
    for returned in (None, [], SqliteNotes):
        with pytest.raises(InspectorError) as refused:
            Toolbox.from_factory(lambda returned=returned: returned)
        assert str(refused.value) == (
            f"from_factory: the factory returned {returned!r}; expected an instance or a list "
            "of instances"
        )
    with pytest.raises(TypeError, match="homes= is not taken"):
        Toolbox.from_factory(SqliteNotes, homes=None)
    with pytest.raises(TypeError, match="timeuot"):
        Toolbox.from_factory(counted, timeuot=3)
    assert made == []
    with pytest.raises(InspectorError, match="errors='loud'"):
        Toolbox.from_factory(counted, errors="loud")
    assert made == ["made"]
    toolbox = Toolbox.from_factory(lambda: [[SqliteNotes()]])  # nested as Toolbox() reads it
    assert toolbox.call("add", {"text": "a"}) == [1, 1]
    del toolbox
    gc.collect()
    assert _ended(_home_threads() - before)


def test_an_async_call_past_its_timeout_is_cancelled_and_a_tool_timeout_wins() -> None:
    toolbox = Toolbox(Slow(), timeout=5, classification={"Slow": {"pause": {"timeout": 0.2}}})
    start = time.monotonic()
    with pytest.raises(ToolCallError) as raised:
        toolbox.call("pause", {"seconds": 5})
    assert raised.value.message == "pause: timed out after 0.2 s; the call was stopped"

    async def run() -> list[Any]:
        return await toolbox.ahandle("anthropic", anthropic_call("pause", {"seconds": 5}))

    (reply,) = asyncio.run(run())
    block = reply["content"][0]  # type: ignore[index]
    assert block["is_error"] and block["content"] == raised.value.message  # type: ignore[index]
    check_typed_dict(block, ToolResultBlockParam)
    assert time.monotonic() - start < 3
    assert toolbox.call("pause", {"seconds": 0}) == "paused"  # nothing left running
    with pytest.raises(ToolCallError) as own:
        toolbox.call("own_timeout")
    assert own.value.message == "own_timeout failed: TimeoutError: upstream did not answer"


class Feeds:
    """Generators: endless, slow, and short."""

    def __init__(self) -> None:
        self.read = 0

    def endless(self) -> Iterator[int]:
        """Count without end.

        Returns:
            The numbers.
        """
        for number in itertools.count():
            self.read = number
            yield number

    async def endless_async(self) -> AsyncIterator[int]:
        """Count without end, awaiting between numbers.

        Returns:
            The numbers.
        """
        for number in itertools.count():
            await asyncio.sleep(0)
            yield number

    def short(self, n: int) -> Iterator[int]:
        """Count to n.

        Args:
            n: How far.

        Returns:
            The numbers.
        """
        yield from range(n)


def test_reading_a_generator_s_items_is_within_the_timeout_and_stops_with_it() -> None:
    """An endless generator was read after the call, without a limit: the call never answered
    and its memory grew without end."""
    events: list[ToolEvent] = []
    feeds = Feeds()
    toolbox = Toolbox(feeds, timeout=0.3, on_event=events.append)
    for name in ("endless", "endless_async"):
        start = time.monotonic()
        (reply,) = toolbox.handle("openai", openai_call(name, {}))
        assert time.monotonic() - start < 2
        assert reply["content"].startswith(f"Error: {name}: timed out after 0.3 s; the call ")

        async def run(name: str = name) -> list[Any]:
            return await toolbox.ahandle("openai", openai_call(name, {}))

        for _ in range(100):  # the first thread stops at its next item
            if not any(t.name == "toolsinspector-call" for t in threading.enumerate()):
                break
            time.sleep(0.02)
        start = time.monotonic()
        (reply,) = asyncio.run(run())
        assert time.monotonic() - start < 2
        assert reply["content"].startswith(f"Error: {name}: timed out after 0.3 s; the call ")
    for _ in range(100):
        if not any(t.name == "toolsinspector-call" for t in threading.enumerate()):
            break
        time.sleep(0.02)
    stopped_at = feeds.read
    time.sleep(0.1)
    assert feeds.read == stopped_at  # nothing reads on
    ended = [e for e in events if e.kind == "ended-after-timeout"]
    assert [(e.message, e.error) for e in ended] == [
        (
            "endless: the call that timed out has ended (its items no longer read); the tool "
            "takes calls",
            None,  # no traceback in the log: the method did not fail
        )
    ] * 2
    assert toolbox.call("short", {"n": 3}) == [0, 1, 2]  # read on the call's thread, in time
    assert Toolbox(Feeds()).call("short", {"n": 2}) == [0, 1]  # and without a timeout


class Vault:
    """A service whose failures carry secrets."""

    def open(self, code: int) -> str:
        """Open the vault.

        Args:
            code: The code.

        Returns:
            "open".
        """
        raise PermissionError(f"wrong code {code} for db password hunter2")


def test_masked_and_formatted_errors_and_the_host_keeps_the_exception() -> None:
    events: list[ToolEvent] = []
    masked = Toolbox(Vault(), errors="mask", on_event=events.append)
    replies = masked.handle("openai", openai_call("open", {"code": 1}))
    assert replies[0]["content"] == "Error: open failed"
    assert [(e.kind, type(e.error).__name__) for e in events] == [("failed", "PermissionError")]
    formatted = Toolbox(
        Vault(), error_formatter=lambda name, error: f"{name}: {type(error).__name__}"
    )
    with pytest.raises(ToolCallError) as raised:
        formatted.call("open", {"code": 2})
    assert raised.value.message == "open: PermissionError"
    shown = Toolbox(Vault())
    with pytest.raises(ToolCallError) as raised:
        shown.call("open", {"code": 3})
    assert (
        raised.value.message == "open failed: PermissionError: wrong code 3 for db password hunter2"
    )


class Form:
    """One tool with several parameters."""

    def submit(self, name: str, age: int, tags: list[str]) -> str:
        """Submit.

        Args:
            name: A name.
            age: An age.
            tags: Tags.

        Returns:
            "ok".
        """
        return "ok"


def test_every_argument_problem_is_listed_at_once() -> None:
    toolbox = Toolbox(Form())
    with pytest.raises(ToolCallError) as raised:
        toolbox.call("submit", {"age": "old", "tags": [1], "x": 1, "y": 2})
    assert raised.value.message == (
        "submit: unexpected arguments 'x', 'y'; the tool takes: age, name, tags; missing "
        "required argument 'name'; age: expected integer, got \"old\"; tags[0]: expected "
        "string, got 1"
    )


def test_an_unknown_tool_gets_a_did_you_mean_and_at_most_ten_names() -> None:
    methods = {f"tool_{i:02}": lambda self: 0 for i in range(30)}
    many = type("Many", (), {**methods, "__doc__": "Many tools."})
    toolbox = Toolbox(many())
    with pytest.raises(ToolCallError) as raised:
        toolbox.call("tool_5")
    assert raised.value.message == (
        "unknown tool 'tool_5'; did you mean 'tool_25' or 'tool_15' or 'tool_05'? Available: "
        "tool_25, tool_15, tool_05, tool_00, tool_01, tool_02, tool_03, tool_04, tool_06, "
        "tool_07 and 20 more"
    )
    with pytest.raises(ToolCallError) as raised:
        toolbox.call("zzz")
    assert raised.value.message == (
        "unknown tool 'zzz'. Available: tool_00, tool_01, tool_02, tool_03, tool_04, tool_05, "
        "tool_06, tool_07, tool_08, tool_09 and 20 more"
    )


@attrs.define
class Point:
    """A point (attrs)."""

    x: int
    y: int


class Pair(msgspec.Struct):
    """A pair (msgspec)."""

    left: int
    right: str


class Record:
    """A class with its own text."""

    def __str__(self) -> str:
        return "Record #7 at 0x7f3a2c1b9d60"


class Opaque:
    """A class without any text of its own."""


class Digest:
    """A repr that writes its address after ``@`` (``hashlib``'s ``<md5 _hashlib.HASH object @
    0x7f62f7ee6230>``)."""

    def __repr__(self) -> str:
        return "<md5 _hashlib.HASH object @ 0x7f62f7ee6230>"


class Session:
    """A repr of its own that writes its address before more text (paramiko's
    ``<paramiko.Transport at 0x10eeded0 (unconnected)>``), nested in another's."""

    def __repr__(self) -> str:
        return f"<Session at {id(self):#x} (unconnected)>"


class Options:
    """A repr that writes another object's repr (paramiko's ``SecurityOptions``)."""

    def __repr__(self) -> str:
        return f"<Options for {Session()!r}>"


class Register:
    """A text whose ``@ 0x...`` is the data (a register map's address), and its `` at 0x...``
    too when it is no memory address (a debugger's breakpoint)."""

    def __str__(self) -> str:
        return "peripheral GPIOA @ 0x40020000, breakpoint at 0x401000"


class Response:
    """A mapping-like API response with ``.data`` (as slack_sdk's ``SlackResponse``), which
    iterates its pages, not its keys."""

    def __init__(self, data: dict[str, object]) -> None:
        self.data = data

    def __getitem__(self, key: str) -> object:
        return self.data[key]

    def __iter__(self) -> Response:
        return self

    def __next__(self) -> Response:
        return self  # endless pages


class Chunked:
    """A column read by index whose ``data`` is a deprecated property (pyarrow's
    ``ChunkedArray``): reading it warns."""

    def __getitem__(self, index: int) -> int:
        return [1, 2][index]

    @property
    def data(self) -> list[list[int]]:
        warnings.warn("Calling .data is deprecated", FutureWarning, stacklevel=2)
        return [[1, 2]]

    def __str__(self) -> str:
        return "chunked: 1, 2"


class Results:
    """Tools returning values of classes the type table does not know."""

    def array(self) -> object:
        """An array.

        Returns:
            Numbers.
        """
        return np.arange(3) * 1.5

    def scalar(self) -> object:
        """A NumPy scalar.

        Returns:
            A number.
        """
        return np.int64(7)

    def records(self) -> object:
        """attrs and msgspec records.

        Returns:
            Records.
        """
        return [Point(1, 2), Pair(3, "r")]

    def response(self) -> object:
        """A mapping-like response.

        Returns:
            The response.
        """
        return Response({"ok": True, "channel": "C1"})

    def texts(self) -> object:
        """Objects with and without their own text.

        Returns:
            Objects.
        """
        return [Record(), Opaque(), Digest(), Register(), Session(), Options()]

    def column(self) -> object:
        """A column.

        Returns:
            The column.
        """
        return Chunked()

    def big(self) -> str:
        """A long text.

        Returns:
            Text.
        """
        return "x" * 50


def test_results_of_unknown_classes_are_converted_for_the_model() -> None:
    toolbox = Toolbox(Results())
    assert text_of(toolbox, "array") == "[0.0, 1.5, 3.0]"
    assert text_of(toolbox, "scalar") == "7"
    assert text_of(toolbox, "records") == '[{"x": 1, "y": 2}, {"left": 3, "right": "r"}]'
    assert text_of(toolbox, "response") == '{"ok": true, "channel": "C1"}'
    text = text_of(toolbox, "texts")
    assert text == (
        '["Record #7", "<tests.test_host_control.Opaque object>", "<md5 _hashlib.HASH object>", '
        '"peripheral GPIOA @ 0x40020000, breakpoint at 0x401000", "<Session (unconnected)>", '
        '"<Options for <Session (unconnected)>>"]'
    )


def test_a_result_s_data_is_read_only_when_it_is_stored_not_computed() -> None:
    """A ``data`` property is code the result's class runs (pyarrow's warns on stderr that it
    is deprecated): the result is its own text, and nothing warns."""
    toolbox = Toolbox(Results())
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert text_of(toolbox, "column") == "chunked: 1, 2"
    assert [str(w.message) for w in caught] == []


class SlottedResponse:
    """A mapping-like response that keeps its ``data`` in a ``__slots__`` slot."""

    __slots__ = ("data",)

    def __init__(self) -> None:
        self.data = {"ok": True}

    def __getitem__(self, key: str) -> object:
        return self.data[key]


class SlottedResults:
    """A tool returning a response whose data is stored in a slot."""

    def fetch(self) -> object:
        """Fetch.

        Returns:
            The response.
        """
        return SlottedResponse()


def test_a_result_s_data_stored_in_a_slot_is_read() -> None:
    assert text_of(Toolbox(SlottedResults()), "fetch") == '{"ok": true}'


class ConfigParser(dict[str, dict[str, str]]):
    """A mapping whose ``items`` takes a section name (GitPython's ``GitConfigParser``
    overrides ``RawConfigParser.items`` so)."""

    def items(self, section_name: str) -> list[tuple[str, str]]:  # type: ignore[override]
        return list(self[section_name].items())

    def __str__(self) -> str:
        return "config: " + ", ".join(self)


class Repository:
    def config_reader(self) -> object:
        """The configuration.

        Returns:
            A parser of the configuration.
        """
        return ConfigParser({"core": {"bare": "false"}})


def test_a_result_mapping_whose_items_cannot_be_read_is_its_text() -> None:
    """GitPython's ``Repo.config_reader`` returns a ``GitConfigParser``, a mapping whose
    ``items()`` needs a section name: the call ran, then failed for the model ("config_reader
    failed: TypeError: GitConfigParser.items() missing 1 required positional argument"). A
    result whose items cannot be read is its text, as any live object is."""
    assert text_of(Toolbox(Repository()), "config_reader") == "config: core"


def test_a_result_serializer_and_the_size_limit() -> None:
    toolbox = Toolbox(Results(), result_serializer=lambda value: {"wrapped": repr(type(value))})
    assert text_of(toolbox, "big") == '{"wrapped": "<class \'str\'>"}'
    limited = Toolbox(Results(), max_result_chars=10)
    replies = limited.handle("openai", openai_call("big", {}))
    assert (
        replies[0]["content"]
        == cut("x" * 50, 10)
        == (
            "xxxxxxxxxx\n[cut: the result has 50 characters; the first 10 are shown. Ask for less, "
            "e.g. with a narrower query or a smaller page.]"
        )
    )
    with pytest.raises(Exception, match="max_result_chars=0"):
        Toolbox(Results(), max_result_chars=0)


class Liar:
    def count(self) -> int:
        """Count.

        Returns:
            How many.
        """
        return "many"  # type: ignore[return-value]


def test_a_result_its_output_schema_refuses_is_an_mcp_error_in_the_toolbox_too() -> None:
    """Only ``serve`` checked a result against the ``outputSchema``: ``Toolbox.handle("mcp")``
    sent ``structuredContent`` that breaks it, which a client rejects."""
    request = {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "count"}}
    (response,) = Toolbox(Liar()).handle("mcp", request)
    assert response["result"] == {
        "content": [
            {
                "type": "text",
                "text": "count returned a value that does not match its declared return type: "
                'result: expected an integer, got "many"',
            }
        ],
        "isError": True,
    }


def test_a_cut_result_of_a_tool_with_an_output_schema_is_an_mcp_error_in_the_toolbox_too() -> None:
    """MCP requires ``structuredContent`` matching the ``outputSchema`` of a success: ``serve``
    sent a cut result as an error, ``Toolbox.handle("mcp")`` as a success without it, which
    a client refuses."""
    limited = Toolbox(Results(), max_result_chars=10)
    (listed,) = [t for t in limited.definitions("mcp")["tools"] if t["name"] == "big"]  # type: ignore[index, union-attr]
    assert listed["outputSchema"]["properties"]["result"] == {
        "type": "string",
        "description": "Text.",
    }
    request = {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "big"}}
    (response,) = limited.handle("mcp", request)
    assert response["result"] == {
        "content": [{"type": "text", "text": cut("x" * 50, 10)}],
        "isError": True,
    }


class Arrays:
    """A tool declared to return a NumPy array."""

    def make(self, n: int) -> np.ndarray:
        """Numbers up to n.

        Args:
            n: How many.

        Returns:
            The numbers.
        """
        return np.arange(n)


def test_a_declared_numpy_array_is_its_list_and_valid_for_its_mcp_schema() -> None:
    toolbox = Toolbox(Arrays())
    (tool,) = toolbox.definitions("mcp")["tools"]  # type: ignore[call-overload, index]
    assert tool["outputSchema"] == {  # any value: its JSON form is read from the value
        "type": "object",
        "properties": {"result": {"description": "The numbers."}},
        "required": ["result"],
    }
    request = {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "tools/call",
        "params": {"name": "make", "arguments": {"n": 3}},
    }
    (reply,) = toolbox.handle("mcp", request)
    assert reply["result"] == {
        "content": [{"type": "text", "text": "[0, 1, 2]"}],
        "isError": False,
        "structuredContent": {"result": [0, 1, 2]},
    }


class Column:
    """A column as polars writes one: a ``dtype`` and ``to_list()`` (no ``tolist``)."""

    dtype = "i64"

    def __init__(self, values: list[int]) -> None:
        self.values = values

    def to_list(self) -> list[int]:
        return list(self.values)

    def __str__(self) -> str:
        return f"shape: ({len(self.values)},)"


class Frame:
    """A frame as polars writes one: ``to_dict()`` gives a column per name."""

    def __init__(self, **columns: list[int]) -> None:
        self.columns = columns

    def to_dict(self) -> dict[str, Column]:
        return {name: Column(values) for name, values in self.columns.items()}

    def head(self) -> Frame:
        """The first rows."""
        return self

    def column(self, name: str) -> Column:
        """One column.

        Args:
            name: Its name.
        """
        return Column(self.columns[name])


def test_a_frame_whose_columns_are_read_with_to_list_gives_its_columns_as_lists() -> None:
    toolbox = Toolbox(Frame(a=[1, 2], b=[3, 4]))
    assert text_of(toolbox, "head") == '{"a": [1, 2], "b": [3, 4]}'
    replies = toolbox.handle("openai", openai_call("column", {"name": "b"}))
    assert replies[0]["content"] == "[3, 4]"


class ArrowScalar:
    """A scalar as pyarrow writes one: ``as_py()`` gives the Python value."""

    def __init__(self, value: float) -> None:
        self.value = value

    def as_py(self) -> float:
        return self.value

    def __str__(self) -> str:
        return f"<pyarrow.DoubleScalar: {self.value}>"


class ArrowTable:
    """A table as pyarrow writes one: no ``dtype``; ``to_pylist()`` gives a dict per row."""

    def __init__(self, **columns: list[object]) -> None:
        self.columns = columns

    def to_pylist(self) -> list[dict[str, object]]:
        names = list(self.columns)
        return [
            dict(zip(names, row, strict=True)) for row in zip(*self.columns.values(), strict=True)
        ]

    def __str__(self) -> str:
        return "pyarrow.Table"

    def head(self) -> ArrowTable:
        """The first rows."""
        return self

    def mean(self) -> ArrowScalar:
        """The mean of the first column."""
        first = [float(v) for v in next(iter(self.columns.values()))]  # type: ignore[arg-type]
        return ArrowScalar(sum(first) / len(first))


def test_pyarrow_tables_and_scalars_reach_the_model_as_json() -> None:
    toolbox = Toolbox(ArrowTable(a=[1, 2], b=["x", None]))
    assert text_of(toolbox, "head") == '[{"a": 1, "b": "x"}, {"a": 2, "b": null}]'
    assert text_of(toolbox, "mean") == "1.5"


class SqlExpression:
    """An expression as peewee's ``Function`` is: ``__getattr__`` makes up any name (``fn.x``
    is the SQL function ``x``), so that ``tolist``, ``to_dict`` or ``keys`` gives another
    expression, callable, and that one another."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __getattr__(self, attribute: str) -> Callable[..., SqlExpression]:
        return lambda *args: SqlExpression(attribute)

    def __getitem__(self, key: object) -> SqlExpression:
        return SqlExpression(f"{self.name}[{key}]")

    def __str__(self) -> str:
        return f"{self.name}()"


class Database:
    """Methods that return SQL expressions (peewee's ``Database.random``)."""

    def random(self) -> Any:
        """The SQL function giving a random number."""
        return SqlExpression("random")


def test_a_result_whose_class_makes_up_any_attribute_reaches_the_model_as_its_text() -> None:
    """Duck typing reads only what the class defines: a made-up ``tolist`` led from one
    expression to the next until the depth limit, an error result saying the value "contains
    itself or is nested too deeply" for a value the model can read as its text."""
    toolbox = Toolbox(Database())
    assert text_of(toolbox, "random") == "random()"


def test_a_polars_frame_and_series_reach_the_model_as_columns_of_lists() -> None:
    import polars as pl

    toolbox = Toolbox(pl.DataFrame({"a": [1, 2], "b": ["x", None]}), include=["head", "to_series"])
    assert text_of(toolbox, "head") == '{"a": [1, 2], "b": ["x", null]}'
    assert text_of(toolbox, "to_series") == "[1, 2]"
    tools = {t["name"]: t for t in toolbox.definitions("mcp")["tools"]}  # type: ignore[call-overload, index]
    request = {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "tools/call",
        "params": {"name": "head", "arguments": {}},
    }
    (reply,) = toolbox.handle("mcp", request)
    # ``-> DataFrame``, a class with no JSON form, undescribed: any value, which promises
    # nothing, so no outputSchema (tools.json could not keep one) and the text alone
    assert "outputSchema" not in tools["head"]
    assert reply["result"] == {  # type: ignore[index, call-overload]
        "content": [{"type": "text", "text": '{"a": [1, 2], "b": ["x", null]}'}],
        "isError": False,
    }


class Unwritable:
    """Results JSON cannot carry."""

    def samples(self) -> np.ndarray:
        """Measured values, one of them missing.

        Returns:
            The values.
        """
        return np.array([1.0, math.nan])

    def ratio(self) -> float:
        """A ratio over nothing.

        Returns:
            The ratio.
        """
        return math.inf


NO_JSON = "ratio: the result has no JSON form: inf is not a JSON number"


def test_a_result_with_no_json_form_is_an_error_result_for_every_provider() -> None:
    """A whole result that is NaN or an infinity: its schema says a number. Inside a result
    (a DataFrame's or an array's missing values) they are null, as pandas writes them."""
    toolbox = Toolbox(Unwritable())
    (samples,) = toolbox.handle("openai", openai_call("samples", {}))
    assert samples["content"] == "[1.0, null]"
    openai = toolbox.handle("openai", openai_call("ratio", {}))
    assert openai == [{"role": "tool", "tool_call_id": "c1", "content": f"Error: {NO_JSON}"}]
    check_typed_dict(openai[0], ChatCompletionToolMessageParam)
    use = ToolUseBlock(type="tool_use", id="t1", name="ratio", input={}).model_dump()
    anthropic = toolbox.handle("anthropic", {"role": "assistant", "content": [use]})
    result = {"type": "tool_result", "tool_use_id": "t1", "content": NO_JSON, "is_error": True}
    assert anthropic == [{"role": "user", "content": [result]}]
    check_typed_dict(result, ToolResultBlockParam)
    gemini = toolbox.handle("gemini", {"parts": [{"functionCall": {"name": "ratio"}}]})
    response = {"name": "ratio", "response": {"error": NO_JSON}}
    assert gemini == [{"role": "user", "parts": [{"functionResponse": response}]}]
    genai.Content.model_validate(gemini[0])
    asked = {
        "role": "assistant",
        "content": [{"toolUse": {"toolUseId": "b1", "name": "ratio", "input": {}}}],
    }
    bedrock = toolbox.handle("bedrock", asked)
    block = {"toolUseId": "b1", "content": [{"text": NO_JSON}], "status": "error"}
    assert bedrock == [{"role": "user", "content": [{"toolResult": block}]}]
    check_converse([asked, *bedrock])
    request = {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "tools/call",
        "params": {"name": "ratio", "arguments": {}},
    }
    (reply,) = asyncio.run(toolbox.ahandle("mcp", request))
    assert reply["result"] == {
        "content": [
            {"type": "text", "text": "ratio: the result has no JSON form: inf is not a JSON number"}
        ],
        "isError": True,
    }
    mcp.types.JSONRPCResponse.model_validate(reply)
    mcp.types.CallToolResult.model_validate(reply["result"])


class Pages:
    """A generator that fails on its second page."""

    def pages(self) -> Iterator[int]:
        """Every page.

        Returns:
            Page numbers.
        """
        yield 1
        raise ValueError("page 2 failed")


def test_a_generator_that_fails_while_its_items_are_collected_is_a_failed_call() -> None:
    assert text_of(Toolbox(Pages()), "pages") == "Error: pages failed: ValueError: page 2 failed"
    assert text_of(Toolbox(Pages(), errors="mask"), "pages") == "Error: pages failed"


def check_converse(messages: list[Any]) -> None:
    """Fail unless ``messages`` are a valid Bedrock Converse request's messages."""
    model = botocore.session.get_session().get_service_model("bedrock-runtime")
    shape = model.operation_model("Converse").input_shape
    report = botocore.validate.ParamValidator().validate(
        {"modelId": "m", "messages": messages}, shape
    )
    assert not report.has_errors(), report.generate_report()


class _SlackApi(http.server.BaseHTTPRequestHandler):
    """Slack's Web API as far as ``auth.test`` goes, on 127.0.0.1."""

    def do_POST(self) -> None:
        body = json.dumps({"ok": True, "user": "bot", "team": "T1"}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:
        """Quiet."""


def test_slack_sdk_responses_reach_the_model_as_their_data() -> None:
    from slack_sdk import WebClient

    server = http.server.HTTPServer(("127.0.0.1", 0), _SlackApi)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        client = WebClient(
            token="xoxb-test", base_url=f"http://127.0.0.1:{server.server_port}/api/"
        )
        # auth_test takes only undescribed **kwargs: offered when the classification says so
        toolbox = Toolbox(
            client, include=["auth_test"], classification={"WebClient": {"auth_test": True}}
        )
        replies = toolbox.handle("openai", openai_call("auth_test", {}))
    finally:
        server.shutdown()
        server.server_close()
    assert replies == [
        {
            "role": "tool",
            "tool_call_id": "c1",
            "content": '{"ok": true, "user": "bot", "team": "T1"}',
        }
    ]


@given(text=st.text(max_size=300), limit=st.integers(min_value=1, max_value=200))
def test_a_cut_text_keeps_its_start_and_says_how_long_it_was(text: str, limit: int) -> None:
    toolbox = Toolbox(Echo(), max_result_chars=limit)
    (reply,) = toolbox.handle("openai", openai_call("echo", {"text": text}))
    if len(text) <= limit:
        assert reply["content"] == text
    else:
        assert reply["content"] == cut(text, limit)
        assert reply["content"].startswith(text[:limit] + "\n[cut: the result has ")
        assert f"{len(text):,} characters" in reply["content"]


@given(
    names=st.lists(
        st.from_regex(r"[a-z]{1,8}", fullmatch=True), min_size=1, max_size=40, unique=True
    ),
    wanted=st.from_regex(r"[a-z]{1,8}", fullmatch=True),
)
def test_an_unknown_tool_lists_at_most_ten_names_and_counts_the_rest(
    names: list[str], wanted: str
) -> None:
    methods = {f"t_{n}": (lambda self: 0) for n in names}
    many = type("Many", (), {**methods, "__doc__": "Many."})
    toolbox = Toolbox(many())
    if f"t_{wanted}" in methods:
        return
    with pytest.raises(ToolCallError) as raised:
        toolbox.call(f"t_{wanted}")
    listed = raised.value.message.split("Available: ")[1]
    shown, _, more = listed.partition(" and ")
    assert len(shown.split(", ")) == min(10, len(names))
    assert more == ("" if len(names) <= 10 else f"{len(names) - 10} more")


class Echo:
    """Gives its text back."""

    def echo(self, text: str) -> str:
        """Echo.

        Args:
            text: Any text.

        Returns:
            The text.
        """
        return text


REQUEST: contextvars.ContextVar[str] = contextvars.ContextVar("request", default="none")


class Traced:
    """Reads a context variable of its caller."""

    def which(self) -> str:
        """The caller's request.

        Returns:
            Its id.
        """
        return REQUEST.get()


def test_a_sync_call_on_a_thread_sees_the_callers_context_variables() -> None:
    toolbox = Toolbox(Traced(), timeout=5)  # with a timeout, call() runs it on a thread too

    async def run() -> object:
        REQUEST.set("r-42")
        return await toolbox.acall("which")

    assert asyncio.run(run()) == "r-42"
    REQUEST.set("r-7")
    assert toolbox.call("which") == "r-7"


@dataclasses.dataclass
class Line:
    """An order line."""

    item: str
    quantity: int


class Orders:
    """Orders of lines."""

    def place(self, lines: list[Line], notes: dict[str, int]) -> int:
        """Place an order.

        Args:
            lines: The lines.
            notes: Counts by name.

        Returns:
            How many lines.
        """
        return len(lines)


def test_every_problem_inside_objects_arrays_and_mappings_is_listed_too() -> None:
    toolbox = Toolbox(Orders())
    arguments = {
        "lines": [{"item": 1, "quantity": "x", "extra": 0}, {"item": "b"}],
        "notes": {"a": "one", "b": 2, "c": []},
    }
    with pytest.raises(ToolCallError) as raised:
        toolbox.call("place", arguments)
    assert raised.value.message == (
        "place: lines[0].extra: unexpected property; Line has: item, quantity; lines[0].item: "
        'expected string, got 1; lines[0].quantity: expected integer, got "x"; '
        'lines[1].quantity: missing required property; notes.a: expected integer, got "one"; '
        "notes.c: expected integer, got []"
    )


def one_call(provider: str, name: str) -> Any:
    """A model's message with one call of ``name`` without arguments, in the provider's shape."""
    chat = {
        "role": "assistant",
        "tool_calls": [
            {"id": "c1", "type": "function", "function": {"name": name, "arguments": "{}"}}
        ],
    }
    shapes: dict[str, Any] = {
        "openai-responses": {
            "output": [{"type": "function_call", "call_id": "c1", "name": name, "arguments": "{}"}]
        },
        "anthropic": anthropic_call(name, {}),
        "gemini": gemini_call(name, {}),
        "bedrock": {
            "output": {
                "message": {
                    "role": "assistant",
                    "content": [{"toolUse": {"toolUseId": "b1", "name": name, "input": {}}}],
                }
            }
        },
        "mcp": {
            "jsonrpc": "2.0",
            "id": 1,
            "method": "tools/call",
            "params": {"name": name, "arguments": {}},
        },
    }
    return shapes.get(provider, chat)


PROVIDERS = [
    "openai",
    "openai-responses",
    "anthropic",
    "gemini",
    "ollama",
    "mistral",
    "bedrock",
    "mcp",
    "cohere",
    "huggingface",
]


class Mixed:
    """A destructive tool, a slow one and a failing one."""

    def drop_all(self) -> int:
        """Delete everything.

        Returns:
            How many were deleted.
        """
        return 0

    async def slow(self) -> int:
        """Take too long.

        Returns:
            Never.
        """
        await asyncio.sleep(5)
        return 0

    def broken(self) -> int:
        """Fail with a secret.

        Returns:
            Never.
        """
        raise RuntimeError("password hunter2")


NO_CALL = {
    "openai": {"role": "assistant", "content": "Done."},
    "openai-responses": {"output": [{"type": "message", "role": "assistant", "content": []}]},
    "anthropic": {"role": "assistant", "content": [{"type": "text", "text": "Done."}]},
    "gemini": {"role": "model", "parts": [{"text": "Done."}]},
    "ollama": {"role": "assistant", "content": "Done."},
    "mistral": {"role": "assistant", "content": "Done.", "tool_calls": None},
    "bedrock": {"output": {"message": {"role": "assistant", "content": [{"text": "Done."}]}}},
    "cohere": {"role": "assistant", "content": [{"type": "text", "text": "Done."}]},
    "huggingface": {"role": "assistant", "content": "Done.", "tool_calls": []},
}


@pytest.mark.parametrize("provider", sorted(NO_CALL))
def test_a_message_without_calls_is_answered_with_no_message(provider: str) -> None:
    toolbox = Toolbox(Mixed())
    assert toolbox.handle(provider, NO_CALL[provider]) == []
    assert asyncio.run(toolbox.ahandle(provider, NO_CALL[provider])) == []


WITHOUT_ID = {
    "bedrock": (
        {"role": "assistant", "content": [{"toolUse": {}}]},
        "content: a toolUse block without a toolUseId",
    ),
    "anthropic": (
        {"role": "assistant", "content": [{"type": "tool_use", "name": "drop_all", "input": {}}]},
        "content: a tool_use block without an id",
    ),
    "openai-responses": (
        {"output": [{"type": "function_call", "name": "drop_all", "arguments": "{}"}]},
        "output: a function_call item without a call_id",
    ),
}


def test_an_openai_style_call_without_an_id_runs_and_is_answered_with_an_empty_id() -> None:
    """OpenAI-compatible servers (and Mistral's, Cohere's shape) may give no id: the call runs."""
    counter = Counter()
    asked = {"tool_calls": [{"type": "function", "function": {"name": "drop_all"}}]}
    for provider in ("openai", "mistral", "cohere"):
        (reply,) = Toolbox(counter).handle(provider, asked)
        assert (reply["tool_call_id"], reply["content"]) == ("", str(counter.calls))
    assert counter.calls == 3


class Counter:
    """Counts its calls."""

    def __init__(self) -> None:
        self.calls = 0

    def drop_all(self) -> int:
        """Count a call.

        Returns:
            The calls so far.
        """
        self.calls += 1
        return self.calls


@pytest.mark.parametrize("provider", sorted(WITHOUT_ID))
def test_a_call_without_the_id_its_answer_must_carry_is_refused_before_any_call_runs(
    provider: str,
) -> None:
    message, error = WITHOUT_ID[provider]
    counter = Counter()
    toolbox = Toolbox(counter)
    with pytest.raises(InspectorError) as raised:
        toolbox.handle(provider, message)
    assert str(raised.value) == error
    with pytest.raises(InspectorError) as raised:
        asyncio.run(toolbox.ahandle(provider, message))
    assert str(raised.value) == error
    assert counter.calls == 0


def test_an_mcp_notification_gets_no_response_and_runs_nothing() -> None:
    counter = Counter()
    toolbox = Toolbox(counter)
    call = {"jsonrpc": "2.0", "method": "tools/call", "params": {"name": "drop_all"}}
    assert toolbox.handle("mcp", call) == []
    assert asyncio.run(toolbox.ahandle("mcp", call)) == []
    assert counter.calls == 0
    for identifier, shown in [(None, "null"), (True, "true"), ({"n": 1}, '{"n": 1}')]:
        with pytest.raises(InspectorError) as raised:
            toolbox.handle("mcp", {**call, "id": identifier})
        assert str(raised.value) == (
            f"tools/call: the id must be a string or an integer, got {shown}"
        )
    assert counter.calls == 0
    (reply,) = toolbox.handle("mcp", {**call, "id": 0})
    assert reply["id"] == 0
    mcp.types.JSONRPCResponse.model_validate(reply)


def test_a_call_without_a_name_is_an_unknown_tool_not_one_named_none() -> None:
    asked = {"role": "assistant", "content": [{"toolUse": {"toolUseId": "b1", "input": {}}}]}
    replies = Toolbox(Counter()).handle("bedrock", asked)
    block = {
        "toolUseId": "b1",
        "content": [{"text": "unknown tool ''. Available: drop_all"}],
        "status": "error",
    }
    assert replies == [{"role": "user", "content": [{"toolResult": block}]}]


@pytest.mark.parametrize("provider", PROVIDERS)
def test_refused_timed_out_and_masked_calls_answer_in_every_providers_shape(provider: str) -> None:
    toolbox = Toolbox(
        Mixed(),
        timeout=0.2,
        errors="mask",
        classification={"Mixed": {"drop_all": {"approval": True}}},
    )
    for name, text in [
        ("drop_all", "drop_all: not approved; the call was not made"),
        ("slow", "slow: timed out after 0.2 s; the call was stopped"),
        ("broken", "broken failed"),
    ]:
        replies = toolbox.handle(provider, one_call(provider, name))
        dumped = json.dumps(replies)
        assert text in dumped, (provider, replies)
        assert "hunter2" not in dumped
        assert "Error" in dumped or "error" in dumped or "isError" in dumped, (provider, replies)
