"""Providers as units: the registry lists one module per provider, and a user adds a provider
with one module and one template in a ``--templates`` directory; it renders, reads back and
answers calls like a built-in one."""

from __future__ import annotations

import ast
import importlib.util
import json
from collections.abc import Callable
from pathlib import Path

import jinja2
import pytest

from inspector.diagnostics import InspectorError
from inspector.providers.registry import (
    BUILTIN_MODULES,
    available,
    builtin_providers,
    find,
    formats,
    read_catalog,
)
from inspector.runtime.toolbox import Toolbox
from tests.conftest import Run

SERVICE = '''
class Service:
    """Network checks."""

    def ping(self, host: str, port: int = 80) -> bool:
        """Check a host.

        Args:
            host: Name or address.
            port: Port number.
        """
        return host == "localhost"

    def trace(self, host: str) -> list[str]:
        """List the hops to a host.

        Args:
            host: Name or address.
        """
        return ["gateway", host]
'''
ACME_MODULE = '''
"""Acme Chat: a made-up provider, one module beside its template."""

import re

from inspector.providers import (
    Call,
    Dialect,
    DialectResult,
    Limits,
    NameRule,
    Outcome,
    Provider,
    ToolEntry,
)


def acme_parameters(tool):
    """Acme takes no defaults: they move into the description."""
    schema = tool.parameters_schema()
    result = DialectResult(schema)
    for name, prop in schema["properties"].items():
        if "default" in prop:
            prop["description"] += f" (default: {prop.pop('default')})"
            result.notes.append(f"{name} (default)")
    return result


def read_tools(document):
    return [ToolEntry(t["id"], t["about"], t["args"]) for t in document["acme_tools"]]


def read_calls(message):
    return [Call(c["ref"], c["tool"], c["with"]) for c in message["invoke"]]


def answer(outcomes):
    return [
        {
            "acme_results": [
                {"ref": o.call.id, "ok": o.error is None, "out": o.error or o.text}
                for o in outcomes
            ]
        }
    ]


PROVIDER = Provider(
    "acme",
    "Acme",
    tool_names=NameRule(re.compile(r"[a-z]{1,8}"), "1-8 lower-case letters"),
    limits=Limits(max_tools=1),
    filters={"acme_parameters": Dialect(acme_parameters, "Acme")},
    read_tools=read_tools,
    read_calls=read_calls,
    answer=answer,
)
'''
ACME_TEMPLATE = """{"acme_tools": [
{% for tool in tools %}
  {"id": {{ tool.name | tojson }}, "about": {{ tool | description_or_name | tojson }},
   "args": {{ (tool | acme_parameters).schema | tojson }}}{{ "," if not loop.last }}
{% endfor %}
]}
"""


def test_the_registry_lists_one_module_per_builtin_provider() -> None:
    providers = builtin_providers()
    assert [name.replace("-", "_") for name in providers] == list(BUILTIN_MODULES)
    listed = available()
    assert [entry.name for entry in listed] == sorted(providers)
    for entry in listed:
        assert entry.builtin and entry.template.name == f"{entry.name}.json.jinja"
        unit = entry.provider
        assert (unit.read_tools, unit.read_calls, unit.answer) != (None, None, None)
        assert None not in (unit.read_tools, unit.read_calls, unit.answer), entry.name
    assert formats() == ["tools", *providers]


def test_every_filter_a_builtin_template_uses_comes_from_a_provider_module() -> None:
    shared = {"tojson", "json_schema", "description_or_name"}
    shared |= set(jinja2.filters.FILTERS)  # Jinja's own (last, list, rejectattr, ...)
    declared = {name for p in builtin_providers().values() for name in p.filters}
    for entry in available():
        tree = jinja2.Environment().parse(entry.template.read_text(encoding="utf-8"))
        used = {node.name for node in tree.find_all(jinja2.nodes.Filter)}
        assert used <= shared | declared, (entry.name, used - shared - declared)


