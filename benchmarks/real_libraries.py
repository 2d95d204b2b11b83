"""Inspection time per tool on real classes, their imports excluded.

Usage: ``python benchmarks/real_libraries.py [--repeat 5] [--inspector DIR]``. Prints a Markdown
table: each class, its tools, and the milliseconds of CPU time the scan takes per tool.

The libraries come from the ``bench`` extra. Each class is measured in a fresh process per
round, as a user scans it: the scan's own modules (a first scan of ``json.JSONDecoder`` imports
what it imports lazily: docstring-parser, typeshed-client) and the class's library are imported
first (not measured), then the class is scanned (``pipeline.scan_objects``: what
``Toolbox(obj)`` and a one-class ``scan`` do; the modules the scan imports for the class, such
as its ``TYPE_CHECKING`` names, count); a class is measured by its median over the rounds.
The command's wall time hides this behind the imports (pandas takes a second to import and a
tenth of that to inspect), which is why it is measured on its own.

``measure(repeat)`` gives the rows to ``run.py``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent

CLASSES: tuple[str, ...] = (
    "pandas:DataFrame",
    "requests:Session",
    "redis:Redis",
    "sqlite3:Connection",
    "email.message:EmailMessage",
    "httpx:Client",
    "sqlalchemy.orm:Session",
    "jinja2:Environment",
    "numpy:ndarray",
    "arrow:Arrow",
)
"""Ten classes of widely used libraries and the standard library, chosen for what the scan reads
beyond the code: numpydoc and reST docstrings (pandas, requests, numpy), typeshed stubs for C
methods (sqlite3), a package's own stubs (numpy), ``TYPE_CHECKING`` imports, overloads and
aliases (sqlalchemy, httpx, jinja2), many methods of one module (redis)."""


class Row(NamedTuple):
    """One class: its target, its tools and the median milliseconds of CPU time per tool."""

    target: str
    tools: int
    ms_per_tool: float


_ONE_CLASS = """\
import gc, importlib, json, sys, time
if {inspector!r}:
    sys.path.insert(0, {inspector!r})
from inspector.project import pipeline
import json.decoder
pipeline.scan_objects([json.decoder.JSONDecoder])  # imports what the scan imports lazily
module, _, name = {target!r}.partition(':')
cls = getattr(importlib.import_module(module), name)
gc.collect()
start = time.process_time()
catalog = pipeline.scan_objects([cls])[0]
seconds = time.process_time() - start
print(json.dumps((len(catalog.classes[0].tools), seconds)))
"""


def _one_class(target: str, inspector: str, python: str) -> tuple[int, float]:
    """The tools of one class and the CPU seconds its scan took, in a fresh process."""
    script = _ONE_CLASS.format(target=target, inspector=inspector)
    done = subprocess.run(
        [python, "-c", script], capture_output=True, text=True, check=False, timeout=600
    )
    if done.returncode != 0:
        raise RuntimeError(f"{target}: the scan failed:\n{done.stderr}")
    tools, seconds = json.loads(done.stdout)
    return int(tools), float(seconds)


def measure(
    repeat: int,
    targets: Sequence[str] = CLASSES,
    *,
    inspector: str = "",
    python: str = sys.executable,
) -> list[Row]:
    """The rows of ``repeat`` rounds (every class once per round, each in a fresh process), in
    the order of ``targets``. ``inspector``: a checkout whose package to measure instead of the
    installed one."""
    seconds: dict[str, list[float]] = {target: [] for target in targets}
    tools: dict[str, int] = {}
    for _ in range(repeat):
        for target in targets:
            tools[target], taken = _one_class(target, inspector, python)
            seconds[target].append(taken)
    return [
        Row(target, tools[target], 1000 * statistics.median(seconds[target]) / tools[target])
        for target in targets
    ]


def table(rows: Sequence[Row]) -> str:
    """The rows as a Markdown table, with every class together as the last line."""
    lines = ["| class | tools | ms per tool |", "|---|---|---|"]
    lines += [f"| `{row.target}` | {row.tools} | {row.ms_per_tool:.3f} |" for row in rows]
    total = sum(row.tools for row in rows)
    milliseconds = sum(row.ms_per_tool * row.tools for row in rows)
    lines.append(f"| all {len(rows)} | {total} | {milliseconds / total:.3f} |")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5, help="rounds (fresh processes)")
    parser.add_argument("--inspector", default="", help="measure the package of this checkout")
    options = parser.parse_args(argv)
    print(table(measure(options.repeat, inspector=options.inspector)))


if __name__ == "__main__":
    main()
