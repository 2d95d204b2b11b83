"""Module-level functions are tools: grouped under the module's dotted name, in every door."""

from __future__ import annotations

import cmath
import importlib
import json
import shutil
import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest

from inspector.diagnostics import InspectorError
from inspector.runtime.serve import served_objects
from inspector.runtime.toolbox import Toolbox, ToolCallError
from tests.conftest import Run, load

FUNCS = '''\
"""Functions for the tools."""
import functools
from os.path import join
from typing import Annotated

from pydantic import BaseModel, Field


class Booking(BaseModel):
    """A booking."""

    room: str
    nights: int = Field(1, ge=1)


def _logged(function):
    @functools.wraps(function)
    def wrapper(*args, **kwargs):
        return function(*args, **kwargs)

    return wrapper


def add(a: int, b: int = 2) -> int:
    """Add two numbers.

    Args:
        a: The first.
        b: The second.
    """
    return a + b


async def fetch_title(url: str) -> str:
    """The title of a page.

    Args:
        url: The page.
    """
    return url.upper()


@_logged
def greet(name: Annotated[str, Field(description="Who to greet.")]) -> str:
    """Greet someone."""
    return f"hello {name}"


def book(request: Booking) -> str:
    """Book a room.

    Args:
        request: What to book.
    """
    return f"{request.room} x{request.nights}"


def _helper() -> None:
    """Private: no tool."""


class Counter:
    """A counter."""

    def increment(self, by: int = 1) -> int:
        """Count up.

        Args:
            by: How much.
        """
        return by
'''


def _write(name: str = "funcs.py", text: str = FUNCS) -> None:
    Path(name).write_text(text, encoding="utf-8")


def _tools(path: str = "tools.json") -> dict[str, dict[str, dict[str, object]]]:
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    return {key: group["methods"] for key, group in data["classes"].items()}


