"""How files are written: ``-o`` replaces regular files atomically, follows symlinks, writes
devices and FIFOs in place, and refuses a directory; for every command that writes."""

from __future__ import annotations

import os
import stat
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from inspector.diagnostics import InspectorError
from inspector.files.file_update import write_if_changed
from tests.conftest import Run

SERVICE = "class Service:\n    def ping(self) -> bool:\n        'Ping.'\n        return True\n"


def test_a_regular_file_is_replaced_atomically_and_keeps_its_mode(tmp_path: Path) -> None:
    path = tmp_path / "out.json"
    path.write_text("old", encoding="utf-8")
    path.chmod(0o640)
    before = path.stat().st_ino
    assert write_if_changed(path, "new") is True
    assert path.read_text(encoding="utf-8") == "new"
    assert path.stat().st_ino != before  # a new file renamed over the old one
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    assert write_if_changed(path, "new") is False
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.json"]


def test_a_symlink_is_followed_and_its_target_replaced(tmp_path: Path) -> None:
    (tmp_path / "real").mkdir()
    real = tmp_path / "real" / "tools.json"
    real.write_text("old", encoding="utf-8")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    assert write_if_changed(link, "new") is True
    assert link.is_symlink()
    assert real.read_text(encoding="utf-8") == "new"
    dangling = tmp_path / "dangling.json"
    dangling.symlink_to(tmp_path / "real" / "created.json")
    write_if_changed(dangling, "made")
    assert dangling.is_symlink()
    assert (tmp_path / "real" / "created.json").read_text(encoding="utf-8") == "made"


def test_a_fifo_is_written_in_place_streaming(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()))
    reader.start()
    write_if_changed(fifo, "through the pipe")
    reader.join(timeout=10)
    assert received == [b"through the pipe"]
    assert stat.S_ISFIFO(fifo.stat().st_mode)


def test_a_character_device_stays_a_device() -> None:
    devnull = Path(os.devnull)
    assert stat.S_ISCHR(devnull.stat().st_mode)
    assert write_if_changed(devnull, "discarded") is True
    assert stat.S_ISCHR(devnull.stat().st_mode)


def test_a_directory_where_a_file_is_expected_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "tools.json").mkdir()
    with pytest.raises(InspectorError, match=r"tools.json: is a directory; a file was expected"):
        write_if_changed(tmp_path / "tools.json", "{}")


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
