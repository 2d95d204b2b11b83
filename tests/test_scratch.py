"""New files without ``tempfile``: exclusive, private, spilled text gone when closed."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from inspector.files import scratch


def test_a_new_file_is_the_owner_s_only_named_with_the_prefix_and_open(tmp_path: Path) -> None:
    handle, path = scratch.new_file(str(tmp_path), ".tools.json.")
    with os.fdopen(handle, "wb") as stream:
        stream.write(b"{}")
    made = Path(path)
    assert made.parent == tmp_path and made.name.startswith(".tools.json.")
    assert len(made.name) == len(".tools.json.") + 12
    assert made.read_bytes() == b"{}"
    if os.name == "posix":
        assert stat.S_IMODE(made.stat().st_mode) == 0o600


def test_a_taken_name_is_never_reused_and_another_is_drawn(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    draws = iter([b"\x00" * 6, b"\x00" * 6, b"\x01" * 6])
    monkeypatch.setattr(scratch.os, "urandom", lambda _: next(draws))
    taken = tmp_path / ("p" + "00" * 6)
    taken.write_bytes(b"someone else's")
    handle, path = scratch.new_file(str(tmp_path), "p")
    os.close(handle)
    assert path == str(tmp_path / ("p" + "01" * 6))
    assert taken.read_bytes() == b"someone else's"


def test_when_every_name_is_taken_the_error_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(scratch.os, "urandom", lambda _: b"\x00" * 6)
    (tmp_path / ("p" + "00" * 6)).write_bytes(b"")
    with pytest.raises(FileExistsError):
        scratch.new_file(str(tmp_path), "p")


def test_a_missing_directory_is_an_os_error(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        scratch.new_file(str(tmp_path / "absent"), "p")


def test_spilled_text_reads_back_and_leaves_no_file_in_tmpdir(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    with scratch.spill_file() as spill:
        spill.write(b"abc" * 1000)
        spill.seek(3)
        assert spill.read(3) == b"abc"
        if os.name == "posix":
            assert list(tmp_path.iterdir()) == []  # unnamed while open
    assert list(tmp_path.iterdir()) == []


def test_an_unusable_tmpdir_is_passed_over_for_the_next_place(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TMPDIR", str(tmp_path / "absent"))
    monkeypatch.setenv("TEMP", str(tmp_path))
    seen: list[str] = []
    made = scratch.new_file

    def recording(directory: str, prefix: str, flags: int = 0) -> tuple[int, str]:
        seen.append(directory)
        return made(directory, prefix, flags)

    monkeypatch.setattr(scratch, "new_file", recording)
    with scratch.spill_file() as spill:
        spill.write(b"x")
    assert seen == [str(tmp_path / "absent"), str(tmp_path)]


def test_writing_files_imports_no_tempfile(tmp_path: Path) -> None:
    code = (
        "import sys\n"
        "from pathlib import Path\n"
        "from inspector.files.file_update import write_if_changed\n"
        "from inspector.files.scratch import spill_file\n"
        f"write_if_changed(Path({str(tmp_path / 'a.txt')!r}), 'text')\n"
        "spill_file().close()\n"
        "print(sorted(m for m in ('tempfile', 'shutil', 'random') if m in sys.modules))\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert run.stdout == "[]\n"
    assert (tmp_path / "a.txt").read_text(encoding="utf-8") == "text"
    assert [p.name for p in tmp_path.iterdir()] == ["a.txt"]


def test_a_spill_file_that_cannot_be_unnamed_is_closed_and_the_next_place_taken(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first, second = tmp_path / "first", tmp_path / "second"
    first.mkdir()
    second.mkdir()
    monkeypatch.setenv("TMPDIR", str(first))
    monkeypatch.setenv("TEMP", str(second))
    unlink = os.unlink

    def refusing(path: str) -> None:
        if Path(path).parent == first:
            raise PermissionError(13, "refused", path)
        unlink(path)

    monkeypatch.setattr(scratch.os, "unlink", refusing)
    open_before = len(os.listdir("/proc/self/fd"))
    with scratch.spill_file() as spill:
        spill.write(b"x")
        assert len(os.listdir("/proc/self/fd")) == open_before + 1  # the first one was closed
    assert list(second.iterdir()) == []


def test_with_no_usable_place_the_error_names_them_all(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    places = [str(tmp_path / "a"), str(tmp_path / "b")]
    monkeypatch.setattr(scratch, "_temporary_directories", lambda: places)
    with pytest.raises(FileNotFoundError, match="no usable temporary directory") as raised:
        scratch.spill_file()
    assert str(places) in str(raised.value)
