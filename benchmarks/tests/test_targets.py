"""The targets table of ``benchmarks/run.py``: each of issue 23's targets, met or not, side by
side for the two corpora."""

from __future__ import annotations

from dataclasses import dataclass

from benchmarks.targets import FLOOR, Row, real_library_rows, targets

LANGCHAIN = "peer: langchain-core convert_to_openai_tool"
PYDANTIC_AI = "peer: pydantic-ai Tool(...).tool_def"


def _rows(floor: float, scan: float, rss: float = 50.0) -> dict[str, Row]:
    """A run's rows: the floor's CPU seconds, the scan's ratio to it, the floor's peak RSS."""
    cpu = {
        FLOOR: floor,
        "scan services.py -o tools.json": floor * scan,
        "render --provider openai": floor * scan * 0.4,
        "render --provider openai --strict": floor * scan * 0.5,
        "render --provider all -o out": floor * scan * 2.5,
        "stubs tools.json": floor * scan * 0.9,
        "check (unchanged: tools.json + openai)": floor * scan * 1.1,
        "diff tools.json tools.json": floor * scan * 0.8,
        "Toolbox(...)": floor * 2,
        LANGCHAIN: floor * 20,
        PYDANTIC_AI: floor * 9,
    }
    return {
        n: (c, c / floor, c, c / floor, rss * (1.5 if n != FLOOR else 1)) for n, c in cpu.items()
    }


@dataclass
class Library:
    target: str
    tools: int
    ms_per_tool: float


def test_every_target_is_checked_on_both_corpora() -> None:
    text = {2000: _rows(0.6, 1.0), 20000: _rows(6.0, 0.8)}
    real = {2000: _rows(0.2, 2.0), 20000: _rows(1.5, 2.6)}
    real[20000]["stubs tools.json"] = (4.1, 2.7, 4.1, 2.7, 120.0)
    libraries = [Library("pandas.DataFrame", 200, 0.45), Library("sqlite3.Connection", 50, 0.05)]
    assert targets({"text": text, "real": real}, libraries) == [
        "| target (CPU; renders, `stubs`, `check`, RSS at 20000 methods) "
        "| hints as text (`from __future__ import annotations`) | real annotations | met |",
        "|---|---|---|---|",
        "| `scan` <= 2.5x the floor (every size) | 1.00x and 0.80x | 2.00x and 2.60x | **no** |",
        "| `scan` >= 3x faster a method than the fastest peer (every size) "
        "| 9.0x (pydantic-ai) and 11.2x (pydantic-ai) | 4.5x (pydantic-ai) and 3.5x (pydantic-ai) "
        "| yes |",
        "| each `render --provider P` <= 0.6x the scan "
        "| 0.40x-0.50x (most: render --provider openai --strict) "
        "| 0.40x-0.50x (most: render --provider openai --strict) | yes |",
        "| `render --provider all` <= 3x the scan | 2.50x | 2.50x | yes |",
        "| `stubs` <= 1x the scan | 0.90x | 1.05x | **no** |",
        "| `check` (unchanged) <= 1.2x the scan | 1.10x | 1.10x | yes |",
        "| every command grows <= 11x (2000 to 20000) | 8.0x-10.0x (most: Toolbox(...)) "
        "| 7.5x-11.4x (most: stubs tools.json) | **no** |",
        "| peak RSS of every command <= 2x the floor's "
        "| 1.50x (75 MiB, scan services.py -o tools.json; floor 50) "
        "| 2.40x (120 MiB, stubs tools.json; floor 50) | **no** |",
        "| real classes: inspection <= 0.304 ms a tool | 0.370 ms (2 classes, 250 tools) | "
        "| **no** |",
    ]


def test_one_size_checks_no_growth_and_a_run_without_peers_no_peer_target() -> None:
    rows = {name: row for name, row in _rows(0.1, 0.9).items() if not name.startswith("peer")}
    lines = targets({"text": {50: rows}})
    assert lines[2] == "| `scan` <= 2.5x the floor (every size) | 0.90x | - | yes |"
    assert not any("grows" in line or "peer" in line for line in lines)
    assert not any(line.startswith("| real classes") for line in lines)


def test_a_run_without_renders_checks_what_it_has() -> None:
    rows = {
        k: v for k, v in _rows(1, 0.9).items() if k in (FLOOR, "scan services.py -o tools.json")
    }
    assert targets({"text": {50: rows}, "real": {50: rows}})[2:] == [
        "| `scan` <= 2.5x the floor (every size) | 0.90x | 0.90x | yes |",
        "| peak RSS of every command <= 2x the floor's "
        "| 1.50x (75 MiB, scan services.py -o tools.json; floor 50) "
        "| 1.50x (75 MiB, scan services.py -o tools.json; floor 50) | yes |",
    ]


def test_the_real_classes_table_sums_their_tools() -> None:
    libraries = [Library("requests.Session", 30, 0.1), Library("redis.Redis", 10, 0.3)]
    assert real_library_rows(libraries) == [
        "| class | tools | ms a tool |",
        "|---|---|---|",
        "| requests.Session | 30 | 0.100 |",
        "| redis.Redis | 10 | 0.300 |",
        "| all 2 | 40 | 0.150 |",
    ]


def test_the_real_classes_are_compared_with_the_commit_before_the_fidelity_work() -> None:
    rows = {name: row for name, row in _rows(0.1, 0.9).items() if not name.startswith("peer")}
    ours = [Library("pandas.DataFrame", 100, 0.5), Library("redis.Redis", 100, 0.3)]
    before = [Library("pandas.DataFrame", 100, 0.2), Library("redis.Redis", 98, 0.2)]
    assert targets({"text": {50: rows}}, ours, before)[-2:] == [
        "| real classes: inspection <= 0.304 ms a tool | 0.400 ms (2 classes, 200 tools) | "
        "| **no** |",
        "| real classes: inspection <= 2x that of 0e0e954 (before the fidelity work), in the "
        "same run | 2.00x (0.400 against 0.200 ms a tool) | | yes |",
    ]
    assert (
        len(targets({"text": {50: rows}}, ours))
        == len(targets({"text": {50: rows}}, ours, before)) - 1
    )
