"""The targets table of ``benchmarks/run.py``: each of issue 15's targets, met or not."""

from __future__ import annotations

from benchmarks.targets import FLOOR, Row, targets

START = {
    "python -c pass": 11.0,
    "python -c 'import inspector'": 25.0,
    "toolsinspector scan example_class.py:ExampleClass -o -": 95.0,
    "toolsinspector render --provider openai": 140.0,
}


def _rows(scale: float, scan_ratio: float, rss: float) -> dict[str, Row]:
    floor = 0.25 * scale
    cpu = {
        FLOOR: floor,
        "scan services.py -o tools.json": floor * scan_ratio,
        "render --provider openai": floor * 0.8,
        "render --provider openai --strict": floor * 1.1,
        "render --provider all -o out": floor * 2.5,
        "stubs tools.json": floor * 0.9,
        "check (unchanged: tools.json + openai)": floor * 1.0,
        "diff tools.json tools.json": floor * 0.9,
        "peer: langchain-core convert_to_openai_tool": floor * 18,
    }
    return {n: (c, c / floor, c, c / floor, rss + (n != FLOOR) * 5) for n, c in cpu.items()}


def test_every_target_is_checked_against_the_run() -> None:
    results = {2000: _rows(1, 0.95, 16), 20000: _rows(10, 1.02, 50)}
    results[20000]["stubs tools.json"] = (3.2, 1.28, 3.2, 1.28, 120.0)
    assert targets(results, START) == [
        "| target (20000 methods, CPU) | this run | met |",
        "|---|---|---|",
        "| `scan` <= 1.0x the floor (every size) | 0.95x and 1.02x | **no** |",
        "| `scan` peak RSS <= floor + 10 MiB | 55 MiB, floor 50 (+5) | yes |",
        "| every command linear (CPU growth <= 11x) | 10.0x-14.2x (most: stubs tools.json) "
        "| **no** |",
        "| each `render --provider P` <= the scan | 0.78x-1.08x the scan (most: render "
        "--provider openai --strict) | **no** |",
        "| `render --provider all -o out` <= 3x the scan | 2.45x | yes |",
        "| `stubs tools.json` <= 1x the scan | 1.25x | **no** |",
        "| `check` <= 1.1x the scan | 0.98x | yes |",
        "| peak RSS of render, stubs, check, diff <= floor + 50 MiB | at most 120 MiB, floor 50 "
        "| **no** |",
        "| cold start: python -c 'import inspector' <= +30 ms | +14 ms | yes |",
        "| cold start: toolsinspector scan example_class.py:ExampleClass -o - <= +80 ms "
        "| +84 ms | **no** |",
        "| cold start: toolsinspector render --provider openai <= +150 ms | +129 ms | yes |",
    ]


def test_one_size_checks_no_growth() -> None:
    lines = targets({50: _rows(0.1, 0.9, 16)}, START)
    assert lines[2] == "| `scan` <= 1.0x the floor (every size) | 0.90x | yes |"
    assert not any("linear" in line for line in lines)


def test_a_run_without_renders_checks_what_it_has() -> None:
    rows = {
        k: v for k, v in _rows(1, 0.9, 16).items() if k in (FLOOR, "scan services.py -o tools.json")
    }
    assert targets({50: rows}, START)[2:4] == [
        "| `scan` <= 1.0x the floor (every size) | 0.90x | yes |",
        "| `scan` peak RSS <= floor + 10 MiB | 21 MiB, floor 16 (+5) | yes |",
    ]
