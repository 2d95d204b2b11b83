"""Shared definitions: a nested model written more than once is written once under ``$defs``
and referred to, per tool in provider files and once for the whole file in tools.json; reading
a file back gives the tools the scan made; references never change what a schema accepts."""

from __future__ import annotations

import importlib
import json
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from inspector.api import scan_catalog
from inspector.catalog import Catalog, CatalogClass
from inspector.files import tools_json
from inspector.files.jsonfile import read_json
from inspector.model import (
    Field,
    IntegerType,
    ObjectType,
    Returns,
    SchemaType,
    StringType,
    ToolDescriptor,
)
from inspector.runtime.toolbox import Toolbox
from tests.sdk_types import check_json_schema

SHAPES = '''
from dataclasses import dataclass


@dataclass
class Probe:
    """A health check."""

    path: str


@dataclass
class Container:
    live: Probe
    ready: Probe


@dataclass
class Meta:
    name: str


@dataclass
class Pod:
    meta: Meta
    containers: list[Container]


class Api:
    def create(self, pod: Pod, owner: Meta) -> Pod:
        """Create a pod."""
        return pod

    def label(self, meta: Meta) -> str:
        """Label something."""
        return meta.name

    def probe(self, probe: Probe) -> None:
        """Run a probe."""
'''

PROBE = {
    "type": "object",
    "title": "Probe",
    "description": "A health check.",
    "properties": {"path": {"type": "string"}},
    "required": ["path"],
}
CONTAINER = {
    "type": "object",
    "title": "Container",
    "properties": {"live": {"$ref": "#/$defs/Probe"}, "ready": {"$ref": "#/$defs/Probe"}},
    "required": ["live", "ready"],
}
META = {
    "type": "object",
    "title": "Meta",
    "properties": {"name": {"type": "string"}},
    "required": ["name"],
}


def _catalog(tmp_path: Path, source: str = SHAPES) -> Catalog:
    module = tmp_path / "shapes_mod.py"
    module.write_text(textwrap.dedent(source))
    catalog, diagnostics = scan_catalog([f"{module}:Api"])
    assert not [d for d in diagnostics if d.level.name == "ERROR"], diagnostics
    return catalog


def _tool(catalog: Catalog, name: str) -> ToolDescriptor:
    return next(t for g in catalog.classes for t in g.tools if t.name == name)


def test_a_tool_writes_a_type_it_uses_twice_once(tmp_path: Path) -> None:
    schema = _tool(_catalog(tmp_path), "create").parameters_schema()
    assert schema == {
        "type": "object",
        "properties": {
            "pod": {
                "type": "object",
                "title": "Pod",
                "properties": {
                    "meta": {"$ref": "#/$defs/Meta"},
                    "containers": {"type": "array", "items": CONTAINER},
                },
                "required": ["meta", "containers"],
            },
            "owner": {"$ref": "#/$defs/Meta"},
        },
        "required": ["pod", "owner"],
        "$defs": {"Probe": PROBE, "Meta": META},  # Container: used once, inside Pod
    }
    check_json_schema(schema)


def test_a_type_used_once_stays_inline(tmp_path: Path) -> None:
    schema = _tool(_catalog(tmp_path), "label").parameters_schema()
    assert schema == {
        "type": "object",
        "properties": {"meta": META},
        "required": ["meta"],
    }


def test_tools_json_writes_each_type_once_for_the_file(tmp_path: Path) -> None:
    document = tools_json.to_json(_catalog(tmp_path))
    methods: Any = document["classes"]
    methods = methods["Api"]["methods"]
    assert methods["create"]["function"]["parameters"]["properties"] == {
        "pod": {"$ref": "#/$defs/Pod"},
        "owner": {"$ref": "#/$defs/Meta"},
    }
    assert methods["create"]["returns"] == {"$ref": "#/$defs/Pod"}
    assert methods["label"]["function"]["parameters"]["properties"] == {
        "meta": {"$ref": "#/$defs/Meta"}
    }
    assert methods["probe"]["function"]["parameters"]["properties"] == {
        "probe": {"$ref": "#/$defs/Probe"}
    }
    assert document["$defs"] == {
        "Pod": {
            "type": "object",
            "title": "Pod",
            "properties": {
                "meta": {"$ref": "#/$defs/Meta"},
                "containers": {"type": "array", "items": CONTAINER},
            },
            "required": ["meta", "containers"],
        },
        "Probe": PROBE,
        "Meta": META,
    }
    assert list(document) == ["format", "classes", "$defs"]


