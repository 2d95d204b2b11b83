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
        "`scan` <= 1.0x the floor (every size)",
        "`render --provider all -o out` <= 3x the scan",
    ):
        assert command in rows


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
    assert header.startswith("| library | tools | uncallable | failed | typed parameters |")
    assert rule == "|---|---|---|---|---|---|---|---|---|---|"
    for row, name in ((stdlib, "stdlib"), (rich, "rich")):
        cells = [c.strip() for c in row.strip("|").split("|")]
        assert cells[0] == name and cells[3] == "0"  # no method failed
        assert int(cells[2]) > 0  # methods taking live objects (a Connection, a Theme)
        assert cells[6].isdigit() and cells[7].isdigit()  # said any value, left out
        shares = cells[4:6] + cells[8:]
        assert all(c.endswith(")") and " % (" in c for c in shares)