@pytest.fixture
def acme(in_tmp: Path, run_cli: Callable[..., Run]) -> Path:
    """A project with a service and the Acme provider in ``templates/``."""
    Path("service.py").write_text(SERVICE, encoding="utf-8")
    templates = in_tmp / "templates"
    templates.mkdir()
    (templates / "acme.py").write_text(ACME_MODULE, encoding="utf-8")
    (templates / "acme.json.jinja").write_text(ACME_TEMPLATE, encoding="utf-8")
    assert run_cli("scan", "service.py:Service", "-o", "tools.json", "-q").status == 0
    return templates


def test_a_user_provider_is_listed(acme: Path, run_cli: Callable[..., Run]) -> None:
    run = run_cli("providers", "--templates", "templates")
    assert run.status == 0
    assert "acme                 user + module              templates/acme.json.jinja\n" in (
        run.stdout
    )
    assert find("acme", [acme]).module == acme / "acme.py"


def test_a_user_provider_renders_with_its_dialect_and_limits(
    acme: Path, run_cli: Callable[..., Run]
) -> None:
    run = run_cli("render", "--provider", "acme", "--templates", "templates", "-o", "acme.json")
    assert run.status == 0, run.stderr
    assert json.loads(Path("acme.json").read_text(encoding="utf-8")) == {
        "acme_tools": [
            {
                "id": "ping",
                "about": "Check a host.",
                "args": {
                    "type": "object",
                    "properties": {
                        "host": {"type": "string", "description": "Name or address."},
                        "port": {"type": "integer", "description": "Port number. (default: 80)"},
                    },
                    "required": ["host"],
                },
            },
            {
                "id": "trace",
                "about": "List the hops to a host.",
                "args": {
                    "type": "object",
                    "properties": {"host": {"type": "string", "description": "Name or address."}},
                    "required": ["host"],
                },
            },
        ]
    }
    assert run.stderr == (
        "service.py:5: info[TI402]: Service.ping: Acme: moved into descriptions: port (default)\n"
        "warning[TI501]: acme: 2 tools; at most 1 are accepted in one request\n"
        "diagnostics: 0 errors, 1 warning (1 TI501), 1 info (1 TI402)\n"
    )


def test_a_user_provider_checks_its_name_rule(in_tmp: Path, acme: Path) -> None:
    from inspector.project import pipeline
    from inspector.render.options import RenderOptions
    from inspector.scan.scanner import scan

    catalog, _ = scan(["service.py:Service"])
    tools = [t for _, t in catalog.tools()]
    renamed = [tools[0].__class__(**{**_fields(tools[0]), "name": "Ping"})]
    (rendered,) = pipeline.render(["acme"], renamed, RenderOptions(template_dirs=[acme]))
    assert rendered.text is None
    assert [str(d) for d in rendered.diagnostics] == [
        "service.py:5: error[TI401]: Service.ping: tool name 'Ping' breaks acme's rule (1-8 "
        "lower-case letters)"
    ]


def _fields(tool: object) -> dict[str, object]:
    return {name: getattr(tool, name) for name in tool.__dataclass_fields__}  # type: ignore[attr-defined]


def test_a_user_provider_reads_its_files_back(acme: Path, run_cli: Callable[..., Run]) -> None:
    run_cli("render", "--provider", "acme", "--templates", "templates", "-o", "acme.json")
    document = json.loads(Path("acme.json").read_text(encoding="utf-8"))
    catalog, found = read_catalog(document, template_dirs=[acme])
    assert found == "acme"
    assert [t.name for _, t in catalog.tools()] == ["ping", "trace"]
    stubs = run_cli("stubs", "acme.json", "--templates", "templates", "-o", "stubs.py")
    assert stubs.status == 0, stubs.stderr
    assert stubs.stdout == "read acme.json as acme; wrote stubs.py\n"
    text = Path("stubs.py").read_text(encoding="utf-8")
    assert "    def ping(self, host: str, port: int = NO_DEFAULT) -> Any:\n" in text
    forced = run_cli("stubs", "acme.json", "--templates", "templates", "--format", "acme", "-q")
    assert forced.status == 0, forced.stderr
    unknown = run_cli("stubs", "acme.json", "--format", "acme")
    assert unknown.status == 2
    assert unknown.stderr.startswith("error: --format acme: unknown; known: auto, tools, openai,")
    openai_file = run_cli("stubs", "tools.json", "-q", "-o", "-")
    assert openai_file.status == 0


