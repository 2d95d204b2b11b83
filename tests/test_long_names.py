"""A tool name a provider refuses (too long, characters it does not take) is written in a fitted
form, never a reason to write nothing; the Toolbox and ``serve`` take the fitted name back."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import anyio
from hypothesis import given
from hypothesis import strategies as st

from inspector.providers.base import NameRule
from inspector.providers.names import HASH_LENGTH, fit_name, fitted_names
from inspector.providers.registry import available
from inspector.runtime.toolbox import Toolbox
from tests.conftest import Run
from tests.test_serve import LIMIT, stdio_session

RULES = {
    entry.provider.name: entry.provider.tool_names
    for entry in available()
    if entry.provider.tool_names is not None
}
LONG = "list_namespaced_horizontal_pod_autoscaler_for_all_namespaces_with_http_info"


@given(name=st.text(min_size=1, max_size=200))
def test_a_fitted_name_obeys_every_rule_and_is_the_same_each_time(name: str) -> None:
    for rule in RULES.values():
        fitted = fit_name(name, rule)
        assert fitted is not None
        assert rule.pattern.fullmatch(fitted), (rule.text, fitted)
        assert fit_name(name, rule) == fitted
        if not rule.pattern.fullmatch(name) and len(fitted) >= 20:
            kept = re.sub(r"[^A-Za-z0-9_]", "_", name)[:10].strip("_")
            assert kept.split("_")[0] in fitted or not name.isascii()  # the start is kept


@given(
    names=st.lists(
        st.one_of(
            st.text("ab_-.é9", min_size=1, max_size=90),
            st.builds(lambda n: LONG + n, st.text("xyz", max_size=4)),
        ),
        min_size=1,
        max_size=12,
        unique=True,
    )
)
def test_fitted_names_are_unique_in_a_file_and_leave_good_names_alone(names: list[str]) -> None:
    for rule in RULES.values():
        fitted = fitted_names(rule, names)
        written = [fitted.get(name, name) for name in names]
        assert len(set(written)) == len(written)
        assert all(rule.pattern.fullmatch(name) for name in written)
        assert set(fitted) == {name for name in names if not rule.pattern.fullmatch(name)}


def test_fitted_forms_are_exact() -> None:
    rule = RULES["openai"]
    assert (
        fit_name(LONG, rule) == "list_namespaced_horizontal_pod_autoscaler_for_all_names_e20621fe"
    )
    assert len(fit_name(LONG, rule) or "") == 64
    assert fit_name("café", rule) == "cafe"
    assert fit_name("café", rule, {"cafe"}) == "cafe_850f7dc4"
    # a name from JSON may hold a lone surrogate; when its plain form is taken, it is hashed too
    assert fit_name("\ud800", rule, {"_"}) == "_91a681b9"
    assert fit_name("k8s.list-pods", RULES["cohere"]) == "k8s_list_pods"
    assert fit_name("3d_view", RULES["cohere"]) == "_3d_view"
    assert HASH_LENGTH == 8
    never = NameRule(re.compile(r"x"), "only x")
    assert fit_name("long_name", never) is None
    assert fitted_names(never, ["long_name"]) == {}


def test_every_provider_file_is_written_for_a_65_character_method_name(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    name = "a" * 65
    Path("wide.py").write_text(
        f"class Wide:\n    def {name}(self, x: int) -> int:\n        'Echo.'\n        return x\n",
        encoding="utf-8",
    )
    assert run_cli("scan", "wide.py", "-o", "tools.json", "-q").status == 0
    run = run_cli("render", "--provider", "all", "-o", "out")
    assert run.status == 0, run.stderr
    assert sorted(p.name for p in Path("out").iterdir()) == sorted(
        f"{entry.provider.name}.json" for entry in available()
    )
    short = "a" * 55 + "_" + fit_name(name, RULES["openai"])[-8:]  # type: ignore[index]
    warned = sorted(
        line.split(": ")[3].split(" ")[0]
        for line in run.stderr.splitlines()
        if "warning[TI410]" in line
    )
    assert warned == [
        "anthropic",
        "bedrock",
        "gemini",
        "mistral",
        "openai",
        "openai-responses",
    ]
    for provider in warned:
        assert short in Path("out", f"{provider}.json").read_text(encoding="utf-8")
    for provider in ("mcp", "cohere", "ollama", "huggingface"):
        assert f'"{name}"' in Path("out", f"{provider}.json").read_text(encoding="utf-8")


class Cluster:
    def list_namespaced_horizontal_pod_autoscaler_for_all_namespaces_with_http_info(
        self, namespace: str
    ) -> str:
        """List the autoscalers.

        Args:
            namespace: The namespace.
        """
        return f"autoscalers of {namespace}"


def test_the_toolbox_takes_each_provider_s_fitted_name() -> None:
    box = Toolbox(Cluster())
    short = fit_name(LONG, RULES["openai"])
    assert short is not None
    for provider in RULES:
        text = json.dumps(box.definitions(provider))
        assert (short in text) != (f'"{LONG}"' in text), provider
    assert box.call(short, {"namespace": "kube"}) == "autoscalers of kube"
    assert box.last_notes == [f"{short!r} read as the tool {LONG!r}"]
    assert box.tool_named(short).name == LONG
    message = {
        "role": "assistant",
        "content": None,
        "tool_calls": [
            {
                "id": "call_1",
                "type": "function",
                "function": {"name": short, "arguments": '{"namespace": "a"}'},
            }
        ],
    }
    assert box.handle("openai", message) == [
        {"role": "tool", "tool_call_id": "call_1", "content": "autoscalers of a"}
    ]


VERY_LONG = "describe_" + "x" * 130
SERVED = f"""\
import inspector

class Cluster:
    def {VERY_LONG}(self) -> str:
        'Describe.'
        return "described"

inspector.serve(inspector.Toolbox(Cluster()), name="cluster")
"""


def test_serve_lists_and_calls_a_name_mcp_refuses_in_its_fitted_form() -> None:
    short = fit_name(VERY_LONG, RULES["mcp"])
    assert short is not None and len(short) == 128

    async def scenario() -> None:
        with anyio.fail_after(LIMIT):
            async with stdio_session(python=SERVED) as (session, _):
                listed = await session.list_tools()
                assert [tool.name for tool in listed.tools] == [short]
                result = await session.call_tool(short, {})
        assert (result.is_error, result.structured_content) == (False, {"result": "described"})

    anyio.run(scenario)


def test_serve_gives_a_module_s_functions() -> None:
    async def scenario() -> None:
        with anyio.fail_after(LIMIT):
            async with stdio_session("tests/golden/inputs/functions.py", "--all") as (session, _):
                listed = await session.list_tools()
                assert [tool.name for tool in listed.tools] == [  # as the module defines them
                    "convert_temperature",
                    "fetch_title",
                    "greet",
                    "book_room",
                    LONG,
                ]
                greeted = await session.call_tool("greet", {"name": "Ann"})
                booked = await session.call_tool("book_room", {"booking": {"room": "7"}})
        assert greeted.structured_content == {"result": "Hello, Ann!"}
        assert booked.structured_content == {"result": "7 for 1 nights"}

    anyio.run(scenario)