def test_a_file_gives_its_classes_and_its_own_public_functions(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    _write()
    run = run_cli("scan", "funcs.py", "-o", "tools.json")
    assert run.status == 0, run.stderr
    assert run.stdout.splitlines()[0] == "1 class, 1 module, 5 tools: 5 included, 0 excluded"
    assert json.loads(Path("tools.classification.json").read_text(encoding="utf-8")) == {
        "Counter": {"increment": True},
        "funcs": {"add": True, "fetch_title": True, "greet": True, "book": True},
    }
    tools = _tools()
    assert {name: entry["kind"] for name, entry in tools["funcs"].items()} == {
        "add": "function",
        "fetch_title": "function",
        "greet": "function",
        "book": "function",
    }
    assert tools["funcs"]["fetch_title"]["async"] is True
    assert tools["funcs"]["greet"]["function"] == {
        "name": "greet",
        "description": "Greet someone.",
        "parameters": {
            "type": "object",
            "properties": {"name": {"type": "string", "description": "Who to greet."}},
            "required": ["name"],
        },
    }
    assert tools["funcs"]["add"]["location"] == "funcs.py:24"
    assert json.loads(Path("tools.json").read_text(encoding="utf-8"))["classes"]["funcs"][
        "source"
    ] == ("funcs.py")


def test_file_colon_function_takes_one_function_and_two_share_a_group(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    _write()
    run = run_cli("scan", "funcs.py:add", "-o", "tools.json")
    assert (run.status, run.stderr) == (0, "")
    assert run.stdout.splitlines()[0] == "1 module, 1 tool: 1 included, 0 excluded"
    assert list(_tools()) == ["funcs"]
    assert list(_tools()["funcs"]) == ["add"]
    document = json.loads(Path("tools.json").read_text(encoding="utf-8"))
    assert document["classes"]["funcs"]["source"] == "funcs.py:add"
    run = run_cli("scan", "funcs.py:add", "funcs.py:book", "funcs.py:add", "-o", "tools.json")
    assert run.status == 0, run.stderr
    assert {k: list(v) for k, v in _tools().items()} == {"funcs": ["add", "book"]}
    document = json.loads(Path("tools.json").read_text(encoding="utf-8"))
    assert document["classes"]["funcs"]["source"] == "funcs.py"  # the module of both
    run = run_cli("stubs", "tools.json", "-o", "stubs.py")
    assert run.status == 0, run.stderr
    assert '    """Stubs of the tools of funcs.py."""' in Path("stubs.py").read_text().splitlines()


def test_a_name_that_is_neither_class_nor_function_says_so(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    _write(text=FUNCS + "LIMIT = 3\n")
    run = run_cli("scan", "funcs.py:LIMIT", "-o", "tools.json")
    assert run.status == 1
    assert run.stderr.splitlines()[0] == (
        "error[TI100]: target 'funcs.py:LIMIT': LIMIT is not a class or a function of funcs.py"
    )


def test_a_module_target_is_keyed_by_its_dotted_name(
    modules: Callable[..., None], in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    modules(**{"shop/__init__.py": "", "shop/pricing.py": FUNCS})
    run = run_cli("scan", "shop.pricing", "-o", "tools.json")
    assert run.status == 0, run.stderr
    assert list(_tools()) == ["Counter", "shop.pricing"]
    run = run_cli("scan", "shop.pricing:add", "-o", "tools.json")
    assert list(_tools()) == ["shop.pricing"]
    run = run_cli("render", "--provider", "openai", "-q")
    assert [tool["function"]["name"] for tool in json.loads(run.stdout)] == ["add"]


def test_diagnostics_name_a_module_s_functions_by_their_group_key(
    modules: Callable[..., None], in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    # the key the classification file has: "os.stat" named the standard library's module
    # for aiofiles.os.stat, and two modules of one last name could not be told apart
    modules(**{"shop/__init__.py": "", "shop/os.py": "def stat(path):\n    'Stat.'\n"})
    run = run_cli("scan", "shop.os", "-o", "tools.json")
    assert run.status == 0, run.stderr
    assert list(_tools()) == ["shop.os"]
    assert "shop/os.py:1: warning[TI106]: shop.os.stat: parameter 'path': no type hint" in (
        run.stderr
    )


def test_a_module_s_all_takes_what_it_wraps_not_another_library_s_functions(
    modules: Callable[..., None], in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    """``__all__`` names the functions of a private or built-in module the module wraps (``os``
    exports ``posix``'s C functions): they are its tools; a function of another public module
    (``from os.path import join``) is not, named in ``__all__`` or not."""
    modules(
        **{
            "_speedups.py": "def add(a: int, b: int) -> int:\n    return a + b\n",
            "helpers.py": "def sub(a: int, b: int) -> int:\n    return a - b\n",
            "api.py": "from _speedups import add\nfrom helpers import sub\n"
            "__all__ = ['add', 'sub', 'mul']\n"
            "def mul(a: int, b: int) -> int:\n    return a * b\n",
        }
    )
    assert run_cli("scan", "api", "-o", "tools.json", "-q").status == 0
    assert list(_tools()["api"]) == ["add", "mul"]


def test_a_function_a_module_exports_from_its_implementation_under_its_own_name_is_a_tool(
    modules: Callable[..., None], in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    """msgspec.json exports ``_core``'s ``json_encode`` as ``encode`` (typed in
    ``json.pyi``): a tool named ``encode``, typed by the stub, called through that name; an
    alias of a function the module defines is no second tool, nor is another library's, nor a
    built-in or private function of another package the module renames (``echo = print``,
    ``from time import sleep as pause``, ``functools.reduce``: the C ``_functools``'s)."""
    modules(
        **{
            "codec/__init__.py": "",
            "codec/_core.py": "def json_encode(obj, indent=0):\n    'Encode.'\n    return 'x'\n",
            "codec/json.py": (
                "from codec._core import json_encode as encode\n"
                "from os.path import join as joined\n"
                "from time import sleep as pause\n"
                "from time import sleep\n"
                "from sys import exit\n"
                "from functools import reduce as fold\n"
                "echo = print\n"
                "def decode(text):\n    'Decode.'\n    return text\n"
                "loads = decode\n"
            ),
            "codec/json.pyi": (
                "def encode(obj: object, indent: int = ...) -> str: ...\n"
                "def decode(text: str) -> object: ...\n"
            ),
        }
    )
    assert run_cli("scan", "codec.json", "-o", "tools.json", "-q").status == 0
    tools = _tools()["codec.json"]
    assert list(tools) == ["encode", "decode"]
    assert tools["encode"]["type_sources"] == {"obj": "stub", "indent": "stub", "return": "stub"}
    assert run_cli("scan", "codec.json:encode", "-o", "one.json", "-q").status == 0
    assert list(_tools("one.json")["codec.json"]) == ["encode"]
    toolbox = Toolbox(load("codec.json"))
    assert toolbox.call("encode", {"obj": [1], "indent": 2}) == "x"


def test_what_a_module_s_all_names_from_a_compiled_module_of_its_package_is_a_tool(
    modules: Callable[..., None], in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    """rapidfuzz's ``fuzz`` names in ``__all__`` the functions of ``fuzz_cpp_avx2`` (or
    ``fuzz_cpp``, whichever build this machine loads), compiled modules of its own package:
    they are its tools, as a private implementation's are. Unnamed in ``__all__`` they are not,
    nor is what ``__all__`` names from another package's compiled module."""
    compiled = Path(cmath.__file__)  # a real extension module, copied into the package
    modules(
        **{
            "fuzzy/__init__.py": "",
            "fuzzy/fuzz.py": (
                "from fuzzy.cmath import sqrt, phase, exp\n"
                "from math import floor\n"
                "__all__ = ['sqrt', 'phase', 'floor']\n"
            ),
            "fuzzy/bare.py": "from fuzzy.cmath import sqrt\n",
        }
    )
    shutil.copy(compiled, in_tmp / "fuzzy" / compiled.name)
    assert run_cli("scan", "fuzzy.fuzz", "fuzzy.bare", "-o", "tools.json", "-q").status == 0
    assert {key: list(tools) for key, tools in _tools().items()} == {
        "fuzzy.fuzz": ["sqrt", "phase"]
    }
    toolbox = Toolbox(importlib.import_module("fuzzy.fuzz"))
    assert toolbox.call("phase", {"z": -1}) == cmath.pi


def test_an_aliased_module_is_keyed_by_the_name_the_target_gives(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    """``os.path`` is ``posixpath`` or ``ntpath``: keyed by the target's name, one file serves
    every platform; C functions its ``__all__`` names (``os.listdir``) are read from typeshed."""
    assert run_cli("scan", "os.path", "-o", "tools.json", "-q").status == 0
    assert list(_tools()) == ["os.path"]
    assert run_cli("scan", "os", "-o", "tools.json", "-q").status == 0
    listdir = _tools()["os"]["listdir"]["function"]
    assert listdir["parameters"]["properties"]["path"] == {  # type: ignore[index]
        "type": ["string", "integer", "null"],
        "default": None,
    }


def test_a_function_group_and_a_class_of_one_key_the_class_keeps_it(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    Path("Ledger.py").write_text(
        textwrap.dedent('''\
        class Ledger:
            def total(self) -> int:
                """The total."""
                return 0


        def audit() -> str:
            """Audit the books."""
            return "ok"
        '''),
        encoding="utf-8",
    )
    run = run_cli("scan", "Ledger.py", "-o", "tools.json")
    assert run.status == 0, run.stderr
    assert {k: list(v) for k, v in _tools().items()} == {
        "Ledger": ["total"],
        "Ledger:functions": ["audit"],
    }
    assert run.stderr.splitlines()[0] == (
        "warning[TI111]: Ledger: a class is keyed 'Ledger' too: the module's functions are keyed "
        "'Ledger:functions'"
    )


def test_functions_of_the_classification_file_are_chosen_and_rendered(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    _write()
    run_cli("scan", "funcs.py", "-o", "tools.json")
    choices = json.loads(Path("tools.classification.json").read_text(encoding="utf-8"))
    choices["funcs"]["book"] = False
    Path("tools.classification.json").write_text(json.dumps(choices), encoding="utf-8")
    run = run_cli("render", "--provider", "anthropic", "-q")
    assert run.status == 0, run.stderr
    assert [tool["name"] for tool in json.loads(run.stdout)] == [
        "increment",
        "add",
        "fetch_title",
        "greet",
    ]


def test_the_toolbox_takes_a_module_and_functions(
    in_tmp: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _write()
    monkeypatch.syspath_prepend(str(in_tmp))
    funcs = load("funcs")
    box = Toolbox(funcs, funcs.Counter())
    assert [t.name for t in box.tools] == ["add", "fetch_title", "greet", "book", "increment"]
    assert box.call("add", {"a": 1}) == 3
    assert box.call("fetch_title", '{"url": "x"}') == "X"
    assert box.call("greet", {"name": "Ann"}) == "hello Ann"
    assert box.call("book", {"request": {"room": "12", "nights": 2}}) == "12 x2"
    with pytest.raises(ToolCallError) as raised:
        box.call("book", {"request": {"room": "12", "nights": 0}})
    assert raised.value.message == (
        "book: request: nights: Input should be greater than or equal to 1"
    )
    one = Toolbox(funcs.add, funcs.greet, classification={"funcs": {"greet": False}})
    assert [t.name for t in one.tools] == ["add"]
    with pytest.raises(ToolCallError):
        one.call("greet", {"name": "Ann"})  # excluded: never callable


def test_serve_targets_give_a_module_s_functions(in_tmp: Path) -> None:
    _write()
    objects = served_objects(["funcs.py"], None, in_tmp).objects(None)
    box = Toolbox(*objects)
    assert [t.name for t in box.tools] == ["increment", "add", "fetch_title", "greet", "book"]
    assert box.call("add", {"a": 2, "b": 5}) == 7
    with pytest.raises(InspectorError):
        served_objects(["funcs.py:nothing"], None, in_tmp)


def test_build_check_and_diff_handle_functions(in_tmp: Path, run_cli: Callable[..., Run]) -> None:
    _write()
    Path("pyproject.toml").write_text(
        '[tool.toolsinspector]\ntargets = ["funcs.py"]\nproviders = ["openai"]\n',
        encoding="utf-8",
    )
    built = run_cli()
    assert built.status == 0, built.stderr
    assert run_cli("check").status == 0
    Path("old.json").write_text(Path("tools.json").read_text(encoding="utf-8"), encoding="utf-8")
    _write(text=FUNCS.replace("b: int = 2", "b: int"))
    checked = run_cli("check")
    assert checked.status == 1
    run_cli()
    diffed = run_cli("diff", "old.json", "tools.json")
    assert diffed.stdout.splitlines() == [
        "add:",
        "  breaking   b: parameter became required",
        "  compatible b: default 2 removed",
        "1 breaking, 1 compatible, 0 docs",
    ]


class LocalPath(str):
    """plumbum's ``LocalPath``: an object with methods that is a ``str`` too."""

    def with_suffix(self, suffix: str) -> str:
        """The path with another suffix."""
        return self.rpartition(".")[0] + suffix


def test_an_object_that_is_a_string_is_an_object_beside_functions() -> None:
    """``Toolbox(plumbum.local.path("/tmp"))`` raised a KeyError: the scan held a module's name
    (a ``str``) where the module's functions go, and took the path for one."""
    box = Toolbox(LocalPath("notes.txt"), cmath.sqrt)
    assert [t.name for t in box.tools] == ["with_suffix", "sqrt"]
    assert box.call("with_suffix", {"suffix": ".md"}) == "notes.md"
    assert [t.name for t in Toolbox(LocalPath("a.b")).tools] == ["with_suffix"]
