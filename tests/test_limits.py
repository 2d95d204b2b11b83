"""Size and depth: huge classes, docstrings, deep and wide types finish in bounded time without
RecursionError (and without raising Python's recursion limit), and providers' limits become
diagnostics instead of files they would reject."""

from __future__ import annotations

import contextlib
import dataclasses
import json
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from inspector.diagnostics import Diagnostic, Level
from inspector.model import (
    AnyOfType,
    Field,
    IntegerType,
    ObjectType,
    RefType,
    StringType,
    ToolDescriptor,
)
from inspector.project import pipeline
from inspector.render.jinja import render_template as render
from inspector.render.limits import Budget, size_report
from inspector.render.options import RenderOptions
from inspector.scan.hints import MAX_NESTING
from inspector.scan.scanner import scan
from tests.conftest import COMPILED, Run
from tests.goldens import RENDERS
from tests.test_providers import CHECKS

SECONDS = 60.0
"""A generous bound: each case takes well under a second or two here; a blow-up does not."""


def _module(tmp_path: Path, name: str, source: str) -> Path:
    path = tmp_path / f"{name}.py"
    path.write_text(source, encoding="utf-8")
    return path


def _scan(path: Path, cls: str) -> tuple[list[object], list[str]]:
    start = time.perf_counter()
    catalog, diagnostics = scan([f"{path}:{cls}"])
    assert time.perf_counter() - start < SECONDS
    return [tool for _, tool in catalog.tools()], [str(d) for d in diagnostics]


def _render_all(tools: list[object]) -> dict[str, tuple[object, list[str]]]:
    """Every render, each checked against its provider's SDK."""
    outputs = {}
    for file_name, args in RENDERS.items():
        options = RenderOptions(
            strict="--strict" in args,
            gemini_json_schema="--gemini-json-schema" in args,
            compiled=COMPILED,
        )
        text, notes = render(args[1], tools, options)  # type: ignore[arg-type]
        document = json.loads(text)
        CHECKS[file_name.removesuffix(".json")](document)
        outputs[file_name] = (document, [d.message for d in notes])
    return outputs


def test_a_class_with_2000_methods(tmp_path: Path) -> None:
    body = "".join(
        f"    def m{i}(self, a: int, b: str = 'x') -> int:\n"
        f"        '''Method {i}.\n\n        Args:\n"
        "            a: A.\n            b: B.\n        '''\n"
        "        return a\n"
        for i in range(2000)
    )
    path = _module(tmp_path, "wide", f"class Wide:\n    '''Many.'''\n{body}")
    tools, diagnostics = _scan(path, "Wide")
    assert len(tools) == 2000
    assert diagnostics == []


def test_a_one_megabyte_docstring(tmp_path: Path) -> None:
    text = ("word " * 200_000).strip()
    path = _module(
        tmp_path,
        "long_doc",
        f"class Long:\n    def read(self, x: int) -> None:\n        '''{text}\n\n"
        "        Args:\n            x: X.\n        '''\n",
    )
    tools, _ = _scan(path, "Long")
    assert tools[0].description == text  # type: ignore[attr-defined]
    text, notes = render("openai", tools, RenderOptions(compiled=COMPILED))  # type: ignore[arg-type]
    assert notes == []
    no_budget = Budget(0, 0)  # the token budgets have their own tests (test_budgets)
    _, warnings = size_report("openai", json.loads(text), tools, budget=no_budget)  # type: ignore[arg-type]
    assert [w.message for w in warnings] == [
        "openai: description has 999999 characters; some models reject more than 1024"
    ]


def _nested_source(depth: int) -> str:
    classes = [
        "from __future__ import annotations\nfrom dataclasses import dataclass\n\n",
        f"@dataclass\nclass D{depth}:\n    '''Leaf.'''\n\n    value: int\n\n",
    ]
    for level in range(depth - 1, -1, -1):
        classes.append(
            f"@dataclass\nclass D{level}:\n    '''Level {level}.'''\n\n    inner: D{level + 1}\n\n"
        )
    classes.append(
        "class Deep:\n    def go(self, tree: D0) -> None:\n"
        "        '''Go.\n\n        Args:\n            tree: T.\n        '''\n"
    )
    return "".join(classes)


