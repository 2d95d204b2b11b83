"""The benchmark: whole commands, as the user runs them, against the floor process.

Usage: ``python benchmarks/run.py [--sizes 2000,20000] [--repeat 5] [--smoke]``. Prints
Markdown tables. Every row is a fresh process (Python start-up and imports included); each
round runs every command once, in the same order, so a machine that slows down for a while
moves all of them. Two corpora, the same methods with their hints written as text (``from
__future__ import annotations``) and as real annotations, are measured one after the other;
then real installed classes (``real_libraries.py``), inspected in this process. Ratios, not
absolute times, are the claims; see benchmarks/README.md.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.corpus import generate  # noqa: E402
from benchmarks.real_libraries import measure as measure_real_libraries  # noqa: E402
from benchmarks.targets import (  # noqa: E402
    BEFORE_FIDELITY,
    CORPORA,
    FLOOR,
    Row,
    real_library_rows,
    targets,
)

# Each command runs inside this wrapper, which records the process's peak RSS (VmHWM: unlike
# ru_maxrss it is not carried over from a forking parent) into the file named by $BENCH_RSS.
_WRAPPER = """\
import os, runpy, sys
def _record():
    with open('/proc/self/status') as status:
        line = next(l for l in status if l.startswith('VmHWM'))
    with open(os.environ['BENCH_RSS'], 'w') as out:
        out.write(line.split()[1])
import atexit; atexit.register(_record)
sys.argv = sys.argv[1:]
"""
_RUN_CLI = _WRAPPER + "sys.argv.insert(0, 'toolsinspector')\nfrom inspector.cli import run\nrun()\n"
"""A command as the console script runs it (``inspector.cli:run``)."""
_RUN_FILE = _WRAPPER + "runpy.run_path(sys.argv[0], run_name='__main__')\n"

_FLOOR_SCRIPT = """\
import inspect, sys, typing
import docstring_parser
sys.path.insert(0, '.')
import services
style = docstring_parser.DocstringStyle.GOOGLE
for name, cls in vars(services).items():
    if name.startswith('Service'):
        for method_name, method in vars(cls).items():
            if method_name.startswith('op'):
                inspect.signature(method)
                typing.get_type_hints(method, include_extras=True)
                docstring_parser.parse(method.__doc__ or '', style=style)
"""
_TOOLBOX_SCRIPT = """\
import sys
sys.path.insert(0, '.')
import services
from inspector import Toolbox
objects = [cls() for name, cls in vars(services).items() if name.startswith('Service')]
box = Toolbox(*objects)
if sys.argv[1:] == ['definitions']:
    box.definitions('openai')
"""
_PEER_SCRIPTS = {
    "langchain-core convert_to_openai_tool": (
        "langchain_core",
        "from langchain_core.utils.function_calling import convert_to_openai_tool as convert\n",
    ),
    "pydantic-ai Tool(...).tool_def": (
        "pydantic_ai",
        "from pydantic_ai import Tool\ndef convert(method):\n    return Tool(method).tool_def\n",
    ),
}
_PEER_BODY = """\
import sys
sys.path.insert(0, '.')
import services
for name, cls in vars(services).items():
    if name.startswith('Service'):
        instance = cls()
        for method_name in vars(cls):
            if method_name.startswith('op'):
                convert(getattr(instance, method_name))
"""


def _peers() -> dict[str, str]:
    """The peers' scripts, for the peers installed (the ``bench`` extra)."""
    import importlib.util

    return {
        name: head + _PEER_BODY
        for name, (module, head) in _PEER_SCRIPTS.items()
        if importlib.util.find_spec(module) is not None
    }


