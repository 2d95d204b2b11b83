"""Size budgets: a tool over ``max_tool_tokens`` or a file over ``max_file_tokens`` is a warning
naming what to cut; the budgets come from the command line, ``[tool.toolsinspector]`` or the
defaults (2,000 and 20,000 estimated tokens)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from inspector.render.limits import MAX_FILE_TOKENS, MAX_TOOL_TOKENS, estimate_tokens
from tests.conftest import Run

SERVICE = '''
from dataclasses import dataclass


@dataclass
class Spec:
    """What to run."""

    image: str
    command: list[str]
    args: list[str]
    workdir: str


class Service:
    def run(self, spec: Spec, backup: Spec, name: str, verbose: bool = False) -> None:
        """Run a spec."""

    def ping(self) -> bool:
        """Ping."""
        return True
'''


@pytest.fixture
def scanned(in_tmp: Path, run_cli: Callable[..., Run]) -> Path:
    Path("service.py").write_text(SERVICE)
    assert run_cli("scan", "service.py:Service", "-o", "tools.json", "-q").status == 0
    return in_tmp


def _tokens(entry: object) -> int:
    return estimate_tokens(len(json.dumps(entry, ensure_ascii=False, separators=(",", ":"))))


def test_defaults() -> None:
    assert (MAX_TOOL_TOKENS, MAX_FILE_TOKENS) == (2_000, 20_000)
    assert estimate_tokens(8) == 2
    assert estimate_tokens(9) == 3


def test_a_tool_over_its_budget_names_its_largest_parameters(
    scanned: Path, run_cli: Callable[..., Run]
) -> None:
    result = run_cli("render", "--provider", "openai", "--max-tool-tokens", "50", "-o", "o.json")
    entries = json.loads(Path("o.json").read_text())
    run, ping = (_tokens(e) for e in entries)
    assert ping <= 50 < run
    parameters = entries[0]["function"]["parameters"]
    # a parameter counts the definitions it uses: spec and backup both pay for Spec
    spec = _tokens(parameters["properties"]["spec"]) + _tokens(parameters["$defs"])
    verbose = _tokens(parameters["properties"]["verbose"])
    assert result.stderr.splitlines() == [
        f"service.py:16: warning[TI510]: Service.run: openai: about {run:,} tokens, over "
        f"max_tool_tokens (50); largest parameters: backup ~{spec}, spec ~{spec}, verbose "
        f'~{verbose}; the classification file cuts them: "fixed" (required: backup, spec), '
        '"hidden" (optional: verbose)',
        "diagnostics: 0 errors, 1 warning (1 TI510), 0 info",
    ]


def test_a_file_over_its_budget_names_its_largest_tools(
    scanned: Path, run_cli: Callable[..., Run]
) -> None:
    result = run_cli(
        "render", "--provider", "anthropic", "--max-file-tokens", "100", "-o", "a.json"
    )
    entries = json.loads(Path("a.json").read_text())
    run, ping = (_tokens(e) for e in entries)
    characters = sum(len(json.dumps(e, ensure_ascii=False, separators=(",", ":"))) for e in entries)
    total = estimate_tokens(characters)
    assert result.stderr.splitlines() == [
        f"warning[TI511]: anthropic: the file is about {total:,} tokens for 2 tools, over "
        "max_file_tokens (100), paid by every request that sends "
        f"it; largest tools: run (~{run}), ping (~{ping}); set tools false in the "
        'classification file or load them on demand ("defer": true)',
        "diagnostics: 0 errors, 1 warning (1 TI511), 0 info",
    ]


def _chars(entry: object) -> int:
    return len(json.dumps(entry, ensure_ascii=False, separators=(",", ":")))


def test_deferred_tools_are_not_counted_in_the_file_budget(
    scanned: Path, run_cli: Callable[..., Run]
) -> None:
    """Anthropic and OpenAI Responses load a deferred tool into the context only when a search
    finds it: the budget counts the tools sent up front (the search tool among them), and
    names only those; the report marks the deferred ones and totals both ways."""
    args = ("--max-file-tokens", "100", "-o", "a.json")
    result = run_cli("render", "--provider", "anthropic", "--defer", "run", "--report", *args)
    run, ping, search = (_chars(e) for e in json.loads(Path("a.json").read_text()))
    assert result.stderr.splitlines() == [
        "anthropic: tool                                chars  ~tokens",
        f"anthropic: run                              {run:>8} {estimate_tokens(run):>8}"
        "  (deferred)",
        f"anthropic: ping                             {ping:>8} {estimate_tokens(ping):>8}",
        f"anthropic: total (3 tools)                  {run + ping + search:>8} "
        f"{estimate_tokens(run + ping + search):>8}",
        f"anthropic: up front (2 tools)               {ping + search:>8} "
        f"{estimate_tokens(ping + search):>8}",
        "diagnostics: 0 errors, 0 warnings, 0 info",
    ]
    over = run_cli("render", "--provider", "anthropic", "--defer", "ping", *args)
    run, _, search = (_chars(e) for e in json.loads(Path("a.json").read_text()))
    assert over.stderr.splitlines()[0] == (
        f"warning[TI511]: anthropic: the file is about {estimate_tokens(run + search):,} tokens "
        "for 2 tools sent up front (1 deferred tool, loaded on demand, not counted), over "
        "max_file_tokens (100), paid by every request that sends it; largest tools: run "
        f"(~{estimate_tokens(run)}); set tools false in the classification file or load them on "
        'demand ("defer": true)'
    )


def test_zero_turns_a_budget_off_and_the_defaults_pass_small_tools(
    scanned: Path, run_cli: Callable[..., Run]
) -> None:
    assert run_cli("render", "--provider", "openai", "-o", "o.json").stderr.endswith(
        "diagnostics: 0 errors, 0 warnings, 0 info\n"
    )
    args = ("--max-tool-tokens", "0", "--max-file-tokens", "0")
    assert "TI51" not in run_cli("render", "--provider", "openai", *args, "-o", "o.json").stderr


def test_the_project_configuration_sets_the_budgets(
    scanned: Path, run_cli: Callable[..., Run]
) -> None:
    Path("pyproject.toml").write_text(
        '[tool.toolsinspector]\ntargets = ["service.py:Service"]\nproviders = ["mcp"]\n'
        "max-tool-tokens = 50\nmax-file-tokens = 100\n"
    )
    render = run_cli("render", "--provider", "mcp", "-o", "m.json").stderr
    assert "warning[TI510]: Service.run: mcp:" in render
    assert "warning[TI511]: mcp:" in render
    command_line = run_cli("render", "--provider", "mcp", "--max-tool-tokens", "0", "-o", "m.json")
    assert "TI510" not in command_line.stderr and "TI511" in command_line.stderr
    build = run_cli("build")
    assert "warning[TI510]: Service.run: mcp:" in build.stderr


def test_a_bad_budget_is_a_usage_error(scanned: Path, run_cli: Callable[..., Run]) -> None:
    result = run_cli("render", "--provider", "mcp", "--max-tool-tokens", "-3")
    assert result.status == 2
    assert "expected a whole number of tokens, got '-3'" in result.stderr
    Path("pyproject.toml").write_text("[tool.toolsinspector]\nmax-file-tokens = true\n")
    configured = run_cli("render", "--provider", "mcp")
    assert configured.status == 2
    assert "max-file-tokens must be a whole number of tokens (0: no budget), not True" in (
        configured.stderr
    )


def test_the_report_does_not_count_a_cache_point_as_a_tool(
    scanned: Path, run_cli: Callable[..., Run]
) -> None:
    result = run_cli("render", "--provider", "bedrock", "--cache", "--report", "-o", "b.json")
    assert "bedrock: total (2 tools)" in result.stderr


REPORTS = '''
from dataclasses import dataclass


@dataclass
class Row:
    """One row."""

    region: str
    sales: float
    costs: float
    staff: int
    manager: str


class Reports:
    def table(self, year: int) -> list[Row]:
        """The year's table."""
        return []

    def notes(self, year: int) -> str:
        """The year's notes. {}"""
        return ""