def test_a_type_nested_60_levels_deep(tmp_path: Path) -> None:
    tools, diagnostics = _scan(_module(tmp_path, "deep", _nested_source(60)), "Deep")
    assert diagnostics == []
    outputs = _render_all(tools)
    strict, notes = outputs["openai-strict.json"]
    assert "strict" not in strict[0]["function"]  # type: ignore[index]
    assert notes == [
        "cannot be strict for OpenAI: the arguments object has 62 levels of nesting; "
        'OpenAI strict mode allows 10; rendered without "strict"'
    ]


def test_recursion_through_three_classes(tmp_path: Path) -> None:
    source = (
        "from __future__ import annotations\nfrom dataclasses import dataclass\n\n"
        "@dataclass\nclass A:\n    '''A.'''\n\n    b: B | None = None\n\n"
        "@dataclass\nclass B:\n    '''B.'''\n\n    c: list[C]\n\n"
        "@dataclass\nclass C:\n    '''C.'''\n\n    a: A\n\n"
        "class Cycle:\n    def walk(self, start: A) -> None:\n        '''Walk.\n\n        Args:\n"
        "            start: S.\n        '''\n"
    )
    tools, diagnostics = _scan(_module(tmp_path, "cycle", source), "Cycle")
    assert diagnostics == []
    assert [name for name, _ in tools[0].definitions] == ["A"]  # type: ignore[attr-defined]
    _render_all(tools)


def test_a_union_of_50_members(tmp_path: Path) -> None:
    classes = "".join(
        f"@dataclass\nclass C{i}:\n    '''C{i}.'''\n\n    f{i}: int\n\n" for i in range(50)
    )
    union = " | ".join(f"C{i}" for i in range(50))
    source = (
        "from __future__ import annotations\nfrom dataclasses import dataclass\n\n"
        f"{classes}class Wide:\n    def pick(self, one: {union}) -> None:\n"
        "        '''Pick.\n\n        Args:\n            one: One.\n        '''\n"
    )
    tools, diagnostics = _scan(_module(tmp_path, "union50", source), "Wide")
    assert diagnostics == []
    assert len(tools[0].parameters_schema()["properties"]["one"]["anyOf"]) == 50  # type: ignore[attr-defined]
    _render_all(tools)


def test_an_enum_with_5000_members(tmp_path: Path) -> None:
    source = (
        "import enum\n\nBig = enum.Enum('Big', {f'V{i}': f'v{i}' for i in range(5000)})\n\n"
        "class Pick:\n    def choose(self, value: Big) -> None:\n"
        "        '''Choose.\n\n        Args:\n            value: V.\n        '''\n"
    )
    tools, diagnostics = _scan(_module(tmp_path, "big_enum", source), "Pick")
    assert diagnostics == []
    outputs = _render_all(tools)
    strict, notes = outputs["openai-strict.json"]
    assert "strict" not in strict[0]["function"]  # type: ignore[index]
    assert notes == [
        "cannot be strict for OpenAI: the arguments object has 5000 enum values; "
        'OpenAI strict mode allows 1000; rendered without "strict"'
    ]


def test_a_type_as_deep_as_the_scan_reads_is_read_whole(tmp_path: Path) -> None:
    depth = MAX_NESTING - 1  # D0 ... D99: a hundred classes nested
    before = sys.getrecursionlimit()
    tools, diagnostics = _scan(_module(tmp_path, f"deep{depth}", _nested_source(depth)), "Deep")
    assert sys.getrecursionlimit() == before
    assert diagnostics == []
    assert _object_levels(tools[0].parameters_schema()) == MAX_NESTING + 1  # type: ignore[attr-defined]
    with _recursion_limit(20_000):  # for jsonschema's checks: the renders need none
        _render_all(tools)