def _commands(corpus: Path, peers: bool) -> dict[str, list[str]]:
    """Every measured command: its label and its arguments (a CLI command, or a script)."""
    scripts = {"floor.py": _FLOOR_SCRIPT, "toolbox.py": _TOOLBOX_SCRIPT}
    if peers:
        scripts.update({f"peer{i}.py": s for i, s in enumerate(_peers().values())})
    for name, text in scripts.items():
        (corpus / name).write_text(text, encoding="utf-8")
    commands: dict[str, list[str]] = {
        FLOOR: ["file", "floor.py"],
        "scan services.py -o tools.json": ["cli", "scan", "services.py", "-o", "tools.json"],
    }
    from inspector.providers.registry import builtin_providers

    for provider in builtin_providers():
        commands[f"render --provider {provider}"] = _render(provider)
    commands["render --provider openai --strict"] = [*_render("openai"), "--strict"]
    commands["render --provider anthropic --strict"] = [*_render("anthropic"), "--strict"]
    commands["render --provider all -o out"] = ["cli", "render", "--provider", "all", "-o", "out"]
    commands["stubs tools.json"] = ["cli", "stubs", "tools.json", "-o", "stubs.py"]
    commands["check (unchanged: tools.json + openai)"] = ["cli", "check"]
    commands["diff tools.json tools.json"] = ["cli", "diff", "tools.json", "tools.json"]
    commands["Toolbox(...)"] = ["file", "toolbox.py"]
    commands["Toolbox(...).definitions('openai')"] = ["file", "toolbox.py", "definitions"]
    if peers:
        for index, name in enumerate(_peers()):
            commands[f"peer: {name}"] = ["file", f"peer{index}.py"]
    return commands


def _render(provider: str) -> list[str]:
    return ["cli", "render", "--provider", provider, "-o", f"out-{provider}.json"]


def _prepare(corpus: Path, source: Path = ROOT) -> None:
    """The project ``check`` finds unchanged: tools.json and openai.json built from the config,
    by the ``inspector`` package found in ``source``."""
    (corpus / "out").mkdir(exist_ok=True)
    (corpus / "pyproject.toml").write_text(
        '[tool.toolsinspector]\ntargets = ["services.py"]\nproviders = ["openai"]\n',
        encoding="utf-8",
    )
    _run(corpus, ["cli", "build", "-q"], source)


