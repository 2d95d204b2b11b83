"""The command line: commands, exit statuses, output files, determinism, python -m."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import ROOT, Run

SERVICE = '''
class Service:
    def ping(self, host: str) -> bool:
        """Check a host.

        Args:
            host: Name or address.
        """
        return True
'''


def test_scan_writes_tools_and_classification_and_summarizes(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    Path("service.py").write_text(SERVICE)
    result = run_cli("scan", "service.py:Service", "-o", "out/tools.json")
    assert result.status == 0
    assert result.stderr == ""
    assert result.stdout == (
        "1 class, 1 tool: 1 included, 0 excluded\n"
        "newly included: all 1 (a new classification file)\n"
        "wrote out/tools.json, out/tools.classification.json\n"
        "diagnostics: 0 errors, 0 warnings, 0 info\n"
    )
    data = json.loads(Path("out/tools.json").read_text())
    assert data == {
        "format": "toolsinspector/1",
        "classes": {
            "Service": {
                "source": "service.py:Service",
                "methods": {
                    "ping": {
                        "type": "function",
                        "function": {
                            "name": "ping",
                            "description": "Check a host.",
                            "parameters": {
                                "type": "object",
                                "properties": {
                                    "host": {"type": "string", "description": "Name or address."}
                                },
                                "required": ["host"],
                            },
                        },
                        "returns": {"type": "boolean"},
                        "async": False,
                        "kind": "instance",
                        "location": "service.py:3",
                    }
                },
            }
        },
    }


def test_module_target_takes_every_public_class_defined_in_it(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    Path("pkg").mkdir()
    Path("pkg/__init__.py").write_text("")
    Path("pkg/mod.py").write_text(
        "from json import JSONDecoder\n"
        "class B:\n    def b(self) -> None:\n        'B.'\n"
        "class _Hidden:\n    def h(self) -> None:\n        'H.'\n"
        "class A:\n    def a(self) -> None:\n        'A.'\n"
    )
    sys.path.insert(0, str(in_tmp))
    try:
        result = run_cli("scan", "pkg.mod", "-o", "-", "-q")
    finally:
        sys.path.remove(str(in_tmp))
        for name in ("pkg", "pkg.mod"):
            sys.modules.pop(name, None)
    data = json.loads(result.stdout)
    assert list(data["classes"]) == ["B", "A"]
    assert data["classes"]["A"]["source"] == "pkg.mod:A"
    assert not Path("tools.classification.json").exists()


INTERFACES = """\
import abc
from typing import Protocol


class SupportsGetData(Protocol):
    def getdata(self) -> list[int]: ...


class PointHandler(abc.ABC):
    '''Used as a mixin by point transforms.'''

    @abc.abstractmethod
    def point(self, size: int) -> int:
        pass


class Doubler(PointHandler):
    def point(self, size: int) -> int:
        '''Double it.'''
        return size * 2


class Image:
    def getdata(self) -> list[int]:
        '''The pixels.'''
        return []


class Codec(abc.ABC):
    @staticmethod
    def detect(data: str) -> str:
        '''The codec of some data.'''
        return data

    @abc.abstractmethod
    def encode(self, text: str) -> str:
        '''Encode.'''
