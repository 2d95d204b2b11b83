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


def test_typed_share_reports_a_row_per_library() -> None:
    result = subprocess.run(
        [sys.executable, "benchmarks/typed_share.py", "--libraries", "stdlib,rich"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    )
    header, rule, stdlib, rich = result.stdout.splitlines()
    assert header.startswith("| library | tools | left out | typed parameters |")
    assert rule == "|---|---|---|---|---|---|---|"
    for row, name in ((stdlib, "stdlib"), (rich, "rich")):
        cells = [c.strip() for c in row.strip("|").split("|")]
        assert cells[0] == name and cells[2] == "0"  # no method left out
        assert all(c.endswith(")") and " % (" in c for c in cells[3:])