@contextlib.contextmanager
def _recursion_limit(limit: int) -> Iterator[None]:
    """A higher recursion limit for the duration of a test, then the one before."""
    before = sys.getrecursionlimit()
    sys.setrecursionlimit(limit)
    try:
        yield
    finally:
        sys.setrecursionlimit(before)


def test_a_deeper_type_is_any_value_below_the_bound_never_a_recursion_error(
    tmp_path: Path,
) -> None:
    depth = 2 * MAX_NESTING
    before = sys.getrecursionlimit()
    tools, diagnostics = _scan(_module(tmp_path, f"deep{depth}", _nested_source(depth)), "Deep")
    assert sys.getrecursionlimit() == before
    assert diagnostics == [
        f"deep{depth}.py:{6 * depth + 11}: warning[TI116]: Deep.go: parameter 'tree': fields of "
        f"D{MAX_NESTING} not read: nested more than {MAX_NESTING} classes deep; any value accepted"
    ]
    assert _object_levels(tools[0].parameters_schema()) == MAX_NESTING + 1  # type: ignore[attr-defined]


def _object_levels(schema: object) -> int:
    """How many objects are nested in a schema, along its deepest path."""
    if isinstance(schema, dict):
        inner = max((_object_levels(v) for v in schema.values()), default=0)
        return inner + (schema.get("type") == "object")
    if isinstance(schema, list):
        return max((_object_levels(v) for v in schema), default=0)
    return 0


TOO_DEEP = 400
"""Type levels past what Python's default recursion limit lets a schema be made with: the
library never raises the limit (a process-wide setting)."""


def _deep_tool(depth: int) -> ToolDescriptor:
    nested = ObjectType((Field("value", IntegerType(), required=True),), title="Leaf")
    for level in range(depth):
        nested = ObjectType((Field("inner", nested, required=True),), title=f"D{level}")
    return ToolDescriptor(
        "go",
        "Go.",
        (Field("tree", nested, required=True),),
        class_name="Deep",
        method_name="go",
        location="deep.py:3",
    )


def test_a_type_too_deep_to_render_leaves_its_tool_out_with_a_warning_naming_its_method() -> None:
    providers = [name.removesuffix(".json") for name in RENDERS if "-" not in name]
    small = ToolDescriptor("count", "Count.", (Field("n", IntegerType()),), class_name="Deep")
    for strict in (False, True):
        options = RenderOptions(strict, compiled=COMPILED)
        rendered = list(pipeline.render(providers, [_deep_tool(TOO_DEEP), small], options))
        alone = list(pipeline.render(providers, [small], options))
        assert [r.document for r in rendered] == [r.document for r in alone]
        assert [r.diagnostics for r in rendered] == [
            [
                Diagnostic(
                    Level.WARNING,
                    f"{provider}: left out of the file: its types are nested too deeply to make "
                    "a schema of (past Python's recursion limit); set the method false in the "
                    "classification file",
                    "deep.py",
                    3,
                    "Deep.go",
                    "TI407",
                ),
                *r.diagnostics,
            ]
            for provider, r in zip(providers, alone, strict=True)
        ]


def test_a_tools_file_too_deep_to_read_is_an_error(
    tmp_path: Path, run_cli: Callable[..., Run]
) -> None:
    schema = '{"type": "integer"}'
    for _ in range(TOO_DEEP):
        schema = f'{{"type": "object", "properties": {{"inner": {schema}}}}}'
    entry = f'{{"function": {{"name": "go", "parameters": {schema}}}}}'
    tools = tmp_path / "tools.json"
    tools.write_text(
        f'{{"format": "toolsinspector/1", "classes": {{"Deep": {{"source": "d.py:Deep", '
        f'"methods": {{"go": {entry}}}}}}}}}',
        encoding="utf-8",
    )
    for command in (["render", "--provider", "openai", "--tools"], ["stubs"]):
        run = run_cli(*command, str(tools))
        assert (run.status, run.stdout) == (1, "")
        assert run.stderr == f"error: {tools}: the schemas are nested too deeply to read\n"


