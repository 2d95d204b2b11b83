"""The benchmark harness compares with another checkout: a tiny run against this one (no
timing is asserted)."""

from __future__ import annotations

import subprocess
import sys

from tests.conftest import ROOT


def test_benchmark_against_a_baseline_checkout_prints_the_comparison() -> None:
    result = subprocess.run(
        [sys.executable, "benchmarks/run.py", "--smoke", "--no-peers", "--baseline", str(ROOT)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    )
    comparison = result.stdout.split("Against the baseline")[1].split("\n\n")[1].splitlines()
    assert comparison[0] == "| command | 50: baseline CPU s | ours | ours/baseline |"
    rows = [line.split(" | ")[0].lstrip("| ") for line in comparison[2:]]
    assert rows[0] == "scan services.py -o tools.json"
    assert "render --provider all -o out" in rows
    assert not any(row.startswith(("floor", "peer")) for row in rows)