def test_tools_json_reads_back_as_the_scan_made_it(tmp_path: Path) -> None:
    catalog = _catalog(tmp_path)
    path = tmp_path / "tools.json"
    path.write_text(tools_json.to_text(catalog))
    again = tools_json.load(path)
    assert again.classes[0].tools == catalog.classes[0].tools
    assert tools_json.to_text(again) == path.read_text()


SAME_NAMES = '''
from dataclasses import dataclass
import shapes_a, shapes_b


class Api:
    def first(self, a: shapes_a.Config, b: shapes_a.Config) -> None:
        """Uses one Config twice."""

    def second(self, c: shapes_b.Config, d: shapes_b.Config, e: shapes_a.Config) -> None:
        """Uses the other Config twice, the first once."""
'''


def test_types_of_one_name_get_their_own_definitions(tmp_path: Path) -> None:
    (tmp_path / "shapes_a.py").write_text(
        "from dataclasses import dataclass\n\n@dataclass\nclass Config:\n    port: int\n"
    )
    (tmp_path / "shapes_b.py").write_text(
        "from dataclasses import dataclass\n\n@dataclass\nclass Config:\n    host: str\n"
    )
    catalog = _catalog(tmp_path, SAME_NAMES)
    second = _tool(catalog, "second").parameters_schema()
    assert second["properties"] == {
        "c": {"$ref": "#/$defs/Config"},
        "d": {"$ref": "#/$defs/Config"},
        "e": {
            "type": "object",
            "title": "Config",
            "properties": {"port": {"type": "integer"}},
            "required": ["port"],
        },
    }
    document = tools_json.to_json(catalog)
    definitions: Any = document["$defs"]
    assert {name: list(d["properties"]) for name, d in definitions.items()} == {
        "Config": ["port"],
        "Config2": ["host"],
    }
    again = tools_json.from_json(json.loads(tools_json.to_text(catalog)))
    assert again.classes[0].tools == catalog.classes[0].tools


def test_a_recursive_type_is_a_file_definition_too(tmp_path: Path) -> None:
    source = '''
from __future__ import annotations
from dataclasses import dataclass, field


@dataclass
class Node:
    label: str
    children: list[Node] = field(default_factory=list)


class Api:
    def walk(self, tree: Node) -> Node:
        """Walk a tree."""
        return tree
'''
    catalog = _catalog(tmp_path, source)
    tool = _tool(catalog, "walk")
    assert tool.parameters_schema()["$defs"] == {
        "Node": {
            "type": "object",
            "title": "Node",
            "properties": {
                "label": {"type": "string"},
                "children": {
                    "type": "array",
                    "items": {"$ref": "#/$defs/Node"},
                    "default": [],
                },
            },
            "required": ["label"],
        }
    }
    document = tools_json.to_json(catalog)
    assert list(document["$defs"]) == ["Node"]  # type: ignore[arg-type]
    again = tools_json.from_json(json.loads(tools_json.to_text(catalog)))
    assert again.classes[0].tools == catalog.classes[0].tools


def test_an_older_tools_json_with_inline_types_still_reads(tmp_path: Path) -> None:
    catalog = _catalog(tmp_path)
    tool = _tool(catalog, "create")
    inline = {
        "format": tools_json.FORMAT,
        "classes": {
            "Api": {
                "source": "shapes_mod.py:Api",
                "methods": {
                    "create": {
                        "type": "function",
                        "function": {
                            "name": "create",
                            "description": "Create a pod.",
                            "parameters": {
                                "type": "object",
                                "properties": {f.name: f.to_schema() for f in tool.parameters},
                                "required": ["pod", "owner"],
                            },
                        },
                    }
                },
            }
        },
    }
    read = tools_json.from_json(inline).classes[0].tools[0]
    # an inline type's own description reads as its field's: the same schema, said otherwise
    shared = tool.parameters_schema()
    again = read.parameters_schema()
    assert _resolve(again, again["$defs"]) == _resolve(shared, shared["$defs"])


def test_the_toolbox_converts_arguments_of_shared_types(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "shapes_for_toolbox.py").write_text(textwrap.dedent(SHAPES))
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "shapes_for_toolbox", raising=False)
    module = importlib.import_module("shapes_for_toolbox")
    toolbox = Toolbox(module.Api())
    definitions: Any = toolbox.definitions("openai")
    create = next(d for d in definitions if d["function"]["name"] == "create")
    assert list(create["function"]["parameters"]["$defs"]) == ["Meta", "Probe"]
    pod = {
        "meta": {"name": "web"},
        "containers": [{"live": {"path": "/live"}, "ready": {"path": "/ready"}}],
    }
    result = toolbox.call("create", {"pod": pod, "owner": {"name": "me"}})
    assert type(result).__name__ == "Pod"
    assert type(result.containers[0].live).__name__ == "Probe"  # type: ignore[attr-defined]


