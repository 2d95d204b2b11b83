"""``diff``: every change class from a minimal before/after pair, output forms, exit status,
and ``--git``."""

from __future__ import annotations

import json
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from inspector.project.diff import ChangeKind, diff_catalogs
from inspector.providers.registry import read_catalog
from tests.conftest import ROOT, Run


def tools(*entries: tuple[str, dict[str, Any], list[str]], description: str = "Do.") -> Any:
    """An OpenAI tools file: (name, properties, required) per tool."""
    return [
        {
            "type": "function",
            "function": {
                "name": name,
                "description": description,
                "parameters": {"type": "object", "properties": properties, "required": required},
            },
        }
        for name, properties, required in entries
    ]


def changes(old: Any, new: Any) -> list[tuple[str, str, str, str, str]]:
    """Each change as (tool, path, class, kind, message)."""
    found = diff_catalogs(read_catalog(old)[0], read_catalog(new)[0])
    return [(c.tool, c.path, c.severity.label, c.kind.value, c.message) for c in found]


def tools_file(deprecated: dict[str, str] | None) -> Any:
    """A tools.json of one tool ``a`` of class ``C``, marked deprecated as given."""
    entry: dict[str, Any] = {
        "type": "function",
        "function": {
            "name": "a",
            "description": "Do.",
            "parameters": {"type": "object", "properties": {}},
        },
        "returns": {},
        "async": False,
        "kind": "instance",
        "location": "c.py:1",
    }
    if deprecated is not None:
        entry["deprecated"] = deprecated
    classes = {"C": {"source": "c.py:C", "methods": {"a": entry}}}
    return {"format": "toolsinspector/1", "classes": classes}


