"""The benchmark harness keeps working: a tiny run of every row, against this checkout as the
baseline too (no timing is asserted). Run by ``make bench``, before the benchmark itself."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def smoke_run() -> str:
    """The output of ``run.py --smoke --baseline`` this checkout."""
    return subprocess.run(
        [sys.executable, "benchmarks/run.py", "--smoke", "--baseline", str(ROOT)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=600,
    ).stdout


def _first_cells(lines: list[str]) -> list[str]:
    return [line.split(" | ")[0].lstrip("| ") for line in lines if line.startswith("| ")]


def test_a_smoke_run_prints_every_table_for_both_corpora(smoke_run: str) -> None:
    sections = smoke_run.split("\n### ")[1:]
    assert [s.partition("\n")[0] for s in sections] == [
        "Corpus: hints as text (`from __future__ import annotations`)",
        "Corpus: real annotations",
        "Real classes: inspection after import",
        "Cold start (information: no target)",
        "Against issue 23's targets",
    ]
    for corpus in sections[:2]:
        rows = _first_cells(corpus.split("Against the baseline")[0].splitlines())
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
            "peer: langchain-core convert_to_openai_tool",
            "peer: pydantic-ai Tool(...).tool_def",
        ):
            assert command in rows
    assert _first_cells(sections[2].splitlines())[-1].startswith("all ")
    targets = _first_cells(sections[4].splitlines())
    assert targets[1] == "`scan` <= 2.5x the floor (every size)"
    assert targets[-1].startswith("real classes: inspection <= 0.304 ms a tool")


def test_a_baseline_checkout_is_compared_command_by_command(smoke_run: str) -> None:
    for corpus in smoke_run.split("\n### Corpus: ")[1:]:
        comparison = corpus.split("Against the baseline")[1].split("\n\n")[1].splitlines()
        assert comparison[0] == "| command | 50: baseline CPU s | ours | ours/baseline |"
        rows = _first_cells(comparison[2:])
        assert rows[0] == "scan services.py -o tools.json"
        assert "render --provider all -o out" in rows
        assert not any(row.startswith(("floor", "peer")) for row in rows)


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
