"""A provider's file made as it is written: the template's text is read entry by entry as Jinja
makes it, and each entry is normalized and passed on, so neither the whole text nor the whole
parsed document is ever held (a render of 20,000 tools)."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

from inspector.diagnostics import Diagnostic, InspectorError, UsageError
from inspector.files.cjson import c_text, plain_value
from inspector.files.file_update import FileUpdate
from inspector.files.jsonio import (
    READABLE,
    Encode,
    JsonPieces,
    JsonStream,
    WholeText,
    json_pieces,
)
from inspector.model import ToolDescriptor
from inspector.render.jinja import (
    TemplateRun,
    by_reference,
    check_names,
    provider_unit,
    render_document,
)
from inspector.render.limits import EntrySizes, tool_entries
from inspector.render.options import RenderOptions
from inspector.render.refs import ValueRefs, carried_as_is

T = TypeVar("T")


class RenderError(InspectorError):
    """The provider's file cannot be made (a tool name breaks its rules, the template fails or
    writes no JSON); unlike an error writing the file, this one is the render's diagnostic."""


@contextlib.contextmanager
def _render_errors() -> Iterator[None]:
    try:
        yield
    except (UsageError, RenderError):
        raise
    except InspectorError as error:
        raise RenderError(str(error)) from None


class StreamedRender:
    """One provider's file for these tools, made by ``emit`` (the provider and the tool names
    are checked first); afterwards its diagnostics and its entries' sizes."""

    def __init__(
        self,
        provider: str,
        tools: list[ToolDescriptor],
        options: RenderOptions,
        pace: Callable[[int], None] | None = None,
    ) -> None:
        self.provider, self.tools, self.options = provider, tools, options
        self.pace = pace  # called as the template takes the n-th tool
        with _render_errors():  # an unknown provider stays a usage error
            self.unit = provider_unit(provider, options.template_dirs)
            check_names(self.unit, tools)
        self.by_reference = by_reference(provider, options.template_dirs)
        self.diagnostics: list[Diagnostic] = []
        self.sizes = EntrySizes(options.report)

    def emit(self, consume: Callable[[JsonPieces], T]) -> T:
        """What ``consume`` makes of the file's pieces (its text, or the file it writes)."""
        try:
            return consume(self._streamed)
        except WholeText:
            return consume(self._whole)

    def _streamed(self, encode: Encode) -> Iterator[str]:
        sizes: list[EntrySizes] = []
        with _render_errors():
            refs = ValueRefs() if self.by_reference else None
            run = TemplateRun(self.provider, self.unit, self.options, refs)
            chunks = run.generate(
                self.tools if self.pace is None else _Paced(self.tools, self.pace)
            )
            yield from normalized_pieces(chunks, encode, self.options.report, sizes, refs)
        self.diagnostics, self.sizes = run.finish(), sizes[0]

    def _whole(self, encode: Encode) -> Iterator[str]:
        with _render_errors():
            document, self.diagnostics = render_document(self.provider, self.tools, self.options)
        self.sizes = EntrySizes(self.options.report)
        for entry in tool_entries(document):
            self.sizes.add(entry)
        yield from json_pieces(document, "\n", encode)


class _Paced(list[ToolDescriptor]):
    """The tools as a template sees them, ``pace(n)`` called as it takes the n-th."""

    def __init__(self, tools: list[ToolDescriptor], pace: Callable[[int], None]) -> None:
        super().__init__(tools)
        self._pace = pace

    def __iter__(self) -> Iterator[ToolDescriptor]:
        for index, tool in enumerate(super().__iter__()):
            self._pace(index)
            yield tool


def normalized_pieces(
    chunks: Iterator[str],
    encode: Encode,
    table: bool,
    sizes: list[EntrySizes],
    refs: ValueRefs | None = None,
) -> Iterator[str]:
    """The JSON text that ``chunks`` make, in the pieces ``json_text(json.loads(text))`` would
    write, parsed and written entry by entry; at the end ``sizes`` holds the sizes of the tool
    entries (those ``tool_entries`` finds). ``WholeText`` for what it leaves to ``json.loads``.
    ``refs``: the values the template passed by reference, put back as each entry is parsed."""
    stream = JsonStream(chunks, 512) if refs is None else JsonStream(chunks, 512, refs.decode)
    text = _Entries(stream, refs)
    first = text.peek()
    lists = [EntrySizes(table)]
    if first == "[":
        text.take()
        yield from _array(text, "\n", encode, lists[0])
    elif first == "{":
        text.take()
        yield from _object(text, encode, lists)
        lists = lists[1:] if len(lists) == 2 else [EntrySizes(table)]
    else:
        raise WholeText
    if text.peek():
        raise WholeText  # extra data after the document
    if refs is not None:
        refs.finish()
    sizes[:] = lists


