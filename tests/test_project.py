"""Project configuration, ``build``, ``check`` and the pre-commit hooks."""

from __future__ import annotations

import json
import shlex
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
import yaml

from inspector.project.config import load_config
from inspector.scan.docstrings import DocstringStyle
from tests.conftest import ROOT, Run

CONFIG = """\
[project]
name = "shop"

[tool.toolsinspector]
targets = ["shop/services.py:ExampleClass"]
tools = "tools/tools.json"
providers = ["openai", "anthropic"]
out-dir = "tools/"
strict = true
stubs = "tools/stubs.py"
"""
FILES = [
    "tools/tools.json",
    "tools/tools.classification.json",
    "tools/openai.json",
    "tools/anthropic.json",
    "tools/stubs.py",
]


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A project with the example class as ``shop/services.py`` and a pyproject config."""
    (tmp_path / "shop").mkdir()
    shutil.copy(ROOT / "example_class.py", tmp_path / "shop" / "services.py")
    (tmp_path / "pyproject.toml").write_text(CONFIG, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_config_keys_are_read_with_paths_relative_to_the_file(project: Path) -> None:
    config = load_config(project / "pyproject.toml")
    assert config.targets == ("shop/services.py:ExampleClass",)
    assert config.tools_path == project / "tools/tools.json"
    assert config.classification_path == project / "tools/tools.classification.json"
    assert config.providers == ("openai", "anthropic")
    assert config.provider_dir == project / "tools"
    assert config.strict is True
    assert config.stubs == project / "tools/stubs.py"
    assert config.docstring_style is DocstringStyle.AUTO


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (
            'target = ["x.py:C"]',
            "unknown key 'target' (did you mean 'targets'?); known: targets, tools,",
        ),
        ('strict = "yes"', "strict must be true or false, not 'yes'"),
        ("targets = 3", 'targets must be a list of targets such as "pkg/mod.py:Class", not 3'),
        ('docstring-style = "javadoc"', "docstring-style must be one of google, numpy, rest"),
        ('new = "maybe"', 'new must be "include", "exclude" or "include-all", not \'maybe\''),
        ("templates = [1]", "templates must be a path or a list of paths, not [1]"),
    ],
)
def test_config_errors_name_the_key(
    project: Path, run_cli: Callable[..., Run], line: str, message: str
) -> None:
    targets = "" if line.startswith("targets") else 'targets = ["shop/services.py:C"]\n'
    (project / "pyproject.toml").write_text(
        f"[tool.toolsinspector]\n{targets}{line}\n", encoding="utf-8"
    )
    run = run_cli("check")
    assert run.status == 2
    assert "pyproject.toml: [tool.toolsinspector]: " in run.stderr
    assert message in run.stderr
    assert not (project / "tools.json").exists()


def test_broken_toml_and_missing_config_are_usage_errors(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, run_cli: Callable[..., Run]
) -> None:
    monkeypatch.chdir(tmp_path)
    run = run_cli("build")
    assert run.status == 2
    assert "no [tool.toolsinspector] table in a pyproject.toml here or above" in run.stderr
    (tmp_path / "pyproject.toml").write_text("[tool.toolsinspector\n", encoding="utf-8")
    run = run_cli("build", "--config", "pyproject.toml")
    assert run.status == 2
    assert "pyproject.toml: not valid TOML (" in run.stderr
    (tmp_path / "pyproject.toml").write_bytes(b'[tool.toolsinspector]\ntargets = ["\xff"]\n')
    for command in ("build", "check"):  # was UnicodeDecodeError, exit 3
        run = run_cli(command, "--config", "pyproject.toml")
        assert (run.status, run.stderr) == (
            2,
            "error: pyproject.toml: not valid TOML (not UTF-8: invalid start byte at byte 34)\n",
        )


def test_check_reports_missing_then_build_writes_then_check_passes(
    project: Path, run_cli: Callable[..., Run]
) -> None:
    run = run_cli("check")
    assert run.status == 1
    assert run.stdout.splitlines() == [f"{name}: missing" for name in FILES]
    assert not (project / "tools").exists()  # check never writes
    run = run_cli()  # bare toolsinspector = build
    assert run.status == 0, run.stderr
    assert run.stdout == (
        f"wrote {', '.join(FILES)}; 0 files unchanged\n"
        "diagnostics: 0 errors, 0 warnings, 5 info (5 TI402)\n"
    )
    for name in FILES:
        assert (project / name).is_file()
    run = run_cli("check")
    assert (run.status, run.stdout) == (0, "5 files up to date\n")
    assert '"strict": true' in (project / "tools/openai.json").read_text(encoding="utf-8")


def test_a_build_whose_methods_are_all_false_writes_every_file_without_them(
    project: Path, run_cli: Callable[..., Run]
) -> None:
    """Every file follows the user's ``false``: the provider files list no tool and the stubs
    module has no class (it is written, not left holding the excluded tools)."""
    assert run_cli("build", "-q").status == 0
    classification = project / "tools/tools.classification.json"
    entries = json.loads(classification.read_text(encoding="utf-8"))
    for group in entries.values():
        for method in group:
            group[method] = False
    classification.write_text(json.dumps(entries, indent=2) + "\n", encoding="utf-8")
    run = run_cli("build")
    assert (run.status, run.stdout) == (
        0,
        "wrote tools/openai.json, tools/anthropic.json, tools/stubs.py; 2 files unchanged\n"
        "diagnostics: 0 errors, 3 warnings (1 TI305, 1 TI506, 1 TI602), 0 info\n",
    )
    assert run.stderr == (
        "tools/tools.classification.json: warning[TI305]: no tool is included: the tool list "
        "is empty\n"
        "warning[TI506]: openai: no tool: the API refuses an empty tool list; send the request "
        "without tools\n"
        "warning[TI602]: tools.json: no tool to write a stub of; the stubs module has no "
        "classes\n"
    )
    assert json.loads((project / "tools/openai.json").read_text(encoding="utf-8")) == []
    assert (project / "tools/stubs.py").read_text(encoding="utf-8") == (
        '"""Typed stubs of the tools in tools.json, written by toolsinspector.\n\n'
        "Inspecting this module gives the same tool schemas back; fill in the bodies.\n"
        '"""\n\n'
        "from __future__ import annotations\n"
    )
    assert run_cli("check").stdout == "5 files up to date\n"


