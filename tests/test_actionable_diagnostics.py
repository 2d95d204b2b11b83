"""Diagnostics a user can act on: a class's repeated diagnostics of one code fold into one
line (``--verbose`` lists each), render errors are located like every other line, each is
printed once, and what the user set to false is quiet."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from inspector.cli.output import FOLD_AT, DiagnosticPrinter
from inspector.diagnostics import Diagnostic, Level
from tests.conftest import Run


def _internal(method: str, line: int, parameter: str = "_timeout") -> Diagnostic:
    message = f"parameter {parameter!r} left out: internal (a leading '_' and a default)"
    return Diagnostic(Level.INFO, message, "api.py", line, f"Api.{method}", "TI117")


def test_a_class_s_repeated_code_folds_into_one_line_with_its_count(
    capsys: pytest.CaptureFixture[str],
) -> None:
    many = [_internal(f"m{i // 2}", 10 + i // 2, f"_p{i % 2}") for i in range(2 * FOLD_AT)]
    few = [_internal(f"n{i}", 100 + i) for i in range(FOLD_AT - 1)]
    few = [
        Diagnostic(d.level, d.message, d.path, d.line, f"Other.n{i}", d.code)
        for i, d in enumerate(few)
    ]
    warning = Diagnostic(Level.WARNING, "no docstring", "api.py", 5, "Api.close", "TI201")
    printer = DiagnosticPrinter()
    printer.print([warning, *many, *few])
    assert capsys.readouterr().err.splitlines() == [
        str(warning),
        f"api.py:10: info[TI117]: Api: {2 * FOLD_AT} times in {FOLD_AT} methods, first m0: "
        "parameter '_p0' left out: internal (a leading '_' and a default); --verbose lists each",
        *(str(d) for d in few),
    ]
    assert printer.summary() == (
        f"diagnostics: 0 errors, 1 warning (1 TI201), {3 * FOLD_AT - 1} info "
        f"({3 * FOLD_AT - 1} TI117)"
    )
    verbose = DiagnosticPrinter(verbose=True)
    verbose.print([warning, *many, *few])
    assert capsys.readouterr().err.splitlines() == [str(d) for d in (warning, *many, *few)]


def test_errors_are_never_folded(capsys: pytest.CaptureFixture[str]) -> None:
    """Eleven TI330 errors of one class: two are a wrong fixed value, nine a hidden required
    parameter; folded, the first one's text would send the user to one fix for all."""
    errors = [
        Diagnostic(Level.ERROR, f"mistake {i}", "c.json", i, f"Api.m{i}", "TI330")
        for i in range(1, FOLD_AT + 2)
    ]
    DiagnosticPrinter().print(errors)
    assert capsys.readouterr().err.splitlines() == [str(e) for e in errors]


def test_an_absolute_path_inside_the_working_directory_prints_relative(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "project").mkdir()
    monkeypatch.chdir(tmp_path / "project")
    inside = Diagnostic(Level.WARNING, "odd", str(tmp_path / "project" / "t" / "c.json"), 3)
    dotted = Diagnostic(Level.WARNING, "odd", str(tmp_path / "project" / "..t" / "c.json"), 5)
    outside = Diagnostic(Level.WARNING, "odd", str(tmp_path / "elsewhere.json"), 4)
    DiagnosticPrinter().print([inside, dotted, outside])
    assert capsys.readouterr().err == (
        "t/c.json:3: warning: odd\n..t/c.json:5: warning: odd\n"
        f"{tmp_path / 'elsewhere.json'}:4: warning: odd\n"
    )


def test_a_class_level_repeat_folds_without_methods(capsys: pytest.CaptureFixture[str]) -> None:
    same = [
        Diagnostic(Level.WARNING, f"entry {i} is odd", "c.json", i, "Api", "TI301")
        for i in range(1, FOLD_AT + 1)
    ]
    DiagnosticPrinter().print(same)
    assert capsys.readouterr().err == (
        f"c.json:1: warning[TI301]: Api: {FOLD_AT} times, first: entry 1 is odd; --verbose "
        "lists each\n"
    )


MANY = "class Api:\n" + "".join(
    f"    def m{i}(self, a, b):\n        'Do {i}.'\n" for i in range(FOLD_AT)
)


