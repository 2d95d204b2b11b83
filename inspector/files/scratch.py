"""New files no other process has: beside a file to replace, or spilled text in the temporary
directory.

``tempfile`` would do; it imports ``shutil`` and ``random`` with their compression and hash
modules, start-up time every command that writes a file paid for nothing.
"""

from __future__ import annotations

import contextlib
import errno
import os
from typing import BinaryIO

_FLAGS = (
    os.O_RDWR
    | os.O_CREAT
    | os.O_EXCL
    | getattr(os, "O_NOFOLLOW", 0)
    | getattr(os, "O_BINARY", 0)
    | getattr(os, "O_NOINHERIT", 0)
)
_ATTEMPTS = 100


def new_file(directory: str, prefix: str, flags: int = 0) -> tuple[int, str]:
    """A new empty file in ``directory`` under a random name that starts with ``prefix``,
    readable and writable by its owner only (as ``tempfile.mkstemp``): its open descriptor and
    its path. ``OSError`` when it cannot be made."""
    for _ in range(_ATTEMPTS):
        path = os.path.join(directory, prefix + os.urandom(6).hex())
        try:
            return os.open(path, _FLAGS | flags, 0o600), path
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, "no unused temporary name", directory)


def spill_file() -> BinaryIO:
    """An unnamed file for text that does not stay in memory, gone when closed: in the first
    usable of ``$TMPDIR``, ``$TEMP``, ``$TMP``, the system's temporary directories and the
    current directory (the places ``tempfile`` looks in)."""
    directories = _temporary_directories()
    for directory in directories:
        try:
            handle, path = new_file(directory, ".toolsinspector-", getattr(os, "O_TEMPORARY", 0))
        except OSError:
            continue
        try:
            if os.name != "nt":  # Windows removes it on close (O_TEMPORARY)
                os.unlink(path)
            return os.fdopen(handle, "w+b")
        except OSError:
            os.close(handle)
            with contextlib.suppress(OSError):
                os.unlink(path)
    raise FileNotFoundError(errno.ENOENT, f"no usable temporary directory in {directories}")


def _temporary_directories() -> list[str]:
    named = [os.environ.get(name) for name in ("TMPDIR", "TEMP", "TMP")]
    if os.name == "nt":
        system = [r"c:\temp", r"c:\tmp", r"\temp", r"\tmp"]
    else:
        system = ["/tmp", "/var/tmp", "/usr/tmp"]
    return [path for path in named if path] + system + [os.curdir]
