"""The public API: every name in ``__all__`` resolves, the list is sorted, import stays light."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import inspector
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


def test_the_console_script_is_run_which_exits_with_main_s_status(tmp_path: Path) -> None:
    """``run`` (the ``toolsinspector`` script and ``python -m inspector``) exits with the
    status ``main`` returns."""
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["project"]["scripts"] == {"toolsinspector": "inspector.cli:run"}
    code = (
        "import sys\n"
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