def test_more_properties_than_openai_strict_allows_is_reported_not_sent_strict() -> None:
    from inspector.model import Field, IntegerType, ToolDescriptor

    fields = tuple(Field(f"p{i}", IntegerType(), "", False, 0) for i in range(5001))
    tool = ToolDescriptor("wide", "Wide.", fields, class_name="C", method_name="wide")
    text, notes = render("openai", [tool], RenderOptions(strict=True, compiled=COMPILED))
    assert "strict" not in json.loads(text)[0]["function"]
    assert [n.message for n in notes] == [
        "cannot be strict for OpenAI: the arguments object has 5001 object properties; "
        'OpenAI strict mode allows 5000; rendered without "strict"'
    ]


def test_every_render_warns_past_a_limit_without_report(
    tmp_path: Path, run_cli: Callable[..., Run]
) -> None:
    path = _module(
        tmp_path,
        "wordy",
        f"class Wordy:\n    def say(self) -> None:\n        '''{'word ' * 300}'''\n",
    )
    tools = tmp_path / "tools.json"
    assert run_cli("scan", f"{path}:Wordy", "-o", str(tools), "-q").status == 0
    run = run_cli("render", "--provider", "openai", "--tools", str(tools))
    assert run.status == 0
    # 300 words and the spaces between them: the line's last space is not kept
    assert "openai: description has 1499 characters; some models reject more than 1024" in (
        run.stderr
    )


def _tools(*parameter_sets: tuple[Field, ...]) -> list[ToolDescriptor]:
    return [
        ToolDescriptor(f"t{i}", f"Tool {i}.", fields, class_name="C", method_name=f"t{i}")
        for i, fields in enumerate(parameter_sets)
    ]


def _strict_render(provider: str, tools: list[ToolDescriptor]) -> tuple[list[bool], list[str]]:
    """Which tools came out strict, and every diagnostic of the render (limits included)."""
    options = RenderOptions(
        strict=True, max_tool_tokens=0, max_file_tokens=0, compiled=COMPILED
    )  # budgets aside
    (rendered,) = pipeline.render([provider], tools, options)
    assert rendered.text is not None
    document = json.loads(rendered.text)
    CHECKS[provider](document)
    entries = document["tools"] if isinstance(document, dict) else document
    flags = [(e.get("function") or e.get("toolSpec") or e).get("strict") is True for e in entries]
    return flags, [d.message for d in rendered.diagnostics]


REQUIRED = (Field("q", StringType()),)


@pytest.mark.parametrize("provider", ["anthropic", "bedrock"])
def test_anthropic_strict_stops_at_20_tools_per_request(provider: str) -> None:
    flags, notes = _strict_render(provider, _tools(*[REQUIRED] * 23))
    assert flags == [True] * 20 + [False] * 3
    assert notes == [
        f'{provider}: 3 tools rendered without "strict" to stay within the per-request limits '
        "(at most 20 strict tools): C.t20, C.t21, C.t22"
    ]
    renamed = [dataclasses.replace(t, name=f"c_{t.name}") for t in _tools(*[REQUIRED] * 21)]
    assert _strict_render(provider, renamed)[1] == [
        f'{provider}: 1 tool rendered without "strict" to stay within the per-request limits '
        "(at most 20 strict tools): C.t20 (tool 'c_t20')"
    ]


INTEGER = IntegerType()


def _optional(count: int, kind: IntegerType | AnyOfType = INTEGER) -> tuple[Field, ...]:
    return tuple(Field(f"p{i}", kind, required=False, default=None) for i in range(count))


def test_anthropic_strict_keeps_within_24_optional_parameters_in_tool_order() -> None:
    flags, notes = _strict_render("anthropic", _tools(*[_optional(5)] * 5, _optional(4)))
    assert flags == [True, True, True, True, False, True]
    assert notes == [
        'anthropic: 1 tool rendered without "strict" to stay within the per-request limits '
        "(at most 24 optional parameters across strict schemas): C.t4"
    ]


