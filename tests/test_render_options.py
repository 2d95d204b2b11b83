"""render: every provider at once, name rules, the size report, MCP annotations."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from inspector.providers.registry import builtin_providers
from tests.conftest import Run

SERVICE = '''
class Service:
    def ping(self, host: str) -> bool:
        """Check a host.

        Args:
            host: Name or address.
        """
        return True

    def silent(self) -> None:
        pass
'''
BUILTIN = [
    "anthropic",
    "bedrock",
    "cohere",
    "gemini",
    "huggingface",
    "mcp",
    "mistral",
    "ollama",
    "openai",
    "openai-responses",
]


@pytest.fixture
def scanned(in_tmp: Path, run_cli: Callable[..., Run]) -> Path:
    Path("service.py").write_text(SERVICE)
    assert run_cli("scan", "service.py:Service", "-o", "tools.json", "-q").status == 0
    return in_tmp


def test_all_writes_one_file_per_provider(scanned: Path, run_cli: Callable[..., Run]) -> None:
    result = run_cli("render", "--provider", "all", "-o", "out")
    assert result.status == 0
    assert sorted(os.listdir("out")) == sorted(f"{name}.json" for name in BUILTIN)
    files = ", ".join(f"out/{name}.json" for name in sorted(BUILTIN))
    assert result.stdout == f"wrote {files}\n"
    again = run_cli("render", "--provider", "all", "-o", "out")
    assert again.stdout == f"unchanged {files}\n"
    assert run_cli("render", "--provider", "all", "-o", "out", "-q").stdout == ""
    bedrock = json.loads(Path("out/bedrock.json").read_text())
    assert bedrock["tools"][1]["toolSpec"]["description"] == "silent"
    assert result.stderr == (
        "service.py:11: warning[TI405]: Service.silent: no description; the tool name is used "
        "instead\n"
        "diagnostics: 0 errors, 1 warning (1 TI405), 0 info\n"
    )


def test_all_needs_a_directory(scanned: Path, run_cli: Callable[..., Run]) -> None:
    result = run_cli("render", "--provider", "all")
    assert (result.status, result.stderr) == (
        2,
        "error: --provider all writes one file per provider: give -o DIRECTORY\n",
    )


@pytest.mark.parametrize("output", ["out.json", "service.py"])
def test_all_refuses_a_file_name(scanned: Path, run_cli: Callable[..., Run], output: str) -> None:
    result = run_cli("render", "--provider", "all", "-o", output)
    assert (result.status, result.stderr) == (
        2,
        "error: --provider all writes one file per provider: give -o DIRECTORY "
        f"({output!r} names a file)\n",
    )
    assert not Path("out.json").exists()


def test_a_name_a_provider_rejects_is_written_in_its_form_by_every_provider(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    Path("uni.py").write_text("class Uni:\n    def größe(self) -> None:\n        'Size.'\n")
    run_cli("scan", "uni.py", "-o", "tools.json", "-q")
    result = run_cli("render", "--provider", "all", "-o", "out")
    assert result.status == 0
    assert len(os.listdir("out")) == len(builtin_providers())
    *warnings, summary = result.stderr.splitlines()
    assert len(warnings) == sum(1 for p in builtin_providers().values() if p.tool_names)
    assert summary == (
        f"diagnostics: 0 errors, {len(warnings)} warnings ({len(warnings)} TI410), 0 info"
    )
    assert (
        "uni.py:2: warning[TI410]: Uni.größe: cohere refuses the name (a-z, A-Z, 0-9 and '_', "
        "not starting with a digit): written as 'gro_e'; give the method a \"name\" in the "
        "classification file to choose one" in warnings
    )


def test_a_name_the_classification_chose_is_to_be_changed_there(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    Path("uni.py").write_text(
        "class Uni:\n    def size(self) -> None:\n        'Size.'\n"
        "    def weight(self) -> None:\n        'Weight.'\n"
    )
    Path("tools.classification.json").write_text(
        '{"Uni": {"size": {"name": "größe"}, "weight": true}}', encoding="utf-8"
    )
    run_cli("scan", "uni.py", "-o", "tools.json", "-q")
    result = run_cli("render", "--provider", "cohere", "-o", "cohere.json")
    assert result.status == 0
    assert result.stderr.splitlines()[0] == (
        "uni.py:2: warning[TI410]: Uni.size: cohere refuses the tool name 'größe' (a-z, A-Z, "
        "0-9 and '_', not starting with a digit): written as 'gro_e'; change the \"name\" (or "
        'the class\'s "@prefix") the classification file gives it to one that fits'
    )
    Path("tools.classification.json").write_text(
        '{"Uni": {"@prefix": "ü_", "size": true, "weight": true}}', encoding="utf-8"
    )
    result = run_cli("render", "--provider", "cohere", "-o", "cohere.json")
    assert [line.partition("; ")[2] for line in result.stderr.splitlines()[:2]] == [
        'change the "name" (or the class\'s "@prefix") the classification file gives it to '
        "one that fits"
    ] * 2


def test_gemini_checks_parameter_names(in_tmp: Path, run_cli: Callable[..., Run]) -> None:
    Path("p.py").write_text("class P:\n    def run(self, tëmp: int) -> None:\n        'Run.'\n")
    run_cli("scan", "p.py", "-o", "tools.json", "-q")
    result = run_cli("render", "--provider", "gemini")
    assert result.status == 1
    assert result.stderr == (
        "p.py:2: error[TI401]: P.run: parameter name 'tëmp' breaks gemini's rule (a letter or "
        "'_' first, then a-z, A-Z, 0-9 and '_', at most 64 characters)\n"
        "diagnostics: 1 error (1 TI401), 0 warnings, 0 info\n"
    )


DOCS = {True: "Long." * 240, False: "Short."}


def test_report_lists_sizes_and_warns_past_limits(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    methods = "".join(
        f"    def m{i}(self, x: int) -> None:\n        '''{DOCS[i == 0]}'''\n" for i in range(130)
    )
    Path("big.py").write_text(f"class Big:\n{methods}")
    run_cli("scan", "big.py", "-o", "tools.json", "-q")
    result = run_cli("render", "--provider", "openai", "--report", "-o", "openai.json")
    lines = result.stderr.splitlines()
    assert (
        lines[1] == "big.py:2: warning[TI502]: Big.m0: openai: description has 1200 characters; "
        "some models reject more than 1024"
    )
    assert lines[0] == "warning[TI501]: openai: 130 tools; at most 128 are accepted in one request"
    assert lines[2].split() == ["openai:", "tool", "chars", "~tokens"]
    entry = json.loads(Path("openai.json").read_text())[1]
    size = len(json.dumps(entry, ensure_ascii=False, separators=(",", ":")))
    assert lines[4].split() == ["openai:", "m1", str(size), str(-(-size // 4))]
    assert lines[-2].split()[:4] == ["openai:", "total", "(130", "tools)"]
    assert lines[-1] == "diagnostics: 0 errors, 2 warnings (1 TI501, 1 TI502), 0 info"
    unasked = run_cli("render", "--provider", "openai", "-o", "openai.json").stderr.splitlines()
    assert unasked == [lines[0], lines[1], lines[-1]]  # the limits are checked; no size table


def test_mcp_annotations_are_validated_and_applied(
    scanned: Path, run_cli: Callable[..., Run]
) -> None:
    Path("hints.json").write_text('{"ping": {"readOnlyHint": true, "title": "Ping a host"}}')
    result = run_cli("render", "--provider", "mcp", "--mcp-annotations", "hints.json", "-q")
    tools = json.loads(result.stdout)["tools"]
    assert tools[0]["annotations"] == {"readOnlyHint": True, "title": "Ping a host"}
    assert tools[0]["title"] == "Ping a host"
    assert tools[1]["title"] == "Silent"
    assert "annotations" not in tools[1]
    Path("bad.json").write_text('{"ping": {"readOnly": true}}')
    bad = run_cli("render", "--provider", "mcp", "--mcp-annotations", "bad.json")
    assert (bad.status, bad.stderr) == (
        1,
        "error: bad.json: ping.readOnly: unknown hint; known: title, readOnlyHint, "
        "destructiveHint, idempotentHint, openWorldHint\n",
    )
    Path("typed.json").write_text('{"ping": {"readOnlyHint": "yes"}}')
    typed = run_cli("render", "--provider", "mcp", "--mcp-annotations", "typed.json")
    assert typed.stderr == "error: typed.json: ping.readOnlyHint: expected a bool\n"


def test_mcp_output_schema_wraps_non_objects(scanned: Path, run_cli: Callable[..., Run]) -> None:
    tools = json.loads(run_cli("render", "--provider", "mcp", "-q").stdout)["tools"]
    assert tools[0]["outputSchema"] == {
        "type": "object",
        "properties": {"result": {"type": "boolean"}},
        "required": ["result"],
    }
    assert "outputSchema" not in tools[1]


def test_docs_worked_example_adds_a_provider(scanned: Path, run_cli: Callable[..., Run]) -> None:
    guide = (Path(__file__).resolve().parent.parent / "docs/guides/render.md").read_text()
    template = guide.split("`mytemplates/acme.json.jinja`:\n\n```jinja\n")[1].split("```")[0]
    Path("mytemplates").mkdir()
    Path("mytemplates/acme.json.jinja").write_text(template)
    listing = run_cli("providers", "--templates", "mytemplates")
    assert "acme                 user" in listing.stdout
    result = run_cli("render", "--provider", "acme", "--templates", "mytemplates", "-q")
    assert json.loads(result.stdout) == {
        "acme_tools": [
            {
                "id": "ping",
                "summary": "Check a host.",
                "enforce": True,
                "input": {
                    "type": "object",
                    "properties": {"host": {"type": "string", "description": "Name or address."}},
                    "required": ["host"],
                    "additionalProperties": False,
                },
            },
            {
                "id": "silent",
                "summary": "silent",
                "enforce": True,
                "input": {
                    "type": "object",
                    "properties": {},
                    "required": [],
                    "additionalProperties": False,
                },
            },
        ]
    }


def test_report_columns_stay_aligned_with_long_tool_names(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    long_name = "get_the_namespaced_custom_object_status_of_a_cluster_scoped_thing"[:64]
    Path("wide.py").write_text(
        f"class Wide:\n    def {long_name}(self, x: int) -> None:\n        '''Long.'''\n"
        "    def short(self) -> None:\n        '''Short.'''\n"
    )
    run_cli("scan", "wide.py", "-o", "tools.json", "-q")
    result = run_cli("render", "--provider", "openai", "--report", "-o", "openai.json")
    table = [line for line in result.stderr.splitlines() if line.startswith("openai: ")]
    assert [line.split()[1] for line in table] == ["tool", long_name, "short", "total"]
    # every row's numbers end in the same column as the header's
    assert len({len(line) for line in table}) == 1
    assert table[1].index(long_name) == table[0].index("tool")