def test_a_user_reader_that_fails_is_one_reason_among_others(acme: Path) -> None:
    with pytest.raises(InspectorError) as raised:
        read_catalog({"nothing": []}, template_dirs=[acme])
    assert "\n  acme: KeyError: 'acme_tools'" in str(raised.value)
    with pytest.raises(InspectorError, match=r"acme: cannot read the tool calls \(KeyError"):
        Toolbox().handle("acme", {"calls": []}, template_dirs=[acme])


def _service(path: Path) -> object:
    spec = importlib.util.spec_from_file_location("acme_service", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.Service()


def test_a_user_provider_answers_calls(acme: Path) -> None:
    toolbox = Toolbox(_service(acme.parent / "service.py"))
    message = {
        "invoke": [
            {"ref": "a", "tool": "ping", "with": {"host": "localhost"}},
            {"ref": "b", "tool": "trace", "with": {"host": "example.org"}},
            {"ref": "c", "tool": "ping", "with": {}},
        ]
    }
    replies = toolbox.handle("acme", message, template_dirs=[acme])
    assert replies == [
        {
            "acme_results": [
                {"ref": "a", "ok": True, "out": "true"},
                {"ref": "b", "ok": True, "out": '["gateway", "example.org"]'},
                {"ref": "c", "ok": False, "out": "ping: missing required argument 'host'"},
            ]
        }
    ]
    assert toolbox.handle("acme", {"invoke": []}, template_dirs=[acme]) == []


def test_a_broken_user_module_is_an_error_naming_it(
    acme: Path, run_cli: Callable[..., Run]
) -> None:
    (acme / "acme.py").write_text("raise RuntimeError('boom')\n", encoding="utf-8")
    run = run_cli("render", "--provider", "acme", "--templates", "templates")
    assert run.status == 1
    assert run.stderr == (
        "templates/acme.py: error[TI401]: the provider module failed: RuntimeError: boom\n"
        "diagnostics: 1 error (1 TI401), 0 warnings, 0 info\n"
    )
    (acme / "acme.py").write_text(
        "from inspector.providers import Provider\nPROVIDER = Provider('other', 'Other')\n",
        encoding="utf-8",
    )
    with pytest.raises(InspectorError, match="PROVIDER is named 'other'"):
        find("acme", [acme])
    (acme / "acme.py").write_text("PROVIDER = None\n", encoding="utf-8")
    with pytest.raises(InspectorError, match=r"defines no PROVIDER = Provider\('acme', \.\.\.\)"):
        find("acme", [acme])


def test_a_template_alone_is_a_provider_without_rules(
    acme: Path, run_cli: Callable[..., Run]
) -> None:
    (acme / "acme.py").unlink()
    (acme / "acme.json.jinja").write_text(
        '[{% for tool in tools %}{{ tool.name | tojson }}{{ "," if not loop.last }}{% endfor %}]\n',
        encoding="utf-8",
    )
    run = run_cli("render", "--provider", "acme", "--templates", "templates")
    assert (run.status, run.stdout, run.stderr) == (
        0,
        '[\n  "ping",\n  "trace"\n]\n',
        "diagnostics: 0 errors, 0 warnings, 0 info\n",
    )
    with pytest.raises(InspectorError, match="provider 'acme' defines no tool-call messages"):
        Toolbox().handle("acme", {}, template_dirs=[acme])


SHARED_TREE = '''
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Node:
    """A tree node."""

    name: str
    children: list[Node] = field(default_factory=list)


class Builder:
    def grow(self, root: Node) -> Node | None:
        """Grow a tree."""
        return root


class Reader:
    def top(self) -> Node | None:
        """The top node."""
        return None
'''


def _dangling(schema: object, definitions: dict[str, object]) -> list[str]:
    """``$ref``s below a schema that name no definition in ``definitions``."""
    found = []
    stack = [schema]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            reference = node.get("$ref")
            if isinstance(reference, str) and reference.rpartition("/")[2] not in definitions:
                found.append(reference)
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return found


@pytest.mark.parametrize("order", [("Builder", "Reader"), ("Reader", "Builder")])
def test_return_schemas_resolve_their_refs_whatever_the_scan_order(
    in_tmp: Path, run_cli: Callable[..., Run], order: tuple[str, str]
) -> None:
    Path("tree.py").write_text(SHARED_TREE, encoding="utf-8")
    targets = [f"tree.py:{name}" for name in order]
    assert run_cli("scan", *targets, "-o", "tools.json", "-q").status == 0
    for provider in ("mcp", "huggingface"):
        run = run_cli("render", "--provider", provider, "-o", f"{provider}.json", "-q")
        assert run.status == 0, run.stderr
    mcp = json.loads(Path("mcp.json").read_text(encoding="utf-8"))["tools"]
    huggingface = json.loads(Path("huggingface.json").read_text(encoding="utf-8"))
    returns = [t["outputSchema"] for t in mcp] + [t["function"]["return"] for t in huggingface]
    assert len(returns) == 4
    for schema in returns:
        assert "Node" in schema["$defs"]
        assert _dangling(schema, schema["$defs"]) == []
    top = next(t for t in mcp if t["name"] == "top")["outputSchema"]
    assert top["properties"]["result"] == {"anyOf": [{"$ref": "#/$defs/Node"}, {"type": "null"}]}


def test_a_failing_user_filter_is_an_error_naming_the_template_line(
    acme: Path, run_cli: Callable[..., Run]
) -> None:
    (acme / "acme.py").write_text(
        "from inspector.providers import Provider\n\n"
        "def boom(tool):\n    return 1 / 0\n\n"
        "PROVIDER = Provider('acme', 'Acme', filters={'boom': boom})\n",
        encoding="utf-8",
    )
    (acme / "acme.json.jinja").write_text(
        "[\n{% for tool in tools %}{{ tool | boom }}{% endfor %}\n]\n", encoding="utf-8"
    )
    run = run_cli("render", "--provider", "acme", "--templates", "templates")
    assert (run.status, run.stdout) == (1, "")
    assert run.stderr == (
        "templates/acme.json.jinja:2: error[TI401]: ZeroDivisionError: division by zero\n"
        "diagnostics: 1 error (1 TI401), 0 warnings, 0 info\n"
    )


@pytest.mark.parametrize(
    "entry",
    ["{{ tool | walk | tojson }}", "{{ (tool | walk).upper() | tojson }}"],
    ids=["stand-in written", "stand-in failing the template"],
)
def test_a_user_filter_too_deep_for_one_tool_leaves_that_tool_out(
    acme: Path, run_cli: Callable[..., Run], entry: str
) -> None:
    """A user's filter recursing past Python's limit on one tool: the file holds the others,
    and a warning names the method left out, whatever the template does with the value given
    in the failed tool's place in the render that found it."""
    (acme / "acme.py").write_text(
        "from inspector.providers import Provider\n\n"
        "def walk(tool):\n"
        "    return walk(tool) if tool.method_name == 'ping' else tool.name.lower()\n\n"
        "PROVIDER = Provider('acme', 'Acme', filters={'walk': walk})\n",
        encoding="utf-8",
    )
    (acme / "acme.json.jinja").write_text(
        "[{% for tool in tools %}" + entry + "{{ ',' if not loop.last }}{% endfor %}]\n",
        encoding="utf-8",
    )
    run = run_cli("render", "--provider", "acme", "--templates", "templates")
    assert (run.status, json.loads(run.stdout)) == (0, ["TRACE" if "upper" in entry else "trace"])
    assert run.stderr == (
        "service.py:5: warning[TI407]: Service.ping: acme: left out of the file: its types are "
        "nested too deeply to make a schema of (past Python's recursion limit); set the method "
        "false in the classification file\n"
        "diagnostics: 0 errors, 1 warning (1 TI407), 0 info\n"
    )


OPTIONAL_ENTRY = (
    '{"name": {{ tool.name | tojson }}, "input_schema": {"type": "object", "properties": '
    '{"a": {"type": "integer"}, "b": {"type": ["integer", "string"]}}}, "strict": true}'
)
SELF_STRICT = {
    "anthropic": "[{% for tool in tools %}" + OPTIONAL_ENTRY + "{{ ',' if not loop.last }}"
    "{% endfor %}]",
    "bedrock": '{"tools": [{% for tool in tools %}{"toolSpec": '
    + OPTIONAL_ENTRY.replace('"input_schema": ', '"inputSchema": {"json": ').replace(
        '}}}, "strict"', '}}}}, "strict"'
    )
    + "}{{ ',' if not loop.last }}{% endfor %}]}",
}


@pytest.mark.parametrize("provider", sorted(SELF_STRICT))
def test_a_template_that_sets_strict_itself_is_still_checked_against_the_limits(
    tmp_path: Path, provider: str
) -> None:
    from inspector.model import ToolDescriptor
    from inspector.project import pipeline
    from inspector.render.options import RenderOptions

    (tmp_path / f"{provider}.json.jinja").write_text(SELF_STRICT[provider], encoding="utf-8")
    tools = [ToolDescriptor(f"t{i}", "T.") for i in range(21)]
    (rendered,) = pipeline.render([provider], tools, RenderOptions(template_dirs=[tmp_path]))
    assert rendered.text is not None
    assert [d.message for d in rendered.diagnostics] == [
        f"{provider}: 21 strict tools; at most 20 per request",
        f"{provider}: 42 optional parameters across strict schemas; at most 24 per request",
        f"{provider}: 21 parameters with unions across strict schemas; at most 16 per request",
    ]


def test_diff_reads_a_user_providers_files(acme: Path, run_cli: Callable[..., Run]) -> None:
    run_cli("render", "--provider", "acme", "--templates", "templates", "-o", "old.json", "-q")
    document = json.loads(Path("old.json").read_text(encoding="utf-8"))
    document["acme_tools"].pop()
    Path("new.json").write_text(json.dumps(document), encoding="utf-8")
    run = run_cli("diff", "old.json", "new.json", "--templates", "templates", "--json")
    assert run.status == 0, run.stderr
    assert json.loads(run.stdout)["changes"] == [
        {
            "tool": "trace",
            "path": "",
            "class": "breaking",
            "kind": "tool-removed",
            "message": "tool removed",
        }
    ]


LAYERS = {
    "providers": (
        "codes",
        "diagnostics",
        "model",
        "sharing",
        "catalog",
        "typetable",  # the bottom layer: MCP checks a result against its outputSchema with it
        "files",
        "providers",
    ),
    "files": ("codes", "diagnostics", "model", "sharing", "catalog", "files"),
}
"""What the provider units and the files they read may import (module docstrings aside)."""


@pytest.mark.parametrize("package", sorted(LAYERS))
def test_providers_and_files_import_nothing_above_them(package: str) -> None:
    root = Path(__file__).resolve().parent.parent / "inspector"
    allowed = tuple(f"inspector.{name}" for name in LAYERS[package])
    for path in sorted((root / package).glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module == "inspector":
                names = [f"inspector.{alias.name}" for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            else:
                continue
            for name in names:
                if name.startswith("inspector"):
                    assert name.startswith(allowed), f"{path.name} imports {name}"
