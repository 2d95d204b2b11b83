"""Stubs: golden stubs pass ruff and mypy --strict, scan back to the schemas they came from,
keep hostile names and text inert, and every format is detected or refused clearly."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import textwrap
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from inspector.catalog import Catalog, CatalogClass
from inspector.diagnostics import InspectorError
from inspector.files.tools_json import from_json, to_json
from inspector.model import MISSING, ArrayType, Field, ObjectType, ParameterKind, ToolDescriptor
from inspector.providers.registry import read_catalog
from inspector.scan.scanner import scan
from inspector.stubs import pycode
from inspector.stubs.module import build_module, render_stubs
from tests.conftest import Run
from tests.goldens import CASES, GOLDEN, RENDERS, ROOT, STUB_SOURCES, Case
from tests.test_properties import fields_of, schema_types

GOLDEN_STUBS = sorted(GOLDEN.glob("*/stubs*.py"))


def _tool(name: str) -> list[str]:
    executable = shutil.which(name, path=str(Path(sys.executable).parent))
    assert executable, f"{name} is not installed (the test extra installs it)"
    return [executable]


def test_golden_stubs_pass_ruff_check_ruff_format_and_mypy_strict(tmp_path: Path) -> None:
    curated = sum(1 for case in CASES if case.classification is not None)  # stubs-curated.py
    assert len(GOLDEN_STUBS) == len(CASES) * (2 + len(STUB_SOURCES)) + curated
    files = [str(p) for p in GOLDEN_STUBS]
    for command in (
        [*_tool("ruff"), "check", "--isolated", *files],
        [*_tool("ruff"), "format", "--isolated", "--check", *files],
    ):
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        assert done.returncode == 0, done.stdout + done.stderr
    # One mypy run for all (a run costs about a second before it reads the first file): the
    # golden folders hold modules of the same name, so each is checked under a name of its own,
    # ``<case>__<file>.py``; a stub imports only the standard library, never another stub.
    copies = tmp_path / "stubs"
    copies.mkdir()
    for path in GOLDEN_STUBS:
        name = f"{path.parent.name}__{path.stem.replace('-', '_')}.py"
        (copies / name).write_bytes(path.read_bytes())
    checked = sorted(str(p) for p in copies.iterdir())
    assert len(checked) == len(GOLDEN_STUBS)
    cache = str(tmp_path / "cache")
    done = subprocess.run(
        [*_tool("mypy"), "--strict", "--no-incremental", "--cache-dir", cache, *checked],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"no issues found in {len(checked)} source files" in done.stdout


def _comparable(document: Any) -> Any:
    """A tools.json document without what depends on the file scanned (source, location) and
    the record of parameters a tool leaves out: a stub shows only what the schema has, so an
    ``_x`` that the first scan left out is absent from the second stub."""
    for group in document["classes"].values():
        group.pop("source")
        for entry in group["methods"].values():
            entry.pop("location")
            entry.pop("left_out", None)
    return document


def _scan_stub(text: str, directory: Path, classes: list[str]) -> dict[str, Any]:
    module = directory / f"stub_{uuid.uuid4().hex}.py"
    module.write_text(text, encoding="utf-8")
    catalog, diagnostics = scan([f"{module}:{name}" for name in classes])
    assert not [d for d in diagnostics if d.level.value == "error"], diagnostics
    assert not [d for d in diagnostics if d.code == "TI110"], "NO_DEFAULT is a sentinel"
    return to_json(catalog)


@pytest.mark.parametrize("stub_name", ["stubs.py", "stubs-typed-dict.py"])
@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_stubs_of_tools_json_scan_back_to_the_same_tools_json(
    case: Case, stub_name: str, tmp_path: Path
) -> None:
    original = json.loads((GOLDEN / case.name / "tools.json").read_text(encoding="utf-8"))
    text = (GOLDEN / case.name / stub_name).read_text(encoding="utf-8")
    classes = {pycode.class_name(key): key for key in original["classes"]}
    back = _scan_stub(text, tmp_path, list(classes))
    # a module's functions are written as a class named after it (``functions`` → ``Functions``)
    back["classes"] = {classes[key]: group for key, group in back["classes"].items()}
    for group in original["classes"].values():  # ... as static methods
        for entry in group["methods"].values():
            entry["kind"] = "static" if entry.get("kind") == "function" else entry.get("kind")
            entry.pop("kind") if entry["kind"] is None else None
    assert _comparable(back) == _comparable(original)


RENDERED_BACK = [n for n in RENDERS if n != "ollama.json" and "strict" not in n]
"""Every non-strict render is a fixed point of stubs → scan → render. Ollama's dialect moves
structure into descriptions and strict mode makes optional parameters required-and-nullable:
both lose what the stubs would need."""


@pytest.mark.parametrize("render_name", RENDERED_BACK)
@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_stubs_of_a_provider_file_render_back_to_the_same_file(
    case: Case,
    render_name: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    run_cli: Callable[..., Run],
) -> None:
    monkeypatch.chdir(ROOT)
    source = GOLDEN / case.name / render_name
    stub = tmp_path / "stub_of_provider.py"
    run = run_cli("stubs", str(source), "-o", str(stub), "-q")
    assert run.status == 0, run.stderr
    tools = tmp_path / "tools.json"
    # every tool of the provider file comes back, shop_delete_item too (a destructive name)
    run = run_cli("scan", f"{stub}:Tools", "-o", str(tools), "-q", "--new", "include-all")
    assert run.status == 0, run.stderr
    run = run_cli("render", *RENDERS[render_name], "--tools", str(tools))
    assert run.status == 0, run.stderr
    text = run.stdout
    assert json.loads(text) == json.loads(source.read_text(encoding="utf-8"))


def test_an_optional_parameter_named_with_an_underscore_comes_back(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    """MongoDB's ``_id``: written ``_id = NO_DEFAULT``, a scan of the stub would take it as
    internal and leave it out; the stub names it ``id_`` and maps the name back."""
    tools = [
        {
            "name": "find_doc",
            "description": "Find a document.",
            "input_schema": {
                "type": "object",
                "properties": {"_id": {"type": "string"}, "_": {"type": "integer"}},
                "required": ["_"],
            },
        }
    ]
    Path("mongo.json").write_text(json.dumps(tools), encoding="utf-8")
    assert run_cli("stubs", "mongo.json", "-o", "m.py", "-q").status == 0
    assert (
        "def find_doc(self, id_: str = NO_DEFAULT, *, _arg: int) -> Any:"
        in Path("m.py").read_text()
    )
    assert run_cli("scan", "m.py", "-o", "t.json", "-q").status == 0
    back = run_cli("render", "--provider", "anthropic", "--tools", "t.json", "-q")
    assert json.loads(back.stdout) == tools


@pytest.mark.parametrize(
    ("document", "expected"),
    [
        ([{"type": "function", "function": {"name": "f"}}], "openai"),
        ({"tools": [{"type": "function", "function": {"name": "f"}}]}, "openai"),
        ([{"type": "function", "name": "f", "parameters": {}}], "openai-responses"),
        ([{"name": "f", "input_schema": {"type": "object"}}], "anthropic"),
        ({"functionDeclarations": [{"name": "f"}]}, "gemini"),
        ([{"function_declarations": [{"name": "f"}]}], "gemini"),
        ({"tools": [{"functionDeclarations": [{"name": "f"}]}]}, "gemini"),
        ({"tools": [{"name": "f", "inputSchema": {"type": "object"}}]}, "mcp"),
        (
            {"jsonrpc": "2.0", "id": 1, "result": {"tools": [{"name": "f", "inputSchema": {}}]}},
            "mcp",
        ),
        ({"tools": [{"toolSpec": {"name": "f", "inputSchema": {"json": {}}}}]}, "bedrock"),
        (
            {"toolConfig": {"tools": [{"toolSpec": {"name": "f", "inputSchema": {"json": {}}}}]}},
            "bedrock",
        ),
        ({"format": "toolsinspector/1", "classes": {}}, "tools"),
    ],
)
def test_format_is_detected(document: Any, expected: str) -> None:
    _, found = read_catalog(document)
    assert found == expected


def test_a_file_no_format_reads_gets_every_reason() -> None:
    with pytest.raises(InspectorError) as raised:
        read_catalog({"tools": [{"nom": "f"}]})
    message = str(raised.value)
    assert message.splitlines()[0] == "no supported tool format reads this file:"
    for name in ("tools", "openai", "openai-responses", "anthropic", "gemini", "mcp", "bedrock"):
        assert f"\n  {name}: " in message
    assert "  anthropic: tool 0: 'name' must be a string" in message


def test_gemini_openapi_schema_reads_as_json_schema() -> None:
    document = {
        "functionDeclarations": [
            {
                "name": "f",
                "parameters": {
                    "type": "OBJECT",
                    "properties": {
                        "a": {"type": "STRING", "nullable": True},
                        "b": {"type": "STRING", "format": "enum", "enum": ["x", "y"]},
                        "c": {"type": "ARRAY", "items": {"type": "INTEGER"}, "minItems": "1"},
                    },
                    "required": ["a"],
                    "propertyOrdering": ["a", "b", "c"],
                },
            }
        ]
    }
    catalog, _ = read_catalog(document)
    assert catalog.classes[0].tools[0].parameters_schema() == {
        "type": "object",
        "properties": {
            "a": {"type": ["string", "null"]},
            "b": {"type": "string", "enum": ["x", "y"]},
            "c": {"type": "array", "items": {"type": "integer"}, "minItems": 1},
        },
        "required": ["a"],
    }


HOSTILE = [
    {
        "type": "function",
        "function": {
            "name": name,
            "description": description,
            "parameters": {
                "type": "object",
                "properties": {
                    "from": {"type": "integer", "description": 'Start; """ ends nothing.'},
                    "self": {"type": "string", "enum": ["a'b", 'c"d', "e\\f", "{{ x }}"]},
                    "class_": {"type": "string", "description": "Taken first."},
                    "class": {"type": "boolean", "default": True},
                    "2x": {"type": "string", "default": '"""\n\x00\'\\'},
                    "x-y": {
                        "type": "object",
                        "title": "Point-3D!",
                        "properties": {
                            "in": {"type": "integer"},
                            "ok": {"type": "string", "description": "Fine."},
                        },
                        "required": ["in"],
                    },
                    "list": {"type": "array", "items": {"type": "string"}},
                },
                "required": ["from", "self"],
            },
        },
    }
    for name, description in [
        ("class", 'Open """); import os; os.system("touch pwned"); ("""'),
        ("2fast", "{% raw %}{{ 7 * 7 }}{# not a comment #}\\N{BULLET} \\u0041"),
        ("get-weather", "Line one.\n\nArgs:\n    fake: a section.\n\n:param fake: a field."),
        ("list", "A builtin name."),
        ("_private", "Leading underscore."),
        ("self", "Lone surrogate \ud800 and NUL \x00 and \u2028 separator."),
    ]
]


