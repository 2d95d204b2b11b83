"""Shortcuts taken for speed give exactly what the general code gives; library calls leave
the garbage collector as it was."""

from __future__ import annotations

import gc
import shutil
import typing
from pathlib import Path
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from inspector import Toolbox, api
from inspector.model import EnumType
from inspector.project import pipeline
from inspector.project.config import load_config
from inspector.project.generate import generate
from inspector.render import jinja
from inspector.scan import docstrings, sentinels
from inspector.scan.hints import TypeMapper
from inspector.scan.rest_text import plain_text
from inspector.stubs.pycode import docstring_body, escaped_docstring_body
from tests.conftest import ROOT

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


def test_library_calls_leave_the_garbage_collector_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[bool] = []

    def watched(real: Any) -> Any:
        def call(*args: Any, **kwargs: Any) -> Any:
            seen.append(gc.isenabled())
            return real(*args, **kwargs)

        return call

    monkeypatch.setattr(pipeline, "stubs", watched(pipeline.stubs))
    monkeypatch.setattr(pipeline, "classify", watched(pipeline.classify))
    monkeypatch.setattr(jinja.TemplateRun, "text", watched(jinja.TemplateRun.text))
    monkeypatch.chdir(tmp_path)
    shutil.copy(ROOT / "example_class.py", tmp_path / "collected_example.py")
    (tmp_path / "pyproject.toml").write_text(
        '[tool.toolsinspector]\ntargets = ["collected_example.py:ExampleClass"]\n'
        'stubs = "stubs.py"\nproviders = ["openai"]\n',
        encoding="utf-8",
    )
    generate(load_config(tmp_path / "pyproject.toml"))
    api.scan_targets(
        ["collected_example.py:ExampleClass"],
        output=tmp_path / "t.json",
        classification_path=tmp_path / "c.json",
    )
    api.stubs_from_file(tmp_path / "t.json")
    Toolbox(Shop()).definitions("openai")
    # generate: classify, render, stubs; scan_targets: classify; stubs_from_file; Toolbox
    assert seen == [True] * 6


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
    fast = sentinels.without_sentinel(hint, default)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sentinels, "_PLAIN_DEFAULTS", frozenset())
        assert sentinels.without_sentinel(hint, default) == fast is None


def _restored_by_every_step(text: str) -> str:
    text = docstrings._TRAILING_SPACE.sub("", text)
    text = docstrings._TRAILING_SPACE.sub("", plain_text(text))
    return docstrings._BLANK_LINES.sub("\n\n", text)


@given(st.one_of(texts, st.text(st.sampled_from("ab `:.\n"))))
@example("a\n\n\nb")
@example("see :class:`X` and ``y``")
@example(".. note::\n   careful")
def test_restoring_a_description_skips_no_step_it_needs(text: str) -> None:
    assert docstrings._restore(text, False) == _restored_by_every_step(text)
