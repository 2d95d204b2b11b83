"""Real classes nobody here wrote: every public method is emitted or named in a located
diagnostic, every provider accepts the output (the SDK checks of test_providers), and the
stubs compile and pass ruff. The counts are recorded so a regression shows."""

from __future__ import annotations

import datetime
import json
import py_compile
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import botocore.session
import pytest
import typer

from inspector.diagnostics import Level
from inspector.files.tools_json import to_json
from inspector.model import ToolDescriptor
from inspector.render.jinja import render_template as render
from inspector.render.options import RenderOptions
from inspector.runtime.toolbox import Toolbox
from inspector.scan.hints import TypeMapper
from inspector.scan.methods import MethodBuilder
from inspector.scan.scanner import scan
from inspector.scan.targets import ClassInfo, Targets, iter_methods
from inspector.stubs.module import build_module, render_stubs
from tests.conftest import Run
from tests.goldens import RENDERS
from tests.test_providers import CHECKS

COUNTS = {
    "rich.console:Console": (41, 0),
    "rich.table:Table": (5, 0),
    "httpx:Client": (11, 0),  # and `stream`, a context manager: no tool
    "pathlib:Path": (50, 0),
    "collections:Counter": (7, 0),
    "json:JSONDecoder": (2, 0),
    "argparse:ArgumentParser": (18, 0),
    "sqlite3:Connection": (22, 0),
}
"""Target → (methods emitted, methods left out with an error diagnostic)."""


@pytest.fixture(scope="module")
def scanned() -> dict[str, tuple[object, list[object]]]:
    return {target: scan([target]) for target in COUNTS}


@pytest.mark.parametrize("target", COUNTS)
def test_every_public_method_is_emitted_or_diagnosed(
    target: str, scanned: dict[str, tuple[object, list[object]]]
) -> None:
    catalog, diagnostics = scanned[target]
    (info,) = Targets().resolve(target)
    public = [m.name for m in iter_methods(info)]
    emitted = {tool.method_name for _, tool in catalog.tools()}  # type: ignore[attr-defined]
    errors = {
        d.subject.rpartition(".")[2]: d  # type: ignore[attr-defined]
        for d in diagnostics
        if d.level is Level.ERROR  # type: ignore[attr-defined]
    }
    for name in public:
        assert name in emitted or name in errors, f"{target}: {name} neither emitted nor diagnosed"
    for diagnostic in errors.values():
        assert diagnostic.path, diagnostic  # located: it names the file
    assert (len(emitted), len(errors)) == COUNTS[target]


@pytest.mark.parametrize("target", COUNTS)
def test_every_provider_accepts_the_output(
    target: str, scanned: dict[str, tuple[object, list[object]]]
) -> None:
    catalog, _ = scanned[target]
    tools = [tool for _, tool in catalog.tools()]  # type: ignore[attr-defined]
    for file_name, args in RENDERS.items():
        provider = args[1]
        options = RenderOptions(
            strict="--strict" in args, gemini_json_schema="--gemini-json-schema" in args
        )
        text, _ = render(provider, tools, options)
        CHECKS[file_name.removesuffix(".json")](json.loads(text))


