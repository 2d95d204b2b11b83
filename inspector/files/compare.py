"""Whether a file holds a document, compared piece by piece as the document is made, one step
per piece: ``check`` takes the steps of tools.json as a provider's file is made, so that each
tool's schema, made for one, is still there for the other."""

from __future__ import annotations

import itertools
from collections.abc import Generator, Iterator
from pathlib import Path
from typing import Generic, TextIO, TypeVar

from inspector.diagnostics import InspectorError
from inspector.files.jsonio import (
    ASCII,
    BLOCK,
    READABLE,
    JsonDocument,
    JsonPieces,
    json_chunks,
)

T = TypeVar("T")
Steps = Generator[None, None, T]
"""Work done a step at a time (each ``next``); its outcome is the generator's return value."""


def finished(steps: Steps[T]) -> T:
    """The outcome of ``steps``, every step taken."""
    return Stepper(steps).finish()


def file_holds(path: Path, pieces: JsonPieces) -> bool | None:
    """Whether the file's text (read as ``Path.read_text`` reads it) is ``pieces_text(pieces)``,
    compared piece by piece; None when there is no such file. Every piece is made either way
    (what makes them may report on them)."""
    return finished(holds_steps(path, pieces))


def holds_steps(path: Path, pieces: JsonPieces) -> Steps[bool | None]:
    """``file_holds``, a step per piece."""
    if not path.exists():
        for _ in pieces(READABLE):
            yield
        return None
    try:
        if isinstance(pieces, JsonDocument):
            same = yield from _same_utf8(path, pieces.value)
            if same is not None:
                return same
        with path.open(encoding="utf-8") as existing:
            try:
                return (yield from _same_text(existing, pieces(READABLE)))
            except UnicodeEncodeError:  # lone surrogates: the text escapes them
                existing.seek(0)
                return (yield from _same_text(existing, pieces(ASCII)))
    except OSError as error:
        raise InspectorError(f"{path}: cannot read ({error.strerror})") from None


def _same_utf8(path: Path, document: object) -> Steps[bool | None]:
    """``file_holds`` for a document, its UTF-8 compared with the file's bytes; None when the
    text must decide: a lone surrogate (escaped in the text), or a difference in a file with a
    carriage return (read as a newline in the text)."""
    same = True
    with path.open("rb") as existing:
        try:
            for chunk in itertools.chain(json_chunks(document, "\n"), (b"\n",)):
                same = same and existing.read(len(chunk)) == chunk
                yield
        except UnicodeEncodeError:
            return None
        if same and existing.read(1) == b"":
            return True
        existing.seek(0)
        blocks = iter(lambda: existing.read(BLOCK), b"")
        return None if any(b"\r" in block for block in blocks) else False


def _same_text(existing: TextIO, pieces: Iterator[str]) -> Steps[bool]:
    same = True
    for piece in itertools.chain(pieces, ("\n",)):
        piece.encode("utf-8")  # a lone surrogate raises: the caller starts again escaping them
        if same:
            try:
                same = existing.read(len(piece)) == piece
            except UnicodeDecodeError:
                same = False
        yield
    try:
        return same and existing.read(1) == ""
    except UnicodeDecodeError:
        return False


class Stepper(Generic[T]):
    """Steps taken one at a time, by whoever wants them; ``finish`` takes the rest."""

    def __init__(self, steps: Steps[T]) -> None:
        self._steps = steps
        self._outcome: tuple[T] | None = None

    def step(self) -> bool:
        """Take one step; False once there is none left."""
        if self._outcome is not None:
            return False
        try:
            next(self._steps)
        except StopIteration as stop:
            self._outcome = (stop.value,)
            return False
        return True

    def finish(self) -> T:
        """The outcome, every remaining step taken."""
        while self.step():
            pass
        assert self._outcome is not None
        return self._outcome[0]
