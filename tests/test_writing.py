"""How files are written: ``-o`` replaces regular files atomically, follows symlinks, writes
devices and FIFOs in place, and refuses a directory; for every command that writes. A JSON file
is 2-space text with readable characters, written whole."""

from __future__ import annotations

import json
import os
import stat
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from inspector import api
from inspector.diagnostics import InspectorError
from inspector.files.jsonfile import (
    READ_BLOCK,
    dumps,
    file_holds,
    json_text,
    loads,
    read_json,
    write_text,
)
from tests.conftest import ROOT, Run

SERVICE = "class Service:\n    def ping(self) -> bool:\n        'Ping.'\n        return True\n"


def test_a_regular_file_is_replaced_atomically_and_keeps_its_mode(tmp_path: Path) -> None:
    path = tmp_path / "out.json"
    path.write_text("old", encoding="utf-8")
    path.chmod(0o640)
    before = path.stat().st_ino
    assert write_text(path, "new") is True
    assert path.read_text(encoding="utf-8") == "new"
    assert path.stat().st_ino != before  # a new file renamed over the old one
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    assert write_text(path, "new") is False
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.json"]


def test_a_symlink_is_followed_and_its_target_replaced(tmp_path: Path) -> None:
    (tmp_path / "real").mkdir()
    real = tmp_path / "real" / "tools.json"
    real.write_text("old", encoding="utf-8")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    assert write_text(link, "new") is True
    assert link.is_symlink()
    assert real.read_text(encoding="utf-8") == "new"
    dangling = tmp_path / "dangling.json"
    dangling.symlink_to(tmp_path / "real" / "created.json")
    write_text(dangling, "made")
    assert dangling.is_symlink()
    assert (tmp_path / "real" / "created.json").read_text(encoding="utf-8") == "made"


def test_a_fifo_is_written_in_place_streaming(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()))
    reader.start()
    write_text(fifo, "through the pipe")
    reader.join(timeout=10)
    assert received == [b"through the pipe"]
    assert stat.S_ISFIFO(fifo.stat().st_mode)


def test_a_character_device_stays_a_device() -> None:
    devnull = Path(os.devnull)
    assert stat.S_ISCHR(devnull.stat().st_mode)
    assert write_text(devnull, "discarded") is True
    assert stat.S_ISCHR(devnull.stat().st_mode)


def test_a_directory_where_a_file_is_expected_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "tools.json").mkdir()
    with pytest.raises(InspectorError, match=r"tools.json: is a directory; a file was expected"):
        write_text(tmp_path / "tools.json", "{}")


@pytest.mark.parametrize("command", ["scan", "render", "stubs", "build"])
def test_every_command_follows_a_symlinked_output(
    in_tmp: Path, run_cli: Callable[..., Run], command: str
) -> None:
    Path("service.py").write_text(SERVICE, encoding="utf-8")
    assert run_cli("scan", "service.py:Service", "-o", "tools.json", "-q").status == 0
    Path("real").mkdir()
    Path("real/out").write_text("old", encoding="utf-8")
    Path("out").symlink_to("real/out")
    arguments = {
        "scan": ["scan", "service.py:Service", "--classification", "c.json"],
        "render": ["render", "--provider", "openai"],
        "stubs": ["stubs", "tools.json", "-o"],
        "build": ["build", "service.py:Service", "--stubs"],
    }[command]
    if command in ("scan", "render"):
        arguments.append("-o")
    result = run_cli(*arguments, "out", "-q")
    assert result.status == 0
    assert result.stderr in ("", "diagnostics: 0 errors, 0 warnings, 0 info\n")
    assert Path("out").is_symlink()
    assert Path("real/out").read_text(encoding="utf-8") != "old"


def test_scan_to_a_device_writes_no_classification_beside_it(
    in_tmp: Path, run_cli: Callable[..., Run], monkeypatch: pytest.MonkeyPatch
) -> None:
    Path("service.py").write_text(SERVICE, encoding="utf-8")
    os.mkfifo("pipe")
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(Path("pipe").read_bytes()))
    reader.start()
    result = run_cli("scan", "service.py:Service", "-o", "pipe", "-q")
    reader.join(timeout=10)
    assert (result.status, result.stderr) == (0, "")
    assert b'"ping"' in received[0]
    assert not Path("pipe.classification.json").exists()


