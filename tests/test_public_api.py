"""The public API: every name in ``__all__`` resolves, the list is sorted, import stays light."""

from __future__ import annotations

import dataclasses
import os
import shutil
import subprocess
import sys
from pathlib import Path

import inspector
from inspector import model
from tests.conftest import ROOT


def test_all_is_sorted_and_every_name_resolves() -> None:
    assert inspector.__all__ == sorted(inspector.__all__)
    for name in inspector.__all__:
        assert getattr(inspector, name) is not None


def test_no_public_name_is_shadowed_by_a_subpackage() -> None:
    code = (
        "import inspector, inspector.cli.main, inspector.runtime.toolbox, types; "
        "print([n for n in inspector.__all__ "
        "if isinstance(getattr(inspector, n), types.ModuleType)])"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"


def test_importing_the_package_or_the_cli_loads_no_heavy_module() -> None:
    code = (
        "import sys, inspector, inspector.cli.main; "
        "heavy = ('jinja2', 'docstring_parser', 'pydantic', 'inspector.scan.scanner'); "
        "print(sorted(m for m in heavy if m in sys.modules))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"


def test_a_scan_loads_only_what_scanning_needs() -> None:
    code = (
        "import sys, io; from inspector.cli import main; out = sys.stdout; "
        "sys.stdout = io.StringIO(); "
        "main(['scan', 'example_class.py:ExampleClass', '-o', '-', '-q']); "
        "unneeded = ('difflib', 'logging', 'traceback', 'inspector.cli.serve', "
        "'inspector.cli.project', 'jinja2', 'orjson'); "
        "print(sorted(m for m in unneeded if m in sys.modules), file=out)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert result.stdout.strip() == "[]"


def _scan_outside_a_project(tmp_path: Path, printed: str) -> list[str]:
    """The lines ``printed`` (an expression over ``made``, the dataclasses built) gives after
    a scan of example_class.py in a directory with no pyproject.toml above it."""
    shutil.copy(ROOT / "example_class.py", tmp_path)
    code = (
        "import dataclasses, io, sys\n"
        "made, process = [], dataclasses._process_class\n"
        "def recorded(cls, *args, **kwargs):\n"
        "    made.append(f'{cls.__module__}.{cls.__qualname__}')\n"
        "    return process(cls, *args, **kwargs)\n"
        "dataclasses._process_class = recorded\n"
        "from inspector.cli import main\n"
        "out, sys.stdout = sys.stdout, io.StringIO()\n"
        "main(['scan', 'example_class.py:ExampleClass', '-o', '-', '-q'])\n"
        f"print({printed}, file=out)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    return result.stdout.splitlines()


def test_a_small_scan_outside_a_project_imports_neither_tomllib_nor_orjson_nor_tempfile(
    tmp_path: Path,
) -> None:
    """No configuration to read; a tools.json small enough to write faster than orjson
    imports, and to spool in memory (about 3 ms each)."""
    modules = "('tomllib', 'orjson', 'uuid', 'platform', 'tempfile', 'shutil')"
    printed = f"sorted(m for m in {modules} if m in sys.modules)"
    assert _scan_outside_a_project(tmp_path, printed) == ["[]"]


def test_a_scan_builds_no_dataclass_but_the_public_ones(tmp_path: Path) -> None:
    """Python 3.11 compiles each dataclass's generated methods when its module is imported
    (about 0.5 ms a class); the scan's own records and services are plain classes, only what
    users may ``dataclasses.replace`` stays a dataclass."""
    printed = "sorted(m for m in made if m.startswith('inspector.'))"
    public_model = [
        f"inspector.model.{name}"
        for name, value in vars(model).items()
        if isinstance(value, type)
        and value.__module__ == "inspector.model"
        and dataclasses.is_dataclass(value)
    ]
    public = [
        "inspector.api.ScanResult",
        "inspector.api.StubsResult",
        "inspector.catalog.Catalog",
        "inspector.catalog.CatalogClass",
        "inspector.diagnostics.Diagnostic",
        "inspector.project.pipeline.Rendered",
    ]
    assert len(public_model) == 15
    assert _scan_outside_a_project(tmp_path, printed) == [str(sorted(public + public_model))]


def test_the_console_script_is_run_which_exits_with_main_s_status_and_freezes_what_is_left(
    tmp_path: Path,
) -> None:
    """``run`` (the ``toolsinspector`` script and ``python -m inspector``): what the command left
    alive is frozen before the interpreter's last collector passes; the status is main's."""
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["project"]["scripts"] == {"toolsinspector": "inspector.cli:run"}
    code = (
        "import atexit, gc, sys\n"
        "atexit.register(lambda: print('frozen', gc.get_freeze_count() > 0))\n"
        "sys.argv = ['toolsinspector', *sys.argv[1:]]\n"
        "from inspector.cli import run\n"
        "run()\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for arguments, status in ((["providers"], 0), (["scan", "missing.py:Nothing", "-o", "-"], 1)):
        result = subprocess.run(
            [sys.executable, "-c", code, *arguments],
            check=False,
            capture_output=True,
            text=True,
            cwd=tmp_path,
            env=env,
        )
        assert result.returncode == status, result.stderr
        assert result.stdout.splitlines()[-1] == "frozen True"
