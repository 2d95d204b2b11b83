"""Issue 15's targets, checked against one run of ``run.py``: a Markdown table, met or not.

Ratios use the median CPU seconds of the run (steadier than wall time on a shared machine); the
"x scan" ratios compare two commands of the same run. Growth is measured between the smallest
and the largest size and allowed 1.1 times the size ratio (11x for 2,000 to 20,000).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

Row = tuple[float, float, float, float, float]
"""Median wall seconds, median wall ratio to the floor, median CPU seconds, median CPU ratio to
the floor (ratios taken per round), peak RSS (MiB)."""

FLOOR = "floor: python + import + signature + hints + docstring"
SCAN = "scan services.py -o tools.json"
RENDER_ALL = "render --provider all -o out"
STUBS = "stubs tools.json"
CHECK = "check (unchanged: tools.json + openai)"
DIFF = "diff tools.json tools.json"
START = {
    "python -c 'import inspector'": 30.0,
    "toolsinspector scan example_class.py:ExampleClass -o -": 80.0,
    "toolsinspector render --provider openai": 150.0,
}
"""Cold start: milliseconds over ``python -c pass`` at most."""


def _mark(met: bool) -> str:
    return "yes" if met else "**no**"


def _cpu(rows: Mapping[str, Row], name: str) -> float:
    return rows[name][2]


def _single_renders(rows: Mapping[str, Row]) -> list[str]:
    return [n for n in rows if n.startswith("render --provider ") and n != RENDER_ALL]


def _scan_rows(results: Mapping[int, Mapping[str, Row]]) -> Iterator[tuple[str, str, bool]]:
    ratios = [results[size][SCAN][3] for size in sorted(results)]
    shown = " and ".join(f"{r:.2f}x" for r in ratios)
    yield "`scan` <= 1.0x the floor (every size)", shown, all(r <= 1.0 for r in ratios)
    rows = results[max(results)]
    over = rows[SCAN][4] - rows[FLOOR][4]
    shown = f"{rows[SCAN][4]:.0f} MiB, floor {rows[FLOOR][4]:.0f} ({over:+.0f})"
    yield "`scan` peak RSS <= floor + 10 MiB", shown, over <= 10


def _growth_row(results: Mapping[int, Mapping[str, Row]]) -> Iterator[tuple[str, str, bool]]:
    small, large = min(results), max(results)
    if small == large:
        return
    limit = 1.1 * large / small
    growth = {
        name: results[large][name][2] / results[small][name][2]
        for name in results[large]
        if name != FLOOR and not name.startswith("peer") and results[small][name][2] > 0
    }
    if not growth:
        return
    worst = max(growth, key=growth.__getitem__)
    shown = f"{min(growth.values()):.1f}x-{growth[worst]:.1f}x (most: {worst})"
    yield f"every command linear (CPU growth <= {limit:.0f}x)", shown, growth[worst] <= limit


def _render_rows(rows: Mapping[str, Row]) -> Iterator[tuple[str, str, bool]]:
    scan = _cpu(rows, SCAN)
    renders = {n: _cpu(rows, n) / scan for n in _single_renders(rows)}
    if renders:
        slowest = max(renders, key=renders.__getitem__)
        shown = f"{min(renders.values()):.2f}x-{renders[slowest]:.2f}x the scan (most: {slowest})"
        yield "each `render --provider P` <= the scan", shown, renders[slowest] <= 1.0
    for name, limit in ((RENDER_ALL, 3.0), (STUBS, 1.0), (CHECK, 1.1)):
        if name in rows:
            ratio = _cpu(rows, name) / scan
            shown = f"{ratio:.2f}x"
            yield f"`{name.split(' (')[0]}` <= {limit:g}x the scan", shown, ratio <= limit
    capped = [n for n in (*_single_renders(rows), RENDER_ALL, STUBS, CHECK, DIFF) if n in rows]
    if not capped:
        return
    peak = max(rows[n][4] for n in capped)
    shown, met = f"at most {peak:.0f} MiB, floor {rows[FLOOR][4]:.0f}", peak <= rows[FLOOR][4] + 50
    yield "peak RSS of render, stubs, check, diff <= floor + 50 MiB", shown, met


def _start_rows(start_ms: Mapping[str, float]) -> Iterator[tuple[str, str, bool]]:
    bare = start_ms["python -c pass"]
    for name, limit in START.items():
        over = start_ms[name] - bare
        yield f"cold start: {name} <= +{limit:.0f} ms", f"{over:+.0f} ms", over <= limit


def targets(results: Mapping[int, Mapping[str, Row]], start_ms: Mapping[str, float]) -> list[str]:
    """The targets table: what is asked, what this run measured, met or not."""
    rows = results[max(results)]
    checked = [
        *_scan_rows(results),
        *_growth_row(results),
        *_render_rows(rows),
        *_start_rows(start_ms),
    ]
    lines = [f"| target ({max(results)} methods, CPU) | this run | met |", "|---|---|---|"]
    lines += [f"| {target} | {shown} | {_mark(met)} |" for target, shown, met in checked]
    return lines
