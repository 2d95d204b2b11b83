"""Large files are read and rendered value by value: a provider's file is normalized entry by
entry as the template makes it, tools.json is read class by class, and the previous tools.json
is read only when a scan needs it. Each gives what the whole-text path gave."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from inspector import api
from inspector.diagnostics import InspectorError
from inspector.files import compare, jsonio, tools_json
from inspector.files.jsonio import WholeText, json_text
from inspector.render.limits import EntrySizes, tool_entries
from inspector.render.options import RenderOptions
from inspector.render.stream import normalized_pieces
from inspector.scan.scanner import scan
from tests.conftest import ROOT

any_text = st.text(st.characters(blacklist_categories=("Cs",)), max_size=8)
scalars = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | any_text
json_values = st.recursive(
    scalars,
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(any_text, children, max_size=4)
    ),
    max_leaves=20,
)
entries = st.dictionaries(any_text, json_values, max_size=4) | json_values
documents = st.lists(entries, max_size=6) | st.dictionaries(
    any_text, st.lists(entries, max_size=4) | json_values, max_size=4
)


def _chunks(text: str, seed: int) -> list[str]:
    """The text cut at random places, as Jinja hands it over in pieces."""
    rng = random.Random(seed)
    cuts = sorted(rng.sample(range(len(text) + 1), min(len(text) + 1, rng.randint(0, 12))))
    return [text[a:b] for a, b in zip([0, *cuts], [*cuts, len(text)], strict=True)]


def _sizes(document: Any) -> tuple[int, list[int], object]:
    sizes = EntrySizes(True)
    for entry in tool_entries(document):
        sizes.add(entry)
    return sizes.count, sizes.sizes, sizes.usage


@given(
    document=documents,
    indent=st.sampled_from([None, 0, 1, 4]),
    compact=st.booleans(),
    seed=st.integers(0, 2**16),
)
@settings(max_examples=300, deadline=None)
def test_normalized_pieces_are_the_whole_documents_text(
    document: Any, indent: int | None, compact: bool, seed: int
) -> None:
    separators = (",", ":") if compact else None
    text = json.dumps(document, indent=indent, separators=separators, ensure_ascii=seed % 2 == 0)
    found: list[EntrySizes] = []
    pieces = normalized_pieces(iter(_chunks(text, seed)), jsonio._encode_string, True, found)
    assert "".join(pieces) + "\n" == json_text(json.loads(text))
    assert (found[0].count, found[0].sizes, found[0].usage) == _sizes(json.loads(text))


@pytest.mark.parametrize(
    "text",
    [
        '[{"a": 1},]',  # invalid: json.loads names the place
        '[{"a": 1} {"b": 2}]',
        '{"tools": [], "tools": [{"a": 1}]}',  # a repeated key: the last value wins
        '"just a string"',
        "[1] [2]",
        "",
    ],
)
def test_what_only_the_whole_text_can_say_is_left_to_it(text: str) -> None:
    with pytest.raises(WholeText):
        "".join(normalized_pieces(iter(_chunks(text, 7)), jsonio._encode_string, False, []))


def test_a_number_cut_between_two_pieces_is_read_whole() -> None:
    pieces = normalized_pieces(iter(["[12", "34, 5", "6]"]), jsonio._encode_string, False, [])
    assert "".join(pieces) == "[\n  1234,\n  56\n]"


def _catalog_data() -> dict[str, Any]:
    catalog, _ = scan([str(ROOT / "example_class.py")])
    return tools_json.to_json(catalog)


@pytest.mark.parametrize("indent", [None, 2, 7])
@pytest.mark.parametrize("classes_first", [False, True])
def test_tools_file_read_class_by_class_is_the_whole_reads_catalog(
    tmp_path: Path, indent: int | None, classes_first: bool
) -> None:
    data = _catalog_data()
    if classes_first:
        data = {"classes": data["classes"], "format": data["format"], "extra": [1, 2.5]}
    path = tmp_path / "tools.json"
    path.write_text(json.dumps(data, indent=indent), encoding="utf-8")
    streamed = tools_json.load_if_tools(path)
    assert streamed is not None
    assert streamed == tools_json.from_json(json.loads(path.read_text(encoding="utf-8")))


@pytest.mark.parametrize(
    "text",
    [
        '{"format": "toolsinspector/1", "classes": {}} x',
        '{"format": "toolsinspector/1", "classes": {"A": {"methods": {}}, "A": {"methods": {}}}}',
        '{"format": "other", "classes": {}}',
        '{"format": "toolsinspector/1", "classes": []}',
        '{"format": "toolsinspector/1", "classes": {"A": {"methods": 3}}}',
        "\ufeff{}",
    ],
)
def test_a_file_that_is_not_a_well_formed_tools_file_is_read_whole(
    tmp_path: Path, text: str
) -> None:
    path = tmp_path / "tools.json"
    path.write_text(text, encoding="utf-8")
    assert tools_json.load_if_tools(path) is None
    try:
        expected: object = tools_json.from_json(jsonio.read_json(path, "tools file"))
    except Exception as error:  # the same error as before, from the whole text
        expected = f"{path}: {error}" if "not valid JSON" not in str(error) else str(error)
    try:
        got: object = tools_json.load(path)
    except Exception as error:
        got = str(error)
    assert got == expected


def test_a_render_that_fails_half_way_leaves_the_file_as_it_was(tmp_path: Path) -> None:
    templates = tmp_path / "templates"
    templates.mkdir()
    (templates / "openai.json.jinja").write_text(
        "[\n{% for tool in tools %}"
        "{% if loop.index == 3 %}{{ tool.no_such_attribute.deeper }}{% endif %}"
        '{"name": {{ tool.name | tojson }}}{{ "," if not loop.last }}\n{% endfor %}]\n',
        encoding="utf-8",
    )
    tools = tmp_path / "tools.json"
    api.scan_targets([str(ROOT / "example_class.py")], output=tools, classification_path=None)
    output = tmp_path / "openai.json"
    output.write_text("good\n", encoding="utf-8")
    options = RenderOptions(template_dirs=[templates])
    (rendered,), _ = api.render_providers(
        ["openai"], tools_path=tools, options=options, files=lambda _: output
    )
    assert rendered.text is None
    assert rendered.diagnostics[0].code == "TI401"
    assert rendered.diagnostics[0].message == (
        "template openai.json.jinja:2: 'inspector.model.ToolDescriptor object' has no "
        "attribute 'no_such_attribute'"
    )
    assert output.read_text(encoding="utf-8") == "good\n"  # and no temporary file is left
    assert sorted(p.name for p in tmp_path.iterdir()) == ["openai.json", "templates", "tools.json"]


def test_an_unchanged_rescan_never_reads_the_previous_tools_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tools = tmp_path / "tools.json"
    classification = tmp_path / "tools.classification.json"
    target = [str(ROOT / "example_class.py")]
    api.scan_targets(target, output=tools, classification_path=classification)
    reads: list[Path] = []
    real_load = tools_json.load

    def load(path: Path) -> Any:
        reads.append(path)
        return real_load(path)

    monkeypatch.setattr(api, "load_tools", load)
    result = api.scan_targets(target, output=tools, classification_path=classification)
    assert reads == []
    assert result.unchanged == [tools, classification]


def _pieces_of(data: object, made: list[str] | None = None) -> jsonio.JsonPieces:
    def pieces(encode: jsonio.Encode) -> Any:
        for piece in jsonio.json_pieces(data, "\n", encode):
            if made is not None:
                made.append(piece)
            yield piece

    return pieces


@pytest.mark.parametrize(
    ("on_disk", "expected"),
    [
        (None, None),
        ('{\n  "a": [\n    1\n  ]\n}\n', True),
        ('{\r\n  "a": [\r\n    1\r\n  ]\r\n}\r\n', True),  # read as Path.read_text reads it
        ('{\n  "a": [\n    1\n  ]\n}\n\n', False),
        ('{\n  "a": [\n    2\n  ]\n}\n', False),
        ('{\n  "a"', False),
    ],
)
def test_check_compares_a_file_piece_by_piece_as_its_text_would_be(
    tmp_path: Path, on_disk: str | None, expected: bool | None
) -> None:
    path = tmp_path / "f.json"
    if on_disk is not None:
        path.write_bytes(on_disk.encode("utf-8"))
    made: list[str] = []
    assert compare.file_holds(path, _pieces_of({"a": [1]}, made)) is expected
    assert made  # made even when the file is missing or differs


def _document(value: object) -> jsonio.JsonDocument:
    """``{"a": value}`` whose value is its UTF-8 text (as tools.json's classes are), if it has
    one."""
    try:
        text = json.dumps(value, indent=2, ensure_ascii=False)
        data = text.replace("\n", "\n    ").encode("utf-8")
    except UnicodeEncodeError:
        return jsonio.JsonDocument({"a": value})
    return jsonio.JsonDocument(
        {"a": jsonio.LazyObject(lambda: iter([("b", jsonio.Utf8Json(data, "\n    "))]))}
    )


@pytest.mark.parametrize(
    ("on_disk", "expected"),
    [
        (None, None),
        ('{\n  "a": {\n    "b": [\n      1\n    ]\n  }\n}\n', True),
        ('{\r\n  "a": {\r\n    "b": [\r\n      1\r\n    ]\r\n  }\r\n}\r\n', True),
        ('{\r  "a": {\r    "b": [\r      1\r    ]\r  }\r}\r', True),  # as read_text reads it
        ('{\n  "a": {\n    "b": [\n      1\n    ]\n  }\n}\n\n', False),
        ('{\n  "a": {\n    "b": [\n      2\n    ]\n  }\n}\n', False),
        ('{\n  "a": {\n    "b": [\r\n      2\n    ]\n  }\n}\n', False),
        ("\ufeff" + '{\n  "a": {\n    "b": [\n      1\n    ]\n  }\n}\n', False),
        ('{\n  "a"', False),
    ],
)
def test_a_document_is_compared_as_utf8_and_as_its_text_would_be(
    tmp_path: Path, on_disk: str | None, expected: bool | None
) -> None:
    path = tmp_path / "f.json"
    if on_disk is not None:
        path.write_bytes(on_disk.encode("utf-8"))
    document = _document([1])
    assert compare.file_holds(path, document) is expected
    assert compare.file_holds(path, jsonio.JsonDocument(json.loads(json_text(document.value)))) is (
        expected
    )


def test_a_document_with_a_lone_surrogate_is_compared_escaped(tmp_path: Path) -> None:
    path = tmp_path / "f.json"
    path.write_bytes(b'{\n  "a": "\\udc80"\n}\n')
    assert compare.file_holds(path, _document("\udc80")) is True
    assert compare.file_holds(path, _document("x")) is False
    path.write_bytes(b'{\n  "a": {\n    "b": "\xff"\n  }\n}\n')  # not UTF-8
    assert compare.file_holds(path, _document("\xff")) is False


def test_a_document_is_written_as_its_text(tmp_path: Path) -> None:
    path = tmp_path / "f.json"
    assert jsonio.write_pieces_if_changed(path, _document({"é": [1, 2.5]})) is True
    assert path.read_text("utf-8") == json_text({"a": {"b": {"é": [1, 2.5]}}})
    assert jsonio.write_pieces_if_changed(path, _document({"é": [1, 2.5]})) is False


def test_a_lone_surrogate_is_compared_escaped_as_it_is_written(tmp_path: Path) -> None:
    data = {"é": "\udc80"}
    path = tmp_path / "f.json"
    path.write_text(json_text(data), encoding="utf-8")
    assert json_text(data) == '{\n  "\\u00e9": "\\udc80"\n}\n'
    assert compare.file_holds(path, _pieces_of(data)) is True
    assert compare.file_holds(path, _pieces_of({"é": "x"})) is False


def test_an_error_writing_the_file_is_raised_not_taken_for_a_failed_render(
    tmp_path: Path,
) -> None:
    tools = tmp_path / "tools.json"
    api.scan_targets([str(ROOT / "example_class.py")], output=tools, classification_path=None)
    with pytest.raises(InspectorError, match="is a directory; a file was expected"):
        api.render_providers(
            ["openai"], tools_path=tools, options=RenderOptions(), files=lambda _: tmp_path
        )
