"""What a command may write over: never a file it reads, never a file of another kind (a
catalog over the hand-edited classification file, Python over a tools.json) nor a JSON file
that does not parse (that file with a typo in it), unless forced.

A file's kind is told by its content, not by its name: a tools.json has the ``"format":
"toolsinspector/1"`` key, a classification file is an object of class → object, a provider's
tool file is an array (or an object holding an array of tools), and Python is Python."""

from __future__ import annotations

import ast
import enum
import os
import re
import stat
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import orjson

from inspector.diagnostics import UsageError


class FileKind(enum.Enum):
    """What a file holds, as far as a command that writes over it needs to know."""

    TOOLS = "a tools file"
    CLASSIFICATION = "a classification file"
    PROVIDER = "a provider's tool file"
    PYTHON = "Python code"
    UNPARSED_JSON = "a JSON file that does not parse"
    """Our writes are atomic, so a file that opens as JSON and does not parse is one a person
    was editing: a classification file with a typo or a merge conflict in it. Written over, the
    edits would be lost."""


FORCE_HINT = "give another output, or --force to write over it"
"""How a refusal ends: what the user can do."""


@dataclass(frozen=True, slots=True)
class Output:
    """A file a command is about to write, and the kind of file it writes there."""

    path: Path
    kind: FileKind


@dataclass(frozen=True, slots=True)
class Input:
    """A file a command reads, and what it is to the command (``"tools file"``)."""

    path: Path
    role: str


def check_outputs(
    outputs: Iterable[Output], inputs: Iterable[Input] = (), *, force: bool = False
) -> None:
    """Refuse to write where the command would destroy something.

    Two outputs at one file are always refused (one would replace the other). Unless
    ``force``: an output that is one of the ``inputs`` (the same file however it is named:
    relative, absolute, through a symlink or a hard link), and an output over an existing file
    of another kind than it writes. Stdout (``-``), devices and FIFOs are never refused.

    Args:
        outputs: The files about to be written.
        inputs: The files the command reads.
        force: Write over inputs and files of other kinds.

    Raises:
        UsageError: One line naming the file and why.
    """
    planned = [o for o in outputs if _is_file_output(o.path)]
    for index, output in enumerate(planned):
        for other in planned[:index]:
            if same_file(output.path, other.path):
                raise UsageError(
                    f"{output.path}: named for two outputs ({other.kind.value} and "
                    f"{output.kind.value}); give each its own file"
                )
    if force:
        return
    read = list(inputs)
    for output in planned:
        for source in read:
            if same_file(output.path, source.path):
                raise UsageError(
                    f"{output.path}: is the {source.role} this command reads; refusing to "
                    f"write {output.kind.value} over it ({FORCE_HINT})"
                )
        found = kind_of(output.path, expected=output.kind)
        if found is not None and found is not output.kind:
            raise UsageError(
                f"{output.path}: is {found.value}; refusing to write {output.kind.value} over "
                f"it ({FORCE_HINT})"
            )


def _is_file_output(path: Path) -> bool:
    """Whether writing ``path`` replaces a file: not stdout, a device, a FIFO or a socket."""
    if str(path) == "-":
        return False
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return True  # not there yet (or unreadable: writing it reports that)
    return stat.S_ISREG(mode)


def same_file(first: Path, second: Path) -> bool:
    """Whether two paths name one file: resolved through symlinks and ``..``, or the same
    inode when both exist (a hard link)."""
    try:
        return os.path.samefile(first, second)
    except OSError:  # one of them does not exist (yet)
        return os.path.realpath(first) == os.path.realpath(second)


def kind_of(path: Path, expected: FileKind | None = None) -> FileKind | None:
    """The kind of an existing file by its content; None when it is missing, empty, not a
    regular file, unreadable, or of no kind a command writes (nor opening as JSON). With
    ``expected`` PROVIDER, a file that starts as a list of tool objects is taken for one
    without reading it whole."""
    try:
        if not path.is_file():
            return None
        with path.open("rb") as stream:
            start = stream.read(64)
        if _TOOLS_START.match(start):  # as every tools.json starts: no need to
            return FileKind.TOOLS  # parse megabytes of a large one
        provider_like = expected is FileKind.PROVIDER and path.suffix not in _PYTHON_SUFFIXES
        if provider_like and _PROVIDER_LIST_START.match(start):
            # no other kind starts so: parsing a large one took 6 % of a render
            return FileKind.PROVIDER
        data = path.read_bytes()
    except OSError:
        return None
    if (
        provider_like
        and _PROVIDER_OBJECT_START.match(start)
        and data[-64:].rstrip().endswith(b"}")
        and _TOOLS_MARKER not in data
        and b"\\u" not in data
    ):  # an object whose first member is a list and no tools.json marker, even escaped: what
        # ``json_kind`` calls a provider file, told without parsing it (parsing Gemini's took
        # 6 % of a render)
        return FileKind.PROVIDER
    if not data.strip():
        return None
    try:
        document = orjson.loads(data)
    except orjson.JSONDecodeError:
        if _is_python(path, data):
            return FileKind.PYTHON
        opening = data.lstrip(b"\xef\xbb\xbf \t\r\n")[:1]  # past a byte order mark
        return FileKind.UNPARSED_JSON if opening in (b"{", b"[") else None
    return json_kind(document)


def json_kind(document: object) -> FileKind | None:
    """The kind of a JSON document: a tools.json, a classification file, a provider's tool
    file, or None (another JSON document)."""
    if isinstance(document, list):
        return FileKind.PROVIDER
    if not isinstance(document, dict) or not document:
        return None
    marker = document.get("format")
    if isinstance(marker, str) and marker.startswith("toolsinspector/"):
        return FileKind.TOOLS
    if any(isinstance(value, list) for value in document.values()):
        return FileKind.PROVIDER  # {"tools": [...]}, {"functionDeclarations": [...]}
    if all(isinstance(value, dict) for value in document.values()):
        return FileKind.CLASSIFICATION
    return None


_PYTHON_SUFFIXES = (".py", ".pyi")
_TOOLS_START = re.compile(rb'\{\s*"format"\s*:\s*"toolsinspector/')
_PROVIDER_LIST_START = re.compile(rb'\[\s*\{\s*"')
"""A JSON list of objects (``[{"``): a provider's tool file."""
_PROVIDER_OBJECT_START = re.compile(rb'\{\s*"(?:[^"\\]|\\.)*"\s*:\s*\[')
"""A JSON object whose first member is a list (``{"tools": [``, ``{"functionDeclarations": [``)."""
_TOOLS_MARKER = b"toolsinspector"
"""Part of a tools.json's ``format`` value: a file without it (nor a ``\\u`` escape that could
spell it) is no tools.json."""


def _is_python(path: Path, data: bytes) -> bool:
    """Python source: by its suffix, or text that parses as a module that imports or defines
    something (prose does not)."""
    if path.suffix in _PYTHON_SUFFIXES:
        return True
    try:
        module = ast.parse(data)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False
    defining = (ast.Import, ast.ImportFrom, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
    return any(isinstance(node, defining) for node in module.body)


def source_files(targets: Sequence[str], root: Path | None = None) -> list[Input]:
    """The files that targets name by path (``books.py:Ledger``, ``books.py``), relative to
    ``root`` (else the working directory); module targets name none."""
    found = []
    for target in targets:
        name = target.rsplit(":", 1)[0] if target.count(":") else target
        if not name.endswith(_PYTHON_SUFFIXES):
            continue
        path = Path(name)
        found.append(Input(root / path if root is not None else path, "source file"))
    return found