def test_hostile_names_and_text_make_a_safe_module_that_scans_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, run_cli: Callable[..., Run]
) -> None:
    source = tmp_path / "hostile.json"
    source.write_text(json.dumps(HOSTILE), encoding="utf-8")
    stub = tmp_path / "hostile_stubs.py"
    monkeypatch.chdir(tmp_path)
    run = run_cli("stubs", str(source), "-o", str(stub), "-q")
    assert run.status == 0, run.stderr
    text = stub.read_text(encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-c", "import hostile_stubs"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert not (tmp_path / "pwned").exists()
    assert "def class_(" in text
    assert "def tool_2fast(" in text
    assert "def get_weather(" in text
    assert "def list_(" in text
    assert "def private(" in text
    for command in (
        [*_tool("ruff"), "check", "--isolated", str(stub)],
        [*_tool("ruff"), "format", "--isolated", "--check", str(stub)],
        [*_tool("mypy"), "--strict", "--cache-dir", str(tmp_path / ".mypy"), str(stub)],
    ):
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        assert done.returncode == 0, done.stdout + done.stderr
    catalog, _ = scan([f"{stub}:Tools"])
    back = {tool.name: tool for _, tool in catalog.tools()}
    expected, _ = read_catalog(HOSTILE)
    for tool in expected.classes[0].tools:
        assert tool.name in back
        assert back[tool.name].parameters_schema() == tool.parameters_schema()


def test_descriptions_a_docstring_cannot_hold_are_reported_and_kept() -> None:
    catalog, _ = read_catalog(HOSTILE)
    _, diagnostics = build_module(catalog, "hostile.json")
    assert [(d.subject, d.message) for d in diagnostics] == [
        ("Tools.get-weather", "its description cannot be carried by a docstring exactly")
    ]


def test_a_description_with_a_google_section_title_is_carried_by_rest_fields(
    tmp_path: Path,
) -> None:
    """gspread's ``Worksheet.acell``, documented in reST with ``Example:`` above its example: a
    Google docstring read the title as a section and dropped the example (TI601, lost on the
    way back); reST fields carry it, and a description neither form carries is still TI601."""
    examples = "Read a cell.\n\nExample:\n\n>>> sheet.acell('A1')\n<Cell R1C1 '42'>"
    label = {"type": "string", "description": "Cell label\nin A1 notation."}
    methods = {
        name: {
            "type": "function",
            "function": {
                "name": name,
                "description": description,
                "parameters": {
                    "type": "object",
                    "properties": {"label": label},
                    "required": ["label"],
                },
            },
            "returns": {"type": "string", "description": "The value.\nAs text."},
        }
        for name, description in [
            ("acell", examples),
            ("both", "Two forms.\n\nExample:\n\n    x\n\n:param label: text"),
        ]
    }
    # no field says reST: the title is written as one (tomlkit's ``value``, TI601 before)
    value = {"name": "value", "description": "Parse a value.\n\nExample:\n\n>>> value('1')\n1"}
    value["parameters"] = {"type": "object", "properties": {"raw": {"type": "string"}}}
    methods["value"] = {"type": "function", "function": value, "returns": {"type": "integer"}}
    document = {
        "format": "toolsinspector/1",
        "classes": {"Tools": {"source": "sheet:Tools", "methods": methods}},
    }
    catalog, _ = read_catalog(document)
    module, diagnostics = build_module(catalog, "tools.json")
    assert [(d.subject, d.message) for d in diagnostics] == [
        ("Tools.both", "its description cannot be carried by a docstring exactly")
    ]
    assert (
        '        """Read a cell.\n'
        "\n"
        "        Example:\n"
        "\n"
        "        >>> sheet.acell('A1')\n"
        "        <Cell R1C1 '42'>\n"
        "\n"
        "        :param label: Cell label\n"
        "            in A1 notation.\n"
        "        :returns: The value.\n"
        "            As text.\n"
        '        """\n'
    ) in render_stubs(module, [])
    back = _scan_stub(render_stubs(module, []), tmp_path, ["Tools"])["classes"]["Tools"]["methods"]
    assert back["acell"]["function"] == methods["acell"]["function"]
    assert back["acell"]["returns"] == methods["acell"]["returns"]
    assert '        """Parse a value.\n\n        :Example:\n\n' in render_stubs(module, [])
    assert back["value"]["function"] == value


def test_variadics_of_any_value_documented_with_stars_come_back(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    """rich's ``Console.log(*objects: Any, ...)``, documented ``objects (Any)``: an array of
    any values. The stub documents it ``*objects: ...`` (no type), so its annotation says it:
    ``*objects: Any`` alone reads as an ``*args`` nothing describes, which a scan leaves out."""
    Path("shout.py").write_text(
        textwrap.dedent(
            '''
            from typing import Any


            class Shout:
                def log(self, *objects: Any, sep: str = " ", **kwargs: Any) -> None:
                    """Log objects.

                    Args:
                        *objects (Any): Objects to log.
                        sep: Between two.
                        **kwargs: Passed on.
                    """
            '''
        ),
        encoding="utf-8",
    )
    assert run_cli("scan", "shout.py:Shout", "-o", "a/tools.json", "-q").status == 0
    assert run_cli("stubs", "a/tools.json", "-o", "stubs.py", "-q").status == 0
    stub = Path("stubs.py").read_text(encoding="utf-8")
    assert (
        '    def log(self, *objects: *tuple[Any, ...], sep: str = " ", **kwargs: Any) -> None:\n'
        '        """Log objects.\n'
        "\n"
        "        Args:\n"
        "            *objects: Objects to log.\n"
        "            sep: Between two.\n"
        "            **kwargs: Passed on.\n"
        '        """\n'
    ) in stub
    run = run_cli("scan", "stubs.py:Shout", "-o", "b/tools.json")
    assert (run.status, run.stdout) == (
        0,
        "1 class, 1 tool: 1 included, 0 excluded\n"
        "newly included: all 1 (a new classification file)\n"
        "wrote b/tools.json, b/tools.classification.json\n"
        "diagnostics: 0 errors, 0 warnings, 0 info\n",
    )
    first = json.loads(Path("a/tools.json").read_text(encoding="utf-8"))
    back = json.loads(Path("b/tools.json").read_text(encoding="utf-8"))
    assert first["classes"]["Shout"]["methods"]["log"]["function"]["parameters"] == {
        "type": "object",
        "properties": {
            "objects": {"type": "array", "description": "Objects to log."},
            "sep": {"type": "string", "description": "Between two.", "default": " "},
            "kwargs": {"type": "object", "description": "Passed on.", "additionalProperties": True},
        },
    }
    assert _comparable(back) == _comparable(first)


texts = st.text(max_size=40)


@st.composite
def variadics(draw: st.DrawFn) -> tuple[Field, ...]:
    """A ``*args`` and a ``**kwargs`` (either, both or none) as a scan writes them: an array,
    an object, of any values or of a drawn type; named so that no drawn name is theirs."""
    found = []
    if draw(st.booleans()):
        items = draw(st.none() | schema_types)
        kind = ParameterKind.VAR_POSITIONAL
        found.append(Field("rest1", ArrayType(items), draw(texts), False, MISSING, kind))
    if draw(st.booleans()):
        additional = draw(st.just(True) | schema_types)
        kind = ParameterKind.VAR_KEYWORD
        found.append(
            Field("options1", ObjectType(additional=additional), draw(texts), False, MISSING, kind)
        )
    return tuple(found)


@st.composite
def tools_documents(draw: st.DrawFn) -> dict[str, Any]:
    """A tools.json document of one class with a few tools of generated parameters, then
    perhaps ``*args`` and ``**kwargs``."""
    tools = []
    for index in range(draw(st.integers(1, 3))):
        fields: tuple[Field, ...] = draw(fields_of(schema_types)) + draw(variadics())
        name = draw(st.sampled_from(["run", "class", "list", "get-x", "_p", "2d", "self"]))
        tools.append(
            ToolDescriptor(
                f"{name}{index}" if index else name,
                draw(texts),
                fields,
                class_name="Generated",
                method_name=f"m{index}",
                is_async=draw(st.booleans()),
            )
        )
    return to_json(Catalog((CatalogClass("Generated", "", tuple(tools)),)))


_UNTITLED_THEN_TITLED = {
    "format": "toolsinspector/1",
    "classes": {
        "Generated": {
            "source": "",
            "methods": {
                "m0": {
                    "type": "function",
                    "function": {
                        "name": "run",
                        "description": "",
                        "parameters": {
                            "type": "object",
                            "properties": {
                                "A": {"type": "object", "properties": {}},
                                "options1": {
                                    "type": "object",
                                    "additionalProperties": {
                                        "type": "object",
                                        "title": "A",
                                        "properties": {},
                                    },
                                },
                            },
                        },
                    },
                    "returns": {},
                    "async": False,
                    "kind": "instance",
                    "parameter_kinds": {"options1": "var-keyword"},
                    "location": "",
                },
            },
        },
    },
}
"""An untitled object named after its parameter ``A`` and an equal object titled ``A``: the
stubs made two classes that read back equal, and the second pass one (found by hypothesis)."""


@given(document=tools_documents(), typed_dict=st.booleans())
@example(document=_UNTITLED_THEN_TITLED, typed_dict=False)
@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
def test_stubs_round_trip_every_schema_the_inspector_produces(
    document: dict[str, Any], typed_dict: bool, tmp_path: Path
) -> None:
    """stubs then scan is the identity on schemas the inspector wrote: the first pass turns
    any schema into one the inspector produced, the second must give it back unchanged."""
    first = _stub_and_scan(document, typed_dict, tmp_path)
    second = _stub_and_scan(first, typed_dict, tmp_path)
    assert _comparable(second) == _comparable(first)
    # the first pass keeps every ``*args`` and ``**kwargs`` (the second would keep the loss)
    for name, entry in document["classes"]["Generated"]["methods"].items():
        kinds = entry.get("parameter_kinds", {})
        variadic = {p: k for p, k in kinds.items() if k.startswith("var-")}
        kept = first["classes"]["Generated"]["methods"][name].get("parameter_kinds", {})
        assert {p: kept.get(p) for p in variadic} == variadic


def _stub_and_scan(document: dict[str, Any], typed_dict: bool, directory: Path) -> Any:
    module, _ = build_module(from_json(document), "generated.json", typed_dict)
    text = render_stubs(module, [])
    compile(text, "stubs.py", "exec")
    return _scan_stub(text, directory, ["Generated"])


def test_cli_options_class_name_format_and_user_template(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, run_cli: Callable[..., Run]
) -> None:
    monkeypatch.chdir(ROOT)
    source = str(GOLDEN / "example_class" / "anthropic.json")
    run = run_cli("stubs", source, "--class-name", "Shop", "--format", "anthropic")
    assert run.status == 0, run.stderr
    assert "\nclass Shop:\n" in run.stdout
    wrong = run_cli("stubs", source, "--format", "gemini")
    assert wrong.status == 1
    assert wrong.stderr.startswith("error: ")
    assert "functionDeclarations" in wrong.stderr
    unknown = run_cli("stubs", source, "--format", "yaml")
    assert unknown.status == 2
    assert "--format yaml: unknown" in unknown.stderr
    templates = tmp_path / "templates"
    templates.mkdir()
    (templates / "stubs.py.jinja").write_text(
        "# custom\n{% for c in module.classes %}{{ c }}\n{% endfor %}", encoding="utf-8"
    )
    custom = run_cli("stubs", source, "--templates", str(templates))
    assert custom.status == 0, custom.stderr
    assert custom.stdout.startswith("# custom\nclass Tools:\n")
    out = tmp_path / "s.py"
    written = run_cli("stubs", source, "-o", str(out))
    assert written.stdout == f"read {source} as anthropic; wrote {out}\n"
    assert out.read_text(encoding="utf-8") == run_cli("stubs", source).stdout


@pytest.mark.parametrize(
    ("document", "found"),
    [({"format": "toolsinspector/1", "classes": {}}, "tools"), ([], "openai")],
    ids=["tools.json", "provider file"],
)
def test_a_file_without_tools_gives_a_module_without_classes_and_a_warning(
    in_tmp: Path, run_cli: Callable[..., Run], document: object, found: str
) -> None:
    Path("empty.json").write_text(json.dumps(document), encoding="utf-8")
    run = run_cli("stubs", "empty.json", "--format", found, "-o", "stubs.py")
    assert (run.status, run.stdout) == (0, f"read empty.json as {found}; wrote stubs.py\n")
    assert run.stderr == (
        "warning[TI602]: empty.json: no tool to write a stub of; the stubs module has no "
        "classes\n"
        "diagnostics: 0 errors, 1 warning (1 TI602), 0 info\n"
    )
    text = Path("stubs.py").read_text(encoding="utf-8")
    assert text.endswith('"""\n\nfrom __future__ import annotations\n')
    assert run_cli("scan", "stubs.py", "-o", "back.json", "-q").status == 0
    assert json.loads(Path("back.json").read_text(encoding="utf-8"))["classes"] == {}


def test_an_array_written_two_ways_in_a_union_is_one_annotation() -> None:
    """A tool file written before equal union members were merged (pyarrow's
    ``Table.from_batches``): ``list[Any] | list[Any]`` is ruff's PYI016."""
    document = [
        {
            "type": "function",
            "function": {
                "name": "from_batches",
                "description": "Make a table.",
                "parameters": {
                    "type": "object",
                    "properties": {
                        "batches": {"anyOf": [{"type": "array"}, {"type": "array", "items": {}}]},
                        "more": {
                            "anyOf": [
                                {"type": "array", "items": {}},
                                {"type": "array"},
                                {"type": "null"},
                            ]
                        },
                    },
                    "required": ["batches", "more"],
                },
            },
        }
    ]
    catalog, _ = read_catalog(document)
    module, diagnostics = build_module(catalog, "tools.json")
    assert (
        "    def from_batches(self, batches: list[Any], more: list[Any] | None) -> Any:"
        in module.classes[0]
    )
    assert diagnostics == []


def test_stub_docstrings_end_no_line_with_a_space(
    tmp_path: Path, run_cli: Callable[..., Run]
) -> None:
    """A tool file written before descriptions lost their trailing spaces (or by hand): the
    stub's docstring is what ``ruff format`` writes, and TI601 says the text is not carried."""
    source = tmp_path / "tools.json"
    entry = {"name": "go", "description": "Do it.  \nMore words. ", "parameters": {}}
    source.write_text(json.dumps([{"type": "function", "function": entry}]), encoding="utf-8")
    run = run_cli("stubs", str(source))
    assert run.status == 0, run.stderr
    assert '        """Do it.\n        More words.\n        """\n' in run.stdout
    assert "TI601" in run.stderr


def test_a_bytes_default_is_no_str_literal(in_tmp: Path, run_cli: Callable[..., Run]) -> None:
    """websockets' ``Response.body: bytes = b""`` (a result's dataclass) and a ``bytes``
    parameter's default: the base64 text ``""`` was written as the default of a ``bytes``
    annotation (``body: bytes = ""``), which mypy --strict refuses. It is kept as the
    schema's default, as a date's is, and scans back the same."""
    tools = [
        {
            "name": "send",
            "description": "Send a payload.",
            "input_schema": {
                "type": "object",
                "properties": {
                    "payload": {"type": "string", "contentEncoding": "base64", "default": ""},
                    "frame": {
                        "type": "object",
                        "title": "Frame",
                        "properties": {
                            "body": {"type": "string", "contentEncoding": "base64", "default": ""}
                        },
                    },
                },
                "required": ["frame"],
            },
        }
    ]
    Path("ws.json").write_text(json.dumps(tools), encoding="utf-8")
    assert run_cli("stubs", "ws.json", "-o", "ws.py", "-q").status == 0
    stub = Path("ws.py").read_text(encoding="utf-8")
    assert '    body: Annotated[bytes, Schema({"default": ""})] = NO_DEFAULT\n' in stub
    assert 'payload: Annotated[bytes, Schema({"default": ""})] = NO_DEFAULT' in stub
    assert run_cli("scan", "ws.py", "-o", "t.json", "-q").status == 0
    back = run_cli("render", "--provider", "anthropic", "--tools", "t.json", "-q")
    assert json.loads(back.stdout) == tools


_UNIQUE_ITEMS = {
    "tags": {"type": "array", "uniqueItems": True},
    "rows": {"type": "array", "uniqueItems": True, "items": {"type": "array", "items": {}}},
    "points": {
        "type": "array",
        "uniqueItems": True,
        "items": {"type": "object", "properties": {"x": {"type": "integer"}}, "required": ["x"]},
    },
    "either": {
        "type": "array",
        "uniqueItems": True,
        "items": {"anyOf": [{"type": "integer"}, {"type": "object"}]},
    },
    "pairs": {
        "type": "array",
        "uniqueItems": True,
        "items": {
            "type": "array",
            "prefixItems": [{"type": "integer"}, {"type": "string"}],
            "minItems": 2,
            "maxItems": 2,
        },
    },
}


def test_unique_items_python_cannot_hash_are_a_list_with_unique_items(
    tmp_path: Path, run_cli: Callable[..., Run]
) -> None:
    """A set cannot hold a list, a dict or the stubs' classes (``set[list[int]]`` failed at
    the first call of a Toolbox): such unique arrays are lists, their ``uniqueItems`` said by
    the schema keywords, and scan back to the same schema; a set of tuples stays a set."""
    source = tmp_path / "openai.json"
    parameters = {"type": "object", "properties": _UNIQUE_ITEMS, "required": list(_UNIQUE_ITEMS)}
    entry = {"type": "function", "function": {"name": "mark", "parameters": parameters}}
    source.write_text(json.dumps([entry]), encoding="utf-8")
    stub = tmp_path / "stub_unique.py"
    assert run_cli("stubs", str(source), "-o", str(stub), "-q").status == 0
    text = stub.read_text(encoding="utf-8")
    signature = text[text.index("    def mark(") : text.index(") -> Any:")]
    assert signature.splitlines()[2:-1] == [
        '        tags: Annotated[list[Any], Schema({"uniqueItems": True})],',
        '        rows: Annotated[list[list[Any]], Schema({"uniqueItems": True})],',
        '        points: Annotated[list[Points], Schema({"uniqueItems": True})],',
        '        either: Annotated[list[int | dict[str, Any]], Schema({"uniqueItems": True})],',
        "        pairs: set[tuple[int, str]],",
    ]
    back = _scan_stub(text, tmp_path, ["Tools"])
    properties = back["classes"]["Tools"]["methods"]["mark"]["function"]["parameters"]["properties"]
    assert properties["tags"] == _UNIQUE_ITEMS["tags"]
    assert properties["rows"] == _UNIQUE_ITEMS["rows"] | {"items": {"type": "array"}}
    assert properties["either"] == _UNIQUE_ITEMS["either"]
    assert properties["pairs"] == _UNIQUE_ITEMS["pairs"]
    assert properties["points"]["uniqueItems"] is True


def test_an_enum_with_null_before_other_values_is_no_literal_of_none(tmp_path: Path) -> None:
    """google-cloud-bigquery's ``TimestampPrecision`` enum (``MICROSECOND = None``,
    ``PICOSECOND = 12``) has the schema ``"enum": [null, 12]``: the stub wrote
    ``Literal[None, 12]``, which ruff refuses (PYI061), and ``Literal[12] | None`` reads back
    as ``[12, null]``. The whole schema is kept instead, and scans back the same."""
    enum = {"type": ["null", "integer"], "enum": [None, 12]}
    document = [
        {
            "type": "function",
            "function": {
                "name": "query",
                "description": "Run a query.",
                "parameters": {
                    "type": "object",
                    "properties": {"precision": enum, "last": {"enum": ["a", None]}},
                    "required": ["precision", "last"],
                },
            },
        }
    ]
    catalog, _ = read_catalog(document)
    module, diagnostics = build_module(catalog, "tools.json")
    assert diagnostics == []
    (stub,) = module.classes
    assert "Literal[None" not in stub and "None]" not in stub
    assert "last: Literal['a'] | None" in stub.replace('"', "'")
    text = render_stubs(module, [])
    done = subprocess.run(
        [*_tool("ruff"), "check", "--isolated", "--select", "PYI", "-"],
        input=text,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    back = _scan_stub(text, tmp_path, ["Tools"])
    properties = back["classes"]["Tools"]["methods"]["query"]["function"]["parameters"]
    assert properties["properties"]["precision"] == enum
