"""The JSON writer's C path (orjson) writes exactly the text of the pure-Python writer it falls
back to (``_pretty``), and declines every value whose text would differ."""

from __future__ import annotations

import dataclasses
import datetime
import enum
import json
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

import orjson
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from inspector import api
from inspector.files import jsonio
from inspector.files.cjson import c_json, c_text
from inspector.files.jsonio import LazyObject, WrittenJson, json_pieces, json_text


@pytest.fixture(autouse=True)
def _c_path_taken() -> Iterator[None]:
    """``json_pieces`` as in a process that has written enough to take the C path."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(jsonio.PythonFirst, "written", jsonio.PythonFirst.LIMIT)
        yield


def test_a_process_writes_its_first_characters_the_python_way(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Importing orjson costs more than writing a small scan's tools.json in Python."""
    taken: list[object] = []
    monkeypatch.setattr(jsonio, "c_text", lambda value, newline: taken.append(value))
    monkeypatch.setattr(jsonio.PythonFirst, "written", 0)
    value = {"name": "x" * 1000}
    written = 0
    while written < jsonio.PythonFirst.LIMIT:
        text = json_text(value)
        assert text == json.dumps(value, indent=2, ensure_ascii=False) + "\n"
        written += len(text) - 1
    assert (taken, jsonio.PythonFirst.written) == ([], written)
    json_text(value)
    assert taken == [value]


class Text(str):
    def __str__(self) -> str:  # the Python writer writes a str subclass as str(value)
        return "written as str()"


class Number(int):
    pass


class Real(float):
    pass


class Mapping(dict[Any, Any]):
    pass


class Sequence(list[Any]):
    pass


class Pair(NamedTuple):
    number: int
    name: str


class Color(enum.IntEnum):
    RED = 1


class Word(enum.StrEnum):
    HELLO = "hello"


any_text = st.text(st.characters(blacklist_categories=()), max_size=8)  # lone surrogates too
edge_floats = st.sampled_from(
    [1e-7, 1e-5, 2.5e-5, 9.99e-5, 1e-4, 0.00012, 1e15, 9999999999999998.0, 1e16, 1.23e20, 1e22]
) | st.sampled_from([5e-324, 2.2250738585072014e-308, 1.7976931348623157e308, -0.0, 0.0, 0.1])
edge_ints = st.sampled_from([2**53 + 1, 2**63 - 1, 2**63, 2**64 - 1, 2**64, -(2**63), -(2**63) - 1])
scalars = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=-(2**80), max_value=2**80)
    | edge_ints
    | st.floats()  # NaN, infinities, subnormals, -0.0 and exponents included
    | edge_floats
    | any_text
    | st.builds(Text, any_text)
    | st.builds(Number, st.integers())
    | st.builds(Real, st.floats())
    | st.sampled_from([Color.RED, Word.HELLO])
)
keys = (
    any_text
    | st.integers()
    | st.floats(allow_nan=False)  # NaN keys are all unequal: hypothesis cannot draw them again
    | st.booleans()
    | st.none()
    | st.builds(Text, any_text)
)
json_ish = st.recursive(
    scalars,
    lambda children: (
        st.lists(children, max_size=4)
        | st.lists(children, max_size=4).map(tuple)
        | st.lists(children, max_size=4).map(Sequence)
        | st.dictionaries(keys, children, max_size=4)
        | st.dictionaries(keys, children, max_size=4).map(Mapping)
    ),
    max_leaves=25,
)
indents = st.sampled_from(["\n", "\n  ", "\n    ", "\n      "])

words = st.text(st.characters(blacklist_categories=("Cs", "Cc")))
plain_scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**63), max_value=2**64 - 1)
    | st.floats(allow_nan=False, allow_infinity=False, min_value=1e-4, max_value=1e15)
    | st.floats(allow_nan=False, allow_infinity=False, min_value=-1e15, max_value=-1e-4)
    | st.just(0.0)
    | words
)
plain_json = st.recursive(
    plain_scalars,
    lambda children: (
        st.lists(children, max_size=4)
        | st.lists(children, max_size=4).map(tuple)
        | st.dictionaries(words, children, max_size=4)
    ),
    max_leaves=25,
)


def _python_text(value: object, newline: str, encode: jsonio.Encode) -> str:
    """The pure-Python writer's text, the reference."""
    parts: list[str] = []
    jsonio._pretty(value, newline, parts, encode)
    return "".join(parts)


@given(json_ish, indents)
@example({"x": float("nan"), "y": None}, "\n")
@example([1e-7, 1e16, 2**64, "\udc80", {1: Text("a")}], "\n  ")
@settings(max_examples=500)
def test_the_c_path_writes_what_the_python_writer_writes(value: Any, newline: str) -> None:
    for encode in (jsonio._encode_string, jsonio._encode_ascii):
        try:
            expected = _python_text(value, newline, encode)
        except TypeError:  # a key the Python writer refuses (a str subclass): refused still
            with pytest.raises(TypeError):
                "".join(json_pieces(value, newline, encode))
            assert c_text(value, newline) is None
            return
        assert "".join(json_pieces(value, newline, encode)) == expected
    written = c_text(value, newline)
    assert written is None or written == _python_text(value, newline, jsonio._encode_string)


@given(json_ish)
@settings(max_examples=300)
def test_json_text_is_the_python_writers_text_whatever_it_holds(value: Any) -> None:
    try:
        expected = _python_text(value, "\n", jsonio._encode_string) + "\n"
    except TypeError:
        with pytest.raises(TypeError):
            json_text(value)
        return
    try:
        expected.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate: the whole text escapes as ASCII
        expected = _python_text(value, "\n", jsonio._encode_ascii) + "\n"
    assert json_text(value) == expected


