"""Real libraries, round three, scan side (issue 27): what polars, openai, docker and the
standard library's stubs gave wrong. Each library is in the ``test`` extra."""

from __future__ import annotations

from inspector import codes
from inspector.diagnostics import Level
from inspector.model import LeftOut
from inspector.scan.scanner import scan


def test_polars_dataframe_scans_without_an_error() -> None:
    """``pipe``/``map_columns`` take ``*args: P.args, **kwargs: P.kwargs``: left out as
    untyped ones, not a failure of the whole class."""
    catalog, diagnostics = scan(["polars.dataframe.frame:DataFrame"])
    assert [d for d in diagnostics if d.level is Level.ERROR] == []
    tools = {tool.method_name: tool for _, tool in catalog.tools()}
    for name in ("pipe", "map_columns"):
        assert tools[name].left_out[-2:] == (
            LeftOut("args", "untyped-variadic"),
            LeftOut("kwargs", "untyped-variadic"),
        )
    assert not any(d.code == codes.METHOD_FAILED for d in diagnostics)


def test_typeshed_paramspec_and_typevartuple_signatures() -> None:
    """``Executor.submit`` (ParamSpec in typeshed) and ``call_soon`` (``*args: *Ts``)."""
    catalog, diagnostics = scan(
        ["concurrent.futures:ThreadPoolExecutor", "asyncio.base_events:BaseEventLoop"]
    )
    tools = {tool.method_name: tool for _, tool in catalog.tools()}
    assert [p.name for p in tools["submit"].left_out] == ["args", "kwargs"]
    assert [p.name for p in tools["call_soon"].left_out] == ["args", "context"]
    soon = [d.message for d in diagnostics if d.subject == "BaseEventLoop.call_soon"]
    assert (
        "*args left out: a TypeVarTuple (typing_extensions.Unpack[_Ts]) says nothing of the values"
    ) in soon
    assert not any(d.code == codes.FIELDS_UNREADABLE for d in diagnostics)


def test_a_name_a_stub_assigns_is_followed() -> None:
    """typeshed's ``class UserString: maketrans = str.maketrans``: the signature is str's."""
    catalog, diagnostics = scan(["collections:UserString"])
    tools = {tool.method_name: tool for _, tool in catalog.tools()}
    maketrans = tools["maketrans"]
    assert [(f.name, f.required) for f in maketrans.parameters] == [
        ("x", True),
        ("y", False),
        ("z", False),
    ]
    assert maketrans.uncallable == ()
    assert not [d for d in diagnostics if d.code in (codes.NO_SIGNATURE, codes.METHOD_FAILED)]


def test_openai_create_takes_its_description_from_the_overloads() -> None:
    catalog, diagnostics = scan(["openai.resources.chat.completions.completions:Completions"])
    tools = {tool.method_name: tool for _, tool in catalog.tools()}
    create = tools["create"]
    assert create.description.startswith("**Starting a new project?**")
    assert "Creates a model response for the given chat conversation." in create.description
    assert [f.name for f in create.parameters if not f.description] == []
    assert not [
        d
        for d in diagnostics
        if d.subject == "Completions.create"
        and d.code
        in (
            codes.NO_DOCSTRING,
            codes.PARAMETER_UNDOCUMENTED,
        )
    ]


def test_docker_run_keeps_the_arguments_whose_type_carries_a_role() -> None:
    """``dns (:py:class:`list`): ...``: 11 documented arguments were read as ``dns (``."""
    catalog, diagnostics = scan(["docker.models.containers:ContainerCollection"])
    tools = {tool.method_name: tool for _, tool in catalog.tools()}
    run = tools["run"].parameters_schema()["properties"]
    assert isinstance(run, dict)
    for name in ("dns", "dns_opt", "dns_search", "group_add", "mounts", "security_opt"):
        assert run[name]["type"] == "array", name
    assert not [d for d in diagnostics if d.code == codes.DOCUMENTED_NOT_IN_SIGNATURE]
