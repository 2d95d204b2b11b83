"""Diagnostic codes: one table, used at every creation site, printed, ignored and counted."""

from __future__ import annotations

import ast
import json
import os
import random
import re
import subprocess
import sys
import weakref
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from inspector import codes
from inspector.cli.output import DiagnosticPrinter
from inspector.codes import AREAS, CODES, ignored_codes, markdown_table
from inspector.diagnostics import Diagnostic, Level, UsageError, stable_repr
from inspector.runtime.toolbox import Toolbox
from tests.conftest import ROOT, Run

PACKAGE = ROOT / "inspector"
DOCS_PAGE = ROOT / "docs" / "reference" / "diagnostics.md"
CODE_TEXT = re.compile(r"TI\d{3}")


def _sources() -> Iterator[tuple[Path, ast.Module]]:
    for path in sorted(PACKAGE.rglob("*.py")):
        yield path, ast.parse(path.read_text(encoding="utf-8"), str(path))


def _name(call: ast.Call) -> str:
    func = call.func
    return func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")


def _constant_name(code: str) -> str:
    """The name of a code's constant in ``inspector.codes``: its short name in capitals."""
    return CODES[code].name.upper().replace("-", "_")


CONSTANTS = {_constant_name(code): code for code in CODES}


def _code_literals(tree: ast.AST) -> list[str]:
    return [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and CODE_TEXT.fullmatch(node.value)
    ]


