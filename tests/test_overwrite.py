"""No command writes over a file it reads or over a file of another kind, unless ``--force``."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from inspector.api import scan_targets, stubs_from_file
from inspector.diagnostics import UsageError
from inspector.files.overwrite import FileKind, json_kind, kind_of
from tests.conftest import Run

SERVICE = '''
class Service:
    def ping(self, host: str) -> bool:
        """Check a host."""
        return True
'''

HINT = "give another output, or --force to write over it"


@pytest.fixture
def scanned(in_tmp: Path, run_cli: Callable[..., Run]) -> dict[str, bytes]:
    """A project scanned and rendered: service.py, tools.json, its classification file and
    openai.json; returns each file's content as it was."""
    Path("service.py").write_text(SERVICE)
    assert run_cli("scan", "service.py:Service").status == 0
    assert run_cli("render", "--provider", "openai", "-o", "openai.json").status == 0
    names = ("service.py", "tools.json", "tools.classification.json", "openai.json")
    return {name: Path(name).read_bytes() for name in names}


def _unchanged(files: dict[str, bytes]) -> None:
    assert {name: Path(name).read_bytes() for name in files} == files


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (
            ["scan", "service.py:Service", "-o", "tools.classification.json"],
            "tools.classification.json: is a classification file; refusing to write a tools "
            f"file over it ({HINT})",
        ),
        (
            ["scan", "service.py:Service", "-o", "openai.json"],
            "openai.json: is a provider's tool file; refusing to write a tools file over it "
            f"({HINT})",
        ),
        (
            ["scan", "service.py:Service", "-o", "service.py"],
            f"service.py: is the source file this command reads; refusing to write a tools "
            f"file over it ({HINT})",
        ),
        (
            ["scan", "service.py:Service", "--classification", "tools.json"],
            "tools.json: named for two outputs (a tools file and a classification file); give "
            "each its own file",
        ),
        (
            ["render", "--provider", "openai", "-o", "tools.json"],
            "tools.json: is the tools file this command reads; refusing to write a provider's "
            f"tool file over it ({HINT})",
        ),
        (
            ["render", "--provider", "openai", "-o", "./sub/../tools.classification.json"],
            "sub/../tools.classification.json: is the classification file this command reads; "
            f"refusing to write a provider's tool file over it ({HINT})",
        ),
        (
            ["render", "--provider", "openai", "-o", "service.py"],
            "service.py: is Python code; refusing to write a provider's tool file over it "
            f"({HINT})",
        ),
        (
            ["stubs", "tools.json", "-o", "tools.json"],
            f"tools.json: is the schema file this command reads; refusing to write Python code "
            f"over it ({HINT})",
        ),
        (
            ["stubs", "openai.json", "-o", "tools.classification.json"],
            "tools.classification.json: is a classification file; refusing to write Python "
            f"code over it ({HINT})",
        ),
    ],
)
def test_a_command_refuses_its_input_or_a_file_of_another_kind(
    scanned: dict[str, bytes], run_cli: Callable[..., Run], arguments: list[str], message: str
) -> None:
    Path("sub").mkdir()
    result = run_cli(*arguments)
    assert (result.status, result.stdout, result.stderr) == (2, "", f"error: {message}\n")
    _unchanged(scanned)


def test_a_provider_file_named_as_the_classification_file_is_a_broken_one(
    scanned: dict[str, bytes], run_cli: Callable[..., Run]
) -> None:
    result = run_cli("scan", "service.py:Service", "--classification", "openai.json")
    assert (result.status, result.stderr) == (
        1,
        "error: openai.json:1:1: classification file must be an object of classes\n",
    )
    _unchanged(scanned)


def test_a_symlink_to_the_input_is_the_input(
    scanned: dict[str, bytes], run_cli: Callable[..., Run]
) -> None:
    os.symlink("tools.json", "link.json")
    result = run_cli("render", "--provider", "openai", "--tools", "link.json", "-o", "tools.json")
    assert result.status == 2
    assert result.stderr.startswith("error: tools.json: is the tools file this command reads;")
    absolute = str(Path("tools.json").resolve())
    result = run_cli("stubs", "tools.json", "-o", absolute)
    assert result.status == 2
    assert result.stderr.startswith(f"error: {absolute}: is the schema file this command reads;")
    _unchanged(scanned)


