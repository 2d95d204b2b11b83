"""The benchmark harness keeps working: a tiny run of every whole-process row (no timing is
asserted)."""

from __future__ import annotations

import subprocess
import sys

from tests.conftest import ROOT


def test_benchmark_smoke_run_prints_the_tables() -> None:
    result = subprocess.run(
        [sys.executable, "benchmarks/run.py", "--smoke"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    )
    lines = result.stdout.splitlines()
    rows = {line.split(" | ")[0].lstrip("| ") for line in lines if line.startswith("| ")}
    for command in (
        "floor: python + import + signature + hints + docstring",
        "scan services.py -o tools.json",
        "render --provider gemini",
        "render --provider openai --strict",
        "render --provider all -o out",
        "stubs tools.json",
        "check (unchanged: tools.json + openai)",
        "diff tools.json tools.json",
        "Toolbox(...).definitions('openai')",
        "toolsinspector render --provider openai",
    ):
        assert command in rows
