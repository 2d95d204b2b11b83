"""The classification file: kept values, new and stale methods, broken files never rewritten."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from inspector.diagnostics import InspectorError
from inspector.files.classification import load
from tests.conftest import Run

SERVICE_V1 = '''
class Service:
    def keep(self) -> None:
        """Kept."""

    def toggle(self) -> None:
        """Toggled by the user."""

    def gone(self) -> None:
        """Removed later."""
'''
SERVICE_V2 = '''
class Service:
    def keep(self) -> None:
        """Kept."""

    def toggle(self) -> None:
        """Toggled by the user."""

    def added(self) -> None:
        """New in v2."""
'''


def scan(run_cli: Callable[..., Run], *extra: str) -> Run:
    return run_cli("scan", "service.py:Service", "-o", "tools.json", *extra)


def classification() -> object:
    return json.loads(Path("tools.classification.json").read_text())


def test_first_scan_includes_everything(in_tmp: Path, run_cli: Callable[..., Run]) -> None:
    Path("service.py").write_text(SERVICE_V1)
    assert scan(run_cli).status == 0
    assert classification() == {"Service": {"keep": True, "toggle": True, "gone": True}}


def test_new_exclude_marks_new_methods_false(in_tmp: Path, run_cli: Callable[..., Run]) -> None:
    Path("service.py").write_text(SERVICE_V1)
    assert scan(run_cli, "--new", "exclude").status == 0
    assert classification() == {"Service": {"keep": False, "toggle": False, "gone": False}}


def test_rescan_keeps_user_values_adds_new_and_reports_stale(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    Path("service.py").write_text(SERVICE_V1)
    scan(run_cli)
    Path("tools.classification.json").write_text(
        '{"Service": {"keep": true, "toggle": false, "gone": true}, "Other": {"x": false}}'
    )
    Path("service.py").write_text(SERVICE_V2)
    result = scan(run_cli)
    assert result.status == 0
    assert classification() == {
        "Service": {"keep": True, "toggle": False, "added": True, "gone": True},
        "Other": {"x": False},
    }
    assert result.stderr.splitlines() == [
        "tools.classification.json: warning[TI301]: Service.gone: no such method any more; "
        "entry kept (remove it, or rescan with --prune)",
        "tools.classification.json: warning[TI307]: class 'Other' in the classification file "
        "matches no scanned class; its entries are kept (fix the name, or rescan with --prune)",
    ]
    assert "1 class, 3 tools: 2 included, 1 excluded" in result.stdout


def test_prune_removes_stale_entries(in_tmp: Path, run_cli: Callable[..., Run]) -> None:
    Path("service.py").write_text(SERVICE_V1)
    scan(run_cli)
    Path("service.py").write_text(SERVICE_V2)
    result = scan(run_cli, "--prune", "-q")
    assert classification() == {"Service": {"keep": True, "toggle": True, "added": True}}
    assert result.stderr == ""


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (
            '{"Service": {"keep": true,}}',
            "tools.classification.json:1:27: classification file "
            "is not valid JSON: Expecting property name enclosed in double quotes",
        ),
        (
            '{\n  "Service": {\n    "keep": "yes"\n  }\n}',
            "tools.classification.json:3:13: Service.keep must be true, false or an entry object, "
            'not "yes"',
        ),
        (
            '{"Service": [true]}',
            "tools.classification.json:1:13: 'Service' must be an object of method → true/false",
        ),
        ("[]", "tools.classification.json:1:1: classification file must be an object of classes"),
        (  # past int's digit limit the standard library raises a bare ValueError (exit 3)
            '{"Service": {"keep": {"timeout": 1' + "0" * 5000 + "}}}",
            "tools.classification.json:1:34: classification file is not valid JSON: an integer "
            "of more than 4300 digits",
        ),
        (  # the same, met while the file is read again to locate a repeated key
            '{"Service": {"keep": true, "keep": 1' + "0" * 5000 + "}}",
            "tools.classification.json:1:36: classification file is not valid JSON: an integer "
            "of more than 4300 digits",
        ),
    ],
)
def test_broken_file_is_reported_with_position_and_never_overwritten(
    in_tmp: Path, run_cli: Callable[..., Run], content: str, message: str
) -> None:
    Path("service.py").write_text(SERVICE_V1)
    Path("tools.classification.json").write_text(content)
    result = scan(run_cli)
    assert result.status == 1
    assert result.stderr == f"error: {message}\n"
    assert Path("tools.classification.json").read_text() == content
    assert not Path("tools.json").exists()


def test_unchanged_files_are_not_rewritten(in_tmp: Path, run_cli: Callable[..., Run]) -> None:
    Path("service.py").write_text(SERVICE_V1)
    scan(run_cli)
    for name in ("tools.json", "tools.classification.json"):
        os.utime(name, (1_000_000, 1_000_000))
    result = scan(run_cli)
    assert "unchanged tools.json, tools.classification.json" in result.stdout
    assert os.stat("tools.json").st_mtime == 1_000_000
    assert os.stat("tools.classification.json").st_mtime == 1_000_000
    assert sorted(os.listdir()) == ["service.py", "tools.classification.json", "tools.json"]


def test_render_follows_the_classification(in_tmp: Path, run_cli: Callable[..., Run]) -> None:
    Path("service.py").write_text(SERVICE_V1)
    scan(run_cli)
    Path("tools.classification.json").write_text('{"Service": {"keep": true, "toggle": false}}')
    result = run_cli("render", "--provider", "openai")
    assert [t["function"]["name"] for t in json.loads(result.stdout)] == ["keep", "gone"]
    assert result.stderr == (
        "tools.classification.json: warning[TI304]: Service.gone is not in the classification "
        "file; included (rescan to record it)\n"
        "diagnostics: 0 errors, 1 warning (1 TI304), 0 info\n"
    )


def test_a_misspelt_method_entry_is_warned_about_wherever_it_is_used() -> None:
    """``"metod1": false`` would leave ``method1`` to the ``new`` rule without a word."""
    from example_class import ExampleClass
    from inspector import Toolbox

    box = Toolbox(ExampleClass(), classification={"ExampleClass": {"metod1": False}})
    assert [str(d) for d in box.diagnostics if d.code == "TI301"] == [
        "warning[TI301]: ExampleClass.metod1: no such method (did you mean 'method1'?); the "
        "entry is not used"
    ]
    assert "method1" in [t.name for t in box.tools]


def test_a_key_given_twice_is_refused_with_its_place(tmp_path: Path) -> None:
    """JSON keeps the last of two equal keys; a merge that left both lines must not turn a
    false back on silently."""
    path = tmp_path / "c.json"
    path.write_text('{\n  "Calc": {\n    "nuke": false,\n    "nuke": true\n  }\n}\n', "utf-8")
    with pytest.raises(InspectorError, match=r"c\.json:4:13: Calc\.nuke is given twice; keep one"):
        load(path)
    path.write_text('{"Calc": {"a": true}, "Calc": {"a": false}}', "utf-8")
    with pytest.raises(InspectorError, match=r"c\.json:1:31: Calc is given twice; keep one"):
        load(path)


def test_loaded_method_names_are_the_interned_names(tmp_path: Path) -> None:
    from inspector.files.classification import load, to_json

    path = tmp_path / "c.json"
    built = "".join(["ping", "_later"])  # a name made at run time, so not interned
    path.write_text(json.dumps({"Service": {built: True, "send": False}}), encoding="utf-8")
    loaded = load(path)
    assert loaded is not None
    assert to_json(loaded) == {"Service": {"ping_later": True, "send": False}}
    assert all(name is sys.intern(name) for name in loaded["Service"].methods)