def test_a_directory_as_output_is_a_clear_error(in_tmp: Path, run_cli: Callable[..., Run]) -> None:
    Path("service.py").write_text(SERVICE, encoding="utf-8")
    Path("tools.json").mkdir()
    result = run_cli("scan", "service.py:Service", "-o", "tools.json")
    assert (result.status, result.stderr) == (
        1,
        "error: tools.json: is a directory; a file was expected\n",
    )


def test_an_unchanged_file_is_not_touched_and_a_new_one_has_the_umask_s_mode(
    tmp_path: Path,
) -> None:
    path = tmp_path / "new" / "out.json"
    umask = os.umask(0o027)
    try:
        assert write_text(path, "made") is True
    finally:
        os.umask(umask)
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    os.utime(path, (1_000_000, 1_000_000))
    assert write_text(path, "made") is False
    assert path.stat().st_mtime == 1_000_000


@settings(max_examples=60, deadline=None)
@given(
    size=st.sampled_from([0, 1, READ_BLOCK - 1, READ_BLOCK, READ_BLOCK + 1, 2 * READ_BLOCK + 7]),
    change=st.sampled_from(["same", "first", "last", "a byte", "longer", "shorter"]),
    where=st.integers(min_value=0),
)
def test_a_file_holds_data_only_when_every_byte_is_the_same(
    tmp_path_factory: pytest.TempPathFactory, size: int, change: str, where: int
) -> None:
    data = bytes(range(256)) * (size // 256) + bytes(size % 256)
    on_disk = bytearray(data)
    if change == "longer":
        on_disk.append(0)
    elif change == "shorter" and size:
        del on_disk[-1]
    elif size and change != "same":
        index = {"first": 0, "last": size - 1}.get(change, where % size)
        on_disk[index] ^= 0xFF
    path = tmp_path_factory.mktemp("holds") / "file"
    path.write_bytes(on_disk)
    assert file_holds(path, data) is (bytes(on_disk) == data)


def test_a_file_that_cannot_be_replaced_is_an_error_and_stays_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "out.json"
    path.write_text("old", encoding="utf-8")

    def refuse(source: str, target: str) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(InspectorError, match=r"out.json: cannot write \(Permission denied\)"):
        write_text(path, "new")
    assert [p.name for p in tmp_path.iterdir()] == ["out.json"]  # no temporary file left
    assert path.read_text(encoding="utf-8") == "old"


def test_a_file_under_a_file_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "plain").write_text("", encoding="utf-8")
    with pytest.raises(InspectorError, match=r"out.json: cannot write \(Not a directory\)"):
        write_text(tmp_path / "plain" / "out.json", "new")


def test_a_render_that_fails_leaves_the_file_as_it_was(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    Path("templates").mkdir()
    Path("templates/openai.json.jinja").write_text(
        "[\n{% for tool in tools %}"
        "{% if loop.index == 3 %}{{ tool.no_such_attribute.deeper }}{% endif %}"
        '{"name": {{ tool.name | tojson }}}{{ "," if not loop.last }}\n{% endfor %}]\n',
        encoding="utf-8",
    )
    api.scan_targets(
        [str(ROOT / "example_class.py")], output=Path("tools.json"), classification_path=None
    )
    Path("openai.json").write_text("good\n", encoding="utf-8")
    run = run_cli("render", "--provider", "openai", "--templates", "templates", "-o", "openai.json")
    assert run.status == 1
    assert (
        "\ntemplates/openai.json.jinja:2: error[TI401]: 'inspector.model.ToolDescriptor object' "
        "has no attribute 'no_such_attribute'\n"
    ) in run.stderr
    assert Path("openai.json").read_text(encoding="utf-8") == "good\n"
    assert sorted(p.name for p in in_tmp.iterdir()) == ["openai.json", "templates", "tools.json"]


def test_a_render_to_a_directory_is_a_clear_error(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    Path("service.py").write_text(SERVICE, encoding="utf-8")
    assert run_cli("scan", "service.py:Service", "-o", "tools.json", "-q").status == 0
    Path("out").mkdir()
    result = run_cli("render", "--provider", "openai", "-o", "out")
    assert (result.status, result.stderr) == (
        1,
        "error: out: is a directory; a file was expected\n",
    )


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=6), children, max_size=4)
    ),
    max_leaves=20,
)