INT = {"type": "integer"}
STR = {"type": "string"}
ORDER = {
    "type": "object",
    "title": "Order",
    "properties": {"item": STR, "city": STR},
    "required": ["item"],
}


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        pytest.param(
            tools(("a", {"x": INT}, ["x"]), ("b", {}, [])),
            tools(("a", {"x": INT}, ["x"])),
            [("b", "", "breaking", "tool-removed", "tool removed")],
            id="tool removed",
        ),
        pytest.param(
            tools(("a", {"x": INT}, ["x"])),
            tools(("a2", {"x": INT}, ["x"])),
            [("a", "", "breaking", "tool-renamed", "tool renamed to 'a2'")],
            id="tool renamed",
        ),
        pytest.param(
            tools(("fill", {"text": STR}, ["text"]), description="Wrap and join."),
            tools(("dedent", {"text": STR}, ["text"]), description="Remove indentation."),
            [
                ("fill", "", "breaking", "tool-removed", "tool removed"),
                ("dedent", "", "compatible", "tool-added", "tool added"),
            ],
            id="tools that only share parameters are not a rename",
        ),
        pytest.param(
            tools(("a", {}, [])),
            tools(("a", {}, []), ("b", {}, [])),
            [("b", "", "compatible", "tool-added", "tool added")],
            id="tool added",
        ),
        pytest.param(
            tools(("a", {"x": INT, "y": STR}, ["x"])),
            tools(("a", {"x": INT}, ["x"])),
            [("a", "y", "breaking", "removed", "parameter removed")],
            id="parameter removed",
        ),
        pytest.param(
            tools(("a", {"x": INT}, ["x"])),
            tools(("a", {"count": INT}, ["count"])),
            [("a", "x", "breaking", "renamed", "parameter renamed to 'count'")],
            id="parameter renamed",
        ),
        pytest.param(
            tools(("a", {"x": INT}, [])),
            tools(("a", {"x": INT}, ["x"])),
            [("a", "x", "breaking", "became-required", "parameter became required")],
            id="optional to required",
        ),
        pytest.param(
            tools(("a", {"x": INT}, ["x"])),
            tools(("a", {"x": INT}, [])),
            [("a", "x", "compatible", "became-optional", "parameter became optional")],
            id="required to optional",
        ),
        pytest.param(
            tools(("a", {}, [])),
            tools(("a", {"x": INT, "y": INT}, ["y"])),
            [
                ("a", "x", "compatible", "added", "optional parameter added"),
                ("a", "y", "breaking", "added", "required parameter added"),
            ],
            id="parameters added",
        ),
        pytest.param(
            tools(("a", {"x": STR}, ["x"])),
            tools(("a", {"x": INT}, ["x"])),
            [("a", "x", "breaking", "type-changed", "type changed from string to integer")],
            id="type changed",
        ),
        pytest.param(
            tools(("a", {"x": {"type": "number"}}, ["x"])),
            tools(("a", {"x": INT}, ["x"])),
            [("a", "x", "breaking", "type-narrowed", "type narrowed from number to integer")],
            id="type narrowed",
        ),
        pytest.param(
            tools(("a", {"x": INT}, ["x"])),
            tools(("a", {"x": {"type": ["integer", "string"]}}, ["x"])),
            [
                (
                    "a",
                    "x",
                    "compatible",
                    "type-widened",
                    "type widened from integer to integer | string",
                )
            ],
            id="type widened",
        ),
        pytest.param(
            tools(("a", {"x": {"type": "string", "enum": ["a", "b"]}}, ["x"])),
            tools(("a", {"x": {"type": "string", "enum": ["a", "c"]}}, ["x"])),
            [
                ("a", "x", "breaking", "enum-value-removed", 'enum value "b" removed'),
                ("a", "x", "compatible", "enum-value-added", 'enum value "c" added'),
            ],
            id="enum values",
        ),
        pytest.param(
            tools(("a", {"x": {"type": ["integer", "null"]}}, ["x"])),
            tools(("a", {"x": INT}, ["x"])),
            [("a", "x", "breaking", "null-rejected", "null no longer accepted")],
            id="nullable removed",
        ),
        pytest.param(
            tools(("a", {"x": INT}, ["x"])),
            tools(("a", {"x": {"type": ["integer", "null"]}}, ["x"])),
            [("a", "x", "compatible", "null-accepted", "null accepted")],
            id="nullable added",
        ),
        pytest.param(
            tools(("a", {"o": ORDER}, ["o"])),
            tools(("a", {"o": {**ORDER, "properties": {"item": STR}}}, ["o"])),
            [("a", "o.city", "breaking", "removed", "property removed")],
            id="object property removed",
        ),
        pytest.param(
            tools(("a", {"m": {"type": "object", "additionalProperties": INT}}, ["m"])),
            tools(("a", {"m": {"type": "object", "additionalProperties": False}}, ["m"])),
            [
                (
                    "a",
                    "m",
                    "breaking",
                    "additional-properties-changed",
                    "additionalProperties tightened",
                )
            ],
            id="additionalProperties tightened",
        ),
        pytest.param(
            tools(("a", {"s": {"type": "string", "maxLength": 10, "minLength": 2}}, ["s"])),
            tools(("a", {"s": {"type": "string", "maxLength": 20, "minLength": 3}}, ["s"])),
            [
                ("a", "s", "breaking", "constraint-changed", "minLength tightened from 2 to 3"),
                ("a", "s", "compatible", "constraint-changed", "maxLength loosened from 10 to 20"),
            ],
            id="constraints",
        ),
        pytest.param(
            tools(("a", {"s": {"type": "string", "pattern": "^a"}}, ["s"])),
            tools(("a", {"s": STR}, ["s"])),
            [("a", "s", "compatible", "constraint-changed", "pattern removed")],
            id="constraint removed",
        ),
        pytest.param(
            tools(("a", {"x": {"type": "integer", "default": 1}}, [])),
            tools(("a", {"x": {"type": "integer", "default": 2}}, [])),
            [("a", "x", "compatible", "default-changed", "default changed from 1 to 2")],
            id="default changed",
        ),
        pytest.param(
            tools(("a", {"x": {"type": "integer", "default": 1}}, [])),
            tools(("a", {"x": INT}, [])),
            [("a", "x", "compatible", "default-changed", "default 1 removed")],
            id="default removed",
        ),
        pytest.param(
            tools(("a", {"x": INT}, [])),
            tools(("a", {"x": {"type": "string", "default": "é"}}, [])),
            [
                ("a", "x", "compatible", "default-changed", 'default "é" added'),
                ("a", "x", "breaking", "type-changed", "type changed from integer to string"),
            ],
            id="default added",
        ),
        pytest.param(
            tools(("a", {"x": {"type": "integer", "description": "Old."}}, ["x"])),
            tools(
                ("a", {"x": {"type": "integer", "description": "New."}}, ["x"]),
                description="Do it.",
            ),
            [
                ("a", "", "docs", "description-changed", "description changed"),
                ("a", "x", "docs", "description-changed", "description changed"),
            ],
            id="descriptions only",
        ),
        pytest.param(
            tools(("a", {"o": ORDER}, ["o"])),
            tools(("a", {"o": {**ORDER, "title": "Purchase"}}, ["o"])),
            [("a", "o", "docs", "title-changed", "title changed")],
            id="title changed",
        ),
        pytest.param(
            tools(("a", {"t": {"type": "array", "items": INT}}, ["t"])),
            tools(("a", {"t": {"type": "array", "items": INT, "uniqueItems": True}}, ["t"])),
            [("a", "t", "breaking", "unique-items-changed", "items must now be unique")],
            id="items unique",
        ),
        pytest.param(
            tools(("a", {"t": {"type": "array", "prefixItems": [INT], "items": False}}, ["t"])),
            tools(
                ("a", {"t": {"type": "array", "prefixItems": [INT, STR], "items": False}}, ["t"])
            ),
            [("a", "t", "breaking", "tuple-shape-changed", "tuple shape changed")],
            id="tuple shape",
        ),
        pytest.param(
            tools_file(None),
            tools_file({"version": "2.0", "message": "Use b() instead"}),
            [
                (
                    "a",
                    "",
                    "compatible",
                    "deprecation-changed",
                    "deprecated (since 2.0: Use b() instead)",
                )
            ],
            id="deprecated",
        ),
        pytest.param(
            tools_file({"message": "Use b() instead"}),
            tools_file(None),
            [("a", "", "compatible", "deprecation-changed", "no longer deprecated")],
            id="no longer deprecated",
        ),
    ],
)
def test_every_change_class(
    old: Any, new: Any, expected: list[tuple[str, str, str, str, str]]
) -> None:
    assert changes(old, new) == expected


