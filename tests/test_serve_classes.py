"""Which classes of a file or module target serve makes: only those whose included methods need
an instance; the others are given as themselves (static and class methods) or not at all."""

from __future__ import annotations

import json
import logging
import sys
import threading
import types
from collections.abc import Callable
from pathlib import Path

import anyio
import pytest

from inspector.diagnostics import InspectorError
from inspector.runtime.running import Homes
from inspector.runtime.serve import factory_objects
from inspector.runtime.toolbox import Toolbox
from tests.conftest import Run
from tests.test_serve import LIMIT, listed, served_once, stdio_session

SHOP = '''\
"""Classes serve may make, or not, as the classification file chooses."""

import sys


class Ledger:
    """Needs a key: made by the factory only."""

    def __init__(self, key: str) -> None:
        self.key = key

    def balance(self) -> int:
        """The balance."""
        return 42


class Units:
    """Needs a key to be made; its static method does not."""

    def __init__(self, key: str) -> None:
        self.key = key

    @staticmethod
    def double(x: int) -> int:
        """Twice a number.

        Args:
            x: The number.
        """
        return 2 * x

    def scale(self, x: int) -> int:
        """A number times the key's length.

        Args:
            x: The number.
        """
        return x * len(self.key)


class Broken:
    """Its constructor fails."""

    def __init__(self) -> None:
        raise RuntimeError("no database")

    def query(self) -> str:
        """Query."""
        return "rows"


class Greeter:
    """Made without arguments."""

    def hello(self, name: str) -> str:
        """Greet someone.

        Args:
            name: Who.
        """
        return f"hello {name}"


def add(a: int, b: int) -> int:
    """Add two numbers.

    Args:
        a: The first.
        b: The second.
    """
    return a + b


def make() -> list[object]:
    """The ledger, and this module for its functions."""
    return [Ledger("k"), sys.modules[__name__]]
'''

ALL_FALSE = {
    "Ledger": {"balance": False},
    "Units": {"double": False, "scale": False},
    "Broken": {"query": False},
    "Greeter": {"hello": False},
    "shop": {"add": False, "make": False},
}
"""What ``scan shop.py`` writes, every method set to false."""

FIX = "give --factory module:callable that returns an instance (or a list of instances)"


def _shop(folder: Path, **chosen: dict[str, bool]) -> Path:
    """shop.py and a classification file (``ALL_FALSE`` with the ``chosen`` entries) in it."""
    (folder / "shop.py").write_text(SHOP, encoding="utf-8")
    choices = folder / "choices.json"
    _choose(choices, **chosen)
    return choices


def _choose(choices: Path, **chosen: dict[str, bool]) -> None:
    entries = {key: methods | chosen.get(key, {}) for key, methods in ALL_FALSE.items()}
    choices.write_text(json.dumps(entries), encoding="utf-8")


def test_stdio_makes_only_the_classes_whose_instance_methods_are_included(
    tmp_path: Path,
) -> None:
    """Ledger, Units and Broken cannot be made; their instance methods are false, so the
    server starts, serves Units' static method, and makes Greeter for its method."""
    choices = _shop(tmp_path, Units={"double": True}, Greeter={"hello": True}, shop={"add": True})
    errors = tmp_path / "stderr.txt"

    async def scenario() -> None:
        with anyio.fail_after(LIMIT), errors.open("w") as errlog:
            target = str(tmp_path / "shop.py")
            classification = ("--classification", str(choices))
            async with stdio_session(target, *classification, errlog=errlog) as (session, _):
                names = [tool["name"] for tool in listed(await session.list_tools())]
                assert names == ["double", "hello", "add"]
                calls = [
                    await session.call_tool("double", {"x": 21}),
                    await session.call_tool("hello", {"name": "Ada"}),
                    await session.call_tool("add", {"a": 1, "b": 2}),
                ]
                assert [call.structured_content for call in calls] == [
                    {"result": 42},
                    {"result": "hello Ada"},
                    {"result": 3},
                ]

    anyio.run(scenario)
    # the server's last line ("info: stopped") may not be written if the client had to kill it
    assert (
        "info: serving 3 tools over stdio: double, hello, add"
        in errors.read_text(encoding="utf-8").splitlines()
    )


