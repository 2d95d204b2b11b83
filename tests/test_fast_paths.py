"""Shortcuts taken for speed give exactly what the general code gives."""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from inspector.stubs.pycode import docstring_body, escaped_docstring_body

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
