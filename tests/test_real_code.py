"""Real classes nobody here wrote: every public method is emitted or named in a located
diagnostic, every provider accepts the output (the SDK checks of test_providers), and the
stubs compile and pass ruff. The counts are recorded so a regression shows."""

from __future__ import annotations

import json
import py_compile
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from inspector.diagnostics import Level
from inspector.files.tools_json import to_json
from inspector.render.jinja import render_template as render
from inspector.render.options import RenderOptions
from inspector.scan.scanner import scan
from inspector.scan.targets import iter_methods, resolve_target
from inspector.stubs.module import build_module, render_stubs
from tests.conftest import Run
from tests.goldens import RENDERS
from tests.test_providers import CHECKS

COUNTS = {
    "rich.console:Console": (41, 0),
    "rich.table:Table": (5, 0),
    "httpx:Client": (12, 0),
    "pathlib:Path": (50, 0),
    "collections:Counter": (7, 0),
    "json:JSONDecoder": (2, 0),
    "argparse:ArgumentParser": (18, 0),
    "sqlite3:Connection": (22, 0),
}
"""Target → (methods emitted, methods left out with an error diagnostic)."""


@pytest.fixture(scope="module")
def scanned() -> dict[str, tuple[object, list[object]]]:
    return {target: scan([target]) for target in COUNTS}


@pytest.mark.parametrize("target", COUNTS)
def test_every_public_method_is_emitted_or_diagnosed(
    target: str, scanned: dict[str, tuple[object, list[object]]]
) -> None:
    catalog, diagnostics = scanned[target]
    (info,) = resolve_target(target, {})
    public = [m.name for m in iter_methods(info)]
    emitted = {tool.method_name for _, tool in catalog.tools()}  # type: ignore[attr-defined]
    errors = {
        d.subject.rpartition(".")[2]: d  # type: ignore[attr-defined]
        for d in diagnostics
        if d.level is Level.ERROR  # type: ignore[attr-defined]
    }
    for name in public:
        assert name in emitted or name in errors, f"{target}: {name} neither emitted nor diagnosed"
    for diagnostic in errors.values():
        assert diagnostic.path, diagnostic  # located: it names the file
    assert (len(emitted), len(errors)) == COUNTS[target]


@pytest.mark.parametrize("target", COUNTS)
def test_every_provider_accepts_the_output(
    target: str, scanned: dict[str, tuple[object, list[object]]]
) -> None:
    catalog, _ = scanned[target]
    tools = [tool for _, tool in catalog.tools()]  # type: ignore[attr-defined]
    for file_name, args in RENDERS.items():
        provider = args[1]
        options = RenderOptions(
            strict="--strict" in args, gemini_json_schema="--gemini-json-schema" in args
        )
        text, _ = render(provider, tools, options)
        CHECKS[file_name.removesuffix(".json")](json.loads(text))


@pytest.mark.parametrize("target", COUNTS)
def test_stubs_compile_and_pass_ruff(
    target: str, scanned: dict[str, tuple[object, list[object]]], tmp_path: Path
) -> None:
    catalog, _ = scanned[target]
    module, _ = build_module(catalog, "tools.json")  # type: ignore[arg-type]
    path = tmp_path / "real_stubs.py"
    path.write_text(render_stubs(module, []), encoding="utf-8")
    py_compile.compile(str(path), doraise=True)
    ruff = shutil.which("ruff", path=str(Path(sys.executable).parent))
    assert ruff, "ruff is not installed (the test extra installs it)"
    done = subprocess.run(
        [ruff, "check", "--isolated", str(path)], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stdout
    assert to_json(catalog)["classes"]  # type: ignore[arg-type]


@pytest.mark.parametrize("target", COUNTS)
def test_the_command_line_exits_0_or_1_without_a_traceback(
    target: str, tmp_path: Path, run_cli: Callable[..., Run]
) -> None:
    run = run_cli("scan", target, "-o", str(tmp_path / "tools.json"), "-q")
    assert run.status == (1 if COUNTS[target][1] else 0)
    assert "Traceback" not in run.stderr


def test_c_methods_take_their_signature_from_typeshed() -> None:
    catalog, _ = scan(["sqlite3:Connection", "datetime:timedelta"])
    tools = {tool.name: tool for _, tool in catalog.tools()}
    assert tools["backup"].parameters_schema() == {
        "type": "object",
        "properties": {
            "target": {},
            "pages": {"type": "integer", "default": -1},
            "progress": {"default": None},
            "name": {"type": "string", "default": "main"},
            "sleep": {"type": "number", "default": 0.25},
        },
        "required": ["target"],
    }
    assert dict(tools["backup"].type_sources) == {
        "target": "stub",
        "pages": "stub",
        "progress": "stub",
        "name": "stub",
        "sleep": "stub",
        "return": "stub",
    }
    assert tools["total_seconds"].parameters == ()
    assert tools["total_seconds"].returns.to_schema() == {"type": "number"}
    assert tools["total_seconds"].type_sources == (("return", "stub"),)


def test_type_checking_names_of_real_libraries_resolve() -> None:
    """rich imports ``Live`` and ``Status`` only under ``if TYPE_CHECKING:``."""
    _, diagnostics = scan(["rich.console:Console"])
    assert not [d for d in diagnostics if "unresolved" in d.message]
    assert [
        d.message for d in diagnostics if d.subject == "Console.status" and "Status" in d.message
    ] == ["return value: type Status has no JSON Schema form; any value accepted"]


def test_a_c_method_renamed_for_a_clash_keeps_its_file_in_the_warning() -> None:
    catalog, diagnostics = scan(["sqlite3:Connection", "zipfile:ZipFile"])
    names = {tool.name for _, tool in catalog.tools()}
    assert {"Connection_close", "ZipFile_close"} <= names
    (renamed,) = [d for d in diagnostics if d.subject == "Connection.close"]
    assert renamed.message == (
        "another class has a method 'close': the tool is named 'Connection_close'"
    )
    assert (Path(renamed.path).parent.name, Path(renamed.path).name, renamed.line) == (
        "sqlite3",
        "__init__.py",
        0,
    )
