"""The class options ``@hidden`` and ``@fixed``: a parameter hidden or fixed in every tool of a
class that has it, under the entries' own ``hidden`` and ``fixed`` (which win for a parameter
both name); read with located errors, warned about where they do nothing, kept by a rescan and
applied by every door (renders, Toolbox, ``serve``, ``diff``). Exact outputs."""

from __future__ import annotations

import json
import shutil
import socket
from collections.abc import Callable
from pathlib import Path
from typing import Annotated

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from inspector import Injected, Toolbox, ToolCallError
from inspector.catalog import Catalog, CatalogClass
from inspector.diagnostics import InspectorError
from inspector.files.classification import load, parsed, to_json
from inspector.model import Curation, Field, LeftOut, StringType, ToolDescriptor
from inspector.project import pipeline
from tests.conftest import Run
from tests.store_sample import Store

ROOT = Path(__file__).resolve().parent.parent
STORE = ROOT / "tests/store_sample.py"
METHODS = {"get": True, "put": True, "scan": True, "whoami": True, "ping": True}

CLASS_WIDE = {
    "Store": {
        "@hidden": ["timeout", "region"],
        "@fixed": {"trace": True, "_retries": 1},
        **METHODS,
    }
}


def _box(classification: object) -> Toolbox:
    return Toolbox(Store(), classification=classification, context={"user": "ann"})


def test_the_class_options_shape_every_tool_that_has_the_parameter() -> None:
    """``@hidden`` hides an optional parameter wherever it is one (``scan`` requires its
    ``timeout``: it keeps it, no error); ``@fixed`` fixes the parameter in every tool that has
    it, one the scan left out (``_retries``) too."""
    box = _box(CLASS_WIDE)
    assert [d.code for d in box.diagnostics] == ["TI117"]  # ping's _retries, left out
    assert [(t.name, [f.name for f in t.parameters], t.curation) for t in box.tools] == [
        ("get", ["key"], Curation(fixed=(("trace", True),), hidden=("timeout", "region"))),
        ("put", ["key", "value"], Curation(fixed=(("trace", True),), hidden=("timeout",))),
        ("scan", ["prefix", "timeout", "limit"], Curation()),
        ("whoami", [], Curation(fixed=(("trace", True),))),
        ("ping", [], Curation(fixed=(("trace", True), ("_retries", 1)))),
    ]
    assert box.call("get", {"key": "k"}) == {
        "key": "k",
        "timeout": None,
        "trace": True,
        "region": "eu",
    }
    assert box.call("put", {"key": "k", "value": "v"}) == {
        "key": "k",
        "value": "v",
        "timeout": 10.0,
        "trace": True,
    }
    assert box.call("scan", {"prefix": "a", "timeout": 2}) == {
        "prefix": "a",
        "timeout": 2,
        "limit": 100,
    }
    assert box.call("whoami") == {"user": "ann", "trace": True}
    assert box.call("ping") == {"trace": True, "retries": 1}