"""


def test_a_module_target_leaves_out_protocols_and_abstract_classes(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    """In the shape of Pillow's ``PIL.Image`` (``SupportsGetData``, ``ImagePointHandler``) and
    ``PIL.ImageOps`` (``SupportsGetMesh``): no object of an interface is made, so none of its
    methods is called, yet each was scanned as a class of tools. A
    target that names one still scans it, and an abstract class with a static or class
    method (called without an object) is scanned."""
    Path("imaging.py").write_text(INTERFACES, encoding="utf-8")
    data = json.loads(run_cli("scan", "imaging.py", "-o", "-", "-q").stdout)
    assert list(data["classes"]) == ["Doubler", "Image", "Codec"]
    assert list(data["classes"]["Codec"]["methods"]) == ["detect", "encode"]
    named = json.loads(run_cli("scan", "imaging.py:SupportsGetData", "-o", "-", "-q").stdout)
    assert list(named["classes"]) == ["SupportsGetData"]


@pytest.mark.parametrize(
    ("init", "expected"),
    [
        # a package exposes its submodules' classes (networkx.Graph), not others' or aliases
        ("from json import JSONDecoder\nfrom pkg2.graph import Graph, Graph as G\n", ["Graph"]),
        # __all__ is the module's word: its classes, wherever defined, in the order the module
        # defines or imports them (an __all__ built from a set has no order of its own)
        (
            "from json import JSONDecoder\nfrom pkg2.graph import Graph\n"
            "__all__ = ['Graph', 'helper', 'JSONDecoder']\nhelper = 1\n",
            ["JSONDecoder", "Graph"],
        ),
    ],
)
def test_a_package_target_takes_the_classes_it_exposes(
    in_tmp: Path, run_cli: Callable[..., Run], init: str, expected: list[str]
) -> None:
    Path("pkg2").mkdir()
    Path("pkg2/__init__.py").write_text(init)
    Path("pkg2/graph.py").write_text("class Graph:\n    def nodes(self) -> int:\n        'N.'\n")
    sys.path.insert(0, str(in_tmp))
    try:
        result = run_cli("scan", "pkg2", "-o", "-", "-q")
    finally:
        sys.path.remove(str(in_tmp))
        for name in ("pkg2", "pkg2.graph"):
            sys.modules.pop(name, None)
    assert list(json.loads(result.stdout)["classes"]) == expected


SET_ALL = (
    "".join(
        f"class {name}:\n    def run(self) -> int:\n        'Run.'\n        return 0\n\n"
        for name in ("Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot", "Golf", "Hotel")
    )
    + "__all__ = list({'Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot', 'Golf', 'Hotel'})\n"
)


LAZY_ALL = """
NAMES = ("Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot", "Golf", "Hotel")
__all__ = list(set(NAMES))


def __getattr__(name):
    if name not in NAMES:
        raise AttributeError(name)

    def run(self) -> int:
        "Run."
        return 0

    made = type(name, (), {"run": run, "__module__": __name__})
    globals()[name] = made  # made once, kept: in the order __all__ asks for them
    return made
