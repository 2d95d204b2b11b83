"""No traceback reaches a user: crashers found on real code, each now a clean result."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pydantic
import pytest

from inspector import Toolbox, ToolCallError
from inspector.project.config import load_config
from tests.conftest import Run


def test_config_new_include_and_exclude_are_read(
    tmp_path: Path, run_cli: Callable[..., Run], monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "service.py").write_text(
        "class Service:\n    def ping(self) -> None:\n        'Ping.'\n", encoding="utf-8"
    )
    (tmp_path / "pyproject.toml").write_text(
        '[tool.toolsinspector]\ntargets = ["service.py:Service"]\nnew = "exclude"\n',
        encoding="utf-8",
    )
    assert load_config(tmp_path / "pyproject.toml").include_new is False
    monkeypatch.chdir(tmp_path)
    built = run_cli("build", "-q")
    assert (built.status, built.stderr) == (0, "")
    classification = (tmp_path / "tools.classification.json").read_text(encoding="utf-8")
    assert classification == '{\n  "Service": {\n    "ping": false\n  }\n}\n'
    assert run_cli("check", "-q").status == 0


def test_c_methods_without_lines_that_share_names_are_scanned(
    run_cli: Callable[..., Run], in_tmp: Path
) -> None:
    scanned = run_cli("scan", "sqlite3:Blob", "sqlite3:Connection", "-o", "tools.json")
    assert scanned.status == 0  # C methods take their signatures from typeshed's stubs
    assert "internal error" not in scanned.stderr
    names = json.loads(Path("tools.json").read_text(encoding="utf-8"))["classes"]
    assert names["Blob"]["methods"]["close"]["function"]["name"] == "Blob_close"
    assert names["Connection"]["methods"]["close"]["function"]["name"] == "Connection_close"
    rendered = run_cli("render", "--provider", "openai", "--tools", "tools.json", "-o", "o.json")
    assert rendered.status == 0, rendered.stderr
    for stream in (scanned.stderr, rendered.stderr):
        for line in stream.splitlines():
            prefixes = ("sqlite3/__init__.py: ", "tools.classification.json: ", "diagnostics: ")
            assert line.startswith(prefixes), line


def test_a_module_whose_namespace_changes_while_listed_is_scanned(
    run_cli: Callable[..., Run], in_tmp: Path
) -> None:
    Path("lazy.py").write_text(
        "class Service:\n"
        "    def ping(self) -> None:\n        'Ping.'\n"
        "class _Proxy:\n"
        "    @property\n"
        "    def __class__(self):\n"
        "        globals().setdefault('loaded_on_first_use', 1)\n"
        "        return _Proxy\n"
        "client = _Proxy()\n",
        encoding="utf-8",
    )
    scanned = run_cli("scan", "lazy.py", "-o", "-", "-q")
    assert scanned.status == 0, scanned.stderr
    assert '"ping"' in scanned.stdout


def test_a_closed_pipe_ends_quietly() -> None:
    command = (
        f"{sys.executable} -m inspector providers | head -1 >/dev/null; echo ${{PIPESTATUS[0]}}"
    )
    done = subprocess.run(
        ["bash", "-c", command], capture_output=True, text=True, check=False, timeout=60
    )
    assert done.stderr == ""
    assert done.stdout.strip() in ("0", "141")


OPTIONAL_MODELS = '''\
from dataclasses import dataclass, field

import pydantic


@dataclass
class Options:
    tags: list[str] = field(default_factory=list)
    meta: dict[str, int] = field(default_factory=dict)


class Model(pydantic.BaseModel):
    items: list[int] = [1, 2]


class Svc:
    def run(self, options: Options | None = None, model: Model | None = None) -> None:
        """Run.

        Args:
            options: How.
            model: What.
        """
'''


def test_stubs_of_optional_models_with_list_and_dict_defaults(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    Path("svc.py").write_text(OPTIONAL_MODELS, encoding="utf-8")
    Path("pyproject.toml").write_text(
        '[tool.toolsinspector]\ntargets = ["svc.py:Svc"]\nstubs = "stubs.py"\n', encoding="utf-8"
    )
    built = run_cli("build", "-q")
    assert (built.status, built.stderr) == (0, "")
    stubs = Path("stubs.py").read_text(encoding="utf-8")
    assert "    meta: dict[str, int] = field(default_factory=dict)\n" in stubs
    assert "def run(self, options: Options | None = None, model: Model | None = None)" in stubs
    assert run_cli("stubs", "tools.json", "-o", "-", "-q").stdout == stubs


def test_a_toolbox_of_a_class_made_in_python_c_works(tmp_path: Path) -> None:
    """``inspect.getsourcefile`` raises OSError for a class with no source file."""
    code = (
        "from inspector import Toolbox\n"
        "class A:\n"
        "    def twice(self, x: int) -> int:\n"
        "        'Twice x.'\n"
        "        return 2 * x\n"
        "box = Toolbox(A())\n"
        "print(box.call('twice', {'x': 4}), box.tools[0].location)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, check=False
    )
    assert (done.returncode, done.stdout, done.stderr) == (0, "8 <string>:3\n", "")


ODD = '''
class Odd(BaseException):
    """Not an Exception: escapes every ``except Exception``."""


def boom(exception: BaseException) -> type:
    raise exception
'''


@pytest.mark.parametrize(
    ("module", "line"),
    [
        (
            ODD + "raise Odd('at import')\n",
            "error[TI100]: target 'odd.py': importing failed: Odd: at import (odd.py:8)",
        ),
        (
            "import sys\nclass Service:\n    def ping(self) -> None: ...\nsys.exit(4)\n",
            "error[TI100]: target 'odd.py': importing failed: SystemExit: 4 (odd.py:4)",
        ),
        (
            ODD + "def __getattr__(name):\n    raise Odd(name)\n",
            "error[TI100]: target 'odd.py:Service': Odd: Service",
        ),
    ],
    ids=["own-base-exception", "system-exit", "module-getattr"],
)
def test_a_base_exception_at_import_is_a_failed_target(
    in_tmp: Path, run_cli: Callable[..., Run], module: str, line: str
) -> None:
    Path("odd.py").write_text(module, encoding="utf-8")
    target = "odd.py:Service" if "__getattr__" in module else "odd.py"
    result = run_cli("scan", target, "-o", "tools.json")
    assert (result.status, result.stderr) == (1, line + "\n")
    assert "nothing written: every target failed" in result.stdout


def test_a_base_exception_reading_a_method_leaves_that_method_out(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    Path("odd.py").write_text(
        ODD
        + "class Weird:\n"
        + "    def __repr__(self) -> str:\n        raise SystemExit(5)\n"
        + "class Service:\n"
        + "    def ping(self) -> None:\n        'Ping.'\n"
        + "    def hint(self, x: 'boom(Odd(1))') -> None:\n        'Hint.'\n"
        + "    def default(self, x=Weird()) -> None:\n        'Default.'\n",
        encoding="utf-8",
    )
    result = run_cli("scan", "odd.py:Service", "-o", "tools.json")
    # TI103's level and ending are the scan's to decide: the method is not offered
    assert result.stderr.splitlines()[0].startswith(
        "odd.py:14: error[TI103]: Service.hint: cannot be inspected (Odd: 1); "
    ) or result.stderr.splitlines()[0].startswith(
        "odd.py:14: warning[TI103]: Service.hint: cannot be inspected (Odd: 1); "
    )
    assert "internal error" not in result.stderr
    classes = json.loads(Path("tools.json").read_text(encoding="utf-8"))["classes"]
    assert {"ping", "default"} <= set(classes["Service"]["methods"])


@dataclasses.dataclass(frozen=True)
class _Unit:
    """A definition whose ``__post_init__`` asserts (pint's ``UnitDefinition``)."""

    name: str

    def __post_init__(self) -> None:
        if self.name == "metre":  # ``assert`` itself is rewritten by pytest in a test module
            raise AssertionError


class _Money(float):
    """A number class whose constructor raises neither ValueError nor TypeError."""

    def __new__(cls, value: float) -> _Money:
        if value > 1000:
            raise KeyError("over the limit")
        return super().__new__(cls, value)


class _Order(pydantic.BaseModel):
    """A model whose own validator fails with an error pydantic passes on."""

    item: str

    @pydantic.model_validator(mode="before")
    @classmethod
    def _needs_a_key(cls, data: dict[str, object]) -> dict[str, object]:
        data["sku"]
        return data


class _Registry:
    """Methods taking values whose classes run their own code on the model's arguments."""

    def define(self, unit: _Unit) -> str:
        """Define a unit.

        Args:
            unit: The unit.
        """
        return unit.name

    def pay(self, amount: _Money) -> float:
        """Pay an amount.

        Args:
            amount: How much.
        """
        return float(amount)

    def order(self, order: _Order) -> str:
        """Place an order.

        Args:
            order: The order.
        """
        return order.item


def test_an_argument_class_that_refuses_a_value_its_own_way_is_an_argument_error() -> None:
    """Whatever an argument's class raises while it is made (a bare ``assert`` in pint's
    ``UnitDefinition.__post_init__``, a ``KeyError``) names the argument for the model: it
    reached the host as a traceback from ``call`` and ``handle``."""
    toolbox = Toolbox(_Registry())
    for name, arguments, message in [
        ("define", {"unit": {"name": "metre"}}, "define: unit: _Unit: AssertionError"),
        ("pay", {"amount": 2000}, "pay: amount: 2000 is no _Money: KeyError: 'over the limit'"),
        ("order", {"order": {"item": "tea"}}, "order: order: _Order: KeyError: 'sku'"),
    ]:
        with pytest.raises(ToolCallError) as raised:
            toolbox.call(name, arguments)
        assert raised.value.message == message
        call = {"id": "1", "type": "function", "function": {"name": name, "arguments": "{}"}}
        call["function"]["arguments"] = json.dumps(arguments)
        (reply,) = toolbox.handle("openai", {"role": "assistant", "tool_calls": [call]})
        assert reply["content"] == f"Error: {message}"
    assert toolbox.call("define", {"unit": {"name": "second"}}) == "second"
