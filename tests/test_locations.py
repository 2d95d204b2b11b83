"""Locations are data relative to a root: the project root for the user's code (the configured
one, else the folder of the nearest pyproject.toml), the ``sys.path`` entry for installed
packages (a file target's folder when no project holds it); never absolute, never dependent on
the working directory or on earlier calls."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import sysconfig
from collections.abc import Callable
from pathlib import Path

import pytest

from inspector.files.tools_json import from_json
from inspector.project.config import Config
from inspector.project.generate import generate
from tests.conftest import Run

BIG = "class Big:\n    def size(self) -> int:\n        'Size.'\n        return 1\n"


def _locations(text: str) -> list[str]:
    return [tool.location for _, tool in from_json(json.loads(text)).tools()]


def test_a_file_is_located_the_same_from_any_working_directory(
    in_tmp: Path, run_cli: Callable[..., Run], monkeypatch: pytest.MonkeyPatch
) -> None:
    Path("limitcheck").mkdir()
    target = f"{in_tmp / 'limitcheck' / 'big.py'}:Big"
    Path("limitcheck/big.py").write_text(BIG, encoding="utf-8")

    def located(where: Path) -> list[str]:
        monkeypatch.chdir(where)
        return _locations(run_cli("scan", target, "-o", "-", "-q").stdout)

    # no project: relative to the folder the file is imported from
    assert located(in_tmp) == located(in_tmp / "limitcheck") == ["big.py:2"]
    (in_tmp / "pyproject.toml").write_text("[project]\nname = 'limits'\n", encoding="utf-8")
    # in a project: relative to its root, the folder of its pyproject.toml
    assert located(in_tmp) == located(in_tmp / "limitcheck") == ["limitcheck/big.py:2"]


def test_a_configured_root_locates_and_finds_targets_without_changing_directory(
    in_tmp: Path,
) -> None:
    Path("limitcheck").mkdir()
    Path("limitcheck/big.py").write_text(BIG, encoding="utf-8")
    Path("elsewhere").mkdir()
    os.chdir("elsewhere")
    path_before = list(sys.path)
    config = Config(root=in_tmp / "limitcheck", targets=("big.py:Big",))
    generated = generate(config)
    assert _locations(generated.files[config.tools_path]) == ["big.py:2"]
    assert (Path.cwd(), sys.path) == (in_tmp / "elsewhere", path_before)


def test_installed_and_standard_library_code_is_located_from_its_sys_path_entry(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    scanned = run_cli("scan", "json.decoder:JSONDecoder", "-o", "-", "-q")
    locations = _locations(scanned.stdout)
    assert locations and all(loc.startswith("json/decoder.py:") for loc in locations)
    scanned = run_cli("scan", "jinja2:Environment", "-o", "-", "-q")
    locations = _locations(scanned.stdout)
    assert locations and all(loc.startswith("jinja2/") for loc in locations), locations


def _venv(directory: Path, library: str) -> Path:
    """A venv that sees this project's packages (a .pth line) and its own copy of ``tiny``."""
    subprocess.run(
        [sys.executable, "-m", "venv", "--without-pip", str(directory)], check=True, timeout=120
    )
    python = directory / "bin" / "python"
    site = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    ours = sysconfig.get_paths()["purelib"]
    (Path(site) / "project.pth").write_text(f"import site; site.addsitedir({ours!r})\n")
    (Path(site) / "tiny").mkdir()
    (Path(site) / "tiny" / "__init__.py").write_text(library, encoding="utf-8")
    return python


def test_check_in_another_venv_finds_the_files_fresh(tmp_path: Path) -> None:
    library = (
        "class Client:\n    def get(self, url: str) -> str:\n        'Get.'\n        return url\n"
    )
    project = tmp_path / "project"
    project.mkdir()
    (project / "service.py").write_text(BIG, encoding="utf-8")
    (project / "pyproject.toml").write_text(
        '[tool.toolsinspector]\ntargets = ["tiny:Client", "service.py:Big"]\n'
        'providers = ["openai"]\n',
        encoding="utf-8",
    )
    first = _venv(tmp_path / "one", library)
    second = _venv(tmp_path / "two", library)
    environment = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}

    def run(python: Path, command: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [str(python), "-m", "inspector", command],
            cwd=project,
            capture_output=True,
            text=True,
            check=False,
            env=environment,
            timeout=120,
        )

    built = run(first, "build")
    assert built.returncode == 0, built.stderr
    tools = json.loads((project / "tools.json").read_text(encoding="utf-8"))
    assert tools["classes"]["Client"]["methods"]["get"]["location"] == "tiny/__init__.py:2"
    checked = run(second, "check")
    assert (checked.returncode, checked.stdout) == (0, "3 files up to date\n"), checked.stderr