"""
NATO = ["Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot", "Golf", "Hotel"]


def test_a_module_whose_all_is_built_from_a_set_scans_the_same_under_any_hash_seed(
    in_tmp: Path,
) -> None:
    """numpy builds ``__all__`` from a set: its order changes with each process's hash seed, and
    the scan's output must not (its classes come in the order the module defines them; those
    its ``__getattr__`` makes on demand by name, even when it keeps them in its globals)."""
    Path("setall.py").write_text(SET_ALL, encoding="utf-8")
    Path("lazyall.py").write_text(LAZY_ALL, encoding="utf-8")
    for module in ("setall", "lazyall"):
        outputs = [
            subprocess.run(
                [sys.executable, "-m", "inspector", "scan", module, "-o", "-", "-q"],
                cwd=in_tmp,
                env={**os.environ, "PYTHONHASHSEED": seed},
                capture_output=True,
                check=True,
            ).stdout
            for seed in ("1", "2", "3")
        ]
        assert outputs[0] == outputs[1] == outputs[2]
        assert list(json.loads(outputs[0])["classes"]) == NATO


def test_a_module_object_without_a_namespace_gives_what_its_all_names(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    """A module that replaces itself in ``sys.modules`` by an object without ``__dict__``."""
    Path("slotted.py").write_text(
        "import sys\n\n\n"
        "class Thing:\n    def run(self) -> int:\n        'Run.'\n        return 0\n\n\n"
        "class _Module:\n    __slots__ = ()\n    __name__ = __name__\n"
        "    __all__ = ['Thing']\n    Thing = Thing\n\n\n"
        "sys.modules[__name__] = _Module()\n",
        encoding="utf-8",
    )
    sys.path.insert(0, str(in_tmp))
    try:
        result = run_cli("scan", "slotted", "-o", "-", "-q")
    finally:
        sys.path.remove(str(in_tmp))
        sys.modules.pop("slotted", None)
    assert result.status == 0, result.stderr
    assert list(json.loads(result.stdout)["classes"]) == ["Thing"]


def test_stdout_output_sends_the_summary_to_stderr(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    Path("service.py").write_text(SERVICE)
    result = run_cli("scan", "service.py:Service", "-o", "-")
    assert json.loads(result.stdout)["classes"]["Service"]["methods"]["ping"]
    assert result.stderr.startswith("1 class, 1 tool: ")
    assert sorted(os.listdir()) == ["service.py"]


@pytest.mark.parametrize(
    ("args", "status", "message"),
    [
        (
            ["scan", "missing.py:Service"],
            1,
            "error[TI100]: target 'missing.py:Service': no such file missing.py\n",
        ),
        (
            ["scan", "service.py:Nope"],
            1,
            "error[TI100]: target 'service.py:Nope': service.py has no attribute 'Nope'\n",
        ),
        (
            ["scan", "broken.py"],
            1,
            "error[TI100]: target 'broken.py': importing failed: "
            "ZeroDivisionError: division by zero (broken.py:1)\n",
        ),
        (
            ["scan", "no_such_module_xyz"],
            1,
            "error[TI100]: target 'no_such_module_xyz': importing "
            "failed: ModuleNotFoundError: No module named 'no_such_module_xyz'\n",
        ),
        (["scan"], 2, "error: toolsinspector scan: the following arguments are required: TARGET\n"),
        (["frobnicate"], 2, None),
        (
            ["render", "--provider", "nope"],
            2,
            "error: unknown provider 'nope'; available: anthropic, bedrock, cohere, gemini, "
            "huggingface, mcp, mistral, ollama, openai, openai-responses\n",
        ),
        (  # the name is checked before any file is read
            ["render", "--provider", "opnai", "--tools", "missing.json"],
            2,
            "error: unknown provider 'opnai' (did you mean 'openai'?); available: anthropic, "
            "bedrock, cohere, gemini, huggingface, mcp, mistral, ollama, openai, "
            "openai-responses\n",
        ),
        (
            ["render", "--provider", "openai", "--tools", "missing.json"],
            1,
            "error: missing.json: tools file not found\n",
        ),
        (
            ["render", "--provider", "openai", "--templates", "nodir"],
            2,
            "error: --templates nodir: not a directory\n",
        ),
    ],
)
def test_errors_are_messages_with_exit_status(
    in_tmp: Path, run_cli: Callable[..., Run], args: list[str], status: int, message: str | None
) -> None:
    Path("service.py").write_text(SERVICE)
    Path("broken.py").write_text("1 / 0\n")
    Path("tools.json").write_text('{"format": "toolsinspector/1", "classes": {}}')
    result = run_cli(*args)
    assert result.status == status
    if message is not None:
        assert result.stderr.endswith(message)
    assert "Traceback" not in result.stderr


def test_a_failing_target_does_not_stop_the_others(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    Path("service.py").write_text(SERVICE)
    result = run_cli("scan", "missing.py:X", "service.py:Service", "-o", "tools.json")
    assert result.status == 1
    assert "ping" in json.loads(Path("tools.json").read_text())["classes"]["Service"]["methods"]


def test_tools_file_with_wrong_shape_is_reported(in_tmp: Path, run_cli: Callable[..., Run]) -> None:
    Path("tools.json").write_text('{"format": "toolsinspector/1", "classes": {"A": []}}')
    result = run_cli("render", "--provider", "openai")
    assert (result.status, result.stderr) == (
        1,
        "error: tools.json: classes.A: expected an object\n",
    )


def test_same_method_name_in_two_classes_becomes_class_method(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    Path("two.py").write_text(
        "class Alpha:\n    def run(self) -> None:\n        'A.'\n"
        "class Beta:\n    def run(self) -> None:\n        'B.'\n"
    )
    result = run_cli("scan", "two.py", "-o", "tools.json")
    assert result.stderr.splitlines() == [
        "two.py:2: warning[TI112]: Alpha.run: another class has a method 'run': the tool is named "
        "'Alpha_run'",
        "two.py:5: warning[TI112]: Beta.run: another class has a method 'run': the tool is named "
        "'Beta_run'",
    ]
    rendered = run_cli("render", "--provider", "openai")
    assert [t["function"]["name"] for t in json.loads(rendered.stdout)] == ["Alpha_run", "Beta_run"]


def test_name_breaking_the_provider_rule_is_written_in_a_form_it_takes(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    Path("uni.py").write_text("class Uni:\n    def größe(self) -> None:\n        'Size.'\n")
    run_cli("scan", "uni.py", "-o", "tools.json")
    result = run_cli("render", "--provider", "openai")
    assert result.status == 0
    assert result.stderr == (
        "uni.py:2: warning[TI410]: Uni.größe: openai refuses the name (1-64 characters of a-z, "
        "A-Z, 0-9, '_' and '-'): written as 'gro_e'; give the method a \"name\" in the "
        "classification file to choose one\n"
        "diagnostics: 0 errors, 1 warning (1 TI410), 0 info\n"
    )
    assert json.loads(result.stdout)[0]["function"]["name"] == "gro_e"


def test_user_templates_override_and_add_providers(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    Path("service.py").write_text(SERVICE)
    run_cli("scan", "service.py:Service", "-o", "tools.json")
    Path("mine").mkdir()
    Path("mine/names.json.jinja").write_text(
        '[{% for tool in tools %}{{ tool.name | tojson }}{{ "," if not loop.last }}{% endfor %}]'
    )
    Path("mine/openai.json.jinja").write_text('{"overridden": {{ tools | length }}}')
    Path("mine/_partial.json.jinja").write_text("not a provider")
    listing = run_cli("providers", "--templates", "mine")
    rows = {line.split()[0]: line.split()[1] for line in listing.stdout.splitlines()}
    assert rows == {
        "anthropic": "built-in",
        "bedrock": "built-in",
        "cohere": "built-in",
        "gemini": "built-in",
        "huggingface": "built-in",
        "mcp": "built-in",
        "mistral": "built-in",
        "names": "user",
        "ollama": "built-in",
        "openai": "user,",
        "openai-responses": "built-in",
    }
    assert "overrides built-in" in listing.stdout
    names = run_cli("render", "--provider", "names", "--templates", "mine")
    assert (names.status, names.stdout) == (0, '[\n  "ping"\n]\n')
    overridden = run_cli("render", "--provider", "openai", "--templates", "mine")
    assert overridden.stdout == '{\n  "overridden": 1\n}\n'


def test_template_yielding_invalid_json_names_template_and_line(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    Path("service.py").write_text(SERVICE)
    run_cli("scan", "service.py:Service", "-o", "tools.json")
    Path("mine").mkdir()
    Path("mine/bad.json.jinja").write_text(
        "[\n{% for tool in tools %}\n  {{ tool.name }}\n{% endfor %}\n]\n"
    )
    Path("mine/undef.json.jinja").write_text("[{{ nothing_here }}]")
    bad = run_cli("render", "--provider", "bad", "--templates", "mine")
    assert (bad.status, bad.stderr) == (
        1,
        "mine/bad.json.jinja: error[TI401]: the template rendered invalid JSON at output line "
        "2, column 3: Expecting value\n    ping\n"
        "diagnostics: 1 error (1 TI401), 0 warnings, 0 info\n",
    )
    undefined = run_cli("render", "--provider", "undef", "--templates", "mine")
    assert undefined.status == 1
    assert undefined.stderr == (
        "mine/undef.json.jinja:1: error[TI401]: 'nothing_here' is undefined\n"
        "diagnostics: 1 error (1 TI401), 0 warnings, 0 info\n"
    )


def test_a_template_rendering_one_json_value_is_an_error(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    """``null`` read as a failed render with no error: exit 0 and no file written, and
    ``Toolbox.definitions`` raised IndexError; a number or text was written as the file."""
    from inspector import InspectorError, Toolbox

    Path("service.py").write_text(SERVICE)
    run_cli("scan", "service.py:Service", "-o", "tools.json")
    Path("mine").mkdir()
    for value in ("null", "42", '"tools"'):
        Path("mine/one.json.jinja").write_text(f"  {value}\n")
        result = run_cli("render", "--provider", "one", "--templates", "mine", "-o", "one.json")
        assert (result.status, result.stderr) == (
            1,
            f"mine/one.json.jinja: error[TI401]: the template rendered {value}; a provider's "
            "file is a JSON array or object\n"
            "diagnostics: 1 error (1 TI401), 0 warnings, 0 info\n",
        )
        assert not Path("one.json").exists()
    toolbox = Toolbox(_Service())
    with pytest.raises(InspectorError, match=r"the template rendered \"tools\"; a provider's"):
        toolbox.definitions("one", template_dirs=["mine"])  # text, as handle takes


class _Service:
    def ping(self) -> str:
        """Ping."""
        return "pong"


def test_template_text_in_descriptions_is_not_evaluated(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    Path("tricky.py").write_text(
        "class Tricky:\n    def run(self) -> None:\n"
        "        '''Use {{ tools }} and {% raw %} and <b>&amp;</b> \"quotes\" ünïcode.'''\n"
    )
    run_cli("scan", "tricky.py", "-o", "tools.json")
    result = run_cli("render", "--provider", "openai")
    assert json.loads(result.stdout)[0]["function"]["description"] == (
        'Use {{ tools }} and {% raw %} and <b>&amp;</b> "quotes" ünïcode.'
    )
    assert "ünïcode" in result.stdout and "<b>" in Path("tools.json").read_text()


def test_strict_render_flags_schemas_that_cannot_be_strict(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    Path("m.py").write_text(
        "class M:\n    def put(self, data: dict[str, int], key: str = 'k') -> None:\n"
        "        '''Store.\n\n        Args:\n"
        "            data: Values.\n            key: Key.\n'''\n"
        "    def get(self, key: str = 'k') -> None:\n"
        "        '''Load.\n\n        Args:\n            key: Key.\n'''\n"
    )
    run_cli("scan", "m.py", "-o", "tools.json")
    result = run_cli("render", "--provider", "openai", "--strict", "--ignore", "TI402")
    put, get = json.loads(result.stdout)
    assert "strict" not in put["function"]
    assert put["function"]["parameters"]["properties"]["key"] == {
        "type": "string",
        "description": "Key.",
        "default": "k",
    }
    assert get["function"]["strict"] is True
    assert get["function"]["parameters"] == {
        "type": "object",
        "properties": {"key": {"type": ["string", "null"], "description": 'Key. (default: "k")'}},
        "required": ["key"],
        "additionalProperties": False,
    }
    assert result.stderr == (
        "m.py:2: warning[TI404]: M.put: cannot be strict for OpenAI: parameter 'data' is a "
        'free-form mapping (dict); strict mode needs fixed properties; rendered without "strict"\n'
        "diagnostics: 0 errors, 1 warning (1 TI404), 0 info; 1 ignored\n"
    )


def _subprocess_scan(seed: str) -> bytes:
    env = {**os.environ, "PYTHONHASHSEED": seed}
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "inspector",
            "scan",
            "tests/golden/inputs/type_battery.py",
            "example_class.py",
            "-o",
            "-",
            "-q",
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        check=True,
    ).stdout


def test_python_dash_m_output_is_identical_across_hash_seeds() -> None:
    outputs = {_subprocess_scan(seed) for seed in ("0", "1", "12345")}
    assert len(outputs) == 1
    assert b'"TypeBattery"' in outputs.pop()


def test_console_script_help_lists_commands() -> None:
    script = Path(sys.executable).with_name("toolsinspector")
    result = subprocess.run([str(script), "--help"], capture_output=True, text=True, check=True)
    for command in ("scan", "render", "providers"):
        assert command in result.stdout


@pytest.mark.parametrize("command", [None, "serve", "scan"])
def test_serve_says_what_its_own_quiet_option_does(command: str | None) -> None:
    from inspector.cli.main import _parser

    parser = _parser(command)  # one command's options, or every command's (``--help``)
    commands = next(a for a in parser._actions if a.dest == "command").choices
    assert isinstance(commands, dict)
    quiet = {
        name: next(a.help for a in sub._actions if a.dest == "quiet")
        for name, sub in commands.items()
        if command in (None, name)
    }
    expected = {
        name: "print only warnings and errors on stderr (not the info lines)"
        if name == "serve"
        else "print errors and the one-line summary of diagnostics only"
        for name in quiet
    }
    assert quiet == expected


def test_nested_class_target_and_docstring_style_flag(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    Path("outer.py").write_text(
        "class Outer:\n    class Inner:\n        def run(self, n: int) -> None:\n"
        "            '''Run.\n\n            :param n: How many.\n            '''\n"
    )
    result = run_cli("scan", "outer.py:Outer.Inner", "-o", "-", "--docstring-style", "rest")
    data = json.loads(result.stdout)
    assert list(data["classes"]) == ["Outer.Inner"]
    run = data["classes"]["Outer.Inner"]["methods"]["run"]["function"]
    assert run["parameters"]["properties"]["n"]["description"] == "How many."


def test_two_classes_with_one_name_get_distinct_keys(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    Path("a.py").write_text("class Svc:\n    def left(self) -> None:\n        'L.'\n")
    Path("b.py").write_text("class Svc:\n    def right(self) -> None:\n        'R.'\n")
    result = run_cli("scan", "a.py:Svc", "b.py:Svc", "-o", "-")
    assert list(json.loads(result.stdout)["classes"]) == ["Svc", "b.Svc"]
    assert (
        "b.py: warning[TI111]: Svc: two classes named Svc: this one is keyed 'b.Svc'"
        in result.stderr
    )


@pytest.mark.parametrize("output", ["-", "tools.json"])
def test_what_the_scanned_module_prints_at_import_goes_to_stderr(
    in_tmp: Path, run_cli: Callable[..., Run], output: str
) -> None:
    """stdout carries tools.json (``-o -``) or the summary: a module's import-time print must
    not end up in it."""
    Path("service.py").write_text('print("hello from import")\n' + SERVICE)
    result = run_cli("scan", "service.py:Service", "-o", output, "-q")
    assert result.stderr.splitlines()[0] == "hello from import"
    assert "hello" not in result.stdout
    if output == "-":
        assert json.loads(result.stdout)["classes"]["Service"]["source"] == "service.py:Service"


@pytest.mark.parametrize(
    ("arguments", "ending"),
    [
        (("scann", "x.py"), "'serve') (did you mean 'scan'?)"),
        (("scan", "--new", "includ", "x"), "'include-all') (did you mean 'include'?)"),
    ],
)
def test_a_misspelt_command_or_choice_gets_a_did_you_mean(
    run_cli: Callable[..., Run], arguments: tuple[str, ...], ending: str
) -> None:
    result = run_cli(*arguments)
    assert result.status == 2
    assert result.stderr.startswith("error: toolsinspector")
    assert result.stderr.endswith(f"{ending}\n")


def test_one_shot_commands_run_with_the_collector_paused_and_serve_with_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import gc
    import importlib

    cli_main = importlib.import_module("inspector.cli.main")  # the module, not its function
    seen: dict[str, bool] = {}

    def command(name: str) -> Callable[[object], int]:
        def run(_: object) -> int:
            seen[name] = gc.isenabled()
            return 0

        return run

    monkeypatch.setattr(cli_main, "_command", command)
    assert gc.isenabled()
    assert cli_main.main(["providers"]) == 0
    assert cli_main.main(["serve", "example_class.py:ExampleClass"]) == 0
    assert seen == {"providers": False, "serve": True}
    assert gc.isenabled()
    gc.disable()
    try:  # a caller's paused collector stays paused
        assert cli_main.main(["providers"]) == 0
        assert not gc.isenabled()
    finally:
        gc.enable()