def test_the_command_line_folds_and_verbose_lists(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    Path("api.py").write_text(MANY, encoding="utf-8")
    result = run_cli("scan", "api.py:Api", "-o", "tools.json", "--ignore", "TI204")
    assert result.stderr.splitlines() == [
        f"api.py:2: warning[TI106]: Api: {2 * FOLD_AT} times in {FOLD_AT} methods, first m0: "
        "parameter 'a': no type hint; any value accepted; --verbose lists each",
    ]
    assert f"diagnostics: 0 errors, {2 * FOLD_AT} warnings ({2 * FOLD_AT} TI106)" in (result.stdout)
    verbose = run_cli("scan", "api.py:Api", "-o", "tools.json", "--ignore", "TI204", "-v")
    assert len(verbose.stderr.splitlines()) == 2 * FOLD_AT


SERVICE = '''
import threading


class Service:
    def ping(self, host: str) -> bool:
        """Check a host.

        Args:
            host: Name.
        """
        return True

    def lock(self, lock: threading.Lock, x) -> None:
        """Take a lock.

        Args:
            lock: The lock.
        """
'''


@pytest.fixture
def service(in_tmp: Path, run_cli: Callable[..., Run]) -> Path:
    Path("service.py").write_text(SERVICE, encoding="utf-8")
    assert run_cli("scan", "service.py:Service", "-q").status == 0
    Path("tools.classification.json").write_text(
        '{"Service": {"ping": true, "lock": false}, "Servce": {"ping": false}}\n',
        encoding="utf-8",
    )
    Path("pyproject.toml").write_text(
        '[tool.toolsinspector]\ntargets = ["service.py:Service"]\nproviders = ["openai"]\n',
        encoding="utf-8",
    )
    return in_tmp


UNKNOWN_CLASS = (
    "warning[TI307]: class 'Servce' in the classification file matches no scanned class (did "
    "you mean 'Service'?); its entries are kept (fix the name, or rescan with --prune)"
)


def test_a_false_method_is_quiet_and_an_unknown_class_is_said_once_everywhere(
    service: Path, run_cli: Callable[..., Run]
) -> None:
    for arguments in (["scan", "service.py:Service"], ["build"]):  # build: the path as shown
        result = run_cli(*arguments)
        assert result.stderr.splitlines()[0] == f"tools.classification.json: {UNKNOWN_CLASS}"
        assert "TI131" not in result.stderr + result.stdout  # Service.lock is false
        assert "TI106" not in result.stderr + result.stdout
        assert result.stderr.count("TI307]") == 1, arguments
    checked = run_cli("check")  # prints errors only
    assert (checked.status, checked.stderr) == (
        0,
        "diagnostics: 0 errors, 1 warning (1 TI307), 0 info\n",
    )
    rendered = run_cli("render", "--provider", "openai", "-o", "openai.json")
    assert rendered.stderr.count("TI307]") == 1
    assert "TI131" not in rendered.stderr


def test_an_inherited_method_s_warning_is_said_once_and_quiet_once_every_heir_is_false(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    Path("caches.py").write_text(
        "class _Base:\n"
        "    def get(self, key):\n"
        "        'Get.'\n"
        "class Small(_Base):\n"
        "    pass\n"
        "class Large(_Base):\n"
        "    pass\n",
        encoding="utf-8",
    )

    def warned() -> list[str]:
        run = run_cli("scan", "caches.py", "-o", "tools.json")
        return [line for line in run.stderr.splitlines() if "_Base.get" in line]

    assert warned() == [
        "caches.py:2: warning[TI106]: _Base.get: parameter 'key': no type hint; any value accepted",
        "caches.py:2: warning[TI204]: _Base.get: parameter 'key' is not documented",
    ]
    entries = json.loads(Path("tools.classification.json").read_text(encoding="utf-8"))
    entries["Small"]["get"] = False
    Path("tools.classification.json").write_text(json.dumps(entries), encoding="utf-8")
    assert len(warned()) == 2  # Large still offers it
    entries["Large"]["get"] = False
    Path("tools.classification.json").write_text(json.dumps(entries), encoding="utf-8")
    assert warned() == []


def test_build_prunes_when_asked(service: Path, run_cli: Callable[..., Run]) -> None:
    result = run_cli("build", "--prune")
    assert result.status == 0
    where = "tools.classification.json"  # configured as absolute, shown from the directory
    assert result.stderr.splitlines()[:2] == [
        f"{where}: info[TI302]: Servce.ping: no such method any more; entry removed",
        f"{where}: warning[TI307]: class 'Servce' in the classification file matches no scanned "
        "class (did you mean 'Service'?); removed",
    ]
    assert "TI307" not in run_cli("build").stderr
    assert json.loads(Path("tools.classification.json").read_text(encoding="utf-8")) == {
        "Service": {"ping": True, "lock": False}
    }
    assert run_cli("check").status == 0


def test_documented_kwargs_are_not_said_to_be_left_out(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    Path("kw.py").write_text(
        "class Service:\n"
        "    def create(self, name: str, **kwargs) -> None:\n"
        "        '''Create a thing.\n\n"
        "        Args:\n"
        "            name: The name.\n"
        "            size (int): The size.\n"
        "        '''\n",
        encoding="utf-8",
    )
    result = run_cli("scan", "kw.py:Service", "-o", "tools.json")
    assert (result.status, result.stderr) == (0, "")
    tool = json.loads(Path("tools.json").read_text(encoding="utf-8"))["classes"]["Service"]
    assert list(tool["methods"]["create"]["function"]["parameters"]["properties"]) == [
        "name",
        "size",
    ]
    assert "left_out" not in tool["methods"]["create"]
