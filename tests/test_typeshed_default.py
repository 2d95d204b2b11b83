"""typeshed's standard-library stubs come with a plain install; tools.json records which stub
sources gave types, and ``check`` names them when the environment differs."""

from __future__ import annotations

import json
import tomllib
from collections.abc import Callable
from importlib import metadata
from pathlib import Path

from inspector.files.tools_json import from_json, to_json
from tests.conftest import ROOT, Run

TYPESHED = metadata.version("typeshed-client")


def test_typeshed_client_is_a_dependency_not_an_extra() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert any(d.startswith("typeshed-client") for d in project["dependencies"])
    assert project["optional-dependencies"]["stubs"] == []  # kept: old install lines still work


def test_a_standard_library_class_is_typed_and_its_stub_source_recorded(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    result = run_cli("scan", "sqlite3:Connection", "-o", "tools.json")
    assert result.status == 0, result.stderr
    assert "TI104" not in result.stderr
    document = json.loads(Path("tools.json").read_text(encoding="utf-8"))
    assert list(document)[:2] == ["format", "stubs"]
    assert document["stubs"] == {"typeshed-client": TYPESHED}
    execute = document["classes"]["Connection"]["methods"]["execute"]
    assert execute["function"]["parameters"]["properties"]["sql"] == {"type": "string"}
    assert execute["type_sources"]["sql"] == "stub"
    catalog = from_json(document)
    assert catalog.stub_sources == (("typeshed-client", TYPESHED),)
    assert to_json(catalog)["stubs"] == {"typeshed-client": TYPESHED}


def test_annotated_code_records_no_stub_source(in_tmp: Path, run_cli: Callable[..., Run]) -> None:
    Path("svc.py").write_text(
        "class Svc:\n    def go(self, n: int) -> None:\n        'Go.'\n", encoding="utf-8"
    )
    assert run_cli("scan", "svc.py:Svc", "-o", "tools.json", "-q").status == 0
    assert list(json.loads(Path("tools.json").read_text(encoding="utf-8"))) == [
        "format",
        "classes",
    ]


def test_check_names_the_stub_sources_when_the_environment_differs(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    Path("pyproject.toml").write_text(
        '[tool.toolsinspector]\ntargets = ["textwrap:TextWrapper"]\n', encoding="utf-8"
    )
    assert run_cli("build", "-q").status == 0
    assert run_cli("check").status == 0
    tools = Path("tools.json")
    document = json.loads(tools.read_text(encoding="utf-8"))
    assert document["stubs"] == {"typeshed-client": TYPESHED}
    document["stubs"] = {"typeshed-client": "2.0.0"}
    tools.write_text(json.dumps(document, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    checked = run_cli("check")
    assert checked.status == 1
    assert checked.stdout == (
        "tools.json: stale (only the stub sources differ: typeshed-client 2.0.0 in the file, "
        f"typeshed-client {TYPESHED} here)\n"
    )
    wrap = document["classes"]["TextWrapper"]["methods"]["wrap"]
    wrap["function"]["parameters"]["properties"]["text"] = {}  # as without typeshed
    del document["stubs"]
    tools.write_text(json.dumps(document, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    checked = run_cli("check")
    assert checked.stdout == (
        "tools.json: stale (1 tool changed: wrap; the stub sources differ, which may be why: "
        f"none in the file, typeshed-client {TYPESHED} here)\n"
    )