def test_the_cases_above_show_every_kind_of_change() -> None:
    marks = getattr(test_every_change_class, "pytestmark", [])
    (cases,) = [m.args[1] for m in marks if m.name == "parametrize"]
    shown = {change[3] for case in cases for change in case.values[2]}
    # what a classification file changes is no tools.json content: tests/test_curation.py
    curated = {ChangeKind.HIDDEN.value, ChangeKind.FIXED.value}
    assert shown == {kind.value for kind in ChangeKind} - curated


def test_same_tools_have_no_changes() -> None:
    golden = json.loads((ROOT / "tests/golden/type_battery/tools.json").read_text("utf-8"))
    assert changes(golden, golden) == []


def _write(path: Path, document: Any) -> str:
    path.write_text(json.dumps(document), encoding="utf-8")
    return str(path)


def test_output_json_and_fail_on(tmp_path: Path, run_cli: Callable[..., Run]) -> None:
    old = _write(tmp_path / "old.json", tools(("a", {"x": INT}, []), ("b", {}, [])))
    new = _write(tmp_path / "new.json", tools(("a", {"x": INT}, ["x"]), description="Do!"))
    run = run_cli("diff", old, new)
    assert run.status == 0
    assert run.stdout == (
        "a:\n"
        "  docs       description changed\n"
        "  breaking   x: parameter became required\n"
        "b:\n"
        "  breaking   tool removed\n"
        "2 breaking, 0 compatible, 1 docs\n"
    )
    run = run_cli("diff", old, new, "--json")
    assert json.loads(run.stdout) == {
        "changes": [
            {
                "tool": "a",
                "path": "",
                "class": "docs",
                "kind": "description-changed",
                "message": "description changed",
            },
            {
                "tool": "a",
                "path": "x",
                "class": "breaking",
                "kind": "became-required",
                "message": "parameter became required",
            },
            {
                "tool": "b",
                "path": "",
                "class": "breaking",
                "kind": "tool-removed",
                "message": "tool removed",
            },
        ],
        "summary": {"breaking": 2, "compatible": 0, "docs": 1},
    }
    assert run_cli("diff", old, new, "--fail-on", "breaking").status == 1
    docs_only = _write(
        tmp_path / "docs.json", tools(("a", {"x": INT}, []), ("b", {}, []), description="Do!")
    )
    assert run_cli("diff", old, docs_only, "--fail-on", "compatible").status == 0
    assert run_cli("diff", old, docs_only, "--fail-on", "any").status == 1
    assert run_cli("diff", old, old, "--fail-on", "any").stdout == "no changes\n"


