"""tools.json is streamed to its file: the same bytes as the text made whole, compared with the
file piece by piece (unchanged files are left alone), and never whole in memory."""

from __future__ import annotations

import json
import os
import sys
import tracemalloc
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from inspector import api
from inspector.catalog import Catalog, CatalogClass
from inspector.files import jsonio
from inspector.files.jsonio import (
    LazyObject,
    json_text,
    pieces_text,
    write_json_if_changed,
    write_pieces_if_changed,
)
from inspector.files.tools_json import ToolsSpool, spooled, to_text, tools_pieces
from inspector.model import ToolDescriptor
from inspector.scan.scanner import disambiguate, scan
from tests.conftest import ROOT

any_text = st.text(st.characters(blacklist_categories=()), max_size=8)  # lone surrogates too
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | any_text,
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(any_text, children, max_size=4)
    ),
    max_leaves=20,
)


def _lazy(items: dict[str, Any]) -> LazyObject:
    return LazyObject(lambda: iter(items.items()))


@given(head=json_values, lazy=st.dictionaries(any_text, json_values, max_size=3))
@example(head=1, lazy={"K\udc80": "é"})  # one lone surrogate escapes every non-ASCII character
@settings(max_examples=200, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_streamed_file_holds_the_bytes_of_the_whole_text(
    head: Any, lazy: dict[str, Any], tmp_path: Path
) -> None:
    cases = [
        (head, head),
        ({"head": head, "lazy": _lazy(lazy)}, {"head": head, "lazy": lazy}),
        (_lazy(lazy), lazy),
    ]
    for document, plain in cases:
        path = tmp_path / "out.json"
        path.unlink(missing_ok=True)
        assert write_json_if_changed(path, document) is True
        text = json_text(plain)
        assert path.read_bytes() == text.encode("utf-8")
        assert json.loads(text) == json.loads(path.read_bytes())
        assert write_json_if_changed(path, document) is False


@pytest.mark.parametrize(
    "before",
    ["", '{\n  "a": 1\n}', '{\n  "a": 1\n}\n\n', '{\n  "a": 2\n}\n', '{\n  "a": 1,\n  "b": 2\n}\n'],
)
def test_a_changed_file_is_replaced_and_an_unchanged_one_left_alone(
    before: str, tmp_path: Path
) -> None:
    path = tmp_path / "out.json"
    path.write_text(before, encoding="utf-8")
    assert write_json_if_changed(path, _lazy({"a": 1})) is True
    assert path.read_text(encoding="utf-8") == '{\n  "a": 1\n}\n'
    inode = path.stat().st_ino
    assert write_json_if_changed(path, {"a": 1}) is False
    assert path.stat().st_ino == inode  # not rewritten
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.json"]  # no temporary left


def test_a_failure_while_streaming_keeps_the_old_file(tmp_path: Path) -> None:
    path = tmp_path / "out.json"
    path.write_text("old\n", encoding="utf-8")

    def broken() -> Any:
        yield "a", 1
        raise RuntimeError("the scan broke")

    with pytest.raises(RuntimeError):
        write_json_if_changed(path, {"x": LazyObject(broken)})
    assert path.read_text(encoding="utf-8") == "old\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.json"]


@pytest.fixture(scope="module")
def corpus_catalog(tmp_path_factory: pytest.TempPathFactory) -> Any:
    sys.path.insert(0, str(ROOT))
    from benchmarks.corpus import generate

    directory = tmp_path_factory.mktemp("corpus")
    generate(directory, 600)
    catalog, diagnostics = scan([str(directory / "services.py")])
    assert diagnostics == []
    return catalog


def test_tools_json_is_written_without_its_whole_text_in_memory(
    corpus_catalog: Any, tmp_path: Path
) -> None:
    text = to_text(corpus_catalog).encode("utf-8")
    path = tmp_path / "tools.json"
    tracemalloc.start()
    try:
        assert write_pieces_if_changed(path, tools_pieces(corpus_catalog)) is True
        assert write_pieces_if_changed(path, tools_pieces(corpus_catalog)) is False
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert path.read_bytes() == text
    assert len(text) > 900_000
    assert peak < len(text) / 4  # a class at a time (and file buffers), never the whole text


@pytest.mark.parametrize("in_memory", [0, 1 << 16])  # spilled to a file at once, or later
def test_a_scan_spools_its_classes_and_keeps_names_and_places_only(
    corpus_catalog: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, in_memory: int
) -> None:
    monkeypatch.setattr(ToolsSpool, "IN_MEMORY", in_memory)
    path = tmp_path / "tools.json"
    with spooled() as spool:
        tracemalloc.start()
        try:
            kept = Catalog(tuple(spool.add(group) for group in corpus_catalog.classes))
            held, _ = tracemalloc.get_traced_memory()
            assert write_pieces_if_changed(path, spool.pieces(kept)) is True
        finally:
            tracemalloc.stop()
    text = to_text(corpus_catalog).encode("utf-8")
    assert path.read_bytes() == text
    assert held < len(text) / 8  # no schemas, no descriptions
    assert [(t.name, t.location) for _, t in kept.tools()] == [
        (t.name, t.location) for _, t in corpus_catalog.tools()
    ]
    assert all(t.description == "" and t.parameters == () for _, t in kept.tools())


