"""The wheel ships the templates and the installed package finds them."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

from tests.conftest import ROOT


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
    assert not any(name.startswith("tests/") for name in names)

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
