"""A file replaced atomically, and only when its content changes, written piece by piece."""

from __future__ import annotations

import os
import stat
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import BinaryIO

from inspector.diagnostics import InspectorError
from inspector.files.scratch import new_file


class FileUpdate:
    """``write_if_changed`` of a regular file (or a new path) handed its bytes piece by piece:
    each piece is compared with the file, and written to a temporary file beside it from the
    first difference on (the equal start copied from the file then): an unchanged file is only
    read. ``finish`` puts the new file in place (True) or drops it when the content is the
    same (False); ``abort`` drops it, leaving the file as it was."""

    def __init__(self, path: Path) -> None:
        self.path = path
        try:
            self._existing: BinaryIO | None = path.open("rb")
        except FileNotFoundError:
            self._existing = None
        except OSError as error:
            raise InspectorError(f"{path}: cannot read ({error.strerror})") from None
        self._same = self._existing is not None  # so far: ``_matched`` bytes, not yet copied
        self._matched = 0
        try:
            self._temporary = Temporary(path)
        except BaseException:
            self._close_existing()
            raise

    def write(self, chunk: bytes) -> None:
        """Write the next piece."""
        try:
            if self._same and self._existing is not None:
                if self._existing.read(len(chunk)) == chunk:
                    self._matched += len(chunk)
                    return
                self._copy_matched()
            self._temporary.stream.write(chunk)
        except OSError as error:
            self.abort()
            raise InspectorError(f"{self.path}: cannot write ({error.strerror})") from None

    def finish(self) -> bool:
        """Replace the file unless it held the same bytes; whether it was replaced."""
        try:
            same = self._same and self._existing is not None and self._existing.read(1) == b""
            if not same and self._same:  # the file goes on: what matched is the new content
                self._copy_matched()
        except OSError as error:
            self.abort()
            raise InspectorError(f"{self.path}: cannot write ({error.strerror})") from None
        self._close_existing()
        return self._temporary.discard() if same else self._temporary.commit()

    def _copy_matched(self) -> None:
        """The content differs: the start it shared with the file goes to the temporary file."""
        assert self._existing is not None  # only while the content is the same as the file's
        self._same = False
        self._existing.seek(0)
        left = self._matched
        while left:
            block = self._existing.read(min(left, _BLOCK))
            if not block:  # the file changed under us: what was compared is the content
                raise OSError(0, "the file changed while it was compared")
            self._temporary.stream.write(block)
            left -= len(block)

    def abort(self) -> None:
        """Drop what was written; the file stays as it was."""
        self._close_existing()
        self._temporary.discard()

    def _close_existing(self) -> None:
        if self._existing is not None:
            self._existing.close()
            self._existing = None


_BLOCK = 1 << 20
"""How much of the equal start is copied at a time."""


class Temporary:
    """A temporary file beside ``path``: ``commit`` atomically replaces ``path`` with it (with
    the file's mode, or the umask's for a new one), ``discard`` removes it."""

    def __init__(self, path: Path) -> None:
        self.path = path
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            handle, self.name = new_file(str(path.parent), f".{path.name}.")
        except OSError as error:
            raise InspectorError(f"{path}: cannot write ({error.strerror})") from None
        self.stream = os.fdopen(handle, "wb")

    def commit(self) -> bool:
        """Put the temporary file in place of ``path``; True."""
        try:
            self.stream.flush()
            os.fsync(self.stream.fileno())
            self.stream.close()
            if self.path.exists():
                os.chmod(self.name, self.path.stat().st_mode & 0o7777)
            else:
                os.chmod(self.name, 0o666 & ~_umask())
            os.replace(self.name, self.path)
        except BaseException as error:
            self.discard()
            if isinstance(error, OSError):
                raise InspectorError(f"{self.path}: cannot write ({error.strerror})") from None
            raise
        return True

    def discard(self) -> bool:
        """Remove the temporary file; False (nothing was replaced)."""
        self.stream.close()
        Path(self.name).unlink(missing_ok=True)
        return False


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_if_changed(path: Path, text: str) -> bool:
    """Write ``text`` to ``path``; False when a regular file already held it.

    A regular file or a new path is replaced atomically (temporary file, then rename); a
    symlink is followed and its target replaced so; ``-`` (stdout), a character device
    (``/dev/null``), a FIFO or a socket is written in place; a directory is an error."""
    if str(path) == "-":
        sys.stdout.write(text)
        return True
    target = Path(os.path.realpath(path)) if path.is_symlink() else path
    try:
        mode: int | None = target.stat().st_mode
    except FileNotFoundError:
        mode = None
    except OSError as error:
        raise InspectorError(f"{path}: cannot write ({error.strerror})") from None
    if mode is not None and stat.S_ISDIR(mode):
        raise InspectorError(f"{path}: is a directory; a file was expected")
    data = text.encode("utf-8")
    if mode is not None and not stat.S_ISREG(mode):
        _write_in_place(path, target, data)
        return True
    try:
        if mode is not None and target.read_bytes() == data:
            return False
    except OSError as error:
        raise InspectorError(f"{path}: cannot read ({error.strerror})") from None

    def write(stream: BinaryIO) -> bool:
        stream.write(data)
        return True

    return _replace(target, write)


def write_chunks_if_changed(path: Path, chunks: Iterable[bytes]) -> bool:
    """``write_if_changed`` for text made in pieces, each compared with the file as it goes."""
    update = FileUpdate(path)
    try:
        for chunk in chunks:
            update.write(chunk)
    except BaseException:
        update.abort()
        raise
    return update.finish()


def _replace(path: Path, write: Callable[[BinaryIO], bool]) -> bool:
    """Atomically replace ``path`` with what ``write`` puts into a temporary file beside it,
    unless ``write`` returns False (the content is unchanged: the temporary file goes)."""
    temporary = Temporary(path)
    try:
        keep = write(temporary.stream)
    except OSError as error:
        temporary.discard()
        raise InspectorError(f"{path}: cannot write ({error.strerror})") from None
    except BaseException:
        temporary.discard()
        raise
    return temporary.commit() if keep else temporary.discard()


def _write_in_place(path: Path, target: Path, data: bytes) -> None:
    try:
        with target.open("wb") as stream:
            stream.write(data)
    except OSError as error:
        raise InspectorError(f"{path}: cannot write ({error.strerror})") from None