class _Entries:
    """The template's text read value by value (with ``refs``, each placeholder parsed as the
    value it stands for); ``written`` is a value's JSON text at an indent."""

    def __init__(self, stream: JsonStream, refs: ValueRefs | None) -> None:
        self.refs = refs
        self.peek, self.take, self.value = stream.peek, stream.take, stream.value
        self.object_keys = stream.object_keys

    def written(self, value: object, newline: str, encode: Encode) -> str:
        """The text ``json_pieces`` writes; ``WholeText`` when a value passed by reference
        might not be written as its JSON text would have been (only checked where the C writer
        refuses the whole value: what it accepts is carried as it is)."""
        taken = self.refs.taken() if self.refs is not None else ()
        if taken:
            written = (
                c_text(value, newline, checked=self._plain(taken)) if encode is READABLE else None
            )
            if written is not None:
                return written
            if not all(carried_as_is(item) for item in taken):
                raise WholeText
        return "".join(json_pieces(value, newline, encode))

    def _plain(self, taken: list[object]) -> bool:
        """Whether the value just parsed holds no float ``c_text`` must check: none in its own
        text, and each value by reference plain (``cjson.plain_value``: in a render of several
        providers, a tool's shared schema is checked once for them all)."""
        return (
            self.refs is not None
            and not self.refs.floats_in_text
            and all(plain_value(item) for item in taken)
        )


def _array(text: _Entries, newline: str, encode: Encode, sizes: EntrySizes) -> Iterator[str]:
    """An array after its ``[``, element by element, as ``json_text`` writes it."""
    if text.peek() == "]":
        text.take()
        yield "[]"
        return
    inner = newline + "  "
    separator = "[" + inner
    while True:
        item = text.value()
        if isinstance(item, dict):
            sizes.add(item)
        yield separator + text.written(item, inner, encode)
        separator = "," + inner
        after = text.peek()
        text.take()
        if after == "]":
            break
        if after != ",":
            raise WholeText
    yield newline + "]"


def _object(text: _Entries, encode: Encode, sizes: list[EntrySizes]) -> Iterator[str]:
    """The top-level object after its ``{``, value by value; each array value's entries are
    counted in a new ``EntrySizes`` appended to ``sizes``."""
    separator = "{\n  "
    for key in text.object_keys():
        if text.peek() == "[":
            text.take()
            yield f"{separator}{encode(key)}: "
            sizes.append(EntrySizes(sizes[0].table))
            yield from _array(text, "\n  ", encode, sizes[-1])
        else:
            value = text.value()
            yield f"{separator}{encode(key)}: " + text.written(value, "\n  ", encode)
        separator = ",\n  "
    yield "{}" if separator == "{\n  " else "\n}"


def write_side_by_side(
    renders: list[StreamedRender], paths: list[Path]
) -> list[bool | RenderError | None]:
    """Each render's file written to its path (a regular file or a new one), the renders taking
    turns entry by entry, so that the schema each filter asks of a tool is built once for them
    all (``shared.shared_parameters_schema``). Per render: whether its file changed, its error,
    or None where it must be made again on its own with ``emit`` (a lone surrogate, or text left
    to the whole-text path), its file left as it was."""
    outcomes: list[bool | RenderError | None] = [None] * len(renders)
    updates: dict[int, FileUpdate] = {}
    turns: dict[int, Iterator[str]] = {}
    try:
        for index, (made, path) in enumerate(zip(renders, paths, strict=True)):
            updates[index] = FileUpdate(path)
            turns[index] = made._streamed(READABLE)
        while turns:
            for index in list(turns):
                done, outcomes[index] = _turn(turns[index], updates[index])
                if done:
                    del turns[index], updates[index]
    finally:
        for update in updates.values():
            update.abort()
    return outcomes


def _turn(pieces: Iterator[str], update: FileUpdate) -> tuple[bool, bool | RenderError | None]:
    """One piece of a render written: whether the render is over, and then its outcome."""
    try:
        piece = next(pieces, None)
        if piece is not None:
            update.write(piece.encode("utf-8"))
            return False, None
        update.write(b"\n")
    except RenderError as error:
        update.abort()
        return True, error
    except (WholeText, UnicodeEncodeError):
        update.abort()
        return True, None
    return True, update.finish()
