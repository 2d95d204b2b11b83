"""The benchmark: our full scan against the floor (signature + hints + docstring parse).

Usage: ``python benchmarks/run.py [--sizes 2000,20000] [--repeat 5] [--smoke]``. Prints a
Markdown report. Ratios, not absolute times, are the claims; see benchmarks/README.md.
"""

from __future__ import annotations

import argparse
import importlib
import inspect
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
import typing
from collections.abc import Callable
from pathlib import Path

import docstring_parser

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.corpus import generate  # noqa: E402


def load_methods(directory: Path) -> tuple[list[type], list[Callable[..., object]]]:
    """Import the generated services; every class and every method."""
    sys.path.insert(0, str(directory))
    for name in ("services", "models"):
        sys.modules.pop(name, None)
    services = importlib.import_module("services")
    classes = [c for n, c in vars(services).items() if n.startswith("Service")]
    methods = [f for c in classes for n, f in vars(c).items() if n.startswith("op")]
    return classes, methods


def floor(methods: list[Callable[..., object]]) -> None:
    """The work no implementation can skip."""
    style = docstring_parser.DocstringStyle.GOOGLE
    for method in methods:
        inspect.signature(method)
        typing.get_type_hints(method, include_extras=True)
        docstring_parser.parse(method.__doc__ or "", style=style)


def ours() -> str:
    """Our full scan of the imported corpus module, to the tools.json text (like the floor,
    it starts from classes already imported: importing them costs every tool the same)."""
    from inspector.api import scan_targets

    result = scan_targets(["services"], output=None, classification_path=None)
    assert not result.diagnostics, result.diagnostics[:3]
    return result.tools_text


def peers(classes: list[type]) -> dict[str, Callable[[], object]]:
    """Peer libraries' schema builders, when installed (the ``bench`` extra)."""
    instances = [cls() for cls in classes]
    bound = [getattr(i, n) for i in instances for n in vars(type(i)) if n.startswith("op")]
    found: dict[str, Callable[[], object]] = {}
    try:
        from langchain_core.utils.function_calling import convert_to_openai_tool

        found["langchain-core convert_to_openai_tool"] = lambda: [
            convert_to_openai_tool(m) for m in bound
        ]
    except ImportError:
        pass
    try:
        from pydantic_ai import Tool

        found["pydantic-ai Tool(...).tool_def"] = lambda: [Tool(m).tool_def for m in bound]
    except ImportError:
        pass
    return found


def timed(work: Callable[[], object]) -> float:
    start = time.perf_counter()
    work()
    return time.perf_counter() - start


OURS = "toolsinspector scan → tools.json"
PEER_FULL_SIZE = 2000
"""Peers are timed every round up to this size, in half the rounds above it (they are slow)."""