def test_anthropic_strict_keeps_within_16_union_parameters() -> None:
    union = AnyOfType((IntegerType(), StringType()))
    required_unions = tuple(Field(f"u{i}", union) for i in range(6))
    flags, notes = _strict_render("anthropic", _tools(*[required_unions] * 3, _optional(2, union)))
    assert flags == [True, True, False, True]  # the last one still fits: 14 unions
    assert notes == [
        'anthropic: 1 tool rendered without "strict" to stay within the per-request limits '
        "(at most 16 parameters with unions across strict schemas): C.t2"
    ]


def test_openai_strict_keeps_within_its_request_limits() -> None:
    wide = tuple(Field(f"p{i}", IntegerType()) for i in range(3000))
    flags, notes = _strict_render("openai", _tools(wide, wide, REQUIRED))
    assert flags == [True, False, True]
    assert notes == [
        'openai: 1 tool rendered without "strict" to stay within the per-request limits '
        "(at most 5000 object properties across strict schemas): C.t1"
    ]


def test_a_tool_that_cannot_be_strict_reports_no_moved_keywords() -> None:
    fields = (
        Field("n", IntegerType((("minimum", 1),))),
        Field("free", ObjectType(additional=IntegerType())),
    )
    flags, notes = _strict_render("openai", _tools(fields))
    assert flags == [False]
    assert notes == [
        "cannot be strict for OpenAI: parameter 'free' is a free-form mapping (dict); "
        'strict mode needs fixed properties; rendered without "strict"'
    ]


@settings(max_examples=25)
@given(
    st.lists(
        st.tuples(st.integers(0, 3), st.integers(0, 8), st.integers(0, 5)), min_size=1, max_size=30
    )
)
def test_anthropic_strict_files_stay_within_the_limits_and_drop_only_what_does_not_fit(
    shapes: list[tuple[int, int, int]],
) -> None:
    """Each tool: required, optional and union parameters. Every strict tool fits; every tool
    that lost ``strict`` would go past a limit on top of the strict tools before it."""
    from inspector.providers.anthropic import PROVIDER
    from inspector.providers.limits import StrictUsage, exceeded, strict_usage

    union = AnyOfType((IntegerType(), StringType()))
    tools = _tools(
        *(
            tuple(Field(f"r{i}", StringType()) for i in range(required))
            + _optional(optional)
            + tuple(Field(f"u{i}", union) for i in range(unions))
            for required, optional, unions in shapes
        )
    )
    text, _ = render("anthropic", tools, RenderOptions(strict=True, compiled=COMPILED))
    used = StrictUsage()
    for entry in json.loads(text):
        usage = strict_usage(entry["input_schema"])
        if entry.get("strict"):
            used = used + usage
            assert exceeded(PROVIDER.limits, used) == []
        else:
            assert exceeded(PROVIDER.limits, used + usage) != []


_SMALL = st.none() | st.integers(0, 12)


@settings(max_examples=150)
@given(
    limits=st.builds(lambda *values: values, _SMALL, _SMALL, _SMALL, _SMALL, _SMALL),
    shapes=st.lists(
        st.tuples(st.integers(0, 3), st.integers(0, 3), st.integers(0, 2), st.integers(0, 3)),
        max_size=25,
    ),
)
def test_the_budget_stops_counting_a_tool_past_a_limit_with_the_same_outcome(
    limits: tuple[int | None, ...], shapes: list[tuple[int, int, int, int]]
) -> None:
    """Once every limit has its reason given, a tool's count stops where it goes past one: the
    decisions, the dropped tools, the reasons and the usage are those of counting every tool
    whole."""
    from inspector.providers.limits import Limits, StrictBudget

    class Whole(StrictBudget):
        def _room(self) -> None:
            return None

    tools_limit, properties, enum_values, optional, unions = limits
    made = Limits(
        strict_tools=tools_limit,
        strict_properties=properties,
        strict_enum_values=enum_values,
        strict_optional=optional,
        strict_unions=unions,
    )
    budgets = (StrictBudget(made), Whole(made))
    for index, (required, optionals, enums, union) in enumerate(shapes):
        schema = {
            "type": "object",
            "properties": {
                **{f"r{i}": {"type": "string"} for i in range(required)},
                **{f"o{i}": {"type": "integer"} for i in range(optionals)},
                **{f"e{i}": {"enum": ["a", "b"]} for i in range(enums)},
                **{f"u{i}": {"type": ["integer", "string"]} for i in range(union)},
            },
            "required": [f"r{i}" for i in range(required)],
        }
        tool = ToolDescriptor(f"t{index}", "", class_name="C", method_name=f"t{index}")
        assert budgets[0].admit(tool, schema) == budgets[1].admit(tool, schema)
    fast, whole = budgets
    assert (fast.used, fast.decisions, fast.reasons) == (whole.used, whole.decisions, whole.reasons)
    assert fast.dropped == whole.dropped