def test_all_leaves_out_the_classes_of_a_module_that_cannot_be_made(tmp_path: Path) -> None:
    (tmp_path / "shop.py").write_text(SHOP, encoding="utf-8")
    process = served_once(tmp_path, "shop.py", "--all")
    assert (process.returncode, process.stdout) == (0, "")
    left_out = f"its methods that need an instance are left out; {FIX} to serve them"
    assert process.stderr == (
        f"warning: Ledger needs constructor arguments (key): {left_out}\n"
        f"warning: Units needs constructor arguments (key): {left_out}\n"
        f"warning: Broken() failed: RuntimeError: no database; {left_out}\n"
        "info: no classification file: --all serves every public method\n"
        "info: serving 4 tools over stdio: double, hello, add, make\n"
        "info: stopped\n"
    )


def test_an_included_method_of_a_class_that_cannot_be_made_names_the_class_and_the_fix(
    run_cli: Callable[..., Run], in_tmp: Path
) -> None:
    choices = _shop(in_tmp, Ledger={"balance": True}, Units={"double": True})
    needs = run_cli("serve", "shop.py", "--classification", str(choices))
    _choose(choices, Broken={"query": True}, Units={"scale": True, "double": True})
    failed = run_cli("serve", "shop.py", "--classification", str(choices))
    named = run_cli("serve", "shop.py:Ledger", "--all")
    assert [(run.status, run.stdout, run.stderr) for run in (needs, failed, named)] == [
        (
            2,
            "",
            f"error: Ledger needs constructor arguments (key): {FIX}, or set its included "
            f"methods (balance) to false in {choices}\n",
        ),
        (
            2,
            "",
            f"error: Units needs constructor arguments (key): {FIX}, or set its included "
            f"methods (scale) to false in {choices}\n",
        ),
        (2, "", f"error: Ledger needs constructor arguments (key): {FIX}\n"),
    ]
    _choose(choices, Broken={"query": True})
    broken = run_cli("serve", "shop.py", "--classification", str(choices))
    assert (broken.status, broken.stderr) == (
        1,
        f"error: Broken() failed: RuntimeError: no database; {FIX}, or set its included "
        f"methods (query) to false in {choices}\n",
    )


@pytest.mark.parametrize("taken", [False, True], ids=["shop-free", "shop-taken"])
def test_a_factory_s_objects_and_module_are_not_made_or_served_again(
    in_tmp: Path, monkeypatch: pytest.MonkeyPatch, taken: bool
) -> None:
    """Also when another module is already called ``shop`` (the file is then imported as
    ``_toolsinspector_shop``): its functions keep the key ``shop``, so the classification's
    choices for them hold (``make``, not chosen, was offered as a new tool)."""
    from inspector.runtime.serve import served_objects

    if taken:
        monkeypatch.setitem(sys.modules, "shop", types.ModuleType("shop"))
    choices = _shop(in_tmp, Ledger={"balance": True}, shop={"add": True})
    objects = served_objects(["shop.py"], "shop.py:make", in_tmp).objects(choices)
    toolbox = Toolbox(*objects, classification=choices)
    assert [tool.name for tool in toolbox.tools] == ["balance", "add"]
    assert (toolbox.call("balance", {}), toolbox.call("add", {"a": 2, "b": 3})) == (42, 5)


def test_watch_makes_a_class_when_its_method_is_set_true_and_keeps_the_tools_when_it_cannot(
    in_tmp: Path, caplog: pytest.LogCaptureFixture
) -> None:
    from inspector.runtime.mcp_server import Tools
    from inspector.runtime.serve import ServeOptions, builder, served_objects

    choices = _shop(in_tmp, shop={"add": True})
    served = served_objects(["shop.py"], None, in_tmp)
    tools = Tools(builder(served, choices), ServeOptions(watch=choices))
    names = [[tool["name"] for tool in tools.listed]]

    async def changes() -> None:
        _choose(choices, shop={"add": True}, Greeter={"hello": True})
        await tools.reload()
        names.append([tool["name"] for tool in tools.listed])
        _choose(choices, shop={"add": True}, Greeter={"hello": True}, Ledger={"balance": True})
        await tools.reload()
        names.append([tool["name"] for tool in tools.listed])

    with caplog.at_level(logging.INFO, logger="inspector.serve"):
        anyio.run(changes)
    assert names == [["add"], ["hello", "add"], ["hello", "add"]]
    assert tools.toolbox.call("hello", {"name": "Bo"}) == "hello Bo"
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == [
        f"Ledger needs constructor arguments (key): {FIX}, or set its included methods "
        f"(balance) to false in {choices}; keeping the previous 2 tools"
    ]


