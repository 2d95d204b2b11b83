"""The public API: every name in ``__all__`` resolves, the list is sorted, import stays light."""

from __future__ import annotations

import subprocess
import sys

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


def test_a_scan_loads_only_what_scanning_needs() -> None:
    code = (
        "import sys, io; from inspector.cli import main; out = sys.stdout; "
        "sys.stdout = io.StringIO(); "
        "main(['scan', 'example_class.py:ExampleClass', '-o', '-', '-q']); "
        "unneeded = ('difflib', 'logging', 'traceback', 'inspector.cli.serve', "
        "'inspector.cli.project', 'jinja2'); "
        "print(sorted(m for m in unneeded if m in sys.modules), file=out)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert result.stdout.strip() == "[]"