def test_gemini_leaves_out_a_tool_whose_types_are_too_many_to_inline_and_writes_the_rest() -> None:
    """Ninety types that refer to one another in a ring (pydantic-core's ``CoreSchema`` is such
    a web): every provider writes each once under ``$defs``; Gemini's ``parameters`` writes
    each reference out where it is used, past Python's recursion limit. That tool is left out
    of the Gemini file with a warning at its method saying what renders it
    (``parametersJsonSchema`` keeps ``$defs``); the tools around it are written."""
    ring = 90
    definitions = tuple(
        (
            f"Node{i}",
            ObjectType((Field("next", RefType(f"Node{(i + 1) % ring}")),), title=f"Node{i}"),
        )
        for i in range(ring)
    )
    walk = ToolDescriptor(
        "walk",
        "Walk.",
        (Field("start", RefType("Node0"), required=True),),
        definitions=definitions,
        class_name="Ring",
        method_name="walk",
        location="ring.py:7",
    )
    before, after = (
        ToolDescriptor(
            name, "Count.", (Field("n", IntegerType()),), class_name="Ring", method_name=name
        )
        for name in ("count", "recount")
    )
    tools = [before, walk, after]
    inlined, kept = (
        next(
            pipeline.render(
                ["gemini"], tools, RenderOptions(gemini_json_schema=flag, compiled=COMPILED)
            )
        )
        for flag in (False, True)
    )
    assert inlined.document is not None
    declarations = inlined.document["functionDeclarations"]
    assert [d["name"] for d in declarations] == ["count", "recount"]
    assert [(d.code, str(d)) for d in inlined.diagnostics] == [
        (
            "TI407",
            "ring.py:7: warning[TI407]: Ring.walk: gemini: left out of the file: its types are "
            "nested too deeply to make a schema of (past Python's recursion limit) once every "
            "reference is written out where it is used, as Gemini's parameters need; render "
            "with --gemini-json-schema (parametersJsonSchema keeps $defs), or set the method "
            "false in the classification file",
        )
    ]
    assert kept.document is not None
    kept_names = [d["name"] for d in kept.document["functionDeclarations"]]
    assert kept_names == ["count", "walk", "recount"]
    assert [d.code for d in kept.diagnostics] == ["TI510"]  # a large tool: a warning only
    openai = next(pipeline.render(["openai"], tools, RenderOptions(compiled=COMPILED)))
    assert openai.document is not None
    assert [d.code for d in openai.diagnostics] == ["TI510"]


def _web(count: int, fields: int) -> ToolDescriptor:
    """A tool whose one parameter is the first of ``count`` types that refer to one another:
    each has ``fields`` fields, the k-th referring to the type k places after it (an expression
    tree's node types, qdrant's ``Filter`` and its conditions). Written out inline, the size
    grows with the product of the fields at every level."""
    definitions = tuple(
        (
            f"Node{i}",
            ObjectType(
                tuple(
                    Field(f"f{k}", RefType(f"Node{(i + k) % count}"), required=False)
                    for k in range(fields)
                ),
                title=f"Node{i}",
            ),
        )
        for i in range(count)
    )
    return ToolDescriptor(
        "walk",
        "Walk.",
        (Field("start", RefType("Node0"), required=True),),
        definitions=definitions,
        class_name="Web",
        method_name="walk",
        location="web.py:7",
    )