def _resolve(schema: Any, definitions: dict[str, Any]) -> Any:
    """The schema with every reference replaced by its definition (siblings win)."""
    if isinstance(schema, list):
        return [_resolve(s, definitions) for s in schema]
    if not isinstance(schema, dict):
        return schema
    if "$ref" in schema:
        target = definitions[schema["$ref"].removeprefix("#/$defs/")]
        rest = {k: v for k, v in schema.items() if k != "$ref"}
        return _resolve({**target, **rest}, definitions)
    return {k: _resolve(v, definitions) for k, v in schema.items() if k != "$defs"}


NAMES = ("A", "B", "C")


@st.composite
def _models(draw: st.DrawFn, depth: int = 2) -> SchemaType:
    title = draw(st.sampled_from(NAMES)) + str(depth)
    count = draw(st.integers(1, 3))
    fields = []
    for index in range(count):
        if depth > 0 and draw(st.booleans()):
            kind: SchemaType = draw(_models(depth - 1))
        else:
            kind = draw(st.sampled_from([StringType(), IntegerType()]))
        described = draw(st.sampled_from(["", "said"]))
        fields.append(Field(f"f{index}", kind, described))
    return ObjectType(tuple(fields), title=title)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(_models(), min_size=1, max_size=3), min_size=1, max_size=3))
def test_references_never_change_what_a_schema_says(tools: list[list[SchemaType]]) -> None:
    descriptors = tuple(
        ToolDescriptor(
            f"t{i}",
            "",
            tuple(Field(f"p{j}", t) for j, t in enumerate(types)),
            returns=Returns(types[0]),
            class_name="K",
            method_name=f"t{i}",
        )
        for i, types in enumerate(tools)
    )
    for tool in descriptors:
        shared = tool.parameters_schema()
        inline = {"type": "object", "properties": {f.name: f.to_schema() for f in tool.parameters}}
        inline["required"] = [f.name for f in tool.parameters]
        assert _resolve(shared, shared.get("$defs", {})) == inline
        check_json_schema(shared)
    catalog = Catalog((CatalogClass("K", "", descriptors),))
    document = tools_json.to_json(catalog)
    definitions: Any = document.get("$defs", {})
    methods: Any = document["classes"]
    for tool in descriptors:
        written = methods["K"]["methods"][tool.name]
        expected = {f.name: f.to_schema() for f in tool.parameters}
        resolved = _resolve(written["function"]["parameters"]["properties"], definitions)
        assert resolved == expected
        assert _resolve(written["returns"], definitions) == tool.returns.to_schema()
    again = tools_json.from_json(json.loads(tools_json.to_text(catalog)))
    assert again.classes[0].tools == descriptors


def test_golden_tools_json_round_trips() -> None:
    for case in ("type_battery", "example_class"):
        path = Path(__file__).parent / "golden" / case / "tools.json"
        assert tools_json.to_text(tools_json.from_json(read_json(path, "tools file"))) == (
            path.read_text(encoding="utf-8")
        )


def test_a_tool_with_definitions_of_its_own_reads_them_not_the_file_s() -> None:
    """A tools.json tool whose parameters hold their own ``$defs`` (an older file) reads its
    references as its own definitions; the file's definition of the same name is another
    tool's."""
    own_node = {
        "type": "object",
        "title": "Node",
        "properties": {"children": {"type": "array", "items": {"$ref": "#/$defs/Node"}}},
    }
    file_node = {
        "type": "object",
        "title": "Node",
        "properties": {"x": {"type": "string"}},
        "required": ["x"],
    }

    def entry(name: str, parameters: dict[str, Any]) -> dict[str, Any]:
        return {"type": "function", "function": {"name": name, "parameters": parameters}}

    reference = {"type": "object", "properties": {"n": {"$ref": "#/$defs/Node"}}}
    document = {
        "format": tools_json.FORMAT,
        "$defs": {"Node": file_node},
        "classes": {
            "Api": {
                "source": "api.py:Api",
                "methods": {
                    "own": entry("own", {**reference, "$defs": {"Node": own_node}}),
                    "filed": entry("filed", reference),
                },
            }
        },
    }
    own, filed = tools_json.from_json(document).classes[0].tools
    assert own.parameters_schema() == {**reference, "$defs": {"Node": own_node}}
    assert filed.parameters_schema() == {"type": "object", "properties": {"n": file_node}}