def test_a_json_file_that_does_not_parse_is_kept_unless_forced(
    scanned: dict[str, bytes], run_cli: Callable[..., Run]
) -> None:
    """A classification file with a typo in it (``tru``) was of no kind, and a scan written
    there by mistake replaced it, the user's edits with it: every file we write is written
    whole at once, so JSON that does not parse is a person's."""
    typo = scanned["tools.classification.json"].replace(b"true", b"tru", 1)
    Path("tools.classification.json").write_bytes(typo)
    Path("edited.json").write_bytes(typo)
    for arguments, kind in (
        (
            ["scan", "service.py:Service", "--classification", "c.json", "-o", "edited.json"],
            "a tools file",
        ),
        (["render", "--provider", "openai", "-o", "edited.json"], "a provider's tool file"),
        (["stubs", "tools.json", "-o", "edited.json"], "Python code"),
    ):
        result = run_cli(*arguments)
        assert (result.status, result.stderr) == (
            2,
            f"error: edited.json: is a JSON file that does not parse; refusing to write {kind} "
            f"over it ({HINT})\n",
        )
    assert Path("edited.json").read_bytes() == typo
    assert not Path("c.json").exists()
    result = run_cli("stubs", "tools.json", "-o", "edited.json", "--force")
    assert result.status == 0
    assert Path("edited.json").read_text().startswith('"""Typed stubs')


def test_force_writes_over_it(scanned: dict[str, bytes], run_cli: Callable[..., Run]) -> None:
    result = run_cli("render", "--provider", "openai", "-o", "service.py", "--force")
    assert result.status == 0
    assert json.loads(Path("service.py").read_text()) == json.loads(scanned["openai.json"])
    result = run_cli("stubs", "openai.json", "-o", "tools.classification.json", "--force")
    assert result.status == 0
    assert Path("tools.classification.json").read_text().startswith('"""Typed stubs')


def test_the_same_kind_stdout_and_devices_are_written(
    scanned: dict[str, bytes], run_cli: Callable[..., Run]
) -> None:
    assert run_cli("scan", "service.py:Service").status == 0  # tools.json over tools.json
    assert run_cli("render", "--provider", "anthropic", "-o", "openai.json").status == 0
    assert run_cli("render", "--provider", "openai", "-o", os.devnull).status == 0
    assert run_cli("stubs", "tools.json").status == 0
    Path("stubs.py").write_text("class Old: ...\n")
    assert run_cli("stubs", "tools.json", "-o", "stubs.py").status == 0  # Python over Python
    Path("notes.txt").write_text("some prose, not a kind of ours\n")
    assert run_cli("render", "--provider", "openai", "-o", "notes.txt").status == 0


def test_render_all_refuses_a_directory_holding_the_tools_file(
    scanned: dict[str, bytes], run_cli: Callable[..., Run]
) -> None:
    Path("out").mkdir()
    Path("out/openai.json").write_bytes(scanned["tools.json"])
    result = run_cli("render", "--provider", "all", "-o", "out")
    assert result.status == 2
    assert result.stderr == (
        "error: out/openai.json: is a tools file; refusing to write a provider's tool file over "
        f"it ({HINT})\n"
    )
    assert sorted(os.listdir("out")) == ["openai.json"]


def test_build_refuses_outputs_over_inputs_and_other_kinds(
    scanned: dict[str, bytes], run_cli: Callable[..., Run]
) -> None:
    Path("pyproject.toml").write_text(
        '[tool.toolsinspector]\ntargets = ["service.py:Service"]\nproviders = ["openai"]\n'
        'stubs = "service.py"\n'
    )
    result = run_cli("build")
    assert result.status == 2
    assert result.stderr == (
        "error: {}: is the source file this command reads; refusing to write Python code over "
        "it ({})\n".format(Path("service.py").resolve(), HINT)
    )
    Path("pyproject.toml").write_text(
        '[tool.toolsinspector]\ntargets = ["service.py:Service"]\nproviders = ["openai"]\n'
        'classification = "openai.json"\n'
    )
    result = run_cli("build")
    assert result.status == 2
    assert result.stderr == (
        "error: {}: named for two outputs (a classification file and a provider's tool file); "
        "give each its own file\n".format(Path("openai.json").resolve())
    )
    Path("pyproject.toml").write_text('[tool.toolsinspector]\ntargets = ["service.py:Service"]\n')
    Path("kept.json").write_bytes(scanned["tools.classification.json"])
    result = run_cli("build", "--stubs", "kept.json")
    assert result.status == 2
    assert result.stderr == (
        "error: {}: is a classification file; refusing to write Python code over it ({})\n".format(
            Path("kept.json").resolve(), HINT
        )
    )
    _unchanged({**scanned, "kept.json": scanned["tools.classification.json"]})
    result = run_cli("build", "--stubs", "tools.json", "--force")  # two outputs: even forced
    assert result.status == 2
    result = run_cli("build", "--stubs", "kept.json", "--force")
    assert result.status == 0
    assert Path("kept.json").read_text().startswith('"""Typed stubs')