def test_formats_must_match(tmp_path: Path, run_cli: Callable[..., Run]) -> None:
    old = _write(tmp_path / "old.json", tools(("a", {}, [])))
    new = _write(tmp_path / "new.json", [{"name": "a", "input_schema": {"type": "object"}}])
    run = run_cli("diff", old, new)
    assert run.status == 2
    assert "is openai but" in run.stderr
    assert "is anthropic: compare like with like" in run.stderr
    assert run_cli("diff", old).status == 2


def test_diff_against_git(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, run_cli: Callable[..., Run]
) -> None:
    git = shutil.which("git")
    assert git, "git is needed for diff --git"
    monkeypatch.chdir(tmp_path)

    def run_git(*args: str) -> None:
        subprocess.run(
            [git, "-c", "user.name=t", "-c", "user.email=t@example.com", *args],
            check=True,
            capture_output=True,
        )

    run_git("init", "-q")
    (tmp_path / "sub").mkdir()
    _write(tmp_path / "sub" / "tools.json", tools(("a", {"x": INT}, ["x"])))
    run_git("add", ".")
    run_git("commit", "-qm", "tools")
    _write(tmp_path / "sub" / "tools.json", tools(("a", {"x": STR}, ["x"])))
    run = run_cli("diff", "--git", "HEAD", "sub/tools.json", "--fail-on", "breaking")
    assert run.status == 1, run.stderr
    assert run.stdout.splitlines() == [
        "a:",
        "  breaking   x: type changed from integer to string",
        "1 breaking, 0 compatible, 0 docs",
    ]
    run = run_cli("diff", "--git", "nope", "sub/tools.json")
    assert run.status == 1
    assert run.stderr.startswith("error: git show nope:sub/tools.json: ")


def test_a_strict_optional_parameter_added_is_compatible(
    tmp_path: Path, run_cli: Callable[..., Run], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    before = "class S:\n    def f(self, a: int) -> None:\n        'F.'\n"
    after = before.replace("a: int)", "a: int, b: int = 3, *, c: int)")
    for name, source in (("v1", before), ("v2", after)):
        Path(f"{name}.py").write_text(source, encoding="utf-8")
        assert run_cli("scan", f"{name}.py:S", "-o", f"{name}.json", "-q").status == 0
        for provider in ("openai", "anthropic"):
            rendered = run_cli(
                "render", "--provider", provider, "--strict", "--tools", f"{name}.json",
                "-o", f"{provider}_{name}.json", "-q",
            )  # fmt: skip
            assert rendered.status == 0, rendered.stderr
    assert run_cli("diff", "openai_v1.json", "openai_v2.json").stdout.splitlines() == [
        "f:",
        "  compatible b: nullable parameter added (a call without it still works)",
        "  breaking   c: required parameter added",
        "1 breaking, 1 compatible, 0 docs",
    ]
    assert run_cli("diff", "anthropic_v1.json", "anthropic_v2.json").stdout.splitlines() == [
        "f:",
        "  compatible b: optional parameter added",
        "  breaking   c: required parameter added",
        "1 breaking, 1 compatible, 0 docs",
    ]
