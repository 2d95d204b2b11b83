"""The benchmark harness keeps working: a tiny run (no timing is asserted)."""

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
    assert any(line.startswith("| 50 | toolsinspector scan → tools.json |") for line in lines)
    assert any(line.startswith("| toolsinspector render --provider openai |") for line in lines)