@pytest.mark.parametrize("target", COUNTS)
def test_stubs_compile_and_pass_ruff(
    target: str, scanned: dict[str, tuple[object, list[object]]], tmp_path: Path
) -> None:
    catalog, _ = scanned[target]
    module, _ = build_module(catalog, "tools.json")  # type: ignore[arg-type]
    path = tmp_path / "real_stubs.py"
    path.write_text(render_stubs(module, []), encoding="utf-8")
    py_compile.compile(str(path), doraise=True)
    ruff = shutil.which("ruff", path=str(Path(sys.executable).parent))
    assert ruff, "ruff is not installed (the test extra installs it)"
    done = subprocess.run(
        [ruff, "check", "--isolated", str(path)], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stdout
    assert to_json(catalog)["classes"]  # type: ignore[arg-type]


@pytest.mark.parametrize("target", COUNTS)
def test_the_command_line_exits_0_or_1_without_a_traceback(
    target: str, tmp_path: Path, run_cli: Callable[..., Run]
) -> None:
    run = run_cli("scan", target, "-o", str(tmp_path / "tools.json"), "-q")
    assert run.status == (1 if COUNTS[target][1] else 0)
    assert "Traceback" not in run.stderr


def test_anthropic_strict_stays_within_the_request_limits_on_real_code(
    scanned: dict[str, tuple[object, list[object]]],
) -> None:
    from inspector.project import pipeline
    from inspector.providers.anthropic import PROVIDER
    from inspector.providers.limits import StrictUsage, exceeded, strict_usage

    catalog, _ = scanned["pathlib:Path"]
    tools = [tool for _, tool in catalog.tools()]  # type: ignore[attr-defined]
    (rendered,) = pipeline.render(["anthropic"], tools, RenderOptions(strict=True))
    assert rendered.text is not None
    document = json.loads(rendered.text)
    CHECKS["anthropic-strict"](document)
    strict = [entry for entry in document if entry.get("strict")]
    usage = sum((strict_usage(e["input_schema"]) for e in strict), start=StrictUsage())
    assert len(strict) == 20
    assert exceeded(PROVIDER.limits, usage) == []
    (summary,) = [d.message for d in rendered.diagnostics if "per-request" in d.message]
    assert re.match(
        r'anthropic: \d+ tools rendered without "strict" to stay within the per-request limits '
        r"\(at most 20 strict tools\): \w+\.\w+, ",
        summary,
    )


@pytest.fixture(scope="module")
def s3_tools() -> dict[str, ToolDescriptor]:
    """A few tools of a real botocore S3 client (no network: creating one sends nothing)."""
    session = botocore.session.get_session()
    client = session.create_client(
        "s3", region_name="us-east-1", aws_access_key_id="k", aws_secret_access_key="s"
    )
    cls = type(client)
    builder = MethodBuilder()
    wanted = {"delete_object", "get_object_tagging", "close"}
    tools = {}
    for method in iter_methods(ClassInfo(cls, cls.__name__, "botocore")):
        if method.name in wanted:
            tool, _ = builder.build(method)
            assert isinstance(tool, ToolDescriptor)
            tools[method.name] = tool
    return tools


def test_botocore_lazy_docstrings_give_typed_required_parameters(
    s3_tools: dict[str, ToolDescriptor],
) -> None:
    schema = s3_tools["get_object_tagging"].parameters_schema()
    assert {name: p.get("type") for name, p in schema["properties"].items()} == {  # type: ignore[union-attr]
        "Bucket": "string",
        "Key": "string",
        "VersionId": "string",
        "ExpectedBucketOwner": "string",
        "RequestPayer": "string",
    }
    assert schema["required"] == ["Bucket", "Key"]
    bucket = schema["properties"]["Bucket"]  # type: ignore[index,call-overload]
    assert bucket["description"].startswith(  # type: ignore[index,union-attr]
        "The bucket name containing the object for which to get the tagging information."
    )
    deleted = s3_tools["delete_object"].parameters_schema()["properties"]
    assert deleted["IfMatchLastModifiedTime"]["format"] == "date-time"  # type: ignore[index,call-overload]
    assert deleted["BypassGovernanceRetention"]["type"] == "boolean"  # type: ignore[index,call-overload]
    assert s3_tools["delete_object"].description.startswith("Removes an object from a bucket.")
    assert s3_tools["close"].parameters == ()


def test_stdlib_flag_values_are_paired_with_their_names() -> None:
    assert TypeMapper().map(re.RegexFlag).to_schema() == {  # a Flag: an array of members
        "type": "array",
        "items": {
            "type": "integer",
            "enum": [256, 2, 4, 32, 8, 16, 64, 1, 128],
            "description": "256 = ASCII, 2 = IGNORECASE, 4 = LOCALE, 32 = UNICODE, "
            "8 = MULTILINE, 16 = DOTALL, 64 = VERBOSE, 1 = TEMPLATE, 128 = DEBUG",
        },
        "uniqueItems": True,
    }


def test_a_typer_command_class_reads_options_and_the_toolbox_calls_it() -> None:
    class Greeter:
        def greet(
            self,
            name: str = typer.Argument(..., help="Who to greet."),
            count: int = typer.Option(1, "--count", "-c", help="How often.", min=1),
        ) -> str:
            """Greet someone."""
            return " ".join([f"Hello {name}"] * count)

    box = Toolbox(Greeter())
    (tool,) = box.tools
    assert tool.parameters_schema() == {
        "type": "object",
        "properties": {
            "name": {"type": "string", "description": "Who to greet."},
            "count": {"type": "integer", "description": "How often.", "minimum": 1, "default": 1},
        },
        "required": ["name"],
    }
    assert box.call("greet", {"name": "Ada"}) == "Hello Ada"


def test_c_methods_take_their_signature_from_typeshed() -> None:
    catalog, _ = scan(["sqlite3:Connection", "datetime:timedelta"])
    tools = {tool.name: tool for _, tool in catalog.tools()}
    assert tools["backup"].parameters_schema() == {
        "type": "object",
        "properties": {
            "target": {},
            "pages": {"type": "integer", "default": -1},
            "name": {"type": "string", "default": "main"},
            "sleep": {"type": "number", "default": 0.25},
        },
        "required": ["target"],
    }
    assert tools["backup"].uncallable == (("target", "Connection"),)  # a live connection
    assert [(p.name, p.type) for p in tools["backup"].left_out] == [
        ("progress", "collections.abc.Callable[[int, int, int], object]")  # only null is JSON
    ]
    assert dict(tools["backup"].type_sources) == {
        "target": "stub",
        "pages": "stub",
        "progress": "stub",
        "name": "stub",
        "sleep": "stub",
        "return": "stub",
    }
    assert tools["total_seconds"].parameters == ()
    assert tools["total_seconds"].returns.to_schema() == {"type": "number"}
    assert tools["total_seconds"].type_sources == (("return", "stub"),)


def test_type_checking_names_of_real_libraries_resolve() -> None:
    """rich imports ``Live`` and ``Status`` only under ``if TYPE_CHECKING:``."""
    _, diagnostics = scan(["rich.console:Console"])
    assert not [d for d in diagnostics if "unresolved" in d.message]
    assert [
        d.message for d in diagnostics if d.subject == "Console.status" and "Status" in d.message
    ] == [
        "return value: type Status has no JSON form; the model gets the form read from the "
        "value (an array, a record's fields, a mapping), else its text"
    ]


def test_forward_references_written_as_text_in_real_hints_resolve() -> None:
    """jinja2 writes ``t.Sequence[t.Union[str, t.Type["Extension"]]]`` without ``from
    __future__ import annotations``; ``Extension`` is imported only under ``TYPE_CHECKING``."""
    catalog, diagnostics = scan(["jinja2:Environment"])
    assert not [d for d in diagnostics if d.code in ("TI105", "TI122", "TI127")]
    tools = {tool.name: tool for _, tool in catalog.tools()}
    extensions = tools["overlay"].parameters_schema()["properties"]["extensions"]
    assert extensions == {"type": "array", "items": {"type": "string"}}
    subject = "Environment.add_extension"
    found = [d.message for d in diagnostics if d.subject == subject and d.code != "TI204"]
    assert found == [
        "parameter 'extension': union member Type[jinja2.ext.Extension] has no JSON Schema form;"
        " left out"
    ]


def test_a_c_method_renamed_for_a_clash_keeps_its_file_in_the_warning() -> None:
    catalog, diagnostics = scan(["sqlite3:Connection", "zipfile:ZipFile"])
    names = {tool.name for _, tool in catalog.tools()}
    assert {"Connection_close", "ZipFile_close"} <= names
    (renamed,) = [d for d in diagnostics if d.subject == "Connection.close"]
    assert renamed.message == (
        "another class has a method 'close': the tool is named 'Connection_close'"
    )
    assert (Path(renamed.path).parent.name, Path(renamed.path).name, renamed.line) == (
        "sqlite3",
        "__init__.py",
        0,
    )


def test_methods_taking_live_objects_are_not_offered_by_default() -> None:
    """httpx's ``send(request: Request)`` needs a live request; ``Console.input``'s optional
    ``stream: TextIO`` is left out, so the method stays callable."""
    import httpx

    catalog, diagnostics = scan(["httpx:Client", "rich.console:Console"])
    tools = {tool.method_name: tool for _, tool in catalog.tools()}
    assert tools["send"].uncallable == (("request", "Request"),)
    assert [d.code for d in diagnostics if d.subject == "Client.send" and d.code == "TI131"] == [
        "TI131"
    ]
    assert "stream" not in tools["input"].parameters_schema()["properties"]  # type: ignore[operator]
    assert [p.name for p in tools["input"].left_out] == ["stream"]
    with httpx.Client() as client:
        offered = {tool.method_name for tool in Toolbox(client).tools}
    assert "send" not in offered and {"get", "post", "request"} <= offered


def test_protocol_hints_of_real_code_have_forms_the_toolbox_converts_to(tmp_path: Path) -> None:
    """typeshed names protocols (``ReadableBuffer``, ``SupportsIndex``, ``StrPath``) and
    unions of string forms; the schema says their stand-in and the Toolbox passes it."""
    path_tools = {tool.name: tool for _, tool in scan(["pathlib:Path"])[0].tools()}
    assert path_tools["write_bytes"].parameters_schema()["properties"] == {
        "data": {"type": "string", "contentEncoding": "base64"}
    }
    assert path_tools["symlink_to"].parameters_schema()["properties"]["target"] == {
        "type": "string"
    }
    moment_tools = {tool.name: tool for _, tool in scan(["datetime:datetime"])[0].tools()}
    replace = moment_tools["replace"].parameters_schema()["properties"]
    assert [replace[name] for name in ("year", "month", "day")] == [{"type": "integer"}] * 3
    client_tools = {tool.name: tool for _, tool in scan(["httpx:Client"])[0].tools()}
    assert client_tools["post"].parameters_schema()["properties"]["auth"]["prefixItems"] == [
        {"type": "string"},  # str | bytes
        {"type": "string"},
    ]
    target = tmp_path / "out.bin"
    assert Toolbox(target).call("write_bytes", {"data": "aGk="}) == 2
    assert target.read_bytes() == b"hi"
    moved = Toolbox(datetime.datetime(2024, 5, 1)).call("replace", {"year": 2025, "day": 3})
    assert moved == datetime.datetime(2025, 5, 3)