def test_the_rendered_schema_leaves_the_hidden_and_fixed_parameters_out(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    """A render from tools.json gives the Toolbox's definitions, byte for byte."""
    shutil.copy(STORE, "store.py")
    assert run_cli("scan", "store.py:Store", "-o", "tools.json", "-q").status == 0
    Path("tools.classification.json").write_text(json.dumps(CLASS_WIDE))
    result = run_cli("render", "--provider", "openai", "--tools", "tools.json", "-o", "-")
    assert (result.status, result.stderr) == (0, "diagnostics: 0 errors, 0 warnings, 0 info\n")
    rendered = json.loads(result.stdout)
    assert rendered[:2] == [
        {
            "type": "function",
            "function": {
                "name": "get",
                "description": "Read a key.",
                "parameters": {
                    "type": "object",
                    "properties": {"key": {"type": "string", "description": "The key."}},
                    "required": ["key"],
                },
            },
        },
        {
            "type": "function",
            "function": {
                "name": "put",
                "description": "Write a key.",
                "parameters": {
                    "type": "object",
                    "properties": {
                        "key": {"type": "string", "description": "The key."},
                        "value": {"type": "string", "description": "Its new value."},
                    },
                    "required": ["key", "value"],
                },
            },
        },
    ]
    assert rendered == _box(CLASS_WIDE).definitions("openai")


MERGED = {
    "Store": {
        "@hidden": ["timeout"],
        "@fixed": {"trace": True},
        "get": {"fixed": {"timeout": 2.5}, "hidden": ["region"]},
        "put": {"hidden": ["trace"]},
        "s*": {"fixed": {"limit": 5}},
        "whoami": True,
        "ping": True,
    }
}


def test_an_entry_adds_to_the_class_options_and_wins_for_a_parameter_both_name() -> None:
    """``get`` fixes the class's hidden ``timeout``, ``put`` hides the class's fixed ``trace``:
    the entry is the more specific, no error; ``get``'s own ``hidden`` and the pattern's
    ``fixed`` add to the class's."""
    box = _box(MERGED)
    assert [d.code for d in box.diagnostics] == ["TI117"]  # ping's _retries, left out
    assert [(t.name, [f.name for f in t.parameters], t.curation) for t in box.tools] == [
        ("get", ["key"], Curation(fixed=(("timeout", 2.5), ("trace", True)), hidden=("region",))),
        ("put", ["key", "value"], Curation(hidden=("timeout", "trace"))),
        ("scan", ["prefix", "timeout"], Curation(fixed=(("limit", 5),))),
        ("whoami", [], Curation(fixed=(("trace", True),))),
        ("ping", [], Curation(fixed=(("trace", True),))),
    ]
    assert box.call("get", {"key": "k"}) == {
        "key": "k",
        "timeout": 2.5,
        "trace": True,
        "region": "eu",
    }
    assert box.call("put", {"key": "k", "value": "v"}) == {
        "key": "k",
        "value": "v",
        "timeout": 10.0,
        "trace": False,
    }
    assert box.call("scan", {"prefix": "a", "timeout": 1}) == {
        "prefix": "a",
        "timeout": 1,
        "limit": 5,
    }


@pytest.mark.parametrize(
    ("name", "arguments", "message"),
    [
        (
            "get",
            {"key": "k", "timeout": 1},
            "get: unexpected argument 'timeout'; the tool takes: key",
        ),
        (
            "get",
            {"key": "k", "trace": False},
            "get: unexpected argument 'trace'; the tool takes: key",
        ),
        (
            "ping",
            {"_retries": 9},
            "ping: unexpected argument '_retries'; the tool takes: no arguments",
        ),
    ],
)
def test_a_model_cannot_give_a_class_wide_hidden_or_fixed_parameter(
    name: str, arguments: dict[str, object], message: str
) -> None:
    with pytest.raises(ToolCallError) as raised:
        _box(CLASS_WIDE).call(name, arguments)
    assert raised.value.message == message


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (
            {"@hiden": ["timeout"]},
            "classification: Store: unknown class option '@hiden' (did you mean '@hidden'?); "
            "known: @prefix, @hidden, @fixed",
        ),
        (
            {"@fixd": {"trace": True}},
            "classification: Store: unknown class option '@fixd' (did you mean '@fixed'?); "
            "known: @prefix, @hidden, @fixed",
        ),
        (
            {"@hidden": "timeout"},
            'classification: Store.@hidden must be a list of parameter names, not "timeout"',
        ),
        (
            {"@hidden": ["timeout", 3]},
            'classification: Store.@hidden must be a list of parameter names, not ["timeout", 3]',
        ),
        (
            {"@fixed": ["trace"]},
            'classification: Store.@fixed must be an object of parameter → value, not ["trace"]',
        ),
        (
            {"@fixed": {"trace": {1, 2}}},
            "classification: Store.@fixed.trace must be a JSON value, not {1, 2}",
        ),
        (
            {"@hidden": ["timeout", "trace"], "@fixed": {"trace": True}},
            "classification: Store: 'trace' is both in @fixed and in @hidden; keep one",
        ),
    ],
)
def test_a_bad_class_option_is_an_error_naming_it(options: dict[str, object], message: str) -> None:
    with pytest.raises(InspectorError) as raised:
        _box({"Store": {**options, **METHODS}})
    assert str(raised.value) == message


