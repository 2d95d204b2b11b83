"""Shortcuts the stubs take for speed give exactly what the general code gives."""

from __future__ import annotations

from unittest.mock import patch

from hypothesis import example, given, settings
from hypothesis import strategies as st

from inspector.stubs import docstrings
from inspector.stubs.docstrings import Carried, reads_back

words = st.sampled_from(
    [
        "Run", "operation", "0", "of", "service", "x_1", "it's", '"quoted"', "(a, b)", "a-b",
        "50%", "a/b", "é", "数据", "e.g.", "Args:", "Returns:", "Attributes:", "Example:",
        "Note:", ":", "::", "a: b", "int: the count", "]:", "`x`", ":class:`X`", "**[REQUIRED]**",
        "*", "[x]", "@param", "---", "-", "Defaults to 3.", "Defaults", "\\", "\t", "\r", "\x0c",
        "\u2028", "\xa0", "\ue000", "..", ".. note::", "Parameters", "Returns", "",
    ]
)  # fmt: skip
separators = st.sampled_from([" ", " ", " ", "\n", "\n", "  ", "\n\n", "\n\n\n", "", " \n", "\n "])
plain_words = st.sampled_from(
    ["Run", "operation", "0", "x_1", "it's", '"quoted"', "(a, b)", "a-b", "--", "50%", "a/b",
     "é", "数据", "e.g.", "Args", "Returns", "Parameters", "Example", "Defaults", "{x}", "a|b",
     "<x>", "#1", "$5", "~", "^", "=", "+", "&", ";", "!", "?"]
)  # fmt: skip
plain_texts = st.lists(
    st.tuples(plain_words, st.sampled_from([" ", " ", "\n"])), min_size=1, max_size=8
).map(lambda p: "".join(a + b for a, b in p)[:-1])
texts = st.one_of(
    plain_texts,
    plain_texts,
    plain_texts,
    st.just(""),
    st.lists(st.tuples(words, separators), max_size=8).map(lambda p: "".join(a + b for a, b in p)),
    st.lists(words, max_size=6).map(" ".join),
    st.text(st.sampled_from("ab :\n-`*é\t"), max_size=12),
)
odd_names = ["Returns", "Args", "self", "a b", "é", "1x", "a:b", ""]
names = st.sampled_from(["a", "arg0", "x_1", "*args", "**kwargs", *odd_names])
entries = st.one_of(
    st.lists(
        st.tuples(st.sampled_from(["a", "arg0", "x_1", "*args", "**kwargs"]), plain_texts),
        unique_by=lambda entry: entry[0],
    ),
    st.lists(st.tuples(names, texts), max_size=4),
)


@given(
    st.sampled_from(["", "    ", "        "]),
    texts,
    st.sampled_from(["Args", "Attributes"]),
    entries,
    texts,
)
@example("        ", "Run operation 0.", "Args", [("arg0", "What it means,\nsaid twice.")], "Done.")
@example("        ", "", "Args", [("*args", "More.")], "")
@example("    ", "A point.", "Attributes", [("x", "Across."), ("y", "Up.")], "")
@settings(max_examples=600)
def test_a_docstring_that_reads_back_parses_back_to_the_same_texts(
    indent: str, description: str, section: str, found: list[tuple[str, str]], returns: str
) -> None:
    if reads_back(description, found, returns):
        text = docstrings._compose(indent, description, section, found, returns)
        carried = Carried(True, frozenset(n for n, _ in found), True)
        assert docstrings._parsed_back(indent, description, section, found, returns) == (
            text,
            carried,
        )
    fast = docstrings.docstring(indent, description, section, found, returns)
    with patch.object(docstrings, "reads_back", lambda *_: False):
        assert docstrings.docstring(indent, description, section, found, returns) == fast


def test_the_shortcut_is_taken_for_plain_text_only() -> None:
    plain = ("Run operation 0.", [("arg0", "What it means,\nsaid twice.")], "Done.")
    assert reads_back(*plain)
    assert reads_back("", [("*args", "More (of them).")], "")
    assert not reads_back("Run: now.", [], "")
    assert not reads_back("Run.", [("arg0", "Defaults to 3.")], "")
    assert not reads_back("Run.", [("arg0", "a\n\nb")], "")
    assert not reads_back("Run.", [("a b", "x")], "")
    assert not reads_back("Run.", [("a", "x"), ("a", "y")], "")
    assert not reads_back("Run. ", [], "")
    assert not reads_back("Run.\n", [], "")
    assert not reads_back("", [], "`x`")