def _tree(levels: int, fields: int) -> ToolDescriptor:
    """A tool whose one parameter is a type of ``fields`` fields of the next level's type, down
    ``levels`` levels: no type refers to itself, yet written out inline the size grows with
    ``fields ** levels``."""
    definitions = tuple(
        (
            f"Level{i}",
            ObjectType(
                tuple(
                    Field(
                        f"f{k}",
                        RefType(f"Level{i + 1}") if i + 1 < levels else IntegerType(),
                        required=False,
                    )
                    for k in range(fields)
                ),
                title=f"Level{i}",
            ),
        )
        for i in range(levels)
    )
    return ToolDescriptor(
        "put",
        "Put.",
        (Field("value", RefType("Level0"), required=True),),
        definitions=definitions,
    )


def _gemini(tool: ToolDescriptor) -> tuple[dict[str, object], list[tuple[str, str]]]:
    rendered = next(pipeline.render(["gemini"], [tool], RenderOptions(compiled=COMPILED)))
    assert rendered.document is not None
    return rendered.document, [(d.code, str(d)) for d in rendered.diagnostics]


def _nodes(schema: object) -> int:
    if isinstance(schema, dict):
        return 1 + sum(_nodes(v) for v in schema.values())
    if isinstance(schema, list):
        return sum(_nodes(v) for v in schema)
    return 0


def test_gemini_inlines_a_web_of_types_fewer_levels_deep_when_three_would_be_too_large() -> None:
    """Four types of three fields each: three levels of each, written out, make about 15,000
    schemas; two levels make about 300. Gemini's ``parameters`` get the two, with the warning
    that says how deep (a web of twenty such types, three levels deep, filled memory)."""
    document, diagnostics = _gemini(_web(4, 3))
    declarations = document["functionDeclarations"]
    assert isinstance(declarations, list)
    assert [d["name"] for d in declarations] == ["walk"]
    assert _nodes(declarations[0]["parameters"]) < 2_000
    codes = {code for code, _ in diagnostics}
    assert codes == {"TI402", "TI403", "TI510"}  # what was cut, where, and a large tool
    assert all(
        "recursive type inlined 2 levels deep" in text
        for code, text in diagnostics
        if code == "TI403"
    )


def test_gemini_leaves_out_a_tool_whose_web_of_types_is_too_large_even_one_level_deep() -> None:
    """Eight types of eight fields each, each type written once on a path, still make over
    100,000 schemas: the tool is left out of the Gemini file with a warning saying why and what
    renders it, in bounded time."""
    start = time.perf_counter()
    document, diagnostics = _gemini(_web(8, 8))
    assert time.perf_counter() - start < SECONDS
    assert document["functionDeclarations"] == []
    # TI407 says how to offer it: not TI506's "send the request without tools"
    assert [code for code, _ in diagnostics] == ["TI407"]
    assert diagnostics[:1] == [
        (
            "TI407",
            "web.py:7: warning[TI407]: Web.walk: gemini: left out of the file: its types make "
            "more than 10,000 schemas once every reference is written out where it is used, as "
            "Gemini's parameters need; render with --gemini-json-schema (parametersJsonSchema "
            "keeps $defs), or set the method false in the classification file",
        )
    ]


def test_gemini_leaves_out_a_tool_too_large_inline_without_any_recursion() -> None:
    """Five levels of ten fields, no type inside itself: written out inline, over 100,000
    schemas (fewer levels of recursive types change nothing here); left out with TI407, as
    the recursive webs are."""
    document, diagnostics = _gemini(_tree(5, 10))
    assert document["functionDeclarations"] == []
    assert [code for code, _ in diagnostics] == ["TI407"]
    reason = "its types make more than 10,000 schemas once every reference is written out"
    assert reason in diagnostics[0][1]
    small, _ = _gemini(_tree(3, 10))  # about 1,100: written as before
    assert [d["name"] for d in small["functionDeclarations"]] == ["put"]  # type: ignore[index]