def test_bad_class_options_are_located_and_the_file_is_never_rewritten(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    shutil.copy(STORE, "store.py")
    assert run_cli("scan", "store.py:Store", "-o", "tools.json", "-q").status == 0
    text = (
        '{\n  "Store": {\n    "@hiden": ["timeout"],\n    "@fixed": {"trace": [1, 2], '
        '"limit": 5},\n    "@hidden": [\n      "timeout",\n      "limit"\n    ],\n'
        '    "get": true\n  }\n}\n'
    )
    Path("tools.classification.json").write_text(text)
    result = run_cli("scan", "store.py:Store", "-o", "tools.json")
    assert (result.status, result.stderr.splitlines()) == (
        1,
        [
            "error: tools.classification.json:3:15: Store: unknown class option '@hiden' (did "
            "you mean '@hidden'?); known: @prefix, @hidden, @fixed",
            "error: tools.classification.json:5:16: Store: 'limit' is both in @fixed and in "
            "@hidden; keep one",
        ],
    )
    assert Path("tools.classification.json").read_text() == text


def test_class_options_that_do_nothing_are_located_warnings(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    """A name no method of the class has (with the closest parameter), an injected one (the
    host gives it), a ``@hidden`` one every method taking it requires: a warning at the name's
    line; a ``@fixed`` value a method's schema refuses: an error for each such tool, left
    out."""
    shutil.copy(STORE, "store.py")
    assert run_cli("scan", "store.py:Store", "-o", "tools.json", "-q").status == 0
    written = {
        "Store": {
            "@hidden": ["timout", "prefix", "region"],
            "@fixed": {"user": "root", "limit": "all"},
            **METHODS,
        }
    }
    Path("tools.classification.json").write_text(json.dumps(written, indent=2) + "\n")
    result = run_cli("render", "--provider", "openai", "--tools", "tools.json", "-o", "out.json")
    assert (result.status, result.stderr.splitlines()) == (
        1,
        [
            "tools.classification.json:4: warning[TI332]: Store: @hidden names 'timout', which "
            "no method of the class has (did you mean 'timeout'?); it has no effect",
            "tools.classification.json:5: warning[TI332]: Store: @hidden names 'prefix', which "
            "every method that takes it requires (scan): it is hidden nowhere (fix its value "
            "with @fixed instead)",
            "tools.classification.json:9: warning[TI332]: Store: @fixed names 'user', which the "
            "host gives from the context key 'user'; it has no effect",
            "tools.classification.json:10: error[TI330]: Store.scan: the @fixed value of "
            "'limit' is wrong: limit: expected an integer, got \"all\"; tool left out",
            "diagnostics: 1 error (1 TI330), 3 warnings (3 TI332), 0 info",
        ],
    )
    tools = json.loads(Path("out.json").read_text())
    assert [t["function"]["name"] for t in tools] == ["get", "put", "whoami", "ping"]
    assert list(tools[0]["function"]["parameters"]["properties"]) == ["key", "timeout", "trace"]
    # a scan says the same about the options (the file is already in the project's layout)
    scanned = run_cli("scan", "store.py:Store", "-o", "tools.json")
    assert [line for line in scanned.stderr.splitlines() if "warning[TI332]" in line] == (
        result.stderr.splitlines()[:3]
    )


def test_an_injected_parameter_named_by_a_class_option_is_skipped_where_the_host_gives_it() -> None:
    """``user`` is injected in ``whoami``; the class's other methods do not have it: the
    option does nothing, and says so once for the class."""
    box = _box({"Store": {"@hidden": ["user"], "@fixed": {"trace": True}, **METHODS}})
    assert [(d.code, d.subject, d.message) for d in box.diagnostics if d.code != "TI117"] == [
        (
            "TI332",
            "Store",
            "@hidden names 'user', which the host gives from the context key 'user'; it has no "
            "effect",
        )
    ]
    assert box.call("whoami") == {"user": "ann", "trace": True}


def test_a_rescan_keeps_the_class_options_untouched(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    shutil.copy(STORE, "store.py")
    assert run_cli("scan", "store.py:Store", "-o", "tools.json", "-q").status == 0
    written = {
        "Store": {
            "get": True,
            "@hidden": ["timeout", "region"],
            "put": {"fixed": {"timeout": 3}},
            "@fixed": {"trace": True, "_retries": 1},
            "scan": True,
            "whoami": True,
            "ping": True,
        }
    }
    text = json.dumps(written, indent=2, ensure_ascii=False) + "\n"
    Path("tools.classification.json").write_text(text)
    result = run_cli("scan", "store.py:Store", "-o", "tools.json")
    assert (result.status, result.stderr.splitlines()) == (
        0,
        [
            "store.py:58: info[TI117]: Store.ping: parameter '_retries' left out: internal (a "
            "leading '_' and a default)"
        ],
    )
    assert Path("tools.classification.json").read_text() == text
    assert to_json(load(Path("tools.classification.json")) or {}) == written
    # a new method is added after the method before it; the options stay where they were
    Path("store.py").write_text(
        Path("store.py").read_text()
        + '\n    def stat(self, timeout: float | None = None) -> int:\n        """Size."""\n'
        "        return 0\n"
    )
    assert run_cli("scan", "store.py:Store", "-o", "tools.json", "-q").status == 0
    kept = json.loads(Path("tools.classification.json").read_text())["Store"]
    assert list(kept) == ["get", "@hidden", "put", "@fixed", "scan", "whoami", "ping", "stat"]
    assert (kept["@hidden"], kept["@fixed"]) == (
        ["timeout", "region"],
        {"trace": True, "_retries": 1},
    )


def test_diff_reports_what_the_class_options_change_for_a_model(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    """As for the entries' keys: a newly hidden optional parameter is compatible, a newly fixed
    one is compatible when fixed to its default, breaking otherwise."""
    shutil.copy(STORE, "store.py")
    assert run_cli("scan", "store.py:Store", "-o", "old.json", "-q").status == 0
    shutil.copy("old.json", "new.json")
    Path("new.classification.json").write_text(
        json.dumps({"Store": {"@hidden": ["region"], "@fixed": {"trace": False, "limit": 10}}})
    )
    result = run_cli("diff", "old.json", "new.json")
    assert (result.status, result.stdout.splitlines()) == (
        0,
        [
            "get:",
            "  compatible trace: parameter fixed to its default false by the classification file",
            "  compatible region: parameter hidden by the classification file (its default "
            "applies)",
            "put:",
            "  compatible trace: parameter fixed to its default false by the classification file",
            "scan:",
            "  breaking   limit: parameter fixed to 10 by the classification file (a call "
            "without it now gets that value)",
            "whoami:",
            "  compatible trace: parameter fixed to its default false by the classification file",
            "ping:",
            "  compatible trace: parameter fixed to its default false by the classification file",
            "1 breaking, 5 compatible, 0 docs",
        ],
    )


def test_serve_lists_and_calls_the_tools_the_render_gives(
    tmp_path: Path, run_cli: Callable[..., Run]
) -> None:
    import anyio

    from tests.test_serve import LIMIT, listed, stdio_session

    tools, path = tmp_path / "tools.json", tmp_path / "tools.classification.json"
    assert run_cli("scan", f"{STORE}:Store", "-o", str(tools), "-q").status == 0
    path.write_text(json.dumps(CLASS_WIDE))
    rendered = run_cli("render", "--provider", "mcp", "--tools", str(tools), "-o", "-")
    assert rendered.status == 0, rendered.stderr
    expected = json.loads(rendered.stdout)["tools"]

    async def scenario() -> None:
        with anyio.fail_after(LIMIT):
            async with stdio_session(
                f"{STORE}:Store", "--classification", str(path), "--context", "user=ann"
            ) as (session, _):
                assert listed(await session.list_tools()) == expected
                done = await session.call_tool("get", {"key": "k"})
                assert (done.is_error, done.structured_content) == (
                    False,
                    {"key": "k", "timeout": None, "trace": True, "region": "eu"},
                )
                refused = await session.call_tool("put", {"key": "k", "value": "v", "trace": False})
                assert refused.is_error
                assert [c.model_dump(exclude_none=True) for c in refused.content] == [
                    {
                        "type": "text",
                        "text": "put: unexpected argument 'trace'; the tool takes: key, value",
                    }
                ]

    anyio.run(scenario)


PARAMETERS = ("a", "b", "c", "d")


class Knobs:
    def turn(
        self, a: int | None = None, b: int | None = None, c: int | None = None, d: int = 0
    ) -> None:
        """Turn the knobs.

        Args:
            a: A.
            b: B.
            c: C.
            d: D.
        """


KNOBS = Catalog(
    (CatalogClass("Knobs", "tests/test_class_options.py:Knobs", tuple(Toolbox(Knobs()).tools)),)
)
names = st.lists(st.sampled_from(PARAMETERS), unique=True)
values = st.dictionaries(st.sampled_from(PARAMETERS), st.integers(0, 9))


@given(class_hidden=names, class_fixed=values, hidden=names, fixed=values)
@settings(max_examples=200, deadline=None)
def test_the_entry_adds_to_the_class_options_and_wins_where_both_name_a_parameter(
    class_hidden: list[str], class_fixed: dict[str, int], hidden: list[str], fixed: dict[str, int]
) -> None:
    """Whatever the class and the entry name: the entry's ``fixed`` and ``hidden`` hold; the
    class's hold for every other parameter; what is left is offered."""
    class_hidden = [n for n in class_hidden if n not in class_fixed]
    hidden = [n for n in hidden if n not in fixed]
    entry = {"fixed": fixed, "hidden": hidden}
    choices = parsed({"Knobs": {"@hidden": class_hidden, "@fixed": class_fixed, "turn": entry}})
    tools, _ = pipeline.select(KNOBS, choices, None)
    (tool,) = tools
    own = set(fixed) | set(hidden)
    want_fixed = {n: v for n, v in class_fixed.items() if n not in own} | fixed
    want_hidden = {n for n in class_hidden if n not in own} | set(hidden)
    assert dict(tool.curation.fixed) == want_fixed
    assert set(tool.curation.hidden) == want_hidden
    assert [f.name for f in tool.parameters] == [
        n for n in PARAMETERS if n not in want_fixed and n not in want_hidden
    ]


def test_a_parameter_injected_in_some_methods_only_is_shaped_in_the_others() -> None:
    """``user`` is a parameter a model gives in ``share`` and one the host gives in ``save``:
    ``@fixed`` fixes it in ``share`` and says it does nothing in ``save``."""
    save = ToolDescriptor(
        "save",
        "",
        method_name="save",
        parameters=(Field("text", StringType()),),
        left_out=(LeftOut("user", "injected", key="login"),),
    )
    share = ToolDescriptor(
        "share",
        "",
        method_name="share",
        parameters=(Field("text", StringType()), Field("user", StringType())),
    )
    catalog = Catalog((CatalogClass("Notes", "n.py:Notes", (save, share)),))
    choices = parsed({"Notes": {"@fixed": {"user": "root"}, "save": True, "share": True}})
    tools, notes = pipeline.select(catalog, choices, None)
    assert [(t.name, [f.name for f in t.parameters], t.curation) for t in tools] == [
        ("save", ["text"], Curation()),
        ("share", ["text"], Curation(fixed=(("user", "root"),))),
    ]
    assert [(n.code, n.subject, n.message) for n in notes] == [
        (
            "TI332",
            "Notes",
            "@fixed names 'user', which the host gives from the context key 'login' in save; it "
            "has no effect there",
        )
    ]


class Sockets:
    def connect(self, host: str, sock: socket.socket | None = None) -> str:
        """Connect."""
        return host

    def label(self, host: str, sock: str = "") -> str:
        """Label."""
        return sock


def test_fixed_reaches_no_parameter_left_out_for_having_no_json_form() -> None:
    """``connect``'s ``sock`` (a socket: no JSON form, left out) cannot take the text the class
    fixes for ``label``'s ``sock``: the option skips it there, in the renders as in the
    Toolbox, which had dropped ``connect`` (TI802) where the render offered it."""
    box = Toolbox(Sockets(), classification={"Sockets": {"@fixed": {"sock": "s1"}}})
    assert [(t.name, t.curation.fixed) for t in box.tools] == [
        ("connect", ()),
        ("label", (("sock", "s1"),)),
    ]
    assert [d.code for d in box.diagnostics if d.level.name == "ERROR"] == []
    assert box.call("connect", {"host": "h"}) == "h"
    assert box.call("label", {"host": "h"}) == "s1"


SOCKETS = '''import socket


class Sockets:
    def connect(self, host: str, sock: socket.socket | None = None) -> str:
        """Connect."""
        return host

    def label(self, host: str, sock: str = "") -> str:
        """Label."""
        return sock
'''


def test_an_entry_fixing_a_parameter_with_no_json_form_leaves_the_tool_out_at_every_door(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    """No value from the file can be made into a socket: the render and the Toolbox both leave
    ``connect`` out, with one located error (the render offered it; the Toolbox dropped it)."""
    Path("sockets.py").write_text(SOCKETS)
    assert run_cli("scan", "sockets.py:Sockets", "-o", "tools.json", "-q").status == 0
    written = {"Sockets": {"connect": {"fixed": {"sock": "s1"}}, "label": True}}
    Path("tools.classification.json").write_text(json.dumps(written, indent=2) + "\n")
    result = run_cli("render", "--provider", "openai", "--tools", "tools.json", "-o", "out.json")
    error = (
        "error[TI330]: Sockets.connect: the fixed value of 'sock' cannot be given: its type "
        "socket has no JSON form (the method's default applies when it is left alone); tool "
        "left out"
    )
    assert (result.status, result.stderr.splitlines()[-2:]) == (
        1,
        [
            f"tools.classification.json:5: {error}",
            "diagnostics: 1 error (1 TI330), 0 warnings, 0 info",
        ],
    )
    assert [t["function"]["name"] for t in json.loads(Path("out.json").read_text())] == ["label"]
    import sockets  # type: ignore[import-not-found]

    box = Toolbox(sockets.Sockets(), classification="tools.classification.json")
    assert [t.name for t in box.tools] == ["label"]
    assert [str(d) for d in box.diagnostics if d.code == "TI330"] == [
        f"tools.classification.json:5: {error}"
    ]


class Accounts:
    def get_account(self, key: str, user: Annotated[str, Injected("user")]) -> str:
        """Get an account."""
        return f"{key}:{user}"


def test_a_pattern_fixing_an_injected_parameter_leaves_it_to_the_host() -> None:
    """The host gives ``user`` at every call: the pattern's fixed value is not carried by the
    tool (it had no effect, and a listing of the tool's fixed values showed it)."""
    box = Toolbox(
        Accounts(),
        classification={"Accounts": {"get_*": {"fixed": {"user": "root"}}}},
        context={"user": "ann"},
    )
    assert [(t.name, t.curation) for t in box.tools] == [("get_account", Curation())]
    assert box.call("get_account", {"key": "k"}) == "k:ann"


def test_a_pattern_naming_a_parameter_none_of_its_methods_has_is_a_located_warning(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    """A pattern applies its ``fixed``, ``hidden`` and ``params`` to each method where the
    parameter exists, so a misspelt name did nothing without a word: now a warning at the
    name's line, with the closest parameter of the methods the pattern applies to, as for an
    exact entry or a class option. A name only some of its methods have is no mistake; one the
    host injects says so (``whoami``'s ``user``)."""
    shutil.copy(STORE, "store.py")
    assert run_cli("scan", "store.py:Store", "-o", "tools.json", "-q").status == 0
    written = {
        "Store": {
            "get": True,
            "p*": {
                "hidden": ["timout", "timeout"],
                "fixed": {"trace": True},
                "params": {"kye": {"description": "The key."}},
            },
            "*": {"fixed": {"user": "root"}, "params": {"limit": {"description": "Cap."}}},
        }
    }
    Path("tools.classification.json").write_text(json.dumps(written, indent=2) + "\n")
    result = run_cli("render", "--provider", "openai", "--tools", "tools.json", "-o", "out.json")
    assert (result.status, result.stderr.splitlines()) == (
        0,
        [
            "tools.classification.json:6: warning[TI332]: Store: pattern 'p*': hidden names "
            "'timout', which no method it applies to has (did you mean 'timeout'?); it has no "
            "effect",
            "tools.classification.json:13: warning[TI332]: Store: pattern 'p*': params names "
            "'kye', which no method it applies to has (did you mean 'key'?); it has no effect",
            "tools.classification.json:20: warning[TI332]: Store: pattern '*': fixed names "
            "'user', which the host gives from the context key 'user'; it has no effect",
            "diagnostics: 0 errors, 3 warnings (3 TI332), 0 info",
        ],
    )
    # ``timeout`` is put's, not ping's, ``limit`` scan's: each applied where it exists
    tools = {t["function"]["name"]: t["function"] for t in json.loads(Path("out.json").read_text())}
    assert list(tools["put"]["parameters"]["properties"]) == ["key", "value"]
    assert tools["scan"]["parameters"]["properties"]["limit"]["description"] == "Cap."
    scanned = run_cli("scan", "store.py:Store", "-o", "tools.json")
    assert [line for line in scanned.stderr.splitlines() if "warning[TI332]" in line] == (
        result.stderr.splitlines()[:3]
    )