def _floats(value: Any) -> bool:
    if isinstance(value, dict):
        return any(_floats(v) for v in value.values())
    if isinstance(value, list):
        return any(_floats(v) for v in value)
    return isinstance(value, float)


@given(json_values)
@settings(max_examples=300)
def test_a_json_file_reads_back_as_its_value_with_readable_text(value: Any) -> None:
    """Laid out as ``json.dumps(value, indent=2, ensure_ascii=False)`` (floats aside)."""
    data = dumps(value)
    assert json.loads(data) == value
    try:
        readable = json.dumps(value, indent=2, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate: the whole file escapes beyond ASCII
        assert data.isascii()
    else:
        assert _floats(value) or data == readable + b"\n"


@given(
    json_values,
    st.sampled_from([None, 2, "  "]),
    st.sampled_from(["", "NaN", "1e400", "123456789012345678901", "-9223372036854775809"]),
)
@settings(max_examples=300)
def test_a_json_text_is_read_as_the_standard_library_reads_it(
    value: Any, indent: int | str | None, odd: str
) -> None:
    """orjson reads it unless it holds what orjson reads otherwise (an integer past 64 bits,
    ``NaN``, a lone surrogate): the same value, and the same type, either way, from the text
    (a render's output) and from its UTF-8 bytes (a file)."""
    text = json.dumps([value, json.loads(odd)] if odd else value, indent=indent)
    expected = repr(json.loads(text))  # NaN is not equal to itself; types must agree too
    assert repr(loads(text)) == expected
    assert repr(loads(text.encode("utf-8"))) == expected


def test_floats_are_spelled_as_orjson_spells_them_and_json_has_no_infinity() -> None:
    values = [1e-07, 1e16, 0.00001, 1.5e300, 0.1, -0.0, 2.5]
    assert dumps([float("nan"), float("inf")]) == b"[\n  null,\n  null\n]\n"
    assert (
        dumps(values)
        == b"[\n  1e-7,\n  1e+16,\n  0.00001,\n  1.5e+300,\n  0.1,\n  -0.0,\n  2.5\n]\n"
    )


def test_a_lone_surrogate_makes_the_file_escape_beyond_ascii() -> None:
    assert json_text({"é": "\udc80"}) == '{\n  "\\u00e9": "\\udc80"\n}\n'
    assert json_text({"é": "ok"}) == '{\n  "é": "ok"\n}\n'


def test_a_value_nested_deeper_than_orjson_goes_is_written_all_the_same() -> None:
    value: Any = 1
    for _ in range(300):
        value = {"a": [value]}
    assert json.loads(dumps(value)) == value


def test_a_value_nested_past_python_s_recursion_limit_is_an_error() -> None:
    value: Any = 1
    for _ in range(5000):
        value = [value]
    with pytest.raises(InspectorError, match=r"^a document nested too deeply to write$"):
        dumps(value)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (
            b'\xef\xbb\xbf{"a": 1}',
            "t.json:1:1: tools file is not valid JSON: Unexpected UTF-8 BOM (decode using "
            "utf-8-sig)",
        ),
        (
            b'{"a": "\xff"}',
            "t.json: cannot read tools file ('utf-8' codec can't decode byte 0xff in position "
            "7: invalid start byte)",
        ),
        (
            '{"a": 1}'.encode("utf-16"),
            "t.json: cannot read tools file ('utf-8' codec can't decode byte 0xff in position "
            "0: invalid start byte)",
        ),
        (b'{"a": 1,}', "t.json:1:9: tools file is not valid JSON: Expecting property name"),
    ],
    ids=["bom", "not-utf8", "utf16", "trailing-comma"],
)
def test_a_json_file_read_from_its_bytes_fails_as_text_did(
    in_tmp: Path, content: bytes, message: str
) -> None:
    """A file is parsed from its bytes; what is no UTF-8 JSON is refused with the file, and for
    bad JSON the line and column, as reading it as text first said."""
    Path("t.json").write_bytes(content)
    with pytest.raises(InspectorError) as caught:
        read_json(Path("t.json"), "tools file")
    assert str(caught.value).startswith(message)