@given(plain_json, indents)
@settings(max_examples=300)
def test_plain_json_takes_the_c_path_and_is_what_json_dumps_writes(
    value: Any, newline: str
) -> None:
    written = c_text(value, newline)
    assert written is not None
    assert written == json.dumps(value, indent=2, ensure_ascii=False).replace("\n", newline)
    assert json_text(value) == json.dumps(value, indent=2, ensure_ascii=False) + "\n"


@pytest.mark.parametrize(
    ("value", "python_text"),
    [
        (1e-7, "1e-07"),  # orjson: 1e-7
        (1e-5, "1e-05"),  # orjson: 0.00001
        ([2.5e-5], "[\n  2.5e-05\n]"),  # orjson: 0.000025
        (1e16, "1e+16"),
        (float("nan"), "NaN"),  # orjson: null
        ({"a": float("inf")}, '{\n  "a": Infinity\n}'),
        ([None, -float("inf")], "[\n  null,\n  -Infinity\n]"),
        (2**64, "18446744073709551616"),  # orjson: beyond 64 bits
        (-(2**63) - 1, "-9223372036854775809"),
        ("\udc80", '"\udc80"'),  # orjson: a lone surrogate
        ({1: 2, None: 3, False: 4}, '{\n  "1": 2,\n  "null": 3,\n  "false": 4\n}'),
        ({1.5: 1, float("nan"): 2}, '{\n  "1.5": 1,\n  "NaN": 2\n}'),
        ({"k": Text("v")}, '{\n  "k": "written as str()"\n}'),
        (Mapping(a=[Number(7), Real(0.5)]), '{\n  "a": [\n    7,\n    0.5\n  ]\n}'),
        (Sequence([Color.RED, Word.HELLO]), '[\n  1,\n  "hello"\n]'),
        ({"w": WrittenJson("[]", "\n  ")}, '{\n  "w": []\n}'),
        ([Pair(1, "a")], '[\n  [\n    1,\n    "a"\n  ]\n]'),
        ([LazyObject(lambda: iter([("a", 1)]))], '[\n  {\n    "a": 1\n  }\n]'),
    ],
)
def test_what_the_c_path_declines_is_written_the_python_way(
    value: object, python_text: str
) -> None:
    assert c_text(value, "\n") is None
    assert "".join(json_pieces(value, "\n", jsonio._encode_string)) == python_text


def test_nesting_deeper_than_orjson_goes_is_written_the_python_way() -> None:
    value: list[object] = [1]
    for _ in range(300):
        value = [value]
    assert c_text(value, "\n") is None
    text = "".join(json_pieces(value, "\n", jsonio._encode_string))
    assert text == _python_text(value, "\n", jsonio._encode_string)
    assert json.loads(text) == value


@dataclasses.dataclass
class Point:
    x: int


class Plain(enum.Enum):
    A = 1


@pytest.mark.parametrize(
    "value",
    [
        Plain.A,
        uuid.UUID(int=1),
        orjson.Fragment(b"1"),
        Point(1),
        datetime.date(2026, 1, 1),
        {"when": datetime.datetime(2026, 1, 1)},
        {1, 2},
        b"bytes",
        1j,
    ],
)
def test_values_the_python_writer_refuses_are_refused_still(value: object) -> None:
    """orjson writes enums, UUIDs and fragments itself: the C path must not."""
    assert c_text(value, "\n") is None
    with pytest.raises(TypeError):
        json_text(value)


def test_a_tools_json_document_takes_the_c_path() -> None:
    from tests.conftest import ROOT

    document = json.loads((ROOT / "tests/golden/type_battery/tools.json").read_text("utf-8"))
    text = c_text(document, "\n")
    assert text is not None
    assert text + "\n" == (ROOT / "tests/golden/type_battery/tools.json").read_text("utf-8")


@pytest.mark.parametrize(
    "words", ["one-time e-mail", "type e5 and 10.00001", "0.00001 written as text", "1e-07, NaN"]
)
def test_strings_that_look_like_numbers_take_the_c_path(words: str) -> None:
    assert c_text({"description": words, "default": 0.5}, "\n") == json.dumps(
        {"description": words, "default": 0.5}, indent=2, ensure_ascii=False
    )


@given(st.one_of(edge_floats, any_text, st.integers()), st.sampled_from(["\n", "\n    "]))
@settings(max_examples=200)
def test_the_bytes_of_the_c_path_are_its_text_encoded(value: object, newline: str) -> None:
    document = {"default": value, "list": [value, {"nested": value}]}
    text = c_text(document, newline)
    data = c_json(document, newline.encode())
    assert data == (None if text is None else text.encode("utf-8"))


TINY_FLOATS = '''
class Tiny:
    def scale(self, x: float = 1e-05, y: float = 2.5e20) -> float:
        """Scale.

        Args:
            x: By this much.
            y: Up to this.
        """
        return x * y


class Plain:
    def add(self, a: int = 1) -> int:
        """Add one.

        Args:
            a: What to add to.
        """
        return a + 1
'''


def test_a_scanned_class_the_c_path_declines_is_written_as_the_python_writer_writes_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "tiny.py").write_text(TINY_FLOATS, encoding="utf-8")
    tools = tmp_path / "tools.json"
    api.scan_targets(["tiny.py"], output=tools, classification_path=None)
    text = tools.read_text("utf-8")
    assert '"default": 1e-05' in text and '"default": 2.5e+20' in text  # Python's floats
    assert text == json.dumps(json.loads(text), indent=2, ensure_ascii=False) + "\n"