def test_a_factory_that_fails_leaves_no_thread_behind() -> None:
    """Each failed making of the objects (a reload under ``--watch`` may fail many times) ends
    the home thread made for them."""

    def broken() -> object:
        raise OSError("database is locked")

    def home_threads() -> list[threading.Thread]:
        return [t for t in threading.enumerate() if t.name == "toolsinspector-app:broken"]

    homes = Homes(threads={})
    for _ in range(3):
        with pytest.raises(InspectorError, match="database is locked"):
            factory_objects(broken, "app:broken", homes)
    for thread in home_threads():
        thread.join(timeout=5)
    assert home_threads() == []
    assert homes.threads == {}


def test_a_server_of_a_whole_module_is_named_after_the_module(in_tmp: Path) -> None:
    """``serve more_itertools --all`` answered ``initialize`` as ``numeric_range``, the first
    of the module's classes; a class target, or a factory's object, still names it."""
    from inspector.runtime.serve import served_objects

    _shop(in_tmp)
    assert [
        served_objects(["shop.py"], None, in_tmp).name,
        served_objects(["shop.py:Units", "shop.py"], None, in_tmp).name,
        served_objects(["shop.py", "shop.py:Units"], "shop.py:make", in_tmp).name,
    ] == ["shop", "Units", "Ledger"]


class Gate:
    """Sync methods on one home thread, and an async one."""

    def __init__(self) -> None:
        self.opened = threading.Event()

    def wait_open(self) -> str:
        """Block until the gate opens."""
        self.opened.wait(LIMIT)
        return "opened"

    def peek(self) -> str:
        """Look at the gate."""
        return "closed"

    async def ring(self) -> str:
        """Ring (runs on the event loop, not the home thread)."""
        return "rang"


def test_a_timed_out_call_holding_its_objects_thread_refuses_the_objects_other_sync_tools() -> None:
    """Under ``serve`` each object's sync methods run on its one thread: while a timed-out call
    holds it, another sync tool of the object would wait behind it past its own timeout, and
    without end when it has none (``peek`` answered after ``wait_open`` ended). It is refused
    at once, saying why, until the call ends; an async tool of the object is not held up."""
    from inspector.runtime.host import ToolEvent
    from inspector.runtime.running import HomeThread

    home = HomeThread("toolsinspector-test-gate")
    gate = home.submit(Gate).result()
    events: list[ToolEvent] = []
    ended = threading.Event()

    def tell(event: ToolEvent) -> None:
        events.append(event)
        if event.kind == "ended-after-timeout":
            ended.set()

    choices = {"Gate": {"wait_open": {"timeout": 0.1}, "peek": True, "ring": True}}
    box = Toolbox(gate, classification=choices, homes=Homes({id(gate): home}), on_event=tell)

    async def answered(name: str) -> object:  # as serve calls: ahandle
        return (await box.ahandle("openai", _calls(name)))[0]["content"]

    answers = [anyio.run(answered, name) for name in ("wait_open", "peek", "ring")]
    assert isinstance(gate, Gate)
    gate.opened.set()
    assert ended.wait(LIMIT)
    answers.append(anyio.run(answered, "peek"))
    home.stop()
    assert answers == [
        "Error: wait_open: timed out after 0.1 s; the call is still running and the tool takes "
        "no new call until it has ended",
        "Error: peek: a call of wait_open that timed out is still running on the thread of "
        "their object; the tool takes no new call until it has ended",
        "rang",
        "closed",
    ]
    assert [(event.kind, event.tool) for event in events] == [
        ("timed-out", "wait_open"),
        ("busy", "peek"),
        ("ended-after-timeout", "wait_open"),
    ]


def _calls(name: str) -> dict[str, object]:
    return {"tool_calls": [{"id": "1", "function": {"name": name, "arguments": "{}"}}]}
