"""Shortcuts taken for speed give exactly what the general code gives; the garbage collector
is paused while large catalogs are built (and restored after)."""

from __future__ import annotations

import dataclasses
import functools
import gc
import inspect
import shutil
import typing
from pathlib import Path
from typing import Any

import docstring_parser
import pytest
from docstring_parser.google import GoogleParser
from hypothesis import example, given, settings
from hypothesis import strategies as st

from inspector import Toolbox, api
from inspector.files import tools_json
from inspector.model import EnumType, Returns, ToolDescriptor
from inspector.project import pipeline
from inspector.project.config import load_config
from inspector.project.generate import generate
from inspector.recent import RecentByIdentity
from inspector.render import jinja
from inspector.scan import docstrings, google_docstrings, hints, method_parts
from inspector.scan.hints import TypeMapper
from inspector.scan.rest_text import plain_text
from inspector.stubs.pycode import docstring_body, escaped_docstring_body
from tests.conftest import ROOT, stable_id

texts = st.text(st.characters(blacklist_categories=()))  # lone surrogates and controls too
plain = st.text(st.sampled_from('ab é\n"\\\t'))


@given(st.one_of(texts, plain))
@example("Buy an item.\n\nArgs:\n    item: which one.")
@example('"')
@example('say ""hi""')
@settings(max_examples=400)
def test_docstring_body_shortcut_equals_the_escaping_loop(text: str) -> None:
    assert docstring_body(text) == escaped_docstring_body(text)


def test_docstring_body_shortcut_is_taken_only_for_text_with_nothing_to_escape() -> None:
    assert docstring_body("Buy.\n  Now é") == "Buy.\n  Now é"
    assert docstring_body('a "b"') == 'a "b\\"'
    assert docstring_body("tab\there") == "tab\\there"


google_words = st.sampled_from(
    [
        "Args:", "Arguments:", "Returns:", "Yields:", "Raises:", "Attributes:", "Example:",
        "Examples:", "Keyword Args:", "Note:", "Args::", "Args: x", "args:", "Args: \r", "",
        "\t", "\r", "\x0c", "\u3000", ":", " ", "x", "name", "a_b", "(int)", "(str, optional)",
        "(list[int]?)", "]:", "Defaults to 3.", ".", "*", ":class:`X`", "\ue000", "é",
    ]
)  # fmt: skip
google_lines = st.tuples(
    st.sampled_from(["", " ", "  ", "    ", "      ", "        ", "\t", " \t"]),
    st.lists(google_words, max_size=5).map(" ".join),
    st.sampled_from(["", ":", ": ", " ", ":\n"]),
    st.lists(google_words, max_size=4).map(" ".join),
).map("".join)
google_titles = st.sampled_from(
    ["Args", "Arguments", "Parameters", "Returns", "Yields", "Raises", "Attributes", "Examples",
     "Except", "Note", "args", " Args", "Keyword Args"]
)  # fmt: skip
google_sections = st.tuples(
    google_titles,
    st.sampled_from([":", ":", ": ", ":\t", "::", ""]),
    st.lists(st.tuples(st.sampled_from(["\n  ", "\n    ", "\n", "\n\n    "]), google_lines)),
).map(lambda s: s[0] + s[1] + "".join(a + b for a, b in s[2]))
google_texts = st.one_of(
    st.tuples(google_lines, st.lists(google_sections, max_size=4))
    .map(lambda d: "\n".join([d[0], *d[1]]))
    .flatmap(lambda text: st.sampled_from([text, text.replace("\n", "\n    ")])),
    st.lists(google_lines, max_size=14).map("\n".join),
    st.text(),
)


def parsed_or_error(parse: Any, text: str) -> object:
    try:
        result = parse(text)
    except docstring_parser.ParseError as error:
        return type(error), str(error)
    metas = [(type(m), vars(m)) for m in result.meta]
    return {k: v for k, v in vars(result).items() if k != "meta"}, metas


@given(google_texts)
@example("Do it.\n\n    Args:\n        a (int): One.\n            More.\n        b: Two.\n")
@example("Do.\n\nArgs:\n  a: x\nReturns:\n  int: y\nArgs:\n  b: z")
@example("Args:\n  \n   a: x")
@example("Returns:\n\x0c x")
@settings(max_examples=600)
def test_the_google_parser_gives_what_docstring_parser_gives(text: str) -> None:
    library = GoogleParser().parse
    assert parsed_or_error(google_docstrings.parse, text) == parsed_or_error(library, text)


@given(google_texts, st.sampled_from(docstrings.DocstringStyle))
@example("Do.\n  :class:`X` is used.\nArgs:\n  a: :doc:`y`", docstrings.DocstringStyle.AUTO)
@example(":class:`X` is used.\n\nMore.", docstrings.DocstringStyle.REST)
@settings(max_examples=400)
def test_looking_for_a_line_opened_by_a_colon_first_changes_nothing(
    text: str, style: docstrings.DocstringStyle
) -> None:
    def parsed(text: str) -> object:
        try:
            return docstrings.parse_docstring(text, style)
        except Exception as error:  # the library's reST parser fails on some text
            return type(error), str(error)

    fast = parsed(text)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(docstrings, "_colon_opens_a_line", lambda text: True)
        assert parsed(text) == fast