def _code_of(node: ast.AST) -> str | None:
    """The code a node writes: a ``"TI..."`` literal, or a constant (``TARGET_FAILED``,
    ``codes.TARGET_FAILED``)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value if CODE_TEXT.fullmatch(node.value) else None
    name = node.id if isinstance(node, ast.Name) else None
    name = node.attr if isinstance(node, ast.Attribute) else name
    return CONSTANTS.get(name or "")


def _codes_written(tree: ast.AST) -> list[str]:
    return [code for node in ast.walk(tree) if (code := _code_of(node)) is not None]


def test_every_diagnostic_created_in_the_package_passes_a_code() -> None:
    missing = []
    for path, tree in _sources():
        for call in (n for n in ast.walk(tree) if isinstance(n, ast.Call)):
            if _name(call) != "Diagnostic":
                continue
            has_code = len(call.args) >= 6 or any(k.arg == "code" for k in call.keywords)
            if not has_code:
                missing.append(f"{path.relative_to(ROOT)}:{call.lineno}")
    assert missing == []


def test_every_code_written_in_the_package_is_in_the_table_and_every_code_is_used() -> None:
    used: dict[str, list[str]] = {}
    for path, tree in _sources():
        if path.name == "codes.py":
            continue
        for code in _codes_written(tree):
            used.setdefault(code, []).append(str(path.relative_to(ROOT)))
    assert sorted(set(used) - set(CODES)) == []
    assert sorted(set(CODES) - set(used)) == []


def test_a_level_written_beside_a_code_is_the_level_of_the_table() -> None:
    """``Diagnostic(Level.WARNING, ..., code="TI101")``: the two must agree."""
    wrong = []
    for path, tree in _sources():
        for call in (n for n in ast.walk(tree) if isinstance(n, ast.Call)):
            values = [*call.args, *(k.value for k in call.keywords)]
            levels = [
                v.attr
                for v in values
                if isinstance(v, ast.Attribute)
                and isinstance(v.value, ast.Name)
                and v.value.id == "Level"
            ]
            written = [code for v in values if (code := _code_of(v)) is not None]
            for code in written if levels else ():
                if CODES[code].level.name != levels[0]:
                    wrong.append(f"{path.name}:{call.lineno}: {code} {levels[0]}")
    assert wrong == []


def test_each_code_has_a_constant_named_after_its_short_name() -> None:
    for code, entry in CODES.items():
        assert getattr(codes, _constant_name(code)) == code, entry.name
    assert len(CONSTANTS) == len(CODES)


def test_the_package_names_codes_by_their_constants() -> None:
    bare = [
        f"{path.relative_to(ROOT)}: {code}"
        for path, tree in _sources()
        if path.name != "codes.py"
        for code in _code_literals(tree)
    ]
    assert bare == []


def test_the_table_is_well_formed() -> None:
    names = [entry.name for entry in CODES.values()]
    assert len(set(names)) == len(names)
    for code, entry in CODES.items():
        assert entry.code == code
        assert CODE_TEXT.fullmatch(code)
        assert code[:3] in AREAS
        assert re.fullmatch(r"[a-z]+(-[a-z]+)*", entry.name)
        assert entry.explanation.endswith(".")
    assert list(CODES) == sorted(CODES)


def test_the_docs_page_shows_the_table_of_the_codes_module() -> None:
    page = DOCS_PAGE.read_text(encoding="utf-8")
    assert markdown_table() in page, "regenerate with: python -m tests.test_diagnostics"


def test_printed_form_carries_the_code_after_the_level() -> None:
    located = Diagnostic(Level.WARNING, "no docstring", "a.py", 3, "C.m", code="TI201")
    assert str(located) == "a.py:3: warning[TI201]: C.m: no docstring"
    bare = Diagnostic(Level.ERROR, "target 'x': no such file x", code="TI100")
    assert str(bare) == "error[TI100]: target 'x': no such file x"
    assert str(Diagnostic(Level.INFO, "m", "f.json", code="TI303")) == "f.json: info[TI303]: m"


@pytest.mark.parametrize(
    ("values", "expected"),
    [
        (["TI204"], {"TI204"}),
        (["ti204", " TI201 "], {"TI201", "TI204"}),
        (["TI2"], {"TI201", "TI202", "TI203", "TI204"}),
        (
            ["TI10"],
            {c for c in CODES if c.startswith("TI10") and CODES[c].level is not Level.ERROR},
        ),
        ([""], set()),
    ],
)
def test_ignored_codes_accepts_codes_and_prefixes_never_errors(
    values: list[str], expected: set[str]
) -> None:
    assert ignored_codes(values, "--ignore") == expected


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("TI2041", "--ignore: unknown code 'TI2041' (did you mean TI204, parameter-undocumented?)"),
        ("no-docstring", "--ignore: unknown code 'no-docstring' (did you mean TI201?)"),
        ("no-docstrings", "--ignore: unknown code 'no-docstrings' (did you mean TI201, "),
        ("E501", "--ignore: unknown code 'E501' (did you mean TI501, too-many-tools?)"),
        (
            "W0612",
            "--ignore: unknown code 'W0612'; see https://toolsinspector.readthedocs.io/en/latest/reference/diagnostics/",
        ),
        ("TI100", "--ignore: TI100 is an error; errors cannot be ignored"),
    ],
)
def test_unknown_or_error_codes_are_usage_errors(value: str, message: str) -> None:
    with pytest.raises(UsageError) as raised:
        ignored_codes([value], "--ignore")
    assert str(raised.value).startswith(message)


def test_printer_counts_by_level_and_code_prints_once_and_never_hides_errors(
    capsys: pytest.CaptureFixture[str],
) -> None:
    printer = DiagnosticPrinter(quiet=False, ignore={"TI204"})
    undocumented = Diagnostic(Level.WARNING, "parameter 'a' is not documented", code="TI204")
    no_doc = Diagnostic(Level.WARNING, "no docstring", "a.py", 1, "A.m", code="TI201")
    other = Diagnostic(Level.WARNING, "no docstring", "a.py", 9, "A.n", code="TI201")
    variadic = Diagnostic(Level.INFO, "*args left out", code="TI109")
    failed = Diagnostic(Level.ERROR, "target 'x': no such file x", code="TI100")
    printer.print([undocumented, no_doc, other, no_doc, variadic, failed])
    printer.print([no_doc, failed])
    assert capsys.readouterr().err.splitlines() == [
        str(no_doc),
        str(other),
        str(variadic),
        str(failed),
    ]
    assert printer.summary() == (
        "diagnostics: 1 error (1 TI100), 2 warnings (2 TI201), 1 info (1 TI109); 1 ignored"
    )


def test_quiet_printer_prints_errors_only_but_counts_everything(
    capsys: pytest.CaptureFixture[str],
) -> None:
    printer = DiagnosticPrinter(quiet=True)
    printer.print(
        [
            Diagnostic(Level.WARNING, "w", code="TI201"),
            Diagnostic(Level.ERROR, "e", code="TI103"),
            Diagnostic(Level.WARNING, "w2", code="TI106"),
            Diagnostic(Level.WARNING, "w3", code="TI106"),
        ]
    )
    assert capsys.readouterr().err == "error[TI103]: e\n"
    assert printer.summary() == (
        "diagnostics: 1 error (1 TI103), 3 warnings (2 TI106, 1 TI201), 0 info"
    )


NOISY = '''
class Noisy:
    def documented(self, a: int) -> int:
        """Double.

        Args:
            a: A number.
        """
        return a * 2

    def bare(self, a, *args):
        return a

    def quiet(self, b: int) -> None:
        pass
'''


def _noisy_scan(run_cli: Callable[..., Run], *extra: str) -> Run:
    Path("noisy.py").write_text(NOISY, encoding="utf-8")
    return run_cli("scan", "noisy.py:Noisy", "-o", "tools.json", *extra)


def test_scan_prints_codes_and_ends_with_counts_per_code(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    result = _noisy_scan(run_cli)
    assert result.status == 0
    assert result.stderr.splitlines() == [
        "noisy.py:11: warning[TI201]: Noisy.bare: no docstring: the tool has no description",
        "noisy.py:11: warning[TI106]: Noisy.bare: parameter 'a': no type hint; any value accepted",
        "noisy.py:11: info[TI109]: Noisy.bare: *args left out: no type says what it takes",
        "noisy.py:14: warning[TI201]: Noisy.quiet: no docstring: the tool has no description",
    ]
    assert result.stdout == (
        "1 class, 3 tools: 3 included, 0 excluded\n"
        "newly included: all 3 (a new classification file)\n"
        "wrote tools.json, tools.classification.json\n"
        "diagnostics: 0 errors, 3 warnings (2 TI201, 1 TI106), 1 info (1 TI109)\n"
    )


def test_ignore_option_silences_codes_and_the_summary_counts_them(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    result = _noisy_scan(run_cli, "--ignore", "TI201,TI109", "--ignore", "ti106")
    assert (result.status, result.stderr) == (0, "")
    assert result.stdout.splitlines()[-1] == (
        "diagnostics: 0 errors, 0 warnings, 0 info; 4 ignored"
    )


def test_unknown_ignore_code_is_a_usage_error_before_anything_runs(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    result = _noisy_scan(run_cli, "--ignore", "TI2O1")
    assert result.status == 2
    assert result.stderr == (
        "error: --ignore: unknown code 'TI2O1' (did you mean TI201, no-docstring?)\n"
    )
    assert not Path("tools.json").exists()


@pytest.mark.parametrize("command", [["providers"], ["diff", "a.json", "b.json"], ["build"]])
def test_every_command_checks_its_ignore_codes(
    in_tmp: Path, run_cli: Callable[..., Run], command: list[str]
) -> None:
    result = run_cli(*command, "--ignore", "TI204,nope")
    assert (result.status, result.stderr) == (
        2,
        "error: --ignore: unknown code 'nope'; see https://toolsinspector.readthedocs.io/en/latest/reference/diagnostics/\n",
    )


def test_ignoring_an_error_code_is_refused(in_tmp: Path, run_cli: Callable[..., Run]) -> None:
    result = run_cli("scan", "missing.py:X", "--ignore", "TI100")
    assert (result.status, result.stderr) == (
        2,
        "error: --ignore: TI100 is an error; errors cannot be ignored\n",
    )


def test_a_prefix_never_silences_an_error(in_tmp: Path, run_cli: Callable[..., Run]) -> None:
    result = run_cli("scan", "missing.py:X", "--ignore", "TI1", "-o", "-")
    assert result.status == 1
    assert result.stderr.splitlines() == [
        "error[TI100]: target 'missing.py:X': no such file missing.py",
        "0 classes, 0 tools: 0 included, 0 excluded",
        "nothing written: every target failed",
        "diagnostics: 1 error (1 TI100), 0 warnings, 0 info",
    ]


def test_configured_ignore_applies_to_every_command(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    Path("pyproject.toml").write_text(
        '[tool.toolsinspector]\ntargets = ["noisy.py:Noisy"]\nignore = ["TI2", "TI109"]\n',
        encoding="utf-8",
    )
    result = _noisy_scan(run_cli, "--ignore", "TI106")
    assert (result.status, result.stderr) == (0, "")
    assert result.stdout.endswith("diagnostics: 0 errors, 0 warnings, 0 info; 4 ignored\n")
    built = run_cli("build")
    assert built.stderr == (
        "noisy.py:11: warning[TI106]: Noisy.bare: parameter 'a': no type hint; any value accepted\n"
    )
    assert built.stdout.endswith("diagnostics: 0 errors, 1 warning (1 TI106), 0 info; 3 ignored\n")


def test_a_wrong_configured_code_is_a_usage_error_naming_the_key(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    Path("pyproject.toml").write_text(
        '[tool.toolsinspector]\ntargets = ["noisy.py:Noisy"]\nignore = ["TI999"]\n',
        encoding="utf-8",
    )
    result = run_cli("check")
    assert result.status == 2
    assert result.stderr == (
        f"error: {in_tmp / 'pyproject.toml'}: [tool.toolsinspector]: ignore: unknown code "
        "'TI999' (did you mean TI339, event-handler-excluded?)\n"
    )


def test_quiet_prints_errors_and_the_one_line_summary_only(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    result = _noisy_scan(run_cli, "-q")
    assert (result.status, result.stderr) == (0, "")
    assert (
        result.stdout == "diagnostics: 0 errors, 3 warnings (2 TI201, 1 TI106), 1 info (1 TI109)\n"
    )
    failed = run_cli("scan", "noisy.py:Noisy", "missing.py:X", "-o", "tools.json", "-q")
    assert failed.status == 1
    assert failed.stderr == "error[TI100]: target 'missing.py:X': no such file missing.py\n"
    assert failed.stdout == (
        "diagnostics: 1 error (1 TI100), 3 warnings (2 TI201, 1 TI106), 1 info (1 TI109)\n"
    )


def test_methods_set_to_false_produce_no_warnings(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    Path("tools.classification.json").write_text(
        '{"Noisy": {"documented": true, "bare": false, "quiet": true}}', encoding="utf-8"
    )
    result = _noisy_scan(run_cli)
    assert result.stderr == (
        "noisy.py:14: warning[TI201]: Noisy.quiet: no docstring: the tool has no description\n"
    )
    assert result.stdout.splitlines()[-1] == "diagnostics: 0 errors, 1 warning (1 TI201), 0 info"


def test_build_and_check_are_quiet_about_excluded_methods_too(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    Path("noisy.py").write_text(NOISY, encoding="utf-8")
    Path("pyproject.toml").write_text(
        '[tool.toolsinspector]\ntargets = ["noisy.py:Noisy"]\n', encoding="utf-8"
    )
    Path("tools.classification.json").write_text(
        '{"Noisy": {"documented": true, "bare": false, "quiet": false}}', encoding="utf-8"
    )
    built = run_cli("build")
    assert (built.status, built.stderr) == (0, "")
    assert built.stdout.endswith("diagnostics: 0 errors, 0 warnings, 0 info\n")
    checked = run_cli("check")
    assert (checked.status, checked.stderr) == (0, "diagnostics: 0 errors, 0 warnings, 0 info\n")


def test_errors_of_excluded_methods_still_show(in_tmp: Path) -> None:
    from inspector.catalog import Catalog, CatalogClass
    from inspector.files.classification import parsed
    from inspector.render.selection import quiet_excluded
    from tests.conftest import inspect_class

    class Service:
        def run(self, a):  # type: ignore[no-untyped-def]
            return a

    tools, notes = inspect_class(Service)
    failed = Diagnostic(
        Level.ERROR, "cannot be inspected", "test.py", notes[0].line, "Service.run", code="TI103"
    )
    catalog = Catalog((CatalogClass("Service", "test.py:Service", tuple(tools.values())),))
    kept = quiet_excluded([*notes, failed], catalog, parsed({"Service": {"run": False}}))
    assert kept == [failed]
    assert quiet_excluded(notes, catalog, parsed({"Service": {"run": True}})) == notes
    assert quiet_excluded(notes, catalog, None) == notes


HOSTILE_DEFAULTS = '''
import functools

SENTINEL = object()


class Reprless:
    def __init__(self) -> None:
        self.state = 1  # a value, not a sentinel

    def __repr__(self) -> str:
        raise RuntimeError("no repr")


class Defaults:
    def run(
        self,
        a: int = SENTINEL,
        b: object = lambda: 1,
        c: frozenset[str] = frozenset({"delta", "alpha", "charlie", "bravo"}),
        d: object = Reprless(),
        e: set[int] = {3, 1, 2},
        f: object = functools.partial(print, SENTINEL),
    ) -> None:
        """Run.

        Args:
            a: A.
            b: B.
            c: C.
            d: D.
            e: E.
            f: F.
        """
'''


def test_messages_show_defaults_without_addresses_and_sets_sorted(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    Path("defaults.py").write_text(HOSTILE_DEFAULTS, encoding="utf-8")
    result = run_cli("scan", "defaults.py:Defaults", "-o", "tools.json")
    assert result.status == 0
    shown = [line.split(": default ")[1] for line in result.stderr.splitlines()]
    assert shown == [
        "<function Defaults.<lambda>> has no JSON form; left out of the schema",
        "<Reprless object> has no JSON form; left out of the schema",
        "functools.partial(<built-in function print>, <object object>) has no JSON form; left "
        "out of the schema",
    ]
    properties = json.loads(Path("tools.json").read_text(encoding="utf-8"))["classes"]["Defaults"][
        "methods"
    ]["run"]["function"]["parameters"]["properties"]
    assert properties["c"]["default"] == ["alpha", "bravo", "charlie", "delta"]  # sets: sorted
    assert properties["e"]["default"] == [1, 2, 3]


def _scan_stderr(directory: Path, seed: str) -> bytes:
    return subprocess.run(
        [sys.executable, "-m", "inspector", "scan", "defaults.py", "-o", "tools.json"],
        cwd=directory,
        env={**os.environ, "PYTHONHASHSEED": seed},
        capture_output=True,
        check=True,
    ).stderr


def test_stderr_is_byte_identical_across_runs_and_hash_seeds(in_tmp: Path) -> None:
    Path("defaults.py").write_text(HOSTILE_DEFAULTS, encoding="utf-8")
    first, second = _scan_stderr(in_tmp, "1"), _scan_stderr(in_tmp, "2")
    assert first == second
    assert b"info[TI110]" in first
    assert b" at 0x" not in first


@given(
    prefix=st.text(max_size=20),
    kind=st.sampled_from(["object object", "function f.<locals>.g", "Foo object", "bound x of y"]),
    address=st.integers(min_value=0, max_value=2**64 - 1),
)
def test_no_message_keeps_a_memory_address(prefix: str, kind: str, address: int) -> None:
    diagnostic = Diagnostic(Level.INFO, f"{prefix}<{kind} at {address:#x}>", code="TI110")
    assert diagnostic.message == f"{prefix}<{kind}>"
    assert str(diagnostic) == f"info[TI110]: {prefix}<{kind}>"


def test_a_weak_reference_is_shown_without_its_address() -> None:
    """``logging.shutdown``'s default is a list of weak references: their repr holds the
    address before a ``;``."""

    class Handler:
        pass

    handler = Handler()
    alive, dead = weakref.ref(handler), weakref.ref(Handler())
    assert stable_repr([alive, dead]) == "[<weakref; to 'Handler'>, <weakref; dead>]"
    assert stable_repr(["UART at 0x3F8; COM1"]) == "['UART at 0x3F8; COM1']"  # a user's text


@given(st.sets(st.one_of(st.text(max_size=5), st.integers())), st.randoms())
def test_stable_repr_does_not_depend_on_set_order(items: set[object], rng: random.Random) -> None:
    shuffled = list(items)
    rng.shuffle(shuffled)
    assert stable_repr(set(shuffled)) == stable_repr(items)
    assert stable_repr(frozenset(shuffled)) == stable_repr(frozenset(items))
    assert stable_repr((items, [1])) == f"({stable_repr(items)}, [1])"


def test_stable_repr_of_odd_values() -> None:
    looped: list[object] = [1]
    looped.append(looped)
    assert stable_repr(looped) == "[1, " * 8 + "[1, [...]]" + "]" * 8
    assert stable_repr((set(), frozenset(), (1,), {"k": {2, 1}})) == (
        "(set(), frozenset(), (1,), {'k': {1, 2}})"
    )


def test_a_target_without_public_methods_is_a_warning(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    Path("empty.py").write_text(
        "class Empty:\n    def _hidden(self) -> None: ...\nclass AlsoEmpty:\n    value = 1\n",
        encoding="utf-8",
    )
    result = run_cli("scan", "empty.py:Empty", "empty.py", "-o", "tools.json")
    assert result.status == 0
    assert result.stderr.splitlines() == [
        "empty.py:1: warning[TI102]: Empty: no public methods: the class gives no tools",
        "warning[TI102]: target 'empty.py': no class with public methods",
    ]


def test_a_class_without_public_methods_is_located_where_it_is_defined(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    """scipy's ``interp1d``, named through ``scipy.interpolate``: the warning named the
    package's ``__init__.py``, without a line."""
    Path("shapes").mkdir()
    Path("shapes/__init__.py").write_text("from shapes._impl import Blank\n", encoding="utf-8")
    Path("shapes/_impl.py").write_text("\n\nclass Blank:\n    value = 1\n", encoding="utf-8")
    result = run_cli("scan", "shapes:Blank", "-o", "tools.json")
    assert result.stderr.splitlines()[0] == (
        "shapes/_impl.py:3: warning[TI102]: Blank: no public methods: the class gives no tools"
    )