'''.replace("{}", "Long words. " * 40)


@pytest.mark.parametrize(
    ("provider", "tool", "said"),
    [
        ("mcp", "table", "is the schema of its result, which the method's return type makes"),
        ("openai", "notes", 'is its description: a shorter "description" in the classification'),
    ],
)
def test_a_tool_whose_result_or_description_is_the_bulk_says_so(
    in_tmp: Path, run_cli: Callable[..., Run], provider: str, tool: str, said: str
) -> None:
    Path("reports.py").write_text(REPORTS)
    assert run_cli("scan", "reports.py:Reports", "-o", "tools.json", "-q").status == 0
    result = run_cli("render", "--provider", provider, "--max-tool-tokens", "60", "-o", "o.json")
    (warning,) = [line for line in result.stderr.splitlines() if f"Reports.{tool}:" in line]
    assert said in warning and "largest parameters" not in warning, warning


def test_a_renamed_tool_is_named_beside_its_method_in_render_warnings(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    """The subject of a render warning is the classification key (``Store.put``); a tool offered
    under another name says that name too, as the model and the provider's file see it."""
    Path("store.py").write_text(
        "class Store:\n"
        "    def put(self, key: str, data: dict) -> None:\n"
        f'        """{"Store a value. " * 80}"""\n'
        "\n"
        "    def get(self, key: str) -> str:\n"
        '        """Get a value."""\n'
        "        return key\n"
    )
    Path("tools.classification.json").write_text(
        json.dumps({"Store": {"put": {"name": "save"}, "get": True}})
    )
    assert run_cli("scan", "store.py:Store", "-o", "tools.json", "-q").status == 0
    result = run_cli(
        "render", "--provider", "openai", "--strict", "--max-tool-tokens", "200", "-o", "o.json"
    )
    lines = result.stderr.splitlines()
    assert lines[:2] == [
        "store.py:2: warning[TI404]: Store.put: tool 'save': cannot be strict for OpenAI: "
        "parameter 'data' is a free-form mapping (dict); strict mode needs fixed properties; "
        'rendered without "strict"',
        "store.py:2: warning[TI502]: Store.put: tool 'save': openai: description has 1199 "
        "characters; some models reject more than 1024",
    ]
    assert lines[2].startswith(
        "store.py:2: warning[TI510]: Store.put: tool 'save': openai: about 3"
    )
    assert lines[3:] == ["diagnostics: 0 errors, 3 warnings (1 TI404, 1 TI502, 1 TI510), 0 info"]