def _run(corpus: Path, command: Sequence[str], source: Path = ROOT) -> tuple[float, float, float]:
    """Wall seconds, CPU seconds (user + system: steadier than wall on a shared machine) and
    peak RSS (MiB) of one fresh process running the ``inspector`` package found in ``source``."""
    kind, *arguments = command
    wrapper = _RUN_CLI if kind == "cli" else _RUN_FILE
    rss_file = corpus / ".rss"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["BENCH_RSS"] = str(rss_file)
    env["PYTHONPATH"] = str(source)
    start = time.perf_counter()
    process = subprocess.Popen(
        [sys.executable, "-c", wrapper, *arguments],
        cwd=corpus,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    stderr = process.stderr.read() if process.stderr is not None else b""
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0 and not (arguments and arguments[0] in ("check", "render")):
        raise SystemExit(f"{' '.join(arguments)} failed:\n{stderr.decode()[-2000:]}")
    return elapsed, usage.ru_utime + usage.ru_stime, int(rss_file.read_text()) / 1024


def measure(
    size: int, corpus_kind: str, repeat: int, peers: bool, baseline: Path | None = None
) -> tuple[dict[str, Row], dict[str, tuple[float, float]]]:
    """Per command, on ``size`` methods of the corpus ``corpus_kind`` (a key of ``CORPORA``):
    its row (see ``Row``); with a ``baseline`` checkout, per command of ours also the median CPU
    seconds of the baseline's version, run right after ours in each round, and the median
    ratio ours / baseline."""
    with tempfile.TemporaryDirectory() as scratch:
        corpus = Path(scratch)
        generate(corpus, size, hints_as_text=corpus_kind == "text")
        commands = _commands(corpus, peers)
        _run(corpus, commands["scan services.py -o tools.json"])  # tools.json for the others
        _prepare(corpus)
        for command in commands.values():  # warm-up: bytecode and page caches
            _run(corpus, command)
        # The baseline works in its own copy of the corpus: the files it reads (tools.json, the
        # classification file, the check's outputs) are the ones it wrote, in its own format.
        old_corpus = corpus / "baseline"
        if baseline is not None:
            shutil.copytree(corpus, old_corpus, ignore=shutil.ignore_patterns("out*", "tools*"))
            _run(old_corpus, commands["scan services.py -o tools.json"], baseline)
            _prepare(old_corpus, baseline)
            for name, command in commands.items():
                if name != FLOOR and not name.startswith("peer"):
                    _run(old_corpus, command, baseline)
        samples: dict[str, list[tuple[float, float, float, float]]] = {n: [] for n in commands}
        before: dict[str, list[tuple[float, float]]] = {}
        peaks: dict[str, float] = {}
        for _ in range(repeat):
            floor_wall = floor_cpu = 0.0
            for name, command in commands.items():
                wall, cpu, peaks[name] = _run(corpus, command)
                if name == FLOOR:
                    floor_wall, floor_cpu = wall, cpu
                samples[name].append((wall, wall / floor_wall, cpu, cpu / floor_cpu))
                if baseline is not None and name != FLOOR and not name.startswith("peer"):
                    _, old_cpu, _ = _run(old_corpus, command, baseline)
                    before.setdefault(name, []).append((old_cpu, cpu / old_cpu))
        rows = {
            name: (*(statistics.median(column) for column in zip(*rows, strict=True)), peaks[name])
            for name, rows in samples.items()
        }
        compared = {
            name: (statistics.median(c for c, _ in pairs), statistics.median(r for _, r in pairs))
            for name, pairs in before.items()
        }
        return rows, compared


def cold_start(repeat: int) -> dict[str, float]:
    """Median wall milliseconds of the command line and of importing the package, on a tiny
    input, by command (shown for information: no target)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    script = str(Path(sys.executable).with_name("toolsinspector"))
    with tempfile.TemporaryDirectory() as scratch:
        tools = str(Path(scratch) / "tools.json")
        scan = [script, "scan", "example_class.py:ExampleClass", "-o", tools, "-q"]
        subprocess.run(scan, cwd=ROOT, check=True, capture_output=True, env=env)
        commands = {
            "python -c pass": [sys.executable, "-c", "pass"],
            "python -c 'import inspector'": [sys.executable, "-c", "import inspector"],
            "toolsinspector scan example_class.py:ExampleClass -o -": [*scan[:4], "-", "-q"],
            "toolsinspector render --provider openai": [
                *[script, "render", "--provider", "openai", "--tools", tools, "-q"]
            ],
        }
        medians = {}
        for name, command in commands.items():
            subprocess.run(command, cwd=ROOT, check=True, capture_output=True, env=env)
            times = []
            for _ in range(repeat):
                start = time.perf_counter()
                subprocess.run(command, cwd=ROOT, check=True, capture_output=True, env=env)
                times.append(time.perf_counter() - start)
            medians[name] = statistics.median(times) * 1000
    return medians


def report(results: dict[int, dict[str, Row]]) -> list[str]:
    """The whole-process table: per command and size, wall and CPU with their ratios to the
    floor, peak RSS; the growth of wall and CPU between the smallest and the largest size."""
    sizes = sorted(results)
    head = "| command |" + "".join(
        f" {s}: wall s | x floor | CPU s | x floor | MiB |" for s in sizes
    )
    if len(sizes) > 1:
        head += f" growth {sizes[-1]}/{sizes[0]} wall | CPU |"
    lines = [head, "|---|" + "---|" * (5 * len(sizes) + 2 * (len(sizes) > 1))]
    for name in results[sizes[0]]:
        row = f"| {name} |"
        for size in sizes:
            wall, ratio, cpu, cpu_ratio, rss = results[size][name]
            row += f" {wall:.2f} | {ratio:.2f} | {cpu:.2f} | {cpu_ratio:.2f} | {rss:.0f} |"
        if len(sizes) > 1:
            first, last = results[sizes[0]][name], results[sizes[-1]][name]
            row += f" {last[0] / first[0]:.1f}x | {last[2] / first[2]:.1f}x |"
        lines.append(row)
    return lines


def comparison(
    results: dict[int, dict[str, Row]], compared: dict[int, dict[str, tuple[float, float]]]
) -> list[str]:
    """Ours against the baseline checkout: CPU seconds of each, and the median ratio."""
    sizes = sorted(compared)
    head = "| command |" + "".join(f" {s}: baseline CPU s | ours | ours/baseline |" for s in sizes)
    lines = [head, "|---|" + "---|" * (3 * len(sizes))]
    for name in compared[sizes[0]]:
        row = f"| {name} |"
        for size in sizes:
            old, ratio = compared[size][name]
            row += f" {old:.2f} | {results[size][name][2]:.2f} | {ratio:.2f} |"
        lines.append(row)
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", default="2000,20000", help="methods per corpus")
    parser.add_argument("--repeat", type=int, default=5, help="rounds of every command")
    parser.add_argument("--smoke", action="store_true", help="tiny run for CI: 50 methods, once")
    parser.add_argument("--no-peers", action="store_true", help="leave the peers out")
    parser.add_argument(
        "--baseline",
        type=Path,
        metavar="DIR",
        help="another checkout (e.g. `git archive main | tar -x -C DIR`): each command of its "
        "inspector runs right after ours, and a table compares their CPU time",
    )
    parser.add_argument(
        "--before-fidelity",
        type=Path,
        metavar="DIR",
        help=f"a checkout of {BEFORE_FIDELITY} (`git archive {BEFORE_FIDELITY} | tar -x -C DIR`): "
        "the real classes are measured with it too, and the targets compare the two",
    )
    args = parser.parse_args()
    sizes = [50] if args.smoke else [int(s) for s in args.sizes.split(",")]
    repeat = 1 if args.smoke else args.repeat
    print(
        f"Machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
        f"{platform.python_implementation()} {platform.python_version()}, "
        f"{platform.system()} {platform.release()}; {repeat} rounds"
    )
    results: dict[str, dict[int, dict[str, Row]]] = {}
    for kind, label in CORPORA.items():
        measured = {s: measure(s, kind, repeat, not args.no_peers, args.baseline) for s in sizes}
        results[kind] = {size: rows for size, (rows, _) in measured.items()}
        print(f"\n### Corpus: {label}\n")
        print("\n".join(report(results[kind])))
        if args.baseline is not None:
            print(f"\nAgainst the baseline {args.baseline} (CPU seconds, medians of the rounds):\n")
            print("\n".join(comparison(results[kind], {s: c for s, (_, c) in measured.items()})))
    libraries = measure_real_libraries(repeat, inspector=str(ROOT))  # this checkout, as above
    print("\n### Real classes: inspection after import\n")
    print("\n".join(real_library_rows(libraries)))
    before_fidelity = []
    if args.before_fidelity is not None:
        before_fidelity = measure_real_libraries(repeat, inspector=str(args.before_fidelity))
        print(f"\nThe same classes with {BEFORE_FIDELITY} (before the fidelity work):\n")
        print("\n".join(real_library_rows(before_fidelity)))
    start_ms = cold_start(3 if args.smoke else 15)
    bare = start_ms["python -c pass"]
    print("\n### Cold start (information: no target)\n")
    print("| command (median wall time) | ms | vs bare Python |\n|---|---|---|")
    print("\n".join(f"| {name} | {ms:.0f} | {ms - bare:+.0f} |" for name, ms in start_ms.items()))
    print("\n### Against issue 23's targets\n")
    print("\n".join(targets(results, libraries, before_fidelity)))


if __name__ == "__main__":
    main()