def compare(size: int, repeat: int) -> list[str]:
    """Rounds of floor, ours and each peer; medians of times and of per-round ratios."""
    with tempfile.TemporaryDirectory() as scratch:
        generate(Path(scratch), size)
        classes, methods = load_methods(Path(scratch))
        text = ours()  # warm both paths once
        floor(methods)
        contenders: dict[str, Callable[[], object]] = {OURS: ours, **peers(classes)}
        peer_rounds = repeat if size <= PEER_FULL_SIZE else max(1, repeat // 2)
        times: dict[str, list[float]] = {name: [] for name in ("floor", *contenders)}
        ratios: dict[str, list[float]] = {name: [] for name in contenders}
        for round_number in range(repeat):
            # the floor, then every contender: ratios are taken within a round, so a machine
            # that slows down for a while moves both sides of each ratio
            floor_time = timed(lambda: floor(methods))
            times["floor"].append(floor_time)
            for name, work in contenders.items():
                if name != OURS and round_number >= peer_rounds:
                    continue
                elapsed = timed(work)
                times[name].append(elapsed)
                ratios[name].append(elapsed / floor_time)
        per = 1e6 / len(methods)
        floor_us = statistics.median(times["floor"]) * per
        tools = len(json.loads(text)["classes"]) * 10
        rows = [f"| {size} | floor (signature + hints + docstring) | {floor_us:.1f} | 1.00 |"]
        for name in contenders:
            us = statistics.median(times[name]) * per
            rows.append(f"| {size} | {name} | {us:.1f} | {statistics.median(ratios[name]):.2f} |")
        rss_floor, rss_ours = peak_rss(scratch, "floor"), peak_rss(scratch, "ours")
        rows.append(
            f"| {size} | peak RSS floor / ours (MiB) | {rss_floor:.1f} / {rss_ours:.1f} | "
            f"+{rss_ours - rss_floor:.1f} MiB |"
        )
        rows.append(
            f"| {size} | tools.json bytes (per tool) | {len(text.encode())} "
            f"({len(text.encode()) // tools}) | |"
        )
        return rows


def peak_rss(directory: str, which: str) -> float:
    """Peak RSS (MiB) of a fresh process doing only the floor, or only our scan."""
    code = (
        "import sys; sys.argv = ['x']; "
        f"sys.path.insert(0, {str(ROOT)!r}); "
        "from benchmarks import run; from pathlib import Path; "
        f"d = Path({directory!r}); classes, methods = run.load_methods(d); "
        + ("run.floor(methods)" if which == "floor" else "run.ours()")
        + "; print(next(l for l in open('/proc/self/status') if l.startswith('VmHWM')))"
    )
    # VmHWM, not ru_maxrss: Linux carries ru_maxrss over from the forking parent.
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return int(out.stdout.split()[1]) / 1024


def cold_start(repeat: int) -> list[str]:
    """Median wall time of the command line and of importing the package."""
    script = Path(sys.executable).with_name("toolsinspector")
    # As after `pip install`: bytecode caches written (some machines set
    # PYTHONDONTWRITEBYTECODE, which would compile every module on every run).
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    with tempfile.TemporaryDirectory() as scratch:
        tools = Path(scratch) / "tools.json"
        subprocess.run(
            [str(script), "scan", "example_class.py:ExampleClass", "-o", str(tools), "-q"],
            cwd=ROOT,
            check=True,
            capture_output=True,
            env=env,
        )
        commands = {
            "python -c pass": [sys.executable, "-c", "pass"],
            "python -c 'import inspector'": [sys.executable, "-c", "import inspector"],
            "toolsinspector scan example_class.py:ExampleClass -o -": [
                str(script),
                "scan",
                "example_class.py:ExampleClass",
                "-o",
                "-",
                "-q",
            ],
            "toolsinspector render --provider openai": [
                str(script),
                "render",
                "--provider",
                "openai",
                "--tools",
                str(tools),
                "-q",
            ],
        }
        for command in commands.values():  # warm-up: caches written, files in the page cache
            subprocess.run(command, cwd=ROOT, check=True, capture_output=True, env=env)
        medians = {
            name: statistics.median(
                timed(
                    lambda c=command: subprocess.run(
                        c, cwd=ROOT, check=True, capture_output=True, env=env
                    )
                )
                for _ in range(repeat)
            )
            * 1000
            for name, command in commands.items()
        }
    bare = medians["python -c pass"]
    return [f"| {name} | {ms:.0f} | {ms - bare:+.0f} |" for name, ms in medians.items()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", default="2000,20000", help="methods per corpus")
    parser.add_argument("--repeat", type=int, default=5, help="alternated repetitions")
    parser.add_argument("--smoke", action="store_true", help="tiny run for CI: 50 methods, once")
    args = parser.parse_args()
    sizes = [50] if args.smoke else [int(s) for s in args.sizes.split(",")]
    repeat = 1 if args.smoke else args.repeat
    print(
        f"Machine: {platform.processor() or platform.machine()}, "
        f"{platform.python_implementation()} {platform.python_version()}, "
        f"{platform.system()} {platform.release()}\n"
    )
    print("| methods | what | µs/method | ratio to floor |\n|---|---|---|---|")
    for size in sizes:
        print("\n".join(compare(size, repeat)))
    print("\n| command (median wall time) | ms | vs bare Python |\n|---|---|---|")
    print("\n".join(cold_start(3 if args.smoke else 15)))


if __name__ == "__main__":
    main()
