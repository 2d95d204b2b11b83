"""Golden files: tools.json, every provider's render and the diagnostics, for the example
class and the type battery; each compared byte for byte."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.goldens import CASES, GOLDEN, ROOT, Case, produce
from tests.sdk_types import check_json_schema


@pytest.fixture(scope="module")
def outputs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, str]]:
    import os

    before = Path.cwd()
    os.chdir(ROOT)
    try:
        return {case.name: produce(case, tmp_path_factory.mktemp(case.name)) for case in CASES}
    finally:
        os.chdir(before)


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_outputs_match_golden_files(case: Case, outputs: dict[str, dict[str, str]]) -> None:
    produced = outputs[case.name]
    expected_names = sorted(p.name for p in (GOLDEN / case.name).iterdir())
    assert sorted(produced) == expected_names, "run `make goldens` and review the diff"
    for name, text in produced.items():
        golden = (GOLDEN / case.name / name).read_text(encoding="utf-8")
        assert text == golden, f"{case.name}/{name} differs: run `make goldens` and review"


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_tools_json_parameters_are_valid_json_schema(case: Case) -> None:
    data = json.loads((GOLDEN / case.name / "tools.json").read_text(encoding="utf-8"))
    for group in data["classes"].values():
        for entry in group["methods"].values():
            check_json_schema(entry["function"]["parameters"])
            check_json_schema(entry["returns"])