def _tool(cls: str, name: str, description: str = "Do it.") -> ToolDescriptor:
    return ToolDescriptor(
        name, description, class_name=cls, method_name=name, location=f"{cls.lower()}.py:1"
    )


@pytest.mark.parametrize("description", ["Run é.", "Run \udc80."])  # a lone surrogate too
def test_a_spooled_catalog_is_written_as_the_whole_one_renames_and_kept_classes_too(
    description: str,
) -> None:
    groups = [
        CatalogClass("A", "a.py", (_tool("A", "run", description), _tool("A", "stop"))),
        CatalogClass("B", "b.py", (_tool("B", "run"),)),
    ]
    from_last_file = CatalogClass("C", "c.py", (_tool("C", "stop"),))
    whole = Catalog(disambiguate([*groups, from_last_file], []))
    with spooled(lambda group: group.key == "B") as spool:
        kept = [spool.add(group) for group in groups]
        assert kept[1] is groups[1]  # kept whole
        assert kept[0].tools[0].description == ""
        renamed = Catalog(disambiguate([*kept, from_last_file], []))
        assert [t.name for _, t in renamed.tools()] == ["A_run", "A_stop", "B_run", "C_stop"]
        assert pieces_text(spool.pieces(renamed)) == to_text(whole)


def test_scan_targets_streams_tools_json_or_gives_its_text(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "shop.py").write_text(
        'class Shop:\n    def buy(self, item: str) -> None:\n        """Buy."""\n', "utf-8"
    )
    tools = tmp_path / "tools.json"
    result = api.scan_targets(["shop.py:Shop"], output=tools, classification_path=None)
    assert (result.written, result.tools_text) == ([tools], "")  # streamed, not held
    in_memory = api.scan_targets(["shop.py:Shop"], output=None, classification_path=None)
    assert tools.read_text(encoding="utf-8") == in_memory.tools_text
    assert '"buy"' in in_memory.tools_text
    mtime = os.stat(tools).st_mtime_ns
    again = api.scan_targets(["shop.py:Shop"], output=tools, classification_path=None)
    assert (again.written, again.unchanged) == ([], [tools])
    assert os.stat(tools).st_mtime_ns == mtime


def test_special_paths_go_to_write_if_changed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[tuple[str, str]] = []
    monkeypatch.setattr(jsonio, "write_if_changed", lambda p, t: calls.append((str(p), t)) or True)
    (tmp_path / "real.json").write_text("", encoding="utf-8")
    (tmp_path / "link.json").symlink_to(tmp_path / "real.json")
    document = {"a": _lazy({"b": 1})}
    for path in (Path("-"), tmp_path / "link.json", tmp_path, Path("/dev/null")):
        assert write_json_if_changed(path, document) is True
    text = '{\n  "a": {\n    "b": 1\n  }\n}\n'
    assert calls == [
        (p, text) for p in ("-", str(tmp_path / "link.json"), str(tmp_path), "/dev/null")
    ]
    assert (tmp_path / "real.json").read_text(encoding="utf-8") == ""  # streamed: never


@pytest.mark.parametrize("description", ["Run é.", "Run \udc80."])  # a lone surrogate too
@pytest.mark.parametrize("warm", [True, False])  # classes written by orjson, or by Python
def test_a_spooled_catalog_goes_to_its_file_as_bytes_and_is_its_text(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, description: str, warm: bool
) -> None:
    monkeypatch.setattr(jsonio.PythonFirst, "written", jsonio.PythonFirst.LIMIT if warm else 0)
    groups = (
        CatalogClass("A", "a.py", (_tool("A", "run", description),)),
        CatalogClass("B", "b.py", (_tool("B", "stop"),)),
    )
    path = tmp_path / "tools.json"
    with spooled() as spool:
        kept = Catalog(tuple(spool.add(group) for group in groups))
        assert write_json_if_changed(path, spool.document(kept)) is True
        assert write_json_if_changed(path, spool.document(kept)) is False  # the same bytes
        assert pieces_text(spool.pieces(kept)) == to_text(Catalog(groups))
    assert path.read_bytes() == to_text(Catalog(groups)).encode("utf-8")


@given(st.dictionaries(any_text, json_values, max_size=5))
@settings(max_examples=200)
def test_utf8_values_are_written_as_the_text_they_stand_for(items: dict[str, Any]) -> None:
    inner = "\n    "
    stood_for: list[tuple[str, Any]] = []
    for key, value in items.items():
        text = "".join(jsonio.json_pieces(value, inner, jsonio.READABLE))
        try:
            stood_for.append((key, jsonio.Utf8Json(text.encode("utf-8"), inner)))
        except UnicodeEncodeError:  # a lone surrogate: no UTF-8 form
            stood_for.append((key, value))
    document = {"format": 1, "classes": LazyObject(lambda: iter(stood_for))}
    plain = {"format": 1, "classes": items}
    assert pieces_text(lambda encode: jsonio.json_pieces(document, "\n", encode)) == json_text(
        plain
    )
    readable = "".join(jsonio.json_pieces(plain, "\n", jsonio.READABLE)) + "\n"
    try:
        expected = readable.encode("utf-8")
    except UnicodeEncodeError:  # the writer then escapes the whole text
        with pytest.raises(UnicodeEncodeError):
            b"".join(jsonio.json_chunks(document, "\n"))
    else:
        assert b"".join(jsonio.json_chunks(document, "\n")) + b"\n" == expected
