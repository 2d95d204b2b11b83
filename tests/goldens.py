"""The golden cases: each input is scanned and rendered; outputs are compared byte for byte.

``python tests/regen_goldens.py`` (or ``make goldens``) rewrites them; review the diff."""

from __future__ import annotations

import io
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass
from pathlib import Path

from inspector.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = Path(__file__).resolve().parent / "golden"


@dataclass(frozen=True)
class Case:
    """One golden input: a target and the folder of its expected outputs; ``classification``:
    a classification file put beside tools.json before the scan (its rewrite is a golden file
    too, ``classification.json``)."""

    name: str
    target: str
    classification: str | None = None


CASES = (
    Case("example_class", "example_class.py:ExampleClass"),
    Case("type_battery", "tests/golden/inputs/type_battery.py:TypeBattery"),
    Case(
        "inventory",
        "tests/golden/inputs/inventory.py:Inventory",
        "tests/golden/inputs/inventory.classification.json",
    ),
    Case("functions", "tests/golden/inputs/functions.py"),
)
ANNOTATIONS = "tests/golden/inputs/mcp_annotations.json"
RENDERS: dict[str, list[str]] = {
    "openai.json": ["--provider", "openai"],
    "openai-strict.json": ["--provider", "openai", "--strict"],
    "openai-responses.json": ["--provider", "openai-responses"],
    "openai-responses-strict.json": ["--provider", "openai-responses", "--strict"],
    "anthropic.json": ["--provider", "anthropic"],
    "anthropic-strict.json": ["--provider", "anthropic", "--strict"],
    "anthropic-cache.json": ["--provider", "anthropic", "--cache"],
    "gemini.json": ["--provider", "gemini"],
    "gemini-json-schema.json": ["--provider", "gemini", "--gemini-json-schema"],
    "ollama.json": ["--provider", "ollama"],
    "mistral.json": ["--provider", "mistral"],
    "mistral-strict.json": ["--provider", "mistral", "--strict"],
    "bedrock.json": ["--provider", "bedrock"],
    "bedrock-strict.json": ["--provider", "bedrock", "--strict"],
    "bedrock-cache.json": ["--provider", "bedrock", "--cache"],
    "mcp.json": ["--provider", "mcp", "--mcp-annotations", ANNOTATIONS],
    "cohere.json": ["--provider", "cohere"],
    "huggingface.json": ["--provider", "huggingface"],
}
"""Every golden render: file name → render arguments."""
STUB_SOURCES = (
    "openai.json",
    "openai-strict.json",
    "openai-responses.json",
    "anthropic.json",
    "gemini.json",
    "gemini-json-schema.json",
    "bedrock.json",
    "mcp.json",
    "huggingface.json",
)
"""Renders whose stubs are golden files too (``stubs-from-<render>.py``); the other renders
share one of these formats."""


def _run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        status = main(list(args))
    return status, out.getvalue(), err.getvalue()


def produce(case: Case, workdir: Path) -> dict[str, str]:
    """Every output file of a case, by golden file name. Runs from the repository root so that
    locations are relative; writes its scratch files into ``workdir``."""
    tools = workdir / f"{case.name}.tools.json"
    classification = workdir / f"{case.name}.tools.classification.json"
    if case.classification is not None:
        classification.write_bytes((ROOT / case.classification).read_bytes())
    status, _, scan_err = _run("scan", case.target, "-o", str(tools))
    assert status == 0, scan_err
    outputs = {
        "tools.json": tools.read_text(encoding="utf-8"),
        "scan.stderr": scan_err,
    }
    if case.classification is not None:
        outputs["classification.json"] = classification.read_text(encoding="utf-8")
    for file_name, args in RENDERS.items():
        status, text, err = _run("render", *args, "--tools", str(tools))
        assert status == 0, err
        outputs[file_name] = text
        if err:
            outputs[file_name.replace(".json", ".stderr")] = err
    runs = _stub_runs(tools, outputs, workdir)
    if case.classification is not None:  # stubs of the shaped tools, as the renders have them
        runs.append(("stubs-curated.py", tools, ["--classification", str(classification)]))
    for stub_name, source, extra in runs:
        status, text, err = _run("stubs", str(source), "-q", *extra)
        assert status == 0, err
        outputs[stub_name] = text
        if err:
            outputs[stub_name.replace(".py", ".stderr")] = err
    return outputs


def _stub_runs(
    tools: Path, outputs: dict[str, str], workdir: Path
) -> list[tuple[str, Path, list[str]]]:
    runs = [("stubs.py", tools, []), ("stubs-typed-dict.py", tools, ["--typed-dict"])]
    for file_name in STUB_SOURCES:
        source = workdir / file_name
        source.write_text(outputs[file_name], encoding="utf-8")
        runs.append((f"stubs-from-{file_name.removesuffix('.json')}.py", source, []))
    return runs