def test_check_names_the_changed_tools_and_stale_files(
    project: Path, run_cli: Callable[..., Run]
) -> None:
    assert run_cli("build", "-q").status == 0
    mtimes = {name: (project / name).stat().st_mtime_ns for name in FILES}
    source = project / "shop" / "services.py"
    source.write_text(
        source.read_text(encoding="utf-8").replace("Add two numbers.", "Add two integers."),
        encoding="utf-8",
    )
    run = run_cli("check")
    assert run.status == 1
    assert run.stdout.splitlines() == [
        "tools/tools.json: stale (1 tool changed: method1)",
        "tools/openai.json: stale",
        "tools/anthropic.json: stale",
        "tools/stubs.py: stale",
    ]
    assert {name: (project / name).stat().st_mtime_ns for name in FILES} == mtimes
    run = run_cli("build")
    assert run.stdout.startswith("wrote tools/tools.json, tools/openai.json, ")
    assert run.stdout.endswith(
        "; 1 file unchanged\ndiagnostics: 0 errors, 0 warnings, 5 info (5 TI402)\n"
    )


def test_check_says_a_tools_file_nested_past_the_recursion_limit_is_unreadable(
    project: Path, run_cli: Callable[..., Run]
) -> None:
    """Reading the file on disk again to name the changed tools raised RecursionError (exit
    3); it is a stale file that is not a readable tools file, as bad JSON is."""
    assert run_cli("build", "-q").status == 0
    deep = '{"format": "toolsinspector/1", "classes": ' + '{"a": ' * 50_000 + "1" + "}" * 50_001
    (project / "tools/tools.json").write_text(deep, encoding="utf-8")
    run = run_cli("check", "-q")
    assert (run.status, run.stdout.splitlines()[0]) == (
        1,
        "tools/tools.json: stale (not a readable tools file)",
    )


