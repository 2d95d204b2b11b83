"""The wheel ships the templates, ``py.typed`` and the license; the installed package finds its
templates and knows its version."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from importlib import metadata
from pathlib import Path

import pytest

import inspector
from tests.conftest import ROOT

PYPROJECT_VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]


def test_wheel_contains_templates_and_works_when_installed(tmp_path: Path) -> None:
    subprocess.run(
        [sys.executable, "-m", "hatchling", "build", "-t", "wheel", "-d", str(tmp_path / "dist")],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    (wheel,) = (tmp_path / "dist").glob("toolsinspector-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "inspector/templates/openai.json.jinja" in names
    assert "inspector/py.typed" in names
    license_name = f"toolsinspector-{PYPROJECT_VERSION}.dist-info/licenses/LICENSE"
    assert zipfile.ZipFile(wheel).read(license_name) == (ROOT / "LICENSE").read_bytes()
    assert not any(name.startswith("tests/") for name in names)
    metadata_text = zipfile.ZipFile(wheel).read(
        f"toolsinspector-{PYPROJECT_VERSION}.dist-info/METADATA"
    )
    requires = [
        line.removeprefix("Requires-Dist: ")
        for line in metadata_text.decode("utf-8").splitlines()
        if line.startswith("Requires-Dist: ") and "extra ==" not in line
    ]  # what a plain `pip install toolsinspector` brings: typeshed's stdlib stubs among them
    assert "typeshed-client>=2.7" in requires

    target = tmp_path / "site"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--quiet",
            "--no-deps",
            "--no-index",
            "--target",
            str(target),
            str(wheel),
        ],
        check=True,
        capture_output=True,
    )
    work = tmp_path / "work"
    work.mkdir()
    (work / "svc.py").write_text("class Svc:\n    def go(self, n: int) -> None:\n        'Go.'\n")
    env = {**os.environ, "PYTHONPATH": str(target)}

    def run(*args: str) -> str:
        return subprocess.run(
            [sys.executable, "-m", "inspector", *args],
            cwd=work,
            env=env,
            check=True,
            capture_output=True,
            text=True,
        ).stdout

    listing = run("providers")
    assert str(target / "inspector" / "templates" / "openai.json.jinja") in listing
    run("scan", "svc.py:Svc", "-o", "tools.json", "-q")
    tools = json.loads(run("render", "--provider", "openai"))
    assert tools[0]["function"]["name"] == "go"
    assert run("--version") == f"toolsinspector {PYPROJECT_VERSION}\n"


def test_version_comes_from_the_installed_metadata() -> None:
    assert inspector.__version__ == metadata.version("toolsinspector") == PYPROJECT_VERSION


def test_version_falls_back_to_pyproject_when_not_installed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def not_installed(name: str) -> str:
        raise metadata.PackageNotFoundError(name)

    monkeypatch.setattr(metadata, "version", not_installed)
    inspector._version.cache_clear()
    try:
        assert inspector.__version__ == PYPROJECT_VERSION
    finally:
        inspector._version.cache_clear()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('[project]\nname = "toolsinspector"\nversion = "9.8.7"\n', "9.8.7"),
        ('[project]\nname = "other"\nversion = "9.8.7"\n', "0+unknown"),
        ("not toml [", "0+unknown"),
    ],
)
def test_source_version_reads_only_our_pyproject(tmp_path: Path, text: str, expected: str) -> None:
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text(text)
    assert inspector._source_version(pyproject) == expected
    assert inspector._source_version(tmp_path / "missing.toml") == "0+unknown"


def test_version_option_prints_the_version() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "inspector", "--version"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert result.stdout == f"toolsinspector {PYPROJECT_VERSION}\n"


def test_sdist_carries_what_a_fresh_checkout_needs(tmp_path: Path) -> None:
    subprocess.run(
        [sys.executable, "-m", "hatchling", "build", "-t", "sdist", "-d", str(tmp_path)],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    (sdist,) = tmp_path.glob("toolsinspector-*.tar.gz")
    prefix = f"toolsinspector-{PYPROJECT_VERSION}/"
    with tarfile.open(sdist) as archive:
        names = {name.removeprefix(prefix) for name in archive.getnames()}
    expected = {
        "LICENSE",
        "CHANGELOG.md",
        "CONTRIBUTING.md",
        "README.md",
        "Makefile",
        "mkdocs.yml",
        "docs/index.md",
        "docs/hooks/cli_reference.py",
        "inspector/py.typed",
        "templates/openai.json.jinja",
    }
    assert expected <= names