def test_the_api_refuses_too(scanned: dict[str, bytes]) -> None:
    with pytest.raises(UsageError, match="is a classification file; refusing"):
        scan_targets(
            ["service.py:Service"],
            output=Path("tools.classification.json"),
            classification_path=None,
        )
    with pytest.raises(UsageError, match="is the schema file this command reads"):
        stubs_from_file(Path("tools.json"), output=Path("tools.json"))
    _unchanged(scanned)
    scan_targets(
        ["service.py:Service"],
        output=Path("tools.classification.json"),
        classification_path=None,
        force=True,
    )
    assert kind_of(Path("tools.classification.json")) is FileKind.TOOLS


def test_kinds_are_read_from_the_content(scanned: dict[str, bytes], in_tmp: Path) -> None:
    assert [kind_of(Path(name)) for name in scanned] == [
        FileKind.PYTHON,
        FileKind.TOOLS,
        FileKind.CLASSIFICATION,
        FileKind.PROVIDER,
    ]
    Path("empty.json").write_text("\n")
    Path("broken.json").write_text('{"a": <<<<<<< HEAD\n')
    Path("plain").write_text("import os\n\nclass A: ...\n")
    Path("notes.txt").write_text("Some notes: {a}\n")
    names = ("empty.json", "broken.json", "plain", "missing", "notes.txt")
    kinds = [kind_of(Path(n)) for n in names]
    assert kinds == [None, FileKind.UNPARSED_JSON, FileKind.PYTHON, None, None]
    # a render expects a provider's file: one that starts as a list of objects is taken for
    # one unread; what may be Python still is read
    Path("big.json").write_text('[\n  {"type": "function"}, ' + "x" * 100)
    Path("odd.py").write_text('[{"a": 1}]\nimport os\n')
    expected = [kind_of(Path(n), expected=FileKind.PROVIDER) for n in ("big.json", "odd.py")]
    assert expected == [FileKind.PROVIDER, FileKind.PYTHON]
    assert kind_of(Path("big.json")) is FileKind.UNPARSED_JSON  # read whole: no JSON
    assert json_kind({"tools": [{"toolSpec": {}}]}) is FileKind.PROVIDER
    assert json_kind({"functionDeclarations": []}) is FileKind.PROVIDER
    assert json_kind({"Ledger": {"add": True, "@prefix": "ledger_"}}) is FileKind.CLASSIFICATION
    assert json_kind({"format": "toolsinspector/2", "classes": {}}) is FileKind.TOOLS
    assert json_kind({}) is None
    assert json_kind({"name": "package", "version": "1"}) is None


_JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=8,
)
_MARKERS = st.sampled_from(["toolsinspector/1", "toolsinspector/2", "other/1", "ü"])


@settings(max_examples=150, deadline=None)
@given(
    first=st.text(max_size=70),
    listed=st.lists(_JSON_VALUES, max_size=3),
    rest=st.dictionaries(st.text(max_size=8), _JSON_VALUES | _MARKERS, max_size=3),
    format_value=st.none() | _MARKERS,
    ascii_only=st.booleans(),
    indent=st.sampled_from([None, 2]),
    escaped=st.booleans(),
)
def test_a_provider_file_told_unread_is_what_reading_it_tells(
    tmp_path_factory: pytest.TempPathFactory,
    *,
    first: str,
    listed: list[object],
    rest: dict[str, object],
    format_value: str | None,
    ascii_only: bool,
    indent: int | None,
    escaped: bool,
) -> None:
    """A render tells an object whose first member is a list without parsing it: whatever the
    members, their escapes and a tools.json marker among them, the kind is the one parsing the
    file gives."""
    document: dict[str, object] = {first: listed, **rest}
    if format_value is not None:
        document["format"] = format_value
    path = tmp_path_factory.mktemp("kind") / "out.json"
    text = json.dumps(document, ensure_ascii=ascii_only, indent=indent)
    if escaped:  # the same JSON value, a letter of the marker written as an escape
        text = text.replace("toolsinspector", "\\u0074oolsinspector")
    path.write_text(text, "utf-8")
    assert kind_of(path, expected=FileKind.PROVIDER) is json_kind(document)
