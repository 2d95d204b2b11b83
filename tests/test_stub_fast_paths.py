"""Shortcuts the stubs take for speed give exactly what the general code gives, and a tools file
read with its equal types shared gives the catalog and stubs it gives read plainly."""

from __future__ import annotations

import json
import tempfile
from collections.abc import Callable
from pathlib import Path
from unittest.mock import patch

from hypothesis import example, given, settings
from hypothesis import strategies as st

from inspector.catalog import Catalog, CatalogClass
from inspector.diagnostics import InspectorError
from inspector.files import tools_json
from inspector.model import (
    AnyOfType,
    Field,
    IntegerType,
    NullType,
    ObjectType,
    RefType,
    ToolDescriptor,
)
from inspector.project import pipeline
from inspector.providers.registry import read_catalog
from inspector.runtime.toolbox import Toolbox
from inspector.stubs import docstrings
from inspector.stubs.docstrings import Carried, reads_back
from tests.conftest import load
from tests.test_properties import fields_of, schema_types

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
     "<x>", "#1", "$5", "~", "^", "=", "+", "&", ";", "!", "?", "a:b", "e.g.: x", "`x`", "[1]",
     "*", "**x**", "a]:", "int:", "Note:", ":", "`", "x`.", "`~", "Args:",
     "a :class:`X`", "a ``x``", "see `.X`", "a::"]
)  # fmt: skip
plain_texts = st.lists(
    st.tuples(plain_words, st.sampled_from([" ", " ", "\n", "\n\n"])), min_size=1, max_size=8
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
        parsed = docstrings._parsed_back(
            indent, description, section, found, returns, compose=docstrings._compose
        )
        assert parsed == (text, carried)
    fast = docstrings.docstring(indent, description, section, found, returns)
    with patch.object(docstrings, "reads_back", lambda *_: False):
        assert docstrings.docstring(indent, description, section, found, returns) == fast


def test_the_shortcut_is_taken_for_plain_text_only() -> None:
    plain = ("Run operation 0.", [("arg0", "What it means,\nsaid twice.")], "Done.")
    assert reads_back(*plain)
    assert reads_back("", [("*args", "More (of them).")], "")
    assert reads_back("Run `now`: [soon].\n\nOr later.", [("arg0", "a: b")], "*Done*.")
    assert not reads_back("Run:", [], "")
    assert not reads_back(":class:`X`", [], "")
    assert not reads_back("Run.", [], "int: the count.")
    assert not reads_back("Run.", [("arg0", "A\n\nB")], "")
    assert not reads_back("Run.", [("arg0", "Defaults to 3.")], "")
    assert not reads_back("Run.", [("arg0", "a\n\nb")], "")
    assert not reads_back("Run.", [("a b", "x")], "")
    assert not reads_back("Run.", [("a", "x"), ("a", "y")], "")
    assert not reads_back("Run. ", [], "")
    assert not reads_back("Run.\n", [], "")
    assert not reads_back("", [], "``x``")


def _stubs_or_error(catalog: Catalog, typed_dict: bool) -> object:
    try:
        return pipeline.stubs(catalog, "tools.json", typed_dict=typed_dict)
    except InspectorError as error:
        return str(error)


def _read_both(catalog: Catalog) -> tuple[Catalog, Catalog]:
    """The catalog written to a tools file and read back, with shared types and without."""
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "tools.json"
        path.write_text(tools_json.to_text(catalog), encoding="utf-8")
        shared = tools_json.load(path)
        plain = tools_json.from_json(json.loads(path.read_text(encoding="utf-8")))
    return shared, plain


@given(st.lists(fields_of(schema_types), min_size=1, max_size=3), st.booleans())
@settings(max_examples=150, deadline=None)
def test_a_tools_file_read_with_shared_types_gives_the_same_catalog_and_stubs(
    parameters: list[tuple[Field, ...]], typed_dict: bool
) -> None:
    tools = tuple(
        ToolDescriptor(f"tool{i}", "Run.", fields, class_name="C", method_name=f"tool{i}")
        for i, fields in enumerate(parameters * 2)  # every schema twice, in two tools
    )
    shared, plain = _read_both(Catalog((CatalogClass("m.C", "m.py:C", tools),)))
    assert shared == plain
    first, again = (
        shared.classes[0].tools[: len(parameters)],
        shared.classes[0].tools[len(parameters) :],
    )
    for one, other in zip(first, again, strict=True):
        assert all(a.type is b.type for a, b in zip(one.parameters, other.parameters, strict=True))
    assert _stubs_or_error(shared, typed_dict) == _stubs_or_error(plain, typed_dict)
    document = {
        "tools": [
            {"type": "function", "function": {"name": t.name, "parameters": t.parameters_schema()}}
            for t in tools
        ]
    }
    from_openai, _ = read_catalog(document, "openai", share_types=True)
    plain_openai, _ = read_catalog(document, "openai")
    assert from_openai == plain_openai
    assert _stubs_or_error(from_openai, typed_dict) == _stubs_or_error(plain_openai, typed_dict)


def test_one_reference_in_two_tools_names_each_tools_own_definition() -> None:
    item = RefType("Item")
    tools = tuple(
        ToolDescriptor(
            f"tool{i}",
            "Run.",
            (Field("item", item, required=True), Field("other", RefType("Gone"), required=True)),
            definitions=(("Item", ObjectType((Field(name, IntegerType(), required=True),))),),
            class_name="C",
            method_name=f"tool{i}",
        )
        for i, name in enumerate(["first", "second"])
    )
    shared, plain = _read_both(Catalog((CatalogClass("m.C", "m.py:C", tools),)))
    text, diagnostics = pipeline.stubs(shared, "tools.json")
    assert (text, diagnostics) == pipeline.stubs(plain, "tools.json")
    assert "class Item:\n" in text and "class Item_2:\n" in text
    assert "    first: int\n" in text and "    second: int\n" in text
    assert [d.subject for d in diagnostics] == ["C.tool0", "C.tool1"]  # the missing $defs entry


def test_one_recursive_definition_in_two_tools_is_one_class(
    modules: Callable[..., None],
) -> None:
    """google-genai's recursive ``Schema`` in several tools was written once a tool (``Schema_2``,
    ``Schema_3``), and each read back as a ``$defs`` entry titled with its class's name."""
    node = ObjectType(
        (
            Field("value", IntegerType(), required=True),
            Field("next", AnyOfType((RefType("Node"), NullType())), required=False, default=None),
        ),
        title="Node",
    )
    tools = tuple(
        ToolDescriptor(
            name,
            "Run.",
            (Field("node", RefType("Node"), required=True),),
            definitions=(("Node", node),),
            class_name="C",
            method_name=name,
        )
        for name in ("first", "second")
    )
    text, diagnostics = pipeline.stubs(Catalog((CatalogClass("m.C", "m.py:C", tools),)), "t")
    assert (text.count("class Node"), diagnostics) == (1, [])
    modules(**{"fp_nodes.py": text})
    back = {tool.name: tool.parameters_schema() for tool in Toolbox(load("fp_nodes").C()).tools}
    assert back == {tool.name: tool.parameters_schema() for tool in tools}