def test_a_class_whose_methods_all_come_from_an_installed_package_names_that_base(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    """A marshmallow ``Schema`` subclass, a ``JSONEncoder`` subclass: the base's methods are
    not the class's tools, and the warning says so rather than that it has none."""
    Path("enc.py").write_text(
        "import json\nclass Enc(json.JSONEncoder):\n    pass\nclass Oops(ValueError):\n    pass\n"
    )
    result = run_cli("scan", "enc.py:Enc", "enc.py:Oops", "-o", "tools.json")
    assert result.stderr.splitlines()[:2] == [
        "enc.py:2: warning[TI102]: Enc: no public methods: the class gives no tools (the methods "
        "of json.encoder.JSONEncoder, from an installed package or the standard library, are "
        "not taken; scan that class itself for them)",
        "enc.py:4: warning[TI102]: Oops: no public methods: the class gives no tools",  # builtins
    ]


def test_a_render_with_no_included_tool_is_a_warning(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    _noisy_scan(run_cli, "-q")
    Path("tools.classification.json").write_text(
        '{"Noisy": {"documented": false, "bare": false, "quiet": false}}', encoding="utf-8"
    )
    result = run_cli("render", "--provider", "anthropic")
    assert (result.status, result.stdout) == (0, "[]\n")
    assert result.stderr == (
        "tools.classification.json: warning[TI305]: no tool is included: the tool list is empty\n"
        "diagnostics: 0 errors, 1 warning (1 TI305), 0 info\n"
    )


@pytest.mark.parametrize(
    ("provider", "empty"),
    [
        ("openai", "[]"),
        ("bedrock", '{\n  "tools": []\n}'),
        ("gemini", '{\n  "functionDeclarations": []\n}'),
    ],
    ids=["openai", "bedrock", "gemini"],
)
def test_an_empty_tool_list_an_api_refuses_says_so(
    in_tmp: Path, run_cli: Callable[..., Run], provider: str, empty: str
) -> None:
    _noisy_scan(run_cli, "-q")
    Path("tools.classification.json").write_text(
        '{"Noisy": {"documented": false, "bare": false, "quiet": false}}', encoding="utf-8"
    )
    result = run_cli("render", "--provider", provider)
    assert (result.status, result.stdout) == (0, f"{empty}\n")
    assert result.stderr == (
        "tools.classification.json: warning[TI305]: no tool is included: the tool list is empty\n"
        f"warning[TI506]: {provider}: no tool: the API refuses an empty tool list; send the "
        "request without tools\n"
        "diagnostics: 0 errors, 2 warnings (1 TI305, 1 TI506), 0 info\n"
    )


def test_a_file_emptied_by_deferral_is_not_one_to_send_without_tools(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    """Every tool deferred: TI430 says to offer them through search, and TI506's "send the
    request without tools" would contradict it."""
    _noisy_scan(run_cli, "-q")
    result = run_cli("render", "--provider", "openai", "--defer", "*")
    assert (result.status, result.stdout) == (0, "[]\n")
    assert [line.partition(": ")[0] for line in result.stderr.splitlines()] == [
        "warning[TI430]",
        "diagnostics",
    ]


class Shop:
    def order(self, item: str) -> str:
        """Order.

        Args:
            item: What.
        """
        return item

    def refund(self, item: str) -> str:
        """Refund.

        Args:
            item: What.
        """
        return item


class Loose:
    def kept(self, a):  # type: ignore[no-untyped-def]
        return a

    def dropped(self, b):  # type: ignore[no-untyped-def]
        return b


def test_toolbox_patterns_that_match_nothing_are_warnings() -> None:
    box = Toolbox(Shop(), include=["ord*", "Shop.refnud"], exclude=["*_admin", "Shop.refund"])
    assert [tool.name for tool in box.tools] == ["order"]
    assert [str(d) for d in box.diagnostics] == [
        "warning[TI801]: include pattern 'Shop.refnud' matches no tool",
        "warning[TI801]: exclude pattern '*_admin' matches no tool",
    ]
    shaped = {"Shop": {"@prefix": "shop_", "order": {"name": "place"}, "refund": True}}
    renamed = Toolbox(Shop(), include=["shop_pl*", "Shop.refund"], classification=shaped)
    assert [tool.name for tool in renamed.tools] == ["shop_place", "shop_refund"]
    assert renamed.diagnostics == []  # a pattern over the shaped names matches them
    choices = {"Shop": {"order": False, "refund": True}}
    quiet = Toolbox(Shop(), include=["*"], classification=choices)
    assert [tool.name for tool in quiet.tools] == ["refund"]
    assert quiet.diagnostics == []
    nothing = Toolbox(Shop(), classification={"Shop": {"order": False, "refund": False}})
    assert [str(d) for d in nothing.diagnostics] == [
        "warning[TI305]: no tool is included: the tool list is empty"
    ]


def test_toolbox_drops_warnings_of_methods_its_classification_excludes() -> None:
    box = Toolbox(Loose(), classification={"Loose": {"kept": True, "dropped": False}})
    assert {d.subject for d in box.diagnostics} == {"Loose.kept"}
    assert {d.subject for d in Toolbox(Loose()).diagnostics} == {"Loose.kept", "Loose.dropped"}


if __name__ == "__main__":  # python -m tests.test_diagnostics: rewrite the docs page's table
    page = DOCS_PAGE.read_text(encoding="utf-8")
    start, end = "<!-- codes:start -->\n", "<!-- codes:end -->"
    head, rest = page.split(start)
    DOCS_PAGE.write_text(head + start + markdown_table() + end + rest.split(end)[1], "utf-8")