def test_check_says_what_would_change_in_the_classification_file(
    project: Path, run_cli: Callable[..., Run]
) -> None:
    assert run_cli("build", "-q").status == 0
    path = project / "tools" / "tools.classification.json"
    original = json.loads(path.read_text(encoding="utf-8"))
    choices = json.loads(path.read_text(encoding="utf-8"))
    methods = choices["ExampleClass"]
    dropped = sorted(methods)[:2]
    for name in dropped:
        del methods[name]
    methods["gone"] = False
    path.write_text(json.dumps(choices), encoding="utf-8")
    stale = [line for line in run_cli("check").stdout.splitlines() if "classification" in line]
    added = ", ".join(f"ExampleClass.{name}" for name in dropped)
    assert stale == [
        f"tools/tools.classification.json: stale (2 to add: {added})"  # "gone" is kept
    ]
    path.write_text(json.dumps(original), encoding="utf-8")  # the same entries, on one line
    stale = [line for line in run_cli("check").stdout.splitlines() if "classification" in line]
    assert stale == ["tools/tools.classification.json: stale (layout only)"]


def test_command_line_overrides_the_config(project: Path, run_cli: Callable[..., Run]) -> None:
    run = run_cli("build", "-q", "--provider", "gemini", "--no-strict", "--tools", "out/t.json")
    assert run.status == 0, run.stderr
    assert sorted(p.name for p in (project / "tools").iterdir()) == ["gemini.json", "stubs.py"]
    assert sorted(p.name for p in (project / "out").iterdir()) == [
        "t.classification.json",
        "t.json",
    ]
    run = run_cli("build", "-q", "example_class_copy.py:Nothing", "--provider", "gemini")
    assert run.status == 1
    assert "no such file" in run.stderr


def test_a_toml_file_of_its_own_and_the_user_s_choices_are_kept(
    project: Path, run_cli: Callable[..., Run]
) -> None:
    (project / "tools.toml").write_text(
        'targets = ["shop/services.py:ExampleClass"]\nproviders = ["openai"]\n',
        encoding="utf-8",
    )
    assert run_cli("build", "-q", "--config", "tools.toml").status == 0
    classification = project / "tools.classification.json"
    text = classification.read_text(encoding="utf-8")
    classification.write_text(text.replace('"method1": true', '"method1": false'), "utf-8")
    assert run_cli("build", "-q", "--config", "tools.toml").status == 0
    assert '"method1": false' in classification.read_text(encoding="utf-8")
    assert '"name": "method1"' not in (project / "openai.json").read_text(encoding="utf-8")
    assert run_cli("check", "--config", "tools.toml").status == 0


def test_pre_commit_hooks_run_the_way_pre_commit_runs_them(project: Path) -> None:
    hooks = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    by_id = {hook["id"]: hook for hook in hooks}
    assert set(by_id) == {
        "toolsinspector-check",
        "toolsinspector-build",
        "toolsinspector-check-system",
        "toolsinspector-build-system",
    }
    bin_dir = Path(sys.executable).parent

    def run_hook(hook_id: str) -> subprocess.CompletedProcess[str]:
        hook = by_id[hook_id]
        assert hook["language"] == ("system" if hook_id.endswith("-system") else "python")
        assert hook["pass_filenames"] is False
        command = shlex.split(hook["entry"]) + hook.get("args", [])
        executable = shutil.which(command[0], path=str(bin_dir))
        assert executable, f"{command[0]} is not installed in {bin_dir}"
        return subprocess.run(
            [executable, *command[1:]], cwd=project, capture_output=True, text=True, check=False
        )

    stale = run_hook("toolsinspector-check")
    assert stale.returncode == 1
    assert "tools/tools.json: missing" in stale.stdout
    built = run_hook("toolsinspector-build")
    assert built.returncode == 0, built.stderr
    fresh = run_hook("toolsinspector-check")
    assert fresh.returncode == 0, fresh.stdout + fresh.stderr
    (project / "tools" / "openai.json").unlink()
    assert run_hook("toolsinspector-check-system").returncode == 1
    assert run_hook("toolsinspector-build-system").returncode == 0
    assert run_hook("toolsinspector-check-system").returncode == 0
