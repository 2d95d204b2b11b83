"""Tool names are unique by construction: after the scanned class, then a suffix."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from inspector.catalog import CatalogClass
from inspector.model import ToolDescriptor
from inspector.runtime.toolbox import Toolbox
from inspector.scan.scanner import NAME_LENGTH, disambiguate
from tests.conftest import Run

INHERITED = """\
class Base:
    def ping(self) -> bool:
        'Ping.'
        return True
class Alpha(Base):
    def A_ping(self) -> None:
        'Taken already.'
class Beta(Base):
    pass
"""


def test_inherited_methods_are_named_after_the_scanned_class_and_render(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    Path("family.py").write_text(INHERITED.replace("A_ping", "Alpha_ping"), encoding="utf-8")
    scanned = run_cli("scan", "family.py", "-o", "tools.json")
    assert scanned.status == 0, scanned.stderr
    assert [line for line in scanned.stderr.splitlines() if "TI112" in line] == [
        "family.py:2: warning[TI112]: Base.ping: another class has a method 'ping': the tool is "
        "named 'Base_ping'",
        "family.py:2: warning[TI112]: Alpha.ping: another class has a method 'ping': the tool is "
        "named 'Alpha_ping_2'",
        "family.py:2: warning[TI112]: Beta.ping: another class has a method 'ping': the tool is "
        "named 'Beta_ping'",
    ]
    rendered = run_cli("render", "--provider", "openai", "-q")
    assert rendered.status == 0, rendered.stderr
    names = [tool["function"]["name"] for tool in json.loads(rendered.stdout)]
    assert names == ["Base_ping", "Alpha_ping", "Alpha_ping_2", "Beta_ping"]


def test_a_class_whose_renamed_tools_the_user_names_gets_no_rename_warning(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    Path("family.py").write_text(INHERITED.replace("A_ping", "Alpha_ping"), encoding="utf-8")
    assert run_cli("scan", "family.py", "-o", "tools.json", "-q").status == 0
    entries = json.loads(Path("tools.classification.json").read_text(encoding="utf-8"))
    entries["Base"]["ping"] = {"include": True, "name": "base_ping"}
    entries["Beta"]["ping"] = {"include": True, "name": "beta_ping"}
    Path("tools.classification.json").write_text(json.dumps(entries), encoding="utf-8")
    scanned = run_cli("scan", "family.py", "-o", "tools.json")
    assert [line for line in scanned.stderr.splitlines() if "TI112" in line] == [
        "family.py:2: warning[TI112]: Alpha.ping: another class has a method 'ping': the tool is "
        "named 'Alpha_ping_2'",
    ]
    rendered = run_cli("render", "--provider", "openai", "-q")
    names = [tool["function"]["name"] for tool in json.loads(rendered.stdout)]
    assert names == ["base_ping", "Alpha_ping", "Alpha_ping_2", "beta_ping"]


def _session(module: str) -> type:
    def get(self: object, url: str) -> str:
        """Get a page."""
        return f"{module}:{url}"

    return type("Session", (), {"__module__": module, "get": get, "close": lambda self: None})


def test_two_classes_of_one_name_in_the_toolbox_keep_every_tool() -> None:
    web, database = _session("web")(), _session("database")()
    toolbox = Toolbox(web, database)
    assert [tool.name for tool in toolbox.tools] == [
        "Session_get",
        "Session_close",
        "Session_get_2",
        "Session_close_2",
    ]
    assert toolbox.call("Session_get", {"url": "a"}) == "web:a"
    assert toolbox.call("Session_get_2", {"url": "a"}) == "database:a"


@given(
    st.lists(
        st.tuples(
            st.sampled_from(["A", "B", "A_x", "C" * 70]),
            st.sampled_from(["x", "A_x", "x_2", "y" * 70]),
        ),
        max_size=12,
    )
)
def test_names_are_unique_and_short_whatever_the_collisions(pairs: list[tuple[str, str]]) -> None:
    groups = [
        CatalogClass(key, f"m.py:{key}", (ToolDescriptor(method, "", method_name=method),))
        for key, method in pairs
    ]
    names = [tool.name for group in disambiguate(groups, []) for tool in group.tools]
    assert len(set(names)) == len(names)
    assert all(len(name) <= max(NAME_LENGTH, *(len(m) for _, m in pairs)) for name in names)
    assert names == [tool.name for group in disambiguate(groups, []) for tool in group.tools]


LOADERS = """\
class Reader:
    def read(self) -> str:
        'Read.'
    def peek(self) -> str:
        'Peek.'
    def close(self) -> None:
        'Close.'
class Loader(Reader):
    def Loader_close(self) -> None:
        'Taken already.'
"""


def test_a_class_with_several_renamed_tools_gets_one_warning(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    """A whole-module scan renames hundreds of inherited tools (PyYAML: 1,400): one line per
    class names them, and the names that needed a suffix."""
    Path("loaders.py").write_text(LOADERS, encoding="utf-8")
    scanned = run_cli("scan", "loaders.py", "-o", "tools.json")
    assert [line for line in scanned.stderr.splitlines() if "TI112" in line] == [
        "loaders.py:2: warning[TI112]: Reader: other classes have methods of the same names: 3 "
        "tools are named Reader_<method> ('read', 'peek', 'close')",
        "loaders.py:2: warning[TI112]: Loader: other classes have methods of the same names: 3 "
        "tools are named Loader_<method> ('read', 'peek', 'close'); 'Loader_close_2' for "
        "'close'",
    ]


def _reference_disambiguate(groups: list[CatalogClass]) -> list[str]:
    """The names as the scan gave them before it stopped counting every name in a dict."""
    from collections import Counter

    counts = Counter(tool.name for group in groups for tool in group.tools)
    taken = {name for name, count in counts.items() if count == 1}
    names = []
    for group in groups:
        for tool in group.tools:
            if counts[tool.name] == 1:
                names.append(tool.name)
                continue
            whole, number = f"{group.key.rpartition('.')[2]}_{tool.name}", 1
            candidate = whole[:NAME_LENGTH]
            while candidate in taken:
                number += 1
                candidate = whole[: NAME_LENGTH - len(f"_{number}")] + f"_{number}"
            taken.add(candidate)
            names.append(candidate)
    return names


@given(
    st.lists(
        st.tuples(
            st.sampled_from(["A", "B", "m.A", "A_x"]),
            st.lists(st.sampled_from(["x", "A_x", "x_2", "B_x", "y"]), max_size=4),
        ),
        max_size=8,
    )
)
def test_renames_match_counting_every_name(pairs: list[tuple[str, list[str]]]) -> None:
    groups = [
        CatalogClass(key, f"m.py:{key}", tuple(ToolDescriptor(m, "", method_name=m) for m in ms))
        for key, ms in pairs
    ]
    names = [tool.name for group in disambiguate(groups, []) for tool in group.tools]
    assert names == _reference_disambiguate(groups)


def test_classes_whose_names_are_all_unique_are_kept_as_they_are() -> None:
    tool = ToolDescriptor("x", "", method_name="x")
    lone = CatalogClass("A", "m.py:A", (ToolDescriptor("only", "", method_name="only"),))
    shared = [CatalogClass("B", "m.py:B", (tool,)), CatalogClass("C", "m.py:C", (tool,))]
    unique = disambiguate([lone], [])
    assert unique[0] is lone
    kept, first, second = disambiguate([lone, *shared], [])
    assert kept is lone
    assert [first.tools[0].name, second.tools[0].name] == ["B_x", "C_x"]