class Shop:
    def buy(self, item: str) -> str:
        """Buy an item.

        Args:
            item: Which one.
        """
        return item


def test_the_collector_is_paused_while_files_are_made_from_many_tools(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[bool] = []
    real_stubs = pipeline.stubs_pieces

    def stubs_pieces(*args: Any, **kwargs: Any) -> Any:
        seen.append(gc.isenabled())
        return real_stubs(*args, **kwargs)

    monkeypatch.setattr(pipeline, "stubs_pieces", stubs_pieces)
    real_generate = jinja.TemplateRun.generate

    def template_text(*args: Any, **kwargs: Any) -> Any:
        seen.append(gc.isenabled())
        return real_generate(*args, **kwargs)

    monkeypatch.setattr(jinja.TemplateRun, "generate", template_text)
    monkeypatch.chdir(tmp_path)
    shutil.copy(ROOT / "example_class.py", tmp_path / "gc_paused_example.py")
    (tmp_path / "pyproject.toml").write_text(
        '[tool.toolsinspector]\ntargets = ["gc_paused_example.py:ExampleClass"]\n'
        'stubs = "stubs.py"\nproviders = ["openai"]\n',
        encoding="utf-8",
    )
    generate(load_config(tmp_path / "pyproject.toml"))
    api.scan_targets(
        ["gc_paused_example.py:ExampleClass"], output=tmp_path / "t.json", classification_path=None
    )
    api.stubs_from_file(tmp_path / "t.json")
    Toolbox(Shop()).definitions("openai")
    assert seen == [False, False, False, False]  # generate: render, stubs; stubs; Toolbox
    assert gc.isenabled()


def test_the_collector_stays_paused_while_a_scan_writes_its_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[bool] = []
    real_classify = pipeline.classify

    def classify(*args: Any, **kwargs: Any) -> Any:
        seen.append(gc.isenabled())
        return real_classify(*args, **kwargs)

    monkeypatch.setattr(pipeline, "classify", classify)
    monkeypatch.chdir(tmp_path)
    shutil.copy(ROOT / "example_class.py", tmp_path / "gc_scan_example.py")
    api.scan_targets(
        ["gc_scan_example.py:ExampleClass"],
        output=tmp_path / "t.json",
        classification_path=tmp_path / "c.json",
    )
    assert seen == [False]
    assert gc.isenabled()


def test_a_hint_object_met_again_is_mapped_once_and_equal_literals_keep_their_order() -> None:
    mapper = TypeMapper()
    calls: list[object] = []
    real_map = mapper._map

    def counted(hint: object) -> Any:
        calls.append(hint)
        return real_map(hint)

    mapper._map = counted  # type: ignore[method-assign]
    hint = typing.Optional[list[int]]  # noqa: UP045  # a typing object: slow to hash and print
    assert mapper.map(hint) is mapper.map(hint)
    assert calls.count(hint) == 1
    qp, pq = typing.Literal["q", "p"], typing.Literal["p", "q"]
    assert qp == pq  # typing says so; the schemas keep each order
    assert mapper.map(qp) == EnumType(("q", "p"))
    assert mapper.map(pq) == EnumType(("p", "q"))
    assert mapper.map(qp) == EnumType(("q", "p"))


sentinel_hints = st.sampled_from(
    [
        int,
        str,
        bool,
        typing.Optional[int],  # noqa: UP045
        int | str | None,
        typing.Annotated[str | None, "a"],
        typing.Literal["a", 1, True],
        typing.Any,
        type(None),
        list[str],
    ]
)


@given(sentinel_hints, st.one_of(st.text(), st.integers(), st.booleans(), st.none()))
def test_a_plain_default_is_never_taken_for_a_sentinel_without_looking(
    hint: object, default: object
) -> None:
    fast = hints.without_sentinel(hint, default)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(hints, "_PLAIN_DEFAULTS", frozenset())
        assert hints.without_sentinel(hint, default) == fast is None


@given(google_texts)
@example("Do.\n\nArgs:\n  a: x\n    more\n  b (int): y\n  c: z. Defaults to 2.\nReturns:\n  r")
@example("Do.\n\nArgs:\n  a, b: both\n  :c: colon\n  d\n    e: later")
@example("Do.\n\nArgs:\n  a: 1234567Defaults\tto 3\n      1234567Defaults\tto 3")
@settings(max_examples=600)
def test_google_docstrings_read_without_the_library_objects_give_what_they_give(
    text: str,
) -> None:
    def parsed(text: str) -> object:
        try:
            return docstrings.parse_docstring(text, docstrings.DocstringStyle.GOOGLE)
        except docstring_parser.ParseError as error:
            return type(error), str(error)

    fast = parsed(text)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(google_docstrings, "parse_parts", GoogleParser().parse)
        assert parsed(text) == fast


def _restored_by_every_step(text: str) -> str:
    text = plain_text(text)
    return docstrings._BLANK_LINES.sub("\n\n", text)


@given(st.one_of(texts, st.text(st.sampled_from("ab `:.\n"))))
@example("a\n\n\nb")
@example("see :class:`X` and ``y``")
@example(".. note::\n   careful")
def test_restoring_a_description_skips_no_step_it_needs(text: str) -> None:
    assert docstrings._restore(text, False) == _restored_by_every_step(text)


@st.composite
def signatures(draw: st.DrawFn) -> str:
    """The parameter list of a ``def``: positional-only, ordinary (defaults last), ``*args``
    or a bare ``*``, keyword-only with or without defaults, ``**kwargs``."""
    names = iter(f"p{i}" for i in range(40))
    only = [next(names) for _ in range(draw(st.integers(0, 3)))]
    ordinary = [next(names) for _ in range(draw(st.integers(0, 4)))]
    positional = only + ordinary
    defaulted = draw(st.integers(0, len(positional)))
    parts = [
        f"{n}={i}" if i >= len(positional) - defaulted else n for i, n in enumerate(positional)
    ]
    if only:
        parts.insert(len(only), "/")
    keyword = [f"{next(names)}={i}" if draw(st.booleans()) else next(names) for i in range(3)]
    keyword = keyword[: draw(st.integers(0, 3))]
    star = draw(st.sampled_from(["*args", "*"] if keyword else ["*args", ""]))
    parts += [star, *keyword] if star else keyword
    if draw(st.booleans()):
        parts.append("**kwargs")
    return ", ".join(parts)


@given(signatures(), st.one_of(st.none(), st.tuples(), st.tuples(st.integers())))
def test_parameters_read_from_the_code_are_what_inspect_reads(
    parameters: str, assigned: tuple[int, ...] | None
) -> None:
    namespace: dict[str, Any] = {}
    exec(f"def f({parameters}): pass", namespace)
    function = namespace["f"]
    if assigned is not None:  # defaults given by hand, more than there are parameters too
        function.__defaults__ = (*(function.__defaults__ or ()), *assigned)
    expected = [
        (p.name, p.kind, p.default) for p in inspect.signature(function).parameters.values()
    ]
    read = [(p.name, p.kind, p.default) for p in method_parts.read_parameters(function)]
    assert read == expected


def test_a_spooled_tool_keeps_every_field_but_its_description_and_schemas() -> None:
    # every field a distinct value: a field added to ToolDescriptor but not to ``_placed``
    # would come back as its default
    tool = ToolDescriptor(**{f.name: object() for f in dataclasses.fields(ToolDescriptor)})
    (placed,) = tools_json._placed((tool,))
    emptied = {"description": "", "parameters": (), "returns": Returns(), "definitions": ()}
    assert placed == dataclasses.replace(tool, **emptied)


def _plain(x: int) -> int:
    return x


async def _coroutine() -> None:
    return None


async def _async_items() -> typing.AsyncIterator[int]:
    yield 1


def _items() -> typing.Iterator[int]:
    yield 1


def _marked() -> None:
    return None


class _Holder:
    async def method(self) -> None:
        return None


def _callables() -> list[object]:
    found: list[object] = [_plain, _coroutine, _async_items, _items, lambda: None, len, _Holder]
    found += [functools.partial(_coroutine), _Holder().method, staticmethod(_coroutine)]
    mark = getattr(inspect, "markcoroutinefunction", None)  # Python 3.12+
    if mark is not None:
        found.append(mark(_marked))
    return found


@pytest.mark.parametrize("function", _callables(), ids=stable_id)
def test_whether_a_call_is_awaited_is_what_inspect_says(function: object) -> None:
    expected = inspect.iscoroutinefunction(function) or inspect.isasyncgenfunction(function)
    assert method_parts.awaited(function) is expected


def test_a_recent_value_is_made_once_per_key_object_and_the_oldest_are_dropped() -> None:
    made: list[object] = []
    recent: RecentByIdentity[object, int] = RecentByIdentity(
        lambda key: made.append(key) or len(made), 2
    )
    first, equal, third, fourth, fifth = [1], [1], [3], [4], [5]
    assert (recent(first), recent(first), recent(equal)) == (1, 1, 2)  # by identity, not ==
    assert (recent(third), recent(first)) == (3, 1)  # the last two used are kept
    assert (recent(fourth), recent(fifth)) == (4, 5)
    assert (recent(fourth), recent(fifth)) == (4, 5)
    assert (recent(equal), recent(first)) == (6, 7)  # four keys on: gone
